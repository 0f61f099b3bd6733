package voice

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"time"

	"dalil"
)

// Conversations a provider holds with Dalil's tools. A provider that runs
// the conversation on its own platform (Vapi) gives its assistant the
// prompt and the tools of Dalil's own engine (package converse). Each
// tool call the assistant makes reaches Dalil through the provider's
// verified webhook (ToolSink), is judged by the same rules as a call made
// in Dalil's own conversations (ToolRules, which converse implements) and
// recorded with the call at once: the outcome, summary, next action,
// facts and lead score follow from the calls recorded so far, and an
// opt-out puts the number on the do-not-call list in the same
// transaction. The provider's end-of-call report then closes the tally
// with how the call ended (Event.EndedBy). Nothing is read from the
// provider's own analysis of the call.

// ToolCall is one call the provider's assistant made of a conversation
// tool, as recorded with the call (Record.ToolCalls).
type ToolCall struct {
	// ID is the provider's id of the tool call: a redelivery of the same
	// id is answered as the first delivery was and recorded once.
	ID    string          `json:"id"`
	Name  string          `json:"name"`
	Input json.RawMessage `json:"input,omitempty"`
	// Error is what the assistant was told when the call was refused
	// (its input did not pass the tool's checks); "" when accepted.
	Error string    `json:"error,omitempty"`
	At    time.Time `json:"at"`
}

// ToolAnswer is Dalil's answer to one tool call.
type ToolAnswer struct {
	// Error refuses the call (nothing it asked was recorded) and tells the
	// assistant why, so it can correct itself.
	Error string
	// End: the call ends now, once Closing (the fixed confirmation or
	// goodbye in the call's language) was said.
	End     bool
	Closing string
}

// ConversationEnd is how a conversation a provider held ended.
type ConversationEnd struct {
	// Reason is the end in the engine's words (callee_hung_up,
	// time_limit, model_unavailable, …); "" while it goes on.
	Reason string
	// OptOut: the callee said plainly not to be called again.
	OptOut bool
}

// ToolRules judge a conversation's tool calls (converse.Rules implements
// them: the very checks and outcome of Dalil's own conversations).
type ToolRules interface {
	// Tally replays calls, made in conv in that order, and returns each
	// one's answer and what the calls establish, the conversation having
	// ended as end says. It is deterministic: the same calls give the
	// same answers and result.
	Tally(conv Conversation, calls []ToolCall, end ConversationEnd) ([]ToolAnswer, ConversationResult)
}

// ToolSink receives a provider's verified tool calls (Service implements
// it).
type ToolSink interface {
	// ToolCalls records the tool calls made on call id (the provider's
	// providerCallID) and answers each; ErrUnknownCall when no live or
	// ended call of that provider matches.
	ToolCalls(ctx context.Context, id, provider, providerCallID string, calls []ToolCall) ([]ToolAnswer, error)
}

var _ ToolSink = (*Service)(nil)

// MaxToolCalls bounds the tool calls recorded for one call: a
// conversation records a handful (the engine's own conversations make at
// most 60 model calls); beyond it calls are refused, not recorded.
const MaxToolCalls = 60

// Answers to tool calls that are not recorded.
const (
	toolNeedsID    = "a tool call needs an id"
	toolCallEnded  = "the call has ended: nothing was recorded"
	toolCallsLimit = "too many tool calls on this call: nothing was recorded"
)

