package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"

	"dalil/rail/l402/l402test"
	"dalil/rail/mpp/mpptest"
	"dalil/rail/x402"
	"dalil/rail/x402/x402test"
)

// The end-to-end tests start `dalil serve` in-process (run, port 0) with
// the three pay-per-call rails pointed at local providers on loopback: the
// x402test facilitator, the l402test LND node and the mpptest Tempo RPC.

const (
	analyzePath  = "/property/analyze"
	analyzeBody  = `{"propertyValue":85000,"annualRent":7200}`
	compareBody  = `{"properties":[{"name":"a","propertyValue":85000,"annualRent":7200},{"name":"b","propertyValue":90000,"annualRent":7000}]}`
	invalidBody  = `{"propertyValue":-5,"annualRent":7200}`
	mppChainID   = 42431
	testBTCUSD   = "100000"
	settleBudget = "1s" // rail timeouts in tests: a hung provider costs a second
)

// providers are the local payment providers of one test.
type providers struct {
	fac      *x402test.Facilitator
	lnd      *l402test.Server
	rpc      *mpptest.RPC
	payTo    string
	x402Key  *secp256k1.PrivateKey
	mppPayer *mpptest.Payer
	env      map[string]string
	secrets  []string // values that must never appear in a log
}

func randomHex(t *testing.T, n int) string {
	t.Helper()
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

func startProviders(t *testing.T) *providers {
	t.Helper()
	p := &providers{fac: x402test.NewFacilitator(t, x402test.Options{}), x402Key: x402test.NewKey(), mppPayer: mpptest.NewPayer("dalil e2e payer")}
	p.payTo = x402test.Address(x402test.NewKey())
	lnd, err := l402test.NewServer("mainnet")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lnd.Close)
	p.lnd = lnd
	p.rpc = mpptest.NewRPC(t, mppChainID)
	cert := filepath.Join(t.TempDir(), "tls.cert")
	if err := os.WriteFile(cert, lnd.CertPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	payee := mpptest.NewPayer("dalil e2e payee")
	rootKey, mppSecret, payeeKey := randomHex(t, 32), randomHex(t, 32), hex.EncodeToString(payee.Key.Serialize())
	p.secrets = []string{rootKey, mppSecret, payeeKey, lnd.MacaroonHex}
	p.env = map[string]string{
		"DALIL_RAILS":        "credits,subscription,x402,l402,mpp",
		"DALIL_RATE_LIMITS":  "free=100000,developer=100000,payg=100000,preview=100000",
		envX402PayTo:         p.payTo,
		envX402Facilitator:   p.fac.URL(),
		envX402SettleTimeout: settleBudget,
		envX402VerifyTimeout: settleBudget,
		envL402LNDURL:        lnd.URL,
		envL402Macaroon:      lnd.MacaroonHex,
		envL402TLSCert:       cert,
		envL402RootKey:       rootKey,
		envL402Rate:          testBTCUSD,
		envL402LNDTimeout:    settleBudget,
		envMPPSecret:         mppSecret,
		envMPPRealm:          "dalil.test",
		envMPPRecipient:      payee.Address,
		envMPPPayeeKey:       payeeKey,
		envMPPRPCURL:         p.rpc.URL,
		envMPPSettleTimeout:  settleBudget,
		"DALIL_LOG_LEVEL":    "info",
		"DALIL_X402_NETWORK": "eip155:8453",
		"DALIL_L402_NETWORK": "mainnet",
		"DALIL_MPP_NETWORK":  "tempo-testnet",
	}
	return p
}

// serveWith starts `dalil serve` with env on a fresh database and returns
// its base URL and its log (stderr).
func serveWith(t *testing.T, env map[string]string) (string, *lockedBuffer) {
	t.Helper()
	return serveOn(t, env, filepath.Join(t.TempDir(), "dalil.db"))
}

// serveOn starts `dalil serve` with env on db (so a CLI command can share
// it), stops it when the test ends, and returns its base URL and log.
func serveOn(t *testing.T, env map[string]string, db string) (string, *lockedBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, func(k string) string { return env[k] }, nil, io.Discard, stderr)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve returned %v", err)
		}
	})
	addrRe := regexp.MustCompile(`listening on (http://[0-9.:]+)`)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := addrRe.FindStringSubmatch(stderr.String()); m != nil {
			return m[1], stderr
		}
		select {
		case err := <-done:
			done <- err
			t.Fatalf("serve stopped: %v\n%s", err, stderr.String())
		default:
		}
	}
	t.Fatalf("server did not start: %s", stderr.String())
	return "", nil
}

// answer is one HTTP response, its envelope decoded.
type answer struct {
	status int
	header http.Header
	raw    []byte
	body   map[string]any
}

