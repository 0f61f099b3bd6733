package httpapi_test

import (
	"strings"
	"testing"

	"dalil"
	"dalil/httpapi"
)

func TestAdminAPI(t *testing.T) {
	e := newEnv(t)
	admin := map[string]string{"Authorization": "Bearer admin-secret-token"}
	for _, h := range []map[string]string{{}, {"Authorization": "Bearer wrong"}, {"Authorization": "admin-secret-token"}} {
		if r := e.do("POST", "/admin/v1/accounts", `{"name":"x"}`, h); r.Status != 401 || r.code() != "UNAUTHORIZED" {
			t.Errorf("admin without token %v: %d", h, r.Status)
		}
	}
	r := e.do("POST", "/admin/v1/accounts", `{"name":"acme","plan":"developer","credits":2.5}`, admin)
	d := r.data()
	if r.Status != 201 || !strings.HasPrefix(d["apiKey"].(string), "dk_live_") || d["creditsUsd"] != 2.5 || d["plan"] != "developer" {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id, key := d["accountId"].(string), d["apiKey"].(string)
	if r := e.do("POST", "/admin/v1/accounts/"+id+"/credits", `{"usd":"0.5"}`, admin); r.Status != 200 || r.data()["creditsUsd"] != 3.0 {
		t.Errorf("credits: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", "/admin/v1/accounts/"+id+"/credits", `{"usd":-1}`, admin); r.Status != 400 {
		t.Errorf("negative credits: %d", r.Status)
	}
	if r := e.do("PUT", "/admin/v1/accounts/"+id+"/plan", `{"plan":"growth"}`, admin); r.Status != 200 || r.data()["plan"] != "growth" {
		t.Errorf("plan: %d %s", r.Status, r.Raw)
	}
	if r := e.do("PUT", "/admin/v1/accounts/"+id+"/plan", `{"plan":"gold"}`, admin); r.Status != 400 {
		t.Errorf("bad plan: %d", r.Status)
	}
	k := e.do("POST", "/admin/v1/accounts/"+id+"/keys", nil, admin)
	if k.Status != 201 {
		t.Fatalf("key: %d %s", k.Status, k.Raw)
	}
	show := e.do("GET", "/admin/v1/accounts/"+id, nil, admin)
	if show.Status != 200 || len(show.data()["keys"].([]any)) != 2 || strings.Contains(string(show.Raw), key) {
		t.Errorf("show: %d %s", show.Status, show.Raw)
	}
	if r := e.do("GET", "/admin/v1/accounts/acct_missing", nil, admin); r.Status != 404 || r.code() != "NOT_FOUND" {
		t.Errorf("missing account: %d", r.Status)
	}
	if r := e.do("DELETE", "/admin/v1/keys/"+k.data()["keyId"].(string), nil, admin); r.Status != 200 {
		t.Errorf("revoke: %d", r.Status)
	}
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": k.data()["apiKey"].(string)}); r.Status != 401 {
		t.Errorf("revoked key still works: %d", r.Status)
	}
	for i := 0; i < 3; i++ {
		e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": "credits"})
	}
	page := e.do("GET", "/admin/v1/accounts/"+id+"/ledger?limit=2", nil, admin)
	txs := page.data()["transactions"].([]any)
	if page.Status != 200 || len(txs) != 2 || page.data()["nextBefore"] == nil {
		t.Fatalf("ledger page: %d %s", page.Status, page.Raw)
	}
	next := page.data()["nextBefore"].(float64)
	rest := e.do("GET", "/admin/v1/accounts/"+id+"/ledger?limit=50&before="+strings.TrimSuffix(strings.TrimSuffix(jsonNum(next), ".0"), ".00"), nil, admin)
	if len(rest.data()["transactions"].([]any)) != 3 { // 1 more charge + 2 top-ups
		t.Errorf("second page: %s", rest.Raw)
	}
	if r := e.do("GET", "/admin/v1/accounts/"+id+"/ledger?limit=0", nil, admin); r.Status != 400 {
		t.Errorf("bad limit: %d", r.Status)
	}
}

func TestAdminAPIIsOffWithoutToken(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) { c.AdminToken = "" })
	if r := e.do("POST", "/admin/v1/accounts", `{"name":"x"}`, map[string]string{"Authorization": "Bearer "}); r.Status != 404 {
		t.Errorf("admin API answers without a token configured: %d", r.Status)
	}
}

