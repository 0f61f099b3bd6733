package client

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeClock is a settable clock.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (f *fakeClock) Now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.t }
func (f *fakeClock) Add(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
}

// harness is a client against a handler, recording the waits it asked for
// instead of sleeping.
type harness struct {
	c     *Client
	srv   *httptest.Server
	hits  atomic.Int64
	waits []time.Duration
	clock *fakeClock
}

func newHarness(t *testing.T, h http.HandlerFunc, mod func(*Config)) *harness {
	t.Helper()
	hs := &harness{clock: &fakeClock{t: time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)}}
	hs.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hs.hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(hs.srv.Close)
	cfg := Config{
		Name: "test", Now: hs.clock.Now, Jitter: func() float64 { return 0.5 },
		Sleep: func(ctx context.Context, d time.Duration) error {
			hs.waits = append(hs.waits, d)
			hs.clock.Add(d)
			return ctx.Err()
		},
	}
	if mod != nil {
		mod(&cfg)
	}
	hs.c = New(cfg)
	return hs
}

// sequence answers each request with the next handler, repeating the last.
func sequence(hs ...http.HandlerFunc) http.HandlerFunc {
	var n atomic.Int64
	return func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1) - 1)
		hs[min(i, len(hs)-1)](w, r)
	}
}

func status(code int, header ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.WriteHeader(code)
		w.Write([]byte(`{"error":"status"}`))
	}
}

func ok(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(body))
	}
}

func TestSuccessAndCache(t *testing.T) {
	hs := newHarness(t, ok(`{"a":1}`), nil)
	var v struct{ A int }
	r, err := hs.c.JSON(context.Background(), Request{URL: hs.srv.URL + "/x", TTL: time.Hour}, &v)
	if err != nil || v.A != 1 || r.Cached || r.Attempts != 1 {
		t.Fatalf("first call: %+v %v %+v", r, err, v)
	}
	if got := r.RetrievedAt; !got.Equal(hs.clock.Now()) {
		t.Errorf("RetrievedAt = %v", got)
	}
	v.A = 0
	r, err = hs.c.JSON(context.Background(), Request{URL: hs.srv.URL + "/x", TTL: time.Hour}, &v)
	if err != nil || v.A != 1 || !r.Cached || r.Attempts != 0 {
		t.Fatalf("cached call: %+v %v %+v", r, err, v)
	}
	if n := hs.hits.Load(); n != 1 {
		t.Fatalf("cached re-run made %d calls, want 1 in all", n)
	}
	// Another URL, and no TTL, both call.
	hs.c.Do(context.Background(), Request{URL: hs.srv.URL + "/y", TTL: time.Hour})
	hs.c.Do(context.Background(), Request{URL: hs.srv.URL + "/x"})
	if n := hs.hits.Load(); n != 3 {
		t.Fatalf("hits = %d, want 3", n)
	}
	// Expiry.
	hs.clock.Add(time.Hour)
	r, _ = hs.c.Do(context.Background(), Request{URL: hs.srv.URL + "/x", TTL: time.Hour})
	if r.Cached || hs.hits.Load() != 4 {
		t.Fatalf("expired entry served: cached=%v hits=%d", r.Cached, hs.hits.Load())
	}
}

