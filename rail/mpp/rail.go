package mpp

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	"dalil"
	"dalil/rail/mpp/internal/tempo"
)

// Protocol constants.
const (
	// Scheme is the HTTP authentication scheme of MPP.
	Scheme = "Payment"
	// Method is the payment method this rail speaks.
	Method = "tempo"
	// IntentCharge is the one-time payment intent.
	IntentCharge = "charge"
	// ReceiptHeader carries the receipt on a paid response.
	ReceiptHeader = "Payment-Receipt"
	// ProblemBase prefixes the problem type URIs of the Payment scheme.
	ProblemBase = "https://paymentauth.org/problems/"
	// MaxCredentialSize caps the encoded credential, as Aperture does (64 KiB).
	MaxCredentialSize = 64 << 10
)

// Rail is the MPP pay-per-call rail (intent charge, method tempo).
type Rail struct {
	cfg      *resolved
	rpc      *rpcClient
	channels *Channels // the session intent, when enabled (EnableChannels)
}

var _ dalil.PaymentRail = (*Rail)(nil)

// New checks cfg and returns the rail. It makes no network call.
func New(cfg Config) (*Rail, error) {
	r, err := cfg.resolve()
	if err != nil {
		return nil, err
	}
	return &Rail{cfg: r, rpc: &rpcClient{url: r.RPCURL, http: r.HTTPClient, wantChain: r.chainID}}, nil
}

// ID returns dalil.RailMPP.
func (r *Rail) ID() string { return dalil.RailMPP }

// ChainID returns the chain the rail charges on.
func (r *Rail) ChainID() uint64 { return r.cfg.chainID }

// BaseUnits converts a registry price to base units of a token with the
// given number of decimals: exact when decimals >= 6 (micro-USD is 10^-6),
// rounded up otherwise so a price is never undercharged. Negative prices
// are an error. pathUSD and USDC.e have 6 decimals, so one micro-USD is one
// base unit there.
func BaseUnits(price dalil.MicroUSD, decimals int) (*big.Int, error) {
	if price < 0 {
		return nil, fmt.Errorf("mpp: negative price %d", price)
	}
	if decimals < 0 {
		return nil, fmt.Errorf("mpp: negative decimals %d", decimals)
	}
	v := big.NewInt(int64(price))
	if decimals >= 6 {
		return v.Mul(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals-6)), nil)), nil
	}
	d := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(6-decimals)), nil)
	q, m := new(big.Int).QuoRem(v, d, new(big.Int))
	if m.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	return q, nil
}

// ---------------------------------------------------------------- challenge

// chargeRequest is the tempo charge request, the JSON behind `request`.
type chargeRequest struct {
	Amount        string        `json:"amount"`
	Currency      string        `json:"currency"`
	Recipient     string        `json:"recipient"`
	Description   string        `json:"description,omitempty"`
	ExternalID    string        `json:"externalId,omitempty"`
	MethodDetails methodDetails `json:"methodDetails"`
}

type methodDetails struct {
	ChainID        uint64          `json:"chainId"`
	FeePayer       *bool           `json:"feePayer,omitempty"`
	Memo           string          `json:"memo,omitempty"`
	Splits         json.RawMessage `json:"splits,omitempty"`
	SupportedModes []string        `json:"supportedModes,omitempty"`
}

// terms is what one route charges now: the fields a credential's request
// must match (route pinning, so a cheap route's challenge cannot pay for an
// expensive one).
type terms struct {
	amount      *big.Int
	description string
	externalID  string
}

func (r *Rail) termsFor(q dalil.Quote) (terms, error) {
	amt, err := BaseUnits(q.Price, r.cfg.Decimals)
	if err != nil {
		return terms{}, err
	}
	return terms{amount: amt, description: q.Description}, nil
}

