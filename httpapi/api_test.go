package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"dalil"
	"dalil/httpapi"
	"dalil/store/storetest"
)

var analyzeBody = map[string]any{"propertyValue": 85000, "annualRent": 7200, "serviceCharge": 650, "maintenanceCost": 400}

func TestPaidCallChargesCreditsOnce(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("free", 1_000_000)
	r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	if r.Status != 200 || r.Body["success"] != true {
		t.Fatalf("status %d body %s", r.Status, r.Raw)
	}
	if d := r.data(); d["netYield"] != 7.24 || d["paybackYears"] != 13.82 || d["currency"] != "OMR" {
		t.Errorf("data = %v", d)
	}
	m := r.meta()
	if m["tool"] != "analyze_property" || m["price"] != 0.01 || m["currency"] != "USD" || m["paymentMethod"] != "api_credits" {
		t.Errorf("meta = %v", m)
	}
	if m["requestId"] != r.Header.Get("X-Request-Id") || r.Header.Get("X-Request-Id") == "" {
		t.Errorf("request id header %q meta %v", r.Header.Get("X-Request-Id"), m["requestId"])
	}
	if got := e.credits(id); got != 990_000 {
		t.Errorf("credits = %d, want 990000", got)
	}
	// Bearer works the same.
	r = e.do("POST", "/api/v1/maintenance/estimate", map[string]any{"propertyValue": 100000}, map[string]string{"Authorization": "Bearer " + key})
	if r.Status != 200 || e.credits(id) != 970_000 {
		t.Fatalf("bearer call: %d %s, credits %d", r.Status, r.Raw, e.credits(id))
	}
	if sum := storetest.LedgerSum(t, e.store, id); sum != e.credits(id) {
		t.Errorf("ledger sums to %d, balance %d", sum, e.credits(id))
	}
}

func TestNothingChargedForNon2xx(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("free", 1_000_000)
	auth := map[string]string{"X-API-Key": key}
	tests := []struct {
		name    string
		path    string
		body    any
		headers map[string]string
		status  int
		code    string
	}{
		{"invalid input", "/api/v1/property/analyze", `{"propertyValue":-1,"annualRent":"x","extra":1}`, auth, 400, "INVALID_INPUT"},
		{"not json content type", "/api/v1/property/analyze", `{}`, map[string]string{"X-API-Key": key, "Content-Type": "text/plain"}, 415, "UNSUPPORTED_MEDIA_TYPE"},
		{"handler error", "/api/v1/test/boom", `{"mode":"error"}`, auth, 500, "INTERNAL_ERROR"},
		{"handler panic", "/api/v1/test/boom", `{"mode":"panic"}`, auth, 500, "INTERNAL_ERROR"},
		{"unknown payment method", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": "paypal"}, 400, "PAYMENT_METHOD_UNSUPPORTED"},
		{"disabled pay-per-call rail", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": "x402"}, 400, "PAYMENT_METHOD_UNSUPPORTED"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := e.do("POST", tc.path, tc.body, tc.headers)
			if r.Status != tc.status || r.code() != tc.code || r.Body["success"] != false {
				t.Fatalf("got %d %s, want %d %s", r.Status, r.Raw, tc.status, tc.code)
			}
			if r.meta()["requestId"] == "" || r.meta()["requestId"] != r.Header.Get("X-Request-Id") {
				t.Errorf("request id missing: %s", r.Raw)
			}
			if strings.Contains(string(r.Raw), "passwd") || strings.Contains(string(r.Raw), "goroutine") {
				t.Errorf("internal detail leaked: %s", r.Raw)
			}
		})
	}
	if got := e.credits(id); got != 1_000_000 {
		t.Errorf("credits = %d after failures, want untouched", got)
	}
	if n := e.ledgerLen(id); n != 1 { // the initial top-up only
		t.Errorf("ledger has %d rows, want 1", n)
	}
	if !strings.Contains(e.logs.String(), "passwd") {
		t.Error("the panic cause should be logged for the operator")
	}
}

