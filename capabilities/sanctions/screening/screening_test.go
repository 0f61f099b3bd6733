package screening

import (
	"context"
	"testing"

	"dalil/capabilities/sanctions"
	"dalil/capabilities/suppliercheck"
	ds "dalil/dataset/sanctions"
	"dalil/internal/intel"
)

type fixedLists struct{ e *sanctions.Engine }

func (f fixedLists) Engine(context.Context) (*sanctions.Engine, error) { return f.e, nil }

// The adapters hand the engine's matches to oman_supplier_check and the
// company intelligence capabilities in their own words; no list is no
// list checked, never clear.
func TestSanctionsAdapters(t *testing.T) {
	ctx := context.Background()
	e := sanctions.NewEngine([]sanctions.List{{Name: "ofac-sdn", Version: "2026-10-28", Entries: 1}}, []sanctions.Listed{{List: "ofac-sdn", Entity: ds.Entity{
		ID: "90002", Type: ds.TypeEntity, Name: "GULF EXAMPLE SHIPPING LLC", Aliases: []ds.Alias{{Name: "شركة أفق المثال للشحن", Type: "aka"}},
		Countries: []string{"AE"}, Identifiers: []ds.Identifier{{Type: "Registration Number", Number: "1122334"}}}}})
	s := &sanctions.Screener{Lists: fixedLists{e}}

	sc, err := supplierSanctions{s}.Screen(ctx, suppliercheck.ScreenRequest{Names: []string{"Gulf Example Shipping L.L.C."}, Country: "OM", RegistrationNumber: "1122334"})
	if err != nil || len(sc.Lists) != 1 || sc.Lists[0] != (suppliercheck.ListVersion{Name: "ofac-sdn", Version: "2026-10-28", Entries: 1}) || len(sc.Matches) != 1 {
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
