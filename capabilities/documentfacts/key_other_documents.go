package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Round 23 of keys (issue 29, session 23): dates by families of wording
// (docs/documents.md, "Issue 29, session 23: keys of dates by families";
// table tests in key_other_documents_test.go). otherDocumentsDateKeys runs last of clauseContextDateKeys's
// rounds (after round 22).
//
//   - OD: another document's date, named by its noun before "dated",
//     "of" or المؤرخ ("replaces Revision 2 dated", "the facility offer of
//     the Bank (the "Lender") dated", "the resolution of", "our credit
//     application of", "Contractor's statement No. 7 dated", "خطاب
//     الترسية المؤرخ", "القرار المؤرخ"): a plain date, not the document's
//     own (document_date, issue_date) nor a contract's agreement_date.
//   - PC: the period a statement, an invoice or a valuation covers
//     ("Valuation period | from 1 March to 31 March", "Statement period",
//     a statement's "Period: from ... to", "قيمة فواتير ... عن الفترة من
//     ... حتى"): plain dates, not the start and end of a contract.
//   - PA: a sum paid or received on a day ("the advance payment ... paid
//     on", "received on"): a plain date, not a due date.
//   - OA: terms that apply to orders placed on or after a day ("apply to
//     every purchase order issued ... on or after") take effect on it.
//   - RB: an order's "Required by" / "Need by date" field is the goods'
//     delivery_date; a delivery schedule's "last day for delivery" (آخر
//     موعد للتسليم) a delivery_date, not a submission deadline.
//   - SH: a shipment's latest day ("Latest date of shipment", آخر موعد
//     للشحن, "ship the goods not later than") is a plain date (the goods
//     are shipped, not delivered to the buyer).
//   - QA: a tender's questions submitted by a day ("Questions on this
//     PQQ must be submitted ... no later than") are its clarification
//     deadline; answers published on a day ("Answers to clarifications
//     published") a plain date.
//   - OB: opening a branch, an office or a showroom by a day ("must open
//     the branch office in Muscat no later than") is its opening_date.
//   - SB: starting a batch of trainees or a programme by a day ("بدء
//     الدفعة الأولى من البرنامج في موعد لا يتجاوز") is a plain date: the
//     batch (دفعة) is no payment.
//   - MC: a subcontract's "Main Contract | Contract No. ... dated" (the
//     parent contract in a header row) is a plain date.
//   - PY: a sum paid by a day in a sentence ("shall pay the net amount
//     ... that is on or before") is its due date.
func (x *extractor) otherDocumentsDateKeys(f *Fact, t string, base, ms int, headerCells string, w dateWindows) {
	set := func(k string) {
		switch k {
		case "date":
			f.Key, f.Label, f.Role = "date", "Date", ""
		case "opening_date":
			f.Key, f.Label, f.Role = cueOpeningDate.key, cueOpeningDate.label, cueOpeningDate.role
		default:
			c := dateCueOf(k)
			f.Key, f.Label, f.Role = c.key, c.label, c.role
		}
	}
	ctx := tail(w.ctx, 200)
	clause := w.clause
	if clause == "" || len(w.line) > len(clause) {
		clause = w.line // "... in writing to Mr. Y. Ali, no later than": the line
	}
	switch f.Key {
	case "document_date", "issue_date", "invoice_date", "agreement_date", "date":
		if at := base + ms; signLine(x.a.text, at) && at >= lastLinesStart(x.a.text, 6) {
			// SG: a bare "Date:" under the signers, kept beside the
			// document's own date of the same day.
			f.Key, f.Label, f.Role = "signature_date", "Signature date", "signature"
			return
		}
	}
	if k, ok := ledgerColumn(t, ms, headerCells); ok {
		set(k) // LG
		return
	}
	switch f.Key {
	case "document_date", "issue_date", "agreement_date", "invoice_date", "effective_date", "signature_date":
		if otherDocDated(ctx) || otherDocDated(w.line) {
			set("date") // OD
			return
		}
	}
	switch f.Key {
	case "effective_date", "expiry_date", "due_date", "date", "document_date":
		if x.periodCovered(w) {
			set("date") // PC
			return
		}
	}
	if f.Key == "due_date" && matches(rePaidOn, tail(w.ctx, 40)) {
		set("date") // PA
		return
	}
	if f.Key == "date" && matches(reAppliesOnOrAfter, tail(w.ctx, 200)) {
		set("effective_date") // OA
		return
	}
	if (f.Key == "date" || f.Key == "document_date") && matches(reRequiredBy, w.line) {
		set("delivery_date") // RB
		return
	}
	if f.Key == "submission_deadline" && (matches(reDeliverBy, tail(w.line, 80)) || dateColumnHead(t, ms, headerCells, reDeliverBy)) {
		set("delivery_date") // RB
		return
	}
	switch f.Key {
	case "submission_deadline", "delivery_date", "document_date", "date", "due_date", "invoice_date":
		if matches(reShipmentLabel, tail(w.line, 80)) || matches(reDeadlinePrep, tail(w.ctx, 40)) && matches(reShipBy, tail(clause, 160)) {
			set("date") // SH
			return
		}
	}
	if (f.Key == "clarification_deadline" || f.Key == "submission_deadline") && matches(reAnswersPublished, w.line) {
		set("date") // QA
		return
	}
	if (f.Key == "date" || f.Key == "submission_deadline") && matches(reDeadlinePrep, tail(w.ctx, 60)) && matches(reQuestionsSubmitted, clause) &&
		(isTenderText(x.a.text) || matches(reTenderCall, prefixBytes(x.a.text, 300))) {
		set("clarification_deadline") // QA
		return
	}
	if f.Key != "opening_date" && matches(reDeadlinePrep, tail(w.ctx, 60)) && matches(reOpenPremises, clause) {
		set("opening_date") // OB
		return
	}
	if f.Key == "due_date" && matches(reStartBatch, clause) {
		set("date") // SB
		return
	}
	if f.Key == "agreement_date" && x.title == "agreement" && matches(reMainContractRow, w.line) {
		set("date") // MC
		return
	}
	if f.Key == "date" && matches(reDeadlinePrep, tail(w.ctx, 40)) && matches(rePayVerbOtherDocuments, clause) && !matches(rePaidOn, clause) {
		set("due_date") // PY
	}
}

