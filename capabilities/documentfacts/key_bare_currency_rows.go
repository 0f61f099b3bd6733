package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Round 15 (issue 29, session 17): keys of dates, money, deadlines and
// durations from heldout12's misses, by what a date, sum or period is of
// (docs/documents.md, "Issue 29, session 17: round 15, keys from
// heldout12").

// rowGoesOn: a table row marked as a table's first row still continues
// the table above it when the row before it is a table row with as many
// cells (a DOCX text writes each row as a one-row table: "Priority |
// Definition | Response on site | Repair" over "Critical | ... | 2 hours |
// 24 hours").
func rowGoesOn(prev, cur string) bool {
	return strings.Contains(prev, " | ") && strings.Count(prev, " | ") == strings.Count(cur, " | ")
}

// bareCurrencyRowsMoneyKeys re-keys a money fact after rounds 11-14 (k is the key they
// chose, "" for none; orig the fact's own) from its sentence before the
// sum (sent), the rest of its sentence, its line and its table's header
// row; "" when no rule applies.
func bareCurrencyRowsMoneyKeys(k, orig, sent, text string, at int) string {
	key := k
	if key == "" {
		key = orig
	}
	after := moneyAfter(text, at)
	row := tableCell(text, at)
	around := sent + " " + after
	switch {
	case (key == "amount" || key == "price" || key == "discount" || key == "fee") && !row && reShortfallUnit.MatchString(around) && (reChargeWord.MatchString(around) || reCapBeforeBareCurrencyRows.MatchString(tail(sent, 40))):
		// "shall pay EUR 2,000.00 for each hour of delay, up to a
		// maximum of EUR 20,000.00", "for each full point below the
		// target the Provider shall pay", "for each unstaffed shift,
		// KWD 20.000 is deducted from the fee", "يخصم مبلغ ٢٠ د.ك. عن
		// كل مناوبة غير مشغولة": a charge for each unit of a delay or
		// a shortfall, and its cap, are the penalty.
		return "penalty_amount"
	case key == "fee" && (isTenderText(text) || reCallText.MatchString(prefixBytes(text, 300))) && reDocFeeBareCurrencyRows.MatchString(tail(sent, 160)+" "+firstCell(lineAt(text, at))):
		// "A non-refundable EOI document fee of", "رسم الاشتراك في طلب
		// العروض | ٢٠٫٠٠٠", "participation fee" in a call, an RFP or a
		// tender: the price of taking part (the key specification's
		// tender_fee).
		return "tender_fee"
	case key == "price" && row && rePaymentRow.MatchString(firstCell(lineAt(text, at))) && !reAdvanceWordRowsDayRanges.MatchString(firstCell(lineAt(text, at))):
		// "Progress payments (monthly) | 2,707,250", "Final payment after
		// the defects period | 159,250", "الدفعة النهائية": the rows of a
		// payment schedule are parts of the price (the key
		// specification: an instalment is an amount).
		return "amount"
	case (key == "price" || key == "fee") && !row && reAboveBefore.MatchString(tail(sent, 60)):
		// "Replacement parts above OMR 50.000 each require approval",
		// "قطع الغيار التي تزيد قيمة الواحدة منها على ٥٠ ر.ع.": a
		// threshold, an amount.
		return "amount"
	case (key == "fee" || key == "amount") && !row && reLiabilityLimit.MatchString(sent):
		// "Our aggregate liability ... shall not exceed three times the
		// fees paid, and in any case QAR 349,500": the cap, whatever
		// the words between.
		return "liability_cap"
	case key == "tax_amount" && row && strings.Count(lineAt(text, at), " | ") == 1 && !reTaxWordBareCurrencyRows.MatchString(tableHeader(text, at)) && !reTaxLead.MatchString(firstCell(lineAt(text, at))) && !strings.ContainsAny(firstCell(lineAt(text, at)), "%٪"):
		// "Corporate income tax return | 42,000" under "Service | Fee":
		// a service named after a tax is a row of the fee table, a price
		// (a cell under a tax column stays tax_amount).
		return "price"
	case (key == "contract_value" || key == "amount" || key == "price") && row && rePerfBondRow.MatchString(firstCell(lineAt(text, at))):
		// "ضمان حسن التنفيذ (١٠٪ من قيمة العقد) | ١٢٦٬٠٠٠٫٠٠٠": the
		// row names the bond; the contract value is only its base.
		return "performance_bond"
	case key == "amount" && !row && rePriceCeilingBareCurrencyRows.MatchString(tail(sent, 80)):
		// "يجب ألا يتجاوز سعر الوجبة الرئيسية", "the price of a main
		// meal shall not exceed": a ceiling on a unit price is a price.
		return "price"
	case key == "price" && row && reRentRowBareCurrencyRows.MatchString(firstCell(lineAt(text, at))):
		// "إيجار المقصف الشهري (حد أدنى) | ٤٥٠٫٠٠٠", "Monthly rent of
		// the kiosk | 300.000": the rent of premises stays rent in a
		// table of an RFP's sums.
		return "rent"
	case key == "total_amount" && !row && reBudgetBareCurrencyRows.MatchString(tail(sent, 80)):
		// "The total budget of this round is", "الميزانية الإجمالية":
		// a budget is an amount, not a priced document's total.
		return "amount"
	case key == "liability_cap" && reInsure.MatchString(sent) && reFloorBefore.MatchString(tail(sent, 40)):
		// "يحتفظ الاستشاري بتأمين المسؤولية المهنية بمبلغ لا يقل عن",
		// "shall hold professional liability insurance of not less
		// than": a floor on insurance is the cover, not a cap.
		return "insurance_cover"
	}
	return ""
}

