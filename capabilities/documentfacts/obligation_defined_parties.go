package documentfacts

import (
	"regexp"
	"slices"
	"strings"

	"dalil/internal/names"
)

// Issue 29, session 27 (oblrole2): obligations of defined parties
// (docs/documents.md, "Issue 29, session 27: obligations of defined
// parties (oblrole2)").
//
// A document names its parties by the words it defines for them: 'X LLC
// (the "Travel Management Company")', "hereinafter the Clinic",
// '"Laboratory" means X LLC', 'شركة X (ويشار إليها فيما بعد بـ"وكيل
// السفر")'. An obligation whose subject is such a word binds that party:
// its role is the role the answer gives the party (its fact role, after
// the role model), or, where the party has none, the defined word itself
// in the package's role form ("Travel Management Company" is
// travel_management_company), as the labels write a role the text
// defines. An obligation whose subject is the party's number ("the
// Second Party", الطرف الثاني) where the document defines that number's
// role ("the Second Party (the Supplier)", "الطرف الأول (المؤجر)") takes
// that role, as the party does. A word defined for a thing (the
// "Goods", the "Site", the "Agreement") names no party: a definition
// counts only right after a party's name with no verb between, and a
// thing's words never count.
//
// The subjects are read in readClauses (definedWordSubjects, which records
// them on the document) and the roles given after the role model
// (definedPartyObligationRoles), so that they are the answer's final party roles.

// definedObligationsOn: the obligations of defined parties take their party's
// role (definedPartyObligationRoles). The package's tests switch it with
// DALIL_OBL_DEFS=on|off, so a set can be scored both ways.
var definedObligationsOn = true

// definedSubjectObligation is an obligation (its index among the obligations read) whose
// subject is a word defined for party (an index of the facts); lex is
// the lexicon's role of a role word ("the Service Provider" is supplier,
// المورد supplier), which the word names whoever holds it (as in
// followPartyRoles); form is the word's role form, "" for a name
// ("Sindbad", "ODCS") or an Arabic word, which give only the party's
// own role.
type definedSubjectObligation struct {
	k, party  int
	action    string
	lex, form string
}

// partyDefinedWord is a word the document defines for a party.
type partyDefinedWord struct {
	party int
	word  string // as written, without its article
	ar    bool
	lex   string
	form  string
}

var (
	// reMeansDefinition: a definitions clause ('"Laboratory" means X LLC',
	// '"TMC" shall mean X', 'يقصد بـ"وكيل السفر": شركة X').
	reMeansDefinition   = regexp.MustCompile(`["“]\s*(?:[Tt]he\s+)?([A-Z][A-Za-z&\- ]{1,40}?)\s*["”]\s*(?:shall\s+mean|means|refers\s+to|shall\s+refer\s+to)\s*:?\s*(?:the\s+|M/s\.?\s+)?`)
	reArMeansDefinition = regexp.MustCompile(`(?:يقصد|يُقصد|ويقصد)\s+ب\s*[ـ]?\s*["«“]?\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”]?\s*[:：]?\s*`)
	// reNumberedDefinition: a party's number and the role the document
	// defines for it ("the Second Party (the Supplier)", 'First Party
	// (hereinafter the "Lessor")', "الطرف الأول (المؤجر)", الطرف الثاني
	// ويشار إليه بـ"المقاول").
	reNumberedDefinition   = regexp.MustCompile(`(?i)\b(first|second)\s+party\s*\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?(?:the\s+)?["“]?\s*(?:the\s+)?([A-Za-z][A-Za-z\- ]{1,40}?)\s*["”]?\s*\)`)
	reArNumberedDefinition = regexp.MustCompile(`الطرف\s+(الأول|الاول|الثاني)\s*(?:\(\s*["«“]?\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”]?\s*\)|(?:` + strings.Join(arDefCues, "|") + `)\s+(?:إليه|اليه|إليها|اليها|له|لها)?\s*(?:(?:في\s*ما|فيما)\s+(?:بعد|يلي)\s+)?(?:بـ\s*|ب)?\s*["«“]\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”])`)
	// reDefinedSubjectTail: what may stand between a subject and its
	// action: the obligation's words and asides.
	reDefinedSubjectTail  = regexp.MustCompile(`(?i)^(?:[\s,:;()\-–]|\b(?:shall|must|will|agrees?|undertakes?|to|is|are|be|hereby|also|further|not|may|cannot|can|should|required|obliged|obligated|responsible|for|has|have|need|needs|at|all|times|its|their|own|cost|expense|and|promptly|always)\b)*$`)
	reDefinedSubjectModal = regexp.MustCompile(`(?i)^\s*(?:,[^,]{0,60},\s*)?(?:shall|must|will|agrees?|undertakes?|is\s+(?:required|obliged|responsible)|has\s+to|may\s+not|cannot|can\s*not|should)\b`)
	reDefinedItemLead     = regexp.MustCompile(`^[\s\-–•*]*(?:\(?[0-9a-zA-Z]{1,3}[.)]\s*)*`)
)

