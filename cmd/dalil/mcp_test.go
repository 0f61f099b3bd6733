package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/mcpserver"
	"dalil/ops"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// mcpFixture is a database with two accounts and the real REST server
// (with /mcp) over it, as `dalil serve` builds it, behind httptest.
type mcpFixture struct {
	db    string
	svc   *service
	ts    *httptest.Server
	paid  ops.Created // free plan, USD 10.00 of credits (every example once)
	broke ops.Created // free plan, no credits
	// openapi is /openapi.json of the REST server.
	openapi struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
}

func newMCPFixture(t *testing.T) *mcpFixture {
	t.Helper()
	ctx := context.Background()
	f := &mcpFixture{db: filepath.Join(t.TempDir(), "dalil.db")}
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), []string{"--db", f.db}, noEnv) // the configuration serve would have
	if err != nil {
		t.Fatal(err)
	}
	svc, err := buildServer(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	f.svc = svc
	t.Cleanup(func() { svc.store.Close() })
	if f.paid, err = ops.CreateAccount(ctx, svc.store, "paid", "free", 100*dalil.USD); err != nil {
		t.Fatal(err)
	}
	// The Oman business examples answer from company records: the
	// synthetic demo set, as `serve --demo` loads it.
	if err := seedServiceDemo(ctx, svc, "companies"); err != nil {
		t.Fatal(err)
	}
	// sanctions_screen's example answers from the synthetic demo list.
	if err := seedServiceDemo(ctx, svc, "sanctions"); err != nil {
		t.Fatal(err)
	}
	if f.broke, err = ops.CreateAccount(ctx, svc.store, "broke", "free", 0); err != nil {
		t.Fatal(err)
	}
	f.ts = httptest.NewServer(svc.api)
	t.Cleanup(f.ts.Close)
	resp, err := http.Get(f.ts.URL + "/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&f.openapi); err != nil {
		t.Fatal(err)
	}
	return f
}

// restSchema follows the $ref of e's request body (or of its 200 data)
// in /openapi.json and returns the schema it names.
func (f *mcpFixture) restSchema(t *testing.T, e *capability.Entry, output bool) json.RawMessage {
	t.Helper()
	var op struct {
		RequestBody struct {
			Content map[string]struct {
				Schema struct {
					Ref string `json:"$ref"`
				} `json:"schema"`
			} `json:"content"`
		} `json:"requestBody"`
		Responses map[string]struct {
			Content map[string]struct {
				Schema struct {
					AllOf []struct {
						Properties struct {
							Data struct {
								Ref string `json:"$ref"`
							} `json:"data"`
						} `json:"properties"`
					} `json:"allOf"`
				} `json:"schema"`
			} `json:"content"`
		} `json:"responses"`
	}
	if err := json.Unmarshal(f.openapi.Paths[e.Path]["post"], &op); err != nil {
		t.Fatalf("openapi POST %s: %v", e.Path, err)
	}
	ref := op.RequestBody.Content["application/json"].Schema.Ref
	if output {
		ref = ""
		for _, a := range op.Responses["200"].Content["application/json"].Schema.AllOf {
			if a.Properties.Data.Ref != "" {
				ref = a.Properties.Data.Ref
			}
		}
	}
	s, ok := f.openapi.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
	if !ok {
		t.Fatalf("openapi POST %s: schema %q (output %v) not found", e.Path, ref, output)
	}
	return s
}

// charges returns the account's charge entries, newest first.
func (f *mcpFixture) charges(t *testing.T, accountID string) []dalil.LedgerEntry {
	t.Helper()
	// Every page of the ledger (the store answers at most 200 entries a
	// page; a larger limit falls back to its default of 50).
	var out []dalil.LedgerEntry
	before := int64(0)
	for {
		page, err := f.svc.store.Ledger(context.Background(), accountID, 200, before)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range page {
			if e.Kind == "charge" {
				out = append(out, e)
			}
		}
		if len(page) < 200 {
			return out
		}
		before = page[len(page)-1].ID
	}
}

// opener connects a client session that authenticates with key ("" for
// none).
type opener func(t *testing.T, key string) *mcp.ClientSession

func mcpClient() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "dalil-test", Version: "1"}, nil)
}

