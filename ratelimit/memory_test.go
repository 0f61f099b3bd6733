package ratelimit

import (
	"fmt"
	"runtime"
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

var clockStart = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func newFakeClock() *fakeClock {
	return &fakeClock{t: clockStart}
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

// newTestMemory returns a limiter whose slot 0 begins at clockStart and the
// clock it reads.
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
	m, clock := newTestMemory(t, 0)
	// 300 ms into slot 0; the frozen clock then adds nothing. Every call
	// lands in slot 0, which leaves the window when slot 61 begins, 60.7 s
	// from now; Reset says the window, 60 s, never more.
	clock.Advance(300 * time.Millisecond)
	const leaves = 60*time.Second + 700*time.Millisecond
	for i := range 5 {
		got := allow(t, m, "k", 5)
		want := Result{Allowed: true, Limit: 5, Remaining: 4 - i, Reset: time.Minute}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("call %d (-want +got):\n%s", i+1, diff)
		}
	}
	for i := range 3 {
		got := allow(t, m, "k", 5)
		want := Result{Allowed: false, Limit: 5, Remaining: 0, Reset: time.Minute, RetryAfter: leaves}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("refused call %d (-want +got):\n%s", i+1, diff)
		}
	}
}

func TestMemoryWindowSlides(t *testing.T) {
	m, clock := newTestMemory(t, 0)
	// One call a second for a minute: slots 0 to 59 hold one call each.
	for i := range 60 {
		if r := allow(t, m, "k", 60); !r.Allowed || r.Remaining != 59-i {
			t.Fatalf("call %d at %ds: %+v, want allowed with %d remaining", i+1, i, r, 59-i)
		}
		clock.Advance(time.Second)
	}
	// At 60 s the window (slots 0-60) holds 60 calls: refused until slot 0
	// leaves at 61 s.
	clock.Advance(250 * time.Millisecond)
	want := Result{Limit: 60, Reset: 750 * time.Millisecond, RetryAfter: 750 * time.Millisecond}
	if diff := cmp.Diff(want, allow(t, m, "k", 60)); diff != "" {
		t.Fatalf("at 60.25 s (-want +got):\n%s", diff)
	}
	clock.Advance(750 * time.Millisecond)
	if n := drain(t, m, "k", 60); n != 1 {
		t.Fatalf("at 61 s allowed %d, want 1 (the call of slot 0 left)", n)
	}
	// Ten seconds on, ten more calls have left.
	clock.Advance(10 * time.Second)
	if n := drain(t, m, "k", 60); n != 10 {
		t.Fatalf("at 71 s allowed %d, want 10", n)
	}
	// Once every call has left, the whole budget is back, never more.
	clock.Advance(5 * time.Minute)
	if n := drain(t, m, "k", 60); n != 60 {
		t.Fatalf("after 5 min allowed %d, want 60", n)
	}
}

