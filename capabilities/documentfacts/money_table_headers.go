package documentfacts

import (
	"math"
	"regexp"
	"strings"
)

// Round 23 of money keys (issue 29, session 23; table tests in
// money_table_headers_test.go). Each rule names the family of wording it reads:
//
//   - H2: a second header inside a table. A PDF's reader joins the lines
//     of a page that hold " | " into one table, so the key/value lines of
//     an order's head ("PO Number | ...") and its items ("Item | Qty |
//     Unit price (OMR) | Amount (OMR)") become one table headed by the
//     first line. A row of words alone, of at least three cells, a number
//     of cells other than the header's, that names a currency column
//     heads the rows below it (extract.go).

// secondHeader: row t, inside a table headed by head, is a header of
// its own (H2).
func secondHeader(t, head string, omani bool) bool {
	if !strings.Contains(t, " | ") || hasDigit(rePercentIn.ReplaceAllString(t, "")) {
		return false
	}
	cells := strings.Split(t, " | ")
	if len(cells) < 3 || len(cells) == len(strings.Split(head, " | ")) {
		return false
	}
	return headerCurrency(cells, omani) != ""
}

// RL: a row's label is its first cell, but in a summary or valuation
// table of three columns ("Ref. | Description | Amount (QAR)") whose
// first cell is a reference ("A", "4", "1.2", "(iii)"), it is the
// description after it: "A | Original Contract Sum | 48,600,000.00" is
// the contract sum. A fee named there stays the row's price (decision
// 19: rows of a fee table are prices).
//
// AR: a row that adjusts a bill or a valuation rather than pricing a
// line (a provisional or prime cost sum, a contingency, a retention,
// variations, materials on site, the gross value or the amount due to
// date, previous certificates or payments, the recovery of an advance,
// a "Less ..." deduction; مبلغ احتياطي، احتياطي طوارئ، المحتجزات،
// الدفعات السابقة، استرداد الدفعة المقدمة) is an `amount`.

// rowLabel is the cell that labels a table row (RL).
func rowLabel(cells, heads []string) string {
	if len(cells) >= 3 && len(heads) == 3 && reRefCellTableHeaders.MatchString(cells[0]) {
		return cells[1]
	}
	return cells[0]
}

var (
	reRefCellTableHeaders = regexp.MustCompile(`(?i)^[\s*_(]*(?:[a-z]|[ivx]{1,4}|\d{1,2}(?:\.\d{1,2}){0,2}|[أ-ي])[\s*_).]*$`)
	reAdjustRow           = regexp.MustCompile(`(?i)\b(?:provisional\s+sums?|prime\s+cost\s+sums?|p\.?c\.?\s+sums?|contingenc(?:y|ies)|retention(?:\s+money)?|variations?\b[^|]{0,30}\bto\s+date|materials\s+on\s+site|gross\s+value|(?:amount|value)\s+due\s+to\s+date|previous(?:ly)?\s+(?:certified|certificates?|payments?|paid)|recovery\s+of\s+(?:the\s+)?advance|advance\s+(?:payment\s+)?recovery|total\s+(?:debits|credits))\b|إجمالي\s+(?:ال)?(?:مدين|دائن)|مبلغ\s+احتياطي|مبالغ\s+احتياطية|احتياطي\s+(?:ال)?طوارئ|(?:ال)?محتجزات|(?:ال)?دفعات\s+(?:ال)?سابقة|(?:ال)?مستخلصات\s+(?:ال)?سابقة|استرداد\s+(?:ال)?دفعة\s+(?:ال)?مقدمة`)
)

