package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// DB is what the store lends a module's SQL adapter (see Module): the
// pools, the dialect, the clock and the store's transactions and
// deadlines, so a module's tables behave like the core's without the core
// knowing them. It is a small value; copy it freely. It stays usable until
// the Store is closed.
type DB struct{ s *Store }

// DB returns the handle that module adapters (invoicesql, mppsql) are built
// on. Their tables exist once Open has run their Module in Options.Modules.
func (s *Store) DB() DB { return DB{s} }

// Write is the pool for writes. On SQLite it holds one connection: a
// caller that keeps a transaction open must not wait on another write, or
// it waits forever. Prefer Tx.
func (d DB) Write() *sql.DB { return d.s.w }

// Read is the pool for reads (the same pool as Write on PostgreSQL; on
// SQLite, readers that never queue behind the single writer).
func (d DB) Read() *sql.DB { return d.s.r }

// Dialect reports "sqlite" or "postgres". Modules write one SQL text for
// both where they can ($1 placeholders, ON CONFLICT, RETURNING work on
// both), as the core does.
func (d DB) Dialect() string { return d.s.dialect }

// Now is the store's clock (Options.Now in tests).
func (d DB) Now() time.Time { return d.s.now() }

// Bound gives a database call on a request path its deadline: ctx's, or
// Options.OpTimeout (default 5 s) if that comes first, past which a
// stalled database answers dalil.ErrStorageUnavailable instead of hanging
// the caller.
func (d DB) Bound(ctx context.Context) (context.Context, context.CancelFunc) { return d.s.bound(ctx) }

// Tx runs fn in a write transaction and commits it, or rolls back if fn
// fails. Like the core's own transactions it is tried again, with backoff,
// while it fails before the commit with dalil.ErrStorageUnavailable (a
// connection cut, a restart) and ctx lasts; fn may therefore run more than
// once and must only touch tx. A failed commit is returned as
// ErrStorageUnavailable and never retried. Errors from fn are returned as
// they are.
func (d DB) Tx(ctx context.Context, fn func(*sql.Tx) error) error { return d.s.tx(ctx, fn) }

// Values is the VALUES list of a multi-row INSERT of rows rows of cols
// columns, in this database's parameter style.
func (d DB) Values(rows, cols int) string { return valuesList(d.s.dialect, rows, cols) }

// Unavailable marks err, a failure of the database (not a refusal or a
// missing row), as dalil.ErrStorageUnavailable, which the HTTP layer
// answers with 503 and Tx retries. op names the operation in the message.
// A nil err stays nil; a *dalil.Error, dalil.ErrNotFound or an error
// already marked is returned unchanged.
func Unavailable(op string, err error) error { return unavailable(op, err) }

// Querier is what runs a one-row query: the read or write pool, or a
// transaction.
type Querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// OptionalString runs a query for one text column and returns its value,
// or "" when there is no row (e.g. the batch that imported a file with
// this content hash, if any).
func OptionalString(ctx context.Context, q Querier, query string, args ...any) (string, error) {
	var v string
	err := q.QueryRowContext(ctx, query, args...).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}