var (
	// reOtherDocEN / reOtherDocAR: a document other than this one,
	// named by its noun and dated.
	reOtherDocEN = regexp.MustCompile(`(?i)\b(?:revision|rev\.|version|edition|resolution|(?:facility|credit|loan)\s+offer|offer\s+letter|letter\s+of\s+(?:award|acceptance|intent)|award\s+letter|(?:credit\s+)?application|(?:contractor'?s|contractor’s|supplier'?s|interim|monthly)\s+statement|statement\s+no\.?)\b((?:[^.;\n]|\b[Nn]o\.){0,90}?)\b(?:dated|of)\s*$`)
	reOtherDocAR = regexp.MustCompile(`(?:خطاب|كتاب)\s+(?:ال)?(?:ترسية|قبول|تعميد|الترسية|القبول|التعميد)|(?:ال)?قرار|عرض\s+(?:ال)?تسهيلات|(?:ال)?مستخلص|(?:ال)?محضر`)
	reDatedAR    = regexp.MustCompile(`(?:المؤرخ|المؤرخة|المؤرّخ|المؤرّخة)(?:\s+في)?\s*$`)
	reThisDoc    = regexp.MustCompile(`(?i)\b(?:this|these|the\s+present)\s*$|(?:هذا|هذه)\s*$`)
)

// otherDocDated: ctx (the text before a date) ends naming another
// document and its date (OD).
func otherDocDated(ctx string) bool {
	if locs := reOtherDocNoun.FindAllStringIndex(ctx, -1); len(locs) > 0 {
		// The last noun that the date's "dated" or "of" follows.
		for j := len(locs) - 1; j >= 0; j-- {
			m := reOtherDocEN.FindStringSubmatchIndex(ctx[locs[j][0]:])
			if m == nil || m[0] != 0 {
				continue
			}
			gap := lowerASCII(ctx[locs[j][0]+m[2] : locs[j][0]+m[3]])
			if strings.Contains(gap, "agreement") || strings.Contains(gap, "contract") {
				return false
			}
			return !matches(reThisDoc, ctx[max(0, locs[j][0]-12):locs[j][0]])
		}
	}
	if !matches(reDatedAR, ctx) {
		return false
	}
	near := tail(ctx, 160)
	at := lastMatch(reOtherDocAR, near)
	if at < 0 {
		return false
	}
	gap := near[at:]
	if strings.Contains(gap, "عقد") || strings.Contains(gap, "العقد") || strings.Contains(gap, "اتفاقية") {
		return false
	}
	return !matches(reThisDoc, near[:at])
}

