package mpp

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/rail/mpp/internal/tempo"
	"dalil/rail/mpp/mpptest"
)

func newSessions(t *testing.T, f *fixture) (*Sessions, *MemoryStore) {
	t.Helper()
	st := NewMemoryStore()
	s, err := NewSessions(f.rail, SessionsConfig{Store: st, PayeeKey: testPayeeKey[:]})
	if err != nil {
		t.Fatal(err)
	}
	return s, st
}

var openReq = OpenRequest{MaxBudget: json.RawMessage(`"1.00"`), Currency: "USD", AllowedTools: []string{"analyze_property", "compare_properties"}}

// open runs the two-step open: 402 challenge, pay it, repeat.
func open(t *testing.T, f *fixture, s *Sessions, req OpenRequest) *Session {
	t.Helper()
	_, err := s.Open(context.Background(), req, http.Header{})
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodePaymentRequired || de.Headers["Www-Authenticate"] == "" {
		t.Fatalf("first open: %v", err)
	}
	cred, err := f.payer.Pay(de.Headers["Www-Authenticate"])
	if err != nil {
		t.Fatal(err)
	}
	sess, err := s.Open(context.Background(), req, authz(cred))
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.Open(context.Background(), req, authz(cred))
	if err != nil || again.ID != sess.ID {
		t.Fatalf("repeated open: %v, %v", again, err)
	}
	return sess
}

func TestNewSessionsNeedsPayeeKey(t *testing.T) {
	f := newFixture(t)
	other := tempo.Keccak256([]byte("not the payee"))
	if _, err := NewSessions(f.rail, SessionsConfig{Store: NewMemoryStore(), PayeeKey: other[:]}); err == nil {
		t.Error("accepted a key that is not the recipient's")
	}
}

func TestSessionLifecycle(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.SettleTimeout = 300 * time.Millisecond })
	s, _ := newSessions(t, f)
	ctx := context.Background()
	sess := open(t, f, s, openReq)
	if sess.Status != SessionActive || sess.Budget != dalil.USD || sess.Payer != f.payer.Address {
		t.Fatalf("session %+v", sess)
	}

	d, err := s.Draw(ctx, sess.ID, "analyze_property", 250_000, "k1")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(ctx, d); err != nil {
		t.Fatal(err)
	}
	// Same key again: replayed, charged nothing.
	d2, err := s.Draw(ctx, sess.ID, "analyze_property", 250_000, "k1")
	if err != nil || !d2.Replayed {
		t.Fatalf("replay: %+v %v", d2, err)
	}
	wantCode := func(err error, c dalil.Code) {
		t.Helper()
		if dalil.ErrorCode(err) != c {
			t.Errorf("got %v, want %s", err, c)
		}
	}
	_, err = s.Draw(ctx, sess.ID, "analyze_property", 1, "k1")
	wantCode(err, dalil.CodeIdempotencyKeyReused)
	_, err = s.Draw(ctx, sess.ID, "voice_call", 1, "k2")
	wantCode(err, dalil.CodePaymentInvalid)
	_, err = s.Draw(ctx, "mpps_nope", "analyze_property", 1, "k2")
	wantCode(err, dalil.CodeNotFound)
	// In flight: same key conflicts, close waits.
	d3, err := s.Draw(ctx, sess.ID, "compare_properties", 100_000, "k3")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Draw(ctx, sess.ID, "compare_properties", 100_000, "k3")
	wantCode(err, dalil.CodeIdempotencyInProgress)
	_, _, err = s.Close(ctx, sess.ID)
	wantCode(err, dalil.CodeIdempotencyInProgress)
	// A failed call releases; its key can be used again.
	if err := s.Release(ctx, d3); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Draw(ctx, sess.ID, "compare_properties", 800_000, "k4"); err == nil {
		t.Fatal("drew past the budget")
	} else {
		wantCode(err, dalil.CodePaymentInvalid)
	}
	got, _ := s.Get(ctx, sess.ID)
	if got.Spent != 250_000 || got.Reserved != 0 || got.Remaining() != 750_000 {
		t.Errorf("after draws %+v", got)
	}

	// Close refunds 0.75 USD to the payer, once, even when retried.
	f.rpc.Pending.Store(true) // the refund is sent but never confirms
	_, _, err = s.Close(ctx, sess.ID)
	wantCode(err, dalil.CodeProviderUnavailable)
	_, err = s.Draw(ctx, sess.ID, "analyze_property", 1, "k5")
	wantCode(err, dalil.CodePaymentInvalid) // closing: no new draws
	f.rpc.Pending.Store(false)
	closed, hdr, err := s.Close(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if closed.Status != SessionClosed || hdr.Get(ReceiptHeader) == "" {
		t.Errorf("closed %+v %v", closed, hdr)
	}
	sent := f.rpc.Sent()
	refund := sent[len(sent)-1]
	if !bytes.Equal(refund, sent[len(sent)-2]) {
		t.Error("the retried close signed a second refund instead of resending the first")
	}
	tx, err := tempo.DecodeTx(refund)
	if err != nil {
		t.Fatal(err)
	}
	tr, _ := tempo.DecodeTransfer(tx.Calls[0].Data)
	if tr.Amount.Cmp(big.NewInt(750_000)) != 0 || tr.To.Hex() != f.payer.Address || tx.From.Hex() != f.rail.cfg.recipient.Hex() {
		t.Errorf("refund %v to %s from %s", tr.Amount, tr.To.Hex(), tx.From.Hex())
	}
	if _, _, err := s.Close(ctx, sess.ID); err != nil {
		t.Fatal(err)
	}
	if n := len(f.rpc.Sent()); n != len(sent) {
		t.Errorf("closing a closed session broadcast again (%d → %d)", len(sent), n)
	}
}

