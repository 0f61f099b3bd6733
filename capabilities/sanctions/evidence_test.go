package sanctions

import (
	"context"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capability"
)

// A screen's charge follows the lists it used: real lists are evidence,
// the synthetic demo list alone is not.
func TestScreenBasisDecidesCharge(t *testing.T) {
	retrieved := time.Date(2026, 10, 28, 0, 0, 0, 0, time.UTC)
	ofac := List{Name: "ofac-sdn", Version: "2026-10-28", Entries: 18000, Batch: "b-ofac", RetrievedAt: retrieved}
	un := List{Name: "un-consolidated", Version: "2026-10-20", Entries: 1000, Batch: "b-un", RetrievedAt: retrieved}
	demo := List{Name: DemoSource, Version: "2026-10-01", Entries: 4, Batch: "b-demo", Synthetic: true, RetrievedAt: retrieved}
	ctx := capability.WithCall(context.Background(), capability.Call{Now: retrieved.Add(24 * time.Hour)})
	for _, c := range []struct {
		name   string
		lists  []List
		charge bool
		reason string
	}{
		{"real lists", []List{ofac, un}, true, ""},
		{"one real list", []List{ofac}, true, ""},
		{"demo list only", []List{demo}, false, dalil.NotChargedSyntheticOnly},
		{"demo and a real list", []List{demo, ofac}, true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := NewEngine(c.lists, nil)
			deps := Deps{Lists: listsFunc(func() (*Engine, error) { return e, nil })}
			out, err := Screen(ctx, deps, Input{Name: "Al Noor Trading LLC"})
			if err != nil {
				t.Fatal(err)
			}
			b := out.Basis()
			if charge, reason := dalil.DecideEvidence(b); charge != c.charge || reason != c.reason {
				t.Fatalf("DecideEvidence = %v %q, want %v %q (basis %+v)", charge, reason, c.charge, c.reason, b)
			}
			if len(b.Sources) != len(c.lists) {
				t.Fatalf("sources %+v", b.Sources)
			}
			for i, s := range b.Sources {
				l := c.lists[i]
				want := dalil.SourceDataset
				if l.Synthetic {
					want = dalil.SourceSynthetic
				}
				if s.Kind != want || s.Name != l.Name || s.Dataset != Dataset || s.Batch != l.Batch || !s.RetrievedAt.Equal(l.RetrievedAt) || s.Items != l.Entries {
					t.Fatalf("source %d = %+v, list %+v", i, s, l)
				}
			}
			// Only a screen on real lists says no listed name came close.
			if real := strings.HasPrefix(out.Summary, "No listed name"); real != c.charge {
				t.Fatalf("summary %q", out.Summary)
			}
			if !c.charge && !strings.Contains(out.Summary, "synthetic demo data") {
				t.Fatalf("summary %q", out.Summary)
			}
		})
	}
}
