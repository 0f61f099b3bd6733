package httpapi_test

import (
	"sync/atomic"
	"testing"

	"dalil/httpapi"
)

// The charge follows the answer's evidence basis (dalil.DecideEvidence)
// on every rail: an answer resting on synthetic data only, on a stale
// list only or on nothing is a 200 with its result, meta.charged false,
// the reason and the basis, and nothing is paid; an answer with real
// evidence is charged and states its basis in meta.evidence.
func TestChargeFollowsEvidence(t *testing.T) {
	var settled atomic.Int32
	e := newEnv(t, func(c *httpapi.Config) {
		c.PayPerCall = []httpapi.PayRail{{Rail: settleCountingRail{settled: &settled}, Info: map[string]any{}}}
	})
	acct, key := e.account("free", 1_000_000)
	ledger0 := e.ledgerLen(acct)
	unpaid := []struct{ source, reason string }{
		{"synthetic", "synthetic_data_only"}, {"stale", "stale_evidence_only"}, {"none", "no_evidence"},
	}

	t.Run("api key", func(t *testing.T) {
		for _, tc := range unpaid {
			r := e.do("POST", "/api/v1/test/evidence", `{"source":"`+tc.source+`"}`, map[string]string{"X-API-Key": key, "Idempotency-Key": "ev-" + tc.source})
			m := r.meta()
			if r.Status != 200 || r.data()["answer"] != "from "+tc.source || m["charged"] != false || m["notChargedReason"] != tc.reason {
				t.Fatalf("%s: %d %s", tc.source, r.Status, r.Raw)
			}
			if ev, _ := m["evidence"].(map[string]any); ev == nil || len(ev["sources"].([]any)) == 0 {
				t.Errorf("%s: meta.evidence = %v, want the basis", tc.source, m["evidence"])
			}
		}
		if got, n := e.credits(acct), e.ledgerLen(acct)-ledger0; got != 1_000_000 || n != 0 {
			t.Fatalf("after uncharged answers: credits %d, %d new ledger entries", got, n)
		}
		for i, source := range []string{"dataset", "caller"} {
			r := e.do("POST", "/api/v1/test/evidence", `{"source":"`+source+`"}`, map[string]string{"X-API-Key": key})
			m := r.meta()
			ev, _ := m["evidence"].(map[string]any)
			if r.Status != 200 || m["charged"] != nil || m["paymentMethod"] != "api_credits" || ev == nil {
				t.Fatalf("%s: %d %s", source, r.Status, r.Raw)
			}
			first := ev["sources"].([]any)[0].(map[string]any)
			if first["kind"] == "synthetic" || first["name"] == nil {
				t.Errorf("%s: first source %v", source, first)
			}
			if got := e.credits(acct); int64(got) != 1_000_000-int64(i+1)*40_000 {
				t.Errorf("%s: credits %d after %d charged calls", source, got, i+1)
			}
		}
	})

	t.Run("pay per call", func(t *testing.T) {
		h := map[string]string{"X-Test-Pay": "ev1", "X-Service-Payment-Method": "l402"}
		for _, tc := range unpaid {
			r := e.do("POST", "/api/v1/test/evidence", `{"source":"`+tc.source+`"}`, h)
			if r.Status != 200 || r.meta()["charged"] != false || r.meta()["notChargedReason"] != tc.reason {
				t.Fatalf("%s: %d %s", tc.source, r.Status, r.Raw)
			}
		}
		if n := settled.Load(); n != 0 {
			t.Fatalf("settled %d payments for uncharged answers", n)
		}
		// The same credential still pays for an answer with evidence.
		r := e.do("POST", "/api/v1/test/evidence", `{"source":"dataset"}`, h)
		if r.Status != 200 || r.meta()["charged"] != nil || r.meta()["evidence"] == nil {
			t.Fatalf("dataset: %d %s", r.Status, r.Raw)
		}
		if n := settled.Load(); n != 1 {
			t.Errorf("settled %d payments, want 1", n)
		}
	})
}
