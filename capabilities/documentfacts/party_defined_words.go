package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Issue 29, session 27 (partydefs): the party facts take the same
// reading as their obligations (docs/documents.md, "Issue 29, session
// 27: parties of defined words (partydefs)").
//
// definedPartyObligationRoles gives an obligation whose subject is a word the
// document defines for a party that party's role, or, where the party
// has none, the word's role form; and an obligation of a numbered party
// the role the document defines for the number. The party itself is
// given the same: a party the answer gives no role takes the role of
// the word the document defines for it (partyDefinedWords: the lexicon's role
// of a role word, else the word in role form; an Arabic party's word
// outside the lexicon, its English twin's role or form), and a party
// whose role is its number (first_party, second_party) takes the role
// the text defines for that number ("the Second Party (the Supplier)").
// A role the rules or the role model gave is kept (but see session 28's
// ownDefinedWordRoles below: a role the model gave that the document never
// defines for the party yields to the party's own word); a person counts
// only its own definition on its name's line (personOwnDefinition); a thing's
// word (thingDefinedWords) never counts.

// partyDefinedWordsOn: the party facts of defined words take the word's role
// (partyDefinedWordRoles). The package's tests switch it with
// DALIL_PARTY_DEFS=on|off, so a set can be scored both ways.
var partyDefinedWordsOn = true

// reEachPartyDefinition: a definition written for each of the parties ('X and Y
// (each a "Party" and, when receiving information, the "Receiving
// Party")', "ويشار إلى كل منهما بـ"): no one party's role.
var reEachPartyDefinition = regexp.MustCompile(`(?i)\b(?:each|either|both|collectively|individually|jointly)\b|كل\s+منهما|كلاهما|كل\s+طرف|كل\s+منها`)

// partyDefinedWordRoles gives the parties of no role the role of the word
// defined for them and the numbered parties the role defined for their
// number; it reports whether a role changed. defsOf reads the words
// the document defines for its parties (definedWordsOnce).
//
// ruled are the parties' roles before the role model (the rules'; nil
// where unknown): a party whose role the model changed to one the
// document never defines for it takes the role of its own defined word
// (session 28, roledef; ownDefinedWordRoles).
func partyDefinedWordRoles(all []Fact, cands []candidate, a *assembled, defsOf func() []partyDefinedWord, ruled []string) bool {
	if !partyDefinedWordsOn || len(cands) != len(all) {
		return false
	}
	// (A person's words are read only where partyDefinedWords keeps them: its
	// own definition, no representative's or signatory's.)
	unroled := func(f Fact) bool {
		return f.Type == TypeParty && (f.Role == "" || f.Role == "-")
	}
	if len(ruled) != len(all) {
		ruled = nil
	}
	if !slices.ContainsFunc(all, func(f Fact) bool {
		return unroled(f) || f.Type == TypeParty && isNumberRole(f.Role)
	}) && !roleModelChangedRole(all, ruled) {
		return numberedPartyRoles(all, cands, a, nil)
	}
	allDefs := defsOf()
	// The words this pass reads: not a representative's (the
	// definition after "X LLC, represented by Y, Manager (the "Tenant")"
	// is the company's), nor one written for each party.
	var defs []partyDefinedWord
	for _, d := range allDefs {
		c := cands[d.party]
		if reRepresentedByDef.MatchString(a.text[max(0, c.start-120):c.start]) {
			continue
		}
		after := a.text[c.end:min(len(a.text), c.end+500)]
		if j := strings.Index(after, d.word); j > 0 && reEachPartyDefinition.MatchString(after[:j]) {
			continue
		}
		defs = append(defs, d)
	}
	// roleOfDefs: the one role the words defined for party i give ("" for
	// none or two).
	roleOfDefs := func(i int, ar bool) string {
		role := ""
		for _, d := range defs {
			if d.party != i {
				continue
			}
			r := d.lex
			if r == "" && !ar {
				r = d.form
			}
			if r == "first_party" || r == "second_party" || r == "each_party" {
				r = "" // a number is the numbered pass's
			}
			if r == "" {
				continue
			}
			if role != "" && role != r {
				return ""
			}
			role = r
		}
		return role
	}
	hasDef := func(i int) bool {
		for _, d := range defs {
			if d.party == i {
				return true
			}
		}
		return false
	}
	// A party the model gave a role the document defines for no word of
	// its own takes its own word's (session 28).
	changed := ownDefinedWordRoles(all, cands, a.text, defs, ruled)
	// Latin-script parties first: an Arabic twin reads their final role.
	for _, ar := range []bool{false, true} {
		for i, f := range all {
			if !unroled(f) || hasArabic(f.Value) != ar || !hasDef(i) {
				continue
			}
			role := roleOfDefs(i, ar)
			if f.EntityType == "person" && personHoldsDefinedRole(all, role) {
				continue // a role a company holds: its signatory's note
			}
			if role == "" && ar {
				role = twinDefinedRole(all, cands, a.text, defs, i)
				if role == "first_party" || role == "second_party" || role == "-" {
					role = ""
				}
				if role == "" {
					role = twinDefinedForm(all, cands, a.text, defs, i)
				}
			}
			if role != "" && role != "first_party" && role != "second_party" {
				all[i].Role = role
				changed = true
			}
		}
	}
	// A numbered party whose number's role the text gives.
	if numberedPartyRoles(all, cands, a, allDefs) {
		changed = true
	}
	return changed
}

