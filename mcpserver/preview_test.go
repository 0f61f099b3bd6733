package mcpserver_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"dalil/capabilities/invoiceanomaly"
	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/mcpserver"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func previewRegistry(t *testing.T) *capability.Registry {
	t.Helper()
	reg, err := capability.NewRegistry(property.AnalyzeEntry(), invoiceanomaly.Entry(invoiceanomaly.Deps{}))
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// preview_capability forwards to the preview route with the input as the
// body and never sends the caller's key: a preview needs no account.
func TestPreviewToolForwardsWithoutAKey(t *testing.T) {
	sp := &spy{resp: mcpserver.Response{Status: 200, Header: http.Header{},
		Body: []byte(`{"success":true,"data":{"capability":"invoice_anomaly_check","status":"limited","inputRecognized":true,"preview":{},"fullResult":{}},"meta":{"requestId":"r","price":0}}`)}}
	cs := connect(t, mcpserver.New(previewRegistry(t), mcpserver.Options{Caller: sp, APIKey: "dk_live_env", PaymentMethod: "credits"}))
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: capability.PreviewTool,
		Arguments: map[string]any{"capability": "invoice_anomaly_check", "input": map[string]any{"invoice": map[string]any{"total": 1}}}})
	if err != nil || res.IsError {
		t.Fatalf("%v %+v", err, res)
	}
	r := sp.last(t)
	if r.Method != http.MethodPost || r.Path != "/api/v1/preview/invoice_anomaly_check" || string(r.Body) != `{"invoice":{"total":1}}` {
		t.Errorf("request %s %s %s", r.Method, r.Path, r.Body)
	}
	for _, h := range []string{"X-API-Key", "Authorization", "X-Service-Payment-Method"} {
		if v := r.Header.Get(h); v != "" {
			t.Errorf("%s sent with a preview: %q", h, v)
		}
	}
	// No input is an empty object, which the capability's schema judges.
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: capability.PreviewTool, Arguments: map[string]any{"capability": "analyze_property"}}); err != nil {
		t.Fatal(err)
	}
	if r := sp.last(t); r.Path != "/api/v1/preview/analyze_property" || string(r.Body) != "{}" {
		t.Errorf("request %s %s", r.Path, r.Body)
	}
}

// A capability argument that is not an id never becomes part of a path.
func TestPreviewToolRefusesWhatIsNotAnID(t *testing.T) {
	sp := &spy{resp: okResponse()}
	cs := connect(t, mcpserver.New(previewRegistry(t), mcpserver.Options{Caller: sp}))
	for _, args := range []map[string]any{
		{"capability": "../account/balance"},
		{"capability": "invoice_anomaly_check?x=1"},
		{"capability": ""},
		{"capability": 7},
		{"input": map[string]any{}},
		{"capability": "analyze_property", "extra": true},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: capability.PreviewTool, Arguments: args})
		if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "INVALID_INPUT") {
			t.Errorf("%v: %v %+v", args, err, res)
		}
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if len(sp.reqs) != 0 {
		t.Errorf("%d requests reached the service", len(sp.reqs))
	}
}

// Without a previewable capability there is no preview tool.
func TestNoPreviewToolWithoutPreviews(t *testing.T) {
	if tool := mcpserver.PreviewTool(testRegistry(t)); tool != nil {
		t.Errorf("preview tool offered for %v", tool.InputSchema)
	}
	tool := mcpserver.PreviewTool(previewRegistry(t))
	if tool == nil || !strings.Contains(tool.Description, "invoice_anomaly_check") || strings.Contains(tool.Description, "analyze_property") {
		t.Errorf("preview tool = %+v", tool)
	}
}