// TestSessionRefundDrawLowersTheClaim: what RefundDraw gives back of a
// committed draw is no longer spent, so Close claims only the rest and
// the on-chain refund to the payer carries it (deposit − drawn +
// refunded); once closing, nothing more is given back.
func TestSessionRefundDrawLowersTheClaim(t *testing.T) {
	f := newFixture(t)
	s, _ := newSessions(t, f)
	ctx := context.Background()
	sess := open(t, f, s, openReq) // 1.00 USD
	d, err := s.Draw(ctx, sess.ID, "analyze_property", 600_000, "voice-call")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RefundDraw(ctx, sess.ID, "voice-call", 220_000); !errors.Is(err, ErrReservationNotCommitted) {
		t.Errorf("refund of a draw in flight: %v", err)
	}
	if err := s.Commit(ctx, d); err != nil {
		t.Fatal(err)
	}
	other, err := s.Draw(ctx, sess.ID, "compare_properties", 50_000, "other")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(ctx, other); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RefundDraw(ctx, sess.ID, "voice-call", 600_001); !errors.Is(err, ErrRefundExceedsDraw) {
		t.Errorf("refund above the draw: %v", err)
	}
	if got, err := s.RefundDraw(ctx, sess.ID, "voice-call", 220_000); err != nil || got != 220_000 {
		t.Fatalf("RefundDraw = %d, %v", got, err)
	}
	if got, err := s.RefundDraw(ctx, sess.ID, "voice-call", 1); err != nil || got != 220_000 {
		t.Errorf("RefundDraw again = %d, %v; want the first result", got, err)
	}
	cur, _ := s.Get(ctx, sess.ID)
	if cur.Spent != 430_000 || cur.Remaining() != 570_000 {
		t.Errorf("after the refund: spent %d remaining %d, want 430000 and 570000", cur.Spent, cur.Remaining())
	}
	closed, hdr, err := s.Close(ctx, sess.ID)
	if err != nil || closed.Status != SessionClosed {
		t.Fatalf("close: %+v, %v", closed, err)
	}
	sent := f.rpc.Sent()
	tx, err := tempo.DecodeTx(sent[len(sent)-1])
	if err != nil {
		t.Fatal(err)
	}
	tr, _ := tempo.DecodeTransfer(tx.Calls[0].Data)
	if tr.Amount.Cmp(big.NewInt(570_000)) != 0 || tr.To.Hex() != f.payer.Address {
		t.Errorf("close refunded %v to %s, want 570000 (1.00 − 0.60 − 0.05 + 0.22) to the payer", tr.Amount, tr.To.Hex())
	}
	var rc map[string]any
	b, _ := base64.RawURLEncoding.DecodeString(hdr.Get(ReceiptHeader))
	if err := json.Unmarshal(b, &rc); err != nil || rc["spent"] != "430000" || rc["refunded"] != "570000" {
		t.Errorf("close receipt %s, %v", b, err)
	}
	if _, err := s.RefundDraw(ctx, sess.ID, "other", 50_000); !errors.Is(err, ErrSessionInactive) {
		t.Errorf("refund on a closed session: %v", err)
	}
	if after, _ := s.Get(ctx, sess.ID); after.Spent != 430_000 {
		t.Errorf("a refund refused after the close changed spent to %d", after.Spent)
	}
}

