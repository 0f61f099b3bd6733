package documentfacts

import "testing"

// Round 15 (issue 29, session 17): keys from heldout12's misses (keys15.go;
// docs/documents.md, "Issue 29, session 17: round 15, keys from
// heldout12"). The sentences are written for these tests, in English and
// Arabic, with negatives.

func TestRound15RowGoesOn(t *testing.T) {
	cases := []struct {
		prev, cur string
		want      bool
	}{
		{"Fault | Attend | Fix", "Urgent | 3 hours | 12 hours", true},
		{"الأولوية | الاستجابة | الإصلاح", "عاجل | ٣ ساعات | ١٢ ساعة", true},
		{"Item | Qty | Price | Total", "Urgent | 3 hours | 12 hours", false},
		{"3. Service levels", "Fault | Attend | Fix", false},
	}
	for _, c := range cases {
		if got := rowGoesOn15(c.prev, c.cur); got != c.want {
			t.Errorf("rowGoesOn15(%q, %q) = %v, want %v", c.prev, c.cur, got, c.want)
		}
	}
}
