package voice

import (
	"context"
	"crypto/subtle"
	"errors"
	"strconv"
	"time"

	"dalil"
	"dalil/capability"
)

// Caller is who asks about a call: an account (API key), or a
// pay-per-call payer with the call's access token (X-Call-Token).
type Caller struct {
	AccountID string
	Token     string
}

// Calls are the calls routes' port (Service implements it).
type Calls interface {
	// Call returns a call its caller owns; another's, or none, is
	// dalil.CodeNotFound.
	Call(ctx context.Context, id string, who Caller) (View, error)
	// Calls lists an account's calls newest first.
	Calls(ctx context.Context, who Caller, before string, limit int) (Page, error)
	// CancelCall cancels a call its caller owns that was not answered
	// yet; 409 INVALID_CALL_TRANSITION when it was, or has ended.
	CancelCall(ctx context.Context, id string, who Caller) (View, error)
}

// Page is one page of an account's calls.
type Page struct {
	Calls []View `json:"calls"`
	// NextCursor is the before value of the next page; null on the last.
	NextCursor *string `json:"nextCursor"`
}

// Page sizes of GET /api/v1/voice/calls.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

func notFound(id string) error {
	return dalil.Errorf(dalil.CodeNotFound, "No call %s is visible to you: calls are seen only by the account that placed them, or by the pay-per-call payer holding the call's access token (X-Call-Token).", id)
}

// owned reads a call and checks its caller owns it.
func (s *Service) owned(ctx context.Context, id string, who Caller) (Record, error) {
	r, err := s.store.Get(ctx, id)
	if errors.Is(err, dalil.ErrNotFound) {
		return Record{}, notFound(id)
	}
	if err != nil {
		return Record{}, err
	}
	switch {
	case who.AccountID != "":
		if r.AccountID != who.AccountID {
			return Record{}, notFound(id)
		}
	case who.Token != "" && r.AccountID == "" && r.TokenHash != "":
		if subtle.ConstantTimeCompare([]byte(HashToken(who.Token)), []byte(r.TokenHash)) != 1 {
			return Record{}, notFound(id)
		}
	default:
		return Record{}, notFound(id)
	}
	return r, nil
}

// Call implements Calls.
func (s *Service) Call(ctx context.Context, id string, who Caller) (View, error) {
	r, err := s.owned(ctx, id, who)
	if err != nil {
		return View{}, err
	}
	return s.view(r), nil
}

// Calls implements Calls: an account's calls; a pay-per-call payer has
// no account to list (each call is reached with its own token).
func (s *Service) Calls(ctx context.Context, who Caller, before string, limit int) (Page, error) {
	if who.AccountID == "" {
		return Page{}, dalil.Errorf(dalil.CodeUnauthorized, "Listing calls needs the account's API key in the X-API-Key header; a pay-per-call payer reads each call with GET /api/v1/voice/calls/{id} and its X-Call-Token.")
	}
	if limit <= 0 {
		limit = DefaultPageSize
	}
	rs, err := s.store.List(ctx, who.AccountID, before, limit+1)
	if err != nil {
		return Page{}, err
	}
	p := Page{Calls: []View{}}
	for i, r := range rs {
		if i == limit {
			next := rs[i-1].ID
			p.NextCursor = &next
			break
		}
		p.Calls = append(p.Calls, s.view(r))
	}
	return p, nil
}

// CancelCall implements Calls (Cancel decides): the call ends cancelled,
// nothing is charged (it never connected), and a call the provider is
// already ringing is hung up.
func (s *Service) CancelCall(ctx context.Context, id string, who Caller) (View, error) {
	if _, err := s.owned(ctx, id, who); err != nil {
		return View{}, err
	}
	var hangup string
	r, err := s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		if err := Cancel(c.Status); err != nil {
			return Effects{}, err
		}
		hangup = c.ProviderCallID
		return Effects{Jobs: s.finish(c, StatusCancelled, OutcomeCancelledByCaller, 0, time.Time{}, 0)}, nil
	})
	if err != nil {
		return View{}, err
	}
	if hangup != "" && s.dialer != nil {
		if err := s.dialer.Hangup(ctx, hangup); err != nil {
			s.log.Warn("voice: hang up a cancelled call", "callId", id, "error", err.Error())
		}
	}
	return s.view(r), nil
}