func TestAccountEndpointsAndRails(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("developer", 20_000)
	k := map[string]string{"X-API-Key": key}
	sub := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	cred := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": "credits"})
	named := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": "Subscription"})
	if sub.meta()["paymentMethod"] != "subscription" || cred.meta()["paymentMethod"] != "api_credits" || named.meta()["paymentMethod"] != "subscription" {
		t.Fatalf("rails: %v %v %v", sub.meta(), cred.meta(), named.meta())
	}
	bal := e.do("GET", "/api/v1/account/balance", nil, k).data()
	s := bal["subscription"].(map[string]any)
	if bal["accountId"] != id || bal["credits"].(map[string]any)["available"] != 0.01 || s["used"] != 0.02 || s["remaining"] != 9.98 ||
		s["calls"].(map[string]any)["used"] != 2.0 || s["periodEndsAt"] == nil {
		t.Errorf("balance = %v", bal)
	}
	usage := e.do("GET", "/api/v1/account/usage", nil, k).data()
	if total := usage["total"].(map[string]any); total["calls"] != 3.0 || total["charged"] != 0.03 {
		t.Errorf("usage = %v", usage)
	}
	txs := e.do("GET", "/api/v1/account/transactions?limit=10", nil, k).data()["transactions"].([]any)
	if len(txs) != 4 || txs[0].(map[string]any)["rail"] != "subscription" {
		t.Errorf("transactions = %v", txs)
	}
	if r := e.do("GET", "/api/v1/account/balance", nil, nil); r.Status != 401 {
		t.Errorf("balance without key: %d", r.Status)
	}
}

// TestUsageNetOfRefunds: a charge of 1.05 refunded in full (a voice call
// that rang unanswered) and one of 1.05 refunded 0.60 show charged 0.45
// and refunded 1.65 in GET /api/v1/account/usage, per row and in total.
func TestUsageNetOfRefunds(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("free", 5*dalil.USD)
	for req, refund := range map[string]dalil.MicroUSD{"call-1": 1_050_000, "call-2": 600_000} {
		if _, err := e.store.Charge(t.Context(), dalil.ChargeRequest{AccountID: id, Tool: "voice_call", Price: 1_050_000, RequestID: req, Method: dalil.MethodCredits}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.Refund(t.Context(), id, req, refund, "unused maximum"); err != nil {
			t.Fatal(err)
		}
	}
	usage := e.do("GET", "/api/v1/account/usage", nil, map[string]string{"X-API-Key": key}).data()
	rows := usage["byToolAndRail"].([]any)
	if len(rows) != 1 {
		t.Fatalf("usage = %v", usage)
	}
	for name, got := range map[string]any{"row": rows[0], "total": usage["total"]} {
		if m := got.(map[string]any); m["calls"] != 2.0 || m["charged"] != 0.45 || m["refunded"] != 1.65 {
			t.Errorf("%s = %v; want 2 calls, charged 0.45, refunded 1.65", name, m)
		}
	}
}

func TestQuotaExceeded(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("developer", 0)
	if _, err := e.store.Charge(t.Context(), chargeAll(id)); err != nil {
		t.Fatal(err)
	}
	r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	if r.Status != 429 || r.code() != "QUOTA_EXCEEDED" || r.Header.Get("Retry-After") == "" {
		t.Fatalf("exhausted allowance: %d %s %q", r.Status, r.Raw, r.Header.Get("Retry-After"))
	}
	if _, err := e.store.AddCredits(t.Context(), id, 10_000, ""); err != nil {
		t.Fatal(err)
	}
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key}); r.Status != 200 || r.meta()["paymentMethod"] != "api_credits" {
		t.Errorf("credit fallback: %d %s", r.Status, r.Raw)
	}
}
