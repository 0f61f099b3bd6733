package voice_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/capability"
)

// Charge on connect: a call paid with x402, L402 or MPP charge (no
// account, no MPP budget session) is paid only once it connects. Its
// request holds the credential (claimed, as httpapi's railPayer.hold
// does), queues the call and waits for it to connect; the tests make the
// provider's events happen inside Enqueue (recStore.onCreate), before the
// wait starts, so nothing depends on timing.

// onConnect rebuilds the service with ConnectWait wait.
func (h *harness) onConnect(wait time.Duration) {
	h.cfg.ConnectWait = wait
	h.useDialer(h.cfg.Dialer)
}

// placeOnConnect claims a credential of rail for request reqID and runs
// ai_call_agent as that rail's request: the view the request answers
// with, and the claim.
func (h *harness) placeOnConnect(rail, reqID, body string) (voice.View, dalil.Claim) {
	h.t.Helper()
	claim := dalil.Claim{CredentialID: rail + ":" + reqID, Rail: rail, Tool: "ai_call_agent", Amount: 1_050_000, RequestID: reqID, ExpiresAt: noon.Add(time.Hour)}
	if err := h.store.ClaimCredential(h.ctx, claim); err != nil {
		h.t.Fatal(err)
	}
	var e *capability.Entry
	for _, en := range voice.Entries(h.deps) {
		if en.ID == "ai_call_agent" {
			e = &en
		}
	}
	in, err := e.Decode([]byte(body))
	if err != nil {
		h.t.Fatal(err)
	}
	out, err := e.Run(capability.WithCall(h.ctx, capability.Call{RequestID: reqID, Now: h.clock.Now(), Rail: rail}), in)
	if err != nil {
		h.t.Fatalf("place on %s: %v", rail, err)
	}
	return out.(voice.View), claim
}

// bodyTo is an ai_call_agent input to number in Oman (the per-number
// daily cap is 2).
func bodyTo(number string) string {
	return `{"phoneNumber":"` + number + `","objective":"Confirm tomorrow's 10:00 delivery window."}`
}

// omanNumber is a checked number, for calls queued directly.
func omanNumber(e164 string) voice.Number {
	return voice.Number{E164: e164, Region: "OM", Timezone: "Asia/Muscat"}
}

// unpaid is whether the view's evidence basis leaves it uncharged, and why.
func unpaid(v voice.View) (string, bool) {
	var ev capability.Evidenced = v
	charge, reason := dalil.DecideEvidence(ev.Basis())
	return reason, !charge
}

