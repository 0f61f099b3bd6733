package main

// Error codes the compatibility audit (TestCompatReference) cannot reach
// with a plain body, each run end to end through the server `dalil serve`
// builds (loadConfig + buildServer, or run itself for voice), with the
// outside world at local fakes. Every row asserts the HTTP status, the
// error code, its documented details, that the account's credits and
// ledger did not move, and cites the reference section
// (/work/shared/docs/reference-service.md) it checks.

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/documentfacts/testdoc"
	"dalil/internal/safehttp/safehttptest"
	"dalil/provider/client/clienttest"
)

// errServer is the intel tests' server (newIntelServer: dalil serve
// built from env on a fresh SQLite database, caller-supplied URLs
// fetched under fetch, one account holding USD 10), asserted through
// the account's credits and ledger.
type errServer struct{ intelServer }

// money is the account's credits and its whole ledger, as one string
// that any charge, hold or refund changes.
func (s errServer) money(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	a, err := s.svc.store.Account(ctx, s.acct)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "credits %d;", a.Credits)
	for before := int64(0); ; {
		page, err := s.svc.store.Ledger(ctx, s.acct, 200, before)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			return b.String()
		}
		for _, e := range page {
			fmt.Fprintf(&b, " %d:%s:%d", e.ID, e.Kind, e.Amount)
		}
		before = page[len(page)-1].ID
	}
}

func (s errServer) post(t *testing.T, path, body string) answer {
	t.Helper()
	return post(t, s.base+path, body, map[string]string{"X-API-Key": s.key})
}

// errRow is one documented error: the request, the answer, and the
// reference section that documents it.
type errRow struct {
	name    string
	section string
	body    string
	status  int
	code    string
	details func(d map[string]any) string // "" when the details are right
}

// check runs row and asserts status, code, details and that nothing was
// charged.
func (s errServer) check(t *testing.T, path string, r errRow) answer {
	t.Helper()
	before := s.money(t)
	a := s.post(t, path, r.body)
	if a.status != r.status || a.code() != r.code {
		t.Errorf("%s (%s): %d %s, want %d %s", r.name, r.section, a.status, a.raw, r.status, r.code)
	}
	if r.details != nil {
		if why := r.details(a.details()); why != "" {
			t.Errorf("%s (%s): details %s: %s", r.name, r.section, why, a.raw)
		}
	}
	if m := a.meta(); m["charged"] == true {
		t.Errorf("%s (%s): meta says charged: %s", r.name, r.section, a.raw)
	}
	if after := s.money(t); after != before {
		t.Errorf("%s (%s): charged: %s -> %s", r.name, r.section, before, after)
	}
	return a
}

// failEveryWay asks route with body while the provider behind faults
// answers 429 with Retry-After: 120, then 503 on every retry, then never
// (a hang on every retry): 429 RATE_LIMITED with a Retry-After header,
// 503 PROVIDER_UNAVAILABLE and 504 PROVIDER_TIMEOUT, none charged.
func (s errServer) failEveryWay(t *testing.T, faults *clienttest.Faults, route, name, sec, body string, details func(map[string]any) string) {
	t.Helper()
	faults.Push(clienttest.RateLimited("120"))
	a := s.check(t, route, errRow{name + " 429 Retry-After: 120", sec, body, 429, "RATE_LIMITED", details})
	if a.header.Get("Retry-After") == "" {
		t.Errorf("%s: 429 without Retry-After: %v", name, a.header)
	}
	faults.Push(clienttest.ServerError(503), clienttest.ServerError(503), clienttest.ServerError(503))
	s.check(t, route, errRow{name + " 503 (every retry)", sec, body, 503, "PROVIDER_UNAVAILABLE", details})
	faults.Push(clienttest.Hang(), clienttest.Hang(), clienttest.Hang())
	s.check(t, route, errRow{name + " times out (every retry)", sec, body, 504, "PROVIDER_TIMEOUT", details})
}

