package x402test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/rail/x402"
)

// Options configures a Facilitator. The zero value is ready to use.
type Options struct {
	// Token, when set, must arrive as "Authorization: Bearer <Token>";
	// other requests get 401.
	Token string
	// Now is the clock used to judge time windows; nil means time.Now.
	Now func() time.Time
}

// Behavior makes the facilitator misbehave. The zero value is a facilitator
// that verifies and settles every valid payment once.
type Behavior struct {
	// VerifyInvalid, when set, makes /verify answer isValid:false with
	// this invalidReason (e.g. "insufficient_funds").
	VerifyInvalid string
	// SettleFail, when set, makes /settle answer HTTP 200 success:false
	// with this errorReason, recording nothing.
	SettleFail string
	// VerifyStatus and SettleStatus, when non-zero, make the endpoint
	// answer that HTTP status with a plain-text body.
	VerifyStatus, SettleStatus int
	// HangVerify and HangSettle make the endpoint wait until the caller
	// gives up (or the facilitator is closed) and answer nothing.
	HangVerify, HangSettle bool
	// NoTransaction makes a successful /settle omit the transaction hash.
	NoTransaction bool
}

// Settlement is one transfer the facilitator "executed".
type Settlement struct {
	Version     int
	Network     string // as in the requirements (v1 slug or CAIP-2)
	Payer       string // EIP-55
	To          string
	Value       string
	Nonce       string
	ReplayKey   string
	Transaction string
}

// Facilitator is a local x402 facilitator. It re-verifies every payload
// with x402.CheckPayload against the requirements it is sent, treats an
// authorization nonce as spent once settled (as the USDC contract does),
// and never touches a chain. It is safe for concurrent use.
type Facilitator struct {
	opts Options

	mu          sync.Mutex
	behavior    Behavior
	settled     map[string]Settlement // by replay key
	log         []Settlement
	verifyCalls int
	settleCalls int
	release     chan struct{}
	closed      bool

	srv *httptest.Server
}

// New returns a facilitator without a server: mount Handler() where you
// like (a test program for the npm clients can http.ListenAndServe it).
func New(opts Options) *Facilitator {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Facilitator{opts: opts, settled: map[string]Settlement{}, release: make(chan struct{})}
}

// NewFacilitator starts a facilitator on a loopback httptest server that is
// closed when t's test ends. Point x402.Config.FacilitatorURL at URL().
func NewFacilitator(t testing.TB, opts Options) *Facilitator {
	t.Helper()
	f := New(opts)
	f.srv = httptest.NewServer(f.Handler())
	t.Cleanup(f.Close)
	return f
}

// URL is the base URL of the server started by NewFacilitator.
func (f *Facilitator) URL() string {
	if f.srv == nil {
		return ""
	}
	return f.srv.URL
}

// Close releases hanging requests and stops the server, if any.
func (f *Facilitator) Close() {
	f.mu.Lock()
	if !f.closed {
		f.closed = true
		close(f.release)
	}
	f.mu.Unlock()
	if f.srv != nil {
		f.srv.Close()
	}
}

// Set replaces the facilitator's behavior.
func (f *Facilitator) Set(b Behavior) {
	f.mu.Lock()
	f.behavior = b
	f.mu.Unlock()
}

// Settlements returns the transfers settled so far, in order.
func (f *Facilitator) Settlements() []Settlement {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Settlement(nil), f.log...)
}

// Calls returns how many /verify and /settle requests arrived.
func (f *Facilitator) Calls() (verify, settle int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.verifyCalls, f.settleCalls
}

// Handler serves POST /verify, POST /settle and GET /supported, also under
// any path prefix (so ".../facilitator/verify" works too).
func (f *Facilitator) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f.opts.Token != "" && r.Header.Get("Authorization") != "Bearer "+f.opts.Token {
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "unauthorized"})
			return
		}
		switch {
		case r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/supported"):
			f.supported(w)
		case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/verify"):
			f.verify(w, r)
		case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/settle"):
			f.settle(w, r)
		default:
			http.NotFound(w, r)
		}
	})
}

func (f *Facilitator) supported(w http.ResponseWriter) {
	var kinds []map[string]any
	for _, n := range x402.Networks() {
		kinds = append(kinds,
			map[string]any{"x402Version": 2, "scheme": "exact", "network": n.ID},
			map[string]any{"x402Version": 1, "scheme": "exact", "network": n.V1Name})
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"kinds": kinds, "extensions": []string{},
		"signers": map[string][]string{"eip155:*": {"0x0000000000000000000000000000000000000402"}},
	})
}

// hang waits for the caller to give up or the facilitator to close.
func (f *Facilitator) hang(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-f.release:
	}
}

func (f *Facilitator) verify(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.verifyCalls++
	b := f.behavior
	f.mu.Unlock()
	switch {
	case b.HangVerify:
		f.hang(r)
		return
	case b.VerifyStatus != 0:
		http.Error(w, "facilitator failure", b.VerifyStatus)
		return
	}
	v, _, status, reason, msg := f.check(r)
	if reason != "" {
		writeJSON(w, status, map[string]any{"isValid": false, "invalidReason": reason, "invalidMessage": msg, "payer": payerOf(v)})
		return
	}
	if b.VerifyInvalid != "" {
		writeJSON(w, http.StatusOK, map[string]any{"isValid": false, "invalidReason": b.VerifyInvalid, "payer": v.Payer})
		return
	}
	f.mu.Lock()
	_, spent := f.settled[v.ReplayKey]
	f.mu.Unlock()
	if spent {
		writeJSON(w, http.StatusOK, map[string]any{"isValid": false, "invalidReason": "invalid_transaction_state", "invalidMessage": "authorization nonce already used", "payer": v.Payer})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"isValid": true, "payer": v.Payer})
}

