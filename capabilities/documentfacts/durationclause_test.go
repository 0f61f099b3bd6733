package documentfacts

import (
	"slices"
	"testing"
)

// A duration's role word counts only in the duration's own clause: not
// back over a semicolon or a comma that opens a new clause (a
// conjunction, or an Arabic verb with or without و), and a bond's name
// ("ضمان حسن التنفيذ", "performance guarantee") names no warranty. A comma
// followed by anything else, and a label heading the line, keep the role.
func TestDurationRoleInItsClause(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // key|value|normalized
	}{
		// The repair time is no term (h05), in words and in digits.
		{"يضمن البائع المعدات لمدة سنتين من تاريخ التركيب، ويلتزم بإصلاح أي عطل خلال ثلاثة أيام من إبلاغه.",
			[]string{"term|سنتين|P2Y"}},
		{"يضمن البائع المعدات لمدة سنتين من تاريخ التركيب، ويلتزم بإصلاح أي عطل خلال 3 أيام من إبلاغه.",
			[]string{"term|سنتين|P2Y"}},
		{"مدة العقد سنتان، يلتزم المورد خلالها بالصيانة والإصلاح خلال ٥ أيام.",
			[]string{"term|سنتان|P2Y"}},
		{"The Supplier grants a warranty period of twelve (12) months, and shall repair any fault within three (3) days of being told.",
			[]string{"warranty_period|twelve (12) months|P12M"}},
		{"The warranty period is 12 months, but the Supplier shall repair any fault within 3 days.",
			[]string{"warranty_period|12 months|P12M"}},
		{"The term of this Agreement is two (2) years; the Supplier shall respond to a call within 48 hours.",
			[]string{"term|two (2) years|P2Y"}},
		// The performance bond's submission period is no warranty (h06).
		{"يلتزم المتقدم الفائز بتقديم ضمان حسن التنفيذ خلال عشرة أيام من تاريخ الإخطار بالترسية.", nil},
		{"يلتزم المتقدم الفائز بتقديم ضمان حسن التنفيذ خلال 10 أيام من تاريخ الإخطار بالترسية.", nil},
		{"The successful bidder shall submit a performance guarantee within 14 days of the award.", nil},
		// Roles that stay.
		{"The Supplier grants a warranty period of twelve (12) months from delivery.",
			[]string{"warranty_period|twelve (12) months|P12M"}},
		{"The term of this Agreement, being three years, shall commence on signature.",
			[]string{"term|three years|P3Y"}},
		{"The warranty period, which is 24 months, starts on handover.",
			[]string{"warranty_period|24 months|P24M"}},
		{"Payment: 40% advance with the order; balance within 15 days of handover.",
			[]string{"payment_period|15 days|P15D"}},
		{"يضمن المورد المعدات، وتكون مدة الضمان سنتين من تاريخ التسليم.",
			[]string{"warranty_period|سنتين|P2Y"}},
		{"مدة الضمان، وهي سنتان، تبدأ من تاريخ التسليم.",
			[]string{"warranty_period|سنتان|P2Y"}},
	} {
		if got := factRows(extractText(t, c.text), TypeDuration); !slices.Equal(got, c.want) {
			t.Errorf("%q: durations %q, want %q", c.text, got, c.want)
		}
	}
}
