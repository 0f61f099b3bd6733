package documentfacts

import (
	"regexp"
	"strings"
)

// Session 27 (issue 29, docs/documents.md "Issue 29, session 27:
// obligations and requirements found (detect)"): clauses the rules did
// not find at all, by classes of wording counted over the development
// sets. Hooked by one line each (requirements.go, clauses.go); the table
// cases are in obligation_missed_clauses_test.go.

// missedClausesRequirements reads, in a document that selects (a tender, an RFQ, its
// addendum or its replies to bidders' queries), the conditions stated
// outside a requirements section.
func (x *clauseExtractor) missedClausesRequirements(ctx reqContext) {
	if ctx.binding || !ctx.selecting {
		return
	}
	x.bidderConditionsMissedClauses()
	x.submitWithBid()
	x.passiveBonds()
}

// Class C1: a bidder's condition stated as a sentence wherever it stands
// (a reply to a query, an addendum), as the requirement sections read it
// under their headings, a requirement instead of an obligation:
//
//   - decision 32 in Arabic: a site visit the bidder must attend written
//     with its noun ("يجب على المناقصين حضور الزيارة الميدانية"):
//     eligibility (reMustAttend reads زيارة الموقع and the meeting);
//   - decision 55: a share of national staff the bidder must meet ("Bidders
//     must meet the Omanisation percentage", "يجب أن تكون نسبة التعمين
//     لدى المناقص مطابقة"): compliance; a certificate of it is a document
//     to submit, not this condition;
//   - a floor on the bidder's turnover or annual sales ("يجب ألا يقل
//     متوسط حجم الأعمال السنوي للمناقص عن"): financial;
//   - decision 14: goods a bidder offers accepted if certified to or
//     conforming with a standard ("Equivalent pumps are accepted if they
//     are certified to ISO 9906", "تقبل المضخات المكافئة إذا كانت معتمدة
//     وفق المواصفة"): compliance.
var (
	reArVisit = regexp.MustCompile(`(?:يجب|يتعين|يلتزم|على|يشترط|يُشترط)[^.؛\n]{0,50}?حضور\s+(?:ال)?زيارة\s+(?:ال)?(?:ميدانية|موقع)`)
	// reBidder: the one who bids, in either language.
	reBidder = regexp.MustCompile(`(?i)\b(?:bidders?|tenderers?|applicants?)\b|(?:^|\s)(?:ال|لل|ل)?(?:مناقص|متناقص|متقدم)(?:ين|ون)?(?:\s|$|[.،,؛])|مقدم\s+العطاء|مقدمي\s+العطاءات`)
	// reCondModal: the word that makes it a condition.
	reCondModal = regexp.MustCompile(`(?i)\b(?:must|shall|is\s+required\s+to|are\s+required\s+to)\b|(?:^|\s)(?:يجب|يشترط|يُشترط|يتعين)(?:\s|$)`)
	// reCertWordMissedClauses: a certificate, which is a document to submit.
	reCertWordMissedClauses = regexp.MustCompile(`(?i)\bcertificates?\b|شهادة|شهادات`)
	reTurnover              = regexp.MustCompile(`(?i)\bturnover\b|حجم\s+(?:ال)?أعمال|(?:ال)?مبيعات\s+(?:ال)?سنوية`)
	reFloor                 = regexp.MustCompile(`(?i)\bat\s+least\b|\bnot\s+less\s+than\b|\bminimum\b|(?:ألا|الا|لا|أن\s+لا)\s+(?:يقل|تقل)(?:\s|$)`)
	reAccepted              = regexp.MustCompile(`(?i)\b(?:accepted|acceptable|allowed|permitted)\s+(?:only\s+)?(?:if|provided(?:\s+that)?|where)\b[^.;\n]{0,60}?\b(?:certified\s+to|conform(?:s|ing)?\s+to|compl(?:y|ies)\s+with)\b[^.;\n]{0,30}?\b(?:ISO|EN|ASTM|BS|GSO|IEC|ANSI|DIN|standards?)\b|(?:تقبل|تُقبل|يقبل|يُقبل)[^.؛\n]{0,60}?(?:إذا|شريطة|بشرط)\s+(?:أن\s+)?(?:كانت|كان|تكون|يكون)\s+(?:معتمدة|معتمد|مطابقة|مطابق)\s+(?:وفق|ل)`)
)