func TestRetries(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		name      string
		handler   http.HandlerFunc
		wantErr   error
		wantHits  int64
		wantWaits []time.Duration
		status    int
		retryAft  time.Duration
	}{
		{"429 Retry-After seconds then ok", sequence(status(429, "Retry-After", "3"), ok(`{}`)), nil, 2,
			[]time.Duration{3 * time.Second}, 0, 0},
		{"429 Retry-After HTTP date then ok",
			sequence(status(429, "Retry-After", now.Add(7*time.Second).Format(http.TimeFormat)), ok(`{}`)), nil, 2,
			[]time.Duration{7 * time.Second}, 0, 0},
		{"429 without Retry-After backs off", sequence(status(429), status(429), ok(`{}`)), nil, 3,
			[]time.Duration{187500 * time.Microsecond, 375 * time.Millisecond}, 0, 0},
		{"429 every time", status(429, "Retry-After", "1"), ErrRateLimited, 3,
			[]time.Duration{time.Second, time.Second}, 429, time.Second},
		{"Retry-After longer than allowed: no retry", status(429, "Retry-After", "3600"), ErrRateLimited, 1,
			nil, 429, time.Hour},
		{"503 then ok", sequence(status(503), ok(`{}`)), nil, 2, []time.Duration{187500 * time.Microsecond}, 0, 0},
		{"503 with Retry-After", sequence(status(503, "Retry-After", "2"), ok(`{}`)), nil, 2,
			[]time.Duration{2 * time.Second}, 0, 0},
		{"500 every time", status(500), ErrUpstream, 3,
			[]time.Duration{187500 * time.Microsecond, 375 * time.Millisecond}, 500, 0},
		{"502 every time", status(502), ErrUpstream, 3,
			[]time.Duration{187500 * time.Microsecond, 375 * time.Millisecond}, 502, 0},
		{"501 is not retried", status(501), ErrUpstream, 1, nil, 501, 0},
		{"400 is not retried", status(400), ErrUpstream, 1, nil, 400, 0},
		{"401 is not retried", status(401), ErrUpstream, 1, nil, 401, 0},
		{"404 is not retried", status(404), ErrUpstream, 1, nil, 404, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			hs := newHarness(t, tc.handler, nil)
			_, err := hs.c.Do(context.Background(), Request{URL: hs.srv.URL})
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if n := hs.hits.Load(); n != tc.wantHits {
				t.Errorf("hits = %d, want %d", n, tc.wantHits)
			}
			if len(hs.waits) != len(tc.wantWaits) {
				t.Fatalf("waits = %v, want %v", hs.waits, tc.wantWaits)
			}
			for i := range hs.waits {
				if hs.waits[i] != tc.wantWaits[i] {
					t.Errorf("wait %d = %v, want %v", i, hs.waits[i], tc.wantWaits[i])
				}
			}
			if err != nil {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("%T is not *Error", err)
				}
				if e.Status != tc.status || e.RetryAfter != tc.retryAft || e.Attempts != int(tc.wantHits) {
					t.Errorf("error = %+v, want status %d retryAfter %v attempts %d", e, tc.status, tc.retryAft, tc.wantHits)
				}
				if StatusOf(err) != tc.status {
					t.Errorf("StatusOf = %d", StatusOf(err))
				}
			}
		})
	}
}

func TestBackoffGrowsAndIsBounded(t *testing.T) {
	for _, j := range []float64{0, 0.3, 0.999} {
		c := New(Config{BaseBackoff: 100 * time.Millisecond, MaxBackoff: time.Second, Jitter: func() float64 { return j }})
		prevHigh := time.Duration(0)
		for n := 0; n < 70; n++ {
			d := c.backoff(n)
			ceiling := min(100*time.Millisecond<<min(n, 20), time.Second)
			if d < ceiling/2 || d > ceiling {
				t.Fatalf("backoff(%d) = %v outside [%v, %v]", n, d, ceiling/2, ceiling)
			}
			if ceiling < prevHigh {
				t.Fatalf("ceiling shrank at %d", n)
			}
			prevHigh = ceiling
		}
	}
}

func TestTimeoutIsRetriedThenReported(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	hs := newHarness(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}, func(c *Config) { c.Timeout = 20 * time.Millisecond; c.MaxRetries = 1 })
	_, err := hs.c.Do(context.Background(), Request{URL: hs.srv.URL})
	if !errors.Is(err, ErrTimeout) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if n := hs.hits.Load(); n != 2 {
		t.Fatalf("hits = %d, want 2 (one retry)", n)
	}
}

func TestTimeoutThenSuccess(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	hs := newHarness(t, sequence(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}, ok(`{"a":2}`)), func(c *Config) { c.Timeout = 20 * time.Millisecond })
	var v struct{ A int }
	if _, err := hs.c.JSON(context.Background(), Request{URL: hs.srv.URL}, &v); err != nil || v.A != 2 {
		t.Fatalf("err = %v, v = %+v", err, v)
	}
}

func TestCallerCancellationIsNotRetried(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	hs := newHarness(t, func(w http.ResponseWriter, r *http.Request) {
		cancel()
		<-r.Context().Done()
	}, nil)
	_, err := hs.c.Do(ctx, Request{URL: hs.srv.URL})
	if !errors.Is(err, ErrCanceled) {
		t.Fatalf("err = %v, want ErrCanceled", err)
	}
	if hs.hits.Load() != 1 {
		t.Fatalf("hits = %d", hs.hits.Load())
	}
}

func TestUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	u := srv.URL
	srv.Close()
	c := New(Config{Name: "x", Sleep: func(context.Context, time.Duration) error { return nil }})
	_, err := c.Do(context.Background(), Request{URL: u})
	var e *Error
	if !errors.Is(err, ErrUnavailable) || !errors.As(err, &e) || e.Attempts != 3 {
		t.Fatalf("err = %v (%+v), want ErrUnavailable after 3 attempts", err, e)
	}
}

func TestMalformedIsNotCached(t *testing.T) {
	hs := newHarness(t, sequence(ok(`{"a":`), ok(`not json`), ok(`{"a":3}`)), nil)
	var v struct{ A int }
	for i, want := range []error{ErrMalformed, ErrMalformed, nil} {
		_, err := hs.c.JSON(context.Background(), Request{URL: hs.srv.URL, TTL: time.Hour}, &v)
		if !errors.Is(err, want) || (want == nil) != (err == nil) {
			t.Fatalf("call %d: err = %v, want %v", i, err, want)
		}
	}
	if v.A != 3 || hs.hits.Load() != 3 {
		t.Fatalf("v = %+v hits = %d", v, hs.hits.Load())
	}
	// Malformed bodies are not retried either: one hit each.
	hs.c.JSON(context.Background(), Request{URL: hs.srv.URL, TTL: time.Hour}, &v)
	if hs.hits.Load() != 3 {
		t.Fatalf("good answer was not cached")
	}
}

func TestBodyCap(t *testing.T) {
	hs := newHarness(t, ok(`{"a":"`+strings.Repeat("x", 200)+`"}`), func(c *Config) { c.MaxBody = 100 })
	_, err := hs.c.Do(context.Background(), Request{URL: hs.srv.URL, TTL: time.Hour})
	if !errors.Is(err, ErrMalformed) || hs.hits.Load() != 1 {
		t.Fatalf("err = %v hits = %d", err, hs.hits.Load())
	}
	hs2 := newHarness(t, ok(strings.Repeat(" ", 100)), func(c *Config) { c.MaxBody = 100 })
	if _, err := hs2.c.Do(context.Background(), Request{URL: hs2.srv.URL}); err != nil {
		t.Fatalf("body of exactly the cap: %v", err)
	}
}

func TestBudget(t *testing.T) {
	budget := NewBudget(2, time.Hour)
	hs := newHarness(t, ok(`{}`), func(c *Config) { c.Budget = budget })
	for i := range 2 {
		if _, err := hs.c.Do(context.Background(), Request{URL: hs.srv.URL}); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	_, err := hs.c.Do(context.Background(), Request{URL: hs.srv.URL})
	var e *Error
	if !errors.Is(err, ErrBudgetExhausted) || !errors.As(err, &e) || e.Attempts != 0 {
		t.Fatalf("over budget: %v", err)
	}
	if hs.hits.Load() != 2 {
		t.Fatalf("over-budget call reached the vendor: hits %d", hs.hits.Load())
	}
	hs.clock.Add(time.Hour)
	if _, err := hs.c.Do(context.Background(), Request{URL: hs.srv.URL}); err != nil {
		t.Fatalf("next window: %v", err)
	}
	if NewBudget(0, time.Hour) != nil || NewBudget(3, 0) != nil {
		t.Fatal("a zero budget must be unlimited (nil)")
	}
	var unlimited *Budget
	if !unlimited.take(time.Now()) || unlimited.Remaining(time.Now()) != -1 {
		t.Fatal("nil budget refused")
	}
}

func TestRetriesSpendBudget(t *testing.T) {
	hs := newHarness(t, status(500), func(c *Config) { c.Budget = NewBudget(2, time.Hour) })
	_, err := hs.c.Do(context.Background(), Request{URL: hs.srv.URL})
	if !errors.Is(err, ErrBudgetExhausted) || hs.hits.Load() != 2 {
		t.Fatalf("err = %v hits = %d", err, hs.hits.Load())
	}
}

// TestBudgetProperty: in any window of the period, no more than Calls are
// allowed, whatever the call times.
func TestBudgetProperty(t *testing.T) {
	for seed := range 50 {
		b := NewBudget(1+seed%5, time.Minute)
		now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		var allowed []time.Time
		x := uint64(seed*7919 + 1)
		for range 400 {
			x = x*6364136223846793005 + 1442695040888963407
			now = now.Add(time.Duration(x>>40%20000) * time.Millisecond)
			if b.take(now) {
				allowed = append(allowed, now)
			}
		}
		for i := range allowed {
			n := 0
			for j := i; j < len(allowed) && allowed[j].Sub(allowed[i]) < time.Minute; j++ {
				n++
			}
			// Fixed windows allow up to 2·Calls across a window boundary,
			// never more.
			if n > 2*b.calls {
				t.Fatalf("seed %d: %d calls within a minute, budget %d", seed, n, b.calls)
			}
		}
		if len(allowed) == 0 {
			t.Fatalf("seed %d: nothing allowed", seed)
		}
	}
}

func TestSecretsAreRedacted(t *testing.T) {
	const secret = "sk-very/secret+key"
	hs := newHarness(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(400)
		w.Write([]byte(`{"message":"bad key ` + secret + ` in ` + r.URL.RawQuery + `"}`))
	}, func(c *Config) {
		c.Secrets = []string{secret, ""}
		c.ErrorMessage = func(_ int, b []byte) string { return string(b) }
	})
	u := hs.srv.URL + "/v?key=" + strings.ReplaceAll(strings.ReplaceAll(secret, "/", "%2F"), "+", "%2B")
	_, err := hs.c.Do(context.Background(), Request{URL: u})
	if err == nil || strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "secret") {
		t.Fatalf("error leaks the secret: %v", err)
	}
	if !strings.Contains(err.Error(), "[REDACTED]") {
		t.Fatalf("error = %v", err)
	}
	// A transport error quotes the URL: redacted too.
	srv := httptest.NewServer(http.NotFoundHandler())
	dead := srv.URL
	srv.Close()
	c := New(Config{Secrets: []string{secret}, MaxRetries: -1})
	_, err = c.Do(context.Background(), Request{URL: dead + "/v?key=" + strings.ReplaceAll(secret, "/", "%2F")})
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Fatalf("transport error leaks the secret: %v", err)
	}
	for e := errors.Unwrap(err); e != nil; e = errors.Unwrap(e) {
		if strings.Contains(e.Error(), "secret") {
			t.Fatalf("unwrapped cause leaks the secret: %v", e)
		}
	}
}

