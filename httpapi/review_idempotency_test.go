package httpapi_test

import "testing"

// Contract §5: the X-Request-Id header equals meta.requestId on every
// response. A replay sends the stored body (with the first request's id)
// under the new request's X-Request-Id header.
func TestReviewReplayRequestIDHeaderMatchesMeta(t *testing.T) {
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
