package voice

import (
	"math/rand"
	"testing"

	"dalil"
)

func TestNext(t *testing.T) {
	for _, c := range []struct {
		from, to Status
		want     Transition
		err      bool
	}{
		{StatusQueued, StatusDialing, Moved, false},
		{StatusDialing, StatusRinging, Moved, false},
		{StatusRinging, StatusAnswered, Moved, false},
		{StatusAnswered, StatusInProgress, Moved, false},
		{StatusInProgress, StatusCompleted, Moved, false},
		{StatusQueued, StatusInProgress, Moved, false}, // skipped events are fine going forward
		{StatusRinging, StatusNoAnswer, Moved, false},
		{StatusDialing, StatusBusy, Moved, false},
		{StatusRinging, StatusVoicemail, Moved, false},
		{StatusQueued, StatusCancelled, Moved, false},
		{StatusInProgress, StatusFailed, Moved, false},
		// Out of order or duplicate: ignored.
		{StatusInProgress, StatusRinging, Ignored, false},
		{StatusAnswered, StatusAnswered, Ignored, false},
		{StatusCompleted, StatusInProgress, Ignored, false},
		{StatusCompleted, StatusCompleted, Ignored, false},
		// Illegal: 409.
		{StatusRinging, StatusCompleted, Ignored, true},
		{StatusInProgress, StatusNoAnswer, Ignored, true},
		{StatusAnswered, StatusBusy, Ignored, true},
		{StatusInProgress, StatusVoicemail, Ignored, true},
		{StatusCompleted, StatusFailed, Ignored, true},
		{StatusCancelled, StatusCompleted, Ignored, true},
		{StatusQueued, Status("teleported"), Ignored, true},
	} {
		got, err := Next(c.from, c.to)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("Next(%s, %s) = %v, %v; want %v, error %v", c.from, c.to, got, err, c.want, c.err)
		}
		if err != nil && dalil.ErrorCode(err) != CodeInvalidCallTransition {
			t.Errorf("Next(%s, %s): code %s", c.from, c.to, dalil.ErrorCode(err))
		}
	}
}

// Whatever order events arrive in, a call never moves backwards, a
// terminal state is final, and the call ends where the first legal
// terminal event put it.
func TestNextRandomOrders(t *testing.T) {
	all := []Status{StatusQueued, StatusDialing, StatusRinging, StatusAnswered, StatusInProgress, StatusCompleted,
		StatusNoAnswer, StatusBusy, StatusRejected, StatusFailed, StatusCancelled, StatusVoicemail, StatusBlocked}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 20000; i++ {
		cur := StatusCreated
		var ended Status
		for j := 0; j < 12; j++ {
			ev := all[rng.Intn(len(all))]
			tr, _ := Next(cur, ev)
			if tr != Moved {
				continue
			}
			if cur.Terminal() {
				t.Fatalf("terminal %s moved to %s", cur, ev)
			}
			if !ev.Terminal() && rank[ev] < rank[cur] {
				t.Fatalf("moved backwards %s -> %s", cur, ev)
			}
			cur = ev
			if cur.Terminal() && ended == "" {
				ended = cur
			}
		}
		if ended != "" && cur != ended {
			t.Fatalf("ended as %s, then became %s", ended, cur)
		}
	}
}

func TestCancel(t *testing.T) {
	for s, ok := range map[Status]bool{StatusQueued: true, StatusDialing: true, StatusRinging: true,
		StatusAnswered: false, StatusInProgress: false, StatusCompleted: false, StatusCancelled: false} {
		if err := Cancel(s); (err == nil) != ok {
			t.Errorf("Cancel(%s) = %v", s, err)
		}
	}
}

func TestCharge(t *testing.T) {
	for _, c := range []struct {
		base      dalil.MicroUSD
		secs, max int
		connected bool
		want      dalil.MicroUSD
	}{
		{BaseCallAgent, 125, 300, true, 610_000}, // the reference: 0.30 + 125/60 × 0.15 = 0.6125 → 0.61
		{BaseCallAgent, 0, 300, true, 300_000},
		{BaseCallAgent, 125, 300, false, 0}, // no answer, busy, failed: nothing
		{BaseCallAgent, 900, 300, true, 1_050_000},
		{BaseLeadQualifier, 60, 300, true, 900_000},
		{BaseAppointment, 30, 300, true, 580_000}, // 0.575 → 0.58 (half up)
		{BaseCallAgent, 3600, 3600, true, 9_300_000},
	} {
		if got := Charge(c.base, c.secs, c.max, c.connected); got != c.want {
			t.Errorf("Charge(%d, %d s, max %d, %v) = %d, want %d", c.base, c.secs, c.max, c.connected, got, c.want)
		}
	}
	if got := MaxCharge(BaseCallAgent, DefaultMaxDuration); got != 1_050_000 {
		t.Errorf("MaxCharge = %d", got)
	}
	// The charge never exceeds what was held.
	for secs := 0; secs <= 4000; secs += 7 {
		for _, m := range []int{1, 59, 300, 3600} {
			if Charge(BaseLeadQualifier, secs, m, true) > MaxCharge(BaseLeadQualifier, m) {
				t.Fatalf("charge for %d s above the hold for max %d", secs, m)
			}
		}
	}
}
