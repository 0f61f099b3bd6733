package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
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
	// The read lock keeps Close from draining the queue while a job is
	// being queued, so every queued job is answered.
	s.queueMu.RLock()
	if s.isClosed {
		s.queueMu.RUnlock()
		return dalil.Receipt{}, unavailable("charge", errors.New("store closed"))
	}
	select {
	case s.charges <- job:
		s.queueMu.RUnlock()
	case <-ctx.Done():
		s.queueMu.RUnlock()
		return dalil.Receipt{}, ctx.Err()
	}
	// Once queued, the job is answered whatever happens to ctx: its
	// outcome must be known, because the money may have moved.
	<-job.done
	if job.err == nil && r.Respond != nil && job.rec.Body == nil {
		body, err := r.Respond(job.rec)
		if err != nil {
			// Charged but unanswerable: only a broken Respond can do this,
			// and it is the caller's to report.
			return job.rec, fmt.Errorf("sqlstore: respond after charge: %w", err)
		}
		job.rec.Body = body
	}
	return job.rec, job.err
}

type chargeJob struct {
	ctx  context.Context
	req  dalil.ChargeRequest
	rec  dalil.Receipt
	err  error
	done chan struct{}
}

// defaultGroupTimeout bounds one group transaction, connection included.
const defaultGroupTimeout = 15 * time.Second

// maxGroup bounds one group transaction, keeping its latency small.
const maxGroup = 256

// defaultGatherWindow is Options.GatherWindow's default.
const defaultGatherWindow = 1500 * time.Microsecond

// committer runs groups of charges until the store closes.
//
// A group's fixed cost (begin, account reads, commit and its fsync) is paid
// once however many charges it holds, so under load bigger groups mean
// more charges per second from the same CPU. When the committer finds
// other charges waiting besides the first (concurrent callers), it keeps
// the group open for up to the gather window, and closes it early when no
// new charge arrives within a quarter of the window. A lone charge at low
// load is committed at once. This is PostgreSQL's commit_delay with
// commit_siblings, applied to a group of charges.
func (s *Store) committer() {
	defer close(s.committerDone)
	var timer *time.Timer
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
		if len(group) > 1 && s.gather > 0 {
			group, timer = s.gatherMore(group, timer)
		}
		s.runGroup(group)
	}
}

// gatherMore adds charges arriving within the gather window to group. It
// reuses timer between groups (one allocation for the committer's life).
func (s *Store) gatherMore(group []*chargeJob, timer *time.Timer) ([]*chargeJob, *time.Timer) {
	deadline := time.Now().Add(s.gather)
	gap := s.gather / 4
	for len(group) < maxGroup {
		wait := time.Until(deadline)
		if wait <= 0 {
			break
		}
		wait = min(wait, gap)
		if timer == nil {
			timer = time.NewTimer(wait)
		} else {
			timer.Reset(wait)
		}
		select {
		case j := <-s.charges:
			timer.Stop()
			group = append(group, j)
			continue
		case <-timer.C:
		case <-s.closed:
			timer.Stop()
		}
		break
	}
	return group, timer
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
	// A group's transaction must not die with one caller's context, but it
	// must not hang every caller either when the database stops answering:
	// past the group timeout the transaction is rolled back and the group
	// gets 503.
	ctx, cancel := context.WithTimeout(context.Background(), s.groupTimeout)
	defer cancel()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		finish(unavailable("begin", err))
		return
	}
	defer tx.Rollback()
	// Charges of one account are decided together, in arrival order, each
	// account inside a savepoint.
	var order []string
	byAccount := map[string][]*chargeJob{}
	for _, j := range group {
		if _, seen := byAccount[j.req.AccountID]; !seen {
			order = append(order, j.req.AccountID)
		}
		byAccount[j.req.AccountID] = append(byAccount[j.req.AccountID], j)
	}
	// Lock accounts in one global order, so that two replicas' groups on
	// PostgreSQL can never wait on each other's rows (a deadlock).
	sort.Strings(order)
	for _, acct := range order {
		jobs := byAccount[acct]
		if err := s.txExec(ctx, tx, "SAVEPOINT charge"); err != nil {
			finish(unavailable("savepoint", err))
			return
		}
		err := s.chargeAccount(ctx, tx, acct, jobs)
		if errors.Is(err, errFallback) {
			if err := s.txExec(ctx, tx, "ROLLBACK TO SAVEPOINT charge"); err != nil {
				finish(unavailable("rollback to savepoint", err))
				return
			}
			err = s.chargeEach(ctx, tx, jobs)
		}
		if err != nil {
			finish(err) // a database failure: the whole group fails
			return
		}
		if err := s.txExec(ctx, tx, "RELEASE SAVEPOINT charge"); err != nil {
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

// chargeEach charges jobs one at a time, each in a nested savepoint: the
// slow path, used when an account changed under a batched charge.
func (s *Store) chargeEach(ctx context.Context, tx *sql.Tx, jobs []*chargeJob) error {
	for _, j := range jobs {
		if j.ctx.Err() != nil {
			j.err = j.ctx.Err()
			continue
		}
		if err := s.txExec(ctx, tx, "SAVEPOINT one"); err != nil {
			return err
		}
		j.rec, j.err = s.chargeOne(ctx, tx, j.req)
		if j.err != nil {
			var de *dalil.Error
			if !errors.As(j.err, &de) && !errors.Is(j.err, dalil.ErrNotFound) {
				return j.err
			}
			if err := s.txExec(ctx, tx, "ROLLBACK TO SAVEPOINT one"); err != nil {
				return err
			}
		}
		if err := s.txExec(ctx, tx, "RELEASE SAVEPOINT one"); err != nil {
			return err
		}
	}
	return nil
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
	st, err := s.txStmt(ctx, tx, selectAccountForCharge)
	if err != nil {
		return dalil.Receipt{}, err
	}
	err = st.QueryRowContext(ctx, r.AccountID).Scan(&planID, &started, &credits)
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
			return rec, s.appendLedgerTx(ctx, tx, entry, nil)
		}
	}

	if r.NoCredits {
		return dalil.Receipt{}, refusal(plan, hasAllowance && r.Method != dalil.MethodCredits, periodEnd, now, r.Price, dalil.MicroUSD(credits))
	}
	var after int64
	debit, err := s.txStmt(ctx, tx, debitCredits)
	if err != nil {
		return dalil.Receipt{}, err
	}
	err = debit.QueryRowContext(ctx, int64(r.Price), r.AccountID).Scan(&after)
	if errors.Is(err, sql.ErrNoRows) {
		return dalil.Receipt{}, refusal(plan, hasAllowance && r.Method != dalil.MethodCredits, periodEnd, now, r.Price, dalil.MicroUSD(credits))
	}
	if err != nil {
		return dalil.Receipt{}, unavailable("charge", err)
	}
	entry.Rail, entry.BalanceAfter = dalil.RailCredits, dalil.MicroUSD(after)
	rec := dalil.Receipt{Rail: dalil.RailCredits, Amount: r.Price, CreditsAfter: dalil.MicroUSD(after)}
	return rec, s.appendLedgerTx(ctx, tx, entry, nil)
}

