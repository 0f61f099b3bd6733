package documentfacts

import (
	"slices"
	"testing"
)

// TestDateKeysRound2: the date an agreement is made read from its
// sentence ("was concluded in Salalah on", "اتفق الطرفان", "حرر ...
// بين"), year-first dates with slashes or points, a bilingual invoice
// title under a letterhead, "من D1 إلى D2", "على ألا يتجاوز", a
// deliverable submitted (a delivery, not a bid), a required delivery
// date as a deadline, "due 30 days net from" and an offer's validity
// given as a label (issue 29, class 4). None of these wordings is a
// corpus document's.
func TestDateKeysRound2(t *testing.T) {
	for _, c := range []struct {
		text      string
		dates     []string
		deadlines []string // key|normalized value
	}{
		{"CONTRACT OF SALE\nThis contract was concluded in Salalah on 3 March 2026.", []string{"agreement_date|2026-03-03"}, nil},
		{"عقد إيجار\nإنه في يوم الاثنين ٦ أبريل ٢٠٢٦ اتفق الطرفان على ما يلي:", []string{"agreement_date|2026-04-06"}, nil},
		{"عقد توريد\nإنه في ٥ مايو ٢٠٢٦ تم التعاقد بين كل من:", []string{"agreement_date|2026-05-05"}, nil},
		// Not an agreement: a meeting's date in a letter.
		{"Dear Sir,\nWe met on 3 March 2026 between two sessions.", []string{"date|2026-03-03"}, nil},
		{"Invoice date: 2026/09/07\nShipped: 2026.03.15", []string{"date|2026-03-15", "invoice_date|2026-09-07"}, nil},
		{"GULF TRADING LLC\nCOMMERCIAL INVOICE / فاتورة تجارية\nDate: 25/03/2026", []string{"invoice_date|2026-03-25"}, nil},
		{"مدة الإيجار سنة واحدة من ١ يناير ٢٠٢٧ إلى ٣١ ديسمبر ٢٠٢٧.", []string{"effective_date|2027-01-01", "expiry_date|2027-12-31"}, nil},
		{"يلتزم المقاول بتسليم الأعمال على ألا يتجاوز ذلك ٣٠ يونيو ٢٠٢٦.", []string{"completion_date|2026-06-30"}, []string{"delivery_deadline|2026-06-30"}}, // session 20 decision 18 (convention_signing_bonds.go): works handed over by a limit are completed
		{"The Consultant shall submit the design drawings no later than 1 June 2026.", []string{"delivery_date|2026-06-01"}, []string{"delivery_deadline|2026-06-01"}},
		{"Bidders shall submit their proposals no later than 1 June 2026.", []string{"submission_deadline|2026-06-01"}, []string{"submission_deadline|2026-06-01"}},
		{"Required delivery date: 10 July 2026", []string{"delivery_date|2026-07-10"}, []string{"delivery_deadline|2026-07-10"}},
		{"DELIVERY NOTE\nDelivery date: 10 July 2026", []string{"delivery_date|2026-07-10"}, nil},
		{"Payment is due 30 days net from the date of invoice.", nil, []string{"payment_deadline|P30D"}},
		{"QUOTATION\nOffer validity: 45 days from the date of this quotation.", nil, nil}, // an offer's validity: a duration only (session 16 key specification, round 14)
		{"عرض سعر\nمدة صلاحية العرض: ٦٠ يوماً من تاريخه.", nil, nil},                      // an offer's validity: a duration only (session 16 key specification, round 14)
	} {
		out := extractText(t, c.text)
		dates := factSet(out, TypeDate)
		slices.Sort(dates)
		var dls []string
		for _, d := range out.Deadlines {
			dls = append(dls, d.Key+"|"+d.NormalizedValue)
		}
		slices.Sort(dls)
		if !slices.Equal(dates, slices.Sorted(slices.Values(c.dates))) || !slices.Equal(dls, slices.Sorted(slices.Values(c.deadlines))) {
			t.Errorf("%q:\n dates %q deadlines %q\n want  %q deadlines %q", c.text, dates, dls, c.dates, c.deadlines)
		}
	}
}
