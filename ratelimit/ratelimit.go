// Package ratelimit enforces contract §8: a per-minute call budget per key
// (an API key's id, a payer, or the client IP where there is no key).
//
// # What a limit means
//
// A key with a limit of N a minute never has more than N calls allowed in
// any 60-second span, and may spend all N at once (an agent's burst). Both
// implementations count calls in a sliding window of 61 one-second slots
// (see slots in window.go): a call is allowed while the window holds fewer
// than N calls, and it stays counted until 60 to 61 s after it was made.
// So the limit is exact from above, and a client at its limit waits at
// most one second longer than a log of every call's time would make it
// wait (N per 61 s rather than per 60 s in the worst case, 1.7 %). The
// state per key is 61 counters whatever N is, where a log would hold N
// timestamps (3000 for an enterprise key). An earlier token bucket of N
// refilled at N a minute allowed up to 2N in a key's first minute.
//
// Two implementations share the [Limiter] interface:
//
//   - [Memory] (NewMemory) keeps the windows in this process. It is the
//     default. Each replica then enforces its own budget, so N replicas
//     allow up to N times the limit.
//   - [Redis] (NewRedis, OpenRedis) keeps them in Redis, updated by one
//     Lua script per call and timed by the Redis server's clock, so every
//     replica pointed at one Redis (DALIL_REDIS_URL) draws from one shared
//     budget.
//
// The results they return mean the same (see [Result] and [Headers]):
// Remaining is how many calls the window still admits right now,
// RetryAfter when the next call succeeds, and Reset when the oldest calls
// leave the window (never longer than the window).
//
// # Failure policy
//
// When Redis cannot be reached, [Redis.Allow] returns an error within a
// bounded time (see OpenRedis) and no decision. The package does not pick a
// side: the caller does. Dalil's core fails open, serving the call and
// logging one line, because a rate limit is an abuse guard, not a billing
// control: charges are guarded by the store, and refusing every paid call
// while Redis restarts would be the bigger outage.
//
// Keys are stored as given (in memory, or in Redis under a prefix). Pass an
// identifier such as a key id or an IP address, never a secret.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"dalil"
)

// Limit is one budget: calls per minute for a key. The table of limits is
// carried as map[string]int (see Defaults); Limit names the unit where a
// single budget travels on its own.
type Limit struct {
	PerMinute int
}

// Result is the decision for one call and the state of its key's window
// afterwards. With one process deciding (or one Redis), each figure is
// exact: as many calls as Remaining would be allowed right now, a call
// RetryAfter from now is allowed and one earlier is not, and until Reset
// from now no call leaves the window (the oldest leave within one slot
// after it).
type Result struct {
	// Allowed reports whether the call may proceed.
	Allowed bool
	// Limit is the per-minute budget the call was checked against.
	Limit int
	// Remaining is how many more calls the key may make now: Limit minus
	// the calls its current window holds, never negative.
	Remaining int
	// Reset is how long until the oldest calls the window holds leave it,
	// so that Remaining grows (a slot frees); never more than the window.
	Reset time.Duration
	// RetryAfter is how long until the next call may succeed: until enough
	// of the oldest calls have left the window. 0 when Allowed.
	RetryAfter time.Duration
}

// Limiter decides whether a key may make one more call under a budget of
// perMinute calls a minute. Allow counts the call when it is allowed and
// does not count a refused one. It returns an error wrapping ErrBadLimit when
// perMinute is not positive, and an error when the backing store (Redis)
// fails; see the package doc for what the caller does then.
type Limiter interface {
	Allow(ctx context.Context, key string, perMinute int) (Result, error)
}

// ErrBadLimit is wrapped by the error Allow returns for a perMinute <= 0.
var ErrBadLimit = errors.New("per-minute limit must be positive")

func checkLimit(perMinute int) error {
	if perMinute <= 0 {
		return fmt.Errorf("ratelimit: %w, got %d", ErrBadLimit, perMinute)
	}
	return nil
}

// The names DALIL_RATE_LIMITS can set (dalil.Rates): the four
// subscription plans, keyless pay-per-call, and free previews.
const (
	Free       = dalil.PlanFree
	Developer  = dalil.PlanDeveloper
	Growth     = dalil.PlanGrowth
	Enterprise = dalil.PlanEnterprise
	PayG       = dalil.RatePayPerCall
	Preview    = dalil.RatePreview
)

