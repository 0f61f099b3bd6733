package httpapi

import (
	"io"
	"log/slog"
	"net/http"
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

// TestExactRoutes: a request routed to the pattern that is its own method
// and path is routed again from the table, to the mux's handler and
// pattern; others (another method, a wildcard, an escaped path, any
// request once a pattern names a host) are left to the mux.
func TestExactRoutes(t *testing.T) {
	m := &serveMux{ServeMux: http.NewServeMux()}
	var got string
	for _, p := range []string{"POST /a/b", "GET /a/b", "GET /w/{id}", "/any"} {
		m.HandleFunc(p, func(http.ResponseWriter, *http.Request) { got = p })
	}
	route := func(method, target string) (string, bool) {
		r := httptest.NewRequest(method, target, nil)
		if h, p, ok := m.exact(r); ok {
			got = ""
			h.ServeHTTP(nil, r)
			if got != p {
				t.Fatalf("%s %s: table's handler is %q's, pattern %q", method, target, got, p)
			}
			return p, true
		}
		h, p := m.Handler(r)
		if p != "" {
			m.remember(r, h, p)
		}
		return p, false
	}
	for _, tc := range []struct {
		method, target, pattern string
		cached                  bool // the second time
	}{
		{"POST", "/a/b", "POST /a/b", true},
		{"GET", "/a/b", "GET /a/b", true},
		{"HEAD", "/a/b", "GET /a/b", false},
		{"GET", "/w/1", "GET /w/{id}", false},
		{"PUT", "/any", "/any", false},
		{"POST", "/a%2Fb", "", false},
		{"DELETE", "/a/b", "", false},
	} {
		for i := range 2 {
			p, hit := route(tc.method, tc.target)
			if p != tc.pattern || hit != (i == 1 && tc.cached) {
				t.Errorf("%s %s, time %d: pattern %q from the table %v; want %q, %v", tc.method, tc.target, i+1, p, hit, tc.pattern, i == 1 && tc.cached)
			}
		}
	}
	if n := len(*m.routes.Load()); n != 2 {
		t.Errorf("table holds %d routes; want 2", n)
	}
	m.HandleFunc("POST example.com/a/b", func(http.ResponseWriter, *http.Request) {})
	if _, hit := route("POST", "/a/b"); hit {
		t.Error("a pattern names a host, and the table is still used")
	}
}
