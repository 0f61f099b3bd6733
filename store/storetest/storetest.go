// Package storetest is the behaviour every dalil.Store must have. Each
// implementation's tests call Run with a function that opens a fresh, empty
// store.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
)

// Clock is a settable clock for stores that accept one.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock starts at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now returns the current fake time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// Opener opens a fresh empty store using clock for time.
type Opener func(t *testing.T, clock *Clock) dalil.Store

// Run runs the whole suite.
func Run(t *testing.T, open Opener) {
	t.Run("AccountsAndKeys", func(t *testing.T) { testAccountsAndKeys(t, open) })
	t.Run("CreditsAndLedger", func(t *testing.T) { testCreditsAndLedger(t, open) })
	t.Run("ConcurrentChargesNeverOverspend", func(t *testing.T) { testConcurrentCharges(t, open) })
	t.Run("SubscriptionAllowance", func(t *testing.T) { testSubscription(t, open) })
	t.Run("LedgerPaging", func(t *testing.T) { testLedgerPaging(t, open) })
	t.Run("Idempotency", func(t *testing.T) { testIdempotency(t, open) })
	t.Run("IdempotencyLease", func(t *testing.T) { testIdempotencyLease(t, open) })
	t.Run("SetPlan", func(t *testing.T) { testSetPlan(t, open) })
	t.Run("ListAccounts", func(t *testing.T) { testListAccounts(t, open) })
	t.Run("CreditsLimit", func(t *testing.T) { testCreditsLimit(t, open) })
	t.Run("Refund", func(t *testing.T) { testRefund(t, open) })
}

// testRefund: a charge is refunded once, at most its amount, back to what
// paid it (credits or the allowance of its period), with a ledger entry;
// the same refund again is harmless, another is refused.
func testRefund(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, NewClock(time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)))
	r, ok := s.(dalil.Refunder)
	if !ok {
		t.Skip("this store has no refunds")
	}
	a, _ := s.CreateAccount(ctx, "metered", "free", 2*dalil.USD)
	if _, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "call", Price: 1_050_000, RequestID: "req-1", Method: dalil.MethodAuto}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Refund(ctx, a.ID, "req-1", 1_050_001, "too much"); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
		t.Fatalf("refund above the charge: %v", err)
	}
	if _, err := r.Refund(ctx, a.ID, "req-none", 1, ""); !errors.Is(err, dalil.ErrNotFound) {
		t.Fatalf("refund of no charge: %v", err)
	}
	rec, err := r.Refund(ctx, a.ID, "req-1", 440_000, "unused minutes")
	if err != nil || rec.Rail != dalil.RailCredits || rec.CreditsAfter != 2*dalil.USD-1_050_000+440_000 {
		t.Fatalf("refund = %+v, %v", rec, err)
	}
	again, err := r.Refund(ctx, a.ID, "req-1", 440_000, "unused minutes")
	if err != nil || again != rec {
		t.Fatalf("same refund again = %+v, %v; want %+v", again, err, rec)
	}
	if _, err := r.Refund(ctx, a.ID, "req-1", 10_000, ""); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
		t.Fatalf("second, different refund: %v", err)
	}
	// What the account spent is net of the refund, the refund beside it.
	want := []dalil.Spend{{Tool: "call", Rail: dalil.RailCredits, Calls: 1, Amount: 1_050_000 - 440_000, Refunded: 440_000}}
	if sp, err := s.Spend(ctx, a.ID); err != nil || !reflect.DeepEqual(sp, want) {
		t.Fatalf("Spend after refund = %+v, %v; want %+v", sp, err, want)
	}
	acct, _ := s.Account(ctx, a.ID)
	if sum := LedgerSum(t, s, a.ID); sum != acct.Credits || acct.Credits != rec.CreditsAfter {
		t.Fatalf("ledger sum %d, credits %d, receipt %d", sum, acct.Credits, rec.CreditsAfter)
	}

	// Paid from the allowance: the allowance gets it back.
	b, _ := s.CreateAccount(ctx, "sub", "developer", 0)
	if _, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: b.ID, Tool: "call", Price: 3 * dalil.USD, RequestID: "req-2", Method: dalil.MethodAuto}); err != nil {
		t.Fatal(err)
	}
	if rec, err := r.Refund(ctx, b.ID, "req-2", dalil.USD, ""); err != nil || rec.Rail != dalil.RailSubscription {
		t.Fatalf("allowance refund = %+v, %v", rec, err)
	}
	u, err := s.Usage(ctx, b.ID)
	if err != nil || u.USD != 2*dalil.USD {
		t.Fatalf("usage after refund = %+v, %v (want USD 2 used)", u, err)
	}
	// A call refunded in full (it rang, no answer) counts nothing spent.
	if _, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: b.ID, Tool: "call", Price: 1_050_000, RequestID: "req-3", Method: dalil.MethodAuto}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Refund(ctx, b.ID, "req-3", 1_050_000, "no answer"); err != nil {
		t.Fatal(err)
	}
	want = []dalil.Spend{{Tool: "call", Rail: dalil.RailSubscription, Calls: 2, Amount: 2 * dalil.USD, Refunded: dalil.USD + 1_050_000}}
	if sp, err := s.Spend(ctx, b.ID); err != nil || !reflect.DeepEqual(sp, want) {
		t.Fatalf("Spend after a full refund = %+v, %v; want %+v", sp, err, want)
	}
	// Another account cannot refund this charge.
	if _, err := r.Refund(ctx, a.ID, "req-2", 1, ""); !errors.Is(err, dalil.ErrNotFound) {
		t.Fatalf("refund through another account: %v", err)
	}
}

