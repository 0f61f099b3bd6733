package documentfacts

import (
	"slices"
	"testing"
)

// round3Case: in text, the facts of typ (key|normalized, or role|name for
// parties) include every want and none of not.
type round3Case struct {
	text      string
	typ       string
	want, not []string
}

func checkRound3(t *testing.T, cases []round3Case) {
	t.Helper()
	for _, c := range cases {
		got := factSet(extractText(t, c.text), c.typ)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: %s %q missing; got %q", c.text, c.typ, w, got)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("%q: %s %q found; got %q", c.text, c.typ, n, got)
			}
		}
	}
}

// TestSignatureDates: a bare "Date:" under the signatures is the date of
// signing (issue 29, third round), in a column per party too; elsewhere
// it keeps its key.
func TestSignatureDates(t *testing.T) {
	checkRound3(t, []round3Case{
		{"SERVICES AGREEMENT\nThis Agreement is made on 3 March 2026.\nSIGNATURES\nFor the Buyer | For the Seller\nDate: 4 March 2026 | Date: 5 March 2026",
			TypeDate, []string{"agreement_date|2026-03-03", "signature_date|2026-03-04", "signature_date|2026-03-05"}, nil},
		{"LEASE AGREEMENT\nSigned for and on behalf of\nAl Noor Trading LLC\nName: Salim Al Harthy\nDate / التاريخ: 7 May 2026",
			TypeDate, []string{"signature_date|2026-05-07"}, []string{"agreement_date|2026-05-07"}},
		{"عقد توريد\nالتوقيعات\nعن الطرف الأول | عن الطرف الثاني\nالتاريخ: 9 يونيو 2026 | التاريخ: 9 يونيو 2026",
			TypeDate, []string{"signature_date|2026-06-09"}, nil},
		// No signature block: a bare date label keeps its key.
		{"SUPPLY AGREEMENT\nDate: 4 March 2026\n1. Scope\nThe Supplier shall supply the goods.",
			TypeDate, []string{"agreement_date|2026-03-04"}, []string{"signature_date|2026-03-04"}},
		// A clause about signed copies opens no signature block.
		{"SUPPLY AGREEMENT\nSigned copies of every delivery note shall be kept by the Buyer for audit purposes throughout the term of this Agreement and after it.\nDate: 4 March 2026",
			TypeDate, []string{"agreement_date|2026-03-04"}, nil},
	})
}
