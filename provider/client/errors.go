package client

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// The kinds of failure a provider call ends in. Every error Do returns
// is an *Error whose Kind is one of these, so callers test with
// errors.Is(err, client.ErrRateLimited) and read details with
// errors.As(err, &e).
var (
	// ErrNotConfigured: the vendor client has no settings (no API key, no
	// URL). No call was made.
	ErrNotConfigured = errors.New("provider not configured")
	// ErrBudgetExhausted: the provider's call budget for the current
	// period is spent. No call was made.
	ErrBudgetExhausted = errors.New("provider call budget exhausted")
	// ErrRateLimited: the vendor answered 429 on the last attempt, or asked
	// (Retry-After) for a wait longer than the client may spend.
	ErrRateLimited = errors.New("provider rate limited")
	// ErrUpstream: the vendor answered an unexpected status (Status says
	// which): a 4xx other than 429, or a 5xx after the last retry.
	ErrUpstream = errors.New("provider upstream error")
	// ErrTimeout: an attempt timed out and no attempt is left, or the total
	// deadline (or the caller's context deadline) ran out.
	ErrTimeout = errors.New("provider timed out")
	// ErrUnavailable: the vendor could not be reached (DNS, refused or
	// reset connection, TLS) after the last retry.
	ErrUnavailable = errors.New("provider unavailable")
	// ErrMalformed: a 2xx body that is not what the vendor documents (not
	// JSON, wrong shape), or over the response size cap.
	ErrMalformed = errors.New("provider answered a malformed body")
	// ErrCanceled: the caller's context was cancelled.
	ErrCanceled = errors.New("provider call canceled")
)

// Error is every error of this package and of the vendor clients built on
// it. Its text names the provider, never a secret: every configured
// secret is replaced by [REDACTED] in Message and in the cause's text.
type Error struct {
	Provider string
	// Kind is one of the Err* values above.
	Kind error
	// Status is the vendor's HTTP status when it answered (0 otherwise).
	Status int
	// RetryAfter is the wait the vendor asked for (429/503), if any.
	RetryAfter time.Duration
	// Message is a short, redacted description (the vendor's own error
	// message when it gave one).
	Message string
	// Attempts is how many HTTP requests were made (0: none).
	Attempts int
	// Err is the redacted cause, if any.
	Err error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Provider)
	if b.Len() == 0 {
		b.WriteString("provider")
	}
	b.WriteString(": ")
	b.WriteString(e.Kind.Error())
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the kind and the cause, so errors.Is matches either.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}

// StatusOf returns the vendor's HTTP status carried by err (0 when err is
// not an *Error or the vendor did not answer).
func StatusOf(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

// NotConfigured is the error a vendor client returns when it is off
// (a nil client, or one built without its settings).
func NotConfigured(provider string) error {
	return &Error{Provider: provider, Kind: ErrNotConfigured, Message: "set its variables to switch it on"}
}

// Malformed is the error a vendor client returns when a 2xx body does not
// have the documented shape; why is redacted by the caller's client.
func (c *Client) Malformed(why string, cause error) error {
	e := &Error{Provider: c.name, Kind: ErrMalformed, Message: c.redact(why)}
	if cause != nil {
		e.Err = redacted{msg: c.redact(cause.Error())}
	}
	return e
}

// redacted is a cause whose text had secrets removed; the original error
// is dropped so no unwrapping can reveal them.
type redacted struct{ msg string }

func (r redacted) Error() string { return r.msg }

// redactedCause keeps a sentinel of the standard library reachable through
// errors.Is (context.DeadlineExceeded) while only exposing redacted text.
type redactedCause struct {
	msg  string
	kind error
}

func (r redactedCause) Error() string { return r.msg }
func (r redactedCause) Unwrap() error { return r.kind }

// Classify joins err with the error a port states for its kind, so that
// an adapter's caller tests the port's own kinds while the client's
// (redacted) error stays reachable: ErrTimeout is timeout; ErrRateLimited
// and ErrBudgetExhausted (the operator's budget spent) are rateLimited;
// anything else (unreachable, 5xx, malformed, not configured, canceled)
// is unavailable. Nil stays nil.
func Classify(err, timeout, rateLimited, unavailable error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrTimeout):
		return errors.Join(timeout, err)
	case errors.Is(err, ErrRateLimited), errors.Is(err, ErrBudgetExhausted):
		return errors.Join(rateLimited, err)
	}
	return errors.Join(unavailable, err)
}
