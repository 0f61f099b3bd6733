package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// What is a requirement (issue 29, session 15). The guideline
// (testdata/eval/README.md, heldout2's notes) reads: a requirement is a
// condition that a bidder, applicant, candidate or supplier must or should
// meet to qualify or to submit. judgeRequirement applies that as one
// criterion of three parts, in order:
//
//  1. Someone is being selected. A contract, order, invoice, quotation
//     answering an RFQ, award letter or a guarantee issued as the document
//     (requirementContext: its first line, a contract opening) binds
//     parties already chosen: its "must", "is required" and يشترط are
//     obligations or terms, never requirements; only a section naming
//     eligibility or qualification states conditions there. A tender,
//     RFQ, prequalification, job advert, call for applications or
//     supplier registration selects; a document of unknown kind keeps the
//     sentence rules.
//  2. The unit is a condition, not something else a selecting document
//     says (notACondition): the bid's validity, the issuer's reservations,
//     a clause number, a definition, the manner, channel or language of
//     handing in the bid (an obligation, heldout2's README), what becomes
//     of a failing bid, advice on the procedure, a sentence announcing a
//     list, a note or proviso on the listed documents. Headings are none
//     (sections: the title opens no section, a lettered sub-heading is
//     part of the section above it, a heading of another kind ends one).
//  3. It is stated as a condition of the one selected: under a section
//     that names requirements (or, in a selecting document, the
//     candidate's conditions), a sentence with a requirement word, an
//     item that is a noun phrase, an Arabic condition (أن يكون، ألا يقل)
//     or a bond or turnover; elsewhere what the candidate must be or have
//     (candidateState), what the bid must hold when it names a document or
//     a bond (reBidContent, which stays an obligation too), a preference
//     ("should", "preferred") of the bidder, applicant or supplier, a
//     passive "is required" that binds no named party, or يشترط. A duty
//     with a time or of the successful bidder is an obligation, also under
//     a requirements heading, except the winner's performance bond, which
//     is both (dev6 and heldout2 READMEs).
//
// Categories follow the same reading: documentation is documents to
// provide (reDocWord), an item of a tender naming no one who bids is about
// what is offered (goodsSpec: technical).

// reqContext: what the document is, for requirements.
type reqContext struct {
	tender    bool // a tender, RFQ or prequalification (isTenderText), not a reply to one
	binding   bool // a contract, order, invoice, quotation or award: its parties are bound already
	selecting bool // a tender or a document opening as a job advert, call or registration
}

// requirementContext reads the document's kind once.
func requirementContext(text string) reqContext {
	binding := replyDocument(text) || replyAfterLetterhead(text) || engagementLetter(text) && !isTenderText(text) || !isTenderText(text) && !reSelectionOpening.MatchString(prefixBytes(text, 400)) && reContractOpening.MatchString(prefixBytes(text, 800))
	tender := isTenderText(text) && !binding
	return reqContext{tender: tender, binding: binding, selecting: tender || !binding && reSelectionOpening.MatchString(prefixBytes(text, 400))}
}

