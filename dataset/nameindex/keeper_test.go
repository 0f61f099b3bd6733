package nameindex

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
)

// TestKeeperCallsWaitOnlyUntilTheirDeadline: a call that finds the index
// needing a rebuild starts it in the background and waits for it only
// until its own context ends (ErrRebuilding, wrapping the context's
// error); calls meanwhile wait on the same rebuild, never start another;
// a call waiting on a rebuild that fails gets its error, and the next call
// tries again; once one succeeds, calls find the index current.
func TestKeeperCallsWaitOnlyUntilTheirDeadline(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		ix, db := openIndex(t, dsn)
		putRows(t, db, map[string]string{"a": "Nizwa Dates LLC"}) // rows, no terms: the index needs a rebuild
		var k Keeper
		var rebuilds atomic.Int32
		started, release := make(chan struct{}, 4), make(chan error)
		rebuild := func(ctx context.Context) error {
			rebuilds.Add(1)
			started <- struct{}{}
			return <-release
		}
		ensure := func(ctx context.Context) <-chan error {
			out := make(chan error, 1)
			go func() { out <- k.Ensure(ctx, ix, "test_rows", nil, rebuild) }()
			return out
		}

		// The first call starts the rebuild; its client leaves.
		ctx1, cancel1 := context.WithCancel(context.Background())
		first := ensure(ctx1)
		<-started
		cancel1()
		if err := <-first; !errors.Is(err, ErrRebuilding) || !errors.Is(err, context.Canceled) {
			t.Fatalf("a call whose context ended during the rebuild: %v, want ErrRebuilding and its context's error", err)
		}
		// A second call waits on the same rebuild, then leaves too.
		ctx2, cancel2 := context.WithCancel(context.Background())
		second := ensure(ctx2)
		cancel2()
		if err := <-second; !errors.Is(err, ErrRebuilding) {
			t.Fatalf("a second call during the rebuild: %v", err)
		}
		// The rebuild fails; once it has ended, the next call starts
		// another and, waiting on it, gets its error.
		release <- errors.New("disk full")
		idle := func() {
			for {
				k.mu.Lock()
				r := k.running
				k.mu.Unlock()
				if r == nil {
					return
				}
				runtime.Gosched()
			}
		}
		idle()
		if n := rebuilds.Load(); n != 1 {
			t.Fatalf("%d rebuilds while one ran, want 1", n)
		}
		third := ensure(context.Background())
		<-started
		failed := errors.New("disk still full")
		release <- failed
		if err := <-third; !errors.Is(err, failed) {
			t.Fatalf("a call waiting on a failed rebuild: %v, want its error", err)
		}
		idle()
		// The next call tries again; this rebuild succeeds, and the
		// index is current from then on.
		fourth := ensure(context.Background())
		<-started
		release <- nil
		if err := <-fourth; err != nil {
			t.Fatalf("after a failed rebuild, the next: %v", err)
		}
		if err := <-ensure(context.Background()); err != nil || rebuilds.Load() != 3 {
			t.Fatalf("once current: %v, %d rebuilds, want nil and 3", err, rebuilds.Load())
		}
	})
}