func TestValidationEnvelopeListsEveryProblem(t *testing.T) {
	e := newEnv(t)
	_, key := e.account("free", 1_000_000)
	r := e.do("POST", "/api/v1/property/compare", `{"properties":[{"name":"A","propertyValue":0,"annualRent":1},{"name":"A","propertyValue":1,"annualRent":1,"pool":true}]}`, map[string]string{"X-API-Key": key})
	if r.Status != 400 {
		t.Fatalf("status %d", r.Status)
	}
	details := r.Body["error"].(map[string]any)["details"].([]any)
	var paths []string
	for _, d := range details {
		paths = append(paths, d.(map[string]any)["path"].(string))
	}
	if want := "properties.0.propertyValue,properties.1.name,properties.1.pool"; strings.Join(paths, ",") != want {
		t.Errorf("paths = %v, want %s", paths, want)
	}
}

func TestAuthErrors(t *testing.T) {
	e := newEnv(t)
	aid, key := e.account("free", 1_000_000)
	for name, tt := range map[string]struct {
		h    map[string]string
		says string
	}{
		"no key":               {map[string]string{}, "No API key was sent"},
		"wrong key":            {map[string]string{"X-API-Key": "dk_live_nope"}, "not valid"},
		"bad bearer":           {map[string]string{"Authorization": "Bearer " + key + "x"}, "not valid"},
		"key without Bearer":   {map[string]string{"Authorization": key}, "Authorization: Bearer <key>"},
		"another scheme":       {map[string]string{"Authorization": "Token " + key}, `scheme "Token"`},
		"basic authentication": {map[string]string{"Authorization": "Basic dXNlcjpwYXNz"}, "Authorization: Bearer <key>"},
	} {
		t.Run(name, func(t *testing.T) {
			r := e.do("POST", "/api/v1/property/analyze", analyzeBody, tt.h)
			msg, _ := r.Body["error"].(map[string]any)["message"].(string)
			if r.Status != 401 || r.code() != "UNAUTHORIZED" || !strings.Contains(msg, "X-API-Key") || !strings.Contains(msg, tt.says) {
				t.Errorf("got %d %s", r.Status, r.Raw)
			}
		})
	}
	// A bad query parameter is named, and the body is not blamed.
	r := e.do("GET", "/api/v1/account/transactions?limit=abc", nil, map[string]string{"X-API-Key": key})
	if msg, _ := r.Body["error"].(map[string]any)["message"].(string); r.Status != 400 || !strings.Contains(msg, "query parameter limit") || strings.Contains(msg, "request body is not valid") {
		t.Errorf("?limit=abc: %d %s", r.Status, r.Raw)
	}
	keys, _ := e.store.Keys(context.Background(), aid)
	if err := e.store.RevokeKey(context.Background(), keys[0].ID); err != nil {
		t.Fatal(err)
	}
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key}); r.Status != 401 {
		t.Errorf("revoked key: %d", r.Status)
	}
}

func TestInsufficientCredits(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("free", 15_000)
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key}); r.Status != 200 {
		t.Fatalf("first call %d", r.Status)
	}
	r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	if r.Status != 402 || r.code() != "INSUFFICIENT_CREDITS" || r.data() != nil {
		t.Fatalf("got %d %s", r.Status, r.Raw)
	}
	if got := e.credits(id); got != 5_000 {
		t.Errorf("credits = %d", got)
	}
}

func TestBodyLimits(t *testing.T) {
	e := newEnv(t)
	_, key := e.account("free", 1_000_000)
	big := `{"propertyValue":1,"annualRent":1,"pad":"` + strings.Repeat("x", 33_000) + `"}`
	r := e.do("POST", "/api/v1/property/analyze", big, map[string]string{"X-API-Key": key})
	if r.Status != 413 || r.code() != "PAYLOAD_TOO_LARGE" {
		t.Fatalf("declared length: %d %s", r.Status, r.Raw)
	}
	// Chunked, with no declared length: refused after reading the limit.
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/property/analyze", io.MultiReader(strings.NewReader(big), strings.NewReader("")))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 413 {
		t.Errorf("chunked: %d", res.StatusCode)
	}
	// Exactly at the limit is fine as far as size goes (then invalid).
	exact := `{"propertyValue":1,"annualRent":1,"p":"` + strings.Repeat("x", 32768-len(`{"propertyValue":1,"annualRent":1,"p":""}`)) + `"}`
	if len(exact) != 32768 {
		t.Fatalf("len %d", len(exact))
	}
	if r := e.do("POST", "/api/v1/property/analyze", exact, map[string]string{"X-API-Key": key}); r.Status != 400 {
		t.Errorf("at the limit: %d", r.Status)
	}
}

