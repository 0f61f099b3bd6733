package x402

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"dalil"
)

// FuzzCheckHeader feeds arbitrary header values through the decoder and the
// whole local verification. It must never panic; anything refused must be
// a PAYMENT_INVALID refusal with a reason; anything accepted must really
// pay the requirement (the seed corpus in testdata/fuzz holds valid v1 and
// v2 headers signed for it, so mutations start from the accepting path).
func FuzzCheckHeader(f *testing.F) {
	base, _ := LookupNetwork("eip155:8453")
	req := Requirement{Network: base, Amount: "10000", PayTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", MaxTimeoutSeconds: 60}
	now := time.Unix(1_800_000_000, 0)
	f.Add("", byte(1))
	f.Add("e30=", byte(2))
	f.Fuzz(func(t *testing.T, value string, v byte) {
		version := int(v%2) + 1
		raw, err := decodeHeader(value)
		if err != nil {
			return
		}
		got, err := CheckPayload(version, raw, req, now)
		if err != nil {
			var e *dalil.Error
			if !errors.As(err, &e) || e.Code != dalil.CodePaymentInvalid || Reason(err) == "" {
				t.Fatalf("refusal is not a PAYMENT_INVALID with a reason: %#v", err)
			}
			return
		}
		a := got.Authorization
		if !strings.EqualFold(a.To, req.PayTo) || got.Version != version {
			t.Fatalf("accepted a payment to %s (v%d)", a.To, got.Version)
		}
		if v, _ := parseUint256(a.Value); v == nil || v.String() != req.Amount {
			t.Fatalf("accepted value %s", a.Value)
		}
		if got.ValidBefore.Before(now.Add(ValidBeforeMargin)) {
			t.Fatalf("accepted an authorization valid until %v", got.ValidBefore)
		}
		if !strings.EqualFold(got.Payer, a.From) {
			t.Fatalf("payer %s is not from %s", got.Payer, a.From)
		}
	})
}

// TestFuzzSeedsAccepted makes sure the seed corpus starts the fuzzer on the
// accepting path: the valid-v1 and valid-v2 seeds pass CheckPayload.
func TestFuzzSeedsAccepted(t *testing.T) {
	base, _ := LookupNetwork("eip155:8453")
	req := Requirement{Network: base, Amount: "10000", PayTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", MaxTimeoutSeconds: 60}
	for version, name := range map[int]string{1: "valid-v1", 2: "valid-v2"} {
		data, err := os.ReadFile("testdata/fuzz/FuzzCheckHeader/" + name)
		if err != nil {
			t.Fatal(err)
		}
		line := strings.Split(string(data), "\n")[1]
		value, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(line, "string("), ")"))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := decodeHeader(value)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := CheckPayload(version, raw, req, time.Unix(1_800_000_000, 0)); err != nil {
			t.Errorf("%s refused: %v", name, err)
		}
	}
}
