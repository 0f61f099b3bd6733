package voice

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"time"

	"dalil"
)

// Dalil's own conversations. A provider that only carries the audio
// (Twilio's ConversationRelay) connects a call that was answered to
// Dalil, which holds the conversation over a language model (package
// converse): BeginConversation gives the engine what it needs of the
// live call, FinishConversation records what the conversation
// established (by the model's tool calls, never by parsing its prose),
// and MachineAnswered records that answering-machine detection heard a
// machine. A provider that runs the conversation itself (Vapi) is given
// the same prompt and tools, and its assistant's tool calls are judged by
// the same rules (tools.go).

// Conversation is what a conversation engine is given of a live call.
type Conversation struct {
	CallID     string
	Capability string
	Language   string // en or ar
	Script     Script // already said when the engine starts (the provider's greeting)
	// Instructions are the caller's input as JSON data (never rules):
	// the engine quotes them, delimited.
	Instructions string
	// Criteria are the lead qualifier's (nil for the other capabilities,
	// or when not known: LeadCriteria reads them from Instructions).
	Criteria   *Criteria
	MaxSeconds int
	// Transcribe: the caller asked for the transcript (with a consent
	// notice); otherwise it is not kept.
	Transcribe bool
	AnsweredAt time.Time
	// PlacedAt is when the call was requested (the same for Twilio's
	// engine and Vapi's assistant, so their prompts are the same).
	PlacedAt time.Time
}

// Input reads the caller's instructions as the engine needs them.
func (c Conversation) Input() ConversationInput {
	var in ConversationInput
	_ = json.Unmarshal([]byte(c.Instructions), &in)
	return in
}

// LeadCriteria are the criteria a lead qualifier's conversation is held
// and scored against, defaults applied (Criteria.WithDefaults): the
// call's Criteria, else those of its instructions, else none (only the
// defaults). The prompt states them and the score uses them, so both
// providers agree.
func (c Conversation) LeadCriteria() Criteria {
	if c.Criteria != nil {
		return c.Criteria.WithDefaults()
	}
	if in := c.Input(); in.Criteria != nil {
		return in.Criteria.WithDefaults()
	}
	return Criteria{}.WithDefaults()
}

// ConversationInput is the union of the three capabilities' inputs, as
// kept in the call's instructions (instructions: the number, callback,
// safety settings, duration and voicemail message are left out).
type ConversationInput struct {
	Objective       string            `json:"objective,omitempty"`
	OnBehalfOf      string            `json:"onBehalfOf,omitempty"`
	Language        string            `json:"language,omitempty"`
	Context         map[string]string `json:"context,omitempty"`
	Criteria        *Criteria         `json:"criteria,omitempty"`
	Action          string            `json:"action,omitempty"`
	AppointmentType string            `json:"appointmentType,omitempty"`
	AvailableSlots  []string          `json:"availableSlots,omitempty"`
	Timezone        string            `json:"timezone,omitempty"`
}

// ParseSlot reads an appointment slot as the capability does (RFC 3339,
// or a local date-time in zone).
func ParseSlot(s, zone string) (time.Time, error) { return parseSlot(s, zone) }

// ConversationResult is what a conversation established.
type ConversationResult struct {
	// Outcome names how it ended (lead_qualified, appointment_agreed,
	// opted_out, ended_model_unavailable, ...); Summary and NextAction
	// are derived from the tool calls.
	Outcome, Summary, NextAction string
	Facts                        map[string]any
	// Lead is the qualifier's score from the answers recorded.
	Lead       *LeadScore
	Transcript []TranscriptLine
	// OptOut: the callee asked not to be called again.
	OptOut bool
}

// Voicemail outcomes: answering-machine detection heard a machine, and
// the caller's short message was (or was not) left.
const (
	OutcomeVoicemail     = "voicemail"
	OutcomeVoicemailLeft = "voicemail_message_left"
)

func isVoicemail(outcome string) bool {
	return outcome == OutcomeVoicemail || outcome == OutcomeVoicemailLeft
}

