package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/dataset"
	"dalil/dataset/datasettest"
	"dalil/httpapi"
	"dalil/rail/mpp"
)

// adminDoc fetches /openapi-admin.json and compiles the schemas it refers
// to on demand.
type adminDoc struct {
	t     *testing.T
	raw   []byte
	Paths map[string]map[string]struct {
		Responses map[string]json.RawMessage `json:"responses"`
	} `json:"paths"`
	compiler *santhosh.Compiler
}

func getAdminDoc(t *testing.T, e *env) *adminDoc {
	t.Helper()
	r := e.do("GET", "/openapi-admin.json", nil, nil)
	if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("/openapi-admin.json: %d %s", r.Status, r.Header.Get("Content-Type"))
	}
	d := &adminDoc{t: t, raw: r.Raw}
	if err := json.Unmarshal(r.Raw, d); err != nil {
		t.Fatal(err)
	}
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(r.Raw))
	if err != nil {
		t.Fatal(err)
	}
	d.compiler = santhosh.NewCompiler()
	d.compiler.DefaultDraft(santhosh.Draft2020)
	if err := d.compiler.AddResource("mem:///admin.json", doc); err != nil {
		t.Fatal(err)
	}
	return d
}

// pointer escapes a JSON pointer token.
func pointer(s string) string { return strings.NewReplacer("~", "~0", "/", "~1").Replace(s) }

// check validates an answer of operation (method, template) against the
// schema the document gives its status.
func (d *adminDoc) check(method, template string, r response) {
	d.t.Helper()
	op, ok := d.Paths[template][strings.ToLower(method)]
	if !ok {
		d.t.Errorf("%s %s is not in /openapi-admin.json", method, template)
		return
	}
	status := strconv.Itoa(r.Status)
	resp, ok := op.Responses[status]
	if !ok {
		d.t.Errorf("%s %s answered %d, which the document does not list: %s", method, template, r.Status, r.Raw)
		return
	}
	loc := "mem:///admin.json#/paths/" + pointer(template) + "/" + strings.ToLower(method) + "/responses/" + status + "/content/application~1json/schema"
	var ref struct {
		Ref string `json:"$ref"`
	}
	if json.Unmarshal(resp, &ref) == nil && ref.Ref != "" { // a shared error response
		loc = "mem:///admin.json" + ref.Ref + "/content/application~1json/schema"
	}
	s, err := d.compiler.Compile(loc)
	if err != nil {
		d.t.Fatalf("compile %s: %v", loc, err)
	}
	v, err := santhosh.UnmarshalJSON(bytes.NewReader(r.Raw))
	if err != nil {
		d.t.Fatalf("%s %s: body is not JSON: %s", method, template, r.Raw)
	}
	if err := s.Validate(v); err != nil {
		d.t.Errorf("%s %s answered %d with a body its schema refuses: %v\n%s", method, template, r.Status, err, r.Raw)
	}
}

