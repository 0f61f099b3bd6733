package voice_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/rail/mpp"
)

// usd is a view's dollar amount in micro-USD.
func usd(f *float64) dalil.MicroUSD {
	if f == nil {
		return -1
	}
	return dalil.MicroUSD(math.Round(*f * 1e6))
}

// A call drawn from an MPP budget session: the maximum (USD 1.05) is
// drawn at queueing; it talks 125 s (USD 0.61), and settlement gives the
// USD 0.44 it did not use back to the session's budget, once.
func TestSessionCallGivesTheUnusedBack(t *testing.T) {
	h := newHarness(t)
	h.openSession("mpps_a", 2*dalil.USD)
	v := h.placeFromSession("mpps_a", "call-1", "req_s1", callBody)
	if v.Status != voice.StatusQueued || v.MaxCharge != 1.05 || v.AccessToken == "" || v.ChargedUSD != nil || !contains(v.Billing, "MPP budget session") {
		t.Fatalf("202 view %+v", v)
	}
	if r := h.record(v.CallID); r.AccountID != "" || r.Payer != voice.PayPerCall || r.Rail != dalil.RailMPP || r.Session != "mpps_a" || r.SessionKey != "call-1" {
		t.Fatalf("stored %+v", r)
	}
	if s := h.session("mpps_a"); s.Spent != 1_050_000 || s.Remaining() != 950_000 {
		t.Fatalf("session after the draw: spent %s remaining %s", s.Spent, s.Remaining())
	}
	h.runOK(voice.JobDial, v.CallID)
	if h.dialer.Dials(number) != 1 {
		t.Fatalf("%d dials", h.dialer.Dials(number))
	}
	h.apply(voice.Event{ID: "a", CallID: v.CallID, Status: voice.StatusAnswered})
	h.clock.Advance(125 * time.Second)
	h.apply(voice.Event{ID: "c", CallID: v.CallID, Status: voice.StatusCompleted, ConnectedSeconds: 125})
	who := voice.Caller{Token: v.AccessToken}
	pending, err := h.svc.Call(h.ctx, v.CallID, who)
	if err != nil {
		t.Fatal(err)
	}
	if usd(pending.ChargedUSD) != 610_000 || pending.RefundedUSD != nil || !contains(pending.Billing, "being given back") {
		t.Errorf("view before settlement: charged %v refunded %v %q", pending.ChargedUSD, pending.RefundedUSD, pending.Billing)
	}
	h.runOK(voice.JobSettle, v.CallID)
	if r := h.record(v.CallID); r.Settle != voice.SettleDone || r.FinalCharge != 610_000 || r.Refunded != 440_000 {
		t.Fatalf("settled %+v", r)
	}
	if s := h.session("mpps_a"); s.Spent != 610_000 || s.Remaining() != 1_390_000 {
		t.Errorf("session after settlement: spent %s remaining %s, want 0.61 and 1.39", s.Spent, s.Remaining())
	}
	view, err := h.svc.Call(h.ctx, v.CallID, who)
	if err != nil {
		t.Fatal(err)
	}
	if usd(view.ChargedUSD) != 610_000 || usd(view.RefundedUSD) != 440_000 || !contains(view.Billing, "USD 0.44") || !contains(view.Billing, "went back to the session") {
		t.Errorf("settled view: charged %v refunded %v %q", view.ChargedUSD, view.RefundedUSD, view.Billing)
	}
	// The settlement run again (River's at-least-once) gives nothing more.
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobSettle, CallID: v.CallID}, 2, 20); err != nil {
		t.Fatal(err)
	}
	if s := h.session("mpps_a"); s.Spent != 610_000 {
		t.Errorf("a second settlement moved the session to spent %s", s.Spent)
	}
	// The callback carries the same figures.
	h.runOK(voice.JobCallback, v.CallID)
	if got := h.received(); len(got) != 1 {
		t.Fatalf("%d callbacks", len(got))
	} else if call := asMap(t, got[0].body)["call"].(map[string]any); call["chargedUsd"] != 0.61 || call["refundedUsd"] != 0.44 {
		t.Errorf("callback %s", got[0].body)
	}
}

