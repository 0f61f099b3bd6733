// Package sqlstore implements dalil.Store on SQL databases: SQLite (the
// embedded default, through the pure-Go modernc driver) and PostgreSQL
// (several replicas sharing one database, through pgx). Both run the same
// statements; only the migrations and the connection set-up differ.
//
// Money moves only through conditional updates inside one transaction
// ("credits = credits - $price WHERE credits >= $price"), backed by CHECK
// constraints, so a balance can never go below zero whatever the number of
// concurrent callers or replicas.
package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"dalil"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
	"modernc.org/sqlite"               // registers "sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

//go:embed migrations
var migrations embed.FS

// Store is a dalil.Store on SQLite or PostgreSQL.
type Store struct {
	w         *sql.DB // writes: one connection on SQLite, a pool on PostgreSQL
	r         *sql.DB // reads
	dialect   string  // "sqlite" or "postgres"
	path      string  // SQLite file
	opTimeout time.Duration
	idemLease time.Duration
	gather    time.Duration
	now       func() time.Time

	stmts sync.Map // query -> *sql.Stmt on w or r, prepared once
	keys  keyCache

	refundHooks refundHooks // OnRefund

	// cacheSync hears key and account changes made elsewhere (notify.go).
	cacheSync cacheSync
	log       *slog.Logger

	charges       chan *chargeJob // to the group committers
	closed        chan struct{}
	closeOnce     sync.Once
	queueMu       sync.RWMutex // isClosed, and sends on charges
	isClosed      bool
	committerDone chan struct{}
	ledgerArgs    []any // the committer's buffer (insertChargeRows)
	// pgPlans are accounts' plans as the committer last read them
	// (PostgreSQL's one-round-trip group, pgpipe.go); committer only.
	pgPlans map[string]pgPlan
	// known are accounts' rows as SQLite's committer last read or wrote
	// them (chargeKnown); committer only.
	known map[string]knownAccount

	// newerSchema are migrations a newer binary recorded (NewerSchema).
	newerSchema []string

	// Counters of failed commits resolved by asking the database
	// (committed after all) and of those it could not resolve.
	commitsRecovered, outcomeUnknown atomic.Int64
}

var _ dalil.Store = (*Store)(nil)

// Options tune a Store; the zero value is fine.
type Options struct {
	Now func() time.Time // clock, for tests
	// GatherWindow is how long, at most, the committer keeps a group open
	// for more charges once it sees concurrent ones; zero or negative (the
	// default) does not wait: a group is what queued while the previous
	// one committed. A charge alone is never delayed. See committer.
	GatherWindow time.Duration
	// OpTimeout bounds every database call made on a request path
	// (authentication, idempotency, balance, admin, a group of charges):
	// past it the call fails with dalil.ErrStorageUnavailable (503).
	// Default DefaultOpTimeout.
	OpTimeout time.Duration
	// IdempotencyLease overrides dalil.IdempotencyLease (tests, and
	// operators whose calls may run longer).
	IdempotencyLease time.Duration
	// Modules are the packages that keep their own tables in this
	// database (invoicesql, mppsql): Open runs their migrations after the
	// core's, in this order, under the same lock. See Module.
	Modules []Module
	// KeyCacheTTL bounds how long an API key lookup is trusted without
	// asking the database again (default DefaultKeyCacheTTL). Changes made
	// elsewhere arrive sooner as invalidations (CacheSync); tests set a
	// long TTL to prove that they do.
	KeyCacheTTL time.Duration
	// Logger receives the store's background events (the change
	// listener's losses and reconnections); nil discards them.
	Logger *slog.Logger
	// ReadMmapSize is how much of a SQLite file each reader connection
	// maps into memory (PRAGMA mmap_size; SQLite cuts it to its limit,
	// 2 GiB less 64 KiB in this build); 0 or negative, none (the
	// default): every page is read with pread(2) into the connection's
	// 2 MB cache. The writer never maps. Nothing on PostgreSQL.
	//
	// Mapped, a reader takes pages from the page cache in place: a
	// sanctions screening over a million entities took about a tenth
	// less CPU (docs/performance.md, issue 34, session 15). It is not the
	// default because of what it costs. With the file out of the page
	// cache (a reboot, memory pressure) the first screening took 1.0-1.6
	// s instead of 0.15 s: the kernel's read-around on each fault read
	// the whole 1.6 GB file where pread read 25 MB. RSS counts the mapped
	// pages once per connection mapping them (2-3.5 GB after 1,000
	// screenings; the private memory stays 25 MB). And a mapped file
	// truncated by another program than SQLite, or a read error of the
	// disk, is a SIGBUS that stops the process where pread returns an
	// error (SQLite's own truncations take the locks its readers honour,
	// and RestoreSQLite refuses a database a process has open).
	ReadMmapSize int64
}

// DefaultOpTimeout is Options.OpTimeout's default: a stalled database
// answers 503 within 5 s instead of hanging the caller.
const DefaultOpTimeout = 5 * time.Second

// ConnectTimeout bounds Open's first connection: a database that cannot be
// reached fails Open within it, whatever ctx allows the migrations.
const ConnectTimeout = 30 * time.Second

