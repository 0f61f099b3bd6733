package documentfacts

import (
	"testing"
)

// TestBilingualPartiesRound7b: a company written in both scripts is one
// party, each written form a party line with the company's role (issue
// 29, round 7b): a letterhead in two columns of one row, the Arabic name
// heading its cell as the English one heads its own; a letterhead with the
// two names on consecutive lines whose role is stated later by one of
// them only. People who sign keep no role; a company of the other script
// that only stands in the same row, not heading its cell, takes nothing.
func TestBilingualPartiesRound7b(t *testing.T) {
	checkRound3(t, []round3Case{
		{"Sahil Marine Supplies LLC, Sur, Oman | شركة الساحل للتجهيزات البحرية ش.م.م، صور\nTAX INVOICE | فاتورة ضريبية\nBill to / العميل | Hormuz Fisheries SAOC\nPrepared by: Nadia Khalfan Al Busaidi",
			TypeParty, []string{"supplier|Sahil Marine Supplies LLC", "supplier|شركة الساحل للتجهيزات البحرية ش.م.م", "customer|Hormuz Fisheries SAOC", "|Nadia Khalfan Al Busaidi"},
			[]string{"|شركة الساحل للتجهيزات البحرية ش.م.م"}},
		{"شركة الوادي للطاقة المتجددة ش.م.م\nWadi Renewable Energy LLC\nشهادة ضمان\nتصدر شركة الوادي للطاقة المتجددة ش.م.م (ويشار إليها فيما بعد بـ\"المورد\") هذه الشهادة لصالح شركة الرمال للعقارات ش.م.م (ويشار إليها فيما بعد بـ\"العميل\").\nالمفوض بالتوقيع: سالم بن علي الهاشمي",
			TypeParty, []string{"supplier|شركة الوادي للطاقة المتجددة ش.م.م", "supplier|Wadi Renewable Energy LLC", "customer|شركة الرمال للعقارات ش.م.م"},
			[]string{"|Wadi Renewable Energy LLC", "supplier|سالم بن علي الهاشمي"}},
		// Not a twin: the Arabic company is named inside the second cell,
		// after a label, not heading it.
		{"QUOTATION\nBarka Steel Works LLC, Barka | المورد المعتمد لدى شركة النخيل للمقاولات ش.م.م\nTo: Sohar Port Services SAOC",
			TypeParty, []string{"supplier|Barka Steel Works LLC"}, []string{"supplier|شركة النخيل للمقاولات ش.م.م"}},
	})
}