var (
	// reSelectionOpening: the opening of a document that selects someone
	// other than by tender: a job advert, a call for applications, a
	// supplier or contractor registration or prequalification.
	reSelectionOpening = regexp.MustCompile(`(?i)\bexpressions\s+of\s+interest\b|\b(?:quotation|price|bid|proposal)\s+request\b|\bvacanc(?:y|ies)\b|\bjob\s+(?:opening|advert(?:isement)?|posting)\b|\b(?:is|are)\s+(?:hiring|recruiting)\b|\bwe\s+are\s+(?:hiring|recruiting|looking\s+for)\b|\bcall\s+for\s+(?:applications|proposals|expressions|nominations)\b|\b(?:suppliers?|vendors?|contractors?|subcontractors?)\b[^\n]{0,40}\b(?:registration|prequalification|qualification|onboarding|empanelment)\b|\b(?:registration|prequalification|qualification)\s+of\s+(?:suppliers|vendors|contractors)\b|\bapplications?\s+(?:are\s+)?invited\b|وظيفة\s+شاغرة|وظائف\s+شاغرة|عن\s+حاجت(?:ها|ه)\s+(?:إلى|الى|لشغل)|تسجيل\s+(?:ال)?(?:موردين|مقاولين)|تأهيل\s+(?:ال)?(?:موردين|مقاولين)|فتح\s+باب\s+التقديم` + selectionOpeningSplitParts + selectionOpeningStructures) // requirement_split_parts.go, requirement_structures.go
	// reReplyTitle: the title of a document that answers or executes a
	// selection (a quotation, an invoice, an order, a contract, an award
	// letter), also when it cites the RFQ or tender it answers.
	reReplyTitle = regexp.MustCompile(`(?i)^[\s\p{P}\p{S}]*(?:(?:tax\s+|commercial\s+|proforma\s+|pro-forma\s+)?invoice|(?:price\s+|sales\s+)?quotation|(?:local\s+)?purchase\s+order|(?:[a-z]+\s+){0,3}(?:contract|agreement)\b|letter\s+of\s+(?:award|acceptance|intent)|award\s+letter|notification\s+of\s+award|credit\s+note|debit\s+note|عرض\s+(?:سعر|أسعار)|فاتورة|أمر\s+(?:شراء|توريد)|عقد|اتفاقية|خطاب\s+(?:ترسية|قبول)|إشعار\s+(?:ترسية|دائن|مدين))`)
	// reRequestWord: a title that asks ("Quotation Request", "Contract
	// tender"): the selection itself.
	reRequestWord = regexp.MustCompile(`(?i)\brequest|\binvitation|\btender|\bprequalification|\brf[pqt]\b|طلب|دعوة|مناقصة|إعلان|تأهيل`)
)

// replyDocument: the document's first line titles it as an answer to or
// the execution of a selection ("QUOTATION", "SUPPLY AGREEMENT",
// "PURCHASE ORDER"), not as the selection itself.
func replyDocument(text string) bool {
	first := ""
	for _, l := range strings.Split(prefixBytes(text, 400), "\n") {
		if l = strings.TrimSpace(strings.Trim(strings.TrimSpace(l), "*#_")); l != "" {
			first = l
			break
		}
	}
	// A guarantee or bond issued as the document itself ("BID BOND |
	// ضمان العطاء", "Performance Guarantee") binds the bank that issues
	// it (round 9's class "a bond is no tender").
	return reReplyTitle.MatchString(first) && !reRequestWord.MatchString(first) || reInstrumentTitle.MatchString(first)
}

// reQualifyHeading: a heading that names conditions to qualify, which
// states requirements in any document.
var reQualifyHeading = regexp.MustCompile(`(?i)\beligib|\bqualifications?\b|pre-?qualification|\bwho\s+(?:can|may|should)\s+apply\b|conditions\s+(?:of|for)\s+(?:participation|eligibility|registration|qualification)|شروط\s+(?:التأهيل|المشاركة|الاشتراك|التقديم|التأهل)|التأهيل|الأهلية|المؤهلات`)