func (r *Rail) request(t terms) chargeRequest {
	return chargeRequest{
		Amount:        t.amount.String(),
		Currency:      r.cfg.currency.Hex(),
		Recipient:     r.cfg.recipient.Hex(),
		Description:   t.description,
		ExternalID:    t.externalID,
		MethodDetails: methodDetails{ChainID: r.cfg.chainID},
	}
}

// challengeParams are the HMAC-bound fields of a challenge.
type challengeParams struct {
	Realm, Method, Intent string
	Request               string // base64url (no padding) of JCS JSON
	Expires               string // RFC 3339
	Digest                string
	Opaque                string // base64url (no padding) of JCS JSON, or ""
}

// ChallengeID computes the challenge id as mppx does: base64url (no padding)
// of HMAC-SHA256(secret, realm|method|intent|request|expires|digest|opaque),
// every slot present (absent optional fields are empty strings).
func ChallengeID(secret []byte, realm, method, intent, request, expires, digest, opaque string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(strings.Join([]string{realm, method, intent, request, expires, digest, opaque}, "|")))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func (r *Rail) id(p challengeParams) string {
	return ChallengeID(r.cfg.SecretKey, p.Realm, p.Method, p.Intent, p.Request, p.Expires, p.Digest, p.Opaque)
}

// expiresFormat is RFC 3339 in UTC without fractions, which mppx's
// z.datetime() accepts and echoes untouched.
const expiresFormat = "2006-01-02T15:04:05Z"

// issue builds a challenge for t.
func (r *Rail) issue(t terms) (*dalil.Challenge, challengeParams, string, error) {
	req, err := canonicalOf(r.request(t))
	if err != nil {
		return nil, challengeParams{}, "", err
	}
	// A random nonce in opaque makes every challenge (and so every
	// CredentialID) unique: without it, two callers of one route in the
	// same second would get the same id, and the second payment would be
	// refused as a replay.
	var nonce [16]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return nil, challengeParams{}, "", err
	}
	opaque, err := canonicalOf(map[string]string{"nonce": base64.RawURLEncoding.EncodeToString(nonce[:])})
	if err != nil {
		return nil, challengeParams{}, "", err
	}
	p := challengeParams{
		Realm: r.cfg.Realm, Method: Method, Intent: IntentCharge,
		Request: base64.RawURLEncoding.EncodeToString(req),
		Expires: r.cfg.Now().UTC().Add(r.cfg.ChallengeTTL).Truncate(time.Second).Format(expiresFormat),
		Opaque:  base64.RawURLEncoding.EncodeToString(opaque),
	}
	id := r.id(p)
	hdr := fmt.Sprintf(`%s id="%s", realm="%s", method="%s", intent="%s", request="%s", expires="%s", opaque="%s"`,
		Scheme, id, p.Realm, p.Method, p.Intent, p.Request, p.Expires, p.Opaque)
	var decoded map[string]any
	_ = json.Unmarshal(req, &decoded)
	ch := &dalil.Challenge{
		Headers: http.Header{"Www-Authenticate": {hdr}, "Cache-Control": {"no-store"}},
		Body: map[string]any{
			"challenges": []map[string]any{{
				"scheme": Scheme, "id": id, "realm": p.Realm, "method": p.Method, "intent": p.Intent,
				"request": p.Request, "expires": p.Expires, "opaque": p.Opaque, "requestDecoded": decoded,
			}},
			"problem": map[string]any{
				"type": ProblemBase + "payment-required", "title": "Payment Required", "status": http.StatusPaymentRequired,
				"detail": "Pay with an MPP tempo charge credential in the Authorization header (scheme Payment).",
			},
		},
	}
	return ch, p, id, nil
}

