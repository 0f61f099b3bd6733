package httpapi_test

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"dalil/capability"
	"dalil/mcpserver"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// said is what one surface says of one capability: its status ("" where
// the surface does not state it) and whether it offers a free preview.
type said struct {
	Status  string
	Preview bool
}

// TestPreviewAndStatusAgreeEverywhere: every surface that lists the
// capabilities states the same status and preview support, the registry's,
// and the preview route behaves accordingly. Surfaces: the REST
// capabilities, tools, pricing and discovery documents, /openapi.json,
// /docs, /llms.txt, and the MCP tools of /mcp, of the in-process tool
// server (dalil mcp) and of the remote-forwarding one (dalil mcp with
// DALIL_BASE_URL), whose registry learns the service's configuration.
func TestPreviewAndStatusAgreeEverywhere(t *testing.T) {
	e, reg := newPreviewEnv(t)
	want := map[string]said{
		"analyze_property":      {"available", false},
		"invoice_anomaly_check": {"available", true},
		"sourced_lookup":        {"available", true},
		"offline_lookup":        {"unconfigured", false},
	}
	truth := map[string]said{}
	for _, c := range reg.Callable() {
		truth[c.ID] = said{string(c.Status()), c.Previewable()}
	}
	if diff := cmp.Diff(want, truth); diff != "" {
		t.Fatalf("registry (-want +got):\n%s", diff)
	}
	check := func(surface string, got map[string]said, withStatus bool) {
		t.Helper()
		w := map[string]said{}
		for id, s := range want {
			if !withStatus {
				s.Status = ""
			}
			w[id] = s
		}
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("%s disagrees with the registry (-want +got):\n%s", surface, diff)
		}
	}
	fromList := func(items []any, nameKey string) map[string]said {
		out := map[string]said{}
		for _, it := range items {
			m := it.(map[string]any)
			p := m["preview"].(map[string]any)
			s := said{Status: m["status"].(string), Preview: p["available"] == true}
			if s.Preview != (p["endpoint"] == "/api/v1/preview/"+m[nameKey].(string)) {
				t.Errorf("%v: preview endpoint %v with available %v", m[nameKey], p["endpoint"], p["available"])
			}
			out[m[nameKey].(string)] = s
		}
		return out
	}

	// REST documents.
	r := e.do("GET", "/api/v1/capabilities", nil, nil)
	check("/api/v1/capabilities", fromList(r.Body["data"].([]any), "name"), true)
	for _, c := range r.Body["data"].([]any) {
		m := c.(map[string]any)
		reqs := m["requirements"].([]any)
		if m["name"] == "offline_lookup" && (len(reqs) != 1 || reqs[0].(map[string]any)["configured"] != false || reqs[0].(map[string]any)["kind"] != "dataset") {
			t.Errorf("offline_lookup requirements = %v", reqs)
		}
		if m["name"] == "sourced_lookup" && (len(reqs) != 1 || reqs[0].(map[string]any)["configured"] != true) {
			t.Errorf("sourced_lookup requirements = %v", reqs)
		}
	}
	check("/api/v1/tools", fromList(e.do("GET", "/api/v1/tools", nil, nil).data()["tools"].([]any), "name"), true)
	check("/api/v1/pricing", fromList(e.do("GET", "/api/v1/pricing", nil, nil).data()["detail"].([]any), "tool"), true)
	check("/api/v1 (discovery)", fromList(e.do("GET", "/api/v1", nil, nil).data()["tools"].([]any), "name"), true)

	// OpenAPI: an operation per preview, the others on the templated path.
	_, _, body := get(t, e, "/openapi.json")
	loaded, err := openapi3.NewLoader().LoadFromData(body)
	if err != nil {
		t.Fatal(err)
	}
	if err := loaded.Validate(context.Background()); err != nil {
		t.Errorf("invalid OpenAPI with previews: %v", err)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
			Parameters  []struct {
				Schema struct {
					Enum []string `json:"enum"`
				} `json:"schema"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	openapi := map[string]said{}
	for id := range want {
		if op, ok := doc.Paths["/api/v1/preview/"+id]["post"]; ok && op.OperationID == "preview_"+id {
			openapi[id] = said{Preview: true}
		}
	}
	for _, id := range doc.Paths["/api/v1/preview/{capability}"]["post"].Parameters[0].Schema.Enum {
		if _, dup := openapi[id]; dup {
			t.Errorf("openapi: %s is both previewable and not", id)
		}
		openapi[id] = said{}
	}
	check("/openapi.json", openapi, false)

	// /docs: each tool's section says its status and preview.
	_, _, page := get(t, e, "/docs")
	docs := map[string]said{}
	for _, m := range regexp.MustCompile(`data-tool="(\w+)" data-price="[^"]*" data-status="(\w+)" data-preview="(yes|no)"`).FindAllStringSubmatch(string(page), -1) {
		docs[m[1]] = said{m[2], m[3] == "yes"}
		if has := strings.Contains(string(page), "<code>POST /api/v1/preview/"+m[1]+"</code>"); has != (m[3] == "yes") {
			t.Errorf("/docs: preview route of %s shown %v", m[1], has)
		}
	}
	check("/docs", docs, true)

	// /llms.txt: each tool's section has its Status and Free preview lines.
	_, _, text := get(t, e, "/llms.txt")
	llms := map[string]said{}
	for _, sec := range strings.Split(string(text), "\n### ")[1:] {
		id, rest, _ := strings.Cut(sec, "\n")
		st := regexp.MustCompile(`(?m)^- Status: (\w+)$`).FindStringSubmatch(rest)
		if st == nil {
			t.Errorf("/llms.txt: %s has no status line", id)
			continue
		}
		llms[id] = said{st[1], strings.Contains(rest, "- Free preview: `POST /api/v1/preview/"+id+"`")}
		if !llms[id].Preview && !strings.Contains(rest, "- Free preview: none.") {
			t.Errorf("/llms.txt: %s says nothing about a preview", id)
		}
	}
	check("/llms.txt", llms, true)

	// MCP, three ways.
	ctx := context.Background()
	tr := &mcp.StreamableClientTransport{Endpoint: e.srv.URL + "/mcp", DisableStandaloneSSE: true}
	httpSession, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { httpSession.Close() })
	check("MCP /mcp", mcpSays(t, httpSession), true)

	local := mcpserver.New(reg, mcpserver.Options{Caller: mcpserver.InProcess{Handler: e.srv.Config.Handler}})
	check("MCP in process", mcpSays(t, inMemory(t, local)), true)

	remote, err := mcpserver.NewRemote(e.srv.URL, 0)
	if err != nil {
		t.Fatal(err)
	}
	supply, err := mcpserver.RemoteSupply(ctx, remote)
	if err != nil {
		t.Fatal(err)
	}
	// The remote mode's registry is this binary's declarations with the
	// service's configuration (here, nothing configured locally at all).
	remoteReg, err := capability.NewRegistryWith(capability.RegistryOptions{Supply: supply}, previewEntries()...)
	if err != nil {
		t.Fatal(err)
	}
	remoteSession := inMemory(t, mcpserver.New(remoteReg, mcpserver.Options{Caller: remote}))
	check("MCP remote", mcpSays(t, remoteSession), true)

	// The behaviour matches what was said: the preview route and the MCP
	// preview tool run the preview exactly where one is offered.
	for _, c := range reg.Callable() {
		ex, _ := json.Marshal(c.Example)
		r := e.do("POST", "/api/v1/preview/"+c.ID, ex, nil)
		if ran := r.data()["status"] != "unavailable"; r.Status != 200 || ran != c.Previewable() {
			t.Errorf("POST /api/v1/preview/%s: %d status %v, previewable %v", c.ID, r.Status, r.data()["status"], c.Previewable())
		}
		res, err := remoteSession.CallTool(ctx, &mcp.CallToolParams{Name: capability.PreviewTool, Arguments: map[string]any{"capability": c.ID, "input": c.Example}})
		if err != nil || res.IsError {
			t.Fatalf("%s via %s: %v %+v", c.ID, capability.PreviewTool, err, res)
		}
		var answer map[string]any
		json.Unmarshal(mustMarshal(res.StructuredContent), &answer)
		if ran := answer["status"] != "unavailable"; ran != c.Previewable() {
			t.Errorf("%s via %s: status %v, previewable %v", c.ID, capability.PreviewTool, answer["status"], c.Previewable())
		}
	}
	res, err := remoteSession.CallTool(ctx, &mcp.CallToolParams{Name: capability.PreviewTool, Arguments: map[string]any{"capability": "no_such_tool", "input": map[string]any{}}})
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "CAPABILITY_NOT_FOUND") {
		t.Errorf("unknown capability via %s: %v %+v", capability.PreviewTool, err, res)
	}
}