var (
	// reDefinition: a definition ("'Bidder' means ...", يقصد بالمناقص).
	reDefinition = regexp.MustCompile(`(?i)\b(?:means|shall\s+mean|is\s+defined\s+as|refers\s+to)\b|^\s*(?:[0-9.]+\s+)?(?:يقصد|يُقصد|تعني|يعني)\s`)
	// reSubmitManner: how, where or when the bid is handed in ("Tenders
	// shall be submitted in two sealed envelopes", تقدم العطاءات في
	// مظروفين), an obligation of the bidder, no condition to qualify.
	reSubmitManner = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|quotations?|offers?|proposals?|applications?|cvs?|envelopes?)\s+(?:shall|must|should|are\s+to|is\s+to|will)\s+(?:be\s+)?(?:submitted|delivered|sent|e-?mailed|addressed|sealed|placed|deposited|handed|marked|received|uploaded|dropped)\b|\bsealed\s+envelopes?\b|(?:^|\s)(?:تقدم|تُقدم|ترسل|تُرسل|تسلم|تُسلم|تودع|تُودع|توضع|تُوضع)\s+(?:ال)?(?:عطاءات|عروض|عطاء|عرض|طلبات)|مظروف|مظاريف`)
	// reWithProof: the bid goes in with something named, which is a
	// requirement ("must be submitted with a bid bond", مرفقاً به).
	reWithProof = regexp.MustCompile(`(?i)\b(?:with|accompanied\s+by|together\s+with|along\s+with|including|enclosing)\b|(?:^|\s)(?:مع|مرفق|مرفقاً|مرفقا|مصحوب)`)
	// reOtherSection: a heading of a section of another kind than
	// conditions: what the employer offers, how to apply, the commercial
	// terms, payment, delivery, evaluation, award, general provisions,
	// duties after award, contacts.
	reOtherSection = regexp.MustCompile(`(?i)^(?:[0-9]{1,2}(?:\.[0-9]{1,2})*[.)]?\s+)?(?:(?:programme|program|employee|staff|job|our|the|key|general|other)\s+)?(?:what\s+we\s+offer|we\s+offer|our\s+offer|benefits?|package|remuneration|salary|compensation|about\s+(?:us|the\s+(?:role|company|job|position))|how\s+to\s+(?:apply|submit)|application\s+process|contacts?\b|payments?\b|delivery|general\b|(?:commercial\s+)?terms\b|evaluation|award|submission|scope|background|introduction|purpose|(?:key\s+)?(?:duties|responsibilities|obligations)\b|conduct|renewal|review|validity|penalt|المزايا|مزايا\s+الوظيفة|نقدم|الراتب|طريقة\s+التقديم|كيفية\s+التقديم|آلية\s+التقديم|للتواصل|التواصل|الدفع|شروط\s+الدفع|التسليم|التوريد|أحكام\s+عامة|الأحكام\s+العامة|التقييم|معايير\s+التقييم|الترسية|نطاق|المسؤوليات|الالتزامات|المهام|الغرامات)` + otherSections) // requirement_structures.go
)

var (
	// reRejection: what becomes of a bid that fails ("Incomplete bids
	// will be rejected", تستبعد العطاءات غير المستوفية): the issuer's
	// act, not a condition stated to the bidder.
	reRejection = regexp.MustCompile(`(?i)\b(?:will|shall|may|would)\s+(?:not\s+be\s+(?:accepted|considered|evaluated|opened)|be\s+(?:rejected|disqualified|excluded|ignored|returned\s+unopened))\b|(?:^|\s)(?:تستبعد|تُستبعد|يستبعد|يُستبعد|ترفض|تُرفض|يرفض|يُرفض|لن\s+(?:ينظر|يُنظر|يتم|تقبل|يقبل))(?:\s|$)|(?:^|\s)لا\s+(?:ينظر|يُنظر|تقبل|تُقبل|يقبل|يُقبل)\s`)
	// reAdvice: advice on the procedure ("Bidders should examine the
	// documents carefully", "should read the instructions"): what to do
	// to bid well, not a condition to qualify.
	reAdvice = regexp.MustCompile(`(?i)\b(?:should|must|are\s+advised\s+to|are\s+requested\s+to|are\s+encouraged\s+to)\s+(?:carefully\s+)?(?:examine|read|study|familiari[sz]e|acquaint|note|take\s+note|check|review|satisfy\s+themselves)\b|(?:^|\s)(?:يرجى|يُرجى|على\s+\S+\s+(?:قراءة|دراسة|الاطلاع))(?:\s|$)`)
	// reLeadInWords: a sentence that announces a list ("The following
	// documents shall be attached to the technical bid.", ما يلي).
	reLeadInWords = regexp.MustCompile(`(?i)\bthe\s+following\b|\bas\s+follows\b|\bbelow\b|ما\s+يلي|ما\s+يأتي|الآتية|الآتي|التالية|أدناه`)
	// reBidForm: the form or channel of the bid (its language, the portal,
	// electronically), part of the manner of submission.
	reBidForm = regexp.MustCompile(`(?i)\b(?:submitted|prepared|written)\s+(?:in\s+(?:english|arabic)|electronically|online|through\s+the\s+(?:e-?tendering\s+)?portal|via\s+the\s+(?:e-?tendering\s+)?portal)\b|(?:تقديم|تقدم|تُقدم|ترسل|تُرسل)\s+(?:ال)?(?:عطاء|عطاءات|عروض|عرض)\s+(?:باللغة|إلكترونياً|الكترونياً|إلكترونيا|الكترونيا|عبر|من\s+خلال|على\s+بوابة|باليد)`)
)

// reNumberOnly: a unit that is only a clause number ("A1.", "2.3", "(b)"),
// cut from its sentence.
var reNumberOnly = regexp.MustCompile(`^[\s(\-–•*]*(?:(?i:[ivx]{1,5})|[A-Za-z]{0,3}[0-9٠-٩]{1,3}(?:\.[0-9٠-٩]{1,3})*|[A-Za-z]|\p{Arabic})[.)\-]?\s*$`)

// reProviso: a note or a proviso on the items listed ("Note: copies must
// be certified", "All documents must be valid on the closing date", جميع
// المستندات ...): how the listed things are given, no condition of its
// own.
var reProviso = regexp.MustCompile(`(?i)^[\s\p{P}\p{S}]*(?:[0-9.]+\s+)?(?:note|n\.\s?b\.?|important|remarks?)\s*[:\-–]|^[\s\p{P}\p{S}]*(?:[0-9.]+\s+)?(?:all|any|the)\s+(?:above\s+|listed\s+|submitted\s+|required\s+|such\s+)?(?:documents|copies|certificates|papers|attachments)\s+(?:must|shall|should|are\s+to)\b|^[\s\p{P}\p{S}]*(?:ملاحظة|ملاحظات|تنبيه|هام)\s*[:\-–]|^[\s\p{P}\p{S}]*(?:يجب\s+أن\s+تكون\s+)?(?:جميع|كافة)\s+(?:المستندات|الوثائق|الشهادات|الأوراق)`)

// leadInSentence: a short sentence announcing the list after it, with no
// item of its own ("The following documents shall be attached.",
// "Bidders must meet the following conditions.").
func leadInSentence(t string) bool {
	t = strings.TrimSpace(t)
	if len(t) > 200 || !reLeadInWords.MatchString(t) {
		return false
	}
	if i := strings.IndexAny(t, ":："); i >= 0 && strings.TrimSpace(strings.Trim(t[i:], ":：.")) != "" {
		return false // "... the following: a bank guarantee"
	}
	return true
}

var (
	// reCandidateState: the candidate, then a modal that governs a state
	// (be, have, hold, possess): "Bidders must hold", "The applicant
	// shall have", "Suppliers should be".
	reCandidateState = regexp.MustCompile(`(?i)\b(?:bidders?|tenderers?|applicants?|candidates?|suppliers?|vendors?|consultants?)\b[^.;:،؛]{0,60}?\b(?:must|shall|should|is\s+required\s+to|are\s+required\s+to)\s+(?:also\s+|each\s+)?(?:be|have|hold|possess|own|employ|demonstrate)\b`)
	// reStateNotCondition: a state that is a duty, a liability or a
	// status after award ("shall be responsible for", "shall be deemed").
	reStateNotCondition = regexp.MustCompile(`(?i)\b(?:be|have)\s+(?:solely\s+|fully\s+)?(?:responsible|liable|deemed|entitled|bound|informed|notified|allowed|permitted|required\s+to|obliged|considered|paid|invited|given|the\s+right)\b|\bhave\s+(?:to|no)\b`)
	// reAfterAward: a time under the contract to come.
	reAfterAward = regexp.MustCompile(`(?i)\bduring\s+the\s+(?:contract|term|period|works)|\bthroughout\b|\bfor\s+the\s+duration\b|\b(?:after|upon|on)\s+(?:the\s+)?award\b|خلال\s+مدة\s+العقد|طوال\s+مدة|بعد\s+الترسية`)
	// reArCandidateState: يجب / يشترط أن يكون (لدى) المناقص / المتقدم /
	// المورد ...: the Arabic state of the candidate.
	reArCandidateState = regexp.MustCompile(`(?:يجب|يشترط|يُشترط|ينبغي|يتعين)\s+أن\s+(?:يكون|تكون|يمتلك|تمتلك|يحمل|تحمل|يحوز|تحوز|يملك|تملك)\s+(?:لدى\s+)?(?:ال|لل)?(?:مناقص|متناقص|متقدم|مرشح|مورد|شركة\s+المتقدمة|مقدم\s+(?:العطاء|الطلب|العرض))`)
)

// reBidContent: the bid, application or quotation, then a modal that
// governs what it holds ("must include", "shall be accompanied by",
// يجب أن يتضمن العطاء).
var reBidContent = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|quotations?|offers?|proposals?|applications?|submissions?|expressions?\s+of\s+interest|eois?)\s+(?:must|shall|should)\s+(?:also\s+)?(?:include|contain|enclose|be\s+accompanied\s+by|be\s+supported\s+by)\b|(?:يجب|يشترط|يُشترط)\s+أن\s+(?:(?:يتضمن|يشمل|يحتوي)\s+(?:كل\s+)?(?:ال)?(?:عطاء|عرض|طلب)|(?:يرفق|يُرفق|ترفق|تُرفق)\s+(?:ب|مع\s+)(?:كل\s+)?(?:ال)?(?:عطاء|عرض|طلب))`)