// thingDefinedWords are the words documents define for things, places, times
// and sums: never a party's word, wherever their definition stands.
var thingDefinedWords = map[string]bool{"goods": true, "site": true, "services": true, "service": true, "agreement": true,
	"contract": true, "works": true, "work": true, "project": true, "premises": true, "property": true, "equipment": true,
	"products": true, "product": true, "vehicle": true, "vehicles": true, "system": true, "software": true, "term": true,
	"price": true, "fee": true, "fees": true, "deliverables": true, "materials": true, "specifications": true,
	"territory": true, "land": true, "building": true, "unit": true, "plant": true, "facility": true, "vessel": true,
	"cargo": true, "shares": true, "licence": true, "license": true, "brand": true, "marks": true, "trademark": true,
	"effective date": true, "commencement date": true, "contract price": true, "confidential information": true,
	"order": true, "purchase order": true, "tender": true, "bid": true, "proposal": true, "quotation": true, "parties": true,
	"party": true, "loan": true, "facility agreement": true, "guarantee": true, "policy": true, "schedule": true,
	"البضائع": true, "الموقع": true, "الخدمات": true, "العقد": true, "الاتفاقية": true, "الأعمال": true, "المشروع": true,
	"العين المؤجرة": true, "العقار": true, "المعدات": true, "المنتجات": true, "الطرفين": true, "الطرفان": true,
	"الأطراف": true, "المبنى": true, "الوحدة": true, "المركبات": true, "النظام": true, "المناقصة": true, "العطاء": true}

// definedRoleForm is a defined word's role in the package's form: the
// lexicon's role, else the word lower case with underscores
// ("Travel Management Company" is travel_management_company); "" for an
// Arabic word the lexicon does not know (the labels write roles in
// English).
func definedRoleForm(w string) string {
	if r := lexRole(w); r != "" {
		return r
	}
	if hasArabic(w) {
		return ""
	}
	w = strings.TrimSpace(w[len(reTheLead.FindString(w)):])
	return strings.Join(strings.Fields(lowerASCII(w)), "_")
}

// definedWordsMaxParties bounds the parties whose definitions are read.
const definedWordsMaxParties = 60

