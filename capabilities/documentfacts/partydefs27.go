package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Issue 29, session 27 (partydefs): the party facts take the same
// reading as their obligations (docs/documents.md, "Issue 29, session
// 27: parties of defined words (partydefs)").
//
// definedRoles27 gives an obligation whose subject is a word the
// document defines for a party that party's role, or, where the party
// has none, the word's role form; and an obligation of a numbered party
// the role the document defines for the number. The party itself is
// given the same: a party the answer gives no role takes the role of
// the word the document defines for it (partyDefs27: the lexicon's role
// of a role word, else the word in role form; an Arabic party's word
// outside the lexicon, its English twin's role or form), and a party
// whose role is its number (first_party, second_party) takes the role
// the text defines for that number ("the Second Party (the Supplier)").
// A role the rules or the role model gave is kept; persons are not
// re-roled; a thing's word (thingWords27) never counts.

// partyDefs27On: the party facts of defined words take the word's role
// (partyDefRoles27). The package's tests switch it with
// DALIL_PARTY_DEFS=on|off, so a set can be scored both ways.
var partyDefs27On = true

// reEachDef27: a definition written for each of the parties ('X and Y
// (each a "Party" and, when receiving information, the "Receiving
// Party")', "ويشار إلى كل منهما بـ"): no one party's role.
var reEachDef27 = regexp.MustCompile(`(?i)\b(?:each|either|both|collectively|individually|jointly)\b|كل\s+منهما|كلاهما|كل\s+طرف|كل\s+منها`)

// partyDefRoles27 gives the parties of no role the role of the word
// defined for them and the numbered parties the role defined for their
// number; it reports whether a role changed. defsOf reads the words
// the document defines for its parties (definedWords27).
func partyDefRoles27(all []Fact, cands []candidate, a *assembled, defsOf func() []partyDef27) bool {
	if !partyDefs27On || len(cands) != len(all) {
		return false
	}
	unroled := func(f Fact) bool {
		return f.Type == TypeParty && (f.Role == "" || f.Role == "-") && f.EntityType != "person"
	}
	if !slices.ContainsFunc(all, func(f Fact) bool {
		return unroled(f) || f.Type == TypeParty && (f.Role == "first_party" || f.Role == "second_party")
	}) {
		return false
	}
	all27 := defsOf()
	// The words this pass reads: not a representative's (the
	// definition after "X LLC, represented by Y, Manager (the "Tenant")"
	// is the company's), nor one written for each party.
	var defs []partyDef27
	for _, d := range all27 {
		c := cands[d.party]
		if reRepresentedBy16.MatchString(a.text[max(0, c.start-120):c.start]) {
			continue
		}
		after := a.text[c.end:min(len(a.text), c.end+500)]
		if j := strings.Index(after, d.word); j > 0 && reEachDef27.MatchString(after[:j]) {
			continue
		}
		defs = append(defs, d)
	}
	// roleOfDefs: the one role the words defined for party i give ("" for
	// none or two).
	roleOfDefs := func(i int, ar bool) string {
		role := ""
		for _, d := range defs {
			if d.party != i {
				continue
			}
			r := d.lex
			if r == "" && !ar {
				r = d.form
			}
			if r == "first_party" || r == "second_party" || r == "each_party" {
				r = "" // a number is the numbered pass's
			}
			if r == "" {
				continue
			}
			if role != "" && role != r {
				return ""
			}
			role = r
		}
		return role
	}
	hasDef := func(i int) bool {
		for _, d := range defs {
			if d.party == i {
				return true
			}
		}
		return false
	}
	changed := false
	// Latin-script parties first: an Arabic twin reads their final role.
	for _, ar := range []bool{false, true} {
		for i, f := range all {
			if !unroled(f) || hasArabic(f.Value) != ar || !hasDef(i) {
				continue
			}
			role := roleOfDefs(i, ar)
			if role == "" && ar {
				role = twinRole27(all, cands, a.text, defs, i)
				if role == "first_party" || role == "second_party" || role == "-" {
					role = ""
				}
				if role == "" {
					role = twinForm27(all, cands, a.text, defs, i)
				}
			}
			if role != "" && role != "first_party" && role != "second_party" {
				all[i].Role = role
				changed = true
			}
		}
	}
	// A numbered party whose number's role the text defines.
	explicit, _ := numberedRoles27(all, cands, a)
	for i, f := range all {
		if f.Type != TypeParty || f.EntityType == "person" {
			continue
		}
		if r := explicit[f.Role]; (f.Role == "first_party" || f.Role == "second_party") && r != "" {
			all[i].Role = r
			changed = true
		}
	}
	return changed
}
