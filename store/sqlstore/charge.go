package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"dalil"
)

// Charge implements dalil.Store: one transaction decides the rail and
// moves the money. The allowance is tried first (method auto or
// subscription, on a plan with an allowance); credits pay otherwise.
//
// Concurrent charges are grouped: a committer takes every charge waiting
// and runs them in one transaction, each inside its own savepoint, so one
// fsync makes many charges durable and each caller is answered only after
// the commit. A charge refused for money (insufficient credits, quota)
// rolls back to its savepoint and leaves the others untouched.
func (s *Store) Charge(ctx context.Context, r dalil.ChargeRequest) (dalil.Receipt, error) {
	if r.Price < 0 {
		return dalil.Receipt{}, errors.New("sqlstore: negative price")
	}
	job := &chargeJob{ctx: ctx, req: r, done: make(chan struct{})}
	select {
	case s.charges <- job:
	case <-ctx.Done():
		return dalil.Receipt{}, ctx.Err()
	case <-s.closed:
		return dalil.Receipt{}, unavailable("charge", errors.New("store closed"))
	}
	// Once queued, the job is answered whatever happens to ctx: its
	// outcome must be known, because the money may have moved.
	<-job.done
	return job.rec, job.err
}

type chargeJob struct {
	ctx  context.Context
	req  dalil.ChargeRequest
	rec  dalil.Receipt
	err  error
	done chan struct{}
}

// maxGroup bounds one group transaction, keeping its latency small.
const maxGroup = 256

// committer runs groups of charges until the store closes.
func (s *Store) committer() {
	defer close(s.committerDone)
	for {
		var first *chargeJob
		select {
		case first = <-s.charges:
		case <-s.closed:
			return
		}
		group := []*chargeJob{first}
	drain:
		for len(group) < maxGroup {
			select {
			case j := <-s.charges:
				group = append(group, j)
			default:
				break drain
			}
		}
		s.runGroup(group)
	}
}

func (s *Store) runGroup(group []*chargeJob) {
	finish := func(err error) {
		for _, j := range group {
			if err != nil && j.err == nil {
				j.err, j.rec = err, dalil.Receipt{}
			}
			close(j.done)
		}
	}
	// A group's transaction must not die with one caller's context.
	ctx := context.Background()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		finish(unavailable("begin", err))
		return
	}
	defer tx.Rollback()
	for i, j := range group {
		if j.ctx.Err() != nil {
			j.err = j.ctx.Err() // the caller gave up before its turn: charge nothing
			continue
		}
		sp := "c" + strconv.Itoa(i)
		if _, err := tx.ExecContext(ctx, "SAVEPOINT "+sp); err != nil {
			finish(unavailable("savepoint", err))
			return
		}
		j.rec, j.err = s.chargeOne(ctx, tx, j.req)
		if j.err != nil {
			var de *dalil.Error
			if !errors.As(j.err, &de) && !errors.Is(j.err, dalil.ErrNotFound) {
				// A database failure: the whole group fails.
				finish(j.err)
				return
			}
			if _, err := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT "+sp); err != nil {
				finish(unavailable("rollback to savepoint", err))
				return
			}
		}
		if _, err := tx.ExecContext(ctx, "RELEASE SAVEPOINT "+sp); err != nil {
			finish(unavailable("release savepoint", err))
			return
		}
	}
	if err := tx.Commit(); err != nil {
		finish(unavailable("commit", err))
		return
	}
	finish(nil)
}

// chargeOne is one charge inside a transaction: the debit, the answer
// built by Respond, and the completed idempotency record.
func (s *Store) chargeOne(ctx context.Context, tx *sql.Tx, r dalil.ChargeRequest) (dalil.Receipt, error) {
	rec, err := s.charge(ctx, tx, r)
	if err != nil {
		return dalil.Receipt{}, err
	}
	if r.Respond != nil {
		if rec.Body, err = r.Respond(rec); err != nil {
			return dalil.Receipt{}, &dalil.Error{Code: dalil.CodeInternal, Message: "An unexpected error occurred. Nothing was charged.", Err: err}
		}
	}
	if r.Idem != nil {
		if err := completeIdempotent(ctx, tx, r.Idem, rec.Body); err != nil {
			return dalil.Receipt{}, err
		}
	}
	return rec, nil
}

