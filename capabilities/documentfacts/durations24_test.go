package documentfacts

import (
	"strings"
	"testing"
)

// Round 24 of durations (issue 29, session 24): families of
// durations24.go. Each case is a short text written for this test.

func TestDurations24Further(t *testing.T) {
	body := strings.Repeat("The Contractor shall keep the plant in good working order.\n", 3)
	arBody := strings.Repeat("يلتزم المقاول بصيانة المعدات بصورة دورية.\n", 3)
	cases := []dates24Case{
		// FU: a number and its unit with "further", "additional" or
		// "more" between them.
		{name: "FU one (1) further year, html line break", format: "html", text: "<h1>MAINTENANCE CONTRACT</h1><p>" + body + "</p><p>The Contract commences on 1 June 2026 and expires on 31 May 2028. It may be renewed for one (1) further\nyear by written agreement of both parties.</p>",
			want: []string{"renewal_term|P1Y"}},
		{name: "FU two additional years", text: "LEASE AGREEMENT\n\n" + body + "The Tenant may renew the lease for two additional years on the same terms.\n",
			want: []string{"renewal_term|P2Y"}},
		{name: "FU three more months of warranty", text: "SUPPLY CONTRACT\n\n" + body + "Parts replaced under warranty carry a warranty of six (6) more months from their replacement.\n",
			want: []string{"warranty_period|P6M"}},
		{name: "FU arabic renewal for a further year", text: "عقد صيانة\n\n" + arBody + "ويجوز تجديد العقد لمدة سنة إضافية بموافقة الطرفين كتابياً.\n",
			want: []string{"renewal_term|P1Y"}},
		// Near miss: "further" before another noun.
		{name: "FU near miss further notice", text: "SERVICE AGREEMENT\n\n" + body + "Prices are fixed for one (1) year and until further notice thereafter.\n",
			not: []string{"renewal_term|P1Y"}},
	}
	checkDates24(t, TypeDuration, cases)
}