// buildDalil builds ./cmd/dalil into a temporary directory.
func buildDalil(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "dalil")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// commandOpener runs `dalil mcp` as a subprocess with exactly env (plus
// DALIL_API_KEY) and speaks to it over its stdin and stdout.
func commandOpener(bin string, env ...string) opener {
	return func(t *testing.T, key string) *mcp.ClientSession {
		t.Helper()
		cmd := exec.Command(bin, "mcp")
		cmd.Env = append([]string{"DALIL_LOG_LEVEL=warn"}, env...)
		if key != "" {
			cmd.Env = append(cmd.Env, "DALIL_API_KEY="+key)
		}
		stderr := &lockedBuffer{}
		cmd.Stderr = stderr
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		cs, err := mcpClient().Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatalf("connect to dalil mcp: %v\nstderr:\n%s", err, stderr)
		}
		t.Cleanup(func() {
			if err := cs.Close(); err != nil {
				t.Errorf("dalil mcp did not exit cleanly: %v\nstderr:\n%s", err, stderr)
			}
			if t.Failed() {
				t.Logf("dalil mcp stderr:\n%s", stderr)
			}
		})
		return cs
	}
}

// keyTransport sends an API key with every request.
type keyTransport string

func (k keyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if k != "" {
		r = r.Clone(r.Context())
		r.Header.Set("X-API-Key", string(k))
	}
	return http.DefaultTransport.RoundTrip(r)
}

// httpOpener speaks streamable HTTP to url, sending key as X-API-Key.
func httpOpener(url string) opener {
	return func(t *testing.T, key string) *mcp.ClientSession {
		t.Helper()
		tr := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: keyTransport(key)}, DisableStandaloneSSE: true}
		cs, err := mcpClient().Connect(context.Background(), tr, nil)
		if err != nil {
			t.Fatalf("connect to %s: %v", url, err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
}

func compileSchema(t *testing.T, name string, schema any) *santhosh.Schema {
	t.Helper()
	b, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := santhosh.NewCompiler()
	c.DefaultDraft(santhosh.Draft2020)
	url := "mem:///" + name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s does not compile: %v", name, err)
	}
	return s
}

// asJSON re-decodes v the way santhosh and cmp want it.
func asJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := santhosh.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// toolError returns the error object of a tool error, the JSON of its one
// text content, failing the test when res is not one or carries
// structuredContent (which the TypeScript SDK would check against the
// tool's outputSchema and turn into a protocol error).
func toolError(t *testing.T, res *mcp.CallToolResult) map[string]any {
	t.Helper()
	if !res.IsError || res.StructuredContent != nil || len(res.Content) != 1 {
		t.Fatalf("want a tool error with one text content and no structuredContent, got isError=%v content=%v structured=%v", res.IsError, res.Content, res.StructuredContent)
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("tool error content is %T, want text", res.Content[0])
	}
	obj, _ := asJSON(t, json.RawMessage(text.Text)).(map[string]any)
	if obj == nil {
		t.Fatalf("tool error text is not a JSON object: %q", text.Text)
	}
	return obj
}

