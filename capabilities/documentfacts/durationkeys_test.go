package documentfacts

import (
	"slices"
	"testing"
)

// TestDurationKeys: what a period is for (issue 29, class 5): a warranty
// however it is said ("warrants ... for a period of", يضمن ... لمدة), the
// window to claim under it (claim_period), the window to remedy a breach
// (cure_period, not the notice that starts it), notice "at least 90 days
// before the end", survival of confidentiality, a term "in force for", a
// shipping period, an offer's validity and a response or repair time
// (key duration), and the windows that are deadlines only.
func TestDurationKeys(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // key|value|normalized
	}{
		{"The Supplier warrants the pumps for 24 months from delivery.", []string{"warranty_period|24 months|P24M"}},
		{"The Supplier warrants all goods for a period of 18 months from delivery.", []string{"warranty_period|18 months|P18M"}},
		{"يضمن المورد الأجهزة لمدة أربعة وعشرين شهراً من تاريخ التركيب.", []string{"warranty_period|أربعة وعشرين شهراً|P24M"}},
		{"The Products are warranted against defects for two (2) years from shipment.", []string{"warranty_period|two (2) years|P2Y"}},
		// Claim windows.
		{"The Buyer must notify any defect within 10 days of its discovery.", []string{"claim_period|10 days|P10D"}},
		{"Claims under this warranty must be made in writing within 7 days of discovery of the defect.", []string{"claim_period|7 days|P7D"}},
		{"Any warranty claim must be notified to the Supplier within 30 days after the defect becomes apparent.", []string{"claim_period|30 days|P30D"}},
		{"على المشتري إبلاغ المورد بأي عيب خلال عشرة أيام من اكتشافه.", []string{"claim_period|عشرة أيام|P10D"}},
		{"The Insurer shall pay the claim within 30 days.", []string{"payment_period|30 days|P30D"}},
		// Cure periods.
		{"The other party may terminate if the breach is not remedied within 30 days of written notice of the breach.", []string{"cure_period|30 days|P30D"}},
		{"If either party fails to cure a material breach within fifteen (15) days after receiving written notice, the other may terminate.", []string{"cure_period|fifteen (15) days|P15D"}},
		{"Either party may terminate by giving 30 days' notice.", []string{"notice_period|30 days|P30D"}},
		// Remedying a defect is no cure of a breach; a defects liability
		// period is the warranty.
		{"The Contractor shall remedy any defect notified during the defects liability period of 12 months.", []string{"warranty_period|12 months|P12M"}},
		// Notice before the end, survival, a term in force.
		{"يتجدد العقد تلقائياً لمدة سنة واحدة ما لم يخطر أحد الطرفين الآخر برغبته في عدم التجديد قبل شهرين من انتهاء مدته.",
			[]string{"renewal_term|سنة واحدة|P1Y", "notice_period|شهرين|P2M"}},
		{"Either party may terminate this Agreement by written notice given at least 90 days before the end of the term.", []string{"notice_period|90 days|P90D"}},
		{"This obligation survives for three (3) years after the end of this Agreement.", []string{"confidentiality_period|three (3) years|P3Y"}},
		{"This Agreement enters into force on signature and remains in force for three years.", []string{"term|three years|P3Y"}},
		{"The Supplier shall ship each order within 21 days of the order date.", nil}, // a time limit: a deadline only (session 16 key specification, round 14)
		// Validity, response and repair times.
		{"هذا العرض ساري لمدة ثلاثين يوماً من تاريخه.", []string{"duration|ثلاثين يوماً|P30D"}},
		{"This offer is valid for 60 days.", []string{"duration|60 days|P60D"}},
		{"This Agreement remains valid for a period of two years.", []string{"term|two years|P2Y"}},
		// Response and repair times are deadlines only (the key
		// specification, issue 29, session 14; were duration).
		{"The Provider shall respond to priority 1 incidents within 2 hours.", nil},
		{"The Supplier shall replace defective goods within 5 working days of a valid claim.", nil},
		{"Response time: 4 hours.", nil},
		// The time for completing works counted from an event is a
		// deadline only (the key specification's session 16 row, round
		// 14; was term by dev4's guideline, round 7a).
		{"The Contractor shall complete the works within 18 months of signature.", nil},
		// Windows that are deadlines only.
		{"The Tenant shall vacate the premises within 30 days.", nil},
		{"The Buyer may respond within 10 days.", nil},
	} {
		if got := factRows(extractText(t, c.text), TypeDuration); !slices.Equal(got, c.want) {
			t.Errorf("%q: durations %q, want %q", c.text, got, c.want)
		}
	}
}