// Issue 29, session 28 (numbered): the layouts in which a contract gives
// a numbered party its role word (docs/documents.md, "Issue 29, session
// 28: numbered parties' role words (numbered)"). numberedWindowRoles read
// the number's role written in brackets after it ("the Second Party (the
// Supplier)", "الطرف الأول (المؤجر)", الطرف الثاني ويشار إليه بـ"…");
// numberedLayoutRoles reads the other layouts: a label line "First
// Party – the Landlord:" / "الطرف الأول – المؤجر:"; the capacity
// ("الطرف الأول: X، بصفتها المشتري", "The First Party, as Supplier,",
// "First Party: X LLC, in its capacity as Lessor"), not a
// representative's ("ويمثلها السيد ص بصفته المالك"); the number and its
// role word as two names of one party ("(الطرف الأول) أو (المؤجر)",
// '"First Party" or the "Lessor"'); a table row of the number and its
// role word ("| الطرف الأول | المشتري | شركة … |"). A party takes its
// number's role where it holds the number (its role, or the number
// labelling its line), and a numbered party of no role word takes the
// kind of body it is defined by in Arabic ("الكلية", "المختبر").
//
// Second pass (numbered2, "Issue 29, session 28: numbered parties,
// second pass (numbered2)"): a bracket's word the lexicon does not know
// is still the number's, in role form ("First Party (Clinic)",
// "الطرف الثاني (العيادة)": numberedEnForm, arKindRole,
// arNumberedRoleWords); a role heading alone on its line over a block
// that defines the number ("المؤجر:" … "ويشار إليه بالطرف الأول"); a
// person the rules made a numbered party, never a representative or a
// signatory; and the duties whose subject is a bracket's word
// (numberedSubjectRole).

// numberedLayoutsOn: the layouts below are read. The package's tests
// switch it with DALIL_NUMBERED=on|off, so a set can be scored both
// ways (off: session 27's reading, the brackets only).
var numberedLayoutsOn = true

// numberedRole is a role word the text gives a party number.
type numberedRole struct{ num, role string }