// LG: a statement of account's ledger and ageing. The columns "Debit",
// "Credit", "Balance" (مدين، دائن، الرصيد) and the ageing buckets ("Not
// yet due", "1-30 days overdue", "over 60 days") are columns of amounts:
// a bare number under them is an `amount` in the document's currency,
// not a line's price; so are the ledger's "Total debits" and "Total
// credits" (AR, in the plural: a credit note's "Total credit" is its
// total), which are no document total. An insurance schedule's
// "Deductible each loss (AED)" column is one of amounts too.
const ledgerColumns = `\b(?:debits?|credits?|deductibles?|excess|not\s+yet\s+due|over\s+\d+\s+days|\d+\s*[-–]\s*\d+\s+days(?:\s+overdue)?)\b|(?:^|\s)(?:مدين|دائن)(?:\s|$)|الرصيد`

var reLedgerColumn = regexp.MustCompile(`(?i)` + ledgerColumns)

// wrapSecondLine: segment i, which a PDF's reader took for a heading
// ("12 months / توقف الأعمال، فترة التعويض"), is the second line of a
// row's description wrapped over two lines: the line before it is no
// heading and holds no cells, and the one before that is a table row.
func (x *extractor) wrapSecondLine(i int) bool {
	if i < 2 || x.a.segs[i-1].heading {
		return false
	}
	seg := func(k int) string { return x.a.text[x.a.segs[k].start:x.a.segs[k].end] }
	return len(seg(i)) < 120 && len(seg(i-1)) < 120 && !strings.Contains(seg(i-1), " | ") && strings.Contains(seg(i-2), " | ")
}

// rowKey re-keys a table row's sum, keyed key so far, by its label: AR
// makes an adjustment an `amount`; PR makes a premium's net row ("Net
// premium / القسط الصافي"), which the net word keyed as a subtotal (or
// قسط as an instalment), a
// `price` (a premium table's rows are its prices; its total row stays
// the total, and a "Premium before VAT" row the subtotal).
func rowKey(label, key string) string {
	switch {
	case reAdjustRow.MatchString(label):
		return "amount"
	case (key == "price" || key == "total_amount" || key == "subtotal") && reLessLead.MatchString(label):
		// "Less: previous payments" (a discount, an advance or a
		// penalty taken away keeps its key).
		return "amount"
	case (key == "subtotal" || key == "amount") && rePremiumRow.MatchString(label) && !reTotalWord.MatchString(label) && !reBeforeTax.MatchString(label):
		return "price"
	}
	return key
}

var rePremiumRow = regexp.MustCompile(`(?i)\bpremium\b|(?:ال)?قسط\s+(?:ال)?صافي|صافي\s+(?:ال)?قسط`)

var reTotalWord = regexp.MustCompile(`(?i)\btotal\b|إجمالي|الإجمالي|مجموع|المجموع`)

