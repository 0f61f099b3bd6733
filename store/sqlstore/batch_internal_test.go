package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/internal/testenv"
)

// TestChargeEachMatchesBatch: the slow path (used when an account changed
// under a batched charge) gives the same outcomes as the batch.
func TestChargeEachMatchesBatch(t *testing.T) {
	ctx := context.Background()
	run := func(slow bool) ([]string, dalil.MicroUSD) {
		s, err := Open(ctx, filepath.Join(t.TempDir(), "b.db"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		a, _ := s.CreateAccount(ctx, "x", "developer", 25_000)
		var jobs []*chargeJob
		for _, p := range []dalil.MicroUSD{9_990_000, 20_000, 10_000, 10_000, 5_000, 30_000} {
			jobs = append(jobs, &chargeJob{ctx: ctx, req: dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: p, Method: dalil.MethodAuto}, done: make(chan struct{})})
		}
		tx, err := s.w.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if slow {
			err = s.chargeEach(ctx, tx, a.ID, jobs)
		} else {
			err = s.chargeAccount(ctx, tx, a.ID, jobs)
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, j := range jobs {
			if j.err != nil {
				got = append(got, string(dalil.ErrorCode(j.err)))
			} else {
				got = append(got, j.rec.Rail+":"+j.rec.CreditsAfter.Decimal())
			}
		}
		acct, _ := s.Account(ctx, a.ID)
		return got, acct.Credits
	}
	fast, fastCredits := run(false)
	slow, slowCredits := run(true)
	want := []string{"subscription:0.025", "api_credits:0.005", "subscription:0.005", "QUOTA_EXCEEDED", "api_credits:0.00", "QUOTA_EXCEEDED"}
	for i := range want {
		if fast[i] != want[i] || slow[i] != want[i] {
			t.Errorf("charge %d: batch %s, one by one %s, want %s", i, fast[i], slow[i], want[i])
		}
	}
	if fastCredits != 0 || slowCredits != 0 {
		t.Errorf("credits: batch %d, one by one %d, want 0", fastCredits, slowCredits)
	}
}

// TestGatherMore: charges already waiting join the group, a quiet queue
// ends the gathering within the window, and maxGroup bounds the group.
func TestGatherMore(t *testing.T) {
	s := &Store{gather: 400 * time.Millisecond, charges: make(chan *chargeJob, maxGroup+10), closed: make(chan struct{})}
	job := func() *chargeJob { return &chargeJob{done: make(chan struct{})} }
	for range 3 {
		s.charges <- job()
	}
	group, timer := s.gatherMore([]*chargeJob{job(), job()}, nil)
	if len(group) != 5 {
		t.Errorf("group of %d, want the 2 given and the 3 waiting", len(group))
	}
	if len(s.charges) != 0 {
		t.Errorf("%d charges left in the queue", len(s.charges))
	}
	// A charge arriving while the group is open joins it.
	go func() { time.Sleep(time.Millisecond); s.charges <- job() }()
	group, timer = s.gatherMore([]*chargeJob{job(), job()}, timer)
	if len(group) != 3 {
		t.Errorf("group of %d, want 3 with the late charge", len(group))
	}
	for range maxGroup + 10 {
		s.charges <- job()
	}
	group, _ = s.gatherMore([]*chargeJob{job(), job()}, timer)
	if len(group) != maxGroup || len(s.charges) != 12 {
		t.Errorf("group of %d with %d left, want %d and 12", len(group), len(s.charges), maxGroup)
	}
}

// TestGatherRunnable: charges that callers ready to run are about to queue
// join the group about to begin (they run first), without any wait when
// none is coming, and never beyond maxGroup. (The scheduler sometimes runs
// the yielding goroutine first, from its global queue, or a round can pass
// the time bound on a loaded machine: each case has a few attempts.
// Without the yield no attempt gathers anything.)
func TestGatherRunnable(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // one P: the callers run only when the committer yields
	s := &Store{charges: make(chan *chargeJob, 4*maxGroup), closed: make(chan struct{})}
	job := func() *chargeJob { return &chargeJob{done: make(chan struct{})} }
	for _, callers := range []int{0, 1, 7, maxGroup + 20} {
		want := min(1+callers, maxGroup)
		var got []int
		for range 5 {
			var ready sync.WaitGroup
			for range callers {
				ready.Add(1)
				go func() { s.charges <- job(); ready.Done() }()
			}
			got = append(got, len(s.gatherRunnable([]*chargeJob{job()})))
			ready.Wait()
			for len(s.charges) > 0 {
				<-s.charges
			}
			if got[len(got)-1] == want {
				break
			}
		}
		if got[len(got)-1] != want {
			t.Errorf("%d callers ready: groups of %v, want %d", callers, got, want)
		}
	}
}

// TestGroupFallbackWithoutSavepoints: SQLite's groups run without
// savepoints; an account changed between the group's read and its debit
// (impossible with BEGIN IMMEDIATE, forced here by a hook inside the
// transaction) rolls the attempt back and the group is redone with
// savepoints: every charge is decided on the changed balance, charged
// once, and the ledger matches the balance.
func TestGroupFallbackWithoutSavepoints(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "f.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, err := s.CreateAccount(ctx, "x", "free", 30_000)
	if err != nil {
		t.Fatal(err)
	}
	fired := 0
	testHookAccountRead = func(ctx context.Context, tx *sql.Tx, id string) {
		fired++
		if fired == 1 { // a top-up lands under the first attempt only
			if _, err := tx.ExecContext(ctx, `UPDATE accounts SET credits = credits + 15000 WHERE id = $1`, id); err != nil {
				t.Error(err)
			}
		}
	}
	defer func() { testHookAccountRead = nil }()
	var group []*chargeJob
	for i := range 4 {
		group = append(group, &chargeJob{ctx: ctx, req: dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: 10_000, Method: dalil.MethodAuto, RequestID: fmt.Sprintf("req_%d", i)}, done: make(chan struct{})})
	}
	s.runGroup(group)
	if fired < 2 {
		t.Fatalf("hook ran %d times: the group was not redone", fired)
	}
	charged := 0
	for i, j := range group {
		switch {
		case j.err == nil:
			charged++
		case dalil.ErrorCode(j.err) != dalil.CodeInsufficientCredits:
			t.Errorf("charge %d: %v", i, j.err)
		}
	}
	// The first attempt's top-up was rolled back with it: 30,000 pays 3.
	if charged != 3 {
		t.Errorf("%d charged, want 3", charged)
	}
	acct, err := s.Account(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	var sum int64
	if err := s.r.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE account_id = $1`, a.ID).Scan(&sum); err != nil {
		t.Fatal(err)
	}
	// The ledger holds the opening credit and the three charges.
	if acct.Credits != 0 || sum != 0 {
		t.Errorf("credits %d, ledger sum %d: want 0 and a ledger that adds up to it", acct.Credits, sum)
	}
}

// TestGroupOfManyChargesOneAccount: a group with more charges of one
// account than one ledger statement inserts (maxChargeRows) writes every
// row, in arrival order, each with the balance after it, on both
// databases.
//
// Its rows are written by the statement for rows of one rail, tool and
// amount (insertSameCharges) when they share them, by the general one
// when the tools differ: both write every column of every row.
func TestGroupOfManyChargesOneAccount(t *testing.T) {
	for _, c := range []struct {
		dialect string
		tools   int
	}{{"sqlite", 3}, {"sqlite", 1}, {"postgres", 3}, {"postgres", 1}} {
		dialect := c.dialect
		t.Run(fmt.Sprintf("%s/%d-tools", dialect, c.tools), func(t *testing.T) {
			ctx := context.Background()
			dsn := filepath.Join(t.TempDir(), "m.db")
			if dialect == "postgres" {
				dsn = testenv.FreshPostgresSchema(t, testenv.Postgres(t))
			}
			s, err := Open(ctx, dsn, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			const n = 2*maxChargeRows + 7
			a, err := s.CreateAccount(ctx, "x", "free", (n-3)*10_000) // the last three are refused
			if err != nil {
				t.Fatal(err)
			}
			var group []*chargeJob
			for i := range n {
				group = append(group, &chargeJob{ctx: ctx, req: dalil.ChargeRequest{AccountID: a.ID, Tool: fmt.Sprintf("t%d", i%c.tools), Price: 10_000,
					Method: dalil.MethodAuto, RequestID: fmt.Sprintf("req_%03d", i)}, done: make(chan struct{})})
			}
			s.runGroup(group)
			for i, j := range group {
				switch {
				case i < n-3 && (j.err != nil || j.rec.CreditsAfter != dalil.MicroUSD((n-4-i)*10_000)):
					t.Errorf("charge %d: %v, credits after %d", i, j.err, j.rec.CreditsAfter)
				case i >= n-3 && dalil.ErrorCode(j.err) != dalil.CodeInsufficientCredits:
					t.Errorf("charge %d: %v, want insufficient credits", i, j.err)
				}
			}
			rows, err := s.r.QueryContext(ctx, `SELECT account_id, kind, note, rail, tool, amount, balance_after, request_id, created_at FROM ledger WHERE account_id = $1 AND kind = 'charge' ORDER BY id`, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			i := 0
			for rows.Next() {
				var acct, kind, note, rail, tool, req string
				var amount, balance, at int64
				if err := rows.Scan(&acct, &kind, &note, &rail, &tool, &amount, &balance, &req, &at); err != nil {
					t.Fatal(err)
				}
				want := fmt.Sprintf("%s charge  api_credits t%d -10000 %d req_%03d", a.ID, i%c.tools, (n-4-i)*10_000, i)
				if got := fmt.Sprintf("%s %s %s %s %s %d %d %s", acct, kind, note, rail, tool, amount, balance, req); got != want || at <= 0 {
					t.Errorf("ledger row %d: %s at %d, want %s", i, got, at, want)
				}
				i++
			}
			if i != n-3 {
				t.Errorf("%d charge rows, want %d", i, n-3)
			}
			if acct, err := s.Account(ctx, a.ID); err != nil || acct.Credits != 0 {
				t.Errorf("credits %d (%v), want 0", acct.Credits, err)
			}
		})
	}
}

// TestChargeKnownOnlyWhereTheRowIsAsKnown: on SQLite a group charges an
// account without reading its row when the committer knows it from its
// last group (chargeKnown), and reads it again, deciding as if it had never
// known it, once the row changed in between: a top-up, a plan change, a
// change made by another connection of another process, a group rolled
// back. Every receipt, the balance and the ledger agree throughout.
func TestChargeKnownOnlyWhereTheRowIsAsKnown(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, err := s.CreateAccount(ctx, "x", "free", 100_000)
	if err != nil {
		t.Fatal(err)
	}
	var fast int
	testHookKnown = func(string) { fast++ }
	defer func() { testHookKnown = nil }()
	n := 0
	// group charges k calls of 10,000 and checks the receipts: the first
	// `paid` charged with the balances following from credits0, the others
	// refused for credits; usedKnown says whether the row was not read.
	group := func(k int, credits0 dalil.MicroUSD, paid int, usedKnown bool) {
		t.Helper()
		var g []*chargeJob
		for range k {
			n++
			g = append(g, &chargeJob{ctx: ctx, req: dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: 10_000, Method: dalil.MethodAuto,
				RequestID: fmt.Sprintf("req_%d", n)}, done: make(chan struct{})})
		}
		before := fast
		s.runGroup(g)
		if got := fast > before; got != usedKnown {
			t.Errorf("group %d: charged without reading the row %v, want %v", n, got, usedKnown)
		}
		for i, j := range g {
			switch {
			case i < paid && (j.err != nil || j.rec.Rail != dalil.RailCredits || j.rec.CreditsAfter != credits0-dalil.MicroUSD(i+1)*10_000):
				t.Errorf("group %d, charge %d: %v, %+v", n, i, j.err, j.rec)
			case i >= paid && dalil.ErrorCode(j.err) != dalil.CodeInsufficientCredits:
				t.Errorf("group %d, charge %d: %v, want insufficient credits", n, i, j.err)
			}
		}
		acct, err := s.Account(ctx, a.ID)
		var sum int64
		if err == nil {
			err = s.r.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE account_id = $1`, a.ID).Scan(&sum)
		}
		want := credits0 - dalil.MicroUSD(paid)*10_000
		if err != nil || acct.Credits != want || dalil.MicroUSD(sum) != want {
			t.Fatalf("group %d: credits %d, ledger sum %d (%v), want %d", n, acct.Credits, sum, err, want)
		}
	}
	group(2, 100_000, 2, false) // first sight: read
	group(3, 80_000, 3, true)
	if _, err := s.AddCredits(ctx, a.ID, 50_000, "top-up"); err != nil {
		t.Fatal(err)
	}
	group(2, 100_000, 2, false) // topped up: read again
	group(1, 80_000, 1, true)
	// Another process (a second Store on the same file) adds credits.
	other, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.AddCredits(ctx, a.ID, 30_000, "elsewhere"); err != nil {
		t.Fatal(err)
	}
	other.Close()
	group(11, 100_000, 10, false) // read again: the eleventh is refused
	// A plan with an allowance is decided on its use, which is read.
	if _, err := s.SetPlan(ctx, a.ID, dalil.PlanDeveloper, true); err != nil {
		t.Fatal(err)
	}
	var g []*chargeJob
	for range 2 {
		n++
		g = append(g, &chargeJob{ctx: ctx, req: dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: 10_000, Method: dalil.MethodAuto,
			RequestID: fmt.Sprintf("req_%d", n)}, done: make(chan struct{})})
	}
	before := fast
	s.runGroup(g)
	for i, j := range g {
		if j.err != nil || j.rec.Rail != dalil.RailSubscription {
			t.Errorf("developer plan, charge %d: %v %+v, want the allowance", i, j.err, j.rec)
		}
	}
	s.runGroup([]*chargeJob{{ctx: ctx, req: dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: 10_000, Method: dalil.MethodAuto, RequestID: "req_last"}, done: make(chan struct{})}})
	if fast != before {
		t.Errorf("a plan with an allowance was charged without reading its use")
	}
	rep, err := Verify(ctx, path)
	if err != nil || !rep.OK {
		t.Errorf("verify: %v %+v", err, rep.Checks)
	}
}
