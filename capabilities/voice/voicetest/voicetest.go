// Package voicetest has a fake telephony provider (voice.Dialer) for the
// voice service's tests: it counts dials per number, lets a test decide
// each dial's answer, and records hang-ups.
package voicetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"dalil/capabilities/voice"
)

// Dialer is a fake voice.Dialer. Safe for concurrent use.
type Dialer struct {
	mu      sync.Mutex
	dials   map[string]int // per number
	last    map[string]voice.Dial
	hangups []string
	seq     int
	placed  map[string][]placement // per Dalil call id, for FindCall
	// Err, when set, decides each dial's error (nil: placed).
	Err func(d voice.Dial) error
	// Lose, when set and true for a dial, places the call but answers an
	// error, as a provider whose answer was lost (a timeout, a reset
	// connection): the ambiguous failure.
	Lose func(d voice.Dial) bool
	// FindErr, when set, is the error of every FindCall.
	FindErr error
	// Now is the provider's clock (default time.Now).
	Now func() time.Time
	// Hook, when set, runs inside Dial before it answers (a test can
	// cancel the call while the provider is placing it).
	Hook func(d voice.Dial)
}

var _ voice.Dialer = (*Dialer)(nil)

// NewDialer returns a fake that places every call.
func NewDialer() *Dialer {
	return &Dialer{dials: map[string]int{}, last: map[string]voice.Dial{}, placed: map[string][]placement{}}
}

type placement struct {
	id string
	at time.Time
}

// Finding is the fake as a provider that can look its calls up
// (voice.Finder): FindCall finds the calls it placed for a Dalil call id.
func (f *Dialer) Finding() *Finder { return &Finder{f} }

// Finder is a Dialer that is also a voice.Finder.
type Finder struct{ *Dialer }

var _ voice.Finder = (*Finder)(nil)

// FindCall implements voice.Finder: the first call placed for d.CallID
// at or after since, else "".
func (f *Finder) FindCall(_ context.Context, d voice.Dial, since time.Time) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.FindErr != nil {
		return "", f.FindErr
	}
	for _, p := range f.placed[d.CallID] {
		if !p.at.Before(since.Add(-time.Second)) {
			return p.id, nil
		}
	}
	return "", nil
}

// ErrLost is the error of a dial whose answer was lost (Lose).
var ErrLost = errors.New("voicetest: connection reset while placing the call")

// Name is "fake".
func (f *Dialer) Name() string { return "fake" }

// Dial implements voice.Dialer: the provider call id is "fake-N".
func (f *Dialer) Dial(_ context.Context, d voice.Dial) (string, error) {
	if f.Hook != nil {
		f.Hook(d)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.dials[d.To]++
	f.last[d.CallID] = d
	if f.Err != nil {
		if err := f.Err(d); err != nil {
			return "", err
		}
	}
	f.seq++
	id := fmt.Sprintf("fake-%d", f.seq)
	now := time.Now
	if f.Now != nil {
		now = f.Now
	}
	f.placed[d.CallID] = append(f.placed[d.CallID], placement{id, now()})
	if f.Lose != nil && f.Lose(d) {
		return "", ErrLost
	}
	return id, nil
}

// Hangup implements voice.Dialer.
func (f *Dialer) Hangup(_ context.Context, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hangups = append(f.hangups, id)
	return nil
}

// Dials reports how many times the number was dialled.
func (f *Dialer) Dials(number string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dials[number]
}

// Total is the number of dials of every number.
func (f *Dialer) Total() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, c := range f.dials {
		n += c
	}
	return n
}

// Last is the last Dial of the call (zero when it was never dialled).
func (f *Dialer) Last(callID string) voice.Dial {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last[callID]
}

// Hangups lists the provider ids hung up, in order.
func (f *Dialer) Hangups() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.hangups...)
}
