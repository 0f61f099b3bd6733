package httpapi_test

import (
	"testing"

	"dalil/httpapi"
)

// The spec lists /api/v1/l402 (and /api/v1/x402, /api/v1/mpp) as the
// rail's information endpoint, and the server mounts GET /api/v1/<rail>
// for every configured rail, but openapi.json — the machine description
// that otherwise lists every GET route down to /metrics — omits it.
func TestReviewOpenAPIListsRailInfoRoute(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		c.PayPerCall = []httpapi.PayRail{{Rail: reviewRail{}, Info: map[string]any{"rail": "l402"}, Descriptor: map[string]any{"id": "l402"}}}
	})
	if r := e.do("GET", "/api/v1/l402", nil, nil); r.Status != 200 {
		t.Fatalf("GET /api/v1/l402: %d", r.Status)
	}
	r := e.do("GET", "/openapi.json", nil, nil)
	paths, _ := r.Body["paths"].(map[string]any)
	item, _ := paths["/api/v1/l402"].(map[string]any)
	if item["get"] == nil {
		t.Errorf("openapi.json has no GET /api/v1/l402 although the route is served")
	}
}
