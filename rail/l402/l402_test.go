package l402_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/macaroon.v2"

	"dalil"
	"dalil/rail/l402"
	"dalil/rail/l402/l402test"
)

var quote = dalil.Quote{
	Tool:        "analyze_property",
	Price:       10_000, // 0.01 USD
	Resource:    "https://dalil.test/api/v1/l402/property/analyze",
	Description: "Analyze one property",
}

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type fixture struct {
	rail  *l402.Rail
	lnd   *l402test.Server
	clock *clock
	cfg   l402.Config
}

// newFixture starts a fake LND and a rail configured for it; edit tweaks the
// config before New.
func newFixture(t *testing.T, edit func(*l402.Config)) *fixture {
	t.Helper()
	lnd, err := l402test.NewServer("mainnet")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lnd.Close)
	c := &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	lnd.SetNow(c.Now)
	cfg := l402.Config{
		LNDURL:             lnd.URL,
		InvoiceMacaroonHex: lnd.MacaroonHex,
		TLSCertPEM:         lnd.CertPEM,
		RootKey:            bytes.Repeat([]byte("k"), 32),
		BTCUSDRate:         "97123.45",
		LNDTimeout:         15 * time.Second, // generous: a loaded CI machine is slow, not broken
		Now:                c.Now,
	}
	if edit != nil {
		edit(&cfg)
	}
	r, err := l402.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{rail: r, lnd: lnd, clock: c, cfg: cfg}
}

// challengeBody is the "l402" body field, decoded as a client sees it.
type challengeBody struct {
	Macaroon         string      `json:"macaroon"`
	Invoice          string      `json:"invoice"`
	PaymentHash      string      `json:"paymentHash"`
	AmountSats       int64       `json:"amountSats"`
	PriceUSD         json.Number `json:"priceUsd"`
	Currency         string      `json:"currency"`
	Network          string      `json:"network"`
	BTCUSDRate       json.Number `json:"btcUsdRate"`
	RateSource       string      `json:"rateSource"`
	InvoiceExpiresAt string      `json:"invoiceExpiresAt"`
	ExpiresAt        string      `json:"expiresAt"`
	Authorization    string      `json:"authorization"`
}

