package documentfacts

import (
	"slices"
	"testing"
)

// Three parts with a comma and no "and" between the first two are one
// duration; a comma alone (no "and" part after it) joins nothing.
func TestDurationThreeParts(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
		dl   []string
	}{
		{"The term of this Agreement is two years, six months and ten days.",
			[]string{"term|two years, six months and ten days|P2Y6M10D"}, nil},
		{"The term of this Agreement is 2 years, 6 months, and 10 days.",
			[]string{"term|2 years, 6 months, and 10 days|P2Y6M10D"}, nil},
		{"The Contractor shall complete the works within two years, six months and ten days of signature.",
			nil, []string{"delivery_deadline|P2Y6M10D|signature"}}, // session 16 key specification (round 14): a time limit: the sum is read in the deadline
		{"The term is 2 years, 3 months of which are probation.",
			[]string{"term|2 years|P2Y", "probation_period|3 months|P3M"}, nil},
		// A larger unit third: no sum (the list rule leaves the middle
		// item without a role).
		{"The term is two years, six months and one year.",
			[]string{"term|two years|P2Y", "term|one year|P1Y"}, nil},
	} {
		out := extractText(t, c.text)
		if got := factRows(out, TypeDuration); !slices.Equal(got, c.want) {
			t.Errorf("%q: durations\n got  %q\n want %q", c.text, got, c.want)
		}
		if got := deadlineRows(out); !slices.Equal(got, c.dl) {
			t.Errorf("%q: deadlines\n got  %q\n want %q", c.text, got, c.dl)
		}
	}
}
