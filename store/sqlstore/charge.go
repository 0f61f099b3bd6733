package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"time"

	"dalil"
)

// Charge implements dalil.Store: one transaction applies
// dalil.DecideCharge and moves the money.
//
// Concurrent charges are grouped: a committer takes every charge waiting
// and runs them in one transaction, each account inside its own savepoint,
// so one fsync makes many charges durable and each caller is answered only
// after the commit. A charge refused for money (insufficient credits,
// quota) writes nothing and leaves the others untouched.
//
// The answer is always the truth about the money: nil means charged and
// durable; ErrStorageUnavailable means certainly not charged (also after a
// failed commit, once the store has found out that it did not commit);
// dalil.ErrOutcomeUnknown means the store could not find out. A charge
// whose ctx ended before its group began is not charged (ctx.Err()).
func (s *Store) Charge(ctx context.Context, r dalil.ChargeRequest) (dalil.Receipt, error) {
	if r.Price < 0 {
		return dalil.Receipt{}, errors.New("sqlstore: negative price")
	}
	job := &chargeJob{ctx: ctx, req: r, done: make(chan struct{})}
	if roundStats {
		jobQueued(job)
	}
	if b := dalil.StorageBudgetOf(ctx); b != nil {
		// The call's storage steps share one deadline: too little of it
		// left to charge is not charged, and the group this charge joins
		// ends by its deadline.
		left := b.Left()
		if left < minChargeBudget {
			return dalil.Receipt{}, unavailable("charge", errBudgetSpent)
		}
		job.deadline = time.Now().Add(left)
	}
	// The read lock keeps Close from draining the queue while a job is
	// being queued, so every queued job is answered.
	s.queueMu.RLock()
	if s.isClosed {
		s.queueMu.RUnlock()
		return dalil.Receipt{}, unavailable("charge", errors.New("store closed"))
	}
	// The queue has room for four full groups: the send is tried alone
	// first, so that the common case does not make ctx's done channel (an
	// allocation per call, while nothing else waits on it).
	select {
	case s.charges <- job:
		s.queueMu.RUnlock()
	default:
		select {
		case s.charges <- job:
			s.queueMu.RUnlock()
		case <-ctx.Done():
			s.queueMu.RUnlock()
			return dalil.Receipt{}, ctx.Err()
		}
	}
	// Once queued, the job is answered whatever happens to ctx: its
	// outcome must be known, because the money may have moved.
	<-job.done
	if roundStats {
		jobWoken(job)
	}
	return job.rec, job.err
}

// minChargeBudget is the least storage time a call must have left to
// join a charge group: one with less fails alone (not charged) rather
// than cut short the group it would join.
const minChargeBudget = 50 * time.Millisecond

// errBudgetSpent: the call's storage budget is spent.
var errBudgetSpent = errors.New("the call's storage time is spent")

type chargeJob struct {
	// times is empty but with -tags roundstats (roundstats_on.go); first,
	// because an empty last field would pad the struct.
	times jobTimes
	ctx   context.Context
	// deadline is when its caller's storage budget ends (zero: none).
	deadline time.Time
	req      dalil.ChargeRequest
	rec      dalil.Receipt
	err      error
	done     chan struct{}
}

// maxGroup bounds one group transaction, keeping its latency small.
const maxGroup = 256

// committer runs groups of charges until the store closes.
//
// A group's fixed cost (begin, account reads, commit and its fsync) is paid
// once however many charges it holds. A group is every charge that queued
// while the previous group ran: under load the groups grow by themselves,
// and the next group's requests are decoded and run while this one
// commits. Options.GatherWindow can also keep a group open for more
// charges (PostgreSQL's commit_delay with commit_siblings); it is off by
// default, because on the machine measured (docs/performance.md, issue
// #11) waiting turned the 32 connections into one convoy whose CPU work
// and fsync never overlapped: 1.5 ms of gathering gave 8.4-8.9k charged
// calls/s on SQLite where none gives 12.2-13.5k, and 5.0k where none
// gives 6.8-7.2k on PostgreSQL. A lone charge is never delayed.
func (s *Store) committer() {
	defer close(s.committerDone)
	var timer *time.Timer
	var clock roundClock // only with -tags roundstats
	for {
		var first *chargeJob
		select {
		case first = <-s.charges:
		case <-s.closed:
			return
		}
		if roundStats {
			clock.mark(phWait)
		}
		group := s.drain([]*chargeJob{first})
		group = s.gatherRunnable(group)
		if len(group) > 1 && s.gather > 0 {
			group, timer = s.gatherMore(group, timer)
		}
		if roundStats {
			clock.mark(phGather)
			clock.started(group)
		}
		s.runGroup(group)
		if roundStats {
			clock.mark(phRun)
		}
	}
}

