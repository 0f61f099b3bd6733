package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"dalil"
	"dalil/capability"
	"dalil/httpapi"
)

type monthlyIn struct {
	Name string `json:"name"`
}

type monthlyOut struct {
	Watching string `json:"watching"`
}

// A capability only an account pays for (capability.Options.AccountOnly):
// a pay-per-call payer is refused 400 PAYMENT_METHOD_UNSUPPORTED before
// any challenge (no 402, nothing settled, the capability not run), the
// rail neither routes nor lists it, and an API key pays as usual.
func TestAccountOnlyRefusesPayPerCallBeforeAChallenge(t *testing.T) {
	var ran atomic.Int64
	monthly := capability.Define("monthly_watch", capability.Options{
		Group: "Test", Summary: "A monthly service of an account.", Path: "/api/v1/test/monthly", Price: 500_000, AccountOnly: true,
	}, func(ctx context.Context, in monthlyIn) (monthlyOut, error) {
		ran.Add(1)
		return monthlyOut{Watching: in.Name}, nil
	})
	f := fundRail{decline: &atomic.Bool{}, settled: &atomic.Int64{}}
	e := newEnv(t, func(c *httpapi.Config) {
		reg, err := capability.NewRegistry(monthly)
		if err != nil {
			t.Fatal(err)
		}
		c.Registry = reg
		c.Rails = []string{"credits", "subscription"}
		c.PayPerCall = []httpapi.PayRail{{Rail: f, Info: map[string]any{}, Descriptor: map[string]any{"id": "x402"},
			WellKnown: func(qs []dalil.Quote) any { return qs }}}
	})
	for _, hdr := range []map[string]string{
		{"X-Service-Payment-Method": "x402"}, // asks for the rail
		{"X-Test-Fund": "cred-1"},            // presents its credential
	} {
		r := e.do("POST", "/api/v1/test/monthly", `{"name":"Al Noor Trading"}`, hdr)
		if r.Status != http.StatusBadRequest || r.code() != string(dalil.CodePaymentMethodUnsupported) || r.Header.Get("Payment-Required") != "" {
			t.Errorf("%v: %d %s", hdr, r.Status, r.Raw)
		}
	}
	// No key and no rail named: the key the call needs (401), no challenge.
	if r := e.do("POST", "/api/v1/test/monthly", `{"name":"x"}`, nil); r.Status != http.StatusUnauthorized || r.Header.Get("Payment-Required") != "" {
		t.Errorf("no key: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", "/api/v1/x402/test/monthly", `{"name":"x"}`, map[string]string{"X-Test-Fund": "cred-2"}); r.Status != http.StatusNotFound {
		t.Errorf("the rail's own route: %d %s", r.Status, r.Raw)
	}
	if r := e.do("GET", "/.well-known/x402.json", nil, nil); strings.Contains(string(r.Raw), "monthly_watch") {
		t.Errorf("listed on the rail: %s", r.Raw)
	}
	if ran.Load() != 0 || f.settled.Load() != 0 {
		t.Fatalf("ran %d, settled %d", ran.Load(), f.settled.Load())
	}
	_, key := e.account("free", dalil.USD)
	if r := e.do("POST", "/api/v1/test/monthly", `{"name":"Al Noor Trading"}`, map[string]string{"X-API-Key": key}); r.Status != 200 || ran.Load() != 1 {
		t.Errorf("with an API key: %d %s", r.Status, r.Raw)
	}
}