var (
	reNumWordAr = `الطرف\s+(الأول|الاول|الثاني|الثالث)`
	reNumWordEn = `(?i:\b(first|second|third)\s+party\b)`
	// "First Party – the Landlord:", "الطرف الأول / المؤجر:" at a line's
	// opening.
	reNumDashEn = regexp.MustCompile(`(?m)^[\s*#|_>\-•\d.)]*` + reNumWordEn + `\s*[–—/-]\s*(?i:the\s+)?([A-Za-z][A-Za-z ]{1,30}?)\s*[*_]*\s*[:：]`)
	reNumDashAr = regexp.MustCompile(`(?m)^[\s*#|_>\-•\d.)\p{Nd}]*` + reNumWordAr + `\s*[–—/-]\s*(\p{Arabic}+(?:\s+\p{Arabic}+)?)\s*[*_]*\s*[:：]`)
	// The capacity: "The First Party, as Supplier,", "First Party: X
	// LLC, in its capacity as Lessor", "الطرف الأول: X، بصفتها المشتري".
	reNumAsEn = regexp.MustCompile(reNumWordEn + `([^\n]{0,160}?)[,(]\s*(?i:as|in\s+its\s+capacity\s+as|acting\s+as)\s+(?i:the\s+)?([A-Za-z][A-Za-z ]{1,30}?)\s*[,)]`)
	reNumAsAr = regexp.MustCompile(reNumWordAr + `([^\n]{0,240}?)(?:^|[\s،,(])(?:بصفت(?:ه|ها)|بوصف(?:ه|ها)|باعتبار(?:ه|ها)|وهو|وهي)\s+(\p{Arabic}+)`)
	// A representative or a post between: the capacity is the signer's.
	// A representative or a post between, or another noun the capacity
	// may be of (after a preposition): not the number's.
	reNumAsSigner = regexp.MustCompile(`(?i)represent|signed\s+by|\b(?:through|to|with|from|by|mr|mrs|ms|dr|eng)\b|يمثل|تمثل|ممثل|مفوض|بواسطة|السيد|الفاضل|المهندس|الدكتور|الأستاذ|الاستاذ|/|(?:^|\s)(?:إلى|الى|لدى|مع|على|عن|من)\s`)
	// The number and the role word as two names of one party.
	reNumOrAr = regexp.MustCompile(reNumWordAr + `\s*["»”)]\s*(?:أو|او)\s*(?:بـ\s*|ب)?\s*["«“(]\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”)]`)
	reOrNumAr = regexp.MustCompile(`["«“(]\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”)]\s*(?:أو|او)\s*(?:بـ\s*|ب)?\s*["«“(]\s*` + reNumWordAr)
	reNumOrEn = regexp.MustCompile(reNumWordEn + `\s*["”]\s*\)?\s*(?i:or)\s+(?i:the\s+)?["“(]\s*(?i:the\s+)?([A-Za-z][A-Za-z ]{1,30}?)\s*["”)]`)
	// The role word before its number: "Lessor (First Party): X",
	// "المؤجر (الطرف الأول): X", "Lessor / First Party:".
	reRoleNumEn = regexp.MustCompile(`(?m)^[\s*#|_>\-•\d.)]*(?i:the\s+)?([A-Za-z][A-Za-z ]{1,30}?)\s*(?:\(|[–—/-])\s*(?i:the\s+)?` + reNumWordEn + `\s*\)?\s*[*_]*\s*[:：]`)
	reRoleNumAr = regexp.MustCompile(`(?m)^[\s*#|_>\-•\d.)\p{Nd}]*(\p{Arabic}+(?:\s+\p{Arabic}+)?)\s*(?:\(|[–—/-])\s*` + reNumWordAr + `\s*\)?\s*[*_]*\s*[:：]`)
	// The number's line whose value is its role word alone
	// ("الطرف الأول: المشتري", the name on the lines after).
	reNumValueAr = regexp.MustCompile(`(?m)^[\s*#|_>\-•\d.)\p{Nd}]*` + reNumWordAr + `\s*[*_]*\s*[:：]\s*[*_]*\s*(\p{Arabic}+(?:\s+\p{Arabic}+)?)\s*[*_.]*\s*$`)
	reNumValueEn = regexp.MustCompile(`(?m)^[\s*#|_>\-•\d.)]*` + reNumWordEn + `\s*[*_]*\s*[:：]\s*[*_]*\s*(?i:the\s+)?([A-Za-z]+(?:\s+[A-Za-z]+)?)\s*[*_.]*\s*$`)
	// The number and its role word in one bracket: "(الطرف الأول /
	// المؤجر)", "(the First Party / the Lessor)".
	reNumSlashAr = regexp.MustCompile(`\(\s*["«“]?\s*` + reNumWordAr + `\s*["»”]?\s*(?:/|[–—-]|،|,)\s*["«“]?\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2}?)\s*["»”]?\s*\)`)
	reSlashNumAr = regexp.MustCompile(`\(\s*["«“]?\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2}?)\s*["»”]?\s*(?:/|[–—-]|،|,)\s*["«“]?\s*` + reNumWordAr + `\s*["»”]?\s*\)`)
	reNumSlashEn = regexp.MustCompile(`\(\s*(?i:the\s+)?["“]?` + reNumWordEn + `["”]?\s*(?:/|[–—-])\s*(?i:the\s+)?["“]?([A-Za-z][A-Za-z ]{1,30}?)["”]?\s*\)`)
	// The third party's bracket (numberedWindowRoles reads the first and
	// second's): "الطرف الثالث (الجمعية)", "Third Party (the Association)".
	reThirdDefAr = regexp.MustCompile(`الطرف\s+(الثالث)\s*\(\s*["«“]?\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”]?\s*\)`)
	reThirdDefEn = regexp.MustCompile(`(?i)\b(third)\s+party\s*\(\s*(?:the\s+)?["“]?\s*(?:the\s+)?([A-Za-z][A-Za-z\- ]{1,40}?)\s*["”]?\s*\)`)
	// A role heading alone on its line over the party's block, the
	// number defined at the block's end ("المؤجر:" … "ويشار إليه فيما
	// يلي بالطرف الأول", "LANDLORD:" … 'referred to below as the "First
	// Party"').
	reRoleHeadAr    = regexp.MustCompile(`(?m)^[ \t*#_>\-•]*(\p{Arabic}+(?:[ \t]+\p{Arabic}+){0,2})[ \t]*[*_]*[ \t]*[:：][ \t]*[*_]*[ \t]*$`)
	reRoleHeadEn    = regexp.MustCompile(`(?m)^[ \t*#_>\-•]*(?i:the[ \t]+)?([A-Za-z][A-Za-z \t]{1,30}?)[ \t]*[*_]*[ \t]*[:：][ \t]*[*_]*[ \t]*$`)
	reBlockNumDefAr = regexp.MustCompile(`(?:يشار|يُشار|ويشار|ويُشار|ويسمى|ويسمّى)\s+(?:(?:إلي|الي)(?:ه|ها)\s+)?(?:(?:في\s*ما|فيما)\s+(?:بعد|يلي)\s+)?(?:في\s+(?:هذا|هذه)\s+\p{Arabic}+\s+)?(?:بـ\s*|ب)?\s*["«“(]?\s*` + reNumWordAr)
	reBlockNumDefEn = regexp.MustCompile(`(?i)(?:referred\s+to\s+(?:below\s+|hereinafter\s+|herein\s+)?as|hereinafter(?:\s+called)?)\s+(?:the\s+)?["“]?(first|second|third)\s+party`)
	reNumCell       = regexp.MustCompile(`^(?:` + reNumWordAr + `|` + reNumWordEn + `)$`)
	reNumInRow      = regexp.MustCompile(reNumWordAr + `|` + reNumWordEn)
	// reLineMarkup: what may open a line before its label (a list's
	// number, a table's bar, bold marks).
	reLineMarkup = regexp.MustCompile(`^[\s*#|_>\-•\d.)(\p{Nd}]*(?:(?:أولاً|أولا|ثانياً|ثانيا|ثالثاً|ثالثا)\s*[:：\-–]?[\s*_]*)?(?:(?i:the)\s+)?$`)
)

