package voice

import (
	"context"
	"errors"
	"time"
)

// Dialer is the telephony port: the operator's provider (Twilio
// Programmable Voice, Vapi) that places a call and later reports on it
// through its signed webhook. Adapters live in provider/telephony/...;
// cmd/dalil picks the configured one.
type Dialer interface {
	// Name is the provider's name as configured ("twilio", "vapi").
	Name() string
	// Dial asks the provider to place the call and returns the
	// provider's id for it. An error wrapping ErrRejected means the
	// provider refused the call for good (bad number, blocked
	// destination): it is not retried. Any other error may be retried.
	Dial(ctx context.Context, d Dial) (providerCallID string, err error)
	// Hangup ends a call the provider placed (cancel while live). A call
	// that has already ended is not an error.
	Hangup(ctx context.Context, providerCallID string) error
}

// Finder is implemented by a Dialer that can tell whether it placed a
// call. The dial job asks it before dialling a call whose earlier
// attempt has an unknown outcome (the process stopped while dialling, the
// provider's answer was lost or timed out): the call is then recorded as
// placed, or dialled again only when the provider placed none, so a call
// is never placed twice. A Dialer without it never redials such a call
// (it ends failed, refunded).
type Finder interface {
	// FindCall returns the provider's id of a call it placed for d at or
	// after since, or "" when it placed none.
	FindCall(ctx context.Context, d Dial, since time.Time) (providerCallID string, err error)
}

// ErrRejected marks a provider's final refusal of a call.
var ErrRejected = errors.New("telephony provider rejected the call")

// Dial is what a provider needs to place one call.
type Dial struct {
	CallID string // Dalil's call id; providers echo it in their events (metadata)
	// Capability is the call's capability id (ai_call_agent, …): a
	// provider that runs the conversation gives its assistant that
	// capability's task and tools.
	Capability string
	To         string // E.164
	Language   string // en or ar
	Script     Script // disclosure and opt-out, said first on every call
	// Instructions are the objective and context for the AI, to be
	// treated as data (never as instructions that change the rules).
	Instructions string
	MaxSeconds   int
	// RingSeconds, when set, is the longest the provider lets the phone
	// ring before giving up (no answer), if shorter than its own setting:
	// a pay-on-connect call's payer is waiting for it to connect.
	RingSeconds int
	Record      bool
	Transcribe  bool
	// VoicemailMessage, when set, is said after the beep if answering
	// machine detection hears a machine; "" hangs up on a machine.
	VoicemailMessage string
	// EventsURL is where the provider posts status events for this call
	// (Dalil's webhook route for this provider).
	EventsURL string
	// PlacedAt is when the call was requested: the conversation counts
	// the times the callee names ("tomorrow at ten") from it.
	PlacedAt time.Time
}

// Event is a provider's report about a call, after the provider's
// webhook handler verified its signature and parsed it.
type Event struct {
	// ID identifies the event for idempotency: a repeated delivery of
	// the same ID is acknowledged and ignored.
	ID             string
	Provider       string
	ProviderCallID string
	CallID         string // Dalil's id when the provider echoes it
	Status         Status
	At             time.Time
	// ConnectedSeconds is the connected (answered) duration the provider
	// reports at the end of the call; 0 when it never connected.
	ConnectedSeconds int
	Outcome          string
	Summary          string
	Facts            map[string]any
	Transcript       []TranscriptLine
	// OptOut: the callee asked not to be called again; the number goes on
	// the do-not-call list.
	OptOut bool
	// EndedBy is set on the end of a conversation the provider held with
	// Dalil's tools (Vapi's end-of-call report): how it ended, in the
	// conversation engine's words (callee_hung_up, time_limit,
	// model_unavailable, …). The call's outcome is then the tally of its
	// recorded tool calls (ToolRules), not the provider's Summary or
	// Facts.
	EndedBy string
}

// Conversations is the voice service as a provider's conversation
// endpoint sees it (Service implements it): a provider that carries only
// the audio hands each answered call to Dalil's conversation engine.
type Conversations interface {
	BeginConversation(ctx context.Context, id, provider, providerCallID string) (Conversation, error)
	FinishConversation(ctx context.Context, id string, res ConversationResult) error
}

// MachineSink records that answering-machine detection heard a machine
// (Service implements it); the message, when the caller gave one, is
// left on the machine.
type MachineSink interface {
	MachineAnswered(ctx context.Context, id, provider, providerCallID string) (message, language string, ok bool, err error)
}

// EventSink receives verified provider events: the voice service applies
// them to the call's state. A provider's webhook answers 2xx once Apply
// returned nil (or the event was a duplicate), else 5xx so the provider
// retries.
type EventSink interface {
	Apply(ctx context.Context, e Event) error
}
