package documentfacts

import (
	"regexp"
	"strings"
)

// Round 24 of money keys (issue 29, session 24; table tests in
// money_claims_caps_test.go). Each rule names a family of wording or layout, not a
// document:
//
//   - CT: the rows of a table of sums one side claims from the other (a
//     notice of termination, a claim, a statement of dues; the currency
//     often only in the header). A row naming accrued delay penalties or
//     fines (غرامات التأخير المتراكمة, "Liquidated damages accrued") is a
//     `penalty_amount`; the extra cost of buying elsewhere (فرق تكلفة
//     الشراء من المورد البديل, "Excess cost of replacement purchases") an
//     `amount`; a row that takes a sum away (يخصم: فواتير مستحقة, "Deduct:
//     unpaid invoices") an `amount`, unless it names a discount; the net
//     due (صافي المستحق للمشتري, "Net amount due to the Buyer") an
//     `amount` (decision 61), except in a priced document (an invoice, a
//     quotation, an order), whose net is its own. A row of one sum only:
//     a priced line (quantity, unit price, total) is no claim's row.
//   - DC: the cap on the deductions, fines or service credits of a period
//     ("على ألا يتجاوز مجموع الخصومات في الشهر الواحد", "total deductions
//     in any month shall not exceed", "Service credits ... are capped at")
//     is a `penalty_amount`, as a cap on liquidated damages is; deductions
//     from a salary to repay a loan are not.
//   - HR (decision 64): the hire of equipment or a vessel ("Charter hire
//     is USD 21,500 per month", a row "Hire, per day | 1,450.500", "The
//     daily hire rate of the excavator shall be", أجرة استئجار الرافعة)
//     is `rent`; a row of overtime, mobilisation or an item stays a
//     price, a total row its total; "each new hire" is no hire of goods.
//   - LC (decision 48): a late-payment charge as a sum in a table's row
//     ("Late payment fee / رسوم التأخر في السداد | BHD 15 per late
//     instalment") or keyed a fee or a price in a sentence ("A late
//     payment charge of QAR 500") is a `penalty_amount`, as money_conventions.go
//     makes such an `amount` one.
//   - FS (decision 19): a fee table by stage or phase ("المرحلة |
//     المبلغ (ريال سعودي)" under "المادة (2): أتعاب الاستشاري", "| المرحلة |
//     القيمة |" under "## الأتعاب") lists each stage's fee, a `price`,
//     not a payment schedule's `amount`: the caption above the table names
//     the fees and neither it nor the header names a payment, an
//     instalment or a share ("a total fee of ... in the following
//     instalments:" over "Stage | Fee" is a payment schedule).
//   - OF: الرسمي / رسمية (official: the official uniform, an official
//     translation, official holidays) is no رسم (a fee): lastWordIndex
//     does not take رسم followed by the adjective's ي for the fee word.

// claimsCapsMoneyFacts applies CT and DC (handle.go, after tableHeadersMoneyFacts); facts
// and cands are aligned.
func claimsCapsMoneyFacts(facts []Fact, cands []candidate, text, docType string) {
	if len(facts) != len(cands) {
		return
	}
	priced := docType == "invoice" || docType == "quotation" || docType == "purchase_order"
	for i := range facts {
		f := &facts[i]
		if f.Type != TypeMoney {
			continue
		}
		at, line := cands[i].atLine(text)
		k := ""
		if strings.Contains(line, " | ") {
			label := rowLabelAt(line)
			if sumCells(line) == 1 {
				k = claimRowKey(label, f.Key, priced)
			}
			if k == "" && (f.Key == "price" || f.Key == "fee" || f.Key == "amount") && reHireRow.MatchString(label) && !reTotalWord.MatchString(label) {
				k = "rent" // HR
			}
			if k == "" && (f.Key == "price" || f.Key == "fee" || f.Key == "amount") && reLateRow.MatchString(label) {
				k = "penalty_amount" // LC
			}
			if k == "" && f.Key == "amount" && feeStageRow(text, at, label) {
				k = "price" // FS
			}
		} else {
			sent := moneySentence(text, at)
			k = deductionCapKey(sent, f.Key)
			if k == "" && (f.Key == "price" || f.Key == "fee" || f.Key == "amount") && reHireBefore.MatchString(tail(sent, 120)) && !reHireStaff.MatchString(sent) {
				k = "rent" // HR
			}
			if k == "" && (f.Key == "price" || f.Key == "fee") && reLateInterest.MatchString(tail(sent, 160)) {
				k = "penalty_amount" // LC
			}
		}
		if k != "" && k != f.Key {
			f.Key, f.Label = k, moneyLabel(k)
		}
	}
}

