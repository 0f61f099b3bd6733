package telephonytest

import (
	"context"
	"sync"

	"dalil/capabilities/voice"
)

// Sink is a voice.EventSink and voice.ToolSink for webhook tests. Like
// the voice service, it acknowledges an event id it has already applied
// without applying it again (counted in Dups). Its zero value is ready
// to use.
type Sink struct {
	// Answer, when set, answers each tool call (ToolCalls); set it
	// before the Sink is used.
	Answer func(voice.ToolCall) voice.ToolAnswer

	mu      sync.Mutex
	tools   []ToolCall
	applied []voice.Event
	seen    map[string]bool
	dups    int
	fail    error
}

// Apply records e, or returns the error Fail set.
func (s *Sink) Apply(_ context.Context, e voice.Event) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
	}
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	if s.seen[e.ID] {
		s.dups++
		return nil
	}
	s.seen[e.ID] = true
	s.applied = append(s.applied, e)
	return nil
}

// Fail makes every later Apply return err (nil: apply again).
func (s *Sink) Fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = err
}

// Events are the events applied, in order.
func (s *Sink) Events() []voice.Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]voice.Event(nil), s.applied...)
}

// Dups is how many repeated events were acknowledged without being
// applied.
func (s *Sink) Dups() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dups
}

// ToolCall is one tool call the Sink received, with the call it named.
type ToolCall struct {
	CallID, ProviderCallID string
	voice.ToolCall
}

// ToolCalls implements voice.ToolSink for webhook tests: it records the
// calls and answers each with Answer (nil: accepted), or returns the
// error Fail set (voice.ErrUnknownCall plays an unknown call).
func (s *Sink) ToolCalls(_ context.Context, id, _, providerCallID string, calls []voice.ToolCall) ([]voice.ToolAnswer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return nil, s.fail
	}
	out := make([]voice.ToolAnswer, len(calls))
	for i, c := range calls {
		s.tools = append(s.tools, ToolCall{CallID: id, ProviderCallID: providerCallID, ToolCall: c})
		if s.Answer != nil {
			out[i] = s.Answer(c)
		}
	}
	return out, nil
}

// Tools are the tool calls received, in order.
func (s *Sink) Tools() []ToolCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]ToolCall(nil), s.tools...)
}
