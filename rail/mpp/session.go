package mpp

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"

	"dalil"
	"dalil/rail/mpp/internal/tempo"
)

// IntentSession names Dalil's metered sessions in receipts and listings.
const IntentSession = "session"

// Session limits (the reference service's): budget 0.01–1000 USD, 1–100
// tools, one hour to use it.
const (
	MinSessionBudget  = dalil.MicroUSD(10_000)
	MaxSessionBudget  = 1000 * dalil.USD
	MaxSessionTools   = 100
	DefaultSessionTTL = time.Hour
)

// sessionDescription is the description of every deposit challenge; it is
// pinned like any other request field.
const sessionDescription = "Dalil MPP session deposit"

var sessionIDRE = regexp.MustCompile(`^mpps_[A-Za-z0-9_-]{22}$`)

// SessionsConfig configures Sessions.
type SessionsConfig struct {
	// Store keeps sessions; required.
	Store SessionStore
	// PayeeKey is the 32-byte secp256k1 private key of the rail's
	// Recipient. Deposits land there, so refunds of unused budget are
	// signed with it. Required.
	PayeeKey []byte
	// TTL is how long an opened session takes draws; default one hour.
	TTL time.Duration
}

// Sessions runs budgeted, metered MPP sessions on top of a Rail. Opening
// one takes a tempo charge of the whole budget (any mppx charge client can
// pay it); each tool call draws on the budget; closing refunds what was not
// used through the Tempo RPC.
type Sessions struct {
	rail  *Rail
	store SessionStore
	key   *secp256k1.PrivateKey
	ttl   time.Duration
}

// NewSessions returns Sessions for rail. It fails when the store is missing
// or PayeeKey is not the key of the rail's Recipient.
func NewSessions(rail *Rail, cfg SessionsConfig) (*Sessions, error) {
	if rail == nil || cfg.Store == nil {
		return nil, errors.New("mpp: sessions need a rail and a store")
	}
	k, err := rail.payeeKey(cfg.PayeeKey)
	if err != nil {
		return nil, err
	}
	if cfg.TTL <= 0 {
		cfg.TTL = DefaultSessionTTL
	}
	return &Sessions{rail: rail, store: cfg.Store, key: k, ttl: cfg.TTL}, nil
}

// OpenRequest is the body of POST /api/v1/mpp/sessions.
type OpenRequest struct {
	// MaxBudget is the budget in USD as a decimal string ("1.50"); a JSON
	// number is accepted too.
	MaxBudget    json.RawMessage `json:"maxBudget"`
	Currency     string          `json:"currency"`
	AllowedTools []string        `json:"allowedTools"`
}

func (o OpenRequest) check() (dalil.MicroUSD, error) {
	var probs []dalil.Problem
	s := strings.TrimSpace(string(o.MaxBudget))
	if uq, err := unquote(s); err == nil {
		s = uq
	}
	budget, err := dalil.ParseUSD(s)
	if err != nil || budget < MinSessionBudget || budget > MaxSessionBudget {
		probs = append(probs, dalil.Problem{Path: "maxBudget", Message: "must be a USD amount from 0.01 to 1000 with at most 6 decimals"})
	}
	if o.Currency != "USD" {
		probs = append(probs, dalil.Problem{Path: "currency", Message: `must be "USD"`})
	}
	if n := len(o.AllowedTools); n < 1 || n > MaxSessionTools {
		probs = append(probs, dalil.Problem{Path: "allowedTools", Message: fmt.Sprintf("must list 1 to %d tool ids", MaxSessionTools)})
	}
	seen := map[string]bool{}
	for i, t := range o.AllowedTools {
		if t == "" || len(t) > 100 || seen[t] {
			probs = append(probs, dalil.Problem{Path: fmt.Sprintf("allowedTools.%d", i), Message: "must be a distinct, non-empty tool id"})
		}
		seen[t] = true
	}
	if probs != nil {
		return 0, dalil.InvalidInput(probs...)
	}
	return budget, nil
}

func unquote(s string) (string, error) {
	var out string
	err := json.Unmarshal([]byte(s), &out)
	return out, err
}

func newSessionID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return "mpps_" + base64.RawURLEncoding.EncodeToString(b[:])
}

