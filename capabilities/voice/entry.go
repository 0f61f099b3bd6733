package voice

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/internal/safehttp"
)

// ProviderTelephony is the provider every voice capability requires: the
// telephony (and AI-voice) vendor that places calls. Until it is
// configured the capabilities are listed as unconfigured and answer 503
// PROVIDER_NOT_CONFIGURED, not charged.
const ProviderTelephony = "telephony"

// Call is a checked call ready to be queued. The number travels in clear
// only to the queue, which keeps it while the call is live.
type Call struct {
	Capability string
	RequestID  string // the paid call's request id: the charge to settle
	AccountID  string // empty for pay-per-call payers
	// How a pay-per-call payer paid (capability.Call's fields): the rail,
	// and for a draw on an MPP budget session the session and the draw's
	// key, where settlement gives back the unused maximum.
	Rail, Session, SessionKey string
	// PayOnConnect: paid on a rail that cannot refund part of a payment
	// (x402, L402, MPP charge), so the request waits for the call to
	// connect before paying (Record.PayOnConnect, Awaiter).
	PayOnConnect bool
	Number       Number
	NumberHash   string
	Language     string
	Script       Script
	MaxSeconds   int
	MaxCharge    dalil.MicroUSD
	Base         dalil.MicroUSD
	Safety       Safety
	Callback     string
	// Voicemail is the short message to leave if a machine answers ("":
	// none).
	Voicemail string
	Input     any // the capability's input, for the AI's instructions
}

// Script is what the AI says first and offers on every call.
type Script struct {
	Opening string `json:"opening"`
	OptOut  string `json:"optOut"`
	Consent string `json:"consent,omitempty"`
}

// Ports: the durable queue and call records, the do-not-call list, and
// the counts behind the daily caps. cmd/dalil wires them.
type (
	Queue interface {
		Enqueue(ctx context.Context, c Call) (View, error)
	}
	DoNotCall interface {
		Listed(ctx context.Context, numberHash string) (bool, error)
	}
	Counter interface {
		// Recent counts calls queued since since by payer and to the
		// number.
		Recent(ctx context.Context, payer, numberHash string, since time.Time) (payerCalls, numberCalls int, err error)
	}
)

// Deps are a voice capability's ports and settings.
type Deps struct {
	Policy    Policy
	Queue     Queue
	DoNotCall DoNotCall
	Counts    Counter
	// Calls answers the calls routes (GET /api/v1/voice/calls[/{id}],
	// POST .../cancel); nil: they answer 503 PROVIDER_NOT_CONFIGURED.
	Calls Calls
	// CheckCallback refuses a callbackUrl the callback client will never
	// post to (not https, a private address): safehttp's CheckURL. Nil
	// accepts any.
	CheckCallback func(url string) error
	// Secret keys the number hashes (numbers are stored hashed except
	// while a call is live).
	Secret []byte
	// Requires are what the capabilities need beside the telephony
	// provider: a provider that only carries the audio (Twilio) needs a
	// language model for Dalil to hold the conversation; until it is
	// configured the capabilities are unconfigured, not charged, and no
	// call is placed.
	Requires []capability.Requirement
}

// HashNumber is the stored form of a number.
func HashNumber(secret []byte, e164 string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(e164))
	return hex.EncodeToString(m.Sum(nil))
}

