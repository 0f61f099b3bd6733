package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Round 15, obligation families (issue 29, session 17; docs/documents.md
// "round 15, obligation families"; oblfamilies15_test.go). The duty and
// prohibition wordings the rules before this round did not read, each a
// family of drafting rather than one document's words. Most are read by
// rewriting the sentence, keeping its length so that every offset holds,
// into a form the clause rules already read ("covenants to" is "must",
// "In no event shall the Tenant sublet" is "the Tenant shall not sublet").

// reDutyPhrase15: phrases that bind the subject as "must" does: a
// covenant, a commitment, an obligation or duty the subject has or is
// under.
var reDutyPhrase15 = regexp.MustCompile(`(?i)\b(?:covenants?\s+(?:and\s+agrees?\s+)?to|commits?\s+to|(?:is|are)\s+committed\s+to|(?:(?:shall|will)\s+have|has|have)\s+(?:the|an)\s+(?:obligation|duty|responsibility)\s+to|(?:is|are|shall\s+be)\s+under\s+(?:an|the)\s+(?:obligation|duty)\s+to|(?:is|are)\s+duty[\s-]bound\s+to)\b`)

// reIsTo15: "The Contractor is to keep a log": "is to" + a verb (not "is
// to be", which the clause rules read as a passive).
var reIsTo15 = regexp.MustCompile(`\b(?:is|are)\s+to\s+([a-z]+)\b`)

// reDutyOfParty15: "It is the Contractor's duty to", "It shall be the
// responsibility of the Client to": the party inside the phrase.
var (
	reDutyOfParty15 = regexp.MustCompile(`(?i)\bit\s+(?:is|shall\s+be|will\s+be)\s+(?:the\s+)?(?:sole\s+)?(?:duty|responsibility|obligation)\s+of\s+((?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})\s+to\b`)
	reDutyOfOwn15   = regexp.MustCompile(`(?i)\bit\s+(?:is|shall\s+be|will\s+be)\s+((?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})['’]s?\s+(?:sole\s+)?(?:duty|responsibility|obligation)\s+to\b`)
)

// reNoEvent15: an inverted prohibition at a clause's start: "In no event
// shall the Contractor remove", "Under no circumstances may the Lessee
// keep", "At no time will the Supplier"; the subject is a party's words
// (the, each, either, any and up to four capitalised words, or a
// pronoun) and a lower-case verb follows.
var reNoEvent15 = regexp.MustCompile(`(?i:in\s+no\s+(?:event|case)|under\s+no\s+circumstances?|at\s+no\s+time|on\s+no\s+account)\s*,?\s+(?i:(shall|will|may|must|can|should))\s+((?:(?i:the|each|either|any)\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3}|it|they|he|she)\s+([a-z])`)

// reNotAfterModal15: "shall in no case substitute", "will at no time
// use": the negation after the modal.
var reNotAfterModal15 = regexp.MustCompile(`(?i)\b(shall|will|may|must)\s+(?:in\s+no\s+(?:event|case)|under\s+no\s+circumstances?|at\s+no\s+time|on\s+no\s+account)\b`)

// reEnsureNot15: "shall not, and shall ensure that its staff do not,
// remove": the procurement between the prohibition and its verb.
var reEnsureNot15 = regexp.MustCompile(`(?i)\b(?:shall|must|will)\s+not(\s*(?:,\s*|\(\s*)(?:and|nor)\s+(?:shall|will|must)\s+(?:ensure|procure|cause)\s+(?:that\s+)?[^,()]{1,80}?\s+(?:do|does|will|shall|to)\s+not\s*[,)]\s*)`)

// enDutyForms15 rewrites sentence t's duty families into the forms the
// clause rules read, keeping t's length.
func (x *clauseExtractor) enDutyForms15(t string) string {
	if !strings.ContainsAny(t, "abcdefghijklmnopqrstuvwxyz") {
		return t
	}
	b := []byte(t)
	put := func(at, end int, s string) { // s, then spaces, over b[at:end]
		if len(s) <= end-at {
			copy(b[at:end], s+strings.Repeat(" ", end-at-len(s)))
		}
	}
	for _, m := range reDutyPhrase15.FindAllStringIndex(t, -1) {
		if grantsRightBefore15(t[:m[0]]) {
			continue
		}
		put(m[0], m[1], "must")
	}
	for _, m := range reIsTo15.FindAllStringSubmatchIndex(t, -1) {
		if t[m[2]:m[3]] == "be" {
			continue
		}
		subj := t[:m[0]]
		if _, i := lastBoundary(subj, false); i >= 0 {
			subj = subj[i:]
		}
		subj = strings.TrimSpace(subj[leadingNumber(subj):])
		if p, ok := x.partyIn(subj); !ok || p.role == "" || !strings.HasSuffix(lowerASCII(subj), lowerASCII(p.text)) || possessiveThing(subj) {
			continue // "The purpose of this Agreement is to set out"
		}
		put(m[0], m[2]-1, "must")
	}
	for _, re := range []*regexp.Regexp{reDutyOfParty15, reDutyOfOwn15} {
		for _, m := range re.FindAllStringSubmatchIndex(t, -1) {
			if p, ok := x.partyIn(t[m[2]:m[3]]); !ok || p.role == "" {
				continue
			}
			// "the Contractor must           report": the party, then must.
			put(m[0], m[1], t[m[2]:m[3]]+" must")
		}
	}
	for _, m := range reNoEvent15.FindAllStringSubmatchIndex(t, -1) {
		// "In no event shall the Contractor remove" ->
		// "the Contractor shall not         remove".
		modal, subj := strings.ToLower(t[m[2]:m[3]]), t[m[4]:m[5]]
		if modal == "can" {
			modal = "may"
		}
		put(m[0], m[6]-1, subj+" "+modal+" not")
	}
	for _, m := range reNotAfterModal15.FindAllStringSubmatchIndex(t, -1) {
		put(m[0], m[1], t[m[2]:m[3]]+" not")
	}
	for _, m := range reEnsureNot15.FindAllStringSubmatchIndex(t, -1) {
		put(m[2], m[3], " ")
	}
	return string(b)
}

// grantsRightBefore15: "may commit to": a right, not a duty.
func grantsRightBefore15(before string) bool {
	return strings.HasSuffix(lowerASCII(strings.TrimRight(before, " ")), " may")
}

// reJointSubject15: "The Client and the Contractor shall jointly": two
// parties joined by "and" as one subject, none of them its people.
var reJointSubject15 = regexp.MustCompile(`(?i)^(.+?)\s+(?:and|&)\s+(.+?)$`)

// jointParties15: a subject naming two parties ("The Client and the
// Contractor", "the Lessor and the Lessee") binds each; parties is what
// the clause rules read (one party), returned as is otherwise.
func (x *clauseExtractor) jointParties15(subj string, parties []clauseParty) []clauseParty {
	if len(parties) != 1 || parties[0].role == "each_party" {
		return parties
	}
	s := strings.TrimSpace(subj[leadingNumber(subj):])
	m := reJointSubject15.FindStringSubmatch(s)
	if m == nil || reAndItsPeople.MatchString(s) || strings.Contains(s, ",") {
		return parties
	}
	a, okA := x.partyIn(m[1])
	c, okC := x.partyIn(m[2])
	if !okA || !okC || a.role == "" || c.role == "" || a.role == c.role ||
		!strings.HasSuffix(lowerASCII(strings.TrimSpace(m[1])), lowerASCII(a.text)) ||
		!strings.HasSuffix(lowerASCII(strings.TrimSpace(m[2])), lowerASCII(c.text)) {
		return parties
	}
	return []clauseParty{a, c}
}

// rePassiveAgent15: a passive with its agent, the participle regular or
// not ("shall be paid by the Lessee", "is to be borne by the Buyer",
// "shall be carried out by the Contractor").
var rePassiveAgent15 = regexp.MustCompile(`^\s*(?:be\s+)?(?:[a-z]+ed|paid|borne|made|given|done|kept|sent|undertaken|taken|held|sold|built|laid|met|shown|drawn|written)(?:\s+(?:out|up|over|back))?\s+(?:solely\s+|directly\s+|entirely\s+|exclusively\s+)?by\s+((?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})`)

// passiveAgent15: the agent of a passive duty after its obligation word
// (word, rest), if it is a party: "shall be paid by the Lessee", "is to
// be paid by the Buyer" (whose "be" the word holds).
func (x *clauseExtractor) passiveAgent15(word, rest string) (clauseParty, bool) {
	if !rePassive.MatchString(rest) && !strings.HasSuffix(lowerASCII(word), " be") {
		return clauseParty{}, false
	}
	m := rePassiveAgent15.FindStringSubmatch(rest)
	if m == nil {
		return clauseParty{}, false
	}
	p, ok := x.partyIn(m[1])
	if !ok || p.role == "" {
		return clauseParty{}, false
	}
	return p, true
}

// rePresentPassive15: a present passive of a duty with its agent
// ("Consumables are supplied by the Contractor", "The premium is paid by
// the Insured"): the agent is bound, as "The Contractor supplies" binds
// it.
var rePresentPassive15 = regexp.MustCompile(`\b(?:is|are)\s+(?:supplied|provided|paid|borne|furnished|covered|maintained|performed|carried\s+out|delivered|installed|arranged|obtained|cleaned|repaired|serviced|insured|settled|reimbursed)\s+(?:solely\s+|directly\s+|entirely\s+|exclusively\s+)?by\s+((?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})`)

// rePresentDuty15: more present-tense verbs of a duty than the round 8b
// rule's (pays, bears): supplies, provides, maintains, keeps, delivers
// ... at a clause's start after a party ("The Lessor provides two parking
// spaces").
var rePresentDuty15 = regexp.MustCompile(`(?:^|;\s+|\.\s+)(?:\(?[0-9]{1,2}(?:\.[0-9]{1,2})*[.)]?\s+|\(?[a-z]\)\s+)?((?:[Tt]he\s+|[Ee]ach\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})\s+(supplies|provides|maintains|keeps|delivers|furnishes|insures|repairs|arranges|obtains|performs|installs|refunds|returns|carries\s+out)\s+`)

// reRecital15: a recital or a description of who a party is.
var reRecital15 = regexp.MustCompile(`(?i)^\s*(?:whereas|recitals?)\b|\b(?:wishes|desires|intends)\s+to\b|\b(?:is\s+(?:a|an)\s+(?:company|firm|provider|leading|specialist)|specialis(?:es|ing)\s+in|engaged\s+in\s+the\s+business)\b`)

// presentDuties15 reads sentence si's present-tense duties (class T) and
// present passives with an agent (class P) that no rule read before.
func (x *clauseExtractor) presentDuties15(si int, s span, t string) {
	if reRecital15.MatchString(t) || strings.HasSuffix(strings.TrimSpace(t), ":") {
		return
	}
	add := func(p clauseParty, at, focus int) {
		end := len(t)
		if i := strings.Index(t[at:], "; "); i > 0 {
			end = at + i
		}
		if x.oblOverlaps(s.start+at, s.start+end) {
			return
		}
		action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[at:end]), ".,;:"))
		if action == "" {
			return
		}
		o := Obligation{Party: p.text, PartyRole: p.role, Modality: "must", Action: clip(action, 300), Method: "clause", Confidence: 0.7}
		x.obls = append(x.obls, oblFound{o: o, start: s.start, end: s.end, focus: s.start + focus, sent: si,
			clauseStart: s.start + at, clauseEnd: s.start + end})
	}
	for _, m := range rePresentDuty15.FindAllStringSubmatchIndex(t, -1) {
		subj := t[m[2]:m[3]]
		p, ok := x.partyIn(subj)
		if !ok || p.role == "" || !strings.HasSuffix(lowerASCII(subj), lowerASCII(p.text)) {
			continue
		}
		if reNoDutyObject.MatchString(strings.TrimSpace(t[m[5]:])) || reCondition.MatchString(t[:m[2]]) && !strings.Contains(t[:m[2]], ";") {
			continue
		}
		add(p, m[4], m[2])
	}
	for _, m := range rePresentPassive15.FindAllStringSubmatchIndex(t, -1) {
		p, ok := x.partyIn(t[m[2]:m[3]])
		if !ok || p.role == "" || reNotBefore15.MatchString(t[:m[0]]) {
			continue
		}
		from := 0
		if _, i := lastBoundary(t[:m[0]], false); i >= 0 {
			from = i
		}
		from += leadingNumber(t[from:])
		if _, isParty := x.partyIn(t[from:m[0]]); isParty {
			continue // "The Contractor is paid by the Client": the subject is the payee
		}
		add(p, from, from)
	}
}

