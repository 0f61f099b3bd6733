package httpapi

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"dalil/capabilities/maintenance"
	"dalil/capabilities/property"
	"dalil/capability"
)

// BenchmarkRouteLookup is one look-up of a paid route in the server's mux:
// what dispatch saves per call by routing once (session 21).
func BenchmarkRouteLookup(b *testing.B) {
	reg, err := capability.NewRegistry(property.AnalyzeEntry(), property.CompareEntry(), maintenance.Entry())
	if err != nil {
		b.Fatal(err)
	}
	s := NewServer(Config{Registry: reg, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	r := httptest.NewRequest("POST", "/api/v1/property/analyze", nil)
	b.ReportAllocs()
	for b.Loop() {
		if _, p := s.mux.Handler(r); p == "" {
			b.Fatal("not routed")
		}
	}
}