// arKindRole: the kinds of body an Arabic party may be defined by
// ("ويشار إليها بـ"الكلية""), with the role the labels write
// (arBodyKindRole's but a bank's or a fund's, and a laboratory's).
func arKindRole(w string) string {
	w = arDefinedWord(w)
	if r := arBodyKindRole[w]; r != "" && r != "bank" && r != "fund" {
		return r // (a bank is its lender's or issuer's role: convention 68)
	}
	switch w {
	case "المختبر", "المعمل":
		return "laboratory"
	case "الأكاديمية", "الاكاديمية":
		return "academy"
	case "العيادة":
		return "clinic"
	case "المزرعة":
		return "farm"
	}
	return ""
}

// arNumberedRoleWords are Arabic role words a number is given that the
// lexicon does not hold, with the role the labels write (a three-party
// assignment's "المتنازل له").
var arNumberedRoleWords = map[string]string{"المتنازل له": "assignee", "المتنازل لها": "assignee",
	"المتنازل إليه": "assignee", "المتنازل اليه": "assignee", "المتنازل": "assignor"}

// numberedEnForm is the role an English word in a number's bracket
// gives where the lexicon does not know it ("First Party (Clinic)"): a
// kind of body, else the word's role form; not a thing's word, a
// generic word ("Company"), a post, an abbreviation, or a short name
// that opens a party's name ("Al Waha").
func numberedEnForm(w string, all []Fact) string {
	w = strings.TrimSpace(w[len(reTheLead.FindString(strings.TrimSpace(w))):])
	if r := enKindRole(w); r != "" {
		return r
	}
	low := lowerASCII(w)
	if w == "" || len(strings.Fields(w)) > 2 || w[0] < 'A' || w[0] > 'Z' || thingDefinedWords[low] || thingDefinedWords[singularWord(low)] ||
		genericDefinedWords[low] || jobTitle(w) || reCapsShortName.MatchString(w) {
		return ""
	}
	for _, f := range all {
		if f.Type == TypeParty && strings.HasPrefix(lowerASCII(f.Value), low) {
			return "" // a short name
		}
	}
	return definedRoleForm(w)
}

// numberedBracketWords are the words a number is given in brackets or by
// a definition cue after it ("الطرف الثاني (العيادة)", "First Party
// (Clinic)"), each with its number (a word given two numbers, none): a
// duty whose subject is the word is that number's.
func numberedBracketWords(text string) map[string]string {
	out := map[string]string{}
	put := func(w, num string) {
		w = subjectCompareForm(w)
		if hasArabic(w) {
			w = arDefinedWord(w)
		}
		if w == "" || num == "" {
			return
		}
		if n, ok := out[w]; ok && n != num {
			num = "-"
		}
		out[w] = num
	}
	for _, m := range reArNumberedDefinition.FindAllStringSubmatch(text, 20) {
		w := m[2]
		if w == "" {
			w = m[3]
		}
		put(w, numberOf(m[1]))
	}
	for _, m := range reThirdDefAr.FindAllStringSubmatch(text, 20) {
		put(m[2], numberOf(m[1]))
	}
	for _, m := range reNumberedDefinition.FindAllStringSubmatch(text, 20) {
		put(m[2], numberOf(m[1]))
	}
	for w, n := range out {
		if n == "-" {
			delete(out, w)
		}
	}
	return out
}

// enKindRole: the English kinds of body reBodyKindDef reads (a bank and
// a fund aside) and a laboratory, as roles ("College" is college,
// "Center" centre).
func enKindRole(w string) string {
	w = lowerASCII(strings.TrimSpace(w[len(reTheLead.FindString(w)):]))
	switch w {
	case "hospital", "clinic", "university", "college", "institute", "academy", "club", "association", "society",
		"foundation", "hotel", "museum", "library", "centre", "municipality", "laboratory":
		return w
	case "center":
		return "centre"
	case "lab":
		return "laboratory"
	}
	return ""
}

// numberOf is a party number as a role: "الأول", "first" → first_party.
func numberOf(w string) string {
	switch lowerASCII(strings.TrimSpace(w)) {
	case "الأول", "الاول", "first":
		return "first_party"
	case "الثاني", "second":
		return "second_party"
	case "الثالث", "third":
		return "third_party"
	}
	return ""
}

// isNumberRole: the role is a party's number.
func isNumberRole(r string) bool {
	return r == "first_party" || r == "second_party" || r == "third_party"
}