// refusal is the error for a call that neither the allowance nor the
// credits can pay: QUOTA_EXCEEDED (with Retry-After to the period's end)
// when an allowance applied, INSUFFICIENT_CREDITS otherwise.
func refusal(plan dalil.Plan, allowanceApplied bool, periodEnd, now time.Time, price, credits dalil.MicroUSD) error {
	if allowanceApplied {
		retry := 1
		if d := periodEnd.Sub(now); d > 0 {
			retry = int(d.Seconds()) + 1
		}
		return &dalil.Error{Code: dalil.CodeQuotaExceeded,
			Message: "The monthly allowance of plan " + plan.ID + " is used up and prepaid credits cannot cover this call; add credits or wait for the next period.",
			Details: map[string]any{"plan": plan.ID, "periodEndsAt": periodEnd.Format(time.RFC3339), "price": price.Float(), "credits": credits.Float()},
			Headers: map[string]string{"Retry-After": strconv.Itoa(retry)}}
	}
	return &dalil.Error{Code: dalil.CodeInsufficientCredits,
		Message: "The account's prepaid credits do not cover this call; add credits and retry.",
		Details: map[string]any{"price": price.Float(), "credits": credits.Float(), "currency": "USD"}}
}

// useAllowance adds the call to this period's use when both the USD and
// the calls left cover it, in one conditional upsert.
func (s *Store) useAllowance(ctx context.Context, tx *sql.Tx, r dalil.ChargeRequest, plan dalil.Plan, anchor, now time.Time) (bool, error) {
	if r.Price > plan.MonthlyUSD || plan.MonthlyCalls < 1 {
		return false, nil
	}
	start, _ := dalil.Period(anchor, now)
	st, err := s.txStmt(ctx, tx, useAllowance)
	if err != nil {
		return false, err
	}
	res, err := st.ExecContext(ctx, r.AccountID, micros(start), int64(r.Price), int64(plan.MonthlyUSD), plan.MonthlyCalls)
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

// txExec runs a prepared statement without arguments inside tx.
func (s *Store) txExec(ctx context.Context, tx *sql.Tx, query string) error {
	st, err := s.txStmt(ctx, tx, query)
	if err != nil {
		return err
	}
	if _, err := st.ExecContext(ctx); err != nil {
		return unavailable(query, err)
	}
	return nil
}

// appendLedgerTx appends a ledger row with the prepared insert.
func (s *Store) appendLedgerTx(ctx context.Context, tx *sql.Tx, e dalil.LedgerEntry, id *int64) error {
	st, err := s.txStmt(ctx, tx, insertLedger)
	if err != nil {
		return err
	}
	return appendLedgerStmt(ctx, tx, st, e, id)
}

// The charge path's statements, prepared once at Open.
const (
	selectAccountForCharge = `SELECT plan, plan_started_at, credits FROM accounts WHERE id = $1`
	selectAccountForUpdate = selectAccountForCharge + ` FOR UPDATE`
	debitCredits           = `UPDATE accounts SET credits = credits - $1 WHERE id = $2 AND credits >= $1 RETURNING credits`
	useAllowance           = `INSERT INTO allowance_usage (account_id, period_start, used, calls) VALUES ($1, $2, $3, 1)
		ON CONFLICT (account_id, period_start) DO UPDATE SET used = allowance_usage.used + excluded.used, calls = allowance_usage.calls + 1
		WHERE allowance_usage.used + excluded.used <= $4 AND allowance_usage.calls + 1 <= $5`
	completeIdem = `UPDATE idempotency SET status = 'completed', response_status = 200, response_body = $1
		WHERE account_id = $2 AND tool = $3 AND key = $4 AND status = 'in_progress'`
)

var writerStatements = []string{selectAccountForCharge, debitCredits, useAllowance, insertLedger, completeIdem, selectUsage, addUsage,
	"SAVEPOINT charge", "ROLLBACK TO SAVEPOINT charge", "RELEASE SAVEPOINT charge",
	"SAVEPOINT one", "ROLLBACK TO SAVEPOINT one", "RELEASE SAVEPOINT one"}
