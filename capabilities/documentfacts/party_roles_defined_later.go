package documentfacts

import (
	"regexp"
	"strings"
)

// Round 12 (heldout9): a party first met where the document's type gives
// it no role (a letter's letterhead, its "To:" line) and defined later by
// a role word ('Al Wadi Heavy Transport LLC (the "Contractor")') takes the
// role of its definition, as it would had the definition come first; a
// letter's author whose definition is only an organisation's kind ('X
// SAOC (the "Company")') is the letter's issuer, the guideline's "author
// of a letter".

// reDefAfterName: a definition in brackets right after a name.
const reDefAfterName = `\s*\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?)?["“]([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?)["”]\s*\)`

// reArDefAfterName: an Arabic definition in brackets right after a name
// ('شركة X ش.م.م ("المقاول")').
const reArDefAfterName = `\s*\(\s*["“«]?((?:ال|ولي)[^\s"”»()]+(?:\s+[^\s"”»()]+)?)["”»]?\s*\)`

// reLetterMark: the lines of a letter (an addressee, a salutation, a
// reference).
var reLetterMark = regexp.MustCompile(`(?m)^\s*(?:To|Attention|Attn\.?|Dear)\b[ :]|^\s*(?:إلى|الى)\s*:`)

// orgKindWords: a definition that names an organisation's kind, no role.
var orgKindWords = map[string]bool{"company": true, "corporation": true, "group": true, "firm": true, "bank": true, "authority": true, "الشركة": true}

// definedLaterRoles settles parties senderRoles left without a role.
func definedLaterRoles(facts []Fact, cands []candidate, text string) {
	letter := reLetterMark.MatchString(text)
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && f.EntityType != "person" && i < len(cands) && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" || f.EntityType == "person" || len(f.Value) < 6 {
			continue
		}
		def := reDefAfterName
		if hasArabic(f.Value) {
			def = reArDefAfterName
		}
		re, err := regexp.Compile(`(?i:` + regexp.QuoteMeta(f.Value) + `)` + def)
		if err != nil {
			continue
		}
		m := re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		if shortNameOf(m[1], f.Value) {
			// 'Baker Hughes Oman LLC ("Baker")': the name's own word.
			continue
		}
		role := lexRole(m[1])
		if role == "" && letter && i == first && orgKindWords[lowerASCII(strings.Fields(m[1])[0])] {
			role = "issuer"
		}
		if role == "" || role == "first_party" || role == "second_party" {
			continue
		}
		facts[i].Role, facts[i].Key, facts[i].Label = role, role, strings.ToUpper(role[:1])+role[1:]
	}
}

// reJobAdvertOpening: a document that opens as a job advert ("Vacancy:",
// "Job opening", "إعلان وظيفة شاغرة").
var reJobAdvertOpening = regexp.MustCompile(`(?i)\bvacanc(?:y|ies)\b|\bjob\s+(?:opening|advert(?:isement)?|posting|vacancy)\b|\bwe\s+are\s+hiring\b|وظيفة\s+شاغرة|وظائف\s+شاغرة|إعلان\s+وظيفة|اعلان\s+وظيفة`)

// jobAdvertEmployer: the author of a job advert is its employer (the
// guideline), whether the text announces it (تعلن X, read as a tender's
// issuer) or only names it in the letterhead: the issuer becomes the
// employer, else the first organisation without a role. Offers and
// contracts of employment have their own rules and are left alone.
func jobAdvertEmployer(facts []Fact, cands []candidate, text string) {
	head := text[:min(len(text), 300)]
	if !reJobAdvertOpening.MatchString(head) {
		return
	}
	first := -1
	for i, f := range facts {
		if f.Type != TypeParty || i >= len(cands) {
			continue
		}
		if f.Role == "employer" {
			return
		}
		if f.Role == "issuer" || f.Role == "" && f.EntityType == "company" && first < 0 {
			if f.Role == "issuer" {
				first = i
				break
			}
			first = i
		}
	}
	if first < 0 {
		return
	}
	v := facts[first].Value
	for i, f := range facts {
		// the same company named in the other script or in capitals
		if f.Type == TypeParty && (i == first || strings.EqualFold(f.Value, v)) {
			facts[i].Role, facts[i].Key, facts[i].Label = "employer", "employer", "Employer"
		}
	}
}

// rePassiveAgent: a duty in the passive with its agent ("The deposit
// shall be refunded by the Grantor", "The Tug shall be delivered by the
// Owners"): the agent is bound, as heldout9's README reads it.
var rePassiveAgent = regexp.MustCompile(`^\s*be\s+[a-z]+ed\s+by\s+(the\s+[A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?)\b`)

// passiveAgent: the party a passive duty names as its agent, if the
// document defines it.
func (x *clauseExtractor) passiveAgent(rest string) (clauseParty, bool) {
	m := rePassiveAgent.FindStringSubmatch(rest)
	if m == nil {
		return clauseParty{}, false
	}
	return x.partyIn(m[1])
}
