package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"dalil"
	"dalil/httpapi"
	"dalil/mcpserver"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// quoteRail is an x402-like rail whose challenge and well-known document
// carry the quote's resource URL, as the real x402 rail's do. Each
// challenge's resource is also sent on seen, when it is set.
type quoteRail struct{ seen chan string }

func (quoteRail) ID() string                 { return dalil.RailX402 }
func (quoteRail) Present(h http.Header) bool { return h.Get("X-Test-Pay") != "" }
func (r quoteRail) Challenge(_ context.Context, q dalil.Quote) (*dalil.Challenge, error) {
	// Like the real x402 rail: x402 clients need an absolute resource URL.
	if u, err := url.Parse(q.Resource); err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("resource %q is not an absolute URL", q.Resource)
	}
	select {
	case r.seen <- q.Resource:
	default:
	}
	return &dalil.Challenge{Headers: http.Header{"Payment-Required": {q.Resource}}, Body: map[string]any{"resource": q.Resource}}, nil
}
func (quoteRail) Verify(context.Context, http.Header, dalil.Quote) (*dalil.Payment, error) {
	return nil, dalil.Errorf(dalil.CodePaymentInvalid, "test rail never pays")
}
func (quoteRail) Settle(context.Context, *dalil.Payment) (http.Header, error) { return nil, nil }

// hostileGet sends a request whose Host and forwarding headers name other
// origins, as a cache-poisoning client would, and returns the raw answer
// (headers and body).
func hostileGet(t *testing.T, method, url, body string) string {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "evil.example"
	req.Header.Set("X-Forwarded-Host", "evil2.example")
	req.Header.Set("X-Forwarded-Proto", "https")
	req.Header.Set("Forwarded", "host=evil3.example;proto=https")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("%s %s: %d %s", method, url, res.StatusCode, raw)
	}
	var hdr strings.Builder
	res.Header.Write(&hdr)
	return hdr.String() + "\n" + string(raw)
}

// Discovery documents never echo a client's Host (issue #12 item 11):
// absolute URLs come from DALIL_BASE_URL, else from the listener's own
// address; a hostile Host, X-Forwarded-Host, X-Forwarded-Proto or
// Forwarded header changes nothing.
func TestDiscoveryIgnoresHostileHost(t *testing.T) {
	docs := []struct{ method, path, body string }{
		{"GET", "/llms.txt", ""},
		{"GET", "/docs", ""},
		{"GET", "/api/v1", ""},
		{"GET", "/agent.json", ""},
		{"GET", "/.well-known/agent.json", ""},
		{"GET", "/.well-known/ai-plugin.json", ""},
		{"GET", "/.well-known/x402.json", ""},
		{"GET", "/openapi.json", ""},
		{"POST", "/api/v1/x402/property/analyze", `{"propertyValue":85000,"annualRent":7200}`}, // the 402 challenge
	}
	wellKnown := func(qs []dalil.Quote) any {
		var rs []string
		for _, q := range qs {
			rs = append(rs, q.Resource)
		}
		return map[string]any{"resources": rs}
	}
	rail := func(c *httpapi.Config) {
		c.PayPerCall = []httpapi.PayRail{{Rail: quoteRail{}, Info: map[string]any{}, WellKnown: wellKnown}}
	}
	for _, tc := range []struct {
		name    string
		baseURL string
	}{{"DALIL_BASE_URL set", "https://dalil.example.com/"}, {"DALIL_BASE_URL unset", ""}} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, rail, func(c *httpapi.Config) { c.BaseURL = tc.baseURL })
			origin := strings.TrimRight(tc.baseURL, "/")
			if origin == "" {
				origin = e.srv.URL // http://127.0.0.1:port, the listener's address
			}
			for _, d := range docs {
				got := hostileGet(t, d.method, e.srv.URL+d.path, d.body)
				for _, evil := range []string{"evil.example", "evil2.example", "evil3.example", "https://127.0.0.1"} {
					if strings.Contains(got, evil) {
						t.Errorf("%s %s echoes %q:\n%.800s", d.method, d.path, evil, got)
					}
				}
				if d.path != "/openapi.json" && !strings.Contains(got, origin) {
					t.Errorf("%s %s has no absolute URL under %s:\n%.800s", d.method, d.path, origin, got)
				}
			}
			// llms.txt states the base URL.
			if got := hostileGet(t, "GET", e.srv.URL+"/llms.txt", ""); !strings.Contains(got, "Base URL: "+origin+"\n") {
				t.Errorf("llms.txt does not say Base URL: %s:\n%.400s", origin, got)
			}
			// The challenge's resource is the canonical dedicated route.
			got := hostileGet(t, "POST", e.srv.URL+"/api/v1/x402/property/analyze", `{"propertyValue":85000,"annualRent":7200}`)
			if want := origin + "/api/v1/x402/property/analyze"; !strings.Contains(got, "Payment-Required: "+want) {
				t.Errorf("challenge resource is not %s:\n%.800s", want, got)
			}
		})
	}
}

// hostTransport sends every request with a hostile Host header.
type hostTransport struct{ header http.Header }

func (h hostTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Host = "evil.example"
	for k, vs := range h.header {
		r.Header[k] = vs
	}
	return http.DefaultTransport.RoundTrip(r)
}

// A tool call over /mcp runs the REST stack in-process under the HTTP
// request's context, which carries the listener's local address, so
// without DALIL_BASE_URL an x402 challenge still gets an absolute resource
// URL from the listener, not from the Host header (a relative one could
// not be built into a challenge: 500).
func TestMCPChallengeUsesListenerAddress(t *testing.T) {
	rail := quoteRail{seen: make(chan string, 1)}
	var api http.Handler
	self := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { api.ServeHTTP(w, r) })
	e := newEnv(t, func(c *httpapi.Config) {
		c.PayPerCall = []httpapi.PayRail{{Rail: rail, Info: map[string]any{}}}
		c.MCP = mcpserver.HTTPHandler(mcpserver.New(c.Registry, mcpserver.Options{Caller: mcpserver.InProcess{Handler: self}}), nil)
	})
	api = e.srv.Config.Handler
	tr := &mcp.StreamableClientTransport{Endpoint: e.srv.URL + "/mcp", DisableStandaloneSSE: true,
		HTTPClient: &http.Client{Transport: hostTransport{http.Header{"X-Service-Payment-Method": {"x402"}}}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "analyze_property", Arguments: map[string]any{"propertyValue": 85000, "annualRent": 7200}})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if !res.IsError || !strings.Contains(text, `"code":"PAYMENT_REQUIRED"`) {
		t.Errorf("x402 call over /mcp without a credential: %s, want PAYMENT_REQUIRED", text)
	}
	select {
	case got := <-rail.seen:
		if want := e.srv.URL + "/api/v1/property/analyze"; got != want {
			t.Errorf("challenge resource %q, want %q", got, want)
		}
	default:
		t.Error("no challenge was built")
	}
}
