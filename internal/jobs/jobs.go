// Package jobs is Dalil's durable background work: River
// (github.com/riverqueue/river) on the store's own database, SQLite or
// PostgreSQL. Work that outlives a request (a phone call, its settlement,
// a callback delivery) is a job row written in the same transaction as
// the records it acts on, so a job exists exactly when its records do;
// River leases each job to one worker at a time across every process on
// the database, retries failures with backoff, and rescues a job whose
// process died while it ran (../shared/docs/layout.md, Jobs).
//
// A Queue is opened on the store (Open): River's own migrations run first
// (rivermigrate, under an advisory lock on PostgreSQL so replicas starting
// together do not race), then a River client is built for the dialect:
//
//   - SQLite: riversqlite on the store's writer pool (one connection,
//     immediate transactions), so River and the store never contend for
//     the file lock; jobs are found by polling.
//   - PostgreSQL: riverpgxv5 on a pgx pool of its own to the same
//     database (River's PostgreSQL driver speaks pgx, the store speaks
//     database/sql); inserts wake workers through LISTEN/NOTIFY.
//
// Tx runs a function in a transaction in which the caller writes its own
// rows and inserts jobs (Tx.Insert): one commit makes both durable.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"modernc.org/sqlite"

	"dalil/store/sqlstore"
)

// Defaults of Options.
const (
	// DefaultJobTimeout bounds one run of a job; its context is cancelled
	// after it.
	DefaultJobTimeout = time.Minute
	// DefaultRescueAfter is how long a job may stay running before River
	// takes it as abandoned (its process died: kill -9, a crash, a lost
	// machine) and runs it again. It must exceed the job timeout, so a
	// job still running in a live process is never run twice at once.
	DefaultRescueAfter = 5 * time.Minute
	// DefaultPollInterval is how often idle workers look for new jobs
	// (SQLite has no notifications; on PostgreSQL it is a fallback).
	DefaultPollInterval = time.Second
	// DefaultWorkers is a queue's concurrency when Options.Queues gives none.
	DefaultWorkers = 4
)

// Options configure a Queue. The zero value inserts jobs and works none.
type Options struct {
	// Workers are the job kinds this process works. Nil: the queue only
	// inserts (another process, or a later Start with workers, works them).
	Workers *river.Workers
	// Queues are the queues worked, by name, with their concurrency
	// (0: DefaultWorkers). With Workers set and no queues,
	// river.QueueDefault is worked.
	Queues map[string]int
	// JobTimeout, RescueAfter and PollInterval: see the defaults.
	JobTimeout, RescueAfter, PollInterval time.Duration
	// ID names this process among the database's workers (River's client
	// id); default River's (host name and time).
	ID string
	// Logger receives River's own warnings; nil discards them.
	Logger *slog.Logger
}

// Queue is River on one database. Safe for concurrent use.
type Queue struct {
	dialect string
	db      sqlstore.DB
	lite    *river.Client[*sql.Tx]
	pg      *river.Client[pgx.Tx]
	pool    *pgxpool.Pool
	works   bool
}

// migrationLock is the PostgreSQL advisory lock key held while River's
// migrations run ("dalil-jobs" in ASCII, folded into 63 bits).
const migrationLock int64 = 0x64616c69_6c6a6f62 & (1<<63 - 1)