var (
	// rePeriodLabelOtherDocuments: the label of the period a statement, an invoice
	// or a valuation covers.
	rePeriodLabelOtherDocuments = regexp.MustCompile(`(?i)\b(?:valuation|statement|billing|invoic(?:e|ing)|reporting|measurement|accounting)\s+period\b|\bperiod\s+(?:covered|of\s+(?:the\s+)?(?:statement|valuation|invoice))\b|فترة\s+(?:ال)?(?:كشف|فاتورة|الفاتورة|المستخلص|التقييم)`)
	// rePeriodFieldLine: a bare "Period:" field, read in a statement
	// or an invoice only.
	rePeriodFieldLine = regexp.MustCompile(`(?i)^[\s|*]*(?:period|الفترة)\s*[:|]`)
	// reBilledPeriodAR: "قيمة فواتير ... عن الفترة من": invoices or
	// work for a period.
	reBilledPeriodAR = regexp.MustCompile(`(?:فواتير|فاتورة|الفواتير|كشف|مستخلص|أعمال|مستحقات)[^.؛\n]{0,80}?(?:عن|خلال)\s+(?:ال)?فترة\s+(?:من|الممتدة\s+من)\s`)
	reBilledPeriodEN = regexp.MustCompile(`(?i)\b(?:invoices?|statement|valuation|work\s+done|services\s+rendered|charges)\b[^.;\n]{0,80}?\b(?:for|covering)\s+the\s+period\s+(?:from\s+)?`)
	reStatementTitle = regexp.MustCompile(`(?i)statement\s+of\s+account|account\s+statement|\binvoice\b|payment\s+certificate|كشف\s+حساب|فاتورة|مستخلص`)
)

// periodCovered: the date is the start or end of the period a
// statement, an invoice or a valuation covers (PC).
func (x *extractor) periodCovered(w dateWindows) bool {
	line := w.line
	// The label is looked for in the line's last 200 bytes only (a match
	// must start within its last 90): not over a whole one-line document
	// once per date.
	if near := tail(line, 200); func() bool { at := lastMatch(rePeriodLabelOtherDocuments, near); return at >= 0 && len(near)-at < 90 }() {
		return true
	}
	if matches(rePeriodFieldLine, line) && len(line) < 90 && matches(reStatementTitle, prefixBytes(x.a.text, 300)) {
		return true
	}
	near := tail(w.ctx, 200)
	for _, re := range []*regexp.Regexp{reBilledPeriodAR, reBilledPeriodEN} {
		if locs := re.FindAllStringIndex(near, -1); len(locs) > 0 && len(near)-locs[len(locs)-1][1] < 60 {
			return true
		}
	}
	return false
}

