package sqlstore

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"dalil"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// PostgreSQL's charge group in two round trips (issue 34).
//
// Through database/sql a group costs a round trip per statement: BEGIN,
// a savepoint, the account read, the debit, the ledger rows, the release,
// the transaction id and COMMIT, eight for one account, each one also a
// wake-up of the server and of the committer on a busy machine. On
// PostgreSQL the committer instead sends the group over the connection's
// extended protocol in two pipelined batches:
//
//  1. BEGIN, the transaction id, each account's row FOR UPDATE (in account
//     order, as before) and, for each charge with an Idempotency-Key, its
//     claim FOR UPDATE; then (only for plans with an allowance) the
//     allowance used;
//  2. the debits, the allowance updates, the claims' completions, the
//     ledger rows, and COMMIT.
//
// Between them every charge is decided in memory by decideAccount, on the
// rows as locked: nothing can change them before COMMIT, so what batch 2
// writes is what was decided. Each conditional write still checks, inside
// the server, that it wrote exactly what was decided, and fails the
// statement when it did not (pgGuard); the server then skips the rest of
// the batch, COMMIT included, and the group is redone through the
// savepoint path (errFallback), as a changed account always was.
//
// The outcome of batch 2 is known only when its COMMIT's answer is read:
// a server error on a statement before COMMIT means nothing was committed
// (the server skips every later message up to the batch's end); anything
// else (a lost connection, a deadline, an error on COMMIT itself) leaves
// it unknown, and the group is resolved, as a failed COMMIT always was,
// by asking the server for the fate of the transaction id read in batch 1
// (committed).

// pgStmt is a statement of the pipelined group, prepared on each
// connection under its name the first time it runs there.
type pgStmt struct{ name, sql string }

var (
	pgXactID       = pgStmt{"dalil_charge_xid", currentXactID}
	pgAccount      = pgStmt{"dalil_charge_account", selectAccountForUpdate}
	pgUsage        = pgStmt{"dalil_charge_usage", selectUsage}
	pgClaim        = pgStmt{"dalil_charge_claim", `SELECT 1 FROM idempotency WHERE account_id = $1 AND tool = $2 AND key = $3 AND status = 'in_progress' AND owner = $4 FOR UPDATE`}
	pgGuardedDebit = pgStmt{"dalil_charge_debit", `WITH w AS (UPDATE accounts SET credits = credits - $1 WHERE id = $2 AND credits >= $1 RETURNING credits)
		SELECT ` + pgGuard(`got = $3`, `got`) + ` FROM (SELECT (SELECT credits FROM w) AS got) g`}
	pgGuardedUsage = pgStmt{"dalil_charge_allowance", `WITH w AS (` + addUsage + `)
		SELECT ` + pgGuard(`used = $7 AND calls = $8`, `used`) + ` FROM (SELECT (SELECT used FROM w) AS used, (SELECT calls FROM w) AS calls) g`}
	pgGuardedComplete = pgStmt{"dalil_charge_complete", `WITH w AS (` + completeIdem + ` RETURNING 1)
		SELECT ` + pgGuard(`n = 1`, `n`) + ` FROM (SELECT COUNT(*) AS n FROM w) g`}
)

// pgGuardMark is in the message of the error a guard raises.
const pgGuardMark = "dalil: not as decided"

// pgGuard is an expression that is 0 when ok holds and otherwise fails
// the statement with an error whose message holds pgGuardMark (a failed
// cast to integer). The failing text depends on a column (shown), so the
// planner cannot fold it into an error at planning time.
func pgGuard(ok, shown string) string {
	return `CAST(CASE WHEN ` + ok + ` THEN '0' ELSE '` + pgGuardMark + ` (' || COALESCE(CAST(` + shown + ` AS text), 'no row') || ')' END AS integer)`
}

// isPGGuard reports whether err is a guard's failure.
func isPGGuard(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && strings.Contains(pe.Message, pgGuardMark)
}

// pgLedger[n] inserts n charge rows (insertCharges).
var pgLedger = func() []pgStmt {
	out := make([]pgStmt, maxChargeRows+1)
	for n := 1; n <= maxChargeRows; n++ {
		out[n] = pgStmt{"dalil_charge_ledger_" + strconv.Itoa(n), insertCharges["postgres"][n]}
	}
	return out
}()

// testHookPGRead, set only by tests, sees each account's state as batch 1
// read it, before its charges are decided on it; a test alters it, as if
// the row had changed after the read, to make a guard fail.
var testHookPGRead func(accountID string, st *dalil.ChargeState)

// pgBatch builds one pipelined batch; params are text, copied into the
// batch as each statement is queued, so one buffer serves them all.
type pgBatch struct {
	b      pgconn.Batch
	conn   *pgx.Conn
	ctx    context.Context
	n      int // statements queued
	params [][]byte
	buf    []byte
	err    error
}

