package documentfacts

import (
	"math"
	"regexp"
	"sort"
	"strings"
)

// Money: amounts with their currency (before or after the number, in
// codes, symbols and words), their key from the nearest cue, unit and
// line prices, the key an instalment inherits, bare numbers under a
// currency-named table column, and how often an amount is due.

var (
	// numPat: 1,250.500 | 1.250,50 | 228,50 (a decimal comma: one or
	// two digits after it) | 1250.5 | ٩٫٨٤٠٫٠٠٠٫٠٠ (the Arabic decimal
	// sign grouping thousands as well, two decimals: arabicPoints)
	numPat   = D + `{1,3}(?:٫` + D + `{3})+٫` + D + `{2}|` + D + `{1,3}(?:[,٬،]` + D + `{3})+(?:[.٫]` + D + `+)?|` + D + `{1,3}(?:\.` + D + `{3})+,` + D + `{1,2}|` + D + `+,` + D + `{1,2}|` + D + `+(?:[.٫]` + D + `+)?`
	multPat  = `(?:\s?(?:(?:million|mn|m|thousand|k)\b|مليون|ألف|الف))?`
	curWords = `US\$|\$|€|£|USD|OMR|AED|SAR|EUR|QAR|KWD|BHD|JOD|EGP|GBP|CHF|INR|R\.O\.?|RO\b|(?-i:\b(?:BD|KD|QR|Dhs|SR)\b)|Omani Rials?|Rials? Omani|Rial Omani|Omani Riyals?|Saudi Riyals?|Qatari Riyals?|Bahraini Dinars?|Kuwaiti Dinars?|UAE Dirhams?|Dirhams?|US Dollars?|Dollars?|Euros?|Pounds? Sterling|Egyptian Pounds?|Jordanian Dinars?|Rials?|Riyals?|Dinars?|` +
		`ر\.ع\.?|ر\.ع|ريال عماني|ريال العماني|ريالات عمانية|ريالا عمانيا|ريالاً عمانياً|ريال سعودي|ريال قطري|ر\.س\.?|ر\.ق\.?|دينار بحريني|دينار كويتي|د\.ب\.?|د\.ك\.?|درهم إماراتي|درهم|د\.إ\.?|دولار أمريكي|دولار|يورو|جنيه مصري|جنيهاً مصرياً|جنيها مصريا|ج\.م\.?|دينار أردني|ديناراً أردنياً|دينارا أردنيا|د\.أ\.?|` + bareArabicCur
	reMoneyBefore = regexp.MustCompile(`(?i)(` + curWords + `)\s?(` + numPat + `)(` + multPat + `)`)
	reMoneyAfter  = regexp.MustCompile(`(?i)(` + numPat + `)(` + multPat + `)\s?(` + curWords + `)`)
)