// conditionMissedClauses is the category of the bidder's condition sentence t
// states (class C1), "" when none.
func conditionMissedClauses(t string) string {
	switch {
	case reArVisit.MatchString(t) && !reOptionalVisit.MatchString(t):
		return "eligibility"
	case reNationals.MatchString(t) && reCondModal.MatchString(t) && reBidder.MatchString(t) && !reCertWordMissedClauses.MatchString(t):
		return "compliance"
	case reTurnover.MatchString(t) && reFloor.MatchString(t) && reCondModal.MatchString(t) && reBidder.MatchString(t) && !reCertWordMissedClauses.MatchString(t):
		return "financial"
	case reAccepted.MatchString(t):
		return "compliance"
	}
	return ""
}

// bidderConditionsMissedClauses adds the requirement of each sentence stating a
// bidder's condition (class C1) that no requirement reads yet, and keeps
// it from the obligations (as bidderConditionsRequirementConventions, requirement_conventions.go).
func (x *clauseExtractor) bidderConditionsMissedClauses() {
	for si, sp := range x.sents {
		if x.reqSents[si] || x.skipped(sp) || sp.end-sp.start > 400 || x.reqOverlaps(sp.start, sp.end) {
			continue
		}
		t := x.a.text[sp.start:sp.end]
		if strings.HasSuffix(strings.TrimSpace(t), ":") {
			continue // a lead-in
		}
		c := conditionMissedClauses(t)
		if c == "" {
			continue
		}
		x.reqSents[si] = true
		lead := leadingNumber(t)
		r := Requirement{Requirement: clip(strings.TrimSpace(t[lead:]), 300), Category: c, Mandatory: !reReqOptional.MatchString(t), Method: "clause", Confidence: 0.75}
		x.reqs = append(x.reqs, reqFound{r: r, start: sp.start + lead, end: sp.end, explicit: true, section: x.sectionOf[sp.seg]})
	}
}

// Class C2 (decision 28, convention 34): a document the bidder submits
// with its bid, named in a sentence of its own ("The bidder shall submit
// the manufacturer's test certificates with its technical offer", "A
// valid Omanisation certificate shall be submitted with the bid", "ويقدم
// المناقص شهادات اختبار الشركة المصنعة مع عرضه الفني", "وتقدم شهادة
// تعمين سارية المفعول مع العطاء"), is a documentation requirement, and
// the sentence stays the duty it is (the bidder's, or no one's when
// passive). Family H of session 24 (docSentences) reads two or more
// documents named so; this reads one, and the passive. A bond is the
// bond rules'; a lead-in ("shall submit the following with its bid:")
// is the list's.
var (
	reSubmitWithEN    = regexp.MustCompile(`(?i)\b(?:bidders?|tenderers?|applicants?|suppliers?|consultants?|candidates?|firms?)\s+(?:shall|must|are\s+to|is\s+to|(?:is|are)\s+required\s+to)\s+(?:also\s+)?(?:submit|provide|enclose|attach|furnish|upload)\s+(.{3,200}?)\s+(?:with|in)\s+(?:its|their|the|his|her|each)\s+(?:technical\s+|financial\s+|commercial\s+)?(?:bids?|offers?|tenders?|proposals?|quotations?|applications?|envelopes?|submissions?)\b`)
	reSubmittedWithEN = regexp.MustCompile(`(?i)^\W*(?:[0-9][0-9.]*\s+)?(.{3,150}?)\s+(?:shall|must)\s+(?:also\s+)?be\s+(?:submitted|provided|enclosed|attached|included|furnished)\s+(?:together\s+)?with\s+(?:its|their|the|each)\s+(?:technical\s+|financial\s+)?(?:bids?|offers?|tenders?|proposals?|quotations?|applications?)\b`)
	reSubmitWithAR    = regexp.MustCompile(`(?:^|\s)(?:و)?(?:يقدم|تقدم|يُقدم|تُقدم|يرفق|ترفق|يُرفق|تُرفق)\s+(?:(?:ال)?(?:مناقص|متقدم|مورد|متناقص)(?:ون|ين)?\s+)?(\S.{2,200}?)\s+مع\s+(?:عرضه|عطائه|العطاء|العرض|الطلب|طلبه|عطاءاتهم|طلباتهم)`)
)

