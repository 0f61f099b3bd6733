package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strings"
	"time"

	"dalil"
	"dalil/console/consoledata"
)

// The operator console's queries (consoledata.Data): charges per day, rail
// and capability, top spenders, account search, the operator audit log
// and console sessions. Tables and indexes: migration 011_consoledata.

var _ consoledata.Data = (*Store)(nil)

// dayMicros and hourMicros are a UTC day and an hour in the
// micro-seconds the time columns hold.
const (
	dayMicros  = int64(24 * time.Hour / time.Microsecond)
	hourMicros = int64(time.Hour / time.Microsecond)
)

// RollupMargin is how long after its end an hour is added up for good
// into console_revenue_days and console_spend_days; until then the
// console reads it from the ledger. A charge's time is taken inside its
// transaction, which commits within the database timeout
// (DALIL_DB_TIMEOUT, seconds), and a pay-per-call settlement's by the
// statement that records it, so ten minutes leave ample room for the last
// charges of an hour to commit, on every replica, before it is summed.
const RollupMargin = 10 * time.Minute

// spendKeptDays is how long per-account daily sums are kept: the console
// shows 30 days, so older rows only slow the top-spenders query down.
const spendKeptDays = 40

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// span is which part of [from, to) the roll-ups answer (whole days
// [firstDay, lastDay], the last one possibly only up to the sealed hour)
// and which part the ledger does ([liveFrom, to)).
type span struct {
	firstDay, lastDay int64 // lastDay < firstDay: no rolled part
	rollTo            int64 // hours [firstDay*24, rollTo) must be rolled up
	liveFrom, to      int64 // micro-seconds
}

// spanOf splits [day of from, to): hours before the sealed hour come from
// the roll-ups (which hold whole days, and the sealed hours of the day
// still running), the rest from the ledger.
func (s *Store) spanOf(from, to time.Time) span {
	first, end := floorDiv(micros(from), dayMicros), micros(to)
	sealed := floorDiv(micros(s.now().Add(-RollupMargin)), hourMicros) // hours < sealed are final
	sp := span{firstDay: first, to: end}
	if end >= sealed*hourMicros {
		// Up to now: the rolled days, the last of them up to the sealed
		// hour, then the ledger.
		sp.lastDay, sp.rollTo, sp.liveFrom = floorDiv(sealed, 24), sealed, sealed*hourMicros
		if sealed%24 == 0 {
			sp.lastDay-- // the sealed hour starts a day: nothing of it rolled
		}
	} else {
		// A window that ends in the past: whole days from the roll-ups,
		// the day of to from the ledger.
		toDay := floorDiv(end, dayMicros)
		sp.lastDay, sp.rollTo, sp.liveFrom = toDay-1, toDay*24, toDay*dayMicros
	}
	sp.liveFrom = max(sp.liveFrom, first*dayMicros)
	return sp
}

// Revenue implements consoledata.Data. from is taken as the UTC day it
// falls in. Hours that ended RollupMargin ago are summed once into daily
// rows and kept; the rest is read from the ledger and the settled
// pay-per-call claims through their time indexes.
func (s *Store) Revenue(ctx context.Context, from, to time.Time) ([]consoledata.DayRevenue, error) {
	sp := s.spanOf(from, to)
	out := []consoledata.DayRevenue{}
	if sp.firstDay <= sp.lastDay {
		if err := s.rollUp(ctx, sp.firstDay*24, sp.rollTo); err != nil {
			return nil, err
		}
		c, cancel := s.bound(ctx)
		defer cancel()
		rows, err := s.r.QueryContext(c, `SELECT day, rail, tool, calls, amount, refunded FROM console_revenue_days WHERE day >= $1 AND day <= $2`, sp.firstDay, sp.lastDay)
		if err != nil {
			return nil, unavailable("console revenue", err)
		}
		if out, err = scanRevenue(rows, out); err != nil {
			return nil, err
		}
	}
	if sp.liveFrom < sp.to {
		live, err := s.revenueBetween(ctx, sp.liveFrom, sp.to)
		if err != nil {
			return nil, err
		}
		out = append(out, live...)
	}
	return out, nil
}

// revenueSQL adds up, per day, rail and capability, what was kept in
// [$1, $2) (micro-seconds): the ledger's charges (negative amounts) less
// its refunds (positive; counted when made, so in the hour of the refund,
// not of its charge), and the settled pay-per-call claims (never
// refunded). calls counts the charges and claims, refunded the refunds.
const revenueSQL = `SELECT created_at / 86400000000 AS d, rail, tool, SUM(CASE WHEN kind = 'charge' THEN 1 ELSE 0 END), -SUM(amount),
		SUM(CASE WHEN kind = 'refund' THEN amount ELSE 0 END) FROM ledger
		WHERE created_at >= $1 AND created_at < $2 AND kind IN ('charge', 'refund') GROUP BY d, rail, tool
	UNION ALL
	SELECT settled_at / 86400000000 AS d, rail, tool, COUNT(*), SUM(amount), 0 FROM payment_claims
		WHERE status = 'settled' AND settled_at >= $1 AND settled_at < $2 GROUP BY d, rail, tool`