// money finds amounts with their currency. In a table's data row
// (headerCells is the table's first row), an amount whose row states no
// cue is a line price, and a bare number in a column whose header names
// a currency ("Amount (OMR)") is an amount in that currency.
func (x *extractor) money(t string, base int, prev, headerCells string) {
	seen := map[[2]int]bool{}
	dataRow := headerCells != ""
	first := len(x.cands)
	emit := func(ms, me int, cur, num, mult string) {
		x.stop.step() // stop.go
		if seen[[2]int{ms, me}] {
			return
		}
		seen[[2]int{ms, me}] = true
		v, ok := x.parseAmount(num)
		if !ok {
			return
		}
		switch strings.ToLower(strings.TrimSpace(mult)) {
		case "million", "mn", "m", "مليون":
			v *= 1e6
		case "thousand", "k", "ألف", "الف":
			v *= 1e3
		}
		code, sure := currencyCode(cur, x.omani)
		if code == "" {
			code, sure = x.bareCurrency(cur) // key_bare_currency_rows.go
		}
		f := Fact{Type: TypeMoney, Key: "amount", Label: "Amount", Value: t[ms:me], CurrencySymbol: strings.TrimSpace(cur), Method: "pattern", Confidence: 0.8}
		ctx := wrappedCtx(t, ms, prev)
		c, at, cued := translatedCue(ctx, moneyCues)
		if cued {
			// "an advance of 10% of the Subcontract Price before VAT, OMR
			// 33,938.050", "دفعة مقدمة بنسبة 10% من قيمة العقد قبل الضريبة،
			// أي ...": a cue in the base of a percentage names the base,
			// not the amount; the cue before the percentage does.
			if locs := rePercentOf.FindAllStringIndex(ctx[:at], -1); len(locs) > 0 {
				p := locs[len(locs)-1][0]
				if !strings.ContainsAny(ctx[p:at], ".;؛") {
					if c2, at2, ok2 := translatedCue(ctx[:p], moneyCues); ok2 {
						c, at = c2, at2
					}
				}
			}
		}
		if cued && c.key == "total_amount" && strings.HasSuffix(lowerASCII(ctx[:at]), "in ") {
			cued = false // "in total not more than EUR 6.250": a bound, not a total
		}
		near := cued && cueAttached(ctx[at+cueLen(ctx[at:], c):])
		unit := unitAfter(t[me:min(len(t), me+30)]) && !reBoundBefore.MatchString(t[max(0, ms-30):ms])
		colKey := ""
		dataRow := dataRow && !proseCell(t, ms)
		if dataRow {
			colKey = columnKey(t, ms, headerCells)
		}
		switch {
		case colKey == "tax_amount" && !shortRow(t, headerCells):
			// A line's amount under a tax column is its tax.
			f.Key, f.Label, f.Method, f.Confidence = colKey, columnLabel(colKey), "table", 0.85
		case dataRow && cued && c.key == "fee" && reTotalRowLead.MatchString(t[:ms]):
			// "Total monthly fee | 7,225.500", "إجمالي الرسوم السنوية":
			// the total of a fee table, whose rows are line prices.
			f.Key, f.Label, f.Method, f.Confidence = "total_amount", "Total amount", "table", 0.85
		case dataRow && cued && strings.TrimSpace(t[:ms]) != "":
			// A cue in the row before the amount ("Delivery fee | OMR
			// 20", "VAT 5% | OMR 50.000").
			f.Key, f.Label, f.Method, f.Confidence = c.key, c.label, "labeled_field", 0.88
		case dataRow:
			f.Key, f.Label, f.Method, f.Confidence = colKey, columnLabel(colKey), "table", 0.85
		case cued && unit && !near && c.key != "penalty_amount" && c.key != "liability_cap" && rePerUnitAfter.MatchString(t[me:min(len(t), me+30)]):
			// "Pages above the monthly allowance are charged at RO 0.012
			// per page": the unit after the amount says more than a cue
			// words away from it.
			f.Key, f.Label, f.Method, f.Confidence = "price", "Unit price", "pattern", 0.8
		case cued:
			f.Key, f.Label, f.Method, f.Confidence = c.key, c.label, "labeled_field", 0.88
		}
		if f.Key == "amount" && f.Method == "pattern" && reDepositAfter.MatchString(t[me:min(len(t), me+120)]) {
			// "a sum of EGP 90,000 (ninety thousand pounds) as a security
			// deposit", "مبلغ ٩٠٬٠٠٠ جنيه تأميناً يرد إليه": the word after
			// the amount says what it is for.
			f.Key, f.Label, f.Method, f.Confidence = "security_deposit", "Security deposit", "clause", 0.85
		}
		if f.Key == "amount" && f.Method == "pattern" && unit {
			// "OMR 3.250 per box", "USD 12 each": a unit price.
			f.Key, f.Label, f.Method, f.Confidence = "price", "Unit price", "pattern", 0.8
		}
		if (f.Key == "amount" && f.Method == "pattern" || f.Key == "total_amount") && reARContractValue.MatchString(strings.TrimRight(ctx, " (")) {
			// "تبلغ القيمة السنوية التقديرية لهذه الاتفاقية 612,400.000
			// ر.ع.": the value of this agreement, its words apart; so is
			// a figure in brackets after it, its currency in words
			// (money_currency_words.go).
			f.Key, f.Label, f.Method, f.Confidence = "contract_value", "Contract value", "labeled_field", 0.85
		}
		if (f.Key == "fee" || f.Key == "price") && reBoundBefore.MatchString(t[max(0, ms-30):ms]) && reRepayWord.MatchString(sentenceBefore(t, ms)) {
			// "you shall repay the licence fees paid on your behalf, up
			// to OMR 240.000": a cap on what is repaid, an amount.
			f.Key, f.Label, f.Method = "amount", "Amount", "clause"
		}
		if deductedCap(f.Key, strings.TrimSpace(prev)+" "+t[:ms], t[max(0, ms-30):ms]) { // money_table_codes.go
			f.Key, f.Label, f.Method = "penalty_amount", "Penalty", "clause"
		}
		if f.Key == "total_amount" && matches(reOtherDocTotal, ctx) { // prefilter.go
			// "Original invoice total | BHD 2,451.075" in a credit note:
			// the total of another document, an amount here.
			f.Key, f.Label = "amount", "Amount"
		}
		if f.Key == "rent" && reHireWordAR.MatchString(ctx[at:]) && !x.leaseDoc() {
			// "أجرة زيارة الطوارئ 45.000 ر.ع.": أجرة is the hire of a
			// service outside a lease, a fee.
			f.Key, f.Label = "fee", "Fee"
		}
		if (f.Key == "amount" || f.Key == "liability_cap") && x.bidBondDoc() {
			// A bank's tender guarantee: the sum it undertakes to pay,
			// however the letter words the cap, is the bid bond.
			f.Key, f.Label, f.Method = "bid_bond", "Bid bond", "clause"
		} else if (f.Key == "amount" || f.Key == "liability_cap") && x.performanceBondDoc() {
			// A bank's performance guarantee: the sum it undertakes to
			// pay is the performance bond (the key specification, issue
			// 29: a bond named as such keys what it secures).
			f.Key, f.Label, f.Method = "performance_bond", "Performance bond", "clause"
		}
		if f.Key == "amount" && f.Method == "pattern" && reTenderDocs.MatchString(sentenceBefore(t, ms)) && reDocsBought.MatchString(sentenceBefore(t, ms)) {
			f.Key = "fee" // "Tender documents may be obtained ... upon payment of OMR 30"
		}
		if f.Key == "fee" && (reTenderDocs.MatchString(sentenceBefore(t, ms)) || reApplicationFee.MatchString(sentenceBefore(t, ms)) && isTenderText(x.a.text)) {
			// "buy the tender documents for a non-refundable fee of OMR
			// 50": the tender's fee; so is a tender's or a
			// prequalification's application fee (the key specification).
			f.Key, f.Label = "tender_fee", "Tender fee"
		}
		if cued && instalmentKeys[f.Key] && instalmentsBefore(ctx[at:]) {
			// "a fixed fee of USD 60,000, in two instalments: USD 24,000
			// on signature and ...", "تدفع الأتعاب على ثلاث دفعات: 5,000
			// ر.ع. عند التوقيع": an amount after the instalments its
			// sentence names is an instalment, a part of the price (the
			// key specification: amount). A lease's rent per quarter
			// stays rent.
			f.Key, f.Label = "amount", "Instalment"
		}
		if (f.Key == "amount" || f.Key == "price") && reMinPurchase.MatchString(sentenceBefore(t, ms)) {
			// "shall purchase Products worth not less than EUR 420,000
			// in each year", "بشراء منتجات لا تقل قيمتها عن": a minimum.
			f.Key, f.Label, f.Method, f.Confidence = "minimum_purchase", "Minimum purchase", "clause", 0.85
		}
		if (f.Key == "amount" && f.Method == "pattern" || f.Key == "discount" || f.Key == "fee" && reLateWord.MatchString(sentenceBefore(t, ms))) && (reDelayAfter.MatchString(t[me:min(len(t), me+60)]) ||
			reDailyAfter.MatchString(t[me:min(len(t), me+30)]) && reLateWord.MatchString(sentenceBefore(t, ms)) || matches(reFailureBefore, sentenceBefore(t, ms))) { // prefilter.go
			// "OMR 100.000 per day of delay", "١٠٠ ريال عماني عن كل يوم
			// تأخير", "GBP 5,000 for each breach", "خصم ٥٠ ريالاً عن كل
			// مخالفة": a penalty, whatever word names it.
			f.Key, f.Label, f.Method, f.Confidence = "penalty_amount", "Penalty", "clause", 0.85
		}
		if matches(reDeductBefore, t[max(0, ms-60):ms]) && rePerEventAfter.MatchString(t[me:min(len(t), me+40)]) {
			// "the Client may deduct KWD 15.000 per day", "يخصم العميل
			// مبلغ 500 ر.ق عن كل بلاغ متأخر": a sum deducted for each
			// failure is a penalty (a discount is not charged per event).
			f.Key, f.Label, f.Method, f.Confidence = "penalty_amount", "Penalty", "clause", 0.85
		}
		if (f.Key == "amount" || f.Key == "price") && f.Method == "pattern" || f.Key == "discount" {
			after := t[me:min(len(t), me+40)]
			if reBreachCond.MatchString(sentenceBefore(t, ms)) && (rePerEventAfter.MatchString(after) || reDeductedAfter.MatchString(after) || reDeductBefore.MatchString(t[max(0, ms-60):ms])) {
				// "A Party that breaches clause 7 shall pay ... USD 25,000
				// for each employee solicited", "If the Contractor misses
				// a visit, OMR 80.000 shall be deducted", "إذا تخلف
				// المقاول ... يخصم مبلغ": what a party that fails pays or
				// loses, per event or once, is a penalty.
				f.Key, f.Label, f.Method, f.Confidence = "penalty_amount", "Penalty", "clause", 0.85
			}
		}
		if f.Key == "fee" && reLateWord.MatchString(t[max(0, ms-40):ms]) && reLateFee.MatchString(t[max(0, ms-40):ms]) {
			// "a late fee of SAR 1,500.00 per week", "رسوم تأخير قدرها":
			// a late fee is a penalty (the label guideline).
			f.Key, f.Label, f.Method, f.Confidence = "penalty_amount", "Penalty", "clause", 0.85
		}
		f.Frequency = frequencyAround(t, ms, me)
		amt := v
		f.Amount = &amt
		if code != "" {
			f.Currency = code
			f.Normalized = formatNumber(v) + " " + code
			if !sure {
				f.Confidence -= 0.1
			}
		} else {
			f.Normalized = formatNumber(v)
			f.Confidence -= 0.2
		}
		x.add(candidate{fact: f, start: base + ms, end: base + me, prio: 2})
	}
	var before, after [][]int
	if mm, ok := x.moneyMatched[base]; ok && mm.t == t {
		before, after = mm.before, mm.after // learnNumberStyle's
		delete(x.moneyMatched, base)
	} else {
		before = moneyBeforeAll(t) // findat.go
		after = moneyAfterAll(t)
	}
	// A currency between two numbers ("400,000 USD 0.085") belongs to
	// one of them: the one the document's other amounts write it with
	// (before the number unless most of them put it after).
	shared := map[int]bool{}
	for _, b := range before {
		for _, a := range after {
			if a[6] == b[2] {
				shared[b[2]] = true
			}
		}
	}
	for _, m := range before {
		if shared[m[2]] && x.suffixCurrency {
			continue
		}
		emit(m[0], m[1], t[m[2]:m[3]], t[m[4]:m[5]], t[m[6]:m[7]])
	}
	for _, m := range after {
		if shared[m[6]] && !x.suffixCurrency {
			continue
		}
		emit(m[0], m[1], t[m[6]:m[7]], t[m[2]:m[3]], t[m[4]:m[5]])
	}
	for _, m := range wordsCurrency(t, before, after) {
		// A figure whose currency its words name (money_currency_words.go).
		emit(m[0], m[1], t[m[2]:m[3]], t[m[0]:m[1]], "")
	}
	if dataRow {
		x.tableNumbers(t, base, headerCells)
	}
	if m := reLabelCurrency.FindStringSubmatchIndex(t); m != nil && !seen[[2]int{m[6], m[7]}] {
		// "Total (OMR): 1,050.000", "Amount in OMR: 2,300.500",
		// "الإجمالي (ر.ع.): ١٬٠٥٠٫٠٠٠": the label names the currency.
		emitLabelled(x, t, base, m, "")
	} else if m := reLabelBare.FindStringSubmatchIndex(t); m != nil && !seen[[2]int{m[4], m[5]}] {
		// "Less advance received | -20,000.00" under "Total (AED) |
		// 70,814.77": a summary row takes the currency of the row above.
		cur := x.tableCurrency
		if p := reLabelCurrency.FindStringSubmatch(prev); p != nil {
			cur = p[2]
			if cur == "" {
				cur = p[3]
			}
		}
		if cur != "" {
			if _, ok := nearestCue(t[m[2]:m[3]], moneyCues); ok {
				emitLabelled(x, t, base, []int{m[0], m[1], m[2], m[3], -1, -1, -1, -1, m[4], m[5]}, cur)
			}
		}
	}
	x.inheritMoneyKeys(t, base, first)
}