var (
	rePaidOn           = regexp.MustCompile(`(?i)\b(?:was\s+|were\s+|been\s+)?(?:paid|received|remitted|settled)\s+on\s*$|(?:تم\s+(?:دفعها|دفعه|سدادها|سداده|صرفها|صرفه)|دفعت|سددت|المدفوعة|المدفوع)\s+(?:في|بتاريخ)\s*$`)
	reAppliesOnOrAfter = regexp.MustCompile(`(?i)\b(?:apply|applies|shall\s+apply|will\s+apply)\s+to\b[^.;\n]{0,160}?\bon\s+or\s+after\s*$`)
	reRequiredBy       = regexp.MustCompile(`(?i)(?:^|\|)\s*(?:required\s+(?:by|on)(?:\s+date)?|required\s+delivery(?:\s+date)?|need(?:ed)?[\s-]by(?:\s+date)?|delivery\s+required(?:\s+by)?|مطلوب\s+التسليم\s+في)\s*(?:\||:)?\s*$`)
	reDeliverBy        = regexp.MustCompile(`(?i)(?:آخر|اخر)\s+موعد\s+(?:لل|ل)?(?:تسليم|توريد)|\b(?:latest|last)\s+(?:day|date)\s+(?:for|of)\s+delivery\b|\blatest\s+delivery\s+date\b`)
	reShipmentLabel    = regexp.MustCompile(`(?i)\b(?:latest|last)\s+(?:date|day)\s+(?:of|for)\s+shipment\b|\blatest\s+shipment\s+date\b|\bshipment\s+(?:not\s+later\s+than|latest)\b|(?:آخر|اخر)\s+موعد\s+(?:لل|ل)?شحن`)
	reShipBy           = regexp.MustCompile(`(?i)\bship(?:s|ped)?\s+(?:the\s+|all\s+)?(?:goods|consignment|cargo|machinery|equipment|products?)\b[^.;\n]{0,40}$|(?:بشحن|يشحن|شحن)\s+(?:ال)?(?:بضاعة|بضائع|شحنة|معدات)[^.؛\n]{0,40}$`)
	reAnswersPublished = regexp.MustCompile(`(?i)\b(?:answers?|responses?|repl(?:y|ies))\s+(?:to\s+)?(?:the\s+)?(?:clarifications?|queries|questions|requests?\s+for\s+clarification)\b[^|\n]{0,40}\b(?:published|issued|circulated|posted|sent)\b|\b(?:addend(?:um|a)|clarifications?)\s+(?:published|issued|circulated)\b|(?:الرد|الردود)\s+على\s+(?:ال)?(?:استفسارات|استيضاحات)|نشر\s+(?:ال)?(?:ردود|إجابات|اجابات)`)
	// reQuestionsSubmitted: a bidder's questions sent in by a day.
	reQuestionsSubmitted = regexp.MustCompile(`(?i)\b(?:questions|queries|requests?\s+for\s+clarification|clarification\s+requests?|requests?\s+for\s+information)\b[^.;,\n]{0,60}?\b(?:must|shall|should|may|are\s+to|to)\s+be\s+(?:submitted|sent|raised|addressed|e-?mailed|received)\b`)
	// reTenderCall: a call for bids, proposals or prequalification.
	reTenderCall            = regexp.MustCompile(`(?i)\b(?:tender|bid|prequalification|pre-qualification|pqq|rf[pqi]|request\s+for\s+(?:proposals?|quotations?|information)|expression\s+of\s+interest|invitation\s+to)\b|مناقصة|ممارسة|تأهيل`)
	reOpenPremises          = regexp.MustCompile(`(?i)\bopen(?:s|ed|ing)?\s+(?:the\s+|a\s+|its\s+|their\s+)?(?:new\s+)?(?:[\w-]+\s+){0,2}?(?:branch(?:\s+office)?|office|store|shop|showroom|outlet|restaurant|caf[eé]|clinic|branches)\b[^.;\n]{0,60}$|(?:بافتتاح|بفتح|يفتتح|تفتتح|يفتح|تفتح)\s+(?:ال)?(?:فرع|مكتب|معرض|محل|متجر)[^.؛،\n]{0,60}$`)
	reStartBatch            = regexp.MustCompile(`(?:بدء|البدء|ببدء|يبدأ|تبدأ|بتدريب|تدريب|قبول|بقبول)\s+(?:ال)?دفعة`)
	reMainContractRow       = regexp.MustCompile(`(?i)^[\s|*]*(?:main|head|principal|prime)\s+contract\s*(?:\||:)|^[\s|*]*العقد\s+(?:الرئيسي|الأصلي|الاصلي)\s*(?:\||:)`)
	rePayVerbOtherDocuments = regexp.MustCompile(`(?i)\b(?:shall|must|will|is\s+to|agrees\s+to|undertakes\s+to)\s+pay\b|يلتزم\s+[^.؛\n]{0,30}بسداد|يلتزم\s+[^.؛\n]{0,30}بدفع`)
)

// reOtherDocNoun: the nouns of OD, each tried from the last.
var reOtherDocNoun = regexp.MustCompile(`(?i)\b(?:revision|rev\.|version|edition|resolution|(?:facility|credit|loan)\s+offer|offer\s+letter|letter\s+of\s+(?:award|acceptance|intent)|award\s+letter|(?:credit\s+)?application|(?:contractor'?s|contractor’s|supplier'?s|interim|monthly)\s+statement|statement\s+no\.?)\b`)

// dateColumnHead: the header of the column holding t[ms] (cells counted
// from the left, as a table's cells are written) matches re.
func dateColumnHead(t string, ms int, headerCells string, re *regexp.Regexp) bool {
	if headerCells == "" {
		return false
	}
	heads := strings.Split(headerCells, " | ")
	i := strings.Count(t[:ms], " | ")
	return i < len(heads) && matches(re, heads[i])
}

