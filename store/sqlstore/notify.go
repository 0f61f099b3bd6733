package sqlstore

// How a process hears that a key or an account changed in another process
// (the CLI, another replica), so that its key cache (keycache.go) drops
// what it had. Every change that makes a cached key wrong (a revocation, a
// plan change, a top-up, and any future deletion) calls announce inside
// its own transaction:
//
//   - PostgreSQL: pg_notify on a channel named after the schema, so the
//     notification is delivered only if the change commits. Each store
//     LISTENs on a dedicated pgx connection (not one of the pool's) and
//     forgets the key or account named in the payload. When that
//     connection drops, the store reconnects with backoff and flushes its
//     whole cache once it listens again, since notifications sent
//     meanwhile are lost. While it is down, cached keys are trusted for
//     KeyCacheTTL (1 s) at most, as before.
//   - SQLite: there is no NOTIFY between processes on one file, so the
//     change bumps the single row of cache_epoch, and every store polls
//     that row every 50 ms (one indexed read of one row) and flushes its
//     cache when the number moved. Charges never bump it: they change
//     nothing a cached key decides.
//
// docs/decisions.md records why.

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"log/slog"
	"regexp"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

const (
	// epochPollInterval is how often a SQLite store reads cache_epoch: a
	// change in another process takes effect here within about this long.
	epochPollInterval = 50 * time.Millisecond
	// listenIdleCheck: a listening connection that heard nothing this long
	// is pinged, so a silently dead network path is noticed (and the
	// store reconnects) instead of being trusted forever.
	listenIdleCheck = 10 * time.Second
	// listenBackoffMin and listenBackoffMax bound the wait between
	// reconnection attempts.
	listenBackoffMin = 50 * time.Millisecond
	listenBackoffMax = 5 * time.Second

	// Payloads: "k:<key id>" (forget that key), "a:<account id>" (forget
	// every key of that account). Anything else flushes the cache.
	changeKey     = "k:"
	changeAccount = "a:"
)

// CacheSync reports how a store hears of changes to keys and accounts
// made by other processes; see (*Store).CacheSync.
type CacheSync struct {
	// Mode is "notify" (PostgreSQL LISTEN/NOTIFY) or "poll" (SQLite: the
	// cache_epoch row, read every 50 ms).
	Mode string `json:"mode"`
	// Channel is the PostgreSQL notification channel ("" on SQLite).
	Channel string `json:"channel,omitempty"`
	// Live reports whether changes are heard now. While they are not,
	// cached keys are trusted for the cache TTL at most.
	Live bool `json:"live"`
	// Connects counts the listener's successful (re)connections (notify
	// mode only).
	Connects int64 `json:"connects"`
	// Flushes counts whole-cache flushes: a (re)connection, an epoch
	// change.
	Flushes int64 `json:"flushes"`
	// Heard counts the notifications received (notify mode only).
	Heard int64 `json:"heard"`
}

// cacheSync is the store's side of CacheSync.
type cacheSync struct {
	mode, channel            string
	live                     atomic.Bool
	connects, flushes, heard atomic.Int64
	stop                     context.CancelFunc
	done                     chan struct{}
}

// CacheSync reports how this store hears of key and account changes made
// elsewhere, and whether it does now.
func (s *Store) CacheSync() CacheSync {
	c := &s.cacheSync
	return CacheSync{Mode: c.mode, Channel: c.channel, Live: c.live.Load(), Connects: c.connects.Load(), Flushes: c.flushes.Load(), Heard: c.heard.Load()}
}

// announce tells every process on this database, from inside tx, that
// change ("k:<id>" or "a:<id>") happened; it takes effect only if tx
// commits.
func (s *Store) announce(ctx context.Context, tx *sql.Tx, change string) error {
	if s.dialect == "postgres" {
		_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, s.cacheSync.channel, change)
		return unavailable("notify", err)
	}
	_, err := tx.ExecContext(ctx, `UPDATE cache_epoch SET epoch = epoch + 1 WHERE id = 1`)
	return unavailable("bump cache epoch", err)
}

// startCacheSync starts hearing changes: a listener on PostgreSQL, the
// epoch poller on SQLite. Close stops it.
func (s *Store) startCacheSync(ctx context.Context, dsn string) error {
	bg, stop := context.WithCancel(context.Background())
	s.cacheSync.stop, s.cacheSync.done = stop, make(chan struct{})
	if s.dialect == "postgres" {
		var schema sql.NullString
		if err := s.r.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
			stop()
			return unavailable("current schema", err)
		}
		s.cacheSync.mode, s.cacheSync.channel = "notify", channelName(schema.String)
		go func() { defer close(s.cacheSync.done); s.listen(bg, dsn) }()
		return nil
	}
	s.cacheSync.mode = "poll"
	last, err := s.readEpoch(ctx)
	if err != nil {
		stop()
		return err
	}
	s.cacheSync.live.Store(true)
	go func() { defer close(s.cacheSync.done); s.pollEpoch(bg, last) }()
	return nil
}

