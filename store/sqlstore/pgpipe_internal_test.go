package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/internal/testenv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// pgGroup makes n charge jobs of price on account, request ids prefix-i.
func pgGroup(ctx context.Context, account, prefix string, n int, price dalil.MicroUSD) []*chargeJob {
	var group []*chargeJob
	for i := range n {
		group = append(group, &chargeJob{ctx: ctx, req: dalil.ChargeRequest{AccountID: account, Tool: "t", Price: price, Method: dalil.MethodAuto,
			RequestID: fmt.Sprintf("%s-%d", prefix, i)}, done: make(chan struct{})})
	}
	return group
}

// ledgerCharges counts the charge rows of each request id of account.
func ledgerCharges(t *testing.T, s *Store, account string) map[string]int {
	t.Helper()
	rows, err := s.r.Query(`SELECT request_id FROM ledger WHERE account_id = $1 AND kind = 'charge'`, account)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out[id]++
	}
	return out
}

// TestPGPipelinedGroup: on PostgreSQL a group runs pipelined (its
// decisions seen by the hook), and charges, refuses and records as the
// rule says, for plain and allowance plans and unknown accounts alike.
func TestPGPipelinedGroup(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, testenv.FreshPostgresSchema(t, testenv.Postgres(t)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	free, _ := s.CreateAccount(ctx, "free", "free", 25_000)
	dev, _ := s.CreateAccount(ctx, "dev", "developer", 0)
	var mu sync.Mutex
	seen := map[string]int{}
	testHookPGRead = func(id string, _ *dalil.ChargeState) {
		mu.Lock()
		seen[id]++
		mu.Unlock()
	}
	defer func() { testHookPGRead = nil }()
	group := append(pgGroup(ctx, free.ID, "free", 3, 10_000), pgGroup(ctx, dev.ID, "dev", 2, 4*dalil.USD)...)
	group = append(group, pgGroup(ctx, "no-such-account", "none", 1, 10_000)...)
	s.runGroup(group)
	var got []string
	for _, j := range group {
		switch {
		case errors.Is(j.err, dalil.ErrNotFound):
			got = append(got, j.req.RequestID+" not found")
		case j.err != nil:
			got = append(got, j.req.RequestID+" "+string(dalil.ErrorCode(j.err)))
		default:
			got = append(got, j.req.RequestID+" "+j.rec.Rail+" "+j.rec.CreditsAfter.Decimal())
		}
	}
	want := []string{"free-0 api_credits 0.015", "free-1 api_credits 0.005", "free-2 INSUFFICIENT_CREDITS",
		"dev-0 subscription 0.00", "dev-1 subscription 0.00", "none-0 not found"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("outcomes\n got %v\nwant %v", got, want)
	}
	if seen[free.ID] != 1 || seen[dev.ID] != 1 {
		t.Errorf("decisions seen %v: the group did not run pipelined once per account", seen)
	}
	for _, a := range []string{free.ID, dev.ID} {
		acct, err := s.Account(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		var sum int64
		if err := s.r.QueryRow(`SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE account_id = $1 AND rail <> 'subscription'`, a).Scan(&sum); err != nil {
			t.Fatal(err)
		}
		if dalil.MicroUSD(sum) != acct.Credits {
			t.Errorf("account %s: credits %d, ledger %d", a, acct.Credits, sum)
		}
	}
	if u, err := s.Usage(ctx, dev.ID); err != nil || u.USD != 8*dalil.USD || u.Calls != 2 {
		t.Errorf("developer usage %+v (%v), want 8 USD in 2 calls", u, err)
	}
}

// TestPGPipelinedGuardFallsBack: when what a conditional write finds is
// not what was decided (forced here by a hook that alters the decision),
// the server refuses the statement, nothing of the batch is committed,
// and the group is redone through the savepoint path: each charge once,
// the balance equal to its ledger.
func TestPGPipelinedGuardFallsBack(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, testenv.FreshPostgresSchema(t, testenv.Postgres(t)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, _ := s.CreateAccount(ctx, "x", "free", 100_000)
	calls := 0
	testHookPGRead = func(_ string, st *dalil.ChargeState) {
		calls++
		st.Credits++ // as if the row had changed since: the debit's guard sees 1 micro-USD less than decided
	}
	defer func() { testHookPGRead = nil }()
	group := pgGroup(ctx, a.ID, "g", 4, 10_000)
	s.runGroup(group)
	if calls != 1 {
		t.Errorf("pipelined %d times, want once before the fallback", calls)
	}
	// Decided again on the row as it is: receipts and ledger rows carry
	// the true balances, not the altered read's.
	for i, j := range group {
		if want := dalil.MicroUSD(90_000 - 10_000*i); j.err != nil || j.rec.CreditsAfter != want {
			t.Errorf("%s: %v, credits after %d, want %d", j.req.RequestID, j.err, j.rec.CreditsAfter, want)
		}
	}
	if n := ledgerCharges(t, s, a.ID); len(n) != 4 || n["g-0"] != 1 || n["g-3"] != 1 {
		t.Errorf("ledger charges %v, want g-0..g-3 once each", n)
	}
	var balances string
	if err := s.r.QueryRow(`SELECT STRING_AGG(CAST(balance_after AS text), ' ' ORDER BY id) FROM ledger WHERE account_id = $1 AND kind = 'charge'`, a.ID).Scan(&balances); err != nil || balances != "90000 80000 70000 60000" {
		t.Errorf("ledger balances %q (%v), want 90000 80000 70000 60000", balances, err)
	}
	if acct, err := s.Account(ctx, a.ID); err != nil || acct.Credits != 60_000 {
		t.Errorf("credits %d (%v), want 60000", acct.Credits, err)
	}
}

// TestPGPipelinedCommitCut: every connection is cut right after it sent a
// group's batch ending in COMMIT, so no group hears its
// COMMIT's answer. Each outcome is then found out from the transaction id:
// a charge reported charged is in the ledger once, a charge reported not
// charged is not, and none is left unknown while the database answers.
func TestPGPipelinedCommitCut(t *testing.T) {
	ctx := context.Background()
	base := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	u, _ := url.Parse(base)
	proxy := testenv.NewProxy(t, u.Host)
	u.Host = proxy.Addr
	s, err := Open(ctx, u.String(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, _ := s.CreateAccount(ctx, "x", "free", 1_000_000)
	fast := 0
	testHookPGFast = func(int) { fast++ }
	defer func() { testHookPGFast = nil }()
	proxy.CutOn([]byte("commit"), 1)
	var all []*chargeJob
	for g := range 5 {
		group := pgGroup(ctx, a.ID, fmt.Sprintf("cut%d", g), 3, 10_000)
		s.runGroup(group)
		all = append(all, group...)
	}
	proxy.CutOn(nil, 0)
	recovered, unknown := s.CommitStats()
	if recovered == 0 || unknown != 0 {
		t.Errorf("commits recovered %d, unknown %d: want every cut COMMIT resolved", recovered, unknown)
	}
	ledger := ledgerCharges(t, s, a.ID)
	charged := 0
	for _, j := range all {
		switch n := ledger[j.req.RequestID]; {
		case j.err == nil && n != 1:
			t.Errorf("%s answered charged, ledger holds %d", j.req.RequestID, n)
		case j.err != nil && n != 0:
			t.Errorf("%s answered %v, ledger holds %d", j.req.RequestID, j.err, n)
		case j.err != nil && errors.Is(j.err, dalil.ErrOutcomeUnknown):
			t.Errorf("%s left unknown", j.req.RequestID)
		case j.err == nil:
			charged++
		}
	}
	acct, err := s.Account(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := dalil.MicroUSD(1_000_000 - 10_000*charged); acct.Credits != want {
		t.Errorf("credits %d, want %d for %d charges", acct.Credits, want, charged)
	}
	// The first group reads the account; the next go in one round trip,
	// whose lost answers are resolved from the server process's end.
	if fast == 0 {
		t.Error("no group went in one round trip")
	}
	t.Logf("%d of %d charged with every COMMIT's answer lost; %d commits recovered; %d one-round-trip attempts", charged, len(all), recovered, fast)
}

// TestPGOneRoundTrip: once a group has read an account's plan, the next
// groups of charges its credits cover go in one round trip, with the
// receipts and ledger balances the rule gives; when the credits no longer
// cover a batch, or the plan changed, nothing of that attempt is written
// and the group is decided on the rows as read: charges refused for
// money, or moved to the new plan's allowance. The ledger passes Verify.
func TestPGOneRoundTrip(t *testing.T) {
	ctx := context.Background()
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	s, err := Open(ctx, dsn, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fast := 0
	testHookPGFast = func(int) { fast++ }
	defer func() { testHookPGFast = nil }()
	a, _ := s.CreateAccount(ctx, "a", "free", 100_000)
	b, _ := s.CreateAccount(ctx, "b", "free", dalil.USD)
	var got []string
	run := func(groups ...[]*chargeJob) {
		var group []*chargeJob
		for _, g := range groups {
			group = append(group, g...)
		}
		s.runGroup(group)
		for _, j := range group {
			if j.err != nil {
				got = append(got, j.req.RequestID+" "+string(dalil.ErrorCode(j.err)))
			} else {
				got = append(got, j.req.RequestID+" "+j.rec.Rail+" "+j.rec.CreditsAfter.Decimal())
			}
		}
		got = append(got, fmt.Sprintf("fast=%d", fast))
	}
	run(pgGroup(ctx, a.ID, "a1", 3, 10_000), pgGroup(ctx, b.ID, "b1", 1, 10_000)) // read: plans now known
	run(pgGroup(ctx, a.ID, "a2", 3, 10_000), pgGroup(ctx, b.ID, "b2", 1, 10_000)) // one round trip
	run(pgGroup(ctx, a.ID, "a3", 3, 10_000))                                      // one round trip
	run(pgGroup(ctx, a.ID, "a4", 3, 10_000))                                      // 10,000 left: tried, then read
	if _, err := s.SetPlan(ctx, b.ID, "developer", true); err != nil {
		t.Fatal(err)
	}
	run(pgGroup(ctx, b.ID, "b3", 2, 10_000)) // the plan changed: tried, then read
	want := []string{
		"a1-0 api_credits 0.09", "a1-1 api_credits 0.08", "a1-2 api_credits 0.07", "b1-0 api_credits 0.99", "fast=0",
		"a2-0 api_credits 0.06", "a2-1 api_credits 0.05", "a2-2 api_credits 0.04", "b2-0 api_credits 0.98", "fast=1",
		"a3-0 api_credits 0.03", "a3-1 api_credits 0.02", "a3-2 api_credits 0.01", "fast=2",
		"a4-0 api_credits 0.00", "a4-1 INSUFFICIENT_CREDITS", "a4-2 INSUFFICIENT_CREDITS", "fast=3",
		"b3-0 subscription 0.98", "b3-1 subscription 0.98", "fast=4",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("outcomes\n got %v\nwant %v", got, want)
	}
	rep, err := Verify(ctx, dsn)
	if err != nil || !rep.OK {
		t.Errorf("verify: %+v (%v)", rep, err)
	}
}

// twoReplicas opens two stores on one database, as two replicas would,
// closed when the test ends.
func twoReplicas(t *testing.T, ctx context.Context, dsn string) []*Store {
	t.Helper()
	var stores []*Store
	for range 2 {
		s, err := Open(ctx, dsn, Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores = append(stores, s)
	}
	return stores
}

// TestPGOneRoundTripTwoStoresOneAccount: two stores (two replicas) charge
// one account at once, both in one round trip once they know its plan:
// every charge is paid once, the account's credits run out exactly, and
// the ledger's balances follow its id order (Verify's chain).
func TestPGOneRoundTripTwoStoresOneAccount(t *testing.T) {
	ctx := context.Background()
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	stores := twoReplicas(t, ctx, dsn)
	const calls = 300
	a, _ := stores[0].CreateAccount(ctx, "shared", "free", (calls-20)*10_000) // the last 20 are refused
	var mu sync.Mutex
	fast := 0
	testHookPGFast = func(int) { mu.Lock(); fast++; mu.Unlock() }
	defer func() { testHookPGFast = nil }()
	var wg sync.WaitGroup
	var paid, refused, failed int
	for w := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range calls / 16 {
				_, err := stores[w%2].Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: 10_000, Method: dalil.MethodAuto,
					RequestID: fmt.Sprintf("req-%d-%d", w, i)})
				mu.Lock()
				switch {
				case err == nil:
					paid++
				case dalil.ErrorCode(err) == dalil.CodeInsufficientCredits:
					refused++
				default:
					failed++
					t.Errorf("charge: %v", err)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	n := calls / 16 * 16
	if paid != calls-20 || refused != n-paid || failed != 0 {
		t.Errorf("%d paid, %d refused, %d failed of %d; want %d paid", paid, refused, failed, n, calls-20)
	}
	if acct, err := stores[1].Account(ctx, a.ID); err != nil || acct.Credits != 0 {
		t.Errorf("credits %d (%v), want 0", acct.Credits, err)
	}
	rep, err := Verify(ctx, dsn)
	if err != nil || !rep.OK {
		t.Errorf("verify: %+v (%v)", rep, err)
	}
	if fast == 0 {
		t.Error("no group went in one round trip")
	}
	t.Logf("%d groups in one round trip", fast)
}

// TestPGOneRoundTripManyAccounts: a group of fastManyFrom accounts or more
// whose plans the committer knows is one statement (pgFastMany): each
// account debited by its batch, its rows' balances following from it;
// when one account is not as known (its plan changed), the statement
// writes nothing and the whole group takes the read path, each charge
// decided as the rule says.
func TestPGOneRoundTripManyAccounts(t *testing.T) {
	ctx := context.Background()
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	s, err := Open(ctx, dsn, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var sizes []int
	testHookPGFast = func(n int) { sizes = append(sizes, n) }
	defer func() { testHookPGFast = nil }()
	var ids []string
	for i := range fastManyFrom {
		a, err := s.CreateAccount(ctx, fmt.Sprint("a", i), "free", 100_000)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.ID)
	}
	var got, want []string
	run := func(round int, charges func(i int) int) {
		var group []*chargeJob
		for i := len(ids) - 1; i >= 0; i-- { // not in the accounts' order
			group = append(group, pgGroup(ctx, ids[i], fmt.Sprintf("r%d-a%d", round, i), charges(i), 10_000)...)
		}
		s.runGroup(group)
		for _, j := range group {
			if j.err != nil {
				got = append(got, j.req.RequestID+" "+string(dalil.ErrorCode(j.err)))
			} else {
				got = append(got, j.req.RequestID+" "+j.rec.Rail+" "+j.rec.CreditsAfter.Decimal())
			}
		}
		got = append(got, fmt.Sprint("fast=", sizes))
	}
	expect := func(round int, charges func(i int) int, rail func(i int) string, left func(i, k int) int64) {
		for i := len(ids) - 1; i >= 0; i-- {
			for k := range charges(i) {
				want = append(want, fmt.Sprintf("r%d-a%d-%d %s %s", round, i, k, rail(i), dalil.MicroUSD(left(i, k)).Decimal()))
			}
		}
	}
	one := func(int) int { return 1 }
	some := func(i int) int { return i%3 + 1 }
	credits := func(int) string { return dalil.RailCredits }
	run(1, one) // read: plans now known
	expect(1, one, credits, func(i, k int) int64 { return 90_000 })
	want = append(want, "fast=[]")
	run(2, some) // one statement
	expect(2, some, credits, func(i, k int) int64 { return int64(90_000 - 10_000*(k+1)) })
	want = append(want, fmt.Sprint("fast=", []int{fastManyFrom}))
	if _, err := s.SetPlan(ctx, ids[3], "developer", true); err != nil {
		t.Fatal(err)
	}
	run(3, one) // one account changed: tried, then read
	expect(3, one, func(i int) string {
		if i == 3 {
			return dalil.RailSubscription
		}
		return dalil.RailCredits
	}, func(i, k int) int64 {
		return int64(90_000-10_000*some(i)) - map[bool]int64{true: 0, false: 10_000}[i == 3]
	})
	want = append(want, fmt.Sprint("fast=", []int{fastManyFrom, fastManyFrom}))
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("outcomes\n got %v\nwant %v", got, want)
	}
	for _, id := range ids {
		for req, n := range ledgerCharges(t, s, id) {
			if n != 1 {
				t.Errorf("%s charged %d times", req, n)
			}
		}
	}
	rep, err := Verify(ctx, dsn)
	if err != nil || !rep.OK {
		t.Errorf("verify: %+v (%v)", rep, err)
	}
}

// TestPGOneRoundTripTwoStoresManyAccounts: two stores (two replicas) run
// groups of the same accounts at once, each group one pgFastMany, until
// the accounts' credits run out: every charge is paid once or refused, the
// credits end at exactly zero, the ledger's chains hold, and the two
// stores' statements, which lock the rows in one order, never deadlock.
func TestPGOneRoundTripTwoStoresManyAccounts(t *testing.T) {
	ctx := context.Background()
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	stores := twoReplicas(t, ctx, dsn)
	deadlocks := func() int64 {
		var n int64
		if err := stores[0].r.QueryRow(`SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	const rounds = 40 // per store; a charge per account in each
	var ids []string
	for i := range fastManyFrom {
		a, err := stores[0].CreateAccount(ctx, fmt.Sprint("a", i), "free", (2*rounds-6)*10_000) // the last 6 of each are refused
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.ID)
	}
	var mu sync.Mutex
	many := 0
	testHookPGFast = func(n int) {
		if n >= fastManyFrom {
			mu.Lock()
			many++
			mu.Unlock()
		}
	}
	defer func() { testHookPGFast = nil }()
	before := deadlocks()
	var wg sync.WaitGroup
	paid, refused := 0, 0
	for w, s := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				var group []*chargeJob
				for k := range ids {
					i := (k + w*3) % len(ids) // the two stores list the accounts differently
					group = append(group, pgGroup(ctx, ids[i], fmt.Sprintf("s%d-r%d-a%d", w, r, i), 1, 10_000)...)
				}
				s.runGroup(group)
				mu.Lock()
				for _, j := range group {
					switch {
					case j.err == nil:
						paid++
					case dalil.ErrorCode(j.err) == dalil.CodeInsufficientCredits:
						refused++
					default:
						t.Errorf("charge: %v", j.err)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if want := len(ids) * (2*rounds - 6); paid != want || refused != 6*len(ids) {
		t.Errorf("%d paid, %d refused; want %d and %d", paid, refused, want, 6*len(ids))
	}
	for _, id := range ids {
		if acct, err := stores[1].Account(ctx, id); err != nil || acct.Credits != 0 {
			t.Errorf("%s: credits %d (%v), want 0", id, acct.Credits, err)
		}
	}
	rep, err := Verify(ctx, dsn)
	if err != nil || !rep.OK {
		t.Errorf("verify: %+v (%v)", rep, err)
	}
	if d := deadlocks() - before; d != 0 {
		t.Errorf("%d deadlocks on the server while the stores charged", d)
	}
	if many == 0 {
		t.Error("no group went as one statement")
	}
	t.Logf("%d groups as one statement", many)
}

// TestBatchFailure: only the server's refusal of a statement says where a
// batch stopped (and so that a later COMMIT did not run); a connection
// lost while a result was being read says nothing about the rest, even
// when the reader files that error under the statement being read.
func TestBatchFailure(t *testing.T) {
	ok := &pgconn.Result{}
	refused := &pgconn.Result{Err: &pgconn.PgError{Code: "22P02", Message: pgGuardMark}}
	lost := &pgconn.Result{Err: io.ErrUnexpectedEOF}
	for _, tc := range []struct {
		name    string
		results []*pgconn.Result
		err     error
		at      int
		failed  bool
	}{
		{"all done", []*pgconn.Result{ok, ok, ok}, nil, -1, false},
		{"refused second", []*pgconn.Result{ok, refused}, &pgconn.PgError{Code: "22P02"}, 1, true},
		{"refused before a result", []*pgconn.Result{ok}, &pgconn.PgError{Code: "23514"}, 1, true},
		{"lost inside the first result", []*pgconn.Result{lost}, io.ErrUnexpectedEOF, -1, true},
		{"lost after two results", []*pgconn.Result{ok, ok}, io.ErrUnexpectedEOF, -1, true},
		{"too few results", []*pgconn.Result{ok, ok}, nil, -1, true},
	} {
		at, err := batchFailure(tc.results, tc.err, 3)
		if at != tc.at || (err != nil) != tc.failed {
			t.Errorf("%s: failed at %d (%v), want %d (failed %v)", tc.name, at, err, tc.at, tc.failed)
		}
	}
}

// TestCommittedByBackendWaitsForTheProcess: while the server process that
// was sent a one-round-trip group is still there, even idle (it may not
// have read the batch yet), committedByBackend does not say "not
// committed"; once the process is gone, what it committed is found.
func TestCommittedByBackendWaitsForTheProcess(t *testing.T) {
	ctx := context.Background()
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	s, err := Open(ctx, dsn, Options{OpTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, _ := s.CreateAccount(ctx, "x", "free", 100_000)
	now := s.now().UTC()
	group := pgGroup(ctx, a.ID, "w", 2, 10_000)
	acct, _ := s.Account(ctx, a.ID)
	s.pgPlans = map[string]pgPlan{a.ID: {id: "free", started: micros(acct.PlanStartedAt)}}
	fast, ok := s.fastGroup([]string{a.ID}, map[string][]*chargeJob{a.ID: group}, now)
	if !ok {
		t.Fatal("not a one-round-trip group")
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	pid := conn.PgConn().PID()
	// The process is there and idle, the group not yet run on it.
	if committed, err := s.committedByBackend(pid, now, fast); err == nil && !committed {
		t.Fatal(`"not committed" while the process that may run the group is still there`)
	}
	// Now it runs the group, and its connection closes.
	if res, keep, fallBack := s.fastOn(ctx, conn, fast, now); res.err != nil || !keep || fallBack {
		t.Fatalf("fastOn: %v, keep %v, fall back %v", res.err, keep, fallBack)
	}
	conn.Close(ctx)
	for _, j := range group {
		j.rec = dalil.Receipt{}
	}
	committed, err := s.committedByBackend(pid, now, fast)
	for err != nil { // the process may take a moment to go
		committed, err = s.committedByBackend(pid, now, fast)
	}
	if !committed || group[1].rec.CreditsAfter != 80_000 {
		t.Errorf("committed %v, receipt %+v: want committed, credits after 0.08", committed, group[1].rec)
	}
}

// TestTextArrayRoundTrip: the text arrays the pipelined statements bind
// come back from PostgreSQL element for element, whatever they hold.
func TestTextArrayRoundTrip(t *testing.T) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, testenv.Postgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	want := []string{"", "plain", `quo"te`, `back\slash`, `\"`, "a,b", "{braces}", " spaced ", "NULL", "عربي", "tab\tnew\nline"}
	res := conn.PgConn().ExecParams(ctx, `SELECT e FROM unnest($1::text[]) WITH ORDINALITY AS u(e, o) ORDER BY o`,
		[][]byte{appendTextArray(nil, want)}, nil, nil, nil).Read()
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	var got []string
	for _, r := range res.Rows {
		got = append(got, string(r[0]))
	}
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
