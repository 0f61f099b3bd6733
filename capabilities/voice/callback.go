package voice

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"dalil"
	"dalil/internal/webhook"
)

// Completion callback headers. The signature is Stripe-like:
//
//	X-Dalil-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>
//	X-Dalil-Delivery:  <delivery id, the same on every retry of one completion>
//	X-Dalil-Event:     call.completed
//
// secret is the callbackSecret the call's 202 answer gave once.
const (
	HeaderSignature = webhook.HeaderSignature
	HeaderDelivery  = webhook.HeaderDelivery
	HeaderEvent     = webhook.HeaderEvent
	// EventCompleted is the one event delivered: the call reached a
	// terminal state.
	EventCompleted = "call.completed"
	// SignatureTolerance is how old a signature a receiver should accept
	// (VerifyCallback): a replayed delivery older than this is refused.
	SignatureTolerance = webhook.SignatureTolerance
)

// Completion is the body of a completion callback.
type Completion struct {
	Event      string    `json:"event"`
	DeliveryID string    `json:"deliveryId"`
	SentAt     time.Time `json:"sentAt"`
	Call       View      `json:"call"`
}

// SignCallback returns the X-Dalil-Signature value of body sent at t
// (internal/webhook).
func SignCallback(secret string, t time.Time, body []byte) string {
	return webhook.Sign(secret, t, body)
}

// VerifyCallback checks a received callback as a receiver should: the
// raw body (before any JSON parsing), the X-Dalil-Signature header, the
// call's callbackSecret, the receiver's clock. The signature must match
// (constant-time) and be at most SignatureTolerance old (or ahead).
func VerifyCallback(secret, header string, body []byte, now time.Time) error {
	return webhook.Verify("voice callback", secret, header, body, now)
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
	var failure error
	if s.posts == nil {
		failure = errors.New("no callback client configured")
	} else {
		outcome, err := webhook.Post(ctx, s.posts, webhook.Delivery{URL: r.CallbackURL, Secret: s.callbackSecret(r.ID), ID: delivery,
			Event: EventCompleted, Body: body, SentAt: now})
		switch outcome {
		case webhook.Delivered:
			return s.callbackState(ctx, id, CallbackDelivered)
		case webhook.Refused:
			s.log.Warn("voice: callback URL refused; not retried", "callId", id, "error", err.Error())
			return s.callbackState(ctx, id, CallbackFailed)
		}
		failure = err
		var se *webhook.StatusError
		if errors.As(err, &se) {
			failure = fmt.Errorf("callback answered HTTP %d", se.Status)
		}
	}
	if last {
		s.log.Warn("voice: callback not delivered; giving up", "callId", id, "delivery", delivery, "error", failure.Error())
		return s.callbackState(ctx, id, CallbackFailed)
	}
	return failure
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