// queue adds st with args (string, int64, or []byte sent as binary bytea).
func (q *pgBatch) queue(st pgStmt, args ...any) {
	if q.err != nil {
		return
	}
	sd, err := q.conn.Prepare(q.ctx, st.name, st.sql) // once per connection
	if err != nil {
		q.err = err
		return
	}
	q.params, q.buf = q.params[:0], q.buf[:0]
	var formats []int16
	offsets := make([]int, 0, len(args)+1)
	for i, a := range args {
		offsets = append(offsets, len(q.buf))
		switch v := a.(type) {
		case string:
			q.buf = append(q.buf, v...)
		case int64:
			q.buf = strconv.AppendInt(q.buf, v, 10)
		case []byte:
			if formats == nil {
				formats = make([]int16, len(args))
			}
			formats[i] = 1 // binary: bytea as its bytes
			q.buf = append(q.buf, v...)
		default:
			q.err = fmt.Errorf("sqlstore: pipelined parameter of type %T", a)
			return
		}
	}
	offsets = append(offsets, len(q.buf))
	for i := range args {
		q.params = append(q.params, q.buf[offsets[i]:offsets[i+1]:offsets[i+1]])
	}
	q.b.ExecStatement(sd, q.params, formats, nil)
	q.n++
}

// queueText adds a statement without parameters, sent as text each time.
func (q *pgBatch) queueText(sql string) {
	if q.err == nil {
		q.b.ExecParams(sql, nil, nil, nil, nil)
		q.n++
	}
}

// run sends the batch and reads its results. failedAt is the index of the
// statement the server refused (its error is err), or -1 when err is not
// the server's (a lost connection, a deadline) or there is none.
func (q *pgBatch) run() (results []*pgconn.Result, failedAt int, err error) {
	if q.err != nil {
		return nil, -1, q.err
	}
	results, err = q.conn.PgConn().ExecBatch(q.ctx, &q.b).ReadAll()
	failedAt, err = batchFailure(results, err, q.n)
	return results, failedAt, err
}

// batchFailure reads a batch's outcome from its results and the reader's
// error: the index of the first statement the server refused, with its
// error; or -1 with the error when the failure is not the server's
// refusal (a connection lost while reading, even inside a statement's
// result, says nothing about what the server did with the rest); or -1
// and nil when every one of the n statements succeeded.
func batchFailure(results []*pgconn.Result, err error, n int) (int, error) {
	var pe *pgconn.PgError
	for i, r := range results {
		if r.Err != nil {
			if errors.As(r.Err, &pe) {
				return i, r.Err
			}
			return -1, r.Err
		}
	}
	if err != nil {
		if errors.As(err, &pe) {
			return len(results), err // refused before it produced a result
		}
		return -1, err
	}
	if len(results) != n {
		return -1, fmt.Errorf("sqlstore: %d results for %d statements", len(results), n)
	}
	return -1, nil
}

// pgAccountRead is one account's row as batch 1 locked it.
type pgAccountRead struct {
	id      string
	jobs    []*chargeJob
	found   bool
	planID  string
	started int64
	credits int64
	st0     dalil.ChargeState
}

// groupPipelined runs one attempt at live's group on PostgreSQL in two
// round trips (see the top of this file).
func (s *Store) groupPipelined(ctx context.Context, order []string, byAccount map[string][]*chargeJob, live []*chargeJob) groupResult {
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return groupResult{err: unavailable("connect", err)}
	}
	defer conn.Close()
	var res groupResult
	err = conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			res = groupResult{err: fmt.Errorf("sqlstore: the PostgreSQL driver connection is a %T", dc)}
			return nil
		}
		var keep bool
		res, keep = s.pipelinedOn(ctx, c.Conn(), order, byAccount, live)
		if !keep {
			return driver.ErrBadConn // the pool closes it
		}
		return nil
	})
	if err != nil && res.err == nil {
		res.err = unavailable("connect", err)
	}
	return res
}