func (f *Facilitator) settle(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.settleCalls++
	b := f.behavior
	f.mu.Unlock()
	switch {
	case b.HangSettle:
		f.hang(r)
		return
	case b.SettleStatus != 0:
		http.Error(w, "facilitator failure", b.SettleStatus)
		return
	}
	v, req, status, reason, _ := f.check(r)
	network := req.network
	if reason != "" {
		writeJSON(w, status, map[string]any{"success": false, "errorReason": reason, "transaction": "", "network": network, "payer": payerOf(v)})
		return
	}
	if b.SettleFail != "" {
		writeJSON(w, http.StatusOK, map[string]any{"success": false, "errorReason": b.SettleFail, "transaction": "", "network": network, "payer": v.Payer})
		return
	}
	sum := sha256.Sum256([]byte(v.ReplayKey))
	s := Settlement{
		Version: v.Version, Network: network, Payer: v.Payer,
		To: v.Authorization.To, Value: v.Authorization.Value, Nonce: v.Authorization.Nonce,
		ReplayKey: v.ReplayKey, Transaction: "0x" + hex.EncodeToString(sum[:]),
	}
	f.mu.Lock()
	_, spent := f.settled[v.ReplayKey]
	if !spent {
		f.settled[v.ReplayKey] = s
		f.log = append(f.log, s)
	}
	f.mu.Unlock()
	if spent {
		writeJSON(w, http.StatusOK, map[string]any{"success": false, "errorReason": "invalid_transaction_state", "transaction": "", "network": network, "payer": v.Payer})
		return
	}
	tx := s.Transaction
	if b.NoTransaction {
		tx = ""
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "transaction": tx, "network": network, "payer": v.Payer})
}

type parsedRequirement struct {
	network string
	req     x402.Requirement
}

// check decodes a /verify or /settle body and verifies it. A non-empty
// reason means refusal with that HTTP status.
func (f *Facilitator) check(r *http.Request) (v *x402.Verified, req parsedRequirement, status int, reason, msg string) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	if err != nil {
		return nil, req, http.StatusBadRequest, "invalid_payload", "unreadable body"
	}
	var in struct {
		X402Version         int             `json:"x402Version"`
		PaymentPayload      json.RawMessage `json:"paymentPayload"`
		PaymentRequirements json.RawMessage `json:"paymentRequirements"`
	}
	if err := json.Unmarshal(body, &in); err != nil || len(in.PaymentPayload) == 0 || len(in.PaymentRequirements) == 0 {
		return nil, req, http.StatusBadRequest, "invalid_payload", "body must be {x402Version, paymentPayload, paymentRequirements}"
	}
	if in.X402Version != 1 && in.X402Version != 2 {
		return nil, req, http.StatusBadRequest, "invalid_x402_version", "x402Version must be 1 or 2"
	}
	req, err = parseRequirements(in.X402Version, in.PaymentRequirements)
	if err != nil {
		return nil, req, http.StatusBadRequest, "invalid_payment_requirements", err.Error()
	}
	v, err = x402.CheckPayload(in.X402Version, in.PaymentPayload, req.req, f.opts.Now())
	if err != nil {
		if reason := x402.Reason(err); reason != "" {
			var e *dalil.Error
			errors.As(err, &e)
			return nil, req, http.StatusOK, reason, e.Message
		}
		return nil, req, http.StatusBadRequest, "invalid_payment_requirements", err.Error()
	}
	return v, req, http.StatusOK, "", ""
}

// parseRequirements reads the requirements in their v1 or v2 wire form.
func parseRequirements(version int, raw json.RawMessage) (parsedRequirement, error) {
	var w struct {
		Scheme            string `json:"scheme"`
		Network           string `json:"network"`
		Amount            string `json:"amount"`
		MaxAmountRequired string `json:"maxAmountRequired"`
		Asset             string `json:"asset"`
		PayTo             string `json:"payTo"`
		MaxTimeoutSeconds int    `json:"maxTimeoutSeconds"`
		Resource          string `json:"resource"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return parsedRequirement{}, fmt.Errorf("paymentRequirements: %v", err)
	}
	p := parsedRequirement{network: w.Network}
	if w.Scheme != "exact" {
		return p, fmt.Errorf("scheme %q is not supported", w.Scheme)
	}
	n, ok := x402.LookupNetwork(w.Network)
	if !ok || (version == 1 && w.Network != n.V1Name) || (version == 2 && w.Network != n.ID) {
		return p, fmt.Errorf("network %q is not a v%d network this facilitator knows", w.Network, version)
	}
	if !strings.EqualFold(w.Asset, n.Asset) {
		return p, fmt.Errorf("asset %s is not USDC on %s", w.Asset, n.ID)
	}
	amount := w.Amount
	if version == 1 {
		amount = w.MaxAmountRequired
		if w.Resource == "" {
			return p, errors.New("v1 requirements need a resource")
		}
	}
	if amount == "" || w.PayTo == "" || w.MaxTimeoutSeconds <= 0 {
		return p, errors.New("amount, payTo and maxTimeoutSeconds are required")
	}
	p.req = x402.Requirement{Network: n, Amount: amount, PayTo: w.PayTo, MaxTimeoutSeconds: w.MaxTimeoutSeconds}
	return p, nil
}

func payerOf(v *x402.Verified) string {
	if v == nil {
		return ""
	}
	return v.Payer
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
