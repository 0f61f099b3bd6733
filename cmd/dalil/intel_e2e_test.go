package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"dalil"
	"dalil/capabilities/sanctions"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
	"dalil/internal/safehttp/safehttptest"
	"dalil/internal/testenv"
	"dalil/ops"
	"dalil/store/sqlstore"
)

// intelClient calls the test server on its own transport, so that the
// default transport can be made to fail any dial (no provider call).
var intelClient = &http.Client{Transport: &http.Transport{}}

type intelAnswer struct {
	status int
	body   map[string]any
	raw    string
}

func (a intelAnswer) data() map[string]any { m, _ := a.body["data"].(map[string]any); return m }
func (a intelAnswer) meta() map[string]any { m, _ := a.body["meta"].(map[string]any); return m }
func (a intelAnswer) code() string {
	e, _ := a.body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func intelCall(t *testing.T, method, url, key, body string) intelAnswer {
	t.Helper()
	req, _ := http.NewRequest(method, url, bytes.NewBufferString(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("X-API-Key", key)
	}
	res, err := intelClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	a := intelAnswer{status: res.StatusCode, raw: string(b)}
	json.Unmarshal(b, &a.body)
	return a
}

func credits(t *testing.T, base, key string) float64 {
	t.Helper()
	a := intelCall(t, "GET", base+"/api/v1/account/balance", key, "")
	c, _ := a.data()["credits"].(map[string]any)
	v, ok := c["available"].(float64)
	if !ok {
		t.Fatalf("balance: %s", a.raw)
	}
	return v
}

// noDial makes the default transport fail the test on any dial while it
// is in place.
func noDial(t *testing.T) {
	t.Helper()
	old := http.DefaultTransport
	http.DefaultTransport = &http.Transport{DialContext: func(_ context.Context, network, addr string) (net.Conn, error) {
		t.Errorf("outbound dial to %s %s with no provider configured", network, addr)
		return nil, errors.New("no dial")
	}}
	t.Cleanup(func() { http.DefaultTransport = old })
}

// TestIntelNotConfiguredEndToEnd: through the server dalil serve builds,
// with no provider configured and no sanctions list imported, nothing
// dials out and nothing is charged: business_risk_score and
// company_reputation_check give their honest 200 answers (meta.charged
// false), the others 503 PROVIDER_NOT_CONFIGURED. A list imported while
// the server runs is used at once (still no dial): the sanctions screen
// is then a source, and an assessment that uses it is charged.
func TestIntelNotConfiguredEndToEnd(t *testing.T) {
	noDial(t)
	s := newIntelServer(t, nil, safehttptest.NoNetwork(t))
	base, key := s.base, s.key
	before := credits(t, base, key)
	a := intelCall(t, "POST", base+"/api/v1/risk/business-risk-score", key, `{"companyName":"Acme Trading Ltd","country":"gbr","website":"acmetrading.co.uk"}`)
	d := a.data()
	if a.status != 200 || d["status"] != "insufficient_data" || d["riskScore"] != nil || d["confidence"] != 0.0 ||
		d["recommendation"].(map[string]any)["action"] != "manual_review" || a.meta()["charged"] != false {
		t.Errorf("business_risk_score: %d %s", a.status, a.raw)
	}
	if screen := d["sanctionsScreening"].(map[string]any); screen["status"] != "not_checked" {
		t.Errorf("sanctions with no list: %v", screen)
	}
	a = intelCall(t, "POST", base+"/api/v1/risk/company-reputation-check", key, `{"companyName":"Acme Trading Ltd","country":"UK"}`)
	d = a.data()
	if a.status != 200 || d["reputationScore"] != 50.0 || d["trustLevel"] != "insufficient_evidence" || a.meta()["charged"] != false {
		t.Errorf("company_reputation_check: %d %s", a.status, a.raw)
	}
	for path, body := range map[string]string{
		"/api/v1/intelligence/research-company":     `{"company":"Acme Trading Ltd"}`,
		"/api/v1/intelligence/find-companies":       `{"query":"Acme"}`,
		"/api/v1/intelligence/analyze-company-risk": `{"company":"Acme Trading Ltd"}`,
	} {
		a := intelCall(t, "POST", base+path, key, body)
		if a.status != 503 || a.code() != "PROVIDER_NOT_CONFIGURED" {
			t.Errorf("%s: %d %s", path, a.status, a.raw)
		}
	}
	if after := credits(t, base, key); after != before {
		t.Errorf("charged with no provider: %v -> %v", before, after)
	}
	// Bad input is 400 and free too.
	a = intelCall(t, "POST", base+"/api/v1/risk/business-risk-score", key, `{"companyName":"Ltd","website":"http://127.0.0.1"}`)
	if a.status != 400 || a.code() != "INVALID_INPUT" {
		t.Errorf("bad input: %d %s", a.status, a.raw)
	}
	// The capabilities listing says which need a provider.
	a = intelCall(t, "GET", base+"/api/v1/capabilities", "", "")
	if !bytes.Contains([]byte(a.raw), []byte("web_search")) {
		t.Errorf("capabilities listing does not name the missing web_search provider")
	}

	// A list imported while the server runs: screened at once. The demo
	// list is synthetic, and nothing else answered: 200, not charged
	// (synthetic_data_only, issue 30 item 1), the credits untouched.
	before = credits(t, base, key)
	if err := seedServiceDemo(context.Background(), s.svc, "sanctions"); err != nil {
		t.Fatal(err)
	}
	a = intelCall(t, "POST", base+"/api/v1/risk/business-risk-score", key, `{"companyName":"Demo Horizon Shipping LLC"}`)
	d = a.data()
	screen, _ := d["sanctionsScreening"].(map[string]any)
	if a.status != 200 || d["status"] != "assessed" || !strings.HasSuffix(fmt.Sprint(screen["status"]), "_match") || !strings.Contains(fmt.Sprint(screen["listsChecked"]), sanctions.DemoSource) ||
		a.meta()["charged"] != false || a.meta()["notChargedReason"] != "synthetic_data_only" {
		t.Errorf("with the demo list imported: %d %s", a.status, a.raw)
	}
	if after := credits(t, base, key); after != before {
		t.Errorf("charged on the demo list alone: %v -> %v", before, after)
	}
}

// TestIntelFixturesEndToEnd runs the five capabilities over fixture
// providers through the real HTTP server on SQLite and PostgreSQL: a paid
// assessment is charged its price, a 409 and a 404 are not.
func TestIntelFixturesEndToEnd(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { intelFixtures(t, filepath.Join(t.TempDir(), "dalil.db")) })
	t.Run("postgres", func(t *testing.T) { intelFixtures(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))) })
}

