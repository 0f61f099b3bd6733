package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"dalil"
)

// errFallback says a group's batched charge of one account met a change
// made elsewhere (another replica, a top-up) between its read and its
// write; the account's charges are then redone one by one.
var errFallback = errors.New("sqlstore: account changed during the group")

// chargeAccount charges the jobs of one account (in arrival order) with a
// constant number of statements: it reads the balance and allowance once,
// decides every charge in memory, then writes one debit, one allowance
// update and one ledger row per charge. The debit and the allowance update
// are conditional and return the values they wrote, which must equal what
// was decided; otherwise errFallback, and the caller rolls back to its
// savepoint. Job results are set only when it returns nil.
func (s *Store) chargeAccount(ctx context.Context, tx *sql.Tx, accountID string, jobs []*chargeJob) error {
	now := s.now().UTC()
	// On PostgreSQL the row is locked for the rest of the group, so another
	// replica waits instead of changing the balance under this batch (which
	// would force the slow path every time). SQLite's write lock already
	// excludes every other writer.
	q := selectAccountForCharge
	if s.dialect == "postgres" {
		q = selectAccountForUpdate
	}
	st, err := s.txStmt(ctx, tx, q)
	if err != nil {
		return err
	}
	var planID string
	var started, credits0 int64
	err = st.QueryRowContext(ctx, accountID).Scan(&planID, &started, &credits0)
	if errors.Is(err, sql.ErrNoRows) {
		for _, j := range jobs {
			j.err = dalil.ErrNotFound
		}
		return nil
	}
	if err != nil {
		return unavailable("charge", err)
	}
	plan, _ := dalil.PlanByID(planID)
	hasAllowance := plan.MonthlyUSD > 0 && plan.MonthlyCalls > 0
	periodStart, periodEnd := dalil.Period(fromMicros(started), now)
	var used0, calls0 int64
	if hasAllowance {
		us, err := s.txStmt(ctx, tx, selectUsage)
		if err != nil {
			return err
		}
		err = us.QueryRowContext(ctx, accountID, micros(periodStart)).Scan(&used0, &calls0)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return unavailable("usage", err)
		}
	}

	credits, used, calls := dalil.MicroUSD(credits0), dalil.MicroUSD(used0), calls0
	type result struct {
		rec dalil.Receipt
		err error
	}
	results := make([]result, len(jobs))
	var entries []dalil.LedgerEntry
	for i, j := range jobs {
		r := j.req
		if j.ctx.Err() != nil {
			results[i].err = j.ctx.Err() // the caller gave up before its turn
			continue
		}
		useAllowance := hasAllowance && r.Method != dalil.MethodCredits
		rec := dalil.Receipt{Amount: r.Price}
		switch {
		case useAllowance && r.Price <= plan.MonthlyUSD-used && calls+1 <= plan.MonthlyCalls:
			rec.Rail = dalil.RailSubscription
		case credits >= r.Price && !r.NoCredits:
			rec.Rail = dalil.RailCredits
		default:
			results[i].err = refusal(plan, useAllowance, periodEnd, now, r.Price, credits)
			continue
		}
		after := credits
		if rec.Rail == dalil.RailCredits {
			after -= r.Price
		}
		rec.CreditsAfter = after
		// The answer is built here only when it must be stored with the
		// charge (idempotency); otherwise Charge builds it after the commit,
		// off this serial path.
		if r.Respond != nil && r.Idem != nil {
			body, err := r.Respond(rec)
			if err != nil {
				results[i].err = &dalil.Error{Code: dalil.CodeInternal, Message: "An unexpected error occurred. Nothing was charged.", Err: err}
				continue
			}
			rec.Body = body
		}
		if r.Idem != nil {
			if err := completeIdempotent(ctx, tx, r.Idem, rec.Body); err != nil {
				var de *dalil.Error
				if !errors.As(err, &de) {
					return err
				}
				results[i].err = err
				continue
			}
		}
		entries = append(entries, dalil.LedgerEntry{AccountID: accountID, Kind: "charge", Rail: rec.Rail, Tool: r.Tool, Amount: -r.Price, BalanceAfter: after, RequestID: r.RequestID, CreatedAt: now})
		if rec.Rail == dalil.RailSubscription {
			used += r.Price
			calls++
		} else {
			credits = after
		}
		results[i].rec = rec
	}

	if spent := dalil.MicroUSD(credits0) - credits; spent > 0 {
		debit, err := s.txStmt(ctx, tx, debitCredits)
		if err != nil {
			return err
		}
		var got int64
		err = debit.QueryRowContext(ctx, int64(spent), accountID).Scan(&got)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && dalil.MicroUSD(got) != credits) {
			return errFallback
		}
		if err != nil {
			return unavailable("debit", err)
		}
	}
	if n := calls - calls0; n > 0 {
		up, err := s.txStmt(ctx, tx, addUsage)
		if err != nil {
			return err
		}
		var gotUsed, gotCalls int64
		err = up.QueryRowContext(ctx, accountID, micros(periodStart), int64(used-dalil.MicroUSD(used0)), n, int64(plan.MonthlyUSD), plan.MonthlyCalls).Scan(&gotUsed, &gotCalls)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && (dalil.MicroUSD(gotUsed) != used || gotCalls != calls)) {
			return errFallback
		}
		if err != nil {
			return unavailable("use allowance", err)
		}
	}
	if err := s.insertLedgerRows(ctx, tx, entries); err != nil {
		return err
	}
	for i, j := range jobs {
		j.rec, j.err = results[i].rec, results[i].err
	}
	return nil
}

