// Package client is the outbound HTTP mechanics every vendor API client in
// provider/ shares: a timeout per attempt and a deadline for the whole
// call, bounded retries with exponential backoff and jitter on 429, 5xx,
// timeouts and broken connections (honouring Retry-After in seconds or as
// an HTTP date), a TTL cache keyed by request, a call budget per provider,
// a response size cap, and typed errors that never carry a secret.
//
// A vendor client builds one Client with New and calls Do (raw body) or
// JSON (decoded body):
//
//	c := client.New(client.Config{Name: "brave_search", Secrets: []string{key}})
//	var out braveResponse
//	resp, err := c.JSON(ctx, client.Request{URL: u, Header: h, TTL: 24 * time.Hour}, &out)
//
// Errors are *Error; test their kind with errors.Is(err, client.ErrRateLimited)
// (ErrNotConfigured, ErrBudgetExhausted, ErrRateLimited, ErrUpstream,
// ErrTimeout, ErrUnavailable, ErrMalformed, ErrCanceled).
//
// Only successful answers are cached (2xx, or a status the request lists
// in Accept), and only when the request sets a TTL: the caller picks the
// lifetime per evidence category. A cache hit makes no outbound call and
// spends no budget.
package client

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Defaults applied by New to zero Config fields. A vendor call is a
// small JSON request: 10 s per attempt is generous; 30 s in all keeps a
// paid call (45 s by default) able to answer after its providers.
const (
	DefaultTimeout       = 10 * time.Second
	DefaultDeadline      = 30 * time.Second
	DefaultMaxRetries    = 2
	DefaultBaseBackoff   = 250 * time.Millisecond
	DefaultMaxBackoff    = 4 * time.Second
	DefaultMaxRetryAfter = 20 * time.Second
	DefaultMaxBody       = 4 << 20 // 4 MiB: the largest documented answers (LLM, search) are far smaller
	DefaultCacheEntries  = 2000
	DefaultUserAgent     = "Dalil/1 (provider client)"
)

// Config is one provider's HTTP settings. Zero fields take the defaults
// above.
type Config struct {
	// Name names the provider in errors and logs ("brave_search").
	Name string
	// Transport sends the requests (tests inject one); nil is a clone of
	// http.DefaultTransport.
	Transport http.RoundTripper
	// Timeout bounds one attempt: connect, headers and body.
	Timeout time.Duration
	// Deadline bounds the whole call: every attempt and every wait between
	// them (the caller's context may be shorter).
	Deadline time.Duration
	// MaxRetries is how many times a retryable failure is retried after the
	// first attempt; negative means never.
	MaxRetries int
	// BaseBackoff and MaxBackoff shape the wait before retry n (from 0):
	// min(BaseBackoff·2ⁿ, MaxBackoff), of which the upper half is random.
	BaseBackoff, MaxBackoff time.Duration
	// MaxRetryAfter is the longest Retry-After the client waits for; a
	// longer one (or one past the deadline) ends the call with
	// ErrRateLimited and the wait in Error.RetryAfter.
	MaxRetryAfter time.Duration
	// MaxBody caps a response body in bytes; a longer one is ErrMalformed.
	MaxBody int64
	// Budget limits the calls to this provider (nil: unlimited). Every
	// HTTP attempt spends one call; a cache hit spends none.
	Budget *Budget
	// Cache keeps successful answers (nil: a new cache of
	// DefaultCacheEntries). Several clients may share one.
	Cache *Cache
	// Secrets are values never shown in an error or a log (API keys,
	// tokens), including their URL-escaped forms.
	Secrets []string
	// ErrorMessage extracts the vendor's error message from an error body
	// (nil: none). Its result is redacted and shortened.
	ErrorMessage func(status int, body []byte) string
	// UserAgent is sent on every request.
	UserAgent string
	// Logger receives one debug line per retry (never a URL query or a
	// header); nil logs nothing.
	Logger *slog.Logger
	// Now, Sleep and Jitter are the clock, the wait between attempts and
	// the random fraction in [0,1) of a backoff; tests replace them.
	Now    func() time.Time
	Sleep  func(ctx context.Context, d time.Duration) error
	Jitter func() float64
}

