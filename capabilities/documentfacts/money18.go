package documentfacts

// Issue 29, session 22: money on heldout18.

// tableCode18 is the code of the currency a table's column header names.
// A header naming a bare Arabic rial or dinar ("سعر الوحدة (ريال)",
// "الإجمالي (دينار)") takes the one of that family the document names in
// full elsewhere ("قيمة العقد 1,284,600 ريال سعودي"), as a sum in a
// sentence does (bareCurrency15); before, its column was skipped.
func (x *extractor) tableCode18(cur string) (string, bool) {
	code, sure := currencyCode(cur, x.omani)
	if code == "" {
		code, sure = x.bareCurrency15(cur) // keys15.go
	}
	return code, sure
}