func TestRoutingEnvelopes(t *testing.T) {
	e := newEnv(t)
	r := e.do("GET", "/api/v1/property/analyze", nil, nil)
	if r.Status != 405 || r.code() != "METHOD_NOT_ALLOWED" || r.Header.Get("Allow") != "POST" {
		t.Errorf("405: %d %v %s", r.Status, r.Header.Get("Allow"), r.Raw)
	}
	r = e.do("GET", "/api/v1/nothing-here", nil, nil)
	if r.Status != 404 || r.code() != "NOT_FOUND" || r.Body["success"] != false {
		t.Errorf("404: %d %s", r.Status, r.Raw)
	}
	r = e.do("GET", "/api/v1/health", nil, map[string]string{"X-Request-Id": "client-id.42"})
	if r.Header.Get("X-Request-Id") != "client-id.42" || r.meta()["requestId"] != "client-id.42" {
		t.Errorf("client request id not kept: %v", r.Header.Get("X-Request-Id"))
	}
	r = e.do("GET", "/api/v1/health", nil, map[string]string{"X-Request-Id": "bad id with spaces"})
	if id := r.Header.Get("X-Request-Id"); id == "bad id with spaces" || id == "" {
		t.Errorf("bad client id used: %q", id)
	}
	r = e.do("OPTIONS", "/api/v1/property/analyze", nil, nil)
	if r.Status != 204 || r.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("preflight: %d", r.Status)
	}
}

// Contract §5: the envelope on every response, also for a path the mux
// would clean (double slash, "." or ".."), POSTs to paid routes included.
// (dispatch once passed it to the mux, because mux.Handler returns a
// non-empty pattern for the redirect, and net/http answered with its own
// 307 text/html "Temporary Redirect", no envelope.)
func TestUncleanPathAnswersInEnvelope(t *testing.T) {
	e := newEnv(t)
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct{ method, path string }{
		{"GET", "/api/v1//health"},
		{"GET", "/api/v1/./pricing"},
		{"POST", "/api/v1//property/analyze"},
	} {
		req, _ := http.NewRequest(tc.method, e.srv.URL+tc.path, nil)
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var env struct {
			Success *bool `json:"success"`
			Meta    struct {
				RequestID string `json:"requestId"`
			} `json:"meta"`
		}
		if err := json.Unmarshal(raw, &env); err != nil || env.Success == nil || env.Meta.RequestID != res.Header.Get("X-Request-Id") {
			t.Errorf("%s %s: %d %q body %q; want a JSON envelope whose meta.requestId matches X-Request-Id", tc.method, tc.path, res.StatusCode, res.Header.Get("Content-Type"), raw)
		}
	}
}

func TestLegacyRoutesAnswerLikeCurrent(t *testing.T) {
	e := newEnv(t)
	_, key := e.account("free", 1_000_000)
	for _, p := range [][2]string{{"/v1/property/analyze", "/api/v1/property/analyze"}, {"/v1/maintenance/estimate", "/api/v1/maintenance/estimate"}, {"/v1/property/compare", "/api/v1/property/compare"}} {
		body := any(analyzeBody)
		if strings.Contains(p[0], "maintenance") {
			body = map[string]any{"propertyValue": 100000, "ageYears": 12}
		}
		if strings.Contains(p[0], "compare") {
			body = map[string]any{"properties": []any{map[string]any{"name": "A", "propertyValue": 85000, "annualRent": 7200}, map[string]any{"name": "B", "propertyValue": 100000, "annualRent": 7000}}}
		}
		old := e.do("POST", p[0], body, map[string]string{"X-API-Key": key})
		cur := e.do("POST", p[1], body, map[string]string{"X-API-Key": key})
		if old.Status != 200 || old.Header.Get("Deprecation") != "true" || old.Header.Get("Link") != "<"+p[1]+`>; rel="successor-version"` {
			t.Errorf("%s: %d %v %v", p[0], old.Status, old.Header.Get("Deprecation"), old.Header.Get("Link"))
		}
		if cur.Header.Get("Deprecation") != "" {
			t.Errorf("%s carries Deprecation", p[1])
		}
		if fmt.Sprint(old.data()) != fmt.Sprint(cur.data()) {
			t.Errorf("%s data differs from %s", p[0], p[1])
		}
	}
}