// reDateHead: a column header naming a date; reBareDateHead the bare
// "Date" column; reInvoiceRow a row of an invoice (a ledger's or a
// statement's).
var (
	reDateHead     = regexp.MustCompile(`(?i)\bdate\b|تاريخ|التاريخ`)
	reBareDateHead = regexp.MustCompile(`(?i)^\s*(?:date|التاريخ|تاريخ)\s*$`)
	reDueDateHead  = regexp.MustCompile(`(?i)^\s*(?:due\s+date|date\s+due|payment\s+due(?:\s+date)?|تاريخ\s+الاستحقاق)\s*$`)
	reInvoiceRow   = regexp.MustCompile(`(?i)\binv(?:oice)?[-/\s.]*(?:no\.?\s*)?[\w-]*\d|\binvoice\b|فاتورة`)
	reDateCell     = regexp.MustCompile(`^\s*(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}\s+\p{L}+\s+\d{4})\s*$`)
)

// ledgerColumn (LG): in a ledger or a statement whose header names a
// bare "Date" column and a "Due date" column ("Date | Reference |
// Description | Due date | Debit | Credit"), the row's date cells fill
// the header's date columns in order (a row leaves its empty cells out):
// the first an invoice row's invoice_date (another row's, a receipt's or
// a credit note's, a plain date), the due-date column's its due_date.
func ledgerColumn(t string, ms int, headerCells string) (string, bool) {
	if headerCells == "" || !strings.Contains(t, " | ") {
		return "", false
	}
	var dateHeads []string
	for _, h := range strings.Split(headerCells, " | ") {
		if matches(reDateHead, h) {
			dateHeads = append(dateHeads, h)
		}
	}
	if len(dateHeads) < 2 || !matches(reBareDateHead, dateHeads[0]) || !slices.ContainsFunc(dateHeads[1:], func(h string) bool { return matches(reDueDateHead, h) }) {
		return "", false
	}
	cells := strings.Split(t, " | ")
	k, at := -1, 0
	dates := 0
	for i, c := range cells {
		if reDateCell.MatchString(c) {
			if at <= ms && ms < at+len(c)+1 {
				k = dates
			}
			dates++
		} else if i == 0 {
			return "", false // the row does not open with its date
		}
		at += len(c) + len(" | ")
	}
	if k < 0 || dates > len(dateHeads) {
		return "", false
	}
	switch h := dateHeads[k]; {
	case matches(reDueDateHead, h):
		return "due_date", true
	case matches(reBareDateHead, h):
		if matches(reInvoiceRow, t) {
			return "invoice_date", true
		}
		return "date", true
	}
	return "", false
}

// otherDocumentsKeysFacts re-keys dates over the whole document (handle.go, after
// signingBondsConventionSigningDates; facts and cands aligned):
//
//   - TD: "This Framework Agreement is dated 4 May 2026" is the
//     agreement's own date.
//   - CD: a guarantee, a notice or a letter about a contract names it and
//     its date with the contract's description between ("قد أبرم معكم
//     العقد رقم ... لإنشاء خزان ...، المؤرخ", "عقد الإيجار رقم ... المبرم
//     بيننا ... بتاريخ ١٤٤٤/١٠/٢٣هـ الموافق"): the contract's
//     agreement_date, when the document has none (the key specification).
//   - SG: a bare "Date:" line, or a line ending "<place>, <date>", among
//     the document's last lines under a signer ("For the Bank", "Certified
//     by the Engineer", "عن البنك"): the date of signing.
func otherDocumentsKeysFacts(facts []Fact, cands []candidate, a *assembled) {
	if len(facts) != len(cands) {
		return
	}
	text := a.text
	kind := titleKind(a)
	hasAgreement := slices.ContainsFunc(facts, func(f Fact) bool { return f.Type == TypeDate && f.Key == "agreement_date" })
	lastLines := lastLinesStart(text, 6)
	for i, f := range facts {
		if f.Type != TypeDate {
			continue
		}
		at := cands[i].startIn(text)
		before := text[max(0, at-240):at]
		set := func(k string) {
			if k == "signature_date" {
				facts[i].Key, facts[i].Label, facts[i].Role = "signature_date", "Signature date", "signature"
				return
			}
			c := dateCueOf(k)
			facts[i].Key, facts[i].Label, facts[i].Role = c.key, c.label, c.role
		}
		switch {
		case f.Key != "agreement_date" && matches(reThisAgreementDated, tail(before, 120)):
			set("agreement_date") // TD
		case f.Key == "date" && kind != "agreement" && !hasAgreement && contractDatedAR(before):
			set("agreement_date") // CD
			hasAgreement = true
		case at >= lastLines && f.Key != "signature_date" && signLine(text, at):
			set("signature_date") // SG
		}
	}
}

