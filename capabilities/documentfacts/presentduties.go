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
	for _, m := range rePresentDutyEN.FindAllStringSubmatchIndex(t, -1) {
		subj := t[m[2]:m[3]]
		p, ok := x.partyIn(subj)
		if !ok || p.role == "" || !strings.HasSuffix(lowerASCII(subj), lowerASCII(p.text)) {
			continue
		}
		if reNoDutyObject.MatchString(strings.TrimSpace(t[m[5]:])) || reCondition.MatchString(t[:m[2]]) && !strings.Contains(t[:m[2]], ";") {
			continue
		}
		at := m[4]
		end := len(t)
		if i := strings.Index(t[at:], "; "); i > 0 {
			end = at + i
		}
		if x.oblOverlaps(s.start+at, s.start+end) {
			continue
		}
		action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[at:end]), ".,;:"))
		if action == "" {
			continue
		}
		o := Obligation{Party: p.text, PartyRole: p.role, Modality: "must", Action: clip(action, 300), Method: "clause", Confidence: 0.75}
		x.obls = append(x.obls, oblFound{o: o, start: s.start, end: s.end, focus: s.start + m[2], sent: si,
			clauseStart: s.start + at, clauseEnd: s.start + end})
	}
}