// candidateState: the sentence says what the candidate must be or have.
func candidateState(t string) bool {
	if reAfterAward.MatchString(t) {
		return false // a state to keep under the contract: an obligation
	}
	if reArCandidateState.MatchString(t) {
		return true
	}
	m := reCandidateState.FindStringIndex(t)
	return m != nil && !reStateNotCondition.MatchString(t[m[0]:])
}

// notACondition: a selecting document's unit that is no condition to
// meet, with why; "" when it may be one.
func notACondition(t string, ctx reqContext) string {
	switch {
	case ctx.tender && matches(reBidValidity, t):
		return "validity of the bid"
	case ctx.tender && matches(reIssuerRight, t):
		return "the issuer's reservation"
	case ctx.tender && matches(reBondValidity, t):
		return "validity of the bond" // requirement_bonds_sections.go
	case matches(reNumberOnly, t):
		return "a clause number"
	case matches(reDefinition, t):
		return "a definition"
	case (matches(reSubmitManner, t) || matches(reBidForm, t)) && !matches(reWithProof, t) && !matches(reBondWords, t):
		return "the manner of submission"
	case matches(reBidManner, t) && !matches(reBondWords, t): // obligation_bid_lists.go
		return "the manner of pricing or asking"
	case matches(reRejection, t):
		return "what the issuer does with a bid"
	case matches(reProviso, t):
		return "a proviso on the listed items"
	case matches(reAdvice, t):
		return "advice on the procedure"
	case leadInSentence(t) || bidListLead(t): // obligation_bid_lists.go
		return "a lead-in"
	}
	return ""
}

