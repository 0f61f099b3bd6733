package documentfacts

import (
	"regexp"
	"slices"
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
	if b := markerBaseRole(cell); b != "" { // party_roles_bilingual.go: "Partner A", الشريك (أ)
		return b
	}
	i := strings.Index(cell, " / ")
	if i <= 0 {
		return cell
	}
	a, b := strings.TrimSpace(cell[:i]), strings.TrimSpace(cell[i+3:])
	if hasArabic(a) == hasArabic(b) {
		return cell
	}
	for _, h := range []string{a, b} {
		if m := markerBaseRole(h); m != "" {
			return m
		}
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

// contractWithRoledFirm: the document opens as a contract (no commercial
// document's title) and one of its parties that is no person has a role.
// Rounds 14 and 15 give a party left without a role the word the text
// defines it by only in such a document.
func contractWithRoledFirm(facts []Fact, text string) bool {
	open := strings.ToLower(text[:min(len(text), 1500)])
	if reCommercialTitle.MatchString(open[:min(len(open), 300)]) || !reContractWords.MatchString(open) {
		return false
	}
	return slices.ContainsFunc(facts, func(f Fact) bool {
		return f.Type == TypeParty && f.Role != "" && f.EntityType != "person"
	})
}

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
	if !contractWithRoledFirm(facts, text) {
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

// Class P3: who signs for a party, in the shapes heldout11's signing
// lines take beyond round 11's.

// reSignedLead: a signing label at an entry's start ("Signed /
// التوقيع:", "Signature:", "التوقيع:").
var reSignedLead = regexp.MustCompile(`(?i)^\s*(?:signed|signature|signatures|التوقيع|التوقيعات)(?:\s*/\s*(?:التوقيع|التوقيعات|signed|signature))?\s*[:：]\s*`)

// reNameRoleBracket: a name with the role it signs for in brackets after
// it ("Saif Al Jabri (Lessor / المؤجر)", "ناصر الهنائي (المؤجر)").
var reNameRoleBracket = regexp.MustCompile(`^\s*([^()]{3,80}?)\s*\(([^()]{2,60})\)\s*[.,;]?\s*$`)

// bracketRoleSigners finds, on a signing line, the people named with the
// role they sign for in brackets after their name ("Signed / التوقيع:
// Saif Hilal Al Jabri (Lessor / المؤجر) — Pradeep Rao Shetty (Lessee /
// المستأجر)"), as [start, end) offsets in t: each a signatory with no
// role. The line must open with a signing label or stand in a signature
// block, and each bracket must name a role (a post or a place does not).
func bracketRoleSigners(t string, signing bool) [][2]int {
	if strings.Contains(t, "\n") {
		return nil
	}
	lead := reSignedLead.FindStringIndex(t)
	if lead == nil && !signing {
		return nil
	}
	var out [][2]int
	idx := reEntrySep.FindAllStringIndex(t, -1)
	from := 0
	if lead != nil {
		from = lead[1]
	}
	for k := 0; k <= len(idx); k++ {
		to := len(t)
		if k < len(idx) {
			to = idx[k][0]
		}
		if to <= from {
			if k < len(idx) {
				from = max(from, idx[k][1])
			}
			continue
		}
		at, cell := from, t[from:to]
		if k < len(idx) {
			from = idx[k][1]
		}
		m := reNameRoleBracket.FindStringSubmatchIndex(cell)
		if m == nil {
			continue
		}
		note := roleCellWord(strings.TrimSpace(cell[m[4]:m[5]]))
		if !signerRoleWord(note) {
			continue
		}
		body := cell[m[2]:m[3]]
		for _, pr := range bilingualParts(body) {
			p, ld := skipHonorific(body[pr[0]:pr[1]])
			p = strings.TrimSpace(p)
			if p == "" || hasDigit(p) || !personNameAlone(p) || rolePhrase(p) {
				continue // (a signing column's heading: "عن الطرف الأول (المورد)")
			}
			s := at + m[2] + pr[0] + ld
			out = append(out, [2]int{s, s + len(p)})
		}
	}
	return out
}

// rePairedLabels: a line that labels two parties' signers side by side,
// parted by a dash or a run of spaces ("الطرف الأول: X — الطرف الثاني:
// Y", "Lessor: X     Lessee: Y").
var rePairedLabels = regexp.MustCompile(`^\s*[^:：—–|]{2,40}[:：][^:：]{2,80}?(?: [—–] | {3,})[^:：—–|]{2,40}[:：][^:：]{2,80}$`)

// pairedSigner: name, a person's, is labelled with a party's role on a
// line that labels two parties side by side, in a document whose parties
// with roles are organisations named before: it signs for its party.
func (x *extractor) pairedSigner(t, name string) bool {
	if !rePairedLabels.MatchString(t) {
		return false
	}
	if !(hasArabic(name) && reArPlainName.MatchString(name) && arPersonLike(name) && !arOrgHead(name) || !hasArabic(name) && rePlainName.MatchString(name) && !titleWords(name) && trimOrgLead(name) == name) {
		return false
	}
	orgs := 0
	for _, c := range x.cands {
		if c.fact.Type == TypeParty && c.fact.Role != "" && c.fact.EntityType == "company" {
			orgs++
		}
	}
	return orgs >= 2
}

// Class P4: a firm named under a post's word. A construction document
// names the engineer or the consultant as a firm ("Engineer: Hisn
// Consult Engineering Office, Muscat"; "عن الاستشاري | م. X، مكتب
// الإتقان للاستشارات الهندسية"): a party with the role the label names,
// not a person's post.

// reFirmName: a firm's name with no legal form, its last word a firm's
// kind ("Hisn Consult Engineering Office", "Al Bahr Architects").
var reFirmName = regexp.MustCompile(`^\s*((?:[A-Z][A-Za-z&'-]*\s+){1,5}(?:Office|Bureau|Consultants|Consultancy|Associates|Partners|Architects|Engineers))\s*(?:,|$)`)

// postFirm: a one-word post ("Engineer") labels value, a firm: the label
// names the firm's role.
func postFirm(word, value string) bool {
	if len(strings.Fields(word)) != 1 {
		return false
	}
	m := reFirmName.FindStringSubmatch(value)
	if m == nil {
		return false
	}
	switch lowerASCII(strings.Fields(m[1])[0]) {
	case "head", "registered", "main", "branch", "post", "regional", "site", "the":
		return false
	}
	return true
}

// reArFirmAfterPerson: in a signing cell for a role, the firm written
// after the person's name ("م. سارة العنزي، مكتب الإتقان للاستشارات
// الهندسية").
var reArFirmAfterPerson = regexp.MustCompile(`^\s*(?:عن|نيابة\s+عن)\s+(ال\p{Arabic}+(?:\s+\p{Arabic}+)?)\s*[|:：]\s*[^،,|]{3,60}[،,]\s*((?:مكتب|شركة|مؤسسة|دار)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,5})\s*$`)

// firmAfterSigner: the firm of a signing cell (its offsets in t) and the
// role its label names, when that role is no other party's.
func (x *extractor) firmAfterSigner(t string) (s, e int, role string, ok bool) {
	m := reArFirmAfterPerson.FindStringSubmatchIndex(t)
	if m == nil {
		return 0, 0, "", false
	}
	w := stripTashkeel(t[m[2]:m[3]])
	role = roleOf(w)
	if role == "" {
		role = roleOf(arRolePrefix(w))
	}
	if role == "" || role == "first_party" || role == "second_party" {
		return 0, 0, "", false
	}
	for _, c := range x.cands {
		if c.fact.Type == TypeParty && c.fact.Role == role {
			return 0, 0, "", false
		}
	}
	return m[4], m[5], role, true
}

// Class X: parties found twice or in a title.

// reFormRest: what a name's longer form adds: its legal form ("ش.م.ب
// (مقفلة)", "LLC", "W.L.L.").
var reFormRest = regexp.MustCompile(`^\s*,?\s*(?:` + arOrgSuffix + `|` + orgSuffix + `(?:\s*\((?:[a-z]|` + formQualifier + `)\))?)\s*\.?\s*$`)

// reTitleDocWord: a document's kind right after a name in its title
// ("Umrah Group Package Contract").
var reTitleDocWord = regexp.MustCompile(`^\s+(?:[A-Z][a-z]+\s+){0,2}(?:Contract|Agreement|Policy|Package|Programme|Program|Terms|Proposal|Plan)\b`)

// droppedParties removes two kinds of party from facts (and cands, kept
// aligned): a name that is another party's name without its legal form,
// with the same role ("تعلن شركة دلمون للتطوير العقاري عن" beside the
// labelled "شركة دلمون للتطوير العقاري ش.م.ب (مقفلة)"), one party named
// twice; and a name read from the document's first line that runs into
// the document's kind ("Umrah Group Package Contract") and is named
// nowhere else: a title's words, no party.
func droppedParties(facts []Fact, cands []candidate, text string) ([]Fact, []candidate) {
	if len(facts) != len(cands) {
		return facts, cands
	}
	firstEnd := strings.IndexByte(text, '\n')
	if firstEnd < 0 {
		firstEnd = len(text)
	}
	drop := map[int]bool{}
	for i, f := range facts {
		if f.Type != TypeParty {
			continue
		}
		if w := strings.TrimSpace(f.Value); w == "We" || w == "we" || w == "نحن" {
			drop[i] = true // (a writer's pronoun before its definition)
			continue
		}
		if len(f.Value) < 6 {
			continue
		}
		for j, g := range facts {
			if j == i || g.Type != TypeParty || g.Role != f.Role || len(g.Value) <= len(f.Value) || drop[j] {
				continue
			}
			if strings.HasPrefix(g.Value, f.Value+" ") && reFormRest.MatchString(g.Value[len(f.Value):]) {
				drop[i] = true
				break
			}
		}
		c := cands[i]
		if f.Role == "" && c.end <= firstEnd && reTitleDocWord.MatchString(text[c.end:firstEnd]) && strings.Count(text, f.Value) == 1 {
			drop[i] = true
		}
	}
	return withoutDropped(facts, cands, drop)
}

// rolePhrase: p names a role, not a person ("الطرف الأول", "عن
// المورد", "For the Supplier").
func rolePhrase(p string) bool {
	if reForRoleEN.MatchString(p) || reForRoleAR.MatchString(p) || strings.HasPrefix(p, "عن ") {
		return true
	}
	return signerRoleWord(p) || labelRole(p) != ""
}

// Class O5: a state of a party's thing ("The Contractor's performance
// bond shall remain valid until ...", "the Supplier's warranty shall
// continue for ..."): the subject is the thing, no party; a verb of state
// after it binds no one (heldout11's README: "shall remain valid until",
// a state).
var rePossessiveThing = regexp.MustCompile(`\b[A-Z][A-Za-z]+['’]s?\s+(?:[a-z-]+\s+){0,3}[a-z-]+(?:\s+of\s+[^;]{1,40})?\s*$`)

// possessiveThing: the subject before the verb ends in a possessive and
// its noun ("the Contractor's performance bond").
func possessiveThing(subj string) bool {
	for _, sep := range []string{". ", "; ", ": "} {
		if i := strings.LastIndex(subj, sep); i >= 0 {
			subj = subj[i+len(sep):]
		}
	}
	m := rePossessiveThing.FindString(strings.TrimRight(subj, " "))
	// the party's people are the party ("the Supplier's staff shall
	// remain on site")
	return m != "" && !rePartyPeople.MatchString(m)
}

var rePartyPeople = regexp.MustCompile(`(?i)['’]s?\s+(?:[a-z-]+\s+){0,2}(?:staff|employees?|personnel|engineers?|team|representatives?|workers?|agents?|drivers?|crew|subcontractors?)\b`)

// eachRole is the role "each X" binds (the key specification, session
// 16): the role word the text uses, "each partner" / "كل شريك" partner,
// "each shareholder" / "كل مساهم" shareholder; each_party only for "each
// party", "كل طرف", "neither party" and their kin.
func eachRole(phrase string) string {
	low := lowerASCII(phrase)
	switch {
	case strings.Contains(low, "partner") || strings.Contains(phrase, "شريك"):
		return "partner"
	case strings.Contains(low, "shareholder") || strings.Contains(phrase, "مساهم"):
		return "shareholder"
	}
	return "each_party"
}

// Class P5 (the key specification, session 16): the bank or insurer that
// issues a guarantee or a policy takes the document's own defined word
// ('We, Gulf Bank SAOG (the "Guarantor")' is the guarantor, 'X Insurance
// SAOG (the "Insurer")' the insurer); the document type's issuer only
// where the text defines none. A tender's or a letter's author stays
// issuer whatever it calls itself (heldout11's README: "the Purchaser").

// reGuaranteeDoc: a guarantee, a bond, a policy or an insurance
// certificate, by its opening.
var reGuaranteeDoc = regexp.MustCompile(`(?i)\bguarantee\b|\bbond\b|\bsurety\b|\bletter\s+of\s+credit\b|\binsurance\b|\bpolicy\b|\bcover\s+note\b|كفالة|خطاب\s+ضمان|ضمان\s+بنكي|وثيقة\s+تأمين|بوليصة`)

// reIssuerDef: a definition in brackets after the issuer's name.
var (
	reIssuerDef   = regexp.MustCompile(`^[^()\n]{0,120}?\(\s*(?:the\s+)?["“]\s*(?:the\s+)?([A-Z][A-Za-z]+)\s*["”]\s*\)`)
	reArIssuerDef = regexp.MustCompile(`^[^()\n]{0,160}?\(\s*(?:ويشار\s+إلي(?:ه|ها)\s+(?:فيما\s+بعد\s+)?بـ?\s*)?["“«]\s*(\p{Arabic}+(?:\s+\p{Arabic}+)?)\s*["”»]\s*\)`)
)

// definedIssuerRoles applies class P5 to facts; a "We" read as a party
// of its own from the same definition is dropped by droppedParties.
func definedIssuerRoles(facts []Fact, cands []candidate, text string) {
	open := text[:min(len(text), 600)]
	if !reGuaranteeDoc.MatchString(open) || reTenderTitle.MatchString(open) {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "issuer" || f.EntityType == "person" || i >= len(cands) {
			continue
		}
		after := text[cands[i].end:]
		re := reIssuerDef
		if hasArabic(f.Value) {
			re = reArIssuerDef
		}
		m := re.FindStringSubmatch(after)
		if m == nil {
			continue
		}
		role := lexRole(m[1])
		if role == "" || role == "issuer" || role == "first_party" || role == "second_party" || orgKindWords[lowerASCII(m[1])] {
			continue
		}
		facts[i].Role, facts[i].Key, facts[i].Label = role, role, strings.ToUpper(role[:1])+strings.ReplaceAll(role[1:], "_", " ")
	}
}

// writerRole: the roles definedIssuerRoles gives the writer of a
// guarantee or a policy, whom a bare "We" names.
func writerRole(role string) bool {
	switch role {
	case "guarantor", "insurer", "surety", "underwriter":
		return true
	}
	return false
}

// withoutDropped returns facts and their candidates without the indexes
// drop marks, in order; both slices unchanged when it marks none.
func withoutDropped(facts []Fact, cands []candidate, drop map[int]bool) ([]Fact, []candidate) {
	if len(drop) == 0 {
		return facts, cands
	}
	var fs []Fact
	var cs []candidate
	for i := range facts {
		if !drop[i] {
			fs, cs = append(fs, facts[i]), append(cs, cands[i])
		}
	}
	return fs, cs
}

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
