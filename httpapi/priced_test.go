package httpapi_test

import (
	"context"
	"testing"

	"dalil"
	"dalil/capability"
	"dalil/httpapi"
)

type meteredIn struct {
	Minutes int `json:"minutes" schema:"minimum=1,maximum=60"`
}

type meteredOut struct {
	Status string `json:"status"`
}

func (meteredOut) Accepted() bool { return true }

// meteredEntry costs USD 0.30 plus USD 0.15 a minute of its input's
// maximum, and answers 202 (work goes on after the answer).
func meteredEntry() capability.Entry {
	return capability.Define("metered_tool", capability.Options{Group: "Test", Summary: "priced by input", Path: "/api/v1/test/metered", Price: 300_000,
		PriceFor: func(in any) dalil.MicroUSD { return 300_000 + dalil.MicroUSD(in.(meteredIn).Minutes)*150_000 }},
		func(_ context.Context, in meteredIn) (meteredOut, error) { return meteredOut{Status: "queued"}, nil })
}

// A capability priced by input (Options.PriceFor) is charged, quoted and
// checked against X-Max-Price at its input's price on every rail, and an
// Accepted result answers 202.
func TestPricedByInputAndAccepted(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		reg, err := capability.NewRegistry(meteredEntry())
		if err != nil {
			t.Fatal(err)
		}
		c.Registry = reg
		c.PayPerCall = []httpapi.PayRail{{Rail: proofRail{}, Info: map[string]any{}}}
	})
	acct, key := e.account("free", 5_000_000)
	h := map[string]string{"X-API-Key": key}

	// 10 minutes: 0.30 + 1.50 = 1.80, above a ceiling of 1.00 that the
	// listed price (0.30) is under.
	h["X-Max-Price"] = "1.00"
	r := e.do("POST", "/api/v1/test/metered", `{"minutes":10}`, h)
	if r.Status != 402 || r.code() != "PRICE_ABOVE_MAXIMUM" || r.Body["error"].(map[string]any)["details"].(map[string]any)["price"] != 1.8 {
		t.Fatalf("over the ceiling: %d %s", r.Status, r.Raw)
	}
	if got := e.credits(acct); got != 5_000_000 {
		t.Fatalf("credits %d after a refused call", got)
	}
	h["X-Max-Price"] = "2"
	r = e.do("POST", "/api/v1/test/metered", `{"minutes":10}`, h)
	if r.Status != 202 || r.meta()["price"] != 1.8 || r.data()["status"] != "queued" {
		t.Fatalf("priced call: %d %s", r.Status, r.Raw)
	}
	if got := e.credits(acct); got != 5_000_000-1_800_000 {
		t.Errorf("credits %d, want %d", got, 5_000_000-1_800_000)
	}

	// The same call again with its Idempotency-Key replays the answer
	// with its status: 202, not 200.
	h["Idempotency-Key"] = "metered-1"
	first := e.do("POST", "/api/v1/test/metered", `{"minutes":1}`, h)
	again := e.do("POST", "/api/v1/test/metered", `{"minutes":1}`, h)
	if first.Status != 202 || again.Status != 202 || again.Header.Get("Idempotent-Replayed") != "true" || string(again.Raw) != string(first.Raw) {
		t.Fatalf("replay: first %d %s, again %d %s", first.Status, first.Raw, again.Status, again.Raw)
	}
	delete(h, "Idempotency-Key")

	// Pay per call: the verified payment is for the input's price.
	r = e.do("POST", "/api/v1/test/metered", `{"minutes":2}`, map[string]string{"X-Test-Pay": "m1", "X-Service-Payment-Method": "l402"})
	if r.Status != 202 || r.meta()["price"] != 0.6 {
		t.Fatalf("pay per call: %d %s", r.Status, r.Raw)
	}
}