func (s *Store) charge(ctx context.Context, tx *sql.Tx, r dalil.ChargeRequest) (dalil.Receipt, error) {
	now := s.now().UTC()
	var planID string
	var started, credits int64
	err := tx.QueryRowContext(ctx, `SELECT plan, plan_started_at, credits FROM accounts WHERE id = $1`, r.AccountID).Scan(&planID, &started, &credits)
	if errors.Is(err, sql.ErrNoRows) {
		return dalil.Receipt{}, dalil.ErrNotFound
	}
	if err != nil {
		return dalil.Receipt{}, unavailable("charge", err)
	}
	plan, _ := dalil.PlanByID(planID)
	hasAllowance := plan.MonthlyUSD > 0 && plan.MonthlyCalls > 0
	_, periodEnd := dalil.Period(fromMicros(started), now)
	entry := dalil.LedgerEntry{AccountID: r.AccountID, Kind: "charge", Tool: r.Tool, Amount: -r.Price, RequestID: r.RequestID, CreatedAt: now}

	if hasAllowance && r.Method != dalil.MethodCredits {
		covered, err := s.useAllowance(ctx, tx, r, plan, fromMicros(started), now)
		if err != nil {
			return dalil.Receipt{}, err
		}
		if covered {
			entry.Rail, entry.BalanceAfter = dalil.RailSubscription, dalil.MicroUSD(credits)
			rec := dalil.Receipt{Rail: dalil.RailSubscription, Amount: r.Price, CreditsAfter: dalil.MicroUSD(credits)}
			return rec, appendLedger(ctx, tx, entry, &rec.EntryID)
		}
	}

	var after int64
	err = tx.QueryRowContext(ctx, `UPDATE accounts SET credits = credits - $1 WHERE id = $2 AND credits >= $1 RETURNING credits`, int64(r.Price), r.AccountID).Scan(&after)
	if errors.Is(err, sql.ErrNoRows) {
		if hasAllowance && r.Method != dalil.MethodCredits {
			retry := int(time.Until(periodEnd).Seconds()) + 1
			if d := periodEnd.Sub(now); d > 0 {
				retry = int(d.Seconds()) + 1
			}
			return dalil.Receipt{}, &dalil.Error{Code: dalil.CodeQuotaExceeded,
				Message: "The monthly allowance of plan " + plan.ID + " is used up and prepaid credits cannot cover this call; add credits or wait for the next period.",
				Details: map[string]any{"plan": plan.ID, "periodEndsAt": periodEnd.Format(time.RFC3339), "price": r.Price.Float(), "credits": dalil.MicroUSD(credits).Float()},
				Headers: map[string]string{"Retry-After": strconv.Itoa(retry)}}
		}
		return dalil.Receipt{}, &dalil.Error{Code: dalil.CodeInsufficientCredits,
			Message: "The account's prepaid credits do not cover this call; add credits and retry.",
			Details: map[string]any{"price": r.Price.Float(), "credits": dalil.MicroUSD(credits).Float(), "currency": "USD"}}
	}
	if err != nil {
		return dalil.Receipt{}, unavailable("charge", err)
	}
	entry.Rail, entry.BalanceAfter = dalil.RailCredits, dalil.MicroUSD(after)
	rec := dalil.Receipt{Rail: dalil.RailCredits, Amount: r.Price, CreditsAfter: dalil.MicroUSD(after)}
	return rec, appendLedger(ctx, tx, entry, &rec.EntryID)
}

// useAllowance adds the call to this period's use when both the USD and
// the calls left cover it, in one conditional upsert.
func (s *Store) useAllowance(ctx context.Context, tx *sql.Tx, r dalil.ChargeRequest, plan dalil.Plan, anchor, now time.Time) (bool, error) {
	if r.Price > plan.MonthlyUSD || plan.MonthlyCalls < 1 {
		return false, nil
	}
	start, _ := dalil.Period(anchor, now)
	res, err := tx.ExecContext(ctx, `INSERT INTO allowance_usage (account_id, period_start, used, calls) VALUES ($1, $2, $3, 1)
		ON CONFLICT (account_id, period_start) DO UPDATE SET used = allowance_usage.used + excluded.used, calls = allowance_usage.calls + 1
		WHERE allowance_usage.used + excluded.used <= $4 AND allowance_usage.calls + 1 <= $5`,
		r.AccountID, micros(start), int64(r.Price), int64(plan.MonthlyUSD), plan.MonthlyCalls)
	if err != nil {
		return false, unavailable("use allowance", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, unavailable("use allowance", err)
	}
	return n == 1, nil
}

// Usage implements dalil.Store.
func (s *Store) Usage(ctx context.Context, accountID string) (dalil.Usage, error) {
	a, err := s.Account(ctx, accountID)
	if err != nil {
		return dalil.Usage{}, err
	}
	start, end := dalil.Period(a.PlanStartedAt, s.now())
	u := dalil.Usage{PeriodStart: start, PeriodEnd: end}
	var used, calls int64
	err = s.r.QueryRowContext(ctx, `SELECT used, calls FROM allowance_usage WHERE account_id = $1 AND period_start = $2`, accountID, micros(start)).Scan(&used, &calls)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return u, unavailable("usage", err)
	}
	u.USD, u.Calls = dalil.MicroUSD(used), calls
	return u, nil
}

// Spend implements dalil.Store.
func (s *Store) Spend(ctx context.Context, accountID string) ([]dalil.Spend, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT tool, rail, COUNT(*), -SUM(amount) FROM ledger WHERE account_id = $1 AND kind = 'charge' GROUP BY tool, rail ORDER BY tool, rail`, accountID)
	if err != nil {
		return nil, unavailable("spend", err)
	}
	defer rows.Close()
	out := []dalil.Spend{}
	for rows.Next() {
		var sp dalil.Spend
		var amount int64
		if err := rows.Scan(&sp.Tool, &sp.Rail, &sp.Calls, &amount); err != nil {
			return nil, unavailable("spend", err)
		}
		sp.Amount = dalil.MicroUSD(amount)
		out = append(out, sp)
	}
	return out, unavailable("spend", rows.Err())
}
