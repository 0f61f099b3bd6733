package voice

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"time"

	"dalil"
	"dalil/internal/safehttp"
)

// Timing of the durable lifecycle. A call's jobs are created with it, so
// it is part of what a call promises: dialled within DialWithin of being
// queued or not at all, and closed by the watchdog if the provider never
// reports its end.
const (
	// DefaultChargeWindow is how long the dial job waits for the paid
	// request's charge to commit. A charge commits before its answer is
	// sent, within the call deadline (45 s) and the storage timeout; a
	// pay-per-call settlement runs to the rail's own timeout and its record
	// is retried for about a minute. Five minutes covers all of them.
	DefaultChargeWindow = 5 * time.Minute
	// DialWithin bounds queueing to dialling: the dial job refuses to
	// dial a call older than this (it ends failed, not charged), so a
	// queue that was stopped for long never calls people late.
	DialWithin = 15 * time.Minute
	// RingAllowance is the longest a provider rings and connects a call.
	RingAllowance = 2 * time.Minute
	// EndGrace is how long after a call's latest possible end the
	// watchdog waits for the provider's report before closing it.
	EndGrace = 5 * time.Minute
	// ConnectWait is how long a pay-on-connect call's request waits for
	// the call to connect (Config.ConnectWait's default): the paid call's
	// deadline is 45 s (httpapi.DefaultCallTimeout), and the wait also
	// ends connectMargin before it.
	ConnectWait = 35 * time.Second
	// connectMargin is left of the request's deadline after the wait, to
	// settle the credential and answer.
	connectMargin = 8 * time.Second
	// dialAllowance is the part of the wait a pay-on-connect call's ring
	// does not get (the dial job's start, the provider's call creation,
	// its answered event): the ring is ConnectWait − dialAllowance at
	// most, so an unanswered phone stops ringing (no_answer) before the
	// wait runs out.
	dialAllowance = 10 * time.Second
	// connectPoll is how often the wait reads the call.
	connectPoll = 200 * time.Millisecond
)

// Service is the durable side of the voice capabilities: it queues calls
// (Queue), dials them (the dial job), applies the provider's events
// (EventSink), settles their charges and delivers their completion
// callbacks (jobs), and answers the calls routes (Calls).
type Service struct {
	store   Store
	dialer  Dialer
	charges Charges
	refunds dalil.Refunder
	// sessions gives back the unused part of calls drawn from MPP budget
	// sessions; nil: none configured.
	sessions SessionRefunds
	posts    Poster
	policy   Policy
	secret   []byte
	signing  []byte
	events   string
	window   time.Duration
	// chargeWait: how long the dial job waits in place for the charge.
	chargeWait time.Duration
	// connectWait: how long a pay-on-connect request waits (AwaitConnect).
	connectWait time.Duration
	// rules judge the tool calls of conversations a provider holds
	// (ToolCalls); nil: none.
	rules ToolRules
	now   func() time.Time
	log   *slog.Logger
}

// Poster sends a completion callback: *safehttp.Client (https only, every
// address checked at connect time, no redirects).
type Poster interface {
	Do(ctx context.Context, r safehttp.Request) (*safehttp.Response, error)
}

// Config are a Service's ports and settings.
type Config struct {
	Store Store
	// Dialer is the configured telephony provider; nil: none, and dial
	// jobs end their calls failed (not charged).
	Dialer  Dialer
	Charges Charges
	// Refunds gives back the unused part of an account's charge.
	Refunds dalil.Refunder
	// SessionRefunds gives back the unused part of a call drawn from an
	// MPP budget session to the session's budget. Nil: such calls are
	// settled failed (the refund they are owed not given, logged as an
	// error for the operator); cmd/dalil always sets it.
	SessionRefunds SessionRefunds
	// Callbacks delivers completion callbacks.
	Callbacks Poster
	Policy    Policy
	// NumberSecret keys the number hashes; SigningSecret derives each
	// call's callback signing secret and must stay the same across
	// restarts and replicas (both come from the store's operator secrets).
	NumberSecret, SigningSecret []byte
	// EventsURL is where the provider posts the call's status events
	// (Dialer's webhook route, public URL).
	EventsURL string
	// ChargeWindow: DefaultChargeWindow when zero.
	ChargeWindow time.Duration
	// ChargeWait is how long the dial job waits in place for the charge
	// to commit before asking to run again later (a snooze, which a queue
	// may run only seconds later); zero: it does not wait.
	ChargeWait time.Duration
	// ConnectWait is how long a pay-on-connect call's request waits for
	// the call to connect (AwaitConnect); ConnectWait when zero.
	ConnectWait time.Duration
	// ToolRules judge the tool calls of conversations a provider holds
	// with Dalil's tools (Vapi: ToolCalls, and the tally at the end of
	// the call); converse.Rules in cmd/dalil. Nil: such tool calls fail.
	ToolRules ToolRules
	Now       func() time.Time
	Logger    *slog.Logger
}