// rowLabelAt is the label cell of a table row's line (the first cell,
// or the description after a reference cell).
func rowLabelAt(line string) string {
	cs := strings.Split(line, " | ")
	if len(cs) > 2 && reRefCellTableHeaders.MatchString(cs[0]) {
		return cs[1]
	}
	return cs[0]
}

// sumCells counts the cells of a row after its label that hold a
// figure: a claim's row is a label and one sum; a priced line (a
// quantity, a unit price, a line total: "فرق سعر حليب | 120 | 0.375 |
// 45.000" in a credit note) is no claim's row.
func sumCells(line string) int {
	cs := strings.Split(line, " | ")
	n := 0
	for k, c := range cs {
		if k == 0 || k == 1 && len(cs) > 2 && reRefCellTableHeaders.MatchString(cs[0]) {
			continue
		}
		if hasDigit(c) {
			n++
		}
	}
	return n
}

// claimRowKey: the key a row's sum keyed key takes by its label (CT),
// or "" to keep it.
func claimRowKey(label, key string, priced bool) string {
	label = strings.TrimSpace(label)
	switch {
	case reTotalWord.MatchString(label):
		return ""
	case (key == "price" || key == "fee" || key == "amount" || key == "subtotal") && rePenaltyRow.MatchString(label) && !reRateWord.MatchString(label):
		return "penalty_amount"
	case (key == "price" || key == "fee" || key == "subtotal") && reCostDiff.MatchString(label):
		return "amount"
	case key == "discount" && reDeductLead.MatchString(label) && !reDiscountWord.MatchString(reDeductLead.ReplaceAllString(label, "")):
		return "amount"
	case !priced && (key == "subtotal" || key == "total_amount" || key == "net_amount" || key == "price") && reNetDueClaimsCaps.MatchString(label):
		return "amount"
	}
	return ""
}

// deductionCapKey: the key a sum keyed key in sentence sent (up to the
// sum) takes when it caps deductions or penalties (DC), or "".
func deductionCapKey(sent, key string) string {
	if key != "amount" && key != "total_amount" && key != "price" && key != "fee" {
		return ""
	}
	near := tail(sent, 160)
	if !reCapWordClaimsCaps.MatchString(near) || !reDeductionsNoun.MatchString(near) || reSalaryLoan.MatchString(sent) {
		return ""
	}
	return "penalty_amount"
}