// spendSQL adds up the ledger's charges less refunds in [$1, $2) per
// account, with the refunds beside them.
const spendSQL = `SELECT account_id, SUM(CASE WHEN kind = 'charge' THEN 1 ELSE 0 END), -SUM(amount),
		SUM(CASE WHEN kind = 'refund' THEN amount ELSE 0 END) FROM ledger
	WHERE created_at >= $1 AND created_at < $2 AND kind IN ('charge', 'refund') GROUP BY account_id`

func (s *Store) revenueBetween(ctx context.Context, from, to int64) ([]consoledata.DayRevenue, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.r.QueryContext(ctx, revenueSQL, from, to)
	if err != nil {
		return nil, unavailable("console revenue", err)
	}
	return scanRevenue(rows, nil)
}

func scanRevenue(rows *sql.Rows, out []consoledata.DayRevenue) ([]consoledata.DayRevenue, error) {
	defer rows.Close()
	for rows.Next() {
		var d, calls, amount, refunded int64
		var r consoledata.DayRevenue
		if err := rows.Scan(&d, &r.Rail, &r.Tool, &calls, &amount, &refunded); err != nil {
			return nil, unavailable("console revenue", err)
		}
		r.Day, r.Calls, r.Amount, r.Refunded = fromMicros(d*dayMicros), calls, dalil.MicroUSD(amount), dalil.MicroUSD(refunded)
		out = append(out, r)
	}
	return out, unavailable("console revenue", rows.Err())
}

// spend is calls, micro-USD kept (charged less refunded) and refunded
// per account.
type spend struct{ calls, amount, refunded int64 }

func (s *Store) spendBetween(ctx context.Context, from, to int64, into map[string]spend) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.r.QueryContext(ctx, spendSQL, from, to)
	if err != nil {
		return unavailable("console spend", err)
	}
	return scanSpend(rows, into)
}

func scanSpend(rows *sql.Rows, into map[string]spend) error {
	defer rows.Close()
	for rows.Next() {
		var id string
		var sp spend
		if err := rows.Scan(&id, &sp.calls, &sp.amount, &sp.refunded); err != nil {
			return unavailable("console spend", err)
		}
		t := into[id]
		into[id] = spend{t.calls + sp.calls, t.amount + sp.amount, t.refunded + sp.refunded}
	}
	return unavailable("console spend", rows.Err())
}

// rollUp sums every hour in [first, last) (hour numbers) not summed yet
// into the daily rows, one run of consecutive hours of one day per
// transaction. The sums are read from the read pool; the write holds
// SQLite's writer only to add them. Two replicas summing the same hours
// agree: a run's hours are recorded in console_rolled_hours in the
// transaction that adds its sums, and a run any of whose hours is already
// recorded is given up (and read again on the next render).
func (s *Store) rollUp(ctx context.Context, first, last int64) error {
	if first >= last {
		return nil
	}
	c, cancel := s.bound(ctx)
	rows, err := s.r.QueryContext(c, `SELECT hour FROM console_rolled_hours WHERE hour >= $1 AND hour < $2`, first, last)
	if err != nil {
		cancel()
		return unavailable("console rolled hours", err)
	}
	done := map[int64]bool{}
	for rows.Next() {
		var h int64
		if err := rows.Scan(&h); err != nil {
			rows.Close()
			cancel()
			return unavailable("console rolled hours", err)
		}
		done[h] = true
	}
	err = rows.Err()
	rows.Close()
	cancel()
	if err != nil {
		return unavailable("console rolled hours", err)
	}
	for h := first; h < last; {
		if done[h] {
			h++
			continue
		}
		end := h + 1
		for end < last && !done[end] && floorDiv(end, 24) == floorDiv(h, 24) {
			end++
		}
		if err := s.rollUpHours(ctx, h, end); errors.Is(err, errRolledElsewhere) {
			// Some of these hours were summed meanwhile: read which, and
			// sum the others.
			return s.rollUp(ctx, h, last)
		} else if err != nil {
			return err
		}
		h = end
	}
	return nil
}

