package l402

// Review test (security review): expected to FAIL until fixed.

import (
	"testing"
	"time"
)

// A holder may append first-party caveats. For valid_until and price the
// smallest value is the more restrictive one, but for amount_sats the
// smallest value is the LEAST restrictive: Verify checks that LND was paid
// at least g.amountSats, so appending "dalil_amount_sats=1" lowers the bar
// of that check from the minted invoice amount to 1 sat (a caveat that
// widens the token instead of narrowing it).
func TestReviewAmountSatsAttenuationLowersPaidCheck(t *testing.T) {
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