func (s *Sessions) terms(budget dalil.MicroUSD, id string) (terms, error) {
	amt, err := BaseUnits(budget, s.rail.cfg.Decimals)
	if err != nil {
		return terms{}, err
	}
	return terms{amount: amt, description: sessionDescription, externalID: id}, nil
}

// Open opens a session. Without a Payment credential in h it returns a
// *dalil.Error with CodePaymentRequired whose Headers hold the deposit
// challenge (a tempo charge of the whole budget, externalId = the future
// session id) and whose Details hold the challenge body. With a credential
// for that challenge (and the same body) it verifies and settles the
// deposit and returns the active session; repeating a successful open
// returns the same session. Errors: CodeInvalidInput (body),
// CodePaymentInvalid (credential or settlement).
func (s *Sessions) Open(ctx context.Context, req OpenRequest, h http.Header) (*Session, error) {
	budget, err := req.check()
	if err != nil {
		return nil, err
	}
	if !s.rail.Present(h) {
		t, err := s.terms(budget, newSessionID())
		if err != nil {
			return nil, err
		}
		ch, _, _, err := s.rail.issue(t)
		if err != nil {
			return nil, err
		}
		hdrs := map[string]string{}
		for k := range ch.Headers {
			hdrs[k] = ch.Headers.Get(k)
		}
		return nil, &dalil.Error{
			Code:    dalil.CodePaymentRequired,
			Message: "Pay the session deposit: answer the Payment challenge in WWW-Authenticate and repeat this request.",
			Details: ch.Body, Headers: hdrs,
		}
	}
	w, err := ParseCredential(h)
	if err != nil {
		return nil, err
	}
	id := echoedExternalID(w)
	if !sessionIDRE.MatchString(id) {
		return nil, refuse("invalid-challenge", "this credential answers no session deposit challenge; open the session without a credential first")
	}
	t, err := s.terms(budget, id)
	if err != nil {
		return nil, err
	}
	p, err := s.rail.verify(ctx, w, t)
	if err != nil {
		return nil, err
	}
	st := p.State.(*settlement)
	deposit := "0x" + hex.EncodeToString(st.hash[:])
	if old, err := s.store.Get(ctx, id); err == nil {
		return s.sameOpen(old, deposit)
	}
	if _, err := s.rail.Settle(ctx, p); err != nil {
		return nil, err
	}
	now := s.rail.cfg.Now().UTC()
	sess := Session{
		ID: id, Status: SessionActive, Payer: p.Payer, Budget: budget,
		AllowedTools: append([]string(nil), req.AllowedTools...), DepositTx: deposit,
		CreatedAt: now, ExpiresAt: now.Add(s.ttl),
	}
	if err := s.store.Create(ctx, sess); err != nil {
		if errors.Is(err, ErrSessionExists) {
			if old, gerr := s.store.Get(ctx, id); gerr == nil {
				return s.sameOpen(old, deposit)
			}
		}
		return nil, fmt.Errorf("mpp: store session %s: %w", id, err)
	}
	return &sess, nil
}

// sameOpen answers a repeated open: the same deposit gets its session back.
func (s *Sessions) sameOpen(old Session, deposit string) (*Session, error) {
	if !strings.EqualFold(old.DepositTx, deposit) {
		return nil, refuse("invalid-challenge", "this deposit challenge was already paid by another transaction; open a new session")
	}
	return &old, nil
}

func echoedExternalID(w *Credential) string {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(w.Challenge.Request, "="))
	if err != nil {
		return ""
	}
	var r struct {
		ExternalID string `json:"externalId"`
	}
	_ = json.Unmarshal(b, &r)
	return r.ExternalID
}

// Get returns a session. Errors: CodeNotFound.
func (s *Sessions) Get(ctx context.Context, id string) (*Session, error) {
	sess, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, s.storeErr(id, err)
	}
	return &sess, nil
}

func (s *Sessions) storeErr(id string, err error) error {
	switch {
	case errors.Is(err, ErrSessionNotFound):
		return dalil.Errorf(dalil.CodeNotFound, "No MPP session %s.", id)
	case errors.Is(err, ErrSessionInactive):
		return dalil.Errorf(dalil.CodePaymentInvalid, "MPP session %s is closed; open a new session.", id)
	case errors.Is(err, ErrSessionExpired):
		return dalil.Errorf(dalil.CodePaymentInvalid, "MPP session %s has expired; close it to get the unused budget back and open a new one.", id)
	case errors.Is(err, ErrCallsInFlight):
		return dalil.Errorf(dalil.CodeIdempotencyInProgress, "MPP session %s has calls in flight; retry the close when they finish.", id)
	}
	return fmt.Errorf("mpp: session %s: %w", id, err)
}

