package documentfacts

import "testing"

// Round 8c (issue 29, session 14): keys of money, dates and durations as
// the label guideline (testdata/heldout3/README.md, refined in
// testdata/heldout4/README.md) names them. Each case names the guideline
// line it follows; the sentences and rows are written for these tests.

// TestFeeTableRowsRound8c: "Unit prices and line amounts are `price`"
// (heldout3, Money); "Rows of rate and fee tables are `price` (... monthly
// and annual fees, whose two totals are `total_amount` ...)" (heldout4,
// Money).
func TestFeeTableRowsRound8c(t *testing.T) {
	out := extractText(t, "5. CHARGES\n5.1 The Customer shall pay the following fees:\n\nNo. | Service                           | Fee (QAR)\n1   | Security guarding, per month      | 12,400.000\n2   | CCTV monitoring, per month        | 1,150.500\n    | Total monthly fee                 | 13,550.500\n")
	got := factSet(out, TypeMoney)
	for _, w := range []string{"price|12400 QAR", "price|1150.5 QAR", "total_amount|13550.5 QAR"} {
		if !containsStr(got, w) {
			t.Errorf("fee table (text): %q missing; got %q", w, got)
		}
	}
	for _, n := range []string{"fee|12400 QAR", "fee|1150.5 QAR", "fee|13550.5 QAR"} {
		if containsStr(got, n) {
			t.Errorf("fee table (text): %q found; got %q", n, got)
		}
	}
	out = extractMarkdown(t, "# عقد صيانة المصاعد\n\n| البند | الرسوم الشهرية (ر.ع.) | الرسوم السنوية (ر.ع.) |\n|---|---|---|\n| صيانة المصعد الرئيسي | 310.000 | 3,720.000 |\n| صيانة مصعد الخدمة | 145.250 | 1,743.000 |\n| الإجمالي | 455.250 | 5,463.000 |\n\n"+
		"# Cleaning Services\n\n| Area / المنطقة | Monthly fee (OMR) / الرسوم الشهرية (ر.ع.) | Annual fee (OMR) / الرسوم السنوية (ر.ع.) |\n|---|---|---|\n| Offices / المكاتب | 980.000 | 11,760.000 |\n| Total / الإجمالي | 980.000 | 11,760.000 |\n")
	got = factSet(out, TypeMoney)
	for _, w := range []string{"price|310 OMR", "price|3720 OMR", "price|145.25 OMR", "price|1743 OMR", "total_amount|455.25 OMR", "total_amount|5463 OMR",
		"price|980 OMR", "price|11760 OMR"} {
		if !containsStr(got, w) {
			t.Errorf("fee tables (Arabic, bilingual): %q missing; got %q", w, got)
		}
	}
	for _, n := range []string{"fee|310 OMR", "fee|3720 OMR", "fee|980 OMR"} {
		if containsStr(got, n) {
			t.Errorf("fee tables (Arabic, bilingual): %q found; got %q", n, got)
		}
	}
	// A fee named in a sentence, not a table row, keeps its key.
	checkRound3(t, []round3Case{
		{"The Consultant's lump-sum fee is OMR 48,000.000.", TypeMoney, []string{"fee|48000 OMR"}, []string{"price|48000 OMR"}},
		{"أتعاب الاستشاري مبلغ مقطوع قدره 9,500.000 ر.ع.", TypeMoney, []string{"fee|9500 OMR"}, []string{"price|9500 OMR"}},
	})
}
