package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/sanctions"
	"dalil/internal/safehttp"
	"dalil/internal/safehttp/safehttptest"
	"dalil/ops"
	"dalil/provider/client/clienttest"
	"dalil/provider/llm/llmtest"
	"dalil/provider/rdap/rdaptest"
	"dalil/provider/registry/registrytest"
	"dalil/provider/safebrowsing/safebrowsingtest"
	"dalil/provider/websearch/websearchtest"
)

// intelServer is the server `dalil serve` builds from env (the
// configuration's variables), on a fresh SQLite database, with website
// fetches going through fetch, and an account (acct) with USD 10.
type intelServer struct {
	svc       *service
	base, key string
	acct      string
}

func newIntelServer(t testing.TB, env map[string]string, fetch safehttp.Options) intelServer {
	t.Helper()
	ctx := context.Background()
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), []string{"--db", filepath.Join(t.TempDir(), "dalil.db")}, envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fetch = fetch
	svc, err := buildServer(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	acct, err := ops.CreateAccount(ctx, svc.store, "intel", "free", 10*dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(svc.api)
	t.Cleanup(ts.Close)
	return intelServer{svc: svc, base: ts.URL, key: acct.APIKey, acct: acct.AccountID}
}

func (s intelServer) post(t *testing.T, path, body string) intelAnswer {
	t.Helper()
	return intelCall(t, "POST", s.base+path, s.key, body)
}

func (s intelServer) credits(t *testing.T) float64 { t.Helper(); return credits(t, s.base, s.key) }

// validLEI completes an 18-character LEI prefix with its ISO 7064 MOD
// 97-10 check digits.
func validLEI(prefix string) string {
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

var acmeLEI = validLEI("5493000ACMETRADING")

// intelFakes are local servers speaking each vendor's wire format about
// one company, Acme Trading Ltd (GB 01234567, acmetrading.co.uk).
type intelFakes struct {
	brave, tavily *websearchtest.Server
	gleif, ch, oc *registrytest.Server
	rdap          *rdaptest.Server
	sb            *safebrowsingtest.Server
	model         *llmtest.Server
	site          *safehttptest.Server
	siteHits      atomic.Int64
}

// docRe reads the numbered documents of the claims prompt.
var docRe = regexp.MustCompile(`(?s)<document number="(\d+)"[^>]*>\n(.*?)\n</document>`)

// fakeModel answers the claims prompt like a model would: a claim for
// each fact a document states, quoting it, plus one invented claim whose
// quote no document holds (it must be dropped).
func fakeModel(r llmtest.Request) string {
	var claims []map[string]any
	for _, m := range docRe.FindAllStringSubmatch(r.UserText(), -1) {
		n, _ := strconv.Atoi(m[1])
		for _, f := range [][3]string{{"founded", "2012", "founded in 2012"}, {"headquarters", "London", "headquartered in London"},
			{"company", "Acme Trading Ltd", "Acme Trading Ltd is a wholesale office supplies company"}} {
			if strings.Contains(m[2], f[2]) {
				claims = append(claims, map[string]any{"field": f[0], "value": f[1], "quote": f[2], "source": n})
			}
		}
	}
	claims = append(claims, map[string]any{"field": "founded", "value": "1999", "quote": "Acme Trading was founded in 1999", "source": 1})
	b, _ := json.Marshal(map[string]any{"claims": claims})
	return string(b)
}

func newIntelFakes(t *testing.T) *intelFakes {
	f := &intelFakes{}
	recent := time.Now().UTC().AddDate(0, -2, 0).Truncate(24 * time.Hour)
	news := websearchtest.Doc{Title: "Acme Trading Ltd opens second London warehouse", URL: "https://www.reuters.com/business/acme-trading-warehouse",
		Snippet:   "Acme Trading Ltd, founded in 2012 and headquartered in London, opened a second warehouse in the United Kingdom.",
		Publisher: "Reuters", Published: recent, News: true}
	review := websearchtest.Doc{Title: "Acme Trading Ltd Reviews", URL: "https://www.trustpilot.com/review/acmetrading.co.uk",
		Snippet: "Acme Trading Ltd is rated 4.6 out of 5 by customers in the United Kingdom."}
	profile := websearchtest.Doc{Title: "Acme Trading Ltd company profile", URL: "https://www.bizdirectory.example/uk/acme-trading",
		Snippet: "Acme Trading Ltd is a wholesale office supplies company headquartered in London, United Kingdom."}
	f.brave = websearchtest.NewBrave(t, "brave-k3y", news, review)
	f.tavily = websearchtest.NewTavily(t, "tvly-k3y", profile, news)
	acme := registrytest.Company{LEI: acmeLEI, Number: "01234567", Name: "Acme Trading Ltd", Country: "GB", Status: "active",
		Incorporated: time.Date(2012, 3, 1, 0, 0, 0, 0, time.UTC), AddressLines: []string{"1 High Street"}, City: "London",
		PostalCode: "EC1A 1AA", SIC: []string{"46690"}}
	f.gleif = registrytest.NewGLEIF(t, acme)
	f.ch = registrytest.NewCompaniesHouse(t, "ch-k3y", acme)
	f.oc = registrytest.NewOpenCorporates(t, "oc-t0ken", acme)
	f.rdap = rdaptest.New(t, []string{"uk"}, rdaptest.Domain{Name: "acmetrading.co.uk", Registered: time.Date(2012, 4, 1, 0, 0, 0, 0, time.UTC),
		Expires: time.Now().AddDate(1, 0, 0), Statuses: []string{"active"}, Registrar: "Nominet"})
	f.sb = safebrowsingtest.New(t, "sb-k3y", nil)
	f.model = llmtest.New(t, "sk-ant-k3y", fakeModel)
	f.site = safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.siteHits.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<html><head><title>Acme Trading Ltd - office supplies</title></head><body><h1>Acme Trading Ltd</h1>`+
			`<p>Acme Trading Ltd supplies office furniture, paper and stationery to businesses across the United Kingdom since 2012. `+
			`Our warehouse in London ships orders the same day. Contact us: sales@acmetrading.co.uk, +44 20 7946 0000.</p></body></html>`)
	}), "acmetrading.co.uk")
	return f
}

// env configures every vendor at its fake.
func (f *intelFakes) env() map[string]string {
	return map[string]string{
		"DALIL_BRAVE_SEARCH_API_KEY": "brave-k3y", "DALIL_BRAVE_SEARCH_URL": f.brave.BaseURL(),
		"DALIL_TAVILY_API_KEY": "tvly-k3y", "DALIL_TAVILY_URL": f.tavily.BaseURL(),
		"DALIL_GLEIF_URL":               f.gleif.BaseURL(),
		"DALIL_COMPANIES_HOUSE_API_KEY": "ch-k3y", "DALIL_COMPANIES_HOUSE_URL": f.ch.BaseURL(),
		"DALIL_OPENCORPORATES_API_TOKEN": "oc-t0ken", "DALIL_OPENCORPORATES_URL": f.oc.BaseURL(),
		"DALIL_RDAP_URL":              f.rdap.BootstrapURL(),
		"DALIL_SAFE_BROWSING_API_KEY": "sb-k3y", "DALIL_SAFE_BROWSING_URL": f.sb.BaseURL(),
		"DALIL_ANTHROPIC_API_KEY": "sk-ant-k3y", "DALIL_ANTHROPIC_URL": f.model.BaseURL(),
		envWebsiteFetch: "on",
	}
}

// hits counts every request the fakes received.
func (f *intelFakes) hits() map[string]int {
	return map[string]int{"brave": f.brave.Hits(), "tavily": f.tavily.Hits(), "gleif": f.gleif.Hits(), "companies_house": f.ch.Hits(),
		"opencorporates": f.oc.Hits(), "rdap": f.rdap.Hits(), "safe_browsing": f.sb.Hits(), "anthropic": f.model.Hits(), "website": int(f.siteHits.Load())}
}

// tiersOf reads the tiers of a list of evidence objects, by source.
func tiersOf(v any, tierKey string) map[string][]int {
	out := map[string][]int{}
	items, _ := v.([]any)
	for _, it := range items {
		m, _ := it.(map[string]any)
		src, _ := m["source"].(string)
		if tier, ok := m[tierKey].(float64); ok {
			out[src] = append(out[src], int(tier))
		}
	}
	return out
}

// providerStatus reads providers[] (or coverage.providers[]) as
// provider -> status.
func providerStatus(v any) map[string]string {
	out := map[string]string{}
	items, _ := v.([]any)
	for _, it := range items {
		m, _ := it.(map[string]any)
		out[m["provider"].(string)] = m["status"].(string)
	}
	return out
}

// TestIntelProvidersEndToEnd runs the five intelligence capabilities
// through the server dalil serve builds, every provider configured at a
// local fake speaking its vendor's wire format (Brave Search, Tavily,
// GLEIF, Companies House, OpenCorporates, RDAP, Safe Browsing, the
// Anthropic Messages API), website inspection through internal/safehttp
// to a local TLS server, and the imported (demo) sanctions lists: each
// answers from those providers with tiered evidence and is charged; a
// re-run within the cache lifetimes makes no outbound call at all.
func TestIntelProvidersEndToEnd(t *testing.T) {
	f := newIntelFakes(t)
	s := newIntelServer(t, f.env(), f.site.Options())
	if err := seedServiceDemo(context.Background(), s.svc, "sanctions"); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"research_company", "find_companies", "analyze_company_risk", "company_reputation_check", "business_risk_score"} {
		if e, ok := s.svc.reg.Lookup(id); !ok || e.Status() != "available" {
			t.Errorf("%s is %v with every provider configured", id, e.Status())
		}
	}
	before := s.credits(t)

	// business_risk_score: identity from the three registers, every
	// stage-2 source asked, evidence of every tier.
	body := `{"companyName":"Acme Trading Ltd","country":"GB","registrationNumber":"01234567","website":"https://acmetrading.co.uk"}`
	a := s.post(t, "/api/v1/risk/business-risk-score", body)
	d := a.data()
	if a.status != 200 || d["status"] != "assessed" || a.meta()["price"] != 0.5 {
		t.Fatalf("business_risk_score: %d %s", a.status, a.raw)
	}
	biz, _ := d["business"].(map[string]any)
	if biz["identityVerifiedAgainstRegistry"] != true || biz["resolutionStatus"] != "resolved" || biz["lei"] != acmeLEI {
		t.Errorf("identity: %v", biz)
	}
	wantUsed := []string{"brave_search", "tavily", "gleif", "companies_house", "opencorporates", "rdap", "safe_browsing", "website", "sanctions lists"}
	st := providerStatus(d["providers"])
	for _, p := range wantUsed {
		if st[p] != "used" {
			t.Errorf("business_risk_score: provider %s %q (all: %v)", p, st[p], st)
		}
	}
	tiers := tiersOf(d["evidence"], "tier")
	for src, want := range map[string]int{"companies_house": 1, "gleif": 1, "opencorporates": 1, "rdap": 1, "website": 4} {
		if !slices.Contains(tiers[src], want) {
			t.Errorf("business_risk_score: no tier %d evidence from %s (evidence tiers %v)", want, src, tiers)
		}
	}
	webTiers := append(slices.Clone(tiers["brave_search"]), tiers["tavily"]...)
	if !slices.Contains(webTiers, 2) || !slices.Contains(webTiers, 3) {
		t.Errorf("business_risk_score: web evidence tiers %v, want the news article (2) and the review (3)", webTiers)
	}
	screen, _ := d["sanctionsScreening"].(map[string]any)
	if screen["status"] != "no_match_found" || !strings.Contains(fmt.Sprint(screen["listsChecked"]), sanctions.DemoSource) {
		t.Errorf("sanctions screening: %v", screen)
	}
	if got := s.credits(t); fmt.Sprintf("%.2f", before-got) != "0.50" {
		t.Errorf("charged %.2f, want 0.50", before-got)
	}

	// The same call again: byte-identical score, nothing asked of any
	// provider (every answer from the evidence cache).
	hits := f.hits()
	b := s.post(t, "/api/v1/risk/business-risk-score", body)
	if b.status != 200 || b.data()["riskScore"] != d["riskScore"] || b.data()["inputHash"] != d["inputHash"] {
		t.Errorf("re-run: %d %s", b.status, b.raw)
	}
	if after := f.hits(); fmt.Sprint(after) != fmt.Sprint(hits) {
		t.Errorf("cached re-run made outbound calls: %v -> %v", hits, after)
	}
	if st := providerStatus(b.data()["providers"]); st["brave_search"] != "cached" || st["companies_house"] != "cached" {
		t.Errorf("re-run providers %v", st)
	}

	// company_reputation_check over the same providers.
	a = s.post(t, "/api/v1/risk/company-reputation-check", `{"companyName":"Acme Trading Ltd","country":"GB","registrationNumber":"01234567","website":"https://acmetrading.co.uk"}`)
	d = a.data()
	if a.status != 200 || a.meta()["charged"] == false || d["trustLevel"] == "insufficient_evidence" {
		t.Fatalf("company_reputation_check: %d %s", a.status, a.raw)
	}
	tiers = tiersOf(d["evidence"], "tier")
	if !slices.Contains(tiers["companies_house"], 1) || len(tiers["brave_search"])+len(tiers["tavily"]) == 0 {
		t.Errorf("company_reputation_check evidence tiers %v", tiers)
	}

	// analyze_company_risk: every check performed, evidence tiered.
	a = s.post(t, "/api/v1/intelligence/analyze-company-risk", `{"company":"Acme Trading Ltd","website":"acmetrading.co.uk","country":"GB"}`)
	d = a.data()
	if a.status != 200 || a.meta()["charged"] == false {
		t.Fatalf("analyze_company_risk: %d %s", a.status, a.raw)
	}
	checks, _ := d["checks"].([]any)
	sourceTiers := map[int]bool{}
	for _, c := range checks {
		c := c.(map[string]any)
		if c["status"] != "performed" {
			t.Errorf("check %v: %v", c["check"], c["status"])
		}
		for _, e := range c["evidence"].([]any) {
			sourceTiers[int(e.(map[string]any)["sourceTier"].(float64))] = true
		}
	}
	if len(checks) != 8 || !sourceTiers[1] || !sourceTiers[3] || !sourceTiers[4] || d["confidence"] != 1.0 {
		t.Errorf("analyze_company_risk: %d checks, source tiers %v, confidence %v: %s", len(checks), sourceTiers, d["confidence"], a.raw)
	}

	// research_company: sources from both engines with their tiers, and
	// the model's facts only where a source states them.
	a = s.post(t, "/api/v1/intelligence/research-company", `{"company":"Acme Trading Ltd","country":"GB","depth":"standard"}`)
	d = a.data()
	if a.status != 200 || d["dataMode"] != "live" || a.meta()["price"] != 0.15 {
		t.Fatalf("research_company: %d %s", a.status, a.raw)
	}
	srcTiers := map[string]int{}
	for _, x := range d["sources"].([]any) {
		x := x.(map[string]any)
		srcTiers[x["url"].(string)] = int(x["tier"].(float64))
	}
	if srcTiers["https://www.reuters.com/business/acme-trading-warehouse"] != 2 || srcTiers["https://www.trustpilot.com/review/acmetrading.co.uk"] != 3 ||
		srcTiers["https://www.bizdirectory.example/uk/acme-trading"] != 3 {
		t.Errorf("research sources %v", srcTiers)
	}
	claims := map[string]string{}
	for _, c := range d["claims"].([]any) {
		c := c.(map[string]any)
		claims[c["field"].(string)] = c["value"].(string)
		if c["sourceUrl"] == "" || c["quote"] == "" {
			t.Errorf("claim without its source: %v", c)
		}
	}
	if claims["founded"] != "2012" || claims["headquarters"] != "London" || strings.Contains(a.raw, "1999") {
		t.Errorf("research claims %v (the invented 1999 must be dropped)", claims)
	}
	if len(f.model.Requests()) == 0 {
		t.Error("the model was not asked")
	}

	// find_companies: the registers' entries (tier 1) and a company the
	// model found quoted in a search result.
	a = s.post(t, "/api/v1/intelligence/find-companies", `{"query":"Acme Trading","country":"GB"}`)
	d = a.data()
	if a.status != 200 || a.meta()["price"] != 0.05 {
		t.Fatalf("find_companies: %d %s", a.status, a.raw)
	}
	found := map[string]int{}
	for _, c := range d["companies"].([]any) {
		c := c.(map[string]any)
		found[c["source"].(string)] = int(c["sourceTier"].(float64))
	}
	if len(found) == 0 || (found["gleif"] != 1 && found["companies_house"] != 1 && found["opencorporates"] != 1) {
		t.Errorf("find_companies: %v (%s)", found, a.raw)
	}
	spent := before - s.credits(t)
	if want := 0.5 + 0.5 + 0.40 + 0.35 + 0.15 + 0.05; fmt.Sprintf("%.2f", spent) != fmt.Sprintf("%.2f", want) {
		t.Errorf("spent %.2f, want %.2f", spent, want)
	}
}

// TestIntelProviderFailuresEndToEnd: a register that answers 429 (with a
// Retry-After longer than the client waits), hangs past its timeout, or
// whose operator budget is spent makes business_risk_score answer the
// structured 429 RATE_LIMITED / 504 PROVIDER_TIMEOUT, not charged; a web
// search that fails mid-assessment is reported and the rest answers.
func TestIntelProviderFailuresEndToEnd(t *testing.T) {
	f := newIntelFakes(t)
	s := newIntelServer(t, map[string]string{
		"DALIL_COMPANIES_HOUSE_API_KEY": "ch-k3y", "DALIL_COMPANIES_HOUSE_URL": f.ch.BaseURL(), "DALIL_COMPANIES_HOUSE_TIMEOUT": "300ms",
		"DALIL_COMPANIES_HOUSE_BUDGET": "5/1h",
		"DALIL_BRAVE_SEARCH_API_KEY":   "brave-k3y", "DALIL_BRAVE_SEARCH_URL": f.brave.BaseURL(),
	}, safehttptest.NoNetwork(t))
	before := s.credits(t)

	f.ch.Push(clienttest.RateLimited("120"))
	a := s.post(t, "/api/v1/risk/business-risk-score", `{"companyName":"Acme Trading Ltd","country":"GB","registrationNumber":"01234567"}`)
	if a.status != 429 || a.code() != "RATE_LIMITED" || f.ch.Hits() != 1 {
		t.Errorf("register 429: %d %s (%d requests)", a.status, a.raw, f.ch.Hits())
	}
	f.ch.Push(clienttest.Hang(), clienttest.Hang(), clienttest.Hang())
	a = s.post(t, "/api/v1/risk/business-risk-score", `{"companyName":"Acme Trading Ltd","country":"GB","registrationNumber":"01234567"}`)
	if a.status != 504 || a.code() != "PROVIDER_TIMEOUT" {
		t.Errorf("register timeout: %d %s", a.status, a.raw)
	}
	if got := s.credits(t); got != before {
		t.Errorf("failed calls charged: %v -> %v", before, got)
	}

	// Brave rate limited: the assessment answers from the register and
	// says the search failed.
	f.brave.Push(clienttest.RateLimited("120"))
	a = s.post(t, "/api/v1/risk/business-risk-score", `{"companyName":"Acme Trading Ltd","country":"GB","registrationNumber":"01234567"}`)
	d := a.data()
	if a.status != 200 || d["status"] != "assessed" || providerStatus(d["providers"])["brave_search"] != "failed" ||
		!strings.Contains(fmt.Sprint(d["warnings"]), "PROVIDER_FAILED: brave_search: rate limited") {
		t.Errorf("search 429: %d %s", a.status, a.raw)
	}

	// The budget (5 calls an hour) is spent by now (the 429, three
	// timed-out attempts and the profile read): another company is refused
	// without a request, as rate limited.
	n := f.ch.Hits()
	a = s.post(t, "/api/v1/risk/business-risk-score", `{"companyName":"Other Widgets Ltd","country":"GB","registrationNumber":"07654321"}`)
	if a.status != 429 || a.code() != "RATE_LIMITED" || f.ch.Hits() != n {
		t.Errorf("budget spent: %d %s (%d new requests)", a.status, a.raw, f.ch.Hits()-n)
	}
}

// TestIntelAmbiguousEndToEnd: two companies of one name in Companies
// House answer 409 AMBIGUOUS_ENTITY with both candidates before any other
// provider is asked, not charged; the registration number then resolves
// it.
func TestIntelAmbiguousEndToEnd(t *testing.T) {
	f := newIntelFakes(t)
	inc := time.Date(2015, 6, 1, 0, 0, 0, 0, time.UTC)
	ch := registrytest.NewCompaniesHouse(t, "ch-k3y",
		registrytest.Company{Number: "01234567", Name: "Acme Trading Ltd", Country: "GB", Status: "active", Incorporated: inc, City: "London"},
		registrytest.Company{Number: "07654321", Name: "Acme Trading Ltd", Country: "GB", Status: "active", Incorporated: inc, City: "Leeds"})
	s := newIntelServer(t, map[string]string{"DALIL_COMPANIES_HOUSE_API_KEY": "ch-k3y", "DALIL_COMPANIES_HOUSE_URL": ch.BaseURL(),
		"DALIL_BRAVE_SEARCH_API_KEY": "brave-k3y", "DALIL_BRAVE_SEARCH_URL": f.brave.BaseURL()}, safehttptest.NoNetwork(t))
	before := s.credits(t)
	a := s.post(t, "/api/v1/risk/business-risk-score", `{"companyName":"Acme Trading Ltd","country":"GB"}`)
	details, _ := a.body["error"].(map[string]any)["details"].(map[string]any)
	cands, _ := details["candidates"].([]any)
	if a.status != 409 || a.code() != "AMBIGUOUS_ENTITY" || len(cands) != 2 || f.brave.Hits() != 0 {
		t.Fatalf("namesakes: %d %s (%d searches)", a.status, a.raw, f.brave.Hits())
	}
	if got := s.credits(t); got != before {
		t.Errorf("409 charged: %v -> %v", before, got)
	}
	a = s.post(t, "/api/v1/risk/business-risk-score", `{"companyName":"Acme Trading Ltd","country":"GB","registrationNumber":"07654321"}`)
	if biz, _ := a.data()["business"].(map[string]any); a.status != 200 || biz["registrationNumber"] != "07654321" || f.brave.Hits() == 0 {
		t.Errorf("by number: %d %s", a.status, a.raw)
	}
}