// Defaults returns contract §8's per-minute table, each plan's PerMinute
// and each keyless rate's (dalil.Rates), as a new map that the caller may
// change.
func Defaults() map[string]int {
	limits := make(map[string]int)
	for _, r := range dalil.Rates() {
		limits[r.ID] = r.PerMinute
	}
	return limits
}

// names lists the settable names in the order error messages show them:
// dalil.Rates' order.
func names() []string {
	var ns []string
	for _, r := range dalil.Rates() {
		ns = append(ns, r.ID)
	}
	return ns
}

// ParseLimits reads DALIL_RATE_LIMITS ("free=60,developer=120,payg=60") and
// returns Defaults() with those entries replacing the defaults, so the
// result always holds every name. An empty or blank s gives Defaults().
// Spaces around entries, names and numbers are ignored and names are
// case-insensitive. It returns an error naming the bad entry for an entry
// without "=", an unknown name, a name given twice, or a value that is not
// a positive whole number.
func ParseLimits(s string) (map[string]int, error) {
	limits := Defaults()
	if strings.TrimSpace(s) == "" {
		return limits, nil
	}
	seen := make(map[string]bool)
	for i, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("ratelimit: DALIL_RATE_LIMITS entry %d %q: want name=perMinute", i+1, part)
		}
		name = strings.ToLower(strings.TrimSpace(name))
		value = strings.TrimSpace(value)
		if _, known := limits[name]; !known {
			return nil, fmt.Errorf("ratelimit: DALIL_RATE_LIMITS entry %d %q: unknown name %q, want one of %s",
				i+1, part, name, strings.Join(names(), ", "))
		}
		if seen[name] {
			return nil, fmt.Errorf("ratelimit: DALIL_RATE_LIMITS entry %d %q: %s is given twice", i+1, part, name)
		}
		seen[name] = true
		n, err := positive(value)
		if err != nil {
			return nil, fmt.Errorf("ratelimit: DALIL_RATE_LIMITS entry %d %q: %s: %v", i+1, part, name, err)
		}
		limits[name] = n
	}
	return limits, nil
}

// positive parses a whole number > 0 written with digits only (no sign).
func positive(s string) (int, error) {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, fmt.Errorf("%q is not a whole number of calls per minute", s)
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is too large", s)
	}
	if n <= 0 {
		return 0, fmt.Errorf("%q must be at least 1", s)
	}
	return n, nil
}

// Headers sets, from r: RateLimit-Limit (calls a minute);
// RateLimit-Remaining (calls the key may still make in its current
// 60-second window); RateLimit-Reset (seconds, rounded up, until the
// oldest calls in that window leave it and Remaining grows; at most 60); and,
// when r refused the call, Retry-After (seconds, rounded up, at least 1,
// until the next call can succeed, so a client never retries early). An
// allowed result leaves any Retry-After set by other code (a quota's, for
// example) alone.
//
// The keys are written in canonical form and the values share one slice:
// h.Set would canonicalise each key ("RateLimit-Limit" is not canonical,
// so that costs a new string) and allocate a slice per header, on every
// request (issue #11).
func Headers(h http.Header, r Result) {
	v := make([]string, 3, 4)
	v[0] = strconv.Itoa(r.Limit)
	v[1] = strconv.Itoa(max(r.Remaining, 0))
	v[2] = strconv.FormatInt(ceilSeconds(r.Reset), 10)
	h["Ratelimit-Limit"] = v[0:1:1]
	h["Ratelimit-Remaining"] = v[1:2:2]
	h["Ratelimit-Reset"] = v[2:3:3]
	if !r.Allowed {
		v = append(v, strconv.FormatInt(max(ceilSeconds(r.RetryAfter), 1), 10))
		h["Retry-After"] = v[3:4:4]
	}
}

// ceilSeconds rounds d up to whole seconds; negative durations count as 0.
func ceilSeconds(d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	s := int64(d / time.Second)
	if d%time.Second != 0 {
		s++
	}
	return s
}