// View is a call as its payer sees it (the reference's result fields,
// and Dalil's timestamps and metering).
type View struct {
	CallID          string           `json:"callId"`
	Capability      string           `json:"capability,omitempty"`
	Status          Status           `json:"status" jsonschema:"created, queued, dialing, ringing, answered, in_progress, completed, no_answer, busy, rejected, failed, cancelled, voicemail or blocked. The paid answer of an x402, L402 or MPP charge request is the call once it connected (answered or later), or ended without connecting (not charged)"`
	Answered        bool             `json:"answered"`
	DurationSeconds int              `json:"durationSeconds" jsonschema:"connected seconds (what is metered), capped at maxDurationSeconds"`
	Outcome         *string          `json:"outcome" jsonschema:"null while there is none: the provider's outcome, or Dalil's reason for ending the call (not_charged, provider_rejected, provider_error, dial_interrupted, not_dialled_in_time, not_connected_in_time, no_end_report, cancelled_by_caller, or the safety rule that blocked it at dial time)"`
	Summary         *string          `json:"summary" jsonschema:"the provider's summary of the conversation, null until there is one"`
	NextAction      *string          `json:"nextAction" jsonschema:"voice_lead_qualifier: schedule_sales_demo, human_follow_up or nurture once the lead is scored; null otherwise"`
	StructuredFacts map[string]any   `json:"structuredFacts"`
	Transcript      []TranscriptLine `json:"transcript"`
	Lead            *LeadScore       `json:"lead,omitempty"`
	MaxCharge       float64          `json:"maxChargeUsd" jsonschema:"the most this call can cost (base + maximum duration at the per-minute rate): what was paid when it was queued (accounts, MPP budget sessions), or when it connected (x402, L402, MPP charge)"`
	ChargedUSD      *float64         `json:"chargedUsd" jsonschema:"what the call cost the payer once it ended (null while live). Account rails and MPP budget sessions: base + connected minutes, nothing if it never connected (a budget session already closed when the call was settled keeps the maximum). x402, L402 and MPP charge: the maximum once the call connected (paid then, and they cannot refund part of it), nothing when it never connected (the payment was released)"`
	RefundedUSD     *float64         `json:"refundedUsd,omitempty" jsonschema:"account rails and MPP budget sessions: what was given back of the maximum, once settled (to the account's credits, or to the session's budget while it is open); chargedUsd + refundedUsd = maxChargeUsd"`
	Billing         string           `json:"billing,omitempty" jsonschema:"how this call is paid and refunded, in words"`
	Script          Script           `json:"script"`
	CreatedAt       time.Time        `json:"createdAt"`
	UpdatedAt       time.Time        `json:"updatedAt,omitzero"`
	DialedAt        *time.Time       `json:"dialedAt,omitempty"`
	AnsweredAt      *time.Time       `json:"answeredAt,omitempty"`
	CompletedAt     *time.Time       `json:"completedAt"`
	// Callback is the completion callback's delivery: pending, delivered
	// or failed; empty without a callbackUrl.
	Callback string `json:"callbackStatus,omitempty" jsonschema:"the completion callback: pending, delivered or failed"`
	// AccessToken and CallbackSecret are in the 202 answer only, once.
	AccessToken    string            `json:"accessToken,omitempty" jsonschema:"pay-per-call payers only, in this answer only: send it as X-Call-Token to read or cancel the call"`
	CallbackSecret string            `json:"callbackSecret,omitempty" jsonschema:"with a callbackUrl, in this answer only: the HMAC-SHA256 key of the completion callback's X-Dalil-Signature"`
	Links          map[string]string `json:"links"`
	// awaited: the answer of a pay-on-connect request (AwaitConnect):
	// Unpaid unless the call connected.
	awaited bool
}

// TranscriptLine is one turn of the conversation.
type TranscriptLine struct {
	Speaker string    `json:"speaker" jsonschema:"agent or customer"`
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
}

// Accepted: a call that is still live (queued, or a pay-on-connect call
// that connected) answers 202; one that already ended answers 200.
func (v View) Accepted() bool { return !v.Status.Terminal() }

// Basis implements capability.Evidenced: a call rests on the telephony
// provider that placed it. A pay-on-connect call that did not connect
// while its request waited is Unanswered (NotConnected): not charged, the
// pipeline releases the credential and nothing is settled on the rail.
func (v View) Basis() dalil.Basis {
	b := dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceLive, Name: "the telephony provider"}}}
	if v.awaited && !v.Status.Connected() {
		b.Unanswered = NotConnected
	}
	return b
}

// spec is what differs between the three capabilities.
type spec struct {
	id, title, path, summary, when string
	base                           dalil.MicroUSD
}

var specs = map[string]spec{
	"ai_call_agent": {"ai_call_agent", "AI phone call", "/api/v1/voice/ai-call-agent",
		"Places an asynchronous AI phone call with an objective and returns its callId; poll for status, outcome, summary and transcript.",
		"When an agent needs a phone conversation done (confirm a delivery, collect an answer) and can wait for the result.", BaseCallAgent},
	"voice_lead_qualifier": {"voice_lead_qualifier", "Lead qualification call", "/api/v1/voice/lead-qualifier",
		"Calls a lead, asks about interest, need, budget, timeline and authority, and scores it (qualified, needs_review, unqualified).",
		"To qualify an inbound lead by phone before a salesperson spends time on it.", BaseLeadQualifier},
	"appointment_call_agent": {"appointment_call_agent", "Appointment call", "/api/v1/voice/appointment-call-agent",
		"Calls to propose, book, confirm, reschedule or cancel an appointment from the slots given.",
		"To arrange or confirm a viewing, visit or consultation by phone.", BaseAppointment},
}

