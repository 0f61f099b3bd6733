package httpapi_test

import "testing"

// The discovery map literal sets endpoints.tools = "/api/v1/tools" and then
// overwrites the same key with the list of tool descriptors, so the
// discovery document no longer names the tool catalog endpoint and a client
// reading endpoints.* as paths gets an array.
func TestReviewDiscoveryEndpointsToolsIsCatalogPath(t *testing.T) {
	e := newEnv(t)
	for _, p := range []string{"/api/v1", "/api/v1/agent", "/agent.json"} {
		r := e.do("GET", p, nil, nil)
		if r.Status != 200 {
			t.Fatalf("%s: status %d", p, r.Status)
		}
		eps, _ := r.data()["endpoints"].(map[string]any)
		if got, ok := eps["tools"].(string); !ok || got != "/api/v1/tools" {
			t.Errorf("%s: endpoints.tools = %T %v; want the tool catalog path \"/api/v1/tools\" (the tool list overwrote it)", p, eps["tools"], eps["tools"])
		}
	}
}
