package ratelimit

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"
)

// These tests check the promises of the package doc against random arrival
// patterns, with nothing taken from the implementation but its answers:
//
//   - no span of one window (both ends included) holds more than the
//     limit's allowed calls;
//   - a call is refused only when the window plus one slot before it holds
//     the limit's calls (the limiter refuses no more than one slot early);
//   - Remaining, RetryAfter and Reset are what probing the limiter shows.

// testLimits spans one call a minute to the enterprise plan.
var testLimits = []int{1, 2, 5, 30, 60, 120, 600, 3000}

// pattern returns call times from 0 over about span for a key limited to n
// calls a minute: bursts, steady streams faster and slower than the limit,
// and pauses, mixed at random.
func pattern(rng *rand.Rand, n int, span time.Duration) []time.Duration {
	var out []time.Duration
	var t time.Duration
	for t < span {
		switch rng.IntN(4) {
		case 0: // a burst, possibly larger than the budget, in one instant
			for range 1 + rng.IntN(2*n) {
				out = append(out, t)
			}
		case 1: // a stream at 0.5 to 3 times the limit, for a while
			gap := time.Duration(float64(time.Minute) / (float64(n) * (0.5 + 2.5*rng.Float64())))
			until := t + time.Duration(rng.Int64N(int64(90*time.Second)))
			for t < until {
				out = append(out, t)
				t += time.Duration(rng.ExpFloat64() * float64(gap))
			}
		case 2: // a pause
			t += time.Duration(rng.Int64N(int64(70 * time.Second)))
		case 3: // a few calls at random
			for range 1 + rng.IntN(5) {
				out = append(out, t)
				t += time.Duration(rng.Int64N(int64(3 * time.Second)))
			}
		}
	}
	return out
}

// call is one Allow of a replayed pattern and what it answered.
type call struct {
	at  time.Duration
	res Result
}

// run feeds times (from clockStart plus offset) to a fresh limiter and
// returns every answer.
func run(t testing.TB, n int, offset time.Duration, times []time.Duration) []call {
	t.Helper()
	m, clock := newTestMemory(t, 0)
	clock.Advance(offset)
	out := make([]call, len(times))
	var now time.Duration
	for i, at := range times {
		clock.Advance(at - now)
		now = at
		out[i] = call{at: at, res: allow(t, m, "k", n)}
	}
	return out
}

// replay is a limiter that has seen times, with its clock at the last one.
func replay(t testing.TB, n int, offset time.Duration, times []time.Duration) (*Memory, *fakeClock) {
	t.Helper()
	m, clock := newTestMemory(t, 0)
	clock.Advance(offset)
	var now time.Duration
	for _, at := range times {
		clock.Advance(at - now)
		now = at
		allow(t, m, "k", n)
	}
	return m, clock
}

// countIn returns how many of the sorted times lie in [from, to] (or
// (from, to] when openFrom).
func countIn(sorted []time.Duration, from, to time.Duration, openFrom bool) int {
	lo := sort.Search(len(sorted), func(i int) bool {
		if openFrom {
			return sorted[i] > from
		}
		return sorted[i] >= from
	})
	hi := sort.Search(len(sorted), func(i int) bool { return sorted[i] > to })
	return hi - lo
}

// maxInAnyWindow returns the most sorted times within any span of length
// window, both ends included.
func maxInAnyWindow(sorted []time.Duration, window time.Duration) int {
	best, j := 0, 0
	for i := range sorted {
		for j < len(sorted) && sorted[j] <= sorted[i]+window {
			j++
		}
		best = max(best, j-i)
	}
	return best
}

func TestMaxInAnyWindow(t *testing.T) {
	s := time.Second
	got := maxInAnyWindow([]time.Duration{0, 0, 30 * s, 60 * s, 61 * s, 120 * s, 121 * s, 121 * s}, time.Minute)
	if got != 4 { // 0, 0, 30, 60 or 61, 120, 121, 121; not 60 and 121, 61 s apart
		t.Errorf("maxInAnyWindow = %d, want 4", got)
	}
}

