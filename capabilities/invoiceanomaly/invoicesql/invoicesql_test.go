package invoicesql_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/invoiceanomaly"
	"dalil/capabilities/invoiceanomaly/invoicesql"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"

	"github.com/google/go-cmp/cmp"
)

func open(t *testing.T, dsn string, clock *storetest.Clock) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Now: clock.Now, Modules: []sqlstore.Module{invoicesql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestFingerprintsSQLite(t *testing.T) {
	clock := storetest.NewClock(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
	testFingerprints(t, open(t, filepath.Join(t.TempDir(), "f.db"), clock), clock)
}

func TestFingerprintsPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	clock := storetest.NewClock(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
	testFingerprints(t, open(t, testenv.FreshPostgresSchema(t, url), clock), clock)
}

func testFingerprints(t *testing.T, s *sqlstore.Store, clock *storetest.Clock) {
	ctx := context.Background()
	f := invoicesql.New(s.DB())
	fp := invoiceanomaly.Fingerprint{SupplierKey: "sk", Ref: "r1", InvoiceKey: "ik", RecordKey: "rk", AmountMinor: 1155000, Currency: "OMR", InvoiceDate: "2026-03-10"}
	fp2 := fp
	fp2.Ref, fp2.InvoiceKey = "r2", "ik2"
	other := fp
	other.SupplierKey = "sk-other"
	if err := f.Remember(ctx, "acct_a", []invoiceanomaly.Fingerprint{fp, fp2, other}, clock.Now().Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	// Remembering again replaces, never duplicates.
	clock.Advance(time.Minute)
	fp.InvoiceKey = "ik-new"
	if err := f.Remember(ctx, "acct_a", []invoiceanomaly.Fingerprint{fp}, clock.Now().Add(48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	got, err := f.Recall(ctx, "acct_a", "sk")
	if err != nil {
		t.Fatal(err)
	}
	// created_at is kept from the first Remember, so r1 and r2 tie and
	// order by ref.
	if diff := cmp.Diff([]invoiceanomaly.Fingerprint{fp, fp2}, got); diff != "" {
		t.Errorf("recall (-want +got):\n%s", diff)
	}
	if got, _ := f.Recall(ctx, "acct_b", "sk"); len(got) != 0 {
		t.Errorf("another account sees %d fingerprints", len(got))
	}
	clock.Advance(30 * time.Hour) // fp2 and other expired, fp not
	if got, _ := f.Recall(ctx, "acct_a", "sk"); len(got) != 1 || got[0].Ref != "r1" {
		t.Errorf("after expiry = %+v", got)
	}
	if n, err := f.Purge(ctx); err != nil || n != 2 {
		t.Errorf("purge = %d, %v; want 2", n, err)
	}
	if n, err := f.Forget(ctx, "acct_a"); err != nil || n != 1 {
		t.Errorf("forget = %d, %v; want 1", n, err)
	}
	if got, _ := f.Recall(ctx, "acct_a", "sk"); len(got) != 0 {
		t.Errorf("after forget = %+v", got)
	}
}

// TestStorageFailure: a database that is gone answers
// dalil.ErrStorageUnavailable (503), never an empty history.
func TestStorageFailure(t *testing.T) {
	clock := storetest.NewClock(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
	s := open(t, filepath.Join(t.TempDir(), "f.db"), clock)
	f := invoicesql.New(s.DB())
	s.Close()
	// Writes retry storage failures until their deadline: keep it short.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := f.Recall(ctx, "acct_a", "sk"); !errors.Is(err, dalil.ErrStorageUnavailable) {
		t.Errorf("recall on a closed store = %v, want ErrStorageUnavailable", err)
	}
	if err := f.Remember(ctx, "acct_a", []invoiceanomaly.Fingerprint{{SupplierKey: "sk", Ref: "r"}}, clock.Now()); !errors.Is(err, dalil.ErrStorageUnavailable) {
		t.Errorf("remember on a closed store = %v, want ErrStorageUnavailable", err)
	}
}

// TestWithoutModule: a store opened without the module has no fingerprint
// table; the adapter says so instead of pretending there is no history.
func TestWithoutModule(t *testing.T) {
	s, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "f.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := invoicesql.New(s.DB()).Recall(context.Background(), "acct_a", "sk"); err == nil {
		t.Error("recall without the module's table succeeded")
	}
}
