package httpapi_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/invoiceanomaly"
	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/mcpserver"
	"dalil/ratelimit"
	"dalil/store/sqlstore"
)

type lookupIn struct {
	Query string `json:"query" schema:"minLength=1,maxLength=50"`
}

type lookupOut struct {
	Hits int `json:"hits"`
}

type lookupSignals struct {
	QueryLength int `json:"queryLength"`
}

func lookup(context.Context, lookupIn) (lookupOut, error) { return lookupOut{Hits: 1}, nil }

func lookupPreview(_ context.Context, in lookupIn) (capability.PreviewReport[lookupSignals], error) {
	return capability.PreviewReport[lookupSignals]{Status: capability.PreviewLimited, CoverageScore: 0.5, SourcesFound: 1,
		Signals: lookupSignals{QueryLength: len(in.Query)}}, nil
}

// previewEntries are capabilities of every kind: with a preview and its
// provider configured (sourced_lookup), with a preview and its dataset not
// configured (offline_lookup), the real invoice_anomaly_check preview, one
// without a preview (analyze_property) and a planned one.
func previewEntries() []capability.Entry {
	def := func(id, path string, req capability.Requirement) capability.Entry {
		return capability.Define(id, capability.Options{Group: "Test", Title: "Lookup " + id, Summary: "looks up", Path: path, Price: 20_000,
			ReadOnly: true, Example: lookupIn{Query: "oman"}, Requires: []capability.Requirement{req},
			Preview: capability.PreviewOf(capability.LeakageLow, lookupPreview)}, lookup)
	}
	return []capability.Entry{
		property.AnalyzeEntry(),
		invoiceanomaly.Entry(invoiceanomaly.Deps{}),
		def("sourced_lookup", "/api/v1/test/sourced", capability.NeedsProvider("websearch")),
		def("offline_lookup", "/api/v1/test/offline", capability.NeedsDataset("comparables")),
		capability.Planned("estimate_property_rent", "Property", "later"),
	}
}

// websearchOnly is the operator's configuration in these tests.
func websearchOnly(r capability.Requirement) bool { return r == capability.NeedsProvider("websearch") }

// newPreviewEnv serves previewEntries with websearch configured, and the
// MCP tool server at /mcp calling the same handler, as dalil serve does.
func newPreviewEnv(t *testing.T, mutate ...func(*httpapi.Config)) (*env, *capability.Registry) {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	reg, err := capability.NewRegistryWith(capability.RegistryOptions{Configured: websearchOnly}, previewEntries()...)
	if err != nil {
		t.Fatal(err)
	}
	var api *httpapi.Server
	self := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { api.ServeHTTP(w, r) })
	tools := mcpserver.New(reg, mcpserver.Options{Caller: mcpserver.InProcess{Handler: self}})
	logs := &syncBuffer{}
	cfg := httpapi.Config{Registry: reg, Store: st, Logger: slog.New(slog.NewJSONHandler(logs, nil)), MCP: mcpserver.HTTPHandler(tools, nil)}
	for _, m := range mutate {
		m(&cfg)
	}
	api = httpapi.NewServer(cfg)
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	return &env{t: t, srv: srv, store: st, logs: logs}, reg
}

const invoicePreviewBody = `{"invoice":{"invoiceNumber":"INV-9","supplierId":"S-1","invoiceDate":"2026-03-02","currency":"OMR","total":105},
	"historicalInvoices":[{"invoiceNumber":"INV-9","supplierId":"S-1","invoiceDate":"2026-03-02","currency":"OMR","total":105,"status":"paid"}]}`

