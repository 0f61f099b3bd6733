// Package clienttest helps test vendor clients built on provider/client
// and the fake vendor servers of provider/*/…test: scripted faults in
// front of a fake's handler (429 with Retry-After, 5xx, hangs, malformed
// bodies), a transport that fails the test on any request (to prove that
// a client that is off makes no call), and a client configuration that
// does not sleep between retries.
package clienttest

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"dalil/provider/client"
)

// Fault is one scripted answer that replaces the fake's own.
type Fault struct {
	// Status and Header are the answer's; Body is written as is (a
	// malformed body is a 200 with Body "{").
	Status int
	Header map[string]string
	Body   string
	// Hang holds the request until the client gives up (its context ends),
	// to exercise timeouts.
	Hang bool
}

// RateLimited is a 429 asking for a wait of retryAfter (seconds or an
// HTTP date).
func RateLimited(retryAfter string) Fault {
	return Fault{Status: http.StatusTooManyRequests, Header: map[string]string{"Retry-After": retryAfter},
		Body: `{"error":"rate limited"}`}
}

// ServerError is a 5xx with a short body.
func ServerError(status int) Fault { return Fault{Status: status, Body: `{"error":"upstream"}`} }

// Malformed is a 200 JSON answer that is not valid JSON.
func Malformed() Fault {
	return Fault{Status: http.StatusOK, Header: map[string]string{"Content-Type": "application/json"}, Body: `{"truncated":`}
}

// Hang is a request held until the client's timeout.
func Hang() Fault { return Fault{Hang: true} }

// Faults counts the requests a fake receives and answers the next ones
// with queued faults; its zero value is ready to use.
type Faults struct {
	mu    sync.Mutex
	queue []Fault
	hits  int
	last  *http.Request
}

// Push queues faults for the next requests, in order.
func (f *Faults) Push(fs ...Fault) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.queue = append(f.queue, fs...)
}

// Hits is how many requests arrived.
func (f *Faults) Hits() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hits
}

// Last is a clone of the last request that arrived (its body consumed),
// or nil.
func (f *Faults) Last() *http.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last
}

// Wrap answers each request with the next queued fault, or with h when
// none is queued.
func (f *Faults) Wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.hits++
		f.last = r.Clone(context.Background())
		var fault *Fault
		if len(f.queue) > 0 {
			fault = &f.queue[0]
			f.queue = f.queue[1:]
		}
		f.mu.Unlock()
		if fault == nil {
			h.ServeHTTP(w, r)
			return
		}
		if fault.Hang {
			// The server notices a client that gave up only once the
			// request body has been read.
			io.Copy(io.Discard, r.Body)
			<-r.Context().Done()
			return
		}
		for k, v := range fault.Header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(fault.Status)
		w.Write([]byte(fault.Body))
	})
}

// NoNetwork is a transport that fails t on any request: a client that is
// switched off must never reach it.
func NoNetwork(t testing.TB) http.RoundTripper {
	return roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("unexpected outbound request to %s %s", r.Method, r.URL.Host)
		return nil, http.ErrHandlerTimeout
	})
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// Instant is a client configuration for tests: it waits for nothing
// between retries (the waits it was asked for are appended to *waits when
// waits is not nil), and an attempt times out after timeout (zero: 2 s,
// so a Hang fault ends quickly).
func Instant(waits *[]time.Duration, timeout time.Duration) client.Config {
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	var mu sync.Mutex
	return client.Config{
		Timeout: timeout,
		Sleep: func(ctx context.Context, d time.Duration) error {
			if waits != nil {
				mu.Lock()
				*waits = append(*waits, d)
				mu.Unlock()
			}
			return ctx.Err()
		},
	}
}

// Contract is a vendor client under test against its fake: Call makes
// one successful-when-unfaulted call whose request depends on n (so
// calls with different n are never answered from the cache), through a
// client built with Instant(Waits, AttemptTimeout).
type Contract struct {
	Faults *Faults
	Waits  *[]time.Duration
	Call   func(ctx context.Context, n int) error
}