// Open opens dsn: a postgres:// or postgresql:// URL, or else a SQLite file
// path (":memory:" is refused: reads and writes use separate pools). It
// connects within ConnectTimeout, then runs the embedded migrations, then
// those of opts.Modules, before returning, within ctx (a migration that
// rebuilds an index of a million-row dataset takes minutes).
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	s := &Store{now: opts.Now, opTimeout: opts.OpTimeout, gather: opts.GatherWindow}
	if s.opTimeout <= 0 {
		s.opTimeout = DefaultOpTimeout
	}
	s.idemLease = opts.IdempotencyLease
	if s.idemLease <= 0 {
		s.idemLease = dalil.IdempotencyLease
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.keys.ttl, s.log = opts.KeyCacheTTL, opts.Logger
	if s.keys.ttl <= 0 {
		s.keys.ttl = DefaultKeyCacheTTL
	}
	if s.log == nil {
		s.log = discardLogger
	}
	var err error
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		s.dialect = "postgres"
		s.w, err = sql.Open("pgx", dsn)
		if err != nil {
			return nil, err
		}
		s.w.SetMaxOpenConns(16)
		s.w.SetMaxIdleConns(16)
		s.w.SetConnMaxIdleTime(5 * time.Minute)
		s.r = s.w
	} else {
		if dsn == "" || dsn == ":memory:" {
			return nil, errors.New("sqlstore: a SQLite file path is required")
		}
		s.dialect, s.path = "sqlite", dsn
		// WAL for concurrent readers; FULL sync because this is money;
		// immediate transactions so writers queue on busy_timeout instead
		// of failing with "database is locked".
		base := "file:" + dsn + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"
		if s.w, err = sql.Open("sqlite", base+"&_txlock=immediate"); err != nil {
			return nil, err
		}
		s.w.SetMaxOpenConns(1)
		read := base
		if m := opts.ReadMmapSize; m > 0 {
			read += fmt.Sprintf("&_pragma=mmap_size(%d)", m)
		}
		if s.r, err = sql.Open("sqlite", read); err != nil {
			return nil, err
		}
		// Keep every reader open: opening a SQLite connection re-reads the
		// schema, which costs more than most queries.
		s.r.SetMaxOpenConns(8)
		s.r.SetMaxIdleConns(8)
	}
	s.charges, s.closed, s.committerDone = make(chan *chargeJob, 4*maxGroup), make(chan struct{}), make(chan struct{})
	pctx, cancel := context.WithTimeout(ctx, ConnectTimeout)
	err = s.w.PingContext(pctx)
	cancel()
	if err != nil {
		s.closeDB()
		return nil, fmt.Errorf("sqlstore: connect: %w", err)
	}
	if err := s.migrate(ctx, opts.Modules); err != nil {
		s.closeDB()
		return nil, err
	}
	// The writer's hot statements are prepared now: with one SQLite writer
	// connection, preparing on the DB while a transaction holds that
	// connection would wait forever.
	qs := append([]string{}, writerStatements...)
	if s.dialect == "postgres" {
		qs = append(qs, selectAccountForUpdate, currentXactID)
	}
	if s.dialect == "sqlite" {
		// PostgreSQL's pool prepares these when first used (txStmt).
		qs = append(qs, insertCharges[s.dialect][1:]...)
		qs = append(qs, insertSameCharges[1:]...)
	}
	for _, q := range qs {
		if _, err := s.prepared(ctx, s.w, q); err != nil {
			s.closeDB()
			return nil, unavailable("prepare", err)
		}
	}
	if err := s.startCacheSync(ctx, dsn); err != nil {
		s.closeDB()
		return nil, err
	}
	go s.committer()
	return s, nil
}

// Close stops the committer, answering charges still queued, and closes
// the pools.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.queueMu.Lock()
		s.isClosed = true
		s.queueMu.Unlock()
		close(s.closed)
		<-s.committerDone
		s.stopCacheSync()
	drain:
		for {
			select {
			case j := <-s.charges:
				j.err = unavailable("charge", errors.New("store closed"))
				close(j.done)
			default:
				break drain
			}
		}
	})
	return s.closeDB()
}

func (s *Store) closeDB() error {
	err := s.w.Close()
	if s.r != s.w {
		err = errors.Join(err, s.r.Close())
	}
	return err
}

// Path is the SQLite file ("" on PostgreSQL).
func (s *Store) Path() string { return s.path }

// Dialect reports "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.dialect }

// Ping checks that the database answers. It uses the read pool: health
// checks must not queue behind charges on SQLite's single writer.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var n int64
	if err := s.r.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil {
		return unavailable("ping", err)
	}
	return nil
}

// bound gives a database call on a request path its deadline: the
// caller's, the operation timeout, or what is left of the call's storage
// budget (dalil.StorageBudget), whichever comes first.
func (s *Store) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	d := s.opTimeout
	if b := dalil.StorageBudgetOf(ctx); b != nil {
		d = min(d, b.Left())
	}
	return context.WithTimeout(ctx, d)
}

