package ratelimit

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// fakeClock is a clock that moves only when told to.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newTestMemory(t testing.TB, maxKeys int) (*Memory, *fakeClock) {
	t.Helper()
	clock := newFakeClock()
	return NewMemory(&MemoryOptions{Now: clock.Now, MaxKeys: maxKeys}), clock
}

// allow calls l.Allow and fails the test on error.
func allow(t testing.TB, l Limiter, key string, perMinute int) Result {
	t.Helper()
	r, err := l.Allow(t.Context(), key, perMinute)
	if err != nil {
		t.Fatalf("Allow(%q, %d): %v", key, perMinute, err)
	}
	return r
}

// drain calls Allow until it refuses and returns how many calls it allowed.
func drain(t testing.TB, l Limiter, key string, perMinute int) int {
	t.Helper()
	for n := 0; n <= 10*perMinute; n++ {
		if !allow(t, l, key, perMinute).Allowed {
			return n
		}
	}
	t.Fatalf("Allow(%q, %d) never refused", key, perMinute)
	return 0
}

func TestMemoryAllowsBurstThenRefuses(t *testing.T) {
	m, _ := newTestMemory(t, 0)
	// perMinute 5: one token every 12 s; the frozen clock adds none.
	for i := range 5 {
		got := allow(t, m, "k", 5)
		want := Result{Allowed: true, Limit: 5, Remaining: 4 - i, Reset: time.Duration(i+1) * 12 * time.Second}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("call %d (-want +got):\n%s", i+1, diff)
		}
	}
	for i := range 3 {
		got := allow(t, m, "k", 5)
		want := Result{Allowed: false, Limit: 5, Remaining: 0, Reset: time.Minute, RetryAfter: 12 * time.Second}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("refused call %d (-want +got):\n%s", i+1, diff)
		}
	}
}

func TestMemoryRefillsOverTime(t *testing.T) {
	m, clock := newTestMemory(t, 0)
	if n := drain(t, m, "k", 60); n != 60 {
		t.Fatalf("allowed %d of a fresh 60/min bucket, want 60", n)
	}
	// One token a second.
	clock.Advance(500 * time.Millisecond)
	if r := allow(t, m, "k", 60); r.Allowed || r.RetryAfter != 500*time.Millisecond {
		t.Fatalf("after 0.5 s: %+v, want refused with RetryAfter 0.5s", r)
	}
	clock.Advance(500 * time.Millisecond)
	if n := drain(t, m, "k", 60); n != 1 {
		t.Fatalf("after 1 s allowed %d, want 1", n)
	}
	clock.Advance(10 * time.Second)
	if n := drain(t, m, "k", 60); n != 10 {
		t.Fatalf("after 10 s allowed %d, want 10", n)
	}
	// A full minute refills the whole bucket, and never more than that.
	clock.Advance(5 * time.Minute)
	if n := drain(t, m, "k", 60); n != 60 {
		t.Fatalf("after 5 min allowed %d, want the burst of 60", n)
	}
}

func TestMemoryKeysAreIndependent(t *testing.T) {
	m, _ := newTestMemory(t, 0)
	if n := drain(t, m, "a", 3); n != 3 {
		t.Fatalf("a allowed %d, want 3", n)
	}
	if r := allow(t, m, "b", 3); !r.Allowed || r.Remaining != 2 {
		t.Fatalf("b after a was drained: %+v, want allowed with 2 remaining", r)
	}
	if n := drain(t, m, "c", 10); n != 10 {
		t.Fatalf("c allowed %d, want its own 10", n)
	}
	if r := allow(t, m, "a", 3); r.Allowed {
		t.Fatalf("a allowed again without time passing: %+v", r)
	}
}

func TestMemoryLimitChangeKeepsUsage(t *testing.T) {
	m, _ := newTestMemory(t, 0)
	for range 50 {
		allow(t, m, "k", 60)
	}
	// An upgrade to 600/min keeps the 10 tokens left; it grants no fresh burst.
	if r := allow(t, m, "k", 600); !r.Allowed || r.Limit != 600 || r.Remaining != 9 {
		t.Fatalf("after upgrade: %+v, want allowed, Limit 600, Remaining 9", r)
	}
	// A downgrade caps the tokens at the new burst.
	if n := drain(t, m, "k", 5); n != 5 {
		t.Fatalf("after downgrade allowed %d, want 5", n)
	}
}