// numberedEnRole is an English role word's role: a word the guideline
// or lexicon knows (Lessor, Supplier), not a post or a name.
func numberedEnRole(w string) string {
	r := roleOf(strings.TrimSpace(w))
	if isNumberRole(r) || r == "each_party" {
		return ""
	}
	return r
}

// numberedArRole is an Arabic role word's role: the lexicon's, its
// indefinite form's ("مؤجراً" is المؤجر), or the kind of body.
func numberedArRole(w string) string {
	w = strings.TrimSpace(stripTashkeel(w))
	r := lexRole(arDefinedWord(w))
	if r == "" && !strings.HasPrefix(w, "ال") {
		bare := strings.TrimSuffix(strings.TrimSuffix(w, "ً"), "ا")
		r = lexRole("ال" + bare)
	}
	if r == "" {
		r = arKindRole(w)
	}
	if r == "" && numberedLayoutsOn {
		r = arNumberedRoleWords[arDefinedWord(w)]
	}
	if isNumberRole(r) || r == "each_party" {
		return ""
	}
	return r
}

// numberedLayoutRoles are the role words the text gives party numbers
// in the layouts numberedWindowRoles's brackets do not read.
func numberedLayoutRoles(text string) []numberedRole {
	if !numberedLayoutsOn {
		return nil
	}
	var out []numberedRole
	add := func(num, role string) {
		if num != "" && role != "" {
			out = append(out, numberedRole{num, role})
		}
	}
	for _, m := range reNumDashEn.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[1]), numberedEnRole(m[2]))
	}
	for _, m := range reNumDashAr.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[1]), numberedArRole(m[2]))
	}
	for _, m := range reNumAsEn.FindAllStringSubmatch(text, 20) {
		if !reNumAsSigner.MatchString(m[2]) && !reNumInRow.MatchString(m[2]) {
			add(numberOf(m[1]), numberedEnRole(m[3]))
		}
	}
	for _, m := range reNumAsAr.FindAllStringSubmatch(text, 20) {
		if !reNumAsSigner.MatchString(m[2]) && !reNumInRow.MatchString(m[2]) {
			add(numberOf(m[1]), numberedArRole(m[3]))
		}
	}
	for _, m := range reNumOrAr.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[1]), numberedArRole(m[2]))
	}
	for _, m := range reOrNumAr.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[2]), numberedArRole(m[1]))
	}
	for _, m := range reNumOrEn.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[1]), numberedEnRole(m[2]))
	}
	for _, m := range reRoleNumEn.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[2]), numberedEnRole(m[1]))
	}
	for _, m := range reRoleNumAr.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[2]), numberedArRole(m[1]))
	}
	for _, m := range reNumValueAr.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[1]), numberedArRole(m[2]))
	}
	for _, m := range reNumValueEn.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[1]), numberedEnRole(m[2]))
	}
	for _, m := range reNumSlashAr.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[1]), numberedArRole(m[2]))
	}
	for _, m := range reSlashNumAr.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[2]), numberedArRole(m[1]))
	}
	for _, m := range reNumSlashEn.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[1]), numberedEnRole(m[2]))
	}
	for _, m := range reThirdDefAr.FindAllStringSubmatch(text, 20) {
		add(numberOf(m[1]), numberedArRole(m[2]))
	}
	for _, m := range reThirdDefEn.FindAllStringSubmatch(text, 20) {
		r := numberedEnRole(m[2])
		if r == "" {
			r = numberedEnForm(m[2], nil)
		}
		add(numberOf(m[1]), r)
	}
	// A role heading over the block that defines the number.
	for _, h := range []struct {
		head, def *regexp.Regexp
		role      func(string) string
	}{{reRoleHeadAr, reBlockNumDefAr, numberedArRole}, {reRoleHeadEn, reBlockNumDefEn, numberedEnRole}} {
		for _, m := range h.head.FindAllStringSubmatchIndex(text, 20) {
			role := h.role(text[m[2]:m[3]])
			if role == "" {
				continue
			}
			block := text[m[1]:min(len(text), m[1]+800)]
			if j := strings.Index(block, "\n\n"); j >= 0 {
				block = block[:j]
			}
			if n := h.head.FindStringIndex(block); n != nil {
				block = block[:n[0]] // the next heading's block
			}
			num := ""
			for _, d := range h.def.FindAllStringSubmatch(block, 4) {
				if n := numberOf(d[1]); num != "" && n != num {
					num = "-"
				} else {
					num = n
				}
			}
			if num != "-" {
				add(num, role)
			}
		}
	}
	// A table row: a cell that is the number, a cell that is a role word.
	rows := 0
	for line := range strings.SplitSeq(text, "\n") {
		if !strings.Contains(line, "|") && !strings.Contains(line, "\t") || !reNumInRow.MatchString(line) {
			continue
		}
		if rows++; rows > 40 {
			break
		}
		num, role := "", ""
		for _, c := range strings.FieldsFunc(line, func(r rune) bool { return r == '|' || r == '\t' }) {
			c = strings.TrimSpace(strings.Trim(strings.TrimSpace(c), "*_:："))
			if m := reNumCell.FindStringSubmatch(c); m != nil {
				if num != "" {
					num = "-" // two numbers in one row: a header
				} else {
					num = numberOf(m[1] + m[2])
				}
				continue
			}
			r := numberedEnRole(c)
			if hasArabic(c) {
				r = ""
				if len(strings.Fields(c)) <= 3 {
					r = numberedArRole(c)
				}
			}
			if r != "" {
				if role != "" && role != r {
					role = "-"
				} else {
					role = r
				}
			}
		}
		if num != "-" && role != "-" {
			add(num, role)
		}
	}
	return out
}

