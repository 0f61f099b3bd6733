package sqlstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

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
//
// One round trip when the committer knows the accounts' plans (pgFast):
// a batch of charges that the rule would charge wholly on prepaid credits
// if the account had at least their sum (no allowance involved, nothing
// refused) needs only that: each account's debit of the sum, conditional
// on the plan being the one known and on the credits covering it, and its
// ledger rows, whose balances follow from what the debit leaves, are one
// statement (pgFast; for a group of fastManyFrom accounts or more, one
// statement does it for them all, pgFastMany). The batch is BEGIN, those
// statements, COMMIT. When a
// condition does not hold (the plan changed, the credits ran short, a
// guard failed) nothing is written and the group takes the two round
// trips above. The transaction's id is not known before its COMMIT's
// answer then, so a lost answer is resolved by waiting until the
// server's process that ran it is gone, then looking for the group's
// ledger rows (committedByBackend).

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

// pgLedger inserts an account's charge rows, as many as its arrays hold,
// in their order: $1 account, $2 time, then arrays of rails, tools,
// amounts, balances after and request ids. One statement for every count
// of rows, so that each connection prepares it once (a statement per
// count cost a preparation round trip on each connection for each new
// count: at 128 connections, groups of 40 to 70 charges, a third of the
// group's time).
var pgLedger = pgStmt{"dalil_charge_ledger", `INSERT INTO ledger (account_id, created_at, kind, note, rail, tool, amount, balance_after, request_id)
	SELECT $1, $2, 'charge', '', v.rail, v.tool, v.amount, v.balance, v.request_id
	FROM unnest($3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::text[]) WITH ORDINALITY AS v(rail, tool, amount, balance, request_id, ord)
	ORDER BY v.ord`}

// pgFast debits one account of its batch of charges and appends their
// rows in one statement: $1 account, $2 time, $3 the sum, $4 and $5 the
// plan and its start as known, then arrays of tools, amounts (negative
// prices), the balance after each row less the account's final balance
// (what the later charges of the batch take), and request ids. It answers
// the account's credits after the batch, or fails (pgGuard's error) when
// the account is not as assumed.
var pgFast = pgStmt{"dalil_charge_fast", `WITH d AS (UPDATE accounts SET credits = credits - $3
		WHERE id = $1 AND plan = $4 AND plan_started_at = $5 AND credits >= $3 RETURNING credits),
	l AS (INSERT INTO ledger (account_id, created_at, kind, note, rail, tool, amount, balance_after, request_id)
		SELECT $1, $2, 'charge', '', '` + dalil.RailCredits + `', v.tool, v.amount, d.credits + v.later, v.request_id
		FROM d, unnest($6::text[], $7::bigint[], $8::bigint[], $9::text[]) WITH ORDINALITY AS v(tool, amount, later, request_id, ord)
		ORDER BY v.ord)
	SELECT CAST(CASE WHEN c IS NOT NULL THEN CAST(c AS text) ELSE '` + pgGuardMark + ` (' || COALESCE(CAST(c AS text), 'no row') || ')' END AS bigint)
	FROM (SELECT (SELECT credits FROM d) AS c) g`}

