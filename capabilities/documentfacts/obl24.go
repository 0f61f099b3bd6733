package documentfacts

import "regexp"

// Obligations and requirements by families, session 24 (issue 29,
// docs/documents.md "Issue 29, session 24: obligations, requirements and
// parties (obl24)").

// obl24 applies the session's obligation families after the earlier
// rounds'.
func (x *clauseExtractor) obl24() {
	x.bankLetterDuties24() // party24.go
}

// Family C: "shall commence" is a state when a contract, a term or a
// lease commences ("This Agreement shall commence on 1 May"), and a duty
// when a party commences an act ("The Contractor shall commence the works
// within 21 days", "The Consultant shall commence the Services on the
// Effective Date", "The Employee shall commence work on 1 June"): the
// party named before it and the act after it.
var reCommenceAct24 = regexp.MustCompile(`(?i)^\s*commence\s+(?:the|its|his|her|their|all|any|such|work|works|services?|duty|duties|employment|performance|operations?|mobili[sz]ation|(?:work|pay|perform|deliver|supply|operat|provid|build|construct|install|mobili[sz])ing)\b`)

// commenceDuty24: the words after an obligation word are a party's
// commencing of an act (family C).
func (x *clauseExtractor) commenceDuty24(pre, after string) bool {
	if !reCommenceAct24.MatchString(after) {
		return false
	}
	subj := tail(pre, subjectWindow)
	_, ok := x.partyIn(subj)
	return ok && !possessiveThing(subj)
}
