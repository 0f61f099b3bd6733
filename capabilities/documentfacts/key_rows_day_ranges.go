package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Round 14 (issue 29, session 16): keys from heldout11's misses, by what a
// date, sum or period is of, and the key specification's rows added in
// session 16 (docs/documents.md, "Issue 29, session 16: round 14, keys
// from heldout11").

// rowsDayRangesDurationKeys re-keys a period round 11 has a role for; hit is false
// when no rule applies. ctx is the text before the period (its sentence),
// clause the part of it after the last clause stop, after the text that
// follows it.
func rowsDayRangesDurationKeys(ctx, clause, after string, c cue) (cue, bool, bool) {
	if reShelfLife.MatchString(clause) && c.key != "duration" {
		// "shall not supply items whose remaining shelf life is less
		// than twelve (12) months", "تقل مدة صلاحيتها المتبقية عن": how
		// long the goods keep, a duration.
		return durationCueOf("duration"), true, true
	}
	if c.key == "delivery_period" && reWithinRowsDayRanges.MatchString(ctx) && reObjectWord.MatchString(clause) && !reObjectWord.MatchString(after) {
		// "may reject any batch within three (3) days of its receipt":
		// the window to reject, not a delivery (rowsDayRangesNoCueKeys).
		return cueClaimPeriod, true, true
	}
	switch c.key {
	case "notice_period":
		if reWithinRowsDayRanges.MatchString(ctx) && reCountedFromRowsDayRanges.MatchString(after) && reDutyWord.MatchString(clause) && !reNoticeWordClauseContext.MatchString(clause) && !rePay.MatchString(clause) {
			// "shall repair any failure within twelve (12) hours of
			// notice": a time limit counted from a notice, no notice
			// period (the key specification: a deadline only).
			return c, false, true
		}
	case "delivery_period", "term":
		if reWithinRowsDayRanges.MatchString(ctx) && reCountedFromRowsDayRanges.MatchString(after) && reDutyWord.MatchString(clause) && !rePayWordClauseContext.MatchString(clause) {
			// "shall deliver the guidelines within ten (10) days of the
			// start date", "complete the snag list within forty-five
			// (45) days of the date of this certificate", "يلتزم
			// المورد بتوريد الطلبيات خلال سبعة (٧) أيام من تاريخ أمر
			// الشراء": a time limit to do a thing, counted from an
			// event, is a deadline only (the key specification, session
			// 16); a term or a delivery period is a span of its own.
			return c, false, true
		}
	}
	return c, false, false
}

var (
	// reWithinRowsDayRanges: the period is a limit ("within", خلال, "no later
	// than").
	reWithinRowsDayRanges = regexp.MustCompile(`(?i)\bwithin\s*(?:a\s+period\s+of\s*|a\s+maximum\s+of\s*)?$|(?:خلال|في\s+غضون|في\s+موعد\s+لا\s+يتجاوز)\s*(?:مدة\s*)?(?:أقصاها\s*)?$`)
	// reCountedFromRowsDayRanges: the period is counted from an event named after
	// it ("of receiving the deposit", "after the end of each quarter",
	// "من تاريخ أمر الشراء", "من استلام").
	reCountedFromRowsDayRanges = regexp.MustCompile(`(?i)^\s*(?:\([^()]{1,30}\)\s*)?(?:(?:working|business|calendar|clear)\s+)?(?:days?|weeks?|months?|hours?)?\s*(?:\([^()]{1,30}\)\s*)?(?:of|after|from|following|upon)\s+\S|^\s*(?:\([^()]{1,20}\)\s*)?(?:عمل\s+)?(?:من|بعد|عقب)\s+\S`)
)

