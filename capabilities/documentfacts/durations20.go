package documentfacts

import (
	"regexp"
	"strings"
)

// Round 20 of keys (issue 29, session 20): durations by families, read
// on the dev sets' duration misses, false and wrong-key durations
// (docs/documents.md, "Issue 29, session 20: durations and the remaining
// date families"; table tests in durations20_test.go):
//
//   - NW: the notice word of "N days' written notice" wrapped onto the
//     next line ("ninety (90) days' written" / "notice to the other
//     Party") still makes the period a notice period.
//   - RD: the time to repair, remedy, correct, replace or answer a
//     reported fault ("remedy any defect notified to it within seven (7)
//     days of the notice", "تقوم الشركة بإصلاح الأجهزة المشمولة بالضمان
//     خلال عشرة أيام", "Response to a warranty call: within 8 hours") is a
//     time limit only (the key specification: repair and response times
//     are deadlines), not a claim, warranty or notice period.

// noticeWrapped20: the duration ending at t[me] (t the block at base in
// the text) is followed by the rest of its line and then, on the next
// line, by a notice word: "sixty (60) days'" / "written notice".
func (x *extractor) noticeWrapped20(t string, base, me int) bool {
	if base+me > len(x.a.text) || x.a.text[base:base+me] != t[:me] {
		return false
	}
	rest := x.a.text[base+me:]
	if len(rest) > 80 {
		rest = rest[:80]
	}
	if i := strings.IndexByte(rest, '\n'); i < 0 || strings.TrimSpace(rest[:i]) == "" {
		return false // the line ends at the period: a notice word below opens a new clause
	}
	return reNoticeWrapped20.MatchString(lowerASCII(rest))
}

// reNoticeWrapped20: the possessive and qualifiers left on the line, a
// line break, then the notice (qualified or not) opening the next line.
var reNoticeWrapped20 = regexp.MustCompile(`^['’]?s?['’]?(?:[ \t]*\(\s*\w+\s*\))?(?:[ \t]+(?:prior|advance|written|clear|calendar|formal))*[ \t]*\r?\n[ \t]*(?:(?:prior|advance|written|clear|calendar|formal)\s+)*(?:notice|notification)\b`)

// serviceWindow20: the duration, keyed c, right after "within" / خلال in
// ctx (the clause before it) is the time for a service action on a
// reported fault: a word of repairing, remedying or answering stands in
// the clause, no party's own report or claim follows it ("any failure
// that the Buyer reports within": the buyer's window), and no breach is
// remedied (a cure period).
func serviceWindow20(c cue, ctx string) bool {
	switch c.key {
	case "claim_period", "warranty_period", "notice_period", "payment_period", "duration":
	default:
		return false
	}
	if !reWindowBefore.MatchString(ctx) || reBreachWord20.MatchString(ctx) {
		return false
	}
	s := max(lastMatch(reResponseWord, ctx), lastMatch(reRepairWord, ctx), lastMatch(reRemedyWord20, ctx))
	if s < 0 {
		return false
	}
	return !reReportVerb20.MatchString(ctx[s:])
}

var (
	// reRemedyWord20: remedying a defect, beside reRepairWord ("correct"
	// only before a defect: "each correct invoice" is no repair).
	reRemedyWord20 = regexp.MustCompile(`(?i)\b(?:remedy|remedies|rectify|rectifies|make\s+good|makes\s+good)\b|\bcorrects?\s+(?:\w+\s+){0,2}?(?:defects?|errors?|faults?|bugs?|deficienc\w*|non-?conformit\w*)\b|معالجة|بمعالجة|يصلح|تصلح|يستبدل|تستبدل`)
	// reBreachWord20: a breach or default to remedy: a cure period.
	reBreachWord20 = regexp.MustCompile(`(?i)\b(?:breach|breaches|default|defaults|non-?compliance|failure\s+to\s+(?:pay|perform|comply))\b|إخلال|الإخلال|مخالفة|المخالفة`)
	// reReportVerb20: a party's own report, notice or claim in the
	// active voice ("that the Buyer reports within", "must notify"); a
	// participle ("any defect notified to it", "reported by") is none.
	reReportVerb20 = regexp.MustCompile(`(?i)\b(?:reports|report|notify|notifies|inform|informs|claim|claims|lodge|lodges|submit|submits)\s+(?:\w+\s+){0,3}?(?:within|no\s+later|not\s+later)|\b(?:reports|notifies|informs|claims)\b|يخطر|تخطر|بإخطار|يبلغ|تبلغ|بإبلاغ|يطالب|بالمطالبة`)
)