// BeginConversation returns the conversation of call id for the
// provider's call providerCallID: a live call that provider placed (the
// provider's id must be the one recorded when it was dialled). Anything
// else is ErrUnknownCall: the session is refused.
func (s *Service) BeginConversation(ctx context.Context, id, provider, providerCallID string) (Conversation, error) {
	r, err := s.store.Get(ctx, id)
	if errors.Is(err, dalil.ErrNotFound) {
		return Conversation{}, ErrUnknownCall
	}
	if err != nil {
		return Conversation{}, err
	}
	if r.Status.Terminal() || rank[r.Status] < rank[StatusDialing] || r.Provider != provider ||
		providerCallID == "" || r.ProviderCallID != providerCallID {
		return Conversation{}, ErrUnknownCall
	}
	if isVoicemail(r.Outcome) {
		return Conversation{}, ErrUnknownCall // a machine answered: no conversation
	}
	return conversationOf(r), nil
}

// conversationOf is what a conversation engine (or the tool rules) is
// given of call r.
func conversationOf(r Record) Conversation {
	var crit *Criteria
	if r.Dial.Criteria != nil {
		c := *r.Dial.Criteria
		crit = &c
	}
	return Conversation{CallID: r.ID, Capability: r.Capability, Language: r.Dial.Language, Script: r.Script,
		Instructions: r.Dial.Instructions, Criteria: crit, MaxSeconds: r.MaxSeconds, Transcribe: r.Dial.Transcribe,
		AnsweredAt: r.AnsweredAt, PlacedAt: r.CreatedAt}
}

// FinishConversation records what the conversation of call id
// established: its outcome (unless a machine answered: voicemail stays),
// summary, facts, next action and lead score, the transcript only when
// the caller asked for it, and an opt-out on the do-not-call list. It
// works on a call that already ended too (the provider's end may arrive
// first), filling only what is not there yet.
func (s *Service) FinishConversation(ctx context.Context, id string, res ConversationResult) error {
	_, err := s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		var eff Effects
		if res.OptOut {
			eff.DoNotCall = c.NumberHash
		}
		if res.Outcome != "" && !isVoicemail(c.Outcome) && (c.Outcome == "" || !c.Status.Terminal()) {
			c.Outcome = res.Outcome
		}
		if c.Summary == "" {
			c.Summary = res.Summary
		}
		if len(res.Facts) > 0 || res.NextAction != "" {
			f := maps.Clone(c.Facts)
			if f == nil {
				f = map[string]any{}
			}
			for k, v := range res.Facts {
				if _, ok := f[k]; !ok {
					f[k] = v
				}
			}
			if res.NextAction != "" {
				f["nextAction"] = res.NextAction
			}
			c.Facts = f
		}
		if c.Lead == nil && res.Lead != nil {
			l := *res.Lead
			c.Lead = &l
		}
		if c.Dial.Transcribe && len(c.Transcript) == 0 {
			c.Transcript = res.Transcript
		}
		return eff, nil
	})
	if errors.Is(err, dalil.ErrNotFound) {
		return ErrUnknownCall
	}
	return err
}

// MachineAnswered records that answering-machine detection heard a
// machine (or a fax) on call id, placed by provider as providerCallID:
// the call's outcome becomes voicemail (it ends voicemail, metered on
// its connected time), or voicemail_message_left when the caller gave a
// voicemail message, which is returned for the provider to say. A call
// that ended, or is not that provider's, changes nothing (ok false).
func (s *Service) MachineAnswered(ctx context.Context, id, provider, providerCallID string) (message, language string, ok bool, err error) {
	_, err = s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		if c.Status.Terminal() || c.Provider != provider || (c.ProviderCallID != "" && c.ProviderCallID != providerCallID) {
			return Effects{}, nil
		}
		ok = true
		language = c.Dial.Language
		c.Outcome = OutcomeVoicemail
		if m := c.Dial.VoicemailMessage; m != "" {
			// The disclosure first, then the caller's message.
			message, c.Outcome = strings.TrimSpace(c.Script.Opening+" "+m), OutcomeVoicemailLeft
		}
		return Effects{}, nil
	})
	if errors.Is(err, dalil.ErrNotFound) {
		return "", "", false, ErrUnknownCall
	}
	return message, language, ok, err
}
