package documentfacts

import "strings"

// cue is a keyword that, written shortly before a value, says what the
// value is. Keywords are lower-case (ASCII) or Arabic.
type cue struct {
	words []string
	key   string
	role  string
	label string
}

// nearestCue returns the cue whose keyword ends closest before the end of
// ctx (the text before a value in its block); ok is false when none occurs.
func nearestCue(ctx string, cues []cue) (c cue, ok bool) {
	c, _, ok = nearestCueAt(ctx, cues)
	return c, ok
}

// nearestCueAt is nearestCue that also says where in ctx the keyword
// starts.
func nearestCueAt(ctx string, cues []cue) (c cue, at int, ok bool) {
	ctx = lowerASCII(ctx)
	if strings.ContainsFunc(ctx, isTashkeel) {
		// Short vowels and shadda ("الإيجَار", "المقدّمة") are no part of
		// a keyword: match on the bare letters, answer the offset in ctx.
		bare, pos := stripTashkeelAt(ctx)
		c, at, ok = nearestCueAt(bare, cues)
		if ok {
			at = pos[at]
		}
		return c, at, ok
	}
	best, bestLen := -1, 0
	pairs := bytePairsOf(ctx)
	for _, q := range cues {
		for _, w := range q.words {
			w = stripTashkeel(w)
			if !pairs.mayHold(w) {
				continue // (so lastWordIndex would find no w)
			}
			i := lastWordIndex(ctx, w)
			if i < 0 {
				continue
			}
			// The keyword ending last wins; at the same end, the longer
			// ("subtotal" over "total", "invoice date" over "date").
			if e := i + len(w); e > best || e == best && len(w) > bestLen {
				best, bestLen, c, at, ok = e, len(w), q, i, true
			}
		}
	}
	return c, at, ok
}

// translatedCue is nearestCueAt for a label written in two languages
// ("Subtotal / المجموع", "Net total / الصافي"): the cue of its second
// half is the nearest, but when that is a bare total and the first
// half names something narrower (a subtotal, a discount), the first
// half's cue is the label's.
func translatedCue(ctx string, cues []cue) (c cue, at int, ok bool) {
	c, at, ok = nearestCueAt(ctx, cues)
	if !ok {
		return c, at, ok
	}
	// "Monthly fee / الأجر الشهري": when the two halves of a label name
	// different things, the English half keys it (الأجر is a wage or a
	// fee as the contract goes; a bilingual header keys by its English
	// half alike).
	if h := strings.LastIndex(ctx[:at], " / "); h > 0 && hasArabic(ctx[h:]) && !hasArabic(ctx[:h]) {
		hs := strings.LastIndex(ctx[:h], "|") + 1
		if c2, at2, ok2 := nearestCueAt(ctx[hs:h], cues); ok2 && c2.key != c.key && c.key != "total_amount" {
			return c2, hs + at2, true
		}
	}
	if c.key != "total_amount" {
		return c, at, ok
	}
	end := len(strings.TrimRight(ctx[:at], " "))
	if end == 0 || ctx[end-1] != '/' {
		return c, at, ok
	}
	hs := strings.LastIndex(ctx[:end-1], "|") + 1
	if c2, at2, ok2 := nearestCueAt(ctx[hs:end-1], cues); ok2 && c2.key != c.key {
		return c2, hs + at2, true
	}
	return c, at, ok
}

// bytePairs is the set of the pairs of adjacent bytes in a text, hashed
// into 4096 bits: a word whose first or last two bytes are not in it is
// not in the text, and need not be searched for (issue 34: a date's or
// an amount's context is searched for some hundred cue words).
type bytePairs [64]uint64

func pairBit(a, b byte) uint { return uint((uint32(a)<<8|uint32(b))*2654435761) >> 20 }

func bytePairsOf(s string) *bytePairs {
	var p bytePairs
	for i := 0; i+1 < len(s); i++ {
		h := pairBit(s[i], s[i+1])
		p[h/64] |= 1 << (h % 64)
	}
	return &p
}