// rowsDayRangesMoneyKeys re-keys a money fact from its sentence (sent), its line and
// its table's header row; "" when no rule applies.
func rowsDayRangesMoneyKeys(key, sent, line, text string, at int) string {
	header := ""
	if strings.Contains(line, " | ") {
		header = tableHeader(text, at)
	}
	switch {
	case key == "advance_payment" && !reAdvanceWordRowsDayRanges.MatchString(sent+" "+line):
		// "shall pay a deposit of SAR 152.100,00 by 15 September and
		// the balance", "a down payment of": a part of the price, an
		// amount (the key specification, session 16); advance_payment
		// only where the text says so.
		return "amount"
	case key == "total_amount" && !strings.Contains(line, " | ") && rePartOfTotal.MatchString(tail(sent, 60)):
		// "shall pay 40% of the total, BHD 3,311.220, on signing": a
		// part of the total, an amount.
		return "amount"
	case key == "amount" && reContractWorth.MatchString(tail(sent, 160)):
		// "العقد: رقم ٢٠٢٥/٣٤ المؤرخ في ... بقيمة", "the Contract,
		// with a value of": what the contract is worth.
		return "contract_value"
	case key == "amount" && header != "" && reRateLabel.MatchString(firstCell(line)) && !reTotalRowLead.MatchString(line):
		// "Urgent surcharge per page | - | 30.00" under a rate table: a
		// rate per unit is a price, not a charge added to the lines.
		return "price"
	case (key == "price" || key == "amount") && reRetention.MatchString(lineStartRowsDayRanges(line)+" "+tail(sent, 80)) && !strings.Contains(tail(sent, 80), "%"):
		// "Retention held (5%)   OMR 120,948.000", "First half of
		// retention released": money retained or released, an amount.
		return "amount"
	case key == "amount" && reInsureWord.MatchString(sameLine(sent)) && reBoundBefore.MatchString(tail(sent, 40)) && !reCapWord.MatchString(sameLine(sent)):
		// "يؤمن الناقل على البضائع المنقولة بمبلغ لا يقل عن", "shall
		// insure the cargo for not less than": the cover required.
		return "insurance_cover"
	case (key == "subtotal" || key == "amount") && reRoyalty.MatchString(tail(sent, 60)) && !strings.Contains(line, " | "):
		// "a royalty of 6% of net sales, and in any case a minimum
		// annual royalty of AED 250,000": what the licence costs, a fee
		// ("net sales" names no subtotal).
		return "fee"
	case key == "fee" && strings.Contains(line, " | ") && strings.Trim(firstCell(header), " |*_-") != "" && strings.Count(header, " | ") >= strings.Count(line, " | ") && strings.TrimSpace(header) != strings.TrimSpace(line) && utf8.RuneCountInString(firstCell(line)) <= 60 && !reDutyWord.MatchString(firstCell(line)) && !reTotalRowLead.MatchString(line) && !reDocFeeRowsDayRanges.MatchString(lineStartRowsDayRanges(line)) && !isTenderText(text):
		// "Fee | Amount (AED)" over "Initial licence fee | 120,000.00":
		// the rows of a fee table are its line prices (the key
		// specification, session 16); a sentence naming the sum a fee
		// keeps fee, and so does a row of a summary box whose header
		// names no column of items ("| | QAR |", read with fewer cells
		// than its rows, or not at all).
		return "price"
	case key == "fee" && reDocFeeRowsDayRanges.MatchString(tail(sent, 160)+" "+lineStartRowsDayRanges(line)) && isTenderText(text):
		// "A non-refundable pre-qualification fee of OMR 50.000",
		// "رسوم وثائق التأهيل ٤٠٫٠٠٠ د.ب.", "رسوم وثائق الطلب (غير
		// مستردة) | ٣٠٫٠٠٠" in a tender, an RFQ or a pre-qualification:
		// the price of its documents or of applying (the key
		// specification's tender_fee).
		return "tender_fee"
	case key == "rent" && header != "" && reItemHead.MatchString(firstCell(header)):
		// "Item / البند | Amount (OMR)" over "Monthly rent per generator
		// | 1,450.000", "المعدة | المدة | الأجرة الشهرية (د.ك.)": the
		// rows of a table of hired things are their prices (the key
		// specification, session 16: rows of a rate table are price; a
		// lease's premises keep rent); its total row is the total.
		if reTotalRowLead.MatchString(line) {
			return "total_amount"
		}
		return "price"
	}
	return ""
}