// drain adds to group every charge queued now, up to maxGroup.
func (s *Store) drain(group []*chargeJob) []*chargeJob {
	for len(group) < maxGroup {
		select {
		case j := <-s.charges:
			group = append(group, j)
		default:
			return group
		}
	}
	return group
}

// gatherRunnable lets the goroutines that are ready to run (calls whose
// requests were read and are being decoded, run and encoded, most of them
// about to charge) run before the group begins, and adds what they queued;
// it goes on while a round brings more, at most maxYields rounds and
// yieldFor in all. It never waits on a timer: runtime.Gosched returns at
// once when nothing else is ready, so a lone charge, or a quiet server's, is
// not delayed, and a core never idles while the group waits (the convoy a
// gather window made, see committer). Without it the committer, readied by
// the first charge sent to it, ran before the callers already running and
// began a group of the few queued, whose fixed cost (its fsync above all)
// fewer charges shared: over HTTP the groups held 11-14 charges at 32
// connections and 29-32 at 128, with it 14-16 and 57-62, and a charge from
// 32 callers in process costs a third less CPU (docs/performance.md,
// issue 34, session 18).
func (s *Store) gatherRunnable(group []*chargeJob) []*chargeJob {
	start := time.Now()
	for range maxYields {
		n := len(group)
		if n >= maxGroup {
			break
		}
		runtime.Gosched()
		if group = s.drain(group); len(group) == n || time.Since(start) > yieldFor {
			break
		}
	}
	return group
}

// maxYields and yieldFor bound gatherRunnable: a round may wait behind a
// busy goroutine for its time slice, so the rounds are few.
const (
	maxYields = 4
	yieldFor  = time.Millisecond
)

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

// runGroup charges a group in one transaction and answers every job.
func (s *Store) runGroup(group []*chargeJob) {
	// A group's transaction must not die with one caller's context, but it
	// must not hang every caller either when the database stops answering:
	// past the operation timeout, or the earliest of its callers' storage
	// deadlines, it is rolled back and the group gets 503.
	// The HTTP layer's call deadline leaves room for it before the
	// server's write timeout, so no charge commits after its answer can
	// no longer be delivered.
	deadline := time.Now().Add(s.opTimeout)
	for _, j := range group {
		if !j.deadline.IsZero() && j.deadline.Before(deadline) {
			deadline = j.deadline
		}
	}
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	var res groupResult
	// A failure before COMMIT leaves nothing behind: the whole group is
	// decided again on a fresh connection, within the same deadline.
	// The first attempt runs without savepoints (see groupTx; on
	// PostgreSQL it is the pipelined group, pgpipe.go); an account found
	// changed under it redoes the group with them.
	savepoints := false
	err := s.retry(ctx, func() (bool, error) {
		res = s.groupTx(ctx, group, savepoints)
		if errors.Is(res.err, errFallback) {
			savepoints = true
			res = s.groupTx(ctx, group, savepoints)
		}
		switch {
		case !res.atCommit:
			return res.err != nil, res.err
		case res.charged == nil:
			return false, nil // only refusals were decided: nothing was written either way
		}
		// COMMIT failed (its answer lost, say): find out what it did.
		resolve := res.resolve
		if resolve == nil {
			resolve = func() (bool, error) { return s.committed(res.xid, res.charged) }
		}
		switch committed, verr := resolve(); {
		case verr != nil:
			s.outcomeUnknown.Add(1)
			return false, fmt.Errorf("sqlstore: commit: %w (%v); resolving it: %w", dalil.ErrOutcomeUnknown, res.err, verr)
		case committed:
			s.commitsRecovered.Add(1)
			return false, nil
		}
		// Certainly not committed: nothing was written, as after a failure
		// before COMMIT, so the group may be tried again.
		return true, unavailable("commit", res.err)
	})
	s.finish(group, err)
}

// finish answers every job of a group: err for those charged in a
// transaction that did not commit, their own outcome for the others.
func (s *Store) finish(group []*chargeJob, err error) {
	var t0 int64
	if roundStats {
		t0 = roundNow()
	}
	for _, j := range group {
		if err != nil && j.err == nil {
			j.err, j.rec = err, dalil.Receipt{}
		}
		if roundStats {
			jobClosed(j)
		}
		close(j.done)
	}
	if roundStats {
		roundPhase(phFinish, roundNow()-t0)
	}
}

