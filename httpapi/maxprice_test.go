package httpapi_test

import (
	"testing"

	"dalil"
	"dalil/httpapi"
	"dalil/ratelimit"
)

// TestMaxPrice: a capability priced above the caller's X-Max-Price is
// refused with 402 PRICE_ABOVE_MAXIMUM before any side effect; at or above
// the price it runs; a bad ceiling names the header.
func TestMaxPrice(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		c.Limiter, c.Limits = ratelimit.NewMemory(nil), ratelimit.Defaults()
		c.PayPerCall = []httpapi.PayRail{{Rail: proofRail{}, Info: map[string]any{}}}
	})
	acct, key := e.account("free", dalil.USD)
	const body = `{"propertyValue":85000,"annualRent":7200}` // analyze_property: USD 0.01
	tests := []struct {
		name, ceiling string
		status        int
		code          string
	}{
		{"below the price", "0.009", 402, "PRICE_ABOVE_MAXIMUM"},
		{"zero", "0", 402, "PRICE_ABOVE_MAXIMUM"},
		{"exactly the price", "0.01", 200, ""},
		{"above the price", "0.05", 200, ""},
		{"not a number", "five cents", 400, "INVALID_INPUT"},
		{"negative", "-1", 400, "INVALID_INPUT"},
		{"too many decimals", "0.0000001", 400, "INVALID_INPUT"},
	}
	charged := 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.ledgerLen(acct)
			r := e.do("POST", "/api/v1/property/analyze", body, map[string]string{"X-API-Key": key, "X-Max-Price": tt.ceiling})
			if r.Status != tt.status || (tt.code != "" && r.code() != tt.code) {
				t.Fatalf("%s: %d %s", tt.ceiling, r.Status, r.Raw)
			}
			if r.Status == 200 {
				charged++
				if r.Header.Get("RateLimit-Remaining") == "" {
					t.Error("no RateLimit-Remaining on a limited call: the limiter is not on, the check below proves nothing")
				}
			}
			if got := e.ledgerLen(acct) - before; (r.Status == 200) != (got == 1) {
				t.Errorf("ledger grew by %d for a %d", got, r.Status)
			}
			if tt.code == "PRICE_ABOVE_MAXIMUM" {
				d, _ := r.Body["error"].(map[string]any)["details"].(map[string]any)
				if d["price"] != 0.01 || d["tool"] != "analyze_property" {
					t.Errorf("details = %v", d)
				}
				if r.Header.Get("RateLimit-Remaining") != "" {
					t.Error("a refused ceiling counted against the rate limit")
				}
			}
			if tt.code == "INVALID_INPUT" {
				ps, _ := r.Body["error"].(map[string]any)["details"].([]any)
				if len(ps) != 1 || ps[0].(map[string]any)["path"] != "X-Max-Price" {
					t.Errorf("details = %v", ps)
				}
			}
		})
	}
	if charged != 2 {
		t.Errorf("charged %d calls, want 2", charged)
	}
	// On a pay-per-call route too, before any challenge or credential.
	r := e.do("POST", "/api/v1/l402/property/analyze", body, map[string]string{"X-Max-Price": "0.001"})
	if r.Status != 402 || r.code() != "PRICE_ABOVE_MAXIMUM" || r.Header.Get("WWW-Authenticate") != "" {
		t.Fatalf("pay-per-call route: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", "/api/v1/l402/property/analyze", body, map[string]string{"X-Max-Price": "0.02"}); r.Status != 402 || r.code() != "PAYMENT_REQUIRED" {
		t.Fatalf("pay-per-call route under the ceiling: %d %s", r.Status, r.Raw)
	}
}
