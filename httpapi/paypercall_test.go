package httpapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"dalil"
	"dalil/httpapi"
)

// proofRail is a pay-per-call rail whose credential (header X-Test-Pay)
// is, like an L402 preimage, proof of a payment already made: Settle only
// records it.
type proofRail struct{}

func (proofRail) ID() string                 { return dalil.RailL402 }
func (proofRail) Present(h http.Header) bool { return h.Get("X-Test-Pay") != "" }
func (proofRail) Challenge(context.Context, dalil.Quote) (*dalil.Challenge, error) {
	return &dalil.Challenge{Headers: http.Header{"Www-Authenticate": {`L402 test`}}}, nil
}
func (proofRail) Verify(_ context.Context, h http.Header, q dalil.Quote) (*dalil.Payment, error) {
	return &dalil.Payment{Rail: dalil.RailL402, CredentialID: "cred-" + h.Get("X-Test-Pay"), Amount: q.Price, ExpiresAt: time.Now().Add(time.Hour)}, nil
}
func (proofRail) Settle(context.Context, *dalil.Payment) (http.Header, error) { return nil, nil }

// A capability that panics answers 500 and must leave the paid credential
// usable again, as every other non-2xx path does (release()). (A panic once
// skipped release(): the paid credential was burned and the retry refused
// as "replayed" — paid, no result, and no way to get one.)
func TestPayPerCallPanicReleasesCredential(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		c.PayPerCall = []httpapi.PayRail{{Rail: proofRail{}, Info: map[string]any{}}}
	})
	h := map[string]string{"X-Test-Pay": "p1", "X-Service-Payment-Method": "l402"}
	// Control: an ordinary error releases the credential.
	if r := e.do("POST", "/api/v1/test/boom", `{"mode":"error"}`, h); r.Status != 500 {
		t.Fatalf("error mode: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", "/api/v1/test/boom", `{"mode":"ok"}`, h); r.Status != 200 {
		t.Fatalf("retry after error: %d %s", r.Status, r.Raw)
	}
	h["X-Test-Pay"] = "p2"
	if r := e.do("POST", "/api/v1/test/boom", `{"mode":"panic"}`, h); r.Status != 500 {
		t.Fatalf("panic mode: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", "/api/v1/test/boom", `{"mode":"ok"}`, h); r.Status != 200 {
		t.Errorf("retry after a 500 from a panic: %d %s (credential stayed claimed)", r.Status, r.Raw)
	}
}