// TestDocumentErrorsEndToEnd: document_facts_extract by documentUrl, the
// documents served by a local TLS server reached through internal/safehttp
// (only its resolver and dialer injected). Reference Part 2 §6:
// "Errors (none charged)". The fetch budget is the test's own (300 ms);
// production keeps safehttp's 15 s default.
func TestDocumentErrorsEndToEnd(t *testing.T) {
	const sec = "reference-service.md Part 2 §6 (document_facts_extract, Errors)"
	zipArchive := testdoc.Zip(map[string][]byte{"readme.txt": []byte("Invoice No: INV-1\nTotal: OMR 5.000"), "data/a.csv": []byte("a,b\n1,2\n")})
	jpeg := append([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"), make([]byte, 64)...)
	scanned := testdoc.PDF([]testdoc.Page{{}, {}}, testdoc.Options{})
	docx := testdoc.DOCX([]testdoc.Para{{Text: "SERVICE AGREEMENT"}, {Text: "The Supplier shall deliver the goods by 30 June 2026."}}, nil)
	corruptDOCX := docx[:len(docx)/2]
	pages := make([]testdoc.Page, 30)
	for i := range pages {
		pages[i] = testdoc.LinesPage(fmt.Sprintf("Clause %d. The Supplier shall deliver.", i+1))
	}
	long := testdoc.PDF(pages, testdoc.Options{})
	serve := func(b []byte, ctype string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if ctype != "" {
				w.Header().Set("Content-Type", ctype)
			}
			w.Write(b)
		}
	}
	stalled := make(chan struct{})
	mux := http.NewServeMux()
	mux.Handle("/bundle.zip", serve(zipArchive, "application/zip"))
	mux.Handle("/photo.jpg", serve(jpeg, "image/jpeg"))
	mux.Handle("/photo-as-pdf.pdf", serve(jpeg, "application/pdf")) // sniffed, not believed
	mux.Handle("/scan.pdf", serve(scanned, "application/pdf"))
	mux.Handle("/broken.docx", serve(corruptDOCX, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"))
	mux.Handle("/long.pdf", serve(long, "application/pdf"))
	mux.HandleFunc("/gone.pdf", http.NotFound)
	mux.HandleFunc("/error.pdf", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "upstream broke", http.StatusInternalServerError)
	})
	mux.HandleFunc("/stall.pdf", func(w http.ResponseWriter, r *http.Request) {
		select { // headers never come within the fetch budget
		case <-r.Context().Done():
		case <-stalled:
		}
	})
	mux.HandleFunc("/slow-body.pdf", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		w.Write(long[:100]) // headers and a first chunk, then nothing
		w.(http.Flusher).Flush()
		// The handler never returns while the test runs (not even when the
		// client gives up): returning would end the chunked body cleanly,
		// a complete 100-byte document instead of a stalled one.
		<-stalled
	})
	docs := safehttptest.NewTLSServer(t, mux, "docs.test.example")
	// Registered after the server: cleanups run last-in first-out, so the
	// stalled handlers return before the server's Close waits for them.
	t.Cleanup(func() { close(stalled) })
	fetch := docs.Options()
	fetch.Timeout = 300 * time.Millisecond
	s := errServer{newIntelServer(t, nil, fetch)}

	want := func(key string, v any) func(map[string]any) string {
		return func(d map[string]any) string {
			if fmt.Sprint(d[key]) != fmt.Sprint(v) {
				return fmt.Sprintf("%s = %v, want %v", key, d[key], v)
			}
			return ""
		}
	}
	url := func(p string) string { return `{"documentUrl":"https://docs.test.example/` + p + `"}` }
	rows := []errRow{
		{"a zip archive", sec + ": 415 UNSUPPORTED_FORMAT (archives)", url("bundle.zip"), 415, "UNSUPPORTED_FORMAT", func(d map[string]any) string {
			if d["detected"] == nil || d["detected"] == "" || d["supported"] == nil {
				return "want detected and supported"
			}
			return ""
		}},
		{"a JPEG image", sec + ": 415 UNSUPPORTED_FORMAT (images, no OCR)", url("photo.jpg"), 415, "UNSUPPORTED_FORMAT", nil},
		{"a JPEG served as application/pdf", sec + ": formats are sniffed from bytes", url("photo-as-pdf.pdf"), 415, "UNSUPPORTED_FORMAT", nil},
		{"a PDF without a text layer", sec + ": 422 UNREADABLE_DOCUMENT (scanned)", url("scan.pdf"), 422, "UNREADABLE_DOCUMENT", nil},
		{"a truncated DOCX", sec + ": 422 UNREADABLE_DOCUMENT (corrupt)", url("broken.docx"), 422, "UNREADABLE_DOCUMENT", nil},
		{"a server that never answers", sec + ": 504 DOCUMENT_TIMEOUT {stage}", url("stall.pdf"), 504, "DOCUMENT_TIMEOUT", want("stage", "fetch")},
		{"a body that stalls", sec + ": 504 DOCUMENT_TIMEOUT {stage}", url("slow-body.pdf"), 504, "DOCUMENT_TIMEOUT", want("stage", "fetch")},
		{"an upstream 404", sec + ": 502 DOCUMENT_FETCH_FAILED {upstreamStatus}", url("gone.pdf"), 502, "DOCUMENT_FETCH_FAILED", want("upstreamStatus", 404)},
		{"an upstream 500", sec + ": 502 DOCUMENT_FETCH_FAILED {upstreamStatus}", url("error.pdf"), 502, "DOCUMENT_FETCH_FAILED", want("upstreamStatus", 500)},
		{"30 pages", sec + ": 413 DOCUMENT_TOO_LARGE {limit, max, actual}; Limits: 25 pages", url("long.pdf"), 413, "DOCUMENT_TOO_LARGE", func(d map[string]any) string {
			if d["limit"] != "pages" || d["max"] != 25.0 || d["actual"] != 30.0 {
				return "want limit pages, max 25, actual 30"
			}
			return ""
		}},
	}
	for _, r := range rows {
		a := s.check(t, "/api/v1/documents/facts-extract", r)
		if !strings.Contains(string(a.raw), "Nothing was charged") {
			t.Errorf("%s: the message does not say nothing was charged: %s", r.name, a.raw)
		}
	}
	// The same server reads and charges a working document: the rows
	// above were refused for what they are, not for a broken setup.
	mux.Handle("/contract.docx", serve(docx, ""))
	before := s.money(t)
	if a := s.post(t, "/api/v1/documents/facts-extract", url("contract.docx")); a.status != 200 || s.money(t) == before {
		t.Errorf("a readable DOCX: %d %s (charged: %v)", a.status, a.raw, s.money(t) != before)
	}
}