// reqVerdict: how a unit is read.
type reqVerdict struct {
	take      bool
	method    string // clause or list_item
	inSection bool   // read as part of a requirements section
	row       bool   // a table row of a requirements section
	bond      bool   // the successful bidder's performance bond
	category  string // the category the criterion settles, or ""
	alsoDuty  bool   // the sentence stays an obligation too
}

// judgeRequirement decides whether unit u (text t, under section) states a
// requirement: the criterion above, in one place.
func (x *clauseExtractor) judgeRequirement(u reqUnit, t, section string, ctx reqContext) reqVerdict {
	t = ordinalItemText(t) // "أولاً: أن يكون ..." (requirement_lists_tables.go)
	inSection := inRequirementSection(section)
	if ctx.binding && !(inSection && matches(reQualifyHeading, section)) {
		// 1: nobody is selected; its duties are obligations. Only a
		// section that names the parties' eligibility or qualification
		// states conditions to meet ("Eligibility" in a framework
		// agreement); "Technical requirements" of a contract are its
		// specification, which binds the supplier.
		return reqVerdict{}
	}
	if u.row && inSection {
		return reqVerdict{row: true, inSection: true}
	}
	if ctx.tender && matches(reWinner, t) && matches(rePerformanceBond, t) && (inSection || len(t) <= 400) {
		// "The successful bidder shall provide a performance bond of
		// 10% ...": a financial requirement, and still the bidder's
		// obligation.
		m := "clause"
		if inSection {
			m = "list_item"
		}
		return reqVerdict{take: true, bond: true, method: m, inSection: inSection}
	}
	if notACondition(t, ctx) != "" {
		return reqVerdict{} // 2
	}
	if inSection && (matches(reWinner, t) || hasDeadlinePhrase(reDeadlineRef.ReplaceAllString(reYearsWindow.ReplaceAllString(t, ""), ""))) { // requirement_structures.go
		// "Bids must be submitted no later than ...", "the successful
		// bidder shall sign within 14 days": duties with a time, read as
		// obligations even under a requirements heading.
		inSection = false
	}
	opt := matches(reReqOptional, t)
	mand := inSection && (matches(reReqMandatory, t) || matches(reMarkedMandatory, t))
	v := reqVerdict{method: "clause", inSection: inSection}
	switch {
	case inSection && (opt || mand):
		v.take = true
	case inSection && condLeadSection(section) && x.listItemUnit(u) || ctx.selecting && openTo(t):
		v.take, v.method = true, "list_item" // requirement_lists_tables.go
	case inSection && (isNounItem(t) || checkboxItem(t, section) || x.itemCondition(u, t, section)): // requirement_structures.go
		v.take, v.method = true, "list_item"
	case inSection && ctx.tender && len(t) <= 400 && matches(reArCondition, t):
		// "أن يكون المناقص قد نفذ ثلاثة مشاريع مماثلة ...": an item
		// worded as a condition, under a tender's requirements heading.
		v.take, v.method = true, "list_item"
	case inSection && len(t) <= 300 && (categoryRe("financial").MatchString(t) || ctx.tender && categoryRe("insurance").MatchString(t)):
		// "ضمان عطاء مصرفي بقيمة 2,500 ر.ع.", "ألا يقل متوسط المبيعات
		// السنوية عن 600,000 ر.ع.": a bond or a turnover with its
		// amount, under a requirements heading.
		v.take, v.method = true, "list_item"
	case !inSection && ctx.selecting && candidateState(t):
		// "The bidder shall have a valid Grade 2 classification", "يجب
		// أن يكون المتقدم مسجلاً": what the candidate must be or have,
		// a condition wherever the selecting document states it.
		v.take = true
	case !inSection && ctx.selecting && matches(reBidContent, t) && (matches(reDocWord, t) || matches(reBondWords, t)):
		// "Each application must include a completed questionnaire",
		// "Bids must be accompanied by a bid bond": what the bid must
		// hold, a condition to submit (a sentence announcing a list was
		// set aside above): documents, or a bond; prices or a delivery
		// period to state are the bid's form, no document. It stays the duty it
		// was read as (dev6's README: "Each quotation must include" is
		// also an obligation).
		v.take, v.alsoDuty, v.category = true, true, "documentation"
		if matches(reBondWords, t) {
			v.category = "financial"
		}
	case !inSection && ctx.selecting && standingCondition(t):
		// "Membership of a professional body is desirable", "Each
		// translator assigned must have at least five years of
		// experience" (requirement_document_lists.go).
		v.take = true
	case !inSection && ctx.selecting && arCondition(t):
		v.take, v.alsoDuty = true, arDuty(t) // requirement_structures.go
	case !inSection && opt && !strings.Contains(lowerASCII(t), "should be noted"):
		p, ok := x.partyIn(tail(t, 2*subjectWindow))
		v.take = ok && (p.role == "bidder" || p.role == "supplier" && strings.HasSuffix(lowerASCII(p.text), "s")) || arRole(t) == "bidder"
	case !inSection && matches(rePassiveRequired, t) && !matches(reOblEN, t) && !x.wrappedFragment(u):
		v.take = true
	case !inSection && (strings.Contains(t, "يشترط") || strings.Contains(t, "يُشترط")):
		v.take = true
	}
	if !v.take && ctx.tender && x.bidderBond(u, t) {
		return reqVerdict{take: true, bond: true, method: v.method, inSection: inSection} // convention_bonds_parent_dates.go
	}
	return v
}