// CommitStats reports how many failed commits were found committed after
// all (their callers got their paid answers) and how many could not be
// resolved (their callers were told the outcome is unknown).
func (s *Store) CommitStats() (recovered, unknown int64) {
	return s.commitsRecovered.Load(), s.outcomeUnknown.Load()
}

// tx runs fn in a write transaction and commits it, or rolls back on error.
//
// A failure before the commit (a connection cut, a database restarting)
// leaves nothing behind, so the whole transaction is tried again, with
// backoff, until it succeeds or ctx ends. A failed commit is never retried:
// its outcome is not known.
func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	return s.retry(ctx, func() (bool, error) {
		tx, err := s.w.BeginTx(ctx, nil)
		if err != nil {
			return true, unavailable("begin", err)
		}
		defer tx.Rollback()
		if err := fn(tx); err != nil {
			return true, err
		}
		if err := tx.Commit(); err != nil {
			return false, unavailable("commit", err)
		}
		return false, nil
	})
}

// retry runs fn until it succeeds, fails for good, or ctx ends. fn reports
// whether its failure may be retried (it changed nothing); only storage
// failures are (ErrStorageUnavailable: a lost connection, a restart), never
// a refusal (*dalil.Error) or a missing row.
func (s *Store) retry(ctx context.Context, fn func() (retryable bool, err error)) error {
	wait := 5 * time.Millisecond
	for {
		again, err := fn()
		if err == nil || !again || !errors.Is(err, dalil.ErrStorageUnavailable) || ctx.Err() != nil {
			return err
		}
		var de *dalil.Error
		if errors.As(err, &de) || permanent(err) {
			return err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		wait = min(2*wait, 100*time.Millisecond)
	}
}

// permanent reports a database error that the same statement would meet
// again however often it is tried: on PostgreSQL a data exception (class
// 22: a NUL byte in text, a number out of range), a NOT NULL or CHECK
// violation, a syntax or access rule violation (42) or a feature not
// supported (0A); on SQLite the same constraints (and a STRICT column's
// type), a value too big, a datatype mismatch or a parameter out of
// range. Retrying those
// would only hold the caller until its deadline. Everything else (a lost
// connection, a restart, a serialization failure, a unique violation that
// a concurrent writer caused) may succeed on a fresh attempt.
func permanent(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23502", "23514": // not null, check
			return true
		}
		switch pe.Code[:min(2, len(pe.Code))] {
		case "22", "42", "0A":
			return true
		}
		return false
	}
	var le *sqlite.Error
	if errors.As(err, &le) {
		switch le.Code() {
		case sqlite3.SQLITE_CONSTRAINT_CHECK, sqlite3.SQLITE_CONSTRAINT_NOTNULL, sqlite3.SQLITE_CONSTRAINT_DATATYPE:
			return true
		}
		switch le.Code() & 0xff {
		case sqlite3.SQLITE_TOOBIG, sqlite3.SQLITE_MISMATCH, sqlite3.SQLITE_RANGE:
			return true
		}
	}
	return false
}

// unavailable marks a database failure so the HTTP layer answers 503.
func unavailable(op string, err error) error {
	if err == nil {
		return nil
	}
	var de *dalil.Error
	if errors.As(err, &de) || errors.Is(err, dalil.ErrNotFound) || errors.Is(err, dalil.ErrStorageUnavailable) {
		return err
	}
	return fmt.Errorf("sqlstore: %s: %w: %w", op, dalil.ErrStorageUnavailable, err)
}

func micros(t time.Time) int64 { return t.UTC().UnixMicro() }

func fromMicros(v int64) time.Time { return time.UnixMicro(v).UTC() }

type stmtKey struct {
	db    *sql.DB
	query string
}

// prepared returns query prepared on db, preparing it once: the SQL is
// parsed once instead of on every call (measurable on the hot path).
func (s *Store) prepared(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	k := stmtKey{db, query}
	if st, ok := s.stmts.Load(k); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if prev, loaded := s.stmts.LoadOrStore(k, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// readRow runs a prepared single-row query on the read pool.
func (s *Store) readRow(ctx context.Context, query string, args ...any) (*sql.Row, error) {
	st, err := s.prepared(ctx, s.r, query)
	if err != nil {
		return nil, unavailable("prepare", err)
	}
	return st.QueryRowContext(ctx, args...), nil
}

// txStmt returns query, one of writerStatements, bound to tx.
func (s *Store) txStmt(ctx context.Context, tx *sql.Tx, query string) (*sql.Stmt, error) {
	st, ok := s.stmts.Load(stmtKey{s.w, query})
	if !ok {
		if s.dialect != "postgres" {
			return nil, fmt.Errorf("sqlstore: statement not prepared: %s", query)
		}
		// PostgreSQL's writer is a pool: another of its connections
		// prepares it while tx holds this one.
		p, err := s.prepared(ctx, s.w, query)
		if err != nil {
			return nil, unavailable("prepare", err)
		}
		return tx.StmtContext(ctx, p), nil
	}
	return tx.StmtContext(ctx, st.(*sql.Stmt)), nil
}
