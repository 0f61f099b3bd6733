package mcpserver_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"dalil/mcpserver"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// REVIEW: Remote follows redirects with Go's default policy, which strips
// Authorization on a cross-host redirect but copies every other header,
// X-API-Key included. A DALIL_BASE_URL that redirects (a moved host, an
// http->https hop through another name, a compromised proxy) sends the
// caller's API key to a host that is not the configured service.
func TestReviewRemoteDoesNotSendKeyAcrossRedirect(t *testing.T) {
	var mu sync.Mutex
	var leaked []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		leaked = append(leaked, r.Header.Get("X-API-Key"))
		mu.Unlock()
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(other.Close)
	// The same server under another host name, as a different origin.
	u, _ := url.Parse(other.URL)
	_, port, _ := net.SplitHostPort(u.Host)
	otherURL := "http://localhost:" + port

	dalilSvc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, otherURL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	t.Cleanup(dalilSvc.Close)

	rc, err := mcpserver.NewRemote(dalilSvc.URL, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = rc.Call(context.Background(), mcpserver.Request{
		Method: http.MethodPost, Path: "/api/v1/property/analyze",
		Header: http.Header{"X-Api-Key": {"dk_live_secret"}, "Content-Type": {"application/json"}},
		Body:   []byte(`{}`),
	})
	mu.Lock()
	defer mu.Unlock()
	for _, k := range leaked {
		if k == "dk_live_secret" {
			t.Fatalf("the API key reached %s after a redirect from %s", otherURL, dalilSvc.URL)
		}
	}
}

// REVIEW: on /mcp (dalil serve) every tool call is replayed in process with
// RemoteAddr 127.0.0.1, whatever client sent it. The REST stack keys
// keyless (pay-per-call) rate limits on the client address, so all MCP
// clients share one "ip:127.0.0.1" bucket: one client can exhaust it for
// everyone, and no client is limited on its own.
func TestReviewHTTPToolCallKeepsClientAddress(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.RemoteAddr)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write(okResponse().Body)
	})
	srv := mcpserver.New(testRegistry(t), mcpserver.Options{Caller: mcpserver.InProcess{Handler: inner}})
	h := mcpserver.HTTPHandler(srv, nil)
	// The outer request comes from a remote client.
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.RemoteAddr = "203.0.113.7:40000"
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	cs := connectHTTP(t, ts.URL, http.Header{})
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "analyze_property", Arguments: map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) == 0 {
		t.Fatal("no inner request")
	}
	if !strings.HasPrefix(seen[0], "203.0.113.7:") {
		t.Fatalf("inner REST request RemoteAddr = %q, want the MCP client's 203.0.113.7", seen[0])
	}
}
