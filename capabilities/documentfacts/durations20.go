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