// partyDefinedWords are the words the document defines for its parties: the
// definition right after a party's name (definitionWords; the Arabic
// definition's verbs), and a definitions clause whose word "means" a
// party by its name.
func partyDefinedWords(text string, all []Fact, cands []candidate) []partyDefinedWord {
	var out []partyDefinedWord
	add := func(i int, w, after string) {
		w = strings.TrimSpace(strings.Trim(strings.TrimSpace(w), `"“”'‘’«»`))
		w = strings.TrimSpace(w[len(reTheLead.FindString(w)):])
		if w == "" || len(w) > 60 || thingDefinedWords[lowerASCII(w)] || thingDefinedWords[singularWord(lowerASCII(w))] {
			return
		}
		if all[i].EntityType == "person" && all[i].Role == "" && jobTitle(w) && roleOf(w) == "" {
			return // a post in brackets ("Grace A (Property Officer)"), no party's word
		}
		if after != "" {
			// Not a thing the clause names before the word ('X LLC agrees
			// to supply one loader (the "Loader")'): no verb between.
			if j := strings.Index(after, w); j > 0 {
				gap := after[:j]
				if reVerbInGap.MatchString(gap) {
					return
				}
				gw, ww := strings.Fields(lowerASCII(gap)), strings.Fields(lowerASCII(w))
				// (The word's own bracket, quote and article aside: 'one
				// wheel loader (the "Loader")'; a description after a
				// comma is the party's: 'X LLC, a licensed clinic (the
				// "Clinic")'.)
				if strings.HasPrefix(strings.TrimSpace(gap), ",") {
					gw = nil
				}
				for len(gw) > 0 {
					if t := strings.Trim(gw[len(gw)-1], "\"“'‘("); t != "" && t != "the" {
						break
					}
					gw = gw[:len(gw)-1]
				}
				if len(gw) > 0 && len(ww) > 0 &&
					singularWord(strings.Trim(gw[len(gw)-1], ",;:(")) == singularWord(ww[len(ww)-1]) {
					return
				}
			}
		}
		ar := hasArabic(w)
		if ar {
			w = arDefinedWord(w)
		}
		d := partyDefinedWord{party: i, word: w, ar: ar}
		if r := lexRole(w); r != "" && r != "first_party" && r != "second_party" && (ar || roleOf(w) != "") {
			d.lex = r
		}
		switch r := roleOf(w); {
		case ar:
			d.form = lexRole(w)
		case r == "first_party" || r == "second_party":
			d.form = r
		case ownWordOn && shortNameOf(w, all[i].Value) && bodyKindRoleWords[lowerASCII(w)] != "":
			// A kind of body that is a word of the name ('Al Noor Clinic
			// SPC (the "Clinic")'): the word as the rules read a body's
			// kind (bodyKindRoles; session 28, roledef).
			d.form = bodyKindRoleWords[lowerASCII(w)]
		case shortNameOf(w, all[i].Value) || reCapsShortName.MatchString(w):
			// A short name ("Sindbad", "ODCS") names the party, no role.
		default:
			d.form = definedRoleForm(w)
		}
		for _, o := range out {
			if o.party == i && o.word == d.word {
				return
			}
		}
		out = append(out, d)
	}
	read := 0
	for i, f := range all {
		if f.Type != TypeParty || i >= len(cands) || cands[i].end > len(text) {
			continue
		}
		// A person the rules gave no role counts by a definition of its
		// own on its name's line (session 28, roledef: 'Dr. A B (the
		// "Locum")'), not as a representative or a signatory.
		person := f.EntityType == "person" && f.Role == ""
		if person && (!ownWordOn || !personOwnDefinition(text, cands[i])) {
			continue
		}
		if read++; read > definedWordsMaxParties {
			break // (a text naming a thousand parties: the role model reads 40)
		}
		after := text[cands[i].end:min(len(text), cands[i].end+500)]
		if person {
			if j := strings.IndexByte(after, '\n'); j >= 0 {
				after = after[:j]
			}
		}
		if hasArabic(f.Value) {
			if m := reArRoleFar.FindStringSubmatch(after); m != nil && !otherPartyDefinesBefore(all, i, after, strings.Index(after, m[1])) {
				add(i, m[1], "")
			}
			if m := reRoleDefArQ.FindStringSubmatchIndex(prefixBytes(after, 200)); m != nil && !otherPartyDefinesBefore(all, i, after, m[0]) {
				add(i, after[m[2]:m[3]], "")
			}
			continue
		}
		if words, ok := definitionWords(after); ok {
			for _, w := range words {
				if j := strings.Index(after, w); j >= 0 && !otherPartyDefinesBefore(all, i, after, j) {
					add(i, w, after)
				}
			}
		}
	}
	// A definitions clause: the word means the party by its name.
	for _, m := range reMeansDefinition.FindAllStringSubmatchIndex(text, 40) {
		if i := partyNameAt(all, text[m[1]:]); i >= 0 {
			add(i, text[m[2]:m[3]], "")
		}
	}
	for _, m := range reArMeansDefinition.FindAllStringSubmatchIndex(text, 40) {
		if i := partyNameAt(all, text[m[1]:]); i >= 0 {
			add(i, text[m[2]:m[3]], "")
		}
	}
	// A role-less person's word that a company's definition also holds
	// is the company's (its representative's name stood between).
	return slices.DeleteFunc(out, func(d partyDefinedWord) bool {
		if all[d.party].EntityType != "person" || all[d.party].Role != "" {
			return false
		}
		return slices.ContainsFunc(out, func(o partyDefinedWord) bool {
			return all[o.party].EntityType != "person" && strings.EqualFold(o.word, d.word)
		})
	})
}