// Challenge returns a tempo charge challenge for q: a WWW-Authenticate
// header (with Cache-Control: no-store) and body fields "challenges" (the
// same challenge as JSON) and "problem" (RFC 9457 payment-required) for the
// core to merge into its 402. Expiry is always set (ChallengeTTL).
func (r *Rail) Challenge(ctx context.Context, q dalil.Quote) (*dalil.Challenge, error) {
	t, err := r.termsFor(q)
	if err != nil {
		return nil, err
	}
	ch, _, _, err := r.issue(t)
	if err == nil && r.channels != nil {
		err = r.channels.addChallenge(ch, q)
	}
	return ch, err
}

// ---------------------------------------------------------------- credential

// Present reports whether h carries an `Authorization: Payment …`
// credential (among possibly several comma-separated schemes).
func (r *Rail) Present(h http.Header) bool {
	for _, v := range h.Values("Authorization") {
		for _, part := range strings.Split(v, ",") {
			if _, ok := cutScheme(strings.TrimSpace(part)); ok {
				return true
			}
		}
	}
	return false
}

// cutScheme returns the token after a case-insensitive "Payment " prefix.
func cutScheme(s string) (string, bool) {
	if len(s) <= len(Scheme) || !strings.EqualFold(s[:len(Scheme)], Scheme) || (s[len(Scheme)] != ' ' && s[len(Scheme)] != '\t') {
		return "", false
	}
	return strings.TrimSpace(s[len(Scheme):]), true
}

// Credential is the JSON inside `Authorization: Payment <b64url>`: the
// echoed challenge, the method-specific payload and an optional payer DID.
type Credential struct {
	Challenge struct {
		ID          string          `json:"id"`
		Realm       string          `json:"realm"`
		Method      string          `json:"method"`
		Intent      string          `json:"intent"`
		Request     string          `json:"request"`
		Expires     string          `json:"expires"`
		Digest      string          `json:"digest"`
		Description string          `json:"description"`
		Opaque      json.RawMessage `json:"opaque"`
	} `json:"challenge"`
	Payload json.RawMessage `json:"payload"`
	Source  string          `json:"source"`
}

// payload is a tempo charge payload: {type: transaction, signature: 0x76…},
// {type: hash, hash}, or {type: proof, signature}.
type payload struct {
	Type      string `json:"type"`
	Signature string `json:"signature"`
	Hash      string `json:"hash"`
}

// credential is a parsed credential whose challenge binding is checked.
type credential struct {
	wire    Credential
	params  challengeParams
	request chargeRequest
	payload payload
	expires time.Time
}

func refuse(problem, format string, args ...any) *dalil.Error {
	return &dalil.Error{
		Code:    dalil.CodePaymentInvalid,
		Message: "MPP credential refused: " + fmt.Sprintf(format, args...),
		Details: map[string]any{"rail": dalil.RailMPP, "problem": ProblemBase + problem},
	}
}

// ParseCredential extracts and decodes the one Payment credential in h,
// without checking it. It is exported for fuzzing and diagnostics; Verify
// is what decides.
func ParseCredential(h http.Header) (*Credential, error) {
	var found []string
	for _, v := range h.Values("Authorization") {
		for _, part := range strings.Split(v, ",") {
			if tok, ok := cutScheme(strings.TrimSpace(part)); ok {
				found = append(found, tok)
			}
		}
	}
	switch len(found) {
	case 0:
		return nil, refuse("malformed-credential", "send the credential as Authorization: Payment <base64url JSON>")
	case 1:
	default:
		return nil, refuse("malformed-credential", "send exactly one Payment credential, got %d", len(found))
	}
	tok := found[0]
	if len(tok) > MaxCredentialSize {
		return nil, refuse("malformed-credential", "credential exceeds %d bytes", MaxCredentialSize)
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(tok, "="))
	if err != nil {
		return nil, refuse("malformed-credential", "credential is not base64url")
	}
	var w Credential
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, refuse("malformed-credential", "credential is not the JSON {challenge, payload, source?}")
	}
	c := w.Challenge
	if c.ID == "" || c.Realm == "" || c.Method == "" || c.Intent == "" || c.Request == "" || len(w.Payload) == 0 {
		return nil, refuse("malformed-credential", "credential must echo challenge id, realm, method, intent and request, and carry a payload")
	}
	return &w, nil
}

