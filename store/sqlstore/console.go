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

// dayMicros is one UTC day in the micro-seconds the time columns hold.
const dayMicros = int64(24 * time.Hour / time.Microsecond)

// RollupMargin is how long after its end a day is added up for good into
// console_revenue_days and console_spend_days. Until then the console
// reads that day from the ledger. A charge's time is taken inside its
// transaction, which commits within the operation timeout (seconds), so
// an hour leaves ample room for the last charges of a day to commit, on
// every replica, before the day is summed.
const RollupMargin = time.Hour

// dayOf is the day number (days since 1970-01-01 UTC) of t.
func dayOf(t time.Time) int64 { return floorDiv(micros(t), dayMicros) }

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// Revenue implements consoledata.Data. from and to are taken as the UTC days
// they fall in (to's day excluded unless to is past its midnight: [day of
// from, day of to) plus to's day up to to). Days that ended RollupMargin
// ago are summed once and kept; the rest is read from the ledger and the
// settled pay-per-call claims through their time indexes.
func (s *Store) Revenue(ctx context.Context, from, to time.Time) ([]consoledata.DayRevenue, error) {
	first, end := dayOf(from), micros(to)
	sealed := min(dayOf(s.now().Add(-RollupMargin)), floorDiv(end, dayMicros))
	out := []consoledata.DayRevenue{}
	if first < sealed {
		if err := s.rollUp(ctx, first, sealed); err != nil {
			return nil, err
		}
		c, cancel := s.bound(ctx)
		defer cancel()
		rows, err := s.r.QueryContext(c, `SELECT day, rail, tool, calls, amount FROM console_revenue_days WHERE day >= $1 AND day < $2`, first, sealed)
		if err != nil {
			return nil, unavailable("console revenue", err)
		}
		if out, err = scanRevenue(rows, out); err != nil {
			return nil, err
		}
	}
	liveFrom := max(first, sealed) * dayMicros
	if liveFrom < end {
		live, err := s.revenueBetween(ctx, liveFrom, end)
		if err != nil {
			return nil, err
		}
		out = append(out, live...)
	}
	return out, nil
}

// revenueSQL adds up charges in [$1, $2) (micro-seconds) per day, rail
// and capability: the ledger's charges (negative amounts) and the settled
// pay-per-call claims.
const revenueSQL = `SELECT created_at / 86400000000 AS d, rail, tool, COUNT(*), -SUM(amount) FROM ledger
		WHERE created_at >= $1 AND created_at < $2 AND kind = 'charge' GROUP BY d, rail, tool
	UNION ALL
	SELECT settled_at / 86400000000 AS d, rail, tool, COUNT(*), SUM(amount) FROM payment_claims
		WHERE status = 'settled' AND settled_at >= $1 AND settled_at < $2 GROUP BY d, rail, tool`

// spendSQL adds up the ledger's charges in [$1, $2) per account.
const spendSQL = `SELECT account_id, COUNT(*), -SUM(amount) FROM ledger
	WHERE created_at >= $1 AND created_at < $2 AND kind = 'charge' GROUP BY account_id`

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
		var d, calls, amount int64
		var r consoledata.DayRevenue
		if err := rows.Scan(&d, &r.Rail, &r.Tool, &calls, &amount); err != nil {
			return nil, unavailable("console revenue", err)
		}
		r.Day, r.Calls, r.Amount = fromMicros(d*dayMicros), calls, dalil.MicroUSD(amount)
		out = append(out, r)
	}
	return out, unavailable("console revenue", rows.Err())
}

// spend is calls and micro-USD per account.
type spend struct{ calls, amount int64 }

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
		if err := rows.Scan(&id, &sp.calls, &sp.amount); err != nil {
			return unavailable("console spend", err)
		}
		t := into[id]
		into[id] = spend{t.calls + sp.calls, t.amount + sp.amount}
	}
	return unavailable("console spend", rows.Err())
}

