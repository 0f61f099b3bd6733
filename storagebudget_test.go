package dalil

import (
	"context"
	"testing"
	"time"
)

// The budget's clock stops while paused and counts again once resumed;
// a context without one has none.
func TestStorageBudget(t *testing.T) {
	if StorageBudgetOf(context.Background()) != nil {
		t.Fatal("a bare context has a budget")
	}
	ctx, b := WithStorageBudget(context.Background(), time.Hour)
	if StorageBudgetOf(ctx) != b {
		t.Fatal("the budget is not carried")
	}
	b.Pause()
	left := b.Left()
	b.Pause() // idempotent: the first pause counts
	if again := b.Left(); again != left {
		t.Errorf("paused budget moved: %v then %v", left, again)
	}
	b.Resume()
	b.Resume()
	if l := b.Left(); l > left || l < left-time.Minute {
		t.Errorf("after resume %v, want just under %v", l, left)
	}
	_, spent := WithStorageBudget(context.Background(), -time.Second)
	if spent.Left() > 0 {
		t.Errorf("a spent budget says %v left", spent.Left())
	}
}
