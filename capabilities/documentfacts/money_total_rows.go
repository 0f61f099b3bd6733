package documentfacts

import (
	"math"
	"regexp"
	"sort"
	"strings"
)

// Round 22 of money keys (issue 29, session 22, fourth pass; table tests
// in money_total_rows_test.go). Each rule states what a sum is of:
//
//   - MZ: a total row is the table's own last row. Decision 39 (a price
//     table's last row captioned "Total contract value", "قيمة العقد" is
//     its total_amount) and MP (the "Total contract price" row under a
//     priced breakdown) read a figure as a table's total only when it is
//     written in a row of that table, with at least two rows of sums
//     above it in the same table and no row of that table after it. A
//     contract value stated after the table (a key/value table of terms
//     that follows it, "Contract value | OMR 13,000.000" among other
//     terms, or a "Contract Price: OMR 13,000.000" line) is the
//     contract's value, `contract_value`.
//   - MD2: a discount between two totals. The total the discount is taken
//     from is the `subtotal` ("المجموع 18,000.000", "خصم خاص 5% 900.000",
//     "الإجمالي النهائي 17,100.000"); the sum after it is the `net_amount`
//     when the rows below add a tax or a charge to it, else the
//     document's `total_amount` ("Total net (EUR) 46.978,45" above a "VAT
//     0 %" row with no sum). With no subtotal row, the line totals above
//     the discount less the discount make the sum after it ("Less:
//     discount 10% (145.000)", "Net amount 1,305.000", "VAT 5% 65.250"):
//     the net amount, not the subtotal a "Net amount" row is otherwise.
//   - MT2: the price of taking part in a tender, RFQ, RFP, EOI or
//     pre-qualification, however worded ("A non-refundable PQ fee of OMR
//     150.000", "a non-refundable registration fee of QAR 1,000",
//     "Tender documents are available ... against a non-refundable fee
//     of OMR 40.000", a row "ثمن نسخة المناقصة (غير مسترد) | ٣٥"), is the
//     `tender_fee` (decision 21), not a `fee` or a row's `price`; a fee
//     the bidder is to quote ("The total fees for the three years must
//     not exceed") is no such price.
//   - MV2: the value of the contract a letter, notice or certificate
//     cites, in Arabic: "بالإشارة إلى العقد رقم ... بقيمة إجمالية قدرها",
//     "تبلغ قيمة أعمال العزل المائي بموجب العقد الفرعي"; and in English
//     "the value of the waterproofing works under the Subcontract is":
//     the `contract_value`, not an `amount`.
//   - MI2: a minimum insurance cover in Arabic ("وثائق التأمين الشامل
//     على الأعمال ... بحد أدنى قدره", "بوالص التأمين الشامل للأعمال بحد
//     أدنى مقداره") is the `insurance_cover` (the key specification), not
//     an `amount` or the `security_deposit` that تأمين suggests.
//   - MF2: a working-capital or credit floor a bidder must show
//     ("Minimum working capital or committed credit facilities: OMR
//     1,200,000.000") is an `amount` (session 21's MF), not the
//     `share_capital` that "capital" suggests.
//   - MB2: a figure in brackets right before its currency ("قيمة وثائق
//     المناقصة (٥٠) ريالاً عمانياً", "ضمان عطاء بمبلغ (٤٬٥٠٠) ر.ع.") is a
//     sum in that currency, as MW reads "(٤٥٠) أربعمائة وخمسون ريالاً
//     عمانياً"; not when a figure follows the currency ("(1) OMR 500").
//   - MB3: a bilingual text states a sum in English and again in Arabic
//     and the two statements were keyed apart, one with a general key
//     (amount, price, fee) and one with a key that says what the sum is
//     ("Each hour of overrun is charged at BHD 250.000" beside "ويحتسب
//     مبلغ ٢٥٠٫٠٠٠ د.ب. عن كل ساعة تأخير"; "Service and marketing
//     charge: OMR 160.000 per month" beside "رسوم الخدمات والتسويق"): one
//     sum, one fact, under the narrower key; the Latin-script fact is
//     kept. Two general or two narrower keys are left as they are.
//   - MG: the Arabic thousands separator (٬, U+066C) groups thousands in
//     a document that writes decimal commas too: "٥٠٧٬٠٠٠ ريال سعودي"
//     beside "SAR 507.000,00" is 507,000, not 507.
//   - M4: a unit price with four decimals after a decimal comma ("0,1785",
//     "3,1275") in a price column of a document writing decimal commas
//     is a price (a thousands group has three digits).

