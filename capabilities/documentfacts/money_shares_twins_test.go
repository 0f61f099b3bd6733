package documentfacts

import (
	"strings"
	"testing"
)

// TestMoney20bKey: families MA and MC on invented sentences, the sum
// marked by [[ ]].
func TestMoney20bKey(t *testing.T) {
	cases := []struct {
		name, key, text, want string
	}{
		{"MA down payment", "contract_value", "4.2 The Employer shall pay 15% of the contract price ([[USD 90,000.00]]) as a down payment against a bank guarantee.", "advance_payment"},
		{"MA advance before", "contract_value", "An advance payment of ten per cent of the Contract Value ([[OMR 12,500.000]]) shall be paid within 30 days.", "advance_payment"},
		{"MA Arabic", "contract_value", "يدفع صاحب العمل 25% من قيمة العقد ([[50,000.000 ر.ع.]]) دفعة مقدمة خلال أسبوعين.", "advance_payment"},
		{"MA no advance word", "contract_value", "The Buyer shall retain 10% of the contract price ([[EUR 4.000,00]]) until final acceptance.", ""},
		{"MA not a share", "contract_value", "The contract price ([[AED 300,000]]) includes a down payment of 20%.", ""},
		{"MA other key kept", "retention", "Retention of 5% of the contract price ([[QAR 7,500]]) shall be released, not paid in advance as a down payment.", ""},
		{"MA next sentence", "contract_value", "The total is 100% of the contract price ([[BHD 9,000.000]]). A down payment is not due.", ""},
		// MC: a marketing contribution is an allowance.
		{"MC contribution", "price", "5.2 The Principal will pay the Agent a marketing contribution of [[USD 12,000.00]] per year.", "allowance"},
		{"MC towards", "amount", "As an advertising allowance, the Manufacturer will contribute [[OMR 2,000.000]] per quarter.", "allowance"},
		{"MC Arabic", "price", "يمنح المورد الموزع مساهمة تسويقية قدرها [[٥٬٠٠٠ ر.ع.]] سنوياً.", "allowance"},
		{"MC unit price kept", "price", "The unit price of the marketing brochures is [[AED 4.50]] each.", ""},
		{"MC capital kept", "amount", "Each partner's capital contribution is [[BHD 50,000]].", ""},
		{"MC bond kept", "performance_bond", "A marketing contribution is due and a performance bond of [[QAR 9,000]] shall be furnished.", ""},
	}
	for _, c := range cases {
		at := strings.Index(c.text, "[[")
		text := strings.Replace(strings.Replace(c.text, "[[", "", 1), "]]", "", 1)
		if got := sharesTwinsMoneyKey(c.key, text, at); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// TestArabicTwins20b: invented facts; an Arabic twin of a Latin sum of the
// same key and value goes, any other sum stays.
func TestArabicTwins20b(t *testing.T) {
	m := func(key, norm, value string) Fact {
		return Fact{Type: TypeMoney, Key: key, Normalized: norm, Value: value}
	}
	facts := []Fact{
		m("performance_bond", "2500 OMR", "OMR 2,500.000"),
		m("performance_bond", "2500 OMR", "٢٬٥٠٠٫٠٠٠ ر.ع."),               // twin: dropped
		m("penalty_amount", "2500 OMR", "٢٬٥٠٠ ر.ع."),                     // other key: kept
		m("fee", "90 BHD", "٩٠ د.ب."),                                     // no Latin twin: kept
		m("price", "12 QAR", "12 ريال قطري"),                              // Arabic currency word
		m("price", "12 QAR", "QAR 12"),                                    // its Latin twin
		{Type: TypeDate, Key: "date", Normalized: "2500 OMR", Value: "x"}, // not money
	}
	cands := make([]candidate, len(facts))
	got, gotC := arabicTwins(facts, cands)
	if len(got) != len(gotC) {
		t.Fatalf("facts %d, cands %d", len(got), len(gotC))
	}
	var vals []string
	for _, f := range got {
		vals = append(vals, f.Key+" "+f.Value)
	}
	want := []string{"performance_bond OMR 2,500.000", "penalty_amount ٢٬٥٠٠ ر.ع.", "fee ٩٠ د.ب.", "price QAR 12", "date x"}
	if strings.Join(vals, "; ") != strings.Join(want, "; ") {
		t.Errorf("got %q\nwant %q", vals, want)
	}
}
