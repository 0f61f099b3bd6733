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

// twinLines: the first name opens a line and the second opens the next,
// the first line holding the rest of the party's particulars (a
// bilingual parties clause, English line then Arabic line: "Sitra Pearl
// W.L.L., Sitra (the "Venue")" over "مركز سترة بيرل ذ.م.م، سترة").
// between is the text from the end of the first name to the second.
func twinLines(text string, s int, between string) bool {
	if strings.Count(between, "\n") != 1 || strings.Contains(between, " | ") {
		return false
	}
	ls := strings.LastIndex(text[:s], "\n") + 1
	if strings.Trim(text[ls:s], " *#_-•\t") != "" {
		return false
	}
	return strings.Trim(between[strings.Index(between, "\n")+1:], " *#_-•\t") == ""
}

// rePolicyTitle: a title of a company's own policy or of an insurer's
// policy schedule ("GROUP POLICY HR-07: BUSINESS TRAVEL", "سياسة الإرجاع
// والاستبدال", "GROUP MEDICAL INSURANCE - POLICY SCHEDULE").
var rePolicyTitle = regexp.MustCompile(`(?i)\bpolicy\b|سياسة|وثيقة\s+(?:ال)?تأمين`)

// policyIssuer: a document opening with a company's name over the title
// of a policy is that company's (heldout10's README, as heldout8's
// insurer's schedule): an organisation named on the first line with no
// role is the issuer, in either script. A policy where some party is the
// issuer already is left alone.
func policyIssuer(facts []Fact, text string) {
	head := prefixBytes(text, 300)
	lines := strings.SplitN(head, "\n", 4)
	if len(lines) < 2 || !rePolicyTitle.MatchString(strings.Join(lines[1:min(len(lines), 3)], "\n")) || rePolicyTitle.MatchString(lines[0]) {
		return
	}
	for _, f := range facts {
		if f.Type == TypeParty && f.Role == "issuer" {
			return
		}
	}
	first := strings.ToLower(lines[0])
	for i, f := range facts {
		if f.Type == TypeParty && f.Role == "" && f.EntityType == "company" && f.Value != "" && strings.Contains(first, strings.ToLower(f.Value)) {
			facts[i].Role, facts[i].Key, facts[i].Label = "issuer", "issuer", "Issuer"
		}
	}
}