func intelFixtures(t *testing.T, dsn string) {
	ctx := context.Background()
	store, err := sqlstore.Open(ctx, dsn, sqlstore.Options{Modules: storeModules()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	w := inteltest.NewWorld()
	other := inteltest.AcmeRecord()
	other.Number, other.City = "07654321", "Leeds"
	w.Reg.Records = append(w.Reg.Records, other)
	src := w.Sources()
	src.LLM = w.LLM
	src.Cache = intel.NewCache(nil, 0)
	reg, err := capability.NewRegistryWith(capability.RegistryOptions{Configured: func(capability.Requirement) bool { return true }}, intelEntries(src)...)
	if err != nil {
		t.Fatal(err)
	}
	api := httpapi.NewServer(httpapi.Config{Registry: reg, Store: store, Logger: slog.New(slog.DiscardHandler), Rails: []string{dalil.MethodCredits, dalil.MethodSubscription}})
	ts := httptest.NewServer(api)
	t.Cleanup(ts.Close)
	acct, err := ops.CreateAccount(ctx, store, "intel", "free", 5*dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	key := acct.APIKey
	before := credits(t, ts.URL, key)

	// Two Acme Trading Ltd in GB: 409 with both, no stage-2 call, free.
	a := intelCall(t, "POST", ts.URL+"/api/v1/risk/business-risk-score", key, `{"companyName":"Acme Trading Ltd","country":"GB","website":"acmetrading.co.uk"}`)
	cands, _ := a.body["error"].(map[string]any)["details"].(map[string]any)["candidates"].([]any)
	if a.status != 409 || a.code() != "AMBIGUOUS_ENTITY" || len(cands) != 2 || w.Search.Calls()+w.Sanctions.Calls()+w.Site.Calls() != 0 {
		t.Fatalf("ambiguous: %d %s", a.status, a.raw)
	}
	// Unknown company, no website: 404, free.
	a = intelCall(t, "POST", ts.URL+"/api/v1/risk/business-risk-score", key, `{"companyName":"Nowhere Widgets Ltd","country":"GB"}`)
	if a.status != 404 || a.code() != "ENTITY_NOT_FOUND" {
		t.Fatalf("not found: %d %s", a.status, a.raw)
	}
	if got := credits(t, ts.URL, key); got != before {
		t.Fatalf("charged for refused calls: %v -> %v", before, got)
	}
	// The registration number resolves it: an assessment, charged 0.50.
	body := `{"companyName":"Acme Trading Ltd","country":"GB","registrationNumber":"01234567","website":"acmetrading.co.uk"}`
	a = intelCall(t, "POST", ts.URL+"/api/v1/risk/business-risk-score", key, body)
	d := a.data()
	if a.status != 200 || d["status"] != "assessed" || d["riskLevel"] != "low" || d["engineVersion"] == "" || a.meta()["price"] != 0.5 {
		t.Fatalf("assessment: %d %s", a.status, a.raw)
	}
	if got := credits(t, ts.URL, key); got != before-0.5 {
		t.Errorf("balance %v, want %v", got, before-0.5)
	}
	// The same call again answers byte-identical data from the cache,
	// with no outbound call.
	calls := w.Calls()
	b := intelCall(t, "POST", ts.URL+"/api/v1/risk/business-risk-score", key, body)
	first, _ := json.Marshal(d["riskFlags"])
	second, _ := json.Marshal(b.data()["riskFlags"])
	if w.Calls() != calls || string(first) != string(second) || b.data()["inputHash"] != d["inputHash"] {
		t.Errorf("re-run: %d new calls; flags equal %v", w.Calls()-calls, string(first) == string(second))
	}
	for path, body := range map[string]string{
		"/api/v1/risk/company-reputation-check":     `{"companyName":"Acme Trading Ltd","country":"GB","registrationNumber":"01234567","website":"https://acmetrading.co.uk"}`,
		"/api/v1/intelligence/analyze-company-risk": `{"company":"Acme Trading Ltd","website":"acmetrading.co.uk","country":"GB","checks":["domain","website","sanctions"]}`,
		"/api/v1/intelligence/research-company":     `{"company":"Acme Trading Ltd","country":"GB","depth":"quick"}`,
		"/api/v1/intelligence/find-companies":       `{"query":"Acme Trading","country":"GB"}`,
	} {
		a := intelCall(t, "POST", ts.URL+path, key, body)
		if a.status != 200 || a.meta()["charged"] == false {
			t.Errorf("%s: %d %s", path, a.status, a.raw)
		}
	}
	// Previews are free and never carry the paid result.
	a = intelCall(t, "POST", ts.URL+"/api/v1/preview/business_risk_score", "", body)
	if a.status != 200 || bytes.Contains([]byte(a.raw), []byte("riskScore\":")) {
		t.Errorf("preview: %d %s", a.status, a.raw)
	}
}
