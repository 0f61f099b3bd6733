package documentfacts

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// representedAcross: the words before a name at off, across the line
// break of a wrapped paragraph ("..., ويمثلها\nالسيد/ X", "represented
// by\nMr. X"), say that the person represents a party (issue 29, round
// 8b). Only the line before counts.
func representedAcross(text string, off int) bool {
	ls := strings.LastIndexByte(text[:off], '\n')
	if ls < 0 {
		return false
	}
	from := strings.LastIndexByte(text[:ls], '\n') + 1
	return reRepresentedBy.MatchString(text[from:ls] + " " + text[ls+1:off])
}

// signsFor: a person's name labelled by a party's number or role
// ("الطرف الأول: ماجد حمد العامري", "صاحب العمل: علي مسلم الكثيري") in
// the signature block, or named before as a representative, signs for
// that party when a company holds the role (a number's role is always a
// company's once a definition renamed it).
func (x *extractor) signsFor(role, name string) bool {
	if role == "" || role == "sender" || role == "addressee" {
		return false
	}
	person := rePlainName.MatchString(name) && !titleWords(name) || reArPlainName.MatchString(name) && arPersonLike(name) && !arOrgHead(name)
	if !person {
		return false
	}
	known := x.signing
	n := normalName(name)
	for _, c := range x.cands {
		if c.fact.Type == TypeParty && c.fact.Role == "" && c.fact.Normalized == n {
			known = true
		}
	}
	if role == "first_party" || role == "second_party" {
		return known
	}
	return known && x.companyHasRole(role)
}

// reWitnessLine: a witness's line ("Witness: X", "الشاهد: X"), read as a
// signature wherever it stands.
var reWitnessLine = regexp.MustCompile(`(?i)^\s*(?:(?:first|second)\s+)?witness(?:\s+\d)?\s*[:：|]|^\s*(?:ال)?شاهد(?:\s+(?:الأول|الاول|الثاني))?\s*[:：|]`)

var (
	// reContactLabel: a contact's label, in either script or both
	// ("Contact / للتواصل:", "للتواصل:", "For enquiries:").
	reContactLabel = regexp.MustCompile(`(?i)^\s*(?:contact(?:\s+person)?|for\s+(?:enquiries|inquiries|clarifications?)|للتواصل|للاستفسار|للاستفسارات|جهة\s+الاتصال|ضابط\s+الاتصال)(?:\s*/\s*(?:للتواصل|للاستفسار|للاستفسارات|جهة\s+الاتصال|ضابط\s+الاتصال|contact(?:\s+person)?))?\s*[:：]\s*`)
	// reArTitleWord: the first word of an Arabic job title after a
	// name ("، مديرة المشتريات", "، أمين سر اللجنة").
	reArTitleWord = regexp.MustCompile(`^\s*[-–،,]\s*(?:ال)?(?:مدير|مديرة|رئيس|رئيسة|نائب|أمين|أمينة|امين|منسق|منسقة|مسؤول|مسؤولة|ضابط|ضابطة|مشرف|مشرفة|مهندس|مهندسة|محاسب|محاسبة|أخصائي|أخصائية|الشريك|شريك)(?:\s|$)`)
	// reTitledEnName: "Name, Title" in Latin letters.
	reTitledEnName = regexp.MustCompile(`^\s*(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng)\.?\s+)?(` + personName + `)\s*,\s*(.{2,80})$`)
)

// closingLine: a letter's closing, alone or with its translation
// ("Yours sincerely / وتفضلوا بقبول فائق الاحترام،").
func closingLine(s string) bool {
	for _, part := range strings.Split(s, " / ") {
		if reClosing.MatchString(part) || reSignedFor.MatchString(part) && strings.Contains(part, "وتفضلوا") {
			return true
		}
	}
	return false
}

// contactNames finds the people named as a contact or as a letter's
// signer (issue 29, round 8b), as [start, end) offsets in t: the names
// after a contact label on the line, or on the line under a contact label
// or a closing alone ("Name, Title"), and the Arabic twin of such a name
// on the next line ("الاسم، المسمى"). Each is a name with a title after
// its comma, or a name alone; an office or a department is nobody.
func contactNames(t, prev string) [][2]int {
	var out [][2]int
	first, _, _ := strings.Cut(t, "\n")
	above := prev
	if i := strings.LastIndexByte(above, '\n'); i >= 0 {
		above = above[i+1:]
	}
	body, at := "", 0
	switch {
	case reContactLabel.MatchString(first):
		m := reContactLabel.FindStringIndex(first)
		body, at = first[m[1]:], m[1]
	case reContactLabel.MatchString(above) && strings.TrimSpace(above[reContactLabel.FindStringIndex(above)[1]:]) == "" || closingLine(above):
		body = first
	default:
		// The Arabic twin of a signer's or a contact's "Name, Title".
		if m := reTitledEnName.FindStringSubmatch(above); m != nil && titleWords(m[2]) && !titleWords(m[1]) && hasArabic(first) && !hasArabic(above) {
			body = first
		}
	}
	if strings.TrimSpace(body) == "" {
		return nil
	}
	off := 0
	for _, part := range strings.Split(body, " / ") {
		s := at + off
		off += len(part) + len(" / ")
		p := part
		if h := honorific.FindString(strings.TrimLeft(p, " ")); h != "" {
			lead := len(p) - len(strings.TrimLeft(p, " ")) + len(h)
			p, s = p[lead:], s+lead
		}
		rest := ""
		if i := strings.IndexAny(p, ",،"); i > 0 {
			p, rest = p[:i], p[i:]
		}
		name := strings.TrimSpace(p)
		if name == "" {
			continue
		}
		ok := false
		switch {
		case hasArabic(name):
			ok = reArPlainName.MatchString(name) && arPersonLike(name) && !arOrgHead(name) && roleOf(name) == "" &&
				(rest == "" || reArTitleWord.MatchString(rest))
		default:
			ok = rePlainName.MatchString(name) && !titleWords(name) && trimOrgLead(name) == name &&
				(rest == "" || titleWords(rest))
		}
		if ok {
			i := strings.Index(t[s:], name)
			out = append(out, [2]int{s + i, s + i + len(name)})
		}
	}
	return out
}

