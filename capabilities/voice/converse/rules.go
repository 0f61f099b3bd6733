package converse

import (
	"encoding/json"

	"dalil/capabilities/voice"
)

// Rules are the conversation tools' rules for a conversation that a
// provider holds on its own platform with Dalil's prompt and Tools
// (Vapi): each tool call is checked exactly as in Dalil's own engine
// (session.apply: strict inputs, offered slots, the call's action), and
// the outcome, summary, next action, facts and lead score come from the
// same function (session.outcome). Rules implements voice.ToolRules.
type Rules struct{}

var _ voice.ToolRules = Rules{}

// Tally implements voice.ToolRules: calls are applied in order to a fresh
// conversation state, so replaying the same calls always gives the same
// answers and result. A call that ends the conversation (opt_out,
// end_call) is answered with the engine's closing line in the call's
// language. How the provider says the call ended counts only when no tool
// ended it first (the call was ending anyway); plain words asking not to
// be called again are an opt-out, as in the engine.
func (Rules) Tally(conv voice.Conversation, calls []voice.ToolCall, end voice.ConversationEnd) ([]voice.ToolAnswer, voice.ConversationResult) {
	s := &session{Engine: &Engine{}, conv: conv, in: conv.Input()}
	s.lines = linesFor(conv.Language, onBehalfOf(s.in))
	answers := make([]voice.ToolAnswer, len(calls))
	ended := false
	for i, c := range calls {
		in := c.Input
		if len(in) == 0 {
			in = json.RawMessage(`{}`) // a tool called without arguments
		}
		stop, err := s.apply(Call{ID: c.ID, Name: c.Name, Input: in})
		switch {
		case err != nil:
			answers[i].Error = err.Error()
		case stop:
			answers[i] = voice.ToolAnswer{End: true, Closing: s.closing()}
			ended = true
		}
	}
	if end.OptOut {
		s.st.optOut = true
	}
	if end.Reason != "" && !ended {
		s.st.endedReason = end.Reason
	}
	return answers, s.outcome()
}
