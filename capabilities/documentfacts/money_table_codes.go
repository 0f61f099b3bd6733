package documentfacts

// Issue 29, session 22: money on heldout18.

import "regexp"

// tableCode is the code of the currency a table's column header names.
// A header naming a bare Arabic rial or dinar ("سعر الوحدة (ريال)",
// "الإجمالي (دينار)") takes the one of that family the document names in
// full elsewhere ("قيمة العقد 1,284,600 ريال سعودي"), as a sum in a
// sentence does (bareCurrency); before, its column was skipped.
func (x *extractor) tableCode(cur string) (string, bool) {
	code, sure := currencyCode(cur, x.omani)
	if code == "" {
		code, sure = x.bareCurrency(cur) // key_bare_currency_rows.go
	}
	return code, sure
}

// reDeductedCap: a penalty or service credit deducted from a fee,
// charge or price, the sentence going on to its cap ("a service credit of
// OMR 275.000 shall be deducted from the monthly charge, up to a maximum
// of", "Liquidated damages ... shall be deducted from the contract price,
// subject to a maximum of", "غرامة ... تخصم من الرسوم الشهرية بحد أقصى").
var reDeductedCap = regexp.MustCompile(`(?i)(?:service\s+credits?|penalt(?:y|ies)|liquidated\s+damages|delay\s+damages|غرامة|غرامات)(?:[^.;؛]|\.\d){0,200}(?:deducted\s+from|يخصم\s+من|تخصم\s+من)(?:[^.;؛]|\.\d)*$`)

// deductedCap: an amount bounded ("up to a maximum of") after a penalty
// deducted from a fee or price is the penalty's cap (keyspec: a cap on
// penalties stated as a sum is penalty_amount), not the fee or price the
// cue nearest to it names. ctx is the text before the amount with the
// line before it (a sentence wrapped before its currency, "a service
// credit of\n OMR 275.000 shall be deducted"), before the bound words.
func deductedCap(key, ctx, before string) bool {
	switch key {
	case "fee", "price", "contract_value", "amount":
	default:
		return false
	}
	return reBoundBefore.MatchString(before) && reDeductedCap.MatchString(ctx)
}