// cueLen is the length of the cue word c that s starts with.
func cueLen(s string, c cue) int {
	low, n := lowerASCII(s), 0
	for _, w := range c.words {
		if strings.HasPrefix(low, w) && len(w) > n {
			n = len(w)
		}
	}
	return n
}

// cueAttached: between a cue and its amount stand only words that join
// them ("allowance of", "rent: ", "fee amounting to", "غرامة قدرها"), not
// a verb or a noun of another thing ("the monthly allowance are charged
// at", "the allowance costs").
func cueAttached(gap string) bool {
	for _, w := range strings.FieldsFunc(lowerASCII(gap), func(r rune) bool {
		return r == ' ' || r == ':' || r == ',' || r == '(' || r == ')' || r == '-' || r == '=' || r == '|' || r == '*' || r == '،'
	}) {
		if !joinWords[w] && !hasDigit(w) {
			return false
		}
	}
	return true
}

var joinWords = map[string]bool{"of": true, "is": true, "are": true, "be": true, "will": true, "shall": true, "at": true, "a": true, "an": true,
	"the": true, "to": true, "amounting": true, "equal": true, "equals": true, "totalling": true, "totaling": true, "for": true, "fixed": true,
	"monthly": true, "annual": true, "yearly": true, "weekly": true, "daily": true, "per": true, "month": true, "year": true, "in": true,
	"amount": true, "sum": true, "total": true, "net": true, "gross": true, "basic": true, "only": true, "vat": true, "%": true,
	"قدره": true, "قدرها": true, "وقدره": true, "وقدرها": true, "بمبلغ": true, "مبلغ": true, "مبلغاً": true, "بقيمة": true, "قيمته": true,
	"قيمتها": true, "هو": true, "هي": true, "الشهري": true, "الشهرية": true, "السنوي": true, "السنوية": true}

// reLabelCurrency: a line "label (CUR): number" or "label in CUR: number",
// or a row of two cells "Subtotal (AED) | 69,528.50", its label in two
// languages ("Pre-qualification fee (AED) / رسوم التأهيل (درهم) | 500.00")
// (a deduction's minus
// sign is no part of the amount)
// (the whole line).
var reLabelCurrency = regexp.MustCompile(`(?i)^[\s*_-]*([^:|\n()]{1,60}?)\s*(?:[(\[]\s*(?:in\s+)?(` + curWords + `)\s*[)\]](?:\s*/\s*[^:|\n]{1,60}?)?|\bin\s+(` + curWords + `))\s*(?:[:：]|\|)?[\s*_]*[-−–]?\s*(` + numPat + `)[\s*_]*$`)

// rePercentOf: a percentage of a base ("10% of the", "بنسبة 10% من").
var rePercentOf = regexp.MustCompile(`(?i)[0-9٠-٩]+(?:[.,٫][0-9٠-٩]+)?\s*(?:%|٪|per\s*cent|percent)\s+(?:of|من)\s`)

// reDeductBefore: a verb of deducting or withholding shortly before an
// amount; rePerEventAfter: "per day", "for each", "عن كل", "لكل" after it.
var (
	reDeductBefore  = regexp.MustCompile(`(?i)\b(?:deduct|deducts|deducted|withhold|withholds|withheld|charge\s+back)\b[^.;]{0,40}$|(?:يخصم|تخصم|خصم|بخصم|يحسم|تحسم|حسم|بحسم|يقتطع|تقتطع|اقتطاع)[^.؛]{0,40}$`)
	rePerEventAfter = regexp.MustCompile(`(?i)^[\s)]*(?:\([^()]{1,80}\)\s*)?(?:per|for\s+(?:each|every|any))\b|^[\s)]*(?:\([^()]{1,80}\)\s*)?(?:عن\s+كل|لكل|عن\s+أي)`)
)

// reLabelBare: a row of two cells, a label and a number ("Less advance
// received | -20,000.00").
var reLabelBare = regexp.MustCompile(`^[\s*_-]*(\p{L}[^:|\n()]{1,60}?)\s*\|[\s*_]*[-−–]?\s*(` + numPat + `)[\s*_]*$`)

// emitLabelled adds the amount of a reLabelCurrency match, keyed by the
// cue in its label.
func emitLabelled(x *extractor, t string, base int, m []int, cur string) {
	if cur != "" {
	} else if m[4] >= 0 {
		cur = t[m[4]:m[5]]
	} else {
		cur = t[m[6]:m[7]]
	}
	ns, ne := m[8], m[9]
	code, sure := currencyCode(cur, x.omani)
	v, ok := x.parseAmount(t[ns:ne])
	if code == "" || !ok {
		return
	}
	f := Fact{Type: TypeMoney, Key: "amount", Label: "Amount", Value: t[ns:ne], CurrencySymbol: strings.TrimSpace(cur), Currency: code,
		Normalized: formatNumber(v) + " " + code, Method: "labeled_field", Confidence: 0.85, Amount: &v}
	if c, _, ok := translatedCue(t[m[2]:m[3]], moneyCues); ok {
		f.Key, f.Label = c.key, c.label
	}
	if !sure {
		f.Confidence -= 0.1
	}
	x.add(candidate{fact: f, start: base + ns, end: base + ne, prio: 2})
}

var reUnitAfter = regexp.MustCompile(`(?i)^\s*(?:(?:per|/)\s*([a-z]+)\b|each\b|a\s+(?:unit|piece|box)\b|للوحدة|لكل\s+(?:وحدة|قطعة|صندوق|طن|كيلو|متر|لتر)|للقطعة|للصندوق|للطن|للمتر)`)

// reBoundBefore: a minimum or a maximum ("at least € 5.000 per
// call-off") is no unit price.
var reBoundBefore = regexp.MustCompile(`(?i)\b(?:at\s+least|minimum(?:\s+of)?|maximum(?:\s+of)?|up\s+to|not\s+(?:to\s+)?exceed(?:ing)?|(?:not|no)\s+(?:less|more)\s+than|ceiling\s+of|cap\s+of)\s*$|(?:لا\s+يقل\s+عن|لا\s+يزيد\s+على|لا\s+يتجاوز|بحد\s+أدنى|بحد\s+أقصى)\s*$`)

// unitAfter: the words after an amount make it a unit price ("OMR 3.250
// per box", "€ 228,50 per kit", "USD 12 each", "٥ ر.ع. للقطعة"), not a
// rate per period ("per month": a frequency) or a percentage.
func unitAfter(after string) bool {
	m := reUnitAfter.FindStringSubmatch(after)
	if m == nil {
		return false
	}
	switch strings.ToLower(m[1]) {
	case "cent", "centum", "annum", "year", "month", "week", "day", "quarter", "calendar", "the", "a", "an", "cent.":
		return false
	}
	return true
}

// reDailyAfter, reLateWord and reFailureBefore: "AED 250 per day" in a
// sentence about late deliveries, and "For each KPI failure the Client
// may deduct SAR 5,000": penalties.
var (
	reDailyAfter    = regexp.MustCompile(`(?i)^\s*(?:per|for\s+each|for\s+every|a)\s+(?:calendar\s+|working\s+)?day\b|^\s*(?:عن|لكل)\s+(?:كل\s+)?يوم`)
	reLateWord      = regexp.MustCompile(`(?i)\b(?:late|lateness|delay\w*|overdue)\b|تأخير|التأخير|تأخر|التأخر`)
	reFailureBefore = regexp.MustCompile(`(?i)\b(?:for|per)\s+(?:each|every|any)\s+(?:[\w-]+\s+){0,3}(?:failure|breach|violation|default|missed)\b`)
	// rePerUnitAfter: "per page", "per GB": a unit, not "each".
	rePerUnitAfter = regexp.MustCompile(`(?i)^\s*(?:per|/)\s*[a-z]`)
)