// bodyKindRoleWords are the kinds of body bodyKindRoles reads as a role
// (reBodyKindDef), with the role each gives.
var bodyKindRoleWords = map[string]string{"hospital": "hospital", "clinic": "clinic", "university": "university",
	"college": "college", "institute": "institute", "academy": "academy", "club": "club", "association": "association",
	"society": "society", "foundation": "foundation", "fund": "fund", "bank": "bank", "hotel": "hotel", "museum": "museum",
	"library": "library", "centre": "centre", "center": "centre", "municipality": "municipality"}

// reSignatureLine: a line of signatures or contacts before a person's name.
var reSignatureLine = regexp.MustCompile(`(?i)\b(?:signed|signature|signatory|for\s+and\s+on\s+behalf|on\s+behalf\s+of|witness|contact|attn|attention|name)\b|التوقيع|توقيع|الشاهد|عن\s+الطرف|الاسم`)

// personOwnDefinition: a person's definition may follow its name as its own:
// no representative's lead before the name ("represented by", ويمثلها)
// and no post after it ("Y, General Manager (the "Tenant")" is the
// company's word).
func personOwnDefinition(text string, c candidate) bool {
	if reRepresentedByDef.MatchString(text[max(0, c.start-120):c.start]) {
		return false
	}
	if _, _, before := featLine(text, c.start, c.end); reSignatureLine.MatchString(before) {
		return false
	}
	return !rePostAfter.MatchString(prefixBytes(text[c.end:], 80))
}

// otherPartyDefinesBefore: another party's name stands in after[:j] (the
// definition there is that party's); a person's name after a company's
// is its representative's ("X LLC, represented by Mr Y (the "Buyer")",
// "ويمثلها السيد ص ... ويشار إليها بـ").
func otherPartyDefinesBefore(all []Fact, i int, after string, j int) bool {
	if j <= 0 {
		return false
	}
	gap := after[:min(j, len(after))]
	for k, g := range all {
		if k != i && g.Type == TypeParty && len(g.Value) > 3 && g.Value != all[i].Value && strings.Contains(gap, g.Value) &&
			(g.EntityType != "person" || all[i].EntityType == "person") {
			return true
		}
	}
	return false
}

// partyNameAt is the party whose name s opens with (the longest), or -1.
func partyNameAt(all []Fact, s string) int {
	s = prefixBytes(s, 200)
	best, bestLen := -1, 0
	for i, f := range all {
		if f.Type != TypeParty || f.EntityType == "person" || len(f.Value) < 4 {
			continue
		}
		if strings.HasPrefix(lowerASCII(s), lowerASCII(f.Value)) && len(f.Value) > bestLen {
			best, bestLen = i, len(f.Value)
		}
	}
	return best
}

// definedWordSubjects records the obligations read so far that bind a party
// by a word the document defines for it (partyDefinedWords) and that the rules
// left without a role: the word is their subject, written before the
// action ("The Travel Management Company shall", "يلتزم وكيل السفر بـ",
// a lead-in's "The TMC shall:") or opening it ("The TMC shall issue",
// "يدفع وكيل السفر").
func (x *clauseExtractor) definedWordSubjects(all []Fact, cands []candidate) {
	x.a.definedSubjectObligations = nil
	text := x.a.text
	defs := partyDefinedWords(text, all, cands)
	if len(defs) == 0 {
		return
	}
	for k, f := range x.obls {
		if f.o.PartyRole != "" || f.clauseStart < f.start || f.clauseStart > len(text) {
			continue
		}
		head := text[max(f.start, f.clauseStart-300):f.clauseStart]
		heads := []string{head}
		// An item of a lead-in ("The TMC shall:\n(a) ..."): the lead-in.
		if c := strings.Index(head, ":\n"); c >= 0 {
			heads = append(heads, head[:c])
		}
		act := f.o.Action
		if n := len(reDefinedItemLead.FindString(act)); n < len(act) {
			act = act[n:]
		}
		best := -1
		for di, d := range defs {
			hit := false
			for _, h := range heads {
				if subjectEndsWithWord(h, d) {
					hit = true
				}
			}
			if !hit && (f.o.Party == "" || subjectCompareForm(f.o.Party) == subjectCompareForm(d.word)) {
				hit = actionOpensWithWord(act, d)
			}
			if !hit {
				continue
			}
			if best >= 0 && defs[best].party != d.party {
				best = -2 // two parties' words: no one's
				break
			}
			best = di
		}
		if best < 0 {
			continue
		}
		x.a.definedSubjectObligations = append(x.a.definedSubjectObligations, definedSubjectObligation{k: k, party: defs[best].party, action: f.o.Action, lex: defs[best].lex, form: defs[best].form})
	}
}

