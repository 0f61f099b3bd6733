package x402_test

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"dalil/rail/x402"
	"dalil/rail/x402/x402test"
)

// TestCheckPayloadRefusesKeyFoldLongS: checkJSON refuses keys repeated "in
// another case", and encoding/json matches field names with Unicode simple
// case folding, under which U+017F LATIN SMALL LETTER LONG S ("ſ") equals
// "s" (while strings.ToLower, which the check once compared, leaves it
// unchanged). In {"scheme":"upto", "ſcheme":"exact"} Go would read the
// last one ("exact") and a JavaScript facilitator "upto". The same goes for
// "signature", "asset" and "x402Version" (every checked key that contains
// an "s"). Every one of these payloads must be refused.
func TestCheckPayloadRefusesKeyFoldLongS(t *testing.T) {
	now := time.Unix(1_800_000_000, 0).UTC()
	const payTo = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C"
	key := x402test.NewKey()
	base, _ := x402.LookupNetwork("eip155:8453")
	req := x402.Requirement{Network: base, Amount: "10000", PayTo: payTo, MaxTimeoutSeconds: 60}
	a := x402test.NewAuthorization(key, payTo, "10000", now, 60*time.Second)

	decode := func(version int) string {
		h, err := x402test.Sign(key, a, "eip155:8453", version)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := base64.StdEncoding.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := x402.CheckPayload(version, raw, req, now); err != nil {
			t.Fatalf("the untampered v%d payload is refused: %v", version, err)
		}
		return string(raw)
	}
	inject := func(doc, old, new string) string {
		if !strings.Contains(doc, old) {
			t.Fatalf("%q not in %s", old, doc)
		}
		return strings.Replace(doc, old, new, 1)
	}
	v1, v2 := decode(1), decode(2)

	cases := []struct {
		name    string
		version int
		doc     string
	}{
		// JS reads scheme "upto"; Go reads "exact".
		{"v1 scheme", 1, inject(v1, `"scheme":"exact"`, `"scheme":"upto","ſcheme":"exact"`)},
		// JS reads the bogus first signature; Go verifies the second.
		{"v2 signature", 2, inject(v2, `"signature":`, `"signature":"0x00","ſignature":`)},
		// JS reads another token as accepted.asset; Go reads USDC.
		{"v2 accepted.asset", 2, inject(v2, `"asset":`, `"asset":"0x0000000000000000000000000000000000000bad","aſſet":`)},
		// JS reads x402Version 2 in an X-PAYMENT (v1) payload; Go reads 1.
		{"v1 x402Version", 1, inject(v1, `"x402Version":1`, `"x402Version":2,"x402Verſion":1`)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := x402.CheckPayload(c.version, []byte(c.doc), req, now); err == nil {
				t.Errorf("accepted a payload whose keys differ only by Unicode case folding (ſ = s), which a JavaScript facilitator reads differently:\n%s", c.doc)
			}
		})
	}
}
