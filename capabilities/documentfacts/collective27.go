package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 27 (collective): collective definitions
// (docs/documents.md, "Issue 29, session 27: collective definitions
// (collective)").
//
// Agreements between several parties, each defined by its own word ('X
// LLC (the "Clinic")', 'Y SPC (the "Agency")'), often name them together
// as well: '(each a "Partner" and together the "Partners")', 'hereinafter
// collectively referred to as the "Members"', 'ويشار إليهما معاً
// بـ"الشريكين"'. A collective definition names no single party's role:
// a party's own definition wins, for the party and for the duties whose
// subject names it; the collective word is the role only of a duty
// stated for all of them ("Each Member shall", "The Members shall"), the
// role word the text uses. A collective definition is known by its form
// (together, collectively, jointly, each a, individually, both; معاً,
// مجتمعين, إليهما, كل منهما, الطرفين; the plural of a role word), not by
// a list of words.

// collective27On: collective definitions name no single party. The
// package's tests switch it with DALIL_COLLECTIVE=on|off.
var collective27On = true

var (
	// reCollectiveCue27: a definition's words that make it collective.
	reCollectiveCue27 = regexp.MustCompile(`(?i)\b(?:together|collectively|jointly|individually|severally|each\s+(?:a|an|of\s+them)|both|all\s+of\s+them)\b|معاً|معًا|معا\s|مجتمعين|مجتمعتين|مجتمعة|مجتمعون|إليهما|اليهما|إليهم\s|اليهم\s|كل\s+منهما|كل\s+منهم|الطرفين|الطرفان|الأطراف`)
	// reQuoted27: a quoted word, as definitions write them.
	reQuoted27 = regexp.MustCompile(`["“«]\s*(?:[Tt]he\s+)?([^"“”«»\n]{1,40}?)\s*["”»]`)
)

// collectiveCue27: ctx, the words of a definition before its word, make
// the word collective.
func collectiveCue27(ctx string) bool {
	return reCollectiveCue27.MatchString(ctx + " ")
}

// pluralRole27: an English word whose last word is the plural of a role
// word ("Partners", "Members", "Joint Venture Partners").
func pluralRole27(w string) bool {
	if hasArabic(w) {
		return false
	}
	ws := strings.Fields(lowerASCII(w))
	if len(ws) == 0 {
		return false
	}
	last := ws[len(ws)-1]
	s := singularWord(last)
	if s == last || thingWords27[last] || thingWords27[s] || last == "parties" {
		return false
	}
	ws[len(ws)-1] = s
	return lexRole(strings.Join(ws, " ")) != ""
}

// dropCollective27 takes from the words of one definition (cands, read in
// inner) the collective ones, where an individual word remains: '(the
// "Agency", and together with the Clinic, the "Partners")' defines the
// Agency.
func dropCollective27(inner string, cands []string) []string {
	if !collective27On || len(cands) < 2 {
		return cands
	}
	var keep []string
	from := 0
	for _, c := range cands {
		ctx := ""
		if i := strings.Index(inner[from:], c); i >= 0 && c != "" {
			ctx = inner[from : from+i]
			from += i + len(c)
		}
		if collectiveCue27(ctx) || pluralRole27(c) {
			continue
		}
		keep = append(keep, c)
	}
	if len(keep) == 0 {
		return cands
	}
	return keep
}

// collectiveWords27 are the words the text defines collectively (lower
// case, English singularised), when the text also defines two or more
// words one by one (the parties each defined by their own word); nil
// otherwise. A quoted word is collective when the words before it, since
// the last quote or bracket (at most 100 bytes), bear a collective cue,
// or when it is the plural of a role word.
func collectiveWords27(text string) map[string]bool {
	if !collective27On {
		return nil
	}
	coll := map[string]bool{}
	single := map[string]bool{}
	prev := 0
	for n, m := range reQuoted27.FindAllStringSubmatchIndex(text, 400) {
		if n >= 400 {
			break
		}
		from := max(prev, m[0]-100)
		ctx := text[from:m[0]]
		if i := strings.LastIndexAny(ctx, "(\n"); i >= 0 && strings.Contains(ctx[i:], "(") {
			ctx = ctx[i:]
		}
		prev = m[1]
		w := strings.TrimSpace(text[m[2]:m[3]])
		if hasArabic(w) {
			w = arDefinedWord(w)
		}
		key := collectiveKey27(w)
		if key == "" || len(w) > 40 {
			continue
		}
		if collectiveCue27(ctx) || pluralRole27(w) {
			coll[key] = true
		} else if lexRole(w) != "" || reDefWords.MatchString(ctx) || strings.Contains(ctx, "(") || reArDefCueIn.MatchString(" "+ctx) {
			single[key] = true
		}
	}
	n := 0
	roles := map[string]bool{}
	for w := range single {
		if !coll[w] {
			n++
			roles[designatedRole27(w)] = true
		}
	}
	for w := range coll {
		// The parties' generic word ("each a "Party"", الطرفين) is no
		// role; a collective word whose role an individual word has
		// ("Partner A", "Partner B", each a "Partner") takes none from
		// anyone.
		switch r := lexRole(w); {
		case genericPartyWord27(w), r != "" && roles[r]:
			delete(coll, w)
		}
	}
	if len(coll) == 0 || n < 2 {
		return nil
	}
	return coll
}

