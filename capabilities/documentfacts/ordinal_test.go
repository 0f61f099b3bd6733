package documentfacts

import (
	"slices"
	"testing"
)

// A day counted in a sequence ("the fifteenth (15) day of each month")
// is no period: it gives no duration and no deadline (nor any other
// fact: it is no date either). Cardinals next to it stay periods.
func TestOrdinalDayIsNoDuration(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // durations, key|value|normalized
	}{
		{"The Tenant shall pay the rent on the fifteenth (15) day of each month.", nil},
		{"The Tenant shall pay the rent on the twenty-first (21) day of each month.", nil},
		{"The Tenant shall pay the rent on the Fifth (5) day of each month.", nil},
		{"The Tenant shall pay the rent on the 15 day of each month.", nil},
		{"The notice period ends on the 30 day after notice.", nil},
		{"The Tenant shall pay the rent on the fifteenth (15th) day of each month.", nil},
		{"Rent is payable on the 15th day of each month.", nil},
		// Cardinals.
		{"The Tenant shall pay the rent within the first five (5) days of each month.", []string{"payment_period|five (5) days|P5D"}},
		{"The Tenant shall pay the rent within fifteen (15) days of each month.", []string{"payment_period|fifteen (15) days|P15D"}},
		{"The notice period is the 30 day period after notice.", []string{"notice_period|30 day|P30D"}},
		// (Was a delivery window, now a deadline only: session 19
		// decision 1, convention_bonds_parent_dates.go.)
		{"The notice period is (15) days.", []string{"notice_period|(15) days|P15D"}},
	} {
		out := extractText(t, c.text)
		if got := factRows(out, TypeDuration); !slices.Equal(got, c.want) {
			t.Errorf("%q: durations\n got  %q\n want %q", c.text, got, c.want)
		}
		if c.want == nil {
			if len(out.Deadlines) > 0 || len(factRows(out, TypeDate)) > 0 || len(factRows(out, TypePaymentTerms)) > 0 {
				t.Errorf("%q: deadlines %q, dates %q, payment terms %q", c.text, deadlineRows(out), factRows(out, TypeDate), factRows(out, TypePaymentTerms))
			}
		}
	}
}

func TestIsENOrdinal(t *testing.T) {
	for w, want := range map[string]bool{"first": true, "Second": true, "third": true, "fourth": true, "fifth": true, "eighth": true,
		"ninth": true, "tenth": true, "twelfth": true, "fifteenth": true, "nineteenth": true, "twentieth": true, "ninetieth": true,
		"hundredth": true, "fifteen": false, "month": false, "both": false, "tooth": false, "the": false, "with": false, "oneth": false,
		"twentyth": false, "teeth": false} {
		if got := isENOrdinal(w); got != want {
			t.Errorf("isENOrdinal(%q) = %v", w, got)
		}
	}
}
