package main

import (
	"context"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/internal/testenv"
	"dalil/rail/mpp"
	"dalil/rail/mpp/mpptest"
	"dalil/rail/x402"
)

// TestConsoleMounted: `dalil serve` mounts the operator console at
// /console when DALIL_ADMIN_TOKEN is set, and /console is 404 without it.
func TestConsoleMounted(t *testing.T) {
	for _, tc := range []struct {
		token string
		want  int
	}{
		{"", http.StatusNotFound},
		{strings.Repeat("k", 40), http.StatusOK},
	} {
		cfg := &Config{
			Listen:   Listen{Addr: "127.0.0.1:0", AdminToken: Secret(tc.token)},
			Storage:  Storage{DSN: Location(filepath.Join(t.TempDir(), "dalil.db")), Timeout: 2 * time.Second},
			LogLevel: "error",
		}
		svc, err := buildServer(context.Background(), cfg, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(svc.api)
		resp, err := http.Get(srv.URL + "/console")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		srv.Close()
		svc.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("token set %v: GET /console = %d; want %d", tc.token != "", resp.StatusCode, tc.want)
		}
		if tc.want == http.StatusOK && !strings.Contains(string(body), `action="/console/login"`) {
			t.Errorf("GET /console is not the log-in form:\n%s", body)
		}
	}
}

// TestConsoleCountsEveryRailOnce pays analyze_property (USD 0.01) through
// `dalil serve` on every pay-per-call rail and every MPP mode — one x402
// and one L402 call, one MPP charge, three calls paid by vouchers on an
// MPP payment channel (recorded in the core's pay-per-call claims) and two
// calls drawn from an MPP budget session (recorded only in the MPP
// module's tables; its deposit is not revenue) — plus refusals and an
// idempotent replay that pay nothing, then reads the operator console:
// each payment is in the overview's pay-per-call table, its charts and
// the capabilities page exactly once. On SQLite and PostgreSQL.
func TestConsoleCountsEveryRailOnce(t *testing.T) {
	for _, d := range []struct {
		name string
		db   func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "dalil.db") }},
		{"postgres", func(t *testing.T) string { return testenv.FreshPostgresSchema(t, testenv.Postgres(t)) }},
	} {
		t.Run(d.name, func(t *testing.T) { testConsoleCountsEveryRailOnce(t, d.db(t)) })
	}
}