var (
	reThisAgreementDated = regexp.MustCompile(`(?i)\bthis\s+(?:[\w-]+\s+){0,3}(?:agreement|contract)\s+is\s+dated\s*$`)
	// reContractNamedAR: the contract named (العقد رقم, عقد الإيجار
	// رقم) and, at the end, its date's word (المؤرخ، المبرم ... بتاريخ),
	// a Hijri date "الموافق" before the Gregorian one allowed.
	reContractNamedAR = regexp.MustCompile(`(?:ال)?عقد\s+(?:[\p{Arabic}]+\s+){0,2}رقم\s`)
	reContractDatedAR = regexp.MustCompile(`(?:المؤرخ|المؤرخة|بتاريخ)(?:\s+في)?\s*(?:[٠-٩0-9]{1,4}[/-][٠-٩0-9]{1,2}[/-][٠-٩0-9]{1,4}\s*هـ?\s*(?:الموافق|الموافقة)\s*)?$`)
	reSignerLine      = regexp.MustCompile(`(?i)^\s*(?:chair(?:man|person)|(?:company\s+)?secretary|(?:managing\s+)?director|general\s+manager|signature|name)\b[^:|\n]{0,30}:|^\s*(?:for\s+(?:and\s+on\s+behalf\s+of\s+)?|on\s+behalf\s+of\s+|certified\s+by|approved\s+(?:by|for)|signed\s+(?:by|for)|authori[sz]ed\s+signator|عن\s+|نيابة\s+عن|التوقيع|المفوض\s+بالتوقيع)`)
	reBareDateLine    = regexp.MustCompile(`(?i)^\s*(?:date|التاريخ)(?:\s*/\s*(?:date|التاريخ))?\s*[:：]\s*$`)
	rePlaceDateEnd    = regexp.MustCompile(`[-–—,]\s*\p{Lu}[\p{L}]+(?:\s+\p{Lu}[\p{L}]+)?,\s*$`)
)

// contractDatedAR: before (the text before a date) ends naming a
// contract by its number and dating it, with no other document between.
func contractDatedAR(before string) bool {
	if !matches(reContractDatedAR, before) {
		return false
	}
	at := lastMatch(reContractNamedAR, before)
	if at < 0 {
		return false
	}
	gap := before[at:]
	return !strings.ContainsAny(gap, ".؛") && !matches(reOtherDocAR, gap)
}

// restIsDate: the line that rest opens holds only a date's characters
// (digits, separators, blanks to fill in).
func restIsDate(rest string) bool {
	for i := 0; i < len(rest) && rest[i] != '\n'; i++ {
		if !strings.ContainsRune(" .*_|0123456789/.-", rune(rest[i])) {
			return false
		}
	}
	return true
}

// lastLinesStart is where the text's last n non-empty lines start.
func lastLinesStart(text string, n int) int {
	end := len(text)
	for end > 0 {
		i := strings.LastIndexByte(text[:end], '\n')
		if strings.TrimSpace(text[i+1:end]) != "" {
			n--
			if n == 0 {
				return i + 1
			}
		}
		if i < 0 {
			return 0
		}
		end = i
	}
	return 0
}

