package httpapi_test

import "testing"

// One name per rail: the credits rail is api_credits in answers, usage
// and the ledger, and X-Service-Payment-Method takes the spec's value
// credits or that same name.
func TestCreditsRailAnswersToBothNames(t *testing.T) {
	e := newEnv(t)
	acct, key := e.account("free", 1_000_000)
	for _, header := range []string{"credits", "api_credits", "API_Credits"} {
		r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": header})
		if r.Status != 200 || r.meta()["paymentMethod"] != "api_credits" {
			t.Fatalf("%s: %d %s", header, r.Status, r.Raw)
		}
	}
	if got := e.credits(acct); got != 1_000_000-3*10_000 {
		t.Errorf("credits = %d after three calls of USD 0.01", got)
	}
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": "api-credits"}); r.Status != 400 {
		t.Errorf("api-credits: %d, want 400", r.Status)
	}
}
