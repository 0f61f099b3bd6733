package mcpserver_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"dalil/mcpserver"
)

func TestHTTPMalformedBodyIsAJSONRPCParseError(t *testing.T) {
	h := mcpserver.HTTPHandler(mcpserver.New(testRegistry(t), mcpserver.Options{Caller: mcpserver.InProcess{Handler: http.NotFoundHandler()}}), nil)
	req := httptest.NewRequest("POST", "/mcp", strings.NewReader("nope"))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var msg struct {
		Error struct{ Code int } `json:"error"`
	}
	if rec.Code != http.StatusBadRequest || json.Unmarshal(rec.Body.Bytes(), &msg) != nil || msg.Error.Code != -32700 {
		t.Errorf("malformed body: %d %q", rec.Code, rec.Body)
	}
}

// TestHTTPBatchIsRefused: /mcp refuses a JSON-RPC batch (a JSON array)
// with -32600 as stdio does, whatever protocol version the request names
// (2025-03-26, the last revision with batches, included), and runs none
// of its calls; a single message still works.
func TestHTTPBatchIsRefused(t *testing.T) {
	h := mcpserver.HTTPHandler(mcpserver.New(testRegistry(t), mcpserver.Options{Caller: mcpserver.InProcess{Handler: http.NotFoundHandler()}}), nil)
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	post := func(body, version string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if version != "" {
			req.Header.Set("Mcp-Protocol-Version", version)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for _, c := range []struct{ body, version string }{
		{"[" + ping + "]", ""},
		{"[" + ping + "]", "2025-03-26"},
		{" \n[" + strings.TrimSuffix(strings.Repeat(ping+",", 500), ",") + "]", "2025-03-26"},
		{"[" + ping + "]", "2025-11-25"},
		{"[]", ""},
	} {
		rec := post(c.body, c.version)
		var msg struct {
			ID    any `json:"id"`
			Error struct {
				Code    int
				Message string
			} `json:"error"`
		}
		if rec.Code != http.StatusBadRequest || json.Unmarshal(rec.Body.Bytes(), &msg) != nil || msg.Error.Code != -32600 || msg.ID != nil ||
			!strings.Contains(msg.Error.Message, "batch") {
			t.Errorf("batch of %d bytes, version %q: %d %q", len(c.body), c.version, rec.Code, rec.Body)
		}
	}
	if rec := post(ping, "2025-03-26"); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"result"`) {
		t.Errorf("single ping: %d %q", rec.Code, rec.Body)
	}
}
