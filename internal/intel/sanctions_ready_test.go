package intel_test

import (
	"context"
	"slices"
	"testing"

	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

// readySanctions is a sanctions port whose lists may not be imported yet.
type readySanctions struct {
	*inteltest.Sanctions
	ready bool
}

func (r readySanctions) Ready() bool { return r.ready }

// TestSanctionsWithoutLists: a sanctions port with no list is not a
// configured source (Configured, Kinds), is not asked, and its screening
// is not_checked, never clear; a port that answers with no list checked
// is not_checked too and that answer is not cached, so a list imported
// afterwards is used at once.
func TestSanctionsWithoutLists(t *testing.T) {
	s := intel.Subject{Name: "Acme Trading Ltd", Country: "GB"}
	plan := intel.Plan{Sanctions: true}
	fx := &inteltest.Sanctions{Lists: []string{"UN consolidated"}}
	notReady := intel.Sources{Sanctions: readySanctions{fx, false}, Cache: intel.NewCache(nil, 0)}
	if notReady.Configured() || notReady.SanctionsOn() {
		t.Error("a sanctions port with no list counts as configured")
	}
	if on, _ := notReady.Kinds(); slices.Contains(on, "sanctions") {
		t.Errorf("kinds on %v", on)
	}
	g := intel.Gather(context.Background(), notReady, s, intel.Resolution{}, plan, inteltest.Now)
	if g.Screening.Status != "not_checked" || fx.Calls() != 0 || len(g.Providers) != 2 || g.Providers[1].Status != "not_configured" {
		t.Errorf("not ready: %+v, %d calls", g, fx.Calls())
	}
	ready := intel.Sources{Sanctions: readySanctions{fx, true}, Cache: intel.NewCache(nil, 0)}
	if !ready.Configured() || !ready.SanctionsOn() {
		t.Error("a ready sanctions port is not configured")
	}
	if g := intel.Gather(context.Background(), ready, s, intel.Resolution{}, plan, inteltest.Now); g.Screening.Status != "no_match_found" || fx.Calls() != 1 {
		t.Errorf("ready: %+v, %d calls", g.Screening, fx.Calls())
	}

	// Lists that vanish between Ready and Screen: not_checked, not kept.
	empty := &inteltest.Sanctions{}
	src := intel.Sources{Sanctions: empty, Cache: intel.NewCache(nil, 0)}
	for i := range 2 {
		g := intel.Gather(context.Background(), src, s, intel.Resolution{}, plan, inteltest.Now)
		var use intel.ProviderUse
		for _, p := range g.Providers {
			if p.Kind == "sanctions" {
				use = p
			}
		}
		if g.Screening.Status != "not_checked" || use.Status != "not_configured" || empty.Calls() != i+1 {
			t.Errorf("run %d with no list: %+v %+v, %d calls", i, g.Screening, use, empty.Calls())
		}
	}
	empty.Lists = []string{"UN consolidated"}
	if g := intel.Gather(context.Background(), src, s, intel.Resolution{}, plan, inteltest.Now); g.Screening.Status != "no_match_found" {
		t.Errorf("after an import: %+v", g.Screening)
	}
}