var (
	// reRoyalty: a royalty just before the sum.
	reRoyalty = regexp.MustCompile(`(?i)\broyalt(?:y|ies)\s+(?:of\s+)?$|(?:إتاوة|الإتاوة|إتاوات)\s+(?:سنوية\s+)?(?:قدرها\s+)?$`)
	// reRateLabel: a row label that prices a unit ("per page", لكل).
	reRateLabel = regexp.MustCompile(`(?i)\bper\s+\p{L}+|(?:^|\s)لكل\s+\p{L}+`)
	// reRetention: money retained from a contractor's payments.
	reRetention = regexp.MustCompile(`(?i)\bretention\b|\bretained\b|المحتجزات|محتجزات|مبلغ\s+الاحتجاز|المبالغ\s+المحتجزة`)
	// reContractWorth: the contract's worth just before the sum.
	reContractWorth = regexp.MustCompile(`(?i)\b(?:the\s+)?(?:sub)?contract\b[^.;|]{0,80}\b(?:with\s+a\s+(?:total\s+)?value\s+of|valued\s+at)\s*$|(?:^|\s)(?:ال)?عقد(?:\s|:)[^.؛|]{0,80}\sبقيمة\s+(?:إجمالية\s+)?(?:قدرها\s+)?$`)
	// reAdvanceWordRowsDayRanges: the text names an advance payment.
	reAdvanceWordRowsDayRanges = regexp.MustCompile(`(?i)\badvance\b|(?:ال)?دفعة\s+(?:ال)?مقدم|(?:ال)?دفعة\s+(?:ال)?مقدّم|مقدم\s+العقد`)
	// rePartOfTotal: a share of the total before the sum ("40% of
	// the total,", "٣٠٪ من الإجمالي").
	rePartOfTotal = regexp.MustCompile(`(?i)[0-9٠-٩]+(?:[.٫][0-9٠-٩]+)?\s*(?:%|٪|per\s*cent)\s+(?:of\s+)?(?:the\s+)?(?:total|contract\s+price|price|fee)\b[^.;]{0,12}$|[0-9٠-٩]+\s*(?:%|٪)\s+من\s+(?:ال)?(?:إجمالي|اجمالي|قيمة|الثمن|المبلغ)[^.؛]{0,12}$`)
	// reDocFeeRowsDayRanges: a fee named for a tender's documents or for applying.
	reDocFeeRowsDayRanges = regexp.MustCompile(`(?i)\b(?:pre-?qualification|application|tender|bid|bidding|rfq|rfp|rfp|solicitation)\s+(?:documents?\s+|document\s+)?fees?\b|\bfees?\s+(?:for|of)\s+(?:the\s+)?(?:tender|bid|pre-?qualification|rfq|rfp)\s+documents?\b|رسوم\s+(?:(?:وثائق|مستندات|كراسة|كراسات)\s+)?(?:ال)?(?:تأهيل|طلب|تقديم|مناقصة|عطاء|وثائق|مستندات|كراسة)`)
	// reItemHead: a first column of hired things (not of premises).
	reItemHead = regexp.MustCompile(`(?i)^[\s*|]*(?:items?|vehicles?|equipment|machine(?:s|ry)?|plant|assets?|description)\b|^[\s*|]*(?:ال)?(?:بند|معدة|معدات|مركبة|مركبات|صنف|آلة|آلات|وصف)(?:\s|$|/)`)
)

// sameLine: the last 120 bytes of a sentence's text on the sum's own
// line (a list's items may run on without a full stop).
func sameLine(sent string) string {
	return tail(sent[strings.LastIndexByte(sent, '\n')+1:], 120)
}

// firstCell: a row's first cell.
func firstCell(row string) string {
	if i := strings.Index(row, " | "); i >= 0 {
		return row[:i]
	}
	return row
}

// lineStartRowsDayRanges: the line's text before its first table cell break, the
// row's label when the line is a table row ("رسوم وثائق الطلب (غير
// مستردة)").
func lineStartRowsDayRanges(line string) string {
	return firstCell(line)
}

