package documentfacts

import (
	"regexp"
	"strings"
)

// Round 20 of keys (issue 29, session 20): money by families, read on the
// dev sets' money misses (docs/documents.md, "Issue 29, session 20: dates
// and money by families"; table tests in money_due_tables_test.go). Each rule
// states what a sum is of, not a document's wording:
//
//   - MT: a table with a due-date column lists sums that fall due
//     (invoices outstanding, instalments): its rows are `amount`, not
//     unit prices, and its total row is the `total_amount`, which a
//     sentence repeating it names too.
//   - MD: a table's total before a discount is its `subtotal`; its total
//     after the discount is the `net_amount` when a tax is added after
//     it, else the `total_amount` (not the `discount` their labels name).
//   - MV: an estimated annual value is the `contract_value` (the key
//     specification); a monthly value of the contract is a periodic
//     `fee`.
//   - MP: the total row of a priced breakdown ("Total contract price" under
//     its items) is the breakdown's `total_amount`; a sentence stating the
//     contract's price stays `contract_value`.

// dueTablesMoneyKeys re-keys money facts after round 11 (handle.go) and drops
// a repeated total made one with its table's total. facts and cands run
// in parallel.
func dueTablesMoneyKeys(facts []Fact, cands []candidate, a *assembled) ([]Fact, []candidate) {
	text := a.text
	if len(facts) != len(cands) {
		return facts, cands
	}
	totals := map[string]bool{}
	set := func(i int, k string) {
		facts[i].Key, facts[i].Label = k, moneyLabel(k)
	}
	for i, f := range facts {
		if f.Type != TypeMoney {
			continue
		}
		at, line := cands[i].atLine(text)
		lead := rowLead(text, at)
		block := blockAbove(text, at, 16)
		switch {
		case dueColumnHeader(block) && (f.Key == "price" || f.Key == "fee" || f.Key == "amount" || f.Key == "subtotal" || f.Key == "total_amount"):
			// MT.
			if reTotalLead.MatchString(lead) {
				set(i, "total_amount")
				if f.Normalized != "" {
					totals[f.Normalized] = true
				}
			} else if f.Key == "price" || f.Key == "fee" {
				set(i, "amount")
			}
		case f.Key == "discount" && reBeforeDiscount.MatchString(lead):
			// MD.
			set(i, "subtotal")
		case f.Key == "discount" && reAfterDiscount.MatchString(lead):
			// MD.
			if reTaxRow.MatchString(rowsBelow(text, at, 3)) {
				set(i, "net_amount")
			} else {
				set(i, "total_amount")
			}
		case (f.Key == "fee" || f.Key == "amount" || f.Key == "price" || f.Key == "total_amount") && !strings.Contains(line, " | ") && reAnnualValue.MatchString(moneySentence(text, at)):
			// MV.
			set(i, "contract_value")
		case f.Key == "contract_value" && reMonthlyValue.MatchString(moneySentence(text, at)):
			// MV.
			set(i, "fee")
		case f.Key == "contract_value" && reTotalPriceRow.MatchString(lead) && rowEnds(text, cands[i].end) && pricedRowsAbove(facts, cands, i, text, at) >= 2 && ownLastRow(a, at):
			// MP.
			set(i, "total_amount")
		}
	}
	if len(totals) == 0 {
		return facts, cands
	}
	// MT: a sentence repeating a due table's total ("the net balance of
	// OMR 5,432.600", a subject line) names the same total.
	seen := map[string]bool{}
	drop := map[int]bool{}
	for i, f := range facts {
		if f.Type != TypeMoney || !totals[f.Normalized] {
			continue
		}
		at := cands[i].startIn(text)
		if f.Key != "total_amount" && !reBalanceBefore.MatchString(tail(text[:at], 80)) {
			continue // "to accept OMR 64,730.450 (the Settlement Amount)": a sum of its own
		}
		switch f.Key {
		case "amount", "subtotal", "total_amount":
			if seen[f.Normalized] {
				drop[i] = true
				continue
			}
			seen[f.Normalized] = true
			set(i, "total_amount")
		}
	}
	return withoutDropped(facts, cands, drop)
}

// moneyLabel: the label of money key k.
func moneyLabel(k string) string {
	switch k {
	case "net_amount":
		return "Net amount"
	case "total_amount":
		return "Total amount"
	case "subtotal":
		return "Subtotal"
	case "amount":
		return "Amount"
	}
	return moneyKeyLabel(k)
}

// blockAbove: the lines of the block that holds at, from its first
// line (after a blank line, at most n lines up) to the start of at's
// line.
func blockAbove(text string, at, n int) string {
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	start := ls
	for range n {
		if start == 0 {
			break
		}
		ps := strings.LastIndexByte(text[:start-1], '\n') + 1
		if strings.TrimSpace(text[ps:start-1]) == "" {
			break
		}
		start = ps
	}
	return text[start:ls]
}

// rowLead: the words of at's line before the amount (a row's label).
func rowLead(text string, at int) string {
	return strings.TrimLeft(lineBefore(text, at), " \t|*#")
}

