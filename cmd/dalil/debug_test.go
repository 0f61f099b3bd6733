package main

import (
	"net/http"
	"regexp"
	"testing"
)

// TestDebugListener: DALIL_DEBUG_ADDR serves the profiler on its own
// listener; the public listener never does, and without the variable there
// is no profiler at all.
func TestDebugListener(t *testing.T) {
	status := func(t *testing.T, url string) int {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	debug := regexp.MustCompile(`profiler on (http://[0-9.:]+)/debug/pprof/`)
	for _, on := range []bool{true, false} {
		t.Run(map[bool]string{true: "on", false: "off"}[on], func(t *testing.T) {
			env := map[string]string{}
			if on {
				env["DALIL_DEBUG_ADDR"] = "127.0.0.1:0"
			}
			base, stderr := serveWith(t, env)
			if got := status(t, base+"/debug/pprof/"); got != http.StatusNotFound {
				t.Errorf("public listener /debug/pprof/: %d, want 404", got)
			}
			m := debug.FindStringSubmatch(stderr.String())
			switch {
			case on && m == nil:
				t.Errorf("no profiler address printed: %s", stderr.String())
			case on:
				if got := status(t, m[1]+"/debug/pprof/cmdline"); got != http.StatusOK {
					t.Errorf("profiler: %d, want 200", got)
				}
			case m != nil:
				t.Errorf("profiler started without DALIL_DEBUG_ADDR: %s", stderr.String())
			}
		})
	}
}