// bind checks a parsed credential against this server: the HMAC id over the
// echoed fields, realm/method/intent, expiry, and decodes request and
// payload.
func (r *Rail) bind(w *Credential, intent string) (*credential, error) {
	c := w.Challenge
	// mppx decodes `request` and re-encodes it with JCS before hashing, so
	// do the same: the id covers the canonical form.
	reqJSON, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(c.Request, "="))
	if err != nil {
		return nil, refuse("invalid-challenge", "unknown challenge: request is not base64url; request a fresh challenge")
	}
	canon, err := Canonicalize(reqJSON)
	if err != nil {
		return nil, refuse("invalid-challenge", "unknown challenge: request is not JSON; request a fresh challenge")
	}
	p := challengeParams{
		Realm: c.Realm, Method: c.Method, Intent: c.Intent,
		Request: base64.RawURLEncoding.EncodeToString(canon),
		Expires: c.Expires, Digest: c.Digest,
	}
	if len(c.Opaque) > 0 && string(c.Opaque) != "null" {
		if p.Opaque, err = opaqueSlot(c.Opaque); err != nil {
			return nil, refuse("invalid-challenge", "unknown challenge: opaque is malformed; request a fresh challenge")
		}
	}
	if !hmac.Equal([]byte(r.id(p)), []byte(c.ID)) {
		return nil, refuse("invalid-challenge", "unknown challenge: its id was not issued by this server for these fields; request a fresh challenge")
	}
	if c.Realm != r.cfg.Realm || c.Method != Method || c.Intent != intent {
		return nil, refuse("invalid-challenge", "challenge is for %s %s/%s, this route takes %s %s/%s; request a fresh challenge",
			c.Realm, c.Method, c.Intent, r.cfg.Realm, Method, intent)
	}
	if c.Digest != "" {
		return nil, refuse("invalid-challenge", "challenge carries a body digest this server never issues; request a fresh challenge")
	}
	if c.Expires == "" {
		return nil, refuse("invalid-challenge", "challenge has no expiry; request a fresh challenge")
	}
	exp, err := time.Parse(time.RFC3339Nano, c.Expires)
	if err != nil {
		return nil, refuse("invalid-challenge", "challenge expiry %q is not RFC 3339; request a fresh challenge", c.Expires)
	}
	if now := r.cfg.Now(); !now.Before(exp) {
		return nil, refuse("payment-expired", "challenge expired at %s; request a fresh challenge and pay again", c.Expires)
	}
	cr := &credential{wire: *w, params: p, expires: exp}
	if err := json.Unmarshal(canon, &cr.request); err != nil {
		return nil, refuse("invalid-challenge", "challenge request is not a tempo charge request; request a fresh challenge")
	}
	if err := json.Unmarshal(w.Payload, &cr.payload); err != nil {
		return nil, refuse("malformed-credential", "payload must be {type, signature|hash}")
	}
	return cr, nil
}

// opaqueSlot returns the HMAC slot of an echoed opaque: mppx echoes it as
// an object, the spec as the base64url string; both hash as base64url JCS.
func opaqueSlot(raw json.RawMessage) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
		if err != nil {
			return "", err
		}
		raw = b
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		return "", err
	}
	canon, err := Canonicalize(raw)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(canon), nil
}

