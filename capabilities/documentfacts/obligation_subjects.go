package documentfacts

import (
	"regexp"
	"strings"
)

// The words a document defines for its parties, known when the clauses
// are read (session 28, round "letters", family 3). A duty whose subject
// is a party's defined word that the role lexicon does not know ("The
// Hospital shall bear ...", "The Clinic shall attend ...", "The Leader
// shall submit ...") was read as a subject that names no party: its role
// was left empty and subjectClause (obligation_subjects_tables.go) put the subject and its
// modal back into the action ("The Hospital shall bear the cost ..."),
// and a lead-in "The Agency shall:" over lettered items bound no one.
// definedWordsOnce gave such duties a role only after the role model, with
// the subject still in the action, and never where the word is also a
// word of the party's name (a short name, "Al Wakra Specialist Hospital
// W.L.L. (the "Hospital")"). definedWordAliases makes each such word a
// subject form before the clauses are read, with the role the word
// gives: the party's role where the rules gave one (and it is no number),
// else the word's role form (hospital, leader, clinic). A collective word
// ('each is also a "Member"', 'together the "Members"') is the role of
// the duties of all ("Each Member shall", "No Member shall", "The
// Members shall": member), never one party's.

// notPartyWords are defined words that name no party's role whatever
// their place (the document, its parts, a tender's author).
var notPartyWords = map[string]bool{"company": true, "firm": true, "group": true, "corporation": true, "establishment": true,
	"entity": true, "consortium": true, "authority": true, "bid": true, "tender": true, "contract": true, "party": true,
	"parties": true, "member": true, "members": true, "project": true}

// definedWordAliases adds the subject forms (see above).
func (x *clauseExtractor) definedWordAliases(all []Fact, cands []candidate) {
	text := x.a.text
	coll := collectiveWords(text)
	for w, r := range coll {
		if hasArabic(w) {
			continue
		}
		for _, f := range []string{w, w + "s"} {
			if !x.hasAlias(f) && !x.hasDefAlias(f) {
				x.definedSubjectAliases = append(x.definedSubjectAliases, clauseParty{f, r})
			}
		}
	}
	add := func(i int, w string, own bool) {
		low := lowerASCII(w)
		if strings.TrimSpace(w) == "" || hasArabic(w) || roleOf(w) != "" || x.hasAlias(low) || x.hasAlias("the "+low) || x.hasDefAlias("the "+low) {
			return
		}
		if _, ok := coll[singularWord(low)]; ok || notPartyWords[low] || thingDefinedWords[low] || reCapsShortName.MatchString(w) ||
			!own && (jobTitle(w) || postWords[low]) {
			return // (a post: "Present: X (Chair)"; a table's Role cell is a role)
		}
		// A word of the party's name is its short name ("Sindbad" of
		// Sindbad Travel LLC) when the name opens with it; a kind word
		// later in the name ("Hospital" of Al Wakra Specialist Hospital
		// W.L.L.) is the word the document gives its role by.
		if words := strings.Fields(lowerASCII(all[i].Value)); len(words) > 0 {
			lead := words[0]
			if lead == "al" && len(words) > 1 {
				lead = words[1]
			}
			if strings.Trim(lead, ",.") == strings.Fields(low)[0] {
				return
			}
		}
		role := all[i].Role
		if own || role == "" || role == "-" || isNumberRole(role) {
			role = definedRoleForm(w)
		}
		if role == "" {
			return
		}
		x.definedSubjectAliases = append(x.definedSubjectAliases, clauseParty{"the " + low, role})
	}
	for _, d := range partyDefinedWords(text, all, cands) {
		if !d.ar && d.party < len(all) && len(strings.Fields(d.word)) <= 3 {
			add(d.party, d.word, false)
		}
	}
	for i, w := range quotedDefs(all, cands, text) {
		add(i, w, false)
	}
	for _, tr := range tableRoles(all, cands, text) {
		add(tr.party, tr.word, true) // the table's word is the role
	}
}

// reQuotedDef: a quoted word the text defines for the party named
// just before it, on its line ('X W.L.L., C.R. No. 418227, ..., referred
// to below as the "Clinic".').
var reQuotedDef = regexp.MustCompile(`(?i)^[^\n"“]{0,300}?\b(?:referred\s+to\s+(?:below|hereafter|hereinafter|herein|in\s+this\s+agreement)\s+as|hereafter\s+called|below\s+called)\s+(?:the\s+)?["“]([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?)["”]`)

// quotedDefs are the words reQuotedDef reads, by party (the
// definitions definitionWords does not read).
func quotedDefs(all []Fact, cands []candidate, text string) map[int]string {
	out := map[int]string{}
	for i, f := range all {
		if f.Type != TypeParty || i >= len(cands) || cands[i].end > len(text) || f.EntityType == "person" || hasArabic(f.Value) {
			continue
		}
		after := text[cands[i].end:min(len(text), cands[i].end+400)]
		m := reQuotedDef.FindStringSubmatchIndex(after)
		if m == nil || otherPartyDefinesBefore(all, i, after, m[2]) {
			continue
		}
		out[i] = after[m[2]:m[3]]
	}
	return out
}

// reSubjectModal: the subject's modal at the start of what follows it
// in an action ("shall", "must not", "agrees to").
var reSubjectModal = regexp.MustCompile(`(?i)^\s*(?:shall|must|will|agrees\s+to|undertakes\s+to)(\s+not)?\s+`)

// splitRoledSubjects: an English duty whose subject no rule knew when
// the clauses were read keeps its subject and modal in its action
// (subjectClause: "The Hospital shall bear ..."); once a later pass
// gives it its party's role (definedPartyObligationRoles, after the role model), the
// action starts after the modal, as for any named party.
func splitRoledSubjects(obls []Obligation) {
	for k := range obls {
		o := &obls[k]
		p := strings.TrimSpace(o.Party)
		if o.PartyRole == "" || p == "" || hasArabic(o.Action) || len(o.Action) <= len(p) ||
			!strings.EqualFold(o.Action[:len(p)], p) {
			continue
		}
		m := reSubjectModal.FindStringSubmatchIndex(o.Action[len(p):])
		if m == nil || len(p)+m[1] >= len(o.Action) {
			continue
		}
		if m[2] >= 0 && o.Modality != "must_not" {
			continue // ("shall not" read as a must: leave it as read)
		}
		o.Action = o.Action[len(p)+m[1]:]
	}
}

func (x *clauseExtractor) hasDefAlias(w string) bool {
	for _, a := range x.definedSubjectAliases {
		if a.text == w {
			return true
		}
	}
	return false
}

// definedSubjectIn is partyIn's reading of these subject forms: as the
// document's other defined words (they win over a role word ending at
// the same place), but not as an object in the subject ("Payment to the
// Clinic shall be made": no one named).
func (x *clauseExtractor) definedSubjectIn(low, subj string, best *clauseParty, bestEnd *int) {
	for _, f := range x.definedSubjectAliases {
		i := lastWordIndex(low, f.text)
		if i < 0 || i+len(f.text) < *bestEnd {
			continue
		}
		if before := strings.Fields(low[:i]); len(before) > 0 {
			switch strings.Trim(before[len(before)-1], ",;:") {
			case "of", "to", "by", "for", "from", "with", "between", "than", "against", "upon", "on":
				continue
			}
		}
		*bestEnd = i + len(f.text)
		*best = clauseParty{strings.TrimSpace(subj[i : i+len(f.text)]), f.role}
	}
}
