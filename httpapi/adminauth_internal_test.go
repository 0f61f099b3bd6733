package httpapi

import (
	"testing"
	"time"
)

func TestAuthThrottleWindow(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	th := newAuthThrottle(3, time.Minute, 100, func() time.Time { return now })
	for i := 0; i < 3; i++ {
		if w := th.take("a"); w != 0 {
			t.Fatalf("attempt %d refused (%v)", i+1, w)
		}
	}
	now = now.Add(20 * time.Second)
	if w := th.take("a"); w != 40*time.Second {
		t.Errorf("4th attempt: wait %v, want 40s (the rest of the window)", w)
	}
	if w := th.take("b"); w != 0 {
		t.Errorf("another key refused: %v", w)
	}
	// A success gives its attempt back.
	th.refund("b")
	for i := 0; i < 3; i++ {
		if w := th.take("b"); w != 0 {
			t.Fatalf("b after a refund: attempt %d refused", i+1)
		}
	}
	// The window ends: a fresh one.
	now = now.Add(40 * time.Second)
	if w := th.take("a"); w != 0 {
		t.Errorf("after the window: %v", w)
	}
}

func TestAuthThrottleOverflowShares(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	th := newAuthThrottle(2, time.Minute, 2, func() time.Time { return now })
	th.take("a")
	th.take("b")
	// Past two tracked addresses, new ones share one window.
	if th.take("c") != 0 || th.take("d") != 0 {
		t.Fatal("overflow window refused its first two attempts")
	}
	if th.take("e") == 0 {
		t.Error("a third address past the limit was not throttled")
	}
	if len(th.keys) != 3 {
		t.Errorf("tracked %d windows, want 2 and the shared one", len(th.keys))
	}
	// Once windows end they are swept and addresses tracked again.
	now = now.Add(time.Minute)
	if th.take("f") != 0 {
		t.Error("after the windows ended")
	}
	if _, ok := th.keys["f"]; !ok || len(th.keys) != 1 {
		t.Errorf("after the sweep: %v", th.keys)
	}
}

func TestThrottleKey(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.9":          "203.0.113.9",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2::ff":     "2001:db8:1:2::/64",
		"not-an-ip":            "not-an-ip",
	} {
		if got := throttleKey(in); got != want {
			t.Errorf("throttleKey(%q) = %q, want %q", in, got, want)
		}
	}
}
