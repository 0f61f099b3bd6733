// Package l402 is the L402 pay-per-call rail (Lightning Labs' protocol,
// formerly LSAT): an unpaid call gets a Lightning invoice from our LND node
// and a macaroon bound to that invoice's payment hash; the client pays the
// invoice and retries with "Authorization: L402 <macaroon>:<preimage>".
//
// Tokens are minted as Aperture mints them (libmacaroons v2 binary, 66-byte
// identifier: uint16 version 0 ‖ payment hash ‖ random token id), with these
// first-party caveats, Service being "dalil" by default:
//
//	services=dalil:0
//	dalil_capabilities=<tool>
//	dalil_valid_until=<unix seconds>
//	dalil_amount_sats=<invoice amount>
//	dalil_price_micro_usd=<registry price when minted>
//
// A token pays for one call of the tool it was minted for: Verify returns
// CredentialID "l402:<payment hash hex>", which the core claims once.
// Verification is HMAC chain (with Config.RootKey) → caveats → sha256
// (preimage) == payment hash → invoice SETTLED per LND.
package l402

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"gopkg.in/macaroon.v2"

	"dalil"
)

// Reasons a credential is refused, as sent in the X-L402-Error header and in
// the error's details ("reason"). They are permanent, like error codes.
const (
	ReasonMalformed     = "malformed"      // header, macaroon or identifier cannot be decoded
	ReasonBadSignature  = "bad_signature"  // HMAC chain does not verify with our root key
	ReasonUnknownCaveat = "unknown_caveat" // a caveat this service does not know (fails closed)
	ReasonWrongService  = "wrong_service"  // token minted for another service
	ReasonWrongTool     = "wrong_tool"     // token minted for another capability
	ReasonExpired       = "expired"        // token past its valid_until
	ReasonWrongAmount   = "wrong_amount"   // token paid less than the capability now costs
	ReasonBadPreimage   = "bad_preimage"   // sha256(preimage) is not the token's payment hash
	ReasonUnpaid        = "unpaid"         // LND does not show the invoice SETTLED (or enough paid)
)

// Header names this rail sets.
const (
	// HeaderError carries the refusal reason on a PAYMENT_INVALID answer.
	HeaderError = "X-L402-Error"
	// HeaderReceipt is Settle's receipt:
	// `payment_hash="<hex>", amount_sats=<n>`.
	HeaderReceipt = "X-L402-Receipt"
)

// ErrLightningUnavailable is wrapped (inside a *dalil.Error with
// CodeServiceUnavailable, i.e. 503) by Challenge and Verify when the LND node
// fails, answers garbage or does not answer in time. Nothing has been
// charged or claimed then; the client may retry.
var ErrLightningUnavailable = errors.New("l402: lightning node unavailable")

// Defaults for Config.
const (
	DefaultService       = "dalil"
	DefaultNetwork       = "mainnet"
	DefaultInvoiceExpiry = 10 * time.Minute
	// DefaultTokenTTL is added to the invoice expiry: a client that pays at
	// the last second still has an hour to make its call.
	DefaultTokenTTL   = DefaultInvoiceExpiry + time.Hour
	DefaultLNDTimeout = 5 * time.Second
	minRootKeyLen     = 32
)

// networkHRP maps Config.Network to the BOLT11 currency prefix.
var networkHRP = map[string]string{
	"mainnet": "bc",
	"testnet": "tb",
	"signet":  "tbs",
	"regtest": "bcrt",
}

// Config configures the rail. Zero values take the documented defaults.
type Config struct {
	// LNDURL is the node's REST endpoint, e.g. "https://127.0.0.1:8080".
	// Plain http is accepted only for a loopback host.
	LNDURL string
	// InvoiceMacaroonHex is the hex of LND's invoice.macaroon (enough to
	// create and look up invoices; never use admin.macaroon here).
	InvoiceMacaroonHex string
	// TLSCertPEM pins LND's self-signed tls.cert. Empty: system roots.
	TLSCertPEM []byte
	// RootKey signs and verifies every token (HMAC chain). At least 32
	// random bytes; changing it revokes all outstanding tokens.
	RootKey []byte
	// Service names this service in caveats and is the macaroon location.
	// Lowercase letters, digits and '-'. Default "dalil".
	Service string
	// BTCUSDRate is the configured price of one bitcoin in US dollars, a
	// plain decimal such as "97123.45" (see ParseRate). Required.
	BTCUSDRate string
	// Network is "mainnet" (default), "testnet", "signet" or "regtest"; the
	// node's invoices must be for it.
	Network string
	// TokenTTL is how long a token verifies after minting. Default
	// InvoiceExpiry + 1h; it may not be shorter than InvoiceExpiry.
	TokenTTL time.Duration
	// InvoiceExpiry is how long the invoice can be paid. Default 10 minutes.
	InvoiceExpiry time.Duration
	// LNDTimeout bounds each LND call. Default 5 seconds.
	LNDTimeout time.Duration
	// HTTPClient, when set, is used for LND as is (TLSCertPEM must then be
	// empty; pin the certificate in the client's transport instead).
	HTTPClient *http.Client
	// Now is the clock. Default time.Now.
	Now func() time.Time
}

