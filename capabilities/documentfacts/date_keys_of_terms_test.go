package documentfacts

import (
	"slices"
	"testing"
)

// TestDateKeysOfTerms: an expiry is no agreement date, a delivery
// deadline no effective date, "enters into force" is the effective date,
// an agreement "valid until" a date expires then, and the month May
// grants no right (issue 29, class 5).
func TestDateKeysOfTerms(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // key|normalized of every date fact
	}{
		{"LEASE AGREEMENT\nThis Lease is dated 1 March 2026 and ends on 28 February 2027.", []string{"agreement_date|2026-03-01", "expiry_date|2027-02-28"}},
		{"This Agreement expires on 31 December 2027.", []string{"expiry_date|2027-12-31"}},
		{"This Contract takes effect on 15 April 2026. The first batch shall be delivered no later than 30 April 2026.",
			[]string{"effective_date|2026-04-15", "delivery_date|2026-04-30"}},
		{"This Contract takes effect on 15 April 2026 and the goods shall be delivered no later than 30 April 2026.",
			[]string{"effective_date|2026-04-15", "delivery_date|2026-04-30"}},
		{"This Agreement enters into force on 1 February 2026.", []string{"effective_date|2026-02-01"}},
		{"SERVICE AGREEMENT\nThis Agreement is valid until 31 January 2028.", []string{"expiry_date|2028-01-31"}},
		{"This quotation is valid until 5 March 2026.", []string{"valid_until|2026-03-05"}},
		{"Payment due: 14 May 2026", []string{"due_date|2026-05-14"}},
	} {
		got := factSet(extractText(t, c.text), TypeDate)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: dates %v, want %v", c.text, got, c.want)
		}
	}
	// A labelled due date in May is a deadline (the month is no "may").
	out := extractText(t, "INVOICE\nPayment due: 14 May 2026")
	if len(out.Deadlines) != 1 || out.Deadlines[0].NormalizedValue != "2026-05-14" {
		t.Errorf("deadlines %+v", out.Deadlines)
	}
	// "may" still grants a right.
	out = extractText(t, "The Buyer may return the goods no later than 14 May 2026.")
	if len(out.Deadlines) != 0 {
		t.Errorf("a right gave deadlines %+v", out.Deadlines)
	}
	// Labelled delivery and completion times counted from an event.
	for _, c := range []struct{ text, want string }{
		{"Delivery: 45 days from approval of the artwork.", "delivery_deadline|P45D|45 days from approval of the artwork"},
		{"Lead time: 6 weeks after receipt of the order.", "delivery_deadline|P6W|6 weeks after receipt of the order"},
		{"مدة التسليم: ٤٥ يوماً من تاريخ أمر الشراء.", "delivery_deadline|P45D|مدة التسليم: ٤٥ يوماً من تاريخ أمر الشراء"},
		{"Payment is due 30 days after the invoice date.", "payment_deadline|P30D|30 days after the invoice date"},
		{"The balance is payable 60 days from delivery.", "payment_deadline|P60D|60 days from delivery"},
	} {
		out := extractText(t, c.text)
		var got []string
		for _, d := range out.Deadlines {
			got = append(got, d.Key+"|"+d.NormalizedValue+"|"+d.Value)
		}
		if !slices.Equal(got, []string{c.want}) {
			t.Errorf("%q: deadlines %q, want %q", c.text, got, c.want)
		}
	}
}
