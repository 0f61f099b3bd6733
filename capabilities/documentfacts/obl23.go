package documentfacts

import (
	"regexp"
	"strings"
)

// Obligations and requirements by families, session 23 (issue 29): the
// wordings of two development sets written by label writers who never
// read the rules (heldout19, heldout20).

// Lead-in lists (leadins.go), wider: a lead-in whose obligation word is
// "undertakes", "covenants", "agrees", "will" or "is to" with no verb
// ("the Borrower undertakes:", "The Provider will:"); one that states a
// short verb phrase ("the Borrower shall deliver to the Bank:"), in a
// contract, whose items are each a duty of that verb; one opened by a
// label or a clause ("Conditions precedent: before the first drawdown
// the Borrower shall ...:", "طوال مدة ...، يتعهد المقترض بما يلي:",
// "يجب على المقترض قبل أول سحب أن يقدم للبنك ما يلي:"); an English item
// worded as a prohibition ("not to pay dividends") is a must_not.
const (
	leadInWords23 = `undertakes?|covenants?|agrees?|will|(?:is|are)\s+to|(?:shall|must|will)\s+(?:[a-z][a-z'-]*\s+){0,4}?[a-z][a-z'-]*`
	// arLeadClause23: a label and a clause before the party ("التعهدات:
	// طوال مدة ...، ").
	arLeadClause23 = `(?:[^:،؛\n]{1,40}:\s*)?(?:[^:،؛\n]{1,80}،\s*)?`
	// arLeadVerb23: words between "على X" and ما يلي ("قبل أول سحب أن
	// يقدم للبنك").
	arLeadVerb23 = `(?:\p{Arabic}+\s+){0,7}?`
)

var (
	reNotWord23    = regexp.MustCompile(`\bnot\b`)
	reEnNotItem23  = regexp.MustCompile(`(?i)^(?:and\s+|or\s+)?not\s+to\s`)
	reLeadModal23  = regexp.MustCompile(`(?i)^(?:shall|must|will)\s+`)
	reLeadNoVerb23 = regexp.MustCompile(`(?i)^(?:not|be|have|include|comprise|contain|cover|mean|be\s+as\s+follows|as\s+follows)$`)
)

// leadInVerb23 is the verb phrase a lead-in's obligation word states
// ("deliver to the Bank" of "shall deliver to the Bank"), "" when it
// states none ("shall", "undertakes to", "will").
func leadInVerb23(word string) string {
	m := reLeadModal23.FindStringIndex(word)
	if m == nil {
		return ""
	}
	v := strings.TrimSpace(word[m[1]:])
	if v == "" || reLeadNoVerb23.MatchString(v) {
		return ""
	}
	return v
}

// arLeadIn23: an Arabic lead-in ("... يتعهد المقترض بما يلي:") states its
// items' duties, none of its own: no twin of an English clause either.
func arLeadIn23(t string) bool {
	raw := strings.TrimSpace(t)
	if !strings.HasSuffix(raw, ":") && !strings.HasSuffix(raw, "：") {
		return false
	}
	body := strings.TrimSpace(arClauseLabel15(raw[leadingNumber(raw):]))
	return reLeadInAR.MatchString(body)
}

// plainItem23: a line under an English lead-in that is an item of a list
// read without its markers (an HTML <ol> or <ul>): it opens with a
// lower-case verb and ends an item (";", ".", "; and", "; or"). The
// offset is where its text starts.
func plainItem23(line string) (int, bool) {
	t := strings.TrimSpace(line)
	if t == "" || t[0] < 'a' || t[0] > 'z' || strings.Contains(t, " | ") {
		return 0, false
	}
	if !strings.HasSuffix(t, ";") && !strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "; and") && !strings.HasSuffix(t, "; or") {
		return 0, false
	}
	return strings.Index(line, t[:1]), true
}