// LedgerSum adds up an account's api_credits ledger rows, all pages.
func LedgerSum(t *testing.T, s dalil.Store, accountID string) dalil.MicroUSD {
	t.Helper()
	var sum dalil.MicroUSD
	before := int64(0)
	for {
		page, err := s.Ledger(context.Background(), accountID, 200, before)
		if err != nil {
			t.Fatalf("Ledger: %v", err)
		}
		if len(page) == 0 {
			return sum
		}
		for _, e := range page {
			if e.Rail == dalil.RailCredits {
				sum += e.Amount
			}
		}
		before = page[len(page)-1].ID
	}
}

func testAccountsAndKeys(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, NewClock(time.Date(2026, 1, 31, 10, 0, 0, 0, time.UTC)))
	a, err := s.CreateAccount(ctx, "acme", "developer", 2*dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateAccount(ctx, "x", "platinum", 0); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
		t.Errorf("unknown plan: err = %v, want INVALID_INPUT", err)
	}
	got, err := s.Account(ctx, a.ID)
	if err != nil || got.Credits != 2*dalil.USD || got.Plan != "developer" || got.Name != "acme" {
		t.Fatalf("Account = %+v, %v", got, err)
	}
	if _, err := s.Account(ctx, "acct_missing"); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("missing account: %v", err)
	}
	k, secret, err := s.CreateKey(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.CreateKey(ctx, "acct_missing"); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("key for missing account: %v", err)
	}
	ga, gk, err := s.Authenticate(ctx, secret)
	if err != nil || ga.ID != a.ID || gk.ID != k.ID {
		t.Fatalf("Authenticate = %v %v %v", ga.ID, gk.ID, err)
	}
	if _, _, err := s.Authenticate(ctx, secret+"x"); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("wrong secret: %v", err)
	}
	keys, err := s.Keys(ctx, a.ID)
	if err != nil || len(keys) != 1 || keys[0].ID != k.ID || keys[0].RevokedAt != nil {
		t.Fatalf("Keys = %+v, %v", keys, err)
	}
	if err := s.RevokeKey(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Authenticate(ctx, secret); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("revoked key still authenticates: %v", err)
	}
	if err := s.RevokeKey(ctx, "key_missing"); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("revoke missing: %v", err)
	}
	keys, _ = s.Keys(ctx, a.ID)
	if len(keys) != 1 || keys[0].RevokedAt == nil {
		t.Errorf("revoked key not marked: %+v", keys)
	}
}