func (f *fixture) challenge(t *testing.T, q dalil.Quote) (*dalil.Challenge, challengeBody) {
	t.Helper()
	ch, err := f.rail.Challenge(context.Background(), q)
	if err != nil {
		t.Fatalf("Challenge: %v", err)
	}
	raw, err := json.Marshal(ch.Body)
	if err != nil {
		t.Fatal(err)
	}
	var body struct {
		L402 challengeBody `json:"l402"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	dec.DisallowUnknownFields() // the body has exactly the fields below
	if err := dec.Decode(&body); err != nil {
		t.Fatalf("body %s: %v", raw, err)
	}
	return ch, body.L402
}

// paidToken runs Challenge and pays the invoice; it returns the macaroon
// (base64) and the preimage (hex).
func (f *fixture) paidToken(t *testing.T, q dalil.Quote) (string, string) {
	t.Helper()
	_, b := f.challenge(t, q)
	pre, err := f.lnd.PayInvoice(b.Invoice)
	if err != nil {
		t.Fatalf("pay: %v", err)
	}
	return b.Macaroon, pre
}

func authHeader(v string) http.Header {
	h := http.Header{}
	h.Set("Authorization", v)
	return h
}

func TestHappyPath(t *testing.T) {
	f := newFixture(t, nil)
	ch, b := f.challenge(t, quote)

	// Two WWW-Authenticate lines, LSAT then L402, same token and invoice.
	wantLines := []string{
		`LSAT macaroon="` + b.Macaroon + `", invoice="` + b.Invoice + `"`,
		`L402 macaroon="` + b.Macaroon + `", invoice="` + b.Invoice + `"`,
	}
	if diff := cmp.Diff(wantLines, ch.Headers.Values("WWW-Authenticate")); diff != "" {
		t.Errorf("WWW-Authenticate (-want +got):\n%s", diff)
	}
	// 0.01 USD at 97,123.45 USD/BTC = 10.296 sats -> 11.
	now := f.clock.Now()
	wantBody := challengeBody{
		Macaroon: b.Macaroon, Invoice: b.Invoice, PaymentHash: b.PaymentHash,
		AmountSats: 11, PriceUSD: "0.01", Currency: "BTC", Network: "lightning:mainnet",
		BTCUSDRate: "97123.45", RateSource: "configured", Authorization: "L402 <macaroon>:<preimage hex>",
		InvoiceExpiresAt: now.Add(10 * time.Minute).Format(time.RFC3339),
		ExpiresAt:        now.Add(70 * time.Minute).Format(time.RFC3339),
	}
	if diff := cmp.Diff(wantBody, b); diff != "" {
		t.Errorf("body (-want +got):\n%s", diff)
	}

	// The invoice is a valid, signed BOLT11 for 11 sats (110n) on mainnet
	// whose payment hash is the one in the macaroon identifier.
	inv, err := l402test.DecodeInvoice(b.Invoice)
	if err != nil {
		t.Fatalf("invoice %q: %v", b.Invoice, err)
	}
	if inv.HRP != "lnbc110n" || hex.EncodeToString(inv.PaymentHash[:]) != b.PaymentHash || inv.Description != "dalil analyze_property" || inv.Expiry != 10*time.Minute {
		t.Errorf("invoice decodes to %+v", inv)
	}
	if !bytes.Equal(inv.PayeeKey, f.lnd.NodeKey.PubKey().SerializeCompressed()) {
		t.Errorf("invoice payee is not the node")
	}
	macBin, _ := base64.StdEncoding.DecodeString(b.Macaroon)
	var m macaroon.Macaroon
	if err := m.UnmarshalBinary(macBin); err != nil {
		t.Fatal(err)
	}
	if id := m.Id(); len(id) != 66 || id[0] != 0 || id[1] != 0 || hex.EncodeToString(id[2:34]) != b.PaymentHash {
		t.Errorf("macaroon id %x is not version 0 ‖ payment hash ‖ token id", id)
	}

	pre, err := f.lnd.Pay(b.PaymentHash)
	if err != nil {
		t.Fatal(err)
	}
	h := authHeader("L402 " + b.Macaroon + ":" + pre)
	if !f.rail.Present(h) {
		t.Fatal("Present = false for an L402 credential")
	}
	p, err := f.rail.Verify(context.Background(), h, quote)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	wantPay := &dalil.Payment{
		Rail:         dalil.RailL402,
		CredentialID: "l402:" + b.PaymentHash,
		Amount:       quote.Price,
		ExpiresAt:    now.Add(70 * time.Minute),
	}
	if diff := cmp.Diff(wantPay, p, cmpIgnoreState); diff != "" {
		t.Errorf("Payment (-want +got):\n%s", diff)
	}
	rh, err := f.rail.Settle(context.Background(), p)
	if err != nil {
		t.Fatalf("Settle: %v", err)
	}
	if got, want := rh.Get(l402.HeaderReceipt), `payment_hash="`+b.PaymentHash+`", amount_sats=11`; got != want {
		t.Errorf("receipt %q, want %q", got, want)
	}
	if f.rail.ID() != dalil.RailL402 {
		t.Errorf("ID() = %q", f.rail.ID())
	}
}

var cmpIgnoreState = cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".State" }, cmp.Ignore())

// The rail is stateless: the same token verifies again with the same
// CredentialID, which is what lets the core's single claim make it
// single-use. Also checks the other accepted header spellings.
func TestCredentialIDStableAcrossSpellings(t *testing.T) {
	f := newFixture(t, nil)
	mac, pre := f.paidToken(t, quote)
	macBin, _ := base64.StdEncoding.DecodeString(mac)
	spellings := []string{
		"L402 " + mac + ":" + pre,
		"LSAT " + mac + ":" + pre,
		"l402 " + mac + ":" + strings.ToUpper(pre),
		"Payment eyJhIjoxfQ, L402 " + base64.RawURLEncoding.EncodeToString(macBin) + ":" + pre,
	}
	var ids []string
	for _, s := range spellings {
		p, err := f.rail.Verify(context.Background(), authHeader(s), quote)
		if err != nil {
			t.Fatalf("Verify(%q): %v", s, err)
		}
		ids = append(ids, p.CredentialID)
	}
	for _, id := range ids[1:] {
		if id != ids[0] {
			t.Errorf("CredentialIDs differ: %q", ids)
		}
	}
}

// checkRefusal asserts err is PAYMENT_INVALID with reason, in details and
// in the X-L402-Error header.
func checkRefusal(t *testing.T, err error, reason string) {
	t.Helper()
	var e *dalil.Error
	if !errors.As(err, &e) || e.Code != dalil.CodePaymentInvalid {
		t.Fatalf("error %v, want PAYMENT_INVALID (%s)", err, reason)
	}
	if got := l402.Reason(err); got != reason {
		t.Errorf("reason %q, want %q (%v)", got, reason, err)
	}
	if e.Headers[l402.HeaderError] != reason {
		t.Errorf("%s header %q, want %q", l402.HeaderError, e.Headers[l402.HeaderError], reason)
	}
	if e.Message == "" {
		t.Error("empty message")
	}
}

// checkUnavailable asserts err is the 503 wrapping ErrLightningUnavailable.
func checkUnavailable(t *testing.T, err error) {
	t.Helper()
	if !errors.Is(err, l402.ErrLightningUnavailable) || dalil.ErrorCode(err) != dalil.CodeServiceUnavailable {
		t.Fatalf("error %v, want SERVICE_UNAVAILABLE wrapping ErrLightningUnavailable", err)
	}
}

// rebuild returns a macaroon with id, caveats and signature taken as given
// (no HMAC work), base64 for the header: how a forger edits a token.
func rebuild(t *testing.T, id []byte, caveats []string, sig []byte) string {
	t.Helper()
	type cav struct {
		I string `json:"i"`
	}
	j := struct {
		C   []cav  `json:"c"`
		L   string `json:"l"`
		I64 string `json:"i64"`
		S64 string `json:"s64"`
	}{L: "dalil", I64: base64.RawURLEncoding.EncodeToString(id), S64: base64.RawURLEncoding.EncodeToString(sig)}
	for _, c := range caveats {
		j.C = append(j.C, cav{I: c})
	}
	raw, _ := json.Marshal(j)
	var m macaroon.Macaroon
	if err := m.UnmarshalJSON(raw); err != nil {
		t.Fatal(err)
	}
	bin, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(bin)
}

func decodeMac(t *testing.T, b64 string) *macaroon.Macaroon {
	t.Helper()
	bin, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	var m macaroon.Macaroon
	if err := m.UnmarshalBinary(bin); err != nil {
		t.Fatal(err)
	}
	return &m
}

func caveatIDs(m *macaroon.Macaroon) []string {
	var out []string
	for _, c := range m.Caveats() {
		out = append(out, string(c.Id))
	}
	return out
}

func encodeMac(t *testing.T, m *macaroon.Macaroon) string {
	t.Helper()
	bin, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(bin)
}

func TestVerifyRefusals(t *testing.T) {
	f := newFixture(t, nil)
	mac, pre := f.paidToken(t, quote)
	m := decodeMac(t, mac)
	cavs := caveatIDs(m)
	randomHex := func() string {
		b := make([]byte, 32)
		rand.Read(b)
		return hex.EncodeToString(b)
	}
	flipped := append([]byte(nil), m.Signature()...)
	flipped[0] ^= 1
	attenuate := func(extra string) string {
		c := m.Clone()
		if err := c.AddFirstPartyCaveat([]byte(extra)); err != nil {
			t.Fatal(err)
		}
		return encodeMac(t, c)
	}
	// A token minted by a rail with another root key, on the same node.
	other := newFixtureOn(t, f, func(c *l402.Config) { c.RootKey = bytes.Repeat([]byte("x"), 32) })
	_, ob := other.challenge(t, quote)
	opre, _ := f.lnd.Pay(ob.PaymentHash)
	// A token for another service, same root key, same node.
	svc := newFixtureOn(t, f, func(c *l402.Config) { c.Service = "other" })
	_, sb := svc.challenge(t, quote)
	spre, _ := f.lnd.Pay(sb.PaymentHash)
	// A macaroon with our key but a non-L402 identifier.
	shortID, _ := macaroon.New(f.cfg.RootKey, []byte("short id"), "dalil", macaroon.V2)
	for _, c := range cavs {
		shortID.AddFirstPartyCaveat([]byte(c))
	}
	// An unpaid invoice whose preimage the client somehow knows.
	_, ub := f.challenge(t, quote)
	upre, _ := f.lnd.Preimage(ub.PaymentHash)

	tests := []struct {
		name   string
		auth   string
		q      dalil.Quote
		reason string
		lookup bool // whether the refusal may ask LND
	}{
		{"no credential", "Bearer abc", quote, l402.ReasonMalformed, false},
		{"bare scheme", "L402", quote, l402.ReasonMalformed, false},
		{"not base64", "L402 %%%:" + pre, quote, l402.ReasonMalformed, false},
		{"short preimage", "L402 " + mac + ":" + pre[:62], quote, l402.ReasonMalformed, false},
		{"garbage macaroon", "L402 " + base64.StdEncoding.EncodeToString([]byte("not a macaroon")) + ":" + pre, quote, l402.ReasonMalformed, false},
		{"two macaroons", "L402 " + mac + "," + mac + ":" + pre, quote, l402.ReasonMalformed, false},
		{"trailing bytes after macaroon", "L402 " + base64.StdEncoding.EncodeToString(append(mustB64(t, mac), 0xff)) + ":" + pre, quote, l402.ReasonMalformed, false},
		{"non-L402 identifier", "L402 " + encodeMac(t, shortID) + ":" + pre, quote, l402.ReasonMalformed, false},
		{"wrong preimage", "L402 " + mac + ":" + randomHex(), quote, l402.ReasonBadPreimage, false},
		{"signature changed", "L402 " + rebuild(t, m.Id(), cavs, flipped) + ":" + pre, quote, l402.ReasonBadSignature, false},
		{"caveat removed", "L402 " + rebuild(t, m.Id(), cavs[:4], m.Signature()) + ":" + pre, quote, l402.ReasonBadSignature, false},
		{"caveat added without key", "L402 " + rebuild(t, m.Id(), append(append([]string(nil), cavs...), "dalil_capabilities=analyze_property"), m.Signature()) + ":" + pre, quote, l402.ReasonBadSignature, false},
		{"caveat edited", "L402 " + rebuild(t, m.Id(), append(append([]string(nil), cavs[:2]...), "dalil_valid_until=9999999999", cavs[3], cavs[4]), m.Signature()) + ":" + pre, quote, l402.ReasonBadSignature, false},
		{"payment hash swapped in id", "L402 " + rebuild(t, swapHash(m.Id(), ub.PaymentHash), cavs, m.Signature()) + ":" + upre, quote, l402.ReasonBadSignature, false},
		{"wrong root key", "L402 " + ob.Macaroon + ":" + opre, quote, l402.ReasonBadSignature, false},
		{"other service", "L402 " + sb.Macaroon + ":" + spre, quote, l402.ReasonWrongService, false},
		{"unknown caveat appended", "L402 " + attenuate("ip=10.0.0.1") + ":" + pre, quote, l402.ReasonUnknownCaveat, false},
		{"attenuated to expire", "L402 " + attenuate("dalil_valid_until=1") + ":" + pre, quote, l402.ReasonExpired, false},
		{"attenuated to another tool", "L402 " + attenuate("dalil_capabilities=compare_properties") + ":" + pre, quote, l402.ReasonWrongTool, false},
		{"wrong tool", "L402 " + mac + ":" + pre, dalil.Quote{Tool: "compare_properties", Price: quote.Price}, l402.ReasonWrongTool, false},
		{"price went up", "L402 " + mac + ":" + pre, dalil.Quote{Tool: quote.Tool, Price: quote.Price + 1}, l402.ReasonWrongAmount, false},
		{"unpaid invoice", "L402 " + ub.Macaroon + ":" + upre, quote, l402.ReasonUnpaid, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := f.lnd.Lookups()
			_, err := f.rail.Verify(context.Background(), authHeader(tt.auth), tt.q)
			checkRefusal(t, err, tt.reason)
			if !tt.lookup && f.lnd.Lookups() != before {
				t.Errorf("refusal %s asked LND; local checks must come first", tt.reason)
			}
		})
	}
	// The untouched token still verifies: the refusals above were about
	// the edits, not the token.
	if _, err := f.rail.Verify(context.Background(), authHeader("L402 "+mac+":"+pre), quote); err != nil {
		t.Fatalf("original token: %v", err)
	}
	// A valid narrowing attenuation is accepted.
	narrowed := attenuate("dalil_valid_until=" + strconv.FormatInt(f.clock.Now().Add(time.Minute).Unix(), 10))
	p, err := f.rail.Verify(context.Background(), authHeader("L402 "+narrowed+":"+pre), quote)
	if err != nil {
		t.Fatalf("narrowed token: %v", err)
	}
	if !p.ExpiresAt.Equal(f.clock.Now().Add(time.Minute)) {
		t.Errorf("ExpiresAt %v, want the narrowed expiry", p.ExpiresAt)
	}
}

func mustB64(t *testing.T, s string) []byte {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func swapHash(id []byte, hashHex string) []byte {
	out := append([]byte(nil), id...)
	h, _ := hex.DecodeString(hashHex)
	copy(out[2:34], h)
	return out
}

// newFixtureOn builds a second rail against f's node and clock.
func newFixtureOn(t *testing.T, f *fixture, edit func(*l402.Config)) *fixture {
	t.Helper()
	cfg := f.cfg
	edit(&cfg)
	r, err := l402.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{rail: r, lnd: f.lnd, clock: f.clock, cfg: cfg}
}

// TestConcurrent runs whole payments in parallel (meaningful under -race).
func TestConcurrent(t *testing.T) {
	f := newFixture(t, nil)
	var wg sync.WaitGroup
	ids := make([]string, 8)
	for i := range ids {
		wg.Go(func() {
			ch, err := f.rail.Challenge(context.Background(), quote)
			if err != nil {
				t.Error(err)
				return
			}
			b := ch.Body["l402"].(map[string]any)
			pre, err := f.lnd.Pay(b["paymentHash"].(string))
			if err != nil {
				t.Error(err)
				return
			}
			p, err := f.rail.Verify(context.Background(), authHeader("L402 "+b["macaroon"].(string)+":"+pre), quote)
			if err != nil {
				t.Error(err)
				return
			}
			ids[i] = p.CredentialID
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			t.Errorf("two challenges share CredentialID %s", id)
		}
		seen[id] = true
	}
}

func TestReasonOfOtherErrors(t *testing.T) {
	for _, err := range []error{nil, errors.New("x"), dalil.Errorf(dalil.CodeInvalidInput, "y"), &dalil.Error{Code: dalil.CodePaymentInvalid}} {
		if got := l402.Reason(err); got != "" {
			t.Errorf("Reason(%v) = %q, want empty", err, got)
		}
	}
}

func TestExpired(t *testing.T) {
	f := newFixture(t, nil)
	mac, pre := f.paidToken(t, quote)
	f.clock.Add(70*time.Minute - time.Second)
	if _, err := f.rail.Verify(context.Background(), authHeader("L402 "+mac+":"+pre), quote); err != nil {
		t.Fatalf("one second before expiry: %v", err)
	}
	f.clock.Add(time.Second)
	_, err := f.rail.Verify(context.Background(), authHeader("L402 "+mac+":"+pre), quote)
	checkRefusal(t, err, l402.ReasonExpired)
}

func TestInvoiceUnknownToNode(t *testing.T) {
	f := newFixture(t, nil)
	mac, pre := f.paidToken(t, quote)
	// Same root key, a fresh node that never saw the invoice.
	g := newFixture(t, func(c *l402.Config) { c.RootKey = f.cfg.RootKey })
	_, err := g.rail.Verify(context.Background(), authHeader("L402 "+mac+":"+pre), quote)
	checkRefusal(t, err, l402.ReasonUnpaid)
}

func TestExpiredInvoiceCannotBePaid(t *testing.T) {
	f := newFixture(t, nil)
	_, b := f.challenge(t, quote)
	f.clock.Add(10 * time.Minute)
	if _, err := f.lnd.Pay(b.PaymentHash); err == nil {
		t.Fatal("paid an expired invoice")
	}
	pre, _ := f.lnd.Preimage(b.PaymentHash)
	_, err := f.rail.Verify(context.Background(), authHeader("L402 "+b.Macaroon+":"+pre), quote)
	checkRefusal(t, err, l402.ReasonUnpaid)
}

func TestLightningUnavailable(t *testing.T) {
	faults := []struct {
		name  string
		fault l402test.Fault
	}{
		{"error", l402test.FaultError},
		{"hang", l402test.FaultHang},
		{"drop", l402test.FaultDrop},
	}
	for _, ft := range faults {
		t.Run(ft.name, func(t *testing.T) {
			f := newFixture(t, nil)
			mac, pre := f.paidToken(t, quote)
			// Same node and key, but a short LND timeout for the faults.
			short := newFixtureOn(t, f, func(c *l402.Config) { c.LNDTimeout = 300 * time.Millisecond })
			f.lnd.SetFault(ft.fault)

			_, err := short.rail.Challenge(context.Background(), quote)
			checkUnavailable(t, err)
			_, err = short.rail.Verify(context.Background(), authHeader("L402 "+mac+":"+pre), quote)
			checkUnavailable(t, err)

			// Once the node is back, the same token pays: nothing was lost.
			f.lnd.SetFault(l402test.FaultNone)
			if _, err := f.rail.Verify(context.Background(), authHeader("L402 "+mac+":"+pre), quote); err != nil {
				t.Fatalf("after recovery: %v", err)
			}
		})
	}
	t.Run("down", func(t *testing.T) {
		f := newFixture(t, nil)
		f.lnd.Close()
		_, err := f.rail.Challenge(context.Background(), quote)
		checkUnavailable(t, err)
	})
	t.Run("caller context", func(t *testing.T) {
		f := newFixture(t, nil) // 15 s LND timeout; the caller's deadline is shorter
		f.lnd.SetFault(l402test.FaultHang)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		_, err := f.rail.Challenge(ctx, quote)
		checkUnavailable(t, err)
	})
	t.Run("wrong node macaroon", func(t *testing.T) {
		f := newFixture(t, func(c *l402.Config) { c.InvoiceMacaroonHex = "00ff" })
		_, err := f.rail.Challenge(context.Background(), quote)
		checkUnavailable(t, err)
	})
	t.Run("untrusted certificate", func(t *testing.T) {
		f := newFixture(t, func(c *l402.Config) { c.TLSCertPEM = nil })
		_, err := f.rail.Challenge(context.Background(), quote)
		checkUnavailable(t, err)
	})
	t.Run("node on another network", func(t *testing.T) {
		lnd, err := l402test.NewServer("testnet")
		if err != nil {
			t.Fatal(err)
		}
		defer lnd.Close()
		r, err := l402.New(l402.Config{LNDURL: lnd.URL, InvoiceMacaroonHex: lnd.MacaroonHex, TLSCertPEM: lnd.CertPEM,
			RootKey: bytes.Repeat([]byte("k"), 32), BTCUSDRate: "100000"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.Challenge(context.Background(), quote)
		checkUnavailable(t, err)
	})
}

func TestNetworks(t *testing.T) {
	for net, prefix := range map[string]string{"mainnet": "lnbc", "testnet": "lntb", "signet": "lntbs", "regtest": "lnbcrt"} {
		t.Run(net, func(t *testing.T) {
			lnd, err := l402test.NewServer(net)
			if err != nil {
				t.Fatal(err)
			}
			defer lnd.Close()
			r, err := l402.New(l402.Config{LNDURL: lnd.URL, InvoiceMacaroonHex: lnd.MacaroonHex, HTTPClient: lnd.Client(),
				RootKey: bytes.Repeat([]byte("k"), 32), BTCUSDRate: "100000", Network: net})
			if err != nil {
				t.Fatal(err)
			}
			ch, err := r.Challenge(context.Background(), quote)
			if err != nil {
				t.Fatal(err)
			}
			body := ch.Body["l402"].(map[string]any)
			inv := body["invoice"].(string)
			if !strings.HasPrefix(inv, prefix+"100n1") { // 10 sats
				t.Errorf("invoice %q, want prefix %s100n1", inv, prefix)
			}
			if body["network"] != "lightning:"+net {
				t.Errorf("network %v", body["network"])
			}
		})
	}
}

func TestChallengeRefusesBadQuote(t *testing.T) {
	f := newFixture(t, nil)
	for _, q := range []dalil.Quote{
		{Tool: "", Price: 10_000},
		{Tool: "a,b", Price: 10_000},
		{Tool: "x=y", Price: 10_000},
		{Tool: "analyze_property", Price: -1},
	} {
		if _, err := f.rail.Challenge(context.Background(), q); err == nil {
			t.Errorf("Challenge(%+v) succeeded", q)
		}
	}
	if f.lnd.Adds() != 0 {
		t.Errorf("a refused quote created %d invoices", f.lnd.Adds())
	}
}

func TestSettleRefusesForeignPayment(t *testing.T) {
	f := newFixture(t, nil)
	for _, p := range []*dalil.Payment{nil, {Rail: dalil.RailX402}, {Rail: dalil.RailL402, State: "x"}} {
		if _, err := f.rail.Settle(context.Background(), p); err == nil {
			t.Errorf("Settle(%+v) succeeded", p)
		}
	}
}

func TestNewValidates(t *testing.T) {
	good := l402.Config{
		LNDURL: "https://127.0.0.1:8080", InvoiceMacaroonHex: "0201", RootKey: bytes.Repeat([]byte("k"), 32),
		BTCUSDRate: "97000",
	}
	if _, err := l402.New(good); err != nil {
		t.Fatalf("good config: %v", err)
	}
	tests := []struct {
		name string
		edit func(*l402.Config)
	}{
		{"short root key", func(c *l402.Config) { c.RootKey = c.RootKey[:31] }},
		{"no rate", func(c *l402.Config) { c.BTCUSDRate = "" }},
		{"float-looking rate", func(c *l402.Config) { c.BTCUSDRate = "9.7e4" }},
		{"zero rate", func(c *l402.Config) { c.BTCUSDRate = "0" }},
		{"unknown network", func(c *l402.Config) { c.Network = "liquid" }},
		{"bad service", func(c *l402.Config) { c.Service = "Dalil_X" }},
		{"no URL", func(c *l402.Config) { c.LNDURL = "" }},
		{"relative URL", func(c *l402.Config) { c.LNDURL = "/v1" }},
		{"plain http off loopback", func(c *l402.Config) { c.LNDURL = "http://lnd.example:8080" }},
		{"ftp", func(c *l402.Config) { c.LNDURL = "ftp://127.0.0.1" }},
		{"non-hex macaroon", func(c *l402.Config) { c.InvoiceMacaroonHex = "zz" }},
		{"no macaroon", func(c *l402.Config) { c.InvoiceMacaroonHex = "" }},
		{"bad PEM", func(c *l402.Config) { c.TLSCertPEM = []byte("nope") }},
		{"PEM and client", func(c *l402.Config) { c.TLSCertPEM = []byte("x"); c.HTTPClient = http.DefaultClient }},
		{"token shorter than invoice", func(c *l402.Config) { c.TokenTTL = time.Minute; c.InvoiceExpiry = 2 * time.Minute }},
		{"sub-second invoice expiry", func(c *l402.Config) { c.InvoiceExpiry = 90*time.Second + 1 }},
		{"negative timeout", func(c *l402.Config) { c.LNDTimeout = -1 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := good
			tt.edit(&c)
			if _, err := l402.New(c); err == nil {
				t.Errorf("New accepted %+v", c)
			}
		})
	}
	loop := good
	loop.LNDURL = "http://localhost:8080"
	if _, err := l402.New(loop); err != nil {
		t.Errorf("plain http on loopback: %v", err)
	}
}
