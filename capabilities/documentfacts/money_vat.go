package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 27 (docs/documents.md, "money keys (moneykey)"): an
// amount whose label says it includes or excludes VAT ("Contract value
// including VAT", "قيمة العقد شاملة ضريبة القيمة المضافة", "Total
// excluding VAT") is that sum, not the tax: the VAT words there qualify
// the sum, and the lexicon's nearest cue (the tax) is not its key. The
// wording recurs across the development sets (a contract value, a tender
// sum, an estimate, a total "including VAT" or "غير شاملة ضريبة").

// reVATQualifier: VAT or tax named as included in or left out of a
// sum.
var reVATQualifier = regexp.MustCompile(`(?i)\b(?:including|inclusive\s+of|incl\.?|excluding|exclusive\s+of|excl\.?|net\s+of|before|plus)\s+(?:the\s+)?(?:vat|value[\s-]+added\s+tax|tax(?:es)?)\b|(?:غير\s+)?(?:شامل|شاملة|شاملاً|شاملا|يشمل|تشمل)\s+(?:ل)?(?:ال)?ضريبة(?:\s+(?:ال)?قيمة\s+(?:ال)?مضافة)?|(?:قبل|بدون|دون)\s+(?:ال)?ضريبة(?:\s+(?:ال)?قيمة\s+(?:ال)?مضافة)?`)

// vatMoneyFacts re-keys a tax_amount whose label's tax words qualify the
// sum by the label's other money word (a contract value, a total, a
// tender sum); a label with no other money word keeps tax_amount.
func vatMoneyFacts(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	for i := range facts {
		f := &facts[i]
		if f.Type != TypeMoney || f.Key != "tax_amount" {
			continue
		}
		at := cands[i].startIn(text)
		if k := vatQualifiedKey(moneyLabelBefore(text, at)); k != "" {
			f.Key, f.Label = k, moneyLabel(k)
		}
	}
}

// moneyLabelBefore is an amount's label: its table row's first cell,
// or the text before it on its line (at most 120 bytes).
func moneyLabelBefore(text string, at int) string {
	at = max(0, min(at, len(text)))
	line := lineAt(text, at)
	if strings.Contains(line, " | ") {
		return rowLabelAt(strings.Trim(line, " |"))
	}
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	return suffixOf(text[ls:at], 120)
}

// vatQualifiedKey: when the label's nearest money word is the tax and
// the tax is qualified (reVATQualifier), the key of the label's
// nearest money word once the qualifier is removed; "" otherwise.
func vatQualifiedKey(label string) string {
	c, ok := nearestCue(label, moneyCues)
	if !ok || c.key != "tax_amount" || !reVATQualifier.MatchString(label) {
		return ""
	}
	rest := reVATQualifier.ReplaceAllString(label, " ")
	if c, ok := nearestCue(rest, moneyCues); ok && c.key != "tax_amount" {
		return c.key
	}
	return ""
}

// Round 21 of money (issue 29, session 21, third pass): family MN (table
// tests in money_consideration_dues_test.go).
//
//   - MN: the taxable amount of a tax invoice ("Taxable amount",
//     "Amount subject to VAT", المبلغ الخاضع للضريبة) is the sum before
//     the tax: the `net_amount` when a subtotal less a discount or a
//     deduction above it makes it (the subtotal then stays `subtotal`),
//     else the `subtotal`; never the `tax_amount` that the word ضريبة in
//     its label suggests, nor a plain `amount`.

// reTaxableVat: a taxable amount's label.
var reTaxableVat = regexp.MustCompile(`(?i)\btaxable\s+(?:amount|value|total|supplies)\b|\b(?:amount|value|total)\s+subject\s+to\s+(?:vat|tax)\b|(?:المبلغ|القيمة|المبالغ|الإجمالي|اجمالي|إجمالي)\s+(?:ال)?خاضع(?:ة)?\s+(?:لل)?ضريبة|الخاضع\s+للضريبة|الخاضعة\s+للضريبة`)

// taxableAmounts re-keys MN's sums after considerationDuesMoneyKeys (handle.go). facts
// and cands run in parallel.
func taxableAmounts(facts []Fact, cands []candidate, text string) {
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
		if !reTaxableVat.MatchString(rowLead(text, at)) {
			continue
		}
		facts[i].Key, facts[i].Label = "subtotal", "Subtotal"
		netIfDiscounted(facts, i)
	}
}
