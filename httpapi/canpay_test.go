package httpapi_test

import (
	"context"
	"testing"

	"dalil"
)

// A call the account cannot pay for is refused before any work runs (the
// test capability would panic if it ran: a 500), its Idempotency-Key is
// released, and once the account can pay the same key runs the call.
func TestCallTheAccountCannotPayRunsNothing(t *testing.T) {
	e := newEnv(t)
	acct, key := e.account("free", 0)
	h := map[string]string{"X-API-Key": key, "Idempotency-Key": "cannot-pay-1"}
	r := e.do("POST", "/api/v1/test/boom", `{"mode":"panic"}`, h)
	if r.Status != 402 || r.code() != "INSUFFICIENT_CREDITS" {
		t.Fatalf("no credits: %d %s (the work ran, or the refusal is wrong)", r.Status, r.Raw)
	}
	if n := e.ledgerLen(acct); n != 0 {
		t.Errorf("%d ledger entries after a refused call", n)
	}
	if _, err := e.store.AddCredits(context.Background(), acct, dalil.USD, "test"); err != nil {
		t.Fatal(err)
	}
	r = e.do("POST", "/api/v1/test/boom", `{"mode":"ok"}`, h)
	if r.Status != 200 {
		t.Fatalf("after a top-up, the same Idempotency-Key: %d %s", r.Status, r.Raw)
	}
	if got := e.credits(acct); got != dalil.USD-50_000 {
		t.Errorf("credits = %d, want one charge of 50000", got)
	}
}
