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
