package voice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"dalil"
)

// Record is a call as the voice service stores it (voicesql). The number
// is kept in clear only while the call is live; from its terminal state
// on only its keyed hash remains.
type Record struct {
	ID         string
	Capability string
	// AccountID is the paying account; empty for a pay-per-call payer,
	// who reaches the call with its access token (TokenHash).
	AccountID string
	// Payer is what the daily cap counts: the account id, or PayPerCall.
	Payer     string
	RequestID string // the paid request whose charge pays for the call
	Status    Status
	// NumberHash is HashNumber(secret, Number); Number is empty once the
	// call ended.
	NumberHash, Number string
	Dial               DialSpec
	Script             Script
	MaxSeconds         int
	Base, MaxCharge    dalil.MicroUSD
	// FinalCharge is what the call costs (Charge), set at its terminal
	// state; Refunded is what settlement gave back.
	FinalCharge, Refunded dalil.MicroUSD
	// Settle is the settlement's state: "" while live, SettlePending,
	// SettleDone, SettleNotCharged, SettleSessionClosed or SettleFailed.
	Settle                   string
	Provider, ProviderCallID string
	ConnectedSeconds         int
	Outcome, Summary         string
	Facts                    map[string]any
	Transcript               []TranscriptLine
	Lead                     *LeadScore
	// ToolCalls are the tool calls a provider's assistant made during
	// the call, in order, as judged when they came (ToolSink): the
	// outcome above is their tally.
	ToolCalls []ToolCall
	// CallbackURL receives the completion; Callback is its delivery state:
	// "" (none), CallbackPending, CallbackDelivered or CallbackFailed.
	CallbackURL, Callback string
	TokenHash             string
	// How a pay-per-call call was paid (all empty for an account's):
	// Rail is the rail's id; a call drawn from an MPP budget session also
	// has Session, the session's id, and SessionKey, the draw's
	// idempotency key, where settlement gives back the unused maximum.
	// Set when the call is queued, never changed (Update keeps them).
	Rail, Session, SessionKey string
	// PayOnConnect marks a call paid on a pay-per-call rail that cannot
	// refund (x402, L402, MPP charge and vouchers): its request holds the
	// credential and waits for the call to connect (Service.AwaitConnect),
	// settling the maximum only then; a call that never connects is not
	// charged (the credential is released). The dial job dials it once the
	// credential is held, not settled (Charges.HeldFor). Set when the call
	// is queued, never changed.
	PayOnConnect         bool
	DialAttempts         int
	CreatedAt, UpdatedAt time.Time
	// Zero until they happen.
	DialedAt, AnsweredAt, EndedAt time.Time
}

// DialSpec is what the provider is given to place the call, kept while
// the call is live (Instructions is cleared at its end).
type DialSpec struct {
	Language     string    `json:"language"`
	Instructions string    `json:"instructions,omitempty"`
	Record       bool      `json:"record,omitempty"`
	Transcribe   bool      `json:"transcribe,omitempty"`
	CallerZone   string    `json:"callerZone,omitempty"` // safety.timezone, for calling hours
	Criteria     *Criteria `json:"criteria,omitempty"`   // the lead qualifier's, for the score
	// VoicemailMessage is what to leave when a machine answers (the
	// caller's voicemailMessage); "" leaves nothing. Cleared at the end.
	VoicemailMessage string `json:"voicemailMessage,omitempty"`
}

// PayPerCall is the Payer of calls paid on a pay-per-call rail (x402,
// L402, MPP): they share one daily cap.
const PayPerCall = "payg"

// Settlement states (Record.Settle).
const (
	SettlePending    = "pending"
	SettleDone       = "done"
	SettleNotCharged = "not_charged" // no charge was ever recorded for the call
	SettleFailed     = "failed"
	// SettleSessionClosed: drawn from an MPP budget session that was
	// closing or closed when the call was settled, so nothing could go
	// back to it (its close had claimed the whole draw); the maximum is
	// kept and Refunded is 0.
	SettleSessionClosed = "session_closed"
)

// Callback delivery states (Record.Callback).
const (
	CallbackPending   = "pending"
	CallbackDelivered = "delivered"
	CallbackFailed    = "failed"
)

// Outcomes Dalil sets itself (a provider's own outcome is kept as it
// gives it).
const (
	OutcomeNotCharged        = "not_charged"       // the paid request's charge never committed: never dialled
	OutcomeProviderRejected  = "provider_rejected" // the provider refused the call
	OutcomeProviderError     = "provider_error"    // the provider could not be reached, attempts exhausted
	OutcomeNoProvider        = "provider_not_configured"
	OutcomeDialInterrupted   = "dial_interrupted"    // the process stopped while dialling; never redialled
	OutcomeNotDialled        = "not_dialled_in_time" // not dialled within DialWithin of queueing
	OutcomeNoEndReport       = "no_end_report"       // the provider never reported the end
	OutcomeCancelledByCaller = "cancelled_by_caller"
	// OutcomeNotConnected: a pay-on-connect call still not connected when
	// its request stopped waiting (ConnectWait): cancelled, hung up, not
	// charged.
	OutcomeNotConnected = "not_connected_in_time"
)