// addressLine: off opens a line that goes on from the line before it,
// in the same script, which ends in a comma or a capitalised word (not in
// a stop, a colon, a bracket or a conjunction): "..., Second\nIndustrial
// City, Riyadh (the "Lessor")" is the address of the party named above,
// wrapped (issue 29, round 8b).
func addressLine(text string, off int) bool {
	ls := strings.LastIndexByte(text[:off], '\n')
	if ls < 0 || strings.Trim(text[ls+1:off], " \t*_#>") != "" {
		return false
	}
	prev := strings.TrimRight(text[:ls], " \t*_")
	if prev == "" || prev[len(prev)-1] == '\n' {
		return false
	}
	line := prev[strings.LastIndexByte(prev, '\n')+1:]
	next, _, _ := strings.Cut(text[off:], "\n")
	if hasArabic(line) != hasArabic(next) {
		return false // a name and its twin in the other script
	}
	r, _ := utf8.DecodeLastRuneInString(prev)
	if r == ',' || r == '،' {
		return true
	}
	word := line[strings.LastIndexAny(line, " \t")+1:]
	first, _ := utf8.DecodeRuneInString(word)
	return unicode.IsUpper(first)
}

// genericReaders: an addressee that is a class of readers, not a name
// ("Approved suppliers", "All prospective bidders", "الموردين المعتمدين",
// "جميع الموردين"): an English phrase with a lower-case word that is no
// particle, or an Arabic one that opens with a role word or جميع / كافة
// (issue 29, round 8b).
func genericReaders(name string) bool {
	name = strings.TrimSpace(name)
	if hasArabic(name) {
		first, _, _ := strings.Cut(name, " ")
		return first == "جميع" || first == "كافة" || first == "السادة" && arRole(name) != "" || !arOrgHead(name) && arRole(first) != "" && !reBinWord.MatchString(name)
	}
	words := strings.Fields(name)
	for _, w := range words {
		switch lowerASCII(w) {
		case "all", "every", "each", "any", "prospective", "interested", "qualified", "approved", "registered", "eligible":
			if len(words) > 1 {
				return true
			}
		}
	}
	for _, w := range words[1:] {
		r, _ := utf8.DecodeRuneInString(w)
		switch w {
		case "of", "and", "for", "the", "&", "de", "del", "la", "van", "von", "der", "den", "da", "di", "bin", "bint", "al", "el":
			continue
		}
		if unicode.IsLower(r) {
			return true
		}
	}
	return false
}

// twinRowNames: in a signature block, the cells of a row of Arabic names
// under a row (the line above) of English names, cell for cell: each is
// the same person's name in Arabic (issue 29, round 8b), a name of two to
// four words that is no organisation and no title.
func twinRowNames(t, prev string) [][2]int {
	if !hasArabic(t) || strings.Contains(t, "\n") {
		return nil
	}
	above := prev
	if i := strings.LastIndexByte(above, '\n'); i >= 0 {
		above = above[i+1:]
	}
	if hasArabic(above) {
		return nil
	}
	cells, over := strings.Split(t, " | "), strings.Split(above, " | ")
	if len(cells) != len(over) {
		return nil
	}
	var out [][2]int
	off := 0
	for j, cell := range cells {
		at := off
		off += len(cell) + len(" | ")
		en := strings.TrimSpace(over[j])
		if h := honorific.FindString(en); h != "" {
			en = en[len(h):]
		}
		if i := strings.IndexByte(en, ','); i > 0 {
			en = strings.TrimSpace(en[:i])
		}
		if !rePlainName.MatchString(en) || titleWords(en) {
			continue
		}
		name := cell
		if i := strings.IndexAny(name, ",،"); i > 0 {
			name = name[:i]
		}
		name = strings.TrimSpace(name)
		if reArPlainName.MatchString(name) && arPersonLike(name) && !arOrgHead(name) && roleOf(name) == "" && arRole(name) == "" {
			s := at + strings.Index(cell, name)
			out = append(out, [2]int{s, s + len(name)})
		}
	}
	return out
}
