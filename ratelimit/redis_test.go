package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"dalil/internal/testenv"

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
		// redis_rate stores key k as "rate:" + k.
		iter := c.Scan(ctx, 0, "rate:"+prefix+"*", 100).Iterator()
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
	r, err := OpenRedis(url, &RedisOptions{Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func TestRedisAllowsBurstThenRefuses(t *testing.T) {
	url, prefix := testRedis(t)
	r := mustOpenRedis(t, url, prefix)
	// perMinute 5: one call every 12 s, far slower than the test runs.
	for i := range 5 {
		got := allow(t, r, "k", 5)
		if !got.Allowed || got.Limit != 5 || got.Remaining != 4-i || got.RetryAfter != 0 {
			t.Fatalf("call %d: %+v, want allowed, Limit 5, Remaining %d, RetryAfter 0", i+1, got, 4-i)
		}
		if got.Reset <= 0 || got.Reset > time.Duration(i+1)*12*time.Second {
			t.Fatalf("call %d: Reset = %v, want in (0, %v]", i+1, got.Reset, time.Duration(i+1)*12*time.Second)
		}
	}
	got := allow(t, r, "k", 5)
	if got.Allowed || got.Remaining != 0 {
		t.Fatalf("6th call: %+v, want refused with 0 remaining", got)
	}
	if got.RetryAfter <= 10*time.Second || got.RetryAfter > 12*time.Second {
		t.Errorf("RetryAfter = %v, want just under 12s", got.RetryAfter)
	}
	if got.Reset <= 50*time.Second || got.Reset > time.Minute {
		t.Errorf("Reset = %v, want just under 1m", got.Reset)
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
