package businessrisk

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil/dataset/jurisdictions"
)

// importedLists is a jurisdictions dataset holding one publication.
type importedLists struct {
	l   jurisdictions.Lists
	ok  bool
	err error
}

func (i importedLists) Current(context.Context) (jurisdictions.Lists, bool, error) {
	return i.l, i.ok, i.err
}

// Issue 31 item 7: the FATF lists are data with a publication date. The
// answer names the lists used and their date (the embedded default, or a
// newer import); the flags follow the list the country is on; past 135
// days from publication the answer warns stale_list; the operator's own
// list still overrides.
func TestJurisdictionLists(t *testing.T) {
	published := jurisdictions.Default().PublishedAt()
	day := 24 * time.Hour
	// A later publication, as an operator would import it (made up for
	// the test: Kenya moved to the call for action, Iran left the lists).
	october := jurisdictions.Lists{Published: "2026-10-23", Source: "fatf-2026-10", License: "FATF public statements", Batch: "jur_1",
		RetrievedAt: time.Date(2026, 10, 24, 0, 0, 0, 0, time.UTC), Entries: []jurisdictions.Entry{
			{List: jurisdictions.CallForAction, Country: "KP", Name: "DPRK"}, {List: jurisdictions.CallForAction, Country: "KE", Name: "Kenya"},
			{List: jurisdictions.IncreasedMonitoring, Country: "YE", Name: "Yemen"}}}
	older := october
	older.Published = "2025-10-24"
	for _, c := range []struct {
		name      string
		deps      func(Deps) Deps
		country   string
		at        time.Time
		flag      string // "" none
		published string
		embedded  bool
		stale     bool
		warning   string // a warning that starts so
	}{
		{"default, call for action", nil, "IR", published.Add(10 * day), "HIGH_RISK_JURISDICTION", "2026-06-19", true, false, ""},
		{"default, increased monitoring", nil, "KE", published.Add(10 * day), "JURISDICTION_UNDER_INCREASED_MONITORING", "2026-06-19", true, false, ""},
		{"default, on neither list", nil, "GB", published.Add(10 * day), "", "2026-06-19", true, false, ""},
		{"default just under 135 days", nil, "IR", published.Add(135*day - time.Second), "HIGH_RISK_JURISDICTION", "2026-06-19", true, false, ""},
		{"default just over 135 days", nil, "IR", published.Add(135*day + time.Second), "HIGH_RISK_JURISDICTION", "2026-06-19", true, true, "stale_list: the FATF jurisdiction lists used (published 2026-06-19) are 135 days old"},
		{"a newer import is used", func(d Deps) Deps { d.Jurisdictions = importedLists{l: october, ok: true}; return d }, "KE",
			published.Add(130 * day), "HIGH_RISK_JURISDICTION", "2026-10-23", false, false, ""},
		{"the newer import leaves Iran off", func(d Deps) Deps { d.Jurisdictions = importedLists{l: october, ok: true}; return d }, "IR",
			published.Add(130 * day), "", "2026-10-23", false, false, ""},
		{"an import older than the default is not", func(d Deps) Deps { d.Jurisdictions = importedLists{l: older, ok: true}; return d }, "IR",
			published.Add(10 * day), "HIGH_RISK_JURISDICTION", "2026-06-19", true, false, ""},
		{"nothing imported", func(d Deps) Deps { d.Jurisdictions = importedLists{}; return d }, "IR",
			published.Add(10 * day), "HIGH_RISK_JURISDICTION", "2026-06-19", true, false, ""},
		{"the store fails: the default, said", func(d Deps) Deps { d.Jurisdictions = importedLists{err: errors.New("down")}; return d }, "MM",
			published.Add(10 * day), "HIGH_RISK_JURISDICTION", "2026-06-19", true, false, "JURISDICTIONS_UNAVAILABLE"},
		{"the operator's own list", func(d Deps) Deps { d.HighRisk = []string{"GB"}; return d }, "GB",
			published.Add(10 * day), "HIGH_RISK_JURISDICTION", "2026-06-19", true, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld()
			w.Reg.Country, w.Reg.Records[0].Country = c.country, c.country
			d := w.deps()
			if c.deps != nil {
				d = c.deps(d)
			}
			in := acmeInput()
			in.Country = c.country
			out, err := Handle(context.Background(), d, in, c.at)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range out.RiskFlags {
				if f.Code == "HIGH_RISK_JURISDICTION" || f.Code == "JURISDICTION_UNDER_INCREASED_MONITORING" {
					got = append(got, f.Code)
					if d.HighRisk == nil && !strings.Contains(f.Description, "published "+c.published) {
						t.Errorf("flag %q does not name the list's date", f.Description)
					}
				}
			}
			if want := []string{c.flag}; c.flag == "" && len(got) != 0 || c.flag != "" && !slices.Equal(got, want) {
				t.Errorf("jurisdiction flags %v, want %q", got, c.flag)
			}
			if len(out.JurisdictionLists) != 2 {
				t.Fatalf("jurisdictionLists %+v", out.JurisdictionLists)
			}
			for _, l := range out.JurisdictionLists {
				if l.Published != c.published || l.Embedded != c.embedded || l.Stale != c.stale || l.Jurisdictions == 0 || l.Title == "" ||
					(c.embedded != (l.Batch == "")) || (c.embedded != (l.RetrievedAt == nil)) {
					t.Errorf("list %+v", l)
				}
				if l.Listed != (c.flag != "" && d.HighRisk == nil && (l.List == jurisdictions.CallForAction) == (c.flag == "HIGH_RISK_JURISDICTION")) {
					t.Errorf("list %s listed %v for %s", l.List, l.Listed, c.country)
				}
			}
			warned := slices.ContainsFunc(out.Warnings, func(w string) bool { return c.warning != "" && strings.HasPrefix(w, c.warning) })
			if c.warning != "" && !warned {
				t.Errorf("warnings %q lack %q", out.Warnings, c.warning)
			}
			if c.warning == "" && slices.ContainsFunc(out.Warnings, func(w string) bool { return strings.HasPrefix(w, "stale_list: the FATF") }) {
				t.Errorf("stale warning at %v: %q", c.at, out.Warnings)
			}
		})
	}
	// No country, no list judged: none named.
	w := newWorld()
	w.Reg.Records[0].Country = ""
	in := acmeInput()
	in.Country = ""
	if out := run(t, w.deps(), in); out.JurisdictionLists == nil || len(out.JurisdictionLists) != 0 {
		t.Errorf("no country: %+v", out.JurisdictionLists)
	}
}
