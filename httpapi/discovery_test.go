package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/maintenance"
	"dalil/capabilities/property"
	"dalil/httpapi"

	"github.com/getkin/kin-openapi/openapi3"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

func get(t *testing.T, e *env, path string) (int, http.Header, []byte) {
	t.Helper()
	res, err := http.Get(e.srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, b
}

func TestDiscoveryDocuments(t *testing.T) {
	e := newEnv(t)
	for _, p := range []string{"/api/v1", "/api/v1/agent", "/agent.json"} {
		r := e.do("GET", p, nil, nil)
		d := r.data()
		if r.Status != 200 || r.Body["success"] != true || d["name"] != "Dalil" || d["version"] != "0.1.0" || d["audience"] != "ai-agents" ||
			d["mcp"] != true || d["x402Enabled"] != false {
			t.Fatalf("%s: %d %s", p, r.Status, r.Raw)
		}
		for _, pr := range d["protocols"].([]any) {
			if role := pr.(map[string]any)["role"]; role != "primary" && role != "compatibility" {
				t.Errorf("%s: protocol role %v", p, role)
			}
		}
		if rm := d["roadmap"].([]any); len(rm) != 1 || rm[0].(map[string]any)["status"] != "planned" {
			t.Errorf("%s: roadmap %v", p, rm)
		}
		if _, ok := d["endpoints"].(map[string]any); !ok {
			t.Errorf("%s: endpoints missing", p)
		}
	}
}

// The discovery documents' endpoints.tools is the tool catalog path
// "/api/v1/tools", not the list of tool descriptors: a client reads
// endpoints.* as paths. (The map literal once overwrote the key with the
// list.)
func TestDiscoveryEndpointsToolsIsCatalogPath(t *testing.T) {
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

func TestAgentCardAndPluginManifest(t *testing.T) {
	e := newEnv(t)
	status, _, body := get(t, e, "/.well-known/agent.json")
	var card map[string]any
	if err := json.Unmarshal(body, &card); status != 200 || err != nil || card["success"] != nil {
		t.Fatalf("agent card: %d %s", status, body)
	}
	skills := map[string]bool{}
	for _, s := range card["skills"].([]any) {
		skills[s.(map[string]any)["id"].(string)] = true
	}
	for _, id := range []string{"analyze_property", "compare_properties", "estimate_maintenance"} {
		if !skills[id] {
			t.Errorf("agent card lacks skill %s", id)
		}
	}
	status, _, body = get(t, e, "/.well-known/ai-plugin.json")
	var plugin struct {
		API struct{ Type, URL string } `json:"api"`
	}
	if err := json.Unmarshal(body, &plugin); status != 200 || err != nil || plugin.API.Type != "openapi" || plugin.API.URL != e.srv.URL+"/openapi.json" {
		t.Errorf("plugin manifest: %d %s", status, body)
	}
}

func TestLLMsTxtListsEveryToolWithPriceAndCurl(t *testing.T) {
	e := newEnv(t)
	status, h, body := get(t, e, "/llms.txt")
	text := string(body)
	if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/plain") || !strings.HasPrefix(text, "# Dalil") {
		t.Fatalf("llms.txt: %d %q", status, h.Get("Content-Type"))
	}
	for _, want := range []string{"### analyze_property", "Price: $0.01 USD per call.", "### compare_properties", "Price: $0.03 USD per call.",
		"### estimate_maintenance", "Price: $0.02 USD per call.", "curl -s " + e.srv.URL + "/api/v1/property/analyze", "X-API-Key", "estimate_property_rent"} {
		if !strings.Contains(text, want) {
			t.Errorf("llms.txt lacks %q", want)
		}
	}
}

func TestCapabilitiesAndPricingComeFromTheRegistry(t *testing.T) {
	e := newEnv(t)
	r := e.do("GET", "/api/v1/capabilities", nil, nil)
	var caps []map[string]any
	json.Unmarshal(mustMarshal(r.Body["data"]), &caps)
	byName := map[string]map[string]any{}
	for _, c := range caps {
		byName[c["name"].(string)] = c
	}
	want := property.AnalyzeEntry()
	c := byName["analyze_property"]
	if c["price"] != 0.01 || c["endpoint"] != "/api/v1/property/analyze" || c["preview"].(map[string]any)["available"] != false {
		t.Errorf("analyze_property = %v", c)
	}
	if !jsonEqual(mustMarshal(c["inputSchema"]), want.InputJSON) {
		t.Error("published input schema differs from the enforced one")
	}
	r = e.do("GET", "/api/v1/pricing", nil, nil)
	tools := r.data()["tools"].(map[string]any)
	if tools["analyze_property"] != 0.01 || tools["compare_properties"] != 0.03 || tools["estimate_maintenance"] != 0.02 || r.data()["currency"] != "USD" {
		t.Errorf("pricing = %v", tools)
	}
	r = e.do("GET", "/api/v1/subscription-plans", nil, nil)
	plans := r.data()["plans"].([]any)
	dev := plans[1].(map[string]any)["allowance"].(map[string]any)
	if len(plans) != 4 || dev["monthlyIncluded"] != "10.00" || dev["monthlyIncludedCalls"] != 1000.0 {
		t.Errorf("plans = %v", plans)
	}
	r = e.do("GET", "/api/v1/payment-methods", nil, nil)
	methods := r.data()["methods"].([]any)
	if len(methods) != 2 || r.data()["idempotency"].(map[string]any)["header"] != "Idempotency-Key" {
		t.Errorf("payment methods = %s", r.Raw)
	}
}

func TestOpenAPIIsValidAndMatchesTheRegistry(t *testing.T) {
	e := newEnv(t)
	status, _, body := get(t, e, "/openapi.json")
	if status != 200 {
		t.Fatalf("status %d", status)
	}
	doc, err := openapi3.NewLoader().LoadFromData(body)
	if err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %s", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Errorf("invalid OpenAPI: %v", err)
	}
	for path, id := range map[string]string{"/api/v1/property/analyze": "analyze_property", "/v1/property/analyze": "analyze_property_legacy", "/api/v1/maintenance/estimate": "estimate_maintenance"} {
		op := doc.Paths.Find(path).Post
		if op == nil || op.OperationID != id || op.Deprecated != strings.HasSuffix(id, "_legacy") {
			t.Errorf("%s: %+v", path, op)
		}
	}
	var raw map[string]any
	json.Unmarshal(body, &raw)
	schemas := raw["components"].(map[string]any)["schemas"].(map[string]any)
	if !jsonEqual(mustMarshal(schemas["EstimateMaintenanceInput"]), maintenance.Entry().InputJSON) {
		t.Error("OpenAPI request schema differs from the enforced one")
	}
	golden := filepath.Join("testdata", "openapi.golden.json")
	var pretty bytes.Buffer
	json.Indent(&pretty, body, "", "  ")
	if *update {
		os.WriteFile(golden, pretty.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./httpapi -update)", err)
	}
	if !bytes.Equal(want, pretty.Bytes()) {
		t.Errorf("openapi.json differs from %s; review the change and run go test ./httpapi -run OpenAPI -update", golden)
	}
}