// tableHeadersMoneyFacts applies the round's rules that read a sum's sentence or
// more than one row (handle.go, after moneyConventionsFacts); facts and cands are
// aligned.
//
//   - MP (decision 49): a minimum purchase, order or sales commitment
//     ("undertakes to purchase Products with a total net value of not
//     less than", "shall achieve sales of at least", "بتحقيق مبيعات
//     سنوية لا تقل عن", "بشراء منتجات لا تقل قيمتها عن") is the
//     `minimum_purchase`, whatever cue ("net value", a fee) came first.
//
//   - MC (decision 50): a marketing contribution or support ("will
//     contribute OMR 12,500 each year towards the local marketing",
//     "Marketing contribution, per year | 35,000.00", "تساهم الشركة
//     سنوياً بمبلغ ... في تسويق", دعم تسويقي) is an `allowance`.
//
//   - RT (decision 54): a rental table's row naming the rent ("Monthly
//     rent per crane") keeps `rent`, though the hire of equipment outside
//     a lease made it a price.
//
//   - ST: the sum a debt is settled for ("settle the debt for a total sum
//     of", "تسوية المديونية بمبلغ إجمالي قدره") and the difference waived
//     in its sentence are amounts, no document total.
//
//   - LF: court, legal or lawyer's fees named right before a sum ("رسوم
//     الدعوى وأتعاب المحاماة البالغة", "legal costs of") are a `fee`; so
//     is the cost of training one trainee ("تكلفة تدريب المتدرب الواحد",
//     "the training fee per participant is"), a price of the service.
//
//   - LC: a cap on what a party bears for loss of or damage to goods
//     ("bears the value of any loss or damage ... up to a maximum of",
//     "يتحمل ... قيمة أي فقد أو تلف ... بحد أقصى") is the `liability_cap`;
//     a cap on delay damages stays a penalty (decision of session 19).
//
//   - NP, AA, DV, BR: see their patterns below.
//
//   - PR again: a premium table's net row keeps its price whatever an
//     earlier round read in its rate ("0.09 %").
//
//   - NC: a payment certificate's "Net amount due for this certificate"
//     ("net payment due under this valuation", "صافي المستحق بموجب هذا
//     المستخلص") is an `amount`: a balance due after deductions, not the
//     certificate's priced total (decision 61; `net_amount` is a priced
//     document's net before tax, NX below).
//
//   - NX: a sum before tax ("Total excluding VAT", "Taxable value",
//     "الإجمالي غير شامل الضريبة") that an earlier total or subtotal makes
//     with the amounts written between them added or, in brackets or
//     after "Less", taken away ("Total of Bills 509,170.000", two
//     provisional sums and a contingency, "Total excluding VAT
//     574,128.500") is the `net_amount`, and the earlier sum the
//     `subtotal`.
func tableHeadersMoneyFacts(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	for i := range facts {
		f := &facts[i]
		if f.Type != TypeMoney {
			continue
		}
		at, line := cands[i].atLine(text)
		label := strings.Split(line, " | ")[0]
		if strings.Contains(line, " | ") && reRefCellTableHeaders.MatchString(label) {
			if cs := strings.Split(line, " | "); len(cs) > 2 {
				label = cs[1]
			}
		}
		row := strings.Contains(line, " | ")
		before := tail(sentenceBefore(text, at), 160)
		sent := sentenceAround(text, at)
		switch {
		case (f.Key == "amount" || f.Key == "price" || f.Key == "fee" || f.Key == "subtotal" || f.Key == "total_amount") && reMinPurchaseTableHeaders.MatchString(before):
			f.Key, f.Label = "minimum_purchase", moneyLabel("minimum_purchase")
		case (f.Key == "amount" || f.Key == "price" || f.Key == "fee") && (row && reMarketing.MatchString(label) || !row && reMarketing.MatchString(sent) && (reContribute.MatchString(sent) || reMarketing.MatchString(before))):
			f.Key, f.Label = "allowance", moneyLabel("allowance")
		case row && f.Key == "price" && reRentRowTableHeaders.MatchString(label):
			f.Key, f.Label = "rent", moneyLabel("rent")
		case !row && (f.Key == "total_amount" || f.Key == "amount") && reSettle.MatchString(sent) && !reFeeWords.MatchString(before):
			f.Key, f.Label = "amount", moneyLabel("amount")
		case (f.Key == "amount" || f.Key == "total_amount") && reFeeWords.MatchString(before):
			f.Key, f.Label = "fee", moneyLabel("fee")
		case (f.Key == "subtotal" || f.Key == "price") && reResultWord.MatchString(before) || (f.Key == "rent" || f.Key == "price") && reArrears.MatchString(before):
			f.Key, f.Label = "amount", moneyLabel("amount")
		case (f.Key == "total_amount" || f.Key == "amount") && reBoardFee.MatchString(before) && reBoardWord.MatchString(before+" "+text[at:min(len(text), at+120)]):
			f.Key, f.Label = "fee", moneyLabel("fee")
		case (f.Key == "amount" || f.Key == "penalty_amount") && reCapBeforeTableHeaders.MatchString(before) && reLossWords.MatchString(sent) && !reLateWord.MatchString(sent):
			f.Key, f.Label = "liability_cap", moneyLabel("liability_cap")
		case row && (f.Key == "contract_value" || f.Key == "total_amount" || f.Key == "price" || f.Key == "amount") && reGoodsValue.MatchString(label):
			f.Key, f.Label = "subtotal", moneyLabel("subtotal")
		case row && f.Key == "security_deposit" && reInsuranceRow.MatchString(label):
			f.Key, f.Label = "amount", moneyLabel("amount")
		case (f.Key == "performance_bond" || f.Key == "bid_bond" || f.Key == "advance_payment") && reReducedTo.MatchString(before):
			f.Key, f.Label = "amount", moneyLabel("amount")
		case f.Key == "rent" && reEachPayment.MatchString(before):
			f.Key, f.Label = "amount", moneyLabel("amount")
		case f.Key == "security_deposit" && reDepositTopUp.MatchString(before):
			f.Key, f.Label = "amount", moneyLabel("amount")
		case row && f.Key != "price" && f.Key != "total_amount" && rePremiumRow.MatchString(label) && !reTotalWord.MatchString(label) && !reBeforeTax.MatchString(label):
			f.Key, f.Label = "price", moneyLabel("price")
		case (f.Key == "total_amount" || f.Key == "subtotal") && reNetCert.MatchString(label):
			f.Key, f.Label = "amount", moneyLabel("amount")
		case f.Key == "subtotal" && reBeforeTax.MatchString(label):
			if j := adjustedFrom(facts, cands, text, i); j >= 0 {
				f.Key, f.Label = "net_amount", moneyLabel("net_amount")
				facts[j].Key, facts[j].Label = "subtotal", moneyLabel("subtotal")
			}
		}
	}
}

