// Package voicesql keeps the voice capabilities' calls in the store's SQL
// database, SQLite or PostgreSQL: the call records, the provider events
// already applied, the do-not-call list and the counts behind the daily
// caps. It implements voice.Store on the handle store/sqlstore lends
// modules (reads) and on internal/jobs (writes: a call and the River jobs
// it calls for are committed together), owns its tables through its own
// embedded migrations (list Module() in sqlstore.Options.Modules), and
// turns the voice jobs into River jobs (Workers, InsertOpts).
package voicesql

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/internal/jobs"
	"dalil/store/sqlstore"
)

//go:embed migrations
var migrations embed.FS

// Module is the schema of the voice tables, recorded in schema_migrations
// as "voice/NNN_...".
func Module() sqlstore.Module {
	return sqlstore.EmbeddedModule("voice", migrations)
}

// Store implements voice.Store. Every call on a request path is bounded by
// the store's operation timeout; database failures wrap
// dalil.ErrStorageUnavailable.
type Store struct {
	db sqlstore.DB
	q  *jobs.Queue
}

var _ voice.Store = (*Store)(nil)

// New returns the store on db, inserting jobs through q (a queue opened on
// the same database). Its tables exist once the store was opened with
// Module() among its modules.
func New(db sqlstore.DB, q *jobs.Queue) *Store { return &Store{db: db, q: q} }

func micros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UTC().UnixMicro()
}

func fromMicros(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMicro(v).UTC()
}

const columns = `id, capability, account_id, payer, request_id, status, number_hash, number, dial, script, max_seconds, base, max_charge,
	final_charge, refunded, settle, provider, provider_call_id, connected_seconds, outcome, summary, facts, transcript, lead,
	callback_url, callback, token_hash, dial_attempts, created_at, updated_at, dialed_at, answered_at, ended_at,
	pay_rail, mpp_session, mpp_session_key, pay_on_connect, tool_calls`

// row is a call's columns in storable form.
type row struct {
	ID, Capability, AccountID, Payer, RequestID, Status, NumberHash, Number, Dial, Script string
	MaxSeconds                                                                            int64
	Base, MaxCharge, FinalCharge, Refunded                                                int64
	Settle, Provider, ProviderCallID                                                      string
	ConnectedSeconds                                                                      int64
	Outcome, Summary, Facts, Transcript, Lead, CallbackURL, Callback, TokenHash           string
	DialAttempts                                                                          int64
	CreatedAt, UpdatedAt, DialedAt, AnsweredAt, EndedAt                                   int64
	PayRail, Session, SessionKey                                                          string
	PayOnConnect                                                                          int64
	ToolCalls                                                                             string
}

func (r *row) dest() []any {
	return []any{&r.ID, &r.Capability, &r.AccountID, &r.Payer, &r.RequestID, &r.Status, &r.NumberHash, &r.Number, &r.Dial, &r.Script,
		&r.MaxSeconds, &r.Base, &r.MaxCharge, &r.FinalCharge, &r.Refunded, &r.Settle, &r.Provider, &r.ProviderCallID, &r.ConnectedSeconds,
		&r.Outcome, &r.Summary, &r.Facts, &r.Transcript, &r.Lead, &r.CallbackURL, &r.Callback, &r.TokenHash, &r.DialAttempts,
		&r.CreatedAt, &r.UpdatedAt, &r.DialedAt, &r.AnsweredAt, &r.EndedAt, &r.PayRail, &r.Session, &r.SessionKey, &r.PayOnConnect, &r.ToolCalls}
}

func (r *row) values() []any {
	return []any{r.ID, r.Capability, r.AccountID, r.Payer, r.RequestID, r.Status, r.NumberHash, r.Number, r.Dial, r.Script,
		r.MaxSeconds, r.Base, r.MaxCharge, r.FinalCharge, r.Refunded, r.Settle, r.Provider, r.ProviderCallID, r.ConnectedSeconds,
		r.Outcome, r.Summary, r.Facts, r.Transcript, r.Lead, r.CallbackURL, r.Callback, r.TokenHash, r.DialAttempts,
		r.CreatedAt, r.UpdatedAt, r.DialedAt, r.AnsweredAt, r.EndedAt, r.PayRail, r.Session, r.SessionKey, r.PayOnConnect, r.ToolCalls}
}