var (
	reDocFeeBareCurrencyRows       = regexp.MustCompile(`(?i)\b(?:eoi|expressions?\s+of\s+interest)\s+(?:documents?\s+)?fees?\b|\bparticipation\s+fees?\b|(?:^|\s)(?:رسم|رسوم)\s+(?:ال)?(?:اشتراك|مشاركة)\s+في\s+(?:ال)?(?:مناقصة|طلب|منافسة|عطاء)|(?:^|\s)رسم\s+(?:(?:وثائق|مستندات|كراسة)\s+)?(?:ال)?(?:تأهيل|طلب|مناقصة|عطاء|وثائق|مستندات|كراسة)`)
	reCallText                     = regexp.MustCompile(`(?i)\bexpressions?\s+of\s+interest\b|\bcall\s+for\s+(?:applications|proposals|expressions)\b`)
	rePaymentRow                   = regexp.MustCompile(`(?i)\b(?:progress|interim|final|milestone|stage|monthly)\s+payments?\b|\binstal(?:l)?ments?\b|\bbalance\b|دفعات\s+(?:ال)?(?:مرحلية|شهرية)|(?:ال)?دفعة\s+(?:ال)?(?:نهائية|ختامية|أولى|ثانية|ثالثة|مرحلية)|(?:^|\s)(?:ال)?(?:قسط|أقساط)(?:\s|$)`)
	reAboveBefore                  = regexp.MustCompile(`(?i)\b(?:above|exceeding|in\s+excess\s+of|more\s+than)\s*$|(?:تزيد|يزيد|تتجاوز|يتجاوز)\s[^.؛]{0,40}(?:على|عن)\s*$`)
	reLiabilityLimit               = regexp.MustCompile(`(?i)\bliability\b[^.;]{0,100}\b(?:shall\s+not\s+exceed|will\s+not\s+exceed|is\s+limited\s+to|(?:is\s+)?capped\s+at)\b`)
	reTaxWordBareCurrencyRows      = regexp.MustCompile(`(?i)\b(?:vat|tax(?:es)?)\b|ضريبة|الضريبة`)
	reTaxLead                      = regexp.MustCompile(`(?i)^[\s|*]*(?:vat|value[- ]added|tax(?:es)?\b|sales\s+tax|gst|withholding|output|ضريبة|الضريبة)`)
	rePerfBondRow                  = regexp.MustCompile(`(?i)\bperformance\s+(?:bond|guarantee|security)\b|ضمان\s+حسن\s+(?:ال)?تنفيذ|الضمان\s+النهائي`)
	rePriceCeilingBareCurrencyRows = regexp.MustCompile(`(?i)\bprice\s+of\s+(?:a|an|each|one|the)\s+[^.;]{0,30}\b(?:shall|must|may)\s+not\s+exceed\s*$|(?:ألا|لا)\s+(?:يتجاوز|يزيد)\s+سعر\s+(?:ال)?\p{L}+(?:\s+(?:ال)?\p{L}+)?\s*(?:عن|على)?\s*$`)
	reRentRowBareCurrencyRows      = regexp.MustCompile(`(?i)^[\s|*]*(?:(?:monthly|annual|minimum)\s+)?rent\s+(?:of|for)\s+(?:the\s+)?(?:premises|kiosk|canteen|shop|office|unit|space|store)\b|^[\s|*]*(?:ال)?إيجار\s+(?:ال)?(?:مقصف|محل|مكتب|كشك|موقع|مبنى|وحدة|مساحة)`)
	reBudgetBareCurrencyRows       = regexp.MustCompile(`(?i)\bbudget\b[^.;]{0,60}$|(?:ال)?ميزانية\s[^.؛]{0,60}$`)
	reInsure                       = regexp.MustCompile(`(?i)\binsur\w*|(?:^|\s)(?:ب|و)?(?:ال)?تأمين(?:\s|$)`)
	reFloorBefore                  = regexp.MustCompile(`(?i)\b(?:not\s+less\s+than|at\s+least|a\s+minimum\s+of|no\s+less\s+than)\s*$|(?:لا|ألا)\s+(?:يقل|تقل)\s+عن\s*$`)
	// reShortfallUnit: a sum counted per unit of a delay or of a
	// shortfall ("for each day of delay", "for each full percentage
	// point below", "per pool per day ... closed", "for each unfilled
	// shift", "عن كل يوم تأخير", "عن كل يوم غياب", "عن كل مناوبة ...
	// غير مشغولة").
	reShortfallUnit = regexp.MustCompile(`(?i)\b(?:for|per)\s+(?:each|every)\s+(?:full\s+|complete\s+|whole\s+)?(?:(?:hour|day|week|month)s?\s+(?:of\s+)?(?:delay|late\w*|absence|closure|downtime)|(?:percentage\s+)?points?\s+(?:below|under|short)|(?:unfilled|unstaffed|missed|absent|late|uncovered)\s+\w+)\b|\b(?:each|every|per)\s+(?:hour|day|week)\s+(?:of\s+)?(?:delay|lateness|late\s+\w+)\b|\bper\s+\w+\s+per\s+(?:hour|day|week)\b[^.;]{0,60}\b(?:closed|late|delay\w*|deducted|absent|unavailable)\b|\b(?:closed|unavailable|out\s+of\s+service)\b[^.;]{0,80}\bper\s+(?:\w+\s+)?per\s+(?:hour|day)\b|عن\s+كل\s+(?:يوم|ساعة|أسبوع|شهر)\s+(?:من\s+)?(?:تأخير|التأخير|تأخر|غياب|الغياب|توقف|إغلاق)|عن\s+كل\s+\p{L}+\s+[^.؛]{0,30}(?:غير\s+مشغولة|غير\s+مغطاة)|عن\s+كل\s+\p{L}+\s+عن\s+كل\s+(?:يوم|ساعة)`)
	// reChargeWord: the sum is paid, charged or deducted (not a rate
	// offered).
	reChargeWord = regexp.MustCompile(`(?i)\b(?:shall|must|will)\s+pay\b|\b(?:is|are|shall\s+be|will\s+be)\s+(?:deducted|charged|withheld|payable)\b|\bdeduct\w*\b|\bpenalt\w*|\bdamages\b|(?:^|\s)(?:يخصم|تخصم|خصم|يدفع|يلتزم\s+\p{L}+\s+بدفع|غرامة)(?:\s|$)`)
	// reCapBeforeBareCurrencyRows: the sum is the cap of a charge named before it.
	reCapBeforeBareCurrencyRows = regexp.MustCompile(`(?i)\b(?:up\s+to\s+a\s+maximum\s+of|subject\s+to\s+a\s+maximum\s+of|capped\s+at|not\s+(?:to\s+)?exceed(?:ing)?|with\s+a\s+maximum\s+of)\s*$|بحد\s+أقصى\s+(?:قدره\s+)?$`)
)