// dueColumnHeader: a line of the block is a table's header with a
// due-date column and an amount column ("Invoice No. | Invoice date |
// Due date | Amount (OMR)", "Term / الفصل  Due date / تاريخ الاستحقاق
// Amount (AED)").
func dueColumnHeader(block string) bool {
	for l := range strings.SplitSeq(block, "\n") {
		if reDueColumn.MatchString(l) && reAmountColumnDueTables.MatchString(l) && !reDigitRun.MatchString(l) {
			return true
		}
	}
	return false
}

// rowsBelow: up to n lines after at's line, to a blank line.
func rowsBelow(text string, at, n int) string {
	rest := text[at:]
	i := strings.IndexByte(rest, '\n')
	if i < 0 {
		return ""
	}
	rest = rest[i+1:]
	var b strings.Builder
	for l := range strings.SplitSeq(rest, "\n") {
		if n == 0 || strings.TrimSpace(l) == "" {
			break
		}
		b.WriteString(l + "\n")
		n--
	}
	return b.String()
}

// rowEnds: nothing but a currency or a cell's end follows the amount
// ending at end on its line (a table's row, not a sentence).
func rowEnds(text string, end int) bool {
	rest := text[min(max(end, 0), len(text)):]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(strings.Trim(strings.TrimSpace(rest), "*|"))
	return len(rest) <= 12
}

// pricedRowsAbove: the priced rows above facts[i] in its block.
func pricedRowsAbove(facts []Fact, cands []candidate, i int, text string, at int) int {
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	bs := ls - len(blockAbove(text, at, 24))
	n := 0
	for j, g := range facts {
		if j != i && g.Type == TypeMoney && cands[j].start >= bs && cands[j].start < ls && (g.Key == "price" || g.Key == "amount" || g.Key == "subtotal" || g.Key == "tax_amount") {
			n++
		}
	}
	return n
}

var (
	// reDueColumn: a due-date column's name.
	reDueColumn = regexp.MustCompile(`(?i)\bdue\s+date\b|\bdate\s+due\b|تاريخ\s+الاستحقاق|موعد\s+الاستحقاق`)
	// reAmountColumnDueTables: an amount column's name.
	reAmountColumnDueTables = regexp.MustCompile(`(?i)\b(?:amount|outstanding|balance|sum)\b|المبلغ|القيمة|المستحق`)
	// reDigitRun: a value in the line (a header has none).
	reDigitRun = regexp.MustCompile(`[0-9٠-٩]{2,}[/.,٫٬-][0-9٠-٩]`)
	// reTotalLead: a total row's label.
	reTotalLead = regexp.MustCompile(`(?i)^(?:\*\*)?(?:(?:grand\s+|net\s+)?total\b|net\s+balance|balance\s+(?:due|outstanding)|outstanding\s+balance|الإجمالي|الاجمالي|إجمالي|اجمالي|المجموع|صافي\s+الرصيد|الرصيد\s+المستحق)`)
	// reBeforeDiscount, reAfterDiscount: a total's row before or
	// after a discount.
	reBeforeDiscount = regexp.MustCompile(`(?i)^(?:\*\*)?(?:(?:sub-?)?total|amount|الإجمالي|الاجمالي|إجمالي|اجمالي|المجموع)\s+(?:before|prior\s+to)\s+(?:the\s+)?discount|^(?:الإجمالي|الاجمالي|إجمالي|اجمالي|المجموع|المبلغ)\s+قبل\s+(?:ال)?خصم`)
	reAfterDiscount  = regexp.MustCompile(`(?i)^(?:\*\*)?(?:(?:sub-?)?total|amount|الإجمالي|الاجمالي|إجمالي|اجمالي|المجموع|المبلغ)\s+(?:after|net\s+of|less)\s+(?:the\s+)?discount|^(?:الإجمالي|الاجمالي|إجمالي|اجمالي|المجموع|المبلغ)\s+بعد\s+(?:ال)?خصم`)
	// reTaxRow: a row adding a tax.
	reTaxRow = regexp.MustCompile(`(?i)\bvat\b|\bvalue\s+added\s+tax\b|\btax\b|ضريبة|الضريبة`)
	// reMonthlyValue: a monthly value of the contract.
	reMonthlyValue = regexp.MustCompile(`(?i)\bmonthly\s+(?:contract\s+)?(?:value|price|sum)\s+of\s+(?:this|the)\s+contract\b|\bmonthly\s+contract\s+(?:value|price|sum)\b|(?:ال)?قيمة\s+(?:ال)?شهرية\s+(?:لل|ل)?عقد|قيمة\s+العقد\s+(?:ال)?شهرية`)
	// reTotalPriceRow: the total row of a breakdown by the contract's
	// price ("Total contract price", "Subcontract Price / قيمة العقد").
	// (A "Total contract value" row keeps the value's key, as dev3
	// labels it.)
	reTotalPriceRow = regexp.MustCompile(`(?i)^(?:\*\*)?(?:total\s+)?(?:sub-?)?contract\s+(?:price|sum)\b|^(?:\*\*)?total\s+(?:price|sum)\b|^(?:إجمالي|اجمالي)\s+(?:ثمن|سعر)\s+العقد`)
	// reBalanceBefore: a balance or an overdue total named before a
	// sum.
	reBalanceBefore = regexp.MustCompile(`(?i)\b(?:balance|overdue|outstanding|total)\b[^.;:]{0,40}$|(?:الرصيد|المستحق|المتأخر|الإجمالي|إجمالي)[^.؛]{0,40}$`)
)