var (
	reLateRow           = regexp.MustCompile(`(?i)\blate[\s-]+(?:payment\s+)?(?:interest|charges?|fees?|penalt(?:y|ies))\b|\b(?:default|delay|overdue|penalty)\s+interest\b|(?:فوائد|فائدة|غرامة|غرامات|رسوم)\s+(?:ال)?(?:تأخير|تاخير|التأخر|التأخير)(?:\s+في\s+(?:ال)?سداد|\s+عن\s+(?:ال)?سداد|\s+(?:ال)?سداد)`)
	reHireRow           = regexp.MustCompile(`(?i)^[\s*_]*(?:(?:daily|monthly|weekly|hourly|annual)\s+)?(?:charter\s+|bareboat\s+|time\s+charter\s+)?hire(?:\s+(?:rate|charges?))?\b\s*(?:[,(/-]\s*(?:per|a|each)\s+\w+\)?)?\s*(?:\(|$)|^[\s*_]*(?:أجرة|اجرة|بدل)\s+(?:ال)?(?:استئجار|تأجير|تاجير)`)
	reHireStaff         = regexp.MustCompile(`(?i)\b(?:new|each|every|per|successful)\s+hires?\b|\bhir(?:e|ing)\s+(?:of\s+)?(?:staff|employees?|personnel|workers|candidates?)\b`)
	reHireBefore        = regexp.MustCompile(`(?i)\b(?:charter\s+|bareboat\s+)?hire(?:\s+(?:rate|charges?))?\s+(?:of\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+)?(?:is|shall\s+be|will\s+be|amounts?\s+to|of|at|:)\s*(?:[A-Z]{3}|US\$|\$)?\s*$|(?:أجرة|اجرة|بدل)\s+(?:ال)?(?:استئجار|تأجير|تاجير)\s+[^.؛]{0,40}$`)
	rePenaltyRow        = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:ال)?(?:غرامات|غرامة|جزاءات|الجزاءات)(?:$|[^\p{L}])|\bliquidated\s+damages\b|\b(?:delay|late(?:ness)?|late\s+delivery)\s+penalt(?:y|ies)\b|\bpenalt(?:y|ies)\s+(?:for\s+delay|accrued|to\s+date)\b`)
	reRateWord          = regexp.MustCompile(`(?i)%|\bper\s+cent\b|\brate\b|نسبة`)
	reCostDiff          = regexp.MustCompile(`(?i)فرق\s+(?:ال)?(?:تكلفة|تكاليف|سعر|أسعار)|(?:ال)?(?:تكلفة|تكاليف)\s+(?:ال)?إضافية|\b(?:excess|additional|extra)\s+costs?\s+of\s+(?:replacement|substitute|alternative|purchas|procur|buying)|\b(?:cost|price)\s+difference\b|\bdifference\s+in\s+(?:the\s+)?(?:cost|price)\b`)
	reDeductLead        = regexp.MustCompile(`(?i)^[\s*_(]*(?:يخصم|تخصم|يطرح|deduct(?:ed)?|less)\s*[:：]?`)
	reDiscountWord      = regexp.MustCompile(`(?i)\b(?:discounts?|rebates?)\b|خصم|الخصم|تخفيض|التخفيض`)
	reNetDueClaimsCaps  = regexp.MustCompile(`(?i)صافي\s+(?:ال)?(?:مبلغ\s+)?(?:ال)?مستحق|(?:ال)?مبلغ\s+(?:ال)?صافي\s+(?:ال)?مستحق|\bnet\s+(?:amount\s+|sum\s+|balance\s+)?(?:due|payable|owed|owing)\b`)
	reCapWordClaimsCaps = regexp.MustCompile(`(?i)يتجاوز|تتجاوز|يزيد|تزيد|\bexceed(?:s)?\b|\bcapped\b|\bnot\s+more\s+than\b|\bmaximum\b|حد\s+أقصى|بحد\s+أقصى`)
	reDeductionsNoun    = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:ال)?(?:خصومات|غرامات|جزاءات)(?:$|[^\p{L}])|\b(?:deductions|penalties|service\s+credits)\b`)
	reSalaryLoan        = regexp.MustCompile(`(?i)\b(?:salary|wages?|loan|advance)\b|راتب|الراتب|أجر|الأجر|سلفة|السلفة|قرض|القرض`)
)

// officialNotFee: w, found at s[i:j], is رسم (fee) but is the start of
// the adjective رسمي / رسمية (official) (OF).
func officialNotFee(s string, j int, w string) bool {
	return strings.HasSuffix(w, "رسم") && strings.HasPrefix(s[j:], "ي")
}

