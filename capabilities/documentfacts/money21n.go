package documentfacts

import (
	"regexp"
)

// Round 21 of money (issue 29, session 21, third pass): family MN (table
// tests in money21_test.go).
//
//   - MN: the taxable amount of a tax invoice ("Taxable amount",
//     "Amount subject to VAT", المبلغ الخاضع للضريبة) is the sum before
//     the tax: the `net_amount` when a subtotal less a discount or a
//     deduction above it makes it (the subtotal then stays `subtotal`),
//     else the `subtotal`; never the `tax_amount` that the word ضريبة in
//     its label suggests, nor a plain `amount`.

// reTaxable21: a taxable amount's label.
var reTaxable21 = regexp.MustCompile(`(?i)\btaxable\s+(?:amount|value|total|supplies)\b|\b(?:amount|value|total)\s+subject\s+to\s+(?:vat|tax)\b|(?:المبلغ|القيمة|المبالغ|الإجمالي|اجمالي|إجمالي)\s+(?:ال)?خاضع(?:ة)?\s+(?:لل)?ضريبة|الخاضع\s+للضريبة|الخاضعة\s+للضريبة`)

// taxableAmounts21 re-keys MN's sums after round21Money (handle.go). facts
// and cands run in parallel.
func taxableAmounts21(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	for i, n := range facts {
		if n.Type != TypeMoney || n.Amount == nil || n.Currency == "" {
			continue
		}
		switch n.Key {
		case "amount", "tax_amount", "subtotal", "price", "total_amount":
		default:
			continue
		}
		at := cands[i].startIn(text)
		if !reTaxable21.MatchString(rowLead20(text, at)) {
			continue
		}
		facts[i].Key, facts[i].Label = "subtotal", "Subtotal"
		netIfDiscounted(facts, i)
	}
}