// submitWithBid adds the documentation requirement of each such
// sentence no requirement reads yet.
func (x *clauseExtractor) submitWithBid() {
	for si, sp := range x.sents {
		if x.reqSents[si] || x.skipped(sp) || sp.end-sp.start > 400 || x.reqOverlaps(sp.start, sp.end) {
			continue
		}
		t := x.a.text[sp.start:sp.end]
		if strings.HasSuffix(strings.TrimSpace(t), ":") || reBondWords.MatchString(t) {
			continue
		}
		ok := false
		if hasArabic(t) {
			m := reSubmitWithAR.FindStringSubmatch(t)
			ok = m != nil && (reDocNounAR.MatchString(m[1]) || reDocHeadAR.MatchString(m[1]))
		} else if m := reSubmitWithEN.FindStringSubmatch(t); m != nil {
			ok = reDocNounEN.MatchString(m[1]) || reDocHeadEN.MatchString(m[1])
		} else if m := reSubmittedWithEN.FindStringSubmatch(t); m != nil {
			ok = reDocNounEN.MatchString(m[1]) || reDocHeadEN.MatchString(m[1])
		}
		if !ok {
			continue
		}
		lead := leadingNumber(t)
		r := Requirement{Requirement: clip(strings.TrimSpace(t[lead:]), 300), Category: "documentation", Mandatory: !reReqOptional.MatchString(t), Method: "clause", Confidence: 0.75}
		x.reqs = append(x.reqs, reqFound{r: r, start: sp.start + lead, end: sp.end, explicit: true, section: x.sectionOf[sp.seg]})
	}
}

// Class O2: the winning bidder named by a relative clause ("يلتزم
// المناقص الذي يرسو عليه العطاء بتقديم ضمان حسن التنفيذ", "على من ترسو
// عليه المناقصة تقديم ضمان حسن تنفيذ"; heldout16 09, dev5 06) is the
// successful bidder of reWinner and reWinners: its performance bond is a
// financial requirement and still its duty (convention of session 19).
const reWinnerRel = `(?:الذي|التي|من)\s+(?:يرسو|ترسو)\s+(?:عليه|عليها)`

// Class O3 (decision 34): a bond handed in with the bid, the bond as the
// subject of a passive verb of submitting ("يجب أن يقدم مع العطاء كفالة
// بنكية أولية", "يقدم الضمان المؤقت في صورة ضمان بنكي"; heldout4 12,
// heldout5 10, heldout16 09), is the bond's financial requirement and an
// obligation of no one, as "يجب أن يرفق بالعطاء ضمان" is
// (accompanyingBonds, convention_rejections_offer_roles.go): the requirement's sentence is read for
// obligations as well. A bidder named ("يقدم المناقص ضمان") is another
// wording; the winner's bond is its own duty already.
var reSubmitBond = regexp.MustCompile(`^\s*(?:[0-9٠-٩]+[.)\-]?\s*|[-•*]\s*)?(?:(?:يجب|ويجب|يتعين)\s+أن\s+)?(?:و)?(?:يقدم|يُقدم|تقدم|تُقدم)\s+(?:(?:ب|مع\s+)(?:كل\s+)?(?:ال)?(?:عطاء|عطاءات|عرض|عروض)\S*\s+)?(?:ال)?(?:ضمان|كفالة|تأمين)`)

// passiveBonds lets the obligations read such a requirement's sentence.
func (x *clauseExtractor) passiveBonds() {
	for si, sp := range x.sents {
		if !x.reqSents[si] || x.skipped(sp) || sp.end-sp.start > 500 {
			continue
		}
		if t := x.a.text[sp.start:sp.end]; reSubmitBond.MatchString(arClauseLabel(t)) && !reWinners.MatchString(t) {
			x.reqSents[si] = false
		}
	}
}

