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
	reToldAfter = regexp.MustCompile(`(?i)^\s*be\s+(?:informed|invited|notified|advised|contacted|shortlisted|short-listed|selected)\b`)
)

// noDutyAfter: the obligation word (as written) followed by after states
// a right or a future event, no duty.
func noDutyAfter(word, after string) bool {
	if reRetentionAfter.MatchString(after) {
		return true
	}
	return strings.HasPrefix(lowerASCII(word), "will") && reToldAfter.MatchString(after)
}
