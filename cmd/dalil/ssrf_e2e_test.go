package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/documentfacts/testdoc"
	"dalil/internal/safehttp/safehttptest"
	"dalil/provider/telephony/twilio/twiliotest"
)

// TestReservedIPv6RefusedEndToEnd (issue 28, items 1 and 7): through the
// server `dalil serve` builds, a documentUrl or a voice callbackUrl whose
// host is reserved IPv6 space — the IPv4-translated ::ffff:0:7f00:1
// (127.0.0.1) and ::ffff:0:a9fe:a9fe (169.254.169.254), and addresses
// outside 2000::/3 — by literal, by an AAAA record and after a redirect,
// answers 4xx, is not charged and opens no connection: the injected
// dialer sends anything but the checked test host to a listener that
// fails the test on accept. The answer says why in a sentence, without
// safehttp's internal text.
func TestReservedIPv6RefusedEndToEnd(t *testing.T) {
	trap, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { trap.Close() })
	go func() {
		for {
			c, err := trap.Accept()
			if err != nil {
				return
			}
			t.Errorf("a refused address was connected to (from %s)", c.RemoteAddr())
			c.Close()
		}
	}()

	invoice := testdoc.FPDF([][]string{{"TAX INVOICE", "Invoice No: INV-7781", "Invoice Date: 2026-03-10",
		"Supplier: Al Noor Trading LLC", "Total amount due: OMR 1,155.000"}})
	mux := http.NewServeMux()
	mux.HandleFunc("/invoice.pdf", func(w http.ResponseWriter, r *http.Request) { w.Write(invoice) })
	mux.HandleFunc("/to-translated", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://[::ffff:0:7f00:1]/", http.StatusFound)
	})
	mux.HandleFunc("/to-aaaa", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://metadata6.test.example/latest/meta-data/", http.StatusFound)
	})
	docs := safehttptest.NewTLSServer(t, mux, "docs.test.example")
	docs.Resolve("loopback6.test.example", "::ffff:0:7f00:1")
	docs.Resolve("metadata6.test.example", "::ffff:0:a9fe:a9fe")
	docs.Resolve("reserved6.test.example", "4000::1")
	docs.Resolve("loopback6.alnoor-test.com", "::ffff:0:7f00:1")
	fetch := docs.Options()
	dialDocs := fetch.DialContext
	fetch.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if addr == safehttptest.PublicIP+":443" {
			return dialDocs(ctx, network, addr)
		}
		var d net.Dialer
		return d.DialContext(ctx, network, trap.Addr().String())
	}

	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	var handler http.Handler
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	base := "http://" + ts.Listener.Addr().String()
	db := filepath.Join(t.TempDir(), "dalil.db")
	env := twilioEnv(fake, base)
	env["DALIL_DB"] = db
	env[envWebsiteFetch] = "on" // website fields are fetched, through the same policy
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fetch = fetch
	ctx := context.Background()
	svc, err := buildServer(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	if err := svc.voice.start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.voice.stop)
	handler = svc.api
	ts.Start()
	t.Cleanup(ts.Close)
	key := cli(t, db, "accounts", "create", "--name", "prober", "--credits", "10")["apiKey"].(string)
	hdr := map[string]string{"X-API-Key": key}

	// clean: the answer gives a reason and none of safehttp's own text
	// (its code, the cause naming the address).
	clean := func(what string, a answer, why string) {
		t.Helper()
		raw := string(a.raw)
		if !strings.Contains(raw, why) {
			t.Errorf("%s: the answer does not say %q: %s", what, why, raw)
		}
		for _, leak := range []string{"safehttp", "URL_NOT_ALLOWED", "literal", "resolves to ::", "127.0.0.1", "169.254.169.254", ".test.example resolves"} {
			if strings.Contains(raw, leak) {
				t.Errorf("%s: the answer shows %q: %s", what, leak, raw)
			}
		}
	}

	documents := base + "/api/v1/documents/facts-extract"
	for _, tc := range []struct{ url, why string }{
		{"https://[::ffff:0:7f00:1]/", "loopback"},
		{"https://[::ffff:0:a9fe:a9fe]/latest/meta-data/", "link-local"},
		{"https://[::1:0:0:1]/", "2000::/3"},
		{"https://[1::1]/", "2000::/3"},
		{"https://[4000::1]/", "2000::/3"},
		{"https://loopback6.test.example/", "loopback"},   // AAAA ::ffff:0:7f00:1
		{"https://metadata6.test.example/", "link-local"}, // AAAA ::ffff:0:a9fe:a9fe
		{"https://reserved6.test.example/", "2000::/3"},   // AAAA 4000::1
		{"https://docs.test.example/to-translated", "loopback"},
		{"https://docs.test.example/to-aaaa", "link-local"},
	} {
		before := credits(t, base, key)
		a := post(t, documents, `{"documentUrl":"`+tc.url+`"}`, hdr)
		if a.status != 400 || a.code() != "INVALID_URL" {
			t.Errorf("documentUrl %s: %d %s, want 400 INVALID_URL", tc.url, a.status, a.raw)
		}
		clean("documentUrl "+tc.url, a, tc.why)
		if after := credits(t, base, key); after != before {
			t.Errorf("documentUrl %s: credits %v → %v, want no charge", tc.url, before, after)
		}
	}

	for _, tc := range []struct{ url, why string }{
		{"https://[::ffff:0:7f00:1]/hook", "loopback"},
		{"https://[4000::1]/hook", "2000::/3"},
		{"https://metadata6.test.example/hook", "link-local"},
	} {
		before := credits(t, base, key)
		a := post(t, base+voiceRoute, voiceCallBody(voiceNum1, `,"callbackUrl":"`+tc.url+`"`), hdr)
		if a.status != 400 || a.code() != "INVALID_INPUT" || !strings.Contains(string(a.raw), "callbackUrl") {
			t.Errorf("callbackUrl %s: %d %s, want 400 INVALID_INPUT on callbackUrl", tc.url, a.status, a.raw)
		}
		clean("callbackUrl "+tc.url, a, tc.why)
		if after := credits(t, base, key); after != before {
			t.Errorf("callbackUrl %s: credits %v → %v, want no charge", tc.url, before, after)
		}
	}
	if n := fake.Dials(voiceNum1); n != 0 {
		t.Errorf("a call with a refused callbackUrl was dialled %d times", n)
	}

	// Website fields: a literal is refused at the input (400, the one
	// rule); a name resolving to reserved IPv6, or a redirect there, is
	// never connected to, never reported as a site that "did not answer",
	// and never charged for.
	for _, tc := range []struct{ route, body string }{
		{"/api/v1/procurement/oman-supplier-check", `{"companyName":"Al Noor Trading LLC","website":"https://[::ffff:0:7f00:1]/"}`},
		{"/api/v1/risk/company-reputation-check", `{"companyName":"Al Noor Trading LLC","country":"OM","website":"https://[::ffff:0:7f00:1]/"}`},
		{"/api/v1/risk/company-reputation-check", `{"companyName":"Al Noor Trading LLC","country":"OM","website":"https://user:p@alnoor-test.com/"}`},
		{"/api/v1/intelligence/analyze-company-risk", `{"company":"Acme Trading Ltd","country":"GB","website":"https://[::ffff:0:a9fe:a9fe]/"}`},
		{"/api/v1/risk/business-risk-score", `{"companyName":"Acme Trading Ltd","country":"GB","website":"https://[4000::1]/"}`},
	} {
		before := credits(t, base, key)
		a := post(t, base+tc.route, tc.body, hdr)
		if a.status != 400 || !strings.Contains(string(a.raw), `"website"`) {
			t.Errorf("%s %s: %d %s, want 400 on website", tc.route, tc.body, a.status, a.raw)
		}
		if after := credits(t, base, key); after != before {
			t.Errorf("%s %s: credits %v → %v", tc.route, tc.body, before, after)
		}
	}
	for _, tc := range []struct{ route, body string }{
		{"/api/v1/procurement/oman-supplier-check", `{"companyName":"Al Noor Trading LLC","website":"https://loopback6.test.example/"}`}, // AAAA
		{"/api/v1/procurement/oman-supplier-check", `{"companyName":"Al Noor Trading LLC","website":"https://docs.test.example/to-translated"}`},
		{"/api/v1/risk/company-reputation-check", `{"companyName":"Al Noor Trading LLC","country":"OM","website":"https://loopback6.alnoor-test.com/"}`},
		{"/api/v1/intelligence/analyze-company-risk", `{"company":"Acme Trading Ltd","country":"GB","website":"https://loopback6.alnoor-test.com/"}`},
		{"/api/v1/risk/business-risk-score", `{"companyName":"Acme Trading Ltd","country":"GB","website":"https://loopback6.alnoor-test.com/"}`},
	} {
		before := credits(t, base, key)
		a := post(t, base+tc.route, tc.body, hdr)
		if a.status >= 500 || strings.Contains(string(a.raw), "WEBSITE_UNREACHABLE") || strings.Contains(string(a.raw), "did not answer") {
			t.Errorf("%s %s: %d %s", tc.route, tc.body, a.status, a.raw)
		}
		if after := credits(t, base, key); after != before {
			t.Errorf("%s %s: credits %v → %v, want no charge for a website never fetched", tc.route, tc.body, before, after)
		}
	}

	// The same server does fetch a public document (the dialer above is
	// the one in use): answered and charged.
	before := credits(t, base, key)
	if a := post(t, documents, `{"documentUrl":"https://docs.test.example/invoice.pdf"}`, hdr); a.status != 200 {
		t.Fatalf("public documentUrl: %d %s", a.status, a.raw)
	}
	if after := credits(t, base, key); after >= before {
		t.Errorf("public documentUrl: credits %v → %v, want a charge", before, after)
	}
	for _, d := range docs.Dialed() {
		if d != safehttptest.PublicIP+":443" {
			t.Errorf("dialled %s", d)
		}
	}
}