func TestSessionOpenRefusals(t *testing.T) {
	f := newFixture(t)
	s, _ := newSessions(t, f)
	ctx := context.Background()
	for name, req := range map[string]OpenRequest{
		"budget too small": {MaxBudget: json.RawMessage(`"0.001"`), Currency: "USD", AllowedTools: []string{"a"}},
		"budget too large": {MaxBudget: json.RawMessage(`1001`), Currency: "USD", AllowedTools: []string{"a"}},
		"not USD":          {MaxBudget: json.RawMessage(`"1"`), Currency: "EUR", AllowedTools: []string{"a"}},
		"no tools":         {MaxBudget: json.RawMessage(`"1"`), Currency: "USD"},
		"duplicate tools":  {MaxBudget: json.RawMessage(`"1"`), Currency: "USD", AllowedTools: []string{"a", "a"}},
	} {
		if _, err := s.Open(ctx, req, http.Header{}); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A charge credential for a tool call cannot open a session.
	ch := f.challenge(t, testQuote)
	if _, err := s.Open(ctx, openReq, authz(txCredential(t, f.payer, ch, mpptest.Tx{}))); dalil.ErrorCode(err) != dalil.CodePaymentInvalid {
		t.Errorf("charge credential opened a session: %v", err)
	}
	// A deposit challenge for 1 USD does not open a 2 USD session.
	_, err := s.Open(ctx, openReq, http.Header{})
	var de *dalil.Error
	errors.As(err, &de)
	cred, _ := f.payer.Pay(de.Headers["Www-Authenticate"])
	bigger := openReq
	bigger.MaxBudget = json.RawMessage(`"2.00"`)
	if _, err := s.Open(ctx, bigger, authz(cred)); err == nil {
		t.Error("1 USD deposit opened a 2 USD session")
	}
}

// Property: under many concurrent draws, commits and releases, the budget
// never goes negative and spend equals the committed draws.
func TestSessionBudgetNeverNegative(t *testing.T) {
	f := newFixture(t)
	s, st := newSessions(t, f)
	ctx := context.Background()
	for round := 0; round < 5; round++ {
		sess := open(t, f, s, openReq)
		var mu sync.Mutex
		var committed dalil.MicroUSD
		var wg sync.WaitGroup
		for g := 0; g < 32; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				r := rand.New(rand.NewPCG(uint64(round), uint64(g)))
				for i := 0; i < 50; i++ {
					price := dalil.MicroUSD(r.IntN(40_000) + 1)
					key := fmt.Sprintf("g%d-%d", g, r.IntN(60)) // collisions exercise idempotency
					d, err := s.Draw(ctx, sess.ID, "analyze_property", price, key)
					if err != nil {
						continue
					}
					cur, _ := st.Get(ctx, sess.ID)
					if cur.Remaining() < 0 || cur.Spent+cur.Reserved > cur.Budget {
						t.Errorf("budget overdrawn: %+v", cur)
					}
					if d.Replayed {
						continue
					}
					if r.IntN(3) == 0 {
						_ = s.Release(ctx, d)
						continue
					}
					if err := s.Commit(ctx, d); err == nil {
						mu.Lock()
						committed += price
						mu.Unlock()
					}
				}
			}(g)
		}
		wg.Wait()
		got, _ := st.Get(ctx, sess.ID)
		if got.Spent != committed || got.Reserved != 0 || got.Remaining() < 0 {
			t.Fatalf("round %d: spent %d, committed %d, reserved %d", round, got.Spent, committed, got.Reserved)
		}
	}
}

