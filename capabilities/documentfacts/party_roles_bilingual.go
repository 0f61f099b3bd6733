package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Issue 29, session 21: party roles (docs/documents.md, "Issue 29,
// session 21: party roles"; the cases are party_roles_bilingual_test.go). The
// families were tallied on development data only, among the facts that
// match loosely but carry another role than the label; each is written
// in general terms:
//
//   - T: a bilingual document defines one party in both scripts, and the
//     two words normalise to two roles ('the "Intern"' and "المتدرب",
//     'the "Attorney"' and "الوكيل"): the role is the English word's, for
//     the Arabic twin and for the duties the Arabic text gives it;
//   - R: a person who represents a company ("ويمثلها في التوقيع
//     المهندس/ X", "وتمثله المهندسة/ X", a name wrapped over two lines)
//     and signs for it under its role word ("العميل: X"): no role, when
//     a company holds the role;
//   - B: المشتريات (purchases) in an addressee's department or post
//     ("جامعة X - دائرة المشتريات", "مديرة المشتريات") is no "Buyer"
//     (buyerSide in parties.go reads المشتري as a word): the addressee of
//     a quotation or an invoice stays the customer;
//   - M: a role word with a marker letter or number ("Partner A",
//     "الشريك (أ)", "الشريك ب", "Bidder 2") is that role (markerBaseRole,
//     read by lexRole and roleCellWord); a word of no role before the
//     marker ("Schedule A", "Party B", "Lot 2") stays none;
//   - P: a table whose first column is headed by a role word and whose
//     other columns by none, nor an item's ("الشريك | الحصة", "المناقص |
//     قيمة العطاء | ملاحظات", "Shareholder | Shares"): the name opening
//     each row is a party of that role (rolesBilingualNames adds it when no rule
//     found it); "Supplier | Description | Qty" lists goods;
//
// rolesBilingualPartyRoles applies the party families after the earlier rounds'
// roles; rolesBilingualPartyObligations the obligation side, after conv20's.

// rolesBilingualNames applies family P to the resolved candidates cs: a name that
// opens a row under a role column takes the role when it has none, and is
// added when no party candidate covers it; the result is in text order.
func rolesBilingualNames(cs []candidate, text string) []candidate {
	ls, at := linesLettersMinutes(text)
	added := false
	for i := 0; i < len(ls); i++ {
		role := roleColumn(ls, i)
		if role == "" {
			continue
		}
		for j := i + 1; j < len(ls) && strings.Contains(ls[j], " | "); j++ {
			s, e, etype, ok := rowName(ls[j])
			if !ok {
				continue
			}
			s, e = at[j]+s, at[j]+e
			if roleCovering(cs, s, e, role) {
				continue
			}
			name := text[s:e]
			f := Fact{Type: TypeParty, Value: name, Normalized: normalName(name), EntityType: etype, Method: "labeled_field", Confidence: 0.75}
			setPartyRole(&f, role)
			cs = append(cs, candidate{fact: f, start: s, end: e, prio: 2, by: "parties21"})
			added = true
		}
	}
	if added {
		sortByPosition(cs)
	}
	return cs
}

// roleColumn is the role of family P's header at line i: a table's
// first row (the line before holds no cell) whose first cell is a role
// word (lexRole; a post, a number or a frame word is none) and whose
// other cells name no role; "" otherwise.
func roleColumn(ls []string, i int) string {
	if !strings.Contains(ls[i], " | ") || i > 0 && strings.Contains(ls[i-1], " | ") {
		return ""
	}
	cells := strings.Split(ls[i], " | ")
	first := strings.TrimSpace(strings.Trim(cells[0], " *_#"))
	if first == "" || hasDigit(first) || jobTitle(first) {
		return ""
	}
	role := lexRole(first)
	if !twinRole(role) {
		return ""
	}
	for _, c := range cells[1:] {
		if c = strings.TrimSpace(strings.Trim(c, " *_#")); lexRole(c) != "" || reItemColumn.MatchString(c) {
			return ""
		}
	}
	return role
}

// reItemColumn: a column of a table of goods or services (its
// description, quantity, unit): the first column says who supplies an
// item, and its rows are no list of parties.
var reItemColumn = regexp.MustCompile(`(?i)\b(?:description|qty|quantity|items?|units?|goods|products?|services?)\b|البيان|الكمية|الوصف|الصنف|الوحدة|البند`)

// rowName is the name opening a row (after a title), as offsets in
// the row, with its entity type: an organisation's name or a person's,
// holding no role word and no digit.
func rowName(row string) (s, e int, etype string, ok bool) {
	cell, _, _ := strings.Cut(row, " | ")
	lead := len(cell) - len(strings.TrimLeft(cell, " *_"))
	name := strings.TrimRight(cell[lead:], " *_.")
	if h := honorific.FindString(name); h != "" {
		lead, name = lead+len(h), name[len(h):]
	} else if m := reArHonorific.FindString(name); m != "" {
		lead, name = lead+len(m), name[len(m):]
	}
	name = strings.TrimSpace(name)
	if name == "" || hasDigit(name) || !looksLikeName(name) || lexRole(name) != "" || columnWord(name) {
		return 0, 0, "", false
	}
	switch {
	case personShape(name):
		etype = "person"
	case hasArabic(name) && arOrgHead(name), !hasArabic(name) && entityType(name) != "person" && reOrg.MatchString(name):
		etype = entityType(name)
	default:
		return 0, 0, "", false
	}
	s = lead + strings.Index(cell[lead:], name)
	return s, s + len(name), etype, true
}

// rolesBilingualPartyRoles gives the session 21 roles; facts[i] is cands[i]'s
// fact.
func rolesBilingualPartyRoles(facts []Fact, cands []candidate, text string) {
	twinRoleWords(facts)
	representatives(facts, text)
}

// representatives applies family R: a party whose name is a person's
// and whose role a company holds too loses the role when some occurrence
// of the name follows words of representation (reRepresentedBy, with
// the feminine and the plural forms, across a line break, the name too).
func representatives(facts []Fact, text string) {
	for i, f := range facts {
		if f.Type != TypeParty || !twinRole(f.Role) || !personShape(f.Value) {
			continue
		}
		company := false
		for j, g := range facts {
			if j != i && g.Type == TypeParty && g.Role == f.Role && g.EntityType != "person" && !personShape(g.Value) {
				company = true
				break
			}
		}
		if company && representedName(text, f.Value) {
			facts[i].Role, facts[i].Key, facts[i].Label = "", "party", "Party"
		}
	}
}

// personShape: name is a person's (rePlainName; in Arabic two to four
// words, or a name with بن or بنت, with no organisation's head word).
func personShape(name string) bool {
	name = strings.TrimSpace(name)
	if hasArabic(name) {
		return reArPlainName.MatchString(name) && arPersonLike(name) && !arOrgHead(name)
	}
	return rePlainName.MatchString(name) && !titleWords(name)
}

// reRepresented adds to reRepresentedBy the feminine and plural forms
// of يمثل before a person ("وتمثله المهندسة/", "ويمثلهم السيد").
var reRepresented = regexp.MustCompile(`(?:وتمثله|تمثله|وتمثلهم|ويمثلهم|وتمثلهما|ويمثلهما)(?:\s+في\s+التوقيع)?\s*(?:\p{Arabic}+\s*/?\s*)?$`)

// representedName: some occurrence of name, its words parted by any
// space or line break, follows words of representation.
func representedName(text, name string) bool {
	words := strings.Fields(name)
	if len(words) < 2 {
		return false
	}
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	re, err := regexp.Compile(strings.Join(words, `\s+`))
	if err != nil {
		return false
	}
	for _, m := range re.FindAllStringIndex(text, 20) {
		before := text[max(0, m[0]-120):m[0]]
		for before != "" && !utf8.ValidString(before) {
			before = before[1:]
		}
		if reRepresentedBy.MatchString(before) || reRepresented.MatchString(before) {
			return true
		}
	}
	return false
}

// twinRoleWords applies family T: an Arabic party whose role differs
// from its English twin's (a transliterated person; a company when the
// two scripts' roles are the same but this pair) takes the English role,
// when no party written in Latin letters holds the Arabic word's role
// (the two words name one role, not two sides). A company beside an
// Arabic company of another role is no evidence: a bilingual preamble
// may define each side in its own script (round 13's guard).
func twinRoleWords(facts []Fact) {
	for r, en := range twinRoleMap(facts) {
		for i, f := range facts {
			if f.Type == TypeParty && f.Role == r && hasArabic(f.Value) {
				setRole(facts, i, en)
			}
		}
	}
}

// twinRoleMap maps the Arabic role word of family T to the English
// one, from the twins in facts.
func twinRoleMap(facts []Fact) map[string]string {
	latin := map[string]bool{}
	for _, f := range facts {
		if f.Type == TypeParty && f.Role != "" && !hasArabic(f.Value) {
			latin[f.Role] = true
		}
	}
	out := map[string]string{}
	for _, a := range facts {
		if a.Type != TypeParty || !hasArabic(a.Value) || !twinRole(a.Role) || latin[a.Role] {
			continue
		}
		for _, e := range facts {
			if e.Type != TypeParty || hasArabic(e.Value) || !twinRole(e.Role) || e.Role == a.Role {
				continue
			}
			if personTwin(e.Value, a.Value) {
				if prev, ok := out[a.Role]; ok && prev != e.Role {
					out[a.Role] = "" // two English words: no one reading
					continue
				}
				out[a.Role] = e.Role
			}
		}
	}
	for r, en := range out {
		if en == "" {
			delete(out, r)
		}
	}
	if len(out) == 0 {
		// Each script's preamble defines its own parties: the roles
		// match but one, which is one party's two words.
		if a, e, ok := oddRolePair(facts); ok && !latin[a] {
			out[a] = e
		}
	}
	return out
}

// oddRolePair: the roles of the parties written in Arabic and of those
// written in Latin letters, two or more each and as many, are the same
// but one on each side: that pair (Arabic, English).
func oddRolePair(facts []Fact) (string, string, bool) {
	ar, en := map[string]bool{}, map[string]bool{}
	for _, f := range facts {
		if f.Type != TypeParty || !twinRole(f.Role) {
			continue
		}
		if hasArabic(f.Value) {
			ar[f.Role] = true
		} else {
			en[f.Role] = true
		}
	}
	if len(ar) < 2 || len(ar) != len(en) {
		return "", "", false
	}
	var onlyAr, onlyEn []string
	for r := range ar {
		if !en[r] {
			onlyAr = append(onlyAr, r)
		}
	}
	for r := range en {
		if !ar[r] {
			onlyEn = append(onlyEn, r)
		}
	}
	if len(onlyAr) != 1 || len(onlyEn) != 1 {
		return "", "", false
	}
	return onlyAr[0], onlyEn[0], true
}

// twinRole: a role family T may read; a number, a letter's frame and
// the tender's author are no role word of the text.
func twinRole(r string) bool {
	switch r {
	case "", "-", "sender", "addressee", "issuer", "first_party", "second_party", "each_party":
		return false
	}
	return true
}

// rolesBilingualPartyObligations applies family T to the obligations: an Arabic
// duty bound to the Arabic word's role binds the English word's role,
// once the parties carry it. all[i] is cands[i]'s fact; a candidate
// keeps the role its definition gave.
func (x *clauseExtractor) rolesBilingualPartyObligations(all []Fact, cands []candidate) {
	held := map[string]bool{}
	for _, f := range all {
		if f.Type == TypeParty {
			held[f.Role] = true
		}
	}
	remap := map[string]string{}
	for i, f := range all {
		if i >= len(cands) || f.Type != TypeParty || !hasArabic(f.Value) {
			continue
		}
		was := cands[i].fact.Role
		if was != f.Role && twinRole(was) && twinRole(f.Role) && !held[was] {
			remap[was] = f.Role
		}
	}
	if len(remap) == 0 {
		return
	}
	for i := range x.obls {
		o := &x.obls[i].o
		if r, ok := remap[o.PartyRole]; ok && hasArabic(o.Action+o.Party) && !strings.ContainsFunc(o.Party, isLatinLetter) {
			o.PartyRole = r
		}
	}
}

// isLatinLetter: r is a letter of the Latin alphabet.
func isLatinLetter(r rune) bool {
	return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z'
}

// personTwin is transliterates, a P written ب as Arabic writes it
// ("Pillai", بيلاي).
func personTwin(lat, ar string) bool {
	if transliterates(lat, ar) {
		return true
	}
	words := strings.Fields(lat)
	for i, w := range words {
		if strings.HasPrefix(w, "P") {
			words[i] = "B" + w[1:]
		}
	}
	return transliterates(strings.Join(words, " "), ar)
}

// reMarker: a word, then a marker letter or number, bare or in
// brackets ("Partner A", "Member (2)", "الشريك (أ)", "الشريك ب").
var reMarker = regexp.MustCompile(`^(.+?)(?:\s*\(\s*(?:[A-H]|[1-9]|[أبجد])\s*\)|\s+(?:[A-H]|[1-9]|[أبجد]))$`)

// markerBaseRole applies family M: the role word before a marker, when
// the lexicon or the guideline names it (roleOf); "" otherwise.
func markerBaseRole(w string) string {
	m := reMarker.FindStringSubmatch(strings.TrimSpace(w))
	if m == nil {
		return ""
	}
	base := strings.TrimSpace(m[1])
	if roleOf(base) == "" {
		return ""
	}
	return base
}

// roleCovering gives role to every party candidate of cs that overlaps
// [s, e) and has none, and reports whether any overlaps.
func roleCovering(cs []candidate, s, e int, role string) bool {
	taken := false
	for k := range cs {
		f := &cs[k].fact
		if f.Type == TypeParty && s < cs[k].end && cs[k].start < e {
			taken = true
			if f.Role == "" {
				setPartyRole(f, role)
			}
		}
	}
	return taken
}