// The call connects while the request waits: the request gets the
// answered call (202, paid: not Unpaid), dialled while the credential
// was only held, with a ring shorter than the wait. The pipeline then
// settles the credential; the settlement waits for that, and records the
// maximum as charged.
func TestPayOnConnectConnected(t *testing.T) {
	for _, rail := range []string{dalil.RailX402, dalil.RailL402, dalil.RailMPP} {
		t.Run(rail, func(t *testing.T) {
			h := newHarness(t)
			h.onConnect(30 * time.Second)
			h.calls.onCreate = func(id string) {
				h.runOK(voice.JobDial, id) // the claim is held, not settled
				h.apply(voice.Event{ID: "r", CallID: id, Status: voice.StatusRinging})
				h.apply(voice.Event{ID: "a", CallID: id, Status: voice.StatusAnswered})
			}
			v, claim := h.placeOnConnect(rail, "req_"+rail, callBody)
			if v.Status != voice.StatusAnswered || !v.Answered || !v.Accepted() || v.AccessToken == "" {
				t.Fatalf("view %+v", v)
			}
			if reason, no := unpaid(v); no {
				t.Fatalf("a connected call is unpaid: %s", reason)
			}
			if h.dialer.Total() != 1 {
				t.Fatalf("%d dials", h.dialer.Total())
			}
			if d := h.dialer.Last(v.CallID); d.RingSeconds != 20 {
				t.Errorf("ring %d s, want 20 (30 s wait − 10 s to dial)", d.RingSeconds)
			}
			rec := h.record(v.CallID)
			if !rec.PayOnConnect || rec.Rail != rail {
				t.Errorf("record %+v", rec)
			}
			// The call ends before the request's settlement is recorded:
			// the settlement waits for it.
			h.apply(voice.Event{ID: "c", CallID: v.CallID, Status: voice.StatusCompleted, ConnectedSeconds: 30})
			var later *voice.Later
			if errs := h.run(voice.JobSettle, v.CallID); len(errs) != 1 || !errors.As(errs[0], &later) {
				t.Fatalf("settle before the credential settled: %v", errs)
			}
			if err := h.store.SettleCredential(h.ctx, claim.CredentialID); err != nil {
				t.Fatal(err)
			}
			if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobSettle, CallID: v.CallID}, 1, 5); err != nil {
				t.Fatal(err)
			}
			got, err := h.svc.Call(h.ctx, v.CallID, voice.Caller{Token: v.AccessToken})
			if err != nil {
				t.Fatal(err)
			}
			if h.record(v.CallID).Settle != voice.SettleDone || got.ChargedUSD == nil || *got.ChargedUSD != 1.05 || got.RefundedUSD != nil ||
				!contains(got.Billing, "connected, so the maximum was paid") {
				t.Errorf("settled view %+v", got)
			}
			if _, no := unpaid(got); no || got.Accepted() {
				t.Errorf("a GET of the ended call: unpaid %v, accepted %v", no, got.Accepted())
			}
		})
	}
}

// The call ends without connecting while the request waits (no answer,
// busy, rejected, failed): the request answers it Unpaid
// (call_not_connected, 200), the pipeline releases the credential, and
// the settlement records nothing charged.
func TestPayOnConnectNeverConnects(t *testing.T) {
	for _, end := range []voice.Status{voice.StatusNoAnswer, voice.StatusBusy, voice.StatusRejected, voice.StatusFailed} {
		t.Run(string(end), func(t *testing.T) {
			h := newHarness(t)
			h.onConnect(30 * time.Second)
			h.calls.onCreate = func(id string) {
				h.runOK(voice.JobDial, id)
				h.apply(voice.Event{ID: "r", CallID: id, Status: voice.StatusRinging})
				h.apply(voice.Event{ID: "e", CallID: id, Status: end})
			}
			v, claim := h.placeOnConnect(dalil.RailL402, "req_1", callBody)
			reason, no := unpaid(v)
			if v.Status != end || !no || reason != voice.NotConnected || v.Accepted() || v.AccessToken == "" {
				t.Fatalf("view %+v, unpaid %q %v", v, reason, no)
			}
			if v.ChargedUSD == nil || *v.ChargedUSD != 0 || !contains(v.Billing, "did not connect") {
				t.Errorf("charged %v, billing %q", v.ChargedUSD, v.Billing)
			}
			if err := h.store.ReleaseCredential(h.ctx, claim.CredentialID); err != nil { // the pipeline's release
				t.Fatal(err)
			}
			h.runOK(voice.JobSettle, v.CallID)
			if r := h.record(v.CallID); r.Settle != voice.SettleNotCharged {
				t.Errorf("settle %q", r.Settle)
			}
			got, _ := h.svc.Call(h.ctx, v.CallID, voice.Caller{Token: v.AccessToken})
			if got.ChargedUSD == nil || *got.ChargedUSD != 0 || got.RefundedUSD != nil {
				t.Errorf("settled view %+v", got)
			}
		})
	}
}