// Client makes calls to one provider. It is safe for concurrent use.
type Client struct {
	name    string
	cfg     Config
	http    *http.Client
	secrets []string
}

// New returns a client with cfg's settings (zero fields take the
// defaults).
func New(cfg Config) *Client {
	if cfg.Transport == nil {
		cfg.Transport = http.DefaultTransport.(*http.Transport).Clone()
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Deadline <= 0 {
		cfg.Deadline = DefaultDeadline
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = DefaultMaxRetries
	}
	if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	}
	if cfg.BaseBackoff <= 0 {
		cfg.BaseBackoff = DefaultBaseBackoff
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = DefaultMaxBackoff
	}
	if cfg.MaxRetryAfter <= 0 {
		cfg.MaxRetryAfter = DefaultMaxRetryAfter
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.Cache == nil {
		cfg.Cache = NewCache(DefaultCacheEntries)
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = DefaultUserAgent
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sleep == nil {
		cfg.Sleep = Sleep
	}
	if cfg.Jitter == nil {
		cfg.Jitter = rand.Float64
	}
	c := &Client{name: cfg.Name, cfg: cfg}
	c.http = &http.Client{Transport: cfg.Transport}
	for _, s := range cfg.Secrets {
		if s == "" {
			continue
		}
		c.secrets = append(c.secrets, s)
		if q := url.QueryEscape(s); q != s {
			c.secrets = append(c.secrets, q)
		}
		if p := url.PathEscape(s); p != s {
			c.secrets = append(c.secrets, p)
		}
	}
	// Longest first, so a secret containing another is replaced whole.
	slices.SortFunc(c.secrets, func(a, b string) int { return len(b) - len(a) })
	return c
}

// Name is the provider's name.
func (c *Client) Name() string { return c.name }

// Request is one call.
type Request struct {
	// Method defaults to GET.
	Method string
	URL    string
	// Header is sent as given (plus User-Agent, and Accept:
	// application/json unless set).
	Header http.Header
	// Body is sent as is (set Content-Type in Header).
	Body []byte
	// TTL is how long a successful answer may be served from the cache;
	// zero means it is not cached.
	TTL time.Duration
	// CacheKey, when set, replaces the method, URL and body as the cache
	// key (for instance to leave a volatile parameter out).
	CacheKey string
	// Accept lists non-2xx statuses that are answers rather than errors
	// (RDAP's 404 "no such domain"): they are returned as a Response, and
	// cached like a 2xx.
	Accept []int
}

// Response is a successful answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
	// RetrievedAt is when the vendor answered (for a cache hit: the
	// original answer's time).
	RetrievedAt time.Time
	// Cached: served from the cache, no call made.
	Cached bool
	// Attempts is how many HTTP requests this call made (0 when cached).
	Attempts int
}

// Do makes the call, from the cache when it holds a live answer.
func (c *Client) Do(ctx context.Context, req Request) (*Response, error) {
	return c.do(ctx, req, nil)
}

// JSON makes the call and decodes the body into v. A body that is not
// JSON, or does not fit v, is ErrMalformed and is not cached.
func (c *Client) JSON(ctx context.Context, req Request, v any) (*Response, error) {
	return c.do(ctx, req, func(r *Response) error {
		if err := json.Unmarshal(r.Body, v); err != nil {
			return c.Malformed("the body is not the documented JSON", err)
		}
		return nil
	})
}

func (c *Client) do(ctx context.Context, req Request, check func(*Response) error) (*Response, error) {
	if c == nil {
		return nil, NotConfigured("")
	}
	key := ""
	if req.TTL > 0 {
		key = c.cacheKey(req)
		if r, ok := c.cfg.Cache.get(key, c.cfg.Now()); ok {
			r.Cached, r.Attempts = true, 0
			if check != nil {
				if err := check(r); err != nil {
					c.cfg.Cache.delete(key)
					return nil, err
				}
			}
			return r, nil
		}
	}
	r, err := c.fetch(ctx, req)
	if err != nil {
		return nil, err
	}
	if check != nil {
		if err := check(r); err != nil {
			return nil, err
		}
	}
	if key != "" {
		c.cfg.Cache.put(key, r, r.RetrievedAt.Add(req.TTL))
	}
	return r, nil
}

// fetch makes the attempts.
func (c *Client) fetch(parent context.Context, req Request) (*Response, error) {
	ctx, cancel := context.WithTimeout(parent, c.cfg.Deadline)
	defer cancel()
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, c.ctxError(parent, err, attempt, nil)
		}
		if !c.cfg.Budget.take(c.cfg.Now()) {
			return nil, &Error{Provider: c.name, Kind: ErrBudgetExhausted, Attempts: attempt,
				Message: fmt.Sprintf("at most %d calls per %s", c.cfg.Budget.calls, c.cfg.Budget.per)}
		}
		r, failure := c.attempt(ctx, req)
		if failure == nil {
			r.Attempts = attempt + 1
			return r, nil
		}
		failure.err.Attempts = attempt + 1
		if !failure.retry || attempt >= c.cfg.MaxRetries {
			return nil, failure.err
		}
		wait := c.backoff(attempt)
		if ra := failure.err.RetryAfter; ra > 0 {
			if ra > c.cfg.MaxRetryAfter {
				return nil, failure.err
			}
			wait = ra
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) <= wait {
			return nil, failure.err
		}
		if c.cfg.Logger != nil {
			c.cfg.Logger.Debug("provider call retry", "provider", c.name, "attempt", attempt+1,
				"status", failure.err.Status, "error", failure.err.Kind.Error(), "wait", wait)
		}
		if err := c.cfg.Sleep(ctx, wait); err != nil {
			return nil, c.ctxError(parent, err, attempt+1, failure.err)
		}
	}
}