// subjectEndsWithWord: head ends with d's word as the subject: the word
// (its article, an Arabic particle aside), then only the obligation's
// words (English) or at most one word (Arabic: "على وكيل السفر أن").
func subjectEndsWithWord(head string, d partyDefinedWord) bool {
	if d.ar {
		words := strings.Fields(stripTashkeel(head))
		ww := strings.Fields(d.word)
		for s := len(words) - len(ww); s >= 0 && s >= len(words)-len(ww)-1; s-- {
			if arWordsWithParticleAt(words, s, ww) {
				return true
			}
		}
		return false
	}
	low := lowerASCII(head)
	w := lowerASCII(d.word)
	for from := len(low); from > 0; {
		i := strings.LastIndex(low[:from], w)
		if i < 0 {
			return false
		}
		from = i
		if i > 0 && isWordByte(low[i-1]) || i+len(w) < len(low) && isWordByte(low[i+len(w)]) {
			continue
		}
		if !reDefinedSubjectTail.MatchString(low[i+len(w):]) {
			continue
		}
		before := strings.Fields(low[:i])
		if len(before) > 0 {
			switch strings.Trim(before[len(before)-1], ",;:") {
			case "of", "to", "by", "for", "from", "with", "and", "or", "between", "than", "against", "upon", "on":
				return false // an object, or one of two subjects
			}
		}
		return true
	}
	return false
}

// actionOpensWithWord: the action as written opens with the subject: "The
// TMC shall issue ..." (English), or a verb and the word ("يدفع وكيل
// السفر رسم ...").
func actionOpensWithWord(act string, d partyDefinedWord) bool {
	if d.ar {
		// Or the party after the obligation's words, with its particle
		// ("لا يجوز للمحمصة بيع", "يجب على المحمصة"): not an object
		// ("يجب إخطار المورد", "يتم إبلاغ العميل").
		words := strings.Fields(stripTashkeel(prefixBytes(act, 200)))
		ww := strings.Fields(d.word)
		if arWordsWithParticleAt(words, 1, ww) {
			return true
		}
		return len(words) > 2 && (words[1] == "على" || strings.HasPrefix(words[2], "ل") && !strings.HasPrefix(ww[0], "ل")) &&
			arWordsWithParticleAt(words, 2, ww)
	}
	low := lowerASCII(act)
	low = low[len(reTheLead.FindString(low)):]
	w := lowerASCII(d.word)
	if !strings.HasPrefix(low, w) || len(low) > len(w) && isWordByte(low[len(w)]) {
		return false
	}
	return reDefinedSubjectModal.MatchString(low[len(w):])
}

// arWordsWithParticleAt: words[s:] opens with ww, the first word read without the
// particles a party takes (للوكيل, والوكيل, فالوكيل).
func arWordsWithParticleAt(words []string, s int, ww []string) bool {
	if s < 0 || s+len(ww) > len(words) || len(ww) == 0 {
		return false
	}
	for j, w := range ww {
		got := strings.Trim(words[s+j], `"“”«»()،,.:؛`)
		if j == 0 {
			got = arPartyWord(strings.TrimPrefix(strings.TrimPrefix(got, "و"), "ف"))
			if got != w && arPartyWord(words[s+j]) != w {
				return false
			}
			continue
		}
		if got != w {
			return false
		}
	}
	return true
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b >= 0x80
}

