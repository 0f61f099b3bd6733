package documentfacts

import (
	"regexp"
	"strings"
)

// Rights and future events worded like duties (issue 29, round 8b).
var (
	// reRetentionAfter: "will retain 5% of each payment as retention
	// (money)": money held back, a right.
	reRetentionAfter = regexp.MustCompile(`(?i)^\s*(?:retain|withhold|hold\s+back)\b[^.;]{0,80}?\bas\s+(?:a\s+)?retention\b`)
	// reToldAfter: "will be informed / invited / notified": what the
	// writer will do, said to the reader.
	// reBeDeductedAfter: "OMR 250.000 shall be deducted from the next
	// instalment": a remedy for a breach, no duty.
	reBeDeductedAfter = regexp.MustCompile(`(?i)^\s*be\s+deducted\b`)
	reToldAfter       = regexp.MustCompile(`(?i)^\s*be\s+(?:informed|invited|notified|advised|contacted|shortlisted|short-listed|selected)\b`)
)

// noDutyAfter: the obligation word (as written) followed by after states
// a right or a future event, no duty.
func noDutyAfter(word, after string) bool {
	if reRetentionAfter.MatchString(after) || reBeDeductedAfter.MatchString(after) {
		return true
	}
	return strings.HasPrefix(lowerASCII(word), "will") && reToldAfter.MatchString(after)
}

var (
	// reMoneyBackAfter: the passive of giving money back.
	reMoneyBackAfter = regexp.MustCompile(`(?i)^\s*be\s+(?:released|returned|refunded|repaid)\b`)
	// reSecurityMoney: money held as security, the subject of giving back.
	reSecurityMoney = regexp.MustCompile(`(?i)\b(?:deposits?|retention|guarantees?|bonds?|money|amounts?|sums?|balance|advance)\s*$|\b(?:deposit|retention(?:\s+money)?|guarantee|bond)\b[^,;.]{0,40}$`)
)

// moneyBack: "The deposit will be returned", "the retention money shall
// be released": money held as security given back is a duty of no one
// named (issue 29, round 8b), where a bare "be released / returned" is
// otherwise a state ("shall not be released from its obligations", "late
// applications will be returned unopened").
func moneyBack(word, before, after string) bool {
	if strings.Contains(lowerASCII(word), "not") || !reMoneyBackAfter.MatchString(after) {
		return false
	}
	return reSecurityMoney.MatchString(strings.TrimSpace(before))
}