func (a answer) code() string {
	e, _ := a.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func (a answer) details() map[string]any {
	e, _ := a.body["error"].(map[string]any)
	d, _ := e["details"].(map[string]any)
	return d
}

func (a answer) meta() map[string]any { m, _ := a.body["meta"].(map[string]any); return m }

func do(t *testing.T, method, url, body string, hdr map[string]string) answer {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a := answer{status: res.StatusCode, header: res.Header, raw: raw}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

func post(t *testing.T, url, body string, hdr map[string]string) answer {
	t.Helper()
	return do(t, http.MethodPost, url, body, hdr)
}

// wantPaid checks a paid 200: data, meta.paymentMethod and the receipt.
func wantPaid(t *testing.T, a answer, rail, receiptHeader string) {
	t.Helper()
	if a.status != 200 || a.meta()["paymentMethod"] != rail || a.body["data"] == nil || a.header.Get(receiptHeader) == "" {
		t.Fatalf("paid call: %d %s=%q %s", a.status, receiptHeader, a.header.Get(receiptHeader), a.raw)
	}
}

// wantRefused checks a 402 PAYMENT_INVALID without any result data.
func wantRefused(t *testing.T, a answer, what string) {
	t.Helper()
	if a.status != 402 || a.code() != "PAYMENT_INVALID" || a.body["data"] != nil {
		t.Fatalf("%s: %d %s", what, a.status, a.raw)
	}
}

func wantChallenge(t *testing.T, a answer, headers ...string) {
	t.Helper()
	if a.status != 402 || a.code() != "PAYMENT_REQUIRED" || a.header.Get("Cache-Control") != "no-store" || a.body["data"] != nil {
		t.Fatalf("unpaid call: %d cache-control %q %s", a.status, a.header.Get("Cache-Control"), a.raw)
	}
	for _, h := range headers {
		if a.header.Get(h) == "" {
			t.Errorf("402 lacks header %s: %v", h, a.header)
		}
	}
}

// payX402 answers a 402 like the real client of that version.
func (p *providers) payX402(t *testing.T, a answer, version int) map[string]string {
	t.Helper()
	name, value, err := x402test.Pay(p.x402Key, version, a.header, a.raw, time.Now())
	if err != nil {
		t.Fatalf("x402 pay: %v", err)
	}
	return map[string]string{name: value}
}

// payL402 pays the invoice of a 402 through the fake node and returns the
// Authorization header.
func (p *providers) payL402(t *testing.T, a answer) map[string]string {
	t.Helper()
	l, _ := a.body["l402"].(map[string]any)
	mac, _ := l["macaroon"].(string)
	inv, _ := l["invoice"].(string)
	pre, err := p.lnd.PayInvoice(inv)
	if err != nil || mac == "" {
		t.Fatalf("l402 pay %q: %v (%s)", inv, err, a.raw)
	}
	return map[string]string{"Authorization": "L402 " + mac + ":" + pre}
}

func (p *providers) payMPP(t *testing.T, a answer) map[string]string {
	t.Helper()
	v, err := p.mppPayer.Pay(a.header.Get("WWW-Authenticate"))
	if err != nil {
		t.Fatalf("mpp pay: %v (%v)", err, a.header)
	}
	return map[string]string{"Authorization": v}
}

func decodeB64JSON(t *testing.T, enc *base64.Encoding, s string) map[string]any {
	t.Helper()
	b, err := enc.DecodeString(s)
	if err != nil {
		t.Fatalf("decode %q: %v", s, err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("decode %s: %v", b, err)
	}
	return v
}

func TestRailsEndToEnd(t *testing.T) {
	p := startProviders(t)
	base, logs := serveWith(t, p.env)

	t.Run("x402", func(t *testing.T) {
		url := base + "/api/v1/x402" + analyzePath
		a := post(t, url, analyzeBody, nil)
		wantChallenge(t, a, x402.HeaderPaymentRequired)
		req := decodeB64JSON(t, base64.StdEncoding, a.header.Get(x402.HeaderPaymentRequired))
		if req["x402Version"] != 2.0 || a.body["x402Version"] != 1.0 || a.body["accepts"] == nil {
			t.Fatalf("402: v2 header %v, body %s", req, a.raw)
		}
		accepts := req["accepts"].([]any)[0].(map[string]any)
		if accepts["amount"] != "10000" || accepts["payTo"] != p.payTo || accepts["network"] != "eip155:8453" {
			t.Errorf("v2 offer %v", accepts)
		}
		for _, version := range []int{2, 1} {
			cred := p.payX402(t, a, version)
			ok := post(t, url, analyzeBody, cred)
			receipt := x402.HeaderPaymentResponse
			if version == 1 {
				receipt = x402.HeaderXPaymentResponse
			}
			wantPaid(t, ok, "x402", receipt)
			if r := decodeB64JSON(t, base64.StdEncoding, ok.header.Get(receipt)); r["success"] != true || r["transaction"] == "" {
				t.Errorf("v%d receipt %v", version, r)
			}
			wantRefused(t, post(t, url, analyzeBody, cred), "x402 replay")
		}
		if n := len(p.fac.Settlements()); n != 2 {
			t.Errorf("%d settlements, want 2", n)
		}
	})

	t.Run("x402Canonical", func(t *testing.T) {
		url := base + "/api/v1" + analyzePath
		a := post(t, url, analyzeBody, map[string]string{"X-Service-Payment-Method": "x402"})
		wantChallenge(t, a, x402.HeaderPaymentRequired)
		// Named rail, then auto with a presented credential and no key.
		cred := p.payX402(t, a, 2)
		cred["X-Service-Payment-Method"] = "x402"
		wantPaid(t, post(t, url, analyzeBody, cred), "x402", x402.HeaderPaymentResponse)
		wantPaid(t, post(t, url, analyzeBody, p.payX402(t, a, 1)), "x402", x402.HeaderXPaymentResponse)
	})

	t.Run("x402Refusals", func(t *testing.T) {
		url := base + "/api/v1/x402" + analyzePath
		now := time.Now()
		sign := func(auth x402.Authorization, network string) map[string]string {
			v, err := x402test.Sign(p.x402Key, auth, network, 2)
			if err != nil {
				t.Fatal(err)
			}
			return map[string]string{x402.HeaderPaymentSignature: v}
		}
		good := func() x402.Authorization {
			return x402test.NewAuthorization(p.x402Key, p.payTo, "10000", now, time.Minute)
		}
		wrongAmount, wrongPayee, expired, forged := good(), good(), good(), good()
		wrongAmount.Value = "9999"
		wrongPayee.To = x402test.Address(x402test.NewKey())
		expired.ValidBefore = "1000"
		forgedHeader, err := x402test.Encode(2, "eip155:8453", forged, "0x"+strings.Repeat("11", 65))
		if err != nil {
			t.Fatal(err)
		}
		before := len(p.fac.Settlements())
		for _, tc := range []struct {
			name   string
			cred   map[string]string
			reason string
		}{
			{"wrong amount", sign(wrongAmount, "eip155:8453"), x402.ReasonValueMismatch},
			{"wrong payee", sign(wrongPayee, "eip155:8453"), x402.ReasonRecipientMismatch},
			{"expired", sign(expired, "eip155:8453"), x402.ReasonValidBefore},
			{"wrong network", sign(good(), "eip155:84532"), x402.ReasonInvalidNetwork},
			{"bad signature", map[string]string{x402.HeaderPaymentSignature: forgedHeader}, x402.ReasonSignature},
			{"garbage", map[string]string{x402.HeaderXPayment: "not base64!"}, x402.ReasonInvalidPayload},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := post(t, url, analyzeBody, tc.cred)
				wantRefused(t, a, tc.name)
				if got := a.details()["reason"]; got != tc.reason {
					t.Errorf("reason %v, want %s", got, tc.reason)
				}
			})
		}
		if n := len(p.fac.Settlements()); n != before {
			t.Errorf("refused credentials settled %d payments", n-before)
		}
	})

	t.Run("x402ConcurrentDuplicates", func(t *testing.T) {
		url := base + "/api/v1/x402" + analyzePath
		cred := p.payX402(t, post(t, url, analyzeBody, nil), 2)
		before := len(p.fac.Settlements())
		statuses := concurrently(t, 10, func() answer { return post(t, url, analyzeBody, cred) })
		if statuses[200] != 1 || statuses[402] != 9 {
			t.Errorf("10 duplicates answered %v, want one 200 and nine 402", statuses)
		}
		if n := len(p.fac.Settlements()) - before; n != 1 {
			t.Errorf("%d settlements, want 1", n)
		}
	})

	t.Run("x402InvalidInputSettlesNothing", func(t *testing.T) {
		url := base + "/api/v1/x402" + analyzePath
		cred := p.payX402(t, post(t, url, analyzeBody, nil), 2)
		before := len(p.fac.Settlements())
		if a := post(t, url, invalidBody, cred); a.status != 400 || a.code() != "INVALID_INPUT" {
			t.Fatalf("invalid input: %d %s", a.status, a.raw)
		}
		if n := len(p.fac.Settlements()); n != before {
			t.Fatal("invalid input settled a payment")
		}
		// Nothing was claimed: the same credential still pays a valid call.
		wantPaid(t, post(t, url, analyzeBody, cred), "x402", x402.HeaderPaymentResponse)
	})

	t.Run("x402SettleFailures", func(t *testing.T) {
		url := base + "/api/v1/x402" + analyzePath
		// Declined (success:false): no result, claim released, the same
		// authorization pays once the facilitator accepts it.
		cred := p.payX402(t, post(t, url, analyzeBody, nil), 2)
		p.fac.Set(x402test.Behavior{SettleFail: "insufficient_funds"})
		a := post(t, url, analyzeBody, cred)
		wantRefused(t, a, "declined settlement")
		if r := decodeB64JSON(t, base64.StdEncoding, a.header.Get(x402.HeaderPaymentResponse)); r["success"] != false {
			t.Errorf("declined receipt %v", r)
		}
		p.fac.Set(x402test.Behavior{})
		wantPaid(t, post(t, url, analyzeBody, cred), "x402", x402.HeaderPaymentResponse)

		// Hung settle: outcome unknown, no result, claim kept (the
		// transfer may have happened): a retry of the same credential is
		// refused even when the facilitator is back.
		for _, b := range []x402test.Behavior{{HangSettle: true}, {SettleStatus: 500}} {
			cred = p.payX402(t, post(t, url, analyzeBody, nil), 2)
			p.fac.Set(b)
			a = post(t, url, analyzeBody, cred)
			p.fac.Set(x402test.Behavior{})
			wantRefused(t, a, "unconfirmed settlement")
			a = post(t, url, analyzeBody, cred)
			wantRefused(t, a, "retry after unconfirmed settlement")
			if a.details()["reason"] != "replayed" {
				t.Errorf("retry after unconfirmed settlement: %s", a.raw)
			}
		}
	})

	t.Run("l402", func(t *testing.T) {
		url := base + "/api/v1/l402" + analyzePath
		a := post(t, url, analyzeBody, nil)
		wantChallenge(t, a, "WWW-Authenticate")
		www := a.header.Values("WWW-Authenticate")
		if len(www) != 2 || !strings.HasPrefix(www[0], "LSAT macaroon=") || !strings.HasPrefix(www[1], "L402 macaroon=") {
			t.Errorf("WWW-Authenticate %q", www)
		}
		l, _ := a.body["l402"].(map[string]any)
		if l["amountSats"] != 10.0 || l["network"] != "lightning:mainnet" { // 0.01 USD at 100000 USD/BTC
			t.Errorf("l402 body %v", l)
		}
		cred := p.payL402(t, a)
		wantPaid(t, post(t, url, analyzeBody, cred), "l402", "X-L402-Receipt")
		r := post(t, url, analyzeBody, cred)
		wantRefused(t, r, "l402 replay")
		if r.details()["reason"] != "replayed" {
			t.Errorf("replay reason: %s", r.raw)
		}
		// Canonical route, LSAT scheme accepted.
		c := post(t, base+"/api/v1"+analyzePath, analyzeBody, map[string]string{"X-Service-Payment-Method": "l402"})
		lsat := p.payL402(t, c)
		lsat["Authorization"] = "LSAT" + strings.TrimPrefix(lsat["Authorization"], "L402")
		lsat["X-Service-Payment-Method"] = "l402"
		wantPaid(t, post(t, base+"/api/v1"+analyzePath, analyzeBody, lsat), "l402", "X-L402-Receipt")
	})

	t.Run("l402Refusals", func(t *testing.T) {
		url := base + "/api/v1/l402" + analyzePath
		// A token minted (and paid) for compare_properties.
		other := p.payL402(t, post(t, base+"/api/v1/l402/property/compare", compareBody, nil))
		unpaidChallenge := post(t, url, analyzeBody, nil)
		l, _ := unpaidChallenge.body["l402"].(map[string]any)
		mac, _ := l["macaroon"].(string)
		hash, _ := l["paymentHash"].(string)
		pre, err := p.lnd.Preimage(hash)
		if err != nil {
			t.Fatal(err)
		}
		tampered := []byte(mac)
		tampered[len(tampered)-5] ^= 1
		for _, tc := range []struct {
			name, auth, reason string
		}{
			{"wrong tool", other["Authorization"], "wrong_tool"},
			{"bad preimage", "L402 " + mac + ":" + strings.Repeat("ab", 32), "bad_preimage"},
			{"unpaid invoice", "L402 " + mac + ":" + pre, "unpaid"},
			{"tampered macaroon", "L402 " + string(tampered) + ":" + pre, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := post(t, url, analyzeBody, map[string]string{"Authorization": tc.auth})
				wantRefused(t, a, tc.name)
				if tc.reason != "" && (a.details()["reason"] != tc.reason || a.header.Get("X-L402-Error") != tc.reason) {
					t.Errorf("reason %v / %q, want %s", a.details()["reason"], a.header.Get("X-L402-Error"), tc.reason)
				}
			})
		}
		// The compare token still pays its own tool (nothing was claimed).
		wantPaid(t, post(t, base+"/api/v1/l402/property/compare", compareBody, other), "l402", "X-L402-Receipt")
	})

	t.Run("l402ConcurrentDuplicatesAndLNDDown", func(t *testing.T) {
		url := base + "/api/v1/l402" + analyzePath
		cred := p.payL402(t, post(t, url, analyzeBody, nil))
		statuses := concurrently(t, 10, func() answer { return post(t, url, analyzeBody, cred) })
		if statuses[200] != 1 || statuses[402] != 9 {
			t.Errorf("10 duplicates answered %v", statuses)
		}
		// LND failing or hanging at the invoice check: 503, nothing
		// claimed, the same token pays once LND is back.
		cred = p.payL402(t, post(t, url, analyzeBody, nil))
		for _, f := range []l402test.Fault{l402test.FaultError, l402test.FaultHang} {
			p.lnd.SetFault(f)
			a := post(t, url, analyzeBody, cred)
			p.lnd.SetFault(l402test.FaultNone)
			if a.status != 503 || a.body["data"] != nil {
				t.Errorf("LND fault %d: %d %s", f, a.status, a.raw)
			}
		}
		wantPaid(t, post(t, url, analyzeBody, cred), "l402", "X-L402-Receipt")
		// And an unpaid call while LND is down gets no challenge but a 503.
		p.lnd.SetFault(l402test.FaultError)
		a := post(t, url, analyzeBody, nil)
		p.lnd.SetFault(l402test.FaultNone)
		if a.status != 503 {
			t.Errorf("challenge with LND down: %d %s", a.status, a.raw)
		}
	})

	t.Run("mpp", func(t *testing.T) {
		url := base + "/api/v1/mpp/charge/analyze_property"
		a := post(t, url, analyzeBody, nil)
		wantChallenge(t, a, "WWW-Authenticate")
		ch, err := mpptest.ParseChallenge(a.header.Get("WWW-Authenticate"))
		if err != nil || ch.Method != "tempo" || ch.Intent != "charge" || ch.Amount.Int64() != 10000 || ch.ChainID != mppChainID || ch.Expires == "" {
			t.Fatalf("challenge %+v, %v", ch, err)
		}
		if a.body["challenges"] == nil || a.body["problem"] == nil {
			t.Errorf("402 body %s", a.raw)
		}
		sent := len(p.rpc.Sent())
		cred := p.payMPP(t, a)
		ok := post(t, url, analyzeBody, cred)
		wantPaid(t, ok, "mpp", "Payment-Receipt")
		if r := decodeB64JSON(t, base64.RawURLEncoding, ok.header.Get("Payment-Receipt")); r["status"] != "success" || r["challengeId"] != ch.ID {
			t.Errorf("receipt %v", r)
		}
		r := post(t, url, analyzeBody, cred)
		wantRefused(t, r, "mpp replay")
		if r.details()["reason"] != "replayed" {
			t.Errorf("replay: %s", r.raw)
		}
		if n := len(p.rpc.Sent()) - sent; n != 1 {
			t.Errorf("%d transactions broadcast, want 1", n)
		}
		// Canonical route.
		c := post(t, base+"/api/v1"+analyzePath, analyzeBody, map[string]string{"X-Service-Payment-Method": "mpp"})
		wantChallenge(t, c, "WWW-Authenticate")
		wantPaid(t, post(t, base+"/api/v1"+analyzePath, analyzeBody, p.payMPP(t, c)), "mpp", "Payment-Receipt")
	})

	t.Run("mppRefusals", func(t *testing.T) {
		url := base + "/api/v1/mpp/charge/analyze_property"
		cheap := post(t, url, analyzeBody, nil)
		dear := post(t, base+"/api/v1/mpp/charge/compare_properties", compareBody, nil)
		// A paid challenge of another route (another amount).
		wrongRoute := p.payMPP(t, dear)
		// A challenge whose id was altered: the HMAC does not match.
		www := cheap.header.Get("WWW-Authenticate")
		forgedWWW := regexp.MustCompile(`id="[^"]+"`).ReplaceAllString(www, `id="AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"`)
		forged, err := p.mppPayer.Pay(forgedWWW)
		if err != nil {
			t.Fatal(err)
		}
		sent := len(p.rpc.Sent())
		for _, tc := range []struct {
			name, problem string
			cred          map[string]string
		}{
			{"wrong amount", "", wrongRoute},
			{"unknown challenge", "invalid-challenge", map[string]string{"Authorization": forged}},
			{"garbage", "", map[string]string{"Authorization": "Payment !!!"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := post(t, url, analyzeBody, tc.cred)
				wantRefused(t, a, tc.name)
				prob, _ := a.details()["problem"].(string)
				if !strings.HasPrefix(prob, "https://paymentauth.org/problems/") || tc.problem != "" && !strings.HasSuffix(prob, tc.problem) {
					t.Errorf("problem %q, want …%s", prob, tc.problem)
				}
			})
		}
		if n := len(p.rpc.Sent()); n != sent {
			t.Errorf("refused credentials broadcast %d transactions", n-sent)
		}
		// Invalid input: 400 before any challenge or broadcast.
		if a := post(t, url, invalidBody, p.payMPP(t, cheap)); a.status != 400 || len(p.rpc.Sent()) != sent {
			t.Errorf("invalid input: %d %s", a.status, a.raw)
		}
	})

	t.Run("mppConcurrentDuplicatesAndRPCFailures", func(t *testing.T) {
		url := base + "/api/v1/mpp/charge/analyze_property"
		cred := p.payMPP(t, post(t, url, analyzeBody, nil))
		sent := len(p.rpc.Sent())
		statuses := concurrently(t, 10, func() answer { return post(t, url, analyzeBody, cred) })
		if statuses[200] != 1 || statuses[402] != 9 || len(p.rpc.Sent())-sent != 1 {
			t.Errorf("10 duplicates answered %v, %d broadcasts", statuses, len(p.rpc.Sent())-sent)
		}
		// RPC down, hanging or reverting at settlement: 402, no result;
		// the claim is released, so a down or hung RPC costs nothing: the
		// same credential pays once the RPC is back.
		for name, sw := range map[string]interface{ Store(bool) }{"fail": &p.rpc.Fail, "hang": &p.rpc.Hang, "http 502": &p.rpc.HTTPFail} {
			cred := p.payMPP(t, post(t, url, analyzeBody, nil))
			sw.Store(true)
			a := post(t, url, analyzeBody, cred)
			sw.Store(false)
			wantRefused(t, a, "settlement with RPC "+name)
			wantPaid(t, post(t, url, analyzeBody, cred), "mpp", "Payment-Receipt")
		}
		cred = p.payMPP(t, post(t, url, analyzeBody, nil))
		p.rpc.Revert.Store(true)
		a := post(t, url, analyzeBody, cred)
		p.rpc.Revert.Store(false)
		wantRefused(t, a, "reverted settlement")
	})

	t.Run("mppSession", func(t *testing.T) {
		open := `{"maxBudget":"0.025","currency":"USD","allowedTools":["analyze_property"]}`
		a := post(t, base+"/api/v1/mpp/sessions", open, nil)
		if a.status != 402 || a.code() != "PAYMENT_REQUIRED" || !strings.HasPrefix(a.header.Get("WWW-Authenticate"), "Payment ") {
			t.Fatalf("open without payment: %d %v %s", a.status, a.header, a.raw)
		}
		if b := post(t, base+"/api/v1/mpp/sessions", `{"maxBudget":"0.025","currency":"USD","allowedTools":["analyze_property"],"x":1}`, nil); b.status != 400 {
			t.Errorf("open with an unknown field: %d %s", b.status, b.raw)
		}
		created := post(t, base+"/api/v1/mpp/sessions", open, p.payMPP(t, a))
		data, _ := created.body["data"].(map[string]any)
		id, _ := data["id"].(string)
		if created.status != 201 || id == "" || data["maxBudget"] != "0.025" || data["status"] != "active" {
			t.Fatalf("open: %d %s", created.status, created.raw)
		}
		call := func(key string) answer {
			return post(t, base+"/api/v1/mpp/sessions/"+id+"/tools/analyze_property", analyzeBody, map[string]string{"Idempotency-Key": key})
		}
		for _, key := range []string{"k1", "k2"} {
			if c := call(key); c.status != 200 || c.meta()["paymentMethod"] != "mpp" || c.body["data"] == nil {
				t.Fatalf("session call %s: %d %s", key, c.status, c.raw)
			}
		}
		if c := call("k1"); c.status != 200 || c.header.Get("Idempotent-Replayed") != "true" {
			t.Errorf("replayed session call: %d %v", c.status, c.header)
		}
		if c := call("k3"); c.status != 402 || c.code() != "PAYMENT_INVALID" || c.body["data"] != nil {
			t.Errorf("call beyond the budget: %d %s", c.status, c.raw)
		}
		if c := post(t, base+"/api/v1/mpp/sessions/"+id+"/tools/compare_properties", compareBody, map[string]string{"Idempotency-Key": "k4"}); c.status != 402 {
			t.Errorf("tool not allowed: %d %s", c.status, c.raw)
		}
		if c := post(t, base+"/api/v1/mpp/sessions/"+id+"/tools/analyze_property", invalidBody, map[string]string{"Idempotency-Key": "k5"}); c.status != 400 {
			t.Errorf("invalid input: %d %s", c.status, c.raw)
		}
		g := do(t, http.MethodGet, base+"/api/v1/mpp/sessions/"+id, "", nil)
		gd, _ := g.body["data"].(map[string]any)
		if g.status != 200 || gd["spent"] != "0.02" || gd["remaining"] != "0.005" || gd["reserved"] != "0.00" {
			t.Errorf("session: %d %s", g.status, g.raw)
		}
		sent := len(p.rpc.Sent())
		cl := post(t, base+"/api/v1/mpp/sessions/"+id+"/close", "", nil)
		if cl.status != 200 || cl.body["data"].(map[string]any)["status"] != "closed" {
			t.Fatalf("close: %d %s", cl.status, cl.raw)
		}
		rc := decodeB64JSON(t, base64.RawURLEncoding, cl.header.Get("Payment-Receipt"))
		if rc["refunded"] != "5000" || rc["spent"] != "20000" || rc["sessionId"] != id || len(p.rpc.Sent())-sent != 1 {
			t.Errorf("close receipt %v, %d refunds broadcast", rc, len(p.rpc.Sent())-sent)
		}
		if c := call("k6"); c.status != 402 {
			t.Errorf("call on a closed session: %d %s", c.status, c.raw)
		}
		if c := do(t, http.MethodGet, base+"/api/v1/mpp/sessions/mpps_nope", "", nil); c.status != 404 {
			t.Errorf("unknown session: %d", c.status)
		}
	})

	t.Run("listings", func(t *testing.T) {
		pm := do(t, http.MethodGet, base+"/api/v1/payment-methods", "", nil)
		methods, _ := pm.body["data"].(map[string]any)["methods"].([]any)
		var ids []string
		byID := map[string]map[string]any{}
		for _, m := range methods {
			d := m.(map[string]any)
			ids = append(ids, d["id"].(string))
			byID[d["id"].(string)] = d
		}
		if strings.Join(ids, ",") != "x402,api_credits,subscription,l402,mpp" {
			t.Errorf("payment methods %v", ids)
		}
		x := byID["x402"]
		if x["type"] != "pay_per_call" || x["authentication"] != "none" || x["asset"] != "USDC" || x["network"] != "eip155:8453" || x["info"] != "/api/v1/x402" || x["endpoints"].(map[string]any)["dedicated"] == nil {
			t.Errorf("x402 descriptor %v", x)
		}
		if l := byID["l402"]; l["currency"] != "BTC" || l["network"] != "lightning:mainnet" {
			t.Errorf("l402 descriptor %v", l)
		}
		m := byID["mpp"]
		if modes, _ := json.Marshal(m["modes"]); string(modes) != `["charge","session"]` || m["network"] != "tempo-testnet" || m["endpoints"].(map[string]any)["sessions"] == nil {
			t.Errorf("mpp descriptor %v", m)
		}
		for _, rail := range []string{"x402", "l402", "mpp"} {
			if a := do(t, http.MethodGet, base+"/api/v1/"+rail, "", nil); a.status != 200 || a.body["data"].(map[string]any)["rail"] != rail {
				t.Errorf("GET /api/v1/%s: %d %s", rail, a.status, a.raw)
			}
		}
		disc := do(t, http.MethodGet, base+"/api/v1", "", nil).body["data"].(map[string]any)
		protos, _ := json.Marshal(disc["protocols"])
		if disc["x402Enabled"] != true || !strings.Contains(string(protos), `"protocol":"l402"`) || !strings.Contains(string(protos), `"protocol":"mpp"`) {
			t.Errorf("discovery %v", disc)
		}
		wk := do(t, http.MethodGet, base+"/.well-known/x402.json", "", nil)
		if wk.status != 200 || wk.body["payTo"] != p.payTo || len(wk.body["resources"].([]any)) == 0 {
			t.Errorf("x402.json: %d %s", wk.status, wk.raw)
		}
	})

	t.Run("noSecretsInLogs", func(t *testing.T) {
		out := logs.String()
		for _, s := range p.secrets {
			if strings.Contains(out, s) {
				t.Errorf("a secret reached the log")
			}
		}
		for _, h := range []string{"PAYMENT-SIGNATURE", "L402 Ag", "Payment ey"} {
			if strings.Contains(out, h) {
				t.Errorf("log holds a credential (%s)", h)
			}
		}
	})
}

