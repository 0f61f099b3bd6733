package screening

import (
	"context"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/sanctions"
	"dalil/capabilities/suppliercheck"
	"dalil/capability"
	ds "dalil/dataset/sanctions"
	"dalil/internal/intel"
)

type fixedLists struct{ e *sanctions.Engine }

func (f fixedLists) Engine(context.Context, []string) (*sanctions.Engine, error) { return f.e, nil }

func (f fixedLists) Current(context.Context) ([]sanctions.List, error) {
	if f.e == nil {
		return nil, nil
	}
	return f.e.Lists(), nil
}

// The adapters hand the engine's matches to oman_supplier_check and the
// company intelligence capabilities in their own words; no list is no
// list checked, never clear.
func TestSanctionsAdapters(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	ctx := capability.WithCall(context.Background(), capability.Call{Now: now})
	e := sanctions.NewEngine([]sanctions.List{{Name: "ofac-sdn", Version: "2026-10-28", Entries: 1, RetrievedAt: now}}, []sanctions.Listed{{List: "ofac-sdn", Entity: ds.Entity{
		ID: "90002", Type: ds.TypeEntity, Name: "GULF EXAMPLE SHIPPING LLC", Aliases: []ds.Alias{{Name: "شركة أفق المثال للشحن", Type: "aka"}},
		Countries: []string{"AE"}, Identifiers: []ds.Identifier{{Type: "Registration Number", Number: "1122334"}}}}})
	s := &sanctions.Screener{Lists: fixedLists{e}}

	sc, err := supplierSanctions{s}.Screen(ctx, suppliercheck.ScreenRequest{Names: []string{"Gulf Example Shipping L.L.C."}, Country: "OM", RegistrationNumber: "1122334"})
	if err != nil || len(sc.Lists) != 1 || sc.Lists[0] != (suppliercheck.ListVersion{Name: "ofac-sdn", Version: "2026-10-28", Entries: 1, RetrievedAt: now,
		CurrentAsOf: now, Freshness: sanctions.FreshCurrent}) || len(sc.Matches) != 1 {
		t.Fatalf("supplier: %+v %v", sc, err)
	}
	m := sc.Matches[0]
	if m.Name != "GULF EXAMPLE SHIPPING LLC" || m.MatchedAlias != nil || *m.Reference != "90002" || m.MatchType != "exact_normalized_name" ||
		m.MatchScore != 1 || len(m.Corroborating) != 1 || len(m.Contradicting) != 1 || m.Source != "ofac-sdn" || m.Reason == "" {
		t.Errorf("supplier match: %+v", m)
	}
	if sc, err := (supplierSanctions{&sanctions.Screener{}}).Screen(ctx, suppliercheck.ScreenRequest{Names: []string{"X"}}); err != nil || len(sc.Lists) != 0 {
		t.Errorf("no list: %+v %v", sc, err)
	}

	r, err := intelSanctions{s}.Screen(ctx, intel.ScreenQuery{Names: []string{"Gulf Example Shipping"}, Country: "AE", Identifiers: []string{"999", "1122334"}})
	if err != nil || len(r.ListsChecked) != 1 || r.ListsChecked[0] != "ofac-sdn 2026-10-28" || len(r.Hits) != 1 {
		t.Fatalf("intel: %+v %v", r, err)
	}
	if h := r.Hits[0]; h.ListedName != "GULF EXAMPLE SHIPPING LLC" || h.EntryID != "90002" || h.Countries[0] != "AE" || h.Identifiers[0] != "1122334" || h.ListType != "sanctions" {
		t.Errorf("intel hit: %+v", h)
	}
	if r, err := (intelSanctions{&sanctions.Screener{}}).Screen(ctx, intel.ScreenQuery{Names: []string{"X"}}); err != nil || len(r.ListsChecked) != 0 || len(r.Hits) != 0 {
		t.Errorf("intel no list: %+v %v", r, err)
	}
}