// missedClausesPassiveObligations runs class O1 over the sentences no requirement took,
// after the obligation families (clauses.go).
func (x *clauseExtractor) missedClausesPassiveObligations() {
	for si, s := range x.sents {
		if x.reqSents[si] || x.skipped(s) {
			continue
		}
		if t := x.a.text[s.start:s.end]; hasArabic(t) {
			x.arPassiveMissedClauses(si, s, arClauseLabel(t))
		}
	}
}

// missedClausesObligations applies the session's obligation classes after every other rule
// (handle.go): class O3's duty binds no one named (decision 34), whatever
// role an earlier rule read from the bid it goes with.
func (x *clauseExtractor) missedClausesObligations() {
	for i := range x.obls {
		o := &x.obls[i]
		if o.o.PartyRole == "" || o.start < 0 || o.end > len(x.a.text) {
			continue
		}
		sent := x.a.text[o.start:o.end]
		if reSubmitBond.MatchString(arClauseLabel(sent)) && !reBidder.MatchString(sent) && !reWinners.MatchString(sent) {
			o.o.Party, o.o.PartyRole = "", ""
			continue
		}
		x.ownedSubject(o)
	}
}

// Class O5 (convention 67): a passive duty whose subject is a thing that
// belongs to or concerns a party ("The Licensee's patient data shall be
// stored only on servers in Qatar", "Any claim against the Surveyor must
// be notified in writing within ninety days"; heldout22 08, heldout23 02)
// binds no one named: the party is inside the subject, not its head. The
// rules bound the party and cut the clause after the modal; the duty is
// the clause from its subject, as for any passive that names no one.
var (
	reEnPassive = regexp.MustCompile(`(?i)^be\s+(?:[a-z]+ed|[a-z]+en|kept|held|made|paid|sent|sold|built|borne|brought|done|met|put|set|shown|told|sought|bought)\b`)
	reModalEnd  = regexp.MustCompile(`(?i)\s+(?:shall|must|will|is\s+to|are\s+to)(?:\s+not)?\s*$`)
	// reOwnedThing: the party's possessive before the thing ("The
	// Licensee's patient data"), or a thing against, of or by the party
	// ("Any claim against the Surveyor").
	reOwnedThing = regexp.MustCompile(`(?i)^(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2}(?:'s|’s)\s+(?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*$|^(?:any|all|every|each|no)\s+(?:[a-z][\w-]*\s+){0,2}?(?:against|by|of|from|on)\s+(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2}$`)
)

// ownedSubject applies class O5 to o.
func (x *clauseExtractor) ownedSubject(o *oblFound) {
	if hasArabic(o.o.Action) || !reEnPassive.MatchString(o.o.Action) || o.clauseStart <= o.start || o.clauseStart > len(x.a.text) || o.clauseEnd > len(x.a.text) || o.clauseEnd <= o.clauseStart {
		return
	}
	head := x.a.text[o.start:o.clauseStart]
	lead := leadingNumber(head)
	m := reModalEnd.FindStringIndex(head)
	if m == nil || m[0] <= lead {
		return
	}
	subj := strings.TrimSpace(head[lead:m[0]])
	if !reOwnedThing.MatchString(subj) {
		return
	}
	at := o.start + lead + strings.Index(head[lead:], subj)
	action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(x.a.text[at:o.clauseEnd]), cutEN))
	if action == "" {
		return
	}
	o.o.Party, o.o.PartyRole, o.o.Action = "", "", clip(strings.ReplaceAll(action, "\n", " "), 300)
	o.clauseStart = at
}

// Class O4 (convention 65): the items of an Arabic lead-in ("يلتزم
// العميل بما يلي:", "على الممنوح له ما يلي:") written so that the item
// rules missed them:
//
//   - an HTML list (<ol type="أ">, <ul>) the reader renders without its
//     markers (heldout23 06): an Arabic line that ends its sentence (".",
//     "؛", "،"), as plainItem reads an English one;
//   - a bullet and then a letter ("- أ. تدريب ...", "- د. عدم منح ...";
//     heldout22 06, heldout19 07): the item starts after both markers, so
//     that its text, and a prohibition's عدم, read as written.