func testCreditsAndLedger(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, NewClock(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)))
	a, _ := s.CreateAccount(ctx, "a", "free", 0)
	_, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "analyze_property", Price: 10_000, RequestID: "r0", Method: dalil.MethodAuto})
	if dalil.ErrorCode(err) != dalil.CodeInsufficientCredits {
		t.Fatalf("charge on empty account: %v, want INSUFFICIENT_CREDITS", err)
	}
	bal, err := s.AddCredits(ctx, a.ID, 25_000, "top-up")
	if err != nil || bal != 25_000 {
		t.Fatalf("AddCredits = %v, %v", bal, err)
	}
	if _, err := s.AddCredits(ctx, a.ID, -1, ""); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
		t.Errorf("negative top-up: %v", err)
	}
	if _, err := s.AddCredits(ctx, "acct_missing", 1, ""); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("top-up missing: %v", err)
	}
	for i, want := range []dalil.MicroUSD{15_000, 5_000} {
		rec, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "analyze_property", Price: 10_000, RequestID: "r", Method: dalil.MethodAuto})
		if err != nil || rec.Rail != dalil.RailCredits || rec.CreditsAfter != want {
			t.Fatalf("charge %d = %+v, %v", i, rec, err)
		}
	}
	if _, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "analyze_property", Price: 10_000, Method: dalil.MethodAuto}); dalil.ErrorCode(err) != dalil.CodeInsufficientCredits {
		t.Fatalf("overdraw: %v", err)
	}
	got, _ := s.Account(ctx, a.ID)
	if got.Credits != 5_000 {
		t.Errorf("balance = %d, want 5000", got.Credits)
	}
	if sum := LedgerSum(t, s, a.ID); sum != got.Credits {
		t.Errorf("ledger sums to %d, balance %d", sum, got.Credits)
	}
}

func testConcurrentCharges(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, NewClock(time.Now()))
	const price, calls = dalil.MicroUSD(30_000), 50
	a, _ := s.CreateAccount(ctx, "busy", "free", 20*price+7) // room for 20 calls
	var wg sync.WaitGroup
	var mu sync.Mutex
	paid, refused := 0, 0
	for i := 0; i < calls; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "compare_properties", Price: price, Method: dalil.MethodCredits})
			mu.Lock()
			defer mu.Unlock()
			switch dalil.ErrorCode(err) {
			case "":
			}
			if err == nil {
				paid++
			} else if dalil.ErrorCode(err) == dalil.CodeInsufficientCredits {
				refused++
			} else {
				t.Errorf("charge: %v", err)
			}
		}()
	}
	wg.Wait()
	got, _ := s.Account(ctx, a.ID)
	if paid != 20 || refused != calls-20 || got.Credits != 7 {
		t.Errorf("paid %d refused %d balance %d; want 20, %d, 7", paid, refused, got.Credits, calls-20)
	}
	if sum := LedgerSum(t, s, a.ID); sum != got.Credits {
		t.Errorf("ledger sums to %d, balance %d", sum, got.Credits)
	}
}