func TestAcceptedStatusIsAnAnswer(t *testing.T) {
	hs := newHarness(t, status(404), nil)
	r, err := hs.c.Do(context.Background(), Request{URL: hs.srv.URL, Accept: []int{404}, TTL: time.Hour})
	if err != nil || r.Status != 404 {
		t.Fatalf("r = %+v err = %v", r, err)
	}
	r, err = hs.c.Do(context.Background(), Request{URL: hs.srv.URL, Accept: []int{404}, TTL: time.Hour})
	if err != nil || !r.Cached || hs.hits.Load() != 1 {
		t.Fatalf("accepted answer not cached: %+v %v", r, err)
	}
}

func TestHeadersAndBody(t *testing.T) {
	var got *http.Request
	var body string
	hs := newHarness(t, func(w http.ResponseWriter, r *http.Request) {
		got = r.Clone(context.Background())
		b := make([]byte, 100)
		n, _ := r.Body.Read(b)
		body = string(b[:n])
		ok(`{}`)(w, r)
	}, nil)
	h := http.Header{}
	h.Set("X-Subscription-Token", "t")
	h.Set("Content-Type", "application/json")
	if _, err := hs.c.Do(context.Background(), Request{Method: "POST", URL: hs.srv.URL, Header: h, Body: []byte(`{"q":1}`)}); err != nil {
		t.Fatal(err)
	}
	if got.Method != "POST" || got.Header.Get("X-Subscription-Token") != "t" || got.Header.Get("Accept") != "application/json" ||
		got.Header.Get("User-Agent") != DefaultUserAgent || body != `{"q":1}` {
		t.Fatalf("request = %s %v body %q", got.Method, got.Header, body)
	}
	// POST bodies are part of the cache key.
	hs.c.Do(context.Background(), Request{Method: "POST", URL: hs.srv.URL, Body: []byte(`a`), TTL: time.Hour})
	hs.c.Do(context.Background(), Request{Method: "POST", URL: hs.srv.URL, Body: []byte(`b`), TTL: time.Hour})
	hs.c.Do(context.Background(), Request{Method: "POST", URL: hs.srv.URL, Body: []byte(`a`), TTL: time.Hour})
	if hs.hits.Load() != 3 {
		t.Fatalf("hits = %d, want 3", hs.hits.Load())
	}
}