// limitations of every voice capability, with the operator's calling
// hours and daily caps (p, as wired: the defaults when unset).
func limitations(p Policy) []string {
	p = p.withDefaults()
	return []string{
		"Asynchronous: the answer is 202 with a callId and status queued (on x402, L402 and MPP charge: once the call connected, see below); GET /api/v1/voice/calls/{callId} gives the status and outcome, and an optional https callbackUrl receives the completion signed with HMAC-SHA256 (X-Dalil-Signature), at least once.",
		"Charged base + per-minute of connected time (USD 0.15/min, capped at maxDurationSeconds). The maximum is paid when the call is queued. On the credits and subscription rails the unused part is refunded when the call ends: nothing is kept when it is refused at dial time, fails before connecting, gets no answer or is busy. A call drawn from an MPP budget session (POST /api/v1/mpp/sessions/{id}/tools/{tool}) gives the unused part back to the session's budget the same way, as long as the budget session is still open when the call ends; closing the budget session refunds its unused budget on chain. x402, L402 and MPP charge cannot refund part of a payment, so there the maximum is paid only once the call connects: the request waits up to 35 seconds for it, answering 202 with the connected call (the credential settled, the maximum kept whatever the call's length), or 200 not charged (meta.charged false, notChargedReason call_not_connected) when the call is refused at dial time, fails before connecting, gets no answer, is busy or does not connect in time (then it is cancelled and hung up): the credential is released, never settled (an L402 token stays usable).",
		fmt.Sprintf("Safety: emergency, short-code, premium-rate and shared-cost numbers are never called; only the operator's countries, between %02d:00 and %02d:00 the callee's time; "+
			"at most %d calls a payer (pay-per-call payers share one cap) and %d a number in 24 hours; a do-not-call list; the gate runs again before dialling; the AI says it is an AI first and offers opt-out on every call.",
			p.EarliestHour, p.LatestHour, p.AccountPerDay, p.NumberPerDay),
		"A call not dialled within 15 minutes of queueing is not dialled at all (failed; refunded on account rails and to an open MPP budget session; on x402, L402 and MPP charge a call is dialled only while its request waits).",
		"Needs a telephony provider configured by the operator; until then 503 PROVIDER_NOT_CONFIGURED, not charged.",
	}
}

// Entries declares the three voice capabilities.
func Entries(deps Deps) []capability.Entry {
	return []capability.Entry{
		define(specs["ai_call_agent"], deps, func(in CallInput) (Common, []string, *dalil.Error) {
			return in.Common, []string{in.Objective}, nil
		}, CallInput{Common: Common{PhoneNumber: "+96891234567", Language: "en"}, Objective: "Confirm tomorrow's 10:00 delivery window for order 4471."}),
		define(specs["voice_lead_qualifier"], deps, func(in QualifierInput) (Common, []string, *dalil.Error) {
			return in.Common, []string{in.Objective}, nil
		}, QualifierInput{Common: Common{PhoneNumber: "+96891234567", Language: "en"}, Criteria: &Criteria{MinimumBudget: 5000, Currency: "USD", TargetTimelineDays: 30}}),
		define(specs["appointment_call_agent"], deps, func(in AppointmentInput) (Common, []string, *dalil.Error) {
			return in.Common, []string{in.Objective, in.AppointmentType}, in.CheckSlots()
		}, AppointmentInput{Common: Common{PhoneNumber: "+96891234567", Language: "ar"}, Action: "book", AppointmentType: "apartment viewing",
			AvailableSlots: []string{"2026-12-01T10:00:00+04:00", "2026-12-01T16:00:00+04:00"}}),
	}
}