var (
	reMinPurchaseTableHeaders = regexp.MustCompile(`(?i)\b(?:purchase|purchases|buy|order|orders|achieve\s+(?:annual\s+)?sales|sales\s+target)\b[^.;]{0,60}\b(?:not\s+less\s+than|at\s+least|a\s+minimum\s+of|no\s+less\s+than)\s*(?:[A-Z]{3}\s*|€\s*)?$|(?:بشراء|شراء|مشتريات|بتحقيق\s+مبيعات|تحقيق\s+مبيعات)[^.؛]{0,60}(?:لا\s+(?:تقل|يقل)|بما\s+لا\s+يقل)\s+(?:قيمتها\s+)?عن\s*$`)
	reMarketing               = regexp.MustCompile(`(?i)\bmarketing\s+(?:contribution|support|allowance|fund)\b|دعم\s+تسويقي|مساهمة\s+تسويقية|المساهمة\s+التسويقية|في\s+تسويق|\bmarketing\b`)
	reContribute              = regexp.MustCompile(`(?i)\bcontribut\w*|تساهم|يساهم|بالمساهمة|مساهمة`)
	reRentRowTableHeaders     = regexp.MustCompile(`(?i)\brent\b|\brental\s+(?:rate|charge)\b|(?:ال)?إيجار\s+(?:ال)?شهري`)
	reSettle                  = regexp.MustCompile(`(?i)\bsettle(?:d|s|ment)?\b[^.;]{0,60}\b(?:debt|claim|dues|outstanding|sum|amount)\b|تسوية\s+(?:ال)?(?:مديونية|مستحقات|دين|مطالبة)`)
	reFeeWords                = regexp.MustCompile(`(?i)\b(?:legal|court|lawyer'?s?|attorney'?s?|advocate'?s?)\s+(?:fees|costs)\b[^.;]{0,30}\b(?:of|amounting\s+to|totalling)\s*$|(?:رسوم|أتعاب|اتعاب)\s+(?:ال)?(?:دعوى|محاماة|تقاضي|قضية)[^.؛]{0,40}(?:البالغة|البالغ|وقدرها|قدرها|بمبلغ)\s*$|\b(?:training|course|tuition)\s+(?:fee|fees|cost)\s+(?:per|for\s+each|of\s+each)\s+(?:trainee|participant|student|delegate)\b[^.;]{0,20}$|\bcost\s+of\s+training\s+(?:one|each|per)\s+(?:trainee|participant|student)\b[^.;]{0,20}$|(?:تكلفة|رسوم)\s+(?:ال)?تدريب\s+(?:ال)?(?:متدرب|مشارك|طالب)\s+(?:ال)?واحد\s*$`)
	reCapBeforeTableHeaders   = regexp.MustCompile(`(?i)\b(?:up\s+to\s+a\s+maximum\s+of|capped\s+at|subject\s+to\s+a\s+maximum\s+of|not\s+exceeding)\s*(?:[A-Z]{3}\s*)?$|(?:بحد\s+أقصى|وبحد\s+أقصى|بما\s+لا\s+يتجاوز)\s*(?:قدره\s*)?$`)
	reLossWords               = regexp.MustCompile(`(?i)\b(?:loss|damage|shortage)\b[^.;]{0,60}\b(?:goods|cargo|stock|consignment|items)\b|(?:فقد|تلف|ضرر)[^.؛]{0,40}(?:بالبضائع|البضائع|البضاعة|بالبضاعة|المخزون)`)
	// NP, AA, DV: a company's net profit, income or loss ("showing a net
	// profit of", صافي الربح), arrears of rent, and a dividend per share
	// ("a cash dividend of OMR 0.012 per share") are amounts, not a
	// subtotal, the rent or a unit price; BR: the remuneration voted to
	// a board ("a total remuneration of BHD 180,000 for the members of
	// the Board", مكافأة أعضاء مجلس الإدارة) is a `fee`, not a total.
	reResultWord = regexp.MustCompile(`(?i)\bnet\s+(?:profit|income|loss|earnings|result)s?\b[^.;]{0,40}$|صافي\s+(?:ال)?(?:ربح|أرباح|ارباح|دخل|خسارة|خسائر)[^.؛]{0,40}$|\bdividend\b[^.;]{0,60}$|(?:ال)?أرباح\s+(?:ال)?نقدية[^.؛]{0,60}$`)
	reArrears    = regexp.MustCompile(`(?i)\barrears\b[^.;]{0,30}$|متأخرات[^.؛]{0,30}$`)
	reBoardFee   = regexp.MustCompile(`(?i)\b(?:remuneration|sitting\s+fees?|attendance\s+fees?)\b[^.;]{0,20}$|(?:مكافأة|مكافآت|بدل\s+حضور)[^.؛]{0,40}$`)
	reBoardWord  = regexp.MustCompile(`(?i)\bboard\b|\bdirectors\b|مجلس\s+(?:ال)?إدارة|مجلس\s+(?:ال)?ادارة`)
	// GV: "Total value of goods / قيمة البضاعة", "FOB value", "Goods
	// value" in a commercial invoice's summary, before freight and
	// insurance are added: the goods' subtotal, no contract value.
	reGoodsValue = regexp.MustCompile(`(?i)\b(?:(?:total\s+)?value\s+of\s+(?:the\s+)?goods|goods\s+value|fob\s+value|ex[\s-]?works\s+value)\b|قيمة\s+(?:ال)?(?:بضاعة|بضائع)`)
	// IR: a row of insurance charged on a shipment ("Marine insurance /
	// التأمين البحري", "Cargo insurance"): an amount, not the deposit
	// that تأمين names in a lease.
	reInsuranceRow = regexp.MustCompile(`(?i)\binsurance\b|(?:ال)?تأمين\s+(?:ال)?(?:بحري|شحن)`)
	// RG: a guarantee's or an advance's sum reduced to a new sum ("shall
	// be reduced to", "يخفض مبلغ هذا الضمان تلقائياً إلى"): an amount.
	reReducedTo = regexp.MustCompile(`(?i)\breduced?\s+(?:automatically\s+)?(?:to|by)\s*(?:[A-Z]{3}\s*)?$|(?:يخفض|تخفض|يُخفض|تخفيض)[^.؛]{0,80}(?:إلى|الى)\s*$`)
	// RI: one of the payments a rent is split into ("in two half-yearly
	// payments of", "each payment of", "قيمة كل دفعة", decision 46 for a
	// rent's instalment called a payment).
	reEachPayment = regexp.MustCompile(`(?i)\b(?:each|every)\s+(?:[\w-]+\s+){0,2}?payment\s+(?:of|is|shall\s+be|will\s+be|amounting\s+to)\s*(?:[A-Z]{3}\s*)?$|\bpayments\s+of\s*(?:[A-Z]{3}\s*)?$|(?:قيمة|مبلغ)\s+كل\s+(?:دفعة|منها|منهما)\s*[:：]?\s*$`)
	// DT: the difference by which a deposit is topped up ("the deposit
	// top-up of", "the difference in the security deposit", "فرق
	// التأمين البالغ"): an amount, not the deposit.
	reDepositTopUp = regexp.MustCompile(`(?i)\b(?:top[\s-]?up|difference|increase|additional\s+deposit)\b[^.;]{0,40}$|(?:فرق|زيادة)\s+(?:ال)?(?:تأمين|ضمان)[^.؛]{0,30}$`)
	reNetCert      = regexp.MustCompile(`(?i)\bnet\b[^|]{0,40}\b(?:due|payable)\b[^|]{0,30}\b(?:certificate|valuation)\b|صافي\s+(?:ال)?(?:مبلغ\s+)?(?:ال)?مستحق[^|]{0,30}(?:المستخلص|الشهادة)`)
	reBeforeTax    = regexp.MustCompile(`(?i)\b(?:excluding|excl\.?|before|exclusive\s+of|net\s+of)\s+(?:vat|tax)\b|\btaxable\s+(?:value|amount)\b|غير\s+شامل(?:ة)?\s+(?:ال)?ضريبة|قبل\s+(?:ال)?ضريبة`)
)

