package voice

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"dalil"
	"dalil/internal/safehttp"
)

// Completion callback headers. The signature is Stripe-like:
//
//	X-Dalil-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>
//	X-Dalil-Delivery:  <delivery id, the same on every retry of one completion>
//	X-Dalil-Event:     call.completed
//
// secret is the callbackSecret the call's 202 answer gave once.
const (
	HeaderSignature = "X-Dalil-Signature"
	HeaderDelivery  = "X-Dalil-Delivery"
	HeaderEvent     = "X-Dalil-Event"
	// EventCompleted is the one event delivered: the call reached a
	// terminal state.
	EventCompleted = "call.completed"
	// SignatureTolerance is how old a signature a receiver should accept
	// (VerifyCallback): a replayed delivery older than this is refused.
	SignatureTolerance = 5 * time.Minute
)

// Completion is the body of a completion callback.
type Completion struct {
	Event      string    `json:"event"`
	DeliveryID string    `json:"deliveryId"`
	SentAt     time.Time `json:"sentAt"`
	Call       View      `json:"call"`
}

// SignCallback returns the X-Dalil-Signature value of body sent at t.
func SignCallback(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "."))
	m.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(m.Sum(nil))
}

// VerifyCallback checks a received callback as a receiver should: the
// raw body (before any JSON parsing), the X-Dalil-Signature header, the
// call's callbackSecret, the receiver's clock. The signature must match
// (constant-time) and be at most SignatureTolerance old (or ahead).
func VerifyCallback(secret, header string, body []byte, now time.Time) error {
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
		return errors.New("voice callback: malformed " + HeaderSignature)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > SignatureTolerance || d < -SignatureTolerance {
		return errors.New("voice callback: signature timestamp outside the tolerance")
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "."))
	m.Write(body)
	want := m.Sum(nil)
	for _, s := range sigs {
		if got, err := hex.DecodeString(s); err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return errors.New("voice callback: signature does not match")
}

// deliver is the callback job: the completion is POSTed to the call's
// callbackUrl through internal/safehttp (https only, every address checked
// at connect time, no redirects), signed, with the same delivery id on
// every attempt: at least once, so receivers deduplicate by
// X-Dalil-Delivery. A 2xx answer delivers it; anything else is retried
// with backoff until the last attempt. A URL safehttp refuses (not https,
// a private or loopback address) is never retried.
func (s *Service) deliver(ctx context.Context, id, delivery string, last bool) error {
	r, err := s.store.Get(ctx, id)
	if errors.Is(err, dalil.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if r.Callback != CallbackPending || r.CallbackURL == "" {
		return nil
	}
	now := s.now().UTC()
	body, err := json.Marshal(Completion{Event: EventCompleted, DeliveryID: delivery, SentAt: now, Call: s.view(r)})
	if err != nil {
		return err
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set(HeaderSignature, SignCallback(s.callbackSecret(r.ID), now, body))
	h.Set(HeaderDelivery, delivery)
	h.Set(HeaderEvent, EventCompleted)
	var failure error
	if s.posts == nil {
		failure = errors.New("no callback client configured")
	} else {
		resp, err := s.posts.Do(ctx, safehttp.Request{Method: http.MethodPost, URL: r.CallbackURL, Header: h, Body: body})
		switch {
		case err == nil && resp.OK():
			return s.callbackState(ctx, id, CallbackDelivered)
		case err == nil:
			failure = fmt.Errorf("callback answered HTTP %d", resp.Status)
		case refused(err):
			s.log.Warn("voice: callback URL refused; not retried", "callId", id, "error", err.Error())
			return s.callbackState(ctx, id, CallbackFailed)
		default:
			failure = err
		}
	}
	if last {
		s.log.Warn("voice: callback not delivered; giving up", "callId", id, "delivery", delivery, "error", failure.Error())
		return s.callbackState(ctx, id, CallbackFailed)
	}
	return failure
}

// refused reports a safehttp refusal that no retry can change: the URL
// itself, or the addresses its host resolves to.
func refused(err error) bool {
	switch safehttp.CodeOf(err) {
	case safehttp.CodeInvalidURL, safehttp.CodeNotAllowed, safehttp.CodeTooManyRedirects:
		return true
	}
	return false
}

func (s *Service) callbackState(ctx context.Context, id, state string) error {
	_, err := s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		if c.Callback == CallbackPending {
			c.Callback = state
		}
		return Effects{}, nil
	})
	return err
}