// ToolCalls implements ToolSink. On a live call each new tool call (by
// id) is appended to the call's record, every recorded call is judged
// again in order (ToolRules.Tally), and the call's outcome, summary,
// facts, next action and lead score become what they establish; an
// opt-out puts the number on the do-not-call list in the same
// transaction. A call already recorded is answered as it was, never
// recorded twice. On an ended call nothing is recorded: known calls are
// answered with their refusal, if any, new ones refused.
func (s *Service) ToolCalls(ctx context.Context, id, provider, providerCallID string, calls []ToolCall) ([]ToolAnswer, error) {
	if s.rules == nil {
		return nil, errors.New("voice: no conversation tool rules configured")
	}
	if providerCallID == "" {
		return nil, ErrUnknownCall
	}
	if id == "" {
		r, err := s.store.ByProvider(ctx, provider, providerCallID)
		if errors.Is(err, dalil.ErrNotFound) {
			return nil, ErrUnknownCall
		}
		if err != nil {
			return nil, err
		}
		id = r.ID
	}
	now := s.now().UTC()
	var answers []ToolAnswer
	_, err := s.store.Update(ctx, id, "", func(c *Record) (Effects, error) {
		var eff Effects
		answers = make([]ToolAnswer, len(calls))
		live := !c.Status.Terminal()
		// The provider's call: placed (dialling or later), by this
		// provider, under this id (recorded now if the dial's answer is
		// not recorded yet; an ended call must have it).
		if c.Provider != provider || (c.ProviderCallID != "" && c.ProviderCallID != providerCallID) ||
			(live && rank[c.Status] < rank[StatusDialing]) || (!live && c.ProviderCallID == "") {
			return eff, ErrUnknownCall
		}
		if c.ProviderCallID == "" {
			c.ProviderCallID = providerCallID
		}
		all := append([]ToolCall(nil), c.ToolCalls...)
		at := map[string]int{}
		for i, tc := range all {
			at[tc.ID] = i
		}
		for i, tc := range calls {
			if _, ok := at[tc.ID]; ok {
				continue
			}
			switch {
			case tc.ID == "":
				answers[i].Error = toolNeedsID
			case !live:
				answers[i].Error = toolCallEnded
			case len(all) >= MaxToolCalls:
				answers[i].Error = toolCallsLimit
			default:
				tc.Error, tc.At = "", now
				at[tc.ID] = len(all)
				all = append(all, tc)
			}
		}
		var verdicts []ToolAnswer
		if live {
			var res ConversationResult
			verdicts, res = s.rules.Tally(conversationOf(*c), all, ConversationEnd{})
			for j := range all {
				all[j].Error = verdicts[j].Error
			}
			c.ToolCalls = all
			held(c, res, &eff)
		}
		for i, tc := range calls {
			j, ok := at[tc.ID]
			if !ok || answers[i].Error != "" {
				continue
			}
			if live {
				answers[i] = verdicts[j]
			} else {
				answers[i] = ToolAnswer{Error: all[j].Error}
			}
		}
		return eff, nil
	})
	if errors.Is(err, dalil.ErrNotFound) {
		return nil, ErrUnknownCall
	}
	if err != nil {
		return nil, err
	}
	return answers, nil
}

// held records what a conversation held with Dalil's tools establishes,
// in place of what its earlier calls established: the tally is replayed
// whole each time.
func held(c *Record, res ConversationResult, eff *Effects) {
	if res.OptOut {
		eff.DoNotCall = c.NumberHash
	}
	if !isVoicemail(c.Outcome) {
		c.Outcome = res.Outcome
	}
	c.Summary = res.Summary
	f := maps.Clone(res.Facts)
	if res.NextAction != "" {
		if f == nil {
			f = map[string]any{}
		}
		f["nextAction"] = res.NextAction
	}
	c.Facts = f
	c.Lead = nil
	if res.Lead != nil {
		l := *res.Lead
		c.Lead = &l
	}
}

// endHeld closes the tally of a conversation the provider held with
// Dalil's tools as the call ends in status to (Apply, before finish
// clears the instructions the rules check against): a completed call's
// outcome is the tool calls', ended as e says; any other end (voicemail)
// keeps the provider's outcome.
func (s *Service) endHeld(c *Record, to Status, e Event, eff *Effects) {
	if to != StatusCompleted {
		if e.Outcome != "" {
			c.Outcome = e.Outcome
		}
		return
	}
	_, res := s.rules.Tally(conversationOf(*c), c.ToolCalls, ConversationEnd{Reason: e.EndedBy, OptOut: e.OptOut})
	held(c, res, eff)
	if e.Outcome != "" {
		if c.Facts == nil {
			c.Facts = map[string]any{}
		}
		c.Facts["endedReason"] = e.Outcome
	}
}