// Rail is the L402 rail. It is safe for concurrent use.
type Rail struct {
	service       string
	network       string
	rootKey       []byte
	rate          dalil.MicroUSD
	rateText      string // the rate as configured, for Describe
	tokenTTL      time.Duration
	invoiceExpiry time.Duration
	lnd           *lndClient
	now           func() time.Time
}

var _ dalil.PaymentRail = (*Rail)(nil)

// New checks cfg and returns the rail. It does not contact LND.
func New(cfg Config) (*Rail, error) {
	r := &Rail{
		service:       cfg.Service,
		network:       cfg.Network,
		tokenTTL:      cfg.TokenTTL,
		invoiceExpiry: cfg.InvoiceExpiry,
		now:           cfg.Now,
	}
	if r.service == "" {
		r.service = DefaultService
	}
	if !validService(r.service) {
		return nil, fmt.Errorf("l402: service %q: use lowercase letters, digits and '-'", r.service)
	}
	if r.network == "" {
		r.network = DefaultNetwork
	}
	if _, ok := networkHRP[r.network]; !ok {
		return nil, fmt.Errorf("l402: network %q: want mainnet, testnet, signet or regtest", r.network)
	}
	if len(cfg.RootKey) < minRootKeyLen {
		return nil, fmt.Errorf("l402: root key is %d bytes, want at least %d", len(cfg.RootKey), minRootKeyLen)
	}
	r.rootKey = append([]byte(nil), cfg.RootKey...)
	rate, err := ParseRate(cfg.BTCUSDRate)
	if err != nil {
		return nil, err
	}
	r.rate, r.rateText = rate, cfg.BTCUSDRate
	if r.invoiceExpiry == 0 {
		r.invoiceExpiry = DefaultInvoiceExpiry
	}
	if r.invoiceExpiry < time.Minute || r.invoiceExpiry%time.Second != 0 {
		return nil, fmt.Errorf("l402: invoice expiry %v: want whole seconds, at least a minute", r.invoiceExpiry)
	}
	if r.tokenTTL == 0 {
		r.tokenTTL = r.invoiceExpiry + time.Hour
	}
	if r.tokenTTL < r.invoiceExpiry {
		return nil, fmt.Errorf("l402: token TTL %v is shorter than the invoice expiry %v", r.tokenTTL, r.invoiceExpiry)
	}
	if r.now == nil {
		r.now = time.Now
	}
	lnd, err := newLNDClient(cfg)
	if err != nil {
		return nil, err
	}
	r.lnd = lnd
	return r, nil
}