// rowsDayRangesNoDeadlineKeys: a period of sentence t that the key specification's
// session 16 rows make a duration only, with no deadline line: how long
// a bid, a quotation or an offer stays valid ("Quotations shall remain
// valid for ninety (90) days from the closing date", "يظل العرض سارياً
// لمدة تسعين يوماً"), and the notice that ends, renews or does not renew
// the contract ("fourteen (14) days' notice before the end of the hire",
// "at least ninety (90) days before expiry if it wishes to renew").
func rowsDayRangesNoDeadlineKeys(t string, p period, key string) bool {
	before := t[:p.start]
	switch {
	case p.validity || key == "valid_until":
		return reOfferValid.MatchString(t)
	case key == "notice_deadline" || strings.Contains(lowerASCII(t[p.start:p.end]), "notice") || reNoticeWordClauseContext.MatchString(tail(before, 80)):
		return reEndOrRenew.MatchString(t) && !reChangeNotice.MatchString(t)
	}
	return false
}

var (
	// reOfferValid: a bid's, a quotation's, an offer's or a
	// pre-qualification's validity.
	reOfferValid = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|quotations?|quotes?|offers?|proposals?|prices?|pre-?qualification)\b[^.;]{0,80}\b(?:valid|validity|open\s+for\s+acceptance)\b|\bvalidity\b[^.;]{0,40}\b(?:bids?|tenders?|quotations?|offers?|proposals?)\b|(?:العطاء|العطاءات|العرض|العروض|عرض\s+السعر|عروض\s+الأسعار|الأسعار|التأهيل)[^.؛]{0,80}(?:ساري|سارية|صالح|صالحة|صلاحية|سريان)|(?:صلاحية|سريان)\s+(?:ال)?(?:عطاء|عطاءات|عرض|عروض)`)
	// reEndOrRenew: the notice is to end the contract, not renew it, or
	// renew it ("before the end of the hire", "if it wishes to renew",
	// "عدم التجديد", "إنهاء العقد").
	reEndOrRenew = regexp.MustCompile(`(?i)\b(?:terminat\w*|renew\w*|non-?renewal|expir\w*|end\s+of\s+the\s+(?:hire|lease|term|agreement|contract|tenancy|rental)|end\s+(?:this|the)\s+(?:agreement|contract|lease|hire))\b|إنهاء|انهاء|فسخ|تجديد|التجديد|انتهاء|نهاية\s+(?:مدة\s+)?(?:العقد|الإيجار|التأجير)`)
)

// rowsDayRangesDateKeys re-keys a date after rounds 11 and 12 (deferred from
// clauseContextDateKeys, so it runs last): t is the date's block, t[ms:me] the date,
// prev the block before it.
func rowsDayRangesDateKeys(f *Fact, t string, ms, me int, w dateWindows) {
	set := func(k string) {
		var c cue
		switch k {
		case "date":
			c = cue{key: "date", label: "Date"}
		case "completion_date":
			c = cueCompletionDate
		case "agreement_date":
			c = cueAgreementDate
		default:
			c = dateCueOf(k)
		}
		f.Key, f.Label, f.Role = c.key, c.label, c.role
	}
	ctx, clause, line := w.ctx, w.clause, w.line
	after := t[me:min(len(t), me+160)]
	if i := strings.IndexAny(after, ".؛;\n"); i >= 0 {
		after = after[:i]
	}
	switch f.Key {
	case "date", "expiry_date", "valid_until", "document_date":
		switch {
		case matches(reUntil, ctx) && matches(reQuestions, clause):
			// "Questions by e-mail until | 19 March 2026", "تقبل
			// الاستفسارات حتى": the last day for questions.
			set("clarification_deadline")
			return
		case matches(reUntil, ctx) && matches(reDocsSold, clause):
			// "وتباع الوثائق حتى ٢٢ أكتوبر ٢٠٢٦م", "Documents are sold
			// until": the last day to buy the documents.
			set("document_purchase_deadline")
			return
		case f.Key != "expiry_date" && f.Key != "valid_until" && matches(reInvoiceDated, tail(clause, 200)):
			// "supplied under invoices INV-3310 dated 12/10/2025 and
			// INV-3398\n dated 30/11/2025": an invoice's date, also
			// where the sentence wraps before "dated".
			set("invoice_date")
			return
		case matches(reContractRef, line):
			// "العقد: رقم ٢٠٢٥/٣٤ المؤرخ في 2025/06/01م", "Agreement No.
			// SH-DMM-2026-27, dated 12 Shawwal 1447H corresponding to":
			// a line that names the contract by its number dates it.
			set("agreement_date")
			return
		}
	}
	switch f.Key {
	case "date", "effective_date", "document_date":
		if matches(reTakenOver, tail(clause, 160)) || matches(reTakenOverAR, clause+" "+after) && matches(reOnDateAR, ctx) {
			// "The Engineer certifies that the Works were substantially
			// completed on", "عاينت اللجنة الأعمال في ... وقررت استلامها
			// استلاماً ابتدائياً": the day the works were completed and
			// taken over.
			set("completion_date")
			return
		}
	case "agreement_date":
		if matches(reMadeOnOther, tail(clause, 160)) && !matches(reAgreementNoun, clause) {
			// "The first deduction is made on 30 September 2026 and the
			// last on": a payment made on a day, not the agreement.
			set("date")
			return
		}
	}
}

var (
	// reInvoiceDated: an invoice named by its number, then "dated".
	reInvoiceDated = regexp.MustCompile(`(?i)\binvoices?\b[^.;]{0,120}?\b[a-z]{0,6}[-/]?\d[\w/-]*\s+dated\s*$`)
	reUntil        = regexp.MustCompile(`(?i)\buntil\s*(?:\|\s*)?$|(?:حتى|لغاية|إلى\s+غاية)\s*(?:تاريخ\s*)?(?:\|\s*)?$`)
	reQuestions    = regexp.MustCompile(`(?i)\b(?:questions?|queries|enquiries|inquiries|clarifications?)\b|الاستفسارات|استفسارات|الاستيضاح|الاستيضاحات|الأسئلة`)
	reDocsSold     = regexp.MustCompile(`(?i)\bdocuments?\b[^.;|]{0,40}\b(?:sold|sale|purchased|bought|available\s+for\s+(?:sale|purchase))\b|\b(?:sale|purchase)\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}documents?\b|(?:تباع|يباع|بيع|شراء)\s+(?:ال)?(?:وثائق|مستندات|كراسة|كراسات)`)
	reContractRef  = regexp.MustCompile(`(?i)^[\s*#|]*(?:(?:the\s+)?(?:sub)?contract|agreement)\s*(?::\s*|\s+(?:no\.?|number|ref\.?)\s*:?\s*)(?:no\.?\s*)?[\w/.-]*\d[\w/.-]*,?\s+(?:dated|of)\s+[^|]{0,60}$|^[\s*#|]*(?:ال)?عقد\s*:?\s*(?:رقم\s*)?[\p{N}\w/.-]+\s+(?:المؤرخ|بتاريخ)\s*(?:في\s*)?$`)
	reTakenOver    = regexp.MustCompile(`(?i)\b(?:works|project|facility|plant|building)\b[^.;]{0,60}\b(?:were|was|have\s+been|has\s+been)\s+(?:substantially\s+)?(?:completed|taken\s+over)\s+(?:on|as\s+of|with\s+effect\s+from)\s*$|\btaking[- ]over\s+date\b[^.;]{0,20}$`)
	reTakenOverAR  = regexp.MustCompile(`استلام(?:ها|ه)?\s+(?:استلاماً\s+|استلاما\s+)?(?:ال)?ابتدائي|(?:ال)?استلام\s+(?:ال)?ابتدائي|استلاماً\s+ابتدائياً`)
	reOnDateAR     = regexp.MustCompile(`(?:^|\s)(?:في|بتاريخ|يوم)\s*$`)
	reMadeOnOther  = regexp.MustCompile(`(?i)\b(?:deductions?|payments?|instalments?|installments?|transfers?|repayments?)\b[^.;]{0,40}\b(?:is|are|shall\s+be|will\s+be)\s+made\s+on\b`)
)

