package voice

import "dalil"

// PerMinute is the rate of connected time for every voice capability.
const PerMinute dalil.MicroUSD = 150_000

// Base fees (reference service §9).
const (
	BaseCallAgent     dalil.MicroUSD = 300_000
	BaseLeadQualifier dalil.MicroUSD = 750_000
	BaseAppointment   dalil.MicroUSD = 500_000
)

// DefaultMaxDuration is maxDurationSeconds when the input has none.
const DefaultMaxDuration = 300

// Charge is what a call costs: nothing unless it connected; else base +
// seconds/60 × PerMinute, seconds capped at maxSeconds, rounded half up
// to the cent (the reference: 125 s of ai_call_agent → USD 0.61).
func Charge(base dalil.MicroUSD, connectedSeconds, maxSeconds int, connected bool) dalil.MicroUSD {
	if !connected {
		return 0
	}
	secs := max(0, min(connectedSeconds, maxSeconds))
	// In micro-USD: base + secs × PerMinute / 60, then to whole cents.
	micro := int64(base) + int64(secs)*int64(PerMinute)/60
	const cent = 10_000
	return dalil.MicroUSD((micro + cent/2) / cent * cent)
}

// MaxCharge is the most a call with this maximum duration can cost: what
// account rails hold when it is queued.
func MaxCharge(base dalil.MicroUSD, maxSeconds int) dalil.MicroUSD {
	return Charge(base, maxSeconds, maxSeconds, true)
}