// exerciseMCP is the whole contract of the tool server, run over each way
// of reaching it.
func exerciseMCP(t *testing.T, f *mcpFixture, open opener) {
	ctx := context.Background()
	paid, anon, broke := open(t, f.paid.APIKey), open(t, ""), open(t, f.broke.APIKey)

	// Listing needs no key, and lists exactly the callable registry.
	list, err := anon.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names, want []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	for _, e := range f.svc.reg.Callable() {
		want = append(want, e.ID)
	}
	if mcpserver.PreviewTool(f.svc.reg) != nil {
		want = append(want, capability.PreviewTool) // the free previews' one tool
	}
	slices.Sort(names)
	slices.Sort(want)
	if diff := cmp.Diff(want, names); diff != "" {
		t.Fatalf("tools (-callable registry +listed):\n%s", diff)
	}

	// A free preview needs no key.
	if e, ok := f.svc.reg.Lookup("invoice_anomaly_check"); ok && e.Previewable() {
		res, err := anon.CallTool(ctx, &mcp.CallToolParams{Name: capability.PreviewTool, Arguments: map[string]any{"capability": e.ID, "input": e.Example}})
		if err != nil || res.IsError {
			t.Errorf("keyless preview: %v %+v", err, res)
		}
	}

	outSchemas := map[string]*santhosh.Schema{}
	for _, tool := range list.Tools {
		if tool.Name == capability.PreviewTool {
			continue
		}
		e, _ := f.svc.reg.Lookup(tool.Name)
		compileSchema(t, tool.Name+"-input", tool.InputSchema)
		outSchemas[tool.Name] = compileSchema(t, tool.Name+"-output", tool.OutputSchema)
		if diff := cmp.Diff(asJSON(t, f.restSchema(t, e, false)), asJSON(t, tool.InputSchema)); diff != "" {
			t.Errorf("%s: inputSchema differs from the REST request schema (-rest +mcp):\n%s", tool.Name, diff)
		}
		if diff := cmp.Diff(asJSON(t, f.restSchema(t, e, true)), asJSON(t, tool.OutputSchema)); diff != "" {
			t.Errorf("%s: outputSchema differs from the REST data schema (-rest +mcp):\n%s", tool.Name, diff)
		}
		if !strings.Contains(tool.Description, fmt.Sprintf("Price: %s per successful call", e.Price)) {
			t.Errorf("%s: description does not state the price: %q", tool.Name, tool.Description)
		}
	}

	// Each capability with an example: charged once, data valid.
	var charged []string // request ids
	for _, e := range f.svc.reg.Callable() {
		if e.Example == nil {
			continue
		}
		res, err := paid.CallTool(ctx, &mcp.CallToolParams{Name: e.ID, Arguments: e.Example})
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		if e.Status() == capability.StatusUnconfigured {
			if code := toolError(t, res)["code"]; code != string(dalil.CodeProviderNotConfigured) {
				t.Errorf("%s (unconfigured): code %v", e.ID, code)
			}
			continue
		}
		if res.IsError {
			// A capability whose data or provider is missing on this
			// server (nothing imported) answers 503, uncharged.
			if code := toolError(t, res)["code"]; code == string(dalil.CodeProviderNotConfigured) {
				continue
			}
			t.Fatalf("%s example: tool error %v", e.ID, res.Content)
		}
		data := asJSON(t, res.StructuredContent)
		if err := outSchemas[e.ID].Validate(data); err != nil {
			t.Errorf("%s: structuredContent does not match the output schema: %v", e.ID, err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if diff := cmp.Diff(data, asJSON(t, json.RawMessage(text))); diff != "" {
			t.Errorf("%s: text is not the data (-structured +text):\n%s", e.ID, diff)
		}
		meta, _ := res.Meta[mcpserver.MetaKey].(map[string]any)
		if meta["charged"] == false {
			// Too little data to answer (Basis.Unanswered): not charged,
			// and said so.
			if meta["notChargedReason"] == "" || meta["paymentMethod"] != nil || meta["price"] != e.Price.Float() {
				t.Errorf("%s: unpaid answer's _meta %v", e.ID, meta)
			}
			continue
		}
		if meta["price"] != e.Price.Float() || meta["paymentMethod"] != dalil.RailCredits {
			t.Errorf("%s: _meta %v, want price %v paid by %s", e.ID, meta, e.Price.Float(), dalil.RailCredits)
		}
		id, _ := meta["requestId"].(string)
		charged = append(charged, id)
	}
	if len(charged) < 3 {
		t.Fatalf("only %d capabilities were called; want at least the three calculations", len(charged))
	}

	// A bad argument is the REST validator's INVALID_INPUT, every problem
	// with its path, as a tool error.
	res, err := paid.CallTool(ctx, &mcp.CallToolParams{Name: "analyze_property", Arguments: map[string]any{"propertyValue": -5, "colour": "red"}})
	if err != nil {
		t.Fatalf("invalid arguments gave a protocol error: %v", err)
	}
	obj := toolError(t, res)
	var paths []string
	for _, d := range obj["details"].([]any) {
		paths = append(paths, d.(map[string]any)["path"].(string))
	}
	slices.Sort(paths)
	if obj["code"] != "INVALID_INPUT" || !slices.Equal(paths, []string{"annualRent", "colour", "propertyValue"}) {
		t.Errorf("invalid input: %v (paths %v)", obj, paths)
	}

	example, _ := f.svc.reg.Lookup("analyze_property")
	for _, c := range []struct {
		who  string
		cs   *mcp.ClientSession
		code dalil.Code
	}{{"no key", anon, dalil.CodeUnauthorized}, {"no credits", broke, dalil.CodeInsufficientCredits}} {
		res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "analyze_property", Arguments: example.Example})
		if err != nil {
			t.Fatalf("%s: %v", c.who, err)
		}
		if obj := toolError(t, res); obj["code"] != string(c.code) || obj["message"] == "" || obj["requestId"] == "" {
			t.Errorf("%s: %v, want code %s with message and requestId", c.who, obj, c.code)
		}
	}

	if _, err := paid.CallTool(ctx, &mcp.CallToolParams{Name: "no_such_tool", Arguments: map[string]any{}}); err == nil {
		t.Error("an unknown tool is not a protocol error")
	}

	// Exactly one charge per successful call, none for failures.
	var got []string
	for _, c := range f.charges(t, f.paid.AccountID) {
		got = append(got, c.RequestID)
	}
	slices.Sort(got)
	slices.Sort(charged)
	if diff := cmp.Diff(charged, got); diff != "" {
		t.Errorf("charges by request id (-successful calls +ledger):\n%s", diff)
	}
	if n := len(f.charges(t, f.broke.AccountID)); n != 0 {
		t.Errorf("the account without credits was charged %d times", n)
	}
}