// moneyAfter: the text from a sum at at to its sentence's end, at most
// 200 bytes.
func moneyAfter(text string, at int) string {
	s := text[at:min(len(text), at+200)]
	// the points of "د.ك." and "ر.ع." end no sentence
	if loc := reSentenceStopClauseContext.FindStringIndex(reArabicAbbr.ReplaceAllStringFunc(s, func(m string) string { return strings.ReplaceAll(m, ".", "_") })); loc != nil {
		s = strings.TrimRight(s[:loc[1]], " \t\n|")
	}
	return s
}

var reArabicAbbr = regexp.MustCompile(`(?:^|\s)\p{Arabic}\.\p{Arabic}\.`)

// tableCell: the sum at at stands in a short table cell (a row of a
// table, not a sentence of a side-by-side bilingual text whose two
// columns are split by " | ").
func tableCell(text string, at int) bool {
	line := lineAt(text, at)
	if !strings.Contains(line, " | ") {
		return false
	}
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	off := at - ls
	start := strings.LastIndex(line[:off], " | ")
	if start < 0 {
		start = 0
	}
	end := strings.Index(line[off:], " | ")
	if end < 0 {
		end = len(line) - off
	}
	return utf8.RuneCountInString(line[start:off+end]) <= 80
}

// bareArabicCur: a currency word in Arabic that names no country
// ("ريال", "دينار", "دراهم"), after the named forms in curWords.
const bareArabicCur = `ريالاً|ريالا|ريالات|ريال|ديناراً|دينارا|دنانير|دينار|دراهم`

// bareCurrency: the code of a bare Arabic rial or dinar ("قيمة كل منها
// ٢٨.٨٠٠,٠٠ ريال", "الرصيد البالغ ١٬٢٠٠٫٠٠٠ دينار") is the one the
// document names elsewhere for that family, when it names one only
// ("ريال سعودي", "SAR", a column's "المبلغ (ريال سعودي)"); dirhams are
// the UAE's.
func (x *extractor) bareCurrency(cur string) (string, bool) {
	w := strings.TrimSpace(cur)
	var family map[string]bool
	name := ""
	switch {
	case strings.HasPrefix(w, "دراهم"):
		return "AED", true
	case strings.HasPrefix(w, "ريال") || reRiyalEN.MatchString(w): // money_claims_caps.go: "Riyals"
		family, name = map[string]bool{"OMR": true, "SAR": true, "QAR": true}, "rial"
	case strings.HasPrefix(w, "دينار") || strings.HasPrefix(w, "دنانير") || reDinarEN.MatchString(w):
		family, name = map[string]bool{"BHD": true, "KWD": true, "JOD": true}, "dinar"
	default:
		return "", false
	}
	// The answer depends on the document only: read once per family, not
	// once per amount (two whole-text passes each).
	if code, ok := x.bareFamily[name]; ok {
		return code, false
	}
	found := x.bareFamilyCode(family)
	if x.bareFamily == nil {
		x.bareFamily = map[string]string{}
	}
	x.bareFamily[name] = found
	return found, false
}

