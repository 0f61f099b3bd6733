package mpp

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/rail/mpp/internal/tempo"
	"dalil/rail/mpp/mpptest"
)

var (
	testSecret    = []byte("0123456789abcdef0123456789abcdef")
	testPayeeKey  = tempo.Keccak256([]byte("dalil test payee"))
	testRecipient = func() string {
		k := secp256k1PrivKey(testPayeeKey[:])
		return tempo.PubToAddress(k.PubKey()).Hex()
	}()
	testQuote = dalil.Quote{Tool: "analyze_property", Price: 10_000, Resource: "http://127.0.0.1/api/v1/mpp/charge/analyze_property", Description: "Analyze a property"}
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type fixture struct {
	rail  *Rail
	rpc   *mpptest.RPC
	clock *clock
	payer *mpptest.Payer
}

func newFixture(t *testing.T, edit ...func(*Config)) *fixture {
	t.Helper()
	rpc := mpptest.NewRPC(t, 42431)
	clk := &clock{t: time.Now().UTC().Truncate(time.Second)}
	cfg := Config{
		SecretKey: testSecret, Realm: "127.0.0.1", Recipient: testRecipient, RPCURL: rpc.URL,
		SettleTimeout: 2 * time.Second, PollInterval: 10 * time.Millisecond, Now: clk.Now,
	}
	for _, e := range edit {
		e(&cfg)
	}
	r, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := mpptest.NewPayer("alice")
	p.Now = clk.Now
	return &fixture{rail: r, rpc: rpc, clock: clk, payer: p}
}

func (f *fixture) challenge(t *testing.T, q dalil.Quote) mpptest.Challenge {
	t.Helper()
	ch, err := f.rail.Challenge(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	c, err := mpptest.ParseChallenge(ch.Headers.Get("WWW-Authenticate"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func txCredential(t *testing.T, p *mpptest.Payer, ch mpptest.Challenge, o mpptest.Tx) string {
	t.Helper()
	raw, err := p.Transaction(ch, o)
	if err != nil {
		t.Fatal(err)
	}
	return mpptest.Credential(ch, map[string]any{"type": "transaction", "signature": "0x" + hex.EncodeToString(raw)}, p.Source(ch.ChainID))
}

func authz(v string) http.Header { return http.Header{"Authorization": {v}} }

func TestNewRefusesBadConfig(t *testing.T) {
	base := Config{SecretKey: testSecret, Realm: "r", Recipient: testRecipient, RPCURL: "http://127.0.0.1:1"}
	tests := map[string]func(*Config){
		"short secret":    func(c *Config) { c.SecretKey = []byte("short") },
		"no realm":        func(c *Config) { c.Realm = "" },
		"quoted realm":    func(c *Config) { c.Realm = `a"b` },
		"unknown network": func(c *Config) { c.Network = "base" },
		"bad recipient":   func(c *Config) { c.Recipient = "0x12" },
		"zero recipient":  func(c *Config) { c.Recipient = "0x0000000000000000000000000000000000000000" },
		"bad currency":    func(c *Config) { c.Currency = "usd" },
		"no rpc":          func(c *Config) { c.RPCURL = "" },
		"rpc not http":    func(c *Config) { c.RPCURL = "ftp://x" },
	}
	for name, edit := range tests {
		t.Run(name, func(t *testing.T) {
			c := base
			edit(&c)
			if _, err := New(c); err == nil {
				t.Error("New accepted it")
			}
		})
	}
	r, err := New(base)
	if err != nil {
		t.Fatal(err)
	}
	if r.ChainID() != 42431 || r.cfg.currency.Hex() != Networks["tempo-testnet"].Currency || r.cfg.ChallengeTTL != 300*time.Second {
		t.Errorf("defaults: chain %d currency %s ttl %v", r.ChainID(), r.cfg.currency.Hex(), r.cfg.ChallengeTTL)
	}
}

func TestChallengeFormat(t *testing.T) {
	f := newFixture(t)
	ch, err := f.rail.Challenge(context.Background(), testQuote)
	if err != nil {
		t.Fatal(err)
	}
	h := ch.Headers.Get("WWW-Authenticate")
	if !strings.HasPrefix(h, `Payment id="`) || !strings.Contains(h, `method="tempo", intent="charge"`) || !strings.Contains(h, `expires="`) {
		t.Errorf("header %s", h)
	}
	if ch.Headers.Get("Cache-Control") != "no-store" {
		t.Error("no Cache-Control: no-store")
	}
	c, _ := mpptest.ParseChallenge(h)
	if c.Amount.String() != "10000" || c.ChainID != 42431 || c.Recipient != strings.ToLower(testRecipient) {
		t.Errorf("request %+v", c)
	}
	exp, err := time.Parse(time.RFC3339, c.Expires)
	if err != nil || !exp.Equal(f.clock.Now().Add(300*time.Second)) {
		t.Errorf("expires %s (%v)", c.Expires, err)
	}
	// The request is JCS, so the client's re-encoding is byte-identical.
	raw, _ := base64.RawURLEncoding.DecodeString(c.Request)
	canon, _ := Canonicalize(raw)
	if string(canon) != string(raw) {
		t.Errorf("request is not canonical: %s", raw)
	}
	// The id is the HMAC of the advertised fields.
	if id := ChallengeID(testSecret, c.Realm, c.Method, c.Intent, c.Request, c.Expires, "", c.Opaque); id != c.ID {
		t.Errorf("id %s, recomputed %s", c.ID, id)
	}
	list, ok := ch.Body["challenges"].([]map[string]any)
	if !ok || len(list) != 1 || list[0]["id"] != c.ID {
		t.Errorf("body %v", ch.Body)
	}
}

func TestPayVerifySettle(t *testing.T) {
	f := newFixture(t)
	ch := f.challenge(t, testQuote)
	hdr, err := f.payer.Pay(challengeHeader(t, f, testQuote, ch))
	if err != nil {
		t.Fatal(err)
	}
	h := http.Header{"Authorization": {"Bearer abc, " + hdr}}
	if !f.rail.Present(h) {
		t.Fatal("Present = false")
	}
	p, err := f.rail.Verify(context.Background(), h, testQuote)
	if err != nil {
		t.Fatal(err)
	}
	if p.Rail != dalil.RailMPP || p.Payer != f.payer.Address || p.Amount != 10_000 || !strings.HasPrefix(p.CredentialID, "mpp:") {
		t.Errorf("payment %+v", p)
	}
	// Verifying again gives the same CredentialID, so the core's single-use
	// claim catches the replay.
	p2, err := f.rail.Verify(context.Background(), h, testQuote)
	if err != nil || p2.CredentialID != p.CredentialID {
		t.Fatalf("second verify: %v %v", p2, err)
	}
	rh, err := f.rail.Settle(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var rc Receipt
	b, err := base64.RawURLEncoding.DecodeString(rh.Get(ReceiptHeader))
	if err != nil || json.Unmarshal(b, &rc) != nil {
		t.Fatalf("receipt %q", rh.Get(ReceiptHeader))
	}
	st := p.State.(*settlement)
	if rc.Method != "tempo" || rc.Status != "success" || rc.Reference != "0x"+hex.EncodeToString(st.hash[:]) || rc.ChallengeID != strings.TrimPrefix(p.CredentialID, "mpp:") {
		t.Errorf("receipt %+v", rc)
	}
	if n := len(f.rpc.Sent()); n != 1 {
		t.Errorf("%d transactions broadcast", n)
	}
}

// challengeHeader re-serializes a parsed challenge as its header.
func challengeHeader(t *testing.T, f *fixture, q dalil.Quote, c mpptest.Challenge) string {
	t.Helper()
	return `Payment id="` + c.ID + `", realm="` + c.Realm + `", method="` + c.Method + `", intent="` + c.Intent + `", request="` + c.Request + `", expires="` + c.Expires + `", opaque="` + c.Opaque + `"`
}

func TestCredentialIDStableAcrossTransactions(t *testing.T) {
	f := newFixture(t)
	ch := f.challenge(t, testQuote)
	a, _ := f.rail.Verify(context.Background(), authz(txCredential(t, f.payer, ch, mpptest.Tx{})), testQuote)
	b, _ := f.rail.Verify(context.Background(), authz(txCredential(t, mpptest.NewPayer("bob"), ch, mpptest.Tx{})), testQuote)
	if a == nil || b == nil || a.CredentialID != b.CredentialID || a.CredentialID != "mpp:"+ch.ID {
		t.Errorf("credential ids %v %v", a, b)
	}
}

func TestVerifyRefusals(t *testing.T) {
	f := newFixture(t)
	other := mpptest.NewPayer("mallory")
	// Rails sharing the secret but configured differently issue challenges
	// that verify under the HMAC yet must not pay this route.
	otherRail := func(edit func(*Config)) *fixture {
		g := newFixture(t, edit)
		g.clock = f.clock
		return g
	}
	wrongRecipient := otherRail(func(c *Config) { c.Recipient = other.Address; c.Now = f.clock.Now })
	wrongCurrency := otherRail(func(c *Config) { c.Currency = "0x20c0000000000000000000000000000000000001"; c.Now = f.clock.Now })
	wrongChain := otherRail(func(c *Config) { c.ChainID = 4217; c.Now = f.clock.Now })
	foreign := otherRail(func(c *Config) { c.SecretKey = []byte("another secret of thirty-two bytes!"); c.Now = f.clock.Now })
	wrongRealm := otherRail(func(c *Config) { c.Realm = "other.example"; c.Now = f.clock.Now })

	good := f.challenge(t, testQuote)
	cheap := f.challenge(t, dalil.Quote{Tool: testQuote.Tool, Price: 1, Description: testQuote.Description})
	otherMemo := tempo.Memo("127.0.0.1", "another-challenge")
	badAmount := big.NewInt(9_999)

	tests := []struct {
		name   string
		header func() string
		want   string
	}{
		{"no credential", func() string { return "Bearer x" }, "Authorization: Payment"},
		{"two credentials", func() string {
			c := txCredential(t, f.payer, good, mpptest.Tx{})
			return c + ", " + c
		}, "exactly one"},
		{"not base64", func() string { return "Payment !!!" }, "base64url"},
		{"not json", func() string { return "Payment " + base64.RawURLEncoding.EncodeToString([]byte("nope")) }, "JSON"},
		{"missing fields", func() string {
			return "Payment " + base64.RawURLEncoding.EncodeToString([]byte(`{"challenge":{"id":"x"},"payload":{}}`))
		}, "echo challenge"},
		{"tampered id", func() string {
			c := good
			// Another first character: an ID that began with "A" was
			// left as it was (one run in 64 failed).
			first := "A"
			if c.ID[0] == 'A' {
				first = "B"
			}
			c.ID = first + c.ID[1:]
			return txCredential(t, f.payer, c, mpptest.Tx{})
		}, "unknown challenge"},
		{"tampered request", func() string {
			c := good
			raw, _ := base64.RawURLEncoding.DecodeString(c.Request)
			c.Request = base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(raw), `"10000"`, `"1"`, 1)))
			return txCredential(t, f.payer, c, mpptest.Tx{})
		}, "unknown challenge"},
		{"stripped expires", func() string {
			c := good
			c.Expires = ""
			return txCredential(t, f.payer, c, mpptest.Tx{ValidBefore: uint64(f.clock.Now().Unix() + 10)})
		}, "unknown challenge"},
		{"unknown challenge (other key)", func() string {
			return txCredential(t, f.payer, foreign.challenge(t, testQuote), mpptest.Tx{})
		}, "unknown challenge"},
		{"other realm", func() string { return txCredential(t, f.payer, wrongRealm.challenge(t, testQuote), mpptest.Tx{}) }, "this route takes"},
		{"challenge of a cheaper route", func() string { return txCredential(t, f.payer, cheap, mpptest.Tx{}) }, "wrong amount"},
		{"challenge for another recipient", func() string {
			return txCredential(t, f.payer, wrongRecipient.challenge(t, testQuote), mpptest.Tx{})
		}, "wrong recipient"},
		{"challenge for another currency", func() string {
			return txCredential(t, f.payer, wrongCurrency.challenge(t, testQuote), mpptest.Tx{})
		}, "wrong currency"},
		{"challenge for another chain", func() string {
			return txCredential(t, f.payer, wrongChain.challenge(t, testQuote), mpptest.Tx{})
		}, "wrong chain"},
		{"transfer of the wrong amount", func() string { return txCredential(t, f.payer, good, mpptest.Tx{Amount: badAmount}) }, "wrong amount"},
		{"transfer to the wrong recipient", func() string {
			return txCredential(t, f.payer, good, mpptest.Tx{Recipient: other.Address})
		}, "wrong recipient"},
		{"transfer on the wrong chain", func() string { return txCredential(t, f.payer, good, mpptest.Tx{ChainID: 4217}) }, "wrong chain"},
		{"transfer of the wrong token", func() string {
			return txCredential(t, f.payer, good, mpptest.Tx{Token: "0x20c0000000000000000000000000000000000001"})
		}, "wrong currency"},
		{"transfer without memo", func() string { return txCredential(t, f.payer, good, mpptest.Tx{NoMemo: true}) }, "memo"},
		{"memo of another challenge", func() string { return txCredential(t, f.payer, good, mpptest.Tx{Memo: &otherMemo}) }, "memo"},
		{"two calls", func() string { return txCredential(t, f.payer, good, mpptest.Tx{ExtraCall: true}) }, "exactly one call"},
		{"transaction already expired", func() string {
			return txCredential(t, f.payer, good, mpptest.Tx{ValidBefore: uint64(f.clock.Now().Unix() - 1)})
		}, "expired"},
		{"transaction outlives the challenge", func() string {
			return txCredential(t, f.payer, good, mpptest.Tx{ValidBefore: uint64(f.clock.Now().Unix() + 3600)})
		}, "validBefore"},
		{"bad signature", func() string {
			raw, _ := f.payer.Transaction(good, mpptest.Tx{})
			raw[len(raw)-10] ^= 0xff
			return mpptest.Credential(good, map[string]any{"type": "transaction", "signature": "0x" + hex.EncodeToString(raw)}, f.payer.Source(42431))
		}, "the payment is from"},
		{"source is someone else", func() string {
			raw, _ := f.payer.Transaction(good, mpptest.Tx{})
			return mpptest.Credential(good, map[string]any{"type": "transaction", "signature": "0x" + hex.EncodeToString(raw)}, other.Source(42431))
		}, "the payment is from"},
		{"source on another chain", func() string {
			raw, _ := f.payer.Transaction(good, mpptest.Tx{})
			return mpptest.Credential(good, map[string]any{"type": "transaction", "signature": "0x" + hex.EncodeToString(raw)}, f.payer.Source(1))
		}, "wrong chain"},
		{"not a tempo transaction", func() string {
			return mpptest.Credential(good, map[string]any{"type": "transaction", "signature": "0x02f8"}, "")
		}, "Tempo transaction"},
		{"unknown payload type", func() string { return mpptest.Credential(good, map[string]any{"type": "iou"}, "") }, "payload type"},
		{"proof for a paid challenge", func() string {
			return mpptest.Credential(good, map[string]any{"type": "proof", "signature": f.payer.Proof(good)}, f.payer.Source(42431))
		}, "zero-amount"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := f.rail.Verify(context.Background(), authz(tc.header()), testQuote)
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != dalil.CodePaymentInvalid {
				t.Fatalf("Verify = %+v, %v; want PAYMENT_INVALID", p, err)
			}
			if !strings.Contains(de.Message, tc.want) {
				t.Errorf("message %q does not mention %q", de.Message, tc.want)
			}
		})
	}
}

func TestVerifyExpiredChallenge(t *testing.T) {
	f := newFixture(t)
	ch := f.challenge(t, testQuote)
	hdr := txCredential(t, f.payer, ch, mpptest.Tx{})
	f.clock.Add(301 * time.Second)
	_, err := f.rail.Verify(context.Background(), authz(hdr), testQuote)
	if err == nil || !strings.Contains(err.Error(), "challenge expired") {
		t.Fatalf("Verify = %v, want challenge expired", err)
	}
}

func TestProofForZeroAmount(t *testing.T) {
	f := newFixture(t)
	free := dalil.Quote{Tool: "preview", Price: 0}
	ch := f.challenge(t, free)
	good := mpptest.Credential(ch, map[string]any{"type": "proof", "signature": f.payer.Proof(ch)}, f.payer.Source(42431))
	p, err := f.rail.Verify(context.Background(), authz(good), free)
	if err != nil {
		t.Fatal(err)
	}
	rh, err := f.rail.Settle(context.Background(), p)
	if err != nil || rh.Get(ReceiptHeader) == "" {
		t.Fatalf("Settle: %v", err)
	}
	forged := mpptest.Credential(ch, map[string]any{"type": "proof", "signature": mpptest.NewPayer("eve").Proof(ch)}, f.payer.Source(42431))
	if _, err := f.rail.Verify(context.Background(), authz(forged), free); err == nil || !strings.Contains(err.Error(), "bad signature") {
		t.Errorf("forged proof: %v", err)
	}
	tx := txCredential(t, f.payer, ch, mpptest.Tx{})
	if _, err := f.rail.Verify(context.Background(), authz(tx), free); err == nil {
		t.Error("transaction accepted for a zero-amount challenge")
	}
}

func TestHashCredential(t *testing.T) {
	f := newFixture(t)
	ch := f.challenge(t, testQuote)
	raw, _ := f.payer.Transaction(ch, mpptest.Tx{})
	hash, err := f.rpc.Mine(raw)
	if err != nil {
		t.Fatal(err)
	}
	p, err := f.rail.Verify(context.Background(), authz(mpptest.Credential(ch, map[string]any{"type": "hash", "hash": hash}, "")), testQuote)
	if err != nil {
		t.Fatal(err)
	}
	if p.Payer != f.payer.Address {
		t.Errorf("payer %s", p.Payer)
	}
	if _, err := f.rail.Settle(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	// A mined transfer bound to another challenge pays nothing here.
	ch2 := f.challenge(t, testQuote)
	if _, err := f.rail.Verify(context.Background(), authz(mpptest.Credential(ch2, map[string]any{"type": "hash", "hash": hash}, "")), testQuote); err == nil ||
		!strings.Contains(err.Error(), "memo-bound") {
		t.Errorf("reused hash: %v", err)
	}
	// Unknown hash.
	unknown := "0x" + strings.Repeat("ab", 32)
	if _, err := f.rail.Verify(context.Background(), authz(mpptest.Credential(ch, map[string]any{"type": "hash", "hash": unknown}, "")), testQuote); err == nil {
		t.Error("unknown hash accepted")
	}
}

func TestSettleFailures(t *testing.T) {
	tests := []struct {
		name   string
		set    func(*mpptest.RPC)
		within time.Duration
	}{
		{"rpc error", func(r *mpptest.RPC) { r.Fail.Store(true) }, time.Second},
		{"http 502", func(r *mpptest.RPC) { r.HTTPFail.Store(true) }, time.Second},
		{"rpc hangs", func(r *mpptest.RPC) { r.Hang.Store(true) }, 5 * time.Second},
		{"transaction reverts", func(r *mpptest.RPC) { r.Revert.Store(true) }, time.Second},
		{"never confirmed", func(r *mpptest.RPC) { r.Pending.Store(true) }, 5 * time.Second},
		{"rpc on another chain", func(r *mpptest.RPC) { r.WrongChain.Store(true) }, time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.SettleTimeout = 300 * time.Millisecond })
			ch := f.challenge(t, testQuote)
			p, err := f.rail.Verify(context.Background(), authz(txCredential(t, f.payer, ch, mpptest.Tx{})), testQuote)
			if err != nil {
				t.Fatal(err)
			}
			tc.set(f.rpc)
			start := time.Now()
			rh, err := f.rail.Settle(context.Background(), p)
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != dalil.CodePaymentInvalid || rh != nil {
				t.Fatalf("Settle = %v, %v; want PAYMENT_INVALID and no receipt", rh, err)
			}
			if d := time.Since(start); d > tc.within {
				t.Errorf("Settle took %v", d)
			}
		})
	}
}