// signLine: the date at is on a bare "Date:" line or ends a line
// "<name>, <title> - <place>, <date>", and a signer's line is among the
// lines just before it (SG).
func signLine(text string, at int) bool {
	// Only the 512 bytes before the date are read, and the rest of its
	// line only as far as its first character that is no date's: a
	// document on one long line would otherwise be read once per date
	// (8.8 of TestLongSingleLine's 12 s, session 24).
	lo := max(0, at-512)
	nl := strings.LastIndexByte(text[lo:at], '\n')
	pre := text[lo+nl+1 : at]
	cut := false
	if i := strings.LastIndex(pre, " | "); i >= 0 {
		pre, cut = pre[i+3:], true
	}
	// A bare "Date:" is the whole cell or line before the date.
	bare := (nl >= 0 || lo == 0 || cut) && reBareDateLine.MatchString(pre)
	// The place's match ends pre and is a few words long.
	place := !bare && rePlaceDateEnd.MatchString(tail(pre, 256)) && restIsDate(text[at:])
	if !bare && !place {
		return false
	}
	ls, le := lineBounds(text, at)
	// A signer's line among the 4 lines before (or the line itself).
	start := ls
	for k := 0; k < 4 && start > 0; k++ {
		start = strings.LastIndexByte(text[:start-1], '\n') + 1
	}
	for _, l := range strings.Split(text[start:le], "\n") {
		for _, c := range strings.Split(l, " | ") {
			if reSignerLine.MatchString(c) {
				return true
			}
		}
	}
	return place && strings.Count(text[ls:at], ",") >= 2
}

// Deadlines and payment terms.
//
//   - NW: "net 22.400 kg", "net 9,120 kg" in a packing list is a weight,
//     not the payment terms "Net 22" (no payment deadline).
//   - DS: a delivery schedule's row ("First delivery | ... | 5 April",
//     "التسليم الأول | ... | 05/04/2026", "Delivery 2 | ...") is a
//     delivery deadline, as a "Required delivery date" is.
var (
	reNetWeight           = regexp.MustCompile(`(?i)^(?:[.,]\d|\s*(?:kgs?|g|t|mt|tons?|tonnes?|lbs?|m³|m3|cbm|litres?|liters?|l|pcs)\b)`)
	reDeliveryScheduleRow = regexp.MustCompile(`(?i)^[\s|*]*(?:(?:first|second|third|fourth|fifth|final|last|partial)\s+(?:delivery|shipment|consignment|lot)|(?:delivery|shipment|consignment|lot)\s+(?:no\.?\s*)?\d+|(?:التسليم|التوريد|الشحنة|الدفعة)\s+(?:الأول|الاول|الأولى|الاولى|الثاني|الثانية|الثالث|الثالثة|الرابع|الرابعة|الخامس|الخامسة|الأخير|الأخيرة|الاخير|الاخيرة|رقم\s*\d+))\s*\|`)
)

// netWeight: the text after a "net N" match goes on as a weight (NW).
func netWeight(after string) bool { return reNetWeight.MatchString(after) }

// deliveryScheduleRow: before (a table row up to a delivery date)
// opens with a delivery schedule's row label (DS).
func deliveryScheduleRow(before string) bool {
	return reDeliveryScheduleRow.MatchString(before)
}

// Durations (otherDocumentsKeysDuration, durations.go, after rounds 11 and 16):
//
//   - NC: an order or a policy cancelled "by giving seven (7) days'
//     written notice" (ended, as a contract is): notice_period, not a
//     plain duration.
//   - AG: an ageing table's bucket ("31-60 days overdue | over 60 days")
//     is no period of the document.
var (
	reCancelByNotice            = regexp.MustCompile(`(?i)\b(?:cancel\w*|terminat\w*|end)\b[^.;\n]{0,100}\bby\s+(?:giving|serving)\s+(?:(?:the\s+other\s+(?:party|side)|the\s+\w+)\s+)?(?:at\s+least\s+|not\s+less\s+than\s+)?$`)
	reNoticeAfterOtherDocuments = regexp.MustCompile(`(?i)^['’]?s?\s+(?:prior\s+|advance\s+)?(?:written\s+)?notice\b|^['’]s?\s*$`)
	reAgeingLine                = regexp.MustCompile(`(?i)\bdays\s+overdue\b|\bnot\s+yet\s+due\b|\bage?ing\b|أعمار\s+(?:ال)?ديون`)
)

// otherDocumentsKeysDuration re-keys (or drops, ok false) the duration t[ms:me] whose
// clause before is ctx and whose key rounds 11 and 16 left c.
func otherDocumentsKeysDuration(c cue, ctx, t string, ms, me int) (cue, bool) {
	ls, _ := lineBounds(t, ms)
	_, le := lineBounds(t, me)
	if matches(reAgeingLine, t[ls:le]) && strings.Contains(t[ls:le], " | ") {
		return c, false // AG
	}
	after := t[me:min(len(t), me+40)]
	if c.key == "duration" && matches(reNoticeAfterOtherDocuments, after) && matches(reCancelByNotice, tail(ctx, 200)) {
		return durationCueOf("notice_period"), true // NC
	}
	return c, true
}

