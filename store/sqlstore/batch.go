package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"dalil"
)

// errFallback says a group's batched charge of one account met a change
// made elsewhere (another replica, a top-up) between its read and its
// write; the account's charges are then redone one by one.
var errFallback = errors.New("sqlstore: account changed during the group")

// testHookAccountRead, set only by tests, runs inside the group's
// transaction after chargeAccount read an account: a test changes the
// account there to force errFallback.
var testHookAccountRead func(ctx context.Context, tx *sql.Tx, accountID string)

// chargeAccount charges the jobs of one account (in arrival order) with a
// constant number of statements: it reads the balance and allowance once,
// decides every charge in memory, then writes one debit, one allowance
// update and one ledger row per charge. The debit and the allowance update
// are conditional and return the values they wrote, which must equal what
// was decided; otherwise errFallback, and the caller rolls back to its
// savepoint. Job results are set only when it returns nil.
func (s *Store) chargeAccount(ctx context.Context, tx *sql.Tx, accountID string, jobs []*chargeJob) error {
	now := s.now().UTC()
	if s.dialect == "sqlite" {
		if done, err := s.chargeKnown(ctx, tx, accountID, jobs, now); done || err != nil {
			return err
		}
	}
	// On PostgreSQL the row is locked for the rest of the group, so another
	// replica waits instead of changing the balance under this batch (which
	// would force the slow path every time). SQLite's write lock already
	// excludes every other writer.
	q := selectAccountForCharge
	if s.dialect == "postgres" {
		q = selectAccountForUpdate
	}
	sel, err := s.txStmt(ctx, tx, q)
	if err != nil {
		return err
	}
	var planID string
	var started, credits0 int64
	err = sel.QueryRowContext(ctx, accountID).Scan(&planID, &started, &credits0)
	if errors.Is(err, sql.ErrNoRows) {
		for _, j := range jobs {
			j.err = dalil.ErrNotFound
		}
		return nil
	}
	if err != nil {
		return unavailable("charge", err)
	}
	if testHookAccountRead != nil {
		testHookAccountRead(ctx, tx, accountID)
	}
	st0 := chargeStateOf(planID, started, credits0, now)
	plan := st0.Plan
	if st0.HasAllowance() {
		us, err := s.txStmt(ctx, tx, selectUsage)
		if err != nil {
			return err
		}
		var used, calls int64
		err = us.QueryRowContext(ctx, accountID, micros(st0.PeriodStart)).Scan(&used, &calls)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return unavailable("usage", err)
		}
		st0.Used, st0.Calls = dalil.MicroUSD(used), calls
	}

	d, err := decideAccount(st0, now, jobs, func(j *chargeJob, a dalil.Answer) error {
		return s.completeIdempotent(ctx, tx, j.req.Idem, a)
	})
	if err != nil {
		return err
	}
	credits, used, calls, used0, calls0, periodStart := d.st.Credits, d.st.Used, d.st.Calls, st0.Used, st0.Calls, st0.PeriodStart
	entries, results := d.entries, d.results

	if spent := dalil.MicroUSD(credits0) - credits; spent > 0 && s.dialect == "sqlite" {
		// SQLite's writer holds the database's write lock from the read
		// above, so the guard is the balance read: the debit writes what
		// was decided where the balance is still what was read. Without
		// RETURNING, which SQLite runs through a temporary table opened
		// and closed per statement (with a statement journal), the debit
		// costs the group about a tenth less CPU (docs/performance.md,
		// session 13).
		debit, err := s.txStmt(ctx, tx, setCreditsIfUnchanged)
		if err != nil {
			return err
		}
		res, err := debit.ExecContext(ctx, int64(credits), accountID, credits0)
		if err != nil {
			return unavailable("debit", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return unavailable("debit", err)
		} else if n != 1 {
			return errFallback
		}
	} else if spent > 0 {
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
		err = up.QueryRowContext(ctx, accountID, micros(periodStart), int64(used-used0), n, int64(plan.MonthlyUSD), plan.MonthlyCalls).Scan(&gotUsed, &gotCalls)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && (dalil.MicroUSD(gotUsed) != used || gotCalls != calls)) {
			return errFallback
		}
		if err != nil {
			return unavailable("use allowance", err)
		}
	}
	if err := s.insertChargeRows(ctx, tx, accountID, now, entries); err != nil {
		return err
	}
	for i, j := range jobs {
		j.rec, j.err = results[i].rec, results[i].err
	}
	if s.dialect == "sqlite" {
		s.setKnown(accountID, knownAccount{plan: planID, started: started, credits: int64(credits)})
	}
	return nil
}

// knownAccount is an account's row as SQLite's committer last read or
// wrote it: the three columns a charge is decided on.
type knownAccount struct {
	plan             string
	started, credits int64
}

// maxKnown bounds the accounts the committer keeps (then it starts over).
const maxKnown = 100_000

func (s *Store) setKnown(id string, k knownAccount) {
	if s.known == nil || len(s.known) >= maxKnown {
		s.known = map[string]knownAccount{}
	}
	s.known[id] = k
}