// A session call that never connects (no answer; cancelled before it
// was dialled) gives its whole maximum back to the session.
func TestSessionCallNotConnectedRefundedInFull(t *testing.T) {
	h := newHarness(t)
	h.openSession("mpps_b", 3*dalil.USD)
	v := h.placeFromSession("mpps_b", "k1", "req_n1", callBody)
	h.runOK(voice.JobDial, v.CallID)
	h.apply(voice.Event{ID: "n", CallID: v.CallID, Status: voice.StatusNoAnswer})
	h.runOK(voice.JobSettle, v.CallID)
	v2 := h.placeFromSession("mpps_b", "k2", "req_n2", `{"phoneNumber":"+96892345678","objective":"Confirm tomorrow's delivery window."}`)
	if _, err := h.svc.CancelCall(h.ctx, v2.CallID, voice.Caller{Token: v2.AccessToken}); err != nil {
		t.Fatal(err)
	}
	h.runOK(voice.JobSettle, v2.CallID)
	if s := h.session("mpps_b"); s.Spent != 0 || s.Remaining() != 3*dalil.USD {
		t.Errorf("session: spent %s remaining %s, want everything back", s.Spent, s.Remaining())
	}
	for _, c := range []voice.View{v, v2} {
		view, err := h.svc.Call(h.ctx, c.CallID, voice.Caller{Token: c.AccessToken})
		if err != nil {
			t.Fatal(err)
		}
		if r := h.record(c.CallID); r.Settle != voice.SettleDone || r.Refunded != 1_050_000 || usd(view.ChargedUSD) != 0 || usd(view.RefundedUSD) != 1_050_000 {
			t.Errorf("%s %s: settle %s refunded %s, view charged %v refunded %v", c.CallID, view.Status, r.Settle, r.Refunded, view.ChargedUSD, view.RefundedUSD)
		}
	}
}

// A session closed before the call is settled has claimed the whole
// draw: nothing goes back, the call is settled with nothing refunded,
// and its billing says why.
func TestSessionClosedBeforeSettlementKeepsTheMaximum(t *testing.T) {
	h := newHarness(t)
	h.openSession("mpps_c", 2*dalil.USD)
	v := h.placeFromSession("mpps_c", "k1", "req_c1", callBody)
	h.runOK(voice.JobDial, v.CallID)
	h.apply(voice.Event{ID: "a", CallID: v.CallID, Status: voice.StatusAnswered})
	h.apply(voice.Event{ID: "c", CallID: v.CallID, Status: voice.StatusCompleted, ConnectedSeconds: 125})
	if s, err := h.sessions.Close(h.ctx, "mpps_c", h.clock.Now()); err != nil || s.Status != mpp.SessionClosing || s.Spent != 1_050_000 {
		t.Fatalf("close: %+v, %v", s, err)
	}
	h.runOK(voice.JobSettle, v.CallID)
	if r := h.record(v.CallID); r.Settle != voice.SettleSessionClosed || r.Refunded != 0 || r.FinalCharge != 610_000 {
		t.Fatalf("settled %+v", r)
	}
	if s := h.session("mpps_c"); s.Spent != 1_050_000 {
		t.Errorf("the closing session's spent moved to %s", s.Spent)
	}
	view, err := h.svc.Call(h.ctx, v.CallID, voice.Caller{Token: v.AccessToken})
	if err != nil {
		t.Fatal(err)
	}
	if usd(view.ChargedUSD) != 1_050_000 || usd(view.RefundedUSD) != 0 || !contains(view.Billing, "already closed") || !contains(view.Billing, "USD 0.44") {
		t.Errorf("view: charged %v refunded %v %q", view.ChargedUSD, view.RefundedUSD, view.Billing)
	}
	// A settlement run again changes nothing.
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobSettle, CallID: v.CallID}, 2, 20); err != nil {
		t.Fatal(err)
	}
	if r := h.record(v.CallID); r.Settle != voice.SettleSessionClosed || r.Refunded != 0 {
		t.Errorf("after a second settlement %+v", r)
	}
}

// A session call whose request failed after the capability ran (the
// draw was released, never committed) is never dialled and settles not
// charged: there is no draw to give anything back from.
func TestSessionCallNeverPaid(t *testing.T) {
	h := newHarness(t)
	h.openSession("mpps_d", 2*dalil.USD)
	v := h.drawAndRun("mpps_d", "k1", "req_d1", callBody)
	if err := h.sessions.Release(h.ctx, "mpps_d", "k1"); err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(2 * time.Minute) // past the harness's charge window
	h.runOK(voice.JobDial, v.CallID)
	if h.dialer.Total() != 0 {
		t.Fatalf("%d dials of an unpaid call", h.dialer.Total())
	}
	h.runOK(voice.JobSettle, v.CallID)
	view, err := h.svc.Call(h.ctx, v.CallID, voice.Caller{Token: v.AccessToken})
	if err != nil {
		t.Fatal(err)
	}
	if r := h.record(v.CallID); r.Settle != voice.SettleNotCharged || r.Refunded != 0 || usd(view.ChargedUSD) != 0 || !contains(view.Billing, "Not charged") {
		t.Errorf("settle %s refunded %s, view charged %v %q", r.Settle, r.Refunded, view.ChargedUSD, view.Billing)
	}
	if s := h.session("mpps_d"); s.Spent != 0 || s.Reserved != 0 {
		t.Errorf("session spent %s reserved %s", s.Spent, s.Reserved)
	}
}