// Every adapter names each list with its dates and age, carries the
// stale_list warnings, and leaves out a list past the hard limit: a name
// on it alone is no match and never no match either (not screened).
func TestAdaptersCarryListAges(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	ctx := capability.WithCall(context.Background(), capability.Call{Now: now})
	day := 24 * time.Hour
	lists := []sanctions.List{
		{Name: "ofac_sdn", Version: "2026-11-18", Published: "2026-11-18", Entries: 1, Batch: "b1", RetrievedAt: now.Add(-9 * day)},
		{Name: "un", Version: "2026-09-01", Published: "2026-09-01", Entries: 1, Batch: "b2", RetrievedAt: now.Add(-45 * day)},
	}
	entries := []sanctions.Listed{
		{List: "ofac_sdn", Entity: ds.Entity{ID: "1", Type: ds.TypeEntity, Name: "GULF EXAMPLE SHIPPING LLC"}},
		{List: "un", Entity: ds.Entity{ID: "2", Type: ds.TypeEntity, Name: "NORTH STAR RELIEF FOUNDATION"}},
	}
	s := &sanctions.Screener{Lists: fixedLists{sanctions.NewEngine(lists, entries)}}
	warned := func(ws []string) bool {
		return len(ws) == 2 && strings.HasPrefix(ws[0], "stale_list: ofac_sdn ") && strings.HasPrefix(ws[1], "stale_list: un ")
	}

	sc, err := supplierSanctions{s}.Screen(ctx, suppliercheck.ScreenRequest{Names: []string{"North Star Relief Foundation"}})
	if err != nil || len(sc.Lists) != 1 || sc.Lists[0].Name != "ofac_sdn" || sc.Lists[0].Freshness != sanctions.FreshStale || sc.Lists[0].Published != "2026-11-18" ||
		!sc.Lists[0].RetrievedAt.Equal(now.Add(-9*day)) || sc.Lists[0].AgeSeconds != int64(9*day/time.Second) ||
		len(sc.NotUsed) != 1 || sc.NotUsed[0].Freshness != sanctions.FreshExpired || len(sc.Matches) != 0 || !warned(sc.Warnings) {
		t.Errorf("supplier: %+v %v", sc, err)
	}
	if ls, err := (supplierSanctions{s}).Lists(ctx); err != nil || len(ls) != 1 || ls[0].Name != "ofac_sdn" {
		t.Errorf("supplier preview lists %+v %v (an expired list is no list to screen)", ls, err)
	}

	bs, err := businessSanctions{s}.Screen(ctx, omanbusiness.ScreenRequest{Names: []string{"North Star Relief Foundation"}})
	if err != nil || len(bs.Lists) != 1 || bs.Lists[0].Freshness != sanctions.FreshStale || len(bs.NotUsed) != 1 || bs.NotUsed[0].Name != "un" ||
		len(bs.Matches) != 0 || !warned(bs.Warnings) {
		t.Errorf("due diligence: %+v %v", bs, err)
	}

	r, err := intelSanctions{s}.Screen(ctx, intel.ScreenQuery{Names: []string{"North Star Relief Foundation"}})
	if err != nil || len(r.ListsChecked) != 1 || len(r.Lists) != 1 || r.Lists[0].Freshness != sanctions.FreshStale || len(r.NotUsed) != 1 ||
		len(r.ListsUnavailable) != 1 || len(r.Hits) != 0 || !warned(r.Warnings) || !(intelSanctions{s}).Local() {
		t.Errorf("intel: %+v %v", r, err)
	}

	// Both lists past the hard limit: nothing screened, both named.
	lists[0].RetrievedAt = now.Add(-31 * day)
	s = &sanctions.Screener{Lists: fixedLists{sanctions.NewEngine(lists, entries)}}
	if sc, err := (supplierSanctions{s}).Screen(ctx, suppliercheck.ScreenRequest{Names: []string{"Gulf Example Shipping"}}); err != nil || len(sc.Lists) != 0 || len(sc.NotUsed) != 2 || len(sc.Matches) != 0 {
		t.Errorf("supplier, every list expired: %+v %v", sc, err)
	}
	if r, err := (intelSanctions{s}).Screen(ctx, intel.ScreenQuery{Names: []string{"Gulf Example Shipping"}}); err != nil || len(r.ListsChecked) != 0 || len(r.NotUsed) != 2 || len(r.Hits) != 0 {
		t.Errorf("intel, every list expired: %+v %v", r, err)
	}
	if !(intelSanctions{s}).Ready() {
		t.Error("lists past their age are not ready: the answer would say not configured instead of too old")
	}
}
