package documentfacts

import (
	"strings"
)

// Round 15 (issue 29, session 17): keys of dates, money, deadlines and
// durations from heldout12's misses, by what a date, sum or period is of
// (docs/documents.md, "Issue 29, session 17: round 15, keys from
// heldout12").

// rowGoesOn15: a table row marked as a table's first row still continues
// the table above it when the row before it is a table row with as many
// cells (a DOCX text writes each row as a one-row table: "Priority |
// Definition | Response on site | Repair" over "Critical | ... | 2 hours |
// 24 hours").
func rowGoesOn15(prev, cur string) bool {
	return strings.Contains(prev, " | ") && strings.Count(prev, " | ") == strings.Count(cur, " | ")
}
