package httpapi_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"dalil/httpapi"
	"dalil/store/sqlstore"
)

// TestChargedCallArmsNoTimer: a charged call whose key is cached sets up
// no timer for its deadline (withCallDeadline): nothing on the charged
// path waits on the call's context. A step that did (a Done, a context
// derived from it) would arm it on every call and fail this.
func TestChargedCallArmsNoTimer(t *testing.T) {
	st, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{KeyCacheTTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(c *httpapi.Config) { c.Store = st })
	e.store = st
	t.Cleanup(func() { st.Close() })
	_, key := e.account("free", 1_000_000)
	body := `{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`
	call := func() {
		r := e.do("POST", "/api/v1/property/analyze", body, map[string]string{"X-API-Key": key})
		if r.Status != 200 || r.Body["meta"].(map[string]any)["paymentMethod"] != "api_credits" {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
	}
	call() // the key is read from the database (a derived context: armed) and cached
	armed, stop := httpapi.CountCallDeadlinesArmed()
	defer stop()
	const calls = 20
	for range calls {
		call()
	}
	if n := armed(); n != 0 {
		t.Errorf("%d of %d charged calls armed their deadline's timer, want none", n, calls)
	}
}
