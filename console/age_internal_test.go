package console

import (
	"testing"
	"time"
)

func TestAge(t *testing.T) {
	for d, want := range map[time.Duration]string{-time.Hour: "0 minutes", 90 * time.Minute: "90 minutes", 30 * time.Hour: "30 hours", 9*24*time.Hour + time.Hour: "9 days"} {
		if got := age(d); got != want {
			t.Errorf("age(%v) = %q, want %q", d, got, want)
		}
	}
}
