package telephonytest

import (
	"context"
	"sync"

	"dalil/capabilities/voice"
)

// Sink is a voice.EventSink for webhook tests. Like the voice service,
// it acknowledges an event id it has already applied without applying
// it again (counted in Dups). Its zero value is ready to use.
type Sink struct {
	mu      sync.Mutex
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