// ownLastRow: the figure at byte at of a's text is written in the last
// row of a table with at least two rows of sums above it (the table's
// total row), not in a row of another table or in a line after the table.
func ownLastRow(a *assembled, at int) bool {
	i := segIndexTotalRows(a, at)
	if i < 0 || a.segs[i].tableStart {
		return false
	}
	seg := func(k int) string { return a.text[a.segs[k].start:a.segs[k].end] }
	if !strings.Contains(seg(i), " | ") {
		return false
	}
	above := 0
	for k := i - 1; k >= 0; k-- {
		t := seg(k)
		if !strings.Contains(t, "|") || a.segs[k].heading {
			break
		}
		if reSum.MatchString(t) {
			above++
		}
		if a.segs[k].tableStart {
			break // the table's first row: what is above is another table
		}
	}
	if n := i + 1; n < len(a.segs) && !a.segs[n].tableStart && strings.Contains(seg(n), " | ") && !reInWords.MatchString(seg(n)) {
		return false // the table goes on: a row among others, not its total
	}
	return above >= 2
}

// segIndexTotalRows: the index of the segment of a holding byte at, -1 if none.
func segIndexTotalRows(a *assembled, at int) int {
	i := sort.Search(len(a.segs), func(k int) bool { return a.segs[k].start > at }) - 1
	if i < 0 || at > a.segs[i].end {
		return -1
	}
	return i
}

// reInWords: a row giving the total in words ("Amount in words: ...
// only", "فقط ... لا غير"), which a total row may have below it.
var reInWords = regexp.MustCompile(`(?i)\bin\s+words\b|\bonly\b|فقط|لا\s+غير|كتابةً|كتابة`)