// More deadlines read from dates (deadlines.go):
//
//   - AN: an event the issuer announces ("Shortlisted applicants will be
//     notified by 30 April 2026", "successful bidders will be informed
//     by"): no deadline of anyone (the date stays a plain date).
//   - VT: a bid's validity written in both languages ("valid until 27
//     July 2026" and "سارية حتى ٢٧ يوليو ٢٠٢٦"): one deadline per
//     language (decision 45), the second date a twin fact dropped.
var reAnnounced = regexp.MustCompile(`(?i)\b(?:applicants|bidders|tenderers|candidates|suppliers|firms|consultants|respondents|companies)\b[^.;\n]{0,40}\b(?:will|shall)\s+be\s+(?:notified|informed|advised|contacted|invited|announced)\b[^.;\n]{0,40}\bby\s*$`)

// announced: before (the text before a date) announces an event (AN).
func announced(before string) bool { return matches(reAnnounced, before) }

// validityTwin: a dropped date fact f at is a validity date in Arabic
// script beside its English twin (VT).
func validityTwin(f Fact, text string, at int) bool {
	if f.Key != "valid_until" {
		return false
	}
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	return hasArabic(text[ls:at])
}

//   - ER: a time limit that is an expiry written above ("يجب أن تصل إلينا
//     أي مطالبة ... في موعد أقصاه تاريخ انتهاء سريانه المذكور", "بإخلاء
//     المعرض ... في تاريخ انتهاء العقد الحالي", "no later than the expiry
//     date of this guarantee"): a deadline on that expiry_date (the
//     nearest before; for "the current" lease, the first); a period
//     before the expiry ("60 days before the expiry date") is none.
var (
	reExpiryRef = regexp.MustCompile(`(?i)\b(?:no\s+later\s+than|not\s+later\s+than|on\s+or\s+before|by|on)\s+the\s+(?:expiry|expiration)(?:\s+date)?(?:\s+of\s+(?:the\s+|this\s+)?(?:current\s+|present\s+)?(?:lease|tenancy|guarantee|agreement|contract|policy|bond))?\b|(?:في\s+موعد\s+(?:أقصاه|اقصاه|لا\s+يتجاوز)|بحلول|في)\s+(?:يوم\s+)?تاريخ\s+(?:انتهاء|نهاية)\s+(?:سريانه|سريانها|صلاحيته|صلاحيتها|مدته|مدتها|(?:ال)?(?:عقد|ضمان|كفالة|وثيقة)(?:\s+(?:ال)?(?:حالي|الحالي|الإيجار))?)`)
	reCurrent   = regexp.MustCompile(`(?i)\b(?:current|present|existing)\b|الحالي|الحالية|القائم`)
)

// expiryRefDeadlines adds ER's deadlines (deadlines.go, after
// thatDateDeadlines).
func (x *clauseExtractor) expiryRefDeadlines(dates []candidate, blocked func(si, off int) bool, add func(d Deadline, s, e, si int)) {
	if !strings.Contains(x.a.text, "expir") && !strings.Contains(x.a.text, "انتهاء") && !strings.Contains(x.a.text, "نهاية") {
		return
	}
	for si, s := range x.sents {
		raw := x.a.text[s.start:s.end]
		for _, m := range reExpiryRef.FindAllStringIndex(raw, -1) {
			at := s.start + m[0]
			first, near := -1, -1
			for i, c := range dates {
				if c.fact.Type != TypeDate || c.fact.Key != "expiry_date" || len(c.fact.Normalized) != len("2006-01-02") || c.end > at {
					continue
				}
				if first < 0 || c.start < dates[first].start {
					first = i
				}
				if near < 0 || c.start > dates[near].start {
					near = i
				}
			}
			pick := near
			if matches(reCurrent, raw[m[0]:m[1]]) {
				pick = first
			}
			if pick < 0 || blocked(si, at) || x.hasDateDeadline(dates[pick].fact.Normalized, hasArabic(raw)) {
				continue
			}
			add(Deadline{Key: "deadline", Label: "Deadline", Value: raw[m[0]:m[1]], NormalizedDate: dates[pick].fact.Normalized, Method: "clause", Confidence: 0.75}, at, s.start+m[1], si)
		}
	}
}
