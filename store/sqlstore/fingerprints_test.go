package sqlstore_test

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"

	"dalil/capabilities/invoiceanomaly"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

func TestFingerprintsSQLite(t *testing.T) {
	clock := storetest.NewClock(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
	s, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "f.db"), sqlstore.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	testFingerprints(t, s, clock)
}

func TestFingerprintsPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	clock := storetest.NewClock(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
	s, err := sqlstore.Open(context.Background(), testenv.FreshPostgresSchema(t, url), sqlstore.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	testFingerprints(t, s, clock)
}

func testFingerprints(t *testing.T, s *sqlstore.Store, clock *storetest.Clock) {
	ctx := context.Background()
	secret, err := s.Secret(ctx, "fingerprints")
	if err != nil || len(secret) != 32 {
		t.Fatalf("secret = %x, %v", secret, err)
	}
	again, _ := s.Secret(ctx, "fingerprints")
	if !bytes.Equal(secret, again) {
		t.Error("secret changed between calls")
	}
	f := s.Fingerprints()
	fp := invoiceanomaly.Fingerprint{SupplierKey: "sk", Ref: "r1", InvoiceKey: "ik", AmountMinor: 1155000, Currency: "OMR", InvoiceDate: "2026-03-10"}
	fp2 := fp
	fp2.Ref = "r2"
	if err := f.Remember(ctx, "acct_a", []invoiceanomaly.Fingerprint{fp, fp2}, clock.Now().Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	// Remembering again replaces, never duplicates.
	if err := f.Remember(ctx, "acct_a", []invoiceanomaly.Fingerprint{fp}, clock.Now().Add(48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	got, err := f.Recall(ctx, "acct_a", "sk")
	if err != nil || len(got) != 2 || got[0] != fp {
		t.Fatalf("recall = %+v, %v", got, err)
	}
	if other, _ := f.Recall(ctx, "acct_b", "sk"); len(other) != 0 {
		t.Errorf("another account sees %d fingerprints", len(other))
	}
	clock.Advance(30 * time.Hour) // fp2 expired, fp not
	if got, _ := f.Recall(ctx, "acct_a", "sk"); len(got) != 1 || got[0].Ref != "r1" {
		t.Errorf("after expiry = %+v", got)
	}
	if n, err := s.PurgeFingerprints(ctx); err != nil || n != 1 {
		t.Errorf("purge = %d, %v", n, err)
	}
	if n, err := f.Forget(ctx, "acct_a"); err != nil || n != 1 {
		t.Errorf("forget = %d, %v", n, err)
	}
}
