package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"dalil/internal/testenv"

	"github.com/google/go-cmp/cmp"
	"github.com/redis/go-redis/v9"
)

var prefixSeq atomic.Int64

// testRedis returns the local Redis URL and a key prefix unique to this
// test; at cleanup it deletes every key stored under that prefix.
func testRedis(t *testing.T) (url, prefix string) {
	t.Helper()
	url = testenv.Redis(t)
	prefix = fmt.Sprintf("dalil-test:%s:%d:%d:", t.Name(), time.Now().UnixNano(), prefixSeq.Add(1))
	t.Cleanup(func() {
		opts, err := redis.ParseURL(url)
		if err != nil {
			t.Error(err)
			return
		}
		c := redis.NewClient(opts)
		defer c.Close()
		ctx := context.Background()
		iter := c.Scan(ctx, 0, prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			c.Del(ctx, iter.Val())
		}
		if err := iter.Err(); err != nil {
			t.Errorf("cleaning up Redis keys: %v", err)
		}
	})
	return url, prefix
}

func mustOpenRedis(t *testing.T, url, prefix string) *Redis {
	t.Helper()
	return mustOpenRedisWindow(t, url, prefix, 0)
}

func mustOpenRedisWindow(t *testing.T, url, prefix string, window time.Duration) *Redis {
	t.Helper()
	r, err := OpenRedis(url, &RedisOptions{Prefix: prefix, Window: window})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func TestRedisAllowsBurstThenRefuses(t *testing.T) {
	url, prefix := testRedis(t)
	r := mustOpenRedis(t, url, prefix)
	// The calls land in one or two one-second slots, which leave the
	// window 60 to 61 s from now.
	inWindow := func(d time.Duration) bool { return d > 59*time.Second && d <= 61*time.Second }
	for i := range 5 {
		got := allow(t, r, "k", 5)
		if !got.Allowed || got.Limit != 5 || got.Remaining != 4-i || got.RetryAfter != 0 || !inWindow(got.Reset) {
			t.Fatalf("call %d: %+v, want allowed, Limit 5, Remaining %d, RetryAfter 0, Reset in (59s, 61s]", i+1, got, 4-i)
		}
	}
	got := allow(t, r, "k", 5)
	if got.Allowed || got.Remaining != 0 || !inWindow(got.RetryAfter) || !inWindow(got.Reset) {
		t.Fatalf("6th call: %+v, want refused, 0 remaining, RetryAfter and Reset in (59s, 61s]", got)
	}
	// Another key has its own budget.
	if other := allow(t, r, "other", 5); !other.Allowed || other.Remaining != 4 {
		t.Errorf("other key: %+v, want allowed with 4 remaining", other)
	}
}

func TestRedisReplicasShareBudget(t *testing.T) {
	url, prefix := testRedis(t)
	// Two limiters with their own connections stand for two replicas.
	replicas := []*Redis{mustOpenRedis(t, url, prefix), mustOpenRedis(t, url, prefix)}
	const perMinute = 40
	var allowed [2]atomic.Int64
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for range 10 {
				res, err := replicas[g%2].Allow(t.Context(), "shared", perMinute)
				if err != nil {
					t.Error(err)
					return
				}
				if res.Allowed {
					allowed[g%2].Add(1)
				}
			}
		})
	}
	wg.Wait()
	a, b := allowed[0].Load(), allowed[1].Load()
	// 160 calls in well under the 1.5 s one more token takes.
	if a+b != perMinute {
		t.Errorf("replicas allowed %d + %d = %d calls, want %d shared between them", a, b, a+b, perMinute)
	}
	if a == 0 || b == 0 {
		t.Errorf("one replica was never allowed (%d, %d); the test did not exercise both", a, b)
	}
}

func TestRedisDifferentPrefixesDoNotShare(t *testing.T) {
	url, prefix := testRedis(t)
	a := mustOpenRedis(t, url, prefix+"a:")
	b := mustOpenRedis(t, url, prefix+"b:")
	if n := drain(t, a, "k", 3); n != 3 {
		t.Fatalf("a allowed %d, want 3", n)
	}
	if n := drain(t, b, "k", 3); n != 3 {
		t.Fatalf("b allowed %d, want its own 3", n)
	}
}