func newLNDClient(cfg Config) (*lndClient, error) {
	u, err := url.Parse(cfg.LNDURL)
	if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("l402: LND URL %q is not an absolute http(s) URL", cfg.LNDURL)
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !isLoopback(u.Hostname()) {
			return nil, errors.New("l402: LND URL must be https unless the node is on loopback")
		}
	default:
		return nil, fmt.Errorf("l402: LND URL %q is not an absolute http(s) URL", cfg.LNDURL)
	}
	if mac, err := hex.DecodeString(cfg.InvoiceMacaroonHex); err != nil || len(mac) == 0 {
		return nil, errors.New("l402: the invoice macaroon must be non-empty hex")
	}
	timeout := cfg.LNDTimeout
	if timeout == 0 {
		timeout = DefaultLNDTimeout
	}
	if timeout < 0 {
		return nil, errors.New("l402: negative LND timeout")
	}
	hc := cfg.HTTPClient
	if hc == nil {
		if hc, err = newHTTPClient(cfg.TLSCertPEM, timeout); err != nil {
			return nil, err
		}
	} else if len(cfg.TLSCertPEM) > 0 {
		return nil, errors.New("l402: set TLSCertPEM or HTTPClient, not both")
	}
	return &lndClient{base: u, macaroonHex: strings.ToLower(cfg.InvoiceMacaroonHex), hc: hc, timeout: timeout}, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func validService(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// validTool reports whether tool can sit in a capabilities caveat: Dalil's
// snake_case capability ids, nothing that could split a list.
func validTool(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// ID returns dalil.RailL402.
func (r *Rail) ID() string { return dalil.RailL402 }

// Present reports whether h has an Authorization credential with the L402 or
// LSAT scheme (anywhere in a comma-separated list), well-formed or not; a
// malformed one is then refused by Verify with a reason.
func (r *Rail) Present(h http.Header) bool { return hasCredential(h) }

// Challenge creates an invoice for q's price on LND, mints a token bound to
// it and returns two WWW-Authenticate lines (LSAT first for old clients,
// then L402, same values, as Aperture does) and the body field "l402". It
// returns a *dalil.Error with CodeServiceUnavailable wrapping
// ErrLightningUnavailable when LND fails, and a plain error for a quote it
// cannot price (a bug in the caller's registry).
func (r *Rail) Challenge(ctx context.Context, q dalil.Quote) (*dalil.Challenge, error) {
	if !validTool(q.Tool) {
		return nil, fmt.Errorf("l402: challenge: tool id %q cannot go in a caveat", q.Tool)
	}
	sats, err := PriceSats(q.Price, r.rate)
	if err != nil {
		return nil, fmt.Errorf("l402: challenge %s: %w", q.Tool, err)
	}
	now := r.now()
	hash, invoice, err := r.lnd.addInvoice(ctx, sats, r.service+" "+q.Tool, r.invoiceExpiry)
	if err != nil {
		return nil, unavailable(err)
	}
	if err := checkInvoiceNetwork(invoice, r.network); err != nil {
		return nil, unavailable(err)
	}
	g := grant{
		tool:       q.Tool,
		validUntil: now.Add(r.tokenTTL).Truncate(time.Second),
		amountSats: sats,
		price:      q.Price,
	}
	m, err := mint(r.rootKey, r.service, hash, g)
	if err != nil {
		return nil, err
	}
	bin, err := m.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("l402: marshal macaroon: %w", err)
	}
	macB64 := base64.StdEncoding.EncodeToString(bin)
	h := http.Header{}
	h.Add("WWW-Authenticate", formatChallenge(SchemeLSAT, macB64, invoice))
	h.Add("WWW-Authenticate", formatChallenge(SchemeL402, macB64, invoice))
	body := map[string]any{
		"l402": map[string]any{
			"macaroon":         macB64,
			"invoice":          invoice,
			"paymentHash":      hex.EncodeToString(hash[:]),
			"amountSats":       sats,
			"priceUsd":         jsonDecimal(q.Price),
			"currency":         "BTC",
			"network":          "lightning:" + r.network,
			"btcUsdRate":       jsonDecimal(r.rate),
			"rateSource":       "configured",
			"invoiceExpiresAt": now.Add(r.invoiceExpiry).UTC().Format(time.RFC3339),
			"expiresAt":        g.validUntil.UTC().Format(time.RFC3339),
			"authorization":    "L402 <macaroon>:<preimage hex>",
		},
	}
	return &dalil.Challenge{Headers: h, Body: body}, nil
}

// jsonDecimal renders m as an exact JSON number of dollars ("0.01").
type jsonDecimal dalil.MicroUSD

func (d jsonDecimal) MarshalJSON() ([]byte, error) { return []byte(dalil.MicroUSD(d).Decimal()), nil }

// checkInvoiceNetwork makes sure the node's invoice is for the configured
// network: "ln" + currency prefix, then the amount (digits) or nothing.
// A node on the wrong chain is a configuration fault, treated as the node
// being unusable.
func checkInvoiceNetwork(invoice, network string) error {
	inv := strings.ToLower(invoice)
	sep := strings.LastIndexByte(inv, '1')
	if sep < 0 || !strings.HasPrefix(inv, "ln") {
		return errors.New("invoice is not BOLT11")
	}
	hrp := inv[2:sep]
	prefix := networkHRP[network]
	rest, ok := strings.CutPrefix(hrp, prefix)
	if !ok || (rest != "" && (rest[0] < '0' || rest[0] > '9')) {
		return fmt.Errorf("node issued a %q invoice, not one for %s", hrp, network)
	}
	return nil
}

// unavailable wraps an LND failure as a 503 that names no internals.
func unavailable(cause error) error {
	return &dalil.Error{
		Code:    dalil.CodeServiceUnavailable,
		Message: "The Lightning node is unavailable; retry shortly or pay with another method.",
		Details: map[string]any{"rail": dalil.RailL402},
		Headers: map[string]string{"Retry-After": "5"},
		Err:     fmt.Errorf("%w: %v", ErrLightningUnavailable, cause),
	}
}

// invalid returns the PAYMENT_INVALID error for reason.
func invalid(reason, msg string) error {
	return &dalil.Error{
		Code:    dalil.CodePaymentInvalid,
		Message: msg,
		Details: map[string]any{"rail": dalil.RailL402, "reason": reason},
		Headers: map[string]string{HeaderError: reason},
	}
}

// Reason returns the refusal reason carried by an error from Verify, or ""
// when err is not a refusal of this rail.
func Reason(err error) string {
	var e *dalil.Error
	if !errors.As(err, &e) || e.Code != dalil.CodePaymentInvalid {
		return ""
	}
	if d, ok := e.Details.(map[string]any); ok {
		s, _ := d["reason"].(string)
		return s
	}
	return ""
}

// paid is Payment.State for this rail.
type paid struct {
	paymentHash [32]byte
	amountSats  int64
}

// Verify checks the L402 credential in h for a call of q, in this order:
// header and macaroon decode (bounded sizes), identifier layout, HMAC chain
// with the root key, caveats (service, tool == q.Tool, not expired, minted
// price ≥ q.Price, no unknown condition), sha256(preimage) == payment hash,
// and the invoice SETTLED on LND for at least the token's amount. A refusal
// is a *dalil.Error with CodePaymentInvalid whose Details["reason"] and
// X-L402-Error header hold one of the Reason* constants. An LND failure is
// a 503 wrapping ErrLightningUnavailable (nothing is consumed). It consumes
// nothing itself: single use comes from the core claiming CredentialID.
func (r *Rail) Verify(ctx context.Context, h http.Header, q dalil.Quote) (*dalil.Payment, error) {
	cred, err := parseAuthorization(h.Values("Authorization"))
	if errors.Is(err, errNoCredential) {
		return nil, invalid(ReasonMalformed, "Send Authorization: L402 <macaroon>:<preimage hex> after paying the invoice.")
	}
	if err != nil {
		return nil, invalid(ReasonMalformed, "The L402 credential is malformed: "+err.Error()+".")
	}
	if len(cred.macaroons) != 1 {
		return nil, invalid(ReasonMalformed, "Send exactly one macaroon: this service issues no third-party caveats.")
	}
	var ms macaroon.Slice
	if err := ms.UnmarshalBinary(cred.macaroons[0]); err != nil || len(ms) != 1 {
		return nil, invalid(ReasonMalformed, "The macaroon cannot be decoded; send it as issued, base64-encoded.")
	}
	m := ms[0]
	id, err := decodeIdentifier(m.Id())
	if err != nil {
		return nil, invalid(ReasonMalformed, "The macaroon identifier is not an L402 version 0 identifier.")
	}
	conds, err := m.VerifySignature(r.rootKey, nil)
	if err != nil {
		return nil, invalid(ReasonBadSignature, "The macaroon signature does not verify; it was not issued by this service or was altered.")
	}
	g, err := checkCaveats(conds, r.service, q.Tool, q.Price, r.now())
	if err != nil {
		var ce *caveatError
		if !errors.As(err, &ce) {
			return nil, invalid(ReasonMalformed, "The L402 token's caveats cannot be read; request a new challenge.")
		}
		return nil, invalid(ce.reason, "The L402 token cannot pay for this call: "+ce.msg+"; request a new challenge.")
	}
	sum := sha256.Sum256(cred.preimage[:])
	if subtle.ConstantTimeCompare(sum[:], id.paymentHash[:]) != 1 {
		return nil, invalid(ReasonBadPreimage, "The preimage does not match the invoice's payment hash; send the preimage you received when paying.")
	}
	inv, err := r.lnd.lookupInvoice(ctx, id.paymentHash)
	if errors.Is(err, errInvoiceNotFound) {
		return nil, invalid(ReasonUnpaid, "The node has no record of this invoice; request a new challenge.")
	}
	if err != nil {
		return nil, unavailable(err)
	}
	paidMsat, perr := strconv.ParseInt(inv.AmtPaidMsat, 10, 64)
	if inv.State != stateSettled || perr != nil || paidMsat/1000 < g.amountSats {
		return nil, invalid(ReasonUnpaid, "The invoice is not settled; pay it, then retry with its preimage.")
	}
	return &dalil.Payment{
		Rail:         dalil.RailL402,
		CredentialID: "l402:" + hex.EncodeToString(id.paymentHash[:]),
		Amount:       q.Price,
		ExpiresAt:    g.validUntil,
		State:        &paid{paymentHash: id.paymentHash, amountSats: g.amountSats},
	}, nil
}

// Settle has nothing to move: the invoice was paid before Verify accepted
// the token. It returns the receipt header X-L402-Receipt
// (`payment_hash="<hex>", amount_sats=<n>`), or an error when p is not a
// Payment from this rail's Verify.
func (r *Rail) Settle(ctx context.Context, p *dalil.Payment) (http.Header, error) {
	if p == nil || p.Rail != dalil.RailL402 {
		return nil, errors.New("l402: settle: not an L402 payment")
	}
	st, ok := p.State.(*paid)
	if !ok || st == nil {
		return nil, errors.New("l402: settle: payment state is not from this rail")
	}
	h := http.Header{}
	h.Set(HeaderReceipt, `payment_hash="`+hex.EncodeToString(st.paymentHash[:])+`", amount_sats=`+strconv.FormatInt(st.amountSats, 10))
	return h, nil
}
