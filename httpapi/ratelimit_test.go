package httpapi_test

import (
	"strconv"
	"testing"

	"dalil/httpapi"
	"dalil/ratelimit"
)

func TestRateLimitPerKeyAndPlan(t *testing.T) {
	limits := ratelimit.Defaults()
	limits["free"], limits["developer"] = 3, 5
	e := newEnv(t, func(c *httpapi.Config) { c.Limiter, c.Limits = ratelimit.NewMemory(nil), limits })
	_, free := e.account("free", 1_000_000)
	_, dev := e.account("developer", 0)
	for i := 0; i < 3; i++ {
		r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": free})
		if r.Status != 200 || r.Header.Get("RateLimit-Limit") != "3" || r.Header.Get("RateLimit-Remaining") != strconv.Itoa(2-i) || r.Header.Get("RateLimit-Reset") == "" {
			t.Fatalf("call %d: %d limit %q remaining %q", i, r.Status, r.Header.Get("RateLimit-Limit"), r.Header.Get("RateLimit-Remaining"))
		}
	}
	r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": free})
	if r.Status != 429 || r.code() != "RATE_LIMITED" || r.Header.Get("Retry-After") == "" || r.Header.Get("RateLimit-Remaining") != "0" {
		t.Fatalf("4th call: %d %s retry-after %q", r.Status, r.Raw, r.Header.Get("Retry-After"))
	}
	// The three calls leave the one-minute window 60 to 61 s after they
	// were made (one-second slots): only then may the next call succeed.
	// RateLimit-Reset never says more than the window.
	if ra, reset := r.Header.Get("Retry-After"), r.Header.Get("RateLimit-Reset"); (ra != "60" && ra != "61") || reset != "60" {
		t.Errorf("4th call: Retry-After %q, RateLimit-Reset %q, want 60 or 61 and 60", ra, reset)
	}
	// Another key on another plan has its own budget.
	for i := 0; i < 5; i++ {
		if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": dev}); r.Status != 200 || r.Header.Get("RateLimit-Limit") != "5" {
			t.Fatalf("developer call %d: %d", i, r.Status)
		}
	}
}
