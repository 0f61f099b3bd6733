// Package webhook is Dalil's signed webhook delivery, shared by every
// capability that calls a payer back (the voice calls' completion
// callbacks, the sanctions watchlist's alerts): a JSON body POSTed through
// internal/safehttp (https only, every address checked when it is dialled,
// no redirects), signed with HMAC-SHA256 over the raw body, with a
// delivery id that stays the same on every retry so receivers deduplicate.
// The retries with backoff are the caller's job queue's (River): Post
// says whether a failure is worth retrying.
//
// The signature is Stripe-like:
//
//	X-Dalil-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>
//	X-Dalil-Delivery:  <delivery id, the same on every retry>
//	X-Dalil-Event:     <event name>
package webhook

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"dalil/internal/safehttp"
)

// Headers of a delivery.
const (
	HeaderSignature = "X-Dalil-Signature"
	HeaderDelivery  = "X-Dalil-Delivery"
	HeaderEvent     = "X-Dalil-Event"
	// SignatureTolerance is how old a signature a receiver should accept
	// (Verify): a replayed delivery older than this is refused.
	SignatureTolerance = 5 * time.Minute
)

// Sign returns the X-Dalil-Signature value of body sent at t.
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac(secret, ts, body))
}

func mac(secret, ts string, body []byte) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "."))
	m.Write(body)
	return m.Sum(nil)
}

// Verify checks a received delivery as a receiver should: the raw body
// (before any JSON parsing), the X-Dalil-Signature header, the secret,
// the receiver's clock. The signature must match (constant-time) and be
// at most SignatureTolerance old (or ahead). prefix starts the errors'
// messages ("voice callback").
func Verify(prefix, secret, header string, body []byte, now time.Time) error {
	var ts string
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sigs = append(sigs, v)
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 {
		return errors.New(prefix + ": malformed " + HeaderSignature)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > SignatureTolerance || d < -SignatureTolerance {
		return errors.New(prefix + ": signature timestamp outside the tolerance")
	}
	want := mac(secret, ts, body)
	for _, s := range sigs {
		if got, err := hex.DecodeString(s); err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return errors.New(prefix + ": signature does not match")
}

// Poster sends a delivery: *safehttp.Client (https only, every address
// checked at connect time, no redirects).
type Poster interface {
	Do(ctx context.Context, r safehttp.Request) (*safehttp.Response, error)
}

// Delivery is one signed POST.
type Delivery struct {
	URL, Secret, ID, Event string
	Body                   []byte
	// SentAt is the signature's time.
	SentAt time.Time
}

// Outcome of a Post.
type Outcome int

const (
	// Delivered: the receiver answered 2xx.
	Delivered Outcome = iota
	// Retry: the receiver failed (an error status, a timeout, a refused
	// connection); a later attempt may succeed.
	Retry
	// Refused: safehttp refuses the URL itself (not https, a private or
	// loopback address, redirects): no retry can change it.
	Refused
)

// Post POSTs d signed through p. The error says why it was not
// delivered (nil when Delivered).
func Post(ctx context.Context, p Poster, d Delivery) (Outcome, error) {
	if p == nil {
		return Retry, errors.New("no webhook client configured")
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set(HeaderSignature, Sign(d.Secret, d.SentAt, d.Body))
	h.Set(HeaderDelivery, d.ID)
	h.Set(HeaderEvent, d.Event)
	resp, err := p.Do(ctx, safehttp.Request{Method: http.MethodPost, URL: d.URL, Header: h, Body: d.Body})
	switch {
	case err == nil && resp.OK():
		return Delivered, nil
	case err == nil:
		return Retry, &StatusError{Status: resp.Status}
	case IsRefused(err):
		return Refused, err
	}
	return Retry, err
}

// StatusError is a receiver's answer that is not 2xx.
type StatusError struct{ Status int }

func (e *StatusError) Error() string { return fmt.Sprintf("webhook answered HTTP %d", e.Status) }

// IsRefused reports a safehttp refusal that no retry can change: the URL
// itself, or the addresses its host resolves to.
func IsRefused(err error) bool {
	switch safehttp.CodeOf(err) {
	case safehttp.CodeInvalidURL, safehttp.CodeNotAllowed, safehttp.CodeTooManyRedirects:
		return true
	}
	return false
}