// pin checks that the echoed request is what this route charges now.
func (r *Rail) pin(cr *credential, t terms) error {
	q := cr.request
	if q.Amount != t.amount.String() {
		return refuse("invalid-challenge", "wrong amount: the challenge asks %s base units, this call costs %s; request a fresh challenge for this route", q.Amount, t.amount)
	}
	if !strings.EqualFold(q.Currency, r.cfg.currency.Hex()) {
		return refuse("invalid-challenge", "wrong currency: the challenge is for token %s, this server takes %s", q.Currency, r.cfg.currency.Hex())
	}
	if !strings.EqualFold(q.Recipient, r.cfg.recipient.Hex()) {
		return refuse("invalid-challenge", "wrong recipient: the challenge pays %s, this server is paid at %s", q.Recipient, r.cfg.recipient.Hex())
	}
	if q.MethodDetails.ChainID != r.cfg.chainID {
		return refuse("invalid-challenge", "wrong chain: the challenge is for chain %d, this server settles on chain %d", q.MethodDetails.ChainID, r.cfg.chainID)
	}
	md := q.MethodDetails
	if md.Memo != "" || len(md.Splits) > 0 || (md.FeePayer != nil && *md.FeePayer) || md.SupportedModes != nil {
		return refuse("invalid-challenge", "challenge carries method details this route never issues; request a fresh challenge")
	}
	if q.Description != t.description || q.ExternalID != t.externalID {
		return refuse("invalid-challenge", "challenge was issued for another route or session; request a fresh challenge for this one")
	}
	return nil
}

// settlement is the rail's state between Verify and Settle.
type settlement struct {
	kind        string // "transaction", "hash" or "proof"
	challengeID string
	raw         []byte
	hash        [32]byte
	from        tempo.Address
	amount      *big.Int
	rcpt        *receipt // hash credentials: fetched in Verify
}

// Verify checks the Payment credential in h against q without settling it:
// the challenge id (HMAC over the echoed fields, so forged or unknown
// challenges fail), realm/method/intent, expiry, amount, currency,
// recipient, chain, and the payment proof — for "transaction", the signed
// Tempo transaction (one TIP-20 transferWithMemo of the exact amount to the
// recipient on the currency, memo bound to this realm and challenge id,
// chain id, validity window, recovered sender = source); for "hash", the
// on-chain receipt of a transfer the payer already broadcast (read through
// the RPC); for "proof", the EIP-712 signature of a zero-amount challenge.
// Every refusal is *dalil.Error with CodePaymentInvalid.
// Payment.CredentialID is "mpp:" + the challenge id: a challenge is paid
// once, whatever the transaction bytes.
func (r *Rail) Verify(ctx context.Context, h http.Header, q dalil.Quote) (*dalil.Payment, error) {
	t, err := r.termsFor(q)
	if err != nil {
		return nil, err
	}
	w, err := ParseCredential(h)
	if err != nil {
		return nil, err
	}
	if r.channels != nil && w.Challenge.Intent == IntentSession {
		return r.channels.verify(ctx, w, q)
	}
	return r.verify(ctx, w, t)
}