func testSubscription(t *testing.T, open Opener) {
	ctx := context.Background()
	clock := NewClock(time.Date(2026, 1, 31, 10, 0, 0, 0, time.UTC))
	s := open(t, clock)
	a, _ := s.CreateAccount(ctx, "sub", "developer", 1_000_000)
	// The developer plan includes USD 10.00 and 1000 calls a month.
	charge := func(price dalil.MicroUSD, method string) (dalil.Receipt, error) {
		return s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: price, Method: method})
	}
	rec, err := charge(9_990_000, dalil.MethodAuto)
	if err != nil || rec.Rail != dalil.RailSubscription || rec.CreditsAfter != 1_000_000 {
		t.Fatalf("allowance charge = %+v, %v", rec, err)
	}
	// 0.01 left in the allowance: a 0.02 call falls back to credits.
	rec, err = charge(20_000, dalil.MethodAuto)
	if err != nil || rec.Rail != dalil.RailCredits || rec.CreditsAfter != 980_000 {
		t.Fatalf("fallback charge = %+v, %v", rec, err)
	}
	rec, err = charge(10_000, dalil.MethodSubscription)
	if err != nil || rec.Rail != dalil.RailSubscription {
		t.Fatalf("last cent of allowance = %+v, %v", rec, err)
	}
	// Named credits never touch the allowance.
	rec, err = charge(10_000, dalil.MethodCredits)
	if err != nil || rec.Rail != dalil.RailCredits {
		t.Fatalf("credits rail = %+v, %v", rec, err)
	}
	u, err := s.Usage(ctx, a.ID)
	if err != nil || u.USD != 10*dalil.USD || u.Calls != 2 || !u.PeriodEnd.Equal(time.Date(2026, 2, 28, 10, 0, 0, 0, time.UTC)) {
		t.Fatalf("usage = %+v, %v", u, err)
	}
	// Credits can no longer cover a big call either: quota exceeded.
	_, err = charge(5*dalil.USD, dalil.MethodAuto)
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodeQuotaExceeded || de.Headers["Retry-After"] == "" {
		t.Fatalf("exhausted: %v", err)
	}
	// The next period renews lazily.
	clock.Advance(29 * 24 * time.Hour)
	rec, err = charge(5*dalil.USD, dalil.MethodAuto)
	if err != nil || rec.Rail != dalil.RailSubscription {
		t.Fatalf("after renewal = %+v, %v", rec, err)
	}
	acct, _ := s.Account(ctx, a.ID)
	if sum := LedgerSum(t, s, a.ID); sum != acct.Credits {
		t.Errorf("ledger sums to %d, balance %d", sum, acct.Credits)
	}
	// Changing plan with a new period starts a fresh allowance now.
	clock.Advance(time.Hour)
	if _, err := s.SetPlan(ctx, a.ID, "growth", true); err != nil {
		t.Fatal(err)
	}
	u, _ = s.Usage(ctx, a.ID)
	if u.Calls != 0 || !u.PeriodStart.Equal(clock.Now().UTC().Truncate(time.Microsecond)) {
		t.Errorf("usage after plan change = %+v", u)
	}
}

// testSetPlan: the same plan changes nothing; a change keeps the period
// and what was used in it, counted against the new allowance; newPeriod
// restarts the period with nothing used.
func testSetPlan(t *testing.T, open Opener) {
	start := time.Date(2026, 4, 10, 9, 0, 0, 0, time.UTC)
	later := start.Add(3 * time.Hour)
	for _, tc := range []struct {
		name      string
		from, to  string
		used      dalil.MicroUSD // allowance used before the change
		newPeriod bool
		// want
		period     string
		usedAfter  dalil.MicroUSD
		callsAfter int64
		anchor     time.Time // period start after the change
		nextRail   string    // who pays a USD 1.00 call afterwards (auto)
	}{
		{name: "same plan is a no-op", from: "developer", to: "developer", used: 5 * dalil.USD,
			period: dalil.PeriodUnchanged, usedAfter: 5 * dalil.USD, callsAfter: 1, anchor: start, nextRail: dalil.RailSubscription},
		{name: "same plan, new period", from: "developer", to: "developer", used: 9_500_000, newPeriod: true,
			period: dalil.PeriodRestarted, anchor: later, nextRail: dalil.RailSubscription},
		{name: "downgrade keeps what was used", from: "growth", to: "developer", used: 30 * dalil.USD,
			period: dalil.PeriodKept, usedAfter: 30 * dalil.USD, callsAfter: 1, anchor: start, nextRail: dalil.RailCredits},
		{name: "downgrade with a new period", from: "growth", to: "developer", used: 30 * dalil.USD, newPeriod: true,
			period: dalil.PeriodRestarted, anchor: later, nextRail: dalil.RailSubscription},
		{name: "upgrade keeps what was used", from: "developer", to: "growth", used: 9_500_000,
			period: dalil.PeriodKept, usedAfter: 9_500_000, callsAfter: 1, anchor: start, nextRail: dalil.RailSubscription},
		{name: "to free", from: "growth", to: "free", used: dalil.USD,
			period: dalil.PeriodKept, usedAfter: dalil.USD, callsAfter: 1, anchor: start, nextRail: dalil.RailCredits},
		{name: "from free", from: "free", to: "developer",
			period: dalil.PeriodKept, anchor: start, nextRail: dalil.RailSubscription},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			clock := NewClock(start)
			s := open(t, clock)
			a, err := s.CreateAccount(ctx, "plans", tc.from, 5*dalil.USD)
			if err != nil {
				t.Fatal(err)
			}
			if tc.used > 0 {
				if rec, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: tc.used, Method: dalil.MethodSubscription}); err != nil || rec.Rail != dalil.RailSubscription {
					t.Fatalf("charge before = %+v, %v", rec, err)
				}
			}
			clock.Advance(later.Sub(start))
			ch, err := s.SetPlan(ctx, a.ID, tc.to, tc.newPeriod)
			if err != nil {
				t.Fatal(err)
			}
			if ch.Period != tc.period || ch.From != tc.from || ch.Account.Plan != tc.to || ch.Account.ID != a.ID || !ch.Account.PlanStartedAt.Equal(tc.anchor) {
				t.Errorf("SetPlan = %+v; want period %s, from %s, plan %s, started %v", ch, tc.period, tc.from, tc.to, tc.anchor)
			}
			if got, _ := s.Account(ctx, a.ID); got.Plan != tc.to || !got.PlanStartedAt.Equal(tc.anchor) {
				t.Errorf("stored account = %+v", got)
			}
			u, err := s.Usage(ctx, a.ID)
			if err != nil || u.USD != tc.usedAfter || u.Calls != tc.callsAfter || !u.PeriodStart.Equal(tc.anchor) {
				t.Errorf("usage = %+v, %v; want used %d, calls %d, period from %v", u, err, tc.usedAfter, tc.callsAfter, tc.anchor)
			}
			rec, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: dalil.USD, Method: dalil.MethodAuto})
			if err != nil || rec.Rail != tc.nextRail {
				t.Errorf("next call paid by %+v, %v; want %s", rec, err, tc.nextRail)
			}
		})
	}
	t.Run("refusals", func(t *testing.T) {
		ctx := context.Background()
		s := open(t, NewClock(start))
		a, _ := s.CreateAccount(ctx, "plans", "developer", 0)
		if _, err := s.SetPlan(ctx, a.ID, "platinum", false); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
			t.Errorf("unknown plan: %v, want INVALID_INPUT", err)
		}
		if got, _ := s.Account(ctx, a.ID); got.Plan != "developer" {
			t.Errorf("plan after a refused change = %s", got.Plan)
		}
		if _, err := s.SetPlan(ctx, "acct_missing", "growth", false); !errors.Is(err, dalil.ErrNotFound) {
			t.Errorf("missing account: %v, want ErrNotFound", err)
		}
	})
}