// mayHold is false when w cannot occur in the text (a false true is
// only a search more).
func (p *bytePairs) mayHold(w string) bool {
	if len(w) < 2 {
		return true
	}
	for _, h := range [2]uint{pairBit(w[0], w[1]), pairBit(w[len(w)-2], w[len(w)-1])} {
		if p[h/64]&(1<<(h%64)) == 0 {
			return false
		}
	}
	return true
}

// lastWordIndex is strings.LastIndex for a keyword that must stand as a
// word: an ASCII keyword is not taken inside a longer word ("term" in
// "terminate", "vat" in "private").
func lastWordIndex(s, w string) int {
	for end := len(s); end > 0; {
		i := strings.LastIndex(s[:end], w)
		if i < 0 {
			return -1
		}
		j := i + len(w)
		before := i == 0 || !isASCIILetter(s[i-1]) || !isASCIILetter(w[0])
		after := j >= len(s) || !isASCIILetter(s[j]) || !isASCIILetter(w[len(w)-1])
		if before && after && !officialNotFee(s, j, w) { // money_claims_caps.go
			return i
		}
		end = i + len(w) - 1
	}
	return -1
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

var dateCues = []cue{
	{[]string{"invoice date", "date of invoice", "تاريخ الفاتورة"}, "invoice_date", "issue", "Invoice date"},
	{[]string{"issue date", "date of issue", "issued on", "issued:", "order date", "date of order", "تاريخ الأمر", "تاريخ أمر الشراء", "quotation date", "date of quotation", "تاريخ الإصدار", "تاريخ الاصدار", "تاريخ الطرح", "تاريخ طرح", "تاريخ العرض", "تاريخ الإعلان", "تاريخ الاعلان", "rfq issue", "rfp issue", "publication of notice", "publication of the notice", "date of publication", "تاريخ النشر", "صدر في", "حرر في", "تحريراً في", "تحريرا في"}, "issue_date", "issue", "Issue date"},
	{[]string{"dated", "made on", "entered into on", "made and entered into", "agreement date", "date of this agreement", "contract date", "date of contract", "تاريخ العقد", "تاريخ الاتفاقية", "أبرم هذا العقد", "أبرم في", "ابرم في", "تم الاتفاق في", "حرر هذا العقد"}, "agreement_date", "issue", "Agreement date"},
	{[]string{"date", "التاريخ"}, "document_date", "issue", "Document date"},
	{[]string{"effective", "effective date", "commencement date", "takes effect", "take effect", "in effect from", "starts on", "start on", "starts", "starting", "begins", "begins on", "begin on", "commence", "commences", "commenced", "commencing", "commencement", "start date", "starting on", "starting from", "with effect from", "w.e.f.", "w.e.f", "from", "into force", "entry into force", "in force from", "go live", "go-live", "goes live", "تاريخ السريان", "تاريخ سريان", "يسري", "تسري", "اعتبارا من", "اعتباراً من", "تاريخ البدء", "تاريخ بدء", "ابتداء من", "ابتداءً من", "يبدأ", "تبدأ", "من تاريخ"}, "effective_date", "effective", "Effective date"},
	// The day an employee joins or works start (the later label
	// specification's start_date; a contract's commencement date stays
	// its effective date).
	{[]string{"joining date", "date of joining", "join on", "join duty on", "joins on", "will join", "join us on", "start work on", "start work", "commence work", "commence duty", "commence employment",
		"employment commences", "employment shall commence", "employment will commence", "commence the works", "commence the work", "commencement of the works", "works shall commence",
		"تاريخ الالتحاق", "الالتحاق بالعمل", "تاريخ المباشرة", "المباشرة", "مباشرة العمل", "مباشرتك", "مباشرتك للعمل", "تاريخ بدء العمل", "البدء في الأعمال", "بالبدء في الأعمال", "بدء الأعمال", "بالبدء في العمل"}, "start_date", "effective", "Start date"},
	{[]string{"expiry", "expiry date", "expiration date", "date of expiry", "expires", "expiration", "expiring", "expiring on", "expire on", "end date", "ending on", "ends on", "until", "terminate on", "terminates on", "to ", "termination date", "تاريخ الانتهاء", "تاريخ انتهاء", "ينتهي", "تنتهي", "حتى", "إلى", "الى", "لغاية"}, "expiry_date", "expiry", "Expiry date"},
	{[]string{"valid until", "valid till", "valid up to", "valid through", "validity", "offer valid", "ساري حتى", "سارٍ حتى", "سارية حتى", "صالح حتى", "صالحة حتى", "صلاحية العرض", "مدة سريان العرض"}, "valid_until", "expiry", "Valid until"},
	{[]string{"due date", "payment due", "payment deadline", "payment date", "due on", "due by", "payable by", "pay by", "تاريخ الاستحقاق", "موعد الاستحقاق", "موعد السداد", "يستحق", "تستحق", "يستحق الدفع"}, "due_date", "due", "Due date"},
	{[]string{"submission deadline", "closing date", "deadline", "submission of bids", "submission of tenders", "submission of offers", "submission of quotations", "submission of proposals", "submission of applications", "bid submission", "tender submission", "receipt of bids", "receipt of tenders", "close on", "closes on", "closing on", "آخر موعد", "اخر موعد", "الموعد النهائي", "موعد التقديم", "تاريخ الإغلاق", "تاريخ الاغلاق"}, "submission_deadline", "due", "Submission deadline"},
	{[]string{"delivery date", "date of delivery", "date of supply", "supply date", "completion date", "date of completion", "handover date", "تاريخ التسليم", "تاريخ تسليم", "تاريخ التوريد", "تاريخ توريد", "تاريخ الإنجاز", "تاريخ الانجاز"}, "delivery_date", "due", "Delivery date"},
	// A tender's calendar (the later guideline's keys): a commissioning,
	// a site visit, the last day for questions or for buying the tender
	// documents, the opening of the bids.
	{[]string{"commissioning date", "date of commissioning", "commissioned on", "تاريخ التشغيل", "تاريخ تشغيل"}, "commissioning_date", "", "Commissioning date"},
	{[]string{"site visit", "site inspection", "زيارة الموقع", "زيارة ميدانية", "الزيارة الميدانية"}, "site_visit_date", "", "Site visit date"},
	{[]string{"clarification", "clarifications", "queries", "questions", "الاستفسارات", "استفسارات", "للاستفسارات", "الاستيضاحات"}, "clarification_deadline", "due", "Clarification deadline"},
	{[]string{"purchase of tender documents", "purchase of the tender documents", "purchase of bid documents", "purchase of the bid documents", "لشراء مستندات", "لشراء وثائق", "لشراء كراسة", "شراء مستندات المناقصة", "شراء وثائق المناقصة",
		// A key-dates table's row (the key specification: keyed).
		"purchase of documents", "sale of tender documents", "sale of the tender documents", "لشراء الوثائق", "شراء الوثائق", "لشراء المستندات", "شراء المستندات", "لشراء الكراسة"}, "document_purchase_deadline", "due", "Document purchase deadline"},
	{[]string{"bid opening", "opening of bids", "opening of tenders", "tender opening", "opening of the bids", "opening of the tenders", "فتح المظاريف", "فتح العطاءات", "فتح العروض",
		"opening of quotations", "opening of the quotations", "quotation opening", "opening of offers", "opening of the offers", "opening of proposals", "opening of the proposals", "opening of envelopes", "envelope opening", "فتح الظروف"}, "bid_opening_date", "", "Bid opening date"},
	{[]string{"signed on", "signature date", "date of signature", "executed on", "signed this", "تاريخ التوقيع", "وقع في", "وقعت في", "تم التوقيع"}, "signature_date", "signature", "Signature date"},
}

var moneyCues = []cue{
	{[]string{"total", "grand total", "amount due", "total due", "balance due", "amount payable", "total amount", "total price", "incl. vat", "including vat", "inclusive of vat", "شامل الضريبة", "شاملاً الضريبة", "شاملا الضريبة", "شاملة الضريبة", "شاملة للضريبة", "شامل للضريبة", "متضمناً الضريبة", "متضمنا الضريبة", "متضمنة الضريبة", "بعد الضريبة", "مع الضريبة", "الإجمالي", "الاجمالي", "المبلغ الإجمالي", "المجموع الكلي", "المجموع", "المبلغ المستحق", "إجمالي"}, "total_amount", "", "Total amount"},
	{[]string{"subtotal", "sub-total", "sub total", "net amount", "net total", "total net", "total before vat", "total excluding vat", "before vat", "before tax", "net", "الصافي", "صافي", "excl. vat", "excl vat", "excluding vat", "exclusive of vat", "net of vat", "المجموع الفرعي", "المجموع قبل الضريبة", "قبل الضريبة", "غير شامل الضريبة", "بدون الضريبة"}, "subtotal", "", "Subtotal"},
	{[]string{"vat", "tax", "reverse charge", "ضريبة", "الضريبة"}, "tax_amount", "", "Tax amount"},
	{[]string{"rent", "rental", "الإيجار", "الايجار", "بدل الإيجار", "القيمة الإيجارية", "الأجرة", "الاجرة", "أجرة", "اجرة", "الأجرة الشهرية", "الأجرة السنوية"}, "rent", "", "Rent"},
	{[]string{"deposit", "التأمين", "تأمين", "مبلغ التأمين"}, "security_deposit", "", "Security deposit"},
	{[]string{"salary", "الراتب", "راتب", "الأجر", "اجر"}, "salary", "", "Salary"},
	{[]string{"allowance", "بدل"}, "allowance", "", "Allowance"},
	{[]string{"contract value", "contract price", "total value", "contract sum", "subcontract price", "subcontract sum", "subcontract value", "sub-contract price", "sub-contract sum", "agreement value", "value of this agreement", "value of the agreement", "value of this contract", "value of the contract", "قيمة الاتفاقية", "قيمة هذه الاتفاقية", "قيمة هذا العقد", "قيمة العقد", "قيمة العقد الإجمالية", "القيمة الإجمالية للعقد"}, "contract_value", "", "Contract value"},
	{[]string{"fee", "fees", "charge", "charges", "رسوم", "الرسوم", "رسم", "الرسم", "أتعاب", "الأتعاب", "اتعاب"}, "fee", "", "Fee"},
	// The later label specification's narrower keys: the price of a
	// tender's documents, a service charge on top of rent, an insurance
	// cover to carry, a minimum to buy, a cap on liability.
	{[]string{"document price", "price of the tender documents", "tender fee", "tender document fee", "tender documents fee", "bid document fee", "ثمن وثائق", "ثمن الوثائق", "ثمن كراسة", "ثمن مستندات", "قيمة وثائق", "قيمة مستندات", "قيمة كراسة", "سعر وثائق", "سعر كراسة", "رسوم المناقصة", "رسوم شراء"}, "tender_fee", "", "Tender fee"},
	{[]string{"service charge", "service charges", "رسوم الخدمات", "رسوم الخدمة", "رسوم خدمات", "رسوم خدمة", "مقابل الخدمات"}, "service_charge", "", "Service charge"},
	{[]string{"sum insured", "sums insured", "total sum insured", "insurance cover", "insurance coverage", "liability insurance", "insurance of not less than", "insurance of at least", "insured for", "insure", "insured against", "keep insured", "تأمين ضد", "التأمين ضد", "بتأمين ضد", "تأمين على", "التأمين على", "بالتأمين على", "والتأمين على", "تأمين ضد المسؤولية", "بتأمين ضد المسؤولية", "وثيقة تأمين", "التغطية التأمينية", "تغطية تأمينية"}, "insurance_cover", "", "Insurance cover"},
	{[]string{"minimum purchase", "minimum purchases", "minimum order value", "minimum annual purchase", "minimum purchase commitment", "الحد الأدنى للمشتريات", "الحد الأدنى للشراء"}, "minimum_purchase", "", "Minimum purchase"},
	{[]string{"bid bond", "bid security", "tender bond", "tender security", "bid guarantee", "ضمان ابتدائي", "ضمان بنكي ابتدائي", "الضمان الابتدائي", "تأمين مؤقت", "التأمين المؤقت", "التأمين الابتدائي", "ضمان مؤقت", "الضمان المؤقت", "ضمان مصرفي مؤقت", "ضمان بنكي مؤقت", "كفالة مؤقتة", "الكفالة المؤقتة", "كفالة ابتدائية", "ضمان عطاء", "ضمان العطاء", "ضمان المناقصة", "ضمان دخول المناقصة", "كفالة العطاء", "كفالة المناقصة"}, "bid_bond", "", "Bid bond"},
	{[]string{"performance bond", "performance guarantee", "performance security", "ضمان حسن التنفيذ", "ضمان حسن تنفيذ", "ضمان حسن الأداء", "لحسن التنفيذ", "لحسن الأداء", "كفالة حسن التنفيذ", "كفالة حسن تنفيذ", "ضمان الأداء", "ضمان نهائي", "الضمان النهائي"}, "performance_bond", "", "Performance bond"},
	{[]string{"discount", "خصم"}, "discount", "", "Discount"},
	{[]string{"advance", "advance payment", "advance received", "down payment", "الدفعة المقدمة", "دفعة مقدمة", "الدفعة المقدّمة", "دفعة مقدّمة", "مقدم العقد"}, "advance_payment", "", "Advance payment"},
	{[]string{"penalty", "liquidated damages", "damages", "service credit", "service credits", "deduction", "deductions", "غرامة", "تعويض"}, "penalty_amount", "", "Penalty"},
	{[]string{"unit price", "unit rate", "price per", "priced at", "at a price of", "charged at", "سعر الوحدة", "بسعر"}, "price", "", "Unit price"},
	{[]string{"price", "rate", "rates", "الثمن", "ثمن"}, "price", "", "Price"},
	// A cap on liability: an amount of its own kind, not the total its
	// sentence may name ("total liability").
	{[]string{"liability", "liable", "المسؤولية", "مسؤولية", "المسؤولية الإجمالية", "مسؤولية إجمالية", "المسؤولية الكلية"}, "liability_cap", "", "Liability cap"},
	// What is left to pay after an advance or a credit: no total.
	{[]string{"instalment", "installment", "each instalment", "each installment", "قسط", "القسط", "كل قسط", "كل منها", "كل منهما", "each of which", "each of them"}, "amount", "", "Instalment"},
	{[]string{"balance", "balance of", "remaining balance", "الرصيد", "الرصيد المتبقي", "المبلغ المتبقي", "الباقي"}, "amount", "", "Balance"},
	{[]string{"capital", "رأس المال", "راس المال"}, "share_capital", "", "Share capital"},
	// A turnover or revenue (a tender's minimum) is an amount: the later
	// label specification has no key of its own for it.
	{[]string{"revenue", "turnover", "الإيرادات", "إيرادات", "حجم الأعمال"}, "amount", "", "Revenue"},
}

var percentCues = []cue{
	{[]string{"vat", "tax", "ضريبة", "الضريبة"}, "tax_rate", "", "Tax rate"},
	{[]string{"interest", "late payment", "late fee", "فائدة", "غرامة تأخير"}, "late_payment_interest", "", "Late payment interest"},
	{[]string{"discount", "خصم"}, "discount_rate", "", "Discount rate"},
	{[]string{"increase", "escalation", "زيادة"}, "rent_increase", "", "Increase"},
	{[]string{"penalty", "liquidated damages", "غرامة"}, "penalty_rate", "", "Penalty rate"},
	{[]string{"retention", "محتجزات"}, "retention", "", "Retention"},
	{[]string{"advance", "down payment", "دفعة مقدمة"}, "advance_payment", "", "Advance payment"},
	{[]string{"omanisation", "omanization", "التعمين"}, "omanisation_rate", "", "Omanisation rate"},
}

var durationCues = []cue{
	{[]string{"notice", "إشعار", "اشعار", "إخطار", "اخطار", "إنذار", "الإنذار", "انذار"}, "notice_period", "", "Notice period"},
	{[]string{"probation", "probationary", "التجربة", "تجربة"}, "probation_period", "", "Probation period"},
	{[]string{"renewal term", "renewal period", "renew", "renewal", "renewed", "renews", "renewable", "extend", "extends", "extended", "extension", "prolonged", "تجديد", "يجدد", "تجدد", "تمديد", "يمدد", "تمدد"}, "renewal_term", "", "Renewal term"},
	{[]string{"warranty", "guarantee", "warrant", "warrants", "warranted", "guaranteed", "guarantees", "defects liability", "defect liability", "defects notification", "maintenance period", "فترة الصيانة", "مدة الصيانة", "الضمان", "ضمان", "يضمن", "تضمن", "مضمونة", "مضمون", "مكفولة", "مكفول", "يكفل", "تكفل"}, "warranty_period", "", "Warranty period"},
	{[]string{"deliver", "delivery", "delivered", "ship", "shipped", "shipment", "dispatch", "dispatched", "hand over", "handover", "handed over", "التسليم", "توريد", "تسليمها", "وتسليمها", "بتسليمها"}, "delivery_period", "", "Delivery period"},
	{[]string{"confidential", "confidentiality", "survive", "survives", "survival", "disclose", "disclosure", "السرية", "سرية", "الإفصاح", "بالإفصاح", "الافصاح", "إفشاء", "افشاء"}, "confidentiality_period", "", "Confidentiality period"},
	{[]string{"payment", "invoice", "payable", "paid", "pay ", "balance", "transfer", "remit", "الباقي", "المتبقي", "سداد", "الدفع", "السداد", "يدفع", "تدفع", "الفاتورة", "بدفع", "بسداد", "يسدد", "تسدد", "يُسدد", "تُسدد", "يُدفع", "تُدفع", "يصرف", "تصرف", "دفعة مقدمة", "الدفعة المقدمة"}, "payment_period", "", "Payment period"},
	// A non-solicitation period, a training programme's length, the
	// period prices are fixed for: durations with no key of their own
	// (the later label specification's duration).
	{[]string{"solicit", "non-solicitation", "poach", "استقطاب", "الاستقطاب", "training", "التدريب", "تدريب", "البرنامج التدريبي", "fixed for", "are fixed", "is fixed", "ثابتة",
		// Annual leave and a rent-free (fit-out) period: durations too.
		"annual leave", "إجازة سنوية", "الإجازة السنوية", "rent-free", "rent free", "fit-out", "fit out", "فترة تجهيز", "فترة التجهيز", "فترة سماح"}, "duration", "", "Duration"},
	{[]string{"term", "period of", "for a period", "duration", "lease period", "in force", "continues for", "continue for", "runs for", "run for", "مدة", "لمدة", "المدة"}, "term", "", "Term"},
}

// partyRoles maps role words to the role reported (the guideline's
// mapping: lessor is landlord, client is customer, vendor and service
// provider are supplier, recipient is receiving_party, applicant,
// candidate and tenderer are bidder).
var partyRoles = append([]struct {
	words []string
	role  string
}{
	{[]string{"landlord", "lessor", "المؤجر", "المؤجرة"}, "landlord"},
	{[]string{"tenant", "lessee", "المستأجر", "المستأجرة"}, "tenant"},
	{[]string{"buyer", "purchaser", "المشتري", "المشترية"}, "buyer"},
	{[]string{"seller", "البائع", "البائعة"}, "seller"},
	{[]string{"supplier", "vendor", "service provider", "provider", "المورد", "مزود الخدمة", "مقدم الخدمة", "مورد"}, "supplier"},
	{[]string{"customer", "client", "bill to", "billed to", "sold to", "العميل", "الزبون"}, "customer"},
	{[]string{"employer", "صاحب العمل", "رب العمل"}, "employer"},
	{[]string{"employee", "الموظف", "الموظفة", "العامل", "العاملة"}, "employee"},
	{[]string{"contractor", "main contractor", "المقاول", "المقاول الرئيسي", "المتعهد"}, "contractor"},
	{[]string{"consultant", "adviser", "advisor", "المستشار", "الاستشاري"}, "consultant"},
	{[]string{"disclosing party", "discloser", "الطرف المفصح"}, "disclosing_party"},
	{[]string{"receiving party", "recipient", "الطرف المتلقي", "الطرف المستلم"}, "receiving_party"},
	{[]string{"first party", "party a", "party of the first part", "الطرف الأول", "الطرف أ"}, "first_party"},
	{[]string{"second party", "party b", "party of the second part", "الطرف الثاني", "الطرف ب"}, "second_party"},
	// The text's own role word where the guideline has none.
	{[]string{"distributor", "الموزع"}, "distributor"},
	{[]string{"subcontractor", "sub-contractor", "المقاول من الباطن"}, "subcontractor"},
	{[]string{"principal", "الموكل"}, "principal"},
	{[]string{"agent", "commercial agent", "الوكيل", "الوكيل التجاري"}, "agent"},
	{[]string{"beneficiary", "المستفيد"}, "beneficiary"},
	{[]string{"owner", "المالك", "الجهة المالكة"}, "owner"},
	{[]string{"licensor", "المرخص"}, "licensor"},
	{[]string{"licensee", "المرخص له"}, "licensee"},
	{[]string{"lender", "المقرض"}, "lender"},
	{[]string{"borrower", "المقترض"}, "borrower"},
	{[]string{"guarantor", "الكفيل", "الضامن"}, "guarantor"},
	{[]string{"creditor", "الدائن"}, "creditor"},
	{[]string{"debtor", "المدين"}, "debtor"},
	{[]string{"carrier", "الناقل"}, "carrier"},
	{[]string{"shipper", "الشاحن"}, "shipper"},
	{[]string{"forwarder", "freight forwarder", "وكيل الشحن"}, "forwarder"},
	{[]string{"franchisor", "مانح الامتياز"}, "franchisor"},
	{[]string{"franchisee", "صاحب الامتياز"}, "franchisee"},
	{[]string{"bidder", "tenderer", "applicant", "candidate", "المتناقص", "مقدم العطاء", "المناقص", "المتقدم", "المتنافس"}, "bidder"}, // المتنافس: session 22 (party_senders_copies.go)
	{[]string{"issuer", "issued by", "from", "الجهة المعلنة", "الجهة المصدرة", "صادر عن", "صادرة عن"}, "issuer"},
}, append(lexiconRoles, rolesIssuerKindRoles...)...) // rolelexicon.go, party_roles_issuer_kind.go

// writtenRoles are the role words kept as the text writes them, where the
// guideline maps none: a definition naming one of the guideline's roles
// too ('"the Owner" or "the Client"') takes that.
var writtenRoles = map[string]bool{"owner": true, "licensor": true, "licensee": true, "lender": true, "borrower": true,
	"guarantor": true, "creditor": true, "debtor": true, "carrier": true, "shipper": true, "franchisor": true, "franchisee": true}

func roleOf(word string) string {
	w := lowerASCII(strings.TrimSpace(stripTashkeel(word)))
	for _, r := range partyRoles {
		for _, x := range r.words {
			if w == x {
				return r.role
			}
		}
	}
	return ""
}

// stripTashkeel drops the short vowels, shadda and sukun of Arabic
// letters ("المؤجِّر" is المؤجر).
func stripTashkeel(s string) string {
	if !strings.ContainsFunc(s, isTashkeel) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isTashkeel(r) {
			return -1
		}
		return r
	}, s)
}

func isTashkeel(r rune) bool { return r >= 0x064B && r <= 0x0652 }

// stripTashkeelAt is stripTashkeel with, for each byte of the result, its
// offset in s (and one more for the end).
func stripTashkeelAt(s string) (string, []int) {
	var b strings.Builder
	pos := make([]int, 0, len(s)+1)
	for i, r := range s {
		if isTashkeel(r) {
			continue
		}
		n := b.Len()
		b.WriteRune(r)
		for range b.Len() - n {
			pos = append(pos, i)
		}
	}
	pos = append(pos, len(s))
	return b.String(), pos
}