func (r *Rail) verify(ctx context.Context, w *Credential, t terms) (*dalil.Payment, error) {
	cr, err := r.bind(w, IntentCharge)
	if err != nil {
		return nil, err
	}
	if err := r.pin(cr, t); err != nil {
		return nil, err
	}
	var src *tempo.Address
	if cr.wire.Source != "" {
		a, err := parseSource(cr.wire.Source, r.cfg.chainID)
		if err != nil {
			return nil, err
		}
		src = &a
	}
	id := cr.wire.Challenge.ID
	st := &settlement{kind: cr.payload.Type, challengeID: id, amount: t.amount}
	switch cr.payload.Type {
	case "transaction":
		if t.amount.Sign() == 0 {
			return nil, refuse("verification-failed", "zero-amount challenges take a proof credential")
		}
		if err := r.checkTx(cr, t, st); err != nil {
			return nil, err
		}
	case "hash":
		if t.amount.Sign() == 0 {
			return nil, refuse("verification-failed", "zero-amount challenges take a proof credential")
		}
		if err := r.checkHash(ctx, cr, t, st); err != nil {
			return nil, err
		}
	case "proof":
		if t.amount.Sign() != 0 {
			return nil, refuse("verification-failed", "proof credentials pay only zero-amount challenges; send a transaction credential")
		}
		if src == nil {
			return nil, refuse("verification-failed", "a proof credential needs source did:pkh:eip155:%d:<address>", r.cfg.chainID)
		}
		sig, err := tempo.HexBytes(cr.payload.Signature)
		if err != nil {
			return nil, refuse("verification-failed", "proof signature is not 0x hex")
		}
		got, err := tempo.Recover(tempo.ProofDigest(r.cfg.chainID, *src, id, cr.wire.Challenge.Realm), sig)
		if err != nil || !got.Equal(*src) {
			return nil, refuse("verification-failed", "bad signature: the proof is not signed by the source account")
		}
		st.from = *src
	default:
		return nil, refuse("malformed-credential", "payload type %q is not transaction, hash or proof", cr.payload.Type)
	}
	if src != nil && !st.from.Equal(*src) {
		return nil, refuse("verification-failed", "the payment is from %s but the credential source is %s", st.from.Hex(), src.Hex())
	}
	return &dalil.Payment{
		Rail:         dalil.RailMPP,
		CredentialID: "mpp:" + id,
		Payer:        st.from.Hex(),
		Amount:       toMicroUSD(t.amount, r.cfg.Decimals),
		ExpiresAt:    cr.expires,
		State:        st,
	}, nil
}

// toMicroUSD is the inverse of BaseUnits for display (rounded down).
func toMicroUSD(units *big.Int, decimals int) dalil.MicroUSD {
	v := new(big.Int).Set(units)
	if decimals >= 6 {
		v.Quo(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals-6)), nil))
	} else {
		v.Mul(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(6-decimals)), nil))
	}
	if !v.IsInt64() {
		return 0
	}
	return dalil.MicroUSD(v.Int64())
}

// parseSource parses did:pkh:eip155:<chainId>:<address>.
func parseSource(s string, chainID uint64) (tempo.Address, error) {
	rest, ok := strings.CutPrefix(s, "did:pkh:eip155:")
	if !ok {
		return tempo.Address{}, refuse("malformed-credential", "source must be did:pkh:eip155:<chainId>:<address>")
	}
	cid, addr, ok := strings.Cut(rest, ":")
	if !ok || cid != fmt.Sprint(chainID) {
		return tempo.Address{}, refuse("verification-failed", "wrong chain: source %q is not on chain %d", s, chainID)
	}
	a, err := tempo.ParseAddress(addr)
	if err != nil {
		return tempo.Address{}, refuse("malformed-credential", "source address: %v", err)
	}
	return a, nil
}