// BC: a bare ريال or دينار whose family no currency of the document names
// (bareCurrency, key_bare_currency_rows.go) is the currency of the one country of the
// family the document names by a city or the state (الرياض، جدة،
// الدمام، السعودية → SAR; الدوحة، قطر → QAR; مسقط، صلالة، صحار، سلطنة
// عمان → OMR; الكويت → KWD; البحرين، المنامة → BHD; الأردن → JOD);
// two countries of the family named, none.

// reRiyalEN, reDinarEN: BC's English bare words ("50,000 Riyals",
// "12,500 Dinars"; money.go's currency words take "Dinars" alone too).
var (
	reRiyalEN = regexp.MustCompile(`(?i)^(?:rials?|riyals?)$`)
	reDinarEN = regexp.MustCompile(`(?i)^dinars?$`)
)

// countryCurrency is BC's code for family (the codes bareCurrency
// weighs), or "".
func countryCurrency(text string, family map[string]bool) string {
	found := ""
	for code, re := range countryWords {
		if !family[code] || !re.MatchString(text) {
			continue
		}
		if found != "" {
			return ""
		}
		found = code
	}
	return found
}

var countryWords = map[string]*regexp.Regexp{
	"SAR": regexp.MustCompile(`(?i)السعودية|الرياض|جدة|الدمام|الخبر|مكة\s+المكرمة|المدينة\s+المنورة|\bsaudi\b|\briyadh\b|\bjeddah\b|\bdammam\b`),
	"QAR": regexp.MustCompile(`(?i)قطر|الدوحة|\bqatar\b|\bdoha\b`),
	"OMR": regexp.MustCompile(`(?i)سلطنة\s+عمان|مسقط|صلالة|صحار|نزوى|\boman\b|\bmuscat\b|\bsalalah\b|\bsohar\b`),
	"KWD": regexp.MustCompile(`(?i)الكويت|\bkuwait\b`),
	"BHD": regexp.MustCompile(`(?i)البحرين|المنامة|\bbahrain\b|\bmanama\b`),
	"JOD": regexp.MustCompile(`(?i)الأردن|الاردن|الأردنية|\bjordan\b`),
}

// feeStageRow: the row at text[at] with label is a stage's fee (FS).
func feeStageRow(text string, at int, label string) bool {
	if reTotalWord.MatchString(label) {
		return false
	}
	head, caption := tableCaption(text, at)
	cells := strings.Split(head, " | ")
	first := strings.Trim(cells[0], " *_|")
	return reStageHead.MatchString(first) && !rePayHead.MatchString(head) && reFeeCaption.MatchString(caption) && !rePayHead.MatchString(caption)
}

// tableCaption: the header line of the table whose row holds at, and
// the first non-blank line above it (a heading's # marks kept).
func tableCaption(text string, at int) (head, caption string) {
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	for {
		line := lineAt(text, ls)
		if !strings.Contains(line, " | ") && !strings.HasPrefix(strings.TrimSpace(line), "|") {
			break
		}
		if !reMdRule.MatchString(line) {
			head = line
		}
		if ls == 0 {
			return head, ""
		}
		ls = strings.LastIndexByte(text[:ls-1], '\n') + 1
	}
	for k := 0; k < 3; k++ {
		if line := strings.TrimSpace(lineAt(text, ls)); line != "" {
			return head, line
		}
		if ls == 0 {
			break
		}
		ls = strings.LastIndexByte(text[:ls-1], '\n') + 1
	}
	return head, ""
}

var (
	reMdRule     = regexp.MustCompile(`^[\s|:-]+$`)
	reStageHead  = regexp.MustCompile(`(?i)^(?:stages?|phases?|(?:ال)?مرحلة|(?:ال)?مراحل)$`)
	rePayHead    = regexp.MustCompile(`(?i)\b(?:payments?|instal?ments?|milestones?)\b|%|دفعة|الدفعة|دفعات|الدفعات|قسط|أقساط|الأقساط|نسبة|النسبة`)
	reFeeCaption = regexp.MustCompile(`(?i)\bfees?\b|أتعاب|الأتعاب|اتعاب|الاتعاب`)
)