// TestProviderErrorsEndToEnd: company_reputation_check whose only company
// register (Companies House, at its local fake) answers 429 with
// Retry-After, 503, or never answers: docs/company-intelligence.md
// "Identity first" (every register failed and no website: 429
// RATE_LIMITED / 503 PROVIDER_UNAVAILABLE / 504 PROVIDER_TIMEOUT, none
// charged), the reference's Part 2 §0 "When a call is charged" (only a
// 2xx) and §2c (12 s provider timeout; here the test's 200 ms). Then
// research_company and find_companies (without a query: web search only)
// whose web search fails every way.
func TestProviderErrorsEndToEnd(t *testing.T) {
	const sec = "reference-service.md Part 2 §0 (charged only on 2xx) and §2c; docs/company-intelligence.md Identity first"
	f := newIntelFakes(t)
	s := errServer{newIntelServer(t, map[string]string{
		"DALIL_COMPANIES_HOUSE_API_KEY": "ch-k3y", "DALIL_COMPANIES_HOUSE_URL": f.ch.BaseURL(), "DALIL_COMPANIES_HOUSE_TIMEOUT": "200ms",
		"DALIL_BRAVE_SEARCH_API_KEY": "brave-k3y", "DALIL_BRAVE_SEARCH_URL": f.brave.BaseURL(), "DALIL_BRAVE_SEARCH_TIMEOUT": "200ms",
		"DALIL_RATE_LIMITS": "free=100000",
	}, safehttptest.NoNetwork(t))}
	const route = "/api/v1/risk/company-reputation-check"
	body := `{"companyName":"Acme Trading Ltd","country":"GB","registrationNumber":"01234567"}`
	failed := func(d map[string]any) string {
		if !strings.Contains(fmt.Sprint(d["providersFailed"]), "companies_house") {
			return "providersFailed does not name companies_house"
		}
		return ""
	}

	s.failEveryWay(t, f.ch.Faults, route, "register", sec, body, failed)
	if n := f.brave.Hits(); n != 0 {
		t.Errorf("web search asked %d times for a company whose identity failed", n)
	}
	// The register answering again: the same call is answered and charged.
	before := s.money(t)
	if a := s.post(t, route, body); a.status != 200 || s.money(t) == before {
		t.Errorf("register back: %d %s", a.status, a.raw)
	}

	// research_company has one source, web search: when every search
	// fails it has nothing to answer with.
	const research = "/api/v1/intelligence/research-company"
	const rsec = "reference-service.md Part 2 §0 (charged only on 2xx), §2b; docs/company-intelligence.md Errors"
	rbody := `{"company":"Acme Trading Ltd","country":"GB","depth":"quick"}`
	s.failEveryWay(t, f.brave.Faults, research, "search", rsec, rbody, nil)
	before = s.money(t)
	if a := s.post(t, research, rbody); a.status != 200 || s.money(t) == before {
		t.Errorf("search back: %d %s", a.status, a.raw)
	}

	// find_companies without a query asks web search only (registers
	// need a name): every search failing is the same error, not charged.
	const find = "/api/v1/intelligence/find-companies"
	fbody := `{"industry":"office supplies","city":"London","country":"GB"}`
	braveFailed := func(d map[string]any) string {
		if fmt.Sprint(d["providersFailed"]) != "[brave_search]" {
			return "providersFailed is not [brave_search]"
		}
		return ""
	}
	chBefore := f.ch.Hits()
	s.failEveryWay(t, f.brave.Faults, find, "find: search", rsec, fbody, braveFailed)
	if n := f.ch.Hits() - chBefore; n != 0 {
		t.Errorf("find without a query asked Companies House %d times", n)
	}
	before = s.money(t)
	if a := s.post(t, find, fbody); a.status != 200 || s.money(t) == before {
		t.Errorf("find, search back: %d %s", a.status, a.raw)
	}
}