// dropRepeats keeps the first of requirements whose texts are the same
// (a condition listed, then repeated in a checklist or a summary table):
// one condition, one requirement.
func (x *clauseExtractor) dropRepeats() {
	seen := map[string]bool{}
	kept := x.reqs[:0]
	for _, r := range x.reqs {
		k := reqKey(r.r.Requirement)
		if k != "" && seen[k] {
			continue
		}
		seen[k] = true
		kept = append(kept, r)
	}
	x.reqs = kept
}

// reqKey: a requirement's text without its number, case, spacing and
// closing stop.
func reqKey(t string) string {
	t = strings.TrimSpace(t)
	t = t[leadingNumber(t):]
	t = strings.Join(strings.Fields(strings.ToLower(t)), " ")
	return strings.TrimRight(t, ".;:؛ ")
}

// documentTitle: a first line that names the kind of document
// ("PREQUALIFICATION OF CONTRACTORS", "Vacancy: Accountant"), its title,
// which opens no requirements section even when it names qualification.
func documentTitle(t string) bool {
	return matches(reTenderText, t) || matches(reSelectionOpening, t)
}

// reSubMarker: a lettered heading ("A. Legal", "(b) Financial", "ب-
// الخبرة").
var reSubMarker = regexp.MustCompile(`^\s*(?:\(?[A-Ha-h][.)]|\(\p{Arabic}\)|\p{Arabic}[.)\-])\s+(\S.*)$`)

