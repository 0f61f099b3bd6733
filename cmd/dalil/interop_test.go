//go:build interop

package main

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dalil/rail/mpp"
	"dalil/rail/mpp/mpptest"
)

// TestInteropNPMClients drives a running `dalil serve` (all three rails on,
// local facilitator, LND and Tempo RPC on loopback) with the real npm
// clients in scripts/interop: @x402/fetch + @x402/evm (v2), x402-fetch
// (v1), mppx (charge, a Dalil session deposit, and the MPP session intent:
// a payment channel on the simulated escrow, opened, paid by vouchers and
// closed by mppx's session manager) and lsat-js + bolt11 (L402). Each
// script makes paid calls and asserts 200s with data; this test then
// checks that the providers saw the payments.
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
	// The MPP session intent on, with the simulated escrow at the testnet
	// escrow address (the one mppx trusts for chain 42431 by default).
	esc := mpptest.NewEscrow(p.rpc, mpp.Networks["tempo-testnet"].Escrow)
	p.env[envMPPChannels] = "on"
	p.env[envMPPEscrow] = esc.Address.Hex()
	// Agents fund themselves over x402 (x402-fund.mjs).
	p.env["DALIL_FUNDING_RAILS"] = "x402"
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

	var out []byte // the running script's output
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
		{"x402-fund.mjs", nil, func(t *testing.T) {
			if n := len(p.fac.Settlements()); n != 3 {
				t.Errorf("facilitator settled %d payments, want 3 (v2, v1, the funding; not its replay)", n)
			}
		}},
		{"mppx.mjs", nil, func(t *testing.T) {
			// Charge, session deposit, session refund.
			if n := len(p.rpc.Sent()); n != 3 {
				t.Errorf("Tempo RPC got %d transactions, want 3", n)
			}
		}},
		{"mppx-session.mjs", nil, func(t *testing.T) {
			checkMPPXSession(t, esc, out, p.env[envMPPRecipient])
			// Plus two channels' open and close transactions.
			if n := len(p.rpc.Sent()); n != 7 {
				t.Errorf("Tempo RPC got %d transactions, want 7", n)
			}
		}},
		{"l402.mjs", []string{wallet.URL}, nil},
	} {
		t.Run(tc.script, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, "node", append([]string{tc.script, base}, tc.args...)...)
			cmd.Dir = dir
			var err error
			out, err = cmd.CombinedOutput()
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

// checkMPPXSession checks what mppx-session.mjs reported against the
// simulated escrow. Both channels mppx opened are the payer's, pay the
// recipient, and were finalized by the payee's close() settling exactly
// mppx's final voucher and refunding the rest of the 50000 deposit
// (min(suggestedDeposit, maxDeposit 0.05)): the first channel paid three
// calls (30000), the second was opened with open() (initial voucher 10000,
// nothing spent) and paid one call with a voucher of 20000.
func checkMPPXSession(t *testing.T, esc *mpptest.Escrow, out []byte, recipient string) {
	t.Helper()
	var res struct {
		Payer    string
		Channels []struct{ ChannelID, Settled, CloseTx, OpenTx string }
	}
	_, line, ok := strings.Cut(string(out), "session-result ")
	if line, _, _ = strings.Cut(line, "\n"); !ok || json.Unmarshal([]byte(line), &res) != nil {
		t.Fatalf("no session-result line in the output")
	}
	want := []int64{30_000, 20_000}
	if len(res.Channels) != len(want) {
		t.Fatalf("session-result has %d channels, want %d", len(res.Channels), len(want))
	}
	for i, c := range res.Channels {
		b, err := hex.DecodeString(strings.TrimPrefix(c.ChannelID, "0x"))
		if err != nil || len(b) != 32 {
			t.Fatalf("channel id %q", c.ChannelID)
		}
		id := [32]byte(b)
		ch, ok := esc.Channel(id)
		if !ok || !strings.EqualFold(ch.Payer.Hex(), res.Payer) || !strings.EqualFold(ch.Payee.Hex(), recipient) || !ch.Finalized || ch.Deposit.Int64() != 50_000 {
			t.Fatalf("escrow channel %d %+v (found %v), want payer %s payee %s deposit 50000 finalized", i, ch, ok, res.Payer, recipient)
		}
		closed, done := esc.Close(id)
		if !done || closed.Amount.Int64() != want[i] || closed.Refund.Int64() != 50_000-want[i] || closed.Settled.Sign() != 0 || !strings.EqualFold(closed.By.Hex(), recipient) {
			t.Fatalf("escrow close of channel %d %+v (done %v), want %d paid to %s and %d refunded", i, closed, done, want[i], recipient, 50_000-want[i])
		}
		if c.Settled != closed.Amount.String() || c.CloseTx == "" || (i == 0 && c.OpenTx == "") {
			t.Errorf("script result %+v, escrow close %+v", c, closed)
		}
	}
}