// definedPartyObligationRoles gives the recorded obligations (definedWordSubjects) their
// party's role as the answer gives it, after the role model: the party's
// fact role; where it has none, its twin's in the other script; else the
// defined word's role form. Then it gives an obligation of the first or
// second party the role the document defines for that number
// (numberedWindowRoles).
// defs is partyDefinedWords's answer, read once for this pass and
// partyDefinedWordRoles (definedWordsOnce).
func definedPartyObligationRoles(all []Fact, cands []candidate, a *assembled, obls []Obligation, defs func() []partyDefinedWord) {
	if !definedObligationsOn {
		return
	}
	var ds []partyDefinedWord
	if len(a.definedSubjectObligations) > 0 {
		ds = defs()
	}
	for _, r := range a.definedSubjectObligations {
		if r.k >= len(obls) || obls[r.k].Action != r.action || obls[r.k].PartyRole != "" || r.party >= len(all) {
			continue
		}
		role := r.lex
		if role == "" {
			role = all[r.party].Role
		}
		if role == "" {
			role = twinDefinedRole(all, cands, a.text, ds, r.party)
		}
		if role == "" {
			role = r.form
		}
		if role == "" && hasArabic(all[r.party].Value) {
			role = twinDefinedForm(all, cands, a.text, ds, r.party)
		}
		obls[r.k].PartyRole = role
	}
	explicit, window := numberedWindowRoles(all, cands, a)
	var lines, words map[string]string
	for k := range obls {
		o := &obls[k]
		num := numberedPartyWord(o.Party)
		if r := explicit[num]; num != "" && r != "" {
			o.PartyRole = r // the role the text gives the number itself
			continue
		}
		if r := window[o.PartyRole]; r != "" {
			o.PartyRole = r
			continue
		}
		if o.PartyRole == "" && numberedLayoutsOn {
			if r := numberedWordRole(o.Party, explicit); r != "" { // party_defined_words.go
				o.PartyRole = r
				continue
			}
			if words == nil {
				words = numberedBracketWords(a.text) // party_defined_words.go
			}
			if r := numberedSubjectRole(o.Party, o.Action, words, explicit); r != "" {
				o.PartyRole = r
				continue
			}
		}
		if isNumberRole(o.PartyRole) && numberedLayoutsOn {
			if words == nil {
				words = numberedBracketWords(a.text) // party_defined_words.go
			}
			if w := subjectCompareForm(o.Party); o.Party != "" && words[arDefinedWord(w)] == o.PartyRole && explicit[o.PartyRole] != "" {
				o.PartyRole = explicit[o.PartyRole] // a lead-in of the number's word
				continue
			}
			if lines == nil {
				lines = numberedByLine(all, cands, a.text) // party_defined_words.go
			}
			if r := lines[o.PartyRole]; r != "" {
				o.PartyRole = r
			}
		}
	}
}

// definedWordsOnce reads the words the document defines for its parties
// (partyDefinedWords) once, when first asked: the party pass and the
// obligations' pass after it both read them, and the party pass changes
// no fact those words depend on (it re-roles no person, and no party's
// name or place).
func definedWordsOnce(text string, all []Fact, cands []candidate) func() []partyDefinedWord {
	var defs []partyDefinedWord
	read := false
	return func() []partyDefinedWord {
		if !read {
			defs, read = partyDefinedWords(text, all, cands), true
		}
		return defs
	}
}

// numberedPartyWord is the number a party as written is ("the Second
// Party", "الطرف الثاني", "للطرف الأول"): first_party, second_party, or
// "".
func numberedPartyWord(p string) string {
	w := subjectCompareForm(p)
	switch w {
	case "first party", "party a", "الطرف الأول", "الطرف الاول":
		return "first_party"
	case "second party", "party b", "الطرف الثاني":
		return "second_party"
	case "third party", "party c", "الطرف الثالث":
		return "third_party"
	}
	return ""
}

// twinDefinedRole: the role of party i's name in the other script (definedWordTwins).
func twinDefinedRole(all []Fact, cands []candidate, text string, defs []partyDefinedWord, i int) string {
	for j, g := range all {
		if g.Type == TypeParty && g.Role != "" && definedWordTwins(all, cands, text, defs, i, j) {
			return g.Role
		}
	}
	return ""
}