// testListAccounts: every account once, in creation order, page by page.
func testListAccounts(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, NewClock(time.Now()))
	if got, err := s.Accounts(ctx, 10, ""); err != nil || len(got) != 0 {
		t.Fatalf("empty store: %+v, %v", got, err)
	}
	var want []string
	for i := 0; i < 5; i++ {
		a, err := s.CreateAccount(ctx, fmt.Sprintf("a%d", i), "free", dalil.MicroUSD(i))
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, a.ID)
	}
	var got []string
	after := ""
	for pages := 0; ; pages++ {
		page, err := s.Accounts(ctx, 2, after)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			if pages != 3 {
				t.Errorf("%d pages of 2 for 5 accounts, want 3", pages)
			}
			break
		}
		if len(page) > 2 {
			t.Fatalf("page of %d, limit 2", len(page))
		}
		for _, a := range page {
			got = append(got, a.ID)
			if a.Name != fmt.Sprintf("a%d", len(got)-1) || a.Credits != dalil.MicroUSD(len(got)-1) || a.Plan != "free" {
				t.Errorf("account %d = %+v", len(got)-1, a)
			}
		}
		after = page[len(page)-1].ID
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("listed %v, want %v", got, want)
	}
	if all, _ := s.Accounts(ctx, 0, ""); len(all) != 5 {
		t.Errorf("limit 0 (the default) listed %d", len(all))
	}
}