// TestPreviewIsFreeAndNeedsNoAccount: a preview answers without a key, and
// with one charges nothing: the balance and the ledger stay as they were.
func TestPreviewIsFreeAndNeedsNoAccount(t *testing.T) {
	e, _ := newPreviewEnv(t)
	id, key := e.account("free", 1_000_000)
	before := e.ledgerLen(id)
	for name, h := range map[string]map[string]string{"no key": nil, "with a key": {"X-API-Key": key}, "with a bad key": {"X-API-Key": "dk_live_nope"}} {
		t.Run(name, func(t *testing.T) {
			r := e.do("POST", "/api/v1/preview/invoice_anomaly_check", invoicePreviewBody, h)
			d := r.data()
			if r.Status != 200 || d["status"] != "available" || d["inputRecognized"] != true || d["capability"] != "invoice_anomaly_check" || d["leakageClass"] != "SAFE" {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			if m := r.meta(); m["price"] != 0.0 || m["tool"] != "invoice_anomaly_check" || m["paymentMethod"] != nil {
				t.Errorf("meta = %v, want price 0 and no payment method", m)
			}
			p := d["preview"].(map[string]any)
			if p["dataCoverage"] == nil || p["signals"].(map[string]any)["historicalInvoiceCount"] != 1.0 {
				t.Errorf("preview = %v", p)
			}
			full := d["fullResult"].(map[string]any)
			next := full["nextAction"].(map[string]any)
			if full["price"].(map[string]any)["amount"] != "0.25" || next["url"] != "/api/v1/finance/invoice-anomaly-check" || next["type"] != "pay_and_retry" ||
				next["retrySameBody"] != true || full["endpoint"] != "/api/v1/finance/invoice-anomaly-check" {
				t.Errorf("fullResult = %v", full)
			}
			for _, k := range []string{"riskScore", "decision", "anomalies", "anomalyCount", "riskLevel"} {
				if strings.Contains(string(r.Raw), `"`+k+`":`) {
					t.Errorf("the answer carries the paid key %s: %s", k, r.Raw)
				}
			}
		})
	}
	if got := e.credits(id); got != 1_000_000 {
		t.Errorf("credits %d after previews, want 1000000", got)
	}
	if n := e.ledgerLen(id); n != before {
		t.Errorf("ledger has %d rows after previews, want %d", n, before)
	}
}

// TestPreviewDecodesLikeThePaidCall: the same content type, size limit and
// validation (every problem listed) as the paid route, before any preview
// runs.
func TestPreviewDecodesLikeThePaidCall(t *testing.T) {
	e, _ := newPreviewEnv(t)
	r := e.do("POST", "/api/v1/preview/invoice_anomaly_check", `{"invoice":{"total":"1,5","currency":"OMRR"},"extra":true}`, nil)
	if r.Status != 400 || r.code() != "INVALID_INPUT" {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	paid := e.do("POST", "/api/v1/finance/invoice-anomaly-check", `{"invoice":{"total":"1,5","currency":"OMRR"},"extra":true}`, map[string]string{"X-API-Key": "x"})
	if paid.Status != 401 {
		t.Fatalf("paid route: %d", paid.Status)
	}
	details := r.Body["error"].(map[string]any)["details"].([]any)
	var paths []string
	for _, d := range details {
		paths = append(paths, d.(map[string]any)["path"].(string))
	}
	if got := strings.Join(paths, ","); got != "extra,invoice.currency,invoice.total" {
		t.Errorf("problems at %s", got)
	}
	if r := e.do("POST", "/api/v1/preview/invoice_anomaly_check", invoicePreviewBody, map[string]string{"Content-Type": "text/plain"}); r.Status != 415 || r.code() != "UNSUPPORTED_MEDIA_TYPE" {
		t.Errorf("text/plain: %d %s", r.Status, r.Raw)
	}
	// No body at all is allowed (the reference service's rule): 200,
	// status invalid_input, nothing recognised, nothing previewed, and how
	// to send the input; with or without a content type, and a zero-length
	// body that claims JSON is no body either.
	for _, h := range []map[string]string{nil, {"Content-Type": "text/plain"}, {"Content-Type": "application/json"}} {
		r := e.do("POST", "/api/v1/preview/invoice_anomaly_check", nil, h)
		data, _ := r.Body["data"].(map[string]any)
		if r.Status != 200 || data["status"] != "invalid_input" || data["inputRecognized"] != false || len(data["preview"].(map[string]any)) != 0 ||
			!strings.Contains(fmt.Sprint(data["reason"]), "/api/v1/finance/invoice-anomaly-check") {
			t.Errorf("body-less preview %v: %d %s", h, r.Status, r.Raw)
		}
	}
	if r := e.do("POST", "/api/v1/preview/invoice_anomaly_check", "{}", nil); r.Status != 400 || r.code() != "INVALID_INPUT" {
		t.Errorf("{} is a body, validated: %d %s", r.Status, r.Raw)
	}
	big := `{"invoice":{"total":1,"supplierName":"` + strings.Repeat("x", 1<<20) + `"}}`
	if r := e.do("POST", "/api/v1/preview/invoice_anomaly_check", big, nil); r.Status != 413 || r.code() != "PAYLOAD_TOO_LARGE" {
		t.Errorf("over 1 MiB: %d %.200s", r.Status, r.Raw)
	}
	if r := e.do("POST", "/api/v1/preview/sourced_lookup", `{"query":""}`, nil); r.Status != 400 || r.code() != "INVALID_INPUT" {
		t.Errorf("sourced_lookup: %d %s", r.Status, r.Raw)
	}
}

// TestPreviewIsRateLimitedPerClientAddress: the "preview" plan's budget is
// per client address (behind a trusted proxy, per X-Forwarded-For client),
// and an exhausted address gets 429 RATE_LIMITED with Retry-After while
// another address goes on.
func TestPreviewIsRateLimitedPerClientAddress(t *testing.T) {
	limits := ratelimit.Defaults()
	limits[ratelimit.Preview] = 3
	_, loopback, _ := net.ParseCIDR("127.0.0.0/8")
	e, _ := newPreviewEnv(t, func(c *httpapi.Config) {
		c.Limiter, c.Limits, c.TrustedProxies = ratelimit.NewMemory(nil), limits, []*net.IPNet{loopback}
	})
	from := func(ip string) map[string]string { return map[string]string{"X-Forwarded-For": ip} }
	for i := 0; i < 3; i++ {
		r := e.do("POST", "/api/v1/preview/sourced_lookup", `{"query":"muscat"}`, from("203.0.113.1"))
		if r.Status != 200 || r.Header.Get("RateLimit-Limit") != "3" {
			t.Fatalf("preview %d: %d limit %q %s", i, r.Status, r.Header.Get("RateLimit-Limit"), r.Raw)
		}
	}
	r := e.do("POST", "/api/v1/preview/sourced_lookup", `{"query":"muscat"}`, from("203.0.113.1"))
	if r.Status != 429 || r.code() != "RATE_LIMITED" || r.Header.Get("Retry-After") == "" {
		t.Fatalf("4th preview: %d %s retry-after %q", r.Status, r.Raw, r.Header.Get("Retry-After"))
	}
	// Every preview request counts, whatever capability it names.
	if r := e.do("POST", "/api/v1/preview/analyze_property", `{}`, from("203.0.113.1")); r.Status != 429 {
		t.Errorf("another capability from the same address: %d", r.Status)
	}
	if r := e.do("POST", "/api/v1/preview/sourced_lookup", `{"query":"muscat"}`, from("203.0.113.2")); r.Status != 200 {
		t.Errorf("another address: %d %s", r.Status, r.Raw)
	}
	// A key does not lift the limit: a preview is keyless.
	_, key := e.account("enterprise", 1_000_000)
	if r := e.do("POST", "/api/v1/preview/sourced_lookup", `{"query":"muscat"}`, map[string]string{"X-Forwarded-For": "203.0.113.1", "X-API-Key": key}); r.Status != 429 {
		t.Errorf("with a key from the exhausted address: %d", r.Status)
	}
}

func TestPreviewOfAnUnknownCapability(t *testing.T) {
	e, _ := newPreviewEnv(t)
	for _, id := range []string{"no_such_tool", "estimate_property_rent", "ANALYZE_PROPERTY"} {
		r := e.do("POST", "/api/v1/preview/"+id, `{}`, nil)
		if r.Status != 404 || r.code() != "CAPABILITY_NOT_FOUND" || r.Body["success"] != false {
			t.Errorf("%s: %d %s", id, r.Status, r.Raw)
		}
	}
	if r := e.do("GET", "/api/v1/preview/invoice_anomaly_check", nil, nil); r.Status != 405 || r.Header.Get("Allow") != "POST" {
		t.Errorf("GET: %d allow %q", r.Status, r.Header.Get("Allow"))
	}
}

// TestPreviewOfACapabilityWithoutOne answers as the reference service does:
// 200, status unavailable, preview {}, and how to pay for the full result.
// A capability whose preview cannot run because its dataset is not
// configured answers unavailable too, after validating the body.
func TestPreviewOfACapabilityWithoutOne(t *testing.T) {
	e, _ := newPreviewEnv(t)
	for _, body := range []string{`{"propertyValue":85000,"annualRent":7200}`, `not json at all`, ``} {
		r := e.do("POST", "/api/v1/preview/analyze_property", body, nil)
		d := r.data()
		if r.Status != 200 || d["status"] != "unavailable" || d["inputRecognized"] != false || len(d["preview"].(map[string]any)) != 0 ||
			d["fullResult"].(map[string]any)["endpoint"] != "/api/v1/property/analyze" || r.meta()["price"] != 0.0 {
			t.Errorf("body %q: %d %s", body, r.Status, r.Raw)
		}
	}
	r := e.do("POST", "/api/v1/preview/offline_lookup", `{"query":"muscat"}`, nil)
	d := r.data()
	if r.Status != 200 || d["status"] != "unavailable" || d["inputRecognized"] != true || !strings.Contains(d["reason"].(string), "the comparables dataset") ||
		len(d["preview"].(map[string]any)) != 0 {
		t.Errorf("offline_lookup: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", "/api/v1/preview/offline_lookup", `{"query":""}`, nil); r.Status != 400 {
		t.Errorf("offline_lookup with a bad body: %d", r.Status)
	}
}

// TestPreviewBudgetIsItsOwn: previews and keyless pay-per-call calls from
// one address draw from separate budgets (plans "preview" and "payg"), so
// free previews never use up a client's paid calls, nor the reverse.
func TestPreviewBudgetIsItsOwn(t *testing.T) {
	limits := ratelimit.Defaults()
	limits[ratelimit.Preview], limits[ratelimit.PayG] = 2, 3
	e, _ := newPreviewEnv(t, func(c *httpapi.Config) {
		c.Limiter, c.Limits = ratelimit.NewMemory(nil), limits
		c.PayPerCall = []httpapi.PayRail{{Rail: proofRail{}, Info: map[string]any{}}}
	})
	paid := func(n int) response {
		return e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-Test-Pay": "p" + string(rune('a'+n)), "X-Service-Payment-Method": "l402"})
	}
	for i := 0; i < 2; i++ {
		if r := e.do("POST", "/api/v1/preview/sourced_lookup", `{"query":"muscat"}`, nil); r.Status != 200 {
			t.Fatalf("preview %d: %d %s", i, r.Status, r.Raw)
		}
	}
	if r := e.do("POST", "/api/v1/preview/sourced_lookup", `{"query":"muscat"}`, nil); r.Status != 429 {
		t.Fatalf("3rd preview: %d", r.Status)
	}
	for i := 0; i < 3; i++ {
		if r := paid(i); r.Status != 200 || r.Header.Get("RateLimit-Limit") != "3" {
			t.Fatalf("paid call %d after the previews ran out: %d limit %q %s", i, r.Status, r.Header.Get("RateLimit-Limit"), r.Raw)
		}
	}
	if r := paid(3); r.Status != 429 {
		t.Fatalf("4th paid call: %d", r.Status)
	}
}