// partyNumberOf is the number labelling party i's line ("الطرف الأول:
// X", "First Party – the Landlord: X", "| الطرف الأول | المشتري | X |"):
// the number opens the line (markup aside), one number only, the name
// soon after it and no other party between; "" for none (a number
// after a name is that name's definition).
func partyNumberOf(text string, cands []candidate, i int) string {
	if i >= len(cands) || cands[i].start > len(text) {
		return ""
	}
	c := cands[i]
	from := strings.LastIndexByte(text[:c.start], '\n') + 1
	pre := text[from:c.start]
	ms := reNumInRow.FindAllStringSubmatchIndex(pre, -1)
	if len(ms) == 0 && len(pre) <= 40 && from > 0 {
		// A heading over the block: the line before (blank lines
		// aside) is the number alone, or with its role word
		// ("الطرف الأول (المؤجر)", "FIRST PARTY:", "الطرف الأول: المشتري").
		to := strings.TrimRight(text[:from], " \t\r\n")
		hfrom := strings.LastIndexByte(to, '\n') + 1
		head := to[hfrom:]
		hs := reNumInRow.FindAllStringSubmatchIndex(head, -1)
		if len(hs) != 1 || len(head)-hs[0][1] > 80 || !reLineMarkup.MatchString(head[:hs[0][0]]) {
			return ""
		}
		for _, o := range cands {
			if o.fact.Type == TypeParty && o.start >= hfrom && o.start < from {
				return ""
			}
		}
		return numberAt(head, hs[0])
	}
	if len(ms) != 1 {
		return ""
	}
	m := ms[0]
	if len(pre)-m[1] > 120 || !reLineMarkup.MatchString(pre[:m[0]]) {
		return ""
	}
	for _, o := range cands {
		if o.fact.Type == TypeParty && o.start >= from+m[1] && o.start < c.start {
			return ""
		}
	}
	return numberAt(pre, m)
}

// signatureRow: c's line is a table row that names two party numbers
// ("الطرف الأول: X | الطرف الثاني: Y"), the signatories' row.
func signatureRow(text string, c candidate) bool {
	if c.start > len(text) || c.end > len(text) {
		return false
	}
	from := strings.LastIndexByte(text[:c.start], '\n') + 1
	to := len(text)
	if j := strings.IndexByte(text[c.end:], '\n'); j >= 0 {
		to = c.end + j
	}
	line := text[from:to]
	return strings.ContainsAny(line, "|\t") && len(reNumInRow.FindAllStringIndex(line, 3)) > 1
}

// numberAt is the number reNumInRow's match m in s names.
func numberAt(s string, m []int) string {
	w := ""
	if m[2] >= 0 {
		w = s[m[2]:m[3]]
	} else if m[4] >= 0 {
		w = s[m[4]:m[5]]
	}
	return numberOf(w)
}

// numberedPartyRoles gives a party of a number the role the text gives
// that number: a party whose role is its number, or of no role, whose
// line the number labels; a party whose line one number labels and
// whose role is the role of another number (a role word read past its
// line) takes its own number's. A numbered party the text gives no
// role word for its number takes the Arabic kind of body it is defined
// by. Persons are not re-roled. It reports whether a role changed.
func numberedPartyRoles(all []Fact, cands []candidate, a *assembled, defs []partyDefinedWord) bool {
	explicit, _ := numberedWindowRoles(all, cands, a)
	changed := false
	for i, f := range all {
		if f.Type != TypeParty || f.EntityType == "person" {
			continue
		}
		line := ""
		if numberedLayoutsOn {
			line = partyNumberOf(a.text, cands, i)
		}
		num := ""
		switch {
		case isNumberRole(f.Role):
			num = f.Role
		case f.Role == "" || f.Role == "-":
			num = line
		}
		if num != "" && signatureRow(a.text, cands[i]) {
			continue // a row of signatures ("الطرف الأول: X | الطرف الثاني: Y")
		}
		r := explicit[num]
		if r == "" && num == "" && line != "" && explicit[line] != "" && explicit[line] != f.Role {
			for n, o := range explicit {
				if n != line && o == f.Role {
					r = explicit[line] // another number's role word
				}
			}
		}
		if r == "" && isNumberRole(f.Role) && numberedLayoutsOn {
			// The kind of body the numbered party is defined by.
			for _, d := range defs {
				if d.party != i {
					continue
				}
				k := enKindRole(d.word)
				if d.ar {
					k = arKindRole(d.word)
				}
				if k != "" {
					if r != "" && r != k {
						r = ""
						break
					}
					r = k
				}
			}
		}
		if r != "" && r != f.Role {
			all[i].Role = r
			changed = true
		}
	}
	// A person the rules made a numbered party (an individual landlord
	// defined "ويشار إليه بالطرف الأول") takes the number's role word
	// where no company holds the number or its word, and the person is
	// no representative or signatory (personOwnDefinition).
	for i, f := range all {
		if !numberedLayoutsOn || f.Type != TypeParty || f.EntityType != "person" || !isNumberRole(f.Role) || i >= len(cands) {
			continue
		}
		r := explicit[f.Role]
		if r == "" || cands[i].end > len(a.text) || !personOwnDefinition(a.text, cands[i]) {
			continue
		}
		if slices.ContainsFunc(all, func(g Fact) bool {
			return g.Type == TypeParty && g.EntityType != "person" && (g.Role == f.Role || g.Role == r)
		}) {
			continue
		}
		all[i].Role = r
		changed = true
	}
	return changed
}

