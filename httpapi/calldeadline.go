package httpapi

import (
	"context"
	"sync"
	"time"
)

// withCallDeadline is context.WithTimeout(parent, d) for a paid call's
// deadline (Config.CallTimeout), except that the timer and the parent's
// cancellation are only set up when something needs them: the first
// Done, or a derived context (which calls Done), or an Err or Cause asked
// once the deadline has passed, the parent has ended or cancel was
// called. Until then nothing waits on the call's ctx on the charged path
// (the key is cached, the limiter is in memory, the charge is queued and
// answered on its own channel), and context.WithTimeout's timer, its
// registration among the request context's children and their removal
// were about 4 % of the server's CPU per charged call (docs/performance.md,
// issue 34, session 21).
//
// What a caller sees is context.WithTimeout's: Deadline is the earlier of
// d and the parent's; Err is nil until the deadline or the parent's end
// (or cancel), then DeadlineExceeded, the parent's error or Canceled, and
// once Err is non-nil Done is closed; Cause is the armed context's; a
// context derived from it is canceled with it. Once armed it is the
// context.WithDeadline made then, and every answer is that context's.
//
// The call cancels it with its cancel method (a CancelFunc would be one
// more allocation per call).
func withCallDeadline(parent context.Context, d time.Duration) *callDeadline {
	c := &callDeadline{Context: parent, deadline: time.Now().Add(d)}
	if pd, ok := parent.Deadline(); ok && pd.Before(c.deadline) {
		c.deadline = pd
	}
	return c
}

type callDeadline struct {
	context.Context // the parent
	deadline        time.Time

	mu       sync.Mutex
	armed    context.Context // the real context, once something needs it
	stop     context.CancelFunc
	canceled bool
}

// testHookArmed, set only by tests, hears each call deadline armed.
var testHookArmed func()

// arm makes the real context (once) and returns it.
func (c *callDeadline) arm() context.Context {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.armed == nil {
		c.armed, c.stop = context.WithDeadline(c.Context, c.deadline)
		if c.canceled {
			c.stop()
		}
		if testHookArmed != nil {
			testHookArmed()
		}
	}
	return c.armed
}

func (c *callDeadline) cancel() {
	c.mu.Lock()
	c.canceled = true
	stop := c.stop
	c.mu.Unlock()
	if stop != nil {
		stop()
	}
}

func (c *callDeadline) Deadline() (time.Time, bool) { return c.deadline, true }

func (c *callDeadline) Done() <-chan struct{} { return c.arm().Done() }

func (c *callDeadline) Err() error {
	c.mu.Lock()
	armed, canceled := c.armed, c.canceled
	c.mu.Unlock()
	if armed != nil {
		return armed.Err()
	}
	if canceled || c.Context.Err() != nil || !time.Now().Before(c.deadline) {
		return c.arm().Err()
	}
	return nil
}

// Value answers the context package's own key (a *int: the nearest
// cancelCtx, which context.Cause and a derived context's set-up look for)
// from the armed context, and every other key from the parent.
func (c *callDeadline) Value(key any) any {
	if _, ok := key.(*int); ok {
		return c.arm().Value(key)
	}
	return c.Context.Value(key)
}

func (c *callDeadline) String() string { return "httpapi.callDeadline" }