func testConsoleCountsEveryRailOnce(t *testing.T, db string) {
	p := startProviders(t)
	mpptest.NewEscrow(p.rpc, mpp.Networks["tempo-testnet"].Escrow)
	env := map[string]string{}
	for k, v := range p.env {
		env[k] = v
	}
	env[envMPPChannels] = "on"
	const token = "console-operator-token-0123456789abcdef"
	env["DALIL_ADMIN_TOKEN"] = token
	base, _ := serveOn(t, env, db)
	day := time.Now().UTC().Format("2006-01-02")

	// x402 and L402: one call each.
	x := post(t, base+"/api/v1/x402"+analyzePath, analyzeBody, nil)
	wantPaid(t, post(t, base+"/api/v1/x402"+analyzePath, analyzeBody, p.payX402(t, x, 2)), "x402", x402.HeaderPaymentResponse)
	l := post(t, base+"/api/v1/l402"+analyzePath, analyzeBody, nil)
	wantPaid(t, post(t, base+"/api/v1/l402"+analyzePath, analyzeBody, p.payL402(t, l)), "l402", "X-L402-Receipt")

	// MPP charge: one call; its credential replayed pays nothing.
	charge := base + "/api/v1/mpp/charge/analyze_property"
	a := post(t, charge, analyzeBody, nil)
	vals := a.header.Values("WWW-Authenticate")
	cred := map[string]string{"Authorization": mustPay(t, p.mppPayer, vals[0])}
	wantPaid(t, post(t, charge, analyzeBody, cred), "mpp", "Payment-Receipt")
	wantRefused(t, post(t, charge, analyzeBody, cred), "replayed MPP charge")

	// MPP payment channel: open (its first voucher pays a call) and two
	// more vouchers; a stale voucher pays nothing.
	h, err := mpptest.SessionHeader(vals)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := mpptest.ParseSessionChallenge(h)
	if err != nil {
		t.Fatal(err)
	}
	voucher := func(payload map[string]any) answer {
		return post(t, charge, analyzeBody, map[string]string{"Authorization": mpptest.SessionCredential(sc, payload)})
	}
	raw, id := p.mppPayer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(100_000), Salt: [32]byte{7}})
	wantPaid(t, voucher(p.mppPayer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil)), "mpp", "Payment-Receipt")
	for _, cum := range []int64{20_000, 30_000} {
		wantPaid(t, voucher(p.mppPayer.VoucherPayload(sc, id, big.NewInt(cum))), "mpp", "Payment-Receipt")
	}
	if r := voucher(p.mppPayer.VoucherPayload(sc, id, big.NewInt(30_000))); r.status != 402 {
		t.Fatalf("a spent voucher again: %d %s", r.status, r.raw)
	}

	// MPP budget session: a USD 0.025 deposit, two draws, a replay and a
	// draw over the budget.
	open := `{"maxBudget":"0.025","currency":"USD","allowedTools":["analyze_property"]}`
	created := post(t, base+"/api/v1/mpp/sessions", open, p.payMPP(t, post(t, base+"/api/v1/mpp/sessions", open, nil)))
	sid, _ := created.body["data"].(map[string]any)["id"].(string)
	if created.status != 201 || sid == "" {
		t.Fatalf("open session: %d %s", created.status, created.raw)
	}
	draw := func(key string) answer {
		return post(t, base+"/api/v1/mpp/sessions/"+sid+"/tools/analyze_property", analyzeBody, map[string]string{"Idempotency-Key": key})
	}
	for _, key := range []string{"d1", "d2"} {
		if c := draw(key); c.status != 200 {
			t.Fatalf("session call %s: %d %s", key, c.status, c.raw)
		}
	}
	if c := draw("d1"); c.status != 200 || c.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replayed session call: %d", c.status)
	}
	if c := draw("d3"); c.status != 402 {
		t.Fatalf("a draw over the budget: %d %s", c.status, c.raw)
	}

	overview := consolePage(t, base, token, "/console")
	if now := time.Now().UTC().Format("2006-01-02"); now != day {
		t.Skip("the UTC day changed during the test")
	}
	ppc := map[string]string{}
	for _, m := range regexp.MustCompile(`<tr(?: data-rail="[a-z0-9]+"| class="part")><td[^>]*>([^<]+)</td><td>([^<]+)</td><td>([^<]+)</td></tr>`).FindAllStringSubmatch(overview, -1) {
		ppc[m[1]] = m[2] + " calls, " + m[3]
	}
	want := map[string]string{"x402": "1 calls, 0.01", "l402": "1 calls, 0.01", "mpp": "6 calls, 0.06", "of which budget sessions": "2 calls, 0.02"}
	if diff := cmp.Diff(want, ppc); diff != "" {
		t.Errorf("pay-per-call revenue by rail (-want +got):\n%s", diff)
	}
	for _, s := range []string{
		`id="total-revenue">USD 0.08<`, `id="total-calls">8<`,
		"<title>" + day + " mpp: 0.06</title>", "<title>" + day + " mpp: 6</title>", // charged and calls per day by rail
		"<title>" + day + " analyze_property: 0.08</title>", "<title>" + day + " analyze_property: 8</title>",
	} {
		if !strings.Contains(overview, s) {
			t.Errorf("the overview lacks %q", s)
		}
	}
	caps := consolePage(t, base, token, "/console/capabilities")
	if row := regexp.MustCompile(`(?s)<tr data-capability="analyze_property">.*?</tr>`).FindString(caps); !strings.Contains(row, `<td class="n">8</td><td class="n">0.08</td>`) {
		t.Errorf("capabilities, analyze_property: %s", row)
	}
	if t.Failed() {
		t.Log(overview)
	}
}

// mustPay answers an MPP charge challenge.
func mustPay(t *testing.T, p *mpptest.Payer, challenge string) string {
	t.Helper()
	v, err := p.Pay(challenge)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// consolePage logs in to the console at base with token, as a browser
// does (the log-in form's CSRF token and cookie), and returns the page at
// path.
func consolePage(t *testing.T, base, token, path string) string {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	get := func(p string) string {
		t.Helper()
		resp, err := c.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d\n%s", p, resp.StatusCode, b)
		}
		return string(b)
	}
	m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(get("/console"))
	if m == nil {
		t.Fatal("no log-in form at /console")
	}
	resp, err := c.PostForm(base+"/console/login", url.Values{"csrf": {m[1]}, "token": {token}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	page := get(path)
	if !strings.Contains(page, `action="/console/logout"`) {
		t.Fatalf("not logged in:\n%s", page)
	}
	return page
}