// Open runs River's migrations on the store's database and builds the
// queue. dsn is the store's DSN (the PostgreSQL URL, search_path
// included; ignored on SQLite). Close releases it.
func Open(ctx context.Context, db sqlstore.DB, dsn string, o Options) (*Queue, error) {
	q := &Queue{dialect: db.Dialect(), db: db, works: o.Workers != nil}
	cfg := o.riverConfig()
	switch q.dialect {
	case "sqlite":
		driver := riversqlite.New(db.Write())
		m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: cfg.Logger})
		if err != nil {
			return nil, fmt.Errorf("jobs: %w", err)
		}
		if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return nil, fmt.Errorf("jobs: river migrations: %w", err)
		}
		if q.lite, err = river.NewClient(driver, cfg); err != nil {
			return nil, fmt.Errorf("jobs: %w", err)
		}
	case "postgres":
		pc, err := pgxpool.ParseConfig(dsn)
		if err != nil {
			return nil, fmt.Errorf("jobs: postgres URL: %w", err)
		}
		pc.MaxConns = 8
		if q.pool, err = pgxpool.NewWithConfig(ctx, pc); err != nil {
			return nil, fmt.Errorf("jobs: %w", err)
		}
		driver := riverpgxv5.New(q.pool)
		if err := q.migratePostgres(ctx, driver, cfg.Logger); err != nil {
			q.pool.Close()
			return nil, err
		}
		if q.pg, err = river.NewClient(driver, cfg); err != nil {
			q.pool.Close()
			return nil, fmt.Errorf("jobs: %w", err)
		}
	default:
		return nil, fmt.Errorf("jobs: unknown dialect %q", q.dialect)
	}
	return q, nil
}

// migratePostgres runs River's migrations while holding a session
// advisory lock, so replicas starting together apply them once.
func (q *Queue) migratePostgres(ctx context.Context, driver *riverpgxv5.Driver, log *slog.Logger) error {
	conn, err := q.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("jobs: migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: log})
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("jobs: river migrations: %w", err)
	}
	return nil
}

func (o Options) riverConfig() *river.Config {
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg := &river.Config{
		ID:                   o.ID,
		Logger:               log,
		JobTimeout:           o.JobTimeout,
		RescueStuckJobsAfter: o.RescueAfter,
		FetchPollInterval:    o.PollInterval,
		// Finished jobs are kept a day for the operator's eyes; the call
		// records are the lasting history.
		CompletedJobRetentionPeriod: 24 * time.Hour,
	}
	if cfg.JobTimeout <= 0 {
		cfg.JobTimeout = DefaultJobTimeout
	}
	if cfg.RescueStuckJobsAfter <= 0 {
		cfg.RescueStuckJobsAfter = DefaultRescueAfter
	}
	if cfg.RescueStuckJobsAfter <= cfg.JobTimeout {
		cfg.RescueStuckJobsAfter = cfg.JobTimeout + time.Second
	}
	if cfg.FetchPollInterval <= 0 {
		cfg.FetchPollInterval = DefaultPollInterval
	}
	if cfg.FetchPollInterval < river.FetchCooldownDefault {
		// River's pause between fetches must not exceed the poll interval
		// (tests poll fast).
		cfg.FetchCooldown = cfg.FetchPollInterval
	}
	if o.Workers != nil {
		cfg.Workers = o.Workers
		cfg.Queues = map[string]river.QueueConfig{}
		for name, n := range o.Queues {
			if n <= 0 {
				n = DefaultWorkers
			}
			cfg.Queues[name] = river.QueueConfig{MaxWorkers: n}
		}
		if len(cfg.Queues) == 0 {
			cfg.Queues[river.QueueDefault] = river.QueueConfig{MaxWorkers: DefaultWorkers}
		}
	}
	return cfg
}

// Start starts working jobs (nothing when the queue has no workers). Jobs
// run until Stop; ctx only bounds starting.
func (q *Queue) Start(ctx context.Context) error {
	if !q.works {
		return nil
	}
	// River cancels running jobs when the context given to Start ends;
	// Stop decides that instead.
	run := context.WithoutCancel(ctx)
	if q.lite != nil {
		return q.lite.Start(run)
	}
	return q.pg.Start(run)
}

// Stop stops fetching jobs and waits for running ones until ctx ends, then
// cancels them (a cancelled job is retried later, by this process after a
// restart or by another).
func (q *Queue) Stop(ctx context.Context) error {
	if !q.works {
		return nil
	}
	stop, cancel := q.stopFuncs()
	err := stop(ctx)
	if err != nil && ctx.Err() != nil {
		hard, done := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer done()
		err = cancel(hard)
	}
	return err
}

func (q *Queue) stopFuncs() (stop, cancel func(context.Context) error) {
	if q.lite != nil {
		return q.lite.Stop, q.lite.StopAndCancel
	}
	return q.pg.Stop, q.pg.StopAndCancel
}

