// Package dialing is what the telephony adapters (provider/telephony/twilio
// and provider/telephony/vapi) share when they place a call: a call is
// dialled at most once.
//
// A vendor's create request is not idempotent, so it is never retried
// blindly. Client.Dial makes one creation attempt at a time and decides
// what follows from the failure:
//
//   - a refusal the vendor gives for good (the vendor says which 4xx
//     statuses) wraps voice.ErrRejected and is not retried;
//   - a 429 means no call was created: it is retried after the vendor's
//     Retry-After (or a backoff);
//   - a 5xx, a timeout, a broken connection or an unreadable answer is
//     ambiguous (the vendor may have created the call): before dialling
//     again Dial looks the call up with the vendor's find function and
//     returns the call found instead;
//   - anything else (credentials, budget, cancellation) is returned.
//
// The callee's number is removed from every error (Scrub). The vendor
// packages keep their wire formats: the create and find requests, the
// statuses that are a refusal. An adapter wires it like this:
//
//	dc := dialing.New(h) // h: the vendor's client.Config, Name, Secrets and ErrorMessage set
//	id, err := dc.Dial(ctx, dialing.Call{Number: d.To, Create: create, Find: find, Refused: refused})
package dialing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"dalil/capabilities/voice"
	"dalil/provider/client"
)

// Client is a telephony adapter's HTTP side: the retried client for
// idempotent requests, the single-attempt client for call creation, and
// the dial loop's retry settings (those of the vendor's client.Config).
type Client struct {
	// HTTP makes the idempotent requests (find, fetch, hang up); the
	// client retries them itself.
	HTTP *client.Client
	// Once makes the call-creation request: one attempt per request,
	// retried only by Dial.
	Once *client.Client

	retries   int
	base, max time.Duration
	sleep     func(context.Context, time.Duration) error
	now       func() time.Time
}

// New builds the two clients from h and reads the dial loop's retries,
// backoff, sleep and clock from it, with client.New's defaults for zero
// fields: MaxRetries retries (negative: none), waits of
// min(BaseBackoff·2ⁿ, MaxBackoff) without jitter.
func New(h client.Config) *Client {
	c := &Client{HTTP: client.New(h)}
	once := h
	once.MaxRetries = -1
	c.Once = client.New(once)
	c.retries = h.MaxRetries
	switch {
	case c.retries == 0:
		c.retries = client.DefaultMaxRetries
	case c.retries < 0:
		c.retries = 0
	}
	c.base, c.max = h.BaseBackoff, h.MaxBackoff
	if c.base <= 0 {
		c.base = client.DefaultBaseBackoff
	}
	if c.max <= 0 {
		c.max = client.DefaultMaxBackoff
	}
	c.sleep = h.Sleep
	if c.sleep == nil {
		c.sleep = client.Sleep
	}
	c.now = h.Now
	if c.now == nil {
		c.now = time.Now
	}
	return c
}

// Now is the configured clock (client.Config.Now, else time.Now).
func (c *Client) Now() time.Time { return c.now() }

// Call is one call to place, as a vendor does it.
type Call struct {
	// Number is the callee's number, removed from every error.
	Number string
	// Create makes one attempt at creating the call (through Once) and
	// returns the vendor's call id; an answer without one should be
	// Once.Malformed.
	Create func(ctx context.Context) (string, error)
	// Find returns the id of the call this dial created at or after
	// since, or "" when there is none.
	Find func(ctx context.Context, since time.Time) (string, error)
	// Refused reports whether a vendor's HTTP status (an ErrUpstream
	// answer) refuses the call for good.
	Refused func(status int) bool
}

