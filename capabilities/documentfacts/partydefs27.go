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
// A role the rules or the role model gave is kept (but see session 28's
// ownWordRoles28 below: a role the model gave that the document never
// defines for the party yields to the party's own word); a person counts
// only its own definition on its name's line (personOwnDef28); a thing's
// word (thingWords27) never counts.

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
//
// ruled are the parties' roles before the role model (the rules'; nil
// where unknown): a party whose role the model changed to one the
// document never defines for it takes the role of its own defined word
// (session 28, roledef; ownWordRoles28).
func partyDefRoles27(all []Fact, cands []candidate, a *assembled, defsOf func() []partyDef27, ruled []string) bool {
	if !partyDefs27On || len(cands) != len(all) {
		return false
	}
	// (A person's words are read only where partyDefs27 keeps them: its
	// own definition, no representative's or signatory's.)
	unroled := func(f Fact) bool {
		return f.Type == TypeParty && (f.Role == "" || f.Role == "-")
	}
	if len(ruled) != len(all) {
		ruled = nil
	}
	if !slices.ContainsFunc(all, func(f Fact) bool {
		return unroled(f) || f.Type == TypeParty && (f.Role == "first_party" || f.Role == "second_party")
	}) && !modelChanged28(all, ruled) {
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
	// A party the model gave a role the document defines for no word of
	// its own takes its own word's (session 28).
	changed := ownWordRoles28(all, cands, a.text, defs, ruled)
	// Latin-script parties first: an Arabic twin reads their final role.
	for _, ar := range []bool{false, true} {
		for i, f := range all {
			if !unroled(f) || hasArabic(f.Value) != ar || !hasDef(i) {
				continue
			}
			role := roleOfDefs(i, ar)
			if f.EntityType == "person" && personDefHeld28(all, role) {
				continue // a role a company holds: its signatory's note
			}
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

// Issue 29, session 28 (roledef): a party's own word over the model's
// (docs/documents.md, "Issue 29, session 28: a party's own word over the
// model's (roledef)"). Where the role model gives a party a role the
// document never defines for it — a generic candidate it read elsewhere
// ("each a Partner", "Managing Partner" beside a signatory, "Partner 1:"
// over another name) — and the party has one word of its own ('X Clinic
// SPC (the "Clinic")', 'Y LLC (the "Farm")'), the word names the party:
// its lexicon role, else its role form, else, for a word of the party's
// own name, the role the rules had read from it.

// ownWord28On: a party's own word over the model's role, persons of a
// defined role word, and a kind of body that is a word of the name
// (ownWordRoles28, personOwnDef28, bodyKindWords28). The package's tests
// switch it with DALIL_OWN_WORD=on|off, so a set can be scored both ways.
var ownWord28On = true

// genericDefs28 are defined words that name a party without its role
// ("the Company" of an employer, "the Firm"): they never overrule a role.
var genericDefs28 = map[string]bool{"company": true, "corporation": true, "firm": true, "entity": true, "establishment": true,
	"organisation": true, "organization": true, "group": true, "institution": true, "party": true, "business": true,
	"each_party": true, "الشركة": true, "المؤسسة": true}

// modelChanged28: the role model gave some party another role than the
// rules' (ruled; nil: unknown).
func modelChanged28(all []Fact, ruled []string) bool {
	for i, f := range all {
		if ruled != nil && f.Type == TypeParty && f.Role != ruled[i] && f.Role != "" && f.Role != "-" {
			return true
		}
	}
	return false
}

// ownWordRoles28 gives a party whose role the model changed (ruled[i] is
// the rules' role) the role of its own defined word where the model's
// role is no word defined or labelled for it; an Arabic party with no
// word of its own follows its English twin so re-roled. It reports
// whether a role changed.
func ownWordRoles28(all []Fact, cands []candidate, text string, defs []partyDef27, ruled []string) bool {
	if ruled == nil || !ownWord28On {
		return false
	}
	// ownRole: the one role party i's own words give ("" for none or two).
	ownRole := func(i int) string {
		role := ""
		for _, d := range defs {
			if d.party != i || jobTitle(d.word) && roleOf(d.word) == "" || !ownDefNear28(text, cands[i], d.word) {
				continue
			}
			r := d.lex
			if r == "" && !d.ar {
				r = d.form
				if r == "" && ruled[i] != "" && roleForm27(d.word) == ruled[i] {
					// A word of the party's name ('Al Noor Clinic SPC (the
					// "Clinic")') the rules read as its role.
					r = ruled[i]
				}
			}
			if r == "" || r == "first_party" || r == "second_party" || genericDefs28[r] {
				continue
			}
			if role != "" && role != r {
				return ""
			}
			role = r
		}
		return role
	}
	// definedFor: role is a word defined for party i, or its label.
	definedFor := func(i int, role string) bool {
		for _, d := range defs {
			if d.party == i && (d.lex == role || d.form == role || !d.ar && roleForm27(d.word) == role) {
				return true
			}
		}
		// A label over any mention of its name ("Partner 1: X LLC").
		spans := [][2]int{{cands[i].start, cands[i].end}}
		for k, at := range occurrences(text, all[i].Value) {
			if k >= roleMentions {
				break
			}
			spans = append(spans, [2]int{at, at + len(all[i].Value)})
		}
		for _, sp := range spans {
			if _, _, before := featLine(text, sp[0], sp[1]); cellLabelRole(before) == role {
				return true
			}
		}
		return false
	}
	// definedForOther: role is a word defined for a party other than i
	// and its twins.
	definedForOther := func(i int, role string) bool {
		for _, d := range defs {
			if d.party != i && (d.lex == role || d.form == role) && ownDefNear28(text, cands[d.party], d.word) &&
				!twins27(all, cands, text, defs, i, d.party) {
				return true
			}
		}
		return false
	}
	modelRoled := func(i int) bool {
		f := all[i]
		return f.Type == TypeParty && f.Role != ruled[i] && f.Role != "" && f.Role != "-" &&
			f.Role != "first_party" && f.Role != "second_party" && cands[i].end <= len(text)
	}
	changed := false
	type rerole struct {
		i     int
		model string
	}
	var was []rerole // the parties re-roled here, with the model's role
	for _, ar := range []bool{false, true} {
		for i, f := range all {
			if hasArabic(f.Value) != ar || !modelRoled(i) || definedFor(i, f.Role) {
				continue
			}
			role := ownRole(i)
			if role == "" && definedForOther(i, f.Role) && ruled[i] != "" && ruled[i] != "-" && !definedForOther(i, ruled[i]) {
				// Another party's word (an employment contract's "the
				// Employee" given to the Company): the rules' role.
				role = ruled[i]
			}
			if role == "" && ar {
				for _, w := range was {
					if w.model == f.Role && twins27(all, cands, text, defs, i, w.i) {
						role = all[w.i].Role
						break
					}
				}
			}
			if role == "" || role == f.Role {
				continue
			}
			was = append(was, rerole{i, f.Role})
			setPartyRole(&all[i], role)
			changed = true
		}
	}
	return changed
}

// ownDefNear28: word is defined in the name's own paragraph (after it,
// no blank line between), or by a definitions clause that opens just
// before it ('"Hospital" means X LLC').
func ownDefNear28(text string, c candidate, word string) bool {
	after := text[c.end:min(len(text), c.end+500)]
	if j := strings.Index(after, word); j >= 0 && !strings.Contains(after[:j], "\n\n") {
		return true
	}
	return strings.Contains(text[max(0, c.start-80):c.start], word)
}

// personDefHeld28: a company of the answer already holds role (a
// signatory writes his company's role beside his name: "Signed: Y
// (Lessor)").
func personDefHeld28(all []Fact, role string) bool {
	return role != "" && slices.ContainsFunc(all, func(g Fact) bool {
		return g.Type == TypeParty && g.EntityType != "person" && g.Role == role
	})
}
