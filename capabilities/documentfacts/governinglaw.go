package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Governing law: the jurisdiction named by a governing-law clause or
// label, in English and Arabic, as ISO 3166.

var (
	lawName    = `([A-Z][A-Za-z'-]*(?:\s+(?:of|and|the|[A-Z][A-Za-z'-]*)){0,5})`
	reLawEN    = regexp.MustCompile(`(?i:governed\s+by|construed\s+in\s+accordance\s+with|subject\s+to)(?i:,?\s+and\s+(?:shall\s+be\s+)?construed\s+in\s+accordance\s+with,?)?\s+(?i:the\s+laws?\s+(?:of|in\s+force\s+in))\s+(?:(?i:the)\s+)?` + lawName)
	reLawLabel = regexp.MustCompile(`(?i:governing\s+law)\s*[:：.-]\s*(?:(?i:the)\s+)?(?:(?i:laws?\s+of)\s+)?(?:(?i:the)\s+)?` + lawName)
	reLawAR    = regexp.MustCompile(`(?:يخضع|تخضع|يحكم|تحكم)[^.،]{0,40}?(?:لقوانين|لأحكام قوانين|للقوانين النافذة في|للقوانين المعمول بها في|لقانون|القوانين السارية في|قوانين)\s+(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})|القانون\s+(?:الواجب\s+التطبيق|الحاكم)\s*[:：]?\s*(?:هو\s+)?(?:قانون\s+|قوانين\s+)?(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})`)
)

// jurisdictions maps how a governing law is written to ISO 3166.
var jurisdictions = []struct {
	words []string
	code  string
}{
	{[]string{"sultanate of oman", "oman", "سلطنة عمان", "سلطنة عُمان", "عمان"}, "OM"},
	{[]string{"united arab emirates", "uae", "dubai", "abu dhabi", "الإمارات العربية المتحدة", "الإمارات", "دولة الإمارات"}, "AE"},
	{[]string{"kingdom of saudi arabia", "saudi arabia", "المملكة العربية السعودية", "السعودية"}, "SA"},
	{[]string{"england and wales", "england", "united kingdom"}, "GB"},
	{[]string{"qatar", "قطر"}, "QA"}, {[]string{"bahrain", "البحرين"}, "BH"}, {[]string{"kuwait", "الكويت"}, "KW"},
	{[]string{"singapore"}, "SG"}, {[]string{"state of new york", "new york"}, "US-NY"}, {[]string{"delaware"}, "US-DE"},
	{[]string{"india"}, "IN"}, {[]string{"switzerland"}, "CH"}, {[]string{"france"}, "FR"}, {[]string{"germany"}, "DE"},
}

func jurisdiction(s string) string {
	w := lowerASCII(s)
	for _, j := range jurisdictions {
		for _, x := range j.words {
			if strings.HasPrefix(w, x) || strings.HasPrefix(w, "the "+x) {
				return j.code
			}
		}
	}
	return ""
}

// subjectWords begin a sentence's subject, never a jurisdiction.
var subjectWords = []string{"this", "these", "that", "those", "each", "any", "all", "such", "agreement", "contract", "lease",
	"terms", "party", "parties", "document", "order", "invoice", "tender", "policy", "company", "supplier", "customer", "buyer", "seller"}

// reVerbAfter: the words after a label's value carry on a sentence (the
// value was its subject: "Governing law. This Agreement is governed ...").
var reVerbAfter = regexp.MustCompile(`^\s*(?i:is|are|was|shall|will|must|may|and|agrees?|hereby|governed|be|has|have)\b`)

// subjectPhrase reports whether a value taken after a "Governing law"
// label or heading is the subject of the sentence that follows it rather
// than the law: its first word is a determiner or a document or party
// noun and it names no known jurisdiction, or a verb follows it.
func subjectPhrase(v, after string) bool {
	if reVerbAfter.MatchString(after) {
		return true
	}
	if jurisdiction(v) != "" {
		return false
	}
	first, _, _ := strings.Cut(lowerASCII(v), " ")
	return slices.Contains(subjectWords, first)
}

func (x *extractor) law(t string, base int) {
	add := func(ms, me int, method string) {
		v := strings.TrimSpace(t[ms:me])
		// Trim a trailing connective the pattern may have taken.
		for _, suf := range []string{" and", " the", " of", " without", " in", " with", " وذلك", " و"} {
			v = strings.TrimSuffix(v, suf)
		}
		code := jurisdiction(v)
		f := Fact{Type: TypeGoverningLaw, Key: "governing_law", Label: "Governing law", Value: v, Normalized: code, Method: method, Confidence: 0.9}
		if code == "" {
			f.Confidence = 0.7
		}
		x.add(candidate{fact: f, start: base + ms, end: base + ms + len(v), prio: 4})
	}
	for _, m := range reLawEN.FindAllStringSubmatchIndex(t, -1) {
		add(m[2], m[3], "clause")
	}
	for _, m := range reLawLabel.FindAllStringSubmatchIndex(t, -1) {
		if subjectPhrase(t[m[2]:m[3]], t[m[3]:]) {
			continue
		}
		add(m[2], m[3], "labeled_field")
	}
	for _, m := range reLawAR.FindAllStringSubmatchIndex(t, -1) {
		g := 2
		if m[2] < 0 {
			g = 4
		}
		// Arabic: keep the words up to a known jurisdiction.
		v := t[m[g]:m[g+1]]
		end := m[g+1]
		for _, j := range jurisdictions {
			for _, w := range j.words {
				if strings.HasPrefix(v, w) {
					end = m[g] + len(w)
					goto found
				}
			}
		}
	found:
		add(m[g], end, "clause")
	}
}
