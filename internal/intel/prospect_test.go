package intel_test

import (
	"context"
	"testing"
	"time"

	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

var allKinds = []string{"registry", "web_search", "sanctions", "domain", "website", "threat_listing"}

// Issue 30 item 5: a preview reports what exists for this input (cached
// answers about this company), never configured sources as found; says
// syntheticOnly when only a demo list would answer; and whether the paid
// call would be charged.
func TestProspect(t *testing.T) {
	demoList := &inteltest.Sanctions{Lists: []string{"demo list"}, Synthetic: true}
	realList := &inteltest.Sanctions{Lists: []string{"UN consolidated"}}
	for _, c := range []struct {
		name      string
		src       intel.Sources
		synthetic bool
		charged   bool
		ask       int
		lists     string
	}{
		{"nothing configured", intel.Sources{}, false, false, 0, "none"},
		{"demo list only", intel.Sources{Sanctions: demoList}, true, false, 0, "synthetic_only"},
		{"real list", intel.Sources{Sanctions: realList}, false, true, 1, "real"},
		{"providers and a demo list", func() intel.Sources { s := inteltest.NewWorld().Sources(); s.Sanctions = demoList; return s }(), false, true, 5, "synthetic_only"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, cov := c.src.Prospect("Acme Trading Ltd", "GB", allKinds)
			if p.SyntheticOnly != c.synthetic || p.WouldBeCharged != c.charged || len(p.SourcesToAsk) != c.ask || p.SanctionsLists != c.lists {
				t.Errorf("prospect %+v", p)
			}
			// Nothing cached: nothing found, no coverage, said plainly.
			if p.CachedLookups != 0 || cov != 0 || p.Statement == "" {
				t.Errorf("nothing cached: %d lookups, coverage %v, %q", p.CachedLookups, cov, p.Statement)
			}
		})
	}
}

// After a paid call gathered evidence about Acme, the preview of Acme
// finds the cached answers; another company's finds none.
func TestProspectCachedLookups(t *testing.T) {
	w := inteltest.NewWorld()
	w.Cache = intel.NewCache(func() time.Time { return inteltest.Now }, 0)
	src := w.Sources()
	s := intel.Subject{Name: "Acme Trading Ltd", Country: "GB"}
	res := intel.Resolve(context.Background(), src, s)
	intel.Gather(context.Background(), src, s, res, intel.Plan{News: true, Sanctions: true}, inteltest.Now)
	p, cov := src.Prospect("acme trading ltd", "GB", allKinds)
	if p.CachedLookups == 0 || cov <= 0 || cov > 1 || len(p.CachedCategories) == 0 || !p.WouldBeCharged {
		t.Errorf("after a call: %+v coverage %v", p, cov)
	}
	if p, cov := src.Prospect("Other Company Ltd", "GB", allKinds); p.CachedLookups != 0 || cov != 0 {
		t.Errorf("another company: %+v coverage %v", p, cov)
	}
}