// bareFamilyCode is bareCurrency's reading of the document for a
// family of currencies.
func (x *extractor) bareFamilyCode(family map[string]bool) string {
	found := ""
	for _, m := range reCurWord.FindAllStringSubmatch(x.a.text, -1) {
		code, sure := currencyCode(m[1], x.omani)
		if !sure || !family[code] {
			continue
		}
		if found != "" && found != code {
			return ""
		}
		found = code
	}
	if found == "" {
		found = countryCurrency(x.a.text, family) // money_claims_caps.go: by the country named
	}
	return found
}

// reCurWord: a currency written anywhere (a sum's, a column header's
// "المبلغ (ريال سعودي)").
var reCurWord = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(` + curWords + `)(?:[^\p{L}]|$)`)

// bareCurrencyRowsDateKeys re-keys a date after rounds 11, 12 and 14 (deferred from
// clauseContextDateKeys before them, so it runs last): t is the date's block,
// t[ms:me] the date, prev the block before it, text the document's and
// title the kind its first heading names.
func bareCurrencyRowsDateKeys(f *Fact, t string, ms, me int, w dateWindows, text, title string) {
	set := func(k string) {
		var c cue
		switch k {
		case "date":
			c = cue{key: "date", label: "Date"}
		case "signature_date":
			c = cue{key: "signature_date", label: "Signature date", role: "signature"}
		case "completion_date":
			c = cueCompletionDate
		default:
			c = dateCueOf(k)
		}
		f.Key, f.Label, f.Role = c.key, c.label, c.role
	}
	line, clause := w.line, w.clause
	switch f.Key {
	case "document_date", "date", "issue_date", "agreement_date":
		// (reDateLabelBareCurrencyRows ends in a colon: endsLike spares matching it.)
		if l := dateLabelBareCurrencyRows(line); l != nil && matches(reSignCue, line[:l[0]]) {
			// "Name: Khalid Said | Signature: ________ | Date: 20 August
			// 2026", "موافقة العميل: فاطمة ... | التاريخ: ٧ أكتوبر": the
			// date beside a signature or an acceptance is its day.
			set("signature_date")
			return
		}
	}
	ctx := w.ctx
	if endsLike(line, "to", "until", "till", "إلى", "الى", "حتى") && matches(reDayRangeEnd, line) || matches(reBareDay, t[ms:me]) && matches(reDayRangeNext, t[me:min(len(t), me+40)]) {
		if !matches(reOwnSpanWord, clause) {
			// "The show takes place from 16 to 20 May 2026", "من ٣ إلى ٥
			// مارس": the days of an event in one month are plain dates,
			// its two ends alike (a contract's, a hire's or a term's own
			// span keeps its start and end).
			set("date")
		}
		return
	}
	if f.Key == "date" || f.Key == "document_date" {
		switch {
		case endsLike(line, "|", ":") && matches(reOpeningRow, line):
			// "فض المظاريف | ٢٥ مايو ٢٠٢٦", "Opening of envelopes |":
			// the key date the bids are opened.
			set("bid_opening_date")
			return
		case endsLike(line, "|", ":") && matches(reStartRow, line):
			// "بدء التشغيل | ٢٣ أغسطس ٢٠٢٦", "Start of operation |": the
			// day the contract's service starts.
			set("effective_date")
			return
		case matches(reRedeliveryOn, clause):
			// "and redelivery at the same marina on 30 April 2028": the
			// hired thing goes back, the hire ends.
			set("expiry_date")
			return
		case matches(reDeliveryTakesPlace, clause):
			// "Delivery shall take place at the marina on 1 November
			// 2026": the delivery day.
			set("delivery_date")
			return
		}
	}
	switch f.Key {
	case "effective_date", "signature_date", "date":
		if matches(reFromEventOn, tail(clause, 200)) {
			// "shall complete the works within sixteen (16) weeks from
			// the site handover on 20 April 2026", "خلال ستة عشر
			// أسبوعاً من تاريخ تسلم الموقع في": the day of the event a
			// time limit runs from, a plain date (no term starts).
			set("date")
			return
		}
	case "delivery_date":
		if matches(reCompleteHandOver, clause) {
			// "The stand shall be completed and handed over to the
			// Exhibitor by 18:00 on": the day the work is finished.
			set("completion_date")
			return
		}
	}
	if f.Key == "date" && matches(reShareOn, ctx) && matches(rePayWordBareCurrencyRows, clause) {
		// "shall pay 40% of the price on signing, 50% on 20 April 2026
		// and the balance", "the second instalment on": the day a part
		// of the price falls due.
		set("due_date")
		return
	}
	switch f.Key {
	case "delivery_date", "submission_deadline", "completion_date":
		if requestSentence(strings.TrimSpace(line)) || requestSentence(strings.TrimSpace(clause)) {
			// "Please sign and return a copy of this letter by 31 August
			// 2026", "يرجى ... في موعد أقصاه": a request, its date a plain
			// date and no time limit (as dev4 and heldout12 label it).
			set("date")
			return
		}
	case "issue_date", "agreement_date", "document_date":
		m := reOtherDocDated.FindStringSubmatch(tail(line, 120))
		if m == nil {
			m = reOtherDocDated.FindStringSubmatch(tail(clause, 120))
		}
		if m != nil && !strings.Contains(lowerASCII(firstLineBareCurrencyRows(text)), lowerASCII(m[1])) {
			// "in accordance with design proposal v3 dated", "Quotation
			// ref. Q/26/771 dated" in a purchase order: a document the
			// text refers to, not the text itself, has a plain date (as
			// "your enquiry dated" has).
			set("date")
		}
	case "due_date":
		if matches(reProvideVerb, clause) && !matches(rePayWordBareCurrencyRows, reNotPay.ReplaceAllString(clause, " ")) {
			// "shall provide the trial balance and the intercompany
			// invoices no later than", "shall provide ... a performance
			// bond of QAR 318,500 no later than": a limit to hand over
			// papers or a guarantee, no sum falls due (the date is a
			// plain date, its limit a deadline).
			set("date")
		}
	}
}

var (
	// reDayRangeEnd: the date ends a range of days in one month
	// ("from 16 to", "من ٣ إلى"); reDayRangeNext: the date (a day
	// alone) opens one.
	reDayRangeEnd  = regexp.MustCompile(`(?i)\bfrom\s+[0-9]{1,2}\s+(?:to|until|till)\s+$|(?:^|\s)من\s+[0-9٠-٩]{1,2}\s+(?:إلى|الى|حتى)\s+$`)
	reBareDay      = regexp.MustCompile(`^[0-9٠-٩]{1,2}$`)
	reDayRangeNext = regexp.MustCompile(`^\s+(?:to|until|till|إلى|الى|حتى)\s+[0-9٠-٩]{1,2}\s+\p{L}`)
	// reOwnSpanWord: the clause names a span of the contract itself.
	reOwnSpanWord = regexp.MustCompile(`(?i)\b(?:agreement|contract|term|lease|tenancy|hire|charter|rental|licen[cs]e|subscription|employment|period)\b|العقد|الاتفاقية|مدة|الإيجار|التأجير|الاشتراك`)
	reOpeningRow  = regexp.MustCompile(`(?i)(?:^|\|)\s*(?:(?:فض|فتح)\s+(?:ال)?(?:مظاريف|عطاءات|عروض)(?:\s+(?:ال)?\p{L}+)?|(?:public\s+)?opening\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:envelopes|bids|tenders|offers|proposals))\s*(?:\||:)\s*$`)
	reStartRow    = regexp.MustCompile(`(?i)(?:^|\|)\s*(?:بدء\s+(?:ال)?(?:تشغيل|خدمة|خدمات|العمل|الأعمال|التنفيذ)|(?:start|commencement)\s+of\s+(?:the\s+)?(?:operations?|services?|works|contract))\s*(?:\||:)\s*$`)
	// reDeliveryTakesPlace, reRedeliveryOn: the day a thing is
	// delivered, and given back.
	reDeliveryTakesPlace = regexp.MustCompile(`(?i)(?:^|[^-\w])delivery\s+(?:shall|will)\s+take\s+place\b[^.;]{0,80}\bon\s*$`)
	reRedeliveryOn       = regexp.MustCompile(`(?i)\bre-?delivery\b[^.;]{0,80}\bon\s*$`)
	// reDateLabelBareCurrencyRows: a "Date:" label at the end of a line's text before
	// the date.
	reDateLabelBareCurrencyRows = regexp.MustCompile(`(?i)(?:\bdate|التاريخ|تاريخ\s+التوقيع)\s*[:：]\s*$`)
	// reSignCue: a signature field or an acceptance on the line.
	reSignCue = regexp.MustCompile(`(?i)\bsignature\s*[:：]|\bsigned\s*[:：]|\baccepted\s+(?:for|by)\b|التوقيع\s*[:：]|موافقة\s+(?:ال)?\p{L}+\s*[:：]|(?:^|\s)قبول\s+(?:ال)?\p{L}+\s*[:：]`)
	// reOtherDocDated: a document named just before "dated" (its
	// noun in m[1]).
	reOtherDocDated = regexp.MustCompile(`(?i)(?:^|.*\W)(proposal|quotation|quote|offer|enquiry|inquiry|drawings?|design|report|policy|specification|minutes|certificate|programme|purchase\s+order)\b(?:\s+(?:ref\.?|no\.?|number|version|rev\.?))?[^.;|\n]{0,40}?\s+dated\s*$`)
	// reProvideVerb: a duty to hand over papers or a guarantee.
	reProvideVerb = regexp.MustCompile(`(?i)\b(?:provide|furnish|submit|deliver|send|lodge)\b[^.;]{0,120}\b(?:statements?|balances?|records|documents?|information|data|invoices|bonds?|guarantees?|certificates?|drawings|reports?|files?)\b|(?:يقدم|تقديم|بتقديم|يسلم|بتسليم|بتزويد|يزود)\s[^.؛]{0,80}(?:ضمان|الضمان|المستندات|الوثائق|البيانات|القوائم|الكشوف|صور)`)
	// rePayWordBareCurrencyRows: the clause pays.
	rePayWordBareCurrencyRows = regexp.MustCompile(`(?i)\b(?:pay|pays|paid|payment|payable|settle\w*|remit\w*|due|instalments?|installments?)\b|سداد|يسدد|تسدد|الدفع|بدفع|يدفع|تدفع|قسط|دفعة`)
	// reNotPay: names that hold a payment word but pay nothing.
	reNotPay = regexp.MustCompile(`(?i)\b(?:advance\s+)?payment\s+(?:guarantee|bond)s?\b|ضمان\s+(?:لل|ل|ال)?دفعة\s+(?:ال)?مقدمة`)
	// reFromEventOn: a time limit counted from an event, then "on"
	// the event's day.
	reFromEventOn = regexp.MustCompile(`(?i)\bwithin\s+[^.;]{0,40}\b(?:days?|weeks?|months?)\b[^.;]{0,20}\b(?:from|after|of|following)\s+(?:the\s+)?[^.;\d]{0,50}\s(?:on|dated)\s*$|خلال\s[^.؛]{0,60}(?:من|بعد)\s+(?:تاريخ\s+)?[^.؛\d٠-٩]{0,50}\s(?:في|بتاريخ)\s*$`)
	// reCompleteHandOver: the work is to be completed and handed over.
	reCompleteHandOver = regexp.MustCompile(`(?i)\b(?:be\s+)?complete[ds]?\s+and\s+hand(?:ed|s)?\s+over\b`)
	// reShareOn: a share of the price, then "on" a day ("50% on",
	// "the second instalment on").
	reShareOn = regexp.MustCompile(`(?i)(?:\d+(?:\.\d+)?\s*(?:%|per\s*cent)|\b(?:the\s+)?(?:first|second|third|final|last)\s+instal(?:l)?ment)\s+(?:of\s+[^.;]{0,30}\s)?on\s*$`)
)

// firstLineBareCurrencyRows: the document's first line with text (its title, or its
// letterhead).
func firstLineBareCurrencyRows(text string) string {
	for _, l := range strings.SplitN(text, "\n", 8) {
		if strings.TrimSpace(l) != "" {
			return l
		}
	}
	return ""
}

// firstLine is firstLineBareCurrencyRows(x.a.text), split once per text rather than
// once per date or duration (issue 34: on a one-line document each split
// read the whole text).
func (x *extractor) firstLine() string {
	if !x.firstSet || x.firstOf != x.a.text {
		x.first, x.firstOf, x.firstSet = firstLineBareCurrencyRows(x.a.text), x.a.text, true
	}
	return x.first
}

// bareCurrencyRowsNoCueKeys gives a period with no role word of its own a role from
// the words before it (ctx, clause) and after it; ok false when no rule
// applies.
func bareCurrencyRowsNoCueKeys(ctx, clause, after string) (cue, bool) {
	switch {
	case reOwnPeriodBareCurrencyRows.MatchString(ctx):
		// "The contract period is five (5) years", "The charter period
		// is eighteen (18) months from delivery", "The works are
		// expected to take ten (10) months": the contract's own length.
		return durationCueOf("term"), true
	case reValidFor.MatchString(ctx) && !reAgreementNoun.MatchString(clause) && !reLicenceNoun.MatchString(clause):
		// "The shortlist will remain valid for twelve (12) months": how
		// long a list, a status or an offer lasts, a duration.
		return durationCueOf("duration"), true
	case reRestraintFor.MatchString(clause) || reSecondFor.MatchString(clause):
		// "The grantee shall not sell the equipment for two (2) years
		// after the final report", "Neither partner shall build another
		// plant for five (5) years", "لا يجوز للمشترك إنهاء الاتفاقية
		// قبل انقضاء اثني عشر (١٢) شهراً", "shall second a plant manager
		// for the first twenty-four (24) months": how long a restraint
		// or a secondment lasts, a duration.
		return durationCueOf("duration"), true
	}
	return cue{}, false
}

// bareCurrencyRowsDurationKeys re-keys a period round 11 kept with role c; ok false
// drops it (a deadline only).
func bareCurrencyRowsDurationKeys(ctx, clause, after string, c cue) (cue, bool) {
	switch c.key {
	case "term":
		if reValidFor.MatchString(ctx) && !reAgreementNoun.MatchString(clause) && !reLicenceNoun.MatchString(clause) {
			// "يظل التأهيل سارياً لمدة ثمانية عشر (١٨) شهراً": a status's
			// validity, not the term.
			return durationCueOf("duration"), true
		}
		if reRestraintFor.MatchString(clause) && reDiscloseWord.MatchString(clause) {
			// "لا يجوز للمتدرب إفشاء أي معلومات ... ولمدة سنة (١) بعد
			// انتهائه": a ban on disclosing lasts the confidentiality
			// period.
			return durationCueOf("confidentiality_period"), true
		}
		if reRestraintFor.MatchString(clause) {
			// "لا يجوز للشريك (أ) ولا للشريك (ب) إنشاء ... مصنع آخر لمدة
			// خمس (٥) سنوات": a restraint's length.
			return durationCueOf("duration"), true
		}
	case "duration":
		if reNotDisclose.MatchString(clause) {
			// "لا يجوز للمتدرب إفشاء أي معلومات ... خلال مدة التدريب ولمدة
			// سنة (١) بعد انتهائه", "shall not disclose ... for": how long
			// the secret is kept.
			return durationCueOf("confidentiality_period"), true
		}
		if reWarrantyAR.MatchString(tail(ctx, 40)) && reOnGoods.MatchString(after) {
			// "يلتزم المقاول بتقديم ضمان لمدة خمس (٥) سنوات على الوحدات
			// المركبة": a guarantee over goods is their warranty.
			return durationCueOf("warranty_period"), true
		}
	case "notice_period":
		if s := clause + " " + after; reOnNotice.MatchString(tail(ctx, 30)) && reModal.MatchString(clause) && !reEndOrRenew.MatchString(s) && !reEndVerb.MatchString(s) && !reRenewWord.MatchString(s) {
			// "shall dry-dock the yacht once a year on fourteen (14)
			// days' notice to the Charterer": notice before an action,
			// not the notice that ends, renews or extends the contract (a
			// duration, as a notice before a price change is).
			return durationCueOf("duration"), true
		}
	}
	return c, true
}

var (
	reOwnPeriodBareCurrencyRows = regexp.MustCompile(`(?i)\b(?:contract|charter|agreement|services?|subscription|engagement|project|maintenance|operation|concession|framework)\s+(?:period|duration)\s+(?:is|shall\s+be|will\s+be)\s*$|\b(?:the\s+)?(?:works|project|contract|services)\s+(?:are|is)\s+(?:expected|planned|scheduled|estimated)\s+to\s+(?:take|last)\s*$`)
	reValidFor                  = regexp.MustCompile(`(?i)\b(?:remains?|remain|stays?|is|be)\s+valid\s+for\s*(?:a\s+period\s+of\s*)?$|(?:يظل|تظل|يبقى|تبقى|يكون|تكون)\s+[^.؛]{0,40}(?:ساري(?:اً|ا)?|سارية|صالح(?:اً|ا)?|صالحة)\s+(?:المفعول\s+)?لمدة\s*$`)
	reRestraintFor              = regexp.MustCompile(`(?i)\b(?:shall|must|will)\s+not\b[^.;]{0,160}\bfor\s*(?:a\s+period\s+of\s*)?$|\bneither\b[^.;]{0,60}\bnor\b[^.;]{0,60}\b(?:shall|may|will)\b[^.;]{0,160}\bfor\s*(?:a\s+period\s+of\s*)?$|\b(?:shall|may|must)\s+not\b[^.;]{0,100}\bbefore\s+(?:the\s+end\s+of\s+)?(?:the\s+first\s+)?$|لا\s+يجوز[^.؛]{0,160}(?:لمدة|قبل\s+(?:انقضاء|مضي|مرور))\s*$`)
	reSecondFor                 = regexp.MustCompile(`(?i)\bsecond(?:s|ed)?\s+(?:a|an|the|its|one|two)\b[^.;]{0,60}\bfor\s+(?:the\s+first\s+|a\s+period\s+of\s+)?$`)
	reWarrantyAR                = regexp.MustCompile(`(?:^|\s)ضمان(?:اً|ا)?\s+لمدة\s*$`)
	reOnGoods                   = regexp.MustCompile(`^\s*(?:\([^()]{0,20}\)\s*)?(?:\p{L}+\s+){0,2}(?:على|ضد)\s`)
	reOnNotice                  = regexp.MustCompile(`(?i)\b(?:on|upon|after|giving|gives)\s+(?:at\s+least\s+)?$`)
	reNotDisclose               = regexp.MustCompile(`(?i)\b(?:shall|must|may)\s+not\s+disclose\b|لا\s+يجوز\s+[^.؛]{0,30}(?:إفشاء|افشاء|الإفصاح)`)
	reDiscloseWord              = regexp.MustCompile(`(?i)\bdisclos\w*|\bconfidential\w*|إفشاء|افشاء|الإفصاح|بالإفصاح|السرية`)
	// reModal: a party's act (the notice comes before it).
	reModal = regexp.MustCompile(`(?i)\b(?:shall|may|will|must)\b|يلتزم|يجوز|يحق`)
	// reLicenceNoun: a licence, a permit or a policy: valid for its
	// own term (round 8c), no offer's validity.
	reLicenceNoun = regexp.MustCompile(`(?i)\b(?:licen[cs]es?|permits?|polic(?:y|ies)|insurance|lease|tenancy|registration)\b|الترخيص|رخصة|الرخصة|التصريح|الوثيقة|بوليصة`)
)

// dayRangeStartBareCurrencyRows: the day at t[at:] ends a range of days in one month,
// written with a dash (dayRangeStartRowsDayRanges) or with words ("from 16 to 20 May
// 2026", "من ٣ إلى ٥ مارس"): the first day's span in t.
func dayRangeStartBareCurrencyRows(t string, at int) (int, int, bool) {
	if s, e, ok := dayRangeStartRowsDayRanges(t, at); ok {
		return s, e, ok
	}
	if s, e, ok := dayPairStart(t, at); ok { // date_lapses_twins.go
		return s, e, ok
	}
	off := max(0, at-24)
	m := reDayRangeWords.FindStringSubmatchIndex(t[off:at])
	if m == nil {
		return 0, 0, false
	}
	return off + m[2], off + m[3], true
}

var reDayRangeWords = regexp.MustCompile(`(?i)(?:\bfrom|(?:^|\s)من)\s+([0-9٠-٩]{1,2})\s+(?:to|until|till|إلى|الى|حتى)\s+$`)

// wrappedDuration: a period whose number ends the line before (prev)
// and whose unit opens this block t ("The contract period is five
// (5)⏎years", "خلال خمسة عشر (١٥)⏎يوماً"), in a text whose reader keeps
// each line a block, is read over the two lines; only that period is
// kept (the others are each line's own).
func (x *extractor) wrappedDuration(t string, base int, prev string) {
	if prev == "" || strings.Contains(t, " | ") || strings.Contains(prev, " | ") || !reUnitStart.MatchString(t) || !reNumberEnd.MatchString(prev) {
		return
	}
	ps := base - len(prev)
	for ps > 0 && strings.TrimSpace(x.a.text[ps:base]) != strings.TrimSpace(prev) {
		ps--
		if base-ps > len(prev)+8 {
			return
		}
	}
	if ps < 0 || strings.TrimSpace(x.a.text[ps:base]) != strings.TrimSpace(prev) {
		return
	}
	end := base + len(t)
	if i := strings.IndexAny(t, ".;؛\n"); i >= 0 {
		end = base + i
	}
	n := len(x.cands)
	x.durations(x.a.text[ps:end], ps, "", "")
	kept := x.cands[:n]
	lineEnd := ps + len(strings.TrimRight(x.a.text[ps:base], " \t\r\n"))
	for _, c := range x.cands[n:] {
		if c.start < lineEnd && c.end > base {
			// the evidence is the line with the number ("five (5)"),
			// the value its part of the period
			c.end = lineEnd
			c.fact.Value = x.a.text[c.start:c.end]
			kept = append(kept, c)
		}
	}
	x.cands = kept
}

var (
	reNumberEnd = regexp.MustCompile(`(?:\(\s*[0-9٠-٩]{1,3}\s*\)|(?:^|\s)[0-9٠-٩]{1,3})\s*$`)
	reUnitStart = regexp.MustCompile(`(?i)^\s*(?:calendar\s+|working\s+|business\s+)?(?:days?|weeks?|months?|years?|hours?)\b|^\s*(?:يوماً|يومًا|يوما|يوم|أيام|أسبوعاً|أسبوعا|أسابيع|شهراً|شهرا|أشهر|شهور|سنة|سنوات|عاماً|أعوام|ساعة|ساعات)(?:\s|$|[،,.])`)
)

// requestSentence: the sentence opens as a request to accept or
// acknowledge the letter ("Please sign and return a copy", "Kindly
// confirm your acceptance", "يرجى التوقيع"), after its number if any; a
// request to submit an offer or to pay keeps its deadline.
func requestSentence(s string) bool {
	s = s[leadingNumber(s):]
	return reRequestStart.MatchString(s) && reAcceptVerb.MatchString(head(s, 80)) && !reSubmitOrPay.MatchString(s)
}

var (
	reAcceptVerb  = regexp.MustCompile(`(?i)\b(?:sign|countersign|acknowledge|confirm|accept)\b|التوقيع|توقيع|تأكيد|الموافقة|إعادة\s+نسخة`)
	reSubmitOrPay = regexp.MustCompile(`(?i)\b(?:submit|send\s+(?:us\s+)?(?:your|the)\s+(?:offer|quotation|bid|proposal)|quot\w*|offers?|bids?|proposals?|tenders?|pay|payment|remit)\b|تقديم|العرض|عرض|العطاء|سداد|الدفع`)
)

// dateLabelBareCurrencyRows is reDateLabelBareCurrencyRows's match in line, nil when none.
func dateLabelBareCurrencyRows(line string) []int {
	if !endsLike(line, ":", "：") {
		return nil
	}
	return reDateLabelBareCurrencyRows.FindStringIndex(line)
}

// endsLike says whether s, less its trailing ASCII white space (\s),
// ends with one of the words, ASCII letters in either case: a pattern
// that ends in one of them and \s*$ cannot match where this is false,
// and a 600-byte line need not be matched (issue 34). The words have
// no letter that folds to a non-ASCII one (k, s), as (?i) would.
func endsLike(s string, words ...string) bool {
	s = strings.TrimRight(s, " \t\n\f\r")
	for _, w := range words {
		if len(s) >= len(w) && lowerASCII(s[len(s)-len(w):]) == w {
			return true
		}
	}
	return false
}

// dateLineBefore is the text of ms's line before it, at most its last
// dateLineMax bytes, cut forward to a cell, sentence or clause boundary
// when it is cut: the label or row cell a date follows is near it, and a
// document of one long line (190 KB with thousands of dates) must not be
// read once per date (TestLongSingleLine took minutes).
//
// Only the dateLineMax+1 bytes before ms are searched for the line's
// start: a start further back is cut as one found there would be.
func dateLineBefore(t string, ms int) string {
	w := max(0, ms-dateLineMax-1)
	lo := 0
	if i := strings.LastIndexByte(t[w:ms], '\n'); i >= 0 {
		lo = w + i + 1
	} else if w > 0 {
		lo = w - 1 // the line starts before w: more than dateLineMax bytes
	}
	if ms-lo > dateLineMax {
		lo = ms - dateLineMax
		if j := strings.IndexAny(t[lo:ms], "|.;"); j >= 0 {
			lo += j + 1
		}
	}
	return t[lo:ms]
}

const dateLineMax = 600
