package documentfacts

import (
	"slices"
	"testing"
)

// A payment clause gives payment terms whatever its verb form: passive
// or nominal (payable, paid, due, due for payment, settled, remitted) or
// an active verb bound by a modal with its object ("shall pay each
// invoice within 30 days", "agrees to pay", "please pay", "shall remit");
// in Arabic a verb with or without short vowels (يدفع, تُسدد), the verbal
// noun after an obligation (بدفع, بسداد), the noun (السداد) or تستحق.
// A one-off sum (deposit, penalty, refund, interest, a claim or a
// dispute settled), a second action before the period, a negated or
// conditional payment ("not paid within", "fails to pay") give no terms;
// the payment deadline and period stay.
func TestPaymentTermsVerbForms(t *testing.T) {
	for _, c := range []struct {
		text  string
		terms []string // payment_terms, key|value|normalized
		durs  []string // durations
		dl    []string // deadlines
	}{
		{"The Buyer shall pay each invoice within 30 days of receipt.",
			[]string{"payment_terms|shall pay each invoice within 30 days of receipt|P30D"},
			[]string{"payment_period|30 days|P30D"}, []string{"payment_deadline|P30D|receipt"}},
		{"Each invoice is due for payment within 21 days.",
			[]string{"payment_terms|due for payment within 21 days|P21D"},
			[]string{"payment_period|21 days|P21D"}, []string{"payment_deadline|P21D|"}},
		{"Invoices shall be paid within thirty (30) days of receipt.",
			[]string{"payment_terms|paid within thirty (30) days of receipt|P30D"},
			[]string{"payment_period|thirty (30) days|P30D"}, []string{"payment_deadline|P30D|receipt"}},
		{"The Customer will pay all undisputed invoices within forty-five days of the invoice date.",
			[]string{"payment_terms|will pay all undisputed invoices within forty-five days of the invoice date|P45D"},
			[]string{"payment_period|forty-five days|P45D"}, []string{"payment_deadline|P45D|the invoice date"}},
		{"The Client must pay the fees within 30 days.",
			[]string{"payment_terms|must pay the fees within 30 days|P30D"},
			[]string{"payment_period|30 days|P30D"}, []string{"payment_deadline|P30D|"}},
		{"The Buyer agrees to pay the Contract Price within 60 days of delivery.",
			[]string{"payment_terms|agrees to pay the Contract Price within 60 days of delivery|P60D"},
			[]string{"payment_period|60 days|P60D"}, []string{"payment_deadline|P60D|delivery"}},
		{"The Customer shall remit payment within 30 days of the invoice date.",
			[]string{"payment_terms|shall remit payment within 30 days of the invoice date|P30D"},
			[]string{"payment_period|30 days|P30D"}, []string{"payment_deadline|P30D|the invoice date"}},
		{"Please pay within 30 days of the invoice date.",
			[]string{"payment_terms|Please pay within 30 days of the invoice date|P30D"},
			[]string{"payment_period|30 days|P30D"}, []string{"payment_deadline|P30D|the invoice date"}},
		{"All invoices shall be settled within 30 days of receipt.",
			[]string{"payment_terms|settled within 30 days of receipt|P30D"}, nil, []string{"payment_deadline|P30D|receipt"}},
		{"The Buyer shall pay the deposit on signature, and the balance shall be paid within 30 days.",
			[]string{"payment_terms|paid within 30 days|P30D"},
			[]string{"payment_period|30 days|P30D"}, []string{"payment_deadline|P30D|"}},
		{"يدفع المشتري قيمة الفاتورة خلال ٣٠ يوماً من تاريخ استلامها.",
			[]string{"payment_terms|يدفع المشتري قيمة الفاتورة خلال ٣٠ يوماً|P30D"},
			[]string{"payment_period|٣٠ يوماً|P30D"}, []string{"payment_deadline|P30D|تاريخ استلامها"}},
		{"تُسدد الفواتير خلال ثلاثين يوماً من تاريخ الاستلام.",
			[]string{"payment_terms|تُسدد الفواتير خلال ثلاثين يوماً|P30D"},
			[]string{"payment_period|ثلاثين يوماً|P30D"}, []string{"payment_deadline|P30D|تاريخ الاستلام"}},
		{"يلتزم المشتري بدفع قيمة الفواتير خلال ٣٠ يوماً.",
			[]string{"payment_terms|بدفع قيمة الفواتير خلال ٣٠ يوماً|P30D"},
			[]string{"payment_period|٣٠ يوماً|P30D"}, []string{"payment_deadline|P30D|"}},
		{"يرجى السداد خلال ٣٠ يوماً من تاريخ الفاتورة.",
			[]string{"payment_terms|السداد خلال ٣٠ يوماً|P30D"},
			[]string{"payment_period|٣٠ يوماً|P30D"}, []string{"payment_deadline|P30D|تاريخ الفاتورة"}},
		{"وتستحق كل فاتورة خلال ٣٠ يوماً من تاريخ استلامها.",
			[]string{"payment_terms|تستحق كل فاتورة خلال ٣٠ يوماً|P30D"}, nil, []string{"payment_deadline|P30D|تاريخ استلامها"}},
		// No terms: one-off sums, another action, a negation or a
		// condition, a dispute.
		{"The Tenant shall pay the deposit within 5 days of signing.",
			nil, []string{"payment_period|5 days|P5D"}, []string{"payment_deadline|P5D|signing"}},
		{"The deposit shall be paid within 5 days of signing.",
			nil, []string{"payment_period|5 days|P5D"}, []string{"payment_deadline|P5D|signing"}},
		{"The Contractor shall pay a penalty of 1% per day of delay.", nil, nil, nil},
		{"The Insurer shall pay the claim within 30 days.",
			nil, []string{"payment_period|30 days|P30D"}, []string{"payment_deadline|P30D|"}},
		{"The Buyer shall pay interest on any amount not paid within 30 days.",
			nil, []string{"payment_period|30 days|P30D"}, []string{"payment_deadline|P30D|"}},
		{"Any dispute shall be settled within 30 days.", nil, nil, []string{"payment_deadline|P30D|"}},
		{"The Buyer shall pay the fee on signature and deliver the report within 30 days.",
			nil, nil, []string{"delivery_deadline|P30D|"}}, // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
		// A late payer's time before the other may terminate is a cure
		// period (round 8c, heldout3's "cure periods and grace periods
		// in termination conditions"); it pinned payment_period before.
		{"If the Lessee fails to pay any instalment within 14 days of its due date, the Lessor may terminate this lease.",
			nil, []string{"cure_period|14 days|P14D"}, nil},
		{"يلتزم المستأجر بسداد التأمين خلال ٥ أيام من تاريخ التوقيع.",
			nil, []string{"payment_period|٥ أيام|P5D"}, []string{"payment_deadline|P5D|تاريخ التوقيع"}},
		{"يلتزم البائع بدفع الغرامة خلال ١٠ أيام.",
			nil, []string{"payment_period|١٠ أيام|P10D"}, []string{"payment_deadline|P10D|"}},
		{"يدفع المشتري الثمن عند الاستلام، ويتم التسليم خلال ٣٠ يوماً.",
			nil, nil, []string{"delivery_deadline|P30D|"}}, // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
	} {
		out := extractText(t, c.text)
		if got := factRows(out, TypePaymentTerms); !slices.Equal(got, c.terms) {
			t.Errorf("%q: payment terms\n got  %q\n want %q", c.text, got, c.terms)
		}
		if got := factRows(out, TypeDuration); !slices.Equal(got, c.durs) {
			t.Errorf("%q: durations\n got  %q\n want %q", c.text, got, c.durs)
		}
		if got := deadlineRows(out); !slices.Equal(got, c.dl) {
			t.Errorf("%q: deadlines\n got  %q\n want %q", c.text, got, c.dl)
		}
	}
}