// totalRowsMoneyFacts applies MD2 to the document's sums after the money keys of
// the earlier rounds (handle.go, after rejectionsOfferRolesConventionFacts); facts and cands are
// aligned.
func totalRowsMoneyFacts(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	var order []int // the money facts with an amount, in text order
	for i, f := range facts {
		if f.Type == TypeMoney && f.Amount != nil && f.Currency != "" {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(p, q int) bool { return cands[order[p]].start < cands[order[q]].start })
	pos := func(i int) int { return cands[i].startIn(text) }
	set := func(i int, k string) { facts[i].Key, facts[i].Label = k, moneyLabel(k) }
	for o, di := range order {
		d := facts[di]
		if d.Key != "discount" || o+1 >= len(order) {
			continue
		}
		ni := order[o+1]
		n := facts[ni]
		if n.Currency != d.Currency || !summaryRow(text, pos(di), pos(ni), cands[ni].end) || !(n.Key == "subtotal" || n.Key == "total_amount" || n.Key == "net_amount" || n.Key == "amount") {
			continue
		}
		tol := func(v float64) float64 { return max(0.011, 0.001*v) }
		from := -1 // the total the discount is taken from
		if o > 0 {
			pi := order[o-1]
			p := facts[pi]
			if p.Currency == d.Currency && p.Key != "price" && summaryRow(text, pos(pi), pos(di), cands[di].end) && math.Abs(*p.Amount-*d.Amount-*n.Amount) <= tol(*p.Amount) {
				from = pi
			}
		}
		if from < 0 {
			s, ok := lineTotalsAbove(facts, cands, order[:o], text, pos(di), d.Currency)
			if !ok || math.Abs(s-*d.Amount-*n.Amount) > tol(s) {
				continue
			}
		} else if facts[from].Key != "subtotal" {
			set(from, "subtotal")
		}
		k := "total_amount"
		if o+2 < len(order) && facts[order[o+2]].Currency == d.Currency && summaryRow(text, pos(ni), pos(order[o+2]), cands[order[o+2]].end) {
			k = "net_amount" // a tax or a charge is added to it below
		}
		if n.Key != k {
			set(ni, k)
		}
	}
}

// summaryRow: the sum at b (ending at end) is written on a row of its
// own (nothing but a currency after it) within three lines below the sum
// at a, in the same block (no blank line between): a table's or a
// summary's next rows.
func summaryRow(text string, a, b, end int) bool {
	if b <= a {
		return false
	}
	between := text[a:b]
	if strings.Count(between, "\n") > 3 || strings.Contains(between, "\n\n") || strings.Count(between, "\n") == 0 {
		return false
	}
	if !rowEnds(text, end) {
		return false // "قيمة العقد الإجمالية 64,000.000 د.ك. (...) شاملة": a sentence
	}
	lead := rowLead(text, b)
	return strings.Contains(lineAt(text, b), " | ") || len([]rune(lead)) <= 60 && !strings.Contains(lead, ". ") && !strings.Contains(lead, ";")
}

// lineTotalsAbove: the sum of the line totals (each line's last sum,
// keyed price or amount) of the rows above at in its block, in currency
// cur; false when fewer than two lines hold one.
func lineTotalsAbove(facts []Fact, cands []candidate, before []int, text string, at int, cur string) (float64, bool) {
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	bs := ls - len(blockAbove(text, at, 30))
	last := map[int]int{} // line start -> the fact written last on it
	for _, i := range before {
		s := cands[i].start
		if s < bs || s >= ls || facts[i].Currency != cur {
			continue
		}
		l := strings.LastIndexByte(text[:s], '\n') + 1
		if j, ok := last[l]; !ok || cands[j].start < s {
			last[l] = i
		}
	}
	sum, n := 0.0, 0
	for _, i := range last {
		if k := facts[i].Key; k != "price" && k != "amount" {
			return 0, false // a total or a tax above: not a plain list of lines
		}
		sum += *facts[i].Amount
		n++
	}
	return sum, n >= 2
}

// reCommaFour: a table cell holding one number with four decimals after
// a decimal comma ("0,1785", "1.234,5678").
var reCommaFour = regexp.MustCompile(`^[\s*_|]*([0-9]{1,3}(?:\.[0-9]{3})*,[0-9]{4})[\s*_|]*$`)

// commaFourCell: M4's match in a table cell of a document writing
// decimal commas (submatch 1 the number), nil if none.
func (x *extractor) commaFourCell(cell string) []int {
	if !x.decimalComma {
		return nil
	}
	return reCommaFour.FindStringSubmatchIndex(cell)
}

// totalRowsMoneyKeys applies MT2, MV2, MI2 and MF2 after the money keys of rounds 20 and 21 and
// before arabicTwins (handle.go), so that the Arabic twin of a fee
// re-keyed here is dropped; facts and cands are aligned.
func totalRowsMoneyKeys(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	isTender := tenderOnce(text)
	set := func(i int, k string) { facts[i].Key, facts[i].Label = k, moneyLabel(k) }
	for i, f := range facts {
		if f.Type != TypeMoney {
			continue
		}
		at := cands[i].startIn(text)
		switch f.Key {
		case "amount", "total_amount", "security_deposit":
			if k := citedValue(text, at, f.Key); k != "" {
				set(i, k) // MV2, MI2
			}
		case "fee", "price":
			if takePartFee(text, at) && isTender() {
				set(i, "tender_fee") // MT2
			}
		case "share_capital":
			if reFinancialThreshold.MatchString(tail(moneySentence(text, at), 90)) {
				set(i, "amount") // MF2: "Minimum working capital ...: OMR"
			}
		}
	}
}

var (
	// reTakePartFee: the price of taking part named before a sum in its
	// sentence or on its row: a non-refundable fee, a registration,
	// application or pre-qualification fee, documents had against a fee,
	// the price of a copy of the tender (ثمن نسخة المناقصة، رسم التسجيل).
	reTakePartFee = regexp.MustCompile(`(?i)\bnon-?refundable\b|\b(?:registration|pq|pre-?qualification|application|participation|enrol(?:l)?ment|eoi|tender|bid|bidding|rfq|rfp)\s+(?:documents?\s+)?fees?\b|\bdocuments?\b[^.;]{0,80}\b(?:against|for|on\s+payment\s+of)\s+(?:a|the)\s+(?:\w+\s+){0,2}?fee\b|غير\s+(?:مسترد|مستردة|قابل(?:ة)?\s+للاسترداد)|(?:ثمن|قيمة|سعر)\s+(?:ال)?(?:نسخة|نسخ|وثائق|كراسة|كراسات|مستندات)|(?:رسم|رسوم)\s+(?:ال)?(?:تسجيل|تأهيل|اشتراك|مشاركة|وثائق|كراسة)`)
	// reTenderTitleTotalRows: a tender's, an RFQ's, a call's or a
	// pre-qualification's title at the top of a text.
	reTenderTitleTotalRows = regexp.MustCompile(`(?i)\b(?:pre-?qualification|tender\s+notice|invitation\s+(?:to|for)\s+(?:tender|bid)s?|request\s+for\s+(?:quotations?|proposals?)|expressions?\s+of\s+interest)\b|(?:إعلان|دعوة)\s+(?:عن\s+)?(?:مناقصة|لتقديم\s+العطاءات)|طلب\s+(?:عروض|تأهيل)`)
	// reQuotedFee: a fee the bidder is to quote or keep under a cap.
	reQuotedFee = regexp.MustCompile(`(?i)\b(?:quoted?|not\s+exceed|budget|ceiling|maximum)\b|لا\s+(?:تتجاوز|يتجاوز|تزيد|يزيد)|الحد\s+الأقصى`)
)

// takePartFee: the sum at at is the price of taking part: its sentence
// (the last 160 bytes before it) or its row's label names it, and no cap
// or quote is named right before it.
func takePartFee(text string, at int) bool {
	sent := tail(moneySentence(text, at), 160) // over the sentence's line breaks
	line := lineAt(text, at)
	if strings.Contains(line, " | ") {
		sent = firstCell(strings.Trim(line, " |")) + " " + sent
	}
	return reTakePartFee.MatchString(sent) && !reQuotedFee.MatchString(tail(sent, 80))
}

var (
	// reValueOfAR: "بقيمة (إجمالية) قدرها" right before a sum;
	// reContractWordAR: a contract named in the sentence.
	reValueOfAR      = regexp.MustCompile(`(?:^|\s)و?بقيمة\s+(?:(?:ال)?(?:إجمالية|اجمالية|كلية|تعاقدية)\s+)?(?:قدرها|تبلغ|مقدارها)\s*$`)
	reContractWordAR = regexp.MustCompile(`(?:^|\s)(?:ال|لل|بال)?(?:عقد|اتفاقية)(?:\s|$)`)
	// reWorksValue: "تبلغ قيمة أعمال ... بموجب العقد الفرعي", "the value
	// of the works under the Subcontract is" right before a sum.
	reWorksValue = regexp.MustCompile(`(?i)(?:تبلغ|بلغت|يبلغ|وتبلغ)\s+(?:ال)?قيمة\s+[^.؛\n]{0,60}?(?:بموجب|في|وفق)\s+(?:ال)?(?:عقد|اتفاقية)(?:\s+(?:ال)?فرعي(?:ة)?)?\s*$|\bvalue\s+of\s+(?:the\s+)?[^.;]{0,60}?\bunder\s+(?:the|this)\s+(?:sub-?)?(?:contract|agreement)\s+(?:is|amounts\s+to|was)\s*$`)
	// reInsuranceAR: an insurance named (not التأمين of a bond).
	reInsuranceAR = regexp.MustCompile(`التأمين\s+(?:الشامل|ضد|على)|(?:وثيقة|وثائق|بوليصة|بوالص)\s+(?:ال)?تأمين|تأمين\s+(?:ضد|على|المسؤولية)`)
	// reMinimumAR: "بحد أدنى قدره", "لا تقل قيمتها عن" right before a sum.
	reMinimumAR = regexp.MustCompile(`(?:بحد\s+(?:أدنى|ادنى)|لا\s+(?:يقل|تقل)\s+(?:مبلغه|مبلغها|قيمته|قيمتها|غطاؤه|تغطيتها)?\s*عن)\s*(?:قدره|مقداره)?\s*$`)
)

// citedValue: MV2's or MI2's key for a sum keyed key at at, or "".
func citedValue(text string, at int, key string) string {
	sent := moneySentence(text, at)
	near := tail(sent, 120)
	switch {
	case key == "security_deposit":
		if reMinimumAR.MatchString(tail(sent, 40)) && reInsuranceAR.MatchString(sent) {
			return "insurance_cover" // "بوالص التأمين الشامل ... بحد أدنى مقداره": no deposit
		}
		return ""
	case reValueOfAR.MatchString(near) && reContractWordAR.MatchString(sent) && !reBondNounKeyConventions.MatchString(tail(sent, 60)):
		return "contract_value"
	case reWorksValue.MatchString(near):
		return "contract_value"
	case reMinimumAR.MatchString(tail(sent, 40)) && reInsuranceAR.MatchString(sent):
		return "insurance_cover"
	}
	return ""
}

// reBracketCurrency: MB2, a figure in brackets and the currency right
// after it.
var reBracketCurrency = regexp.MustCompile(`\(\s*(` + numPat + `)\s*\)[ \x{00a0}]?(` + reCurPhrase.String() + `)`)

// bracketCurrency: MB2's figures of t, as [figure start, figure end,
// currency start, currency end]; not when a figure follows the currency
// ("(1) OMR 500.000") or the currency is the start of a longer word.
func bracketCurrency(t string) [][4]int {
	if !strings.Contains(t, "(") {
		return nil
	}
	var out [][4]int
	for _, m := range reBracketCurrency.FindAllStringSubmatchIndex(t, -1) {
		end := m[len(m)-1]
		rest := []rune(strings.TrimLeft(t[end:], " \u00a0"))
		if len(rest) > 0 && hasDigit(string(rest[:min(len(rest), 2)])) {
			continue
		}
		if end < len(t) && t[end] < 0x80 && (t[end] >= 'a' && t[end] <= 'z' || t[end] >= 'A' && t[end] <= 'Z') {
			continue // "(2) Rialto"
		}
		out = append(out, [4]int{m[2], m[3], m[len(m)-2], end})
	}
	return out
}

// arabicGrouped: MG, s is written with the Arabic thousands separator,
// which is never a decimal sign.
func arabicGrouped(s string) bool {
	return strings.ContainsRune(s, '\u066C')
}

// tenderOnce: whether text is a tender's, an RFQ's or a call's, worked
// out on the first ask only.
func tenderOnce(text string) func() bool {
	tender := -1
	return func() bool {
		if tender < 0 {
			tender = 0
			if isTenderText(text) || reCallText.MatchString(prefixBytes(text, 300)) || reTenderTitleTotalRows.MatchString(prefixBytes(text, 300)) {
				tender = 1
			}
		}
		return tender == 1
	}
}
