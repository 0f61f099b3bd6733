package sqlstore_test

import (
	"context"
	"testing"

	"dalil"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

// Settings are read back as written, replaced, deleted; InUse follows the
// first account.
func TestSettingsAndInUse(t *testing.T) {
	consoleStores(t, func(t *testing.T, s *sqlstore.Store, _ *storetest.Clock) {
		ctx := context.Background()
		if v, ok, err := s.Setting(ctx, "demo"); err != nil || ok || v != "" {
			t.Fatalf("unset: %q %v %v", v, ok, err)
		}
		if err := s.PutSetting(ctx, "demo", ""); err != nil {
			t.Fatal(err)
		}
		if v, ok, err := s.Setting(ctx, "demo"); err != nil || !ok || v != "" {
			t.Fatalf("set empty: %q %v %v", v, ok, err)
		}
		if err := s.PutSetting(ctx, "demo", "acct_1"); err != nil {
			t.Fatal(err)
		}
		if v, ok, err := s.Setting(ctx, "demo"); err != nil || !ok || v != "acct_1" {
			t.Fatalf("replaced: %q %v %v", v, ok, err)
		}
		if err := s.DeleteSetting(ctx, "demo"); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteSetting(ctx, "demo"); err != nil {
			t.Fatalf("delete twice: %v", err)
		}
		if _, ok, err := s.Setting(ctx, "demo"); err != nil || ok {
			t.Fatalf("deleted: %v %v", ok, err)
		}
		if used, err := s.InUse(ctx); err != nil || used {
			t.Fatalf("fresh database in use: %v %v", used, err)
		}
		if _, err := s.CreateAccount(ctx, "a", "free", dalil.USD); err != nil {
			t.Fatal(err)
		}
		if used, err := s.InUse(ctx); err != nil || !used {
			t.Fatalf("with an account: %v %v", used, err)
		}
	})
}
