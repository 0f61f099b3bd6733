package documentfacts

// Obligations and requirements by families, session 24 (issue 29,
// docs/documents.md "Issue 29, session 24: obligations, requirements and
// parties (obl24)").

// obl24 applies the session's obligation families after the earlier
// rounds'.
func (x *clauseExtractor) obl24() {
	x.bankLetterDuties24() // party24.go
}
