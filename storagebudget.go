package dalil

import (
	"context"
	"sync"
	"time"
)

// StorageBudget is the storage time one call may spend (issue #33): the
// call's own storage steps (the key lookup, the idempotency claim, the
// charge, the stored answer) share one deadline of the storage timeout,
// so a stalled database makes a call answer within that timeout however
// many steps it takes, instead of each step getting the whole timeout.
// The capability's own work is not storage time: the pipeline pauses the
// budget while it runs.
type StorageBudget struct {
	mu       sync.Mutex
	deadline time.Time
	paused   time.Time // when Pause was called; zero when running
}

type storageBudgetKey struct{}

// WithStorageBudget returns ctx carrying a budget of d for its storage
// steps, and the budget.
func WithStorageBudget(ctx context.Context, d time.Duration) (context.Context, *StorageBudget) {
	c := &budgetContext{Context: ctx} // one allocation for both
	c.b.deadline = time.Now().Add(d)
	return c, &c.b
}

// budgetContext is ctx carrying b under storageBudgetKey.
type budgetContext struct {
	context.Context
	b StorageBudget
}

func (c *budgetContext) Value(key any) any {
	if _, ok := key.(storageBudgetKey); ok {
		return &c.b
	}
	return c.Context.Value(key)
}

// StorageBudgetOf returns ctx's budget, nil when it has none.
func StorageBudgetOf(ctx context.Context) *StorageBudget {
	b, _ := ctx.Value(storageBudgetKey{}).(*StorageBudget)
	return b
}

// WithoutStorageBudget returns ctx without a budget (work after the
// answer, such as a background retry, has its own timeouts).
func WithoutStorageBudget(ctx context.Context) context.Context {
	if StorageBudgetOf(ctx) == nil {
		return ctx
	}
	return context.WithValue(ctx, storageBudgetKey{}, (*StorageBudget)(nil))
}

// Left is how much storage time is left now; zero or less when it is
// spent.
func (b *StorageBudget) Left() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.paused.IsZero() {
		return b.deadline.Sub(b.paused)
	}
	return time.Until(b.deadline)
}

// Pause stops the budget's clock (the capability runs); Resume starts it
// again, the time between not counted. Both are idempotent.
func (b *StorageBudget) Pause() {
	b.mu.Lock()
	if b.paused.IsZero() {
		b.paused = time.Now()
	}
	b.mu.Unlock()
}

// Resume: see Pause.
func (b *StorageBudget) Resume() {
	b.mu.Lock()
	if !b.paused.IsZero() {
		b.deadline = b.deadline.Add(time.Since(b.paused))
		b.paused = time.Time{}
	}
	b.mu.Unlock()
}