// TestAdminOpenAPICoversEveryRoute: every documented admin operation is
// mounted behind the token, answers what its schema says (success and
// error), and every admin route the package mounts is documented.
func TestAdminOpenAPICoversEveryRoute(t *testing.T) {
	// Each unauthenticated probe comes from its own address (through a
	// trusted proxy), so the failure throttle does not block the test.
	_, local, _ := net.ParseCIDR("127.0.0.0/8")
	dnc := newDNCStore(t)
	e := newEnv(t, func(c *httpapi.Config) {
		c.TrustedProxies = []*net.IPNet{local}
		c.Datasets = []dataset.Importer{datasettest.New("widgets")}
		c.Admin = append(mpp.AdminRoutes(nil), voice.AdminRoutes(dnc.list)...)
	})
	doc := getAdminDoc(t, e)
	admin := map[string]string{"Authorization": "Bearer admin-secret-token"}

	ops := map[string]bool{} // "METHOD template"
	for p, item := range doc.Paths {
		for m := range item {
			ops[strings.ToUpper(m)+" "+p] = true
		}
	}
	if len(ops) < 11 {
		t.Fatalf("only %d operations documented: %v", len(ops), ops)
	}

	// Every operation is mounted and guarded: no token is 401, documented.
	concrete := func(template string) string {
		return strings.NewReplacer("{id}", "acct_x", "{keyId}", "key_x", "{name}", "widgets", "{number}", "+96891234567", "{batch}", "batch-x").Replace(template)
	}
	probe := 0
	for op := range ops {
		method, template, _ := strings.Cut(op, " ")
		probe++
		r := e.do(method, concrete(template), nil, map[string]string{"X-Forwarded-For": "192.0.2." + strconv.Itoa(probe)})
		if r.Status != 401 || r.code() != "UNAUTHORIZED" {
			t.Errorf("%s without a token: %d %s", op, r.Status, r.Raw)
		}
		doc.check(method, template, r)
	}

	// Every operation answers its documented success (or, for the MPP
	// close with channels off, its documented 503), validated.
	id, key := e.account("developer", 2*dalil.USD)
	e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	created := e.do("POST", "/admin/v1/accounts", `{"name":"acme","plan":"growth","credits":"1.5"}`, admin)
	newKey := e.do("POST", "/admin/v1/accounts/"+id+"/keys", nil, admin)
	keyID, _ := newKey.data()["keyId"].(string)
	channel := "0x" + strings.Repeat("ab", 32)
	// A callee's opt-out, which DELETE refuses (403).
	if _, _, err := voicesql.ListDoNotCall(context.Background(), dnc.st.DB(), voice.HashNumber(dnc.secret, "+96892345678"), voice.SourceCallee); err != nil {
		t.Fatal(err)
	}
	const dnc1, dncCallee = "/admin/v1/voice/do-not-call/+96891234567", "/admin/v1/voice/do-not-call/+96892345678"
	exercised := map[string]bool{}
	for _, c := range []struct {
		method, template, path, body string
		status                       int
	}{
		{"POST", "/admin/v1/accounts", "", `{"name":"beta"}`, 201},
		{"GET", "/admin/v1/accounts", "/admin/v1/accounts?limit=2", "", 200},
		{"GET", "/admin/v1/accounts/{id}", "/admin/v1/accounts/" + id, "", 200},
		{"POST", "/admin/v1/accounts/{id}/credits", "/admin/v1/accounts/" + id + "/credits", `{"usd":2}`, 200},
		{"PUT", "/admin/v1/accounts/{id}/plan", "/admin/v1/accounts/" + id + "/plan", `{"plan":"growth"}`, 200},
		{"GET", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/" + id + "/keys", "", 200},
		{"POST", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/" + id + "/keys", "", 201},
		{"DELETE", "/admin/v1/keys/{keyId}", "/admin/v1/keys/" + keyID, "", 200},
		{"GET", "/admin/v1/accounts/{id}/ledger", "/admin/v1/accounts/" + id + "/ledger?limit=1", "", 200},
		{"GET", "/admin/v1/accounts/{id}/usage", "/admin/v1/accounts/" + id + "/usage", "", 200},
		{"POST", "/admin/v1/mpp/channels/{id}/close", "/admin/v1/mpp/channels/" + channel + "/close", "", 503},
		{"PUT", "/admin/v1/voice/do-not-call/{number}", dnc1, "", 200},
		{"GET", "/admin/v1/voice/do-not-call/{number}", dnc1, "", 200},
		{"DELETE", "/admin/v1/voice/do-not-call/{number}", dnc1, "", 200},
		{"GET", "/admin/v1/datasets", "", "", 200},
		{"GET", "/admin/v1/datasets/{name}", "/admin/v1/datasets/widgets", "", 200},
		{"POST", "/admin/v1/datasets/{name}/import", "/admin/v1/datasets/widgets/import?source=s&license=l", "value\n1\n", 200},
		{"GET", "/admin/v1/datasets/{name}/batches", "/admin/v1/datasets/widgets/batches", "", 200},
		{"POST", "/admin/v1/datasets/{name}/batches/{batch}/retract", "/admin/v1/datasets/widgets/batches/" + widgetBatch("value\n1\n") + "/retract", `{"reason":"test"}`, 200},
		// Documented failures.
		{"POST", "/admin/v1/datasets/{name}/batches/{batch}/retract", "/admin/v1/datasets/widgets/batches/" + widgetBatch("value\n1\n") + "/retract", "", 404},
		{"POST", "/admin/v1/datasets/{name}/batches/{batch}/retract", "/admin/v1/datasets/widgets/batches/batch-x/retract", `{"reason":"a\u0000b"}`, 400},
		{"GET", "/admin/v1/datasets/{name}/batches", "/admin/v1/datasets/gadgets/batches", "", 404},
		{"GET", "/admin/v1/datasets/{name}", "/admin/v1/datasets/gadgets", "", 404},
		{"POST", "/admin/v1/datasets/{name}/import", "/admin/v1/datasets/widgets/import?source=s&license=l", "value\nx\n", 400},
		{"GET", "/admin/v1/accounts/{id}", "/admin/v1/accounts/acct_missing", "", 404},
		{"GET", "/admin/v1/accounts", "/admin/v1/accounts?limit=500", "", 400},
		{"POST", "/admin/v1/accounts/{id}/credits", "/admin/v1/accounts/" + id + "/credits", `{"usd":"-5"}`, 400},
		{"PUT", "/admin/v1/accounts/{id}/plan", "/admin/v1/accounts/" + id + "/plan", `{"plan":"gold","extra":1}`, 400},
		{"PUT", "/admin/v1/voice/do-not-call/{number}", "/admin/v1/voice/do-not-call/96891234567", "", 400},
		{"DELETE", "/admin/v1/voice/do-not-call/{number}", dncCallee, "", 403},
	} {
		path := c.path
		if path == "" {
			path = c.template
		}
		var body any
		if c.body != "" {
			body = c.body
		}
		r := e.do(c.method, path, body, admin)
		if r.Status != c.status {
			t.Errorf("%s %s: %d, want %d: %s", c.method, path, r.Status, c.status, r.Raw)
		}
		doc.check(c.method, c.template, r)
		exercised[c.method+" "+c.template] = true
	}
	doc.check("POST", "/admin/v1/accounts", created)
	for op := range ops {
		if !exercised[op] {
			t.Errorf("%s is documented but this test does not call it", op)
		}
	}

	// On a documented path, an undocumented method is 405.
	for p, item := range doc.Paths {
		for _, m := range []string{"GET", "POST", "PUT", "DELETE", "PATCH"} {
			if _, ok := item[strings.ToLower(m)]; ok {
				continue
			}
			if r := e.do(m, concrete(p), nil, admin); r.Status != 405 {
				t.Errorf("%s %s (undocumented) answered %d, want 405", m, p, r.Status)
			}
		}
	}

	// Every admin route mounted anywhere in the package is documented:
	// each "METHOD /admin/..." pattern in its source is an operation.
	for _, pattern := range adminPatternsInSource(t) {
		if !ops[pattern] {
			t.Errorf("%q is mounted in httpapi but not in /openapi-admin.json", pattern)
		}
	}
}

// adminPatternsInSource lists the string literals of package httpapi's
// non-test files that look like a route pattern under /admin/.
func adminPatternsInSource(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`^(GET|POST|PUT|DELETE|PATCH) (/admin/.*)$`)
	var out []string
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && re.MatchString(s) {
					out = append(out, s)
				}
			}
			return true
		})
	}
	// The route list keeps method and path apart: rebuild its patterns.
	for _, m := range regexp.MustCompile(`method: "([A-Z]+)", path: "(/admin/[^"]*)"`).FindAllStringSubmatch(readAll(t, "admin.go"), -1) {
		out = append(out, m[1]+" "+m[2])
	}
	// (The routes modules declare, Config.Admin, are mounted and
	// documented from one list, moduleAdminRoute; they are not here.)
	if len(out) < 10 {
		t.Fatalf("found %d admin route patterns in the source; the scan is broken", len(out))
	}
	sort.Strings(out)
	return out
}

