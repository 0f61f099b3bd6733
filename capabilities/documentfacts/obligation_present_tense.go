package documentfacts

import (
	"regexp"
	"strings"
)

// English present-tense duties (issue 29, round 8b): "The Tenant bears
// the electricity and water charges", "The Client pays the fee within 30
// days": a party named at a clause's start with a present-tense verb of
// paying or bearing a cost is bound, as "يتحمل المستأجر" and "يدفع العميل"
// are.
var (
	rePresentDutyEN = regexp.MustCompile(`(?:^|;\s+|\.\s+)(?:\(?[0-9]{1,2}(?:\.[0-9]{1,2})*[.)]?\s+|\(?[a-z]\)\s+)?((?:[Tt]he\s+|[Ee]ach\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})\s+(bears|pays|covers|settles|reimburses)\s+`)
	// reNoDutyObject: a limit or a nothing after the verb.
	reNoDutyObject = regexp.MustCompile(`(?i)^(?:no|not|nothing|none)\b`)
)

func (x *clauseExtractor) presentDuties(si int, s span, t string) {
	x.subjectDuties(si, s, t, rePresentDutyEN, 0.75)
}

// subjectDuties records the duties re finds in sentence si: its first
// group a party's name at a clause's start, its second the present-tense
// verb whose object is the action (round 8b's verbs of paying and
// bearing, round 15's wider set), each with confidence conf.
func (x *clauseExtractor) subjectDuties(si int, s span, t string, re *regexp.Regexp, conf float64) {
	for _, m := range re.FindAllStringSubmatchIndex(t, -1) {
		subj := t[m[2]:m[3]]
		p, ok := x.partyIn(subj)
		if !ok || p.role == "" || !strings.HasSuffix(lowerASCII(subj), lowerASCII(p.text)) {
			continue
		}
		if reNoDutyObject.MatchString(strings.TrimSpace(t[m[5]:])) || reCondition.MatchString(t[:m[2]]) && !strings.Contains(t[:m[2]], ";") {
			continue
		}
		at := m[4]
		x.addDuty(si, s, t, at, clauseEnd(t, at), m[2], p, conf, cutEN)
	}
}
