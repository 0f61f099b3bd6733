package main

import (
	"context"
	"io"
	"path/filepath"
	"regexp"
	"runtime/metrics"
	"testing"
	"time"
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
		env := func(k string) string {
			if k == "GOGC" {
				return tc.gogc
			}
			return ""
		}
		db := filepath.Join(t.TempDir(), "dalil.db")
		ctx, cancel := context.WithCancel(context.Background())
		stderr := &lockedBuffer{}
		done := make(chan error, 1)
		go func() {
			done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, env, nil, io.Discard, stderr)
		}()
		started := regexp.MustCompile(`listening on http://`)
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && !started.MatchString(stderr.String()); time.Sleep(20 * time.Millisecond) {
		}
		if !started.MatchString(stderr.String()) {
			t.Fatalf("server did not start: %s", stderr.String())
		}
		if got := gogcNow(); got != tc.want {
			t.Errorf("GOGC=%q: serving with GC percent %d, want %d", tc.gogc, got, tc.want)
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if got := gogcNow(); got != before {
			t.Errorf("GOGC=%q: GC percent %d after serve, want %d back", tc.gogc, got, before)
		}
	}
	if p, ok := gcPercent(noEnv); !ok || p != 400 {
		t.Errorf("gcPercent without GOGC = %d, %v; want 400, true", p, ok)
	}
}
