package documentfacts

import (
	"regexp"
	"strings"
)

// Round 13 (heldout10 as development data): parties in a table whose
// header is "Party | Details" (the role in the first column, the name
// and address in the second), and in a two-cell row with no header and
// no colon ("Developer | Byte Souq Digital Solutions Co., Sharq").

// reDetailsColumn: a header cell that holds a party's name with its
// particulars.
var reDetailsColumn = regexp.MustCompile(`^(?:details|particulars|party\s+details|name\s+and\s+address|التفاصيل|البيانات|بيانات\s+الطرف)$`)

// detailsHeader: in a header "Party | Details" the party column names
// the role and the details column the party: their indexes, else -1.
func detailsHeader(head []string) (roleCol, nameCol int) {
	roleCol, nameCol = -1, -1
	for i, h := range head {
		h = strings.TrimSpace(strings.Trim(lowerASCII(h), " *_#"))
		switch {
		case roleCol < 0 && (h == "party" || h == "الطرف"):
			roleCol = i
		case nameCol < 0 && reDetailsColumn.MatchString(h):
			nameCol = i
		}
	}
	if roleCol < 0 || nameCol < 0 {
		return -1, -1
	}
	return roleCol, nameCol
}

// reRoleCellRow: a row of two cells, a role word of one to three
// capitalised words, then the value ("Developer | Byte Souq ...").
var reRoleCellRow = regexp.MustCompile(`^[\s*_|]*([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2})[\s*_]*\|[\s*_]*([^|]{2,160}?)[\s|]*$`)

// roleCellRow: the role word and where the value is in a two-cell row
// with no colon; ok false for any other line.
func roleCellRow(t string) (word string, start, end int, ok bool) {
	if strings.Count(t, "|") > 3 {
		return "", 0, 0, false
	}
	m := reRoleCellRow.FindStringSubmatchIndex(t)
	if m == nil {
		return "", 0, 0, false
	}
	return t[m[2]:m[3]], m[4], m[5], true
}
