package documentfacts

import (
	"slices"
	"testing"
)

// A payment clause that writes its period as "within a 30-day period" or
// "within a period of thirty (30) days" (Arabic "خلال مدة/فترة ...")
// gives payment terms as "within 30 days" does, and "within a period of"
// is a window to act in, not a term: the duration takes the clause's
// other cue (payment, delivery, ...) or none.
func TestPaymentTermsWithinAPeriod(t *testing.T) {
	for _, c := range []struct {
		text  string
		terms []string // payment_terms, key|value|normalized
		durs  []string // durations
		dl    []string // deadlines
	}{
		{"Payment shall be made within a 30-day period of receipt of invoice.",
			[]string{"payment_terms|Payment shall be made within a 30-day period of receipt of invoice|P30D"},
			[]string{"payment_period|30-day|P30D"}, []string{"payment_deadline|P30D|receipt of invoice"}},
		{"Payment is due within a thirty-day period of receipt of the invoice.",
			[]string{"payment_terms|Payment is due within a thirty-day period of receipt of the invoice|P30D"},
			[]string{"payment_period|thirty-day|P30D"}, []string{"payment_deadline|P30D|receipt of the invoice"}},
		{"Invoices are payable within a period of thirty (30) days from receipt.",
			[]string{"payment_terms|payable within a period of thirty (30) days from receipt|P30D"},
			[]string{"payment_period|thirty (30) days|P30D"}, []string{"payment_deadline|P30D|receipt"}},
		{"Invoices are payable within a period of 30 days.",
			[]string{"payment_terms|payable within a period of 30 days|P30D"},
			[]string{"payment_period|30 days|P30D"}, []string{"payment_deadline|P30D|"}},
		{"يتم الدفع خلال مدة ثلاثين يوماً من تاريخ الفاتورة.",
			[]string{"payment_terms|يتم الدفع خلال مدة ثلاثين يوماً|P30D"},
			[]string{"payment_period|ثلاثين يوماً|P30D"}, []string{"payment_deadline|P30D|تاريخ الفاتورة"}},
		{"يتم الدفع خلال فترة ٣٠ يوماً من تاريخ الفاتورة.",
			[]string{"payment_terms|يتم الدفع خلال فترة ٣٠ يوماً|P30D"},
			[]string{"payment_period|٣٠ يوماً|P30D"}, []string{"payment_deadline|P30D|تاريخ الفاتورة"}},
		// Not payment: the window takes the clause's cue, or none.
		{"The Supplier shall deliver the goods within a period of thirty (30) days.",
			nil, nil, []string{"delivery_deadline|P30D|"}}, // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
		{"The Tenant shall vacate the premises within a period of thirty days.",
			nil, nil, []string{"deadline|P30D|"}},
		// A term stays one; a run of words that is no number gives nothing.
		{"The term of the lease is a period of two years.", nil, []string{"term|two years|P2Y"}, nil},
		{"Invoices are payable within a few days.", nil, nil, nil},
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