// definedWordTwins: parties i and j are one party's names in two scripts: written
// beside each other (twinsIn), one name by the name matcher (as the role
// model reads twins), or the same rank among the companies of each
// script's preamble when both scripts name as many (a bilingual
// contract's two preambles). A party whose name is a defined word
// counts in no rank.
func definedWordTwins(all []Fact, cands []candidate, text string, defs []partyDefinedWord, i, j int) bool {
	f, g := all[i], all[j]
	if i == j || f.Type != TypeParty || g.Type != TypeParty || f.Value == "" || g.Value == "" || hasArabic(f.Value) == hasArabic(g.Value) {
		return false
	}
	if twinsIn(text, f.Value, g.Value) || names.Match(normalName(f.Value), normalName(g.Value)) >= 0.85 {
		return true
	}
	if f.EntityType == "person" || g.EntityType == "person" {
		return false
	}
	rank := func(k int) (int, int) {
		r, n := -1, 0
		for m, h := range all {
			if h.Type != TypeParty || h.EntityType == "person" || hasArabic(h.Value) != hasArabic(all[k].Value) || m >= len(cands) {
				continue
			}
			if slices.ContainsFunc(defs, func(d partyDefinedWord) bool { return strings.EqualFold(d.word, h.Value) }) {
				continue
			}
			if m == k {
				r = 0
			}
			n++
		}
		if r < 0 {
			return -1, n
		}
		for m, h := range all {
			if m != k && h.Type == TypeParty && h.EntityType != "person" && hasArabic(h.Value) == hasArabic(all[k].Value) && m < len(cands) &&
				cands[m].start < cands[k].start && !slices.ContainsFunc(defs, func(d partyDefinedWord) bool { return strings.EqualFold(d.word, h.Value) }) {
				r++
			}
		}
		return r, n
	}
	ri, ni := rank(i)
	rj, nj := rank(j)
	return ri >= 0 && ri == rj && ni == nj && i < len(cands) && j < len(cands)
}

// twinDefinedForm: for an Arabic party of no role, the role form of a word
// its English twin is defined by.
func twinDefinedForm(all []Fact, cands []candidate, text string, defs []partyDefinedWord, i int) string {
	for _, d := range defs {
		if d.ar || d.form == "" || d.party == i {
			continue
		}
		if definedWordTwins(all, cands, text, defs, i, d.party) {
			return d.form
		}
	}
	return ""
}

// numberedWindowRoles: the role each party number stands for: explicit, the
// role the text defines for the number itself ("the Second Party (the
// Supplier)", "الطرف الأول (المؤجر)"); window, numberedRoles read with
// the answer's party roles (a number written beside a party of a role).
// Two roles for one number give none.
func numberedWindowRoles(all []Fact, cands []candidate, a *assembled) (explicit, window map[string]string) {
	x := &clauseExtractor{a: a}
	x.numberedRoles(all, cands)
	explicit = map[string]string{}
	clash := map[string]bool{}
	set := func(num, role string) {
		if role == "" || isNumberRole(role) || role == "each_party" {
			return
		}
		if r, ok := explicit[num]; ok && r != role {
			clash[num] = true
		}
		explicit[num] = role
	}
	for _, m := range reNumberedDefinition.FindAllStringSubmatch(a.text, 20) {
		num := "first_party"
		if strings.EqualFold(m[1], "second") {
			num = "second_party"
		}
		if w := m[2]; !thingDefinedWords[lowerASCII(w)] {
			r := lexRole(w)
			if r == "" && numberedLayoutsOn {
				r = numberedEnForm(w, all) // party_defined_words.go: "First Party (Clinic)"
			}
			set(num, r)
		}
	}
	for _, m := range reArNumberedDefinition.FindAllStringSubmatch(a.text, 20) {
		num := "first_party"
		if m[1] == "الثاني" {
			num = "second_party"
		}
		w := m[2]
		if w == "" {
			w = m[3]
		}
		if numberedLayoutsOn {
			set(num, numberedArRole(w)) // party_defined_words.go: an indefinite or a body's kind too
		} else {
			set(num, lexRole(arDefinedWord(w)))
		}
	}
	for _, nr := range numberedLayoutRoles(a.text) { // party_defined_words.go
		set(nr.num, nr.role)
	}
	for num := range clash {
		delete(explicit, num)
	}
	return explicit, x.numbered
}