// pgFastMany is pgFast for a group of several accounts, in one statement
// (one statement per account cost the server a third more CPU for a group
// of 16 accounts of one charge each: docs/performance.md, issue 34,
// session 20): $1 the time; by account, in the group's order, $2 ids,
// $3 sums, $4 plans and $5 plan starts as known; by row, the accounts'
// rows one account after another in that order, each account's in
// arrival order, $6 accounts, $7 tools, $8 amounts, $9 the balance after
// less the account's final balance, $10 request ids; $11 the number of
// accounts. The rows are locked first, in the order the read path locks
// them (lk, by id in byte order, as sort.Strings), and each is updated
// only after lk has locked it and every row before it, so two replicas'
// groups never wait on each other in a cycle. It answers each account's
// id and credits after its batch, or fails (pgGuard's error) having
// written nothing when any account is not as assumed. The guard is a
// materialized CTE and a column of every row (at least one, by the left
// join), so it is evaluated even when no account was debited: inlined
// into the join's condition alone, it was not, with nothing to join.
var pgFastMany = pgStmt{"dalil_charge_fast_many", `WITH v AS (SELECT * FROM unnest($2::text[], $3::bigint[], $4::text[], $5::bigint[]) AS v(id, sum, plan, started)),
	lk AS (SELECT id FROM accounts WHERE id = ANY($2::text[]) ORDER BY id COLLATE "C" FOR UPDATE),
	d AS (UPDATE accounts a SET credits = a.credits - v.sum FROM v JOIN lk ON lk.id = v.id
		WHERE a.id = v.id AND a.plan = v.plan AND a.plan_started_at = v.started AND a.credits >= v.sum RETURNING a.id, a.credits),
	l AS (INSERT INTO ledger (account_id, created_at, kind, note, rail, tool, amount, balance_after, request_id)
		SELECT r.account, $1, 'charge', '', '` + dalil.RailCredits + `', r.tool, r.amount, d.credits + r.later, r.request_id
		FROM unnest($6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::text[]) WITH ORDINALITY AS r(account, tool, amount, later, request_id, ord)
		JOIN d ON d.id = r.account
		ORDER BY r.ord),
	g AS MATERIALIZED (SELECT ` + pgGuard(`n = $11`, `n`) + ` AS ok FROM (SELECT COUNT(*) AS n FROM d) c)
	SELECT d.id, d.credits, g.ok FROM g LEFT JOIN d ON true`}

// fastManyFrom is the fewest accounts a one-round-trip group sends as one
// pgFastMany rather than a pgFast per account: the one statement's fixed
// part (the rows locked in order, the joins, the guard) cost the server
// more than it saved for 2-4 accounts (about 10 % and 5 % more CPU a
// group), broke even at 6-8 and saved 27-46 % at 16.
const fastManyFrom = 8

// testHookPGFast, set only by tests, is called as a one-round-trip group
// is sent, with its number of accounts.
var testHookPGFast func(accounts int)

// pgPlan is an account's plan as the committer last read it, for pgFast.
type pgPlan struct {
	id      string
	started int64
}

// maxPGPlans bounds the plans the committer keeps (then it starts over).
const maxPGPlans = 100_000

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

// queue adds st with args: string, int64, []string and []int64 (sent as
// text arrays), or []byte (sent as binary bytea).
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
		case []string:
			q.buf = appendTextArray(q.buf, v)
		case []int64:
			q.buf = append(q.buf, '{')
			for k, n := range v {
				if k > 0 {
					q.buf = append(q.buf, ',')
				}
				q.buf = strconv.AppendInt(q.buf, n, 10)
			}
			q.buf = append(q.buf, '}')
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

