// Package x402 is the x402 pay-per-call rail: USDC payments authorized with
// EIP-3009 TransferWithAuthorization signatures, in both protocol versions
// (v1: X-PAYMENT / X-PAYMENT-RESPONSE and a JSON 402 body; v2:
// PAYMENT-REQUIRED / PAYMENT-SIGNATURE / PAYMENT-RESPONSE headers).
//
// The rail verifies every credential locally (EIP-712 digest per network,
// signer recovery, payee, exact amount, time window), then asks an x402
// facilitator to verify and to settle through its documented /verify and
// /settle API. It keeps no state: single use of a credential is the
// engine's job, keyed by Payment.CredentialID. See docs/rail-x402.md.
package x402

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"dalil"
)

var _ dalil.PaymentRail = (*Rail)(nil)

// Defaults, chosen from payment-protocols.md §1.9: maxTimeoutSeconds must
// exceed settlement latency plus the 6-second margin, and 60 is what the
// reference servers advertise.
const (
	DefaultMaxTimeout    = 60 * time.Second
	DefaultVerifyTimeout = 10 * time.Second
	// DefaultSettleTimeout allows for a facilitator that waits for the
	// transaction receipt (a few Base blocks of 2 s) with room to spare.
	DefaultSettleTimeout = 30 * time.Second
	minMaxTimeout        = 10 * time.Second
	maxMaxTimeout        = time.Hour
)

// ErrSettleDeclined is wrapped by Settle's error when the facilitator
// answered success:false: the transfer did not happen, so the engine may
// release the credential's reservation.
var ErrSettleDeclined = errors.New("x402: the facilitator declined the settlement")

// ErrSettleUnconfirmed is wrapped by Settle's error when the outcome is
// unknown (timeout, transport error, 5xx, an answer without a transaction):
// the transfer may have happened, so the engine must keep the reservation,
// which its KeepClaim says.
var ErrSettleUnconfirmed error = keptClaim{}

// keptClaim is ErrSettleUnconfirmed: an error after which the money may
// have moved, so the credential's single-use claim is kept (the engine
// finds KeepClaim in the error's chain).
type keptClaim struct{}

func (keptClaim) Error() string { return "x402: the settlement could not be confirmed" }

// KeepClaim tells the engine to keep the credential's single-use claim.
func (keptClaim) KeepClaim() bool { return true }

// Config configures the rail. PayTo and FacilitatorURL are required; the
// zero value of every other field means its default.
type Config struct {
	// PayTo receives the payments: 0x + 40 hex digits; when it has mixed
	// case its EIP-55 checksum must be right (DALIL_X402_PAY_TO).
	PayTo string
	// Network is a CAIP-2 id from the table in network.go; default
	// DefaultNetwork, USDC on Base (DALIL_X402_NETWORK).
	Network string
	// FacilitatorURL is the facilitator's base URL; /verify and /settle are
	// appended. https, or http to a loopback host (tests, sidecars). No
	// user info, query or fragment (DALIL_X402_FACILITATOR_URL).
	FacilitatorURL string
	// FacilitatorToken, when set, is sent as "Authorization: Bearer …".
	FacilitatorToken string
	// HTTPClient calls the facilitator; nil means a client that does not
	// follow redirects (a redirect would resend the credential and token
	// elsewhere). Timeouts come from VerifyTimeout and SettleTimeout.
	HTTPClient *http.Client
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// MaxTimeout is the advertised maxTimeoutSeconds: how long a signed
	// authorization stays valid. Whole seconds, 10s to 1h; default 60s.
	MaxTimeout time.Duration
	// VerifyTimeout bounds one /verify call; default 10s.
	VerifyTimeout time.Duration
	// SettleTimeout bounds one /settle call; default 30s.
	SettleTimeout time.Duration
}

// Rail is the x402 rail. It is safe for concurrent use.
type Rail struct {
	cfg            Config
	network        Network
	payTo          string // EIP-55
	facilitatorURL string // without trailing slash
	client         *http.Client
	now            func() time.Time
	maxTimeout     int // seconds
	verifyTimeout  time.Duration
	settleTimeout  time.Duration
}

