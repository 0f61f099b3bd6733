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

// round14Duration re-keys a period round 11 has a role for; hit is false
// when no rule applies. ctx is the text before the period (its sentence),
// clause the part of it after the last clause stop, after the text that
// follows it.
func round14Duration(ctx, clause, after string, c cue) (cue, bool, bool) {
	if reShelfLife14.MatchString(clause) && c.key != "duration" {
		// "shall not supply items whose remaining shelf life is less
		// than twelve (12) months", "تقل مدة صلاحيتها المتبقية عن": how
		// long the goods keep, a duration.
		return durationCueOf("duration"), true, true
	}
	if c.key == "delivery_period" && reWithin14.MatchString(ctx) && reObjectWord14.MatchString(clause) && !reObjectWord14.MatchString(after) {
		// "may reject any batch within three (3) days of its receipt":
		// the window to reject, not a delivery (round14NoCue).
		return cueClaimPeriod, true, true
	}
	switch c.key {
	case "notice_period":
		if reWithin14.MatchString(ctx) && reCountedFrom14.MatchString(after) && reDutyWord.MatchString(clause) && !reNoticeWord11.MatchString(clause) && !rePay14.MatchString(clause) {
			// "shall repair any failure within twelve (12) hours of
			// notice": a time limit counted from a notice, no notice
			// period (the key specification: a deadline only).
			return c, false, true
		}
	case "delivery_period", "term":
		if reWithin14.MatchString(ctx) && reCountedFrom14.MatchString(after) && reDutyWord.MatchString(clause) && !rePayWord11.MatchString(clause) {
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
	// reWithin14: the period is a limit ("within", خلال, "no later
	// than").
	reWithin14 = regexp.MustCompile(`(?i)\bwithin\s*(?:a\s+period\s+of\s*|a\s+maximum\s+of\s*)?$|(?:خلال|في\s+غضون|في\s+موعد\s+لا\s+يتجاوز)\s*(?:مدة\s*)?(?:أقصاها\s*)?$`)
	// reCountedFrom14: the period is counted from an event named after
	// it ("of receiving the deposit", "after the end of each quarter",
	// "من تاريخ أمر الشراء", "من استلام").
	reCountedFrom14 = regexp.MustCompile(`(?i)^\s*(?:\([^()]{1,30}\)\s*)?(?:(?:working|business|calendar|clear)\s+)?(?:days?|weeks?|months?|hours?)?\s*(?:\([^()]{1,30}\)\s*)?(?:of|after|from|following|upon)\s+\S|^\s*(?:\([^()]{1,20}\)\s*)?(?:عمل\s+)?(?:من|بعد|عقب)\s+\S`)
)

// round14Money re-keys a money fact from its sentence (sent), its line and
// its table's header row; "" when no rule applies.
func round14Money(key, sent, line, text string, at int) string {
	header := ""
	if strings.Contains(line, " | ") {
		header = tableHeader(text, at)
	}
	switch {
	case key == "advance_payment" && !reAdvanceWord14.MatchString(sent+" "+line):
		// "shall pay a deposit of SAR 152.100,00 by 15 September and
		// the balance", "a down payment of": a part of the price, an
		// amount (the key specification, session 16); advance_payment
		// only where the text says so.
		return "amount"
	case key == "total_amount" && !strings.Contains(line, " | ") && rePartOfTotal14.MatchString(tail(sent, 60)):
		// "shall pay 40% of the total, BHD 3,311.220, on signing": a
		// part of the total, an amount.
		return "amount"
	case key == "amount" && reContractWorth14.MatchString(tail(sent, 160)):
		// "العقد: رقم ٢٠٢٥/٣٤ المؤرخ في ... بقيمة", "the Contract,
		// with a value of": what the contract is worth.
		return "contract_value"
	case key == "amount" && header != "" && reRateLabel14.MatchString(firstCell14(line)) && !reTotalRowLead.MatchString(line):
		// "Urgent surcharge per page | - | 30.00" under a rate table: a
		// rate per unit is a price, not a charge added to the lines.
		return "price"
	case (key == "price" || key == "amount") && reRetention14.MatchString(lineStart14(line)+" "+tail(sent, 80)) && !strings.Contains(tail(sent, 80), "%"):
		// "Retention held (5%)   OMR 120,948.000", "First half of
		// retention released": money retained or released, an amount.
		return "amount"
	case key == "amount" && reInsureWord.MatchString(sameLine14(sent)) && reBoundBefore.MatchString(tail(sent, 40)) && !reCapWord.MatchString(sameLine14(sent)):
		// "يؤمن الناقل على البضائع المنقولة بمبلغ لا يقل عن", "shall
		// insure the cargo for not less than": the cover required.
		return "insurance_cover"
	case (key == "subtotal" || key == "amount") && reRoyalty14.MatchString(tail(sent, 60)) && !strings.Contains(line, " | "):
		// "a royalty of 6% of net sales, and in any case a minimum
		// annual royalty of AED 250,000": what the licence costs, a fee
		// ("net sales" names no subtotal).
		return "fee"
	case key == "fee" && strings.Contains(line, " | ") && strings.Trim(firstCell14(header), " |*_-") != "" && strings.Count(header, " | ") >= strings.Count(line, " | ") && strings.TrimSpace(header) != strings.TrimSpace(line) && utf8.RuneCountInString(firstCell14(line)) <= 60 && !reDutyWord.MatchString(firstCell14(line)) && !reTotalRowLead.MatchString(line) && !reDocFee14.MatchString(lineStart14(line)) && !isTenderText(text):
		// "Fee | Amount (AED)" over "Initial licence fee | 120,000.00":
		// the rows of a fee table are its line prices (the key
		// specification, session 16); a sentence naming the sum a fee
		// keeps fee, and so does a row of a summary box whose header
		// names no column of items ("| | QAR |", read with fewer cells
		// than its rows, or not at all).
		return "price"
	case key == "fee" && reDocFee14.MatchString(tail(sent, 160)+" "+lineStart14(line)) && isTenderText(text):
		// "A non-refundable pre-qualification fee of OMR 50.000",
		// "رسوم وثائق التأهيل ٤٠٫٠٠٠ د.ب.", "رسوم وثائق الطلب (غير
		// مستردة) | ٣٠٫٠٠٠" in a tender, an RFQ or a pre-qualification:
		// the price of its documents or of applying (the key
		// specification's tender_fee).
		return "tender_fee"
	case key == "rent" && header != "" && reItemHead14.MatchString(firstCell14(header)):
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
	// reRoyalty14: a royalty just before the sum.
	reRoyalty14 = regexp.MustCompile(`(?i)\broyalt(?:y|ies)\s+(?:of\s+)?$|(?:إتاوة|الإتاوة|إتاوات)\s+(?:سنوية\s+)?(?:قدرها\s+)?$`)
	// reRateLabel14: a row label that prices a unit ("per page", لكل).
	reRateLabel14 = regexp.MustCompile(`(?i)\bper\s+\p{L}+|(?:^|\s)لكل\s+\p{L}+`)
	// reRetention14: money retained from a contractor's payments.
	reRetention14 = regexp.MustCompile(`(?i)\bretention\b|\bretained\b|المحتجزات|محتجزات|مبلغ\s+الاحتجاز|المبالغ\s+المحتجزة`)
	// reContractWorth14: the contract's worth just before the sum.
	reContractWorth14 = regexp.MustCompile(`(?i)\b(?:the\s+)?(?:sub)?contract\b[^.;|]{0,80}\b(?:with\s+a\s+(?:total\s+)?value\s+of|valued\s+at)\s*$|(?:^|\s)(?:ال)?عقد(?:\s|:)[^.؛|]{0,80}\sبقيمة\s+(?:إجمالية\s+)?(?:قدرها\s+)?$`)
	// reAdvanceWord14: the text names an advance payment.
	reAdvanceWord14 = regexp.MustCompile(`(?i)\badvance\b|(?:ال)?دفعة\s+(?:ال)?مقدم|(?:ال)?دفعة\s+(?:ال)?مقدّم|مقدم\s+العقد`)
	// rePartOfTotal14: a share of the total before the sum ("40% of
	// the total,", "٣٠٪ من الإجمالي").
	rePartOfTotal14 = regexp.MustCompile(`(?i)[0-9٠-٩]+(?:[.٫][0-9٠-٩]+)?\s*(?:%|٪|per\s*cent)\s+(?:of\s+)?(?:the\s+)?(?:total|contract\s+price|price|fee)\b[^.;]{0,12}$|[0-9٠-٩]+\s*(?:%|٪)\s+من\s+(?:ال)?(?:إجمالي|اجمالي|قيمة|الثمن|المبلغ)[^.؛]{0,12}$`)
	// reDocFee14: a fee named for a tender's documents or for applying.
	reDocFee14 = regexp.MustCompile(`(?i)\b(?:pre-?qualification|application|tender|bid|bidding|rfq|rfp|rfp|solicitation)\s+(?:documents?\s+|document\s+)?fees?\b|\bfees?\s+(?:for|of)\s+(?:the\s+)?(?:tender|bid|pre-?qualification|rfq|rfp)\s+documents?\b|رسوم\s+(?:(?:وثائق|مستندات|كراسة|كراسات)\s+)?(?:ال)?(?:تأهيل|طلب|تقديم|مناقصة|عطاء|وثائق|مستندات|كراسة)`)
	// reItemHead14: a first column of hired things (not of premises).
	reItemHead14 = regexp.MustCompile(`(?i)^[\s*|]*(?:items?|vehicles?|equipment|machine(?:s|ry)?|plant|assets?|description)\b|^[\s*|]*(?:ال)?(?:بند|معدة|معدات|مركبة|مركبات|صنف|آلة|آلات|وصف)(?:\s|$|/)`)
)

// sameLine14: the last 120 bytes of a sentence's text on the sum's own
// line (a list's items may run on without a full stop).
func sameLine14(sent string) string {
	return tail(sent[strings.LastIndexByte(sent, '\n')+1:], 120)
}

// firstCell14: a row's first cell.
func firstCell14(row string) string {
	if i := strings.Index(row, " | "); i >= 0 {
		return row[:i]
	}
	return row
}

// lineStart14: the line's text before its first table cell break, the
// row's label when the line is a table row ("رسوم وثائق الطلب (غير
// مستردة)").
func lineStart14(line string) string {
	return firstCell14(line)
}

// round14NoDeadline: a period of sentence t that the key specification's
// session 16 rows make a duration only, with no deadline line: how long
// a bid, a quotation or an offer stays valid ("Quotations shall remain
// valid for ninety (90) days from the closing date", "يظل العرض سارياً
// لمدة تسعين يوماً"), and the notice that ends, renews or does not renew
// the contract ("fourteen (14) days' notice before the end of the hire",
// "at least ninety (90) days before expiry if it wishes to renew").
func round14NoDeadline(t string, p period, key string) bool {
	before := t[:p.start]
	switch {
	case p.validity || key == "valid_until":
		return reOfferValid14.MatchString(t)
	case key == "notice_deadline" || strings.Contains(lowerASCII(t[p.start:p.end]), "notice") || reNoticeWord11.MatchString(tail(before, 80)):
		return reEndOrRenew14.MatchString(t) && !reChangeNotice.MatchString(t)
	}
	return false
}

var (
	// reOfferValid14: a bid's, a quotation's, an offer's or a
	// pre-qualification's validity.
	reOfferValid14 = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|quotations?|quotes?|offers?|proposals?|prices?|pre-?qualification)\b[^.;]{0,80}\b(?:valid|validity|open\s+for\s+acceptance)\b|\bvalidity\b[^.;]{0,40}\b(?:bids?|tenders?|quotations?|offers?|proposals?)\b|(?:العطاء|العطاءات|العرض|العروض|عرض\s+السعر|عروض\s+الأسعار|الأسعار|التأهيل)[^.؛]{0,80}(?:ساري|سارية|صالح|صالحة|صلاحية|سريان)|(?:صلاحية|سريان)\s+(?:ال)?(?:عطاء|عطاءات|عرض|عروض)`)
	// reEndOrRenew14: the notice is to end the contract, not renew it, or
	// renew it ("before the end of the hire", "if it wishes to renew",
	// "عدم التجديد", "إنهاء العقد").
	reEndOrRenew14 = regexp.MustCompile(`(?i)\b(?:terminat\w*|renew\w*|non-?renewal|expir\w*|end\s+of\s+the\s+(?:hire|lease|term|agreement|contract|tenancy|rental)|end\s+(?:this|the)\s+(?:agreement|contract|lease|hire))\b|إنهاء|انهاء|فسخ|تجديد|التجديد|انتهاء|نهاية\s+(?:مدة\s+)?(?:العقد|الإيجار|التأجير)`)
)

// round14Date re-keys a date after rounds 11 and 12 (deferred from
// round11Date, so it runs last): t is the date's block, t[ms:me] the date,
// prev the block before it.
func round14Date(f *Fact, t string, ms, me int, w dateWindows) {
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
		case matches(reUntil14, ctx) && matches(reQuestions14, clause):
			// "Questions by e-mail until | 19 March 2026", "تقبل
			// الاستفسارات حتى": the last day for questions.
			set("clarification_deadline")
			return
		case matches(reUntil14, ctx) && matches(reDocsSold14, clause):
			// "وتباع الوثائق حتى ٢٢ أكتوبر ٢٠٢٦م", "Documents are sold
			// until": the last day to buy the documents.
			set("document_purchase_deadline")
			return
		case f.Key != "expiry_date" && f.Key != "valid_until" && matches(reInvoiceDated14, tail(clause, 200)):
			// "supplied under invoices INV-3310 dated 12/10/2025 and
			// INV-3398\n dated 30/11/2025": an invoice's date, also
			// where the sentence wraps before "dated".
			set("invoice_date")
			return
		case matches(reContractRef14, line):
			// "العقد: رقم ٢٠٢٥/٣٤ المؤرخ في 2025/06/01م", "Agreement No.
			// SH-DMM-2026-27, dated 12 Shawwal 1447H corresponding to":
			// a line that names the contract by its number dates it.
			set("agreement_date")
			return
		}
	}
	switch f.Key {
	case "date", "effective_date", "document_date":
		if matches(reTakenOver14, tail(clause, 160)) || matches(reTakenOverAR14, clause+" "+after) && matches(reOnDateAR14, ctx) {
			// "The Engineer certifies that the Works were substantially
			// completed on", "عاينت اللجنة الأعمال في ... وقررت استلامها
			// استلاماً ابتدائياً": the day the works were completed and
			// taken over.
			set("completion_date")
			return
		}
	case "agreement_date":
		if matches(reMadeOnOther14, tail(clause, 160)) && !matches(reAgreementNoun, clause) {
			// "The first deduction is made on 30 September 2026 and the
			// last on": a payment made on a day, not the agreement.
			set("date")
			return
		}
	}
}

var (
	// reInvoiceDated14: an invoice named by its number, then "dated".
	reInvoiceDated14 = regexp.MustCompile(`(?i)\binvoices?\b[^.;]{0,120}?\b[a-z]{0,6}[-/]?\d[\w/-]*\s+dated\s*$`)
	reUntil14        = regexp.MustCompile(`(?i)\buntil\s*(?:\|\s*)?$|(?:حتى|لغاية|إلى\s+غاية)\s*(?:تاريخ\s*)?(?:\|\s*)?$`)
	reQuestions14    = regexp.MustCompile(`(?i)\b(?:questions?|queries|enquiries|inquiries|clarifications?)\b|الاستفسارات|استفسارات|الاستيضاح|الاستيضاحات|الأسئلة`)
	reDocsSold14     = regexp.MustCompile(`(?i)\bdocuments?\b[^.;|]{0,40}\b(?:sold|sale|purchased|bought|available\s+for\s+(?:sale|purchase))\b|\b(?:sale|purchase)\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}documents?\b|(?:تباع|يباع|بيع|شراء)\s+(?:ال)?(?:وثائق|مستندات|كراسة|كراسات)`)
	reContractRef14  = regexp.MustCompile(`(?i)^[\s*#|]*(?:(?:the\s+)?(?:sub)?contract|agreement)\s*(?::\s*|\s+(?:no\.?|number|ref\.?)\s*:?\s*)(?:no\.?\s*)?[\w/.-]*\d[\w/.-]*,?\s+(?:dated|of)\s+[^|]{0,60}$|^[\s*#|]*(?:ال)?عقد\s*:?\s*(?:رقم\s*)?[\p{N}\w/.-]+\s+(?:المؤرخ|بتاريخ)\s*(?:في\s*)?$`)
	reTakenOver14    = regexp.MustCompile(`(?i)\b(?:works|project|facility|plant|building)\b[^.;]{0,60}\b(?:were|was|have\s+been|has\s+been)\s+(?:substantially\s+)?(?:completed|taken\s+over)\s+(?:on|as\s+of|with\s+effect\s+from)\s*$|\btaking[- ]over\s+date\b[^.;]{0,20}$`)
	reTakenOverAR14  = regexp.MustCompile(`استلام(?:ها|ه)?\s+(?:استلاماً\s+|استلاما\s+)?(?:ال)?ابتدائي|(?:ال)?استلام\s+(?:ال)?ابتدائي|استلاماً\s+ابتدائياً`)
	reOnDateAR14     = regexp.MustCompile(`(?:^|\s)(?:في|بتاريخ|يوم)\s*$`)
	reMadeOnOther14  = regexp.MustCompile(`(?i)\b(?:deductions?|payments?|instalments?|installments?|transfers?|repayments?)\b[^.;]{0,40}\b(?:is|are|shall\s+be|will\s+be)\s+made\s+on\b`)
)

// arabicPoints14 reads a figure whose Arabic decimal sign (٫) also groups
// its thousands, with two decimals after the last ("٩٫٨٤٠٫٠٠٠٫٠٠" is
// 9,840,000.00, as "9.840.000,00" is); ok false for any other figure.
func arabicPoints14(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if strings.Count(s, "٫") < 2 || !reArabicPoints14.MatchString(s) {
		return 0, false
	}
	i := strings.LastIndex(s, "٫")
	return parseNumber(strings.ReplaceAll(s[:i], "٫", "") + "." + s[i+len("٫"):])
}

var reArabicPoints14 = regexp.MustCompile(`^[0-9٠-٩]{1,3}(?:٫[0-9٠-٩]{3})+٫[0-9٠-٩]{2}$`)

// round14NoCue gives a period with no role word of its own a role from its
// clause; ok false when no rule applies.
func round14NoCue(ctx, clause, after string) (cue, bool) {
	switch {
	case reOwnPeriod14.MatchString(ctx):
		// "The hire period is six (6) months from 15 April 2026", "The
		// loan is repaid over thirty (30) months": the hire's or the
		// loan's own length, its term.
		return durationCueOf("term"), true
	case reStaysValid14.MatchString(ctx):
		// "Pre-qualification remains valid for twenty-four (24)
		// months": how long a status lasts, a duration.
		return durationCueOf("duration"), true
	case reWithin14.MatchString(ctx) && reObjectWord14.MatchString(clause) && !reObjectWord14.MatchString(after):
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
	reShelfLife14  = regexp.MustCompile(`(?i)shelf[- ]life|مدة\s+(?:ال)?صلاحي(?:ة|تها|ته)\s+(?:ال)?متبقية|صلاحيتها\s+المتبقية`)
	reOwnPeriod14  = regexp.MustCompile(`(?i)\b(?:hire|rental|loan|repayment|licen[cs]e)\s+(?:period|term)\s+(?:is|shall\s+be|will\s+be)\s*$|\b(?:is|are|shall\s+be|will\s+be)\s+repaid\s+(?:over|in)\s*$|مدة\s+(?:ال)?(?:تأجير|إيجار|قرض|سداد)\s+(?:هي\s+)?$`)
	reStaysValid14 = regexp.MustCompile(`(?i)\bpre-?qualification\s+(?:remains|shall\s+remain|will\s+remain|is)\s+valid\s+for\s*$|(?:يظل|تظل|يبقى|يكون)\s+(?:ال)?تأهيل\s+(?:ساري(?:اً|ا)?|صالح(?:اً|ا)?)\s+(?:المفعول\s+)?لمدة\s*$`)
	// rePay14: the duty is to pay (rePayWord11 without "repair").
	rePay14 = regexp.MustCompile(`(?i)\b(?:pay|pays|paid|payment|payable|settle\w*|refund\w*|remit\w*|repay\w*)\b|سداد|يسدد|تسدد|يدفع|تدفع|دفع|بسداد|بدفع|الدفع`)
	// reObjectWord14: a dispute or an objection raised, or a rejection
	// ("Any dispute must be raised", يحق ... رفض; not "any dispute shall
	// be settled").
	reObjectWord14 = regexp.MustCompile(`(?i)\b(?:disputes?|objections?|claims?)\b[^.;]{0,40}\b(?:raised|made|notified|submitted|lodged|filed)\b|\b(?:reject|rejects|rejection)\b|(?:اعتراض|الاعتراض)[^.؛]{0,20}(?:كتابياً|كتابيا)?|رفض|برفض`)
)

// dayRangeStart14: the day at t[at:] ends a range of days in one month
// ("takes place on 8-10 February 2026", "من ٣ – ٥ مارس"): the first day's
// span in t, which is a date of the same month and year.
func dayRangeStart14(t string, at int) (int, int, bool) {
	m := reDayRangeStart14.FindStringSubmatchIndex(t[max(0, at-8):at])
	if m == nil {
		return 0, 0, false
	}
	off := max(0, at-8)
	return off + m[2], off + m[3], true
}

var reDayRangeStart14 = regexp.MustCompile(`(?:^|[^\p{L}\p{N}/.:-])([0-9٠-٩]{1,2})\s?[-–]\s?$`)
