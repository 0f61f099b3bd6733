package registry_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/internal/intel"
	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/registry"
	"dalil/provider/registry/registrytest"
)

// TestForIntelOfNilClient: no client, or a client that is off, is no port.
func TestForIntelOfNilClient(t *testing.T) {
	var g *registry.GLEIF
	var ch *registry.CompaniesHouse
	var oc *registry.OpenCorporates
	for _, s := range []registry.Searcher{nil, g, ch, oc} {
		if registry.ForIntel(s) != nil {
			t.Errorf("%T gave a port", s)
		}
	}
}

// register builds a fake of the named register over cos and the client
// asking it.
func register(t *testing.T, name string, cos ...registrytest.Company) (*registrytest.Server, registry.Searcher) {
	t.Helper()
	switch name {
	case registry.GLEIFName:
		srv := registrytest.NewGLEIF(t, cos...)
		return srv, registry.NewGLEIF(registry.GLEIFConfig{BaseURL: srv.BaseURL(), HTTP: instant(nil)})
	case registry.CompaniesHouseName:
		srv := registrytest.NewCompaniesHouse(t, key, cos...)
		return srv, registry.NewCompaniesHouse(registry.CompaniesHouseConfig{APIKey: key, BaseURL: srv.BaseURL(), HTTP: instant(nil)})
	case registry.OpenCorporatesName:
		srv := registrytest.NewOpenCorporates(t, key, cos...)
		return srv, registry.NewOpenCorporates(registry.OpenCorporatesConfig{APIToken: key, BaseURL: srv.BaseURL(), HTTP: instant(nil)})
	}
	t.Fatalf("no register %q", name)
	return nil, nil
}

// TestForIntelLookup: each register reads its own key directly, falls
// back to the name search when the key is absent or unknown, and only
// Companies House reads a sole exact name match again as a profile.
func TestForIntelLookup(t *testing.T) {
	namesakes := append([]registrytest.Company{
		{Number: "01111111", Name: "Barka Steel Ltd", Country: "GB", Status: "active", AccountsOverdue: true},
		{Number: "02222222", Name: "Barka Steel Ltd", Country: "GB", Status: "dissolved"}}, fixture...)
	for _, c := range []struct {
		name, register string
		q              intel.RegistryQuery
		// requests is how many the register received; last ends the
		// path of the last one.
		requests int
		last     string
		numbers  []string
		filings  bool // the first record states filing facts
	}{
		{"gleif by LEI", registry.GLEIFName, intel.RegistryQuery{Name: "no such name", LEI: acmeLEI}, 1, "/lei-records/" + acmeLEI, []string{"06512345"}, false},
		{"gleif unknown LEI", registry.GLEIFName, intel.RegistryQuery{Name: "acme trading", Country: "GB", LEI: lei("213800NOSUCHENTITY")}, 2, "/lei-records", []string{"06512345"}, false},
		{"gleif name", registry.GLEIFName, intel.RegistryQuery{Name: "acme", Number: "06512345"}, 1, "/lei-records", []string{"06512345", "C-12345"}, false},
		{"companies house number", registry.CompaniesHouseName, intel.RegistryQuery{Name: "no such name", Number: "06512345"}, 1, "/company/06512345", []string{"06512345"}, true},
		{"companies house unknown number", registry.CompaniesHouseName, intel.RegistryQuery{Name: "acme", Country: "GB", Number: "09999999"}, 2, "/search/companies", []string{"06512345", "SC999999"}, false},
		{"companies house sole exact name", registry.CompaniesHouseName, intel.RegistryQuery{Name: "Acme Trading Limited", Country: "GB"}, 2, "/company/06512345", []string{"06512345"}, true},
		{"companies house no exact name", registry.CompaniesHouseName, intel.RegistryQuery{Name: "acme", Country: "GB"}, 1, "/search/companies", []string{"06512345", "SC999999"}, false},
		{"companies house namesakes", registry.CompaniesHouseName, intel.RegistryQuery{Name: "Barka Steel Ltd", Country: "GB"}, 1, "/search/companies", []string{"01111111", "02222222"}, false},
		{"opencorporates number and country", registry.OpenCorporatesName, intel.RegistryQuery{Name: "no such name", Country: "GB", Number: "06512345"}, 1, "/companies/gb/06512345", []string{"06512345"}, false},
		{"opencorporates US number searched", registry.OpenCorporatesName, intel.RegistryQuery{Name: "acme holding", Country: "US", Number: "C-12345"}, 1, "/companies/search", []string{"C-12345"}, false},
		{"opencorporates number without country", registry.OpenCorporatesName, intel.RegistryQuery{Name: "acme scotland", Number: "SC999999"}, 1, "/companies/search", []string{"SC999999"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, s := register(t, c.register, namesakes...)
			port := registry.ForIntel(s)
			if port.Name() != c.register {
				t.Errorf("name %q", port.Name())
			}
			rs, err := port.Lookup(context.Background(), c.q)
			if err != nil {
				t.Fatal(err)
			}
			var numbers []string
			for _, r := range rs {
				numbers = append(numbers, r.Number)
			}
			if d := cmp.Diff(c.numbers, numbers); d != "" {
				t.Errorf("records (-want +got):\n%s", d)
			}
			if srv.Hits() != c.requests || !strings.HasSuffix(srv.Last().URL.Path, c.last) {
				t.Errorf("%d requests, last %s; want %d, last …%s", srv.Hits(), srv.Last().URL.Path, c.requests, c.last)
			}
			if len(rs) > 0 && rs[0].FilingsKnown != c.filings {
				t.Errorf("filings known = %v", rs[0].FilingsKnown)
			}
		})
	}
}