// chargeKnown charges one account's batch on SQLite without reading its
// row, when the committer knows the row from its last group: the charges
// are decided on that state and the debit is guarded by all of it (plan,
// plan start and balance), so it writes only where the row is exactly as
// known, which is what the read would have returned, and the decision is
// the read path's. A row changed since (a top-up, a plan change, another
// process, a group rolled back) fails the guard having written nothing,
// and done is false: the caller reads the row and decides again. So is it
// for a batch the known state cannot decide alone: a plan with an
// allowance (its use is read apart), an Idempotency-Key (its answer is
// stored while deciding), or nothing to debit. Saves the group one
// statement per account (docs/performance.md, session 13).
func (s *Store) chargeKnown(ctx context.Context, tx *sql.Tx, accountID string, jobs []*chargeJob, now time.Time) (done bool, err error) {
	k, ok := s.known[accountID]
	if !ok {
		return false, nil
	}
	for _, j := range jobs {
		if j.req.Idem != nil {
			return false, nil
		}
	}
	st0 := chargeStateOf(k.plan, k.started, k.credits, now)
	if st0.HasAllowance() {
		return false, nil
	}
	d, err := decideAccount(st0, now, jobs, nil)
	if err != nil || d.st.Credits == dalil.MicroUSD(k.credits) {
		return false, nil
	}
	debit, err := s.txStmt(ctx, tx, setCreditsIfKnown)
	if err != nil {
		return false, err
	}
	res, err := debit.ExecContext(ctx, int64(d.st.Credits), accountID, k.credits, k.plan, k.started)
	if err != nil {
		return false, unavailable("debit", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return false, unavailable("debit", err)
	} else if n != 1 {
		delete(s.known, accountID)
		return false, nil
	}
	if err := s.insertChargeRows(ctx, tx, accountID, now, d.entries); err != nil {
		return false, err
	}
	for i, j := range jobs {
		j.rec, j.err = d.results[i].rec, d.results[i].err
	}
	s.setKnown(accountID, knownAccount{plan: k.plan, started: k.started, credits: int64(d.st.Credits)})
	if testHookKnown != nil {
		testHookKnown(accountID)
	}
	return true, nil
}

// testHookKnown, set only by tests, hears each account batch chargeKnown
// charged.
var testHookKnown func(accountID string)

// chargeStateOf is the state an account's charges are decided on, as read
// in the group's transaction: its plan, its credits and the allowance
// period now falls in (the allowance used is read apart, when the plan
// has one).
func chargeStateOf(planID string, planStarted, credits int64, now time.Time) dalil.ChargeState {
	plan, _ := dalil.PlanByID(planID)
	st := dalil.ChargeState{Plan: plan, Credits: dalil.MicroUSD(credits)}
	st.PeriodStart, st.PeriodEnd = dalil.Period(fromMicros(planStarted), now)
	return st
}

// accountDecision is what one account's batch comes to: each job's
// outcome, the ledger rows to append, and the state the account ends in.
type accountDecision struct {
	results []jobResult
	entries []dalil.LedgerEntry
	st      dalil.ChargeState
}

type jobResult struct {
	rec dalil.Receipt
	err error
}

// decideAccount decides every charge of one account's batch by the one
// rule (dalil.DecideCharge), in arrival order, each on the state the
// previous ones left, starting from st0 as read in the group's
// transaction. complete is called for each job with an Idempotency-Key
// that would be charged, with the answer to store: a *dalil.Error from it
// refuses that job alone (nothing charged for it); any other error aborts
// the batch.
func decideAccount(st0 dalil.ChargeState, now time.Time, jobs []*chargeJob, complete func(j *chargeJob, a dalil.Answer) error) (accountDecision, error) {
	st := st0
	d := accountDecision{results: make([]jobResult, len(jobs)), entries: make([]dalil.LedgerEntry, 0, len(jobs))}
	for i, j := range jobs {
		r := j.req
		rail, refused := dalil.DecideCharge(st, r.Price, r.Method, !r.NoCredits, now)
		if refused != nil {
			d.results[i].err = refused
			continue
		}
		next := st.Apply(rail, r.Price)
		rec := dalil.Receipt{Rail: rail, Amount: r.Price, CreditsAfter: next.Credits}
		if r.Idem != nil {
			a := dalil.Answer{RequestID: r.RequestID, Rail: rail, Price: r.Price, Data: r.Data}
			if err := complete(j, a); err != nil {
				var de *dalil.Error
				if !errors.As(err, &de) {
					return accountDecision{}, err
				}
				d.results[i].err = err
				continue
			}
		}
		d.entries = append(d.entries, dalil.LedgerEntry{AccountID: r.AccountID, Kind: "charge", Rail: rail, Tool: r.Tool, Amount: -r.Price, BalanceAfter: next.Credits, RequestID: r.RequestID, CreatedAt: now})
		st = next
		d.results[i].rec = rec
	}
	d.st = st
	return d, nil
}

// maxChargeRows is the most charge rows one prepared statement inserts:
// a statement for every count from 1 to it is prepared at Open, so the
// charges of one account in a group (at most what the connections make,
// 32 or 128 in docs/performance.md) are one INSERT, and a larger batch
// one per maxChargeRows.
const maxChargeRows = 64

// insertCharges[d][n] is the statement inserting n charge rows on dialect
// d ("sqlite", "postgres"). The rows of one account's batch share their
// account, kind, note and time, bound once as parameters 1 and 2; each
// row binds its rail, tool, amount, balance and request id. (On SQLite
// the numbered ?1 and ?2 come first, so that each plain ? is numbered
// after them; named parameters cost the driver a lookup each, plain ones
// none.)
var insertCharges = map[string][]string{"sqlite": chargeInserts("sqlite", false), "postgres": chargeInserts("postgres", false)}

// insertSameCharges[n] is SQLite's statement inserting n charge rows that
// also share their rail, tool and amount (the usual batch: one account
// calling one capability), bound once as parameters 3 to 5; each row binds
// its balance and request id. The driver copies every text argument into C
// memory and database/sql converts every argument, so a row binds two
// values instead of five (docs/performance.md, issue 34, session 26).
var insertSameCharges = chargeInserts("sqlite", true)

func chargeInserts(dialect string, same bool) []string {
	out := make([]string, maxChargeRows+1)
	for n := 1; n <= maxChargeRows; n++ {
		var q strings.Builder
		q.WriteString(`INSERT INTO ledger (account_id, created_at, kind, note, rail, tool, amount, balance_after, request_id) VALUES `)
		for i := range n {
			if i > 0 {
				q.WriteByte(',')
			}
			switch {
			case dialect == "sqlite" && same:
				q.WriteString(`(?1,?2,'charge','',?3,?4,?5,?,?)`)
			case dialect == "sqlite":
				q.WriteString(`(?1,?2,'charge','',?,?,?,?,?)`)
			default:
				k := 3 + 5*i
				fmt.Fprintf(&q, `($1,$2,'charge','',$%d,$%d,$%d,$%d,$%d)`, k, k+1, k+2, k+3, k+4)
			}
		}
		out[n] = q.String()
	}
	return out
}

// valuesList is "(?,?),(?,?)" on SQLite — it resolves $N names by a linear
// search, quadratic in a long list — and "($1,$2),($3,$4)" on PostgreSQL.
func valuesList(dialect string, rows, cols int) string {
	var q strings.Builder
	for i := range rows {
		if i > 0 {
			q.WriteByte(',')
		}
		q.WriteByte('(')
		for j := range cols {
			if j > 0 {
				q.WriteByte(',')
			}
			if dialect == "sqlite" {
				q.WriteByte('?')
			} else {
				fmt.Fprintf(&q, "$%d", i*cols+j+1)
			}
		}
		q.WriteByte(')')
	}
	return q.String()
}

// insertChargeRows appends the charge rows of one account's batch, all
// made at now, in arrival order: one statement for up to maxChargeRows.
// args is the committer's buffer, reused from group to group.
func (s *Store) insertChargeRows(ctx context.Context, tx *sql.Tx, accountID string, now time.Time, entries []dalil.LedgerEntry) error {
	for len(entries) > 0 {
		n := min(len(entries), maxChargeRows)
		q := insertCharges[s.dialect][n]
		same := s.dialect == "sqlite" && sameRailToolAmount(entries[:n])
		if same {
			q = insertSameCharges[n]
		}
		st, err := s.txStmt(ctx, tx, q)
		if err != nil {
			return err
		}
		args := append(s.ledgerArgs[:0], accountID, micros(now))
		if same {
			e := entries[0]
			args = append(args, e.Rail, e.Tool, int64(e.Amount))
			for _, e := range entries[:n] {
				args = append(args, int64(e.BalanceAfter), e.RequestID)
			}
		} else {
			for _, e := range entries[:n] {
				args = append(args, e.Rail, e.Tool, int64(e.Amount), int64(e.BalanceAfter), e.RequestID)
			}
		}
		s.ledgerArgs = args[:0]
		if _, err := st.ExecContext(ctx, args...); err != nil {
			return unavailable("append ledger", err)
		}
		entries = entries[n:]
	}
	return nil
}

// sameRailToolAmount reports whether every entry has the first's rail,
// tool and amount.
func sameRailToolAmount(entries []dalil.LedgerEntry) bool {
	for _, e := range entries[1:] {
		if e.Rail != entries[0].Rail || e.Tool != entries[0].Tool || e.Amount != entries[0].Amount {
			return false
		}
	}
	return true
}

const (
	selectUsage = `SELECT used, calls FROM allowance_usage WHERE account_id = $1 AND period_start = $2`
	addUsage    = `INSERT INTO allowance_usage (account_id, period_start, used, calls) VALUES ($1, $2, $3, $4)
		ON CONFLICT (account_id, period_start) DO UPDATE SET used = allowance_usage.used + excluded.used, calls = allowance_usage.calls + excluded.calls
		WHERE allowance_usage.used + excluded.used <= $5 AND allowance_usage.calls + excluded.calls <= $6
		RETURNING used, calls`
)
