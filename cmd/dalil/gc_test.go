package main

import (
	"runtime/metrics"
	"testing"
)

func gogcNow() uint64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestServeGCPercent: serve runs with GOGC 400 unless the operator set
// GOGC, whose value (the runtime's own) is left alone; the previous
// setting is back once serve returns.
func TestServeGCPercent(t *testing.T) {
	before := gogcNow()
	for _, tc := range []struct {
		gogc string
		want uint64
	}{{"", defaultGCPercent}, {"150", before}, {"off", before}} {
		t.Run("GOGC="+tc.gogc, func(t *testing.T) {
			serveWith(t, map[string]string{"GOGC": tc.gogc}) // stopped when the subtest ends
			if got := gogcNow(); got != tc.want {
				t.Errorf("serving with GC percent %d, want %d", got, tc.want)
			}
		})
		if got := gogcNow(); got != before {
			t.Errorf("GOGC=%q: GC percent %d after serve, want %d back", tc.gogc, got, before)
		}
	}
	if p, ok := gcPercent(noEnv); !ok || p != 400 {
		t.Errorf("gcPercent without GOGC = %d, %v; want 400, true", p, ok)
	}
}
