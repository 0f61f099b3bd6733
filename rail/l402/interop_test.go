package l402_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNPMInterop runs the real npm client libraries (lsat-js 2.0.6, bolt11)
// on a challenge from the rail and verifies the token lsat-js builds. It is
// opt-in: set DALIL_L402_NPM_DIR to a directory where
//
//	{"dependencies":{"bolt11":"1.4.1","lsat-js":"2.0.6","macaroon":"3.0.4"},
//	 "overrides":{"macaroon":"3.0.4"}}
//
// was npm-installed (the override replaces lsat-js's git dependency, which
// cannot be fetched offline).
func TestNPMInterop(t *testing.T) {
	dir := os.Getenv("DALIL_L402_NPM_DIR")
	if dir == "" {
		t.Skip("DALIL_L402_NPM_DIR not set")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	script, err := filepath.Abs("testdata/interop.cjs")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, nil)
	ch, b := f.challenge(t, quote)
	pre, err := f.lnd.Pay(b.PaymentHash)
	if err != nil {
		t.Fatal(err)
	}
	lines := ch.Headers.Values("WWW-Authenticate")
	headers := map[string]string{
		"LSAT line": lines[0],
		"L402 line": lines[1],
		"folded":    strings.Join(lines, ", "),
	}
	for name, header := range headers {
		t.Run(name, func(t *testing.T) {
			in, _ := json.Marshal(map[string]string{"header": header, "preimage": pre})
			cmd := exec.Command(node, script)
			cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(dir, "node_modules"))
			cmd.Stdin = bytes.NewReader(in)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("node: %v\n%s", err, stderr.String())
			}
			var got struct {
				PaymentHash        string `json:"paymentHash"`
				InvoicePaymentHash string `json:"invoicePaymentHash"`
				Satoshis           int64  `json:"satoshis"`
				Network            string `json:"network"`
				PayeeNodeKey       string `json:"payeeNodeKey"`
				Description        string `json:"description"`
				Satisfied          bool   `json:"satisfied"`
				Token              string `json:"token"`
			}
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("node output %s: %v", out, err)
			}
			want := got
			want.PaymentHash, want.InvoicePaymentHash = b.PaymentHash, b.PaymentHash
			want.Satoshis, want.Network, want.Satisfied = b.AmountSats, "bc", true
			want.PayeeNodeKey = hex.EncodeToString(f.lnd.NodeKey.PubKey().SerializeCompressed())
			want.Description = "dalil analyze_property"
			want.Token = "LSAT " + b.Macaroon + ":" + pre
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("npm view (-want +got):\n%s", diff)
			}
			for _, tok := range []string{got.Token, "L402 " + strings.TrimPrefix(got.Token, "LSAT ")} {
				if _, err := f.rail.Verify(context.Background(), authHeader(tok), quote); err != nil {
					t.Errorf("Verify(%q): %v", tok, err)
				}
			}
		})
	}
}