// jsonText is v as JSON, "" for an empty value.
func jsonText(v any, empty bool) (string, error) {
	if empty {
		return "", nil
	}
	b, err := json.Marshal(v)
	return string(b), err
}

func toRow(c voice.Record) (row, error) {
	r := row{ID: c.ID, Capability: c.Capability, AccountID: c.AccountID, Payer: c.Payer, RequestID: c.RequestID, Status: string(c.Status),
		NumberHash: c.NumberHash, Number: c.Number, MaxSeconds: int64(c.MaxSeconds), Base: int64(c.Base), MaxCharge: int64(c.MaxCharge),
		FinalCharge: int64(c.FinalCharge), Refunded: int64(c.Refunded), Settle: c.Settle, Provider: c.Provider, ProviderCallID: c.ProviderCallID,
		ConnectedSeconds: int64(c.ConnectedSeconds), Outcome: c.Outcome, Summary: c.Summary, CallbackURL: c.CallbackURL, Callback: c.Callback,
		TokenHash: c.TokenHash, DialAttempts: int64(c.DialAttempts), CreatedAt: micros(c.CreatedAt), UpdatedAt: micros(c.UpdatedAt),
		DialedAt: micros(c.DialedAt), AnsweredAt: micros(c.AnsweredAt), EndedAt: micros(c.EndedAt),
		PayRail: c.Rail, Session: c.Session, SessionKey: c.SessionKey}
	if c.PayOnConnect {
		r.PayOnConnect = 1
	}
	var err error
	var errs [6]error
	r.Dial, errs[0] = jsonText(c.Dial, false)
	r.Script, errs[1] = jsonText(c.Script, false)
	r.Facts, errs[2] = jsonText(c.Facts, len(c.Facts) == 0)
	r.Transcript, errs[3] = jsonText(c.Transcript, len(c.Transcript) == 0)
	r.Lead, errs[4] = jsonText(c.Lead, c.Lead == nil)
	r.ToolCalls, errs[5] = jsonText(c.ToolCalls, len(c.ToolCalls) == 0)
	if err = errors.Join(errs[:]...); err != nil {
		return row{}, fmt.Errorf("voicesql: encode call %s: %w", c.ID, err)
	}
	return r, nil
}

func (r row) record() (voice.Record, error) {
	c := voice.Record{ID: r.ID, Capability: r.Capability, AccountID: r.AccountID, Payer: r.Payer, RequestID: r.RequestID, Status: voice.Status(r.Status),
		NumberHash: r.NumberHash, Number: r.Number, MaxSeconds: int(r.MaxSeconds), Base: dalil.MicroUSD(r.Base), MaxCharge: dalil.MicroUSD(r.MaxCharge),
		FinalCharge: dalil.MicroUSD(r.FinalCharge), Refunded: dalil.MicroUSD(r.Refunded), Settle: r.Settle, Provider: r.Provider,
		ProviderCallID: r.ProviderCallID, ConnectedSeconds: int(r.ConnectedSeconds), Outcome: r.Outcome, Summary: r.Summary,
		CallbackURL: r.CallbackURL, Callback: r.Callback, TokenHash: r.TokenHash, DialAttempts: int(r.DialAttempts),
		CreatedAt: fromMicros(r.CreatedAt), UpdatedAt: fromMicros(r.UpdatedAt), DialedAt: fromMicros(r.DialedAt),
		AnsweredAt: fromMicros(r.AnsweredAt), EndedAt: fromMicros(r.EndedAt),
		Rail: r.PayRail, Session: r.Session, SessionKey: r.SessionKey, PayOnConnect: r.PayOnConnect != 0}
	var errs []error
	decode := func(s string, v any) {
		if s != "" {
			errs = append(errs, json.Unmarshal([]byte(s), v))
		}
	}
	decode(r.Dial, &c.Dial)
	decode(r.Script, &c.Script)
	decode(r.Facts, &c.Facts)
	decode(r.Transcript, &c.Transcript)
	decode(r.Lead, &c.Lead)
	decode(r.ToolCalls, &c.ToolCalls)
	if err := errors.Join(errs...); err != nil {
		return voice.Record{}, fmt.Errorf("voicesql: decode call %s: %w", r.ID, err)
	}
	return c, nil
}

