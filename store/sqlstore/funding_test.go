package sqlstore_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"dalil"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

func TestFundSQLite(t *testing.T) {
	s, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "f.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	testFund(t, s)
}

func TestFundPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	s, err := sqlstore.Open(context.Background(), testenv.FreshPostgresSchema(t, url), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	testFund(t, s)
}

// testFund: a funding turns its claim into the record, creates the
// account and key with the credits and one ledger row, exactly once; a
// top-up adds to the right account; a refusal writes nothing.
func testFund(t *testing.T, s *sqlstore.Store) {
	ctx := context.Background()
	claim := func(id, req string) {
		t.Helper()
		if err := s.ClaimCredential(ctx, dalil.Claim{CredentialID: id, Rail: dalil.RailX402, Tool: dalil.ToolAccountCreate, Amount: 5 * dalil.USD, RequestID: req, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	claim("x402:a", "req_a")
	secret := dalil.NewSecret()
	req := dalil.FundingRequest{CredentialID: "x402:a", Rail: dalil.RailX402, RequestID: "req_a", Amount: 5 * dalil.USD,
		Create: true, AccountID: dalil.NewID("acct_"), Name: "agent", Plan: dalil.PlanFree, KeyID: dalil.NewID("key_"), Secret: secret}
	f, err := s.Fund(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if f.Again || f.Key == nil || f.Account.Credits != 5*dalil.USD || f.LedgerID == 0 {
		t.Fatalf("funded: %+v", f)
	}
	a, k, err := s.Authenticate(ctx, secret)
	if err != nil || a.ID != req.AccountID || k.ID != req.KeyID || a.Credits != 5*dalil.USD {
		t.Fatalf("the new key: %+v %+v %v", a, k, err)
	}
	led, err := s.Ledger(ctx, a.ID, 10, 0)
	if err != nil || len(led) != 1 {
		t.Fatalf("ledger: %+v %v", led, err)
	}
	if e := led[0]; e.Kind != "topup" || e.Rail != dalil.RailX402 || e.Tool != dalil.ToolAccountCreate || e.Amount != 5*dalil.USD || e.RequestID != "req_a" || e.Note != "paid over x402: credential x402:a" {
		t.Errorf("ledger row: %+v", e)
	}
	// The same write again (a retry after an unconfirmed commit) adds nothing.
	again, err := s.Fund(ctx, req)
	if err != nil || !again.Again || again.Account.Credits != 5*dalil.USD {
		t.Fatalf("retried write: %+v %v", again, err)
	}
	// Another request on the same claim: refused, nothing written.
	other := req
	other.RequestID, other.AccountID, other.KeyID, other.Secret = "req_b", dalil.NewID("acct_"), dalil.NewID("key_"), dalil.NewSecret()
	if _, err := s.Fund(ctx, other); dalil.ErrorCode(err) != dalil.CodePaymentInvalid {
		t.Fatalf("funding a claim of another request: %v", err)
	}
	if _, err := s.Account(ctx, other.AccountID); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("an account was created by a refused funding: %v", err)
	}
	// No claim at all: refused.
	if _, err := s.Fund(ctx, dalil.FundingRequest{CredentialID: "x402:none", Rail: dalil.RailX402, RequestID: "r", Amount: dalil.USD, AccountID: a.ID}); err == nil {
		t.Fatal("funded without a claim")
	}
	// A top-up adds to the right account.
	b, err := s.CreateAccount(ctx, "other", dalil.PlanFree, 0)
	if err != nil {
		t.Fatal(err)
	}
	claim("l402:t", "req_t")
	top, err := s.Fund(ctx, dalil.FundingRequest{CredentialID: "l402:t", Rail: dalil.RailL402, RequestID: "req_t", Amount: 2 * dalil.USD, AccountID: a.ID})
	if err != nil || top.Account.Credits != 7*dalil.USD || top.Key != nil {
		t.Fatalf("top-up: %+v %v", top, err)
	}
	if got, _ := s.Account(ctx, b.ID); got.Credits != 0 {
		t.Errorf("the other account has %v", got.Credits)
	}
	// A top-up past MaxCredits is refused and leaves the claim claimed.
	claim("mpp:big", "req_big")
	if _, err := s.Fund(ctx, dalil.FundingRequest{CredentialID: "mpp:big", Rail: dalil.RailMPP, RequestID: "req_big", Amount: dalil.MaxCredits, AccountID: a.ID}); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
		t.Fatalf("top-up past the maximum: %v", err)
	}
	if got, _ := s.Account(ctx, a.ID); got.Credits != 7*dalil.USD {
		t.Errorf("credits after a refused top-up: %v", got.Credits)
	}
	// Funded claims are neither purged nor released.
	if err := s.ReleaseCredential(ctx, "x402:a"); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.PurgeClaims(ctx, time.Now().Add(2*time.Hour)); n != 1 { // only mpp:big, never funded
		t.Errorf("purged %d claims, want 1", n)
	}
	if err := s.ClaimCredential(ctx, dalil.Claim{CredentialID: "x402:a", Rail: dalil.RailX402, Tool: "t", Amount: 1, RequestID: "r2", ExpiresAt: time.Now().Add(time.Hour)}); dalil.ErrorCode(err) != dalil.CodePaymentInvalid {
		t.Errorf("a funded credential was claimed again: %v", err)
	}
}