// reTenderDocs: the documents of a tender, bought for a fee;
// reMinPurchase: a duty to buy at least an amount, right before it.
var (
	reTenderDocs  = regexp.MustCompile(`(?i)\b(?:tender|bid|bidding|rfp|rfq)\s+documents?\b|مستندات\s+(?:ال)?مناقصة|وثائق\s+(?:ال)?مناقصة|وثائق\s+(?:ال)?عطاء|كراسة\s+(?:ال)?شروط`)
	reMinPurchase = regexp.MustCompile(`(?i)\b(?:purchase|purchases|buy|order)\b[^.;]{0,40}\b(?:not\s+less\s+than|at\s+least|a\s+minimum\s+of|no\s+less\s+than)\s*$|(?:بشراء|شراء)[^.؛]{0,40}(?:لا\s+تقل\s+(?:قيمتها\s+)?عن|بما\s+لا\s+يقل\s+عن|لا\s+يقل\s+عن)\s*$`)
)

// sentenceBefore is the text of t's sentence before at.
func sentenceBefore(t string, at int) string {
	// The last sentence end is looked for in a window before at, widened
	// four times while it holds none clear of its first bytes (where a
	// cut rune or an end that began before it could differ from the
	// whole text's): read over all of t[:at] once per fact, a long
	// document's facts cost its length each (session 24).
	for n := 1024; ; n *= 4 {
		lo := max(0, at-n)
		w := t[lo:at]
		locs := reSentenceEnd.FindAllStringIndex(w, -1)
		if k := len(locs); k > 0 && (lo == 0 || locs[k-1][0] >= 8) {
			return w[locs[k-1][1]:]
		}
		if lo == 0 {
			return w
		}
	}
}

// reBreachCond: a sentence that makes a sum follow a party's breach or
// failure ("A Party that breaches", "If the Contractor fails / misses",
// إذا أخل، إذا تخلف، إذا تأخر).
var reBreachCond = regexp.MustCompile(`(?i)\b(?:breach(?:es|ed)?|fails?|failed|misses|missed|violates?|violated)\b|(?:إذا|اذا|في\s+حال)\s+(?:[^\s.؛،]+\s+){0,2}(?:أخل|اخل|تخلف|تأخر|يتخلف|يخل|لم\s+يقم)`)

// reDeductedAfter: "OMR 250.000 shall be deducted", "will be withheld".
var reDeductedAfter = regexp.MustCompile(`(?i)^[^.;]{0,20}?\b(?:shall|will|is|are|may)\s+be\s+(?:deducted|withheld|charged\s+back)\b`)

// reLateFee: the words of a late fee just before its amount ("late fee
// of", "late payment fee", "رسوم تأخير", "رسم التأخير").
var reLateFee = regexp.MustCompile(`(?i)\b(?:late|delay|overdue)\s+(?:payment\s+)?(?:fee|fees|charge|charges)\b[^.;]{0,20}$|(?:رسوم|رسم)\s+(?:ال)?تأخير[^.؛]{0,20}$`)

var reDelayAfter = regexp.MustCompile(`(?i)^[^.;]{0,30}?(?:\bof\s+delay|\bday\s+late|\bdelay\b|تأخير|التأخير|\b(?:for|per)\s+(?:each|every|any)?\s*(?:breach|violation|infringement|missed\s+\w+|default)\b|(?:عن|لكل)\s+(?:كل\s+)?(?:مخالفة|إخلال|اخلال))`)

// inheritMoneyKeys: in one sentence, an amount with no cue of its own that
// follows a keyed amount is a part of it ("a fixed fee of USD 85,000, in
// three instalments: USD 25,500 on signature, USD 34,000 on delivery and
// USD 25,500 on acceptance"). Totals, subtotals and taxes are not split.
func (x *extractor) inheritMoneyKeys(t string, base, first int) {
	cs := x.cands[first:]
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].start < cs[j].start })
	var last *candidate
	for i := range cs {
		c := &cs[i]
		if c.fact.Type != TypeMoney {
			continue
		}
		if last != nil && c.fact.Key == "amount" && c.fact.Method == "pattern" && c.start >= last.end && !reSentenceEnd.MatchString(t[last.end-base:c.start-base]) {
			c.fact.Key, c.fact.Label, c.fact.Method = last.fact.Key, last.fact.Label, "clause"
			c.fact.Confidence = min(c.fact.Confidence, 0.78)
			continue
		}
		switch c.fact.Key {
		case "amount", "total_amount", "subtotal", "tax_amount", "price", "advance_payment":
			// An advance is not split either: the amount after it is
			// the balance ("30% advance, USD 17,246.31; balance of USD
			// 40,241.38").
			last = nil
		default:
			last = c
		}
	}
}

var reSentenceEnd = regexp.MustCompile(`[.;!?؟؛](?:\s|$)|\n`)

var (
	// reBareNumber: a cell that is a number alone, bold in Markdown, or
	// negative ("-1,310.40", "(1,310.40)": a discount or credit, whose
	// amount is read without its sign).
	reBareNumber  = regexp.MustCompile(`^[\s*_|]*[-−–(]?\s*(` + numPat + `)\)?[\s*_|]*$`)
	reCurrencyCol = regexp.MustCompile(`(?i)(?:^|[\s(\[/]|بال|ب)(` + curWords + `)(?:$|[\s)\]/])`)
)

// tableNumbers reads the bare numbers of a data row whose column header
// names a currency.
func (x *extractor) tableNumbers(t string, base int, headerCells string) {
	heads := strings.Split(headerCells, " | ")
	cells := strings.Split(t, " | ")
	// A row with fewer cells than the header (a subtotal or total row,
	// whose empty cells the readers drop) is aligned on the right: its
	// last cell is under the last column.
	// A header with fewer cells than the row ("| | BHD |", whose empty
	// first cell the readers drop) is aligned on the right too.
	shift := len(heads) - len(cells)
	tableCur := headerCurrency(heads, x.omani)
	off := 0
	for j, cell := range cells {
		start := off
		off += len(cell) + len(" | ")
		i := j + shift
		if j == 0 || i < 0 || i >= len(heads) {
			continue
		}
		m := reBareNumber.FindStringSubmatchIndex(cell)
		if m == nil {
			// "500.00 per late container" under "Service credit (AED)":
			// an amount per unit or event, keyed by its column.
			m = reRateCell.FindStringSubmatchIndex(cell)
		}
		if m == nil {
			m = x.commaFourCell(cell) // "0,1785": money_total_rows.go
		}
		if m == nil {
			continue
		}
		hm := reCurrencyCol.FindStringSubmatch(heads[i])
		if hm == nil && reMoneyColumn.MatchString(heads[i]) && !rateColumn(heads[i]) {
			switch {
			case tableCur != "":
				// "Unit price (OMR) | VAT 5% | Total (OMR)": a money
				// column of a table whose others name one currency.
				hm = []string{"", tableCur}
			case x.docCurrency != "":
				// "All amounts are in Omani Rials": a price, amount or
				// total column is in the document's currency.
				hm = []string{"", x.docCurrency}
			}
		}
		if hm == nil {
			continue
		}
		code, sure := x.tableCode(hm[1]) // money_table_codes.go
		v, ok := x.parseAmount(cell[m[2]:m[3]])
		if code == "" || !ok {
			continue
		}
		k := columnKey(t, start+m[2], headerCells)
		if k == "price" && (shift > 0 && j == 1 && len(cells) == 2 || chargeRow(cells, j)) {
			// "Ocean freight | 2,850.00" under the items: a charge
			// added to them, not a line's price (its label's cue, if
			// any, keys it below).
			k = "amount"
		}
		f := Fact{Type: TypeMoney, Key: k, Label: columnLabel(k), Value: cell[m[2]:m[3]], CurrencySymbol: hm[1], Currency: code,
			Normalized: formatNumber(v) + " " + code, Method: "table", Confidence: 0.8}
		if c, _, ok := translatedCue(rowLabel(cells, heads), moneyCues); ok && !(k == "tax_amount" && shift == 0) && !(c.key == "fee" && cells[0] != rowLabel(cells, heads)) {
			// The row's label ("Subtotal", "VAT 5%") keys its amounts,
			// but a line's amount under a tax column is its tax.
			f.Key, f.Label = c.key, c.label
			if c.key == "fee" && reTotalRowLead.MatchString(t[:start+m[2]]) {
				// "Total monthly fee | 7,225.500": a fee table's total.
				f.Key, f.Label = "total_amount", "Total amount"
			}
		}
		if k := rowKey(rowLabel(cells, heads), f.Key); k != f.Key {
			// "Provisional sum for ...", "Less retention", "Materials
			// on site": a sum that adjusts a bill or a valuation, no
			// line's price; "Net premium": a premium's price
			// (money_table_headers.go).
			f.Key, f.Label = k, moneyLabel(k)
		}
		if !sure {
			f.Confidence -= 0.1
		}
		f.Amount = &v
		x.add(candidate{fact: f, start: base + start + m[2], end: base + start + m[3], prio: 2})
	}
}

