package sqlstore_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"dalil"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

func TestClaimsAreSingleUseAndPurged(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC))
	s, err := sqlstore.Open(ctx, filepath.Join(t.TempDir(), "c.db"), sqlstore.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	claim := func(id string) error {
		return s.ClaimCredential(ctx, dalil.Claim{CredentialID: id, Rail: "x402", Tool: "t", Amount: 10_000, RequestID: "r", ExpiresAt: clock.Now().Add(time.Minute)})
	}
	if err := claim("a"); err != nil {
		t.Fatal(err)
	}
	if err := claim("a"); dalil.ErrorCode(err) != dalil.CodePaymentInvalid {
		t.Fatalf("second claim: %v", err)
	}
	if err := s.ReleaseCredential(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if err := claim("a"); err != nil {
		t.Fatalf("claim after release: %v", err)
	}
	if err := claim("b"); err != nil {
		t.Fatal(err)
	}
	if err := s.SettleCredential(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	if err := s.ReleaseCredential(ctx, "b"); err != nil || claim("b") == nil {
		t.Error("a settled claim was released")
	}
	if n, _ := s.PurgeClaims(ctx, clock.Now()); n != 0 {
		t.Errorf("purged %d unexpired claims", n)
	}
	if n, _ := s.PurgeClaims(ctx, clock.Now().Add(2*time.Minute)); n != 1 {
		t.Errorf("purged %d expired unsettled claims, want 1 (the settled one stays)", n)
	}
}