var reNotBefore15 = regexp.MustCompile(`(?i)\bnot\s*$`)

// Arabic. reArDutySynonym15: verbs that bind as يلتزم does, written with
// as many letters (يتكفل، تتكفل), rewritten to it.
var reArDutySynonym15 = regexp.MustCompile(`(?:^|[\s،,:؛(])(و?[يت])(تكفل)(?:\s)`)

// arDutyForms15 rewrites t's Arabic duty synonyms to يلتزم, keeping its
// length.
func arDutyForms15(t string) string {
	ms := reArDutySynonym15.FindAllStringSubmatchIndex(t, -1)
	if ms == nil {
		return t
	}
	b := []byte(t)
	for _, m := range ms {
		copy(b[m[4]:m[5]], "لتزم")
	}
	return string(b)
}

// reArNominal15: a party "responsible for" or "bound to" something, as a
// noun sentence ("المستأجر ملزم بإخلاء العين") or after يكون ("يكون مزود
// الخدمة مسؤولاً عن سلامة موظفيه").
var reArNominal15 = regexp.MustCompile(`(?:^|\s)(?:ملزم|ملزمة|ملزماً|ملزما|ملزمون|ملزمين|مسؤول|مسؤولة|مسؤولاً|مسؤولا|مسئول|مسئولة|مسئولاً|مسئولا|مسؤولون|مسؤولين)\s+(?:ب|عن\s)`)