// plainItemAR: an Arabic list item with no marker, where its text
// starts in line.
func plainItemAR(line string) (int, bool) {
	t := strings.TrimSpace(line)
	if t == "" || !firstLetterArabic(t) || strings.Contains(t, " | ") || len(t) > 600 {
		return 0, false
	}
	if !strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "؛") && !strings.HasSuffix(t, "،") && !strings.HasSuffix(t, ";") {
		return 0, false
	}
	return strings.Index(line, t), true
}

// secondMarker: the length of a letter marker right after a bullet at
// line[at:] ("- أ. "), else 0.
func secondMarker(line string, at int) int {
	first := strings.TrimSpace(line[:at])
	if first != "-" && first != "•" && first != "▪" && first != "–" && first != "*" {
		return 0
	}
	if m := reListItem.FindStringIndex(line[at:]); m != nil && m[0] == 0 && !strings.ContainsAny(strings.TrimSpace(line[at:at+m[1]]), "-•▪–*") {
		return m[1]
	}
	return 0
}

// Class O1 (convention 67): an Arabic passive duty of no one named that
// the passive families (arPassiveDuties, arPassiveBidsPassives) miss because the
// clause opens with a bullet ("- تقدم العطاءات إلكترونياً"; heldout20 07),
// or because the word after the verb is not yet the thing moved: the one
// it goes to ("تصرف للمقاول دفعة مقدمة"; heldout22 05) or a determiner
// ("تقدم هذه الوكالة إلى المديرية", "تبلغ أي"; partyprobe 23). A document
// handed in is such a thing too ("وتقدم شهادة تعمين سارية المفعول مع
// العطاء"; heldout22 07). The verbs and their guards are arPassiveBidsPassives's;
// a return (يرد، يعاد) is left to it.
var (
	reBulletOpen  = regexp.MustCompile(`^\s*[-•*▪]\s+`)
	reArSkipWord  = regexp.MustCompile(`^(?:هذا|هذه|هذان|هاتان|أي|جميع|كافة|كامل)$`)
	reArDocThing  = regexp.MustCompile(`^(?:ال)?(?:شهادة|شهادات|وكالة|نسخة|نسخ|صورة|صور|خطاب|خطابات|كشف|كشوف|جداول|جدول)$`)
	reArRecipient = regexp.MustCompile(`^لل\p{Arabic}+$`)
	reArPassVerbs = regexp.MustCompile(`^و?[تي](?:دفع|سدد|قدم|رسل|وجه|رفق|سلم|ودع|حول|صرف|ورد|رفع)$`)
)

// arPassiveMissedClauses reads sentence si's passive duties of class O1.
func (x *clauseExtractor) arPassiveMissedClauses(si int, s span, t string) {
	if strings.HasSuffix(strings.TrimSpace(t), ":") {
		return
	}
	probe := t
	bullet := false
	if m := reBulletOpen.FindStringIndex(t); m != nil {
		probe, bullet = strings.Repeat(" ", m[1])+t[m[1]:], true
	}
	for _, m := range reArPassiveOpenBidsPassives.FindAllStringSubmatchIndex(probe, -1) {
		verb := probe[m[2]:m[3]]
		if !reArPassVerbs.MatchString(verb) || reArRelative.MatchString(probe[:m[2]]) {
			continue
		}
		words := strings.Fields(probe[m[4]:min(len(probe), m[4]+200)])
		next := strings.Trim(words[0], "،,.")
		skipped := false
		switch {
		case reArSkipWord.MatchString(next) || reArRecipient.MatchString(next) && (arRole(next) != "" || isArRolePhrase(next)):
			if len(words) < 2 {
				continue
			}
			next, skipped = strings.Trim(words[1], "،,."), true
		case arRole(next) != "" || x.arAlias(next) != "" || isArRolePhrase(next):
			continue // active: the party's
		}
		if skipped && reArBids.MatchString(next) {
			continue // "يقدم هذا العرض وفق ...": the offer made, no duty
		}
		thing := reArThingNext.MatchString(next) || reArThing.MatchString(next)
		if !thing && !reArDocThing.MatchString(next) {
			continue
		}
		if !bullet && !skipped && thing {
			continue // arPassiveDuties' or arPassiveBidsPassives's
		}
		x.passiveDuty(si, s, t, m[2], false)
	}
}
