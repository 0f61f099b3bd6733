package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/maintenance"
	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/mcpserver"
	"dalil/ops"
	"dalil/store/sqlstore"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func testRegistry(t *testing.T) *capability.Registry {
	t.Helper()
	reg, err := capability.NewRegistry(
		property.AnalyzeEntry(),
		property.CompareEntry(),
		maintenance.Entry(),
		capability.Planned("estimate_repair_cost", "Maintenance", "Estimate the cost of a repair in OMR."),
	)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// connect runs srv on one end of an in-memory transport and returns a
// client session on the other.
func connect(t *testing.T, srv *mcp.Server) *mcp.ClientSession {
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

// spy is a Caller that records requests and answers with a fixed response.
type spy struct {
	mu   sync.Mutex
	reqs []mcpserver.Request
	resp mcpserver.Response
	err  error
}

func (s *spy) Call(_ context.Context, r mcpserver.Request) (mcpserver.Response, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, r)
	return s.resp, s.err
}

func (s *spy) last(t *testing.T) mcpserver.Request {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reqs) == 0 {
		t.Fatal("no request reached the Caller")
	}
	return s.reqs[len(s.reqs)-1]
}

func okResponse() mcpserver.Response {
	return mcpserver.Response{Status: 200, Header: http.Header{"X-Request-Id": {"req_1"}},
		Body: []byte(`{"success":true,"data":{"x":1},"meta":{"requestId":"req_1","tool":"analyze_property","price":0.01,"currency":"USD","paymentMethod":"api_credits"}}`)}
}

func TestToolsAreTheCallableRegistry(t *testing.T) {
	reg := testRegistry(t)
	cs := connect(t, mcpserver.New(reg, mcpserver.Options{Caller: &spy{}}))
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, tool := range res.Tools {
		got = append(got, tool.Name)
	}
	for _, e := range reg.Callable() {
		want = append(want, e.ID)
	}
	slices.Sort(got)
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("tool names (-want +got):\n%s", diff)
	}
	for _, tool := range res.Tools {
		e, _ := reg.Lookup(tool.Name)
		t.Run(tool.Name, func(t *testing.T) {
			if diff := cmp.Diff(jsonValue(t, e.InputJSON), remarshal(t, tool.InputSchema)); diff != "" {
				t.Errorf("inputSchema is not the REST request schema (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(jsonValue(t, e.OutputJSON), remarshal(t, tool.OutputSchema)); diff != "" {
				t.Errorf("outputSchema is not the data schema (-want +got):\n%s", diff)
			}
			if ap, _ := remarshal(t, tool.InputSchema).(map[string]any)["additionalProperties"]; ap != false {
				t.Errorf("inputSchema additionalProperties = %v, want false", ap)
			}
			price := "Price: " + e.Price.String() + " per successful call"
			if !strings.Contains(tool.Description, price) || !strings.Contains(tool.Description, e.Summary) {
				t.Errorf("description %q lacks the summary or %q", tool.Description, price)
			}
			a := tool.Annotations
			if a == nil || a.Title != e.Title || a.ReadOnlyHint != e.ReadOnly || a.IdempotentHint != e.Idempotent ||
				a.OpenWorldHint == nil || *a.OpenWorldHint != e.OpenWorld || a.DestructiveHint == nil || *a.DestructiveHint {
				t.Errorf("annotations = %+v, want title %q readOnly %v idempotent %v openWorld %v destructive false", a, e.Title, e.ReadOnly, e.Idempotent, e.OpenWorld)
			}
		})
	}
}

