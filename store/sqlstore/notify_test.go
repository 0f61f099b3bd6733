package sqlstore_test

import (
	"context"
	"errors"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"dalil"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

// longTTL makes a cached key outlive every test: a key a replica stops
// accepting was forgotten because it heard of the change, not because its
// cache entry expired.
const longTTL = time.Hour

// revocationBound is how long a test waits for the other replica to hear
// a change. With longTTL only the notification can make it refuse, so
// the bound proves the mechanism, not its speed: a loaded machine (a full
// go test ./... beside other work) took 130 ms where an idle one takes
// 2-10 ms, which each test logs. Speed is for benchmarks, not assertions.
const revocationBound = 5 * time.Second

func openStore(t *testing.T, dsn string, opts sqlstore.Options) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), dsn, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// waitLive waits until s hears changes from other processes, having
// connected at least connects times (notify mode).
func waitLive(t *testing.T, s *sqlstore.Store, connects int64) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		cs := s.CacheSync()
		if cs.Live && cs.Connects >= connects {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("change channel not live after 10 s: %+v", cs)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// newKey creates an account with credits and a key on s.
func newKey(t *testing.T, s *sqlstore.Store) (dalil.Account, dalil.Key, string) {
	t.Helper()
	ctx := context.Background()
	a, err := s.CreateAccount(ctx, "acme", "developer", 10*dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	k, secret, err := s.CreateKey(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	return a, k, secret
}

// mustAuthenticate authenticates secret on s, which caches it.
func mustAuthenticate(t *testing.T, s *sqlstore.Store, secret string) dalil.Account {
	t.Helper()
	a, _, err := s.Authenticate(context.Background(), secret)
	if err != nil {
		t.Fatalf("authenticate: %v", err)
	}
	return a
}

// refusedWithin polls s until it refuses secret, and returns how long that
// took from start; it fails the test past limit.
func refusedWithin(t *testing.T, s *sqlstore.Store, secret string, start time.Time, limit time.Duration) time.Duration {
	t.Helper()
	for {
		_, _, err := s.Authenticate(context.Background(), secret)
		elapsed := time.Since(start)
		if errors.Is(err, dalil.ErrNotFound) {
			return elapsed
		}
		if err != nil {
			t.Fatalf("authenticate: %v", err)
		}
		if elapsed > limit {
			t.Fatalf("still accepted %v after the change (limit %v)", elapsed, limit)
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// stillAccepted checks that s keeps accepting secret for d: its cache
// serves it, since the database says otherwise.
func stillAccepted(t *testing.T, s *sqlstore.Store, secret string, d time.Duration) {
	t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if _, _, err := s.Authenticate(context.Background(), secret); err != nil {
			t.Fatalf("the cached key was refused before any change was announced (%v): the test proves nothing", err)
		}
	}
}

// revokeBehindTheStoresBack revokes keyID with plain SQL, announcing
// nothing, as only the fallback TTL would catch.
func revokeBehindTheStoresBack(t *testing.T, s *sqlstore.Store, keyID string) {
	t.Helper()
	if _, err := s.DB().Write().Exec(`UPDATE api_keys SET revoked_at = 1 WHERE id = $1`, keyID); err != nil {
		t.Fatal(err)
	}
}

// TestRevocationAcrossReplicasPostgres: replica B authenticates a key and
// caches it for an hour; the key revoked through replica A is refused by B
// within revocationBound (2-10 ms on an idle machine, logged). Revoked behind the stores' backs first, B keeps accepting
// it: the notification, not a database read, is what makes B refuse.
func TestRevocationAcrossReplicasPostgres(t *testing.T) {
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	a := openStore(t, dsn, sqlstore.Options{})
	b := openStore(t, dsn, sqlstore.Options{KeyCacheTTL: longTTL})
	waitLive(t, a, 1)
	waitLive(t, b, 1)
	if cs := b.CacheSync(); cs.Mode != "notify" || cs.Channel == "" {
		t.Fatalf("cache sync = %+v, want notify mode on a channel", cs)
	}

	var worst time.Duration
	for i := range 5 {
		_, k, secret := newKey(t, a)
		mustAuthenticate(t, b, secret)
		revokeBehindTheStoresBack(t, a, k.ID)
		stillAccepted(t, b, secret, 150*time.Millisecond)

		start := time.Now()
		if err := a.RevokeKey(context.Background(), k.ID); err != nil {
			t.Fatal(err)
		}
		took := refusedWithin(t, b, secret, start, revocationBound)
		t.Logf("revocation %d: refused by the other replica %v after RevokeKey returned", i+1, took)
		worst = max(worst, took)
	}
	t.Logf("worst of 5: %v (bound %v)", worst, revocationBound)
}

// TestAccountChangesAcrossReplicasPostgres: a plan change and a top-up
// through A reach B's cached account within revocationBound.
func TestAccountChangesAcrossReplicasPostgres(t *testing.T) {
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	a := openStore(t, dsn, sqlstore.Options{})
	b := openStore(t, dsn, sqlstore.Options{KeyCacheTTL: longTTL})
	waitLive(t, b, 1)
	ctx := context.Background()
	acct, _, secret := newKey(t, a)
	if got := mustAuthenticate(t, b, secret); got.Plan != "developer" {
		t.Fatalf("plan = %s", got.Plan)
	}

	start := time.Now()
	if _, err := a.SetPlan(ctx, acct.ID, "growth", false); err != nil {
		t.Fatal(err)
	}
	for mustAuthenticate(t, b, secret).Plan != "growth" {
		if time.Since(start) > revocationBound {
			t.Fatalf("B still sees the old plan %v after the change", time.Since(start))
		}
		time.Sleep(200 * time.Microsecond)
	}
	t.Logf("plan change seen by the other replica after %v", time.Since(start))

	start = time.Now()
	if _, err := a.AddCredits(ctx, acct.ID, dalil.USD, "top-up"); err != nil {
		t.Fatal(err)
	}
	for mustAuthenticate(t, b, secret).Credits != 11*dalil.USD {
		if time.Since(start) > revocationBound {
			t.Fatalf("B still sees the old credits %v after the top-up", time.Since(start))
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// TestChannelsAreSchemaScopedPostgres: stores on other schemas of the same
// database (other tests, other deployments) hear nothing of these changes.
func TestChannelsAreSchemaScopedPostgres(t *testing.T) {
	base := testenv.Postgres(t)
	a := openStore(t, testenv.FreshPostgresSchema(t, base), sqlstore.Options{})
	other := openStore(t, testenv.FreshPostgresSchema(t, base), sqlstore.Options{})
	waitLive(t, a, 1)
	waitLive(t, other, 1)
	if a.CacheSync().Channel == other.CacheSync().Channel {
		t.Fatalf("two schemas share channel %s", a.CacheSync().Channel)
	}
	_, k, _ := newKey(t, a)
	if err := a.RevokeKey(context.Background(), k.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for a.CacheSync().Heard == 0 {
		if time.Now().After(deadline) {
			t.Fatal("A never heard its own revocation")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := other.CacheSync().Heard; n != 0 {
		t.Errorf("a store on another schema heard %d notifications", n)
	}
}

// TestRevocationAfterReconnectPostgres: B's connections (the listener's
// included) go through a proxy that is cut. A revocation made while B is
// not listening is lost as a notification, yet B refuses the key once it
// listens again (it flushes on reconnecting), and notifications work again
// after the reconnection.
func TestRevocationAfterReconnectPostgres(t *testing.T) {
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	proxy := testenv.NewProxy(t, u.Host)
	u.Host = proxy.Addr
	a := openStore(t, dsn, sqlstore.Options{})
	b := openStore(t, u.String(), sqlstore.Options{KeyCacheTTL: longTTL})
	waitLive(t, b, 1)
	ctx := context.Background()
	_, k1, secret1 := newKey(t, a)
	_, k2, secret2 := newKey(t, a)
	mustAuthenticate(t, b, secret1)

	proxy.Cut()
	for deadline := time.Now().Add(5 * time.Second); b.CacheSync().Live; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("B still reports its channel live after the cut")
		}
	}
	if err := a.RevokeKey(ctx, k1.ID); err != nil {
		t.Fatal(err)
	}
	// B heard nothing and trusts its cache (the fallback TTL, an hour
	// here) while it cannot listen.
	stillAccepted(t, b, secret1, 300*time.Millisecond)

	proxy.Restore()
	waitLive(t, b, 2)
	if _, _, err := b.Authenticate(ctx, secret1); !errors.Is(err, dalil.ErrNotFound) {
		t.Fatalf("after reconnecting, B authenticates the key revoked meanwhile: %v", err)
	}
	if cs := b.CacheSync(); cs.Flushes < 2 {
		t.Errorf("flushes = %d, want one per connection", cs.Flushes)
	}

	mustAuthenticate(t, b, secret2)
	start := time.Now()
	if err := a.RevokeKey(ctx, k2.ID); err != nil {
		t.Fatal(err)
	}
	took := refusedWithin(t, b, secret2, start, revocationBound)
	t.Logf("after the reconnection, a revocation reached the other replica in %v", took)
}

// TestRevocationAcrossProcessesSQLite: two stores on one SQLite file (the
// CLI and dalil serve). The key revoked through A is refused by B, which
// caches keys for an hour, within revocationBound; charges, which commit all the
// time, never flush B's cache.
func TestRevocationAcrossProcessesSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dalil.db")
	a := openStore(t, path, sqlstore.Options{})
	b := openStore(t, path, sqlstore.Options{KeyCacheTTL: longTTL})
	if cs := b.CacheSync(); cs.Mode != "poll" || !cs.Live {
		t.Fatalf("cache sync = %+v, want poll mode, live", cs)
	}
	ctx := context.Background()
	acct, k, secret := newKey(t, a)
	mustAuthenticate(t, b, secret)

	flushes := b.CacheSync().Flushes
	for range 20 {
		if _, err := a.Charge(ctx, dalil.ChargeRequest{AccountID: acct.ID, Tool: "t", Price: 10_000, Method: dalil.MethodCredits, RequestID: dalil.NewID("req_")}); err != nil {
			t.Fatal(err)
		}
	}
	revokeBehindTheStoresBack(t, a, k.ID)
	stillAccepted(t, b, secret, 200*time.Millisecond)
	if got := b.CacheSync().Flushes; got != flushes {
		t.Errorf("charges and unannounced writes flushed B's cache %d times", got-flushes)
	}

	start := time.Now()
	if err := a.RevokeKey(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	took := refusedWithin(t, b, secret, start, revocationBound)
	t.Logf("revocation through another store on the file refused after %v", took)

	// A plan change travels the same way.
	_, _, secret2 := newKey(t, a)
	mustAuthenticate(t, b, secret2)
	acct2, _, _ := b.Authenticate(ctx, secret2)
	start = time.Now()
	if _, err := a.SetPlan(ctx, acct2.ID, "enterprise", false); err != nil {
		t.Fatal(err)
	}
	for mustAuthenticate(t, b, secret2).Plan != "enterprise" {
		if time.Since(start) > revocationBound {
			t.Fatal("B still sees the old plan")
		}
		time.Sleep(time.Millisecond)
	}
}