// subHeading: a lettered heading inside a requirements section that
// names no section of another kind: a part of the section ("A. Legal"
// under "Qualification requirements").
func subHeading(t string) bool {
	m := reSubMarker.FindStringSubmatch(t)
	return m != nil && utf8.RuneCountInString(m[1]) <= 40 && !reOtherSection.MatchString(m[1]) && !reOfferHeading.MatchString(m[1])
}

var (
	// reWhoBids: words about who bids (the candidate, its registration,
	// classification, licence, nationality or size), which make an item
	// with no category word eligibility.
	reWhoBids = regexp.MustCompile(`(?i)\b(?:bidders?|tenderers?|applicants?|candidates?|suppliers?|vendors?|contractors?|consultants?|agents?|dealers?|distributors?|compan(?:y|ies)|firms?|entit(?:y|ies)|registration|registered|classifi(?:cation|ed)|grade|licen[cs]ed?|nationals?|nationality|omani|local|sme|members?|membership|chamber|establishment|partners?|joint\s+venture|site\s+visit|pre-?bid|attendance|attend|tender\s+documents)\b|زيارة\s+الموقع|وثائق\s+المناقصة|غرفة|عضوية|وكيل|موزع|مناقص|متناقص|متقدم|مرشح|مورد|الشركة|شركة|مؤسسة|سجل|مسجل|مصنف|تصنيف|ترخيص|مرخص|عماني|محلي|المنشأة`)
)