// rollUpHours adds the charges of hours [first, end), all of one day, to
// that day's rows.
func (s *Store) rollUpHours(ctx context.Context, first, end int64) error {
	day := floorDiv(first, 24)
	rev, err := s.revenueBetween(ctx, first*hourMicros, end*hourMicros)
	if err != nil {
		return err
	}
	spends := map[string]spend{}
	if err := s.spendBetween(ctx, first*hourMicros, end*hourMicros, spends); err != nil {
		return err
	}
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return s.tx(ctx, func(tx *sql.Tx) error {
		now := micros(s.now())
		for h := first; h < end; h++ {
			res, err := tx.ExecContext(ctx, `INSERT INTO console_rolled_hours (hour, rolled_at) VALUES ($1, $2) ON CONFLICT (hour) DO NOTHING`, h, now)
			if err != nil {
				return unavailable("console roll up", err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return errRolledElsewhere
			}
		}
		for _, r := range rev {
			if _, err := tx.ExecContext(ctx, `INSERT INTO console_revenue_days (day, rail, tool, calls, amount, refunded) VALUES ($1, $2, $3, $4, $5, $6)
				ON CONFLICT (day, rail, tool) DO UPDATE SET calls = console_revenue_days.calls + excluded.calls,
					amount = console_revenue_days.amount + excluded.amount, refunded = console_revenue_days.refunded + excluded.refunded`,
				day, r.Rail, r.Tool, r.Calls, int64(r.Amount), int64(r.Refunded)); err != nil {
				return unavailable("console roll up", err)
			}
		}
		for id, v := range spends {
			if _, err := tx.ExecContext(ctx, `INSERT INTO console_spend_days (day, account_id, calls, amount, refunded) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (day, account_id) DO UPDATE SET calls = console_spend_days.calls + excluded.calls,
					amount = console_spend_days.amount + excluded.amount, refunded = console_spend_days.refunded + excluded.refunded`,
				day, id, v.calls, v.amount, v.refunded); err != nil {
				return unavailable("console roll up", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM console_spend_days WHERE day < $1`, floorDiv(now, dayMicros)-spendKeptDays); err != nil {
			return unavailable("console roll up", err)
		}
		return nil
	})
}

// errRolledElsewhere rolls back a run another process summed meanwhile.
var errRolledElsewhere = errors.New("sqlstore: hours rolled up by another process")

// TopSpenders implements consoledata.Data: the summed days and the ledger
// since, merged, largest first (ties by account id). Per-account sums are
// kept spendKeptDays days: an older window counts only the ledger part.
func (s *Store) TopSpenders(ctx context.Context, from, to time.Time, limit int) ([]consoledata.Spender, error) {
	sp := s.spanOf(from, to)
	sums := map[string]spend{}
	if sp.firstDay <= sp.lastDay {
		if err := s.rollUp(ctx, sp.firstDay*24, sp.rollTo); err != nil {
			return nil, err
		}
		c, cancel := s.bound(ctx)
		defer cancel()
		rows, err := s.r.QueryContext(c, `SELECT account_id, SUM(calls), SUM(amount), SUM(refunded) FROM console_spend_days WHERE day >= $1 AND day <= $2 GROUP BY account_id`, sp.firstDay, sp.lastDay)
		if err != nil {
			return nil, unavailable("console spend", err)
		}
		if err := scanSpend(rows, sums); err != nil {
			return nil, err
		}
	}
	if sp.liveFrom < sp.to {
		if err := s.spendBetween(ctx, sp.liveFrom, sp.to, sums); err != nil {
			return nil, err
		}
	}
	out := make([]consoledata.Spender, 0, len(sums))
	for id, v := range sums {
		out = append(out, consoledata.Spender{AccountID: id, Calls: v.calls, Amount: dalil.MicroUSD(v.amount), Refunded: dalil.MicroUSD(v.refunded)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Amount != out[j].Amount {
			return out[i].Amount > out[j].Amount
		}
		return out[i].AccountID < out[j].AccountID
	})
	if len(out) > limit {
		out = out[:max(limit, 0)]
	}
	for i := range out {
		a, err := s.Account(ctx, out[i].AccountID)
		if err != nil && !errors.Is(err, dalil.ErrNotFound) {
			return nil, err
		}
		out[i].Name = a.Name
	}
	return out, nil
}

// FindAccounts implements consoledata.Data. The name match lower-cases ASCII
// letters only, the same on SQLite (whose LOWER knows no other) and
// PostgreSQL; % and _ in query match themselves.
func (s *Store) FindAccounts(ctx context.Context, query string, limit int) ([]dalil.Account, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	pattern := "%" + likeEscaper.Replace(asciiLower(query)) + "%"
	rows, err := s.r.QueryContext(ctx, `SELECT id, name, plan, plan_started_at, credits, created_at FROM accounts
		WHERE id = $1 OR `+s.asciiLowerSQL("name")+` LIKE $2 ESCAPE '\' ORDER BY name, id LIMIT $3`, query, pattern, limit)
	if err != nil {
		return nil, unavailable("find accounts", err)
	}
	defer rows.Close()
	out := []dalil.Account{}
	for rows.Next() {
		var a dalil.Account
		var started, credits, created int64
		if err := rows.Scan(&a.ID, &a.Name, &a.Plan, &started, &credits, &created); err != nil {
			return nil, unavailable("find accounts", err)
		}
		a.PlanStartedAt, a.CreatedAt, a.Credits = fromMicros(started), fromMicros(created), dalil.MicroUSD(credits)
		out = append(out, a)
	}
	return out, unavailable("find accounts", rows.Err())
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// asciiLowerSQL lower-cases the ASCII letters of col: SQLite's LOWER does
// just that; PostgreSQL's would lower-case every letter, so it translates.
func (s *Store) asciiLowerSQL(col string) string {
	if s.dialect == "postgres" {
		return "TRANSLATE(" + col + ", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
	}
	return "LOWER(" + col + ")"
}

// RecordAudit implements consoledata.Data.
func (s *Store) RecordAudit(ctx context.Context, e consoledata.AuditEntry) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if e.At.IsZero() {
		e.At = s.now()
	}
	_, err := s.w.ExecContext(ctx, `INSERT INTO operator_audit (at, action, account_id, target, detail, outcome, session, client) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		micros(e.At), e.Action, e.AccountID, e.Target, e.Detail, e.Outcome, e.Session, e.Client)
	return unavailable("record audit", err)
}

// Audit implements consoledata.Data.
func (s *Store) Audit(ctx context.Context, accountID string, limit int, before int64) ([]consoledata.AuditEntry, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	if before <= 0 {
		before = 1<<63 - 1
	}
	q := `SELECT id, at, action, account_id, target, detail, outcome, session, client FROM operator_audit WHERE id < $1 AND ($2 = '' OR account_id = $2) ORDER BY id DESC LIMIT $3`
	rows, err := s.r.QueryContext(ctx, q, before, accountID, limit)
	if err != nil {
		return nil, unavailable("audit", err)
	}
	defer rows.Close()
	out := []consoledata.AuditEntry{}
	for rows.Next() {
		var e consoledata.AuditEntry
		var at int64
		if err := rows.Scan(&e.ID, &at, &e.Action, &e.AccountID, &e.Target, &e.Detail, &e.Outcome, &e.Session, &e.Client); err != nil {
			return nil, unavailable("audit", err)
		}
		e.At = fromMicros(at)
		out = append(out, e)
	}
	return out, unavailable("audit", rows.Err())
}

// CreateSession implements consoledata.Data; sessions expired for a day are
// deleted on the way.
func (s *Store) CreateSession(ctx context.Context, cs consoledata.Session) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM console_sessions WHERE expires_at < $1`, micros(s.now().Add(-24*time.Hour))); err != nil {
			return unavailable("create session", err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO console_sessions (id, csrf, binding, client, created_at, seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			cs.ID, cs.CSRF, cs.Binding, cs.Client, micros(cs.CreatedAt), micros(cs.SeenAt), micros(cs.ExpiresAt))
		return unavailable("create session", err)
	})
}

// Session implements consoledata.Data.
func (s *Store) Session(ctx context.Context, id string) (consoledata.Session, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	cs := consoledata.Session{ID: id}
	var created, seen, expires int64
	err := s.r.QueryRowContext(ctx, `SELECT csrf, binding, client, created_at, seen_at, expires_at FROM console_sessions WHERE id = $1`, id).
		Scan(&cs.CSRF, &cs.Binding, &cs.Client, &created, &seen, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return consoledata.Session{}, consoledata.ErrNoSession
	}
	if err != nil {
		return consoledata.Session{}, unavailable("session", err)
	}
	cs.CreatedAt, cs.SeenAt, cs.ExpiresAt = fromMicros(created), fromMicros(seen), fromMicros(expires)
	return cs, nil
}

// TouchSession implements consoledata.Data.
func (s *Store) TouchSession(ctx context.Context, id string, seen time.Time) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	_, err := s.w.ExecContext(ctx, `UPDATE console_sessions SET seen_at = $1 WHERE id = $2`, micros(seen), id)
	return unavailable("touch session", err)
}

// DeleteSession implements consoledata.Data.
func (s *Store) DeleteSession(ctx context.Context, id string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	_, err := s.w.ExecContext(ctx, `DELETE FROM console_sessions WHERE id = $1`, id)
	return unavailable("delete session", err)
}
