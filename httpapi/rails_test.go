package httpapi_test

import (
	"testing"

	"dalil"
	"dalil/httpapi"
)

// With DALIL_RAILS=credits the subscription rail is disabled (it is not in
// payment-methods' autoPriority, and naming it is 400), so an auto call
// from a developer-plan key is paid from credits, not from the plan
// allowance (as it once was).
func TestAutoSkipsDisabledSubscriptionRail(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) { c.Rails = []string{dalil.MethodCredits} })
	id, key := e.account("developer", 1_000_000)
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": "subscription"}); r.Status != 400 {
		t.Fatalf("subscription should be disabled: %d", r.Status)
	}
	r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Raw)
	}
	if pm := r.meta()["paymentMethod"]; pm != dalil.RailCredits {
		t.Errorf("paymentMethod = %v with the subscription rail disabled; want %s", pm, dalil.RailCredits)
	}
	if got := e.credits(id); got != 990_000 {
		t.Errorf("credits = %d, want 990000 (paid by the only enabled rail)", got)
	}
}

// With DALIL_RAILS=subscription the credits rail is disabled (and
// payment-methods publishes creditFallback:false), so an auto call on the
// free plan (no allowance) is not paid from prepaid credits (as it once
// was).
func TestAutoSkipsDisabledCreditsRail(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) { c.Rails = []string{dalil.MethodSubscription} })
	id, key := e.account("free", 1_000_000)
	r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	if r.Status == 200 || e.credits(id) != 1_000_000 {
		t.Errorf("credits rail disabled, but the call was paid from credits: status %d paymentMethod %v credits %d", r.Status, r.meta()["paymentMethod"], e.credits(id))
	}
}