// rateColumn: a column of rates ("VAT %", "Tax rate", "النسبة"), not of
// amounts ("VAT 5%" heads each line's tax, "Unit rate" its price).
func rateColumn(h string) bool {
	if !reRateColumn.MatchString(h) {
		return false
	}
	_, ok := nearestCue(h, moneyCues)
	return !ok || reTaxWord.MatchString(h)
}

var reTaxWord = regexp.MustCompile(`(?i)\b(?:vat|tax)\b|ضريبة`)

// headerCurrency is the currency a table's header names, as written,
// when every column that names one names the same; "" otherwise.
func headerCurrency(heads []string, omani bool) string {
	cur, code := "", ""
	for _, h := range heads {
		m := reCurrencyCol.FindStringSubmatch(h)
		if m == nil {
			continue
		}
		c, _ := currencyCode(m[1], omani)
		if c == "" || code != "" && c != code {
			return ""
		}
		cur, code = m[1], c
	}
	return cur
}

// columnKey is the key of an amount at t[at:] in a table's data row by
// the header of its column (the row aligned as tableNumbers aligns it):
// the line's tax under a tax column ("VAT 5% (OMR)", "الضريبة"), a fee,
// rent, salary, allowance, deposit, discount or penalty under a column
// naming one ("Fee (AED)"), an instalment in a payment schedule (a table
// whose first column names the payments: "Milestone", "الدفعة"), and
// otherwise a line price (under "Unit price", "Amount", "Total").
func columnKey(t string, at int, headerCells string) string {
	heads := strings.Split(headerCells, " | ")
	cells := strings.Count(t, " | ") + 1
	i := strings.Count(t[:at], " | ") + max(0, len(heads)-cells)
	key := "price"
	if i < len(heads) {
		head := reTaxable.ReplaceAllString(heads[i], " ")
		if j := strings.Index(head, " / "); j > 0 && !hasArabic(head[:j]) {
			if _, ok := nearestCue(head[:j], moneyCues); ok {
				// "Deduction (OMR) / الخصم (ر.ع.)": a header in two
				// languages says one thing; its English half, whose
				// words are the narrower (خصم is a discount too), keys.
				head = head[:j]
			}
		}
		if c, ok := nearestCue(head, moneyCues); ok {
			switch c.key {
			case "total_amount", "subtotal", "price", "amount", "contract_value", "fee":
				// A line's total, price or value: the line's amount. The
				// rows of a fee table ("Fee (OMR)", "Monthly fee (OMR) /
				// الرسوم الشهرية") are its line amounts too: "unit prices
				// and line amounts are price", "rows of rate and fee
				// tables are price" (the label guideline).
			case "discount":
				if reViolationHead.MatchString(heads[0]) || rePerEventRow.MatchString(strings.Split(t, " | ")[0]) {
					// "المخالفة | الخصم (ر.ع.)", "التأخر في الحضور، لكل
					// ساعة | 35.000": a deduction per failure is a
					// penalty, not a discount.
					return "penalty_amount"
				}
				return c.key
			default:
				// A column of fees, rents, deductions, minimum purchases
				// ("Minimum purchases (USD)"), caps: its key.
				return c.key
			}
		}
	}
	if reScheduleHead.MatchString(heads[0]) || i < len(heads) && reLedgerColumn.MatchString(heads[i]) {
		key = "amount" // (a ledger's column: money_table_headers.go's LG)
	}
	if key == "price" && i < len(heads) && !reMoneyKindHead.MatchString(heads[i]) {
		for j, h := range heads {
			if c, ok := nearestCue(h, moneyCues); ok && c.key == "rent" && j != i {
				// "Year | Annual rent (OMR) | Monthly equivalent (OMR)":
				// a rent table's other column of amounts is rent too
				// (rent rows are `rent`, the label guideline).
				return "rent"
			}
		}
	}
	return key
}

// reMoneyKindHead: a column header naming a kind of amount other than a
// line's ("Deposit", "VAT", "Service charge", التأمين، الضريبة).
var reMoneyKindHead = regexp.MustCompile(`(?i)\b(?:deposit|vat|tax|service\s+charge|discount|fee|fees)\b|تأمين|التأمين|ضريبة|الضريبة|خصم|الخصم|رسوم`)

// reViolationHead: the first column of a table of deductions names the
// failures ("Violation", "Breach", "Failure", "KPI", المخالفة، الإخلال).
var reViolationHead = regexp.MustCompile(`(?i)\b(?:violations?|breach(?:es)?|failures?|kpis?|defaults?)\b|المخالفة|المخالفات|الإخلال|الاخلال|المؤشر`)

// rePerEventRow: a row's label that says the amount is per event ("per
// hour", "for each late report", لكل ساعة، عن كل يوم).
var rePerEventRow = regexp.MustCompile(`(?i)\b(?:per|for\s+(?:each|every))\s+\w+|(?:لكل|عن\s+كل)\s+\S+`)

// proseCell: the cell of a row that holds t[at:] is a sentence, not a
// table's cell: a clause written side by side in two languages after a
// table ("3.2 If the Contractor fails ..., it shall pay the Client OMR
// 150.000 for each hour of delay. | 3.2 إذا تأخر ..."), twelve words or
// more.
func proseCell(t string, at int) bool {
	s := strings.LastIndex(t[:at], " | ")
	if s < 0 {
		s = 0
	}
	e := strings.Index(t[at:], " | ")
	if e < 0 {
		e = len(t)
	} else {
		e += at
	}
	return len(strings.Fields(t[s:e])) >= 12
}

// reTotalRowLead: a table row whose label opens with a total ("Total
// monthly fee", "| Total annual fees", "إجمالي الرسوم", "الإجمالي").
var reTotalRowLead = regexp.MustCompile(`(?i)^[\s|]*(?:\*\*)?(?:(?:grand\s+)?total\b|الإجمالي|الاجمالي|إجمالي|اجمالي|المجموع)`)

// reTaxable: "Taxable amount", "المبلغ الخاضع للضريبة": the amount the
// tax is computed on, not the tax.
var reTaxable = regexp.MustCompile(`(?i)\btaxable\b|(?:ال)?خاضع(?:ة)?\s+لل?ضريبة`)

// shortRow: a data row with fewer cells than its header (a subtotal,
// tax or total row, whose empty cells the readers drop).
func shortRow(t, headerCells string) bool {
	return strings.Count(t, " | ") < strings.Count(headerCells, " | ")
}

// reScheduleHead: the first column of a payment schedule.
var reScheduleHead = regexp.MustCompile(`(?i)^\s*(?:milestones?|instal?lments?|payments?|payment\s+stages?|stages?|الدفعات|الدفعة|الدفعه|المرحلة|المراحل|القسط|الأقساط)\s*$`)

func columnLabel(key string) string {
	switch key {
	case "price":
		return "Line price"
	case "amount":
		return "Instalment"
	}
	for _, c := range moneyCues {
		if c.key == key {
			return c.label
		}
	}
	return "Amount"
}

// reDocCurrency: the document states the currency of all its amounts
// once ("All amounts are in Omani Rials", "Currency: USD", "جميع المبالغ
// بالريال العماني", "العملة: ريال عماني").
var (
	reDocCurrency = regexp.MustCompile(`(?i)(?:\b(?:all\s+)?(?:amounts|prices|figures|values|rates)\s+(?:are\s+)?(?:stated\s+|quoted\s+|expressed\s+|shown\s+)?in|\bcurrency\s*[:：]|(?:جميع\s+)?(?:المبالغ|الأسعار|الاسعار)\s+(?:مبينة\s+|محسوبة\s+)?(?:بـ|ب)|العملة\s*[:：])\s*(?:the\s+)?(` + curWords + `)`)
	// reRateColumn: a rate or a percent sign after no number.
	reRateColumn = regexp.MustCompile(`(?i)\brate\b|نسبة|(?:^|[^0-9٠-٩\s])\s*[%٪]`)
	// reMoneyColumn: a column header of amounts.
	// (A ledger's debit and credit columns and an ageing's buckets:
	// money_table_headers.go's LG.)
	reMoneyColumn = regexp.MustCompile(`(?i)\b(?:price|amount|total|rate|value|cost|fee|fees|sum|subtotal|vat|tax)\b|المبلغ|السعر|الإجمالي|الاجمالي|القيمة|التكلفة|المجموع|الضريبة|ضريبة|` + ledgerColumns)
)

