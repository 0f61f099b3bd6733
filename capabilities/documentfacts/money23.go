package documentfacts

import (
	"math"
	"regexp"
	"strings"
)

// Round 23 of money keys (issue 29, session 23; table tests in
// money23_test.go). Each rule names the family of wording it reads:
//
//   - H2: a second header inside a table. A PDF's reader joins the lines
//     of a page that hold " | " into one table, so the key/value lines of
//     an order's head ("PO Number | ...") and its items ("Item | Qty |
//     Unit price (OMR) | Amount (OMR)") become one table headed by the
//     first line. A row of words alone, of at least three cells, a number
//     of cells other than the header's, that names a currency column
//     heads the rows below it (extract.go).

// secondHeader23: row t, inside a table headed by head, is a header of
// its own (H2).
func secondHeader23(t, head string, omani bool) bool {
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

// rowLabel23 is the cell that labels a table row (RL).
func rowLabel23(cells, heads []string) string {
	if len(cells) >= 3 && len(heads) == 3 && reRefCell23.MatchString(cells[0]) {
		return cells[1]
	}
	return cells[0]
}

var (
	reRefCell23   = regexp.MustCompile(`(?i)^[\s*_(]*(?:[a-z]|[ivx]{1,4}|\d{1,2}(?:\.\d{1,2}){0,2}|[أ-ي])[\s*_).]*$`)
	reAdjustRow23 = regexp.MustCompile(`(?i)\b(?:provisional\s+sums?|prime\s+cost\s+sums?|p\.?c\.?\s+sums?|contingenc(?:y|ies)|retention(?:\s+money)?|variations?\b[^|]{0,30}\bto\s+date|materials\s+on\s+site|gross\s+value|(?:amount|value)\s+due\s+to\s+date|previous(?:ly)?\s+(?:certified|certificates?|payments?|paid)|recovery\s+of\s+(?:the\s+)?advance|advance\s+(?:payment\s+)?recovery|total\s+(?:debits|credits))\b|إجمالي\s+(?:ال)?(?:مدين|دائن)|مبلغ\s+احتياطي|مبالغ\s+احتياطية|احتياطي\s+(?:ال)?طوارئ|(?:ال)?محتجزات|(?:ال)?دفعات\s+(?:ال)?سابقة|(?:ال)?مستخلصات\s+(?:ال)?سابقة|استرداد\s+(?:ال)?دفعة\s+(?:ال)?مقدمة`)
)

// LG: a statement of account's ledger and ageing. The columns "Debit",
// "Credit", "Balance" (مدين، دائن، الرصيد) and the ageing buckets ("Not
// yet due", "1-30 days overdue", "over 60 days") are columns of amounts:
// a bare number under them is an `amount` in the document's currency,
// not a line's price; so are the ledger's "Total debits" and "Total
// credits" (AR, in the plural: a credit note's "Total credit" is its
// total), which are no document total. An insurance schedule's
// "Deductible each loss (AED)" column is one of amounts too.
const ledgerColumns23 = `\b(?:debits?|credits?|deductibles?|excess|not\s+yet\s+due|over\s+\d+\s+days|\d+\s*[-–]\s*\d+\s+days(?:\s+overdue)?)\b|(?:^|\s)(?:مدين|دائن)(?:\s|$)|الرصيد`

var reLedgerColumn23 = regexp.MustCompile(`(?i)` + ledgerColumns23)

// wrapSecondLine23: segment i, which a PDF's reader took for a heading
// ("12 months / توقف الأعمال، فترة التعويض"), is the second line of a
// row's description wrapped over two lines: the line before it is no
// heading and holds no cells, and the one before that is a table row.
func (x *extractor) wrapSecondLine23(i int) bool {
	if i < 2 || x.a.segs[i-1].heading {
		return false
	}
	seg := func(k int) string { return x.a.text[x.a.segs[k].start:x.a.segs[k].end] }
	return len(seg(i)) < 120 && len(seg(i-1)) < 120 && !strings.Contains(seg(i-1), " | ") && strings.Contains(seg(i-2), " | ")
}

// rowKey23 re-keys a table row's sum, keyed key so far, by its label: AR
// makes an adjustment an `amount`; PR makes a premium's net row ("Net
// premium / القسط الصافي"), which the net word keyed as a subtotal (or
// قسط as an instalment), a
// `price` (a premium table's rows are its prices; its total row stays
// the total, and a "Premium before VAT" row the subtotal).
func rowKey23(label, key string) string {
	switch {
	case reAdjustRow23.MatchString(label):
		return "amount"
	case (key == "price" || key == "total_amount" || key == "subtotal") && reLessLead23.MatchString(label):
		// "Less: previous payments" (a discount, an advance or a
		// penalty taken away keeps its key).
		return "amount"
	case (key == "subtotal" || key == "amount") && rePremiumRow23.MatchString(label) && !reTotalWord23.MatchString(label) && !reBeforeTax23.MatchString(label):
		return "price"
	}
	return key
}

var rePremiumRow23 = regexp.MustCompile(`(?i)\bpremium\b|(?:ال)?قسط\s+(?:ال)?صافي|صافي\s+(?:ال)?قسط`)

var reTotalWord23 = regexp.MustCompile(`(?i)\btotal\b|إجمالي|الإجمالي|مجموع|المجموع`)

// money23Facts applies the round's rules that read more than one row
// (handle.go, after conv22Facts); facts and cands are aligned.
//
//   - PR again: a premium table's net row keeps its price whatever an
//     earlier round read in its rate ("0.09 %").
//   - NC: a payment certificate's "Net amount due for this certificate"
//     ("net payment due under this valuation", "صافي المستحق بموجب هذا
//     المستخلص") is its `net_amount`: a net sum, not the certificate's
//     priced total (a settlement's "net due" stays an amount).
//   - NX: a sum before tax ("Total excluding VAT", "Taxable value",
//     "الإجمالي غير شامل الضريبة") that an earlier total or subtotal makes
//     with the amounts written between them added or, in brackets or
//     after "Less", taken away ("Total of Bills 509,170.000", two
//     provisional sums and a contingency, "Total excluding VAT
//     574,128.500") is the `net_amount`, and the earlier sum the
//     `subtotal`.
func money23Facts(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	for i := range facts {
		f := &facts[i]
		if f.Type != TypeMoney {
			continue
		}
		at := min(max(cands[i].start, 0), len(text))
		line := lineAt(text, at)
		label := strings.Split(line, " | ")[0]
		if strings.Contains(line, " | ") && reRefCell23.MatchString(label) {
			if cs := strings.Split(line, " | "); len(cs) > 2 {
				label = cs[1]
			}
		}
		row := strings.Contains(line, " | ")
		before := tail(sentenceBefore(text, at), 160)
		switch {
		case row && (f.Key == "contract_value" || f.Key == "total_amount" || f.Key == "price" || f.Key == "amount") && reGoodsValue23.MatchString(label):
			f.Key, f.Label = "subtotal", moneyLabel20("subtotal")
		case row && f.Key == "security_deposit" && reInsuranceRow23.MatchString(label):
			f.Key, f.Label = "amount", moneyLabel20("amount")
		case (f.Key == "performance_bond" || f.Key == "bid_bond" || f.Key == "advance_payment") && reReducedTo23.MatchString(before):
			f.Key, f.Label = "amount", moneyLabel20("amount")
		case f.Key == "rent" && reEachPayment23.MatchString(before):
			f.Key, f.Label = "amount", moneyLabel20("amount")
		case f.Key == "security_deposit" && reDepositTopUp23.MatchString(before):
			f.Key, f.Label = "amount", moneyLabel20("amount")
		case row && f.Key != "price" && f.Key != "total_amount" && rePremiumRow23.MatchString(label) && !reTotalWord23.MatchString(label) && !reBeforeTax23.MatchString(label):
			f.Key, f.Label = "price", moneyLabel20("price")
		case (f.Key == "total_amount" || f.Key == "subtotal" || f.Key == "amount") && reNetCert23.MatchString(label):
			f.Key, f.Label = "net_amount", moneyLabel20("net_amount")
		case f.Key == "subtotal" && reBeforeTax23.MatchString(label):
			if j := adjustedFrom23(facts, cands, text, i); j >= 0 {
				f.Key, f.Label = "net_amount", moneyLabel20("net_amount")
				facts[j].Key, facts[j].Label = "subtotal", moneyLabel20("subtotal")
			}
		}
	}
}

var (
	// GV: "Total value of goods / قيمة البضاعة", "FOB value", "Goods
	// value" in a commercial invoice's summary, before freight and
	// insurance are added: the goods' subtotal, no contract value.
	reGoodsValue23 = regexp.MustCompile(`(?i)\b(?:(?:total\s+)?value\s+of\s+(?:the\s+)?goods|goods\s+value|fob\s+value|ex[\s-]?works\s+value)\b|قيمة\s+(?:ال)?(?:بضاعة|بضائع)`)
	// IR: a row of insurance charged on a shipment ("Marine insurance /
	// التأمين البحري", "Cargo insurance"): an amount, not the deposit
	// that تأمين names in a lease.
	reInsuranceRow23 = regexp.MustCompile(`(?i)\binsurance\b|(?:ال)?تأمين\s+(?:ال)?(?:بحري|شحن)`)
	// RG: a guarantee's or an advance's sum reduced to a new sum ("shall
	// be reduced to", "يخفض مبلغ هذا الضمان تلقائياً إلى"): an amount.
	reReducedTo23 = regexp.MustCompile(`(?i)\breduced?\s+(?:automatically\s+)?(?:to|by)\s*(?:[A-Z]{3}\s*)?$|(?:يخفض|تخفض|يُخفض|تخفيض)[^.؛]{0,80}(?:إلى|الى)\s*$`)
	// RI: one of the payments a rent is split into ("in two half-yearly
	// payments of", "each payment of", "قيمة كل دفعة", decision 46 for a
	// rent's instalment called a payment).
	reEachPayment23 = regexp.MustCompile(`(?i)\b(?:each|every)\s+(?:[\w-]+\s+){0,2}?payment\s+(?:of|is|shall\s+be|will\s+be|amounting\s+to)\s*(?:[A-Z]{3}\s*)?$|\bpayments\s+of\s*(?:[A-Z]{3}\s*)?$|(?:قيمة|مبلغ)\s+كل\s+(?:دفعة|منها|منهما)\s*[:：]?\s*$`)
	// DT: the difference by which a deposit is topped up ("the deposit
	// top-up of", "the difference in the security deposit", "فرق
	// التأمين البالغ"): an amount, not the deposit.
	reDepositTopUp23 = regexp.MustCompile(`(?i)\b(?:top[\s-]?up|difference|increase|additional\s+deposit)\b[^.;]{0,40}$|(?:فرق|زيادة)\s+(?:ال)?(?:تأمين|ضمان)[^.؛]{0,30}$`)
	reNetCert23      = regexp.MustCompile(`(?i)\bnet\b[^|]{0,40}\b(?:due|payable)\b[^|]{0,30}\b(?:certificate|valuation)\b|صافي\s+(?:ال)?(?:مبلغ\s+)?(?:ال)?مستحق[^|]{0,30}(?:المستخلص|الشهادة)`)
	reBeforeTax23    = regexp.MustCompile(`(?i)\b(?:excluding|excl\.?|before|exclusive\s+of|net\s+of)\s+(?:vat|tax)\b|\btaxable\s+(?:value|amount)\b|غير\s+شامل(?:ة)?\s+(?:ال)?ضريبة|قبل\s+(?:ال)?ضريبة`)
)

// adjustedFrom23 is the index of the total or subtotal before facts[i]
// (NX) that the money facts between them, added or taken away, bring
// to facts[i]'s sum; -1 if none. At least one sum stands between.
func adjustedFrom23(facts []Fact, cands []candidate, text string, i int) int {
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
		at := min(max(cands[j].start, 0), len(text))
		if strings.HasSuffix(strings.TrimRight(text[max(0, at-3):at], " "), "(") || reLessLead23.MatchString(lineAt(text, at)) {
			sum -= *s.Amount
		} else {
			sum += *s.Amount
		}
		between++
	}
	return -1
}

var reLessLead23 = regexp.MustCompile(`(?i)^[\s*_|]*(?:[a-z0-9.]{1,4}\s*\|\s*)?[\s*_]*(?:less|deduct)\b|^[\s*_|]*(?:[a-z0-9.]{1,4}\s*\|\s*)?[\s*_]*(?:يخصم|يطرح|ناقص)`)