// pipelinedOn runs the group on conn. keep is false when conn must not
// be used again (it may be broken, or in a transaction it could not end).
func (s *Store) pipelinedOn(ctx context.Context, conn *pgx.Conn, order []string, byAccount map[string][]*chargeJob, live []*chargeJob) (res groupResult, keep bool) {
	now := s.now().UTC()
	rollback := func() bool {
		_, err := conn.PgConn().Exec(ctx, "rollback").ReadAll()
		return err == nil
	}

	// Batch 1: begin, the transaction id, the rows locked.
	q := &pgBatch{conn: conn, ctx: ctx}
	q.queueText("begin")
	q.queue(pgXactID)
	accounts := make([]pgAccountRead, len(order))
	for i, id := range order {
		accounts[i] = pgAccountRead{id: id, jobs: byAccount[id]}
		q.queue(pgAccount, id)
	}
	var claims []*chargeJob
	for _, a := range accounts {
		for _, j := range a.jobs {
			if k := j.req.Idem; k != nil {
				claims = append(claims, j)
				q.queue(pgClaim, k.AccountID, k.Tool, k.Key, k.Owner)
			}
		}
	}
	results, failedAt, err := q.run()
	if err != nil {
		// Nothing was written: the group may be tried again.
		return groupResult{err: unavailable("charge", err)}, failedAt >= 0 && rollback()
	}
	if len(results[1].Rows) != 1 {
		return groupResult{err: unavailable("transaction id", errors.New("no row"))}, rollback()
	}
	res.xid = string(results[1].Rows[0][0])
	var needUsage []int
	for i := range accounts {
		a := &accounts[i]
		rows := results[2+i].Rows
		if len(rows) == 0 {
			continue // no such account
		}
		a.found, a.planID = true, string(rows[0][0])
		if a.started, err = strconv.ParseInt(string(rows[0][1]), 10, 64); err == nil {
			a.credits, err = strconv.ParseInt(string(rows[0][2]), 10, 64)
		}
		if err != nil {
			return groupResult{err: unavailable("charge", err)}, rollback()
		}
		a.st0 = chargeStateOf(a.planID, a.started, a.credits, now)
		if a.st0.HasAllowance() {
			needUsage = append(needUsage, i)
		}
	}
	claimed := make(map[*chargeJob]bool, len(claims))
	for i, j := range claims {
		claimed[j] = len(results[2+len(accounts)+i].Rows) == 1
	}

	// Batch 1b, for plans with an allowance only: what is used of it.
	if len(needUsage) > 0 {
		q = &pgBatch{conn: conn, ctx: ctx}
		for _, i := range needUsage {
			q.queue(pgUsage, accounts[i].id, micros(accounts[i].st0.PeriodStart))
		}
		results, failedAt, err = q.run()
		if err != nil {
			return groupResult{err: unavailable("usage", err)}, failedAt >= 0 && rollback()
		}
		for k, i := range needUsage {
			if rows := results[k].Rows; len(rows) == 1 {
				used, err1 := strconv.ParseInt(string(rows[0][0]), 10, 64)
				calls, err2 := strconv.ParseInt(string(rows[0][1]), 10, 64)
				if err := errors.Join(err1, err2); err != nil {
					return groupResult{err: unavailable("usage", err)}, rollback()
				}
				accounts[i].st0.Used, accounts[i].st0.Calls = dalil.MicroUSD(used), calls
			}
		}
	}

	// The decisions, then batch 2: what they write, and COMMIT.
	q = &pgBatch{conn: conn, ctx: ctx}
	decisions := make([]accountDecision, len(accounts))
	for i := range accounts {
		a := &accounts[i]
		if !a.found {
			continue
		}
		if testHookPGRead != nil {
			testHookPGRead(a.id, &a.st0)
		}
		d, err := decideAccount(a.st0, now, a.jobs, func(j *chargeJob, ans dalil.Answer) error {
			if !claimed[j] {
				return errClaimLost()
			}
			k := j.req.Idem
			q.queue(pgGuardedComplete, ans.Data, ans.Rail, ans.RequestID, int64(ans.Price), k.AccountID, k.Tool, k.Key, k.Owner)
			return nil
		})
		if err != nil {
			return groupResult{err: err}, rollback()
		}
		decisions[i] = d
		if spent := a.st0.Credits - d.st.Credits; spent > 0 {
			q.queue(pgGuardedDebit, int64(spent), a.id, int64(d.st.Credits))
		}
		if n := d.st.Calls - a.st0.Calls; n > 0 {
			plan := a.st0.Plan
			q.queue(pgGuardedUsage, a.id, micros(a.st0.PeriodStart), int64(d.st.Used-a.st0.Used), n, int64(plan.MonthlyUSD), plan.MonthlyCalls,
				int64(d.st.Used), d.st.Calls)
		}
		for rows := d.entries; len(rows) > 0; {
			n := min(len(rows), maxChargeRows)
			args := make([]any, 0, 2+5*n)
			args = append(args, a.id, micros(now))
			for _, e := range rows[:n] {
				args = append(args, e.Rail, e.Tool, int64(e.Amount), int64(e.BalanceAfter), e.RequestID)
			}
			q.queue(pgLedger[n], args...)
			rows = rows[n:]
		}
	}
	// The outcomes are the decisions' unless the batch fails.
	for i, a := range accounts {
		for k, j := range a.jobs {
			switch {
			case !a.found:
				j.err = dalil.ErrNotFound
			default:
				j.rec, j.err = decisions[i].results[k].rec, decisions[i].results[k].err
				if j.err == nil && res.charged == nil {
					res.charged = j
				}
			}
		}
	}
	if q.n == 0 {
		// Only refusals: nothing to write, nothing to commit.
		return res, rollback()
	}
	commitAt := q.n
	q.queueText("commit") // as text: a test's proxy cuts connections on it
	_, failedAt, err = q.run()
	switch {
	case err == nil:
		return res, true
	case failedAt >= 0 && failedAt < commitAt:
		// The server refused a statement before COMMIT and skipped the
		// rest: nothing of the group was written.
		for _, j := range live {
			j.rec, j.err = dalil.Receipt{}, nil
		}
		if isPGGuard(err) {
			return groupResult{err: errFallback}, rollback()
		}
		return groupResult{err: unavailable("charge", err)}, rollback()
	default:
		// COMMIT may have run: the caller finds out (committed).
		res.err, res.atCommit = unavailable("commit", err), true
		return res, false
	}
}