func TestSettleTwiceIsHarmless(t *testing.T) {
	// Two replicas racing on one credential broadcast the same bytes: the
	// chain includes it once and both see its receipt. (The core's claim
	// stops this earlier; the rail must not make it worse.)
	f := newFixture(t)
	ch := f.challenge(t, testQuote)
	p, err := f.rail.Verify(context.Background(), authz(txCredential(t, f.payer, ch, mpptest.Tx{})), testQuote)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.rail.Settle(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if _, err := f.rail.Settle(context.Background(), p); err != nil {
		t.Fatalf("second settle: %v", err)
	}
}

func TestChallengesAreUnique(t *testing.T) {
	f := newFixture(t)
	a, b := f.challenge(t, testQuote), f.challenge(t, testQuote)
	if a.ID == b.ID {
		t.Fatal("two challenges for one route in one second share an id")
	}
}

func TestOpaqueEchoForms(t *testing.T) {
	f := newFixture(t)
	ch := f.challenge(t, testQuote)
	raw, _ := f.payer.Transaction(ch, mpptest.Tx{})
	pl := map[string]any{"type": "transaction", "signature": "0x" + hex.EncodeToString(raw)}
	wire := func(opaque any) string {
		c := map[string]any{"id": ch.ID, "realm": ch.Realm, "method": ch.Method, "intent": ch.Intent, "request": ch.Request, "expires": ch.Expires, "opaque": opaque}
		b, _ := json.Marshal(map[string]any{"challenge": c, "payload": pl})
		return "Payment " + base64.RawURLEncoding.EncodeToString(b)
	}
	if _, err := f.rail.Verify(context.Background(), authz(wire(ch.Opaque)), testQuote); err != nil {
		t.Errorf("opaque echoed as the base64url string: %v", err)
	}
	if _, err := f.rail.Verify(context.Background(), authz(wire(map[string]string{"nonce": "forged"})), testQuote); err == nil ||
		!strings.Contains(err.Error(), "unknown challenge") {
		t.Errorf("tampered opaque: %v", err)
	}
}