// arabicPoints reads a figure whose Arabic decimal sign (٫) also groups
// its thousands, with two decimals after the last ("٩٫٨٤٠٫٠٠٠٫٠٠" is
// 9,840,000.00, as "9.840.000,00" is); ok false for any other figure.
func arabicPoints(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if strings.Count(s, "٫") < 2 || !reArabicPoints.MatchString(s) {
		return 0, false
	}
	i := strings.LastIndex(s, "٫")
	return parseNumber(strings.ReplaceAll(s[:i], "٫", "") + "." + s[i+len("٫"):])
}

var reArabicPoints = regexp.MustCompile(`^[0-9٠-٩]{1,3}(?:٫[0-9٠-٩]{3})+٫[0-9٠-٩]{2}$`)

// rowsDayRangesNoCueKeys gives a period with no role word of its own a role from its
// clause; ok false when no rule applies.
func rowsDayRangesNoCueKeys(ctx, clause, after string) (cue, bool) {
	switch {
	case reOwnPeriodRowsDayRanges.MatchString(ctx):
		// "The hire period is six (6) months from 15 April 2026", "The
		// loan is repaid over thirty (30) months": the hire's or the
		// loan's own length, its term.
		return durationCueOf("term"), true
	case reStaysValid.MatchString(ctx):
		// "Pre-qualification remains valid for twenty-four (24)
		// months": how long a status lasts, a duration.
		return durationCueOf("duration"), true
	case reWithinRowsDayRanges.MatchString(ctx) && reObjectWord.MatchString(clause) && !reObjectWord.MatchString(after):
		// "Any dispute must be raised in writing within ten (10) days
		// of the date of this note", "يحق للمشتري رفض أي شحنة ... خلال
		// يومين": the window to dispute or reject, a claim period (not
		// a window counted from a rejection: "يستبدل ... خلال سبعة أيام
		// من تاريخ الرفض").
		return cueClaimPeriod, true
	}
	return cue{}, false
}

