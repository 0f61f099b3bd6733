package dalil

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
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

// RailType says who pays on a rail.
type RailType string

const (
	// RailAccount rails are paid by the caller's account, named by its
	// API key (allowance, then prepaid credits: DecideCharge).
	RailAccount RailType = "account"
	// RailPayPerCall rails are paid by a credential sent with the call,
	// with no account (x402, L402, MPP).
	RailPayPerCall RailType = "pay_per_call"
)

// RailInfo is one rail of the catalogue: what every listing says of it.
type RailInfo struct {
	// ID names the rail in meta.paymentMethod, ledger rows, usage and the
	// payment-methods listing.
	ID string
	// Header is the X-Service-Payment-Method value (and the DALIL_RAILS
	// entry) that names the rail. It differs from ID for prepaid credits
	// only, as the spec names them: the header says credits, the listing
	// api_credits.
	Header string
	Type   RailType
	// Priority is the rail's place in auto's order (contract §7; the
	// spec: subscription, api_credits, x402, l402, mpp): 1 is first.
	Priority int
	// Route is a pay-per-call rail's dedicated route of a capability:
	// <tool-path> stands for the capability's path after /api/v1/, <tool>
	// for its id (PaidPath). Account rails pay on the canonical route.
	Route string
}

// Rails is the rail catalogue, in the order of the payment-methods
// listing (the spec's: x402, api_credits, subscription, l402, mpp). Every
// list of rails derives from it: the listing and its autoPriority, the
// header's values, OpenAPI, the console, the values DALIL_RAILS accepts
// and ChooseRail's order.
var Rails = []RailInfo{
	{ID: RailX402, Header: RailX402, Type: RailPayPerCall, Priority: 3, Route: "/api/v1/x402/<tool-path>"},
	{ID: RailCredits, Header: MethodCredits, Type: RailAccount, Priority: 2},
	{ID: RailSubscription, Header: MethodSubscription, Type: RailAccount, Priority: 1},
	{ID: RailL402, Header: RailL402, Type: RailPayPerCall, Priority: 4, Route: "/api/v1/l402/<tool-path>"},
	{ID: RailMPP, Header: RailMPP, Type: RailPayPerCall, Priority: 5, Route: "/api/v1/mpp/charge/<tool>"},
}

// Canonical is how a call pays on the rail on a capability's canonical
// route.
func (r RailInfo) Canonical() string {
	return "POST /api/v1/<tool-path> with X-Service-Payment-Method: " + r.Header
}

// RailsByPriority returns the catalogue in auto's order, first to last.
func RailsByPriority() []RailInfo {
	out := slices.Clone(Rails)
	slices.SortFunc(out, func(a, b RailInfo) int { return a.Priority - b.Priority })
	return out
}

// RailByHeader returns the rail an X-Service-Payment-Method value names.
func RailByHeader(header string) (RailInfo, bool) {
	for _, r := range Rails {
		if r.Header == header {
			return r, true
		}
	}
	return RailInfo{}, false
}

// PaidPath is the rail's dedicated route of the capability id whose
// canonical route is path ("/api/v1/property/analyze"); "" for an account
// rail.
func (r RailInfo) PaidPath(id, path string) string {
	return strings.NewReplacer("<tool-path>", strings.TrimPrefix(path, "/api/v1/"), "<tool>", id).Replace(r.Route)
}

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

// BudgetSessions is a rail that sells budgeted, metered sessions (MPP):
// a call paid from a session draws its price from the session's budget,
// and the draw is committed when the call answered, released otherwise.
type BudgetSessions interface {
	// Draw reserves price for one call of tool on the session, under the
	// caller's Idempotency-Key.
	Draw(ctx context.Context, sessionID, tool string, price MicroUSD, idemKey string) (SessionDraw, error)
	Commit(ctx context.Context, d SessionDraw) error
	Release(ctx context.Context, d SessionDraw) error
}

// SessionDraw is one reservation on a session.
type SessionDraw struct {
	SessionID, Key, Tool string
	Amount               MicroUSD
	Replayed             bool
	// State is the rail's own data, handed back to Commit and Release.
	State any
}