// TestDoNotCallEndToEnd: a callee opts out during a call (one of the two
// ways a number reaches the do-not-call list; the operator's
// `dalil voice do-not-call add` is TestVoiceDoNotCallOperatorEndToEnd),
// and the next call to that number is
// refused 403 DO_NOT_CALL with details.rule do_not_call, not charged and
// never dialled. Reference Part 2 §9 ("do-not-call hook → 403
// DO_NOT_CALL"). The callee speaks through Dalil's ConversationRelay
// endpoint and the model records the opt-out (voice_relay_test.go).
func TestDoNotCallEndToEnd(t *testing.T) {
	const sec = "reference-service.md Part 2 §9 (Safety: do-not-call hook → 403 DO_NOT_CALL); docs/voice.md safety gate"
	g := startRelayRig(t)
	fake, base, db := g.fake, g.base, g.db
	a := cli(t, db, "accounts", "create", "--name", "caller-dnc", "--credits", "10")
	key, acct := a["apiKey"].(string), a["accountId"].(string)
	g.key = key
	hdr := map[string]string{"X-API-Key": key}
	ctx := context.Background()

	// The first call is placed; the callee says stop during the call.
	id, sid := g.place(t, voiceRoute, voiceCallBody(voiceNum5, ""))
	relay, err := fake.OpenRelay(ctx, sid)
	if err != nil {
		t.Fatal(err)
	}
	if err := relay.Prompt(ctx, "Please stop calling me."); err != nil {
		t.Fatal(err)
	}
	if said, handoff := endOf(t, ctx, relay); !strings.Contains(said, "We will not call this number again") || !strings.Contains(handoff, "opted_out") {
		t.Fatalf("opt-out: said %q, handoff %q", said, handoff)
	}
	if err := fake.Complete(sid, 20); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the first call's settlement", func() bool { return voiceCall(t, base, key, id).data()["refundedUsd"] != nil })

	// The next call to that number: refused before any hold, never dialled.
	money := func() string { return moneyOf(t, base, key, db, acct) }
	before := money()
	for _, body := range []string{voiceCallBody(voiceNum5, ""), `{"phoneNumber":"` + voiceNum5 + `","language":"en"}`} {
		route := voiceRoute
		if !strings.Contains(body, "objective") {
			route = "/api/v1/voice/lead-qualifier"
		}
		r := post(t, base+route, body, hdr)
		if r.status != 403 || r.code() != "DO_NOT_CALL" || r.details()["rule"] != "do_not_call" {
			t.Errorf("%s after the opt-out (%s): %d %s, want 403 DO_NOT_CALL rule do_not_call", route, sec, r.status, r.raw)
		}
	}
	if after := money(); after != before {
		t.Errorf("the refused calls charged (%s): %s -> %s", sec, before, after)
	}
	if n := fake.Dials(voiceNum5); n != 1 {
		t.Errorf("the opted-out number was dialled %d times, want only the first call", n)
	}
	// Another number is still called: the refusal is the list, not the account.
	if r := post(t, base+voiceRoute, voiceCallBody(voiceNum6, ""), hdr); r.status != 202 {
		t.Errorf("another number: %d %s", r.status, r.raw)
	}
}