// Issue 29, session 28 (roledef): a party's own word over the model's
// (docs/documents.md, "Issue 29, session 28: a party's own word over the
// model's (roledef)"). Where the role model gives a party a role the
// document never defines for it — a generic candidate it read elsewhere
// ("each a Partner", "Managing Partner" beside a signatory, "Partner 1:"
// over another name) — and the party has one word of its own ('X Clinic
// SPC (the "Clinic")', 'Y LLC (the "Farm")'), the word names the party:
// its lexicon role, else its role form, else, for a word of the party's
// own name, the role the rules had read from it.

// ownWordOn: a party's own word over the model's role, persons of a
// defined role word, and a kind of body that is a word of the name
// (ownDefinedWordRoles, personOwnDefinition, bodyKindRoleWords). The package's tests
// switch it with DALIL_OWN_WORD=on|off, so a set can be scored both ways.
var ownWordOn = true

// genericDefinedWords are defined words that name a party without its role
// ("the Company" of an employer, "the Firm"): they never overrule a role.
var genericDefinedWords = map[string]bool{"company": true, "corporation": true, "firm": true, "entity": true, "establishment": true,
	"organisation": true, "organization": true, "group": true, "institution": true, "party": true, "business": true,
	"each_party": true, "الشركة": true, "المؤسسة": true}

// roleModelChangedRole: the role model gave some party another role than the
// rules' (ruled; nil: unknown).
func roleModelChangedRole(all []Fact, ruled []string) bool {
	for i, f := range all {
		if ruled != nil && f.Type == TypeParty && f.Role != ruled[i] && f.Role != "" && f.Role != "-" {
			return true
		}
	}
	return false
}

// ownDefinedWordRoles gives a party whose role the model changed (ruled[i] is
// the rules' role) the role of its own defined word where the model's
// role is no word defined or labelled for it; an Arabic party with no
// word of its own follows its English twin so re-roled. It reports
// whether a role changed.
func ownDefinedWordRoles(all []Fact, cands []candidate, text string, defs []partyDefinedWord, ruled []string) bool {
	if ruled == nil || !ownWordOn {
		return false
	}
	// ownRole: the one role party i's own words give ("" for none or two).
	ownRole := func(i int) string {
		role := ""
		for _, d := range defs {
			if d.party != i || jobTitle(d.word) && roleOf(d.word) == "" || !ownDefinitionNear(text, cands[i], d.word) {
				continue
			}
			r := d.lex
			if r == "" && !d.ar {
				r = d.form
				if r == "" && ruled[i] != "" && definedRoleForm(d.word) == ruled[i] {
					// A word of the party's name ('Al Noor Clinic SPC (the
					// "Clinic")') the rules read as its role.
					r = ruled[i]
				}
			}
			if r == "" || r == "first_party" || r == "second_party" || genericDefinedWords[r] {
				continue
			}
			if role != "" && role != r {
				return ""
			}
			role = r
		}
		return role
	}
	// definedFor: role is a word defined for party i, or its label.
	definedFor := func(i int, role string) bool {
		for _, d := range defs {
			if d.party == i && (d.lex == role || d.form == role || !d.ar && definedRoleForm(d.word) == role) {
				return true
			}
		}
		// A label over any mention of its name ("Partner 1: X LLC").
		spans := [][2]int{{cands[i].start, cands[i].end}}
		for k, at := range occurrences(text, all[i].Value) {
			if k >= roleMentions {
				break
			}
			spans = append(spans, [2]int{at, at + len(all[i].Value)})
		}
		for _, sp := range spans {
			if _, _, before := featLine(text, sp[0], sp[1]); cellLabelRole(before) == role {
				return true
			}
		}
		return false
	}
	// definedForOther: role is a word defined for a party other than i
	// and its twins.
	definedForOther := func(i int, role string) bool {
		for _, d := range defs {
			if d.party != i && (d.lex == role || d.form == role) && ownDefinitionNear(text, cands[d.party], d.word) &&
				!definedWordTwins(all, cands, text, defs, i, d.party) {
				return true
			}
		}
		return false
	}
	modelRoled := func(i int) bool {
		f := all[i]
		return f.Type == TypeParty && f.Role != ruled[i] && f.Role != "" && f.Role != "-" &&
			f.Role != "first_party" && f.Role != "second_party" && cands[i].end <= len(text)
	}
	changed := false
	type rerole struct {
		i     int
		model string
	}
	var was []rerole // the parties re-roled here, with the model's role
	for _, ar := range []bool{false, true} {
		for i, f := range all {
			if hasArabic(f.Value) != ar || !modelRoled(i) || definedFor(i, f.Role) {
				continue
			}
			role := ownRole(i)
			if role == "" && definedForOther(i, f.Role) && ruled[i] != "" && ruled[i] != "-" && !definedForOther(i, ruled[i]) {
				// Another party's word (an employment contract's "the
				// Employee" given to the Company): the rules' role.
				role = ruled[i]
			}
			if role == "" && ar {
				for _, w := range was {
					if w.model == f.Role && definedWordTwins(all, cands, text, defs, i, w.i) {
						role = all[w.i].Role
						break
					}
				}
			}
			if role == "" || role == f.Role {
				continue
			}
			was = append(was, rerole{i, f.Role})
			setPartyRole(&all[i], role)
			changed = true
		}
	}
	return changed
}