// concurrently runs f n times at once and counts the answers by status.
func concurrently(t *testing.T, n int, f func() answer) map[int]int {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	out := map[int]int{}
	start := make(chan struct{})
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			a := f()
			mu.Lock()
			defer mu.Unlock()
			out[a.status]++
			if a.status != 200 && a.body["data"] != nil {
				t.Errorf("a refused duplicate carried data: %s", a.raw)
			}
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// TestRailsOffUnlessListedAndConfigured: a rail configured but not listed,
// or listed with variables missing, is off everywhere; the warning names
// the missing variables and no value.
func TestRailsOffUnlessListedAndConfigured(t *testing.T) {
	p := startProviders(t)
	env := map[string]string{}
	for k, v := range p.env {
		env[k] = v
	}
	env["DALIL_RAILS"] = "credits,subscription,l402,mpp" // x402 configured, not listed
	delete(env, envMPPRPCURL)                            // mpp listed, incomplete
	delete(env, envMPPRecipient)
	base, logs := serveWith(t, env)

	a := post(t, base+"/api/v1"+analyzePath, analyzeBody, map[string]string{"X-Service-Payment-Method": "x402"})
	if a.status != 400 || a.code() != "PAYMENT_METHOD_UNSUPPORTED" {
		t.Errorf("x402 named while off: %d %s", a.status, a.raw)
	}
	if a := post(t, base+"/api/v1"+analyzePath, analyzeBody, map[string]string{"X-Service-Payment-Method": "mpp"}); a.status != 400 || a.code() != "PAYMENT_METHOD_UNSUPPORTED" {
		t.Errorf("mpp named while off: %d %s", a.status, a.raw)
	}
	for _, path := range []string{"/api/v1/x402" + analyzePath, "/api/v1/mpp/charge/analyze_property", "/api/v1/mpp/sessions"} {
		if a := post(t, base+path, analyzeBody, nil); a.status != 404 {
			t.Errorf("POST %s while off: %d", path, a.status)
		}
	}
	for _, path := range []string{"/api/v1/x402", "/api/v1/mpp", "/.well-known/x402.json"} {
		if a := do(t, http.MethodGet, base+path, "", nil); a.status != 404 {
			t.Errorf("GET %s while off: %d", path, a.status)
		}
	}
	if a := do(t, http.MethodGet, base+"/api/v1/l402", "", nil); a.status != 200 {
		t.Errorf("GET /api/v1/l402: %d", a.status)
	}
	pm := do(t, http.MethodGet, base+"/api/v1/payment-methods", "", nil)
	if bytes.Contains(pm.raw, []byte(`"id":"x402"`)) || bytes.Contains(pm.raw, []byte(`"id":"mpp"`)) || !bytes.Contains(pm.raw, []byte(`"id":"l402"`)) {
		t.Errorf("payment-methods: %s", pm.raw)
	}
	disc := do(t, http.MethodGet, base+"/api/v1", "", nil)
	if disc.body["data"].(map[string]any)["x402Enabled"] != false || bytes.Contains(disc.raw, []byte(`"protocol":"mpp"`)) {
		t.Errorf("discovery: %s", disc.raw)
	}
	out := logs.String()
	var warned int
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "not configured; it is off") {
			warned++
			if !strings.Contains(line, `"rail":"mpp"`) || !strings.Contains(line, envMPPRecipient+","+envMPPRPCURL) {
				t.Errorf("warning line %s", line)
			}
		}
	}
	if warned != 1 {
		t.Errorf("%d warnings, want one:\n%s", warned, out)
	}
	for _, s := range p.secrets {
		if strings.Contains(out, s) {
			t.Error("a secret reached the log")
		}
	}
}

// TestPayRailsRefusesBadValues: a listed, complete rail with an invalid
// value stops the start-up (loadConfig or payRails) with an error that
// names the variable, not the value.
func TestPayRailsRefusesBadValues(t *testing.T) {
	p := startProviders(t)
	for _, tc := range []struct{ name, value, want string }{
		{envL402RootKey, "zz-not-hex-secret", envL402RootKey},
		{envMPPSecret, "nothex-secret-value", envMPPSecret},
		{envX402PayTo, "0x1234", envX402PayTo},
		{envL402TLSCert, "/nonexistent/tls.cert", envL402TLSCert},
		{envX402SettleTimeout, "-1s", envX402SettleTimeout},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := map[string]string{}
			for k, v := range p.env {
				env[k] = v
			}
			env[tc.name] = tc.value
			// Malformed values stop loadConfig; valid-looking but wrong
			// ones stop payRails.
			cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, func(k string) string { return env[k] })
			if err == nil {
				_, err = payRails(context.Background(), cfg, nil, logger("error", io.Discard))
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "secret") {
				t.Errorf("payRails = %v", err)
			}
		})
	}
}