// Close releases the queue's own connections (PostgreSQL). Call it after
// Stop; the store's pools stay the store's.
func (q *Queue) Close() {
	if q.pool != nil {
		q.pool.Close()
	}
}

// Dialect is the database's: "sqlite" or "postgres".
func (q *Queue) Dialect() string { return q.dialect }

// Tx is a write transaction on the store's database in which jobs can be
// inserted. Statements use $1 placeholders (both databases accept them).
type Tx interface {
	// Exec runs a statement and reports the rows it affected.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	// QueryRow runs a query expected to return at most one row. Scan
	// reports sql.ErrNoRows when it returned none, on both databases.
	QueryRow(ctx context.Context, query string, args ...any) Row
	// Insert adds a job, committed with the transaction.
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// Row is one row of Tx.QueryRow.
type Row interface {
	Scan(dest ...any) error
}

// Tx runs fn in a write transaction and commits it, or rolls it back when
// fn fails. Errors of the database are marked dalil.ErrStorageUnavailable
// (sqlstore.Unavailable); fn's own errors are returned as they are. On
// SQLite it is the store's transaction (sqlstore.DB.Tx), which may run fn
// again after a failure before the commit, so fn must only touch tx.
func (q *Queue) Tx(ctx context.Context, fn func(Tx) error) error {
	if q.lite != nil {
		return q.db.Tx(ctx, func(tx *sql.Tx) error { return fn(sqlTx{tx, q.lite}) })
	}
	tx, err := q.pool.Begin(ctx)
	if err != nil {
		return sqlstore.Unavailable("jobs: begin", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(pgTx{tx, q.pg}); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return sqlstore.Unavailable("jobs: commit", err)
	}
	return nil
}

type sqlTx struct {
	tx *sql.Tx
	c  *river.Client[*sql.Tx]
}

func (t sqlTx) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := t.tx.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, classify("exec", err)
	}
	return res.RowsAffected()
}

func (t sqlTx) QueryRow(ctx context.Context, query string, args ...any) Row {
	return sqlRow{t.tx.QueryRowContext(ctx, query, args...)}
}

func (t sqlTx) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := t.c.InsertTx(ctx, t.tx, args, opts)
	return sqlstore.Unavailable("insert job", err)
}

type sqlRow struct{ r *sql.Row }

func (r sqlRow) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return sql.ErrNoRows
	}
	return classify("query", err)
}

type pgTx struct {
	tx pgx.Tx
	c  *river.Client[pgx.Tx]
}

func (t pgTx) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := t.tx.Exec(ctx, query, args...)
	if err != nil {
		return 0, classify("exec", err)
	}
	return tag.RowsAffected(), nil
}

func (t pgTx) QueryRow(ctx context.Context, query string, args ...any) Row {
	return pgRow{t.tx.QueryRow(ctx, query, args...)}
}

func (t pgTx) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := t.c.InsertTx(ctx, t.tx, args, opts)
	return sqlstore.Unavailable("insert job", err)
}

type pgRow struct{ r pgx.Row }

func (r pgRow) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return sql.ErrNoRows
	}
	return classify("query", err)
}

// ErrConstraint marks a statement refused by a constraint of the schema
// (CHECK, UNIQUE, NOT NULL, foreign key): a bug or a race the caller must
// handle, never retried as an outage.
var ErrConstraint = errors.New("jobs: constraint violated")

// classify marks a database error: a constraint violation as
// ErrConstraint, anything else as dalil.ErrStorageUnavailable (which Tx
// retries on SQLite and the HTTP layer answers 503).
func classify(op string, err error) error {
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	var le *sqlite.Error
	if (errors.As(err, &pe) && strings.HasPrefix(pe.Code, "23")) || (errors.As(err, &le) && le.Code()&0xff == 19) { // SQLITE_CONSTRAINT
		return fmt.Errorf("%s: %w: %w", op, ErrConstraint, err)
	}
	return sqlstore.Unavailable(op, err)
}
