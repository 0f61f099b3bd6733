package voice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"dalil"
)

// errStale: the call changed between reading it and acting on it (a
// cancel, an event); the job has nothing left to do.
var errStale = errors.New("voice: the call moved on")

// Work runs one job (the queue's workers call it). attempt counts from 1;
// at maxAttempts the job does not fail again but ends what it can
// (the call failed, the callback given up) so nothing is left pending.
// *Later asks to run it again later without counting an attempt; any
// other error is retried with backoff.
func (s *Service) Work(ctx context.Context, j Job, attempt, maxAttempts int) error {
	last := attempt >= maxAttempts
	switch j.Kind {
	case JobDial:
		return s.dial(ctx, j.CallID, last)
	case JobSettle:
		return s.settle(ctx, j.CallID, last)
	case JobCallback:
		return s.deliver(ctx, j.CallID, j.Delivery, last)
	case JobExpire:
		return s.expire(ctx, j.CallID)
	}
	return fmt.Errorf("voice: unknown job %q", j.Kind)
}

// end moves a live call to a terminal state with Dalil's own outcome
// (never connected: nothing is charged). A call already ended is left as
// it is.
func (s *Service) end(ctx context.Context, id string, to Status, outcome string, settleDelay time.Duration) error {
	_, err := s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		if c.Status.Terminal() {
			return Effects{}, nil
		}
		return Effects{Jobs: s.finish(c, to, outcome, 0, time.Time{}, settleDelay)}, nil
	})
	return err
}

// dial is the dial job. It confirms that the paid request's charge
// committed, runs the safety gate again, marks the call dialing in the
// database, and only then asks the provider to place it.
//
// A call found dialing without the provider's id had an attempt whose
// outcome is unknown: its process stopped while dialling (kill -9, a
// crash: River runs the job again), or the provider's answer was lost.
// With a provider that can look its calls up (Finder), the job asks it:
// a call it placed is recorded and left to its events, and only a call
// it never placed is dialled again. A provider that cannot be asked never
// gets the call again: it ends failed and its charge is refunded.
func (s *Service) dial(ctx context.Context, id string, last bool) error {
	r, err := s.store.Get(ctx, id)
	if errors.Is(err, dalil.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	now := s.now().UTC()
	finder, _ := s.dialer.(Finder)
	switch {
	case r.Status.Terminal():
		return nil
	case r.Status == StatusDialing && r.ProviderCallID == "":
		if finder == nil {
			s.log.Warn("voice: call found dialing after a restart; ended without redialling", "callId", id)
			return s.end(ctx, id, StatusFailed, OutcomeDialInterrupted, 0)
		}
		pid, err := finder.FindCall(ctx, s.dialOf(r), r.DialedAt)
		if err != nil {
			if last {
				s.log.Warn("voice: could not learn whether an interrupted dial placed the call; ended", "callId", id, "error", err.Error())
				return s.end(ctx, id, StatusFailed, OutcomeDialInterrupted, 0)
			}
			return err
		}
		if pid != "" {
			s.log.Info("voice: an interrupted dial had placed the call; recorded, not redialled", "callId", id)
			return s.placed(ctx, id, pid)
		}
		// The provider placed nothing: dial it now (still dialing).
	case r.Status != StatusQueued:
		return nil // the provider has it; its events drive it
	case r.PayOnConnect:
		// Paid once it connects: the request holds the credential while
		// it waits. Released (the request answered without paying), the
		// call is not placed. The credential was claimed before the call
		// was queued, so there is nothing to wait for.
		held, err := s.charges.HeldFor(ctx, r.AccountID, r.RequestID, r.CreatedAt.Add(-claimLead))
		if err != nil {
			return err
		}
		if !held {
			s.log.Warn("voice: payment released before dialling; call not placed", "callId", id, "requestId", r.RequestID)
			return s.end(ctx, id, StatusFailed, OutcomeNotCharged, 0)
		}
	default:
		ok, err := s.committed(ctx, r)
		if err != nil {
			return err
		}
		if !ok {
			if now.Before(r.CreatedAt.Add(s.window)) {
				return &Later{Delay: time.Second}
			}
			// The request's charge never committed (its answer was an
			// error): the call is not placed. Settlement runs once a late
			// charge could no longer appear, and refunds it if one did.
			s.log.Warn("voice: charge never committed; call not placed", "callId", id, "requestId", r.RequestID)
			return s.end(ctx, id, StatusFailed, OutcomeNotCharged, s.window)
		}
	}
	if now.After(r.CreatedAt.Add(DialWithin)) {
		return s.end(ctx, id, StatusFailed, OutcomeNotDialled, 0)
	}
	if r.PayOnConnect && now.After(r.CreatedAt.Add(s.connectWait)) {
		// Its request no longer waits (it stopped waiting, or its process
		// stopped): nobody would pay for the call once it connects.
		return s.end(ctx, id, StatusFailed, OutcomeNotDialled, 0)
	}
	if s.dialer == nil {
		return s.end(ctx, id, StatusFailed, OutcomeNoProvider, 0)
	}
	if refusal, err := s.recheck(ctx, r, now); err != nil {
		return err
	} else if refusal != "" {
		return s.end(ctx, id, StatusBlocked, refusal, 0)
	}
	from := r.Status
	r, err = s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		if c.Status != from || c.ProviderCallID != "" {
			return Effects{}, errStale
		}
		if c.Status == StatusQueued {
			// DialedAt stays the first attempt's: a lookup (Finder) covers
			// every attempt since.
			c.Status, c.DialedAt = StatusDialing, now
		}
		c.Provider = s.dialer.Name()
		c.DialAttempts++
		return Effects{}, nil
	})
	if errors.Is(err, errStale) {
		return nil
	}
	if err != nil {
		return err
	}
	pid, derr := s.dialer.Dial(ctx, s.dialOf(r))
	if derr == nil {
		return s.placed(ctx, id, pid)
	}
	if errors.Is(derr, ErrRejected) {
		s.log.Warn("voice: provider refused the call", "callId", id, "error", derr.Error())
		return s.end(ctx, id, StatusFailed, OutcomeProviderRejected, 0)
	}
	if finder != nil {
		// The attempt's outcome is unknown: the provider may have placed
		// the call. Ask it; the retry asks again before dialling.
		if pid, ferr := finder.FindCall(ctx, s.dialOf(r), r.DialedAt); ferr == nil && pid != "" {
			return s.placed(ctx, id, pid)
		}
	}
	if last {
		s.log.Warn("voice: provider did not place the call", "callId", id, "error", derr.Error())
		return s.end(ctx, id, StatusFailed, OutcomeProviderError, 0)
	}
	if finder == nil {
		// Without a lookup the provider's word is taken: back to queued,
		// so the retry may dial it.
		if _, err := s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
			if c.Status == StatusDialing && c.ProviderCallID == "" {
				c.Status = StatusQueued
			}
			return Effects{}, nil
		}); err != nil {
			return errors.Join(derr, err)
		}
	}
	return derr
}

