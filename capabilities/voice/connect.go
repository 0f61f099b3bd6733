package voice

import (
	"context"
	"errors"
	"time"

	"dalil"
)

// Charge on connect. A call paid on a pay-per-call rail that cannot give
// part of a payment back (x402, L402, MPP charge and vouchers) is paid
// only once it connects: its request holds the credential (verified and
// claimed), queues the call, and waits for it to connect within a bounded
// time (AwaitConnect). Connected, the request answers 202 and the
// pipeline settles the credential: the payer pays the maximum. Ended
// without connecting (no answer, busy, rejected, failed, blocked...) or
// still not connected when the wait runs out (then cancelled and hung
// up), the answer is 200 not charged (View.Unpaid) and the pipeline
// releases the credential: nothing is settled on the rail.

// Awaiter is a Queue that can wait for a pay-on-connect call to connect
// (Service). Deps.place makes a pay-per-call call that cannot be refunded
// pay on connect only when its Queue is one.
type Awaiter interface {
	// AwaitConnect waits until call id connects or ends, or until the
	// service's ConnectWait ran out (never past ctx's deadline less a
	// margin, nor past ctx's end): then a call not yet answered is
	// cancelled (and hung up at the provider). It returns the call's view,
	// which is Unpaid when the call did not connect.
	AwaitConnect(ctx context.Context, id string) (View, error)
}

// AwaitConnect implements Awaiter. The call's storage is read every
// connectPoll; reads that fail are retried until the wait ends.
func (s *Service) AwaitConnect(ctx context.Context, id string) (View, error) {
	until := time.Now().Add(s.connectWait)
	if d, ok := ctx.Deadline(); ok && d.Add(-connectMargin).Before(until) {
		until = d.Add(-connectMargin)
	}
	// The call is read and cancelled even once the request ended: a call
	// left ringing would connect unpaid.
	bg := context.WithoutCancel(ctx)
	timer := time.NewTimer(max(0, time.Until(until)))
	defer timer.Stop()
	tick := time.NewTicker(connectPoll)
	defer tick.Stop()
	for {
		r, err := s.store.Get(bg, id)
		switch {
		case err != nil:
			s.log.Warn("voice: reading a call waiting to connect", "callId", id, "error", err.Error())
		case r.Status.Connected() || r.Status.Terminal():
			return s.awaited(r), nil
		}
		select {
		case <-tick.C:
			continue
		case <-timer.C:
		case <-ctx.Done():
		}
		return s.stopWaiting(bg, id)
	}
}

// stopWaiting cancels a pay-on-connect call that did not connect in time
// (outcome not_connected_in_time, nothing charged) and hangs it up at the
// provider. A call that connected or ended meanwhile is left as it is,
// and its view returned.
func (s *Service) stopWaiting(ctx context.Context, id string) (View, error) {
	var hangup string
	r, err := s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		if Cancel(c.Status) != nil {
			return Effects{}, nil // answered or ended: nothing to cancel
		}
		hangup = c.ProviderCallID
		return Effects{Jobs: s.finish(c, StatusCancelled, OutcomeNotConnected, 0, time.Time{}, 0)}, nil
	})
	if err != nil {
		if errors.Is(err, dalil.ErrNotFound) {
			return View{}, err
		}
		s.log.Error("voice: a call that did not connect in time could not be cancelled", "callId", id, "error", err.Error())
		return View{}, err
	}
	if hangup != "" && s.dialer != nil {
		if err := s.dialer.Hangup(ctx, hangup); err != nil {
			s.log.Warn("voice: hang up a call that did not connect in time", "callId", id, "error", err.Error())
		}
	}
	return s.awaited(r), nil
}

// awaited is the view a pay-on-connect request answers with: Unpaid
// unless the call connected.
func (s *Service) awaited(r Record) View {
	v := s.view(r)
	v.awaited = r.PayOnConnect
	return v
}

// ringSeconds is the ring of a pay-on-connect call: short enough that an
// unanswered phone ends no_answer before its request stops waiting.
func (s *Service) ringSeconds() int {
	return max(1, int((s.connectWait-dialAllowance)/time.Second))
}

// NotConnected is the reason (meta.notChargedReason) of a pay-on-connect
// call's answer when the call did not connect.
const NotConnected = "call_not_connected"