// failure is a failed attempt and whether it may be retried.
type failure struct {
	err   *Error
	retry bool
}

// attempt makes one request.
func (c *Client) attempt(ctx context.Context, req Request) (*Response, *failure) {
	actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	var body io.Reader
	if req.Body != nil {
		body = bytes.NewReader(req.Body)
	}
	hr, err := http.NewRequestWithContext(actx, method, req.URL, body)
	if err != nil {
		return nil, &failure{err: &Error{Provider: c.name, Kind: ErrUnavailable, Message: "bad request URL",
			Err: redacted{msg: c.redact(err.Error())}}}
	}
	for k, vs := range req.Header {
		hr.Header[k] = slices.Clone(vs)
	}
	hr.Header.Set("User-Agent", c.cfg.UserAgent)
	if hr.Header.Get("Accept") == "" {
		hr.Header.Set("Accept", "application/json")
	}
	res, err := c.http.Do(hr)
	if err != nil {
		return nil, c.transportFailure(ctx, actx, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, c.cfg.MaxBody+1))
	if err != nil {
		return nil, c.transportFailure(ctx, actx, err)
	}
	if int64(len(data)) > c.cfg.MaxBody {
		return nil, &failure{err: &Error{Provider: c.name, Kind: ErrMalformed, Status: res.StatusCode,
			Message: fmt.Sprintf("response body over %d bytes", c.cfg.MaxBody)}}
	}
	now := c.cfg.Now()
	if res.StatusCode/100 == 2 || slices.Contains(req.Accept, res.StatusCode) {
		return &Response{Status: res.StatusCode, Header: res.Header, Body: data, RetrievedAt: now}, nil
	}
	e := &Error{Provider: c.name, Kind: ErrUpstream, Status: res.StatusCode,
		RetryAfter: retryAfter(res.Header.Get("Retry-After"), now)}
	if c.cfg.ErrorMessage != nil {
		e.Message = shorten(c.redact(c.cfg.ErrorMessage(res.StatusCode, data)), 300)
	}
	retry := false
	switch {
	case res.StatusCode == http.StatusTooManyRequests:
		e.Kind, retry = ErrRateLimited, true
	case res.StatusCode == http.StatusRequestTimeout:
		retry = true
	case res.StatusCode >= 500 && res.StatusCode != http.StatusNotImplemented &&
		res.StatusCode != http.StatusHTTPVersionNotSupported:
		retry = true
	}
	return nil, &failure{err: e, retry: retry}
}

