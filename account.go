package dalil

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Plan is a subscription plan: a monthly allowance in USD and in calls,
// and how many calls a minute each of its keys may make.
type Plan struct {
	ID           string
	Name         string
	MonthlyUSD   MicroUSD
	MonthlyCalls int64
	// PerMinute is the plan's per-minute limit per key (contract §8):
	// the default that package ratelimit enforces and DALIL_RATE_LIMITS
	// may override.
	PerMinute int
}

// The plans' ids.
const (
	PlanFree       = "free"
	PlanDeveloper  = "developer"
	PlanGrowth     = "growth"
	PlanEnterprise = "enterprise"
)

// Plans are the spec's subscription plans, cheapest first.
var Plans = []Plan{
	{ID: PlanFree, Name: "Free", MonthlyUSD: 0, MonthlyCalls: 0, PerMinute: 60},
	{ID: PlanDeveloper, Name: "Developer", MonthlyUSD: 10 * USD, MonthlyCalls: 1000, PerMinute: 120},
	{ID: PlanGrowth, Name: "Growth", MonthlyUSD: 50 * USD, MonthlyCalls: 10000, PerMinute: 600},
	{ID: PlanEnterprise, Name: "Enterprise", MonthlyUSD: 500 * USD, MonthlyCalls: 100000, PerMinute: 3000},
}

// Rate is a per-minute call budget per key under a name: a plan's, or
// that of callers without an API key, who have no plan.
type Rate struct {
	ID        string
	PerMinute int
}

// The names of the budgets of callers without an API key, each limited
// per client address.
const (
	RatePayPerCall = "payg"    // keyless pay-per-call (x402, L402, MPP)
	RatePreview    = "preview" // free previews
)

// KeylessRates are the per-minute limits of callers without an API key
// (contract §8); DALIL_RATE_LIMITS may override them.
var KeylessRates = []Rate{
	{ID: RatePayPerCall, PerMinute: 60},
	{ID: RatePreview, PerMinute: 30},
}

// Rates are contract §8's per-minute limits: each plan's (Plans, in
// their order), then KeylessRates. Every table of limits derives from
// it (package ratelimit's Defaults).
func Rates() []Rate {
	rates := make([]Rate, 0, len(Plans)+len(KeylessRates))
	for _, p := range Plans {
		rates = append(rates, Rate{ID: p.ID, PerMinute: p.PerMinute})
	}
	return append(rates, KeylessRates...)
}

// PlanByID finds a plan.
func PlanByID(id string) (Plan, bool) {
	for _, p := range Plans {
		if p.ID == id {
			return p, true
		}
	}
	return Plan{}, false
}

// Period returns the allowance period containing now for a plan started at
// anchor: whole months from the anchor (UTC), the day clamped to the end of
// shorter months (Jan 31 -> Feb 28 -> Mar 31).
func Period(anchor, now time.Time) (start, end time.Time) {
	anchor, now = anchor.UTC(), now.UTC()
	if now.Before(anchor) {
		return anchor, addMonths(anchor, 1)
	}
	months := (now.Year()-anchor.Year())*12 + int(now.Month()-anchor.Month())
	for months > 0 && addMonths(anchor, months).After(now) {
		months--
	}
	for !addMonths(anchor, months+1).After(now) {
		months++
	}
	return addMonths(anchor, months), addMonths(anchor, months+1)
}

