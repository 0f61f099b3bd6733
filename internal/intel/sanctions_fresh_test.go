package intel_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

// agedSanctions is a local sanctions port whose lists may be past their
// age: it answers what the fixture says and adds the lists' dates, the
// lists left out and their warnings.
type agedSanctions struct {
	*inteltest.Sanctions
	lists, notUsed []intel.ListInfo
	warnings       []string
}

func (a agedSanctions) Local() bool { return true }

func (a agedSanctions) Screen(ctx context.Context, q intel.ScreenQuery) (intel.ScreenResult, error) {
	r, err := a.Sanctions.Screen(ctx, q)
	r.Lists, r.NotUsed, r.Warnings = a.lists, a.notUsed, a.warnings
	for _, l := range a.notUsed {
		r.ListsUnavailable = append(r.ListsUnavailable, l.Name+" (past the age limit: not screened)")
	}
	return r, err
}

// The company intelligence capabilities see a list's age: each list
// checked is named with its dates; a stale one's warning reaches the
// answer; lists left out for their age make the screening partial, and
// when they are all there is, not_checked, a stale provider use and no
// evidence (stale_evidence_only). A local port is asked at every call
// (never cached) and does not make an answer uncached.
func TestSanctionsListAges(t *testing.T) {
	s := intel.Subject{Name: "Acme Trading Ltd", Country: "GB"}
	plan := intel.Plan{Sanctions: true}
	retrieved := inteltest.Now.Add(-9 * 24 * time.Hour)
	ofac := intel.ListInfo{Name: "ofac_sdn", Version: "2026-05-20", Published: "2026-05-20", RetrievedAt: retrieved, CurrentAsOf: retrieved,
		AgeSeconds: 9 * 24 * 3600, Freshness: "stale"}
	un := intel.ListInfo{Name: "un", Version: "2026-04-01", Published: "2026-04-01", RetrievedAt: inteltest.Now.Add(-40 * 24 * time.Hour),
		CurrentAsOf: inteltest.Now.Add(-40 * 24 * time.Hour), AgeSeconds: 40 * 24 * 3600, Freshness: "expired"}
	staleWarn, unWarn := "stale_list: ofac_sdn is 9d old", "stale_list: un is 40d old"

	t.Run("one stale, one expired", func(t *testing.T) {
		fx := &inteltest.Sanctions{Lists: []string{"ofac_sdn 2026-05-20"}}
		port := agedSanctions{Sanctions: fx, lists: []intel.ListInfo{ofac}, notUsed: []intel.ListInfo{un}, warnings: []string{staleWarn, unWarn}}
		src := intel.Sources{Sanctions: port, Cache: intel.NewCache(func() time.Time { return inteltest.Now }, 0)}
		var g intel.Gathered
		for range 2 {
			g = intel.Gather(context.Background(), src, s, intel.Resolution{}, plan, inteltest.Now)
		}
		if fx.Calls() != 2 {
			t.Errorf("a local port was asked %d times for 2 calls (cached?)", fx.Calls())
		}
		if g.Screening.Status != "partial" || len(g.Screening.Lists) != 1 || g.Screening.Lists[0] != ofac || len(g.Screening.ListsNotUsed) != 1 {
			t.Errorf("screening %+v", g.Screening)
		}
		if !slices.Contains(g.Warnings, staleWarn) || !slices.Contains(g.Warnings, unWarn) {
			t.Errorf("warnings %q", g.Warnings)
		}
		if !g.Cached {
			t.Error("a local screening made the answer uncached")
		}
		if charge, why := dalil.DecideEvidence(intel.BasisOf(g.Providers, g.Items)); !charge {
			t.Errorf("a stale (not expired) list is still evidence: %v %q", charge, why)
		}
	})

	t.Run("every list expired", func(t *testing.T) {
		fx := &inteltest.Sanctions{}
		port := agedSanctions{Sanctions: fx, notUsed: []intel.ListInfo{un}, warnings: []string{unWarn}}
		src := intel.Sources{Sanctions: port, Cache: intel.NewCache(func() time.Time { return inteltest.Now }, 0)}
		g := intel.Gather(context.Background(), src, s, intel.Resolution{}, plan, inteltest.Now)
		if g.Screening.Status != "not_checked" || len(g.Screening.ListsChecked) != 0 || len(g.Screening.ListsNotUsed) != 1 || len(g.Screening.Matches) != 0 {
			t.Errorf("screening %+v", g.Screening)
		}
		var use intel.ProviderUse
		for _, p := range g.Providers {
			if p.Kind == "sanctions" {
				use = p
			}
		}
		if use.Status != "stale" || !strings.Contains(use.Detail, "age limit") {
			t.Errorf("provider use %+v", use)
		}
		if !slices.Contains(g.Warnings, unWarn) {
			t.Errorf("warnings %q", g.Warnings)
		}
		b := intel.BasisOf(g.Providers, g.Items)
		if charge, why := dalil.DecideEvidence(b); charge || why != dalil.NotChargedStaleOnly {
			t.Errorf("DecideEvidence = %v %q (basis %+v)", charge, why, b)
		}
	})
}