// Job is durable work on a call, inserted in the same transaction as the
// change that calls for it.
type Job struct {
	Kind   JobKind
	CallID string
	// At is when it may run; zero: now.
	At time.Time
	// Delivery identifies a completion callback (X-Dalil-Delivery), the
	// same on every retry.
	Delivery string
}

// JobKind names a job.
type JobKind string

// The voice jobs.
const (
	JobDial     JobKind = "voice_dial"
	JobSettle   JobKind = "voice_settle"
	JobCallback JobKind = "voice_callback"
	JobExpire   JobKind = "voice_expire"
)

// Effects are what a change to a call brings along, in its transaction.
type Effects struct {
	Jobs []Job
	// DoNotCall, when set, is a number hash the callee asked never to be
	// called again.
	DoNotCall string
}

// Store keeps calls, their provider events, the do-not-call list and the
// counts behind the caps (voicesql implements it on SQLite and
// PostgreSQL). Every method may fail with dalil.ErrStorageUnavailable.
type Store interface {
	DoNotCall
	Counter
	// Create stores a new call and inserts its jobs, in one transaction.
	Create(ctx context.Context, r Record, jobs []Job) error
	// Get returns a call, or dalil.ErrNotFound.
	Get(ctx context.Context, id string) (Record, error)
	// ByProvider finds a call by its provider's id, or dalil.ErrNotFound.
	ByProvider(ctx context.Context, provider, providerCallID string) (Record, error)
	// List returns the account's calls newest first, those older than the
	// call before when it is not empty; at most limit.
	List(ctx context.Context, accountID, before string, limit int) ([]Record, error)
	// Update changes a call in one transaction: the call is read (and
	// locked), fn changes it, and the call, fn's jobs and its do-not-call
	// entry are written together. With eventKey set, the provider event
	// is recorded first, and a key already recorded answers
	// ErrDuplicateEvent without calling fn. An error from fn rolls
	// everything back and is returned. Unknown id: dalil.ErrNotFound.
	Update(ctx context.Context, id, eventKey string, fn func(*Record) (Effects, error)) (Record, error)
	// AddDoNotCall puts a number hash on the list (source: "callee",
	// "operator").
	AddDoNotCall(ctx context.Context, numberHash, source string) error
	// Dialled counts the calls dialled since since by payer and to the
	// number, the call except excluded (the dial-time caps).
	Dialled(ctx context.Context, payer, numberHash string, since time.Time, except string) (payerCalls, numberCalls int, err error)
}

// ErrDuplicateEvent: a provider event already applied (Store.Update).
var ErrDuplicateEvent = errors.New("voice: duplicate provider event")

// ErrUnknownCall: a provider event names no call Dalil knows (yet).
var ErrUnknownCall = errors.New("voice: event for an unknown call")

// Charges tells whether the paid request behind a call committed its
// charge: the call is queued inside that request, before the charge
// commits, so the dial job confirms it first. Accounts: the ledger has the
// request's charge; pay-per-call rails: the credential's claim was
// settled (or the MPP session draw committed). The core store implements
// it (sqlstore.Store.PaidFor): the payment tables stay the core's.
type Charges interface {
	// PaidFor reports whether request requestID (of accountID, empty on a
	// pay-per-call rail) committed its payment; since bounds how long
	// before now the request could have begun.
	PaidFor(ctx context.Context, accountID, requestID string, since time.Time) (bool, error)
	// HeldFor reports whether request requestID holds its payment: it
	// committed (PaidFor), or it reserved it and has neither committed
	// nor released it yet (a pay-per-call credential claimed by a request
	// still running). A pay-on-connect call is dialled while its request
	// holds the payment, which settles only once the call connects.
	HeldFor(ctx context.Context, accountID, requestID string, since time.Time) (bool, error)
}

// SessionRefunds gives back part of a draw on an MPP budget session: the
// unused maximum of a call paid from one (Record.Session and SessionKey).
// cmd/dalil implements it on the MPP session store (mppsql.Sessions).
type SessionRefunds interface {
	// RefundSession gives back amount of the draw key on session to the
	// session's budget, once per draw: a repeat returns the first call's
	// amount, whatever its own. Never more than the draw. Errors:
	// ErrSessionClosed when the session is closing or closed (nothing can
	// go back to it any more); dalil.ErrNotFound when no committed draw
	// has that key (the request's payment never completed).
	RefundSession(ctx context.Context, session, key string, amount dalil.MicroUSD) (refunded dalil.MicroUSD, err error)
}

// ErrSessionClosed: the MPP budget session a call was drawn from is
// closing or closed (SessionRefunds).
var ErrSessionClosed = errors.New("voice: the MPP session is closed")

// claimLead bounds how long before a call was queued its request could
// have claimed a credential or an idempotency key (a paid call's whole
// deadline is 45 s): the charge check looks no further back.
const claimLead = 10 * time.Minute

// Later asks the job runner to run the job again after Delay, without
// counting an attempt (waiting for a charge to commit).
type Later struct{ Delay time.Duration }

func (l *Later) Error() string { return fmt.Sprintf("voice: run again in %s", l.Delay) }