// The wait runs out while the phone rings: the call is cancelled
// (not_connected_in_time), hung up at the provider, and answered Unpaid.
// A call still queued when the wait runs out is never dialled.
func TestPayOnConnectWaitRunsOut(t *testing.T) {
	h := newHarness(t)
	h.onConnect(300 * time.Millisecond)
	h.calls.onCreate = func(id string) {
		h.runOK(voice.JobDial, id)
		h.apply(voice.Event{ID: "r", CallID: id, Status: voice.StatusRinging})
	}
	v, _ := h.placeOnConnect(dalil.RailX402, "req_ring", callBody)
	reason, no := unpaid(v)
	if v.Status != voice.StatusCancelled || v.Outcome == nil || *v.Outcome != voice.OutcomeNotConnected || !no || reason != voice.NotConnected || v.Accepted() {
		t.Fatalf("view %+v", v)
	}
	r := h.record(v.CallID)
	if hs := h.dialer.Hangups(); len(hs) != 1 || hs[0] != r.ProviderCallID || r.ProviderCallID == "" {
		t.Errorf("hang-ups %v, provider id %q", hs, r.ProviderCallID)
	}
	// Answered after all (the hang-up raced the pick-up): too late, the
	// call stays cancelled (hung up again) and nothing is charged.
	h.apply(voice.Event{ID: "a", CallID: v.CallID, Status: voice.StatusAnswered})
	if hs := h.dialer.Hangups(); len(hs) != 2 || hs[1] != r.ProviderCallID {
		t.Errorf("hang-ups after a late answer %v", hs)
	}
	h.runOK(voice.JobSettle, v.CallID)
	if r := h.record(v.CallID); r.Status != voice.StatusCancelled || r.Settle != voice.SettleNotCharged {
		t.Errorf("after a late answer: %s, settle %q", r.Status, r.Settle)
	}

	// Still queued: cancelled, and its dial job then dials nothing.
	h.calls.onCreate = nil
	q, _ := h.placeOnConnect(dalil.RailMPP, "req_queued", bodyTo("+96892345678"))
	if _, no := unpaid(q); q.Status != voice.StatusCancelled || !no {
		t.Fatalf("queued view %+v", q)
	}
	h.runOK(voice.JobDial, q.CallID)
	if h.dialer.Total() != 1 {
		t.Errorf("%d dials, want only the first call's", h.dialer.Total())
	}

	// The request ends (the caller hung up, its deadline) before the
	// wait does: the call is cancelled and hung up the same way.
	h.onConnect(30 * time.Second)
	ctx, cancel := context.WithCancel(h.ctx)
	h.calls.onCreate = func(id string) {
		h.runOK(voice.JobDial, id)
		h.apply(voice.Event{ID: "r", CallID: id, Status: voice.StatusRinging})
		cancel()
	}
	h.ctx = ctx
	c, _ := h.placeOnConnect(dalil.RailL402, "req_gone", bodyTo("+96893456789"))
	h.ctx = context.Background()
	hs := h.dialer.Hangups()
	if _, no := unpaid(c); c.Status != voice.StatusCancelled || !no || len(hs) != 3 || hs[2] != h.record(c.CallID).ProviderCallID {
		t.Errorf("request ended: %+v, hang-ups %v", c, h.dialer.Hangups())
	}
}