// ownDefinitionNear: word is defined in the name's own paragraph (after it,
// no blank line between), or by a definitions clause that opens just
// before it ('"Hospital" means X LLC').
func ownDefinitionNear(text string, c candidate, word string) bool {
	after := text[c.end:min(len(text), c.end+500)]
	if j := strings.Index(after, word); j >= 0 && !strings.Contains(after[:j], "\n\n") {
		return true
	}
	return strings.Contains(text[max(0, c.start-80):c.start], word)
}

// personHoldsDefinedRole: a company of the answer already holds role (a
// signatory writes his company's role beside his name: "Signed: Y
// (Lessor)").
func personHoldsDefinedRole(all []Fact, role string) bool {
	return role != "" && slices.ContainsFunc(all, func(g Fact) bool {
		return g.Type == TypeParty && g.EntityType != "person" && g.Role == role
	})
}

// numberedWordRole: an obligation of no role whose subject as written
// is a word the text gives a number ("تلتزم الكلية" where "الطرف الأول
// (الكلية)"): that number's role.
func numberedWordRole(party string, explicit map[string]string) string {
	if party == "" || numberedPartyWord(party) != "" {
		return ""
	}
	r := ""
	if hasArabic(party) {
		r = numberedArRole(party)
	} else if r = numberedEnRole(party); r == "" {
		r = enKindRole(party)
	}
	if r == "" {
		return ""
	}
	for _, e := range explicit {
		if e == r {
			return r
		}
	}
	return ""
}

// numberedSubjectRole: an obligation of no role whose subject is a word
// a number is given in brackets (words, numberedBracketWords) takes the
// number's role: the subject as written ("تلتزم العيادة" beside
// "الطرف الثاني (العيادة)"), or opening the action where the clause
// reader left it there ("لا يجوز للمختبر إحالة …").
func numberedSubjectRole(party, action string, words, explicit map[string]string) string {
	if party != "" {
		w := subjectCompareForm(party)
		if hasArabic(w) {
			w = arDefinedWord(w)
		}
		return explicit[words[w]]
	}
	if hasArabic(action) {
		// A verb or a particle opens the action ("لا يجوز للمختبر",
		// "تتولى المزرعة"), not a verbal noun, whose next word is its
		// object ("بإخطار العيادة").
		first, _, _ := strings.Cut(strings.TrimSpace(action), " ")
		if !strings.HasPrefix(first, "ي") && !strings.HasPrefix(first, "ت") && first != "لا" && first != "على" {
			return ""
		}
	}
	role := ""
	for w, num := range words {
		r := explicit[num]
		if r == "" || !actionOpensWithWord(action, partyDefinedWord{word: w, ar: hasArabic(w)}) {
			continue
		}
		if role != "" && role != r {
			return ""
		}
		role = r
	}
	return role
}

// numberedByLine: the role of the one party each number labels the
// line of (partyNumberOf), for the duties of a number the window of
// numberedRoles does not read (the third party's).
func numberedByLine(all []Fact, cands []candidate, text string) map[string]string {
	out := map[string]string{}
	clash := map[string]bool{}
	for i, f := range all {
		if f.Type != TypeParty || f.EntityType == "person" || f.Role == "" || f.Role == "-" || isNumberRole(f.Role) {
			continue
		}
		n := partyNumberOf(text, cands, i)
		if n == "" {
			continue
		}
		if r, ok := out[n]; ok && r != f.Role {
			clash[n] = true
		}
		out[n] = f.Role
	}
	for n := range clash {
		delete(out, n)
	}
	return out
}
