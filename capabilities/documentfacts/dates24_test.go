package documentfacts

import (
	"strings"
	"testing"
)

// Round 24 of dates (issue 29, session 24): families of dates24.go. Each
// case is a short text written for this test and the keys it must (want)
// or must not (not) hold; count, how many date facts a value has.

type dates24Case struct {
	name, format, text string
	want, not          []string
	count              map[string]int
}

func checkDates24(t *testing.T, typ string, cases []dates24Case) {
	t.Helper()
	for _, c := range cases {
		got := factSet(extractAs(t, c.format, c.text), typ)
		if errs := keyedErrs(got, c.want, c.not, c.count); len(errs) > 0 {
			t.Errorf("%s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		}
	}
}

func TestDates24WordDatesSettleOrder(t *testing.T) {
	body := strings.Repeat("The Contractor shall keep the plant in good working order.\n", 3)
	cases := []dates24Case{
		// WO: a numeric date whose day and month are both 12 or less is
		// read in the order that makes it a date the text also writes in
		// words.
		{name: "WO gulf contract, month-first words, day-first signatures", text: "MAINTENANCE CONTRACT\n\nThis Contract is made in Doha on May 3, 2026 between the parties.\n" + body +
			"For the Client\nAhmed Saleh\nDate: 03/05/2026\n",
			count: map[string]int{"2026-03-05": 0}, want: []string{"signature_date|2026-05-03"}},
		{name: "WO month-first numbers, month-first words", text: "SERVICE ORDER\n\nThis order is dated October 6, 2026.\n" + body +
			"Accepted by the Vendor on 10/06/2026.\n",
			count: map[string]int{"2026-10-06": 2, "2026-06-10": 0}},
		{name: "WO markdown signing table, day-first words", format: "md", text: "# SUPPLY AGREEMENT\n\nThis Agreement is made on 4 July 2026.\n\n" + body +
			"\n| Party | Signed |\n|---|---|\n| Buyer | 04/07/2026 |\n",
			count: map[string]int{"2026-07-04": 2, "2026-04-07": 0}},
		{name: "WO arabic and english twins", text: "عقد توريد / SUPPLY CONTRACT\n\nأبرم هذا العقد في 9 مارس 2026م.\nThis Contract is made on March 9, 2026.\n" + body +
			"التوقيع: 09/03/2026\n",
			count: map[string]int{"2026-09-03": 0}, want: []string{"signature_date|2026-03-09"}},
		// Near miss: no word date settles it; the number stays unread.
		{name: "WO near miss no matching word date", text: "SERVICE ORDER\n\nThis order is dated April 2, 2026.\n" + body +
			"Accepted by the Vendor on 05/06/2026.\n",
			count: map[string]int{"2026-06-05": 0, "2026-05-06": 0}},
	}
	checkDates24(t, TypeDate, cases)
}