// testCreditsLimit: no balance passes dalil.MaxCredits, and a refusal
// names the maximum and changes nothing.
func testCreditsLimit(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, NewClock(time.Now()))
	if _, err := s.CreateAccount(ctx, "big", "free", dalil.MaxCredits+1); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
		t.Errorf("create above the maximum: %v, want INVALID_INPUT", err)
	}
	a, err := s.CreateAccount(ctx, "big", "free", dalil.MaxCredits-dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	if bal, err := s.AddCredits(ctx, a.ID, dalil.USD, "to the brim"); err != nil || bal != dalil.MaxCredits {
		t.Fatalf("top-up to the maximum = %d, %v", bal, err)
	}
	for _, amount := range []dalil.MicroUSD{1, dalil.MaxCredits, dalil.MaxCredits + 1} {
		_, err := s.AddCredits(ctx, a.ID, amount, "overflow")
		var de *dalil.Error
		if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput || !strings.Contains(de.Message, dalil.MaxCredits.Decimal()) {
			t.Errorf("top-up of %d over the maximum: %v; want INVALID_INPUT naming USD %s", amount, err, dalil.MaxCredits.Decimal())
		}
	}
	if got, _ := s.Account(ctx, a.ID); got.Credits != dalil.MaxCredits {
		t.Errorf("balance after refusals = %d", got.Credits)
	}
	if sum := LedgerSum(t, s, a.ID); sum != dalil.MaxCredits {
		t.Errorf("ledger sums to %d", sum)
	}
	if _, err := s.AddCredits(ctx, "acct_missing", 1, ""); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("top-up of a missing account: %v", err)
	}
}

func testLedgerPaging(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, NewClock(time.Now()))
	a, _ := s.CreateAccount(ctx, "pages", "free", 0)
	for i := 0; i < 5; i++ {
		if _, err := s.AddCredits(ctx, a.ID, dalil.MicroUSD(i+1), ""); err != nil {
			t.Fatal(err)
		}
	}
	first, _ := s.Ledger(ctx, a.ID, 2, 0)
	if len(first) != 2 || first[0].Amount != 5 || first[1].Amount != 4 {
		t.Fatalf("first page = %+v", first)
	}
	rest, _ := s.Ledger(ctx, a.ID, 10, first[1].ID)
	if len(rest) != 3 || rest[0].Amount != 3 {
		t.Fatalf("second page = %+v", rest)
	}
}

func testIdempotency(t *testing.T, open Opener) {
	ctx := context.Background()
	clock := NewClock(time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC))
	s := open(t, clock)
	a, _ := s.CreateAccount(ctx, "idem", "free", dalil.USD)
	k := dalil.IdemKey{AccountID: a.ID, Tool: "analyze_property", Key: "k", Owner: "req_1"}
	st, err := s.BeginIdempotent(ctx, k, "h1")
	if err != nil || st.Outcome != dalil.IdemStarted {
		t.Fatalf("begin = %+v, %v", st, err)
	}
	other := k
	other.Owner = "req_other"
	if st, _ := s.BeginIdempotent(ctx, other, "h1"); st.Outcome != dalil.IdemInProgress {
		t.Errorf("second begin = %v, want in progress", st.Outcome)
	}
	if st, _ := s.BeginIdempotent(ctx, k, "h1"); st.Outcome != dalil.IdemStarted {
		t.Errorf("begin again by the claim's owner (a lost acknowledgement) = %v, want started", st.Outcome)
	}
	if st, _ := s.BeginIdempotent(ctx, other, "h2"); st.Outcome != dalil.IdemReused {
		t.Errorf("other hash = %v, want reused", st.Outcome)
	}
	rec, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: k.Tool, Price: 10_000, RequestID: "req_1", Method: dalil.MethodAuto, Idem: &k,
		Data: []byte(`{"paid":true}`)})
	if err != nil || rec.Rail != dalil.RailCredits {
		t.Fatalf("charge = %+v, %v", rec, err)
	}
	st, _ = s.BeginIdempotent(ctx, dalil.IdemKey{AccountID: a.ID, Tool: k.Tool, Key: k.Key, Owner: "req_2"}, "h1")
	want := dalil.Answer{RequestID: "req_1", Rail: dalil.RailCredits, Price: 10_000, Data: []byte(`{"paid":true}`)}
	if st.Outcome != dalil.IdemReplay || !reflect.DeepEqual(st.Answer, want) {
		t.Errorf("replay = %+v, want %+v", st, want)
	}
	// A second charge with a completed key is refused, never charged twice.
	if _, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: k.Tool, Price: 10_000, Method: dalil.MethodAuto, Idem: &k}); err == nil {
		t.Error("second charge on a completed key succeeded")
	}
	if acct, _ := s.Account(ctx, a.ID); acct.Credits != dalil.USD-10_000 {
		t.Errorf("credits = %d", acct.Credits)
	}
	// After 24 hours the key is free again.
	clock.Advance(dalil.IdempotencyTTL + time.Second)
	if st, _ := s.BeginIdempotent(ctx, k, "h2"); st.Outcome != dalil.IdemStarted {
		t.Errorf("after expiry = %v, want started", st.Outcome)
	}
	if err := s.AbandonIdempotent(ctx, k); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.BeginIdempotent(ctx, k, "h3"); st.Outcome != dalil.IdemStarted {
		t.Errorf("after abandon = %v, want started", st.Outcome)
	}
	if err := s.AbandonIdempotent(ctx, k); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.BeginIdempotent(ctx, k, "h3"); st.Outcome != dalil.IdemStarted {
		t.Errorf("begin again = %v, want started", st.Outcome)
	}
	n, err := s.PurgeIdempotency(ctx, clock.Now().Add(time.Second))
	if err != nil || n != 1 {
		t.Errorf("purge = %d, %v", n, err)
	}
}

