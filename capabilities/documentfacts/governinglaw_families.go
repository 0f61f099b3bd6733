package documentfacts

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Governing law, round 15 (issue 29, session 17): the families of wording
// by which a contract chooses its law beyond "governed by" (see
// docs/documents.md, "round 15, governing law", and governinglaw_families_test.go):
//
//   - a conformity link (in accordance with, pursuant to, under, according
//     to, applying) right before the law, in a sentence about disputes,
//     interpretation, validity or the parties' rights, or about a court or
//     tribunal: "any dispute shall be determined in accordance with
//     Singapore law", "the Omani courts applying Omani law". A link in a
//     sentence about anything else (performing works, calculating a
//     gratuity, charging VAT) chooses nothing, nor does a statute named by
//     its field ("the Omani Labour Law");
//   - a heading that says Governing Law and a block under it that is only
//     the law ("The laws of Oman.", "English law.", "The Sultanate of
//     Oman.");
//   - the contract called a contract of a country ("This Contract is an
//     Omani contract");
//   - in Arabic, a conformity link (وفقاً لـ, طبقاً لـ, بموجب, حسب) in a
//     sentence about a dispute or interpretation ("يفصل في النزاع وفقاً
//     لقوانين مملكة البحرين"), never after a word of incorporation
//     (مسجلة, مؤسسة); and "X هو القانون الواجب التطبيق".
//
// Arabic is read with its short vowels (tashkeel) taken out, so "يُفسَّر"
// is "يفسر".

var (
	// reLawLink: a conformity link that ends the text before a law.
	reLawLink = regexp.MustCompile(`(?i)\b(?:in\s+accordance\s+with|in\s+conformity\s+with|pursuant\s+to|according\s+to|under|by\s+reference\s+to|applying|(?:shall|will|must|to)\s+apply)(?:\s+(?:the\s+)?(?:provisions|rules)\s+of)?\s+(?:the\s+)?$`)
	// reLawCue: what a sentence must be about for a link to choose a law.
	reLawCue = regexp.MustCompile(`(?i)\b(?:disputes?|differences?|controvers(?:y|ies)|claims?|interpretation|construction|validity|rights\s+and\s+(?:obligations|duties|liabilities)|arbitra(?:l|tors?|tion)|tribunal|courts?|adjudicat\w+)\b`)
	// reLawHeading: a heading (or a label on its own line) that is only
	// the name of a governing-law clause, in English, Arabic or both
	// ("12. Governing Law", "Law and Jurisdiction", "Governing Law /
	// القانون الحاكم"); "Compliance with Applicable Laws" is none.
	reLawHeading = regexp.MustCompile(`^(?:` + lawHeadingName + `)(?:\s*[/|–—-]\s*(?:` + lawHeadingName + `))?\s*[.:：]?$`)
	// reMadeUnder: "This Agreement is made under", "has been concluded in
	// accordance with": the contract as a whole made under a law.
	reMadeUnder = regexp.MustCompile(`(?i)^\s*(?:this|the)\s+(?:agreement|contract|lease|deed|charter(?:\s+party)?|licen[cs]e)\s+(?:is|was|has\s+been|shall\s+be|(?:is|shall\s+be)\s+deemed\s+to\s+have\s+been)\s+(?:made|concluded|entered\s+into|executed)\s+(?:and\s+\w+\s+)?(?:under|in\s+accordance\s+with|pursuant\s+to)\s+(?:the\s+)?$`)
	// reContractOf: "This Contract is an Omani contract", "shall be deemed
	// to be an English law contract".
	reContractOf   = regexp.MustCompile(`(?i:\b(?:is|be|as)\s+(?:deemed\s+(?:to\s+be\s+)?|treated\s+as\s+|considered\s+(?:to\s+be\s+|as\s+)?|regarded\s+as\s+)?an?\s+)([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?)(?i:[\s-]+law)?\s+(?i:contract|agreement)\b`)
	reThisContract = regexp.MustCompile(`(?i)\b(?:this|the)\s+(?:agreement|contract|lease|deed|charter(?:\s+party)?|licen[cs]e|order|quotation|terms)\b`)
	// reLawLinkAR: an Arabic conformity link, then a law word; its end is
	// where the jurisdiction is looked for.
	reLawLinkAR = regexp.MustCompile(`(?:وفقا|طبقا|وفق|حسب|بموجب|استنادا\s+إلى|استنادا\s+الى)\s*(?:ل|ال|لل)?(?:أحكام\s+|احكام\s+)?(?:ال)?(?:قوانين|قانون|أنظمة|انظمة|نظام|تشريعات)`)
	// reLawCueAR: a dispute, an interpretation or a governing verb.
	reLawCueAR = regexp.MustCompile(`(?:نزاع|النزاع|النزاعات|منازعة|المنازعات|خلاف|الخلاف|الخلافات|تفسير|يفسر|تفسر|يخضع|تخضع|يحكم|تحكم)`)
	// reIncorporatedAR: a company established or registered under a law.
	reIncorporatedAR = regexp.MustCompile(`(?:مسجلة|مسجل|المسجلة|المسجل|مؤسسة|مؤسس|المؤسسة|تأسست|القائمة|قائمة|مرخصة|المرخصة|مرخص|منشأة|المنشأة)\s*$`)
	// reApplicableIsAR: "... هو القانون الواجب التطبيق", "هي الواجبة التطبيق".
	reApplicableIsAR = regexp.MustCompile(`(?:هو|هي)\s+(?:القانون\s+|القوانين\s+)?(?:الواجب|الواجبة)\s+التطبيق`)
)