// checkTx verifies a pull-mode credential: the signed Tempo transaction.
func (r *Rail) checkTx(cr *credential, t terms, st *settlement) error {
	raw, err := tempo.HexBytes(cr.payload.Signature)
	if err != nil {
		return refuse("malformed-credential", "payload.signature must be the 0x-hex serialized Tempo transaction")
	}
	tx, err := tempo.DecodeTx(raw)
	if err != nil {
		return refuse("verification-failed", "transaction: %v", err)
	}
	if !tx.ChainID.IsUint64() || tx.ChainID.Uint64() != r.cfg.chainID {
		return refuse("verification-failed", "wrong chain: the transaction is for chain %s, this server settles on chain %d", tx.ChainID, r.cfg.chainID)
	}
	if len(tx.Calls) != 1 {
		return refuse("verification-failed", "the transaction must make exactly one call (a transferWithMemo), it makes %d", len(tx.Calls))
	}
	call := tx.Calls[0]
	if call.To == nil || !call.To.Equal(r.cfg.currency) {
		return refuse("verification-failed", "wrong currency: the transaction does not call token %s", r.cfg.currency.Hex())
	}
	if call.Value.Sign() != 0 {
		return refuse("verification-failed", "the transfer call must carry no native value")
	}
	tr, err := tempo.DecodeTransfer(call.Data)
	if err != nil {
		return refuse("verification-failed", "%v", err)
	}
	if !tr.To.Equal(r.cfg.recipient) {
		return refuse("verification-failed", "wrong recipient: the transfer pays %s, this server is paid at %s", tr.To.Hex(), r.cfg.recipient.Hex())
	}
	if tr.Amount.Cmp(t.amount) != 0 {
		return refuse("payment-insufficient", "wrong amount: the transfer is %s base units, the challenge asks %s", tr.Amount, t.amount)
	}
	if !tr.HasMemo || !tempo.MemoBound(tr.Memo, cr.wire.Challenge.Realm, cr.wire.Challenge.ID) {
		return refuse("verification-failed", "the transfer memo is not the MPP attribution memo bound to realm %q and this challenge id", cr.wire.Challenge.Realm)
	}
	now := uint64(r.cfg.Now().Unix())
	if tx.ValidBefore != 0 && tx.ValidBefore <= now {
		return refuse("payment-expired", "the transaction expired (validBefore %d); sign a new one", tx.ValidBefore)
	}
	if tx.ValidBefore != 0 && tx.ValidBefore > uint64(cr.expires.Unix()) {
		return refuse("verification-failed", "the transaction stays valid after the challenge expires; set validBefore <= %d", cr.expires.Unix())
	}
	if tx.ValidAfter > now {
		return refuse("verification-failed", "the transaction is not valid yet (validAfter %d)", tx.ValidAfter)
	}
	st.raw, st.hash, st.from = raw, tx.Hash, tx.From
	return nil
}

// checkHash verifies a push-mode credential through the transaction's receipt.
func (r *Rail) checkHash(ctx context.Context, cr *credential, t terms, st *settlement) error {
	b, err := tempo.HexBytes(cr.payload.Hash)
	if err != nil || len(b) != 32 {
		return refuse("malformed-credential", "payload.hash must be a 0x-hex 32-byte transaction hash")
	}
	copy(st.hash[:], b)
	ctx, cancel := context.WithTimeout(ctx, r.cfg.SettleTimeout)
	defer cancel()
	if err := r.rpc.checkChain(ctx); err != nil {
		return &dalil.Error{Code: dalil.CodePaymentInvalid, Message: "MPP credential not verified: the Tempo RPC is unavailable; retry later", Err: err}
	}
	rc, err := r.rpc.getReceipt(ctx, st.hash)
	if err != nil {
		return &dalil.Error{Code: dalil.CodePaymentInvalid, Message: "MPP credential not verified: the Tempo RPC is unavailable; retry later", Err: err}
	}
	if rc == nil {
		return refuse("verification-failed", "transaction 0x%x has no receipt yet; retry once it is mined", st.hash)
	}
	from, err := r.matchReceipt(rc, st.hash, cr.wire.Challenge.Realm, cr.wire.Challenge.ID, t.amount, nil)
	if err != nil {
		return err
	}
	st.from, st.rcpt = from, rc
	return nil
}

// matchReceipt checks a receipt: success, our hash, and a TIP-20
// TransferWithMemo on the currency to the recipient of amount with the
// memo bound to realm and challenge id (from sender, when known). It
// returns the payer.
func (r *Rail) matchReceipt(rc *receipt, hash [32]byte, realm, challengeID string, amount *big.Int, sender *tempo.Address) (tempo.Address, error) {
	if !strings.EqualFold(rc.TransactionHash, "0x"+hex.EncodeToString(hash[:])) {
		return tempo.Address{}, refuse("verification-failed", "the RPC returned a receipt for another transaction")
	}
	if !rc.succeeded() {
		return tempo.Address{}, refuse("verification-failed", "transaction 0x%x reverted on chain; nothing was paid", hash)
	}
	for _, tr := range rc.transfers() {
		if tr.Token.Equal(r.cfg.currency) && tr.To.Equal(r.cfg.recipient) && tr.Amount.Cmp(amount) == 0 &&
			tr.HasMemo && tempo.MemoBound(tr.Memo, realm, challengeID) && (sender == nil || tr.From.Equal(*sender)) {
			return tr.From, nil
		}
	}
	return tempo.Address{}, refuse("verification-failed", "transaction 0x%x holds no memo-bound transfer of %s to %s on %s", hash, amount, r.cfg.recipient.Hex(), r.cfg.currency.Hex())
}