func TestMCPCommand(t *testing.T) {
	bin := buildDalil(t)
	t.Run("in-process", func(t *testing.T) {
		f := newMCPFixture(t)
		exerciseMCP(t, f, commandOpener(bin, "DALIL_DB="+f.db))
	})
	t.Run("remote", func(t *testing.T) {
		f := newMCPFixture(t)
		// DALIL_DB names a path that cannot be created: remote mode must
		// not open a database.
		nowhere := filepath.Join(t.TempDir(), "missing", "dalil.db")
		exerciseMCP(t, f, commandOpener(bin, "DALIL_BASE_URL="+f.ts.URL, "DALIL_DB="+nowhere))
	})
	t.Run("stdio-framing", func(t *testing.T) { testStdioFraming(t, bin) })
}

// `dalil mcp oops` (a typo such as `dalil mcp serve` or `dalil mcp --
// --base-url ...`) is refused with "unexpected argument" rather than
// starting the tool server as if nothing had been given. (runMCP once
// checked fs.NArg() > 0, but config.parse consumes every positional
// argument into cfg.Args and leaves fs.Args() empty, so the check was
// dead.)
func TestMCPRejectsStrayArgument(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"mcp", "--db", db, "oops"}, noEnv, strings.NewReader(""), &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "unexpected argument") {
		t.Fatalf("dalil mcp oops: err = %v, want an 'unexpected argument' error (stderr %q)", err, errb.String())
	}
}

// runMCP logs its target ("remote " + the base URL) on stderr, and
// NewRemote's error for a bad scheme quotes the URL. A DALIL_BASE_URL with
// user info (https://user:password@host, which Go's HTTP client turns into
// Basic auth for a gateway in front of Dalil) must not put the password in
// either.
func TestMCPDoesNotLogBaseURLPassword(t *testing.T) {
	env := func(k string) string {
		if k == "DALIL_BASE_URL" {
			return "http://agent:s3cr3t-pass@127.0.0.1:1"
		}
		return ""
	}
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"mcp"}, env, strings.NewReader(""), &out, &errb)
	msg := errb.String()
	if err != nil {
		msg += err.Error()
	}
	if strings.Contains(msg, "s3cr3t-pass") {
		t.Fatalf("the base URL's password reached stderr: %q", msg)
	}
	if out.Len() != 0 {
		t.Fatalf("stdout has non-JSON-RPC output: %q", out.String())
	}
}

// The HTTP transport of `dalil serve`: the caller's own key pays.
func TestMCPOverHTTP(t *testing.T) {
	f := newMCPFixture(t)
	exerciseMCP(t, f, httpOpener(f.ts.URL+"/mcp"))
}