func inMemory(t *testing.T, srv *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// mcpSays reads each tool's status and preview from its _meta, checks that
// its description says the same, and that preview_capability offers
// exactly the previewable tools.
func mcpSays(t *testing.T, cs *mcp.ClientSession) map[string]said {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]said{}
	var offered []string
	for _, tool := range list.Tools {
		if tool.Name == capability.PreviewTool {
			var in struct {
				Properties struct {
					Capability struct {
						Enum []string `json:"enum"`
					} `json:"capability"`
				} `json:"properties"`
			}
			json.Unmarshal(mustMarshal(tool.InputSchema), &in)
			offered = in.Properties.Capability.Enum
			continue
		}
		s := said{Status: tool.Meta["dalil/status"].(string), Preview: tool.Meta["dalil/preview"] == true}
		if strings.Contains(tool.Description, "Free preview first: "+capability.PreviewTool) != s.Preview {
			t.Errorf("%s: description %q against preview %v", tool.Name, tool.Description, s.Preview)
		}
		if strings.Contains(tool.Description, "Currently unavailable") != (s.Status == string(capability.StatusUnconfigured)) {
			t.Errorf("%s: description %q against status %s", tool.Name, tool.Description, s.Status)
		}
		out[tool.Name] = s
	}
	var previewable []string
	for id, s := range out {
		if s.Preview {
			previewable = append(previewable, id)
		}
	}
	slices.Sort(previewable)
	slices.Sort(offered)
	if diff := cmp.Diff(previewable, offered); diff != "" {
		t.Errorf("%s offers (-previewable +offered):\n%s", capability.PreviewTool, diff)
	}
	return out
}
