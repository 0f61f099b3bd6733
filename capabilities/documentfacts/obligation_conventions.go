package documentfacts

import (
	"regexp"
	"strings"
)

// Round 16 (issue 29, session 18): the obligation conventions session 18
// settled (docs/documents.md, "six conventions settled" and "round 16,
// the rules follow the six conventions"; tests in convention_first_six_test.go). One
// pass over the obligations found, hooked once after the deadlines were
// read (so that the time limit of a limb dropped here stays a deadline):
//
//   - decision 5: a warranty ("shall warrant", "warrants that", "guarantees
//     that") is no obligation; a duty attached to it still is;
//   - decision 4: an Arabic duty that joins a prohibition to it
//     ("يلتزم ... بالمحافظة على سرية ... وعدم إفشائها") is the prohibition;
//     and one obligation per sentence, party and language: of two or more
//     clauses of one party in one sentence the first is kept, or the
//     first must_not when one of them forbids.

// reWarrantyAction: an action that is a warranty ("warrant the pumps",
// "warrants that", "guarantee that the works").
var reWarrantyAction = regexp.MustCompile(`(?i)^(?:hereby\s+|also\s+|further\s+)?(?:warrants?|represents\s+and\s+warrants|guarantees?\s+that)\b`)

// reArNotJoined: "وعدم" / "وألا" / "وأن لا" joining a prohibition to an
// Arabic duty.
var reArNotJoined = regexp.MustCompile(`(?:^|\s)(?:و|أو\s+)(?:عدم|ألا|الا|أن\s+لا|ان\s+لا)\s`)

// obligationConventionsObligations applies the conventions to x.obls.
func (x *clauseExtractor) obligationConventionsObligations() {
	kept := x.obls[:0:0]
	for _, o := range x.obls {
		if reWarrantyAction.MatchString(strings.TrimSpace(o.o.Action)) {
			continue // decision 5
		}
		if o.o.Modality == "must" && hasArabic(o.o.Action) && reArNotJoined.MatchString(o.o.Action) {
			o.o.Modality = "must_not" // decision 4
		}
		kept = append(kept, o)
	}
	// Decision 4: one per sentence (as read: a lead-in's items are each
	// their own span; a clause that opens a new line with a number or
	// marker, or a table cell, starts a sentence of its own), party (its
	// role and its words: "Partner A and Partner B shall jointly" binds
	// two) and language.
	type key struct {
		start, end  int
		role, party string
		arabic      bool
	}
	first := map[key]int{} // the index in out of the one kept
	last := map[int]int{}  // its last merged clause's end
	var out []oblFound
	for _, o := range kept {
		k := key{o.start, o.end, o.o.PartyRole, strings.ToLower(strings.TrimSpace(o.o.Party)), hasArabic(o.o.Action)}
		i, seen := first[k]
		if seen && out[i].clauseStart == o.clauseStart {
			// One clause read for each of several parties ("Neither
			// Partner A nor Partner B shall", "X and Y shall jointly"):
			// each keeps it.
			last[len(out)] = o.clauseEnd
			out = append(out, o)
			continue
		}
		if seen && newClause(x.a.text, out[i].clauseStart, o.clauseStart) {
			seen = false
		}
		switch {
		case !seen:
			first[k] = len(out)
			last[len(out)] = o.clauseEnd
			out = append(out, o)
		case out[i].o.Modality != "must_not" && o.o.Modality == "must_not":
			out[i] = o // the prohibition is the sentence's obligation
			last[i] = -1
		case out[i].o.Modality == "must" && o.o.Modality == "must" && last[i] >= 0:
			last[i] = max(last[i], o.clauseEnd)
		}
	}
	// A kept must's action runs on over the duties merged into it ("review
	// each deliverable and will give its comments within 15 days").
	for i := range out {
		o := &out[i]
		if e := last[i]; e > o.clauseEnd && o.clauseStart < e && e <= len(x.a.text) {
			a := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(strings.ReplaceAll(x.a.text[o.clauseStart:e], "\n", " ")), ".,;:،؛"))
			if strings.HasPrefix(lowerASCII(a), lowerASCII(prefixBytes(o.o.Action, 12))) {
				o.o.Action = clip(a, 300)
				o.clauseEnd = e
			}
		}
	}
	x.obls = out
}

// reNewClause: a line that opens a clause of its own (a number, a list
// marker, a heading mark, a table cell).
var reNewClause = regexp.MustCompile(`^\s*(?:[0-9٠-٩(#*•|-]|[a-zA-Z][.)]\s)`)

// newClause: the text between two clauses of one sentence as read
// starts a new clause: a table cell, or a line opening with a number or
// marker, or a line after one that ends a clause (":", ".", ";").
func newClause(text string, a, b int) bool {
	if a >= b || b > len(text) {
		return false
	}
	between := text[a:b]
	if strings.Contains(between, " | ") {
		return true
	}
	lines := strings.Split(between, "\n")
	for k := 1; k < len(lines); k++ {
		prev := strings.TrimSpace(lines[k-1])
		if reNewClause.MatchString(lines[k]) || strings.HasSuffix(prev, ":") || strings.HasSuffix(prev, ";") || strings.HasSuffix(prev, "؛") {
			return true
		}
	}
	return false
}