func TestHeadersAndBody(t *testing.T) {
	sp := &spy{resp: okResponse()}
	cs := connect(t, mcpserver.New(testRegistry(t), mcpserver.Options{Caller: sp, APIKey: "dk_live_env", PaymentMethod: "credits"}))
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{
		Meta:      mcp.Meta{mcpserver.IdempotencyKeyMeta: "retry-42"},
		Name:      "analyze_property",
		Arguments: map[string]any{"propertyValue": 1, "annualRent": 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := sp.last(t)
	if r.Method != http.MethodPost || r.Path != "/api/v1/property/analyze" {
		t.Errorf("request = %s %s, want POST /api/v1/property/analyze", r.Method, r.Path)
	}
	if diff := cmp.Diff(map[string]any{"propertyValue": 1.0, "annualRent": 2.0}, jsonValue(t, r.Body)); diff != "" {
		t.Errorf("body (-want +got):\n%s", diff)
	}
	for k, want := range map[string]string{"X-API-Key": "dk_live_env", "X-Service-Payment-Method": "credits", "Idempotency-Key": "retry-42", "Content-Type": "application/json"} {
		if got := r.Header.Get(k); got != want {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}

	// Without _meta there is no Idempotency-Key; without arguments the
	// body is an empty object for the REST validator to judge.
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "estimate_maintenance"}); err != nil {
		t.Fatal(err)
	}
	r = sp.last(t)
	if _, ok := r.Header["Idempotency-Key"]; ok {
		t.Errorf("Idempotency-Key sent without _meta: %v", r.Header)
	}
	if string(r.Body) != "{}" {
		t.Errorf("body without arguments = %q, want {}", r.Body)
	}
}

// headerTransport adds fixed headers to every request of an http.Client.
type headerTransport http.Header

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, vs := range h {
		r.Header[k] = vs
	}
	return http.DefaultTransport.RoundTrip(r)
}

func connectHTTP(t *testing.T, url string, h http.Header) *mcp.ClientSession {
	t.Helper()
	tr := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: headerTransport(h)}, DisableStandaloneSSE: true}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// On streamable HTTP the caller's own key and payment method win over the
// configured ones; the configured ones fill in what the caller left out.
func TestHTTPForwardsCallerHeaders(t *testing.T) {
	sp := &spy{resp: okResponse()}
	srv := mcpserver.New(testRegistry(t), mcpserver.Options{Caller: sp, APIKey: "dk_live_fallback", PaymentMethod: "credits"})
	ts := httptest.NewServer(mcpserver.HTTPHandler(srv, nil))
	t.Cleanup(ts.Close)

	tests := []struct {
		name   string
		sent   http.Header
		expect map[string]string
	}{
		{"x-api-key", http.Header{"X-Api-Key": {"dk_live_caller"}, "X-Service-Payment-Method": {"subscription"}},
			map[string]string{"X-API-Key": "dk_live_caller", "Authorization": "", "X-Service-Payment-Method": "subscription"}},
		{"bearer", http.Header{"Authorization": {"Bearer dk_live_caller"}},
			map[string]string{"X-API-Key": "", "Authorization": "Bearer dk_live_caller", "X-Service-Payment-Method": "credits"}},
		{"none", http.Header{},
			map[string]string{"X-API-Key": "dk_live_fallback", "Authorization": "", "X-Service-Payment-Method": "credits"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cs := connectHTTP(t, ts.URL, tc.sent)
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "analyze_property", Arguments: map[string]any{}})
			if err != nil || res.IsError {
				t.Fatalf("call: %v %+v", err, res)
			}
			r := sp.last(t)
			for k, want := range tc.expect {
				if got := r.Header.Get(k); got != want {
					t.Errorf("header %s = %q, want %q", k, got, want)
				}
			}
		})
	}
}