func TestRedisBadLimit(t *testing.T) {
	url, prefix := testRedis(t)
	r := mustOpenRedis(t, url, prefix)
	if _, err := r.Allow(t.Context(), "k", 0); !errors.Is(err, ErrBadLimit) {
		t.Errorf("Allow(perMinute=0) error = %v, want ErrBadLimit", err)
	}
}

// The bounds below are generous: they only show that failure is bounded
// (one dial, short I/O timeouts) instead of the go-redis defaults, which
// retry for many seconds.
const redisDownBound = 5 * time.Second

func TestRedisDownReturnsErrorQuickly(t *testing.T) {
	// A port that was just free and is now closed: connection refused.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	r, err := OpenRedis("redis://"+addr+"/0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i := range 3 { // the first dial and the ones after it
		start := time.Now()
		res, err := r.Allow(t.Context(), "k", 60)
		elapsed := time.Since(start)
		if err == nil {
			t.Fatalf("call %d: Allow against a closed port = %+v, want an error", i+1, res)
		}
		if elapsed > redisDownBound {
			t.Errorf("call %d: took %v to fail, want under %v", i+1, elapsed, redisDownBound)
		}
		t.Logf("call %d failed in %v: %v", i+1, elapsed, err)
	}
}

// hungServer returns the address of a TCP server that accepts connections
// and never answers, closed at cleanup.
func hungServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		<-done
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().String()
}