// learnDocCurrency finds a statement of the document's currency.
func (x *extractor) learnDocCurrency() {
	for _, seg := range x.a.segs {
		if m := reDocCurrency.FindStringSubmatch(x.a.text[seg.start:seg.end]); m != nil {
			if code, _ := currencyCode(m[1], x.omani); code != "" {
				x.docCurrency = m[1]
				return
			}
		}
	}
}

// learnNumberStyle reads how the document writes its amounts: with a
// decimal comma (1.250,50 or 228,50, and no amount with a decimal point
// before one or two digits), and with its currency after the number more
// often than before it.
func (x *extractor) learnNumberStyle() {
	comma, point, pre, post := 0, 0, 0, 0
	vote := func(num string) {
		n := asciiDigits(num)
		switch {
		case reCommaDecimal.MatchString(n):
			comma++
		case rePointDecimal.MatchString(n):
			point++
		}
	}
	// Block by block (a short input is matched faster), at most 400
	// amounts.
	for _, seg := range x.a.segs {
		if pre+post >= 400 {
			break
		}
		t := x.a.text[seg.start:seg.end]
		if !hasDigit(t) {
			continue
		}
		// The matches are kept for money, which reads the same block
		// with the same two patterns (issue 34: matched once, not twice).
		x.stop.pass(len(t)) // stop.go
		mm := moneyMatches{t: t, before: moneyBeforeAll(t)}
		x.stop.pass(len(t))
		mm.after = moneyAfterAll(t) // findat.go
		for _, m := range mm.before {
			vote(group(t, m, 2))
			pre++
		}
		for _, m := range mm.after {
			vote(group(t, m, 1))
			post++
		}
		if x.moneyMatched == nil {
			x.moneyMatched = map[int]moneyMatches{}
		}
		x.moneyMatched[seg.start] = mm
	}
	x.decimalComma = comma > 0 && point == 0
	x.suffixCurrency = post > pre
}

// moneyMatches are reMoneyBefore's and reMoneyAfter's matches in the
// block t, as FindAllStringSubmatchIndex gives them.
type moneyMatches struct {
	t             string
	before, after [][]int
}

// group is submatch i of the match m in s, "" when it took no part.
func group(s string, m []int, i int) string {
	if m[2*i] < 0 {
		return ""
	}
	return s[m[2*i]:m[2*i+1]]
}

// hasDigit reports whether s has a digit (ASCII or Arabic-Indic).
func hasDigit(s string) bool {
	for _, r := range s {
		if r >= '0' && r <= '9' || r >= 0x0660 && r <= 0x0669 || r >= 0x06F0 && r <= 0x06F9 {
			return true
		}
	}
	return false
}

var (
	reCommaDecimal = regexp.MustCompile(`^[0-9]{1,3}(?:\.[0-9]{3})+,[0-9]{1,2}$|^[0-9]+,[0-9]{1,2}$`)
	rePointDecimal = regexp.MustCompile(`^[0-9]{1,3}(?:,[0-9]{3})+\.[0-9]+$|^[0-9]+\.(?:[0-9]{1,2}|[0-9]{4,})$`)
	reDotThousands = regexp.MustCompile(`^[0-9]{1,3}(?:\.[0-9]{3})+$`)
)

// parseAmount is parseNumber, except that in a document writing decimal
// commas a number grouped by points alone ("€ 5.000") is in thousands.
// Elsewhere "48.000" stays 48 (three decimals, as Omani amounts are
// written).
func (x *extractor) parseAmount(s string) (float64, bool) {
	n := asciiDigits(strings.TrimSpace(s))
	if v, ok := arabicPoints(s); ok {
		return v, true
	}
	switch {
	case x.decimalComma && reDotThousands.MatchString(n):
		return parseNumber(strings.ReplaceAll(n, ".", ""))
	case x.decimalComma && reCommaThree.MatchString(n) && !arabicGrouped(s):
		// "4,125" where thousands are grouped by points: three decimals.
		return parseNumber(strings.Replace(n, ",", ".", 1))
	}
	return parseNumber(s)
}

// reCommaThree: one comma before three digits ("4,125").
var reCommaThree = regexp.MustCompile(`^[0-9]{1,3},[0-9]{3}$`)

// frequencyAround says how often an amount is due when the words right
// after it ("per month", "شهرياً") or just before it in its clause
// ("monthly rent", "الإيجار الشهري") say so.
func frequencyAround(t string, ms, me int) string {
	after := lowerASCII(t[me:min(len(t), me+24)])
	before := lowerASCII(t[max(0, ms-48):ms])
	if i := strings.LastIndexAny(before, ".;:|"); i >= 0 {
		before = before[i+1:]
	}
	for _, f := range frequencies {
		for _, w := range f.after {
			if strings.HasPrefix(strings.TrimLeft(after, " ,"), w) {
				return f.name
			}
		}
	}
	for _, f := range frequencies {
		for _, w := range f.before {
			if lastWordIndex(before, w) >= 0 {
				return f.name
			}
		}
	}
	return ""
}

var frequencies = []struct {
	name          string
	after, before []string
}{
	{"monthly", []string{"per month", "a month", "each month", "every month", "monthly", "/month", "p.m.", "شهريا", "شهرياً", "شهريًا", "في الشهر", "كل شهر"}, []string{"monthly", "per month", "الشهري", "الشهرية", "شهرية", "شهري"}},
	{"quarterly", []string{"per quarter", "a quarter", "each quarter", "quarterly", "ربع سنوي", "كل ثلاثة أشهر"}, []string{"quarterly", "ربع سنوية", "ربع السنوية"}},
	{"annual", []string{"per annum", "per year", "a year", "each year", "annually", "yearly", "/year", "p.a.", "سنويا", "سنوياً", "سنويًا", "في السنة", "كل سنة"}, []string{"annual", "yearly", "per annum", "السنوي", "السنوية", "سنوية", "سنوي"}},
	{"weekly", []string{"per week", "a week", "each week", "weekly", "أسبوعيا", "أسبوعياً"}, []string{"weekly", "الأسبوعي", "أسبوعية"}},
	{"daily", []string{"per day", "a day", "each day", "daily", "يوميا", "يومياً", "عن كل يوم", "لكل يوم"}, []string{"daily", "per day", "اليومي", "يومية"}},
}

// currencyCode maps a written currency to ISO 4217; sure is false for a
// symbol or word that other currencies share ($ is taken as USD, a bare
// "rial" as OMR in a document about Oman).
func currencyCode(s string, omani bool) (code string, sure bool) {
	w := strings.ToLower(strings.TrimSpace(s))
	switch {
	case w == "omr" || strings.HasPrefix(w, "r.o") || w == "ro" || strings.Contains(w, "omani") || strings.HasPrefix(w, "rial omani") || strings.HasPrefix(w, "rials omani") ||
		strings.HasPrefix(w, "ر.ع") || strings.Contains(w, "عماني") || strings.Contains(w, "عمانية") || strings.Contains(w, "عمانيا"):
		return "OMR", true
	case w == "usd" || w == "us$" || strings.Contains(w, "us dollar") || strings.Contains(w, "دولار أمريكي"):
		return "USD", true
	case w == "$" || strings.HasPrefix(w, "dollar") || w == "دولار":
		return "USD", false
	case w == "aed" || strings.Contains(w, "dirham") || strings.HasPrefix(w, "درهم") || strings.HasPrefix(w, "د.إ"):
		return "AED", true
	case w == "sar" || strings.Contains(w, "saudi") || strings.Contains(w, "سعودي") || strings.HasPrefix(w, "ر.س"):
		return "SAR", true
	case w == "eur" || w == "€" || strings.HasPrefix(w, "euro") || w == "يورو":
		return "EUR", true
	case w == "gbp" || w == "£":
		return "GBP", true
	case w == "egp" || strings.Contains(w, "egyptian") || strings.Contains(w, "مصري") || strings.HasPrefix(w, "ج.م"):
		return "EGP", true
	case w == "jod" || strings.Contains(w, "jordanian") || strings.Contains(w, "أردني") || strings.HasPrefix(w, "د.أ"):
		return "JOD", true
	case w == "qar" || w == "kwd" || w == "bhd" || w == "chf" || w == "inr":
		return strings.ToUpper(w), true
	case w == "bd" || strings.Contains(w, "bahraini") || strings.Contains(w, "بحريني") || strings.HasPrefix(w, "د.ب"):
		return "BHD", true
	case w == "kd" || strings.Contains(w, "kuwaiti") || strings.Contains(w, "كويتي") || strings.HasPrefix(w, "د.ك"):
		return "KWD", true
	case w == "qr" || strings.Contains(w, "qatari") || strings.Contains(w, "قطري") || strings.HasPrefix(w, "ر.ق"):
		return "QAR", true
	case w == "dhs":
		return "AED", true
	case w == "sr":
		return "SAR", true // money_claims_caps_test.go: "SR 8,000", a Saudi riyal
	case strings.HasPrefix(w, "pound"):
		return "GBP", true
	case strings.HasPrefix(w, "rial") || strings.HasPrefix(w, "riyal"):
		if omani {
			return "OMR", false
		}
	}
	return "", false
}