// Property: whatever a session call's maximum duration, connected
// seconds and end, settlement leaves refunded + charged = maximum (in the
// record and in the view), the charge is Charge's, and the session keeps
// exactly the charges drawn.
func TestSessionRefundPlusChargeIsTheMaximum(t *testing.T) {
	h := newHarness(t)
	h.openSession("mpps_p", 1000*dalil.USD)
	r := rand.New(rand.NewPCG(19, 1100))
	ends := []voice.Status{voice.StatusCompleted, voice.StatusCompleted, voice.StatusNoAnswer, voice.StatusBusy, voice.StatusFailed, voice.StatusRejected, voice.StatusVoicemail}
	var charged dalil.MicroUSD
	for i := range 120 {
		maxSecs := []int{60, 120, 300, 900, 3600}[r.IntN(5)]
		secs := r.IntN(2*maxSecs + 1) // beyond the maximum too: capped
		switch i {
		case 0:
			secs = 0
		case 1:
			secs = maxSecs
		case 2:
			secs, maxSecs = 125, 300
		}
		end := ends[r.IntN(len(ends))]
		id, key := fmt.Sprintf("call_p%03d", i), fmt.Sprintf("k%d", i)
		max := voice.MaxCharge(voice.BaseCallAgent, maxSecs)
		now := h.clock.Now()
		status := voice.StatusRinging
		if end == voice.StatusCompleted {
			status = voice.StatusAnswered
		}
		if err := h.calls.Create(h.ctx, voice.Record{ID: id, Capability: "ai_call_agent", Payer: voice.PayPerCall, RequestID: "req_" + id,
			Status: status, NumberHash: "h", Number: number, MaxSeconds: maxSecs, Base: voice.BaseCallAgent, MaxCharge: max,
			Provider: "fake", ProviderCallID: "p-" + id, TokenHash: voice.HashToken("ct_" + id), Rail: dalil.RailMPP, Session: "mpps_p", SessionKey: key,
			CreatedAt: now, UpdatedAt: now, DialedAt: now}, nil); err != nil {
			t.Fatal(err)
		}
		if _, _, err := h.sessions.Reserve(h.ctx, mpp.Reservation{SessionID: "mpps_p", Key: key, Tool: "ai_call_agent", Amount: max}, now); err != nil {
			t.Fatal(err)
		}
		if err := h.sessions.Commit(h.ctx, "mpps_p", key); err != nil {
			t.Fatal(err)
		}
		h.apply(voice.Event{ID: "end-" + id, CallID: id, Status: end, ConnectedSeconds: secs})
		h.runOK(voice.JobSettle, id)
		rec := h.record(id)
		want := voice.Charge(voice.BaseCallAgent, secs, maxSecs, end.Connected())
		view, err := h.svc.Call(h.ctx, id, voice.Caller{Token: "ct_" + id})
		if err != nil {
			t.Fatal(err)
		}
		if rec.Settle != voice.SettleDone || rec.FinalCharge != want || rec.Refunded+rec.FinalCharge != max ||
			usd(view.ChargedUSD) != want || usd(view.ChargedUSD)+usd(view.RefundedUSD) != max {
			t.Fatalf("%s (%s after %d s of %d): settle %s final %s refunded %s max %s; view charged %v refunded %v",
				id, end, secs, maxSecs, rec.Settle, rec.FinalCharge, rec.Refunded, max, view.ChargedUSD, view.RefundedUSD)
		}
		charged += want
	}
	if s := h.session("mpps_p"); s.Spent != charged || s.Reserved != 0 {
		t.Errorf("the session kept %s, the calls cost %s", s.Spent, charged)
	}
}

// Without a session store to give the unused part back to (never so in
// cmd/dalil), a session call settles failed, keeps the maximum, and says
// the operator must look.
func TestSessionCallWithoutSessionStore(t *testing.T) {
	h := newHarness(t)
	h.cfg.SessionRefunds = nil
	h.useDialer(h.dialer)
	h.openSession("mpps_e", 2*dalil.USD)
	v := h.placeFromSession("mpps_e", "k1", "req_e1", callBody)
	h.runOK(voice.JobDial, v.CallID)
	h.apply(voice.Event{ID: "n", CallID: v.CallID, Status: voice.StatusBusy})
	h.runOK(voice.JobSettle, v.CallID)
	view, err := h.svc.Call(h.ctx, v.CallID, voice.Caller{Token: v.AccessToken})
	if err != nil {
		t.Fatal(err)
	}
	if r := h.record(v.CallID); r.Settle != voice.SettleFailed || usd(view.ChargedUSD) != 1_050_000 || view.RefundedUSD != nil || !contains(view.Billing, "operator") {
		t.Errorf("settle %s, view charged %v refunded %v %q", r.Settle, view.ChargedUSD, view.RefundedUSD, view.Billing)
	}
	if s := h.session("mpps_e"); s.Spent != 1_050_000 {
		t.Errorf("session spent %s", s.Spent)
	}
}