func TestConcurrentCallsNeverOverspend(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("free", 20*30_000) // 20 comparisons
	body := map[string]any{"properties": []any{map[string]any{"name": "A", "propertyValue": 1, "annualRent": 1}, map[string]any{"name": "B", "propertyValue": 2, "annualRent": 1}}}
	var wg sync.WaitGroup
	var mu sync.Mutex
	counts := map[int]int{}
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.do("POST", "/api/v1/property/compare", body, map[string]string{"X-API-Key": key})
			mu.Lock()
			counts[r.Status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if counts[200] != 20 || counts[402] != 30 {
		t.Errorf("statuses = %v, want 20x200 and 30x402", counts)
	}
	if got := e.credits(id); got != 0 {
		t.Errorf("credits = %d, want 0", got)
	}
	if sum := storetest.LedgerSum(t, e.store, id); sum != 0 {
		t.Errorf("ledger sums to %d", sum)
	}
}

func TestHealthReportsStorage(t *testing.T) {
	e := newEnv(t)
	if r := e.do("GET", "/api/v1/health", nil, nil); r.Status != 200 || r.data()["storage"] != "ok" {
		t.Fatalf("healthy: %d %s", r.Status, r.Raw)
	}
	_, key := e.account("free", 1_000_000)
	e.store.Close()
	r := e.do("GET", "/api/v1/health", nil, nil)
	if r.Status != 503 || r.code() != "SERVICE_UNAVAILABLE" {
		t.Errorf("db closed: %d %s", r.Status, r.Raw)
	}
	r = e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	if r.Status != 503 || r.code() != "SERVICE_UNAVAILABLE" {
		t.Errorf("paid call with db closed: %d %s", r.Status, r.Raw)
	}
}

func TestLogsNeverCarryCredentials(t *testing.T) {
	e := newEnv(t)
	_, key := e.account("free", 1_000_000)
	e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"Authorization": "Bearer " + key})
	e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key + "-wrong"})
	e.do("GET", "/api/v1/account/balance?key="+key, nil, map[string]string{"X-API-Key": key})
	e.do("POST", "/admin/v1/accounts", `{"name":"x"}`, map[string]string{"Authorization": "Bearer admin-secret-token"})
	logs := e.logs.String()
	for _, secret := range []string{key, key[len(dalil.KeyPrefix):], "admin-secret-token"} {
		if strings.Contains(logs, secret) {
			t.Errorf("log contains a credential %q", secret)
		}
	}
	if !strings.Contains(logs, `"tool":"analyze_property"`) || !strings.Contains(logs, `"rail":"api_credits"`) {
		t.Errorf("log lines lack tool/rail: %s", logs)
	}
}

