// Package consoledata is the operator console's port to storage: the
// aggregations over the ledger its pages show, the operator audit log and
// console sessions. store/sqlstore implements Data; package console uses
// it. It imports nothing but the root package, so the core store depends
// on no capability, rail or web code through it.
package consoledata

import (
	"context"
	"errors"
	"time"

	"dalil"
)

// Data is what the console reads and writes besides the account
// operations (which go through package ops, the same code as the CLI and
// the admin API): aggregations over the ledger, the operator audit log and
// console sessions. store/sqlstore implements it.
type Data interface {
	// Revenue returns what was charged in [from, to), per UTC day, rail
	// and capability: ledger charges (api_credits, subscription) and
	// settled pay-per-call claims (x402, l402, and mpp's per-call charges
	// and payment-channel vouchers). Days with nothing charged have no
	// rows. Payments a module records in its own tables (MPP budget
	// sessions) are not here: see RevenueSource.
	Revenue(ctx context.Context, from, to time.Time) ([]DayRevenue, error)
	// TopSpenders returns the limit accounts charged the most in [from,
	// to), most first.
	TopSpenders(ctx context.Context, from, to time.Time, limit int) ([]Spender, error)
	// FindAccounts returns up to limit accounts whose id is query or whose
	// name contains it (case-insensitive for ASCII letters), by name.
	FindAccounts(ctx context.Context, query string, limit int) ([]dalil.Account, error)

	// RecordAudit appends one entry to the operator audit log.
	RecordAudit(ctx context.Context, e AuditEntry) error
	// Audit returns up to limit entries older than before (0: the
	// newest), newest first; only the account's when accountID is set.
	Audit(ctx context.Context, accountID string, limit int, before int64) ([]AuditEntry, error)

	// CreateSession stores a new session (and forgets expired ones).
	CreateSession(ctx context.Context, s Session) error
	// Session finds a session by ID; ErrNoSession when there is none.
	Session(ctx context.Context, id string) (Session, error)
	// TouchSession records that the session was used at seen.
	TouchSession(ctx context.Context, id string, seen time.Time) error
	// DeleteSession forgets a session (log-out); a missing one is not an
	// error.
	DeleteSession(ctx context.Context, id string) error
}

// RevenueSource is a module's own record of payments that Data.Revenue
// does not hold (the MPP rail's budget-session draws, which never reach
// the ledger or the pay-per-call claims): the console adds its rows to
// Data.Revenue's. A source must return only payments Data does not count,
// so that each is counted once, and must set DayRevenue.Source.
type RevenueSource interface {
	// Revenue returns what was paid in [from, to), per UTC day, rail and
	// capability, with the meaning of Data.Revenue.
	Revenue(ctx context.Context, from, to time.Time) ([]DayRevenue, error)
}

// ErrNoSession is Data.Session's answer for an unknown session.
var ErrNoSession = errors.New("consoledata: no such session")

// DayRevenue is what one capability earned on one rail on one UTC day.
type DayRevenue struct {
	Day    time.Time // midnight UTC
	Rail   string
	Tool   string
	Calls  int64
	Amount dalil.MicroUSD // charged less refunded (refunds count on the day they are made)
	// Refunded is what was given back that day (in Amount already).
	Refunded dalil.MicroUSD
	// Source names the payments of a RevenueSource within their rail, as
	// the overview lists them ("budget sessions"); empty for Data's rows.
	Source string
}

// Spender is an account and what it was charged.
type Spender struct {
	AccountID string
	Name      string
	Calls     int64
	Amount    dalil.MicroUSD // charged less refunded
	Refunded  dalil.MicroUSD // given back (in Amount already)
}

// AuditEntry is one thing an operator did.
type AuditEntry struct {
	ID        int64
	At        time.Time
	Action    string // one of the Action* constants
	AccountID string
	Target    string // the key id of a key action
	Detail    string // what was asked, in words ("USD 10.00", "developer -> growth")
	Outcome   string // "ok" or the error code
	Session   string // the first characters of the session's id
	Client    string // the operator's address
}

// Audit log actions.
const (
	ActionLogin     = "login"
	ActionLogout    = "logout"
	ActionTopUp     = "top_up"
	ActionSetPlan   = "set_plan"
	ActionCreateKey = "create_key"
	ActionRevokeKey = "revoke_key"
	// ActionRetractBatch: a dataset batch retracted (Target the batch,
	// Detail the dataset and the reason).
	ActionRetractBatch = "retract_batch"
)

// Session is a logged-in operator's session as stored: ID is the SHA-256
// (hex) of the cookie's secret, never the secret.
type Session struct {
	ID string
	// CSRF is the token every form of the session carries.
	CSRF string
	// Binding ties the session to the admin token it was opened with.
	Binding   string
	Client    string
	CreatedAt time.Time
	SeenAt    time.Time
	ExpiresAt time.Time
}