// lawHeadingName: the names of a governing-law clause.
const lawHeadingName = `(?i:(?:(?:governing|applicable|proper)\s+laws?|choice\s+of\s+law|laws?)(?:,?\s+(?:and\s+)?(?:jurisdiction|disputes?|dispute\s+resolution|settlement\s+of\s+disputes|forum|venue|arbitration|courts))*|jurisdiction\s+and\s+(?:governing\s+|applicable\s+)?law)|(?:القانون|النظام)\s+(?:الواجب\s+التطبيق|الحاكم|المطبق)(?:\s+و\S+(?:\s+\S+)?)?`

// notJurisdiction: words a capitalised "Laws of ..." or a label names that
// are no jurisdiction ("the Laws of Nature", "Governing Law: As set out in
// clause 14").
var notJurisdiction = []string{"nature", "physics", "god", "science", "motion", "thermodynamics", "as", "see", "per", "refer", "according",
	"pursuant", "under", "in", "same", "none", "not", "n/a", "tbc", "tbd", "clause", "article", "section", "schedule", "annex", "appendix"}

// noPlace reports whether v, a value read as a law's jurisdiction that
// names no known one, is no place at all.
func noPlace(v string) bool {
	first, _, _ := strings.Cut(lowerASCII(strings.TrimSpace(v)), " ")
	return slices.Contains(notJurisdiction, strings.TrimRight(first, ".,:;"))
}

// generalLawFields: the words between a jurisdiction and "law" that still
// name its law as a whole ("Omani substantive law"), not one statute.
var generalLawFields = []string{"substantive", "federal", "civil", "internal", "domestic", "commercial", "contracts", "obligations"}

// lawLinked reports whether before (the sentence before a law) ends with
// a conformity link and is about disputes, interpretation or a court.
func lawLinked(before string) bool {
	loc := reLawLink.FindStringIndex(before)
	return loc != nil && (reLawCue.MatchString(before[:loc[0]]+" "+strings.TrimSpace(before[loc[0]:])) || reMadeUnder.MatchString(before))
}

// statuteField reports whether the words between a jurisdiction's
// adjective at adj and "law" at lawAt name one statute ("Omani Labour
// Law"), not the law as a whole.
func statuteField(t string, adj, lawAt int) bool {
	if adj < 0 || adj >= lawAt {
		return false
	}
	_, n := jurisdictionAt(t[adj:lawAt])
	for _, w := range strings.Fields(lowerASCII(t[adj+n : lawAt])) {
		if !slices.Contains(generalLawFields, w) {
			return true
		}
	}
	return false
}

// lawHeadingAbove reports whether the block at base follows a short block
// (a heading, or a label on its own line) that names the governing law.
func (x *extractor) lawHeadingAbove(base int) bool {
	if x.a.segs == nil {
		return false
	}
	i := segIndexAt(x.a.segs, base)
	if i == 0 || x.a.segs[i].start != base {
		return false
	}
	p := x.a.segs[i-1]
	h := strings.TrimSpace(x.a.text[p.start:p.end])
	h = reHeadingNumber.ReplaceAllString(h, "")
	return len(h) <= 80 && reLawHeading.MatchString(strings.Trim(h, " *_#"))
}

// reHeadingNumber: a heading's number ("12.", "4.1", "(b)", "Clause 9 -").
var reHeadingNumber = regexp.MustCompile(`^[\s#*_]*(?:(?i:clause|article|section)\s+)?(?:[0-9]+(?:\.[0-9]+)*\.?|\(?[a-zA-Z]\)|[ivxIVX]+\.)\s*[-–—:]?\s*`)