// Settle makes p final. For a transaction credential it broadcasts the
// signed transaction (eth_sendRawTransaction), polls for its receipt within
// SettleTimeout and checks it; hash and proof credentials were settled by
// the payer. It returns the Payment-Receipt header (base64url JSON
// {method, reference, status, timestamp, challengeId}). A failed, reverted
// or unconfirmed settlement is *dalil.Error with CodePaymentInvalid: the
// core must then return no result.
func (r *Rail) Settle(ctx context.Context, p *dalil.Payment) (http.Header, error) {
	if cp, ok := p.State.(*channelPayment); ok && cp != nil && r.channels != nil {
		return r.channels.settle(ctx, cp)
	}
	st, ok := p.State.(*settlement)
	if !ok || st == nil {
		return nil, errors.New("mpp: Settle called with a payment this rail did not verify")
	}
	reference := "0x" + hex.EncodeToString(st.hash[:])
	switch st.kind {
	case "transaction":
		ctx, cancel := context.WithTimeout(ctx, r.cfg.SettleTimeout)
		defer cancel()
		if err := r.rpc.checkChain(ctx); err != nil {
			return nil, unsettled(err)
		}
		rc, err := r.rpc.broadcast(ctx, st.raw, st.hash, r.cfg.PollInterval)
		if err != nil {
			return nil, unsettled(err)
		}
		if _, err := r.matchReceipt(rc, st.hash, r.cfg.Realm, st.challengeID, st.amount, &st.from); err != nil {
			return nil, err
		}
	case "hash":
	case "proof":
		reference = st.challengeID
	default:
		return nil, errors.New("mpp: unknown settlement kind")
	}
	return receiptHeader(Receipt{
		Method: Method, Reference: reference, Status: "success",
		Timestamp: r.cfg.Now().UTC().Format("2006-01-02T15:04:05.000Z"), ChallengeID: st.challengeID,
	})
}

func unsettled(err error) *dalil.Error {
	return &dalil.Error{
		Code:    dalil.CodePaymentInvalid,
		Message: "MPP settlement not confirmed: the payment could not be broadcast or confirmed on Tempo; no result is returned, request a fresh challenge",
		Details: map[string]any{"rail": dalil.RailMPP, "problem": ProblemBase + "verification-failed"},
		Err:     err,
	}
}

// Receipt is the JSON behind the Payment-Receipt header.
type Receipt struct {
	Method      string `json:"method"`
	Reference   string `json:"reference"`
	Status      string `json:"status"`
	Timestamp   string `json:"timestamp"`
	ChallengeID string `json:"challengeId,omitempty"`
	// Session receipts (close) add these.
	Intent    string `json:"intent,omitempty"`
	SessionID string `json:"sessionId,omitempty"`
	Spent     string `json:"spent,omitempty"`
	Refunded  string `json:"refunded,omitempty"`
	// Session-intent (payment channel) receipts add these; Reference is
	// then the channel id.
	ChannelID          string `json:"channelId,omitempty"`
	AcceptedCumulative string `json:"acceptedCumulative,omitempty"`
	TxHash             string `json:"txHash,omitempty"`
}

func receiptHeader(rc Receipt) (http.Header, error) {
	b, err := json.Marshal(rc)
	if err != nil {
		return nil, err
	}
	return http.Header{ReceiptHeader: {base64.RawURLEncoding.EncodeToString(b)}}, nil
}