// TestSessionRoutes drives the sessions' routes as the service mounts
// them: open (a PAYMENT_REQUIRED dalil error carrying the challenge, then
// the session), read, close with the refund's receipt; errors are dalil
// codes, which the service's one table answers.
func TestSessionRoutes(t *testing.T) {
	f := newFixture(t)
	s, _ := newSessions(t, f)
	routes := map[string]dalil.Route{}
	for _, rt := range s.Routes() {
		routes[rt.Method+" "+rt.Path] = rt
	}
	call := func(pattern, id, auth, body string) (dalil.Reply, error) {
		rt, ok := routes[pattern]
		if !ok {
			t.Fatalf("no route %s", pattern)
		}
		req := httptest.NewRequest(rt.Method, "/", nil)
		req.SetPathValue("id", id)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		var b []byte
		if rt.Body == dalil.BodyJSON {
			if rt.MaxBody != MaxOpenBody {
				t.Errorf("%s: body cap %d", pattern, rt.MaxBody)
			}
			b = []byte(body)
		}
		return rt.Handle(req, b)
	}
	body := `{"maxBudget":"0.50","currency":"USD","allowedTools":["analyze_property"]}`
	_, err := call("POST /api/v1/mpp/sessions", "", "", body)
	var de *dalil.Error
	challenge := http.Header{}
	if errors.As(err, &de) {
		for k, v := range de.Headers {
			challenge.Set(k, v)
		}
	}
	if de == nil || de.Code != dalil.CodePaymentRequired || challenge.Get("WWW-Authenticate") == "" {
		t.Fatalf("open without payment: %v", err)
	}
	cred, err := f.payer.Pay(challenge.Get("WWW-Authenticate"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := call("POST /api/v1/mpp/sessions", "", cred, body+" {}"); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
		t.Fatalf("open with trailing data: %v", err)
	}
	opened, err := call("POST /api/v1/mpp/sessions", "", cred, body)
	v, _ := opened.Data.(SessionView)
	if err != nil || v.MaxBudget != "0.50" || opened.Rail != dalil.RailMPP {
		t.Fatalf("open: %+v %v", opened, err)
	}
	if got, err := call("GET /api/v1/mpp/sessions/{id}", v.ID, "", ""); err != nil || got.Data.(SessionView).ID != v.ID || got.Rail != "" {
		t.Fatalf("get: %+v %v", got, err)
	}
	closed, err := call("POST /api/v1/mpp/sessions/{id}/close", v.ID, "", "")
	if err != nil || closed.Header.Get(ReceiptHeader) == "" || closed.Data.(SessionView).Status != string(SessionClosed) {
		t.Fatalf("close: %+v %v", closed, err)
	}
	if _, err := call("GET /api/v1/mpp/sessions/{id}", "mpps_missing", "", ""); dalil.ErrorCode(err) != dalil.CodeNotFound {
		t.Errorf("missing session: %v", err)
	}
}

// TestDecodeOpenRequest: the one reading of a session open body.
func TestDecodeOpenRequest(t *testing.T) {
	tests := []struct {
		name, body, problem string
	}{
		{"valid", `{"maxBudget":"1.50","currency":"USD","allowedTools":["a"]}`, ""},
		{"a number budget", `{"maxBudget":1.5,"currency":"USD","allowedTools":["a"]}`, ""},
		{"unknown field", `{"maxBudget":"1","x":1}`, `must be one JSON object {maxBudget, currency, allowedTools}: unknown field "x"`},
		{"trailing data", `{"maxBudget":"1"} {}`, "must be a single JSON object"},
		{"not an object", `[1]`, "must be one JSON object {maxBudget, currency, allowedTools}: cannot unmarshal array into Go value of type mpp.OpenRequest"},
		{"empty", ``, "must be one JSON object {maxBudget, currency, allowedTools}: EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeOpenRequest([]byte(tt.body))
			if tt.problem == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput {
				t.Fatalf("err = %v, want INVALID_INPUT", err)
			}
			if ps, _ := de.Details.([]dalil.Problem); len(ps) != 1 || ps[0].Message != tt.problem {
				t.Errorf("problems %+v, want %q", de.Details, tt.problem)
			}
		})
	}
}