func TestMemoryFullBudgetAtOnce(t *testing.T) {
	for name, n := range Defaults() {
		t.Run(name, func(t *testing.T) {
			m, clock := newTestMemory(t, 0)
			clock.Advance(123 * time.Millisecond)
			if got := drain(t, m, "k", n); got != n {
				t.Fatalf("a fresh key spent %d at once, want its whole budget %d", got, n)
			}
			// Spent again in one instant once the first burst has left.
			clock.Advance(time.Minute + time.Second)
			if got := drain(t, m, "k", n); got != n {
				t.Fatalf("a minute later the key spent %d at once, want %d", got, n)
			}
		})
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
	m, clock := newTestMemory(t, 0)
	for range 50 {
		allow(t, m, "k", 60)
	}
	// An upgrade to 600/min still counts the 50 calls the window holds.
	if r := allow(t, m, "k", 600); !r.Allowed || r.Limit != 600 || r.Remaining != 549 {
		t.Fatalf("after upgrade: %+v, want allowed, Limit 600, Remaining 549", r)
	}
	// A downgrade below the 51 calls held refuses until they leave.
	if n := drain(t, m, "k", 5); n != 0 {
		t.Fatalf("after downgrade allowed %d, want 0", n)
	}
	clock.Advance(61 * time.Second)
	if n := drain(t, m, "k", 5); n != 5 {
		t.Fatalf("after the window passed allowed %d, want 5", n)
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
	clock.Advance(ring * time.Second)
	// Calls on one key sweep every shard in turn.
	for range shardCount {
		allow(t, m, "fresh", 60)
	}
	if got := m.len(); got != 1 {
		t.Fatalf("after 61 s idle len = %d, want 1 (only the fresh key)", got)
	}
	// Forgetting an empty window changed nothing: the key starts afresh.
	if n := drain(t, m, "k1", 60); n != 60 {
		t.Fatalf("evicted key allowed %d, want 60", n)
	}
}

func TestMemoryEvictionNeverForgetsUsage(t *testing.T) {
	m, clock := newTestMemory(t, 0)
	if n := drain(t, m, "busy", 60); n != 60 {
		t.Fatalf("allowed %d, want 60", n)
	}
	// 60 s later slot 0 is still counted; heavy traffic on other keys
	// sweeps every shard but must not forget it.
	clock.Advance(60 * time.Second)
	for i := range 10 * shardCount {
		allow(t, m, fmt.Sprintf("other%d", i), 60)
	}
	if n := drain(t, m, "busy", 60); n != 0 {
		t.Fatalf("busy allowed %d after 60 s, want 0", n)
	}
	clock.Advance(time.Second)
	if n := drain(t, m, "busy", 60); n != 60 {
		t.Fatalf("busy allowed %d after 61 s, want 60", n)
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

func TestMemoryClockSteppingBack(t *testing.T) {
	m, clock := newTestMemory(t, 0)
	clock.Advance(10 * time.Second)
	if n := drain(t, m, "k", 3); n != 3 {
		t.Fatalf("allowed %d, want 3", n)
	}
	// An injected clock may go back; the calls stay counted and none is
	// counted in a slot that already left.
	clock.Advance(-5 * time.Second)
	if r := allow(t, m, "k", 3); r.Allowed || r.RetryAfter <= 0 {
		t.Fatalf("after the clock stepped back: %+v, want refused with a wait", r)
	}
	clock.Advance(5*time.Second + time.Minute + time.Second)
	if n := drain(t, m, "k", 3); n != 3 {
		t.Fatalf("a window later allowed %d, want 3", n)
	}
}

func TestMemoryConcurrentNeverExceedsBurst(t *testing.T) {
	m, _ := newTestMemory(t, 0) // frozen clock: one instant
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
	// The real clock moves between calls, but far less than a minute: the
	// window admits exactly the limit.
	m := NewMemory(nil)
	const perMinute = 60
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
	if got := allowed.Load(); got != perMinute {
		t.Errorf("allowed %d, want %d", got, perMinute)
	}
}

func TestMemoryShortWindow(t *testing.T) {
	clock := newFakeClock()
	m := NewMemory(&MemoryOptions{Now: clock.Now, Window: 2 * time.Second})
	if n := drain(t, m, "k", 10); n != 10 {
		t.Fatalf("allowed %d, want 10", n)
	}
	// Slots of 2s/60, rounded up to the nanosecond; slot 0 leaves at the
	// start of slot 61.
	width := (2*time.Second + 59) / 60
	if r := allow(t, m, "k", 10); r.RetryAfter != ring*width {
		t.Fatalf("RetryAfter = %v, want %v", r.RetryAfter, ring*width)
	}
	clock.Advance(ring * width)
	if n := drain(t, m, "k", 10); n != 10 {
		t.Fatalf("after %v allowed %d, want 10", ring*width, n)
	}
}

// TestMemoryBytesPerKey measures what a key costs, for DefaultMaxKeys' doc.
func TestMemoryBytesPerKey(t *testing.T) {
	const keys = 1 << 14
	names := make([]string, keys)
	for i := range names {
		names[i] = fmt.Sprintf("key:0198c1d2-7e4f-7a31-%012d", i) // a key id's length
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := NewMemory(nil)
	for _, k := range names {
		m.Allow(t.Context(), k, 3000)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / keys
	t.Logf("%d bytes per key (names of %d bytes held by the test)", per, len(names[0]))
	runtime.KeepAlive(m)
	if per > 450 {
		t.Errorf("%d bytes per key, want at most 450 (DefaultMaxKeys' doc promises about 100 MB for 2^18 keys)", per)
	}
}

// benchUnlimited is a limit no benchmark reaches, so every call is allowed.
const benchUnlimited = 1 << 30

func BenchmarkMemoryAllow(b *testing.B) {
	b.Run("one key serial", func(b *testing.B) {
		m := NewMemory(nil)
		b.ReportAllocs()
		for b.Loop() {
			m.Allow(b.Context(), "k", benchUnlimited)
		}
	})
	b.Run("one key", func(b *testing.B) {
		m := NewMemory(nil)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				m.Allow(b.Context(), "k", benchUnlimited)
			}
		})
	})
	b.Run("one key refused", func(b *testing.B) {
		m := NewMemory(nil)
		for range 60 {
			m.Allow(b.Context(), "k", 60)
		}
		b.ReportAllocs()
		for b.Loop() {
			m.Allow(b.Context(), "k", 60)
		}
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