func addMonths(t time.Time, n int) time.Time {
	y, m, d := t.Date()
	first := time.Date(y, m+time.Month(n), 1, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	if d > last {
		d = last
	}
	return time.Date(first.Year(), first.Month(), d, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
}

// Account is a paying customer.
type Account struct {
	ID            string    `json:"accountId"`
	Name          string    `json:"name"`
	Plan          string    `json:"plan"`
	PlanStartedAt time.Time `json:"planStartedAt"`
	Credits       MicroUSD  `json:"-"`
	CreatedAt     time.Time `json:"createdAt"`
}

// Key is an API key's public record; the secret is never stored.
type Key struct {
	ID        string     `json:"keyId"`
	AccountID string     `json:"accountId"`
	Prefix    string     `json:"prefix"` // first characters, to recognise a key
	CreatedAt time.Time  `json:"createdAt"`
	RevokedAt *time.Time `json:"revokedAt,omitempty"`
}

// Usage is an account's allowance use in one period.
type Usage struct {
	PeriodStart, PeriodEnd time.Time
	USD                    MicroUSD
	Calls                  int64
}

// LedgerEntry is one append-only ledger row. Amount is signed: top-ups are
// positive, charges negative. For the api_credits rail the entries of an
// account sum to its credit balance; subscription entries record use of
// the allowance and never touch credits.
type LedgerEntry struct {
	ID           int64     `json:"id"`
	AccountID    string    `json:"accountId"`
	Kind         string    `json:"kind"` // "topup", "charge" or "refund"
	Rail         string    `json:"rail"`
	Tool         string    `json:"tool,omitempty"`
	Amount       MicroUSD  `json:"-"`
	BalanceAfter MicroUSD  `json:"-"`
	RequestID    string    `json:"requestId,omitempty"`
	Note         string    `json:"note,omitempty"`
	CreatedAt    time.Time `json:"createdAt"`
}

// Payment methods an account call may name (X-Service-Payment-Method).
const (
	MethodAuto         = "auto"
	MethodCredits      = "credits"
	MethodSubscription = "subscription"
)

// ChargeRequest asks the store to charge one call to an account.
type ChargeRequest struct {
	AccountID string
	Tool      string
	Price     MicroUSD
	RequestID string
	// Method is MethodAuto (allowance, then credits), MethodCredits or
	// MethodSubscription (allowance, then credits as its fallback); see
	// DecideCharge, which the store applies.
	Method string
	// NoCredits forbids paying from prepaid credits (the credits rail is
	// switched off), so the allowance alone may pay.
	NoCredits bool
	// Idem, when set, names an idempotency claim taken with
	// BeginIdempotent; the charge completes it in the same transaction,
	// storing Data and the receipt, so a retry replays exactly what was
	// paid for and is never charged twice.
	Idem *IdemKey
	// Data is the paid result (JSON), stored with the charge when Idem is
	// set. The store never builds a response body.
	Data []byte
}

// IdemKey identifies one Idempotency-Key use: scope account + tool. Owner
// is the request id of the request holding the claim: only it may complete
// or abandon the claim, so a request whose lease ran out cannot.
type IdemKey struct {
	AccountID string
	Tool      string
	Key       string
	Owner     string
}

// IdemOutcome is what BeginIdempotent found.
type IdemOutcome int

const (
	// IdemStarted: the key is new (or expired, or its claim's lease ran
	// out); the caller runs the call.
	IdemStarted IdemOutcome = iota
	// IdemReplay: the call completed before; Answer replays it.
	IdemReplay
	// IdemInProgress: the first request with this key is still running.
	IdemInProgress
	// IdemReused: the key was used with a different request.
	IdemReused
)

// IdemState is the answer of BeginIdempotent.
type IdemState struct {
	Outcome IdemOutcome
	Answer  Answer
}

// Answer is a paid answer as stored for replay: the result and the
// receipt. The HTTP layer renders the envelope from it.
type Answer struct {
	RequestID string
	Rail      string
	Price     MicroUSD
	// Data is the result (JSON).
	Data []byte
	// Raw, when set, is a complete response body stored by an earlier
	// version of Dalil; it is replayed as it is.
	Raw []byte
}

// IdempotencyTTL is how long a completed answer is kept for replay.
const IdempotencyTTL = 24 * time.Hour

// IdempotencyLease is how long an in-progress Idempotency-Key claim holds
// its key. A request that died (crash, storage error, timeout) leaves its
// claim behind; after the lease a retry with the same key takes it over.
// It must outlast the longest request (the HTTP layer's call deadline), so
// a claim is never taken from a request still running.
const IdempotencyLease = time.Minute

// Receipt says how a charge was paid.
type Receipt struct {
	Rail   string // RailSubscription or RailCredits
	Amount MicroUSD
	// CreditsAfter is the credit balance after the charge.
	CreditsAfter MicroUSD
}

// Claim is a pay-per-call credential being spent on one call.
type Claim struct {
	CredentialID string
	Rail         string
	Tool         string
	Amount       MicroUSD
	RequestID    string
	Payer        string
	ExpiresAt    time.Time
}

// Spend is the total charged for one tool on one rail, net of refunds.
type Spend struct {
	Tool     string
	Rail     string
	Calls    int64    // charges, refunded or not
	Amount   MicroUSD // charged less refunded
	Refunded MicroUSD // given back of those charges (Refunder)
}

// What a plan change did to the allowance period (PlanChange.Period).
const (
	PeriodUnchanged = "unchanged" // the same plan: nothing changed
	PeriodKept      = "kept"      // new plan, same period; usage so far counts against it
	PeriodRestarted = "restarted" // a new period starts now with nothing used
)

// PlanChange is the outcome of Store.SetPlan.
type PlanChange struct {
	Account Account // after the change
	From    string  // the plan before
	Period  string  // PeriodUnchanged, PeriodKept or PeriodRestarted
}

// MaxCredits is the largest prepaid balance an account may hold: USD one
// trillion (10^18 micro-USD). It is also the largest amount ParseUSD
// reads, and it leaves room below the int64 limit (about 9.2 * 10^18) of
// the balance column and of the ledger's sums, so no top-up can overflow
// them: a top-up that would pass it is refused with CodeInvalidInput.
const MaxCredits MicroUSD = 1_000_000_000_000 * USD

// Refunder gives back part or all of one charge, found by its account and
// request id: a metered call (a phone call) is charged its maximum when it
// starts and refunded what it did not use when it ends. One refund per
// charge; the same refund again returns the first's receipt.
type Refunder interface {
	Refund(ctx context.Context, accountID, requestID string, amount MicroUSD, note string) (Receipt, error)
}

// ErrNotFound is returned by stores for a missing account or key.
var ErrNotFound = errors.New("not found")

// Store keeps accounts, keys, balances and the ledger. Implementations:
// store/sqlite (default) and store/postgres (several replicas).
type Store interface {
	// CreateAccount creates an account on plan with initial credits
	// (recorded as a top-up; at most MaxCredits) and returns it.
	CreateAccount(ctx context.Context, name, plan string, credits MicroUSD) (Account, error)
	Account(ctx context.Context, id string) (Account, error)
	// AccountCount reports how many accounts exist.
	AccountCount(ctx context.Context) (int64, error)
	// CreateKey stores a new key for the account; secret is the value the
	// caller sees once, of which only the hash is kept.
	CreateKey(ctx context.Context, accountID string) (k Key, secret string, err error)
	Keys(ctx context.Context, accountID string) ([]Key, error)
	RevokeKey(ctx context.Context, keyID string) error
	// Authenticate returns the account and key of an unrevoked secret,
	// or ErrNotFound.
	Authenticate(ctx context.Context, secret string) (Account, Key, error)
	// AddCredits appends a top-up and returns the new balance. A top-up
	// that would take the balance above MaxCredits is refused with
	// CodeInvalidInput, its message naming the maximum.
	AddCredits(ctx context.Context, accountID string, amount MicroUSD, note string) (MicroUSD, error)
	// SetPlan moves the account to plan. Setting the plan it already has
	// changes nothing (PeriodUnchanged) unless newPeriod asks for a fresh
	// period. A change keeps the current period and the allowance already
	// used in it, now counted against the new plan's allowance
	// (PeriodKept); with newPeriod the period restarts now with nothing
	// used (PeriodRestarted). Unknown plan: CodeInvalidInput; unknown
	// account: ErrNotFound.
	SetPlan(ctx context.Context, accountID, plan string, newPeriod bool) (PlanChange, error)
	// Accounts lists up to limit accounts (1-200; otherwise 50) in the
	// order they were created, those created after the account afterID
	// when it is not empty.
	Accounts(ctx context.Context, limit int, afterID string) ([]Account, error)
	// Charge debits one call atomically: the allowance when the method and
	// plan allow it and it covers the call, else credits. It returns *Error
	// with CodeInsufficientCredits or CodeQuotaExceeded when nothing can
	// pay, and never lets a balance go below zero.
	Charge(ctx context.Context, r ChargeRequest) (Receipt, error)
	// BeginIdempotent claims k for k.Owner for a request whose canonical
	// hash is hash, or reports a replay, a request in progress or a reuse.
	// Keys older than IdempotencyTTL count as new; an in-progress claim
	// older than IdempotencyLease is taken over.
	BeginIdempotent(ctx context.Context, k IdemKey, hash string) (IdemState, error)
	// CompleteIdempotent stores the answer of a claimed key outside a
	// charge (pay-per-call sessions, whose money moves elsewhere).
	CompleteIdempotent(ctx context.Context, k IdemKey, a Answer) error
	// AbandonIdempotent forgets k.Owner's unfinished claim after a non-2xx
	// answer, so a retry runs again.
	AbandonIdempotent(ctx context.Context, k IdemKey) error
	// PurgeIdempotency deletes records created before t.
	PurgeIdempotency(ctx context.Context, before time.Time) (int64, error)
	// ClaimCredential records a verified pay-per-call credential before the
	// work runs. A credential already claimed is refused with
	// CodePaymentInvalid ("already used").
	ClaimCredential(ctx context.Context, c Claim) error
	// ReleaseCredential forgets an unsettled claim after a non-2xx answer
	// or a settlement that certainly did not happen.
	ReleaseCredential(ctx context.Context, credentialID string) error
	// SettleCredential marks a claim paid; it stays as the payment record.
	SettleCredential(ctx context.Context, credentialID string) error
	// Usage returns the allowance use of the current period.
	Usage(ctx context.Context, accountID string) (Usage, error)
	// Spend sums the account's charges per tool and rail, net of refunds.
	Spend(ctx context.Context, accountID string) ([]Spend, error)
	// Ledger returns entries newest first, with id < before when before > 0.
	Ledger(ctx context.Context, accountID string, limit int, before int64) ([]LedgerEntry, error)
	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	Close() error
}

// NewID returns a time-ordered id with a prefix ("acct_0193...").
func NewID(prefix string) string {
	u := uuid.Must(uuid.NewV7())
	return prefix + strings.ReplaceAll(u.String(), "-", "")
}

// KeyPrefix starts every API key, so a leaked key is easy to recognise.
const KeyPrefix = "dk_live_"

// NewSecret returns a fresh API key: the prefix and 26 characters of
// base32 from crypto/rand (128 bits of entropy).
func NewSecret() string { return KeyPrefix + strings.ToLower(rand.Text()) }

// HashSecret is how keys are stored. Keys carry 128 random bits, so a fast
// hash is enough: there is nothing to brute-force.
func HashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	var h [2 * sha256.Size]byte // the string is the one allocation
	hex.Encode(h[:], sum[:])
	return string(h[:])
}