// dialOf is what the provider is given to place the call.
func (s *Service) dialOf(r Record) Dial {
	d := Dial{CallID: r.ID, Capability: r.Capability, To: r.Number, Language: r.Dial.Language, Script: r.Script, Instructions: r.Dial.Instructions,
		MaxSeconds: r.MaxSeconds, Record: r.Dial.Record, Transcribe: r.Dial.Transcribe, VoicemailMessage: r.Dial.VoicemailMessage, EventsURL: s.events,
		PlacedAt: r.CreatedAt}
	if r.PayOnConnect {
		d.RingSeconds = s.ringSeconds()
	}
	return d
}

// committed asks whether the call's charge committed, waiting up to the
// service's ChargeWait for it in place (the charge commits as the 202 is
// written, usually within milliseconds of the job's first run).
func (s *Service) committed(ctx context.Context, r Record) (bool, error) {
	const poll = 100 * time.Millisecond
	for waited := time.Duration(0); ; waited += poll {
		ok, err := s.charges.PaidFor(ctx, r.AccountID, r.RequestID, r.CreatedAt.Add(-claimLead))
		if err != nil || ok || waited >= s.chargeWait {
			return ok, err
		}
		t := time.NewTimer(poll)
		select {
		case <-ctx.Done():
			t.Stop()
			return false, ctx.Err()
		case <-t.C:
		}
	}
}