// Draw is one reservation on a session, to be committed or released.
type Draw struct {
	SessionID string
	Key       string
	Tool      string
	Amount    dalil.MicroUSD
	// Replayed is true when Key was already committed for this tool and
	// price: the core replays the stored response and charges nothing.
	Replayed bool
}

// Draw reserves price on the session for one call of tool, atomically
// against the remaining budget (it never goes below zero), idempotent per
// idemKey: the same key returns the same draw (Replayed once committed).
// An empty idemKey gets a random one (no idempotency). The core runs the
// capability, then calls Commit on a 2xx and Release otherwise. Errors:
// CodeNotFound, CodePaymentInvalid (tool not allowed, closed, expired,
// budget exhausted), CodeIdempotencyKeyReused (same key, other tool or
// price), CodeIdempotencyInProgress (same key still running).
func (s *Sessions) Draw(ctx context.Context, sessionID, tool string, price dalil.MicroUSD, idemKey string) (*Draw, error) {
	if price < 0 {
		return nil, fmt.Errorf("mpp: negative price %d", price)
	}
	sess, err := s.store.Get(ctx, sessionID)
	if err != nil {
		return nil, s.storeErr(sessionID, err)
	}
	if !contains(sess.AllowedTools, tool) {
		return nil, dalil.Errorf(dalil.CodePaymentInvalid, "MPP session %s does not allow tool %s; open a session listing it in allowedTools.", sessionID, tool)
	}
	if idemKey == "" {
		idemKey = "auto:" + newSessionID()
	}
	r, existed, err := s.store.Reserve(ctx, Reservation{SessionID: sessionID, Key: idemKey, Tool: tool, Amount: price}, s.rail.cfg.Now())
	if errors.Is(err, ErrBudgetExhausted) {
		return nil, dalil.Errorf(dalil.CodePaymentInvalid, "MPP session %s budget exhausted: %s left, this call costs %s; close it and open a new session.",
			sessionID, sess.Remaining().Decimal(), price.Decimal())
	}
	if err != nil {
		return nil, s.storeErr(sessionID, err)
	}
	d := &Draw{SessionID: sessionID, Key: idemKey, Tool: tool, Amount: price}
	if existed {
		switch {
		case r.Tool != tool || r.Amount != price:
			return nil, dalil.Errorf(dalil.CodeIdempotencyKeyReused, "Idempotency-Key %q was used on this session for another call.", idemKey)
		case !r.Committed:
			return nil, dalil.Errorf(dalil.CodeIdempotencyInProgress, "A call with Idempotency-Key %q is still running on this session.", idemKey)
		}
		d.Replayed = true
	}
	return d, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Commit makes a draw spend (after a 2xx). Committing a replayed draw is a
// no-op.
func (s *Sessions) Commit(ctx context.Context, d *Draw) error {
	if err := s.store.Commit(ctx, d.SessionID, d.Key); err != nil {
		return fmt.Errorf("mpp: commit draw %s on %s: %w", d.Key, d.SessionID, err)
	}
	return nil
}

// Release returns a draw's reservation to the budget (after a non-2xx).
// Releasing a replayed (committed) draw is a no-op.
func (s *Sessions) Release(ctx context.Context, d *Draw) error {
	if d.Replayed {
		return nil
	}
	if err := s.store.Release(ctx, d.SessionID, d.Key); err != nil {
		return fmt.Errorf("mpp: release draw %s on %s: %w", d.Key, d.SessionID, err)
	}
	return nil
}

// RefundDraw gives back amount of the committed draw key to its session's
// budget while the session is open: its spent goes down, so the close
// claims that much less of the deposit and refunds it to the payer with
// the rest of the unused budget (a voice call drawn at its maximum gives
// back what it did not use). Once per draw: a repeated call returns the
// first one's amount. Errors wrap the store's sentinels, for errors.Is:
// ErrSessionInactive (closing or closed: nothing can be given back any
// more, the close claimed the draw), ErrSessionNotFound,
// ErrReservationNotFound (no such draw, or it was released),
// ErrReservationNotCommitted, ErrRefundExceedsDraw.
func (s *Sessions) RefundDraw(ctx context.Context, sessionID, key string, amount dalil.MicroUSD) (dalil.MicroUSD, error) {
	got, err := s.store.RefundDraw(ctx, sessionID, key, amount, s.rail.cfg.Now().UTC())
	if err != nil {
		return 0, fmt.Errorf("mpp: refund draw %s on %s: %w", key, sessionID, err)
	}
	return got, nil
}

// Close ends a session and settles it: the unused budget (deposit minus
// what was spent, which RefundDraw lowered by what it gave back) goes back to the payer in one TIP-20 transferWithMemo
// signed with PayeeKey, broadcast and confirmed through the Tempo RPC. The
// signed refund is stored before it is broadcast, so a retried close sends
// the same transaction and never refunds twice. It returns the closed
// session and its Payment-Receipt header. Errors: CodeNotFound,
// CodeIdempotencyInProgress (calls in flight), CodeProviderUnavailable (the
// refund did not confirm; the session stays closing and close can be
// retried).
func (s *Sessions) Close(ctx context.Context, id string) (*Session, http.Header, error) {
	sess, err := s.store.Close(ctx, id, s.rail.cfg.Now())
	if err != nil {
		return nil, nil, s.storeErr(id, err)
	}
	cfg := s.rail.cfg
	deposit, _ := BaseUnits(sess.Budget, cfg.Decimals)
	used, _ := BaseUnits(sess.Spent, cfg.Decimals)
	refund := new(big.Int).Sub(deposit, used)
	if sess.Status == SessionClosing && refund.Sign() > 0 {
		if sess.RefundTx == "" {
			raw, hash, err := s.signRefund(ctx, sess, refund)
			if err != nil {
				return nil, nil, refundErr(id, err)
			}
			if sess, err = s.store.SetRefund(ctx, id, hash, raw); err != nil {
				return nil, nil, s.storeErr(id, err)
			}
		}
		tctx, cancel := context.WithTimeout(ctx, cfg.SettleTimeout)
		defer cancel()
		hash := tempo.Keccak256(sess.RefundRaw)
		rc, err := s.rail.rpc.broadcast(tctx, sess.RefundRaw, hash, cfg.PollInterval)
		if err != nil {
			return nil, nil, refundErr(id, err)
		}
		if !rc.succeeded() && strings.EqualFold(rc.TransactionHash, "0x"+hex.EncodeToString(hash[:])) {
			// Mined but reverted: it moved nothing and its nonce is spent,
			// so resending it can never succeed. Forget it; the next close
			// signs a fresh refund.
			if err := s.store.ResetRefund(ctx, id, sess.RefundTx); err != nil {
				return nil, nil, s.storeErr(id, err)
			}
			return nil, nil, refundErr(id, fmt.Errorf("refund 0x%x reverted", hash))
		}
		payer, _ := tempo.ParseAddress(sess.Payer)
		if _, err := s.rail.matchRefund(rc, hash, payer, refund, id); err != nil {
			return nil, nil, refundErr(id, err)
		}
	}
	if sess.Status == SessionClosing {
		if sess, err = s.store.MarkClosed(ctx, id, cfg.Now().UTC()); err != nil {
			return nil, nil, s.storeErr(id, err)
		}
	}
	ref := sess.RefundTx
	if ref == "" {
		ref = sess.DepositTx
	}
	hdr, err := receiptHeader(Receipt{
		Method: Method, Intent: IntentSession, Reference: ref, Status: "success",
		Timestamp: cfg.Now().UTC().Format("2006-01-02T15:04:05.000Z"),
		SessionID: id, Spent: used.String(), Refunded: refund.String(),
	})
	if err != nil {
		return nil, nil, err
	}
	return &sess, hdr, nil
}

func refundErr(id string, err error) *dalil.Error {
	return &dalil.Error{
		Code:    dalil.CodeProviderUnavailable,
		Message: fmt.Sprintf("MPP session %s is closed to new calls but its refund is not confirmed yet; retry the close.", id),
		Err:     err,
	}
}

// signRefund builds and signs the refund transfer of a closing session.
func (s *Sessions) signRefund(ctx context.Context, sess Session, amount *big.Int) ([]byte, string, error) {
	cfg := s.rail.cfg
	payer, err := tempo.ParseAddress(sess.Payer)
	if err != nil {
		return nil, "", err
	}
	data := tempo.EncodeTransferWithMemo(payer, amount, tempo.Memo(cfg.Realm, sess.ID))
	return s.rail.signPayeeCall(ctx, s.key, cfg.currency, data)
}

// payeeKey parses the recipient's private key (32 bytes, secp256k1) and
// checks that it is the key of the rail's Recipient.
func (r *Rail) payeeKey(b []byte) (*secp256k1.PrivateKey, error) {
	if len(b) != 32 {
		return nil, errors.New("mpp: PayeeKey must be a 32-byte secp256k1 private key")
	}
	k := secp256k1.PrivKeyFromBytes(b)
	if !tempo.PubToAddress(k.PubKey()).Equal(r.cfg.recipient) {
		return nil, fmt.Errorf("mpp: PayeeKey is not the key of Recipient %s", r.cfg.recipient.Hex())
	}
	return k, nil
}

// signPayeeCall builds and signs a transaction from the recipient calling
// to with data (a refund transfer, an escrow close), gas and fee from the
// RPC. It returns the raw transaction and its hash.
func (r *Rail) signPayeeCall(ctx context.Context, key *secp256k1.PrivateKey, to tempo.Address, data []byte) ([]byte, string, error) {
	cfg := r.cfg
	ctx, cancel := context.WithTimeout(ctx, cfg.SettleTimeout)
	defer cancel()
	if err := r.rpc.checkChain(ctx); err != nil {
		return nil, "", err
	}
	var gasHex, priceHex string
	callObj := map[string]string{"from": cfg.recipient.Hex(), "to": to.Hex(), "data": "0x" + hex.EncodeToString(data)}
	if err := r.rpc.call(ctx, "eth_estimateGas", []any{callObj}, &gasHex); err != nil {
		return nil, "", err
	}
	if err := r.rpc.call(ctx, "eth_gasPrice", nil, &priceHex); err != nil {
		return nil, "", err
	}
	gas, err := parseQuantity(gasHex)
	if err != nil || !gas.IsUint64() {
		return nil, "", fmt.Errorf("eth_estimateGas: %q", gasHex)
	}
	price, err := parseQuantity(priceHex)
	if err != nil {
		return nil, "", fmt.Errorf("eth_gasPrice: %q", priceHex)
	}
	// Headroom: estimates ignore the new nonce lane's storage, and the fee
	// may rise before inclusion; unused gas is not charged.
	raw := tempo.SignTx(tempo.Unsigned{
		ChainID: cfg.chainID, MaxPriorityFeePerGas: new(big.Int), MaxFeePerGas: new(big.Int).Mul(price, big.NewInt(2)),
		Gas:      gas.Uint64()*3/2 + 50_000,
		Calls:    []tempo.Call{{To: &to, Value: new(big.Int), Data: data}},
		NonceKey: tempo.RandomNonceKey(), FeeToken: &cfg.currency,
	}, key)
	h := tempo.Keccak256(raw)
	return raw, "0x" + hex.EncodeToString(h[:]), nil
}

// matchRefund checks the refund receipt: success and a memo-bound transfer
// of amount from the recipient to the payer.
func (r *Rail) matchRefund(rc *receipt, hash [32]byte, payer tempo.Address, amount *big.Int, sessionID string) (tempo.Address, error) {
	if !strings.EqualFold(rc.TransactionHash, "0x"+hex.EncodeToString(hash[:])) || !rc.succeeded() {
		return tempo.Address{}, fmt.Errorf("refund 0x%x did not succeed", hash)
	}
	for _, tr := range rc.transfers() {
		if tr.Token.Equal(r.cfg.currency) && tr.From.Equal(r.cfg.recipient) && tr.To.Equal(payer) &&
			tr.Amount.Cmp(amount) == 0 && tr.HasMemo && tempo.MemoBound(tr.Memo, r.cfg.Realm, sessionID) {
			return tr.From, nil
		}
	}
	return tempo.Address{}, fmt.Errorf("refund 0x%x holds no transfer of %s to %s", hash, amount, payer.Hex())
}
