package documentfacts

import (
	"regexp"
	"strings"
)

// Consortia and joint bids (issue 29, session 28, round "letters",
// family 2): the duties of all the members take the word the document
// defines for them all, and a parties table with a Role column gives
// each party its role.

var (
	// reCollectiveBefore: the words before a quoted word that make it
	// a word for all the parties ('each is also a "Member"', 'together
	// the "Members"', 'collectively the "Members"').
	reCollectiveBefore    = regexp.MustCompile(`(?i)(?:\beach\s+(?:of\s+them\s+)?(?:is\s+)?(?:also\s+)?(?:referred\s+to\s+as\s+|called\s+)?(?:an?\s+)?|\b(?:together|collectively|jointly)\s+(?:referred\s+to\s+as\s+|called\s+)?(?:as\s+)?(?:the\s+)?)["“]$`)
	reQuotedWordConsortia = regexp.MustCompile(`["“]([A-Z][a-z]+)["”]`)
	// reArCollective: an Arabic collective word for the members
	// ('ويشار إليهم مجتمعين بـ"الأعضاء"', 'ويعتبر كل منهم "عضواً"').
	reArCollective = regexp.MustCompile(`(?:مجتمعين|مجتمعة|معاً|معا|كل\s+منهم|كل\s+منها)\s*(?:بـ|ب)?\s*["«“](?:ال)?(أعضاء|عضو|عضواً|عضوا)["»”]`)
)

// collectiveWords are the document's words for all its parties, by
// their singular lower-case form, each with its role form.
func collectiveWords(text string) map[string]string {
	out := map[string]string{}
	for _, m := range reQuotedWordConsortia.FindAllStringSubmatchIndex(text, 200) {
		before := text[max(0, m[0]-60) : m[0]+1]
		if !reCollectiveBefore.MatchString(before) {
			continue
		}
		w := singularWord(lowerASCII(text[m[2]:m[3]]))
		if w == "party" || thingDefinedWords[w] {
			continue
		}
		out[w] = w
	}
	if reArCollective.MatchString(text) {
		out["عضو"] = "member"
	}
	return out
}

// reArEachMember: an Arabic duty of each member ("يلتزم كل عضو بـ",
// "على كل عضو أن", "لا يجوز لأي عضو", "يلتزم الأعضاء").
var reArEachMember = regexp.MustCompile(`(?:يلتزم|يتعهد|على|لا\s+يجوز\s+ل)\s*(?:كل|أي|لكل|لأي)\s+(?:عضو|من\s+الأعضاء)\s*$|(?:يلتزم|يتعهد)\s+الأعضاء\s*$`)

// arMemberDuties gives an Arabic duty of each member the collective
// role, where the document names its members together ("الأعضاء").
func (x *clauseExtractor) arMemberDuties() {
	var coll map[string]string
	for i := range x.obls {
		f := &x.obls[i]
		if f.o.PartyRole != "" || !hasArabic(f.o.Action) || f.clauseStart <= f.start || f.clauseStart > len(x.a.text) {
			continue
		}
		head := strings.TrimSpace(x.a.text[max(f.start, f.clauseStart-80):f.clauseStart])
		m := reArEachMember.FindStringIndex(head)
		if m == nil {
			continue
		}
		if coll == nil {
			coll = collectiveWords(x.a.text)
		}
		if r := coll["عضو"]; r != "" {
			f.o.PartyRole = r
			if f.o.Party == "" {
				f.o.Party = strings.TrimSpace(head[m[0]:m[1]])
			}
		}
	}
}

// A parties table with a Role column ("No. | Party | Address | Role",
// then 'X LLC, C.R. 1048273 | P.O. Box 512 | the "Leader"'): each party
// is defined by the word in its row's Role cell.

var reRoleHeader = regexp.MustCompile(`(?i)(?:^|\|)\s*(?:role|capacity|role\s+in\s+the\s+consortium|صفته|الصفة|الدور)\s*(?:\||$)`)

type tableRole struct {
	party int
	word  string
}

// tableRoles reads the table's rows: a line below the header whose
// cells hold one party's name and, in the Role column, a word.
func tableRoles(all []Fact, cands []candidate, text string) []tableRole {
	var out []tableRole
	lines := strings.Split(text, "\n")
	col := -1
	for _, ln := range lines {
		cells := strings.Split(ln, "|")
		if !strings.Contains(ln, "|") {
			col = -1
			continue
		}
		if reRoleHeader.MatchString(ln) {
			col = -1
			for j, c := range cells {
				if reRoleHeader.MatchString("|" + c + "|") {
					col = j
				}
			}
			continue
		}
		if col < 0 || col >= len(cells) {
			continue
		}
		cell := strings.TrimSpace(cells[col])
		cell = strings.TrimSpace(strings.Trim(strings.TrimSpace(cell[len(reTheLead.FindString(cell)):]), `"“”'‘’«»()`))
		if cell == "" || len(cell) > 40 || hasArabic(cell) {
			continue
		}
		party := -1
		for i, f := range all {
			if f.Type == TypeParty && i < len(cands) && len(f.Value) > 3 && strings.Contains(ln, f.Value) && f.EntityType != "person" {
				if party >= 0 {
					party = -2 // two parties on one row
					break
				}
				party = i
			}
		}
		if party >= 0 {
			out = append(out, tableRole{party, cell})
		}
	}
	return out
}

// tablePartyRoles gives each party of such a table its row's role
// (the table's word names it whatever the role model read around it).
func tablePartyRoles(all []Fact, cands []candidate, text string) {
	rows := tableRoles(all, cands, text)
	forms := map[string]bool{}
	for _, tr := range rows {
		forms[definedRoleForm(tr.word)] = true
	}
	for _, tr := range rows {
		r := definedRoleForm(tr.word)
		if r == "" || notPartyWords[lowerASCII(tr.word)] {
			continue
		}
		// A role of its own (the hirer of equipment is tenant, decision
		// 41) stays; no role, a number, or another row's word is the
		// table's.
		switch cur := all[tr.party].Role; {
		case cur == "" || cur == "-" || isNumberRole(cur) || forms[cur] && cur != r:
			all[tr.party].Role = r
		}
	}
}