func define[In any](sp spec, deps Deps, parts func(In) (Common, []string, *dalil.Error), example In) capability.Entry {
	var ops []capability.Operation
	if sp.id == "ai_call_agent" {
		ops = operations(deps.Calls)
	}
	return capability.Define(sp.id, capability.Options{
		Operations: ops,
		Group:      "Voice", Title: sp.title, Summary: sp.summary, WhenToUse: sp.when,
		Description: "The call is placed by the operator's telephony provider, moves through created, queued, dialing, ringing, answered, in_progress to completed (or no_answer, busy, rejected, failed, cancelled, voicemail, blocked). Its price is metered on connected time: base + USD 0.15 a minute up to maxDurationSeconds. On the credits and subscription rails the maximum is paid when the call is queued and what the call did not use is refunded (everything when it never connected), and so does an MPP budget session, to the session's budget while it is open. x402, L402 and MPP charge cannot refund part of a payment, so the request waits (up to 35 s) for the call to connect and pays the maximum only then (202); a call that does not connect (no answer, busy, failed, refused, or not connected in time: cancelled) answers 200 not charged and its credential is released.",
		Path:        sp.path, Price: sp.base,
		PriceFor: func(in any) dalil.MicroUSD {
			c, _, _ := parts(in.(In))
			return MaxCharge(sp.base, c.MaxSeconds())
		},
		OpenWorld:   true,
		Requires:    append([]capability.Requirement{capability.NeedsProvider(ProviderTelephony)}, deps.Requires...),
		Example:     example,
		Limitations: limitations(deps.Policy),
	}, func(ctx context.Context, in In) (View, error) {
		c, texts, err := parts(in)
		if err != nil {
			return View{}, err
		}
		return deps.place(ctx, sp, c, texts, in)
	})
}

// place runs the safety gate and queues the call.
func (d Deps) place(ctx context.Context, sp spec, c Common, texts []string, in any) (View, error) {
	if d.Queue == nil {
		return View{}, dalil.Errorf(dalil.CodeProviderNotConfigured, "No telephony provider is configured on this server; nothing was charged.")
	}
	call := capability.CallFrom(ctx)
	if c.CallbackURL != "" && d.CheckCallback != nil {
		if err := d.CheckCallback(c.CallbackURL); err != nil {
			return View{}, dalil.InvalidInput(dalil.Problem{Path: "callbackUrl", Message: "must be a public https URL: " + safehttp.PublicMessage(err)})
		}
	}
	s := c.safety()
	if err := CheckConsent(s); err != nil {
		return View{}, err
	}
	for _, v := range c.Context {
		texts = append(texts, v)
	}
	texts = append(texts, c.VoicemailMessage)
	if err := CheckInstructions(texts...); err != nil {
		return View{}, err
	}
	num, nerr := d.Policy.CheckNumber(c.PhoneNumber)
	if nerr != nil {
		return View{}, nerr
	}
	now := call.Now
	if now.IsZero() {
		now = time.Now()
	}
	if err := d.Policy.CheckHours(num, s.Timezone, now); err != nil {
		return View{}, err
	}
	hash := HashNumber(d.Secret, num.E164)
	if d.DoNotCall != nil {
		listed, err := d.DoNotCall.Listed(ctx, hash)
		if err != nil {
			return View{}, err
		}
		if listed {
			return View{}, refuse(CodeDoNotCall, RuleDoNotCall, "This number is on the do-not-call list.")
		}
	}
	payer := call.AccountID
	if payer == "" {
		payer = PayPerCall
	}
	if d.Counts != nil {
		pc, nc, err := d.Counts.Recent(ctx, payer, hash, now.Add(-24*time.Hour))
		if err != nil {
			return View{}, err
		}
		if err := d.Policy.CheckCaps(pc, nc); err != nil {
			return View{}, err
		}
	}
	lang := c.Language
	if lang == "" {
		lang = "en"
	}
	opening, optOut := Disclosure(lang, c.OnBehalfOf)
	script := Script{Opening: opening, OptOut: optOut}
	if s.Recording || s.Transcription {
		script.Consent = s.ConsentNotice
	}
	// A pay-per-call rail that cannot refund (no account, no MPP budget
	// session) pays only once the call connects: the request waits.
	awaiter, canWait := d.Queue.(Awaiter)
	onConnect := canWait && call.AccountID == "" && call.Session == "" && call.Rail != ""
	v, err := d.Queue.Enqueue(ctx, Call{Capability: sp.id, RequestID: call.RequestID, AccountID: call.AccountID,
		Rail: call.Rail, Session: call.Session, SessionKey: call.SessionKey, PayOnConnect: onConnect, Number: num, NumberHash: hash,
		Language: lang, Script: script, MaxSeconds: c.MaxSeconds(), MaxCharge: MaxCharge(sp.base, c.MaxSeconds()), Base: sp.base,
		Safety: s, Callback: c.CallbackURL, Voicemail: strings.TrimSpace(c.VoicemailMessage), Input: in})
	if err != nil || !onConnect {
		return v, err
	}
	w, err := awaiter.AwaitConnect(ctx, v.CallID)
	if err != nil {
		return View{}, err
	}
	w.AccessToken, w.CallbackSecret = v.AccessToken, v.CallbackSecret
	return w, nil
}