// reArNominalLead15: what may stand before the party of a noun sentence:
// a clause number, يكون / تكون, و.
var reArNominalLead15 = regexp.MustCompile(`^\s*(?:[0-9٠-٩]{1,2}(?:[.٫][0-9٠-٩]{1,2})*\s*[.)\-]?\s*|(?:أولاً|ثانياً|ثالثاً|رابعاً|خامساً|سادساً|سابعاً|ثامناً|تاسعاً|عاشراً)\s*[:\-]\s*)?(?:[وف]?(?:يكون|تكون|يظل|تظل|يبقى|تبقى)\s+)?(?:و)?`)

// reArNominalNot15: a negation in the noun sentence's head.
var reArNominalNot15 = regexp.MustCompile(`(?:^|\s)(?:غير|ليس|ليست|لا|لن|لم)(?:\s|$)`)

// arNominalDuties15 reads sentence si's noun-sentence duties: the party
// at a clause's start, then ملزم / مسؤول and ب or عن.
func (x *clauseExtractor) arNominalDuties15(si int, s span, t string) {
	for _, m := range reArNominal15.FindAllStringIndex(t, -1) {
		at := m[0]
		for at < len(t) && t[at] == ' ' {
			at++
		}
		from := 0
		for _, sep := range []string{"،", "؛", ":", ". "} {
			if i := strings.LastIndex(t[:at], sep); i >= 0 && i+len(sep) > from {
				from = i + len(sep)
			}
		}
		head := t[from:at]
		lead := reArNominalLead15.FindString(head)
		party := strings.TrimSpace(head[len(lead):])
		if party == "" || utf8.RuneCountInString(party) > 30 || reArNominalNot15.MatchString(head) {
			continue // "الشركة غير ملزمة بقبول أقل العطاءات": not bound
		}
		role := ""
		switch {
		case isArRolePhrase(party):
			role = arRole(party)
		case !strings.Contains(party, " "):
			role = x.arAlias(party)
		}
		if role == "" {
			continue
		}
		if x.oblOverlaps(s.start+at, s.start+len(t)) {
			continue
		}
		action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[at:]), ".،,؛;:"))
		if action == "" {
			continue
		}
		o := Obligation{Party: displayArParty(party), PartyRole: role, Modality: "must", Action: clip(action, 300), Method: "clause", Confidence: 0.75}
		x.obls = append(x.obls, oblFound{o: o, start: s.start, end: s.end, focus: s.start + from, sent: si,
			clauseStart: s.start + at, clauseEnd: s.end})
	}
}