// groupResult is one attempt at a group's transaction.
type groupResult struct {
	err      error
	atCommit bool       // err is the COMMIT's: the outcome is not known
	charged  *chargeJob // a job charged in the transaction, if any
	xid      string     // the PostgreSQL transaction id
	// resolve, when set, finds out whether a failed COMMIT committed
	// (instead of committed with xid).
	resolve func() (bool, error)
}

// groupTx decides and writes every live job of group in one transaction.
// A job whose caller left before this attempt is not charged (ctx.Err()).
//
// With savepoints, each account's batch runs inside its own, so that a
// batch that met a concurrent change (errFallback) is undone alone and
// redone one charge at a time. Without them (the first attempt) an
// errFallback rolls the whole transaction back and is returned, for the
// caller to redo the group with savepoints. SQLite's writer begins
// IMMEDIATE, so no other writer can change an account between the read
// and the write and errFallback does not happen there; the savepoints
// only cost it (their statement journal copied every page the group
// touched, about a third of the ledger insert's CPU, issue #11). On
// PostgreSQL the first attempt is the pipelined group (pgpipe.go), whose
// rows are locked from its read to its COMMIT.
func (s *Store) groupTx(ctx context.Context, group []*chargeJob, savepoints bool) groupResult {
	var live []*chargeJob
	for _, j := range group {
		j.rec = dalil.Receipt{}
		if j.err = j.ctx.Err(); j.err == nil {
			live = append(live, j)
		}
	}
	if len(live) == 0 {
		return groupResult{}
	}
	// Charges of one account are decided together, in arrival order.
	var order []string
	byAccount := map[string][]*chargeJob{}
	for _, j := range live {
		if _, seen := byAccount[j.req.AccountID]; !seen {
			order = append(order, j.req.AccountID)
		}
		byAccount[j.req.AccountID] = append(byAccount[j.req.AccountID], j)
	}
	// Lock accounts in one global order, so that two replicas' groups on
	// PostgreSQL can never wait on each other's rows (a deadlock).
	sort.Strings(order)
	if s.dialect == "postgres" && !savepoints {
		return s.groupPipelined(ctx, order, byAccount, live)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return groupResult{err: unavailable("begin", err)}
	}
	defer tx.Rollback()
	for _, acct := range order {
		jobs := byAccount[acct]
		if !savepoints {
			if err := s.chargeAccount(ctx, tx, acct, jobs); err != nil {
				return groupResult{err: err} // errFallback included: the caller redoes the group
			}
			continue
		}
		if err := s.txExec(ctx, tx, "SAVEPOINT charge"); err != nil {
			return groupResult{err: unavailable("savepoint", err)}
		}
		err := s.chargeAccount(ctx, tx, acct, jobs)
		if errors.Is(err, errFallback) {
			if err := s.txExec(ctx, tx, "ROLLBACK TO SAVEPOINT charge"); err != nil {
				return groupResult{err: unavailable("rollback to savepoint", err)}
			}
			err = s.chargeEach(ctx, tx, acct, jobs)
		}
		if err != nil {
			return groupResult{err: err} // a database failure: the whole group fails
		}
		if err := s.txExec(ctx, tx, "RELEASE SAVEPOINT charge"); err != nil {
			return groupResult{err: unavailable("release savepoint", err)}
		}
	}
	var res groupResult
	for _, j := range live {
		if j.err == nil {
			res.charged = j
			break
		}
	}
	// On PostgreSQL the transaction's id lets a lost COMMIT acknowledgement
	// be resolved: the server keeps each transaction's fate.
	if res.charged != nil && s.dialect == "postgres" {
		st, err := s.txStmt(ctx, tx, currentXactID)
		if err == nil {
			err = st.QueryRowContext(ctx).Scan(&res.xid)
		}
		if err != nil {
			return groupResult{err: unavailable("transaction id", err)}
		}
	}
	var t0 int64
	if roundStats {
		t0 = roundNow()
	}
	if err := tx.Commit(); err != nil {
		res.err, res.atCommit = err, true
	}
	if roundStats {
		roundPhase(phCommit, roundNow()-t0)
	}
	return res
}