// The dial job dials a pay-on-connect call while its request holds the
// credential (claimed, not settled: TestPayOnConnectConnected); once the
// claim was released (the request answered without paying), it does not,
// and the call ends not charged. Nor does it dial a call whose request
// no longer waits (its process stopped); and a call that connected but
// whose credential its request never settled is recorded not charged.
func TestPayOnConnectDialRules(t *testing.T) {
	h := newHarness(t)
	h.onConnect(30 * time.Second)
	h.calls.onCreate = func(id string) {
		// Released before the dial job ran.
		if err := h.store.ReleaseCredential(h.ctx, dalil.RailX402+":req_released"); err != nil {
			t.Fatal(err)
		}
		h.runOK(voice.JobDial, id)
	}
	v, _ := h.placeOnConnect(dalil.RailX402, "req_released", callBody)
	if _, no := unpaid(v); v.Status != voice.StatusFailed || *v.Outcome != voice.OutcomeNotCharged || !no || h.dialer.Total() != 0 {
		t.Fatalf("released: %+v, %d dials", v, h.dialer.Total())
	}

	// The process stopped while its request waited: the dial job, run
	// after the restart, past the wait, does not dial the call.
	h.calls.onCreate = nil
	w, err := h.svc.Enqueue(h.ctx, voice.Call{Capability: "ai_call_agent", RequestID: "req_dead", Rail: dalil.RailL402, PayOnConnect: true,
		Number: omanNumber("+96892345678"), NumberHash: "h1", Language: "en", MaxSeconds: 300, MaxCharge: 1_050_000, Base: 300_000})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.store.ClaimCredential(h.ctx, dalil.Claim{CredentialID: "l402:dead", Rail: dalil.RailL402, Tool: "ai_call_agent", Amount: 1_050_000,
		RequestID: "req_dead", ExpiresAt: noon.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(31 * time.Second)
	h.runOK(voice.JobDial, w.CallID)
	if r := h.record(w.CallID); r.Status != voice.StatusFailed || r.Outcome != voice.OutcomeNotDialled || h.dialer.Total() != 0 {
		t.Fatalf("dialled after its request stopped waiting: %s %s, %d dials", r.Status, r.Outcome, h.dialer.Total())
	}

	// Connected, but the request never settled its credential (its
	// process stopped): once the settlement stops waiting for it, the
	// call is recorded not charged.
	x, err := h.svc.Enqueue(h.ctx, voice.Call{Capability: "ai_call_agent", RequestID: "req_unsettled", Rail: dalil.RailX402, PayOnConnect: true,
		Number: omanNumber("+96893456789"), NumberHash: "h2", Language: "en", MaxSeconds: 300, MaxCharge: 1_050_000, Base: 300_000})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.store.ClaimCredential(h.ctx, dalil.Claim{CredentialID: "x402:unsettled", Rail: dalil.RailX402, Tool: "ai_call_agent", Amount: 1_050_000,
		RequestID: "req_unsettled", ExpiresAt: noon.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	h.runOK(voice.JobDial, x.CallID)
	h.apply(voice.Event{ID: "a", CallID: x.CallID, Status: voice.StatusAnswered})
	h.apply(voice.Event{ID: "c", CallID: x.CallID, Status: voice.StatusCompleted, ConnectedSeconds: 40})
	var later *voice.Later
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobSettle, CallID: x.CallID}, 1, 5); !errors.As(err, &later) {
		t.Fatalf("settle while the claim is held: %v", err)
	}
	h.clock.Advance(2 * time.Minute) // past the harness's one-minute charge window
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobSettle, CallID: x.CallID}, 1, 5); err != nil {
		t.Fatal(err)
	}
	got, _ := h.svc.Call(h.ctx, x.CallID, voice.Caller{Token: x.AccessToken})
	if r := h.record(x.CallID); r.Settle != voice.SettleNotCharged || got.ChargedUSD == nil || *got.ChargedUSD != 0 || !contains(got.Billing, "did not complete the payment") {
		t.Errorf("unsettled: settle %q, view %+v", r.Settle, got)
	}
}

// Accounts and MPP budget sessions do not wait: their calls answer 202
// queued at once, as before.
func TestPayOnConnectOnlyForRailsThatCannotRefund(t *testing.T) {
	h := newHarness(t)
	h.onConnect(30 * time.Second)
	v := h.mustPlace("req_acct", callBody)
	if v.Status != voice.StatusQueued || !v.Accepted() || h.record(v.CallID).PayOnConnect {
		t.Errorf("account call %+v", v)
	}
	if _, no := unpaid(v); no {
		t.Error("an account call is unpaid")
	}
	h.openSession("mpps_a", 5*dalil.USD)
	s := h.drawAndRun("mpps_a", "k1", "req_sess", callBody)
	if s.Status != voice.StatusQueued || h.record(s.CallID).PayOnConnect {
		t.Errorf("session call %+v", s)
	}
}
