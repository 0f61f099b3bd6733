package suppliercheck

import (
	"slices"
	"strings"
	"testing"

	"dalil"
)

// oman_supplier_check with sanctions lists past their age: an expired
// list is named (listsNotUsed, listsUnavailable) and never screened, so
// "clear" is said only from the lists used; with no list used the check
// is not_checked, never clear; the stale_list warnings are in
// checks.sanctions.warnings; an expired list is a Stale source, and an
// answer resting on nothing else is not charged.
func TestSupplierListAges(t *testing.T) {
	stale := ListVersion{Name: "ofac_sdn", Version: "2026-10-20", Published: "2026-10-20", Entries: 18000, Batch: "b1", RetrievedAt: now.AddDate(0, 0, -9),
		CurrentAsOf: now.AddDate(0, 0, -9), AgeSeconds: 9 * 86400, Freshness: "stale"}
	expired := ListVersion{Name: "un", Version: "2026-08-01", Published: "2026-08-01", Entries: 700, Batch: "b2", RetrievedAt: now.AddDate(0, 0, -45),
		CurrentAsOf: now.AddDate(0, 0, -45), AgeSeconds: 45 * 86400, Freshness: "expired"}
	warnStale, warnExpired := "stale_list: ofac_sdn is 9d old (...)", "stale_list: un is 45d old (...)"
	in := Input{CompanyName: "Al Noor Trading L.L.C.", CRNumber: "123 4567"}
	for _, c := range []struct {
		name   string
		deps   Deps
		status string
		charge bool
		reason string
	}{
		{"a stale list screened, an expired one not", Deps{Registry: dir{catalog()}, Now: full().Now,
			Sanctions: screener{s: Screening{Lists: []ListVersion{stale}, NotUsed: []ListVersion{expired}, Warnings: []string{warnStale, warnExpired}}}},
			"clear", true, ""},
		{"every list expired, nothing else", Deps{Now: full().Now,
			Sanctions: screener{s: Screening{NotUsed: []ListVersion{expired}, Warnings: []string{warnExpired}}}},
			"not_checked", false, "insufficient_data"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := run(t, c.deps, in)
			sc := out.Checks.Sanctions
			if sc.Status != c.status || len(sc.ListsNotUsed) != 1 || sc.ListsNotUsed[0].Name != "un" || len(sc.ListsUnavailable) != 1 ||
				!strings.Contains(sc.ListsUnavailable[0], "age limit") || !strings.Contains(sc.Explanation, "age limit") {
				t.Fatalf("sanctions check %+v", sc)
			}
			if !slices.Equal(sc.Warnings, c.deps.Sanctions.(screener).s.Warnings) {
				t.Errorf("warnings %q", sc.Warnings)
			}
			for _, l := range sc.Lists {
				if l.Freshness == "" || l.Published == "" || l.RetrievedAt.IsZero() {
					t.Errorf("list without its dates: %+v", l)
				}
			}
			stales := 0
			for _, s := range out.Basis().Sources {
				if s.Stale {
					stales++
					if s.Name != "un" {
						t.Errorf("stale source %+v", s)
					}
				}
			}
			if stales != 1 {
				t.Errorf("%d stale sources, want 1", stales)
			}
			if charge, reason := dalil.DecideEvidence(out.Basis()); charge != c.charge || reason != c.reason {
				t.Errorf("DecideEvidence = %v %q, want %v %q", charge, reason, c.charge, c.reason)
			}
			if c.status == "not_checked" && !slices.ContainsFunc(out.Limitations, func(l string) bool { return strings.Contains(l, "past its age limit") }) {
				t.Errorf("limitations %q", out.Limitations)
			}
		})
	}
}
