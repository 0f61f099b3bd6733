package documentfacts

import (
	"regexp"
	"sort"
	"strings"
)

// Round 22 of money keys (issue 29, session 22, fourth pass; table tests
// in money22_test.go). Each rule states what a sum is of:
//
//   - MZ: a total row is the table's own last row. Decision 39 (a price
//     table's last row captioned "Total contract value", "قيمة العقد" is
//     its total_amount) and MP (the "Total contract price" row under a
//     priced breakdown) read a figure as a table's total only when it is
//     written in a row of that table, with at least two rows of sums
//     above it in the same table and no row of that table after it. A
//     contract value stated after the table (a key/value table of terms
//     that follows it, "Contract value | OMR 13,000.000" among other
//     terms, or a "Contract Price: OMR 13,000.000" line) is the
//     contract's value, `contract_value`.

// ownLastRow22: the figure at byte at of a's text is written in the last
// row of a table with at least two rows of sums above it (the table's
// total row), not in a row of another table or in a line after the table.
func ownLastRow22(a *assembled, at int) bool {
	i := segIndex22(a, at)
	if i < 0 || a.segs[i].tableStart {
		return false
	}
	seg := func(k int) string { return a.text[a.segs[k].start:a.segs[k].end] }
	if !strings.Contains(seg(i), " | ") {
		return false
	}
	above := 0
	for k := i - 1; k >= 0; k-- {
		t := seg(k)
		if !strings.Contains(t, "|") || a.segs[k].heading {
			break
		}
		if reSum21.MatchString(t) {
			above++
		}
		if a.segs[k].tableStart {
			break // the table's first row: what is above is another table
		}
	}
	if n := i + 1; n < len(a.segs) && !a.segs[n].tableStart && strings.Contains(seg(n), " | ") && !reInWords22.MatchString(seg(n)) {
		return false // the table goes on: a row among others, not its total
	}
	return above >= 2
}

// segIndex22: the index of the segment of a holding byte at, -1 if none.
func segIndex22(a *assembled, at int) int {
	i := sort.Search(len(a.segs), func(k int) bool { return a.segs[k].start > at }) - 1
	if i < 0 || at > a.segs[i].end {
		return -1
	}
	return i
}

// reInWords22: a row giving the total in words ("Amount in words: ...
// only", "فقط ... لا غير"), which a total row may have below it.
var reInWords22 = regexp.MustCompile(`(?i)\bin\s+words\b|\bonly\b|فقط|لا\s+غير|كتابةً|كتابة`)