func TestRedisHungReturnsErrorQuickly(t *testing.T) {
	r, err := OpenRedis("redis://"+hungServer(t)+"/0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	start := time.Now()
	res, err := r.Allow(t.Context(), "k", 60)
	elapsed := time.Since(start)
	if err == nil {
		t.Fatalf("Allow against a hung server = %+v, want an error", res)
	}
	if elapsed > redisDownBound {
		t.Errorf("took %v to fail, want under %v", elapsed, redisDownBound)
	}
	t.Logf("failed in %v: %v", elapsed, err)
}

func TestRedisHonoursContextDeadline(t *testing.T) {
	r, err := OpenRedis("redis://"+hungServer(t)+"/0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// 50 ms is far below the 500 ms read timeout, so a DeadlineExceeded
	// error shows the caller's deadline, not the timeout, ended the wait.
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	_, err = r.Allow(ctx, "k", 60)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Allow with a 50ms deadline against a hung server: error = %v, want context.DeadlineExceeded", err)
	}
}

func TestNewRedisLeavesCallerClientOpen(t *testing.T) {
	url, prefix := testRedis(t)
	opts, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	client := redis.NewClient(opts)
	defer client.Close()
	r := NewRedis(client, &RedisOptions{Prefix: prefix})
	if res := allow(t, r, "k", 2); !res.Allowed {
		t.Fatalf("first call refused: %+v", res)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := client.Ping(t.Context()).Err(); err != nil {
		t.Errorf("caller's client unusable after Redis.Close: %v", err)
	}
}

func TestOpenRedisBadURLHidesPassword(t *testing.T) {
	for _, u := range []string{
		"redis://:s3cret-pass@127.0.0.1:6379/notanumber",
		"http://:s3cret-pass@127.0.0.1:6379/0",
		"redis://:s3cret-pass@[::1/0",
	} {
		_, err := OpenRedis(u, nil)
		if err == nil {
			t.Errorf("OpenRedis(%q) succeeded, want an error", u)
			continue
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("OpenRedis error repeats the password: %v", err)
		}
	}
}

func TestRedisFullBudgetAtOnce(t *testing.T) {
	url, prefix := testRedis(t)
	r := mustOpenRedis(t, url, prefix)
	for name, n := range Defaults() {
		t.Run(name, func(t *testing.T) {
			// Concurrent callers, as an agent's parallel calls would be.
			var allowed atomic.Int64
			var wg sync.WaitGroup
			for range 16 {
				wg.Go(func() {
					for range (n + 15) / 16 {
						res, err := r.Allow(t.Context(), name, n)
						if err != nil {
							t.Error(err)
							return
						}
						if res.Allowed {
							allowed.Add(1)
						}
					}
				})
			}
			wg.Wait()
			if got := allowed.Load(); got != int64(n) {
				t.Fatalf("%d of %d calls at once allowed, want all", got, n)
			}
			if res := allow(t, r, name, n); res.Allowed || res.Remaining != 0 {
				t.Fatalf("call %d: %+v, want refused", n+1, res)
			}
		})
	}
}

// redisCall is one Allow over Redis: when it was sent and answered (the
// server decided in between) and whether it was allowed.
type redisCall struct {
	sent, answered time.Time
	allowed        bool
}

func TestRedisPropertyNeverMoreThanLimitInAnyWindow(t *testing.T) {
	// Real time, scaled down: a 2 s window (slots of 33.3 ms) stands for
	// the minute, and the pattern's times are divided by 30.
	const (
		window = 2 * time.Second
		scale  = time.Minute / window
		span   = 5 * time.Second
	)
	url, prefix := testRedis(t)
	r := mustOpenRedisWindow(t, url, prefix, window)
	// Two keys at once, with limits 5 and 20; three callers share each key,
	// each with its own pattern.
	limits := []int{5, 20}
	var mu sync.Mutex
	calls := make([][]redisCall, len(limits))
	var wg sync.WaitGroup
	start := time.Now()
	for k, n := range limits {
		for c := range 3 {
			times := pattern(rand.New(rand.NewPCG(uint64(k), 14+uint64(c))), n, span*scale)
			wg.Go(func() {
				for _, at := range times {
					time.Sleep(time.Until(start.Add(at / scale)))
					sent := time.Now()
					res, err := r.Allow(t.Context(), fmt.Sprintf("k%d", k), n)
					answered := time.Now()
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					calls[k] = append(calls[k], redisCall{sent, answered, res.Allowed})
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	for k, n := range limits {
		var allowed []redisCall
		for _, c := range calls[k] {
			if c.allowed {
				allowed = append(allowed, c)
			}
		}
		// For each allowed call i, the calls sent no earlier than i and
		// answered within one window of i's sending were decided within a
		// closed span of one window: at most n of them may be allowed.
		worst := 0
		for _, a := range allowed {
			m := 0
			for _, b := range allowed {
				if !b.sent.Before(a.sent) && !b.answered.After(a.sent.Add(window)) {
					m++
				}
			}
			worst = max(worst, m)
		}
		t.Logf("limit %d per %v: %d calls, %d allowed, at most %d surely within one window", n, window, len(calls[k]), len(allowed), worst)
		if worst > n {
			t.Errorf("limit %d: %d calls allowed within one %v window", n, worst, window)
		}
		if len(allowed) < 2*n || len(allowed) == len(calls[k]) {
			t.Errorf("limit %d: %d of %d allowed: the pattern did not test the limit", n, len(allowed), len(calls[k]))
		}
	}
}

func TestRedisGreedyClientGetsItsRate(t *testing.T) {
	// One client calling as fast as it can gets n per window and one slot.
	const (
		window = 2 * time.Second
		n      = 10
	)
	url, prefix := testRedis(t)
	r := mustOpenRedisWindow(t, url, prefix, window)
	start := time.Now()
	allowed := 0
	for time.Since(start) < 3*time.Second {
		if allow(t, r, "greedy", n).Allowed {
			allowed++
		}
	}
	elapsed := time.Since(start)
	period := window + window/slots
	if want := n * int(elapsed/period); allowed < want || allowed > n*(int(elapsed/window)+1) {
		t.Errorf("%d calls allowed in %v, want at least %d and at most %d", allowed, elapsed, want, n*(int(elapsed/window)+1))
	}
}

func TestRedisHeadersTellTheTruth(t *testing.T) {
	const (
		window = 2 * time.Second
		n      = 5
	)
	width := slotWidth(window, time.Microsecond)
	url, prefix := testRedis(t)
	r := mustOpenRedisWindow(t, url, prefix, window)
	// The burst may straddle a slot boundary on a loaded machine. Reading
	// the Redis clock around each call tells which slot it landed in, so
	// the check after RetryAfter knows how many burst calls are still in
	// the window instead of assuming they all shared one slot.
	slot := redisSlotClock(t, url, width)
	first, later, known := int64(-1), 0, true
	var start int64 // the slot read before the burst's first call
	for i := range n {
		before := slot()
		if i == 0 {
			start = before
		}
		res := allow(t, r, "k", n)
		after := slot()
		switch {
		case i == 0 && before == after:
			first = before
		case i == 0:
			known = false
		case after == first:
		case before > first:
			later++
		default:
			known = false
		}
		// The reported window is 60 slots (2.00004 s at this width). Reset
		// counts from the burst's oldest slot, so a call that lands some
		// slots after the first (a loaded machine) sees that much less.
		span := slots * width
		low := span - time.Duration(after-start+1)*width
		if !res.Allowed || res.Remaining != n-1-i || res.Reset <= low || res.Reset > span {
			t.Fatalf("call %d: %+v, want allowed, Remaining %d, Reset in (%v, %v]", i+1, res, n-1-i, low, span)
		}
	}
	refused := allow(t, r, "k", n)
	if refused.Allowed || refused.Remaining != 0 || refused.RetryAfter <= 0 || refused.RetryAfter > window+width || refused.Reset > refused.RetryAfter {
		t.Fatalf("call %d: %+v, want refused with 0 < Reset <= RetryAfter <= %v", n+1, refused, window+width)
	}
	time.Sleep(refused.RetryAfter)
	// The burst's first slot has left: the call is allowed, and the budget
	// back is the first slot's calls less this one.
	res := allow(t, r, "k", n)
	if !res.Allowed {
		t.Fatalf("after RetryAfter %v: %+v, want allowed", refused.RetryAfter, res)
	}
	if known && res.Remaining != n-1-later {
		t.Fatalf("after RetryAfter %v: %+v, want Remaining %d (%d burst calls in later slots)", refused.RetryAfter, res, n-1-later, later)
	}
	if !known {
		t.Logf("a burst call's slot was ambiguous; Remaining %d not checked exactly", res.Remaining)
	}
}

// redisSlotClock returns a function reading the Redis server's clock as a
// slot number of the given width, the way the limiter's script does.
func redisSlotClock(t *testing.T, url string, width time.Duration) func() int64 {
	t.Helper()
	opts, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opts)
	t.Cleanup(func() { c.Close() })
	return func() int64 {
		now, err := c.Time(context.Background()).Result()
		if err != nil {
			t.Fatal(err)
		}
		return now.UnixMicro() / width.Microseconds()
	}
}

func TestRedisKeyExpires(t *testing.T) {
	const window = time.Second
	url, prefix := testRedis(t)
	r := mustOpenRedisWindow(t, url, prefix, window)
	allow(t, r, "k", 3)
	opts, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opts)
	defer c.Close()
	ttl, err := c.PTTL(t.Context(), prefix+"k").Result()
	if err != nil {
		t.Fatal(err)
	}
	if max := window + slotWidth(window, time.Microsecond) + time.Millisecond; ttl <= 0 || ttl > max {
		t.Fatalf("PTTL = %v, want in (0, %v]", ttl, max)
	}
	time.Sleep(ttl + 50*time.Millisecond)
	if n, err := c.Exists(t.Context(), prefix+"k").Result(); err != nil || n != 0 {
		t.Fatalf("key still there after its TTL (%d, %v)", n, err)
	}
}

// TestRedisResultMatchesMemory checks that the script's answer, read by
// redisResult, means what the in-process window means for the same counts.
func TestRedisResultMatchesMemory(t *testing.T) {
	const width = time.Second
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 15))
		n := 1 + rng.IntN(20)
		w := &window{head: 1000 + rng.Int64N(ring)}
		var vals []int64
		for age := range int64(ring) {
			if rng.IntN(3) == 0 {
				c := uint32(rng.IntN(4))
				w.counts[index(w.head-age)] = c
				w.total += c
				if c > 0 {
					vals = append(vals, age, int64(c))
				}
			}
		}
		into := time.Duration(rng.Int64N(int64(width/time.Microsecond))) * time.Microsecond
		allowed := int(w.total) < n
		total := w.total
		if allowed {
			total++
			vals = nil
		}
		byAge := w.byAge()
		want := verdict(allowed, n, total, width, into, w.oldest(), &byAge)
		got, err := redisResult(append([]int64{map[bool]int64{true: 1, false: 0}[allowed], int64(total), into.Microseconds(), int64(w.oldest())}, vals...), n, width)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("seed %d (-memory +redis):\n%s", seed, diff)
		}
	}
}

func BenchmarkRedisAllow(b *testing.B) {
	url := testenv.Redis(b)
	r, err := OpenRedis(url, &RedisOptions{Prefix: fmt.Sprintf("dalil-bench:%d:", time.Now().UnixNano())})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	b.Run("allowed", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, err := r.Allow(b.Context(), fmt.Sprintf("k%d", i%100), 1_000_000); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("refused", func(b *testing.B) {
		for range 60 {
			r.Allow(b.Context(), "full", 60)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.Allow(b.Context(), "full", 60); err != nil {
				b.Fatal(err)
			}
		}
	})
}
