package registry_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/registry"
	"dalil/provider/registry/registrytest"
)

const key = "ch-key-5ecret"

// lei completes an 18-character prefix with its ISO 7064 check digits.
func lei(prefix string) string {
	var digits strings.Builder
	for _, r := range prefix + "00" {
		if r >= 'A' && r <= 'Z' {
			digits.WriteString(strconv.Itoa(int(r-'A') + 10))
		} else {
			digits.WriteRune(r)
		}
	}
	n, _ := new(big.Int).SetString(digits.String(), 10)
	check := 98 - new(big.Int).Mod(n, big.NewInt(97)).Int64()
	return fmt.Sprintf("%s%02d", prefix, check)
}

var (
	acmeLEI = lei("213800ACMETRADING1")
	inc     = time.Date(2009, 3, 2, 0, 0, 0, 0, time.UTC)
	fixture = []registrytest.Company{
		{LEI: acmeLEI, Number: "06512345", Name: "Acme Trading Limited", Country: "GB", Status: "active", Incorporated: inc,
			AddressLines: []string{"1 High Street", "Floor 2"}, City: "London", PostalCode: "EC1A 1AA",
			PreviousNames: []string{"Acme Imports Limited"}, SIC: []string{"46900"}, AccountsOverdue: true, StrikeOffPending: true,
			Officers: []registrytest.Officer{{Name: "Jane Smith", Role: "director", Appointed: inc},
				{Name: "John Doe", Role: "secretary", Appointed: inc, Resigned: inc.AddDate(5, 0, 0)}}},
		{LEI: lei("5493000ACMEHOLDING"), Number: "C-12345", Name: "Acme Holding LLC", Country: "US", Jurisdiction: "us_de",
			Status: "dissolved", Dissolved: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), City: "Dover"},
		{Number: "SC999999", Name: "Acme Scotland Ltd", Country: "GB", Status: "liquidation", InsolvencyHistory: true, City: "Glasgow"},
	}
)

func TestValidLEI(t *testing.T) {
	for _, tc := range []struct {
		s  string
		ok bool
	}{
		{acmeLEI, true}, {lei("5493001KJTIIGC8Y1R"), true}, {acmeLEI[:19] + "0", acmeLEI[19] == '0'},
		{strings.ToLower(acmeLEI), false}, {acmeLEI + "1", false}, {"", false}, {"ABCDEFGHIJKLMNOPQRST", false},
	} {
		if got := registry.ValidLEI(tc.s); got != tc.ok {
			t.Errorf("ValidLEI(%q) = %v, want %v", tc.s, got, tc.ok)
		}
	}
	// Property: changing one digit of a valid LEI makes it invalid.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		s := []byte(acmeLEI)
		i := rng.IntN(len(s))
		if s[i] < '0' || s[i] > '9' {
			continue
		}
		s[i] = '0' + (s[i]-'0'+byte(1+rng.IntN(9)))%10
		if registry.ValidLEI(string(s)) {
			t.Fatalf("%s (one digit changed) validated", s)
		}
	}
}

