// Package sessionstoretest is the behaviour suite of mpp.SessionStore:
// MemoryStore and the SQL store in rail/mpp/mppsql both run it. (It lives
// apart from mpptest because package mpp's own tests import mpptest.)
package sessionstoretest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/rail/mpp"
)

// Run checks the behaviour every mpp.SessionStore must have, as MemoryStore
// defines it: call it from a test with a function that opens an empty
// store (cleaned up with t). Times go through at microsecond precision,
// what SQL stores keep.
func Run(t *testing.T, open func(t *testing.T) mpp.SessionStore) {
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 10, 0, 0, 123456000, time.UTC)
	newSession := func(id string, budget dalil.MicroUSD) mpp.Session {
		return mpp.Session{
			ID: id, Status: mpp.SessionActive, Payer: "0x00000000000000000000000000000000000000a1", Budget: budget,
			AllowedTools: []string{"analyze_property", "estimate_maintenance"}, DepositTx: "0x" + fmt.Sprintf("%064x", 1),
			CreatedAt: now, ExpiresAt: now.Add(time.Hour),
		}
	}
	create := func(t *testing.T, st mpp.SessionStore, s mpp.Session) {
		t.Helper()
		if err := st.Create(ctx, s); err != nil {
			t.Fatalf("Create(%s) = %v", s.ID, err)
		}
	}
	get := func(t *testing.T, st mpp.SessionStore, id string) mpp.Session {
		t.Helper()
		s, err := st.Get(ctx, id)
		if err != nil {
			t.Fatalf("Get(%s) = %v", id, err)
		}
		return s
	}
	wantErr := func(t *testing.T, what string, got, want error) {
		t.Helper()
		if !errors.Is(got, want) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	amounts := func(t *testing.T, st mpp.SessionStore, id string, spent, reserved dalil.MicroUSD) {
		t.Helper()
		s := get(t, st, id)
		if s.Spent != spent || s.Reserved != reserved || s.Remaining() < 0 {
			t.Errorf("session %s: spent %d reserved %d remaining %d, want spent %d reserved %d", id, s.Spent, s.Reserved, s.Remaining(), spent, reserved)
		}
	}

	t.Run("CreateGet", func(t *testing.T) {
		st := open(t)
		want := newSession("mpps_a", 1_000_000)
		create(t, st, want)
		got := get(t, st, want.ID)
		if got.ID != want.ID || got.Status != want.Status || got.Payer != want.Payer || got.Budget != want.Budget ||
			got.Spent != 0 || got.Reserved != 0 || !slices.Equal(got.AllowedTools, want.AllowedTools) || got.DepositTx != want.DepositTx ||
			got.RefundTx != "" || len(got.RefundRaw) != 0 || !got.CreatedAt.Equal(want.CreatedAt) || !got.ExpiresAt.Equal(want.ExpiresAt) || !got.ClosedAt.IsZero() {
			t.Errorf("Get = %+v, want %+v", got, want)
		}
		wantErr(t, "Create(duplicate)", st.Create(ctx, newSession("mpps_a", 5)), mpp.ErrSessionExists)
		if got := get(t, st, "mpps_a"); got.Budget != want.Budget {
			t.Errorf("duplicate Create changed the session: budget %d", got.Budget)
		}
		_, err := st.Get(ctx, "mpps_missing")
		wantErr(t, "Get(missing)", err, mpp.ErrSessionNotFound)
		// The caller's copy is not shared with the store.
		got.AllowedTools[0] = "changed"
		if again := get(t, st, want.ID); again.AllowedTools[0] != "analyze_property" {
			t.Error("Get returned the store's own slice")
		}
	})

	t.Run("ReserveCommitRelease", func(t *testing.T) {
		st := open(t)
		create(t, st, newSession("mpps_b", 100))
		at := now.Add(time.Minute)
		r, existed, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_b", Key: "k1", Tool: "analyze_property", Amount: 40}, at)
		if err != nil || existed || r.Amount != 40 || r.Tool != "analyze_property" || r.Committed {
			t.Fatalf("Reserve(k1) = %+v, %v, %v", r, existed, err)
		}
		amounts(t, st, "mpps_b", 0, 40)
		// Same key again: the first reservation comes back unchanged.
		r, existed, err = st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_b", Key: "k1", Tool: "estimate_maintenance", Amount: 10}, at)
		if err != nil || !existed || r.Amount != 40 || r.Tool != "analyze_property" || r.Committed {
			t.Errorf("Reserve(k1 again) = %+v, %v, %v", r, existed, err)
		}
		amounts(t, st, "mpps_b", 0, 40)
		_, _, err = st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_b", Key: "k2", Tool: "analyze_property", Amount: 61}, at)
		wantErr(t, "Reserve(over budget)", err, mpp.ErrBudgetExhausted)
		amounts(t, st, "mpps_b", 0, 40)
		if _, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_b", Key: "k2", Tool: "analyze_property", Amount: 60}, at); err != nil {
			t.Fatalf("Reserve(k2 exactly the rest) = %v", err)
		}
		amounts(t, st, "mpps_b", 0, 100)
		_, _, err = st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_b", Key: "k3", Tool: "analyze_property", Amount: 1}, at)
		wantErr(t, "Reserve(nothing left)", err, mpp.ErrBudgetExhausted)
		if err := st.Commit(ctx, "mpps_b", "k1"); err != nil {
			t.Fatalf("Commit(k1) = %v", err)
		}
		amounts(t, st, "mpps_b", 40, 60)
		if err := st.Commit(ctx, "mpps_b", "k1"); err != nil {
			t.Errorf("Commit(k1 twice) = %v, want a no-op", err)
		}
		amounts(t, st, "mpps_b", 40, 60)
		wantErr(t, "Commit(unknown key)", st.Commit(ctx, "mpps_b", "nope"), mpp.ErrReservationNotFound)
		if err := st.Release(ctx, "mpps_b", "k2"); err != nil {
			t.Fatalf("Release(k2) = %v", err)
		}
		amounts(t, st, "mpps_b", 40, 0)
		if err := st.Release(ctx, "mpps_b", "k2"); err != nil {
			t.Errorf("Release(k2 twice) = %v, want a no-op", err)
		}
		wantErr(t, "Release(committed)", st.Release(ctx, "mpps_b", "k1"), mpp.ErrReservationCommitted)
		amounts(t, st, "mpps_b", 40, 0)
		// A released key can be used again; a committed one replays.
		if _, existed, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_b", Key: "k2", Tool: "analyze_property", Amount: 10}, at); err != nil || existed {
			t.Errorf("Reserve(released key) = %v, %v", existed, err)
		}
		r, existed, err = st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_b", Key: "k1", Tool: "analyze_property", Amount: 40}, at)
		if err != nil || !existed || !r.Committed {
			t.Errorf("Reserve(committed key) = %+v, %v, %v", r, existed, err)
		}
		amounts(t, st, "mpps_b", 40, 10)
		// Zero-priced draws are fine.
		if _, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_b", Key: "free", Tool: "analyze_property", Amount: 0}, at); err != nil {
			t.Errorf("Reserve(0) = %v", err)
		}
	})

	t.Run("ReserveRefusals", func(t *testing.T) {
		st := open(t)
		create(t, st, newSession("mpps_c", 100))
		_, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_missing", Key: "k", Amount: 1}, now)
		wantErr(t, "Reserve(missing session)", err, mpp.ErrSessionNotFound)
		_, _, err = st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_c", Key: "k", Amount: 1}, now.Add(time.Hour))
		wantErr(t, "Reserve(at expiry)", err, mpp.ErrSessionExpired)
		_, _, err = st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_c", Key: "k", Amount: -1}, now)
		wantErr(t, "Reserve(negative)", err, mpp.ErrBudgetExhausted)
		amounts(t, st, "mpps_c", 0, 0)
		if _, err := st.Close(ctx, "mpps_c", now); err != nil {
			t.Fatal(err)
		}
		_, _, err = st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_c", Key: "k", Amount: 1}, now)
		wantErr(t, "Reserve(closing session)", err, mpp.ErrSessionInactive)
		amounts(t, st, "mpps_c", 0, 0)
	})

	t.Run("CloseRefund", func(t *testing.T) {
		st := open(t)
		create(t, st, newSession("mpps_d", 100))
		if _, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_d", Key: "k", Tool: "analyze_property", Amount: 30}, now); err != nil {
			t.Fatal(err)
		}
		_, err := st.Close(ctx, "mpps_d", now)
		wantErr(t, "Close(call in flight)", err, mpp.ErrCallsInFlight)
		if s := get(t, st, "mpps_d"); s.Status != mpp.SessionActive {
			t.Errorf("refused Close left status %s", s.Status)
		}
		if err := st.Commit(ctx, "mpps_d", "k"); err != nil {
			t.Fatal(err)
		}
		s, err := st.Close(ctx, "mpps_d", now)
		if err != nil || s.Status != mpp.SessionClosing || s.Spent != 30 {
			t.Fatalf("Close = %+v, %v", s, err)
		}
		if s, err := st.Close(ctx, "mpps_d", now); err != nil || s.Status != mpp.SessionClosing {
			t.Errorf("Close(again) = %s, %v", s.Status, err)
		}
		raw1, raw2 := []byte{0x76, 1, 2, 3}, []byte{0x76, 9}
		s, err = st.SetRefund(ctx, "mpps_d", "0xaa", raw1)
		if err != nil || s.RefundTx != "0xaa" || !bytes.Equal(s.RefundRaw, raw1) {
			t.Fatalf("SetRefund = %+v, %v", s, err)
		}
		s, err = st.SetRefund(ctx, "mpps_d", "0xbb", raw2)
		if err != nil || s.RefundTx != "0xaa" || !bytes.Equal(s.RefundRaw, raw1) {
			t.Errorf("second SetRefund = %s %x, %v; the first refund must win", s.RefundTx, s.RefundRaw, err)
		}
		// A reverted refund is forgotten only if it is still the one recorded.
		if err := st.ResetRefund(ctx, "mpps_d", "0xother"); err != nil {
			t.Fatal(err)
		}
		if s, _ = st.Get(ctx, "mpps_d"); s.RefundTx != "0xaa" {
			t.Errorf("ResetRefund with a stale hash removed the refund: %q", s.RefundTx)
		}
		if err := st.ResetRefund(ctx, "mpps_d", "0xaa"); err != nil {
			t.Fatal(err)
		}
		if s, _ = st.Get(ctx, "mpps_d"); s.RefundTx != "" || len(s.RefundRaw) != 0 {
			t.Errorf("after ResetRefund: %q %x", s.RefundTx, s.RefundRaw)
		}
		if s, err = st.SetRefund(ctx, "mpps_d", "0xaa", raw1); err != nil || s.RefundTx != "0xaa" {
			t.Fatalf("SetRefund after reset = %+v, %v", s, err)
		}
		closedAt := now.Add(2 * time.Minute)
		s, err = st.MarkClosed(ctx, "mpps_d", closedAt)
		if err != nil || s.Status != mpp.SessionClosed || !s.ClosedAt.Equal(closedAt) {
			t.Fatalf("MarkClosed = %+v, %v", s, err)
		}
		if s, err := st.Close(ctx, "mpps_d", now); err != nil || s.Status != mpp.SessionClosed {
			t.Errorf("Close(closed) = %s, %v", s.Status, err)
		}
		if s, err := st.MarkClosed(ctx, "mpps_d", closedAt.Add(time.Hour)); err != nil || !s.ClosedAt.Equal(closedAt) {
			t.Errorf("MarkClosed(again) moved ClosedAt to %v, %v", s.ClosedAt, err)
		}
		// MarkClosed only finishes a closing session.
		create(t, st, newSession("mpps_e", 100))
		if s, err := st.MarkClosed(ctx, "mpps_e", now); err != nil || s.Status != mpp.SessionActive {
			t.Errorf("MarkClosed(active) = %s, %v", s.Status, err)
		}
		for name, err := range map[string]error{
			"Close":      func() error { _, err := st.Close(ctx, "mpps_missing", now); return err }(),
			"SetRefund":  func() error { _, err := st.SetRefund(ctx, "mpps_missing", "0x1", nil); return err }(),
			"MarkClosed": func() error { _, err := st.MarkClosed(ctx, "mpps_missing", now); return err }(),
		} {
			wantErr(t, name+"(missing)", err, mpp.ErrSessionNotFound)
		}
	})

	t.Run("ConcurrentDrawsNeverOverspend", func(t *testing.T) {
		st := open(t)
		const price, fits, callers = 10_000, 7, 24
		create(t, st, newSession("mpps_f", price*fits))
		var wg sync.WaitGroup
		var mu sync.Mutex
		won, exhausted := 0, 0
		for i := range callers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, existed, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_f", Key: fmt.Sprintf("k%d", i), Tool: "analyze_property", Amount: price}, now)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil && !existed:
					won++
				case errors.Is(err, mpp.ErrBudgetExhausted):
					exhausted++
				default:
					t.Errorf("Reserve = %v, %v", existed, err)
				}
			}()
		}
		wg.Wait()
		if won != fits || exhausted != callers-fits {
			t.Errorf("%d draws won, %d exhausted; want %d and %d", won, exhausted, fits, callers-fits)
		}
		amounts(t, st, "mpps_f", 0, price*fits)
	})

	t.Run("ConcurrentSameKeyDrawsOnce", func(t *testing.T) {
		st := open(t)
		create(t, st, newSession("mpps_g", 1_000_000))
		var wg sync.WaitGroup
		var mu sync.Mutex
		fresh := 0
		for range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, existed, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_g", Key: "same", Tool: "analyze_property", Amount: 10_000}, now)
				if err != nil {
					t.Errorf("Reserve = %v", err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if !existed {
					fresh++
				}
			}()
		}
		wg.Wait()
		if fresh != 1 {
			t.Errorf("%d callers created the reservation, want 1", fresh)
		}
		amounts(t, st, "mpps_g", 0, 10_000)
	})

	// draw reserves and commits a draw of amount under key.
	draw := func(t *testing.T, st mpp.SessionStore, id, key string, amount dalil.MicroUSD) {
		t.Helper()
		if _, existed, err := st.Reserve(ctx, mpp.Reservation{SessionID: id, Key: key, Tool: "analyze_property", Amount: amount}, now); err != nil || existed {
			t.Fatalf("Reserve(%s) = %v, %v", key, existed, err)
		}
		if err := st.Commit(ctx, id, key); err != nil {
			t.Fatalf("Commit(%s) = %v", key, err)
		}
	}

	t.Run("RefundDraw", func(t *testing.T) {
		st := open(t)
		create(t, st, newSession("mpps_r", 1_000_000))
		at := now.Add(time.Minute)
		refund := func(key string, amount dalil.MicroUSD, at time.Time) (dalil.MicroUSD, error) {
			return st.RefundDraw(ctx, "mpps_r", key, amount, at)
		}
		if _, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_r", Key: "call", Tool: "analyze_property", Amount: 600_000}, now); err != nil {
			t.Fatal(err)
		}
		_, err := refund("call", 1, at)
		wantErr(t, "RefundDraw(in flight)", err, mpp.ErrReservationNotCommitted)
		if err := st.Commit(ctx, "mpps_r", "call"); err != nil {
			t.Fatal(err)
		}
		amounts(t, st, "mpps_r", 600_000, 0)
		_, err = refund("call", 600_001, at)
		wantErr(t, "RefundDraw(more than the draw)", err, mpp.ErrRefundExceedsDraw)
		_, err = refund("call", -1, at)
		wantErr(t, "RefundDraw(negative)", err, mpp.ErrRefundExceedsDraw)
		_, err = refund("nope", 1, at)
		wantErr(t, "RefundDraw(unknown key)", err, mpp.ErrReservationNotFound)
		_, err = st.RefundDraw(ctx, "mpps_missing", "call", 1, at)
		wantErr(t, "RefundDraw(missing session)", err, mpp.ErrSessionNotFound)
		amounts(t, st, "mpps_r", 600_000, 0)

		// The unused part of a 0.60 draw whose call cost 0.38.
		if got, err := refund("call", 220_000, at); err != nil || got != 220_000 {
			t.Fatalf("RefundDraw(call) = %d, %v", got, err)
		}
		amounts(t, st, "mpps_r", 380_000, 0)
		if s := get(t, st, "mpps_r"); s.Remaining() != 620_000 {
			t.Errorf("remaining %d after the refund, want 620000", s.Remaining())
		}
		// Once per draw: a second refund, of any amount, answers the first.
		if got, err := refund("call", 600_000, at.Add(time.Minute)); err != nil || got != 220_000 {
			t.Errorf("RefundDraw(call again) = %d, %v; want the first result 220000", got, err)
		}
		amounts(t, st, "mpps_r", 380_000, 0)
		r, existed, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_r", Key: "call", Tool: "analyze_property", Amount: 600_000}, at)
		if err != nil || !existed || !r.Committed || r.Amount != 600_000 || r.Refunded != 220_000 || !r.RefundedAt.Equal(at) {
			t.Errorf("the refunded draw reads %+v, %v, %v", r, existed, err)
		}

		// The whole draw (a call that never connected), and nothing.
		draw(t, st, "mpps_r", "no-answer", 300_000)
		if got, err := refund("no-answer", 300_000, at); err != nil || got != 300_000 {
			t.Errorf("RefundDraw(whole draw) = %d, %v", got, err)
		}
		draw(t, st, "mpps_r", "nothing", 100_000)
		if got, err := refund("nothing", 0, at); err != nil || got != 0 {
			t.Errorf("RefundDraw(0) = %d, %v", got, err)
		}
		if got, err := refund("nothing", 100_000, at); err != nil || got != 0 {
			t.Errorf("RefundDraw after a refund of 0 = %d, %v; want 0: one refund per draw", got, err)
		}
		amounts(t, st, "mpps_r", 480_000, 0)
		// An expired session is still active: its spent is claimed at its
		// close, so a refund still reaches the payer.
		draw(t, st, "mpps_r", "late", 50_000)
		if got, err := refund("late", 50_000, now.Add(2*time.Hour)); err != nil || got != 50_000 {
			t.Errorf("RefundDraw(expired session) = %d, %v", got, err)
		}
		amounts(t, st, "mpps_r", 480_000, 0)

		// Close takes the lowered spent; after it nothing is given back.
		draw(t, st, "mpps_r", "after", 20_000)
		s, err := st.Close(ctx, "mpps_r", at)
		if err != nil || s.Spent != 500_000 || s.Remaining() != 500_000 {
			t.Fatalf("Close = %+v, %v; want spent 500000 (drawn 1070000, refunded 570000)", s, err)
		}
		_, err = refund("after", 20_000, at)
		wantErr(t, "RefundDraw(closing session)", err, mpp.ErrSessionInactive)
		amounts(t, st, "mpps_r", 500_000, 0)
		if got, err := refund("call", 1, at); err != nil || got != 220_000 {
			t.Errorf("RefundDraw(call) on a closing session = %d, %v; want the recorded 220000", got, err)
		}
		if _, err := st.MarkClosed(ctx, "mpps_r", at); err != nil {
			t.Fatal(err)
		}
		_, err = refund("after", 20_000, at)
		wantErr(t, "RefundDraw(closed session)", err, mpp.ErrSessionInactive)
		amounts(t, st, "mpps_r", 500_000, 0)
		// A released draw has nothing to give back.
		create(t, st, newSession("mpps_r2", 100_000))
		if _, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_r2", Key: "k", Tool: "analyze_property", Amount: 10_000}, now); err != nil {
			t.Fatal(err)
		}
		if err := st.Release(ctx, "mpps_r2", "k"); err != nil {
			t.Fatal(err)
		}
		_, err = st.RefundDraw(ctx, "mpps_r2", "k", 10_000, at)
		wantErr(t, "RefundDraw(released)", err, mpp.ErrReservationNotFound)
	})

	// Refunds of one draw racing each other and the session's close: at
	// most one lands, every refund that succeeds answers its amount, and
	// the spent Close returns is the spent that stays (no refund lowers it
	// once the session left active, so the close claims what it read).
	t.Run("ConcurrentRefundsAndClose", func(t *testing.T) {
		st := open(t)
		before := 0 // sessions whose refund landed before the close
		for i := range 8 {
			id := fmt.Sprintf("mpps_rc%d", i)
			create(t, st, newSession(id, 1_000_000))
			draw(t, st, id, "call", 600_000)
			var wg sync.WaitGroup
			var mu sync.Mutex
			landed := map[dalil.MicroUSD]bool{}
			refused := 0
			for j := range 6 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got, err := st.RefundDraw(ctx, id, "call", dalil.MicroUSD(100_000*(j+1)), now)
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						landed[got] = true
					case errors.Is(err, mpp.ErrSessionInactive):
						refused++
					default:
						t.Errorf("RefundDraw = %v", err)
					}
				}()
			}
			var closed mpp.Session
			var cerr error
			wg.Add(1)
			go func() {
				defer wg.Done()
				closed, cerr = st.Close(ctx, id, now)
			}()
			wg.Wait()
			if cerr != nil {
				t.Fatalf("Close = %v", cerr)
			}
			final := get(t, st, id)
			want := dalil.MicroUSD(600_000)
			switch {
			case len(landed) > 1:
				t.Errorf("%s: refunds answered %v, want one amount", id, landed)
			case len(landed) == 1 && refused > 0:
				t.Errorf("%s: a refund landed (%v) and %d were refused as if the session had closed first", id, landed, refused)
			case len(landed) == 1:
				before++
				for a := range landed {
					want -= a
				}
			}
			if final.Spent != want || closed.Spent != final.Spent || final.Status == mpp.SessionActive {
				t.Errorf("%s: spent %d (closed with %d, status %s), want %d", id, final.Spent, closed.Spent, final.Status, want)
			}
		}
		t.Logf("a refund landed before the close in %d of 8 races", before)
	})
}