// placed records the provider's id of a call it placed: a few quick
// tries, since a retry of the job would have to look the call up again.
// A call cancelled while the provider was placing it is hung up.
func (s *Service) placed(ctx context.Context, id, pid string) error {
	var cancelled bool
	var err error
	for try := 0; ; try++ {
		_, err = s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
			if c.ProviderCallID == "" {
				c.ProviderCallID = pid
			}
			cancelled = c.Status == StatusCancelled
			return Effects{}, nil
		})
		if err == nil || try == 4 || ctx.Err() != nil {
			break
		}
		time.Sleep(time.Duration(try+1) * 200 * time.Millisecond)
	}
	if err != nil {
		// The call is placed but not recorded: hang it up rather than let
		// it run unmetered, then let the retry end it.
		if herr := s.dialer.Hangup(ctx, pid); herr != nil {
			s.log.Error("voice: placed call not recorded and not hung up", "callId", id, "error", herr.Error())
		}
		return err
	}
	if cancelled { // cancelled while the provider was placing it
		if err := s.dialer.Hangup(ctx, pid); err != nil {
			s.log.Warn("voice: hang up a cancelled call", "callId", id, "error", err.Error())
		}
	}
	return nil
}

// recheck runs the safety gate again at dial time: the number's rules
// and country (the operator's list may have changed), calling hours now,
// the do-not-call list (the callee may have opted out meanwhile) and the
// daily caps on calls actually dialled. It returns the rule that refuses
// the call, or "".
func (s *Service) recheck(ctx context.Context, r Record, now time.Time) (string, error) {
	rule := func(e *dalil.Error) string {
		if r := RuleOf(e); r != "" {
			return r
		}
		return string(e.Code)
	}
	num, nerr := s.policy.CheckNumber(r.Number)
	if nerr != nil {
		return rule(nerr), nil
	}
	if herr := s.policy.CheckHours(num, r.Dial.CallerZone, now); herr != nil {
		return rule(herr), nil
	}
	listed, err := s.store.Listed(ctx, r.NumberHash)
	if err != nil {
		return "", err
	}
	if listed {
		return RuleDoNotCall, nil
	}
	pc, nc, err := s.store.Dialled(ctx, r.Payer, r.NumberHash, now.Add(-24*time.Hour), r.ID)
	if err != nil {
		return "", err
	}
	if cerr := s.policy.CheckCaps(pc, nc); cerr != nil {
		return rule(cerr), nil
	}
	return "", nil
}

// settle is the settlement job. Account rails were charged the maximum
// when the call was queued; the difference to the final charge is
// refunded (all of it when the call never connected). A call drawn from
// an MPP budget session gives the same difference back to the session's
// budget while the session is open (settleSession). The other
// pay-per-call rails (x402, L402, MPP charge) cannot be refunded by Dalil
// (docs/voice.md): they pay on connect, and the settlement records
// whether the request paid (settleOnConnect); a call queued on them
// before charge on connect paid the maximum, which is recorded.
func (s *Service) settle(ctx context.Context, id string, last bool) error {
	r, err := s.store.Get(ctx, id)
	if errors.Is(err, dalil.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !r.Status.Terminal() || r.Settle != SettlePending {
		return nil
	}
	state, refund := SettleDone, dalil.MicroUSD(0)
	switch {
	case r.AccountID != "":
		refund = r.MaxCharge - r.FinalCharge
		if refund > 0 {
			_, err := s.refunds.Refund(ctx, r.AccountID, r.RequestID, refund, "voice call "+r.ID+": unused maximum")
			var de *dalil.Error
			switch {
			case err == nil:
			case errors.Is(err, dalil.ErrNotFound):
				state, refund = SettleNotCharged, 0
			case errors.As(err, &de) || last:
				// Refused for good (already refunded another amount), or
				// out of attempts: the operator must look.
				s.log.Error("voice: settlement failed", "callId", id, "requestId", r.RequestID, "error", err.Error())
				state, refund = SettleFailed, 0
			default:
				return err
			}
		}
	case r.PayOnConnect:
		if state, err = s.settleOnConnect(ctx, r); err != nil {
			return err
		}
	case r.Session != "":
		if state, refund, err = s.settleSession(ctx, r, last); err != nil {
			return err
		}
	case r.Outcome == OutcomeNotCharged:
		state = SettleNotCharged
	}
	_, err = s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		if c.Settle != SettlePending {
			return Effects{}, nil
		}
		c.Settle, c.Refunded = state, refund
		return Effects{}, nil
	})
	return err
}