func TestMetricsExposition(t *testing.T) {
	const token = "metrics-token-0123456789abcdef0123456789"
	e := newEnv(t, func(c *httpapi.Config) { c.MetricsToken = token })
	acct, key := e.account("free", 1_000_000)
	e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	e.do("POST", "/api/v1/property/analyze", `{}`, map[string]string{"X-API-Key": key})
	// The call is refunded in part (as a voice call's unused maximum is):
	// the refund is counted beside the charge.
	ctx := context.Background()
	page, err := e.store.Ledger(ctx, acct, 1, 0)
	if err != nil || len(page) != 1 || page[0].Kind != "charge" {
		t.Fatalf("ledger = %+v, %v", page, err)
	}
	if _, err := e.store.Refund(ctx, page[0].AccountID, page[0].RequestID, 4000, "unused"); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("GET", e.srv.URL+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("GET /metrics with the token: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{
		`dalil_refunds_total{rail="api_credits",tool="analyze_property"} 1`,
		`dalil_refunded_microusd_total{rail="api_credits",tool="analyze_property"} 4000`,
		`dalil_http_requests_total{route="POST /api/v1/property/analyze",status="200"} 1`,
		`dalil_charges_total{rail="api_credits",tool="analyze_property"} 1`,
		`dalil_charged_microusd_total{rail="api_credits",tool="analyze_property"} 10000`,
		`dalil_errors_total{code="INVALID_INPUT"} 1`,
		`dalil_http_request_duration_seconds_bucket{route="POST /api/v1/property/analyze"`,
	} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// TestMetricsAreNotPublic: without MetricsToken, /metrics on the API
// answers 404 in the envelope, naming both ways to read the metrics; with
// it, a missing or wrong token is 401 (and the token never shows in the
// answer), ten failures a minute from one address are 429 even with the
// right token, and MetricsHandler serves the same registry unguarded.
func TestMetricsAreNotPublic(t *testing.T) {
	e := newEnv(t)
	r := e.do("GET", "/metrics", nil, nil)
	if r.Status != 404 || r.code() != "NOT_FOUND" || !strings.Contains(string(r.Raw), "DALIL_METRICS_ADDR") || !strings.Contains(string(r.Raw), "DALIL_METRICS_TOKEN") {
		t.Errorf("GET /metrics without a token configured: %d %s", r.Status, r.Raw)
	}
	if strings.Contains(string(r.Raw), "dalil_") {
		t.Errorf("the 404 leaks metrics: %s", r.Raw)
	}
	r = e.do("GET", "/openapi.json", nil, nil)
	if paths, _ := r.Body["paths"].(map[string]any); paths["/metrics"] != nil {
		t.Errorf("openapi.json lists /metrics, an operator route")
	}

	const token = "metrics-token-0123456789abcdef0123456789"
	e = newEnv(t, func(c *httpapi.Config) { c.MetricsToken = token })
	for _, h := range []map[string]string{nil, {"Authorization": "Bearer wrong"}, {"Authorization": "Bearer admin-secret-token"}, {"Authorization": token}} {
		r := e.do("GET", "/metrics", nil, h)
		if r.Status != 401 || r.code() != "UNAUTHORIZED" || r.Header.Get("WWW-Authenticate") == "" || strings.Contains(string(r.Raw), "dalil_") {
			t.Errorf("GET /metrics with %v: %d %s", h, r.Status, r.Raw)
		}
	}
	ok := map[string]string{"Authorization": "bearer " + token}
	if r := e.do("GET", "/metrics", nil, ok); r.Status != 200 || !strings.Contains(string(r.Raw), "dalil_http_requests_total") {
		t.Fatalf("GET /metrics with the token: %d %.200s", r.Status, r.Raw)
	}
	for range 10 { // 4 failures above, 6 here: the limit is reached
		e.do("GET", "/metrics", nil, map[string]string{"Authorization": "Bearer guess"})
	}
	if r := e.do("GET", "/metrics", nil, ok); r.Status != 429 || r.Header.Get("Retry-After") == "" {
		t.Errorf("after 10 failures, GET /metrics with the token: %d %s", r.Status, r.Raw)
	}
	// The admin API has its own throttle: metrics guesses do not lock
	// the operator out of it.
	if r := e.do("GET", "/admin/v1/accounts", nil, map[string]string{"Authorization": "Bearer admin-secret-token"}); r.Status != 200 {
		t.Errorf("admin API after metrics failures: %d %s", r.Status, r.Raw)
	}
}

func TestStatusTableCoversEveryCode(t *testing.T) {
	for _, c := range []dalil.Code{dalil.CodeInvalidInput, dalil.CodeUnauthorized, dalil.CodePaymentRequired, dalil.CodePaymentInvalid,
		dalil.CodeInsufficientCredits, dalil.CodePaymentMethodUnsupported, dalil.CodeNotFound, dalil.CodeMethodNotAllowed,
		dalil.CodeIdempotencyKeyReused, dalil.CodeIdempotencyInProgress, dalil.CodePayloadTooLarge, dalil.CodeUnsupportedMediaType,
		dalil.CodeRateLimited, dalil.CodeQuotaExceeded, dalil.CodeServiceUnavailable, dalil.CodeProviderNotConfigured} {
		if httpapi.Status(c) == 500 {
			t.Errorf("%s has no status", c)
		}
	}
}

var _ = context.Background

func TestMCPRouteAnswersOtherMethodsInTheEnvelope(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		c.MCP = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) })
	})
	r := e.do("GET", "/mcp", nil, nil)
	if r.Status != 405 || r.code() != "METHOD_NOT_ALLOWED" || r.Header.Get("Allow") != "POST" {
		t.Errorf("GET /mcp: %d %s allow %q", r.Status, r.Raw, r.Header.Get("Allow"))
	}
}
