package dalil_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"dalil"
)

// Rates is contract §8's table, in the order it is listed: every plan's
// per-minute limit, as declared on the plan, then the keyless callers'.
func TestRatesMatchContract(t *testing.T) {
	want := []dalil.Rate{
		{ID: "free", PerMinute: 60},
		{ID: "developer", PerMinute: 120},
		{ID: "growth", PerMinute: 600},
		{ID: "enterprise", PerMinute: 3000},
		{ID: "payg", PerMinute: 60},
		{ID: "preview", PerMinute: 30},
	}
	if d := cmp.Diff(want, dalil.Rates()); d != "" {
		t.Errorf("Rates() (-want +got)\n%s", d)
	}
	for _, p := range dalil.Plans {
		if got, _ := dalil.PlanByID(p.ID); got.PerMinute != p.PerMinute || p.PerMinute <= 0 {
			t.Errorf("plan %s: PerMinute %d, found %d", p.ID, p.PerMinute, got.PerMinute)
		}
	}
	// A caller's change to the list it got does not reach the next one.
	rates := dalil.Rates()
	for i := range rates {
		rates[i].PerMinute = 1
	}
	if d := cmp.Diff(want, dalil.Rates()); d != "" {
		t.Errorf("Rates() shares its slice between calls (-want +got)\n%s", d)
	}
}