func TestMemoryPropertyNeverMoreThanLimitInAnyMinute(t *testing.T) {
	const slot = time.Minute / slots
	limited := 0 // patterns that met the limit
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 12))
		n := testLimits[rng.IntN(len(testLimits))]
		span := 6 * time.Minute
		if n >= 600 {
			span = 3 * time.Minute
		}
		offset := time.Duration(rng.Int64N(int64(time.Second))) // where slots begin
		calls := run(t, n, offset, pattern(rng, n, span))
		var allowed []time.Duration // in order, so sorted
		refused := 0
		for _, c := range calls {
			r := c.res
			if r.Allowed {
				allowed = append(allowed, c.at)
			} else {
				refused++
				// Refused only when the window and one slot hold n calls.
				if got := countIn(allowed, c.at-time.Minute-slot, c.at, true); got < n {
					t.Fatalf("seed %d, limit %d: refused at %v with only %d calls allowed in the 61 s before", seed, n, c.at, got)
				}
			}
			// Remaining lies between what an exact one-minute log and a
			// one-minute-and-one-slot one would leave.
			exact := n - countIn(allowed, c.at-time.Minute, c.at, false)
			wide := max(n-countIn(allowed, c.at-time.Minute-slot, c.at, true), 0)
			if r.Remaining > exact || r.Remaining < wide {
				t.Fatalf("seed %d, limit %d, at %v: Remaining %d, want within [%d, %d]", seed, n, c.at, r.Remaining, wide, exact)
			}
			if r.Limit != n || (r.Allowed && r.RetryAfter != 0) || (!r.Allowed && r.RetryAfter <= 0) || r.Reset <= 0 || r.Reset > time.Minute+slot {
				t.Fatalf("seed %d, limit %d, at %v: %+v", seed, n, c.at, r)
			}
		}
		if got := maxInAnyWindow(allowed, time.Minute); got > n {
			t.Fatalf("seed %d: %d calls allowed within one minute, limit %d", seed, got, n)
		}
		if refused > 0 {
			limited++
		}
	}
	if limited < 30 {
		t.Fatalf("only %d of 40 patterns met their limit: the patterns do not test it", limited)
	}
}

func TestMemoryPropertyHeadersTellTheTruth(t *testing.T) {
	for seed := range uint64(30) {
		rng := rand.New(rand.NewPCG(seed, 13))
		n := testLimits[rng.IntN(len(testLimits)-1)] // up to 600: each probe replays the pattern
		offset := time.Duration(rng.Int64N(int64(time.Second)))
		times := pattern(rng, n, 3*time.Minute)
		calls := run(t, n, offset, times)
		// Probe some allowed answers and some refused ones.
		var probes []int
		for i, c := range calls {
			if rng.IntN(len(calls)) < 6 || (!c.res.Allowed && rng.IntN(len(calls)) < 12) {
				probes = append(probes, i)
			}
		}
		for _, i := range probes {
			r, at, seen := calls[i].res, calls[i].at, times[:i+1]
			// Exactly Remaining more calls succeed now.
			m, _ := replay(t, n, offset, seen)
			if got := drain(t, m, "k", n); got != r.Remaining {
				t.Fatalf("seed %d, limit %d, call %d at %v: Remaining %d, but %d more calls were allowed", seed, n, i, at, r.Remaining, got)
			}
			if !r.Allowed {
				// The next call fails just before RetryAfter and succeeds at it.
				m, clock := replay(t, n, offset, seen)
				clock.Advance(r.RetryAfter - 1)
				if early := allow(t, m, "k", n); early.Allowed {
					t.Fatalf("seed %d, limit %d, call %d at %v: allowed 1ns before RetryAfter %v", seed, n, i, at, r.RetryAfter)
				}
				clock.Advance(1)
				if onTime := allow(t, m, "k", n); !onTime.Allowed {
					t.Fatalf("seed %d, limit %d, call %d at %v: refused at RetryAfter %v: %+v", seed, n, i, at, r.RetryAfter, onTime)
				}
			}
			// Reset is never past the window; no call leaves before it, and
			// the oldest have left within one slot after it.
			if r.Reset <= 0 || r.Reset > time.Minute {
				t.Fatalf("seed %d, limit %d, call %d at %v: Reset %v outside (0, 1m]", seed, n, i, at, r.Reset)
			}
			m, clock := replay(t, n, offset, seen)
			clock.Advance(r.Reset - 1)
			if got := drain(t, m, "k", n); got != r.Remaining {
				t.Fatalf("seed %d, limit %d, call %d at %v: %d calls allowed 1ns before Reset %v, want Remaining %d", seed, n, i, at, got, r.Reset, r.Remaining)
			}
			m, clock = replay(t, n, offset, seen)
			clock.Advance(r.Reset + time.Second)
			if got := drain(t, m, "k", n); got <= r.Remaining {
				t.Fatalf("seed %d, limit %d, call %d at %v: one slot after Reset %v only %d calls allowed, want more than %d", seed, n, i, at, r.Reset, got, r.Remaining)
			}
		}
		if !slices.ContainsFunc(probes, func(i int) bool { return !calls[i].res.Allowed }) && len(probes) > 0 {
			t.Logf("seed %d: no refused answer probed", seed)
		}
	}
}
