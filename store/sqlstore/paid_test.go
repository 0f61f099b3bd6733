package sqlstore_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"dalil"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

func TestPaidForSQLite(t *testing.T) {
	testPaidFor(t, func(clock *storetest.Clock) string { return filepath.Join(t.TempDir(), "p.db") })
}

func TestPaidForPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	testPaidFor(t, func(*storetest.Clock) string { return testenv.FreshPostgresSchema(t, url) })
}

// PaidFor reads each rail's record of a committed payment: an account's
// charge in the ledger, a settled pay-per-call claim, a completed
// session answer; nothing before it commits, nothing for another payer.
func testPaidFor(t *testing.T, dsn func(*storetest.Clock) string) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC))
	s, err := sqlstore.Open(ctx, dsn(clock), sqlstore.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	since := clock.Now().Add(-10 * time.Minute)
	check := func(name, acct, req string, want bool) {
		t.Helper()
		if got, err := s.PaidFor(ctx, acct, req, since); err != nil || got != want {
			t.Errorf("%s: paid = %v, %v; want %v", name, got, err, want)
		}
	}
	held := func(name, acct, req string, want bool) {
		t.Helper()
		if got, err := s.HeldFor(ctx, acct, req, since); err != nil || got != want {
			t.Errorf("%s: held = %v, %v; want %v", name, got, err, want)
		}
	}
	a, err := s.CreateAccount(ctx, "a", "free", dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddCredits(ctx, a.ID, 5_000_000, "test"); err != nil {
		t.Fatal(err)
	}
	check("before the charge", a.ID, "req_acct", false)
	held("before the charge", a.ID, "req_acct", false)
	if _, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "ai_call_agent", Price: 600_000, RequestID: "req_acct", Method: dalil.MethodCredits}); err != nil {
		t.Fatal(err)
	}
	check("after the charge", a.ID, "req_acct", true)
	held("after the charge", a.ID, "req_acct", true)
	check("another account's request id", "acct_other", "req_acct", false)

	check("no claim", "", "req_x402", false)
	claim := dalil.Claim{CredentialID: "x402:n", Rail: dalil.RailX402, Tool: "ai_call_agent", Amount: 600_000, RequestID: "req_x402", ExpiresAt: clock.Now().Add(time.Hour)}
	if err := s.ClaimCredential(ctx, claim); err != nil {
		t.Fatal(err)
	}
	check("claimed, not settled", "", "req_x402", false)
	held("claimed, not settled", "", "req_x402", true)
	held("another request's claim", "", "req_other", false)
	if err := s.SettleCredential(ctx, claim.CredentialID); err != nil {
		t.Fatal(err)
	}
	check("settled", "", "req_x402", true)
	held("settled", "", "req_x402", true)
	if got, err := s.PaidFor(ctx, "", "req_x402", clock.Now().Add(time.Minute)); err != nil || got {
		t.Errorf("a claim older than since counted: %v, %v", got, err)
	}
	if got, err := s.HeldFor(ctx, "", "req_x402", clock.Now().Add(time.Minute)); err != nil || got {
		t.Errorf("a claim older than since held: %v, %v", got, err)
	}

	// A released claim (the request answered without 2xx) is no longer
	// held: the row is gone, and the credential can pay another call.
	l402 := dalil.Claim{CredentialID: "l402:h", Rail: dalil.RailL402, Tool: "ai_call_agent", Amount: 600_000, RequestID: "req_l402", ExpiresAt: clock.Now().Add(time.Hour)}
	if err := s.ClaimCredential(ctx, l402); err != nil {
		t.Fatal(err)
	}
	held("L402 claimed", "", "req_l402", true)
	if err := s.ReleaseCredential(ctx, l402.CredentialID); err != nil {
		t.Fatal(err)
	}
	held("L402 released", "", "req_l402", false)
	check("L402 released", "", "req_l402", false)
	l402.RequestID = "req_l402_again"
	if err := s.ClaimCredential(ctx, l402); err != nil {
		t.Fatalf("the released credential pays another call: %v", err)
	}
	held("L402 claimed again by another request", "", "req_l402_again", true)
	held("L402's first request", "", "req_l402", false)

	k := dalil.IdemKey{AccountID: "mpp_session:s1", Tool: "ai_call_agent", Key: "k1", Owner: "req_session"}
	if _, err := s.BeginIdempotent(ctx, k, "hash"); err != nil {
		t.Fatal(err)
	}
	check("session draw in progress", "", "req_session", false)
	held("session draw in progress", "", "req_session", false)
	if err := s.CompleteIdempotent(ctx, k, dalil.Answer{RequestID: "req_session", Rail: dalil.RailMPP, Price: 600_000, Data: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	check("session answer stored", "", "req_session", true)
	held("session answer stored", "", "req_session", true)
}