// appendTextArray appends PostgreSQL's text form of a text array: every
// element quoted, with its quotes and backslashes escaped.
func appendTextArray(b []byte, v []string) []byte {
	b = append(b, '{')
	for k, e := range v {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		for i := 0; i < len(e); i++ {
			if e[i] == '"' || e[i] == '\\' {
				b = append(b, '\\')
			}
			b = append(b, e[i])
		}
		b = append(b, '"')
	}
	return append(b, '}')
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
		now := s.now().UTC()
		keep := true
		fallBack := true
		if fast, ok := s.fastGroup(order, byAccount, now); ok {
			res, keep, fallBack = s.fastOn(ctx, c.Conn(), fast, now)
		}
		if fallBack && keep {
			res, keep = s.pipelinedOn(ctx, c.Conn(), order, byAccount, live, now)
		}
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
func (s *Store) pipelinedOn(ctx context.Context, conn *pgx.Conn, order []string, byAccount map[string][]*chargeJob, live []*chargeJob, now time.Time) (res groupResult, keep bool) {
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
		s.notePlan(a.id, a.planID, a.started, d)
		if spent := a.st0.Credits - d.st.Credits; spent > 0 {
			q.queue(pgGuardedDebit, int64(spent), a.id, int64(d.st.Credits))
		}
		if n := d.st.Calls - a.st0.Calls; n > 0 {
			plan := a.st0.Plan
			q.queue(pgGuardedUsage, a.id, micros(a.st0.PeriodStart), int64(d.st.Used-a.st0.Used), n, int64(plan.MonthlyUSD), plan.MonthlyCalls,
				int64(d.st.Used), d.st.Calls)
		}
		if n := len(d.entries); n > 0 {
			rails, tools, amounts, balances, ids := make([]string, n), make([]string, n), make([]int64, n), make([]int64, n), make([]string, n)
			for k, e := range d.entries {
				rails[k], tools[k], amounts[k], balances[k], ids[k] = e.Rail, e.Tool, int64(e.Amount), int64(e.BalanceAfter), e.RequestID
			}
			q.queue(pgLedger, a.id, micros(now), rails, tools, amounts, balances, ids)
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

// notePlan keeps an account's plan for pgFast after a group read it, when
// the next batch of the account is likely to be charged wholly on its
// credits: none of this batch refused, and at least as much left as it
// took. (Otherwise pgFast would be tried and fail, costing a round trip.)
func (s *Store) notePlan(id, planID string, started int64, d accountDecision) {
	spent := dalil.MicroUSD(0)
	for _, r := range d.results {
		if r.err != nil {
			delete(s.pgPlans, id)
			return
		}
		spent += r.rec.Amount
	}
	if d.st.Credits < spent {
		delete(s.pgPlans, id)
		return
	}
	if s.pgPlans == nil || len(s.pgPlans) >= maxPGPlans {
		s.pgPlans = map[string]pgPlan{}
	}
	s.pgPlans[id] = pgPlan{id: planID, started: started}
}

// pgFastAccount is one account's part of a one-round-trip group: its
// charges decided as if its credits were exactly their sum, so that each
// receipt's and row's balance is what the later charges take, to which
// the account's real final balance is added.
type pgFastAccount struct {
	id   string
	plan pgPlan
	jobs []*chargeJob
	sum  dalil.MicroUSD
	d    accountDecision
}

// fastGroup returns the group as pgFast charges it, or false when an
// account needs the read: its plan is not known, a charge carries an
// Idempotency-Key or no request id (committedByBackend finds rows by it),
// or the rule would not charge every one of its charges
// on credits were its credits their sum. The rule's credits rail depends
// only on the credits covering the price (no allowance applies when it
// is chosen on a plan without one, or by the credits method), so with
// credits of at least the sum, as the statement requires, the rule
// decides exactly this.
func (s *Store) fastGroup(order []string, byAccount map[string][]*chargeJob, now time.Time) ([]pgFastAccount, bool) {
	out := make([]pgFastAccount, 0, len(order))
	for _, id := range order {
		p, ok := s.pgPlans[id]
		jobs := byAccount[id]
		if !ok {
			return nil, false
		}
		var sum dalil.MicroUSD
		for _, j := range jobs {
			if j.req.Idem != nil || j.req.Price <= 0 || j.req.RequestID == "" {
				return nil, false
			}
			sum += j.req.Price
		}
		d, err := decideAccount(chargeStateOf(p.id, p.started, int64(sum), now), now, jobs, nil)
		if err != nil || d.st.Credits != 0 || len(d.entries) != len(jobs) {
			return nil, false
		}
		for _, r := range d.results {
			if r.err != nil || r.rec.Rail != dalil.RailCredits {
				return nil, false
			}
		}
		out = append(out, pgFastAccount{id: id, plan: p, jobs: jobs, sum: sum, d: d})
	}
	return out, true
}

// fastOn runs a fastGroup group on conn in one round trip. fallBack is
// true when nothing was written and the group must take the read path
// (an account not as assumed); keep as for pipelinedOn.
func (s *Store) fastOn(ctx context.Context, conn *pgx.Conn, accounts []pgFastAccount, now time.Time) (res groupResult, keep, fallBack bool) {
	q := &pgBatch{conn: conn, ctx: ctx}
	q.queueText("begin")
	many := len(accounts) >= fastManyFrom
	if many {
		q.queue(pgFastMany, fastManyArgs(accounts, now)...)
	} else {
		for _, a := range accounts {
			n := len(a.d.entries)
			tools, amounts, later, ids := make([]string, n), make([]int64, n), make([]int64, n), make([]string, n)
			for k, e := range a.d.entries {
				tools[k], amounts[k], later[k], ids[k] = e.Tool, int64(e.Amount), int64(e.BalanceAfter), e.RequestID
			}
			q.queue(pgFast, a.id, micros(now), int64(a.sum), a.plan.id, a.plan.started, tools, amounts, later, ids)
		}
	}
	commitAt := q.n
	q.queueText("commit") // as text: a test's proxy cuts connections on it
	if q.err != nil {
		// Not sent (a statement could not be prepared).
		return groupResult{err: unavailable("prepare", q.err)}, !conn.IsClosed(), false
	}
	if testHookPGFast != nil {
		testHookPGFast(len(accounts))
	}
	pid := conn.PgConn().PID()
	results, failedAt, err := q.run()
	switch {
	case err == nil:
		finals, ferr := fastFinals(accounts, results[1:len(results)-1], many)
		if ferr != nil {
			// Committed, but its answer is not what was sent: should
			// not happen; the balances are read back.
			return s.fastUnknown(pid, now, accounts, ferr), false, false
		}
		for i, a := range accounts {
			a.settle(finals[i])
		}
		res.charged = accounts[0].jobs[0]
		return res, true, false
	case failedAt >= 0 && failedAt < commitAt:
		// Refused before COMMIT: nothing written. An account not as
		// assumed is read next time.
		for _, a := range accounts {
			delete(s.pgPlans, a.id)
		}
		_, rerr := conn.PgConn().Exec(ctx, "rollback").ReadAll()
		if isPGGuard(err) {
			return groupResult{}, rerr == nil, true
		}
		return groupResult{err: unavailable("charge", err)}, rerr == nil, false
	default:
		return s.fastUnknown(pid, now, accounts, err), false, false
	}
}

// fastManyArgs are pgFastMany's arguments for accounts.
func fastManyArgs(accounts []pgFastAccount, now time.Time) []any {
	n := len(accounts)
	ids, sums, plans, starts := make([]string, n), make([]int64, n), make([]string, n), make([]int64, n)
	var rowAccounts, tools, requestIDs []string
	var amounts, later []int64
	for i, a := range accounts {
		ids[i], sums[i], plans[i], starts[i] = a.id, int64(a.sum), a.plan.id, a.plan.started
		for _, e := range a.d.entries {
			rowAccounts, tools, requestIDs = append(rowAccounts, a.id), append(tools, e.Tool), append(requestIDs, e.RequestID)
			amounts, later = append(amounts, int64(e.Amount)), append(later, int64(e.BalanceAfter))
		}
	}
	return []any{micros(now), ids, sums, plans, starts, rowAccounts, tools, amounts, later, requestIDs, int64(n)}
}

// fastFinals reads each account's credits after its batch from the
// results of a one-round-trip group's statements (COMMIT's and BEGIN's
// left out): each pgFast's one row (the credits), or, when many,
// pgFastMany's row per account (its id and credits).
func fastFinals(accounts []pgFastAccount, results []*pgconn.Result, many bool) ([]dalil.MicroUSD, error) {
	finals := make([]dalil.MicroUSD, len(accounts))
	if !many {
		if len(results) != len(accounts) {
			return nil, fmt.Errorf("sqlstore: %d results for the charge statements of %d accounts", len(results), len(accounts))
		}
		for i, r := range results {
			if len(r.Rows) != 1 || len(r.Rows[0]) != 1 {
				return nil, fmt.Errorf("sqlstore: %d rows from a charge statement", len(r.Rows))
			}
			final, err := strconv.ParseInt(string(r.Rows[0][0]), 10, 64)
			if err != nil {
				return nil, err
			}
			finals[i] = dalil.MicroUSD(final)
		}
		return finals, nil
	}
	if len(results) != 1 || len(results[0].Rows) != len(accounts) {
		return nil, fmt.Errorf("sqlstore: the charge statement of %d accounts answered otherwise", len(accounts))
	}
	rows := results[0].Rows
	at := make(map[string]int, len(accounts))
	for i, a := range accounts {
		at[a.id] = i
	}
	seen := 0
	for _, row := range rows {
		if len(row) != 3 {
			return nil, fmt.Errorf("sqlstore: a charge statement answered %d columns", len(row))
		}
		i, ok := at[string(row[0])]
		if !ok {
			return nil, fmt.Errorf("sqlstore: a charge statement answered for account %q", row[0])
		}
		final, err := strconv.ParseInt(string(row[1]), 10, 64)
		if err != nil {
			return nil, err
		}
		finals[i] = dalil.MicroUSD(final)
		delete(at, string(row[0]))
		seen++
	}
	if seen != len(accounts) {
		return nil, fmt.Errorf("sqlstore: a charge statement answered for %d of %d accounts", seen, len(accounts))
	}
	return finals, nil
}

// settle answers a's jobs: charged on credits, with the balance after
// each now that the final one is known.
func (a pgFastAccount) settle(final dalil.MicroUSD) {
	for k, j := range a.jobs {
		rec := a.d.results[k].rec
		rec.CreditsAfter += final
		j.rec, j.err = rec, nil
	}
}

// charging marks a's jobs as charged in a transaction whose outcome is
// not known yet: no error of their own (so that finish gives them the
// group's if it did not commit) and no receipt until committedByBackend
// reads their balances.
func (a pgFastAccount) charging() {
	for _, j := range a.jobs {
		j.rec, j.err = dalil.Receipt{}, nil
	}
}

// fastUnknown is the result of a one-round-trip group whose COMMIT may
// have run: runGroup resolves it with committedByBackend.
func (s *Store) fastUnknown(pid uint32, now time.Time, accounts []pgFastAccount, err error) groupResult {
	for _, a := range accounts {
		a.charging()
	}
	return groupResult{err: unavailable("commit", err), atCommit: true, charged: accounts[0].jobs[0],
		resolve: func() (bool, error) { return s.committedByBackend(pid, now, accounts) }}
}

// committedByBackend finds out whether a one-round-trip group committed:
// it waits until the server process that ran it (pid) is gone, then looks
// for the group's ledger rows (each account's first row, by account,
// request id and the group's time). Found, it sets the receipts' balances
// from them. Our side of the connection is closed by then (the pool
// drops it), so the process ends once it has done what it was sent: it
// may not even have read the batch when the answer was lost, so being
// idle says nothing; being gone does. It gives up after the operation
// timeout (a process still there, say behind a network cut the server
// has not noticed yet), the outcome then unknown.
func (s *Store) committedByBackend(pid uint32, now time.Time, accounts []pgFastAccount) (bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), s.opTimeout)
	defer cancel()
	for wait := 5 * time.Millisecond; ; wait = min(2*wait, 200*time.Millisecond) {
		var state sql.NullString
		err := s.w.QueryRowContext(ctx, `SELECT state FROM pg_stat_activity WHERE pid = $1`, int64(pid)).Scan(&state)
		if errors.Is(err, sql.ErrNoRows) {
			break
		}
		if err == nil {
			err = fmt.Errorf("the server process %d is still there (%q)", pid, state.String)
		}
		select {
		case <-ctx.Done():
			return false, err
		case <-time.After(wait):
		}
	}
	found := 0
	finals := make([]dalil.MicroUSD, len(accounts))
	for i, a := range accounts {
		first := a.d.entries[0]
		var balance int64
		err := s.w.QueryRowContext(ctx, fastRecoverySQL,
			a.id, first.RequestID, micros(now)).Scan(&balance)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return false, err
		default:
			found++
			finals[i] = dalil.MicroUSD(balance) - first.BalanceAfter
		}
	}
	switch found {
	case 0:
		return false, nil
	case len(accounts):
		for i, a := range accounts {
			a.settle(finals[i])
		}
		return true, nil
	}
	return false, fmt.Errorf("sqlstore: %d of %d accounts' rows found", found, len(accounts))
}

// fastRecoverySQL finds a one-round-trip group's row of an account, on
// ledger_request (see refundedChargeSQL).
const fastRecoverySQL = `SELECT balance_after FROM ledger WHERE account_id = $1 AND request_id = $2 AND request_id <> '' AND created_at = $3 AND kind = 'charge'`