// settleSession settles a call drawn from an MPP budget session: the
// draw was the maximum, and maximum − final charge goes back to the
// session's budget (everything when the call never connected, or was
// never placed because its request failed after the draw committed). The
// session's close then refunds it to the payer on chain with the rest of
// the unused budget. The port gives back once per draw, so a settlement
// run again (River's at-least-once) gets the first result. A session
// already closing or closed cannot take anything back (its close claimed
// the whole draw): SettleSessionClosed, the maximum kept. No committed
// draw under the key: SettleNotCharged for a call never placed because
// its payment did not complete, else SettleFailed for the operator.
func (s *Service) settleSession(ctx context.Context, r Record, last bool) (string, dalil.MicroUSD, error) {
	logFailed := func(err error) {
		s.log.Error("voice: session settlement failed", "callId", r.ID, "requestId", r.RequestID, "session", r.Session, "error", err.Error())
	}
	if s.sessions == nil {
		logFailed(errors.New("no MPP session store configured to give back the unused maximum"))
		return SettleFailed, 0, nil
	}
	owed := r.MaxCharge - r.FinalCharge
	got, err := s.sessions.RefundSession(ctx, r.Session, r.SessionKey, owed)
	switch {
	case err == nil:
		return SettleDone, got, nil
	case errors.Is(err, ErrSessionClosed):
		s.log.Warn("voice: the MPP session closed before the call was settled; the maximum is kept",
			"callId", r.ID, "session", r.Session, "unused", owed.Decimal())
		return SettleSessionClosed, 0, nil
	case errors.Is(err, dalil.ErrNotFound) && r.Outcome == OutcomeNotCharged:
		return SettleNotCharged, 0, nil
	case errors.Is(err, dalil.ErrNotFound) || last:
		logFailed(err)
		return SettleFailed, 0, nil
	}
	return "", 0, err
}

// settleOnConnect settles a pay-on-connect call: its request settled the
// credential (the maximum) once the call connected, and released it when
// the call did not connect. The settlement records which: SettleDone when
// the credential is settled (chargedUsd the maximum), else
// SettleNotCharged. A connected call whose credential is still held waits
// for its request to settle it (a rail's settlement takes seconds); if
// that request never does (its process stopped while it waited, or the
// rail refused the settlement), the call is recorded not charged: the
// operator bears that call's cost.
func (s *Service) settleOnConnect(ctx context.Context, r Record) (string, error) {
	since := r.CreatedAt.Add(-claimLead)
	paid, err := s.charges.PaidFor(ctx, r.AccountID, r.RequestID, since)
	if err != nil {
		return "", err
	}
	if paid {
		return SettleDone, nil
	}
	if r.Status.Connected() {
		held, err := s.charges.HeldFor(ctx, r.AccountID, r.RequestID, since)
		if err != nil {
			return "", err
		}
		connected := r.AnsweredAt
		if connected.IsZero() {
			connected = r.EndedAt
		}
		if held && s.now().Before(connected.Add(s.window)) {
			return "", &Later{Delay: time.Second}
		}
		s.log.Warn("voice: a call paid on connect connected, but its payment was never settled; not charged",
			"callId", r.ID, "requestId", r.RequestID, "rail", r.Rail, "maxCharge", r.MaxCharge.Decimal())
	}
	return SettleNotCharged, nil
}

// expire is the watchdog: a call still live at its deadline is closed.
// Never answered: failed, nothing charged. Answered: completed with
// outcome no_end_report and charged for its maximum duration (the
// provider never said when it ended, and bills that time). The provider
// is asked to hang it up, in case it still runs.
func (s *Service) expire(ctx context.Context, id string) error {
	var hangup string
	_, err := s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		if c.Status.Terminal() {
			return Effects{}, nil
		}
		hangup = c.ProviderCallID
		if c.Status.Connected() {
			c.Outcome = OutcomeNoEndReport
			return Effects{Jobs: s.finish(c, StatusCompleted, OutcomeNoEndReport, c.MaxSeconds, time.Time{}, 0)}, nil
		}
		outcome := OutcomeNoEndReport
		if c.Status == StatusQueued {
			outcome = OutcomeNotDialled
		}
		return Effects{Jobs: s.finish(c, StatusFailed, outcome, 0, time.Time{}, 0)}, nil
	})
	if errors.Is(err, dalil.ErrNotFound) {
		return nil
	}
	if err == nil && hangup != "" && s.dialer != nil {
		if herr := s.dialer.Hangup(ctx, hangup); herr != nil {
			s.log.Warn("voice: hang up an expired call", "callId", id, "error", herr.Error())
		}
	}
	return err
}