// lawAlone is the jurisdiction (its code, start and end in t) when t is
// nothing but a law: "The laws of Oman.", "English law.", "The Sultanate
// of Oman.", "قوانين سلطنة عمان", up to its first comma or stop.
func lawAlone(t string) (string, int, int) {
	end := len(t)
	if i := strings.IndexAny(t, ",;.،؛("); i >= 0 {
		end = i
	}
	head := t[:end]
	if strings.TrimSpace(t[end:]) != "" && !strings.HasPrefix(t[end:], ",") && !strings.HasPrefix(t[end:], "،") && !strings.HasPrefix(t[end:], "(") {
		// "The laws of Oman. Each Party ..." goes on: only the first
		// sentence is read, and only when it stands alone or runs into
		// an exception.
		if strings.TrimSpace(strings.TrimLeft(t[end:], ".;؛")) != "" && !strings.HasPrefix(t[end:], ".") {
			return "", 0, 0
		}
	}
	s := strings.TrimLeft(head, " \t*_#>-")
	at := len(head) - len(s)
	for _, lead := range []string{"the ", "laws of ", "law of ", "the ", "substantive ", "القوانين النافذة في ", "قوانين ", "قانون ", "القانون ", "أنظمة ", "الأنظمة "} {
		if strings.HasPrefix(lowerASCII(s), lead) {
			s, at = s[len(lead):], at+len(lead)
		}
	}
	v := strings.TrimSpace(s)
	for _, suf := range []string{" laws", " law", " Laws", " Law"} {
		v = strings.TrimSuffix(v, suf)
	}
	code, n := jurisdictionAt(v)
	if code == "" || n != len(v) {
		return "", 0, 0
	}
	lead := len(s) - len(strings.TrimLeft(s, " "))
	return code, at + lead, at + lead + n
}

// lawUnvowelled is t without Arabic short vowels and the tatweel, and for
// each byte of it (and its end) the offset in t.
func lawUnvowelled(t string) (string, []int) {
	var b strings.Builder
	idx := make([]int, 0, len(t)+1)
	for i, r := range t {
		if isTashkeel(r) || r == 'ـ' {
			continue
		}
		n := utf8.RuneLen(r)
		if r == utf8.RuneError {
			n = 1
		}
		b.WriteString(t[i : i+n])
		for k := 0; k < n; k++ {
			idx = append(idx, i+k)
		}
	}
	idx = append(idx, len(t))
	return b.String(), idx
}

// arJurisdictionAfter finds the first known jurisdiction that starts a
// word in s: its code, start and end.
func arJurisdictionAfter(s string) (string, int, int) {
	for i := 0; i < len(s); {
		if i == 0 || !unicode.IsLetter(lastRune(s[:i])) {
			if code, n := jurisdictionAt(s[i:]); code != "" {
				return code, i, i + n
			}
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return "", 0, 0
}

// arSentenceEnd cuts s at its sentence's end.
func arSentenceEnd(s string) string {
	if i := strings.IndexAny(s, ".؛\n"); i >= 0 {
		s = s[:i]
	}
	return s
}

// arSentenceStart is the part of s after its last sentence end.
func arSentenceStart(s string) string {
	if i := strings.LastIndexAny(s, ".؛\n"); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// firstSentenceEnd is where t's first sentence ends.
func firstSentenceEnd(t string) int {
	end := len(t)
	for _, sep := range []string{". ", "; ", "؛", "\n"} {
		if i := strings.Index(t, sep); i >= 0 && i < end {
			end = i
		}
	}
	return end
}

// lawJoined is the text of the block before the one at base (n bytes)
// and that block, when the block before is a line the block at base goes
// on (it ends in no stop, colon or table cell), and where it starts.
func (x *extractor) lawJoined(base, n int, prev string) (string, int, bool) {
	p := strings.TrimRight(prev, " ")
	if p == "" || strings.ContainsAny(p[len(p)-1:], ".;:؛|") || strings.Contains(p, " | ") || x.a.segs == nil {
		return "", 0, false
	}
	i := segIndexAt(x.a.segs, base)
	if i == 0 || x.a.segs[i].start != base {
		return "", 0, false
	}
	ps := x.a.segs[i-1]
	if strings.TrimSpace(x.a.text[ps.end:base]) != "" {
		return "", 0, false
	}
	start := max(ps.start, ps.end-400)
	for start > ps.start && !utf8.RuneStart(x.a.text[start]) {
		start--
	}
	return x.a.text[start : base+n], start, true
}