// NewService builds the service.
func NewService(c Config) *Service {
	s := &Service{store: c.Store, dialer: c.Dialer, charges: c.Charges, refunds: c.Refunds, sessions: c.SessionRefunds, posts: c.Callbacks, policy: c.Policy,
		secret: c.NumberSecret, signing: c.SigningSecret, events: c.EventsURL, window: c.ChargeWindow, chargeWait: c.ChargeWait, connectWait: c.ConnectWait, rules: c.ToolRules, now: c.Now, log: c.Logger}
	if s.window <= 0 {
		s.window = DefaultChargeWindow
	}
	if s.connectWait <= 0 {
		s.connectWait = ConnectWait
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s
}

var (
	_ Queue     = (*Service)(nil)
	_ EventSink = (*Service)(nil)
	_ Calls     = (*Service)(nil)
	_ Awaiter   = (*Service)(nil)
	// Dalil's own conversations (conversation.go).
	_ Conversations = (*Service)(nil)
	_ MachineSink   = (*Service)(nil)
)

// HashToken is how a pay-per-call payer's access token is stored.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// callbackSecret is the call's callback signing secret, given to the
// payer once in the 202 answer; it is derived, so nothing secret is
// stored with the call.
func (s *Service) callbackSecret(callID string) string {
	m := hmac.New(sha256.New, s.signing)
	m.Write([]byte("voice-callback:" + callID))
	return "whsec_" + hex.EncodeToString(m.Sum(nil))
}

// Enqueue implements Queue: the call and its dial and watchdog jobs are
// written in one transaction, inside the paid request and before its
// charge commits (the dial job confirms the charge before dialling).
func (s *Service) Enqueue(ctx context.Context, c Call) (View, error) {
	now := s.now().UTC()
	r := Record{
		ID: dalil.NewID("call_"), Capability: c.Capability, AccountID: c.AccountID, Payer: c.AccountID, RequestID: c.RequestID,
		Status: StatusQueued, NumberHash: c.NumberHash, Number: c.Number.E164,
		Dial: DialSpec{Language: c.Language, Instructions: instructions(c.Input), Record: c.Safety.Recording, Transcribe: c.Safety.Transcription,
			CallerZone: c.Safety.Timezone, Criteria: criteriaOf(c.Input), VoicemailMessage: c.Voicemail},
		Script: c.Script, MaxSeconds: c.MaxSeconds, Base: c.Base, MaxCharge: c.MaxCharge,
		CallbackURL: c.Callback, CreatedAt: now, UpdatedAt: now,
	}
	token := ""
	if r.AccountID == "" {
		r.Rail, r.Session, r.SessionKey = c.Rail, c.Session, c.SessionKey
		if r.Session == "" {
			r.SessionKey = ""
		}
		r.Payer = PayPerCall
		r.PayOnConnect = c.PayOnConnect && r.Session == ""
		token = "ct_" + strings.ToLower(rand.Text()) + strings.ToLower(rand.Text())
		r.TokenHash = HashToken(token)
	}
	jobs := []Job{{Kind: JobDial, CallID: r.ID}, {Kind: JobExpire, CallID: r.ID, At: s.deadline(r)}}
	if err := s.store.Create(ctx, r, jobs); err != nil {
		return View{}, err
	}
	v := s.view(r)
	v.AccessToken = token
	if r.CallbackURL != "" {
		v.CallbackSecret = s.callbackSecret(r.ID)
	}
	return v, nil
}

// deadline is when the watchdog closes a call the provider never
// reported the end of: the latest it can be dialled, rung and talked.
func (s *Service) deadline(r Record) time.Time {
	return r.CreatedAt.Add(DialWithin + RingAllowance + time.Duration(r.MaxSeconds)*time.Second + EndGrace)
}

// instructions are the call's objective and context for the AI, as JSON
// data (the number, callback and safety settings left out).
func instructions(in any) string {
	if in == nil {
		return ""
	}
	b, err := json.Marshal(in)
	if err != nil {
		return ""
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return ""
	}
	for _, k := range []string{"phoneNumber", "callbackUrl", "safety", "maxDurationSeconds", "voicemailMessage"} {
		delete(m, k)
	}
	b, _ = json.Marshal(m)
	return string(b)
}

func criteriaOf(in any) *Criteria {
	if q, ok := in.(QualifierInput); ok {
		c := Criteria{}
		if q.Criteria != nil {
			c = *q.Criteria
		}
		return &c
	}
	return nil
}

// Apply implements EventSink: a verified provider event moves the call
// forward (Next). It is idempotent by the event's id, and late, duplicate
// or out-of-order events change nothing (they are acknowledged); an
// impossible jump is acknowledged and logged, never applied. A terminal
// event clears the number, fixes the charge and queues the settlement and
// the callback, in the same transaction. An opt-out puts the number on
// the do-not-call list. ErrUnknownCall when no call matches (yet: the
// provider may retry).
func (s *Service) Apply(ctx context.Context, e Event) error {
	if !e.Status.Valid() {
		return dalil.Errorf(CodeInvalidCallTransition, "unknown call status %q", e.Status)
	}
	id := e.CallID
	if id == "" {
		if e.ProviderCallID == "" {
			return ErrUnknownCall
		}
		r, err := s.store.ByProvider(ctx, e.Provider, e.ProviderCallID)
		if errors.Is(err, dalil.ErrNotFound) {
			return ErrUnknownCall
		}
		if err != nil {
			return err
		}
		id = r.ID
	}
	key := e.Provider + ":" + e.ID
	if e.ID == "" {
		key = e.Provider + ":" + e.ProviderCallID + ":" + string(e.Status)
	}
	var hangup string
	_, err := s.store.Update(ctx, id, key, func(c *Record) (Effects, error) {
		var eff Effects
		if e.OptOut {
			eff.DoNotCall = c.NumberHash
		}
		if e.ProviderCallID != "" && c.ProviderCallID == "" && (c.Provider == "" || c.Provider == e.Provider) {
			c.ProviderCallID = e.ProviderCallID
		}
		at := e.At
		if at.IsZero() {
			at = s.now()
		}
		at = at.UTC()
		to := e.Status
		// A machine answered (MachineAnswered): the end is voicemail.
		if to == StatusCompleted && isVoicemail(c.Outcome) {
			to = StatusVoicemail
		}
		// A provider that reports only the end: connected time on a call
		// never reported answered means it was answered.
		if to == StatusCompleted && !c.Status.Terminal() && rank[c.Status] < rank[StatusAnswered] && e.ConnectedSeconds > 0 {
			c.Status, c.AnsweredAt = StatusAnswered, at
		}
		tr, err := Next(c.Status, to)
		if err != nil {
			s.log.Warn("voice: provider event refused", "callId", c.ID, "from", string(c.Status), "to", string(to), "provider", e.Provider, "error", err.Error())
			return eff, nil
		}
		if tr == Ignored {
			if c.Status.Terminal() && c.Status == to {
				mergeDetails(c, e) // the end-of-call report after the status
			}
			if c.Status == StatusCancelled && c.ProviderCallID != "" && !to.Terminal() {
				hangup = c.ProviderCallID // still ringing after a cancel
			}
			return eff, nil
		}
		c.Status = to
		if to.Connected() && c.AnsweredAt.IsZero() {
			c.AnsweredAt = at
		}
		if to.Terminal() {
			secs := 0
			if to.Connected() {
				secs = e.ConnectedSeconds
			}
			if e.EndedBy != "" && s.rules != nil && c.Provider == e.Provider {
				s.endHeld(c, to, e, &eff)
			}
			mergeDetails(c, e)
			eff.Jobs = append(eff.Jobs, s.finish(c, to, e.Outcome, secs, at, 0)...)
		}
		return eff, nil
	})
	if errors.Is(err, ErrDuplicateEvent) {
		return nil
	}
	if errors.Is(err, dalil.ErrNotFound) {
		return ErrUnknownCall
	}
	if err == nil && hangup != "" && s.dialer != nil {
		if herr := s.dialer.Hangup(ctx, hangup); herr != nil {
			s.log.Warn("voice: hang up a cancelled call", "callId", id, "error", herr.Error())
		}
	}
	return err
}

// mergeDetails keeps what an event says about the conversation where the
// call has nothing yet.
func mergeDetails(c *Record, e Event) {
	if c.Outcome == "" && e.Outcome != "" {
		c.Outcome = e.Outcome
	}
	if c.Summary == "" {
		c.Summary = e.Summary
	}
	if len(c.Facts) == 0 && len(e.Facts) > 0 {
		c.Facts = e.Facts
	}
	if len(c.Transcript) == 0 && len(e.Transcript) > 0 {
		c.Transcript = e.Transcript
	}
	if c.Lead == nil && c.Capability == "voice_lead_qualifier" && len(c.Facts) > 0 {
		crit := Criteria{}
		if c.Dial.Criteria != nil {
			crit = *c.Dial.Criteria
		}
		if a, ok := answersOf(c.Facts); ok {
			l := ScoreLead(a, crit)
			c.Lead = &l
		}
	}
}

// answersOf reads a qualifying call's answers from the provider's facts
// (interest, businessNeed, productRequested, budget, currency,
// timelineDays, decisionMaker); false when none is there.
func answersOf(f map[string]any) (Answers, bool) {
	var a Answers
	found := false
	if v, ok := f["interest"].(string); ok {
		a.Interest, found = strings.ToLower(v), true
	}
	flag := func(k string) bool {
		v, ok := f[k].(bool)
		found = found || ok
		return v
	}
	a.BusinessNeed, a.ProductRequested, a.DecisionMaker = flag("businessNeed"), flag("productRequested"), flag("decisionMaker")
	if v, ok := f["budget"].(float64); ok {
		a.Budget, found = v, true
	}
	if v, ok := f["currency"].(string); ok {
		a.Currency = strings.ToUpper(strings.TrimSpace(v))
	}
	if v, ok := f["timelineDays"].(float64); ok {
		a.TimelineDays, found = int(v), true
	}
	return a, found
}

// finish ends a live call in status to: the number and the instructions
// are cleared, the charge is fixed (Charge: nothing unless connected) and
// the settlement and callback are queued, the settlement after
// settleDelay.
func (s *Service) finish(c *Record, to Status, outcome string, connectedSeconds int, at time.Time, settleDelay time.Duration) []Job {
	now := s.now().UTC()
	if at.IsZero() {
		at = now
	}
	c.Status = to
	if c.Outcome == "" {
		c.Outcome = outcome
	}
	c.EndedAt = at
	c.Number = ""
	c.Dial.Instructions = ""
	c.Dial.VoicemailMessage = ""
	c.ConnectedSeconds = max(0, min(connectedSeconds, c.MaxSeconds))
	c.FinalCharge = Charge(c.Base, c.ConnectedSeconds, c.MaxSeconds, to.Connected())
	c.Settle = SettlePending
	settle := Job{Kind: JobSettle, CallID: c.ID}
	if settleDelay > 0 {
		settle.At = now.Add(settleDelay)
	}
	jobs := []Job{settle}
	if c.CallbackURL != "" {
		c.Callback = CallbackPending
		jobs = append(jobs, Job{Kind: JobCallback, CallID: c.ID, Delivery: dalil.NewID("dlv_")})
	}
	return jobs
}
