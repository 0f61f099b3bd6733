package httpapi

import (
	"context"
	"errors"
	"testing"
	"time"
)

type ctxKey struct{}

// callDeadlineFunc is withCallDeadline in context.WithTimeout's shape.
func callDeadlineFunc(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	c := withCallDeadline(parent, d)
	return c, c.cancel
}

// TestCallDeadlineLikeWithTimeout puts withCallDeadline and
// context.WithTimeout through the same steps and compares what each shows:
// Err, Cause, Deadline, Done and a derived context, before and after the
// deadline, the parent's end and cancel.
func TestCallDeadlineLikeWithTimeout(t *testing.T) {
	cause := errors.New("the client left")
	type step func(t *testing.T, parentCancel context.CancelCauseFunc, ctx context.Context, cancel context.CancelFunc)
	wait := func(t *testing.T, ctx context.Context) {
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
			t.Fatal("Done was not closed")
		}
	}
	// sleepPast sleeps past the deadline, then until Err says so (an
	// armed context, like WithTimeout's, learns it from its timer, which
	// may fire late on a loaded machine; one not armed reads the clock).
	sleepPast := func(t *testing.T, ctx context.Context) {
		d, _ := ctx.Deadline()
		time.Sleep(time.Until(d) + time.Millisecond)
		for end := time.Now().Add(5 * time.Second); ctx.Err() == nil; time.Sleep(time.Millisecond) {
			if time.Now().After(end) {
				t.Fatal("Err is still nil 5 s after the deadline")
			}
		}
	}
	cases := []struct {
		name    string
		timeout time.Duration
		steps   []step
	}{
		{"nothing happens", time.Hour, nil},
		{"deadline passes, nobody waiting", 2 * time.Millisecond, []step{func(t *testing.T, _ context.CancelCauseFunc, ctx context.Context, _ context.CancelFunc) {
			sleepPast(t, ctx)
		}}},
		{"deadline passes, Done asked first", 20 * time.Millisecond, []step{func(t *testing.T, _ context.CancelCauseFunc, ctx context.Context, _ context.CancelFunc) { wait(t, ctx) }}},
		{"parent ends", time.Hour, []step{func(t *testing.T, pc context.CancelCauseFunc, _ context.Context, _ context.CancelFunc) { pc(cause) }}},
		{"parent ends, Done asked first", time.Hour, []step{
			func(t *testing.T, _ context.CancelCauseFunc, ctx context.Context, _ context.CancelFunc) {
				_ = ctx.Done()
			},
			func(t *testing.T, pc context.CancelCauseFunc, ctx context.Context, _ context.CancelFunc) {
				pc(cause)
				wait(t, ctx)
			},
		}},
		{"canceled", time.Hour, []step{func(t *testing.T, _ context.CancelCauseFunc, _ context.Context, cancel context.CancelFunc) { cancel() }}},
		{"canceled, then parent ends", time.Hour, []step{
			func(t *testing.T, _ context.CancelCauseFunc, _ context.Context, cancel context.CancelFunc) { cancel() },
			func(t *testing.T, pc context.CancelCauseFunc, _ context.Context, _ context.CancelFunc) { pc(cause) },
		}},
		{"Done asked, then canceled", time.Hour, []step{
			func(t *testing.T, _ context.CancelCauseFunc, ctx context.Context, _ context.CancelFunc) {
				_ = ctx.Done()
			},
			func(t *testing.T, _ context.CancelCauseFunc, ctx context.Context, cancel context.CancelFunc) {
				cancel()
				wait(t, ctx)
			},
		}},
	}
	type seen struct {
		err, cause, childErr error
		closed, childClosed  bool
		value                any
	}
	look := func(ctx context.Context, child context.Context) seen {
		s := seen{err: ctx.Err(), cause: context.Cause(ctx), value: ctx.Value(ctxKey{})}
		if s.err != nil {
			select {
			case <-ctx.Done():
				s.closed = true
			default:
			}
		}
		if child != nil {
			s.childErr = child.Err()
			select {
			case <-child.Done():
				s.childClosed = true
			default:
			}
		}
		return s
	}
	for _, c := range cases {
		for _, derive := range []bool{false, true} {
			name := c.name
			if derive {
				name += ", with a derived context"
			}
			t.Run(name, func(t *testing.T) {
				run := func(make func(context.Context, time.Duration) (context.Context, context.CancelFunc)) []seen {
					parent, pc := context.WithCancelCause(context.WithValue(context.Background(), ctxKey{}, "v"))
					defer pc(nil)
					ctx, cancel := make(parent, c.timeout)
					defer cancel()
					var child context.Context
					if derive {
						var cc context.CancelFunc
						child, cc = context.WithCancel(ctx)
						defer cc()
					}
					out := []seen{look(ctx, child)}
					for _, st := range c.steps {
						st(t, pc, ctx, cancel)
						if child != nil && ctx.Err() != nil {
							wait(t, child)
						}
						out = append(out, look(ctx, child))
					}
					return out
				}
				want := run(context.WithTimeout)
				got := run(callDeadlineFunc)
				if len(got) != len(want) {
					t.Fatalf("%d looks, want %d", len(got), len(want))
				}
				for i := range want {
					if got[i] != want[i] {
						t.Errorf("after step %d: %+v, context.WithTimeout shows %+v", i, got[i], want[i])
					}
				}
			})
		}
	}
}