// periodicKeys names an amount that no cue keys but that is due every
// month, quarter or year ("يدفع العميل مبلغاً شهرياً قدره ٣٬٢٠٠ ريال
// عماني", "a monthly sum of OMR 950"): in a lease it is the rent, in an
// employment contract the salary, in any other contract the fee; a
// bound ("at least USD 10,000 per month") stays an amount. facts[i] is
// cands[i]'s fact.
func periodicKeys(facts []Fact, cands []candidate, text, docType, subtype string) {
	key := ""
	switch {
	case docType == "lease":
		key = "rent"
	case subtype == "employment_letter":
		key = "salary"
	case docType == "contract":
		key = "fee"
	default:
		return
	}
	for i, f := range facts {
		if f.Type == TypeMoney && f.Key == "amount" && f.Method == "pattern" && f.Frequency != "" && i < len(cands) &&
			!reBoundBefore.MatchString(text[max(0, cands[i].start-30):cands[i].start]) {
			facts[i].Key, facts[i].Label = key, columnLabel(key)
		}
	}
}

// subtotalBeforeTax: of two totals in one currency, the smaller is the
// subtotal when a tax amount brings it to the larger ("المجموع 1,961.500",
// "VAT 98.075", "الإجمالي المستحق 2,059.575": a total row before the tax
// is the subtotal), within the tolerance totals_do_not_reconcile allows.
func subtotalBeforeTax(facts []Fact) {
	billTotal(facts)
	for i, x := range facts {
		if x.Type != TypeMoney || x.Key != "total_amount" || x.Amount == nil || x.Currency == "" {
			continue
		}
		for _, y := range facts {
			if y.Type != TypeMoney || y.Key != "total_amount" || y.Amount == nil || y.Currency != x.Currency || *y.Amount <= *x.Amount {
				continue
			}
			for _, tax := range facts {
				if tax.Type == TypeMoney && tax.Key == "tax_amount" && tax.Amount != nil && tax.Currency == x.Currency &&
					math.Abs(*x.Amount+*tax.Amount-*y.Amount) <= max(0.011, 0.001**y.Amount) {
					facts[i].Key, facts[i].Label = "subtotal", "Subtotal"
				}
			}
		}
	}
}

// netIfDiscounted keys facts[i] (a sum with its amount and currency)
// net_amount, and the earlier sum it comes from subtotal, when a subtotal
// or total before it less a discount or deduction between them makes it.
func netIfDiscounted(facts []Fact, i int) {
	n := facts[i]
	for j := range i {
		s := facts[j]
		if s.Type != TypeMoney || s.Key != "subtotal" && s.Key != "total_amount" || s.Amount == nil || s.Currency != n.Currency || *s.Amount <= *n.Amount {
			continue
		}
		for _, d := range facts[j+1 : i] {
			if d.Type == TypeMoney && (d.Key == "discount" || d.Key == "penalty_amount") && d.Amount != nil && d.Currency == n.Currency &&
				math.Abs(*s.Amount-*d.Amount-*n.Amount) <= max(0.011, 0.001**s.Amount) {
				facts[i].Key, facts[i].Label = "net_amount", "Net amount"
				facts[j].Key, facts[j].Label = "subtotal", "Subtotal"
			}
		}
	}
}

// netAfterDiscount: an amount keyed as a subtotal by a net word ("Net
// amount", "الصافي") that a subtotal before it less a discount makes
// ("Subtotal 56,157.00", "Less discount 3% 1,684.71", "Net amount
// 54,472.29") is the net after the discount, and the one before it the
// subtotal. Without a discount before it, a net amount stays the
// subtotal (the sum before tax).
func netAfterDiscount(facts []Fact) {
	for i, n := range facts {
		// ("Net taxable amount", keyed amount by "taxable", is one too.)
		if n.Type != TypeMoney || n.Key != "subtotal" && n.Key != "amount" || n.Amount == nil || n.Currency == "" || !reNetWord.MatchString(n.Label+" "+evidenceText(n)) {
			continue
		}
		netIfDiscounted(facts, i)
	}
}

// balanceAfterAdvance: a balance ("Balance due", "الرصيد المستحق") that
// a total before it less an advance or a credit makes is an amount (the
// money left to pay, the guideline's amount), not the document's total.
func balanceAfterAdvance(facts []Fact) {
	for i, n := range facts {
		if n.Type != TypeMoney || n.Key != "total_amount" || n.Amount == nil || !reBalanceWord.MatchString(evidenceText(n)) {
			continue
		}
		for j := range i {
			s := facts[j]
			if s.Type != TypeMoney || s.Key != "total_amount" || s.Amount == nil || s.Currency != n.Currency || *s.Amount <= *n.Amount {
				continue
			}
			for _, d := range facts[j+1 : i] {
				if d.Type == TypeMoney && (d.Key == "advance_payment" || d.Key == "amount" && reCreditWord.MatchString(evidenceText(d))) && d.Amount != nil &&
					d.Currency == n.Currency && math.Abs(*s.Amount-*d.Amount-*n.Amount) <= max(0.011, 0.001**s.Amount) {
					facts[i].Key, facts[i].Label = "amount", "Balance"
				}
			}
		}
	}
}

var (
	reBalanceWord = regexp.MustCompile(`(?i)\bbalance\b|\bremaining\b|\boutstanding\b|الرصيد|المتبقي|الباقي`)
	reCreditWord  = regexp.MustCompile(`(?i)\bcredit\b|\bpaid\b|\breceived\b|إشعار\s+دائن|المدفوع|المستلم`)
)

// reNetWord: a net amount's label.
var reNetWord = regexp.MustCompile(`(?i)\bnet\b|صافي|الصافي`)

func evidenceText(f Fact) string {
	if f.Evidence == nil {
		return ""
	}
	return f.Evidence.Excerpt
}

// wrappedCtx is ctxBefore for an amount on a line that continues the
// line before it (plain text wrapped at a fixed width: the line before
// ends with no stop and this one opens with a lower-case word, "shall
// insure the goods ... for / their replacement value up to AED
// 6,000,000.00"): the cue may stand on the line before.
func wrappedCtx(t string, ms int, prev string) string {
	if continuesLine(prev, t) {
		return ctxBefore(strings.TrimSpace(prev)+" "+t[:ms], len(strings.TrimSpace(prev))+1+ms, "")
	}
	return ctxBefore(t, ms, prev)
}

// continuesLine: t is the rest of the sentence prev broke off (prev ends
// with a word, t starts with a lower-case English word; neither is a
// table row).
func continuesLine(prev, t string) bool {
	p := strings.TrimRight(prev, " \t")
	s := strings.TrimLeft(t, " \t")
	if p == "" || s == "" || strings.Contains(p, " | ") || strings.Contains(t, " | ") {
		return false
	}
	last := p[len(p)-1]
	if !isASCIILetter(last) && !(last >= '0' && last <= '9') && last != ',' && last != ')' {
		return false
	}
	return s[0] >= 'a' && s[0] <= 'z' || s[0] == '(' && len(s) > 2 && (s[1] >= '0' && s[1] <= '9' || s[1] >= 'a' && s[1] <= 'z' || s[1] >= 'A' && s[1] <= 'Z' && s[2] >= 'a' && s[2] <= 'z')
}