// stopCacheSync stops what startCacheSync started and waits for it.
func (s *Store) stopCacheSync() {
	if s.cacheSync.stop != nil {
		s.cacheSync.stop()
		<-s.cacheSync.done
	}
}

var plainIdent = regexp.MustCompile(`^[a-z0-9_]+$`)

// channelName is the notification channel of the tables in schema:
// replicas sharing tables share it, and stores on other schemas of the same
// database (tests, several deployments) hear nothing of each other.
func channelName(schema string) string {
	const prefix = "dalil_keys_"
	if plainIdent.MatchString(schema) && len(prefix)+len(schema) <= 63 { // 63: PostgreSQL's identifier limit
		return prefix + schema
	}
	sum := sha256.Sum256([]byte(schema))
	return prefix + hex.EncodeToString(sum[:12])
}

// apply acts on one notification payload.
func (s *Store) apply(payload string) {
	s.cacheSync.heard.Add(1)
	switch {
	case strings.HasPrefix(payload, changeKey):
		s.keys.forgetKey(strings.TrimPrefix(payload, changeKey))
	case strings.HasPrefix(payload, changeAccount):
		s.keys.forgetAccount(strings.TrimPrefix(payload, changeAccount))
	default:
		s.flushKeys()
	}
}

func (s *Store) flushKeys() {
	s.keys.flush()
	s.cacheSync.flushes.Add(1)
}

// listen keeps a LISTEN connection open until ctx ends, reconnecting with
// backoff.
func (s *Store) listen(ctx context.Context, dsn string) {
	wait := listenBackoffMin
	for {
		listened, err := s.listenOnce(ctx, dsn)
		s.cacheSync.live.Store(false)
		if ctx.Err() != nil {
			return
		}
		if listened {
			wait = listenBackoffMin
		}
		s.log.Warn("key cache: change notifications interrupted; cached keys are trusted for the cache TTL until they resume",
			"channel", s.cacheSync.channel, "retryIn", wait.String(), "error", err.Error())
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		wait = min(2*wait, listenBackoffMax)
	}
}

// listenOnce connects, listens and applies notifications until the
// connection fails or ctx ends. listened reports whether it got as far as
// listening.
func (s *Store) listenOnce(ctx context.Context, dsn string) (listened bool, err error) {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, err := pgx.Connect(cctx, dsn)
	cancel()
	if err != nil {
		return false, err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn.Close(cctx)
		cancel()
	}()
	cctx, cancel = context.WithTimeout(ctx, 10*time.Second)
	_, err = conn.Exec(cctx, "LISTEN "+pgx.Identifier{s.cacheSync.channel}.Sanitize())
	cancel()
	if err != nil {
		return false, err
	}
	// Changes committed while no connection listened were not heard:
	// forget everything. A lookup that began before this flush cannot put
	// its answer back (keyCache.put).
	s.flushKeys()
	s.cacheSync.connects.Add(1)
	s.cacheSync.live.Store(true)
	if s.cacheSync.connects.Load() > 1 {
		s.log.Info("key cache: change notifications resumed; cache flushed", "channel", s.cacheSync.channel)
	}
	for {
		wctx, cancel := context.WithTimeout(ctx, listenIdleCheck)
		n, err := conn.WaitForNotification(wctx)
		cancel()
		switch {
		case err == nil:
			s.apply(n.Payload)
		case ctx.Err() != nil:
			return true, ctx.Err()
		case pgconn.Timeout(err):
			// Quiet for a while: make sure the connection still works.
			pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err := conn.Ping(pctx)
			cancel()
			if err != nil {
				return true, err
			}
		default:
			return true, err
		}
	}
}

// readEpoch reads the SQLite change counter.
func (s *Store) readEpoch(ctx context.Context) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	row, err := s.readRow(ctx, `SELECT epoch FROM cache_epoch WHERE id = 1`)
	if err != nil {
		return 0, err
	}
	var n int64
	if err := row.Scan(&n); err != nil {
		return 0, unavailable("read cache epoch", err)
	}
	return n, nil
}

// pollEpoch flushes the key cache whenever cache_epoch moves, until ctx
// ends. A failed read marks the channel down; the next good one flushes,
// since a change may have been missed in between.
func (s *Store) pollEpoch(ctx context.Context, last int64) {
	t := time.NewTicker(epochPollInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		n, err := s.readEpoch(ctx)
		if err != nil {
			if ctx.Err() == nil && s.cacheSync.live.Swap(false) {
				s.log.Warn("key cache: cannot read the change counter; cached keys are trusted for the cache TTL until it can", "error", err.Error())
			}
			continue
		}
		if !s.cacheSync.live.Swap(true) || n != last {
			s.flushKeys()
		}
		last = n
	}
}

// discardLogger is the logger of a store given none.
var discardLogger = slog.New(slog.DiscardHandler)
