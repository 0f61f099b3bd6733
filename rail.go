package dalil

import (
	"context"
	"encoding/json"
	"net/http"
	"time"
)

// Rail ids as they appear in meta.paymentMethod, ledger rows and the
// payment-methods listing.
const (
	RailSubscription = "subscription"
	RailCredits      = "api_credits"
	RailX402         = "x402"
	RailL402         = "l402"
	RailMPP          = "mpp"
)

// Quote is what a pay-per-call rail is asked to collect for one call of one
// capability. Prices come from the capability registry and nowhere else.
type Quote struct {
	Tool        string   // capability id, e.g. "analyze_property"
	Price       MicroUSD // registry price
	Resource    string   // absolute URL of the paid route
	Description string   // one line about the capability
	// InputSchema and OutputSchema are the capability's JSON Schemas, for
	// rails that advertise them (x402 discovery).
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
}

// Challenge is a rail's answer to an unpaid call: headers (such as
// PAYMENT-REQUIRED or WWW-Authenticate) and fields merged into the 402 body.
type Challenge struct {
	Headers http.Header
	Body    map[string]any
}

// Payment is a pay-per-call credential that passed local verification and
// is not yet settled.
type Payment struct {
	Rail string
	// CredentialID names the credential for single use across replicas: the
	// x402 authorization nonce, the L402 payment hash, the MPP challenge id.
	CredentialID string
	Payer        string
	Amount       MicroUSD
	// ExpiresAt bounds how long the single-use claim must be kept.
	ExpiresAt time.Time
	// State is the rail's own data, handed back to Settle.
	State any
}

// PaymentRail is a pay-per-call rail (x402, L402, MPP). The engine calls
// Present, then Verify, claims Payment.CredentialID in the store, runs the
// capability, and calls Settle only when the result is 2xx.
type PaymentRail interface {
	// ID is one of RailX402, RailL402, RailMPP.
	ID() string
	// Present reports whether h carries a credential of this rail.
	Present(h http.Header) bool
	// Challenge builds the 402 challenge for q.
	Challenge(ctx context.Context, q Quote) (*Challenge, error)
	// Verify checks the credential in h against q without settling it. It
	// returns *Error with CodePaymentInvalid and an actionable message when
	// the credential is malformed, expired, for another amount or payee,
	// badly signed or unknown.
	Verify(ctx context.Context, h http.Header, q Quote) (*Payment, error)
	// Settle makes p final. The returned headers (the rail's receipt) go on
	// the successful response. An error means nothing may be returned.
	Settle(ctx context.Context, p *Payment) (http.Header, error)
}