// testIdempotencyLease: a claim left by a request that died is free again
// after dalil.IdempotencyLease; the dead request can then neither complete
// (its charge is refused and nothing is charged) nor abandon it.
func testIdempotencyLease(t *testing.T, open Opener) {
	ctx := context.Background()
	clock := NewClock(time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC))
	s := open(t, clock)
	a, _ := s.CreateAccount(ctx, "lease", "free", dalil.USD)
	dead := dalil.IdemKey{AccountID: a.ID, Tool: "analyze_property", Key: "k", Owner: "req_dead"}
	retry := dead
	retry.Owner = "req_retry"
	if st, err := s.BeginIdempotent(ctx, dead, "h"); err != nil || st.Outcome != dalil.IdemStarted {
		t.Fatalf("begin = %+v, %v", st, err)
	}
	clock.Advance(dalil.IdempotencyLease - time.Second)
	if st, _ := s.BeginIdempotent(ctx, retry, "h"); st.Outcome != dalil.IdemInProgress {
		t.Fatalf("within the lease = %v, want in progress", st.Outcome)
	}
	clock.Advance(2 * time.Second)
	if st, _ := s.BeginIdempotent(ctx, dalil.IdemKey{AccountID: a.ID, Tool: dead.Tool, Key: dead.Key, Owner: "req_other"}, "other-hash"); st.Outcome != dalil.IdemReused {
		t.Fatalf("another body after the lease = %v, want reused", st.Outcome)
	}
	if st, _ := s.BeginIdempotent(ctx, retry, "h"); st.Outcome != dalil.IdemStarted {
		t.Fatalf("after the lease = %v, want started (taken over)", st.Outcome)
	}
	// The dead request's late charge is refused and charges nothing.
	_, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: dead.Tool, Price: 10_000, RequestID: "req_dead", Method: dalil.MethodAuto, Idem: &dead, Data: []byte(`{}`)})
	if dalil.ErrorCode(err) != dalil.CodeIdempotencyInProgress {
		t.Fatalf("late charge of the old owner = %v, want IDEMPOTENCY_IN_PROGRESS", err)
	}
	if err := s.AbandonIdempotent(ctx, dead); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.BeginIdempotent(ctx, dalil.IdemKey{AccountID: a.ID, Tool: dead.Tool, Key: dead.Key, Owner: "req_third"}, "h"); st.Outcome != dalil.IdemInProgress {
		t.Fatalf("the old owner's abandon freed the new claim: %v", st.Outcome)
	}
	if _, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: retry.Tool, Price: 10_000, RequestID: "req_retry", Method: dalil.MethodAuto, Idem: &retry, Data: []byte(`{"ok":1}`)}); err != nil {
		t.Fatalf("charge of the new owner: %v", err)
	}
	if acct, _ := s.Account(ctx, a.ID); acct.Credits != dalil.USD-10_000 {
		t.Errorf("credits = %d, want one charge", acct.Credits)
	}
}