// Create implements voice.Store.
func (s *Store) Create(ctx context.Context, c voice.Record, js []voice.Job) error {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	r, err := toRow(c)
	if err != nil {
		return err
	}
	return s.q.Tx(ctx, func(tx jobs.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO voice_calls (`+columns+`) VALUES `+s.db.Values(1, 38), r.values()...); err != nil {
			return err
		}
		return insertJobs(ctx, tx, js)
	})
}

// Get implements voice.Store.
func (s *Store) Get(ctx context.Context, id string) (voice.Record, error) {
	return s.one(ctx, `SELECT `+columns+` FROM voice_calls WHERE id = $1`, id)
}

// ByProvider implements voice.Store.
func (s *Store) ByProvider(ctx context.Context, provider, providerCallID string) (voice.Record, error) {
	if providerCallID == "" {
		return voice.Record{}, dalil.ErrNotFound
	}
	return s.one(ctx, `SELECT `+columns+` FROM voice_calls WHERE provider = $1 AND provider_call_id = $2`, provider, providerCallID)
}

func (s *Store) one(ctx context.Context, query string, args ...any) (voice.Record, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	var r row
	err := s.db.Read().QueryRowContext(ctx, query, args...).Scan(r.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return voice.Record{}, dalil.ErrNotFound
	}
	if err != nil {
		return voice.Record{}, sqlstore.Unavailable("voice call", err)
	}
	return r.record()
}

// List implements voice.Store: newest first (call ids are time-ordered).
func (s *Store) List(ctx context.Context, accountID, before string, limit int) ([]voice.Record, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	if before == "" {
		before = "\U0010FFFF" // above every id
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+columns+` FROM voice_calls WHERE account_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3`,
		accountID, before, limit)
	if err != nil {
		return nil, sqlstore.Unavailable("list voice calls", err)
	}
	defer rows.Close()
	var out []voice.Record
	for rows.Next() {
		var r row
		if err := rows.Scan(r.dest()...); err != nil {
			return nil, sqlstore.Unavailable("list voice calls", err)
		}
		c, err := r.record()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, sqlstore.Unavailable("list voice calls", rows.Err())
}

// Update implements voice.Store.
func (s *Store) Update(ctx context.Context, id, eventKey string, fn func(*voice.Record) (voice.Effects, error)) (voice.Record, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	lock := ""
	if s.db.Dialect() == "postgres" {
		lock = " FOR UPDATE"
	}
	var out voice.Record
	err := s.q.Tx(ctx, func(tx jobs.Tx) error {
		var r row
		err := tx.QueryRow(ctx, `SELECT `+columns+` FROM voice_calls WHERE id = $1`+lock, id).Scan(r.dest()...)
		if errors.Is(err, sql.ErrNoRows) {
			return dalil.ErrNotFound
		}
		if err != nil {
			return err
		}
		now := s.db.Now()
		if eventKey != "" {
			n, err := tx.Exec(ctx, `INSERT INTO voice_events (event_key, call_id, received_at) VALUES ($1, $2, $3) ON CONFLICT (event_key) DO NOTHING`,
				eventKey, id, micros(now))
			if err != nil {
				return err
			}
			if n == 0 {
				return voice.ErrDuplicateEvent
			}
		}
		c, err := r.record()
		if err != nil {
			return err
		}
		eff, err := fn(&c)
		if err != nil {
			return err
		}
		c.ID, c.UpdatedAt = id, now
		w, err := toRow(c)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE voice_calls SET status = $2, number = $3, dial = $4, script = $5, final_charge = $6, refunded = $7,
			settle = $8, provider = $9, provider_call_id = $10, connected_seconds = $11, outcome = $12, summary = $13, facts = $14,
			transcript = $15, lead = $16, callback = $17, dial_attempts = $18, updated_at = $19, dialed_at = $20, answered_at = $21,
			ended_at = $22, tool_calls = $23 WHERE id = $1`,
			id, w.Status, w.Number, w.Dial, w.Script, w.FinalCharge, w.Refunded, w.Settle, w.Provider, w.ProviderCallID, w.ConnectedSeconds,
			w.Outcome, w.Summary, w.Facts, w.Transcript, w.Lead, w.Callback, w.DialAttempts, w.UpdatedAt, w.DialedAt, w.AnsweredAt, w.EndedAt,
			w.ToolCalls); err != nil {
			return err
		}
		if eff.DoNotCall != "" {
			if err := addDoNotCall(ctx, tx, eff.DoNotCall, voice.SourceCallee, now); err != nil {
				return err
			}
		}
		if err := insertJobs(ctx, tx, eff.Jobs); err != nil {
			return err
		}
		out = c
		return nil
	})
	if err != nil {
		return voice.Record{}, err
	}
	return out, nil
}

