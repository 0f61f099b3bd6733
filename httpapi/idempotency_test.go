package httpapi_test

import (
	"strings"
	"sync"
	"testing"
)

func TestIdempotencyReplaysWithoutSecondCharge(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("free", 1_000_000)
	h := map[string]string{"X-API-Key": key, "Idempotency-Key": "order-42"}
	first := e.do("POST", "/api/v1/property/analyze", analyzeBody, h)
	// Same fields in another order are the same request.
	second := e.do("POST", "/api/v1/property/analyze", `{"maintenanceCost":400,"serviceCharge":650,"annualRent":7200,"propertyValue":85000}`, h)
	if first.Status != 200 || second.Status != 200 {
		t.Fatalf("statuses %d %d: %s", first.Status, second.Status, second.Raw)
	}
	if second.Header.Get("Idempotent-Replayed") != "true" || first.Header.Get("Idempotent-Replayed") != "" {
		t.Errorf("replay header: first %q second %q", first.Header.Get("Idempotent-Replayed"), second.Header.Get("Idempotent-Replayed"))
	}
	if string(first.Raw) != string(second.Raw) {
		t.Errorf("replayed body differs:\n%s\n%s", first.Raw, second.Raw)
	}
	if got := e.credits(id); got != 990_000 {
		t.Errorf("credits = %d, want one charge", got)
	}
	// Same key, another body: refused.
	r := e.do("POST", "/api/v1/property/analyze", map[string]any{"propertyValue": 1, "annualRent": 1}, h)
	if r.Status != 409 || r.code() != "IDEMPOTENCY_KEY_REUSED" {
		t.Errorf("reuse: %d %s", r.Status, r.Raw)
	}
	// The scope is account + tool: the same key on another tool is new.
	r = e.do("POST", "/api/v1/maintenance/estimate", map[string]any{"propertyValue": 100000}, h)
	if r.Status != 200 || r.Header.Get("Idempotent-Replayed") != "" {
		t.Errorf("other tool: %d", r.Status)
	}
}

func TestIdempotencyDoesNotKeepFailures(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("free", 5_000)
	h := map[string]string{"X-API-Key": key, "Idempotency-Key": "k1"}
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, h); r.Status != 402 {
		t.Fatalf("want 402 first, got %d", r.Status)
	}
	if _, err := e.store.AddCredits(t.Context(), id, 10_000, "top-up"); err != nil {
		t.Fatal(err)
	}
	r := e.do("POST", "/api/v1/property/analyze", analyzeBody, h)
	if r.Status != 200 || r.Header.Get("Idempotent-Replayed") != "" {
		t.Errorf("retry after failure: %d %s", r.Status, r.Raw)
	}
	for _, bad := range []string{strings.Repeat("k", 256), "tab\there"} {
		r := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "Idempotency-Key": bad})
		if r.Status != 400 || r.code() != "INVALID_INPUT" {
			t.Errorf("bad key %q: %d", bad, r.Status)
		}
	}
}

func TestIdempotencyUnderConcurrency(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("free", 1_000_000)
	h := map[string]string{"X-API-Key": key, "Idempotency-Key": "same-for-all"}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var results []response
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.do("POST", "/api/v1/property/compare", map[string]any{"properties": []any{
				map[string]any{"name": "A", "propertyValue": 1, "annualRent": 1}, map[string]any{"name": "B", "propertyValue": 2, "annualRent": 1}}}, h)
			mu.Lock()
			results = append(results, r)
			mu.Unlock()
		}()
	}
	wg.Wait()
	var firsts, replays, busy int
	var body string
	for _, r := range results {
		switch {
		case r.Status == 200 && r.Header.Get("Idempotent-Replayed") == "":
			firsts++
			body = string(r.Raw)
		case r.Status == 200:
			replays++
		case r.Status == 409 && r.code() == "IDEMPOTENCY_IN_PROGRESS" && r.Header.Get("Retry-After") == "1":
			busy++
		default:
			t.Errorf("unexpected answer %d %s", r.Status, r.Raw)
		}
	}
	if firsts != 1 || firsts+replays+busy != 20 {
		t.Errorf("first %d, replays %d, in progress %d", firsts, replays, busy)
	}
	for _, r := range results {
		if r.Status == 200 && string(r.Raw) != body {
			t.Errorf("a replay differs from the first answer")
		}
	}
	if got := e.credits(id); got != 970_000 {
		t.Errorf("credits = %d, want exactly one charge of 0.03", got)
	}
}

// Contract §5: the X-Request-Id header equals meta.requestId on every
// response, a replay included, although its stored body was first sent
// under another request's id.
func TestIdempotentReplayRequestIDHeaderMatchesMeta(t *testing.T) {
	e := newEnv(t)
	_, key := e.account("free", 1_000_000)
	first := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "Idempotency-Key": "k-rid", "X-Request-Id": "first-req"})
	second := e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "Idempotency-Key": "k-rid", "X-Request-Id": "second-req"})
	if first.Status != 200 || second.Status != 200 || second.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("statuses %d %d", first.Status, second.Status)
	}
	if h, m := second.Header.Get("X-Request-Id"), second.meta()["requestId"]; h != m {
		t.Errorf("replay: X-Request-Id header %q != meta.requestId %v", h, m)
	}
}