func TestNormaliseNumber(t *testing.T) {
	for in, want := range map[string]string{"6512345": "06512345", "sc 999999": "SC999999", "06512345": "06512345",
		"123456789": "", "": "", "AB12": "", "../x": ""} {
		got, ok := registry.NormaliseNumber(in)
		if got != want && (ok || want != "") {
			t.Errorf("NormaliseNumber(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestOffMakesNoCall(t *testing.T) {
	h := client.Config{Transport: clienttest.NoNetwork(t)}
	g := registry.NewGLEIF(registry.GLEIFConfig{HTTP: h})
	ch := registry.NewCompaniesHouse(registry.CompaniesHouseConfig{BaseURL: "https://x.example", HTTP: h})
	oc := registry.NewOpenCorporates(registry.OpenCorporatesConfig{BaseURL: "https://x.example", HTTP: h})
	if g != nil || ch != nil || oc != nil {
		t.Fatal("clients without their settings must be nil (off)")
	}
	ctx := context.Background()
	for _, s := range []registry.Searcher{g, ch, oc} {
		if _, err := s.Search(ctx, registry.Query{Name: "acme"}); !errors.Is(err, client.ErrNotConfigured) {
			t.Errorf("%s Search: %v", s.Name(), err)
		}
	}
	_, _, err1 := g.ByLEI(ctx, acmeLEI)
	_, _, err2 := ch.Profile(ctx, "06512345")
	_, _, err3 := ch.Officers(ctx, "06512345")
	_, _, err4 := oc.Company(ctx, "gb", "06512345")
	for i, err := range []error{err1, err2, err3, err4} {
		if !errors.Is(err, client.ErrNotConfigured) {
			t.Errorf("lookup %d: %v", i, err)
		}
	}
}

func instant(waits *[]time.Duration) client.Config {
	return clienttest.Instant(waits, 300*time.Millisecond)
}

func TestGLEIF(t *testing.T) {
	srv := registrytest.NewGLEIF(t, fixture...)
	g := registry.NewGLEIF(registry.GLEIFConfig{BaseURL: srv.BaseURL(), HTTP: instant(nil)})
	ctx := context.Background()
	got, err := g.Search(ctx, registry.Query{Name: "acme", Country: "gb"})
	if err != nil || len(got) != 1 {
		t.Fatalf("search: %+v %v", got, err)
	}
	c := got[0]
	if !strings.Contains(srv.Last().URL.RawQuery, "filter%5Bentity.legalAddress.country%5D=GB") ||
		srv.Last().Header.Get("Accept") != "application/vnd.api+json" {
		t.Fatalf("request %s %v", srv.Last().URL, srv.Last().Header)
	}
	want := registry.Company{
		Source: "gleif", URL: "https://search.gleif.org/#/record/" + acmeLEI, APIURL: srv.BaseURL() + "/lei-records/" + acmeLEI,
		RetrievedAt: c.RetrievedAt, Name: "Acme Trading Limited", Number: "06512345", LEI: acmeLEI, Jurisdiction: "GB",
		Country: "GB", Status: "active", StatusDetail: "ACTIVE", LegalForm: "H0PO", Incorporated: inc,
		Addresses: []registry.Address{
			{Type: "legal", Lines: []string{"1 High Street", "Floor 2"}, City: "London", PostalCode: "EC1A 1AA", Country: "GB"},
			{Type: "headquarters", Lines: []string{"1 High Street", "Floor 2"}, City: "London", PostalCode: "EC1A 1AA", Country: "GB"}},
		PreviousNames: []registry.PreviousName{{Name: "Acme Imports Limited"}},
		LEIStatus:     "ISSUED", LEINextRenewal: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC),
	}
	if d := cmp.Diff(want, c); d != "" {
		t.Fatalf("record (-want +got):\n%s", d)
	}
	if c.RetrievedAt.IsZero() {
		t.Fatal("no retrieval time")
	}
	all, err := g.Search(ctx, registry.Query{Name: "acme"})
	if err != nil || len(all) != 2 || all[1].Status != registry.StatusDissolved || all[1].Country != "US" {
		t.Fatalf("search without country: %+v %v", all, err)
	}
	byLEI, found, err := g.ByLEI(ctx, strings.ToLower(acmeLEI))
	if err != nil || !found || byLEI.Name != "Acme Trading Limited" {
		t.Fatalf("ByLEI: %+v %v %v", byLEI, found, err)
	}
	hits := srv.Hits()
	if _, found, err := g.ByLEI(ctx, lei("213800NOSUCHENTITY")); found || err != nil {
		t.Fatalf("unknown LEI: found=%v err=%v", found, err)
	}
	if _, found, err := g.ByLEI(ctx, "not-an-lei"); found || err != nil || srv.Hits() != hits+1 {
		t.Fatalf("invalid LEI: found=%v err=%v hits=%d (want no call)", found, err, srv.Hits()-hits)
	}
}

func TestCompaniesHouse(t *testing.T) {
	srv := registrytest.NewCompaniesHouse(t, key, fixture...)
	ch := registry.NewCompaniesHouse(registry.CompaniesHouseConfig{APIKey: key, BaseURL: srv.BaseURL(), HTTP: instant(nil)})
	ctx := context.Background()
	found, err := ch.Search(ctx, registry.Query{Name: "acme", Country: "GB"})
	if err != nil || len(found) != 2 || found[0].Name != "ACME TRADING LIMITED" || found[0].Filings != nil ||
		found[1].Status != registry.StatusLiquidation {
		t.Fatalf("search: %+v %v", found, err)
	}
	hits := srv.Hits()
	if other, err := ch.Search(ctx, registry.Query{Name: "acme", Country: "US"}); err != nil || len(other) != 0 || srv.Hits() != hits {
		t.Fatalf("a US search must answer nothing without a call: %+v %v", other, err)
	}
	p, ok, err := ch.Profile(ctx, "6512345")
	if err != nil || !ok {
		t.Fatalf("profile: %v %v", ok, err)
	}
	want := registry.Company{
		Source: "companies_house", URL: "https://find-and-update.company-information.service.gov.uk/company/06512345",
		APIURL: srv.BaseURL() + "/company/06512345", RetrievedAt: p.RetrievedAt, Name: "ACME TRADING LIMITED",
		Number: "06512345", Jurisdiction: "england-wales", Country: "GB", Status: "active",
		StatusDetail: "active-proposal-to-strike-off", LegalForm: "ltd", Incorporated: inc,
		Addresses: []registry.Address{{Type: "registered_office", Lines: []string{"1 High Street", "Floor 2"}, City: "London",
			PostalCode: "EC1A 1AA", Country: "United Kingdom"}},
		PreviousNames: []registry.PreviousName{{Name: "Acme Imports Limited", From: time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC),
			Until: time.Date(2010, 6, 30, 0, 0, 0, 0, time.UTC)}},
		Activities: []string{"46900"},
		Filings:    &registry.Filings{AccountsOverdue: true, StrikeOffPending: true},
	}
	if d := cmp.Diff(want, p); d != "" {
		t.Fatalf("profile (-want +got):\n%s", d)
	}
	officers, ok, err := ch.Officers(ctx, "06512345")
	if err != nil || !ok || len(officers) != 2 || officers[0].Name != "JANE SMITH" || officers[1].Resigned.IsZero() {
		t.Fatalf("officers: %+v %v %v", officers, ok, err)
	}
	if _, ok, err := ch.Profile(ctx, "01234567"); ok || err != nil {
		t.Fatalf("unknown number: %v %v", ok, err)
	}
	if _, ok, err := ch.Officers(ctx, "01234567"); ok || err != nil {
		t.Fatalf("unknown number officers: %v %v", ok, err)
	}
	// Wrong key: 401 upstream error, key never shown.
	bad := registry.NewCompaniesHouse(registry.CompaniesHouseConfig{APIKey: "wrong-" + key, BaseURL: srv.BaseURL()})
	_, _, err = bad.Profile(ctx, "06512345")
	if !errors.Is(err, client.ErrUpstream) || client.StatusOf(err) != 401 || strings.Contains(err.Error(), key) ||
		!strings.Contains(err.Error(), "Invalid Authorization") {
		t.Fatalf("wrong key: %v", err)
	}
}

func TestOpenCorporates(t *testing.T) {
	srv := registrytest.NewOpenCorporates(t, key, fixture...)
	oc := registry.NewOpenCorporates(registry.OpenCorporatesConfig{APIToken: key, BaseURL: srv.BaseURL(), HTTP: instant(nil)})
	ctx := context.Background()
	us, err := oc.Search(ctx, registry.Query{Name: "acme holding", Country: "US"})
	if err != nil || len(us) != 1 {
		t.Fatalf("search: %+v %v", us, err)
	}
	if q := srv.Last().URL.Query(); q.Get("country_code") != "us" || q.Get("api_token") != key {
		t.Fatalf("query %v", q)
	}
	want := registry.Company{
		Source: "opencorporates", URL: "https://opencorporates.com/companies/us_de/C-12345",
		APIURL: srv.BaseURL() + "/companies/us_de/C-12345", RetrievedAt: us[0].RetrievedAt, Name: "Acme Holding LLC",
		Number: "C-12345", Jurisdiction: "us_de", Country: "US", Status: "dissolved", StatusDetail: "Dissolved",
		LegalForm: "Private Limited Company", Dissolved: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC),
		Addresses: []registry.Address{{Type: "registered_office", City: "Dover", Country: "US"}},
	}
	if d := cmp.Diff(want, us[0]); d != "" {
		t.Fatalf("record (-want +got):\n%s", d)
	}
	c, ok, err := oc.Company(ctx, "GB", "06512345")
	if err != nil || !ok || c.Activities[0] != "46900 Activity 46900" || c.PreviousNames[0].Name != "Acme Imports Limited" {
		t.Fatalf("company: %+v %v %v", c, ok, err)
	}
	if _, ok, err := oc.Company(ctx, "gb", "00000000"); ok || err != nil {
		t.Fatalf("unknown company: %v %v", ok, err)
	}
	bad := registry.NewOpenCorporates(registry.OpenCorporatesConfig{APIToken: "wrong", BaseURL: srv.BaseURL()})
	_, err = bad.Search(ctx, registry.Query{Name: "acme"})
	if !errors.Is(err, client.ErrUpstream) || strings.Contains(err.Error(), "wrong") || !strings.Contains(err.Error(), "Invalid Api Token") {
		t.Fatalf("wrong token: %v", err)
	}
}

