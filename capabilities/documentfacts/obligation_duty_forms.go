package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Round 15, obligation families (issue 29, session 17; docs/documents.md
// "round 15, obligation families"; obligation_duty_forms_test.go). The duty and
// prohibition wordings the rules before this round did not read, each a
// family of drafting rather than one document's words. Most are read by
// rewriting the sentence, keeping its length so that every offset holds,
// into a form the clause rules already read ("covenants to" is "must",
// "In no event shall the Tenant sublet" is "the Tenant shall not sublet").

// reDutyPhrase: phrases that bind the subject as "must" does: a
// covenant, a commitment, an obligation or duty the subject has or is
// under.
var reDutyPhrase = regexp.MustCompile(`(?i)\b(?:covenants?\s+(?:and\s+agrees?\s+)?to|commits?\s+to|(?:is|are)\s+committed\s+to|(?:(?:shall|will)\s+have|has|have)\s+(?:the|an)\s+(?:obligation|duty|responsibility)\s+to|(?:is|are|shall\s+be)\s+under\s+(?:an|the)\s+(?:obligation|duty)\s+to|(?:is|are)\s+duty[\s-]bound\s+to)\b`)

// reIsToDutyForms: "The Contractor is to keep a log": "is to" + a verb (not "is
// to be", which the clause rules read as a passive).
var reIsToDutyForms = regexp.MustCompile(`\b(?:is|are)\s+to\s+([a-z]+)\b`)

// reDutyOfParty: "It is the Contractor's duty to", "It shall be the
// responsibility of the Client to": the party inside the phrase.
var (
	reDutyOfParty = regexp.MustCompile(`(?i)\bit\s+(?:is|shall\s+be|will\s+be)\s+(?:the\s+)?(?:sole\s+)?(?:duty|responsibility|obligation)\s+of\s+((?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})\s+to\b`)
	reDutyOfOwn   = regexp.MustCompile(`(?i)\bit\s+(?:is|shall\s+be|will\s+be)\s+((?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})['’]s?\s+(?:sole\s+)?(?:duty|responsibility|obligation)\s+to\b`)
)

// reNoEvent: an inverted prohibition at a clause's start: "In no event
// shall the Contractor remove", "Under no circumstances may the Lessee
// keep", "At no time will the Supplier"; the subject is a party's words
// (the, each, either, any and up to four capitalised words, or a
// pronoun) and a lower-case verb follows.
var reNoEvent = regexp.MustCompile(`(?i:in\s+no\s+(?:event|case)|under\s+no\s+circumstances?|at\s+no\s+time|on\s+no\s+account)\s*,?\s+(?i:(shall|will|may|must|can|should))\s+((?:(?i:the|each|either|any)\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3}|(?:each|either|any|a|the)\s+part(?:y|ies)|it|they|he|she)\s+([a-z])`)

// reNotAfterModal: "shall in no case substitute", "will at no time
// use": the negation after the modal.
var reNotAfterModal = regexp.MustCompile(`(?i)\b(shall|will|may|must)\s+(?:in\s+no\s+(?:event|case)|under\s+no\s+circumstances?|at\s+no\s+time|on\s+no\s+account)\b`)

// reEnsureNot: "shall not, and shall ensure that its staff do not,
// remove": the procurement between the prohibition and its verb.
var reEnsureNot = regexp.MustCompile(`(?i)\b(?:shall|must|will)\s+not(\s*(?:,\s*|\(\s*)(?:and|nor)\s+(?:shall|will|must)\s+(?:ensure|procure|cause)\s+(?:that\s+)?[^,()]{1,80}?\s+(?:do|does|will|shall|to)\s+not\s*[,)]\s*)`)

// enDutyForms rewrites sentence t's duty families into the forms the
// clause rules read, keeping t's length.
func (x *clauseExtractor) enDutyForms(t string) string {
	if !strings.ContainsAny(t, "abcdefghijklmnopqrstuvwxyz") {
		return t
	}
	b := []byte(t)
	put := func(at, end int, s string) { // s, then spaces, over b[at:end]
		if len(s) <= end-at {
			copy(b[at:end], s+strings.Repeat(" ", end-at-len(s)))
		}
	}
	for _, m := range findAllIndex(reDutyPhrase, t) { // prefilter.go
		if grantsRightBefore(t[:m[0]]) {
			continue
		}
		put(m[0], m[1], "must")
	}
	for _, m := range reIsToDutyForms.FindAllStringSubmatchIndex(t, -1) {
		if t[m[2]:m[3]] == "be" {
			continue
		}
		subj := t[:m[0]]
		if _, i := lastBoundary(subj, false); i >= 0 {
			subj = subj[i:]
		}
		subj = strings.TrimSpace(subj[leadingNumber(subj):])
		if p, ok := x.partyIn(subj); !ok || p.role == "" || !endsWithParty(subj, p.text) || possessiveThing(subj) {
			continue // "The purpose of this Agreement is to set out"
		}
		put(m[0], m[2]-1, "must")
	}
	for _, re := range []*regexp.Regexp{reDutyOfParty, reDutyOfOwn} {
		for _, m := range re.FindAllStringSubmatchIndex(t, -1) {
			if p, ok := x.partyIn(t[m[2]:m[3]]); !ok || p.role == "" {
				continue
			}
			// "the Contractor must           report": the party, then must.
			put(m[0], m[1], t[m[2]:m[3]]+" must")
		}
	}
	for _, m := range findAllAt(reNoEvent, t) { // findat.go
		// "In no event shall the Contractor remove" ->
		// "the Contractor shall not         remove".
		modal, subj := strings.ToLower(t[m[2]:m[3]]), t[m[4]:m[5]]
		if modal == "can" {
			modal = "may"
		}
		put(m[0], m[6]-1, subj+" "+modal+" not")
	}
	for _, m := range reNotAfterModal.FindAllStringSubmatchIndex(t, -1) {
		put(m[0], m[1], t[m[2]:m[3]]+" not")
	}
	for _, m := range findAll(reEnsureNot, t) {
		put(m[2], m[3], " ")
	}
	if matchAt(reCondition, t) { // findat.go
		for _, m := range reWeRemedy.FindAllStringSubmatchIndex(t, -1) {
			put(m[2], m[3], "") // "If payment is not received, we will place your account on hold"
		}
	}
	return string(b)
}

// reWeRemedy: "we will" and a remedy the writer announces ("we will
// place your account on hold", "we will suspend the service"): a
// consequence, no duty (oblprobe's README, 09).
var reWeRemedy = regexp.MustCompile(`(?i)\bwe\s+(will|shall)\s+(?:have\s+to\s+)?(?:suspend|terminate|cancel|place|put|withhold|charge|refer|take\s+(?:legal\s+|further\s+)?(?:action|steps)|stop|cease|instruct|commence|pass|report|apply|deduct|forfeit|retain|block|close|disconnect)\b`)

// grantsRightBefore: "may commit to": a right, not a duty.
func grantsRightBefore(before string) bool {
	return strings.HasSuffix(lowerASCII(strings.TrimRight(before, " ")), " may")
}

// reJointSubject: "The Client and the Contractor shall jointly": two
// parties joined by "and" as one subject, none of them its people.
var reJointSubject = regexp.MustCompile(`(?i)^(.+?)\s+(?:and|&)\s+(.+?)$`)

// jointParties: a subject naming two parties ("The Client and the
// Contractor", "the Lessor and the Lessee") binds each; parties is what
// the clause rules read (one party), returned as is otherwise.
func (x *clauseExtractor) jointParties(subj string, parties []clauseParty) []clauseParty {
	if len(parties) != 1 || parties[0].role == "each_party" || !strings.Contains(subj, " and ") && !strings.Contains(subj, "&") {
		return parties
	}
	s := strings.TrimSpace(subj[leadingNumber(subj):])
	m := reJointSubject.FindStringSubmatch(s)
	if m == nil || reAndItsPeople.MatchString(s) || strings.Contains(s, ",") {
		return parties
	}
	a, okA := x.partyIn(m[1])
	c, okC := x.partyIn(m[2])
	if !okA || !okC || a.role == "" || c.role == "" || a.role == c.role && strings.EqualFold(strings.TrimSpace(m[1]), strings.TrimSpace(m[2])) ||
		!endsWithParty(m[1], a.text) || !endsWithParty(m[2], c.text) {
		return parties
	}
	return []clauseParty{a, c}
}

// reDesignation: what may follow a party's word in its name: a letter
// or a number ("Partner A", "Party (2)").
var reDesignation = regexp.MustCompile(`^\s*(?:\(?[A-Za-z0-9]{1,2}\)?)?$`)

// endsWithParty: phrase ends with the party's word p, or with p and a
// designation.
func endsWithParty(phrase, p string) bool {
	low := lowerASCII(strings.TrimSpace(phrase))
	i := strings.LastIndex(low, lowerASCII(p))
	return i >= 0 && reDesignation.MatchString(low[i+len(p):])
}

// rePassiveAgentDutyForms: a passive with its agent, the participle regular or
// not ("shall be paid by the Lessee", "is to be borne by the Buyer",
// "shall be carried out by the Contractor").
var rePassiveAgentDutyForms = regexp.MustCompile(`^\s*(?:be\s+)?(?:[a-z]+ed|paid|borne|made|given|done|kept|sent|undertaken|taken|held|sold|built|laid|met|shown|drawn|written)(?:\s+(?:out|up|over|back))?\s+(?:solely\s+|directly\s+|entirely\s+|exclusively\s+)?by\s+((?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})`)

// passiveAgentDutyForms: the agent of a passive duty after its obligation word
// (word, rest), if it is a party: "shall be paid by the Lessee", "is to
// be paid by the Buyer" (whose "be" the word holds).
func (x *clauseExtractor) passiveAgentDutyForms(word, rest string) (clauseParty, bool) {
	if !rePassive.MatchString(rest) && !strings.HasSuffix(lowerASCII(word), " be") {
		return clauseParty{}, false
	}
	m := rePassiveAgentDutyForms.FindStringSubmatch(rest)
	if m == nil {
		return clauseParty{}, false
	}
	p, ok := x.partyIn(m[1])
	if !ok || p.role == "" {
		return clauseParty{}, false
	}
	return p, true
}

// rePresentPassive: a present passive of a duty with its agent
// ("Consumables are supplied by the Contractor", "The premium is paid by
// the Insured"): the agent is bound, as "The Contractor supplies" binds
// it.
var rePresentPassive = regexp.MustCompile(`\b(?:is|are)\s+(?:supplied|provided|paid|borne|furnished|covered|maintained|performed|carried\s+out|delivered|installed|arranged|obtained|cleaned|repaired|serviced|insured|settled|reimbursed)\s+(?:solely\s+|directly\s+|entirely\s+|exclusively\s+)?by\s+((?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})`)

// rePresentDuty: more present-tense verbs of a duty than the round 8b
// rule's (pays, bears): supplies, provides, maintains, keeps, delivers
// ... at a clause's start after a party ("The Lessor provides two parking
// spaces").
var rePresentDuty = regexp.MustCompile(`(?:^|;\s+|\.\s+)(?:\(?[0-9]{1,2}(?:\.[0-9]{1,2})*[.)]?\s+|\(?[a-z]\)\s+)?((?:[Tt]he\s+|[Ee]ach\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})\s+(supplies|provides|maintains|keeps|delivers|furnishes|insures|repairs|arranges|obtains|performs|installs|refunds|returns|carries\s+out)\s+`)

// reRecital: a recital or a description of who a party is.
var reRecital = regexp.MustCompile(`(?i)^\s*(?:whereas|recitals?)\b|\b(?:wishes|desires|intends)\s+to\b|\b(?:is\s+(?:a|an)\s+(?:company|firm|provider|leading|specialist)|specialis(?:es|ing)\s+in|engaged\s+in\s+the\s+business)\b`)

// presentDutiesDutyForms reads sentence si's present-tense duties (class T) and
// present passives with an agent (class P) that no rule read before.
func (x *clauseExtractor) presentDutiesDutyForms(si int, s span, t string) {
	if matchAt(reRecital, t) || strings.HasSuffix(strings.TrimSpace(t), ":") { // findat.go
		return
	}
	add := func(p clauseParty, at, focus int) {
		x.addDuty(si, s, t, at, clauseEnd(t, at), focus, p, 0.7, cutEN)
	}
	x.subjectDuties(si, s, t, rePresentDuty, 0.7)
	for _, m := range rePresentPassive.FindAllStringSubmatchIndex(t, -1) {
		p, ok := x.partyIn(t[m[2]:m[3]])
		if !ok || p.role == "" || reNotBefore.MatchString(t[:m[0]]) {
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

var reNotBefore = regexp.MustCompile(`(?i)\bnot\s*$`)

// Arabic. reArDutySynonym: verbs that bind as يلتزم does, written with
// as many letters (يتكفل، تتكفل), rewritten to it.
var reArDutySynonym = regexp.MustCompile(`(?:^|[\s،,:؛(])(و?[يت])(تكفل)(?:\s)`)

// arDutyForms rewrites t's Arabic duty synonyms to يلتزم and blanks
// its clause label, keeping its length.
func arDutyForms(t string) string {
	t = arClauseLabel(t)
	ms := reArDutySynonym.FindAllStringSubmatchIndex(t, -1)
	if ms == nil {
		return t
	}
	b := []byte(t)
	for _, m := range ms {
		copy(b[m[4]:m[5]], "لتزم")
	}
	return string(b)
}

// reArNominal: a party "responsible for" or "bound to" something, as a
// noun sentence ("المستأجر ملزم بإخلاء العين") or after يكون ("يكون مزود
// الخدمة مسؤولاً عن سلامة موظفيه").
var reArNominal = regexp.MustCompile(`(?:^|\s)(?:ملزم|ملزمة|ملزماً|ملزما|ملزمون|ملزمين|مسؤول|مسؤولة|مسؤولاً|مسؤولا|مسئول|مسئولة|مسئولاً|مسئولا|مسؤولون|مسؤولين)\s+(?:ب|عن\s)`)

// reArNominalLead: what may stand before the party of a noun sentence:
// a clause number, يكون / تكون, و.
var reArNominalLead = regexp.MustCompile(`^\s*(?:[0-9٠-٩]{1,2}(?:[.٫][0-9٠-٩]{1,2})*\s*[.)\-]?\s*|(?:أولاً|ثانياً|ثالثاً|رابعاً|خامساً|سادساً|سابعاً|ثامناً|تاسعاً|عاشراً)\s*[:\-]\s*)?(?:[وف]?(?:يكون|تكون|يظل|تظل|يبقى|تبقى)\s+)?(?:و)?`)

// reArNominalNot: a negation in the noun sentence's head.
var reArNominalNot = regexp.MustCompile(`(?:^|\s)(?:غير|ليس|ليست|لا|لن|لم)(?:\s|$)`)

// arNominalDuties reads sentence si's noun-sentence duties: the party
// at a clause's start, then ملزم / مسؤول and ب or عن.
func (x *clauseExtractor) arNominalDuties(si int, s span, t string) {
	for _, m := range reArNominal.FindAllStringIndex(t, -1) {
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
		lead := reArNominalLead.FindString(head)
		party := strings.TrimSpace(head[len(lead):])
		if party == "" || utf8.RuneCountInString(party) > 30 || reArNominalNot.MatchString(head) {
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

// Letters (class L): "we" is the sender and "you" the addressee, with
// the roles the letter gives them ('Reference: Contract between X (the
// Supplier) and Y (the Customer)', or X's and Y's definitions). A letter
// opens with an addressee line or a salutation near its top; its sender
// is the party with a role named first, before that line, and its
// addressee the party of the other role.
var reLetterOpen = regexp.MustCompile(`(?m)^[ \t*_]*(?:Dear\s+\S|To\s*(?:/\s*إلى\s*)?[*_]*\s*:|إلى\s*:|السادة\s*/|السيد\s*/|الفاضل\s*/|عزيزي|المحترمين\s*/|(?:Re|Subject|الموضوع)\s*:|We\s+(?:are|have|refer|write|thank|confirm|acknowledge|wish)\b|يسرنا|نود|نفيدكم)`)

// letterRoles sets x.you and x.letterSender in a letter.
func (x *clauseExtractor) letterRoles() {
	text := x.a.text
	m := reLetterOpen.FindStringIndex(text)
	if m == nil || m[0] > 1500 {
		return
	}
	first := map[string]int{}
	for _, p := range x.parties {
		if p.Role == "" || p.Role == "-" || len(p.Value) < 4 {
			continue
		}
		if i := firstMention(text, p.Value, m[0]); i >= 0 { // obligation_letters_envelopes.go
			if at, ok := first[p.Role]; !ok || i < at {
				first[p.Role] = i
			}
		}
	}
	if len(first) != 2 {
		return
	}
	var sender, addressee string
	for r, at := range first {
		if sender == "" || at < first[sender] {
			sender, addressee = r, sender
		} else {
			addressee = r
		}
	}
	if sender == "employee" && addressee == "employer" {
		// An offer that opens with its addressee (round 16, family L3):
		// the employer writes, whichever is named first.
		sender, addressee = addressee, sender
	} else if first[sender] >= m[0] {
		return
	}
	if x.you == "" {
		x.you = addressee
	}
	x.letterSender = sender
}

// reArYouPronoun: an Arabic duty addressed to "you" (عليك، عليكم) and
// one negated by عدم after it.
var reArYouPronoun = regexp.MustCompile(`^(?:[وف]?(?:عليك|عليكِ|عليكم|عليكما|عليه|عليها|عليهم|عليهما))\s+(عدم\s)?`)

// letterPronouns: an Arabic obligation whose action opens with على +
// a pronoun ("يجب عليك عدم فتح ...") is a prohibition when عدم follows,
// and binds the addressee when the pronoun is "you".
func (x *clauseExtractor) letterPronouns() {
	for i := range x.obls {
		o := &x.obls[i].o
		m := reArYouPronoun.FindStringSubmatch(o.Action)
		if m == nil {
			continue
		}
		if m[1] != "" {
			o.Modality = "must_not"
		}
		if o.PartyRole == "" && x.you != "" && strings.Contains(m[0], "عليك") {
			o.PartyRole = x.you
			o.Party = strings.TrimSpace(strings.Fields(m[0])[0])
		}
	}
}

// reNoSubject: "No bidder may", "No payment shall": a subject negated
// by no (not a quantity: "no later than", "no fewer than").
var reNoSubject = regexp.MustCompile(`(?i)^no\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*$`)

// noSubject reads a subject "No X": X's party when X names one, no
// party otherwise; ok is false when the subject is not "No X".
func (x *clauseExtractor) noSubject(s string) (parties []clauseParty, ok bool) {
	m := reNoSubject.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return nil, false
	}
	switch strings.ToLower(strings.Fields(m[1])[0]) {
	case "later", "sooner", "earlier", "less", "fewer", "more", "longer", "party", "parties", "one", "other", "person", "such", "further":
		return nil, false // quantities; "No party" and "No one" are the older rule's
	}
	if p, found := x.partyIn(m[1]); found && p.role != "" {
		return []clauseParty{p}, true
	}
	if reNoPerson.MatchString(m[1]) {
		return nil, true // "No signatory may sign alone" (obligation_subjects_tables.go)
	}
	if reActionNoun.MatchString(m[1]) || reChangeNoun.MatchString(m[1]) {
		return nil, true // "No payment shall be made", "No amendment shall be valid"
	}
	return nil, false // "No maintenance regime can overcome ...": a statement
}

// reChangeNoun: a change that a clause forbids with no one named.
var reChangeNoun = regexp.MustCompile(`(?i)(?:shares?|amendments?|alterations?|variations?|changes?|modifications?|assignments?|transfers?|subcontracting|disclosure|announcements?)\b`)

// passiveSubjects: an obligation read from a passive with its agent
// ("Municipal fees are to be paid by the Lessee") keeps the passive's
// subject in its action: what is paid is the thing named before the
// verb.
func (x *clauseExtractor) passiveSubjects() {
	for i := range x.obls {
		f := &x.obls[i]
		if f.o.PartyRole == "" || hasArabic(f.o.Action) || !rePassiveAgentDutyForms.MatchString(" "+f.o.Action) || f.focus >= f.clauseStart {
			continue
		}
		t := x.a.text[f.focus:f.clauseEnd]
		at := f.focus + leadingNumber(t)
		if a := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(x.a.text[at:f.clauseEnd]), ".,;:")); a != "" {
			f.o.Action, f.clauseStart = clip(a, 300), at
		}
	}
}

// reArClauseLabel: an Arabic clause label at a sentence's start
// ("البند السابع:", "المادة (٣) -", "البند ٢:"), a clause number in
// words.
var reArClauseLabel = regexp.MustCompile(`^\s*(?:ال)?(?:بند|مادة)\s+(?:\(?[0-9٠-٩]{1,3}\)?|ال\p{Arabic}+)\s*[:\-–]\s*`)

// arClauseLabel blanks t's Arabic clause label, keeping its length.
func arClauseLabel(t string) string {
	m := reArClauseLabel.FindStringIndex(t)
	if m == nil {
		return t
	}
	return strings.Repeat(" ", m[1]) + t[m[1]:]
}

// reArYatim: "يتم تنظيف الممرات", "ويتم تسليم الموقع": يتم and a verbal
// noun, a passive duty of no one named.
var reArYatim = regexp.MustCompile(`(?:^|[\s،,:؛(\-])(و?يتم)\s+(\p{Arabic}+)`)

// arYatimNoDuty: verbal nouns after يتم that state a computation, a
// charge or a state, no duty (the guideline's "is deducted", تحتسب).
var arYatimNoDuty = map[string]bool{"احتساب": true, "خصم": true, "تجديد": true, "التجديد": true, "إنهاء": true, "اعتبار": true,
	"إضافة": true, "منح": true, "تطبيق": true, "فسخ": true, "تمديد": true, "ذلك": true, "الاتفاق": true, "اختيار": true, "استبعاد": true,
	"رفض": true, "قبول": true, "إلغاء": true, "تحميل": true, "فرض": true, "اقتطاع": true, "حسم": true, "تعديل": true, "إشعار": true,
	"حل": true, "تسوية": true, "الفصل": true, "فض": true}

// reArFree: a service given free is a benefit ("يتم توصيل الأجهزة
// مجاناً"); reOfferDoc: a quotation or an offer, whose يتم terms
// ("يتم التسليم خلال أسبوعين") are the offer's terms, no duty.
var (
	reArFree   = regexp.MustCompile(`مجان|دون\s+مقابل|بدون\s+مقابل|بلا\s+مقابل`)
	reOfferDoc = regexp.MustCompile(`(?i)\bquotation\b|\bproforma\b|\bpro-forma\b|عرض\s+(?:ال)?سعر|عرض\s+(?:ال)?أسعار|عرض\s+فني|فاتورة\s+مبدئية`)
)

// arYatim reads sentence si's يتم passives that no rule read.
func (x *clauseExtractor) arYatim(si int, s span, t string) {
	t = arClauseLabel(t)
	if reArFree.MatchString(t) || reOfferDoc.MatchString(x.a.text[:min(len(x.a.text), 400)]) {
		return
	}
	for _, m := range reArYatim.FindAllStringSubmatchIndex(t, -1) {
		noun := stripTashkeel(t[m[4]:m[5]])
		if arYatimNoDuty[noun] || strings.HasPrefix(noun, "ب") || reArRelative.MatchString(t[:m[2]]) || reArNotBefore.MatchString(t[:m[2]]) {
			continue
		}
		if before := strings.TrimSpace(t[:m[2]]); before != "" && !reArClauseOpen.MatchString(t[:m[2]]) && !strings.HasPrefix(t[m[2]:m[3]], "و") {
			continue // "... الذي يتم": only at a clause's start
		}
		at := m[2] + len(t[m[2]:m[3]]) - len(strings.TrimPrefix(t[m[2]:m[3]], "و"))
		x.addDuty(si, s, t, at, len(t), at, clauseParty{}, 0.7, cutAR)
	}
}

// reArTwoDefined: 'ويشار إليها بـ "صاحب العمل" أو "الشركة"': a party
// defined by two words, the second one more name for it.
var reArTwoDefined = regexp.MustCompile(`(?:يشار|ويشار)\s+(?:إليها|إليه|اليها|اليه|إليهم|إليكم)\s+(?:فيما\s+(?:بعد|يلي)\s+)?بـ?\s*["“«]([^"”»\n]{2,30})["”»]\s+(?:أو|او)\s+(?:بـ?\s*)?["“«]([^"”»\n]{2,30})["”»]`)

// arSecondAliases reads the two-word definitions after each Arabic
// party: a defined word that is no role word ("الشركة"), or a short name
// of more words ("نور الصحراء", session 23), names the party, with its
// role.
func (x *clauseExtractor) arSecondAliases() {
	text := x.a.text
	for _, p := range x.parties {
		if p.Role == "" || len(p.Value) < 3 || !hasArabic(p.Value) {
			continue
		}
		for _, at := range occurrences(text, p.Value) {
			after := text[at+len(p.Value):]
			if nl := strings.IndexByte(after, '\n'); nl >= 0 {
				after = after[:nl]
			}
			m := reArTwoDefined.FindStringSubmatch(after)
			if m == nil {
				continue
			}
			for _, w := range m[1:] {
				w = stripTashkeel(strings.TrimSpace(w))
				if x.arAliases == nil {
					x.arAliases = map[string]string{}
				}
				first, _, _ := strings.Cut(w, " ")
				switch {
				case !strings.Contains(w, " ") && strings.HasPrefix(w, "ال") && roleOf(w) == "" && arRole(w) == "":
					x.arAliases[w] = p.Role
				case strings.Contains(w, " ") && arRole(w) == "" && !arGenericFirst[first] && !strings.HasPrefix(first, "ال"):
					// A short name of more words ("نور الصحراء"): arAlias
					// reads its first word; an earlier definition wins.
					if _, ok := x.arAliases[first]; !ok {
						x.arAliases[first] = p.Role
					}
				}
			}
		}
	}
}

// arGenericFirst: first words many names share, never a short name's
// key.
var arGenericFirst = map[string]bool{"شركة": true, "مؤسسة": true, "مجموعة": true, "بنك": true, "مصنع": true, "مكتب": true, "الشركة": true, "المؤسسة": true}

// reArJoint: a second party joined to the first by و ("الشريك (أ)
// والشريك (ب) معاً", "المؤجر والمستأجر").
var reArJoint = regexp.MustCompile(`^\s*(?:\([^()]{1,4}\)\s*)?و(ال\p{Arabic}+(?:\s+\p{Arabic}+)?(?:\s*\([^()]{1,4}\))?)`)

// arJoint: an Arabic obligation whose party is joined by و to a second
// party binds that party too ("يقوم الشريك (أ) والشريك (ب) معاً
// بإعداد"), as "X and Y shall jointly" does.
func (x *clauseExtractor) arJoint() {
	n := len(x.obls)
	for i := 0; i < n; i++ {
		f := x.obls[i]
		if f.o.Party == "" || f.o.PartyRole == "" || !hasArabic(f.o.Party) {
			continue
		}
		sent := x.a.text[f.focus:f.end]
		at := strings.Index(sent, f.o.Party)
		if at < 0 {
			continue
		}
		m := reArJoint.FindStringSubmatch(sent[at+len(f.o.Party):])
		if m == nil {
			continue
		}
		second := strings.TrimSpace(m[1])
		role := arRole(arKnownParty(second))
		if role == "" {
			continue
		}
		g := f
		g.o.Party, g.o.PartyRole = second, role
		x.obls = append(x.obls, g)
	}
}

// dutyFormsObligationFamilies runs the post-passes of this round.
func (x *clauseExtractor) dutyFormsObligationFamilies() {
	x.passiveSubjects()
	x.letterPronouns()
	x.arJoint()
}