// The spec lists /api/v1/l402 (and /api/v1/x402, /api/v1/mpp) as the
// rail's information endpoint, and the server mounts GET /api/v1/<rail>
// for every configured rail, so openapi.json — the machine description
// that lists every GET route down to /metrics — lists it too.
func TestOpenAPIListsRailInfoRoute(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		c.PayPerCall = []httpapi.PayRail{{Rail: proofRail{}, Info: map[string]any{"rail": "l402"}, Descriptor: map[string]any{"id": "l402"}}}
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

func TestDocsPageIsServedFromTheBinary(t *testing.T) {
	e := newEnv(t)
	status, h, body := get(t, e, "/docs")
	page := string(body)
	if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/html") || strings.Contains(page, "<script") || strings.Contains(page, "https://") {
		t.Fatalf("docs: %d %q (scripts or remote assets present?)", status, h.Get("Content-Type"))
	}
	for _, want := range []string{`data-tool="analyze_property" data-price="0.01"`, `data-tool="compare_properties" data-price="0.03"`, `data-tool="estimate_maintenance" data-price="0.02"`} {
		if !strings.Contains(page, want) {
			t.Errorf("docs lack %s", want)
		}
	}
}

func mustMarshal(v any) []byte { b, _ := json.Marshal(v); return b }

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return string(mustMarshal(x)) == string(mustMarshal(y))
}