func TestContract(t *testing.T) {
	ctx := func(call func(n int) error) func(context.Context, int) error {
		return func(_ context.Context, n int) error { return call(n) }
	}
	t.Run("gleif", func(t *testing.T) {
		var waits []time.Duration
		srv := registrytest.NewGLEIF(t, fixture...)
		g := registry.NewGLEIF(registry.GLEIFConfig{BaseURL: srv.BaseURL(), HTTP: instant(&waits)})
		clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: ctx(func(n int) error {
			_, err := g.Search(context.Background(), registry.Query{Name: "acme", Max: n})
			return err
		})}.Run(t)
	})
	t.Run("companies_house", func(t *testing.T) {
		var waits []time.Duration
		srv := registrytest.NewCompaniesHouse(t, key, fixture...)
		ch := registry.NewCompaniesHouse(registry.CompaniesHouseConfig{APIKey: key, BaseURL: srv.BaseURL(), HTTP: instant(&waits)})
		clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: ctx(func(n int) error {
			_, err := ch.Search(context.Background(), registry.Query{Name: "acme", Max: n})
			return err
		})}.Run(t)
	})
	t.Run("opencorporates", func(t *testing.T) {
		var waits []time.Duration
		srv := registrytest.NewOpenCorporates(t, key, fixture...)
		oc := registry.NewOpenCorporates(registry.OpenCorporatesConfig{APIToken: key, BaseURL: srv.BaseURL(), HTTP: instant(&waits)})
		clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: ctx(func(n int) error {
			_, err := oc.Search(context.Background(), registry.Query{Name: "acme", Max: n})
			return err
		})}.Run(t)
	})
}