func readAll(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAdminAPIOffSaysHowToTurnItOn: with no token every /admin/v1 path is
// 404 naming DALIL_ADMIN_TOKEN, and the document is still published.
func TestAdminAPIOffSaysHowToTurnItOn(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) { c.AdminToken = "" })
	for _, c := range []struct{ method, path string }{
		{"GET", "/admin/v1/accounts"}, {"POST", "/admin/v1/accounts"}, {"DELETE", "/admin/v1/keys/key_x"},
		{"GET", "/admin/v1"}, {"GET", "/admin/v1/nothing/here"},
	} {
		r := e.do(c.method, c.path, nil, map[string]string{"Authorization": "Bearer anything"})
		msg, _ := r.Body["error"].(map[string]any)["message"].(string)
		if r.Status != 404 || r.code() != "NOT_FOUND" || !strings.Contains(msg, "admin API is off") || !strings.Contains(msg, "DALIL_ADMIN_TOKEN") {
			t.Errorf("%s %s with the admin API off: %d %s", c.method, c.path, r.Status, r.Raw)
		}
	}
	doc := getAdminDoc(t, e)
	if len(doc.Paths) == 0 || !bytes.Contains(doc.raw, []byte("DALIL_ADMIN_TOKEN is unset")) {
		t.Errorf("document with the admin API off: %s", doc.raw)
	}
	// An unknown path elsewhere keeps the ordinary 404.
	if r := e.do("GET", "/adminx", nil, nil); r.Status != 404 || strings.Contains(string(r.Raw), "admin API is off") {
		t.Errorf("/adminx: %d %s", r.Status, r.Raw)
	}
}