func addDoNotCall(ctx context.Context, tx jobs.Tx, hash, source string, now time.Time) error {
	_, err := tx.Exec(ctx, insertDoNotCall, hash, source, micros(now))
	return err
}

// AddDoNotCall implements voice.Store.
func (s *Store) AddDoNotCall(ctx context.Context, hash, source string) error {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.q.Tx(ctx, func(tx jobs.Tx) error { return addDoNotCall(ctx, tx, hash, source, s.db.Now()) })
}

// Listed implements voice.DoNotCall.
func (s *Store) Listed(ctx context.Context, hash string) (bool, error) {
	_, listed, err := LookupDoNotCall(ctx, s.db, hash)
	return listed, err
}

// Recent implements voice.Counter: calls queued since since by payer and
// to the number, leaving out those never placed because their payment
// did not complete.
func (s *Store) Recent(ctx context.Context, payer, hash string, since time.Time) (int, int, error) {
	const q = ` >= $2 AND outcome <> '` + voice.OutcomeNotCharged + `'`
	return s.counts(ctx, `SELECT COUNT(*) FROM voice_calls WHERE payer = $1 AND created_at`+q,
		`SELECT COUNT(*) FROM voice_calls WHERE number_hash = $1 AND created_at`+q, payer, hash, micros(since), nil)
}

// Dialled implements voice.Store.
func (s *Store) Dialled(ctx context.Context, payer, hash string, since time.Time, except string) (int, int, error) {
	// created_at bounds the index range: a call is dialled within
	// voice.DialWithin of its queueing.
	const q = ` >= $3 AND dialed_at >= $2 AND id <> $4`
	from := micros(since.Add(-voice.DialWithin))
	return s.counts(ctx, `SELECT COUNT(*) FROM voice_calls WHERE payer = $1 AND created_at`+q,
		`SELECT COUNT(*) FROM voice_calls WHERE number_hash = $1 AND created_at`+q, payer, hash, micros(since), []any{from, except})
}

func (s *Store) counts(ctx context.Context, byPayer, byNumber, payer, hash string, since int64, extra []any) (int, int, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	var p, n int
	if err := s.db.Read().QueryRowContext(ctx, byPayer, append([]any{payer, since}, extra...)...).Scan(&p); err != nil {
		return 0, 0, sqlstore.Unavailable("voice caps", err)
	}
	if err := s.db.Read().QueryRowContext(ctx, byNumber, append([]any{hash, since}, extra...)...).Scan(&n); err != nil {
		return 0, 0, sqlstore.Unavailable("voice caps", err)
	}
	return p, n, nil
}
