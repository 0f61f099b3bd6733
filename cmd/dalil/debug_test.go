package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// TestDebugListener: DALIL_DEBUG_ADDR serves the profiler on its own
// listener; the public listener never does, and without the variable there
// is no profiler at all.
func TestDebugListener(t *testing.T) {
	for _, on := range []bool{true, false} {
		db := filepath.Join(t.TempDir(), "dalil.db")
		env := noEnv
		if on {
			env = func(k string) string {
				if k == "DALIL_DEBUG_ADDR" {
					return "127.0.0.1:0"
				}
				return ""
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		stderr := &lockedBuffer{}
		done := make(chan error, 1)
		go func() {
			done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, env, nil, io.Discard, stderr)
		}()
		public := regexp.MustCompile(`listening on (http://[0-9.:]+)`)
		debug := regexp.MustCompile(`profiler on (http://[0-9.:]+)/debug/pprof/`)
		var base string
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && base == ""; time.Sleep(20 * time.Millisecond) {
			if m := public.FindStringSubmatch(stderr.String()); m != nil {
				base = m[1]
			}
		}
		if base == "" {
			t.Fatalf("server did not start: %s", stderr.String())
		}
		status := func(url string) int {
			res, err := http.Get(url)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.StatusCode
		}
		if got := status(base + "/debug/pprof/"); got != http.StatusNotFound {
			t.Errorf("public listener /debug/pprof/: %d, want 404", got)
		}
		m := debug.FindStringSubmatch(stderr.String())
		switch {
		case on && m == nil:
			t.Errorf("no profiler address printed: %s", stderr.String())
		case on:
			if got := status(m[1] + "/debug/pprof/cmdline"); got != http.StatusOK {
				t.Errorf("profiler: %d, want 200", got)
			}
		case m != nil:
			t.Errorf("profiler started without DALIL_DEBUG_ADDR: %s", stderr.String())
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatalf("serve returned %v", err)
		}
	}
}