// TestCallDeadlineDeadline: the earlier of the call's and the parent's.
func TestCallDeadlineDeadline(t *testing.T) {
	parent, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pd, _ := parent.Deadline()
	ctx := withCallDeadline(parent, time.Hour)
	defer ctx.cancel()
	if d, ok := ctx.Deadline(); !ok || !d.Equal(pd) {
		t.Errorf("Deadline = %v, %v; want the parent's %v", d, ok, pd)
	}
	before := time.Now()
	ctx = withCallDeadline(context.Background(), time.Second)
	defer ctx.cancel()
	if d, ok := ctx.Deadline(); !ok || d.Before(before.Add(time.Second)) || d.After(time.Now().Add(time.Second)) {
		t.Errorf("Deadline = %v, %v; want a second from now", d, ok)
	}
}

// TestCallDeadlineArmsOnDemand: nothing is set up until something waits.
func TestCallDeadlineArmsOnDemand(t *testing.T) {
	n := 0
	testHookArmed = func() { n++ }
	defer func() { testHookArmed = nil }()
	ctx := withCallDeadline(context.Background(), time.Hour)
	_ = ctx.Err()
	_ = ctx.Value(ctxKey{})
	_, _ = ctx.Deadline()
	if n != 0 {
		t.Fatalf("armed %d times before anything waited", n)
	}
	_ = ctx.Done()
	_ = ctx.Done()
	ctx.cancel()
	if n != 1 {
		t.Fatalf("armed %d times, want once", n)
	}
}

// BenchmarkCallDeadline is a paid call's deadline on the charged path:
// made under a request's context (a cancelCtx, as net/http's), Err asked
// a few times, then cancelled; against context.WithTimeout.
func BenchmarkCallDeadline(b *testing.B) {
	use := func(b *testing.B, ctx context.Context) {
		for range 3 {
			if ctx.Err() != nil {
				b.Fatal("ended")
			}
		}
	}
	b.Run("WithTimeout", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			req, cancelReq := context.WithCancel(context.Background())
			ctx, cancel := context.WithTimeout(req, 10*time.Second)
			use(b, ctx)
			cancel()
			cancelReq()
		}
	})
	b.Run("withCallDeadline", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			req, cancelReq := context.WithCancel(context.Background())
			ctx := withCallDeadline(req, 10*time.Second)
			use(b, ctx)
			ctx.cancel()
			cancelReq()
		}
	})
}