// reDepositAfter: the words after an amount (past a bracket that writes it
// in words) make it a deposit ("as a security deposit", "by way of
// deposit", تأميناً).
var reDepositAfter = regexp.MustCompile(`(?i)^\s*(?:\([^()]{1,100}\)\s*)?,?\s*(?:(?:as|by\s+way\s+of)\s+(?:an?\s+)?(?:refundable\s+)?(?:security\s+)?deposit\b|(?:كتأمين|بصفة\s+تأمين|تأميناً|تأمينًا|تأمينا)(?:\s|$|[،.]))`)

// reRateCell: a table cell of an amount per unit or per event ("25.00 per
// late order", "2,500.00 for each breach").
var reRateCell = regexp.MustCompile(`(?i)^[\s*_]*(` + numPat + `)\s+(?:per|for\s+(?:each|every))\s+\S[^|]*$`)

// chargeRow: a row whose only number is in its last cell and whose
// middle cells are empty ("Ocean freight | | | | | 2,850.00" under the
// items): a charge added to the lines, not a line's price.
func chargeRow(cells []string, j int) bool {
	if len(cells) < 3 || j != len(cells)-1 {
		return false
	}
	for _, c := range cells[1:j] {
		if strings.Trim(c, " *_-|") != "" {
			return false
		}
	}
	return true
}

// reOtherDocTotal: the total of another document ("original invoice
// total", "total of the original invoice", "إجمالي الفاتورة الأصلية").
var reOtherDocTotal = regexp.MustCompile(`(?i)\b(?:original|previous|earlier|credited)\s+(?:invoice\s+)?(?:total|amount)\b|\btotal\s+of\s+(?:the\s+)?(?:original|previous|credited)\s+invoice\b|الفاتورة\s+الأصلية|الفاتورة\s+الاصلية`)

// reHireWordAR: the Arabic word for hire (أجرة), which is rent only in a
// lease.
var reHireWordAR = regexp.MustCompile(`^(?:ال)?(?:أجرة|اجرة)`)

// leaseDoc: the document lets premises (a lease: rent, landlord, tenant).
func (x *extractor) leaseDoc() bool {
	return reLeaseWord.MatchString(x.a.text)
}

var reLeaseWord = regexp.MustCompile(`(?i)\b(?:lease|leased|tenancy|landlord|lessor|lessee|tenant)\b|المؤجر|المستأجر|الإيجار|الايجار|عقد\s+إيجار|القيمة\s+الإيجارية`)

// bidBondDoc: the document is a tender guarantee (its title, among the
// first lines, names a bid bond or a tender guarantee).
func (x *extractor) bidBondDoc() bool { return x.titled(reBidBondTitle) }

// performanceBondDoc: the document's title names a performance
// guarantee or bond (a bank's letter), as bidBondDoc a tender guarantee.
func (x *extractor) performanceBondDoc() bool { return x.titled(rePerformanceBondTitle) }

// titled: a title among the document's first sixteen segments (a heading,
// a line in capitals, or an Arabic line among the first four, of at most
// 120 bytes) matches re.
func (x *extractor) titled(re *regexp.Regexp) bool {
	for i, s := range x.a.segs {
		if i > 15 {
			break
		}
		t := x.a.text[s.start:s.end]
		if len(t) > 120 {
			continue
		}
		if (s.heading || mostlyUpper(t) || i <= 3 && hasArabic(t)) && re.MatchString(t) {
			return true
		}
	}
	return false
}

var rePerformanceBondTitle = regexp.MustCompile(`(?i)\bperformance\s+(?:bond|guarantee|security)\b|(?:خطاب\s+)?(?:ال)?ضمان\s+(?:ال)?(?:بنكي\s+)?(?:ل)?حسن\s+(?:ال)?(?:تنفيذ|أداء|اداء)|كفالة\s+حسن\s+(?:ال)?تنفيذ`)

// reDocsBought: a tender's documents obtained, bought or paid for.
var reDocsBought = regexp.MustCompile(`(?i)\b(?:obtain\w*|purchas\w*|buy|bought|collect\w*|payment\s+of|on\s+payment|upon\s+payment|against\s+payment|non-?refundable)\b|شراء|بشراء|الحصول|يمكن\s+الحصول|مقابل\s+مبلغ|مقابل\s+دفع|غير\s+مستردة|غير\s+قابلة\s+للاسترداد`)

// reApplicationFee: the fee for an application (a tender's or a
// prequalification's, in a document that is one).
var reApplicationFee = regexp.MustCompile(`(?i)\bapplication\s+fees?\b|\bprequalification\s+fees?\b|رسوم\s+(?:ال)?(?:طلب|تقديم|التأهيل|تأهيل)`)

// instalmentKeys are the keys an instalment after its schedule's words
// takes over (reInstalmentWord): the fee, price or value it is part of.
var instalmentKeys = map[string]bool{"fee": true, "price": true, "contract_value": true, "total_amount": true}

// reInstalmentWord: a payment schedule's parts named in the plural or the
// dual.
// instalmentsBefore: s (the text from a fee, price or value cue to an
// amount) names the instalments the amount is one of: after the schedule
// word come a colon, "of", "each" or "كما يلي", or an earlier item of
// the list ("USD 24,000 on signature and"); "payable in instalments as
// per the schedule, is OMR 500,000" names the whole.
func instalmentsBefore(s string) bool {
	locs := reInstalmentWord.FindAllStringIndex(s, -1)
	if len(locs) == 0 {
		return false
	}
	after := s[locs[len(locs)-1][1]:]
	return reInstalmentListOpen.MatchString(after) || reMoneyBefore.MatchString(after) || reMoneyAfter.MatchString(after)
}

var reInstalmentListOpen = regexp.MustCompile(`(?i)^\s*(?:[:：]|of\b|each\b|as\s+follows|كما\s+يلي|قيمة\s+كل|مقدار\s+كل|على\s+النحو\s+التالي)`)

var reInstalmentWord = regexp.MustCompile(`(?i)\b(?:instal(?:l)?ments|tranches|stage\s+payments)\b|دفعات|دفعتين|أقساط|اقساط|قسطين`)

var reBidBondTitle = regexp.MustCompile(`(?i)\b(?:bid|tender)\s+(?:bond|guarantee|security)\b|ضمان\s+(?:ال)?(?:عطاء|مناقصة)|(?:ال)?ضمان\s+(?:ال)?(?:ابتدائي|مؤقت)|كفالة\s+(?:ال)?(?:عطاء|مناقصة)`)

// billTotal: a price that a subtotal and the tax on it make ("Subtotal
// 339,380.500", "VAT 5% 16,969.025", "Price 356,349.525" closing a bill)
// is the bill's total. (A contract value stays one: "Total contract
// value" is the older guideline's contract_value.)
func billTotal(facts []Fact) {
	for i, x := range facts {
		if x.Type != TypeMoney || x.Key != "price" || x.Amount == nil || x.Currency == "" {
			continue
		}
		for _, s := range facts[:i] {
			if s.Type != TypeMoney || s.Key != "subtotal" || s.Amount == nil || s.Currency != x.Currency {
				continue
			}
			for _, tax := range facts[:i] {
				if tax.Type == TypeMoney && tax.Key == "tax_amount" && tax.Amount != nil && tax.Currency == x.Currency && *tax.Amount > 0 &&
					math.Abs(*s.Amount+*tax.Amount-*x.Amount) <= max(0.011, 0.0001**x.Amount) {
					facts[i].Key, facts[i].Label = "total_amount", "Total amount"
				}
			}
		}
	}
}

// mostlyUpper: most of t's ASCII letters are capitals (a title in plain
// text: "TENDER GUARANTEE (BID BOND) No. 8811").
func mostlyUpper(t string) bool {
	up, low := 0, 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= 'A' && c <= 'Z':
			up++
		case c >= 'a' && c <= 'z':
			low++
		}
	}
	return up >= 6 && up >= 4*low
}

// reARContractValue: القيمة and up to three words before "of this
// agreement" (لهذه الاتفاقية, لهذا العقد), right before an amount.
var reARContractValue = regexp.MustCompile(`(?:ال)?قيمة(?:\s+\S+){0,3}\s+(?:لهذه\s+الاتفاقية|لهذا\s+العقد|للعقد|للاتفاقية)\s*[:：]?\s*$`)

// reRepayWord: money paid back (repaid, reimbursed, refunded).
var reRepayWord = regexp.MustCompile(`(?i)\b(?:repay\w*|reimburs\w*|refund\w*|pay\s+back)\b|برد|(?:^|\s)رد\s|استرداد|تعويض\s+عن\s+تكاليف`)
