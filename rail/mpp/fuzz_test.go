package mpp

import (
	"bytes"
	"context"
	"net/http"
	"testing"

	"dalil/rail/mpp/internal/tempo"
)

// FuzzVerifyHeader feeds arbitrary Authorization values through the whole
// credential path (split, base64url, JSON, JCS, HMAC, payload decoding):
// it must never panic, and anything it accepts must be a real payment.
// Seeds live in testdata/fuzz/FuzzVerifyHeader.
func FuzzVerifyHeader(f *testing.F) {
	f.Add("Payment eyJjaGFsbGVuZ2UiOnt9fQ")
	f.Add("Bearer x, Payment e30, L402 a:b")
	r, err := New(Config{SecretKey: testSecret, Realm: "127.0.0.1", Recipient: testRecipient, RPCURL: "http://127.0.0.1:1"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, header string) {
		h := http.Header{"Authorization": {header}}
		_ = r.Present(h)
		p, err := r.Verify(context.Background(), h, testQuote)
		if err == nil && (p == nil || p.CredentialID == "") {
			t.Fatalf("accepted without a payment: %q", header)
		}
	})
}

// FuzzCanonicalize checks that JCS never panics and is idempotent.
func FuzzCanonicalize(f *testing.F) {
	f.Add([]byte(`{"b":[1,2.5e-7,1e21],"a":"\u0000é"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := Canonicalize(in)
		if err != nil {
			return
		}
		again, err := Canonicalize(out)
		if err != nil || !bytes.Equal(out, again) {
			t.Fatalf("not idempotent: %s -> %s (%v)", out, again, err)
		}
	})
}

// FuzzDecodeTx checks the RLP/Tempo transaction decoder on hostile bytes.
func FuzzDecodeTx(f *testing.F) {
	f.Add([]byte{0x76, 0xc0})
	f.Fuzz(func(t *testing.T, raw []byte) {
		tx, err := tempo.DecodeTx(raw)
		if err == nil && tx.Hash != tempo.Keccak256(raw) {
			t.Fatal("hash mismatch")
		}
	})
}