// On /mcp (dalil serve) a tool call replayed in process keeps the MCP
// client's address as RemoteAddr. The REST stack keys keyless
// (pay-per-call) rate limits on the client address; with 127.0.0.1 for
// every call (as it once was), all MCP clients would share one
// "ip:127.0.0.1" bucket: one client could exhaust it for everyone, and no
// client would be limited on its own.
func TestHTTPToolCallKeepsClientAddress(t *testing.T) {
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

func TestResultMapping(t *testing.T) {
	tests := []struct {
		name       string
		resp       mcpserver.Response
		err        error
		isError    bool
		structured string // JSON
		meta       map[string]any
	}{
		{name: "success", resp: okResponse(), structured: `{"x":1}`,
			meta: map[string]any{mcpserver.MetaKey: map[string]any{"requestId": "req_1", "tool": "analyze_property", "price": 0.01, "currency": "USD", "paymentMethod": "api_credits"}}},
		{name: "replayed", resp: mcpserver.Response{Status: 200, Header: http.Header{"Idempotent-Replayed": {"true"}}, Body: []byte(`{"success":true,"data":{"x":2},"meta":{"requestId":"req_2"}}`)},
			structured: `{"x":2}`, meta: map[string]any{mcpserver.MetaKey: map[string]any{"requestId": "req_2"}, mcpserver.ReplayedMeta: true}},
		{name: "spec error", resp: mcpserver.Response{Status: 402, Header: http.Header{}, Body: []byte(`{"success":false,"error":{"code":"INSUFFICIENT_CREDITS","message":"Top up.","details":{"price":0.01}},"meta":{"requestId":"req_3"}}`)},
			isError: true, structured: `{"code":"INSUFFICIENT_CREDITS","message":"Top up.","details":{"price":0.01},"requestId":"req_3"}`},
		{name: "proxy 502", resp: mcpserver.Response{Status: 502, Header: http.Header{}, Body: []byte(`<html>Bad Gateway</html>`)},
			isError: true, structured: `{"code":"SERVICE_UNAVAILABLE","message":"The service answered HTTP 502 without a Dalil envelope; check DALIL_BASE_URL, or retry later."}`},
		{name: "2xx not an envelope", resp: mcpserver.Response{Status: 200, Header: http.Header{}, Body: []byte(`hello`)},
			isError: true, structured: `{"code":"INTERNAL_ERROR","message":"The service answered HTTP 200 without a Dalil envelope; check DALIL_BASE_URL, or retry later."}`},
		{name: "unreachable", err: &net.OpError{Op: "dial", Err: net.UnknownNetworkError("refused")}, isError: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cs := connect(t, mcpserver.New(testRegistry(t), mcpserver.Options{Caller: &spy{resp: tc.resp, err: tc.err}}))
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "analyze_property", Arguments: map[string]any{}})
			if err != nil {
				t.Fatalf("protocol error for a tool failure: %v", err)
			}
			if res.IsError != tc.isError {
				t.Fatalf("isError = %v, want %v", res.IsError, tc.isError)
			}
			if len(res.Content) != 1 {
				t.Fatalf("content = %v, want one text", res.Content)
			}
			text, ok := res.Content[0].(*mcp.TextContent)
			if !ok {
				t.Fatalf("content[0] is %T, want text", res.Content[0])
			}
			got := jsonValue(t, []byte(text.Text))
			if tc.isError {
				// The error object is the text only: the TypeScript SDK
				// checks any structuredContent against outputSchema, even
				// on errors, and hides the error behind McpError -32602.
				if res.StructuredContent != nil {
					t.Errorf("a tool error has structuredContent %v; want the error object as text only", res.StructuredContent)
				}
			} else if diff := cmp.Diff(remarshal(t, res.StructuredContent), got); diff != "" {
				t.Errorf("text is not the structured content (-structured +text):\n%s", diff)
			}
			if tc.err != nil {
				if code := got.(map[string]any)["code"]; code != "SERVICE_UNAVAILABLE" {
					t.Errorf("code = %v, want SERVICE_UNAVAILABLE", code)
				}
				return
			}
			if diff := cmp.Diff(jsonValue(t, []byte(tc.structured)), got); diff != "" {
				t.Errorf("result object (-want +got):\n%s", diff)
			}
			if tc.meta != nil {
				got := map[string]any{} // the SDK adds keys of its own
				for k, v := range res.Meta {
					if strings.HasPrefix(k, "dalil/") {
						got[k] = v
					}
				}
				if diff := cmp.Diff(tc.meta, got); diff != "" {
					t.Errorf("dalil/ keys of _meta (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestUnknownToolIsAProtocolError(t *testing.T) {
	cs := connect(t, mcpserver.New(testRegistry(t), mcpserver.Options{Caller: &spy{}}))
	for _, name := range []string{"no_such_tool", "estimate_repair_cost"} { // estimate_repair_cost is planned
		if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name}); err == nil {
			t.Errorf("calling %s: no protocol error", name)
		}
	}
}

// stack is the real REST handler stack over a SQLite file.
type stack struct {
	reg   *capability.Registry
	store *sqlstore.Store
	api   *httpapi.Server
	paid  ops.Created
}

func newStack(t *testing.T) *stack {
	t.Helper()
	ctx := context.Background()
	st, err := sqlstore.Open(ctx, filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	paid, err := ops.CreateAccount(ctx, st, "paid", "free", dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	reg := testRegistry(t)
	return &stack{reg: reg, store: st, api: httpapi.NewServer(httpapi.Config{Registry: reg, Store: st}), paid: paid}
}

func charges(t *testing.T, st dalil.Store, accountID string) []dalil.LedgerEntry {
	t.Helper()
	all, err := st.Ledger(context.Background(), accountID, 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []dalil.LedgerEntry
	for _, e := range all {
		if e.Kind == "charge" {
			out = append(out, e)
		}
	}
	return out
}

// Both Callers reach the same stack: the call is charged once, and a retry
// with the same dalil/idempotency-key replays it without a second charge.
func TestCallersChargeOnce(t *testing.T) {
	s := newStack(t)
	ts := httptest.NewServer(s.api)
	t.Cleanup(ts.Close)
	remote, err := mcpserver.NewRemote(ts.URL, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	callers := map[string]mcpserver.Caller{"in-process": mcpserver.InProcess{Handler: s.api}, "remote": remote}
	seen := 0
	for name, caller := range callers {
		t.Run(name, func(t *testing.T) {
			cs := connect(t, mcpserver.New(s.reg, mcpserver.Options{Caller: caller, APIKey: s.paid.APIKey}))
			params := &mcp.CallToolParams{Name: "analyze_property", Meta: mcp.Meta{mcpserver.IdempotencyKeyMeta: "key-" + name},
				Arguments: map[string]any{"propertyValue": 100000, "annualRent": 8000}}
			var ids []string
			for i := range 2 {
				res, err := cs.CallTool(context.Background(), params)
				if err != nil || res.IsError {
					t.Fatalf("call %d: %v %+v", i, err, res)
				}
				if got := remarshal(t, res.StructuredContent).(map[string]any)["grossYield"]; got != 8.0 {
					t.Errorf("grossYield = %v, want 8", got)
				}
				meta, _ := res.Meta[mcpserver.MetaKey].(map[string]any)
				id, _ := meta["requestId"].(string)
				ids = append(ids, id)
				if replayed := res.Meta[mcpserver.ReplayedMeta] == true; replayed != (i == 1) {
					t.Errorf("call %d: replayed = %v", i, replayed)
				}
			}
			seen++
			got := charges(t, s.store, s.paid.AccountID)
			if len(got) != seen {
				t.Fatalf("%d charges after %d distinct calls: %+v", len(got), seen, got)
			}
			if got[0].RequestID != ids[0] || got[0].Amount != -10_000 || got[0].Tool != "analyze_property" {
				t.Errorf("charge = %+v, want request %s, tool analyze_property, -0.01", got[0], ids[0])
			}
		})
	}
}

func TestRemoteUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there now
	remote, err := mcpserver.NewRemote(url, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, mcpserver.New(testRegistry(t), mcpserver.Options{Caller: remote, APIKey: "k"}))
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "analyze_property", Arguments: map[string]any{"propertyValue": 1, "annualRent": 1}})
	if err != nil {
		t.Fatal(err)
	}
	obj, _ := errorText(t, res).(map[string]any)
	// Connection refused: the call certainly did not run.
	if !res.IsError || obj["code"] != "SERVICE_UNAVAILABLE" || !strings.Contains(obj["message"].(string), "did not run") {
		t.Errorf("result = %+v, want isError with SERVICE_UNAVAILABLE saying the call did not run", obj)
	}
}

func TestNewRemoteRefusesBadURL(t *testing.T) {
	for _, u := range []string{"", "localhost:8080", "ftp://x", "http://"} {
		if _, err := mcpserver.NewRemote(u, 0); err == nil {
			t.Errorf("NewRemote(%q): no error", u)
		}
	}
}

// A DALIL_BASE_URL that redirects (a moved host, an http->https hop
// through another name, a compromised proxy) must not send the caller's
// API key to a host that is not the configured service. (Remote once
// followed redirects with Go's default policy, which strips Authorization
// on a cross-host redirect but copies every other header, X-API-Key
// included.)
func TestRemoteDoesNotSendKeyAcrossRedirect(t *testing.T) {
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

func jsonValue(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return v
}

// errorText is a tool error's object, read from its one text content; the
// test fails when res has structuredContent (see mcpserver.toolError).
func errorText(t *testing.T, res *mcp.CallToolResult) any {
	t.Helper()
	if !res.IsError || res.StructuredContent != nil || len(res.Content) != 1 {
		t.Fatalf("want a tool error with one text content and no structuredContent, got %+v", res)
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content[0] is %T, want text", res.Content[0])
	}
	return jsonValue(t, []byte(text.Text))
}

func remarshal(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return jsonValue(t, bytes.TrimSpace(b))
}

// _meta.maxPrice is the X-Max-Price header of the REST call: a JSON number
// in its shortest decimal form, a decimal string as given. A value the
// REST API could not read is refused here, naming _meta.maxPrice, before
// anything is sent.
func TestMaxPriceMeta(t *testing.T) {
	tests := []struct {
		name   string
		value  any
		header string // "" when the call must be refused
	}{
		{"number", 0.05, "0.05"},
		{"integer", 1, "1"},
		{"zero", 0, "0"},
		{"six decimals", 0.000001, "0.000001"},
		{"string", "0.25", "0.25"},
		{"string with spaces", " 2.5 ", "2.5"},
		{"negative", -0.01, ""},
		{"seven decimals", 0.0000001, ""},
		{"exponent string", "1e-2", ""},
		{"word", "cheap", ""},
		{"boolean", true, ""},
		{"object", map[string]any{"usd": 1}, ""},
		{"null", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sp := &spy{resp: okResponse()}
			cs := connect(t, mcpserver.New(testRegistry(t), mcpserver.Options{Caller: sp, APIKey: "k"}))
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{
				Meta: mcp.Meta{mcpserver.MaxPriceMeta: tc.value}, Name: "analyze_property",
				Arguments: map[string]any{"propertyValue": 1, "annualRent": 2},
			})
			if err != nil {
				t.Fatalf("protocol error: %v", err)
			}
			if tc.header != "" {
				if res.IsError {
					t.Fatalf("refused: %v", res.Content)
				}
				if got := sp.last(t).Header.Values("X-Max-Price"); !slices.Equal(got, []string{tc.header}) {
					t.Errorf("X-Max-Price = %q, want %q", got, tc.header)
				}
				return
			}
			obj, _ := errorText(t, res).(map[string]any)
			details, _ := obj["details"].([]any)
			if obj["code"] != "INVALID_INPUT" || len(details) != 1 || details[0].(map[string]any)["path"] != "_meta.maxPrice" {
				t.Errorf("error = %v, want INVALID_INPUT with path _meta.maxPrice", obj)
			}
			sp.mu.Lock()
			defer sp.mu.Unlock()
			if len(sp.reqs) != 0 {
				t.Errorf("a call with a bad maxPrice was sent: %+v", sp.reqs)
			}
		})
	}
}

// A ceiling below the price is the REST API's 402 PRICE_ABOVE_MAXIMUM as a
// readable tool error, and nothing is charged; a ceiling at the price pays.
func TestMaxPriceRefusesOverMCP(t *testing.T) {
	s := newStack(t)
	ts := httptest.NewServer(s.api)
	t.Cleanup(ts.Close)
	remote, err := mcpserver.NewRemote(ts.URL, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for name, caller := range map[string]mcpserver.Caller{"in-process": mcpserver.InProcess{Handler: s.api}, "remote": remote} {
		t.Run(name, func(t *testing.T) {
			cs := connect(t, mcpserver.New(s.reg, mcpserver.Options{Caller: caller, APIKey: s.paid.APIKey}))
			args := map[string]any{"propertyValue": 100000, "annualRent": 8000}
			for _, ceiling := range []any{0.009, "0.005", 0} { // analyze_property costs 0.01
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "analyze_property", Meta: mcp.Meta{mcpserver.MaxPriceMeta: ceiling}, Arguments: args})
				if err != nil {
					t.Fatal(err)
				}
				obj, _ := errorText(t, res).(map[string]any)
				details, _ := obj["details"].(map[string]any)
				if obj["code"] != string(dalil.CodePriceAboveMaximum) || details["price"] != 0.01 {
					t.Errorf("maxPrice %v: %v, want PRICE_ABOVE_MAXIMUM with price 0.01", ceiling, obj)
				}
			}
			if n := len(charges(t, s.store, s.paid.AccountID)); n != want {
				t.Fatalf("%d charges after refused calls, want %d", n, want)
			}
			for _, ceiling := range []any{0.01, "0.02"} {
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "analyze_property", Meta: mcp.Meta{mcpserver.MaxPriceMeta: ceiling}, Arguments: args})
				if err != nil || res.IsError {
					t.Fatalf("maxPrice %v: %v %+v", ceiling, err, res.Content)
				}
				want++
			}
			if n := len(charges(t, s.store, s.paid.AccountID)); n != want {
				t.Errorf("%d charges, want %d", n, want)
			}
		})
	}
}
