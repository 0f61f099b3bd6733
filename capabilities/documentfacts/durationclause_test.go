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
		// The repair time is no term (h05), in words and in digits, and
		// no duration either: the key specification (issue 29, session
		// 14) makes response and repair times deadlines only (was:
		// duration). "يضمن ... لمدة سنتين" is the warranty (was: term).
		{"يضمن البائع المعدات لمدة سنتين من تاريخ التركيب، ويلتزم بإصلاح أي عطل خلال ثلاثة أيام من إبلاغه.",
			[]string{"warranty_period|سنتين|P2Y"}},
		{"يضمن البائع المعدات لمدة سنتين من تاريخ التركيب، ويلتزم بإصلاح أي عطل خلال 3 أيام من إبلاغه.",
			[]string{"warranty_period|سنتين|P2Y"}},
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
		// A list: once an item has named its duration, the cue before it
		// (a label heading the line too) does not reach the next items,
		// over a comma or a semicolon alike.
		// (A response or repair time is no duration: the key
		// specification; nor does the label before it reach it.)
		{"Notice period: 30 days; response time: 4 hours.", []string{"notice_period|30 days|P30D"}},
		{"Notice period: 30 days, response time 4 hours, repair time 48 hours.",
			[]string{"notice_period|30 days|P30D"}},
		{"Warranty: 12 months on parts; the Supplier shall repair faults within 3 days.",
			[]string{"warranty_period|12 months|P12M"}},
		{"The Supplier gives a warranty of 12 months on parts, 6 months on batteries, 30 days on consumables.",
			[]string{"warranty_period|12 months|P12M"}},
		{"Term: 2 years, site visits every 3 months, reports within 10 days.", []string{"term|2 years|P2Y"}},
		{"مدة الضمان سنتان، الصيانة كل ثلاثة أشهر، الإصلاح خلال ٥ أيام.", []string{"warranty_period|سنتان|P2Y"}},
		{"Payment: 30% within 10 days of order, 70% within 30 days of delivery.", []string{"payment_period|10 days|P10D"}},
		// Items with their own cue keep it; "renewable" is a renewal.
		{"The notice period is 30 days, the probation period 3 months, the warranty 12 months.",
			[]string{"notice_period|30 days|P30D", "probation_period|3 months|P3M", "warranty_period|12 months|P12M"}},
		{"The term is two years, renewable for one year.", []string{"term|two years|P2Y", "renewal_term|one year|P1Y"}},
		// A notice word after a duration names it only before a
		// conjunction or the next duration.
		{"The warranty period is 12 months and the notice period is 30 days.",
			[]string{"warranty_period|12 months|P12M", "notice_period|30 days|P30D"}},
		{"The term is two years and 30 days' notice is needed to end it.", []string{"term|two years|P2Y", "notice_period|30 days|P30D"}},
		{"مدة الضمان سنتان والإشعار ٣٠ يوماً.", []string{"warranty_period|سنتان|P2Y", "notice_period|٣٠ يوماً|P30D"}},
		{"The first three (3) months are a probation period.", []string{"probation_period|three (3) months|P3M"}},
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
