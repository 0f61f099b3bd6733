package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 16, round 14 (heldout11 as development data): parties
// a document lists in a table whose header does not say "Role" (docs/
// documents.md, "round 14, parties, obligations and requirements from
// heldout11").

// reHeadParty / reHeadName: a header cell that names the party (its
// role, when another cell holds the name) and one that names the name.
var (
	reHeadParty = regexp.MustCompile(`^(?:party|the\s+party|الطرف|الأطراف|الاطراف)$`)
	reHeadName  = regexp.MustCompile(`^(?:name|full\s+name|legal\s+name|party\s+name|company\s+name|الاسم|اسم\s+الطرف|اسم\s+الشركة)$`)
)

// headWord is a header cell as compared: lowercased, trimmed, its first
// script's half when it is written in two ("Party / الطرف").
func headWord(h string) string {
	h = strings.TrimSpace(strings.Trim(lowerASCII(h), " *_#"))
	if i := strings.Index(h, " / "); i > 0 && hasArabic(h[:i]) != hasArabic(h[i+3:]) {
		h = strings.TrimSpace(h[:i])
	}
	return h
}

// partyNameHeader finds the role and the name column of a table of
// parties whose header names no role column: "Party | Name" (the party
// column holds the role, "Operator / المشغل", the name column the
// party), and a header whose role column is left empty ("| | Party |
// Address |", the rows "Client | X | ..."). The role column's cell of
// this row must be a role word; -1, -1 otherwise.
func partyNameHeader(head, cells []string) (roleCol, nameCol int) {
	roleCol, nameCol = -1, -1
	party, name, empty := -1, -1, -1
	for i, h := range head {
		switch w := headWord(h); {
		case w == "":
			if empty < 0 {
				empty = i
			}
		case party < 0 && reHeadParty.MatchString(w):
			party = i
		case name < 0 && reHeadName.MatchString(w):
			name = i
		}
	}
	switch {
	case party >= 0 && name >= 0:
		roleCol, nameCol = party, name
	case empty >= 0 && (party >= 0 || name >= 0):
		roleCol, nameCol = empty, max(party, name)
	default:
		return -1, -1
	}
	if roleCol >= len(cells) || nameCol >= len(cells) {
		return -1, -1
	}
	if w := roleCellWord(strings.TrimSpace(strings.Trim(cells[roleCol], " *_"))); w == "" || lexRole(reBracketNote.ReplaceAllString(w, "")) == "" && reBracketNote.FindString(w) == "" {
		return -1, -1
	}
	return roleCol, nameCol
}

// roleCellWord is a role cell written in two scripts ("Operator /
// المشغل", "Lessor / المؤجر") read by its half that names a role, the
// first such; the cell itself otherwise.
func roleCellWord(cell string) string {
	i := strings.Index(cell, " / ")
	if i <= 0 {
		return cell
	}
	a, b := strings.TrimSpace(cell[:i]), strings.TrimSpace(cell[i+3:])
	if hasArabic(a) == hasArabic(b) {
		return cell
	}
	for _, h := range []string{a, b} {
		if lexRole(reBracketNote.ReplaceAllString(h, "")) != "" || reBracketNote.FindString(h) != "" {
			return h
		}
	}
	return cell
}

// tableNameParts parts a name cell written in two scripts ("Duqm Power
// Rentals LLC / شركة الدقم لتأجير الطاقة ش.م.م") into its halves, each a
// party of its own (one party line per written form); the cell whole
// otherwise.
func tableNameParts(cell string) [][2]int {
	i := strings.Index(cell, " / ")
	if i <= 0 {
		return [][2]int{{0, len(cell)}}
	}
	a, b := cell[:i], cell[i+3:]
	if hasArabic(a) == hasArabic(b) || strings.TrimSpace(a) == "" || strings.TrimSpace(b) == "" || strings.Contains(b, " / ") {
		return [][2]int{{0, len(cell)}}
	}
	return [][2]int{{0, i}, {i + 3, len(cell)}}
}

// paddedHeader: a header row one cell shorter than the row, whose role
// column was left empty ("| | Party | Address |" is read "Party |
// Address"), is the header with an empty first cell.
func paddedHeader(head, cells []string) []string {
	if len(cells) != len(head)+1 {
		return head
	}
	return append([]string{""}, head...)
}

// reKindDef / reArKindDef: a definition by an organisation's kind in
// brackets ('("the Company")', '(the "Company")', '("الشركة")').
var (
	reKindDef   = regexp.MustCompile(`\(\s*(?:the\s+)?["“]\s*(?:the\s+)?(Company|Firm|Corporation)\s*["”]\s*\)`)
	reArKindDef = regexp.MustCompile(`\(\s*["“«]\s*(الشركة|المؤسسة)\s*["”»]\s*\)`)
)

// companyKindRoles: in a contract between parties, a party defined only
// by an organisation's kind ('Ruwi Wheels LLC, P.O. Box 1, Ruwi ("the
// Company")', '("الشركة")') while the other party is defined by a role
// ('("the Customer")') is a party of the contract whose role word is the
// one the text gives it: company, as the key specification keeps role
// words as written. Earlier rules give such a definition the role the
// document's type gives the party (an RFQ's issuer, an offer letter's
// employer, a letter's author); only a party they leave without one is
// read here, and only when another party of the document has a role.
func companyKindRoles(facts []Fact, cands []candidate, text string) {
	open := strings.ToLower(text[:min(len(text), 1500)])
	if reCommercialTitle.MatchString(open[:min(len(open), 300)]) || !reContractWords.MatchString(open) {
		return
	}
	other := false
	for _, f := range facts {
		if f.Type == TypeParty && f.Role != "" && f.EntityType != "person" {
			other = true
		}
	}
	if !other {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" || f.EntityType == "person" || i >= len(cands) {
			continue
		}
		end := cands[i].end
		line := text[end:]
		if j := strings.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		re := reKindDef
		if hasArabic(f.Value) {
			re = reArKindDef
		}
		m := re.FindStringSubmatchIndex(line)
		if m == nil || strings.Contains(line[:m[0]], "(") && !strings.Contains(line[:m[0]], ")") {
			continue
		}
		// the definition is the name's own: no other role word or party
		// name between them
		if reDefRoleWordBetween.MatchString(line[:m[0]]) {
			continue
		}
		facts[i].Role, facts[i].Key, facts[i].Label = "company", "company", "Company"
	}
}

// reDefRoleWordBetween: a definition of another kind between a name and
// the kind word ('X LLC (the "Supplier") and Y ("the Company")').
var reDefRoleWordBetween = regexp.MustCompile(`["“”«»]|\band\b|\bو\s`)

// kindAliases: the Arabic kind word of a party companyKindRoles made the
// company ("تلتزم الشركة بتوفير") stands for it, as the English "the
// Company" does through definedAliases.
func (x *clauseExtractor) kindAliases() {
	for _, p := range x.parties {
		if p.Role != "company" || !hasArabic(p.Value) {
			continue
		}
		if x.arAliases == nil {
			x.arAliases = map[string]string{}
		}
		if x.arAliases["الشركة"] == "" {
			x.arAliases["الشركة"] = "company"
		}
	}
}
