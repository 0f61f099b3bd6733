package httpapi_test

import (
	"bytes"
	"context"
	"net/http/httptest"
	"testing"

	"dalil"
)

// FuzzPaidRoute sends arbitrary bodies through the whole server, key and
// charge included: never a 500, and never a charge for a non-2xx answer.
func FuzzPaidRoute(f *testing.F) {
	for _, s := range []string{
		`{"propertyValue":85000,"annualRent":7200}`, `{"propertyValue":1e400,"annualRent":1}`, `{"a":1,"a":2}`,
		`{"properties":[{"name":"A","propertyValue":1,"annualRent":1},{"name":"A","propertyValue":1,"annualRent":1}]}`,
		"\x00\xff", `[`, `{"propertyValue":100000,"units":3.0}`,
	} {
		f.Add([]byte(s))
	}
	e := newEnv(f)
	id, key := e.account("free", 1_000_000_000)
	h := e.srv.Config.Handler
	credits := func(t *testing.T) dalil.MicroUSD {
		a, err := e.store.Account(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return a.Credits
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, path := range []string{"/api/v1/property/analyze", "/api/v1/property/compare", "/api/v1/maintenance/estimate"} {
			before := credits(t)
			req := httptest.NewRequest("POST", path, bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-API-Key", key)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code >= 500 {
				t.Fatalf("%s: %d for %q: %s", path, rec.Code, body, rec.Body)
			}
			if rec.Code != 200 && credits(t) != before {
				t.Fatalf("%s: charged for a %d", path, rec.Code)
			}
		}
	})
}