// Billing notes of a call's view.
const (
	billingAccount = "Charged to the account: the maximum was taken when the call was queued, and what the call did not use is refunded when it ends (everything when it never connected)."
	billingPayg    = "Paid per call: the maximum was paid when the call was queued, and this payment rail cannot refund a part of it, so chargedUsd is the maximum whatever the call's length."
	billingSession = "Drawn from an MPP budget session: the maximum was drawn from the session's budget when the call was queued, and what the call does not use goes back to that budget when it ends (everything when it never connects), as long as the session is still open then; closing the session refunds its unused budget to the payer on chain."
	billingNotPaid = "Not charged: the request that placed this call did not complete its payment, so the call was never dialled."
	// Pay on connect (x402, L402, MPP charge).
	billingOnConnect    = "Paid per call on connect: this payment rail cannot refund a part of a payment, so the maximum is paid only once the call connects (the request waited for it), and a call that never connects costs nothing: its payment is released, never settled."
	billingConnected    = "Paid per call on connect: the call connected, so the maximum was paid (this payment rail cannot refund a part of it, whatever the call's length)."
	billingNotConnected = "Not charged: the call did not connect while its request waited, so the payment was released and never settled on its rail."
	billingUnsettled    = "Not charged: the call connected, but its request did not complete the payment (it stopped before settling it)."
)

// view is a call as its payer sees it.
func (s *Service) view(r Record) View {
	v := View{
		CallID: r.ID, Capability: r.Capability, Status: r.Status, Answered: !r.AnsweredAt.IsZero(),
		DurationSeconds: r.ConnectedSeconds, Outcome: optional(r.Outcome), Summary: optional(r.Summary),
		StructuredFacts: r.Facts, Transcript: r.Transcript, Lead: r.Lead,
		MaxCharge: r.MaxCharge.Float(), Script: r.Script,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, DialedAt: timePtr(r.DialedAt), AnsweredAt: timePtr(r.AnsweredAt), CompletedAt: timePtr(r.EndedAt),
		Callback: r.Callback,
		Links:    map[string]string{"self": "/api/v1/voice/calls/" + r.ID},
	}
	if v.StructuredFacts == nil {
		v.StructuredFacts = map[string]any{}
	}
	if v.Transcript == nil {
		v.Transcript = []TranscriptLine{}
	}
	if r.Lead != nil {
		v.NextAction = optional(r.Lead.NextAction)
	} else if na, ok := r.Facts["nextAction"].(string); ok {
		// From Dalil's conversation (or a provider's structured data).
		v.NextAction = optional(na)
	}
	if !r.Status.Terminal() {
		v.Links["cancel"] = "/api/v1/voice/calls/" + r.ID + "/cancel"
	}
	switch {
	case r.AccountID != "":
		v.Billing = billingAccount
	case r.Session != "":
		v.Billing = billingSession
	case r.PayOnConnect:
		v.Billing = billingOnConnect
	default:
		v.Billing = billingPayg
	}
	if !r.Status.Terminal() {
		return v
	}
	charged, refunded, showRefund := r.FinalCharge, r.Refunded, false
	switch {
	case r.Session != "" && (r.Settle == SettleSessionClosed || r.Settle == SettleFailed):
		// The maximum stayed drawn, even for a call never placed.
		charged, showRefund, v.Billing = sessionBilling(r)
	case r.PayOnConnect:
		charged = 0
		switch {
		case r.Settle == SettleDone:
			charged, v.Billing = r.MaxCharge, billingConnected
		case r.Outcome == OutcomeNotCharged:
			v.Billing = billingNotPaid
		case !r.Status.Connected():
			v.Billing = billingNotConnected
		case r.Settle == SettleNotCharged:
			v.Billing = billingUnsettled
		default: // connected, the settlement confirming the payment
			charged, v.Billing = r.MaxCharge, billingConnected
		}
	case r.Outcome == OutcomeNotCharged || r.Settle == SettleNotCharged:
		charged, refunded, showRefund = 0, r.Refunded, r.Settle == SettleDone || r.Settle == SettleNotCharged
		if r.AccountID == "" && r.Session == "" {
			showRefund = false
		}
		v.Billing = billingNotPaid
	case r.AccountID != "":
		showRefund = r.Settle == SettleDone
	case r.Session != "":
		charged, showRefund, v.Billing = sessionBilling(r)
	default:
		charged = r.MaxCharge
	}
	f := charged.Float()
	v.ChargedUSD = &f
	if showRefund {
		ref := refunded.Float()
		v.RefundedUSD = &ref
	}
	return v
}