var tokenRE = regexp.MustCompile(`^[\x21-\x7e]+$`)

// New validates cfg and returns the rail. Every problem is reported with
// the setting it concerns.
func New(cfg Config) (*Rail, error) {
	r := &Rail{cfg: cfg, client: cfg.HTTPClient, now: cfg.Now}
	a, err := parseChecksummedAddress(cfg.PayTo)
	if err != nil {
		return nil, fmt.Errorf("x402: pay-to address (DALIL_X402_PAY_TO) %w", err)
	}
	if a == ([addressLen]byte{}) {
		return nil, errors.New("x402: pay-to address (DALIL_X402_PAY_TO) is the zero address; payments to it are burnt")
	}
	r.payTo = checksumAddress(a)

	id := cfg.Network
	if id == "" {
		id = DefaultNetwork
	}
	n, ok := LookupNetwork(id)
	if !ok || n.ID != id {
		return nil, fmt.Errorf("x402: network (DALIL_X402_NETWORK) %q is not a known CAIP-2 network; known: %s", id, knownNetworkIDs())
	}
	r.network = n

	if r.facilitatorURL, err = checkFacilitatorURL(cfg.FacilitatorURL); err != nil {
		return nil, fmt.Errorf("x402: facilitator URL (DALIL_X402_FACILITATOR_URL) %w", err)
	}
	if cfg.FacilitatorToken != "" && !tokenRE.MatchString(cfg.FacilitatorToken) {
		return nil, errors.New("x402: facilitator token must be printable ASCII without spaces")
	}

	mt := cfg.MaxTimeout
	if mt == 0 {
		mt = DefaultMaxTimeout
	}
	if mt < minMaxTimeout || mt > maxMaxTimeout || mt%time.Second != 0 {
		return nil, fmt.Errorf("x402: max timeout %v must be whole seconds between %v and %v", mt, minMaxTimeout, maxMaxTimeout)
	}
	r.maxTimeout = int(mt / time.Second)

	if r.verifyTimeout, err = positiveOr(cfg.VerifyTimeout, DefaultVerifyTimeout, "verify timeout"); err != nil {
		return nil, err
	}
	if r.settleTimeout, err = positiveOr(cfg.SettleTimeout, DefaultSettleTimeout, "settle timeout"); err != nil {
		return nil, err
	}
	if r.client == nil {
		r.client = &http.Client{
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	if r.now == nil {
		r.now = time.Now
	}
	return r, nil
}

func positiveOr(d, def time.Duration, name string) (time.Duration, error) {
	switch {
	case d == 0:
		return def, nil
	case d < 0:
		return 0, fmt.Errorf("x402: %s %v must be positive", name, d)
	}
	return d, nil
}

func checkFacilitatorURL(s string) (string, error) {
	if s == "" {
		return "", errors.New("is required")
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return "", errors.New("must be an absolute URL")
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		return "", errors.New("must have no user info, query or fragment; use FacilitatorToken for credentials")
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !isLoopback(u.Hostname()) {
			return "", errors.New("must use https unless the host is loopback")
		}
	default:
		return "", errors.New("must be https")
	}
	return strings.TrimRight(u.String(), "/"), nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Info describes the rail's configuration for discovery documents.
type Info struct {
	Network           string // CAIP-2
	V1Network         string // v1 slug
	ChainID           uint64
	Asset             string // USDC contract, EIP-55
	AssetSymbol       string // "USDC"
	PayTo             string // EIP-55
	MaxTimeoutSeconds int
}

// Info returns what the rail charges on and to whom.
func (r *Rail) Info() Info {
	return Info{
		Network: r.network.ID, V1Network: r.network.V1Name, ChainID: r.network.ChainID,
		Asset: r.network.Asset, AssetSymbol: "USDC", PayTo: r.payTo, MaxTimeoutSeconds: r.maxTimeout,
	}
}

// ID returns dalil.RailX402.
func (r *Rail) ID() string { return dalil.RailX402 }

// Present reports whether h carries an x402 credential: a PAYMENT-SIGNATURE
// (v2) or X-PAYMENT (v1) header, even an empty one, so that a broken
// credential gets an actionable refusal from Verify rather than a fresh
// challenge.
func (r *Rail) Present(h http.Header) bool {
	return len(h.Values(HeaderPaymentSignature)) > 0 || len(h.Values(HeaderXPayment)) > 0
}

// requirement is the single offer for price amount.
func (r *Rail) requirement(amount string) Requirement {
	return Requirement{Network: r.network, Amount: amount, PayTo: r.payTo, MaxTimeoutSeconds: r.maxTimeout}
}

func (r *Rail) offerV2(amount string) requirementV2 {
	return requirementV2{
		Scheme: SchemeExact, Network: r.network.ID, Amount: amount,
		Asset: r.network.Asset, PayTo: r.payTo, MaxTimeoutSeconds: r.maxTimeout,
		Extra: extra{Name: r.network.AssetName, Version: r.network.AssetVersion},
	}
}

func (r *Rail) offerV1(q dalil.Quote, amount string) requirementV1 {
	return requirementV1{
		Scheme: SchemeExact, Network: r.network.V1Name, MaxAmountRequired: amount,
		Resource: q.Resource, Description: q.Description, MimeType: "application/json",
		OutputSchema: v1OutputSchema(q),
		PayTo:        r.payTo, MaxTimeoutSeconds: r.maxTimeout, Asset: r.network.Asset,
		Extra: extra{Name: r.network.AssetName, Version: r.network.AssetVersion},
	}
}

// Challenge builds one 402 that both protocol versions can pay: the v2
// PAYMENT-REQUIRED header (plus Cache-Control: no-store) and the v1 body
// fields x402Version and accepts. The body has no "error" string: the
// engine's failure envelope owns "error", and x402-fetch reads only
// x402Version and accepts. It fails (as an internal error) when the price
// is not positive or q.Resource is not an absolute http(s) URL, which
// x402-fetch requires.
func (r *Rail) Challenge(ctx context.Context, q dalil.Quote) (*dalil.Challenge, error) {
	amount, err := AtomicUnits(q.Price)
	if err != nil {
		return nil, err
	}
	if u, err := url.Parse(q.Resource); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("x402: resource %q of %s is not an absolute http(s) URL", q.Resource, q.Tool)
	}
	pr := paymentRequiredV2{
		X402Version: 2,
		Error:       "PAYMENT-SIGNATURE header is required",
		Resource:    resourceInfo{URL: q.Resource, Description: q.Description, MimeType: "application/json"},
		Accepts:     []requirementV2{r.offerV2(amount)},
	}
	hv, err := encodeHeader(pr)
	if err != nil {
		return nil, fmt.Errorf("x402: encode PAYMENT-REQUIRED: %w", err)
	}
	h := http.Header{}
	h.Set(HeaderPaymentRequired, hv)
	h.Set("Cache-Control", "no-store")
	return &dalil.Challenge{
		Headers: h,
		Body: map[string]any{
			"x402Version": 1,
			"accepts":     []requirementV1{r.offerV1(q, amount)},
		},
	}, nil
}

// pending is Payment.State between Verify and Settle.
type pending struct {
	version     int
	request     []byte // the facilitator request body for /settle
	payer       string
	validBefore time.Time
}

// Verify checks the x402 credential in h against q: it decodes the header
// (PAYMENT-SIGNATURE must hold a v2 payload, X-PAYMENT a v1 one), runs
// CheckPayload, then asks the facilitator's /verify. The Payment's
// CredentialID is the authorization's replay key (network, asset, payer,
// nonce) and ExpiresAt its validBefore.
//
// Refusals are *dalil.Error with CodePaymentInvalid (malformed, wrong
// version, scheme, network, asset, payee or amount, expired, not yet
// valid, bad signature, or refused by the facilitator), with Details
// {"reason": <x402 reason>}. A facilitator that cannot be reached, times
// out or answers garbage gives CodeProviderUnavailable or
// CodeProviderTimeout: the credential was not judged and may be retried.
func (r *Rail) Verify(ctx context.Context, h http.Header, q dalil.Quote) (*dalil.Payment, error) {
	version, value, err := pickHeader(h)
	if err != nil {
		return nil, err
	}
	amount, err := AtomicUnits(q.Price)
	if err != nil {
		return nil, err
	}
	raw, err := decodeHeader(value)
	if err != nil {
		return nil, malformed(err.Error())
	}
	v, err := CheckPayload(version, raw, r.requirement(amount), r.now())
	if err != nil {
		return nil, err
	}

	var reqJSON []byte
	if version == 1 {
		reqJSON, err = json.Marshal(r.offerV1(q, amount))
	} else {
		reqJSON, err = json.Marshal(r.offerV2(amount))
	}
	if err != nil {
		return nil, fmt.Errorf("x402: encode requirements: %w", err)
	}
	body, err := json.Marshal(facilitatorRequest{X402Version: version, PaymentPayload: raw, PaymentRequirements: reqJSON})
	if err != nil {
		return nil, fmt.Errorf("x402: encode facilitator request: %w", err)
	}
	var vr verifyResponse
	status, err := r.call(ctx, "/verify", r.verifyTimeout, body, &vr)
	if err != nil {
		return nil, facilitatorDown("verify the payment", err)
	}
	if vr.IsValid && !is2xx(status) {
		return nil, facilitatorDown("verify the payment", fmt.Errorf("x402: POST /verify: %w", &httpStatusError{status}))
	}
	if !vr.IsValid {
		if vr.InvalidReason == "" && !is2xx(status) {
			return nil, facilitatorDown("verify the payment", fmt.Errorf("x402: POST /verify: %w", &httpStatusError{status}))
		}
		return nil, r.facilitatorRefusal(vr.InvalidReason, vr.InvalidMessage, v.Payer)
	}
	return &dalil.Payment{
		Rail:         dalil.RailX402,
		CredentialID: v.ReplayKey,
		Payer:        v.Payer,
		Amount:       q.Price,
		ExpiresAt:    v.ValidBefore,
		State:        &pending{version: version, request: body, payer: v.Payer, validBefore: v.ValidBefore},
	}, nil
}

// pickHeader returns the one x402 credential in h and its version.
func pickHeader(h http.Header) (int, string, error) {
	v2, v1 := h.Values(HeaderPaymentSignature), h.Values(HeaderXPayment)
	switch {
	case len(v2) > 0 && len(v1) > 0:
		return 0, "", malformed("both PAYMENT-SIGNATURE and X-PAYMENT were sent; send one payment header")
	case len(v2) > 1 || len(v1) > 1:
		return 0, "", malformed("the payment header was sent more than once")
	case len(v2) == 1:
		return 2, v2[0], nil
	case len(v1) == 1:
		return 1, v1[0], nil
	}
	return 0, "", refuse(ReasonInvalidPayload, "No x402 payment came: send PAYMENT-SIGNATURE (x402 v2) or X-PAYMENT (x402 v1).")
}

func (r *Rail) facilitatorRefusal(reason, message, payer string) error {
	reason = truncate(reason, 80)
	if reason == "" {
		reason = "unexpected_verify_error"
	}
	if reason == "insufficient_funds" {
		return refuse(reason, "The payer %s does not hold enough USDC on %s for this call; fund it or pay from another account.", payer, r.network.ID)
	}
	msg := "The x402 facilitator refused the payment (" + reason + ")"
	if m := truncate(message, 200); m != "" {
		msg += ": " + m
	}
	return refuse(reason, "%s. Sign a new authorization for the 402 challenge.", msg)
}

// facilitatorDown is the error for a facilitator that did not judge the
// credential.
func facilitatorDown(what string, err error) error {
	code := dalil.CodeProviderUnavailable
	if errors.Is(err, errFacilitatorTimeout) {
		code = dalil.CodeProviderTimeout
	}
	return &dalil.Error{
		Code:    code,
		Message: "The x402 facilitator could not " + what + " right now; nothing was charged, retry shortly.",
		Err:     err,
	}
}

// Settle asks the facilitator's /settle to execute the transfer verified by
// Verify. On success it returns the receipt header of the version the
// client used: PAYMENT-RESPONSE (v2) or X-PAYMENT-RESPONSE (v1), base64
// JSON {success, transaction, network, payer}.
//
// Any other outcome is an error and no result may be sent: a *dalil.Error
// with CodePaymentInvalid whose Err wraps ErrSettleDeclined (success:false
// with HTTP 2xx or 4xx; its Headers carry the success:false receipt) or
// ErrSettleUnconfirmed (timeout, transport error, 5xx, other non-2xx
// without a reason, no transaction hash; the transfer may have happened).
// An authorization already past validBefore is declined without a call.
func (r *Rail) Settle(ctx context.Context, p *dalil.Payment) (http.Header, error) {
	var st *pending
	if p != nil {
		st, _ = p.State.(*pending)
	}
	if st == nil {
		return nil, errors.New("x402: Settle needs a Payment returned by this rail's Verify")
	}
	network := r.network.ID
	if st.version == 1 {
		network = r.network.V1Name
	}
	headerName := HeaderPaymentResponse
	if st.version == 1 {
		headerName = HeaderXPaymentResponse
	}
	declined := func(reason, msg string, cause error) error {
		e := refuse(reason, "%s", msg)
		e.Err = cause
		if hv, err := encodeHeader(receipt{Success: false, ErrorReason: reason, Network: network, Payer: st.payer}); err == nil {
			e.Headers = map[string]string{headerName: hv}
		}
		return e
	}
	if !r.now().Before(st.validBefore) {
		return nil, declined(ReasonValidBefore, "The authorization expired before it could be settled; no result is returned and nothing was charged. Sign a new one.", ErrSettleDeclined)
	}

	var sr settleResponse
	status, err := r.call(ctx, "/settle", r.settleTimeout, st.request, &sr)
	switch {
	case err != nil:
		return nil, unconfirmed(fmt.Errorf("%w: %w", ErrSettleUnconfirmed, err))
	case !sr.Success && (is2xx(status) || status < 500 && sr.ErrorReason != ""):
		// 2xx and 4xx answers are final refusals; a 5xx may come after
		// the transaction was sent, so it falls through to unconfirmed.
		reason := truncate(sr.ErrorReason, 80)
		if reason == "" {
			reason = "unexpected_settle_error"
		}
		return nil, declined(reason, "The x402 facilitator declined the settlement ("+reason+"); no result is returned and nothing was charged. Sign a new authorization.", fmt.Errorf("%w: %s", ErrSettleDeclined, reason))
	case !is2xx(status):
		return nil, unconfirmed(fmt.Errorf("%w: POST /settle: %w", ErrSettleUnconfirmed, &httpStatusError{status}))
	case !txHashRE.MatchString(sr.Transaction):
		return nil, unconfirmed(fmt.Errorf("%w: /settle reported success without a transaction hash", ErrSettleUnconfirmed))
	}
	hv, err := encodeHeader(receipt{Success: true, Transaction: sr.Transaction, Network: network, Payer: st.payer})
	if err != nil {
		return nil, fmt.Errorf("x402: encode receipt: %w", err)
	}
	h := http.Header{}
	h.Set(headerName, hv)
	return h, nil
}

var txHashRE = regexp.MustCompile(`^0x[0-9a-fA-F]{64}$`)

func unconfirmed(err error) error {
	return &dalil.Error{
		Code:    dalil.CodePaymentInvalid,
		Message: "The x402 settlement could not be confirmed, so no result is returned. The authorization stays reserved until it expires; if it was executed on chain, contact support with its nonce.",
		Details: map[string]string{"reason": "unexpected_settle_error"},
		Err:     err,
	}
}