// rollUp sums every day in [first, last) not summed yet, one day per
// transaction. The sums are read from the read pool; the write holds
// SQLite's writer only to insert them. Two replicas summing the same day
// agree: the first to record the day in console_rolled_days writes its
// rows, the other writes nothing.
func (s *Store) rollUp(ctx context.Context, first, last int64) error {
	c, cancel := s.bound(ctx)
	rows, err := s.r.QueryContext(c, `SELECT day FROM console_rolled_days WHERE day >= $1 AND day < $2`, first, last)
	if err != nil {
		cancel()
		return unavailable("console rolled days", err)
	}
	done := map[int64]bool{}
	for rows.Next() {
		var d int64
		if err := rows.Scan(&d); err != nil {
			rows.Close()
			cancel()
			return unavailable("console rolled days", err)
		}
		done[d] = true
	}
	err = rows.Err()
	rows.Close()
	cancel()
	if err != nil {
		return unavailable("console rolled days", err)
	}
	for d := first; d < last; d++ {
		if done[d] {
			continue
		}
		if err := s.rollUpDay(ctx, d); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) rollUpDay(ctx context.Context, d int64) error {
	rev, err := s.revenueBetween(ctx, d*dayMicros, (d+1)*dayMicros)
	if err != nil {
		return err
	}
	spends := map[string]spend{}
	if err := s.spendBetween(ctx, d*dayMicros, (d+1)*dayMicros, spends); err != nil {
		return err
	}
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO console_rolled_days (day, rolled_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`, d, micros(s.now()))
		if err != nil {
			return unavailable("console roll up", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // summed meanwhile by another process
		}
		// One rail and tool may appear twice: a ledger rail and a claims
		// rail never share a name, but the sums are merged to be sure.
		type key struct{ rail, tool string }
		merged := map[key]spend{}
		for _, r := range rev {
			k := key{r.Rail, r.Tool}
			t := merged[k]
			merged[k] = spend{t.calls + r.Calls, t.amount + int64(r.Amount)}
		}
		for k, v := range merged {
			if _, err := tx.ExecContext(ctx, `INSERT INTO console_revenue_days (day, rail, tool, calls, amount) VALUES ($1, $2, $3, $4, $5)`, d, k.rail, k.tool, v.calls, v.amount); err != nil {
				return unavailable("console roll up", err)
			}
		}
		for id, v := range spends {
			if _, err := tx.ExecContext(ctx, `INSERT INTO console_spend_days (day, account_id, calls, amount) VALUES ($1, $2, $3, $4)`, d, id, v.calls, v.amount); err != nil {
				return unavailable("console roll up", err)
			}
		}
		return nil
	})
}

// TopSpenders implements consoledata.Data: the summed days and the ledger
// since, merged, largest first (ties by account id).
func (s *Store) TopSpenders(ctx context.Context, from, to time.Time, limit int) ([]consoledata.Spender, error) {
	first, end := dayOf(from), micros(to)
	sealed := min(dayOf(s.now().Add(-RollupMargin)), floorDiv(end, dayMicros))
	sums := map[string]spend{}
	if first < sealed {
		if err := s.rollUp(ctx, first, sealed); err != nil {
			return nil, err
		}
		c, cancel := s.bound(ctx)
		defer cancel()
		rows, err := s.r.QueryContext(c, `SELECT account_id, SUM(calls), SUM(amount) FROM console_spend_days WHERE day >= $1 AND day < $2 GROUP BY account_id`, first, sealed)
		if err != nil {
			return nil, unavailable("console spend", err)
		}
		if err := scanSpend(rows, sums); err != nil {
			return nil, err
		}
	}
	if liveFrom := max(first, sealed) * dayMicros; liveFrom < end {
		if err := s.spendBetween(ctx, liveFrom, end, sums); err != nil {
			return nil, err
		}
	}
	out := make([]consoledata.Spender, 0, len(sums))
	for id, v := range sums {
		out = append(out, consoledata.Spender{AccountID: id, Calls: v.calls, Amount: dalil.MicroUSD(v.amount)})
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