// TestAdminAuthThrottle: failed admin authentications are limited per
// client address with 429 and Retry-After; successes are not counted;
// other addresses are not affected; concurrent guesses cannot exceed the
// limit.
func TestAdminAuthThrottle(t *testing.T) {
	_, local, _ := net.ParseCIDR("127.0.0.0/8")
	e := newEnv(t, func(c *httpapi.Config) { c.TrustedProxies = []*net.IPNet{local} })
	from := func(addr, token string) map[string]string {
		h := map[string]string{"X-Forwarded-For": addr}
		if token != "" {
			h["Authorization"] = "Bearer " + token
		}
		return h
	}
	const good = "admin-secret-token"

	// Successes are not counted: many, then the full ten failures.
	for i := 0; i < 25; i++ {
		if r := e.do("GET", "/admin/v1/accounts", nil, from("198.51.100.1", good)); r.Status != 200 {
			t.Fatalf("success %d: %d %s", i, r.Status, r.Raw)
		}
	}
	for i := 0; i < 10; i++ {
		if r := e.do("GET", "/admin/v1/accounts", nil, from("198.51.100.1", "wrong")); r.Status != 401 {
			t.Fatalf("failure %d after successes: %d, want 401", i+1, r.Status)
		}
	}
	r := e.do("GET", "/admin/v1/accounts", nil, from("198.51.100.1", "wrong"))
	retry, _ := strconv.Atoi(r.Header.Get("Retry-After"))
	if r.Status != 429 || r.code() != "RATE_LIMITED" || retry < 1 || retry > 60 {
		t.Fatalf("11th failure: %d Retry-After %q %s", r.Status, r.Header.Get("Retry-After"), r.Raw)
	}
	// Blocked: even the right token, so a guess teaches nothing.
	if r := e.do("GET", "/admin/v1/accounts", nil, from("198.51.100.1", good)); r.Status != 429 {
		t.Errorf("right token from a blocked address: %d, want 429", r.Status)
	}
	// Another address is unaffected.
	if r := e.do("GET", "/admin/v1/accounts", nil, from("198.51.100.2", good)); r.Status != 200 {
		t.Errorf("another address: %d", r.Status)
	}
	// The public API is unaffected.
	if r := e.do("GET", "/api/v1/pricing", nil, from("198.51.100.1", "")); r.Status != 200 {
		t.Errorf("public route from the blocked address: %d", r.Status)
	}

	// Concurrent guesses: exactly ten get to try.
	var wg sync.WaitGroup
	var mu sync.Mutex
	counts := map[int]int{}
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.do("DELETE", "/admin/v1/keys/key_x", nil, from("2001:db8:1:2::"+strconv.Itoa(i), "guess"))
			mu.Lock()
			counts[r.Status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	// The 40 addresses are in one IPv6 /64: one client.
	if counts[401] != 10 || counts[429] != 30 {
		t.Errorf("40 concurrent guesses from one /64: %v, want 10 x 401 and 30 x 429", counts)
	}
}

// TestAdminMoney: listing, usage, plan changes and the top-up limit over
// the admin API.
func TestAdminMoney(t *testing.T) {
	e := newEnv(t)
	admin := map[string]string{"Authorization": "Bearer admin-secret-token"}
	var ids []string
	for i := 0; i < 3; i++ {
		id, _ := e.account("developer", dalil.USD)
		ids = append(ids, id)
	}
	// Pages in creation order, with a cursor.
	p1 := e.do("GET", "/admin/v1/accounts?limit=2", nil, admin).data()
	next, _ := p1["nextAfter"].(string)
	p2 := e.do("GET", "/admin/v1/accounts?limit=2&after="+next, nil, admin).data()
	var got []string
	for _, p := range []map[string]any{p1, p2} {
		for _, a := range p["accounts"].([]any) {
			got = append(got, a.(map[string]any)["accountId"].(string))
		}
	}
	if strings.Join(got, ",") != strings.Join(ids, ",") || p2["nextAfter"] != nil {
		t.Errorf("pages %v then %v; want %v", p1, p2, ids)
	}
	row := p1["accounts"].([]any)[0].(map[string]any)
	left, _ := row["allowanceLeft"].(map[string]any)
	if row["creditsUsd"] != 1.0 || row["plan"] != "developer" || left["usd"] != 10.0 || left["calls"] != 1000.0 {
		t.Errorf("row = %v", row)
	}

	// Usage: the admin route answers what the account's own key sees.
	id, key := e.account("developer", dalil.USD)
	for i := 0; i < 2; i++ {
		e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key})
	}
	e.do("POST", "/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": "credits"})
	mine := e.do("GET", "/api/v1/account/usage", nil, map[string]string{"X-API-Key": key})
	theirs := e.do("GET", "/admin/v1/accounts/"+id+"/usage", nil, admin)
	if theirs.Status != 200 || string(mustMarshal(mine.data())) != string(mustMarshal(theirs.data())) {
		t.Errorf("usage: key sees %s, admin %s", mine.Raw, theirs.Raw)
	}
	total := theirs.data()["total"].(map[string]any)
	if total["calls"] != 3.0 || total["charged"] != 0.03 || len(theirs.data()["byToolAndRail"].([]any)) != 2 {
		t.Errorf("usage = %s", theirs.Raw)
	}

	// Plan: same is unchanged, another keeps the period, newPeriod
	// restarts it.
	plan := func(body string) map[string]any {
		r := e.do("PUT", "/admin/v1/accounts/"+id+"/plan", body, admin)
		if r.Status != 200 {
			t.Fatalf("plan %s: %d %s", body, r.Status, r.Raw)
		}
		return r.data()
	}
	used := func(d map[string]any) float64 { return d["subscription"].(map[string]any)["used"].(float64) }
	if d := plan(`{"plan":"developer"}`); d["period"] != "unchanged" || d["previousPlan"] != "developer" || used(d) != 0.02 {
		t.Errorf("same plan: %v", d)
	}
	if d := plan(`{"plan":"growth"}`); d["period"] != "kept" || d["plan"] != "growth" || used(d) != 0.02 || d["subscription"].(map[string]any)["remaining"] != 49.98 {
		t.Errorf("change: %v", d)
	}
	if d := plan(`{"plan":"developer","newPeriod":true}`); d["period"] != "restarted" || d["previousPlan"] != "growth" || used(d) != 0 {
		t.Errorf("new period: %v", d)
	}
	if r := e.do("PUT", "/admin/v1/accounts/"+id+"/plan", `{"plan":"growth","newPeriod":"yes"}`, admin); r.Status != 400 {
		t.Errorf("newPeriod as a string: %d", r.Status)
	}

	// A top-up past the maximum balance is 400 naming the maximum, not 503.
	max := dalil.MaxCredits.Decimal()
	if r := e.do("POST", "/admin/v1/accounts/"+id+"/credits", `{"usd":"`+max+`"}`, admin); r.Status != 400 || r.code() != "INVALID_INPUT" || !strings.Contains(string(r.Raw), max) {
		t.Errorf("overflowing top-up: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", "/admin/v1/accounts/"+id+"/credits", `{"usd":"99999999999999"}`, admin); r.Status != 400 {
		t.Errorf("top-up above what ParseUSD reads: %d %s", r.Status, r.Raw)
	}
	if e.credits(id) != dalil.USD-10_000 {
		t.Errorf("credits after refused top-ups = %d", e.credits(id))
	}
}
