package omanbusiness

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil"
)

// Due diligence with sanctions lists past their age: a list past the hard
// limit is named (listsNotUsed) and never screened, so with nothing else
// the company is not_checked, never no_match_found; the stale_list
// warnings reach the answer's warnings; the list is a Stale source.
func TestDueDiligenceListAges(t *testing.T) {
	obs := func(x *Record) { complete(x); x.ObservedAt = now.AddDate(0, 0, -10) }
	cat := NewCatalog([]Record{r("1", "1234567", "A Co", "", SourcePublicRegistry, obs)})
	stale := SanctionsList{Name: "ofac_sdn", Version: "2026-10-01", Published: "2026-10-01", Entries: 9000, Batch: "b1",
		RetrievedAt: now.AddDate(0, 0, -9), CurrentAsOf: now.AddDate(0, 0, -9), AgeSeconds: 9 * 86400, Freshness: "stale"}
	expired := SanctionsList{Name: "un", Version: "2026-08-01", Published: "2026-08-01", Entries: 700, Batch: "b2",
		RetrievedAt: now.AddDate(0, 0, -45), CurrentAsOf: now.AddDate(0, 0, -45), AgeSeconds: 45 * 86400, Freshness: "expired"}
	warnStale, warnExpired := "stale_list: ofac_sdn is 9d old (...)", "stale_list: un is 45d old (...)"
	for _, c := range []struct {
		name    string
		s       Screening
		status  string
		sources []string // sanctions sources in the basis: name, +stale
	}{
		{"a stale list screened, an expired one not", Screening{Lists: []SanctionsList{stale}, NotUsed: []SanctionsList{expired}, Warnings: []string{warnStale, warnExpired}},
			SanctionsNoMatch, []string{"ofac_sdn", "un+stale"}},
		{"every list expired", Screening{NotUsed: []SanctionsList{expired}, Warnings: []string{warnExpired}}, SanctionsNotChecked, []string{"un+stale"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := Deps{Directory: fixedDirectory{cat}, Sanctions: fakeScreener{s: c.s}, Now: func() time.Time { return now }}
			out, err := DueDiligence(context.Background(), d, DueDiligenceInput{CompanyID: "OM-CR-1234567", TransactionType: "supplier_contract"})
			if err != nil {
				t.Fatal(err)
			}
			sc := out.SanctionsScreening
			if sc.Status != c.status || len(sc.ListsNotUsed) != 1 || sc.ListsNotUsed[0].Name != "un" || !strings.Contains(sc.Explanation, "age limit") {
				t.Fatalf("screening %+v", sc)
			}
			for _, w := range c.s.Warnings {
				if !slices.Contains(out.Warnings, w) {
					t.Errorf("warnings %q lack %q", out.Warnings, w)
				}
			}
			var got []string
			for _, s := range out.Basis().Sources {
				if s.Dataset == "sanctions" {
					name := s.Name
					if s.Stale {
						name += "+stale"
					}
					got = append(got, name)
				}
			}
			if !slices.Equal(got, c.sources) {
				t.Errorf("sanctions sources %v, want %v", got, c.sources)
			}
			if c.status == SanctionsNotChecked && !slices.ContainsFunc(out.RiskAssessment.RiskFlags, func(f RiskFlag) bool { return f.Code == "SANCTIONS_NOT_SCREENED" }) {
				t.Errorf("flags %+v", out.RiskAssessment.RiskFlags)
			}
			// The company's records are real: charged either way.
			if charge, _ := dalil.DecideEvidence(out.Basis()); !charge {
				t.Error("not charged")
			}
		})
	}
}