// A refund that was mined but reverted (status 0x0) can never succeed: its
// nonce is spent and nothing moved. A later Close signs a fresh refund, so
// the payer's unused budget is returned. (Close once rebroadcast the
// stored, reverted transaction forever.)
func TestSessionRefundRetriedAfterRevert(t *testing.T) {
	f := newFixture(t)
	s, _ := newSessions(t, f)
	ctx := context.Background()
	sess := open(t, f, s, openReq)

	f.rpc.Revert.Store(true) // e.g. the recipient lacked fee-token balance at that moment
	if _, _, err := s.Close(ctx, sess.ID); err == nil {
		t.Fatal("close with a reverted refund reported success")
	}
	f.rpc.Revert.Store(false) // the chain would now accept a new refund

	closed, _, err := s.Close(ctx, sess.ID)
	if err != nil {
		t.Fatalf("retried close after a reverted refund still fails (the reverted tx is resent forever; the payer is never refunded): %v", err)
	}
	if closed.Status != SessionClosed {
		t.Fatalf("status %s", closed.Status)
	}
}

// The Tempo RPC URL commonly carries a provider API key in its path or
// query (DALIL_MPP_RPC_URL). A failed refund is a 503 whose cause the access
// log writes (httpapi logs Err for status >= 500); the cause is the
// *url.Error of net/http, which quotes the whole URL: neither the cause
// nor the error's text may carry the key.
func TestSessionRPCURLSecretNotInErrorCause(t *testing.T) {
	const secret = "SECRET-API-KEY-123"
	f := newFixture(t)
	// Rebuild the rail on the same fake RPC, with a key in the URL query.
	cfg := *f.rail.cfg
	cfg.Config.RPCURL = f.rpc.URL + "/v2/" + secret + "?apikey=" + secret
	r, err := New(cfg.Config)
	if err != nil {
		t.Fatal(err)
	}
	f.rail = r
	s, _ := newSessions(t, f)
	sess := open(t, f, s, openReq)

	f.rpc.Close() // the RPC goes away: transport error
	_, _, err = s.Close(context.Background(), sess.ID)
	var de *dalil.Error
	if !errors.As(err, &de) {
		t.Fatalf("close: %v", err)
	}
	if de.Code != dalil.CodeProviderUnavailable {
		t.Fatalf("code %s", de.Code)
	}
	if de.Err != nil && strings.Contains(de.Err.Error(), secret) {
		t.Errorf("the error cause (logged by the access log for a 503) carries the RPC URL's API key: %q", de.Err.Error())
	}
	if strings.Contains(err.Error(), secret) {
		t.Errorf("err.Error() carries the RPC URL's API key")
	}
}
