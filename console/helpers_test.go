package console_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/maintenance"
	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/console"
	"dalil/dataset"
	"dalil/dataset/datasettest"
	"dalil/httpapi"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

// TestMain reports the tests skipped for a missing PostgreSQL.
func TestMain(m *testing.M) { testenv.Main(m) }

// testToken is the admin token of every test server: 40 characters.
const testToken = "test-admin-token-0123456789abcdefghijklm"

// clock is the console's clock: real time moved forward by Advance.
type clock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return time.Now().Add(c.offset) }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
}

// env is a real HTTP server (httpapi) with the console mounted, over a
// fresh SQLite store (or PostgreSQL with postgres set).
type env struct {
	t     testing.TB
	srv   *httptest.Server
	api   *httpapi.Server
	store *sqlstore.Store
	clock *clock
	data  *datasettest.Fake
}

type envOptions struct {
	token    string // default testToken
	postgres bool
	tls      bool
	baseURL  string
	// dsn reuses a database (a second server on the same file).
	dsn string
	// revenue are the console's RevenueSources.
	revenue []console.RevenueSource
}

// dataTool is a test capability that needs the dataset "testdata".
func dataTool() capability.Entry {
	type in struct {
		N int `json:"n"`
	}
	type out struct {
		N int `json:"n"`
	}
	return capability.Define("data_tool", capability.Options{Group: "Test", Title: "Data tool", Summary: "answers from a dataset", Path: "/api/v1/test/data",
		Price: 20_000, Requires: []capability.Requirement{capability.NeedsDataset("testdata")}},
		func(_ context.Context, v in) (out, error) { return out(v), nil })
}

// providerTool is a test capability that needs the provider "websearch",
// which no test server configures.
func providerTool() capability.Entry {
	type in struct {
		Q string `json:"q"`
	}
	return capability.Define("provider_tool", capability.Options{Group: "Test", Title: "Provider tool", Summary: "asks a provider", Path: "/api/v1/test/provider",
		Price: 30_000, Requires: []capability.Requirement{capability.NeedsProvider("websearch")}},
		func(_ context.Context, v in) (in, error) { return v, nil })
}

func newEnv(t testing.TB, o envOptions) *env {
	t.Helper()
	if o.token == "" {
		o.token = testToken
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	dsn := o.dsn
	switch {
	case dsn != "":
	case o.postgres:
		dsn = testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	default:
		dsn = filepath.Join(t.TempDir(), "dalil.db")
	}
	store, err := sqlstore.Open(ctx, dsn, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	e := &env{t: t, store: store, clock: &clock{}, data: datasettest.New("testdata")}
	configured := func(r capability.Requirement) bool { return r.Kind == capability.KindDataset && r.Name == "testdata" }
	reg, err := capability.NewRegistryWith(capability.RegistryOptions{Configured: configured},
		property.AnalyzeEntry(), property.CompareEntry(), maintenance.Entry(), dataTool(), providerTool(),
		capability.Planned("future_tool", "Test", "Not yet."))
	if err != nil {
		t.Fatal(err)
	}
	e.api = httpapi.NewServer(httpapi.Config{Registry: reg, Store: store, AdminToken: o.token,
		Console: func(s *httpapi.Server) http.Handler {
			return console.New(console.Options{Token: o.token, Store: store, Data: store, Revenue: o.revenue, Registry: reg,
				Datasets: []dataset.Importer{e.data}, Host: s, BaseURL: o.baseURL, Now: e.clock.Now})
		}})
	if o.tls {
		e.srv = httptest.NewTLSServer(e.api)
	} else {
		e.srv = httptest.NewServer(e.api)
	}
	t.Cleanup(e.srv.Close)
	return e
}

// browser is an HTTP client with a cookie jar that does not follow
// redirects (tests look at them).
type browser struct {
	t      testing.TB
	e      *env
	c      *http.Client
	header http.Header // added to every request
}

func (e *env) browser() *browser {
	jar, _ := cookiejar.New(nil)
	c := new(http.Client)
	*c = *e.srv.Client() // a copy: each browser has its own jar
	c.Jar = jar
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &browser{t: e.t, e: e, c: c, header: http.Header{}}
}

type answer struct {
	status int
	header http.Header
	body   string
}

func (b *browser) do(method, path string, form url.Values) answer {
	b.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, b.e.srv.URL+path, body)
	if err != nil {
		b.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, vs := range b.header {
		req.Header[k] = vs
	}
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return answer{resp.StatusCode, resp.Header, string(raw)}
}

func (b *browser) get(path string) answer { b.t.Helper(); return b.do("GET", path, nil) }
func (b *browser) post(path string, form url.Values) answer {
	b.t.Helper()
	return b.do("POST", path, form)
}

var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// csrf is the first CSRF token on a page.
func csrf(t testing.TB, page string) string {
	t.Helper()
	m := csrfField.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no CSRF field on the page:\n%s", page)
	}
	return m[1]
}

// login logs in with token and returns the answer to the log-in POST.
func (b *browser) login(token string) answer {
	b.t.Helper()
	form := b.get("/console")
	return b.post("/console/login", url.Values{"csrf": {csrf(b.t, form.body)}, "token": {token}})
}

// mustLogin logs in and returns a page of the session (its CSRF token).
func (b *browser) mustLogin() string {
	b.t.Helper()
	if a := b.login(testToken); a.status != http.StatusSeeOther {
		b.t.Fatalf("log-in: %d\n%s", a.status, a.body)
	}
	a := b.get("/console")
	if a.status != http.StatusOK || !strings.Contains(a.body, "<h1>Overview</h1>") {
		b.t.Fatalf("after log-in /console is %d:\n%s", a.status, a.body)
	}
	return csrf(b.t, a.body)
}

// account creates an account with a key and returns its id, key id and
// secret.
func (e *env) account(name, plan string, credits dalil.MicroUSD) (string, string, string) {
	e.t.Helper()
	a, err := e.store.CreateAccount(context.Background(), name, plan, credits)
	if err != nil {
		e.t.Fatal(err)
	}
	k, secret, err := e.store.CreateKey(context.Background(), a.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return a.ID, k.ID, secret
}

// call makes one paid call of analyze_property with key and returns its
// status.
func (e *env) call(key string) int {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/property/analyze", strings.NewReader(`{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", key)
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func datasetOpts() dataset.ImportOptions {
	return dataset.ImportOptions{Source: "test", License: "test", RetrievedAt: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
}
