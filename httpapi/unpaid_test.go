package httpapi_test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"dalil"
	"dalil/httpapi"
)

// settleCountingRail is proofRail that counts settlements.
type settleCountingRail struct {
	proofRail
	settled *atomic.Int32
}

func (r settleCountingRail) Settle(ctx context.Context, p *dalil.Payment) (http.Header, error) {
	r.settled.Add(1)
	return nil, nil
}

// An answer whose basis is Unanswered (too little data) is a
// 200 with its result, meta.charged false and the reason, and nothing is
// paid on any rail: no ledger entry, credits unchanged, no settlement, the
// pay-per-call credential still usable, the Idempotency-Key not kept.
func TestUnpaidAnswerIsNotCharged(t *testing.T) {
	var settled atomic.Int32
	e := newEnv(t, func(c *httpapi.Config) {
		c.PayPerCall = []httpapi.PayRail{{Rail: settleCountingRail{settled: &settled}, Info: map[string]any{}}}
	})
	acct, key := e.account("free", 1_000_000)
	ledger0 := e.ledgerLen(acct) // the initial top-up

	t.Run("api key", func(t *testing.T) {
		h := map[string]string{"X-API-Key": key, "Idempotency-Key": "k-unpaid-1"}
		for i := 0; i < 2; i++ {
			r := e.do("POST", "/api/v1/test/boom", `{"mode":"unpaid"}`, h)
			if r.Status != 200 {
				t.Fatalf("call %d: %d %s", i, r.Status, r.Raw)
			}
			m := r.meta()
			if m["charged"] != false || m["notChargedReason"] != "too little data to answer" || m["paymentMethod"] != nil {
				t.Errorf("call %d meta = %v, want charged false with the reason and no payment method", i, m)
			}
			if r.Header.Get("Idempotent-Replayed") != "" {
				t.Errorf("call %d: an unpaid answer was replayed from storage", i)
			}
			if r.data()["insufficient"] != true {
				t.Errorf("call %d: data = %v", i, r.data())
			}
		}
		if got := e.credits(acct); got != 1_000_000 {
			t.Errorf("credits = %d after unpaid answers, want 1000000", got)
		}
		if n := e.ledgerLen(acct) - ledger0; n != 0 {
			t.Errorf("ledger has %d new entries after unpaid answers, want 0", n)
		}
		// The key was not kept: the same key with another body runs and is
		// charged once.
		r := e.do("POST", "/api/v1/test/boom", `{"mode":"ok"}`, h)
		if r.Status != 200 || r.meta()["charged"] != nil {
			t.Fatalf("paid call after unpaid ones with the same key: %d %s", r.Status, r.Raw)
		}
		if got := e.credits(acct); got != 1_000_000-50_000 {
			t.Errorf("credits = %d after one paid call, want %d", got, 1_000_000-50_000)
		}
	})

	t.Run("pay per call", func(t *testing.T) {
		h := map[string]string{"X-Test-Pay": "u1", "X-Service-Payment-Method": "l402"}
		r := e.do("POST", "/api/v1/test/boom", `{"mode":"unpaid"}`, h)
		if r.Status != 200 || r.meta()["charged"] != false {
			t.Fatalf("unpaid call: %d %s", r.Status, r.Raw)
		}
		if n := settled.Load(); n != 0 {
			t.Errorf("settled %d payments for an unpaid answer", n)
		}
		// The same credential still pays for a real answer.
		if r := e.do("POST", "/api/v1/test/boom", `{"mode":"ok"}`, h); r.Status != 200 {
			t.Fatalf("credential after an unpaid answer: %d %s", r.Status, r.Raw)
		}
		if n := settled.Load(); n != 1 {
			t.Errorf("settled %d payments, want 1", n)
		}
	})
}