// ledgerChunks are the multi-row insert sizes prepared at Open; any count
// of rows is written greedily with them (e.g. 23 = 16 + 4 + 1 + 1 + 1).
var ledgerChunks = []int{64, 16, 4, 1}

// insertLedgerN is the prepared insert of n ledger rows. SQLite gets ?
// parameter markers: it resolves $N names by a linear search, quadratic here.
func insertLedgerN(dialect string, n int) string {
	var q strings.Builder
	q.WriteString(`INSERT INTO ledger (account_id, kind, rail, tool, amount, balance_after, request_id, note, created_at) VALUES `)
	for i := 0; i < n; i++ {
		if i > 0 {
			q.WriteByte(',')
		}
		if dialect == "sqlite" {
			q.WriteString("(?,?,?,?,?,?,?,?,?)")
			continue
		}
		b := 9 * i
		fmt.Fprintf(&q, "($%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d)", b+1, b+2, b+3, b+4, b+5, b+6, b+7, b+8, b+9)
	}
	return q.String()
}

// insertLedgerRows appends entries in arrival order.
func (s *Store) insertLedgerRows(ctx context.Context, tx *sql.Tx, entries []dalil.LedgerEntry) error {
	for _, size := range ledgerChunks {
		for len(entries) >= size {
			st, err := s.txStmt(ctx, tx, insertLedgerN(s.dialect, size))
			if err != nil {
				return err
			}
			args := make([]any, 0, 9*size)
			for _, e := range entries[:size] {
				args = append(args, e.AccountID, e.Kind, e.Rail, e.Tool, int64(e.Amount), int64(e.BalanceAfter), e.RequestID, e.Note, micros(e.CreatedAt))
			}
			if _, err := st.ExecContext(ctx, args...); err != nil {
				return unavailable("append ledger", err)
			}
			entries = entries[size:]
		}
	}
	return nil
}

const (
	selectUsage = `SELECT used, calls FROM allowance_usage WHERE account_id = $1 AND period_start = $2`
	addUsage    = `INSERT INTO allowance_usage (account_id, period_start, used, calls) VALUES ($1, $2, $3, $4)
		ON CONFLICT (account_id, period_start) DO UPDATE SET used = allowance_usage.used + excluded.used, calls = allowance_usage.calls + excluded.calls
		WHERE allowance_usage.used + excluded.used <= $5 AND allowance_usage.calls + excluded.calls <= $6
		RETURNING used, calls`
)
