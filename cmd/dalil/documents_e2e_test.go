package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"dalil"
	"dalil/capabilities/documentfacts"
	"dalil/capabilities/documentfacts/read"
	"dalil/capabilities/documentfacts/testdoc"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/internal/safehttp/safehttptest"
	"dalil/internal/testenv"
	"dalil/ops"
	"dalil/store/sqlstore"
)

func TestDocumentsEndToEndSQLite(t *testing.T) {
	testDocumentsEndToEnd(t, filepath.Join(t.TempDir(), "dalil.db"))
}

func TestDocumentsEndToEndPostgres(t *testing.T) {
	testDocumentsEndToEnd(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

type docAnswer struct {
	status int
	body   map[string]any
	raw    string
}

func (a docAnswer) data() map[string]any { m, _ := a.body["data"].(map[string]any); return m }
func (a docAnswer) meta() map[string]any { m, _ := a.body["meta"].(map[string]any); return m }
func (a docAnswer) errCode() string {
	e, _ := a.body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func docPost(t *testing.T, url, body, key string) docAnswer {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("X-API-Key", key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a := docAnswer{status: res.StatusCode, raw: string(raw)}
	json.Unmarshal(raw, &a.body)
	return a
}

// testDocumentsEndToEnd runs document_facts_extract through the real
// server: text input, a PDF fetched from a local TLS server through the
// production safehttp checks (only the resolver and dialer are injected),
// refused and unreadable documents (not charged), and the free preview.
func testDocumentsEndToEnd(t *testing.T, db string) {
	ctx := context.Background()
	invoice := testdoc.FPDF([][]string{{"TAX INVOICE", "Invoice No: INV-7781", "Invoice Date: 2026-03-10",
		"Supplier: Al Noor Trading LLC", "Total amount due: OMR 1,155.000", "Payment terms: Net 30"}})
	mux := http.NewServeMux()
	mux.HandleFunc("/invoice.pdf", func(w http.ResponseWriter, r *http.Request) { w.Write(invoice) })
	mux.HandleFunc("/broken.pdf", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "%PDF-1.7\nthis is not a pdf at all") })
	mux.HandleFunc("/scan.png", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("\x89PNG\r\n\x1a\n0000")) })
	mux.HandleFunc("/missing", http.NotFound)
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	pages := make([]testdoc.Page, 26)
	for i := range pages {
		pages[i] = testdoc.LinesPage("page text")
	}
	long := testdoc.PDF(pages, testdoc.Options{})
	mux.HandleFunc("/long.pdf", func(w http.ResponseWriter, r *http.Request) { w.Write(long) })
	docs := safehttptest.NewTLSServer(t, mux, "docs.test.example")
	docs.Resolve("metadata.test.example", "169.254.169.254")

	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), []string{"--db", db}, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fetch = docs.Options()
	svc, err := buildServer(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	acct, err := ops.CreateAccount(ctx, svc.store, "docs", "free", dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(svc.api)
	t.Cleanup(ts.Close)
	url := ts.URL + "/api/v1/documents/facts-extract"
	credits := func() dalil.MicroUSD {
		a, err := svc.store.Account(ctx, acct.AccountID)
		if err != nil {
			t.Fatal(err)
		}
		return a.Credits
	}

	// Text input: answered and charged USD 0.25.
	before := credits()
	a := docPost(t, url, `{"text":"LEASE AGREEMENT\nLandlord: Al Noor Properties LLC\nTenant: Mr. Salim Al Harthy\nMonthly rent: OMR 450.000\nThe notice period is two (2) months.\nThis lease is governed by the laws of the Sultanate of Oman.","requestedFacts":["monthly rent","notice period"]}`, acct.APIKey)
	if a.status != 200 {
		t.Fatalf("text: %d %s", a.status, a.raw)
	}
	if got := before - credits(); got != 250_000 {
		t.Errorf("text call charged %d micro-USD, want 250000", got)
	}
	d := a.data()
	if d["documentType"] != "lease" || len(d["facts"].([]any)) < 5 {
		t.Errorf("text answer: %s", a.raw)
	}
	text := []rune(d["text"].(string))
	for _, f := range d["facts"].([]any) {
		ev := f.(map[string]any)["evidence"].(map[string]any)
		s, e := int(ev["start"].(float64)), int(ev["end"].(float64))
		if string(text[s:e]) != ev["excerpt"] {
			t.Errorf("evidence %v does not slice the text", ev)
		}
	}
	for _, r := range d["requestedFacts"].([]any) {
		if r.(map[string]any)["status"] != "found" {
			t.Errorf("requested fact not found: %v", r)
		}
	}

	// A PDF fetched over https from the local server through safehttp.
	before = credits()
	a = docPost(t, url, `{"documentUrl":"https://docs.test.example/invoice.pdf"}`, acct.APIKey)
	if a.status != 200 {
		t.Fatalf("pdf url: %d %s", a.status, a.raw)
	}
	d = a.data()
	md := d["metadata"].(map[string]any)
	if md["format"] != "pdf" || md["pageCount"] != 1.0 || md["source"] != "url" || d["documentType"] != "invoice" {
		t.Errorf("pdf answer: %s", a.raw)
	}
	found := map[string]string{}
	for _, f := range d["facts"].([]any) {
		m := f.(map[string]any)
		found[m["key"].(string)], _ = m["normalized"].(string)
		if ev := m["evidence"].(map[string]any); ev["page"] != 1.0 {
			t.Errorf("pdf fact without page 1: %v", m)
		}
	}
	for k, v := range map[string]string{"invoice_number": "INV-7781", "invoice_date": "2026-03-10", "total_amount": "1155 OMR", "payment_terms": "P30D", "supplier": "al noor trading llc"} {
		if found[k] != v {
			t.Errorf("pdf fact %s = %q, want %q (all: %v)", k, found[k], v, found)
		}
	}
	if got := before - credits(); got != 250_000 {
		t.Errorf("pdf call charged %d", got)
	}

	// Refused and unusable documents: structured errors, nothing charged.
	before = credits()
	for _, c := range []struct {
		body   string
		status int
		code   string
	}{
		{`{"documentUrl":"https://127.0.0.1/x.pdf"}`, 400, "INVALID_URL"},
		{`{"documentUrl":"https://2130706433/x.pdf"}`, 400, "INVALID_URL"},
		{`{"documentUrl":"https://[::ffff:169.254.169.254]/"}`, 400, "INVALID_URL"},
		{`{"documentUrl":"https://metadata.test.example/latest"}`, 400, "INVALID_URL"},
		{`{"documentUrl":"https://docs.test.example/to-metadata"}`, 400, "INVALID_URL"},
		{`{"documentUrl":"http://docs.test.example/invoice.pdf"}`, 400, "INVALID_URL"},
		{`{"documentUrl":"https://user:pw@docs.test.example/invoice.pdf"}`, 400, "INVALID_URL"},
		{`{"documentUrl":"https://docs.test.example/broken.pdf"}`, 422, "UNREADABLE_DOCUMENT"},
		{`{"documentUrl":"https://docs.test.example/scan.png"}`, 415, "UNSUPPORTED_FORMAT"},
		{`{"documentUrl":"https://docs.test.example/long.pdf"}`, 413, "DOCUMENT_TOO_LARGE"},
		{`{"documentUrl":"https://docs.test.example/missing"}`, 502, "DOCUMENT_FETCH_FAILED"},
		{`{}`, 400, "MISSING_DOCUMENT"},
		{`{"text":"a","documentUrl":"https://docs.test.example/invoice.pdf"}`, 400, "CONFLICTING_DOCUMENT_SOURCES"},
		{`{"text":"\f \n\f"}`, 400, "EMPTY_DOCUMENT"},
		{`{"text":"x","mode":"requested_only"}`, 400, "INVALID_INPUT"},
		{`{"text":"x","unknown":1}`, 400, "INVALID_INPUT"},
		{`{"text":`, 400, "INVALID_JSON"},
	} {
		a := docPost(t, url, c.body, acct.APIKey)
		if a.status != c.status || a.errCode() != c.code {
			t.Errorf("%s: %d %s, want %d %s", c.body, a.status, a.raw, c.status, c.code)
		}
	}
	a = docPost(t, url, `{"documentUrl":"https://docs.test.example/long.pdf"}`, acct.APIKey)
	if det, _ := a.body["error"].(map[string]any)["details"].(map[string]any); det["limit"] != "pages" || det["max"] != 25.0 || det["actual"] != 26.0 {
		t.Errorf("too large details: %s", a.raw)
	}
	// Text with nothing to extract: answered, not charged.
	a = docPost(t, url, `{"text":"hello there, nothing here"}`, acct.APIKey)
	if a.status != 200 || a.meta()["charged"] != false {
		t.Errorf("no facts: %d %s", a.status, a.raw)
	}
	if got := before - credits(); got != 0 {
		t.Errorf("refused documents charged %d micro-USD", got)
	}
	// Body over 1 MiB.
	big := `{"text":"` + strings.Repeat("a", 1<<20) + `"}`
	if a := docPost(t, url, big, acct.APIKey); a.status != 413 || a.errCode() != "PAYLOAD_TOO_LARGE" {
		t.Errorf("1 MiB body: %d %.200s", a.status, a.raw)
	}

	// Free preview: no account, no fetch.
	a = docPost(t, ts.URL+"/api/v1/preview/document_facts_extract", `{"documentUrl":"https://10.0.0.1/x.pdf"}`, "")
	if a.status != 200 {
		t.Fatalf("preview: %d %s", a.status, a.raw)
	}
	sig := a.data()["preview"].(map[string]any)["signals"].(map[string]any)
	if sig["urlAccepted"] != false || sig["inputKind"] != "url" {
		t.Errorf("preview signals: %s", a.raw)
	}
	if strings.Contains(a.raw, `"facts"`) && strings.Contains(a.raw, `"evidence"`) {
		t.Errorf("preview leaks the paid result: %s", a.raw)
	}
}

// TestDocumentsExtractionFailedNotCharged: an extractor that fails
// unexpectedly answers 500 EXTRACTION_FAILED through the real HTTP stack
// (the reference service's code), leaks nothing of its cause, and the
// account is not charged; the same server answers and charges a working
// call. Both the error and the panic of a broken extractor are tried.
func TestDocumentsExtractionFailedNotCharged(t *testing.T) {
	ctx := context.Background()
	store, err := sqlstore.Open(ctx, filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{Modules: storeModules()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	extract := func(_ context.Context, _ *read.Document, in documentfacts.Input) (documentfacts.Output, error) {
		switch {
		case strings.Contains(in.Text, "PANIC"):
			panic("extractor bug: secret /srv/rules.go:42")
		case strings.Contains(in.Text, "FAIL"):
			return documentfacts.Output{}, errors.New("extractor bug: secret /srv/rules.go:42")
		}
		return documentfacts.Handle(ctx, documentfacts.Deps{}, in)
	}
	reg, err := capability.NewRegistryWith(capability.RegistryOptions{}, documentfacts.Entry(documentfacts.Deps{Extract: extract}))
	if err != nil {
		t.Fatal(err)
	}
	api := httpapi.NewServer(httpapi.Config{Registry: reg, Store: store, Logger: slog.New(slog.DiscardHandler), Rails: []string{dalil.MethodCredits, dalil.MethodSubscription}})
	ts := httptest.NewServer(api)
	t.Cleanup(ts.Close)
	acct, err := ops.CreateAccount(ctx, store, "docs", "free", dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	credits := func() dalil.MicroUSD {
		a, err := store.Account(ctx, acct.AccountID)
		if err != nil {
			t.Fatal(err)
		}
		return a.Credits
	}
	url := ts.URL + "/api/v1/documents/facts-extract"
	before := credits()
	for _, body := range []string{`{"text":"FAIL Invoice No: INV-1\nTotal: OMR 5.000"}`, `{"text":"PANIC Invoice No: INV-1\nTotal: OMR 5.000"}`} {
		a := docPost(t, url, body, acct.APIKey)
		if a.status != 500 || a.errCode() != "EXTRACTION_FAILED" {
			t.Errorf("%s: %d %s, want 500 EXTRACTION_FAILED", body, a.status, a.raw)
		}
		if strings.Contains(a.raw, "secret") || strings.Contains(a.raw, "rules.go") {
			t.Errorf("the cause leaks: %s", a.raw)
		}
	}
	if got := credits(); got != before {
		t.Errorf("failed extractions charged %d micro-USD", before-got)
	}
	a := docPost(t, url, `{"text":"Invoice No: INV-1\nTotal: OMR 5.000"}`, acct.APIKey)
	if a.status != 200 || before-credits() != 250_000 {
		t.Errorf("working call: %d, charged %d: %s", a.status, before-credits(), a.raw)
	}
}