// Dial places the call at most once and returns the vendor's call id.
// A refusal wraps voice.ErrRejected and the *client.Error; every other
// failure is the last *client.Error, which the caller may retry after
// looking the call up itself (voice.Finder).
func (c *Client) Dial(ctx context.Context, call Call) (string, error) {
	start := c.now()
	var last error
	for attempt := 0; ; attempt++ {
		id, err := call.Create(ctx)
		if err == nil && id != "" {
			return id, nil
		}
		if err == nil {
			err = c.Once.Malformed("call created without an id", nil)
		}
		err = Scrub(err, call.Number)
		if errors.Is(err, client.ErrUpstream) && call.Refused(client.StatusOf(err)) {
			return "", &rejectedError{err: err}
		}
		last = err
		if attempt >= c.retries || errors.Is(err, client.ErrCanceled) || errors.Is(err, client.ErrBudgetExhausted) ||
			!retryable(err) || ctx.Err() != nil {
			return "", last
		}
		if !errors.Is(err, client.ErrRateLimited) {
			// Ambiguous: look before dialling again.
			id, ferr := call.Find(ctx, start)
			if ferr != nil {
				return "", last
			}
			if id != "" {
				return id, nil
			}
		}
		wait := c.backoff(attempt)
		var ce *client.Error
		if errors.As(err, &ce) && ce.RetryAfter > 0 {
			if ce.RetryAfter > client.DefaultMaxRetryAfter {
				return "", last
			}
			wait = ce.RetryAfter
		}
		if err := c.sleep(ctx, wait); err != nil {
			return "", last
		}
	}
}

// retryable: the kinds of failure another attempt may cure.
func retryable(err error) bool {
	return errors.Is(err, client.ErrRateLimited) || errors.Is(err, client.ErrTimeout) ||
		errors.Is(err, client.ErrUnavailable) || errors.Is(err, client.ErrMalformed) ||
		(errors.Is(err, client.ErrUpstream) && (client.StatusOf(err) >= 500 || client.StatusOf(err) == http.StatusRequestTimeout))
}

// backoff is the wait before Dial's retry n: min(base·2ⁿ, max) (a
// Retry-After replaces it).
func (c *Client) backoff(n int) time.Duration {
	if n >= 30 {
		return c.max
	}
	return min(c.base<<n, c.max)
}

// rejectedError is a final refusal: errors.Is(err, voice.ErrRejected)
// and errors.As(err, *client.Error) both hold.
type rejectedError struct{ err error }

func (r *rejectedError) Error() string   { return voice.ErrRejected.Error() + ": " + r.err.Error() }
func (r *rejectedError) Unwrap() []error { return []error{voice.ErrRejected, r.err} }

// Scrub removes the callee's number from a *client.Error's vendor
// message and its cause's text (Twilio's "Invalid 'To' Phone Number:
// +…"): numbers are kept hashed except while a call is live, and errors
// are logged and stored. errors.Is still reaches the cause. Other errors
// are returned as they are.
func Scrub(err error, number string) error {
	var e *client.Error
	if number == "" || !errors.As(err, &e) {
		return err
	}
	if !strings.Contains(e.Message, number) && (e.Err == nil || !strings.Contains(e.Err.Error(), number)) {
		return err
	}
	cp := *e
	cp.Message = strings.ReplaceAll(cp.Message, number, "[number]")
	if cp.Err != nil && strings.Contains(cp.Err.Error(), number) {
		cp.Err = scrubbed{msg: strings.ReplaceAll(cp.Err.Error(), number, "[number]"), cause: cp.Err}
	}
	return &cp
}

// scrubbed keeps errors.Is working through a cause whose text changed.
type scrubbed struct {
	msg   string
	cause error
}

func (s scrubbed) Error() string { return s.msg }
func (s scrubbed) Is(target error) bool {
	return errors.Is(s.cause, target)
}

var e164 = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)

// E164 reports whether s is a phone number in E.164: + and 7 to 15
// digits, the first not 0.
func E164(s string) bool { return e164.MatchString(s) }

// Check is what every adapter requires of a dial before any request,
// its errors prefixed with the vendor's name: a call id, an E.164
// number (else voice.ErrRejected: the number cannot be called), a
// maximum duration and the opening disclosure.
func Check(vendor string, d voice.Dial) error {
	switch {
	case strings.TrimSpace(d.CallID) == "":
		return errors.New(vendor + ": dial without a call id")
	case !E164(d.To):
		return fmt.Errorf("%s: %w: the number is not E.164", vendor, voice.ErrRejected)
	case d.MaxSeconds < 1:
		return errors.New(vendor + ": dial without a maximum duration")
	case strings.TrimSpace(d.Script.Opening) == "":
		return errors.New(vendor + ": dial without the opening disclosure")
	}
	return nil
}