// designatedRole27: a word's role, read without a letter or number that
// tells one of several apart ("Partner A", "Member 2", "الشريك أ").
func designatedRole27(w string) string {
	if r := lexRole(w); r != "" {
		return r
	}
	ws := strings.Fields(w)
	if n := len(ws); n > 1 && (len([]rune(ws[n-1])) == 1 || hasDigit(ws[n-1])) {
		return lexRole(strings.Join(ws[:n-1], " "))
	}
	return ""
}

// genericPartyWord27: the word for any party ("Party", "Parties", الطرف,
// الطرفين, الأطراف) or a party's number.
func genericPartyWord27(w string) bool {
	switch r := lexRole(w); r {
	case "first_party", "second_party", "third_party", "each_party":
		return true
	}
	switch w {
	case "party", "parties", "الطرف", "الطرفين", "الطرفان", "الأطراف", "الاطراف":
		return true
	}
	return false
}

// collectiveKey27: a word's key among the collective words: English lower
// case and singular, Arabic as the party words read it.
func collectiveKey27(w string) string {
	w = strings.TrimSpace(w)
	if hasArabic(w) {
		return subjectForm27(w)
	}
	ws := strings.Fields(lowerASCII(w))
	if len(ws) == 0 {
		return ""
	}
	if ws[0] == "the" {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return ""
	}
	ws[len(ws)-1] = singularWord(ws[len(ws)-1])
	return strings.Join(ws, " ")
}

// reAllSubject27: a subject stated for all the parties of a collective
// word: "Each Member", "The Members", "All Members", "Each of the
// Members", "Both Partners", "The Members jointly".
var reAllSubject27 = regexp.MustCompile(`(?i)^\s*(?:(?:each|every|all|both)\s+(?:of\s+)?(?:the\s+)?|the\s+)?([A-Za-z][A-Za-z\- ]{1,40}?)(?:\s+(?:jointly|together|collectively|severally))?\s*$`)

// collectiveRoles27 gives a duty stated for all the parties of a
// collective word ("Each Member shall", "The Members shall jointly") that
// the rules left unroled the word's role form (member), as keyspec's
// "each partner" row writes the role word the text uses.
func collectiveRoles27(text string, obls []Obligation) {
	coll := collectiveWords27(text)
	if len(coll) == 0 {
		return
	}
	for k := range obls {
		o := &obls[k]
		if o.PartyRole != "" || o.Party == "" || hasArabic(o.Party) {
			continue
		}
		m := reAllSubject27.FindStringSubmatch(o.Party)
		if m == nil {
			continue
		}
		key := collectiveKey27(m[1])
		if !coll[key] {
			continue
		}
		o.PartyRole = roleForm27(key)
	}
}

// collectiveRoleSet27: the roles of the collective words (lexRole).
func collectiveRoleSet27(coll map[string]bool) map[string]bool {
	if len(coll) == 0 {
		return nil
	}
	out := map[string]bool{}
	for w := range coll {
		if r := lexRole(w); r != "" {
			out[r] = true
		}
	}
	return out
}

// dropRoles27: roles without those of drop.
func dropRoles27(roles []string, drop map[string]bool) []string {
	if len(drop) == 0 {
		return roles
	}
	out := roles[:0:0]
	for _, r := range roles {
		if !drop[r] {
			out = append(out, r)
		}
	}
	return out
}
