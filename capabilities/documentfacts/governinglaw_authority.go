package documentfacts

import (
	"regexp"
	"strings"
)

// Round 16 (issue 29, session 18): decision 6 (docs/documents.md, "six
// conventions settled"; tests in convention_first_six_test.go). A statute under which a
// resolution, minutes or a policy as a whole is made or held ("Meeting No.
// 3/2026, held ... pursuant to the Commercial Companies Law of the
// Sultanate of Oman", "صدر هذا القرار وفقاً لأحكام قانون الشركات التجارية في
// سلطنة عمان", "This policy is issued under the Labour Law of ...") is
// the document's law: such a document has no other. A statute cited for
// one matter (VAT, a gratuity, how breaches are dealt with) is not. One
// pass over the whole text once the blocks are read, for a document whose
// first lines title it a resolution, minutes or a policy and that states
// no governing law otherwise.

var (
	// reAuthorityTitle: the kinds of document made under a statute.
	reAuthorityTitle = regexp.MustCompile(`(?i)\bminutes\b|\bresolutions?\b|\bpolicy\b|\bprocedures?\b|\bby-?laws\b|محضر|قرار|سياسة|لائحة`)
	// reNotAuthorityTitle: an insurance policy is a contract.
	reNotAuthorityTitle = regexp.MustCompile(`(?i)\binsurance\b|\bcover\s+note\b|وثيقة\s+تأمين|بوليصة`)
	// reAuthorityLinkEN: a conformity link before a statute.
	reAuthorityLinkEN = regexp.MustCompile(`(?i)\b(?:pursuant\s+to|in\s+accordance\s+with|in\s+compliance\s+with|under|by\s+virtue\s+of)\s+(?:the\s+)?(?:provisions\s+of\s+(?:the\s+)?)?`)
	// reStatuteEN: the statute's word.
	reStatuteEN = regexp.MustCompile(`(?i)\b(?:law|code|act|decree)\b`)
	// reAuthoritySubject: what the sentence is about before the link:
	// the meeting, the resolution, the policy.
	reAuthoritySubject = regexp.MustCompile(`(?i)\b(?:meeting|assembly|resolutions?|resolved|minutes|policy|procedure|by-?laws)\b|القرار|قرار|السياسة|سياسة|الاجتماع|اجتماع|الجمعية|المحضر|اللائحة`)
	// reOneMatter: a matter the statute is cited for (not the document
	// as a whole).
	reOneMatter = regexp.MustCompile(`(?i)\b(?:breach(?:es)?|disciplin\w*|gratuity|end[-\s]of[-\s]service|vat|tax(?:es)?|deduct\w*|overtime|wages?|salar(?:y|ies)|licen[cs]es?|permits?|claims?|disputes?|penalt(?:y|ies)|fines?|compensation|leave\s+(?:is|shall|will|may))\b|مكافأة|نهاية\s+الخدمة|ضريبة|الضريبة|مخالف|تأديب|إجازة|الإجازة|رخص|ترخيص|نزاع|النزاع|غرامة|الأجور|الأجر|تعويض`)
)

// authorityLaw adds the statute's jurisdiction as the document's law.
func (x *extractor) authorityLaw() {
	text := x.a.text
	for _, c := range x.cands {
		if c.fact.Type == TypeGoverningLaw {
			return // the document states its law otherwise
		}
	}
	if !authorityTitle(text) {
		return
	}
	flat := strings.ReplaceAll(text, "\n", " ")
	// English.
	for _, m := range reAuthorityLinkEN.FindAllStringIndex(flat, -1) {
		before := sentenceBeforeAuthority(flat[:m[0]])
		if !reAuthoritySubject.MatchString(before) || reOneMatter.MatchString(before) {
			continue
		}
		tail := sentenceAfterAuthority(flat[m[1]:min(len(flat), m[1]+240)])
		s := reStatuteEN.FindStringIndex(tail)
		if s == nil || s[0] > 100 || reOneMatter.MatchString(tail[:s[0]]) {
			continue
		}
		if code, i, e := arJurisdictionAfter(tail); code != "" {
			x.addAuthorityLaw(m[1]+i, m[1]+e, code)
			return
		}
	}
	// Arabic, read without its short vowels.
	s, idx := lawUnvowelled(text)
	s = strings.ReplaceAll(s, "\n", " ")
	for _, m := range reLawLinkAR.FindAllStringIndex(s, -1) {
		before := arSentenceStart(s[max(0, m[0]-300):m[0]])
		if !reAuthoritySubject.MatchString(before) || reOneMatter.MatchString(before) {
			continue
		}
		rest := arSentenceEnd(s[m[1]:min(len(s), m[1]+240)])
		if code, i, e := arJurisdictionAfter(rest); code != "" {
			x.addAuthorityLaw(idx[m[1]+i], idx[m[1]+e], code)
			return
		}
	}
}

// addAuthorityLaw reports text[s:e] (a jurisdiction) as the law.
func (x *extractor) addAuthorityLaw(s, e int, code string) {
	v := strings.TrimSpace(x.a.text[s:e])
	if v == "" {
		return
	}
	s += strings.Index(x.a.text[s:e], v)
	f := Fact{Type: TypeGoverningLaw, Key: "governing_law", Label: "Governing law", Value: v, Normalized: code, Method: "clause", Confidence: 0.75}
	x.add(candidate{fact: f, start: s, end: s + len(v), prio: 4})
}

// authorityTitle: the first lines title the document a resolution,
// minutes or a policy (not an insurance policy).
func authorityTitle(text string) bool {
	n := 0
	for _, l := range strings.Split(prefixBytes(text, 600), "\n") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		if reNotAuthorityTitle.MatchString(l) {
			return false
		}
		if reAuthorityTitle.MatchString(l) && len(l) <= 120 {
			return true
		}
		if n++; n >= 4 {
			break
		}
	}
	return false
}

// sentenceBeforeAuthority: the sentence t ends in (from its last stop).
func sentenceBeforeAuthority(t string) string {
	t = t[max(0, len(t)-300):]
	for _, sep := range []string{". ", "; ", "  "} {
		if i := strings.LastIndex(t, sep); i >= 0 && !strings.HasSuffix(strings.ToLower(t[:i]), " no") {
			t = t[i+len(sep):]
		}
	}
	return t
}

// sentenceAfterAuthority: t up to the end of its sentence ("Decree No. (21)"
// goes on).
func sentenceAfterAuthority(t string) string {
	for from := 0; ; {
		i := strings.Index(t[from:], ". ")
		if i < 0 {
			return t
		}
		i += from
		if w := strings.ToLower(t[max(0, i-3):i]); strings.HasSuffix(w, "no") || strings.HasSuffix(w, "art") {
			from = i + 2
			continue
		}
		return t[:i]
	}
}