var (
	reShelfLife              = regexp.MustCompile(`(?i)shelf[- ]life|مدة\s+(?:ال)?صلاحي(?:ة|تها|ته)\s+(?:ال)?متبقية|صلاحيتها\s+المتبقية`)
	reOwnPeriodRowsDayRanges = regexp.MustCompile(`(?i)\b(?:hire|rental|loan|repayment|licen[cs]e)\s+(?:period|term)\s+(?:is|shall\s+be|will\s+be)\s*$|\b(?:is|are|shall\s+be|will\s+be)\s+repaid\s+(?:over|in)\s*$|مدة\s+(?:ال)?(?:تأجير|إيجار|قرض|سداد)\s+(?:هي\s+)?$`)
	reStaysValid             = regexp.MustCompile(`(?i)\bpre-?qualification\s+(?:remains|shall\s+remain|will\s+remain|is)\s+valid\s+for\s*$|(?:يظل|تظل|يبقى|يكون)\s+(?:ال)?تأهيل\s+(?:ساري(?:اً|ا)?|صالح(?:اً|ا)?)\s+(?:المفعول\s+)?لمدة\s*$`)
	// rePay: the duty is to pay (rePayWordClauseContext without "repair").
	rePay = regexp.MustCompile(`(?i)\b(?:pay|pays|paid|payment|payable|settle\w*|refund\w*|remit\w*|repay\w*)\b|سداد|يسدد|تسدد|يدفع|تدفع|دفع|بسداد|بدفع|الدفع`)
	// reObjectWord: a dispute or an objection raised, or a rejection
	// ("Any dispute must be raised", يحق ... رفض; not "any dispute shall
	// be settled").
	reObjectWord = regexp.MustCompile(`(?i)\b(?:disputes?|objections?|claims?)\b[^.;]{0,40}\b(?:raised|made|notified|submitted|lodged|filed)\b|\b(?:reject|rejects|rejection)\b|(?:اعتراض|الاعتراض)[^.؛]{0,20}(?:كتابياً|كتابيا)?|رفض|برفض`)
)

// dayRangeStartRowsDayRanges: the day at t[at:] ends a range of days in one month
// ("takes place on 8-10 February 2026", "من ٣ – ٥ مارس"): the first day's
// span in t, which is a date of the same month and year.
func dayRangeStartRowsDayRanges(t string, at int) (int, int, bool) {
	m := reDayRangeStart.FindStringSubmatchIndex(t[max(0, at-8):at])
	if m == nil {
		return 0, 0, false
	}
	off := max(0, at-8)
	return off + m[2], off + m[3], true
}

var reDayRangeStart = regexp.MustCompile(`(?:^|[^\p{L}\p{N}/.:-])([0-9٠-٩]{1,2})\s?[-–]\s?$`)
