package l402

import (
	"bytes"
	"testing"
	"time"

	"gopkg.in/macaroon.v2"

	"dalil"
)

func TestIdentifierRoundTrip(t *testing.T) {
	var id identifier
	for i := range id.paymentHash {
		id.paymentHash[i] = byte(i)
		id.tokenID[i] = byte(200 + i)
	}
	b := id.encode()
	if len(b) != 66 || b[0] != 0 || b[1] != 0 || !bytes.Equal(b[2:34], id.paymentHash[:]) || !bytes.Equal(b[34:], id.tokenID[:]) {
		t.Fatalf("encode() = %x: not version 0 ‖ hash ‖ token id", b)
	}
	got, err := decodeIdentifier(b)
	if err != nil || got != id {
		t.Fatalf("decodeIdentifier(encode()) = %+v, %v", got, err)
	}
	bad := append([]byte(nil), b...)
	bad[1] = 1
	for name, in := range map[string][]byte{"version 1": bad, "short": b[:65], "long": append(b, 0), "empty": nil} {
		if _, err := decodeIdentifier(in); err == nil {
			t.Errorf("decodeIdentifier(%s) succeeded", name)
		}
	}
}

func TestMintVerifies(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	var hash [32]byte
	hash[0] = 1
	g := grant{tool: "analyze_property", validUntil: time.Unix(2_000_000_000, 0), amountSats: 11, price: 10_000}
	m, err := mint(key, "dalil", hash, g)
	if err != nil {
		t.Fatal(err)
	}
	if m.Location() != "dalil" || m.Version() != macaroon.V2 {
		t.Errorf("location %q version %v, want dalil V2", m.Location(), m.Version())
	}
	conds, err := m.VerifySignature(key, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"services=dalil:0",
		"dalil_capabilities=analyze_property",
		"dalil_valid_until=2000000000",
		"dalil_amount_sats=11",
		"dalil_price_micro_usd=10000",
	}
	if len(conds) != len(want) {
		t.Fatalf("caveats %q, want %q", conds, want)
	}
	for i := range want {
		if conds[i] != want[i] {
			t.Errorf("caveat %d = %q, want %q", i, conds[i], want[i])
		}
	}
	id, err := decodeIdentifier(m.Id())
	if err != nil || id.paymentHash != hash || id.tokenID == ([32]byte{}) {
		t.Errorf("identifier %+v, %v: want the payment hash and a random token id", id, err)
	}
}

func TestCheckCaveats(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	base := []string{
		"services=dalil:0",
		"dalil_capabilities=analyze_property",
		"dalil_valid_until=1900000600",
		"dalil_amount_sats=11",
		"dalil_price_micro_usd=10000",
	}
	with := func(extra ...string) []string { return append(append([]string(nil), base...), extra...) }
	without := func(i int) []string {
		out := append([]string(nil), base[:i]...)
		return append(out, base[i+1:]...)
	}
	tests := []struct {
		name      string
		conds     []string
		tool      string
		price     dalil.MicroUSD
		reason    string // "" = accepted
		wantUntil int64
	}{
		{"as minted", base, "analyze_property", 10_000, "", 1900000600},
		{"cheaper call", base, "analyze_property", 5_000, "", 1900000600},
		{"narrower expiry", with("dalil_valid_until=1900000100"), "analyze_property", 10_000, "", 1900000100},
		{"later expiry cannot widen", with("dalil_valid_until=1999999999"), "analyze_property", 10_000, "", 1900000600},
		{"services list with others", with("services=other:1,dalil:0"), "analyze_property", 10_000, "", 1900000600},
		{"capability list", with("dalil_capabilities=a,analyze_property"), "analyze_property", 10_000, "", 1900000600},
		{"wrong tool", base, "compare_properties", 10_000, ReasonWrongTool, 0},
		{"narrowed to another tool", with("dalil_capabilities=compare_properties"), "analyze_property", 10_000, ReasonWrongTool, 0},
		{"narrowed to another service", with("services=other:0"), "analyze_property", 10_000, ReasonWrongService, 0},
		{"other tier", []string{"services=dalil:1", base[1], base[2], base[3], base[4]}, "analyze_property", 10_000, ReasonWrongService, 0},
		{"expired by attenuation", with("dalil_valid_until=1899999999"), "analyze_property", 10_000, ReasonExpired, 0},
		{"expires exactly now", with("dalil_valid_until=1900000000"), "analyze_property", 10_000, ReasonExpired, 0},
		{"price went up", base, "analyze_property", 10_001, ReasonWrongAmount, 0},
		{"price lowered by attenuation", with("dalil_price_micro_usd=1"), "analyze_property", 10_000, ReasonWrongAmount, 0},
		{"unknown condition", with("ip=127.0.0.1"), "analyze_property", 10_000, ReasonUnknownCaveat, 0},
		{"other service's caveat", with("other_valid_until=1"), "analyze_property", 10_000, ReasonUnknownCaveat, 0},
		{"no equals sign", with("dalil_capabilities"), "analyze_property", 10_000, ReasonUnknownCaveat, 0},
		{"no services", without(0), "analyze_property", 10_000, ReasonWrongService, 0},
		{"no capability", without(1), "analyze_property", 10_000, ReasonWrongTool, 0},
		{"no expiry", without(2), "analyze_property", 10_000, ReasonMalformed, 0},
		{"no amount", without(3), "analyze_property", 10_000, ReasonMalformed, 0},
		{"no price", without(4), "analyze_property", 10_000, ReasonMalformed, 0},
		{"signed expiry", with("dalil_valid_until=+1"), "analyze_property", 10_000, ReasonMalformed, 0},
		{"leading zero", with("dalil_amount_sats=011"), "analyze_property", 10_000, ReasonMalformed, 0},
		{"zero amount", with("dalil_amount_sats=0"), "analyze_property", 10_000, ReasonMalformed, 0},
		{"too many caveats", with(append(append(append([]string(nil), base...), base...), base[:2]...)...), "analyze_property", 10_000, ReasonMalformed, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := checkCaveats(tt.conds, "dalil", tt.tool, tt.price, now)
			if tt.reason == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if g.validUntil.Unix() != tt.wantUntil || g.amountSats != 11 {
					t.Errorf("grant %+v, want valid until %d and 11 sats", g, tt.wantUntil)
				}
				return
			}
			ce, ok := err.(*caveatError)
			if !ok || ce.reason != tt.reason {
				t.Fatalf("error %v, want reason %s", err, tt.reason)
			}
		})
	}
}

// A holder may append first-party caveats, and an appended caveat only
// narrows the token. For valid_until and price the smallest value is the
// more restrictive one, but for amount_sats the smallest value is the
// LEAST restrictive: Verify checks that LND was paid at least
// g.amountSats, so an appended "dalil_amount_sats=1" must not lower the
// bar of that check from the minted invoice amount to 1 sat.
func TestAmountSatsAttenuationKeepsPaidCheck(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	minted := grant{tool: "analyze_property", validUntil: now.Add(time.Hour), amountSats: 100, price: 10_000}
	conds := append(minted.caveats("dalil"), "dalil_amount_sats=1") // appended by the client
	g, err := checkCaveats(conds, "dalil", "analyze_property", 10_000, now)
	if err != nil {
		t.Fatalf("checkCaveats: %v", err)
	}
	if g.amountSats != 100 {
		t.Errorf("required paid amount is %d sats after client attenuation, want the minted 100 (or a refusal)", g.amountSats)
	}
}