// Run checks the behaviour every vendor client shares: a 429 with
// Retry-After in seconds and as an HTTP date is waited for and retried,
// a 5xx is retried and reported with its status when it persists, a
// hung vendor times out, a malformed body is ErrMalformed and not
// cached, and a cached re-run makes no call.
func (c Contract) Run(t *testing.T) {
	t.Helper()
	n := 0
	next := func() int { n++; return n }
	reset := func() { *c.Waits = (*c.Waits)[:0] }
	t.Run("429 Retry-After seconds", func(t *testing.T) {
		reset()
		c.Faults.Push(RateLimited("2"))
		hits := c.Faults.Hits()
		if err := c.Call(context.Background(), next()); err != nil {
			t.Fatalf("after one 429: %v", err)
		}
		if got := c.Faults.Hits() - hits; got != 2 {
			t.Errorf("requests = %d, want 2", got)
		}
		if len(*c.Waits) != 1 || (*c.Waits)[0] != 2*time.Second {
			t.Errorf("waits = %v, want [2s]", *c.Waits)
		}
	})
	t.Run("429 Retry-After HTTP date", func(t *testing.T) {
		reset()
		c.Faults.Push(RateLimited(time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)))
		err := c.Call(context.Background(), next())
		var e *client.Error
		if !errors.Is(err, client.ErrRateLimited) || !errors.As(err, &e) || e.RetryAfter < 50*time.Minute {
			t.Fatalf("a one-hour Retry-After: err = %v, want ErrRateLimited with RetryAfter ≈ 1h", err)
		}
	})
	t.Run("429 persists", func(t *testing.T) {
		reset()
		c.Faults.Push(RateLimited("1"), RateLimited("1"), RateLimited("1"))
		if err := c.Call(context.Background(), next()); !errors.Is(err, client.ErrRateLimited) || client.StatusOf(err) != 429 {
			t.Fatalf("err = %v, want ErrRateLimited", err)
		}
	})
	t.Run("5xx retried", func(t *testing.T) {
		reset()
		c.Faults.Push(ServerError(502))
		if err := c.Call(context.Background(), next()); err != nil {
			t.Fatalf("after one 502: %v", err)
		}
		if len(*c.Waits) != 1 {
			t.Errorf("waits = %v, want one backoff", *c.Waits)
		}
	})
	t.Run("5xx persists", func(t *testing.T) {
		reset()
		c.Faults.Push(ServerError(503), ServerError(500), ServerError(503))
		err := c.Call(context.Background(), next())
		if !errors.Is(err, client.ErrUpstream) || client.StatusOf(err) != 503 {
			t.Fatalf("err = %v, want ErrUpstream 503", err)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		reset()
		c.Faults.Push(Hang(), Hang(), Hang())
		if err := c.Call(context.Background(), next()); !errors.Is(err, client.ErrTimeout) {
			t.Fatalf("err = %v, want ErrTimeout", err)
		}
	})
	t.Run("malformed body", func(t *testing.T) {
		reset()
		c.Faults.Push(Malformed())
		k := next()
		if err := c.Call(context.Background(), k); !errors.Is(err, client.ErrMalformed) {
			t.Fatalf("err = %v, want ErrMalformed", err)
		}
		if err := c.Call(context.Background(), k); err != nil {
			t.Fatalf("the malformed answer was cached: %v", err)
		}
	})
	t.Run("cached re-run makes no call", func(t *testing.T) {
		k := next()
		if err := c.Call(context.Background(), k); err != nil {
			t.Fatal(err)
		}
		hits := c.Faults.Hits()
		if err := c.Call(context.Background(), k); err != nil {
			t.Fatal(err)
		}
		if c.Faults.Hits() != hits {
			t.Fatalf("cached re-run made %d calls", c.Faults.Hits()-hits)
		}
	})
}
