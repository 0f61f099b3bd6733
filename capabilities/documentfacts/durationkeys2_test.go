package documentfacts

import (
	"slices"
	"testing"
)

// TestDurationKeysRound2: keys of durations (issue 29, class 4, second
// round): a service duty's time even when the fault was "reported", a
// complaint window, "extended by" a renewal, "continues for" a term, a
// notice given "by registered letter ... before the expiry date", a
// frequency ("every two weeks", "كل ثلاثة أشهر") no period, a
// confidentiality period "thereafter" or "after termination" (and not a
// return window of "Confidential Information"), a notice that is only the
// means of an extension, "a further two-year term", a balance, a
// remittance or a handover window, a maintenance period, an Arabic list
// of warranties joined by و, and a clause whose verb follows a comma. None
// of these wordings is a corpus document's.
func TestDurationKeysRound2(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		// A response time is a deadline only (the key specification,
		// issue 29; was duration).
		{"The Seller shall attend any reported breakdown within 6 hours.", nil},
		{"Complaints must be lodged within 8 days of receipt.", []string{"claim_period|P8D"}},
		{"The term is automatically extended by six months at a time.", []string{"renewal_term|P6M"}},
		{"This Agreement continues for three (3) years.", []string{"term|P3Y"}},
		{"Either party may end it by registered letter at least two months before the expiry date.", []string{"notice_period|P2M"}},
		{"The Contractor shall visit the site every two weeks.", nil},
		{"يدفع المستأجر الإيجار كل ثلاثة أشهر.", nil},
		{"Neither party shall disclose the other's confidential information during the term and for three (3) years after termination.", []string{"confidentiality_period|P3Y"}},
		{"The Recipient must destroy the Confidential Information within 15 days of a request.", nil},
		{"The Customer may extend the term for a further six (6) months by notice given before 1 May 2027.", []string{"renewal_term|P6M"}},
		{"The lease may be renewed for an additional two-year term.", []string{"renewal_term|P2Y"}},
		{"Payment: 20% on order, the balance within 25 days of installation.", []string{"payment_period|P25D"}},
		{"Please remit the amount within 14 days.", []string{"payment_period|P14D"}},
		{"The Supplier shall hand over the vehicles within 10 days of payment.", nil}, // a time limit: a deadline only (session 16 key specification, round 14)
		{"فترة الصيانة ستة أشهر من تاريخ الاستلام.", []string{"warranty_period|P6M"}},
		{"الضمان: سنتان على القطع وثلاث سنوات على المحرك.", []string{"warranty_period|P2Y", "warranty_period|P3Y"}},
		{"يسلم المورد البضاعة عند الطلب، ويدفع المشتري الباقي خلال عشرة أيام من الاستلام.", []string{"payment_period|P10D"}},
		{"يخطر الطرف الراغب في عدم التجديد الطرف الآخر قبل ستين يوماً من الانتهاء.", []string{"notice_period|P60D"}},
	} {
		got := factSet(extractText(t, c.text), TypeDuration)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n durations %q\n want      %q", c.text, got, want)
		}
	}
}