// testStdioFraming speaks raw JSON-RPC to `dalil mcp`: every stdout line is
// a JSON-RPC message, a malformed line gets -32700 and the session goes
// on (go-sdk #1209), and tools/list carries the REST input schema byte for
// byte.
func testStdioFraming(t *testing.T, bin string) {
	f := newMCPFixture(t)
	cmd := exec.Command(bin, "mcp")
	cmd.Env = []string{"DALIL_DB=" + f.db, "DALIL_API_KEY=" + f.paid.APIKey}
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	t.Cleanup(func() {
		stdin.Close()
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("dalil mcp exited with %v\nstderr:\n%s", err, stderr)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("dalil mcp did not exit after stdin closed")
		}
	})
	lines := make(chan []byte)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			lines <- bytes.Clone(sc.Bytes())
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	send := func(s string) {
		t.Helper()
		if _, err := io.WriteString(stdin, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	type message struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      any             `json:"id"`
		Result  json.RawMessage `json:"result"`
		Error   *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	recv := func() message {
		t.Helper()
		select {
		case b, ok := <-lines:
			if !ok {
				t.Fatalf("stdout closed; stderr:\n%s", stderr)
			}
			var m message
			if err := json.Unmarshal(b, &m); err != nil || m.JSONRPC != "2.0" {
				t.Fatalf("stdout line is not a JSON-RPC message: %q", b)
			}
			return m
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer; stderr:\n%s", stderr)
		}
		panic("unreachable")
	}

	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if m := recv(); m.ID != 1.0 || m.Error != nil {
		t.Fatalf("initialize: %+v", m)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"`) // truncated
	if m := recv(); m.Error == nil || m.Error.Code != -32700 || m.ID != nil {
		t.Fatalf("malformed line: %+v, want -32700 with id null", m)
	}
	send(`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`)
	m := recv()
	if m.ID != 3.0 || m.Error != nil {
		t.Fatalf("tools/list after a malformed line: %+v", m)
	}
	var list struct {
		Tools []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(m.Result, &list); err != nil {
		t.Fatal(err)
	}
	wantTools := len(f.svc.reg.Callable())
	if mcpserver.PreviewTool(f.svc.reg) != nil {
		wantTools++ // preview_capability
	}
	if len(list.Tools) != wantTools {
		t.Fatalf("%d tools, want %d", len(list.Tools), wantTools)
	}
	for _, tool := range list.Tools {
		e, ok := f.svc.reg.Lookup(tool.Name)
		if !ok && tool.Name == capability.PreviewTool {
			continue
		}
		if rest := f.restSchema(t, e, false); !bytes.Equal(rest, tool.InputSchema) {
			t.Errorf("%s: inputSchema is not byte-equal to the REST schema:\nmcp:  %s\nrest: %s", tool.Name, tool.InputSchema, rest)
		}
	}
	send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"estimate_maintenance","arguments":{"propertyValue":100000}}}`)
	m = recv()
	var res struct {
		IsError           bool           `json:"isError"`
		StructuredContent map[string]any `json:"structuredContent"`
	}
	if err := json.Unmarshal(m.Result, &res); err != nil || m.ID != 4.0 || res.IsError || res.StructuredContent["estimatedAnnualMaintenance"] != 600.0 {
		t.Fatalf("tools/call: %+v %s", m, m.Result)
	}
	if !regexp.MustCompile(`dalil mcp: \d+ tools on stdio \(in-process`).MatchString(stderr.String()) {
		t.Errorf("stderr lacks the start-up line:\n%s", stderr)
	}
}

// `dalil serve` offers the tool server at /mcp.
func TestServeMountsMCP(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, noEnv, nil, io.Discard, stderr)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	addrRe := regexp.MustCompile(`listening on (http://[0-9.:]+)`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := addrRe.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		t.Fatalf("serve did not start:\n%s", stderr)
	}
	cs := httpOpener(base+"/mcp")(t, "")
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(list.Tools) < 3 {
		t.Fatalf("tools/list at /mcp: %v %v", err, list)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "estimate_maintenance", Arguments: map[string]any{"propertyValue": 100000}})
	if err != nil {
		t.Fatal(err)
	}
	if code := toolError(t, res)["code"]; code != string(dalil.CodeUnauthorized) {
		t.Errorf("keyless call at /mcp: code %v, want UNAUTHORIZED", code)
	}
}