// committed finds out whether a group whose COMMIT failed (for instance
// its acknowledgement was lost with the connection) was committed, so
// that nobody is told "nothing was charged" about a charge that stands.
// On PostgreSQL it asks the server for the fate of transaction xid,
// waiting while it is still in progress; on SQLite (one writer, ours, and
// the failed transaction already rolled back or committed) it looks for
// the charged job's ledger row among the account's newest rows. It gives
// up after the operation timeout.
func (s *Store) committed(xid string, j *chargeJob) (bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), s.opTimeout)
	defer cancel()
	for wait := 5 * time.Millisecond; ; wait = min(2*wait, 200*time.Millisecond) {
		var ok bool
		var err error
		if s.dialect == "postgres" {
			var status sql.NullString
			if err = s.w.QueryRowContext(ctx, `SELECT pg_xact_status($1::xid8)`, xid).Scan(&status); err == nil {
				switch status.String {
				case "committed":
					return true, nil
				case "aborted":
					return false, nil
				}
				err = fmt.Errorf("transaction %s is %q", xid, status.String)
			}
		} else {
			var n int
			err = s.w.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT request_id FROM ledger WHERE account_id = $1 ORDER BY id DESC LIMIT 1024) recent WHERE request_id = $2`,
				j.req.AccountID, j.req.RequestID).Scan(&n)
			ok = n > 0
			if err == nil {
				return ok, nil
			}
		}
		select {
		case <-ctx.Done():
			return false, err
		case <-time.After(wait):
		}
	}
}

// chargeEach charges jobs one at a time, each in a nested savepoint: the
// slow path, used when an account changed under a batched charge. Each
// job is decided by the same chargeAccount.
func (s *Store) chargeEach(ctx context.Context, tx *sql.Tx, accountID string, jobs []*chargeJob) error {
	for _, j := range jobs {
		if err := s.txExec(ctx, tx, "SAVEPOINT one"); err != nil {
			return err
		}
		err := s.chargeAccount(ctx, tx, accountID, []*chargeJob{j})
		if errors.Is(err, errFallback) {
			// Changed again under a single charge: leave this one uncharged.
			j.err, j.rec = unavailable("charge", err), dalil.Receipt{}
			if err := s.txExec(ctx, tx, "ROLLBACK TO SAVEPOINT one"); err != nil {
				return err
			}
		} else if err != nil {
			return err
		}
		if err := s.txExec(ctx, tx, "RELEASE SAVEPOINT one"); err != nil {
			return err
		}
	}
	return nil
}

// Usage implements dalil.Store.
func (s *Store) Usage(ctx context.Context, accountID string) (dalil.Usage, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
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

// Spend implements dalil.Store: charges less refunds per tool and rail,
// the refunds beside them; calls counts the charges.
func (s *Store) Spend(ctx context.Context, accountID string) ([]dalil.Spend, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.r.QueryContext(ctx, `SELECT tool, rail, SUM(CASE WHEN kind = 'charge' THEN 1 ELSE 0 END), -SUM(amount),
		SUM(CASE WHEN kind = 'refund' THEN amount ELSE 0 END) FROM ledger
		WHERE account_id = $1 AND kind IN ('charge', 'refund') GROUP BY tool, rail ORDER BY tool, rail`, accountID)
	if err != nil {
		return nil, unavailable("spend", err)
	}
	defer rows.Close()
	out := []dalil.Spend{}
	for rows.Next() {
		var sp dalil.Spend
		var amount, refunded int64
		if err := rows.Scan(&sp.Tool, &sp.Rail, &sp.Calls, &amount, &refunded); err != nil {
			return nil, unavailable("spend", err)
		}
		sp.Amount, sp.Refunded = dalil.MicroUSD(amount), dalil.MicroUSD(refunded)
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

// The charge path's statements, prepared once at Open.
const (
	selectAccountForCharge = `SELECT plan, plan_started_at, credits FROM accounts WHERE id = $1`
	selectAccountForUpdate = selectAccountForCharge + ` FOR UPDATE`
	debitCredits           = `UPDATE accounts SET credits = credits - $1 WHERE id = $2 AND credits >= $1 RETURNING credits`
	setCreditsIfUnchanged  = `UPDATE accounts SET credits = $1 WHERE id = $2 AND credits = $3`
	setCreditsIfKnown      = setCreditsIfUnchanged + ` AND plan = $4 AND plan_started_at = $5`
	currentXactID          = `SELECT pg_current_xact_id()::text`
)

var writerStatements = []string{selectAccountForCharge, debitCredits, setCreditsIfUnchanged, setCreditsIfKnown, completeIdem, selectUsage, addUsage,
	"SAVEPOINT charge", "ROLLBACK TO SAVEPOINT charge", "RELEASE SAVEPOINT charge",
	"SAVEPOINT one", "ROLLBACK TO SAVEPOINT one", "RELEASE SAVEPOINT one"}