// TestForIntelRecord: a profile's every field reaches the intel record.
func TestForIntelRecord(t *testing.T) {
	_, s := register(t, registry.CompaniesHouseName, fixture...)
	rs, err := registry.ForIntel(s).Lookup(context.Background(), intel.RegistryQuery{Number: "06512345"})
	if err != nil || len(rs) != 1 {
		t.Fatalf("%+v, %v", rs, err)
	}
	want := intel.Record{Registry: "companies_house", URL: "https://find-and-update.company-information.service.gov.uk/company/06512345",
		Number: "06512345", Name: "ACME TRADING LIMITED", Country: "GB", City: "London",
		Address: "1 High Street, Floor 2, London, EC1A 1AA, United Kingdom", Status: "active", LegalForm: "ltd", Activity: "46900",
		Incorporated: inc, PreviousNames: []intel.PreviousName{{Name: "Acme Imports Limited", Until: time.Date(2010, 6, 30, 0, 0, 0, 0, time.UTC)}},
		FilingsKnown: true, AccountsOverdue: true, StrikeOffPending: true, RetrievedAt: rs[0].RetrievedAt}
	if d := cmp.Diff(want, rs[0]); d != "" {
		t.Errorf("record (-want +got):\n%s", d)
	}
}

// TestForIntelErrors: the client's failures reach intel as its kinds,
// the client's error kept, whichever call of the lookup fails.
func TestForIntelErrors(t *testing.T) {
	for _, c := range []struct {
		name, register string
		q              intel.RegistryQuery
		faults         []clienttest.Fault
		want, kind     error
	}{
		{"direct read rate limited", registry.GLEIFName, intel.RegistryQuery{LEI: acmeLEI},
			[]clienttest.Fault{clienttest.RateLimited("1"), clienttest.RateLimited("1"), clienttest.RateLimited("1")}, intel.ErrRateLimited, client.ErrRateLimited},
		{"search failing", registry.OpenCorporatesName, intel.RegistryQuery{Name: "acme"},
			[]clienttest.Fault{clienttest.ServerError(500), clienttest.ServerError(500), clienttest.ServerError(500)}, intel.ErrUnavailable, client.ErrUpstream},
		{"profile after search malformed", registry.CompaniesHouseName, intel.RegistryQuery{Name: "Acme Trading Limited", Country: "GB"},
			[]clienttest.Fault{{Status: 200, Header: map[string]string{"Content-Type": "application/json"}, Body: `{"items":[{"company_number":"06512345","title":"ACME TRADING LIMITED","company_status":"active"}]}`}, clienttest.Malformed()},
			intel.ErrUnavailable, client.ErrMalformed},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, s := register(t, c.register, fixture...)
			srv.Push(c.faults...)
			_, err := registry.ForIntel(s).Lookup(context.Background(), c.q)
			if !errors.Is(err, c.want) || !errors.Is(err, c.kind) {
				t.Errorf("got %v, want %v and %v", err, c.want, c.kind)
			}
			for _, other := range []error{intel.ErrTimeout, intel.ErrRateLimited, intel.ErrUnavailable} {
				if other != c.want && errors.Is(err, other) {
					t.Errorf("%v is also %v", err, other)
				}
			}
		})
	}
	// The operator's budget spent: rate limited, no request made.
	budget, err := client.ParseBudget("1/24h")
	if err != nil {
		t.Fatal(err)
	}
	srv := registrytest.NewGLEIF(t, fixture...)
	port := registry.ForIntel(registry.NewGLEIF(registry.GLEIFConfig{BaseURL: srv.BaseURL(), HTTP: client.Config{Budget: budget}}))
	if _, err := port.Lookup(context.Background(), intel.RegistryQuery{Name: "acme"}); err != nil {
		t.Fatal(err)
	}
	_, err = port.Lookup(context.Background(), intel.RegistryQuery{Name: "acme trading"})
	if !errors.Is(err, intel.ErrRateLimited) || !errors.Is(err, client.ErrBudgetExhausted) || srv.Hits() != 1 {
		t.Errorf("budget spent: %v after %d requests", err, srv.Hits())
	}
}
