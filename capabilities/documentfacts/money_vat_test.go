package documentfacts

import "testing"

// TestMoney27VATQualified: a sum whose label says it includes or
// excludes VAT keeps the label's own money word; a VAT line stays the
// tax (docs/documents.md, "Issue 29, session 27: money keys").
func TestMoney27VATQualified(t *testing.T) {
	for _, c := range []struct{ label, want string }{
		{"قيمة العقد شاملة ضريبة القيمة المضافة", "contract_value"},
		{"قيمة العقد غير شاملة ضريبة القيمة المضافة: ", "contract_value"},
		{"Contract value plus VAT: ", "contract_value"},
		{"VAT 5%", ""},
		{"ضريبة القيمة المضافة ٥٪", ""},
		{"including VAT", ""},
	} {
		if got := vatQualifiedKey(c.label); got != c.want {
			t.Errorf("%q: %q, want %q", c.label, got, c.want)
		}
	}
}

// TestMoney27InsureOn: "بالتأمين على ..." (to insure the goods, the
// works, the crew) names an insurance cover, not the deposit التأمين
// alone names.
func TestMoney27InsureOn(t *testing.T) {
	for _, s := range []string{
		"يلتزم المقاول بالتأمين على المعدات ضد السرقة بمبلغ يصل إلى ",
		"يجب التأمين على المخزون بمبلغ لا يقل عن ",
	} {
		if c, ok := nearestCue(s, moneyCues); !ok || c.key != "insurance_cover" {
			t.Errorf("%q: %q, want insurance_cover", s, c.key)
		}
	}
	if c, _ := nearestCue("يدفع المستأجر مبلغ التأمين وقدره ", moneyCues); c.key != "security_deposit" {
		t.Errorf("a deposit: %q, want security_deposit", c.key)
	}
}