// sessionBilling is what a call drawn from an MPP budget session cost
// (chargedUsd), whether refundedUsd is known, and the billing note, by
// the state of its settlement.
func sessionBilling(r Record) (charged dalil.MicroUSD, showRefund bool, billing string) {
	unused := (r.MaxCharge - r.FinalCharge).Decimal()
	switch r.Settle {
	case SettleDone:
		return r.MaxCharge - r.Refunded, true, "Drawn from MPP budget session " + r.Session + ": the maximum (USD " + r.MaxCharge.Decimal() +
			") was drawn when the call was queued, and the USD " + r.Refunded.Decimal() + " it did not use went back to the session's budget when it ended; " +
			"closing the session refunds it to the payer on chain with the rest of the unused budget."
	case SettleSessionClosed:
		return r.MaxCharge, true, "Drawn from MPP budget session " + r.Session + ": the maximum (USD " + r.MaxCharge.Decimal() +
			") was drawn when the call was queued, but the session was already closed (or closing) when the call ended, so the USD " + unused +
			" the call did not use could not go back to it: its close had claimed the whole draw, and the maximum is kept."
	case SettleFailed:
		return r.MaxCharge, false, "Drawn from MPP budget session " + r.Session + ": the maximum (USD " + r.MaxCharge.Decimal() +
			") was drawn when the call was queued; giving the unused USD " + unused + " back to the session failed, and the operator has been alerted."
	}
	// Pending: the settlement job is giving it back now.
	return r.FinalCharge, false, "Drawn from MPP budget session " + r.Session + ": the maximum (USD " + r.MaxCharge.Decimal() +
		") was drawn when the call was queued; the USD " + unused + " the call did not use is being given back to the session's budget."
}

// optional is nil for an empty string: a field the reference always
// sends, null until it has a value.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// operations are the calls routes, declared on ai_call_agent (one set for
// the three capabilities: the mux takes each route once).
func operations(calls Calls) []capability.Operation {
	who := func(ctx context.Context) (capability.Call, Caller) {
		c := capability.CallFrom(ctx)
		return c, Caller{AccountID: c.AccountID, Token: c.Token}
	}
	unavailable := func() error {
		return dalil.Errorf(dalil.CodeProviderNotConfigured, "Voice calls are not available on this server: no call store is configured.")
	}
	get := func(ctx context.Context) (any, error) {
		if calls == nil {
			return nil, unavailable()
		}
		c, w := who(ctx)
		return calls.Call(ctx, c.Params["id"], w)
	}
	const getSummary = "A voice call's status, timestamps, duration, outcome, summary, structured facts and transcript (when available). Seen only by the account that placed it, or by a pay-per-call payer sending the call's accessToken as X-Call-Token."
	return []capability.Operation{
		{ID: "get_voice_call", Method: "GET", Path: "/api/v1/voice/calls/{id}", Public: true, Summary: getSummary, Run: get},
		// The reference service polls calls at /api/v1/calls/{callId}:
		// the same operation, so its clients need no change.
		{ID: "get_call", Method: "GET", Path: "/api/v1/calls/{id}", Public: true, Summary: getSummary + " Another path for GET /api/v1/voice/calls/{id}.", Run: get},
		{ID: "cancel_voice_call", Method: "POST", Path: "/api/v1/voice/calls/{id}/cancel", Public: true,
			Summary: "Cancels a call that was not answered yet (a ringing call is hung up); nothing is charged for it. 409 INVALID_CALL_TRANSITION once it was answered or ended.",
			Run: func(ctx context.Context) (any, error) {
				if calls == nil {
					return nil, unavailable()
				}
				c, w := who(ctx)
				return calls.CancelCall(ctx, c.Params["id"], w)
			}},
		{ID: "list_voice_calls", Method: "GET", Path: "/api/v1/voice/calls",
			Summary: "The account's voice calls, newest first: ?limit= (1-100, default 20) and ?before= (the nextCursor of the previous page).",
			Run: func(ctx context.Context) (any, error) {
				if calls == nil {
					return nil, unavailable()
				}
				c, w := who(ctx)
				limit := DefaultPageSize
				if l := c.Params["limit"]; l != "" {
					n, err := strconv.Atoi(l)
					if err != nil || n < 1 || n > MaxPageSize {
						return nil, dalil.InvalidInput(dalil.Problem{Path: "limit", Message: "must be an integer from 1 to 100"})
					}
					limit = n
				}
				return calls.Calls(ctx, w, c.Params["before"], limit)
			}},
	}
}
