package dalil_test

import (
	"slices"
	"testing"

	"dalil"
)

// TestRailCatalogue: the catalogue holds the spec's two orders (the
// listing's and auto's priority) and its one name mapping (the header's
// credits is the listing's api_credits).
func TestRailCatalogue(t *testing.T) {
	var listed, byPriority, headers []string
	for _, r := range dalil.Rails {
		listed = append(listed, r.ID)
		headers = append(headers, r.Header)
		if r.Type == dalil.RailPayPerCall && (r.Header != r.ID || r.Route == "") {
			t.Errorf("pay-per-call rail %s: header %q, route %q", r.ID, r.Header, r.Route)
		}
		if r.Type == dalil.RailAccount && r.Route != "" {
			t.Errorf("account rail %s has a dedicated route %q", r.ID, r.Route)
		}
	}
	for i, r := range dalil.RailsByPriority() {
		byPriority = append(byPriority, r.ID)
		if r.Priority != i+1 {
			t.Errorf("%s has priority %d at place %d", r.ID, r.Priority, i+1)
		}
	}
	if want := []string{"x402", "api_credits", "subscription", "l402", "mpp"}; !slices.Equal(listed, want) {
		t.Errorf("listing order %v, want %v", listed, want)
	}
	if want := []string{"subscription", "api_credits", "x402", "l402", "mpp"}; !slices.Equal(byPriority, want) {
		t.Errorf("priority order %v, want %v", byPriority, want)
	}
	if want := []string{"x402", "credits", "subscription", "l402", "mpp"}; !slices.Equal(headers, want) {
		t.Errorf("header values %v, want %v", headers, want)
	}
	for _, h := range headers {
		if r, ok := dalil.RailByHeader(h); !ok || r.Header != h {
			t.Errorf("RailByHeader(%q) = %+v, %v", h, r, ok)
		}
	}
	for _, h := range []string{"", "auto", "api_credits", "X402"} {
		if r, ok := dalil.RailByHeader(h); ok {
			t.Errorf("RailByHeader(%q) = %+v, want none", h, r)
		}
	}
}

func TestPaidPath(t *testing.T) {
	tests := []struct{ rail, id, path, want string }{
		{dalil.RailX402, "analyze_property", "/api/v1/property/analyze", "/api/v1/x402/property/analyze"},
		{dalil.RailL402, "analyze_property", "/api/v1/property/analyze", "/api/v1/l402/property/analyze"},
		{dalil.RailMPP, "analyze_property", "/api/v1/property/analyze", "/api/v1/mpp/charge/analyze_property"},
		{dalil.RailCredits, "analyze_property", "/api/v1/property/analyze", ""},
	}
	for _, tt := range tests {
		var r dalil.RailInfo
		for _, c := range dalil.Rails {
			if c.ID == tt.rail {
				r = c
			}
		}
		if got := r.PaidPath(tt.id, tt.path); got != tt.want {
			t.Errorf("%s.PaidPath(%s) = %q, want %q", tt.rail, tt.path, got, tt.want)
		}
	}
}