// adjustedFrom is the index of the total or subtotal before facts[i]
// (NX) that the money facts between them, added or taken away, bring
// to facts[i]'s sum; -1 if none. At least one sum stands between.
func adjustedFrom(facts []Fact, cands []candidate, text string, i int) int {
	n := facts[i]
	if n.Amount == nil {
		return -1
	}
	sum := 0.0
	between := 0
	for j := i - 1; j >= 0 && i-j <= 12; j-- {
		s := facts[j]
		if s.Type != TypeMoney || s.Amount == nil || s.Currency != n.Currency {
			continue
		}
		if (s.Key == "total_amount" || s.Key == "subtotal") && between > 0 && math.Abs(*s.Amount+sum-*n.Amount) <= max(0.011, 0.0001**n.Amount) {
			return j
		}
		if s.Key == "tax_amount" || s.Key == "total_amount" || s.Key == "subtotal" {
			return -1
		}
		at, line := cands[j].atLine(text)
		if strings.HasSuffix(strings.TrimRight(text[max(0, at-3):at], " "), "(") || reLessLead.MatchString(line) {
			sum -= *s.Amount
		} else {
			sum += *s.Amount
		}
		between++
	}
	return -1
}

var reLessLead = regexp.MustCompile(`(?i)^[\s*_|]*(?:[a-z0-9.]{1,4}\s*\|\s*)?[\s*_]*(?:less|deduct)\b|^[\s*_|]*(?:[a-z0-9.]{1,4}\s*\|\s*)?[\s*_]*(?:يخصم|يطرح|ناقص)`)

// sentenceAround is the sentence of text holding at: from the last
// stop before it to the next stop after it, within its line.
func sentenceAround(text string, at int) string {
	s := sentenceBefore(text, at)
	rest := text[at:]
	if loc := reSentenceEnd.FindStringIndex(rest); loc != nil {
		rest = rest[:loc[0]]
	}
	return s + rest
}
