package ratelimit

import (
	"math"
	"time"
)

// slots is how many slots a window is cut into: one second each for the
// one-minute window of contract §8. A call is counted in the slot it was
// made in, and a slot stays counted until slots+1 slots have begun, so a
// call is forgotten between one window and one window plus one slot after
// it was made (60 to 61 s). Counting the partial oldest slot whole is what
// makes the limit exact from above: any 60-second span lies within slots+1
// consecutive slots, and a call is only allowed while those hold fewer
// than the limit. The price is at most one slot of extra wait (1/60, about
// 1.7 %) for a client already at its limit. 60 slots keep that error
// below the 5 % the contract tolerates and the state per key small and
// fixed (61 counters whatever the limit) where a log of timestamps would
// hold up to 3000 per enterprise key.
const slots = 60

// ring is how many slot counters a window keeps: the current slot and the
// slots before it that are still counted.
const ring = slots + 1

// DefaultWindow is the span the per-minute figure applies to.
const DefaultWindow = time.Minute

// slotWidth is the length of one slot of window (DefaultWindow when
// window <= 0), rounded up to a multiple of unit so that ring slots
// always cover a whole window.
func slotWidth(window, unit time.Duration) time.Duration {
	if window <= 0 {
		window = DefaultWindow
	}
	w := (window + slots - 1) / slots
	return (w + unit - 1) / unit * unit
}

// clampLimit is perMinute as a count the window's counters can compare
// with; no counter reaches math.MaxUint32 calls.
func clampLimit(perMinute int) uint32 {
	return uint32(min(perMinute, math.MaxUint32))
}

// verdict describes a window after a call was counted (allowed) or refused.
// width is the slot width and into how far now is into the current slot.
// total is the number of calls the window holds afterwards, and oldest
// the age of its oldest slot that holds a call (0, the current slot,
// when it holds none). counts, read only when the call was refused, holds
// the window's counters by age: the calls of the current slot first, then
// those of the slot before, and so on.
func verdict(allowed bool, perMinute int, total uint32, width, into time.Duration, oldest int, counts *[ring]uint32) Result {
	r := Result{
		Allowed:   allowed,
		Limit:     perMinute,
		Remaining: max(perMinute-int(total), 0),
		// The next calls leave when the oldest slot holding one does; a
		// window is never reported longer than it is (the partial oldest
		// slot, counted whole, adds less than one slot).
		Reset: min(leaves(oldest, width, into), slots*width),
	}
	if allowed {
		return r
	}
	// Refused: the next call succeeds once enough of the oldest slots have
	// left for the window to hold fewer than perMinute calls.
	need := int64(total) - int64(perMinute) + 1 // calls that must leave first
	var gone int64
	for age := ring - 1; age >= 0 && gone < need; age-- {
		if gone += int64(counts[age]); gone >= need {
			r.RetryAfter = leaves(age, width, into)
		}
	}
	if r.RetryAfter <= 0 {
		// Only a window that disagrees with total gets here; never let a
		// refusal say "retry now".
		r.RetryAfter = max(r.Reset, width-into)
	}
	return r
}

// leaves returns how long from now the calls of the slot age slots before
// the current one stay counted: until slot current+ring-age begins.
func leaves(age int, width, into time.Duration) time.Duration {
	return time.Duration(ring-age)*width - into
}
