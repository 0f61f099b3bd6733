//go:build interop

package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInteropNPMClients drives a running `dalil serve` (all three rails on,
// local facilitator, LND and Tempo RPC on loopback) with the real npm
// clients in scripts/interop: @x402/fetch + @x402/evm (v2), x402-fetch
// (v1), mppx (charge and a session deposit) and lsat-js + bolt11 (L402).
// Each script makes a paid call and asserts a 200 with data; this test
// then checks that the providers saw the payments.
//
// Run through scripts/interop/run (it installs the pinned packages):
//
//	go test -tags interop -run TestInteropNPMClients ./cmd/dalil
func TestInteropNPMClients(t *testing.T) {
	dir := os.Getenv("DALIL_INTEROP_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "scripts", "interop")
	}
	dir, _ = filepath.Abs(dir)
	if _, err := os.Stat(filepath.Join(dir, "node_modules")); err != nil {
		t.Fatalf("npm packages missing in %s (run scripts/interop/run): %v", dir, err)
	}
	p := startProviders(t)
	base, logs := serveWith(t, p.env)
	// The L402 "wallet": pays a BOLT11 invoice through the local LND and
	// answers the preimage, as a Lightning wallet would learn it.
	wallet := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(io.LimitReader(r.Body, 4096))
		pre, err := p.lnd.PayInvoice(strings.TrimSpace(string(b)))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		io.WriteString(w, pre)
	}))
	t.Cleanup(wallet.Close)

	for _, tc := range []struct {
		script string
		args   []string
		check  func(t *testing.T)
	}{
		{"x402-v2.mjs", nil, nil},
		{"x402-v1.mjs", nil, func(t *testing.T) {
			if n := len(p.fac.Settlements()); n != 2 {
				t.Errorf("facilitator settled %d payments, want 2 (v2 and v1)", n)
			}
		}},
		{"mppx.mjs", nil, func(t *testing.T) {
			// Charge, session deposit, session refund.
			if n := len(p.rpc.Sent()); n != 3 {
				t.Errorf("Tempo RPC got %d transactions, want 3", n)
			}
		}},
		{"l402.mjs", []string{wallet.URL}, nil},
	} {
		t.Run(tc.script, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, "node", append([]string{tc.script, base}, tc.args...)...)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("node %s: %v", tc.script, err)
			}
			if tc.check != nil {
				tc.check(t)
			}
		})
	}
	if t.Failed() {
		t.Logf("dalil log:\n%s", logs.String())
	}
}
