package sanctionssql

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"time"

	"dalil/capabilities/sanctions/sanctionsync"
	"dalil/dataset"
	"dalil/store/sqlstore"
)

var _ sanctionsync.Store = (*Store)(nil)

// ImportSync implements sanctionsync.Store: r imported as Import
// does, in one transaction that first runs check with the current and
// the new entry counts (its error writes nothing) and last records st,
// its FileBatch the new batch. A file identical to the current version is
// Unchanged and writes nothing.
func (s *Store) ImportSync(ctx context.Context, r io.Reader, opts dataset.ImportOptions, check func(current, next int) error, st sanctionsync.State) (dataset.Report, error) {
	return s.importFile(ctx, r, opts, &syncWrite{check: check, state: st})
}

// RecordSync implements sanctionsync.Store.
func (s *Store) RecordSync(ctx context.Context, st sanctionsync.State) error {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.db.Tx(ctx, func(tx *sql.Tx) error { return putSyncState(ctx, tx, st) })
}

// currentEntries is the entries of source's current batch, 0 when none.
func currentEntries(ctx context.Context, tx *sql.Tx, source string) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT entries FROM sanctions_batches WHERE source = $1 AND current = 1`, source).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, sqlstore.Unavailable("read the current sanctions batch", err)
}

func putSyncState(ctx context.Context, tx *sql.Tx, st sanctionsync.State) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO sanctions_sync (source, url, etag, last_modified, file_batch, last_attempt, last_success, last_change,
		last_outcome, last_error, last_error_at, failures, consecutive_failures) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (source) DO UPDATE SET url = excluded.url, etag = excluded.etag, last_modified = excluded.last_modified,
		file_batch = excluded.file_batch, last_attempt = excluded.last_attempt, last_success = excluded.last_success,
		last_change = excluded.last_change, last_outcome = excluded.last_outcome, last_error = excluded.last_error,
		last_error_at = excluded.last_error_at, failures = excluded.failures, consecutive_failures = excluded.consecutive_failures`,
		st.Source, st.URL, st.ETag, st.LastModified, st.FileBatch, optMicros(st.LastAttempt), optMicros(st.LastSuccess), optMicros(st.LastChange),
		st.LastOutcome, st.LastError, optMicros(st.LastErrorAt), st.Failures, st.ConsecutiveFailures)
	return sqlstore.Unavailable("record the sanctions sync", err)
}

// optMicros is t in Unix microseconds, 0 for the zero time.
func optMicros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return micros(t)
}

func fromOptMicros(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return fromMicros(n)
}

const syncColumns = `s.source, s.url, s.etag, s.last_modified, s.file_batch, s.last_attempt, s.last_success, s.last_change, s.last_outcome,
	s.last_error, s.last_error_at, s.failures, s.consecutive_failures,
	COALESCE(b.id, ''), COALESCE(b.published, ''), COALESCE(b.retrieved_at, 0), COALESCE(b.entries, 0)`

type scanner interface{ Scan(...any) error }

func scanStatus(r scanner) (sanctionsync.Status, error) {
	var st sanctionsync.Status
	var attempt, success, change, errAt, retrieved int64
	err := r.Scan(&st.Source, &st.URL, &st.ETag, &st.LastModified, &st.FileBatch, &attempt, &success, &change, &st.LastOutcome,
		&st.LastError, &errAt, &st.Failures, &st.ConsecutiveFailures, &st.Batch, &st.Published, &retrieved, &st.Entries)
	st.LastAttempt, st.LastSuccess, st.LastChange, st.LastErrorAt = fromOptMicros(attempt), fromOptMicros(success), fromOptMicros(change), fromOptMicros(errAt)
	if st.Batch != "" {
		st.RetrievedAt = fromMicros(retrieved)
	}
	return st, err
}

// SyncState implements sanctionsync.Store: source's state (zero when it
// was never synced) and its current list (which an import by hand may
// have made).
func (s *Store) SyncState(ctx context.Context, source string) (sanctionsync.Status, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	st, err := scanStatus(s.db.Read().QueryRowContext(ctx, `SELECT `+syncColumns+` FROM sanctions_sync s
		LEFT JOIN sanctions_batches b ON b.source = s.source AND b.current = 1 WHERE s.source = $1`, source))
	if errors.Is(err, sql.ErrNoRows) {
		st = sanctionsync.Status{State: sanctionsync.State{Source: source}}
		var retrieved int64
		err = s.db.Read().QueryRowContext(ctx, `SELECT id, published, retrieved_at, entries FROM sanctions_batches WHERE source = $1 AND current = 1`,
			source).Scan(&st.Batch, &st.Published, &retrieved, &st.Entries)
		if errors.Is(err, sql.ErrNoRows) {
			return st, nil
		}
		st.RetrievedAt = fromMicros(retrieved)
	}
	return st, sqlstore.Unavailable("read the sanctions sync state", err)
}

// SyncStatuses implements sanctionsync.Store (and StatusReader): every
// synced source, by name.
func (s *Store) SyncStatuses(ctx context.Context) ([]sanctionsync.Status, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+syncColumns+` FROM sanctions_sync s
		LEFT JOIN sanctions_batches b ON b.source = s.source AND b.current = 1 ORDER BY s.source`)
	if err != nil {
		return nil, sqlstore.Unavailable("read the sanctions sync state", err)
	}
	defer rows.Close()
	out := []sanctionsync.Status{}
	for rows.Next() {
		st, err := scanStatus(rows)
		if err != nil {
			return nil, sqlstore.Unavailable("read the sanctions sync state", err)
		}
		out = append(out, st)
	}
	return out, sqlstore.Unavailable("read the sanctions sync state", rows.Err())
}
