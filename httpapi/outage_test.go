package httpapi_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/internal/testenv"
	"dalil/ops"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

// TestPostgresOutageAndRecovery takes PostgreSQL away from a running
// service: paid calls answer 503 and charge nothing, and once the
// database is back the service recovers by itself.
func TestPostgresOutageAndRecovery(t *testing.T) {
	base := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	u, _ := url.Parse(base)
	proxy := testenv.NewProxy(t, u.Host)
	u.Host = proxy.Addr
	st, err := sqlstore.Open(context.Background(), u.String(), sqlstore.Options{OpTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reg, _ := capability.NewRegistry(property.AnalyzeEntry())
	srv := httptest.NewServer(httpapi.NewServer(httpapi.Config{Registry: reg, Store: st, Logger: slog.New(slog.DiscardHandler)}))
	defer srv.Close()
	e := &env{t: t, srv: srv, store: st, logs: &syncBuffer{}}
	c, err := ops.CreateAccount(context.Background(), st, "pg", "free", 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	key := map[string]string{"X-API-Key": c.APIKey}
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, key); r.Status != 200 {
		t.Fatalf("before outage: %d %s", r.Status, r.Raw)
	}

	proxy.Cut()
	for i := 0; i < 3; i++ {
		if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, key); r.Status != 503 || r.code() != "SERVICE_UNAVAILABLE" {
			t.Fatalf("during outage: %d %s", r.Status, r.Raw)
		}
	}
	if r := e.do("GET", "/api/v1/health", nil, nil); r.Status != 503 {
		t.Errorf("health during outage: %d", r.Status)
	}

	// A database that accepts connections and never answers: calls end
	// with 503 after the group timeout instead of hanging.
	proxy.Hang()
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, key); r.Status != 503 {
		t.Fatalf("hanging database: %d %s", r.Status, r.Raw)
	}

	proxy.Restore()
	var r response
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if r = e.do("POST", "/api/v1/property/analyze", analyzeBody, key); r.Status == 200 {
			break
		}
	}
	if r.Status != 200 {
		t.Fatalf("no recovery: %d %s", r.Status, r.Raw)
	}
	// Two successful calls in all: nothing half-charged during the outage.
	if got := e.credits(c.AccountID); got != 980_000 {
		t.Errorf("credits = %d, want 980000", got)
	}
	if sum := storetest.LedgerSum(t, st, c.AccountID); sum != 980_000 {
		t.Errorf("ledger sums to %d", sum)
	}
}
