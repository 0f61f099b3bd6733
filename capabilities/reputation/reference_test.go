package reputation

import (
	"errors"
	"slices"
	"testing"

	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

// TestReputationReferenceSanctionsAndStaleness reaches the reference's
// sanctions statuses of company_reputation_check (reference-service.md
// §2c: no_match_found, unavailable, partial) and its DATA_STALE warning,
// each from what the sources answer.
func TestReputationReferenceSanctionsAndStaleness(t *testing.T) {
	cases := []struct {
		name   string
		change func(w *inteltest.World)
		check  func(t *testing.T, o Output)
	}{
		{"every list checked, no hit: no_match_found", func(*inteltest.World) {}, func(t *testing.T, o Output) {
			if o.Sanctions.Status != "no_match_found" || len(o.Sanctions.ListsChecked) != 2 || len(o.Sanctions.Matches) != 0 {
				t.Errorf("sanctions %+v", o.Sanctions)
			}
		}},
		{"the screening failed: unavailable", func(w *inteltest.World) {
			w.Sanctions.Err = errors.Join(intel.ErrUnavailable, errors.New("store down"))
		}, func(t *testing.T, o Output) {
			if o.Sanctions.Status != "unavailable" {
				t.Errorf("sanctions %+v", o.Sanctions)
			}
		}},
		{"one list could not be read: partial", func(w *inteltest.World) {
			w.Sanctions.Unavailable = []string{"EU consolidated"}
		}, func(t *testing.T, o Output) {
			if o.Sanctions.Status != "partial" || !slices.Contains(o.Sanctions.ListsUnavailable, "EU consolidated") {
				t.Errorf("sanctions %+v", o.Sanctions)
			}
		}},
		{"news older than its category's age: DATA_STALE", func(w *inteltest.World) {
			w.Search.News = []intel.SearchResult{{URL: "https://www.reuters.com/acme-2019", Title: "Acme Trading opens a new warehouse",
				Snippet: "Acme Trading opened a warehouse in Leeds.", Published: inteltest.Date("2019-01-10")}}
		}, func(t *testing.T, o Output) {
			if !slices.Contains(o.Warnings, "DATA_STALE") {
				t.Errorf("warnings %v", o.Warnings)
			}
		}},
		{"recent news: no DATA_STALE", func(w *inteltest.World) {
			w.Search.News = []intel.SearchResult{{URL: "https://www.reuters.com/acme-2026", Title: "Acme Trading opens a new warehouse",
				Snippet: "Acme Trading opened a warehouse in Leeds.", Published: inteltest.Date("2026-02-01")}}
		}, func(t *testing.T, o Output) {
			if slices.Contains(o.Warnings, "DATA_STALE") {
				t.Errorf("warnings %v", o.Warnings)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := inteltest.NewWorld()
			c.change(w)
			c.check(t, check(t, Deps{Sources: w.Sources()}, acme()))
		})
	}
}
