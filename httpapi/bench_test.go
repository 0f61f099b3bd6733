package httpapi_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
)

// benchCall drives one route in-process through the whole server: request
// id, logging, metrics, authentication, decoding against the schema, the
// work, the durable charge (SQLite, synchronous=FULL) and the envelope.
func benchCall(b *testing.B, method, path, body string, paid bool) {
	e := newEnv(b)
	_, key := e.account("free", 1_000_000_000_000) // a million dollars: never runs out
	h := e.srv.Config.Handler
	b.ReportAllocs()
	// 32 goroutines per core: like many clients, so concurrent charges
	// share group commits as they do under real load.
	b.SetParallelism(32)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest(method, path, bytes.NewBufferString(body))
			if body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			if paid {
				req.Header.Set("X-API-Key", key)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
			}
		}
	})
}

func BenchmarkAnalyzeProperty(b *testing.B) {
	benchCall(b, "POST", "/api/v1/property/analyze", `{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`, true)
}

func BenchmarkCompareProperties(b *testing.B) {
	benchCall(b, "POST", "/api/v1/property/compare", `{"properties":[{"name":"A","propertyValue":85000,"annualRent":7200},{"name":"B","propertyValue":100000,"annualRent":7000},{"name":"C","propertyValue":64000,"annualRent":5100,"vacancyRatePct":5}]}`, true)
}

func BenchmarkEstimateMaintenance(b *testing.B) {
	benchCall(b, "POST", "/api/v1/maintenance/estimate", `{"propertyValue":100000,"ageYears":12,"units":3}`, true)
}

func BenchmarkHealth(b *testing.B) {
	benchCall(b, "GET", "/api/v1/health", "", false)
}