func TestMemoryEvictsIdleKeys(t *testing.T) {
	m, clock := newTestMemory(t, 0)
	const keys = 10_000
	for i := range keys {
		allow(t, m, fmt.Sprintf("k%d", i), 60)
	}
	if got := m.len(); got != keys {
		t.Fatalf("len = %d, want %d", got, keys)
	}
	clock.Advance(refillTime)
	// Calls on one key sweep every shard in turn.
	for range shardCount {
		allow(t, m, "fresh", 60)
	}
	if got := m.len(); got != 1 {
		t.Fatalf("after a minute idle len = %d, want 1 (only the fresh key)", got)
	}
	// Forgetting a full bucket changed nothing: the key starts full again.
	if n := drain(t, m, "k1", 60); n != 60 {
		t.Fatalf("evicted key allowed %d, want 60", n)
	}
}

func TestMemoryEvictionNeverForgetsUsage(t *testing.T) {
	m, clock := newTestMemory(t, 0)
	if n := drain(t, m, "busy", 60); n != 60 {
		t.Fatalf("allowed %d, want 60", n)
	}
	// 59 s later the bucket holds 59 tokens; heavy traffic on other keys
	// sweeps every shard but must not forget it.
	clock.Advance(refillTime - time.Second)
	for i := range 10 * shardCount {
		allow(t, m, fmt.Sprintf("other%d", i), 60)
	}
	if n := drain(t, m, "busy", 60); n != 59 {
		t.Fatalf("busy allowed %d after 59 s, want 59", n)
	}
}

func TestMemoryMaxKeysBoundsMemory(t *testing.T) {
	const maxKeys = 64 // a multiple of shardCount, so the cap is exact
	m, _ := newTestMemory(t, maxKeys)
	// All keys active in the same instant: nothing is idle, only the cap
	// can keep the map small.
	for i := range 100_000 {
		allow(t, m, fmt.Sprintf("ip-%d", i), 30)
	}
	if got := m.len(); got > maxKeys {
		t.Fatalf("len = %d, want at most %d", got, maxKeys)
	}
	// The most recently used key is still tracked.
	drain(t, m, "recent", 30)
	if r := allow(t, m, "recent", 30); r.Allowed {
		t.Fatalf("recent key forgotten right after use: %+v", r)
	}
}

func TestMemoryConcurrentNeverExceedsBurst(t *testing.T) {
	m, _ := newTestMemory(t, 0) // frozen clock: one instant, no refill
	const (
		perMinute  = 100
		goroutines = 64
		calls      = 50
		keys       = 4
	)
	var allowed [keys]atomic.Int64
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range calls {
				k := (g + i) % keys
				r, err := m.Allow(t.Context(), fmt.Sprintf("k%d", k), perMinute)
				if err != nil {
					t.Error(err)
					return
				}
				if r.Allowed {
					allowed[k].Add(1)
				}
				if r.Remaining < 0 || r.Remaining > perMinute {
					t.Errorf("Remaining = %d, out of [0, %d]", r.Remaining, perMinute)
				}
			}
		})
	}
	wg.Wait()
	for k := range keys {
		if got := allowed[k].Load(); got != perMinute {
			t.Errorf("key k%d: %d calls allowed in one instant, want exactly the burst %d", k, got, perMinute)
		}
	}
}

func TestMemoryConcurrentWithRealClock(t *testing.T) {
	// The real clock moves between calls; reading it under the shard lock
	// keeps the count within the burst plus what elapsed time refilled.
	m := NewMemory(nil)
	const perMinute = 60
	start := time.Now()
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for range 32 {
		wg.Go(func() {
			for range 100 {
				if r, _ := m.Allow(t.Context(), "k", perMinute); r.Allowed {
					allowed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	limit := perMinute + int64(time.Since(start).Seconds()*perMinute/60) + 1
	if got := allowed.Load(); got < perMinute || got > limit {
		t.Errorf("allowed %d, want between %d and %d", got, perMinute, limit)
	}
}

func BenchmarkMemoryAllow(b *testing.B) {
	b.Run("one key", func(b *testing.B) {
		m := NewMemory(nil)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				m.Allow(b.Context(), "k", 1_000_000)
			}
		})
	})
	b.Run("10k keys", func(b *testing.B) {
		m := NewMemory(nil)
		keys := make([]string, 10_000)
		for i := range keys {
			keys[i] = fmt.Sprintf("key-%d", i)
		}
		var n atomic.Uint64
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				m.Allow(b.Context(), keys[n.Add(1)%uint64(len(keys))], 60)
			}
		})
	})
}