// transportFailure classifies an error sending a request or reading its
// body: the attempt's own timeout and broken connections are retried, the
// call's deadline and the caller's cancellation are not.
func (c *Client) transportFailure(ctx, actx context.Context, err error) *failure {
	msg := c.redact(err.Error())
	switch {
	case ctx.Err() != nil:
		kind := ErrTimeout
		if errors.Is(ctx.Err(), context.Canceled) {
			kind = ErrCanceled
		}
		return &failure{err: &Error{Provider: c.name, Kind: kind, Err: redactedCause{msg: msg, kind: ctx.Err()}}}
	case actx.Err() != nil || isTimeout(err):
		return &failure{err: &Error{Provider: c.name, Kind: ErrTimeout, Message: "attempt timed out",
			Err: redactedCause{msg: msg, kind: context.DeadlineExceeded}}, retry: true}
	}
	return &failure{err: &Error{Provider: c.name, Kind: ErrUnavailable, Err: redacted{msg: msg}}, retry: true}
}

// ctxError is the error when the call's context ended between attempts;
// last is the failure that was being retried, if any.
func (c *Client) ctxError(parent context.Context, err error, attempts int, last *Error) error {
	kind := ErrTimeout
	if errors.Is(err, context.Canceled) || errors.Is(parent.Err(), context.Canceled) {
		kind = ErrCanceled
	}
	e := &Error{Provider: c.name, Kind: kind, Attempts: attempts, Err: redactedCause{msg: err.Error(), kind: err}}
	if last != nil {
		e.Status, e.RetryAfter = last.Status, last.RetryAfter
		e.Message = "after " + last.Kind.Error()
	}
	return e
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// backoff is the wait before retry n: the upper half of
// min(base·2ⁿ, max) is random, so clients that failed together spread out.
func (c *Client) backoff(n int) time.Duration {
	d := c.cfg.MaxBackoff
	if n < 30 {
		d = min(c.cfg.BaseBackoff<<n, c.cfg.MaxBackoff)
	}
	return d/2 + time.Duration(c.cfg.Jitter()*float64(d/2))
}

// maxRetryAfterSeconds bounds a parsed Retry-After (a year), so no
// arithmetic on it overflows; any wait that long ends the call anyway.
const maxRetryAfterSeconds = 86400 * 365

// retryAfter reads a Retry-After header: delay-seconds or an HTTP date
// (RFC 9110 §10.2.3). Zero when absent, unreadable or in the past.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 {
			return 0
		}
		return min(time.Duration(min(n, maxRetryAfterSeconds))*time.Second, maxRetryAfterSeconds*time.Second)
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return min(d, maxRetryAfterSeconds*time.Second)
		}
	}
	return 0
}

// cacheKey hashes what identifies the request, so no key holds a secret
// in clear.
func (c *Client) cacheKey(req Request) string {
	h := sha256.New()
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	if req.CacheKey != "" {
		fmt.Fprintf(h, "%s\x00key\x00%s", c.name, req.CacheKey)
	} else {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00", c.name, method, req.URL)
		h.Write(req.Body)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// redact replaces every secret in s.
func (c *Client) redact(s string) string {
	for _, secret := range c.secrets {
		s = strings.ReplaceAll(s, secret, "[REDACTED]")
	}
	return s
}

// Redact replaces every configured secret in s, for a vendor client that
// builds its own messages.
func (c *Client) Redact(s string) string { return c.redact(s) }

func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// Sleep waits d, or until ctx ends (then it returns ctx's error): the
// wait between attempts when Config.Sleep is nil, for a vendor client
// that retries at its own level with the same settings.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