// goodsSpec: an item of a tender whose words name no category and no one
// who bids (no bidder, company, registration, membership, site visit):
// a property of what is offered ("Cameras with 4K resolution",
// "Coveralls shall be flame retardant"), technical, not eligibility (the
// guideline's eligibility is who may bid; technical, what is offered must
// meet).
func goodsSpec(t string) bool {
	return !reWhoBids.MatchString(t) && !reOfferMaker.MatchString(t) // requirement_bonds_sections.go
}

// reCandidateHeading: a heading that, in a document selecting someone,
// lists what the candidate must meet although it names no requirement:
// "Conditions", الشروط, "Skills", "Candidate profile", "What you need".
var reCandidateHeading = regexp.MustCompile(`(?i)^[\s(]*(?:[0-9A-Za-z]{1,3}[.)]\s+)?(?:(?:special\s+)?conditions|skills(?:\s+and\s+experience)?|(?:candidate\s+|applicant\s+)?profile|what\s+you\s+(?:need|bring|will\s+need)|the\s+candidate|الشروط(?:\s+(?:المطلوبة|الواجب\s+(?:توفرها|توافرها)|اللازمة))?|شروط\s+(?:الوظيفة|التقدم|التعيين|الترشح)(?:\s+المطلوبة)?|المهارات(?:\s+المطلوبة)?)[\s:.]*$`)

// reCandidateConditions: a heading naming the conditions of the one
// selected ("Bidder conditions", "Conditions for suppliers", شروط
// المورد), in a tender too.
var reCandidateConditions = regexp.MustCompile(`(?i)\b(?:bidders?|tenderers?|suppliers?|vendors?|applicants?|candidates?|consultants?)'?s?'?\s+(?:conditions|criteria)\b|\bconditions\s+(?:for|of)\s+(?:the\s+)?(?:bidders?|tenderers?|suppliers?|vendors?|applicants?|candidates?)\b|شروط\s+(?:ال)?(?:مورد|موردين|مناقص|مناقصين|متناقص|متقدم|متقدمين|مرشح|مرشحين)(?:\s|$)`)

// candidateSection: the section a heading opens in a document selecting a
// person or a supplier other than by tender (a job advert, a
// registration): marked as requirements when it lists what the candidate
// must meet. In a tender "Conditions" are as often the contract's, which
// bind the contractor, so a tender's headings are read as they are.
func candidateSection(heading string, ctx reqContext) string {
	h := strings.TrimSpace(strings.Trim(strings.TrimSpace(heading), "*#_"))
	if s := bondSections(h, ctx); s != "" {
		return s // requirement_bonds_sections.go
	}
	if ctx.selecting && !inRequirementSection(heading) && (reCandidateConditions.MatchString(h) || !ctx.tender && reCandidateHeading.MatchString(h)) {
		return tenderMark + h
	}
	return heading
}

// reDocWord: a document named anywhere in a requirement; documentation
// is documents to provide, so a verb of giving ("provide", "submit",
// تقديم) makes a requirement documentation only with one.
var reDocWord = regexp.MustCompile(`(?i)\b(?:cop(?:y|ies)|certificates?|certification|statements?|letters?|profiles?|lists?|cvs?|résumés?|resumes?|catalogues?|catalogs?|brochures?|data\s?sheets?|drawings?|documents?|documentation|evidence|proof|references?|declarations?|forms?|questionnaires?|plans?|schedules?|programmes?|licen[cs]es?|registrations?|cards?|authori[sz]ations?|undertakings?|affidavits?|accounts|reports?|samples?|methodology|method\s+statements?|bank\s+guarantees?|bonds?)\b|صورة|نسخة|شهادة|خطاب|كشف|قائمة|سيرة|كتالوج|كتالوجات|نشرة|مستند|وثيقة|وثائق|إقرار|اقرار|نموذج|بيان|ما\s+يثبت|سجل|بطاقة|رخصة|تفويض|تقرير|عينة|عينات|خطة|برنامج|ضمان|كفالة`)