func TestNilClient(t *testing.T) {
	var c *Client
	if _, err := c.Do(context.Background(), Request{URL: "http://example.invalid"}); !errors.Is(err, ErrNotConfigured) {
		t.Fatalf("err = %v", err)
	}
}

func TestCacheEviction(t *testing.T) {
	c := NewCache(2)
	now := time.Now()
	for _, k := range []string{"a", "b"} {
		c.put(k, &Response{Status: 200}, now.Add(time.Hour))
	}
	c.get("a", now) // a is now the most recent
	c.put("c", &Response{}, now.Add(time.Hour))
	if _, ok := c.get("b", now); ok {
		t.Fatal("least recently used entry kept")
	}
	for _, k := range []string{"a", "c"} {
		if _, ok := c.get(k, now); !ok {
			t.Fatalf("%s evicted", k)
		}
	}
	if c.Len() != 2 {
		t.Fatalf("Len = %d", c.Len())
	}
}

func TestRetryAfterParse(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	cases := map[string]time.Duration{
		"":  0,
		"0": 0, "-3": 0, " 5 ": 5 * time.Second, "abc": 0, "1.5": 0,
		now.Add(90 * time.Second).Format(http.TimeFormat):  90 * time.Second,
		now.Add(-90 * time.Second).Format(http.TimeFormat): 0,
		"Sun, 06 Nov 1994 08:49:37 GMT":                    0,
		"99999999999999":                                   365 * 24 * time.Hour,
		"Fri, 31 Dec 9999 23:59:59 GMT":                    365 * 24 * time.Hour,
	}
	for in, want := range cases {
		if got := retryAfter(in, now); got != want {
			t.Errorf("retryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}

func FuzzRetryAfter(f *testing.F) {
	for _, s := range []string{"", "3", "Wed, 21 Oct 2015 07:28:00 GMT", "-1", "99999999999999999999"} {
		f.Add(s)
	}
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		if d := retryAfter(s, now); d < 0 || d > 365*24*time.Hour {
			t.Fatalf("retryAfter(%q) = %v", s, d)
		}
	})
}

func TestParseBudget(t *testing.T) {
	for in, want := range map[string]struct {
		calls int
		per   time.Duration
		ok    bool
	}{
		"": {0, 0, true}, "1000/24h": {1000, 24 * time.Hour, true}, " 60 / 1m ": {60, time.Minute, true},
		"0/1h": {}, "10": {}, "10/": {}, "x/1h": {}, "10/-1h": {}, "10/1": {},
	} {
		b, err := ParseBudget(in)
		if (err == nil) != want.ok {
			t.Errorf("ParseBudget(%q) error = %v", in, err)
			continue
		}
		if err == nil && in != "" && (b.calls != want.calls || b.per != want.per) {
			t.Errorf("ParseBudget(%q) = %d/%v", in, b.calls, b.per)
		}
		if in == "" && b != nil {
			t.Errorf("empty budget must be nil")
		}
	}
}

// TestClassify: every kind of client error becomes the port's kind for
// it, keeping the client's error; nil stays nil.
func TestClassify(t *testing.T) {
	timeout, limited, unavailable := errors.New("port timeout"), errors.New("port rate limited"), errors.New("port unavailable")
	for _, c := range []struct {
		err, want error
	}{
		{&Error{Provider: "p", Kind: ErrTimeout}, timeout},
		{&Error{Provider: "p", Kind: ErrRateLimited}, limited},
		{&Error{Provider: "p", Kind: ErrBudgetExhausted}, limited},
		{&Error{Provider: "p", Kind: ErrUpstream, Status: 500}, unavailable},
		{&Error{Provider: "p", Kind: ErrUnavailable}, unavailable},
		{&Error{Provider: "p", Kind: ErrMalformed}, unavailable},
		{&Error{Provider: "p", Kind: ErrCanceled}, unavailable},
		{NotConfigured("p"), unavailable},
		{errors.New("some other failure"), unavailable},
	} {
		got := Classify(c.err, timeout, limited, unavailable)
		if !errors.Is(got, c.want) || !errors.Is(got, c.err) {
			t.Errorf("%v -> %v", c.err, got)
		}
		for _, other := range []error{timeout, limited, unavailable} {
			if other != c.want && errors.Is(got, other) {
				t.Errorf("%v is also %v", c.err, other)
			}
		}
	}
	if Classify(nil, timeout, limited, unavailable) != nil {
		t.Error("nil error classified")
	}
}
