package voice_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"reflect"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicetest"
	"dalil/capability"
)

const (
	number = "+96891234567"
	// A five-minute ai_call_agent call: USD 0.30 + 5 × 0.15 = 1.05.
	callBody = `{"phoneNumber":"` + number + `","objective":"Confirm tomorrow's 10:00 delivery window.","callbackUrl":"https://` + hooksHost + `/calls"}`
)

// The whole life of an account's call: queued (and charged its maximum)
// → dial → provider events → terminal → settlement refunds the unused
// part → the signed completion callback.
func TestCallLifecycle(t *testing.T) {
	h := newHarness(t)
	before := h.credits()
	v := h.mustPlace("req_life", callBody)
	if v.Status != voice.StatusQueued || v.MaxCharge != 1.05 || v.AccessToken != "" || v.CallbackSecret == "" || v.ChargedUSD != nil {
		t.Fatalf("202 view %+v", v)
	}
	if got := h.credits(); got != before-1_050_000 {
		t.Fatalf("credits after queueing = %s, want the maximum held", got)
	}
	r := h.record(v.CallID)
	if r.Number != number || r.NumberHash == "" || r.Status != voice.StatusQueued {
		t.Fatalf("stored %+v", r)
	}
	h.runOK(voice.JobDial, v.CallID)
	if n := h.dialer.Dials(number); n != 1 {
		t.Fatalf("dials = %d", n)
	}
	d := h.dialer.Last(v.CallID)
	if d.EventsURL != "https://dalil.example/webhooks/voice/fake" || d.Script.Opening == "" || d.MaxSeconds != 300 || d.Language != "en" {
		t.Errorf("dial %+v", d)
	}
	if d.Instructions == "" || contains(d.Instructions, number) {
		t.Errorf("instructions %q: the objective, never the number", d.Instructions)
	}
	r = h.record(v.CallID)
	if r.Status != voice.StatusDialing || r.ProviderCallID == "" || r.DialedAt.IsZero() {
		t.Fatalf("after dial %+v", r)
	}
	pid := r.ProviderCallID
	h.clock.Advance(10 * time.Second)
	h.apply(voice.Event{ID: "e1", ProviderCallID: pid, Status: voice.StatusRinging})
	h.apply(voice.Event{ID: "e2", ProviderCallID: pid, Status: voice.StatusAnswered})
	h.apply(voice.Event{ID: "e3", CallID: v.CallID, Status: voice.StatusInProgress})
	h.clock.Advance(125 * time.Second)
	h.apply(voice.Event{ID: "e4", ProviderCallID: pid, Status: voice.StatusCompleted, ConnectedSeconds: 125, Outcome: "confirmed",
		Summary: "The window is confirmed.", Facts: map[string]any{"window": "10:00"},
		Transcript: []voice.TranscriptLine{{Speaker: "agent", Text: "Hello, this is an automated AI assistant.", At: noon}}})
	r = h.record(v.CallID)
	if r.Status != voice.StatusCompleted || r.Number != "" || r.Dial.Instructions != "" || r.FinalCharge != 610_000 || r.Settle != voice.SettlePending {
		t.Fatalf("terminal %+v", r)
	}
	h.runOK(voice.JobSettle, v.CallID)
	if got := h.credits(); got != before-610_000 {
		t.Errorf("credits after settlement = %s, want %s (125 s → USD 0.61)", got, before-610_000)
	}
	h.runOK(voice.JobCallback, v.CallID)
	got := h.received()
	if len(got) != 1 {
		t.Fatalf("%d callbacks", len(got))
	}
	if err := voice.VerifyCallback(v.CallbackSecret, got[0].header.Get(voice.HeaderSignature), got[0].body, h.clock.Now()); err != nil {
		t.Errorf("callback signature: %v", err)
	}
	m := asMap(t, got[0].body)
	call := m["call"].(map[string]any)
	if m["event"] != voice.EventCompleted || m["deliveryId"] != got[0].header.Get(voice.HeaderDelivery) || call["status"] != "completed" ||
		call["chargedUsd"] != 0.61 || call["refundedUsd"] != 0.44 || call["durationSeconds"] != 125.0 || call["summary"] != "The window is confirmed." {
		t.Errorf("callback body %s", got[0].body)
	}
	if _, leaked := call["accessToken"]; leaked {
		t.Error("the callback carries the access token")
	}
	view, err := h.svc.Call(h.ctx, v.CallID, voice.Caller{AccountID: h.acct})
	if err != nil {
		t.Fatal(err)
	}
	if view.Callback != voice.CallbackDelivered || *view.ChargedUSD != 0.61 || *view.RefundedUSD != 0.44 || view.CompletedAt == nil ||
		view.AnsweredAt == nil || view.DialedAt == nil || len(view.Transcript) != 1 || view.StructuredFacts["window"] != "10:00" {
		t.Errorf("final view %+v", view)
	}
	// A settlement or callback job run again (River's at-least-once)
	// changes nothing.
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobSettle, CallID: v.CallID}, 2, 20); err != nil {
		t.Fatal(err)
	}
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobCallback, CallID: v.CallID, Delivery: "dlv_x"}, 2, 10); err != nil {
		t.Fatal(err)
	}
	if got := h.credits(); got != before-610_000 || len(h.received()) != 1 {
		t.Errorf("a repeated job moved money (%s) or delivered again (%d)", got, len(h.received()))
	}
}

func contains(s, sub string) bool {
	return len(sub) > 0 && len(s) >= len(sub) && (s == sub || indexOf(s, sub) >= 0)
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// Events in every order, delivered twice: the call ends completed once,
// charged for its connected time once, with one settlement and one
// callback.
func TestEventsAnyOrderAndDuplicates(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 1))
	for round := range 12 {
		t.Run(fmt.Sprint(round), func(t *testing.T) {
			h := newHarness(t)
			v := h.mustPlace("req_order", callBody)
			h.runOK(voice.JobDial, v.CallID)
			pid := h.record(v.CallID).ProviderCallID
			events := []voice.Event{
				{ID: "r", ProviderCallID: pid, Status: voice.StatusRinging},
				{ID: "a", ProviderCallID: pid, Status: voice.StatusAnswered},
				{ID: "p", ProviderCallID: pid, Status: voice.StatusInProgress},
				{ID: "c", ProviderCallID: pid, Status: voice.StatusCompleted, ConnectedSeconds: 125},
			}
			events = append(events, events...) // each delivered twice
			rng.Shuffle(len(events), func(i, j int) { events[i], events[j] = events[j], events[i] })
			for _, e := range events {
				h.apply(e)
			}
			r := h.record(v.CallID)
			if r.Status != voice.StatusCompleted || r.ConnectedSeconds != 125 || r.FinalCharge != 610_000 {
				t.Fatalf("after %v: %+v", events, r)
			}
			if s, c := h.calls.count(voice.JobSettle, v.CallID), h.calls.count(voice.JobCallback, v.CallID); s != 1 || c != 1 {
				t.Errorf("%d settlements, %d callbacks queued; want one each", s, c)
			}
		})
	}
}

// Late, out-of-order and impossible events never move a call backwards
// or out of a terminal state.
func TestEventsNeverMoveBackwards(t *testing.T) {
	h := newHarness(t)
	v := h.mustPlace("req_back", callBody)
	h.runOK(voice.JobDial, v.CallID)
	pid := h.record(v.CallID).ProviderCallID
	h.apply(voice.Event{ID: "1", ProviderCallID: pid, Status: voice.StatusAnswered})
	h.apply(voice.Event{ID: "2", ProviderCallID: pid, Status: voice.StatusRinging}) // late
	if s := h.record(v.CallID).Status; s != voice.StatusAnswered {
		t.Fatalf("a late ringing moved the call to %s", s)
	}
	h.apply(voice.Event{ID: "3", ProviderCallID: pid, Status: voice.StatusBusy}) // impossible after answered: acknowledged, ignored
	if s := h.record(v.CallID).Status; s != voice.StatusAnswered {
		t.Fatalf("busy after answered moved the call to %s", s)
	}
	h.apply(voice.Event{ID: "4", ProviderCallID: pid, Status: voice.StatusCompleted, ConnectedSeconds: 30})
	h.apply(voice.Event{ID: "5", ProviderCallID: pid, Status: voice.StatusFailed})
	h.apply(voice.Event{ID: "6", ProviderCallID: pid, Status: voice.StatusInProgress})
	r := h.record(v.CallID)
	if r.Status != voice.StatusCompleted || r.ConnectedSeconds != 30 {
		t.Fatalf("after late events %+v", r)
	}
	// An end-of-call report after the status fills in what was missing,
	// without changing the charge.
	h.apply(voice.Event{ID: "7", ProviderCallID: pid, Status: voice.StatusCompleted, ConnectedSeconds: 99, Summary: "Done.",
		Transcript: []voice.TranscriptLine{{Speaker: "customer", Text: "Yes."}}})
	r = h.record(v.CallID)
	if r.Summary != "Done." || len(r.Transcript) != 1 || r.ConnectedSeconds != 30 || r.FinalCharge != Charge30 {
		t.Errorf("after the report %+v", r)
	}
	// An event for a call Dalil does not know is refused (the provider
	// may retry); an unknown status is refused.
	if err := h.svc.Apply(h.ctx, voice.Event{ID: "x", Provider: "fake", ProviderCallID: "nope", Status: voice.StatusRinging}); !errors.Is(err, voice.ErrUnknownCall) {
		t.Errorf("unknown call: %v", err)
	}
	if err := h.svc.Apply(h.ctx, voice.Event{ID: "y", Provider: "fake", ProviderCallID: pid, Status: "exploded"}); err == nil {
		t.Error("unknown status accepted")
	}
}

// Charge30 is 30 connected seconds of ai_call_agent: 0.30 + 0.075 → 0.38.
const Charge30 = 380_000

// A call whose request never committed its charge is never dialled: the
// dial job waits out the charge window, then ends it failed, not charged.
// A charge that commits after all is refunded in full by the settlement.
func TestChargeNotCommittedIsNeverDialled(t *testing.T) {
	h := newHarness(t)
	before := h.credits()
	v, err := h.place("ai_call_agent", h.acct, "req_unpaid", callBody)
	if err != nil {
		t.Fatal(err)
	}
	errs := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobDial, CallID: v.CallID}, 1, 5)
	var later *voice.Later
	if !errors.As(errs, &later) {
		t.Fatalf("dial before the charge committed: %v, want Later", errs)
	}
	h.clock.Advance(2 * time.Minute) // past the window
	h.runOK(voice.JobDial, v.CallID)
	if n := h.dialer.Total(); n != 0 {
		t.Fatalf("%d dials of an unpaid call", n)
	}
	r := h.record(v.CallID)
	if r.Status != voice.StatusFailed || r.Outcome != voice.OutcomeNotCharged || r.Number != "" {
		t.Fatalf("unpaid call %+v", r)
	}
	settle := h.calls.take(voice.JobSettle, v.CallID)
	if len(settle) != 1 || !settle[0].At.After(h.clock.Now()) {
		t.Fatalf("settlement %+v: want one, after the window", settle)
	}
	// The charge commits late after all (it could not, within the
	// window; the settlement covers it anyway).
	h.charge("req_unpaid", v)
	if err := h.svc.Work(h.ctx, settle[0], 1, 20); err != nil {
		t.Fatal(err)
	}
	if got := h.credits(); got != before {
		t.Errorf("credits = %s, want all refunded (%s)", got, before)
	}
	view, _ := h.svc.Call(h.ctx, v.CallID, voice.Caller{AccountID: h.acct})
	if view.ChargedUSD == nil || *view.ChargedUSD != 0 {
		t.Errorf("view %+v", view)
	}

	// With no charge at all, the settlement finds nothing to refund.
	v2, _ := h.place("ai_call_agent", h.acct, "req_unpaid2", callBody)
	h.clock.Advance(2 * time.Minute)
	h.runOK(voice.JobDial, v2.CallID)
	h.runOK(voice.JobSettle, v2.CallID)
	if r := h.record(v2.CallID); r.Settle != voice.SettleNotCharged || r.Refunded != 0 {
		t.Errorf("settlement of an uncharged call %+v", r)
	}
}

// A dial job that finds the call dialing without the provider's id (its
// process died between marking it and hearing back) ends it without
// dialling again, and the settlement refunds everything.
func TestRestartedDialNeverRedials(t *testing.T) {
	h := newHarness(t)
	before := h.credits()
	v := h.mustPlace("req_crash", callBody)
	// The first run marked the call dialing and died before Dial returned.
	if _, err := h.calls.Update(h.ctx, v.CallID, "", func(c *voice.Record) (voice.Effects, error) {
		c.Status, c.DialedAt = voice.StatusDialing, h.clock.Now()
		return voice.Effects{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	h.runOK(voice.JobDial, v.CallID) // River's rescue runs the job again
	if n := h.dialer.Total(); n != 0 {
		t.Fatalf("redialled (%d dials)", n)
	}
	r := h.record(v.CallID)
	if r.Status != voice.StatusFailed || r.Outcome != voice.OutcomeDialInterrupted || r.Number != "" {
		t.Fatalf("%+v", r)
	}
	h.runOK(voice.JobSettle, v.CallID)
	if got := h.credits(); got != before {
		t.Errorf("credits %s, want %s (refunded)", got, before)
	}
	// A dial job run again after a successful dial does nothing either.
	v2 := h.mustPlace("req_twice", callBody)
	j := voice.Job{Kind: voice.JobDial, CallID: v2.CallID}
	for range 3 {
		if err := h.svc.Work(h.ctx, j, 1, 5); err != nil {
			t.Fatal(err)
		}
	}
	if n := h.dialer.Dials(number); n != 1 {
		t.Errorf("%d dials for one call", n)
	}
}

// Provider errors: a transient one puts the call back to queued for the
// retry; a refusal, or the last attempt, ends it failed (refunded).
func TestDialProviderErrors(t *testing.T) {
	h := newHarness(t)
	fails := 1
	h.dialer.Err = func(d voice.Dial) error {
		if fails > 0 {
			fails--
			return errors.New("503 from the provider")
		}
		return nil
	}
	v := h.mustPlace("req_transient", callBody)
	j := voice.Job{Kind: voice.JobDial, CallID: v.CallID}
	if err := h.svc.Work(h.ctx, j, 1, 5); err == nil {
		t.Fatal("transient error not returned for a retry")
	}
	if r := h.record(v.CallID); r.Status != voice.StatusQueued || r.DialAttempts != 1 {
		t.Fatalf("after a transient error %+v", r)
	}
	if err := h.svc.Work(h.ctx, j, 2, 5); err != nil {
		t.Fatal(err)
	}
	if r := h.record(v.CallID); r.Status != voice.StatusDialing || r.ProviderCallID == "" || r.DialAttempts != 2 {
		t.Fatalf("after the retry %+v", r)
	}

	h.dialer.Err = func(voice.Dial) error { return fmt.Errorf("bad number: %w", voice.ErrRejected) }
	v2 := h.mustPlace("req_rejected", `{"phoneNumber":"+96892345678","objective":"Confirm tomorrow's delivery window."}`)
	h.runOK(voice.JobDial, v2.CallID)
	if r := h.record(v2.CallID); r.Status != voice.StatusFailed || r.Outcome != voice.OutcomeProviderRejected {
		t.Fatalf("rejected %+v", r)
	}
	h.dialer.Err = func(voice.Dial) error { return errors.New("timeout") }
	v3 := h.mustPlace("req_last", `{"phoneNumber":"+96893456789","objective":"Confirm tomorrow's delivery window."}`)
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobDial, CallID: v3.CallID}, 5, 5); err != nil {
		t.Fatal(err)
	}
	if r := h.record(v3.CallID); r.Status != voice.StatusFailed || r.Outcome != voice.OutcomeProviderError {
		t.Fatalf("last attempt %+v", r)
	}
}

// The safety gate runs again at dial time: an opt-out recorded after
// queueing, or the evening arriving, blocks the call.
func TestDialRechecksSafety(t *testing.T) {
	h := newHarness(t)
	v := h.mustPlace("req_dnc", callBody)
	if err := h.calls.AddDoNotCall(h.ctx, voice.HashNumber([]byte("number-secret"), number), "operator"); err != nil {
		t.Fatal(err)
	}
	h.runOK(voice.JobDial, v.CallID)
	if r := h.record(v.CallID); r.Status != voice.StatusBlocked || r.Outcome != voice.RuleDoNotCall || h.dialer.Total() != 0 {
		t.Fatalf("dnc at dial time %+v", r)
	}
	h.clock.Advance(8*time.Hour + 59*time.Minute) // 20:59 in Dubai
	v2 := h.mustPlace("req_late", `{"phoneNumber":"+971501234567","objective":"Confirm tomorrow's delivery window."}`)
	h.clock.Advance(2 * time.Minute) // 21:01
	h.runOK(voice.JobDial, v2.CallID)
	r := h.record(v2.CallID)
	if r.Status != voice.StatusBlocked || r.Outcome != voice.RuleHours || h.dialer.Total() != 0 {
		t.Fatalf("late dial %+v", r)
	}
	// A call not dialled within DialWithin is not dialled at all.
	h = newHarness(t)
	v3 := h.mustPlace("req_stale", `{"phoneNumber":"+96892345678","objective":"Confirm tomorrow's delivery window."}`)
	h.clock.Advance(voice.DialWithin + time.Second)
	h.runOK(voice.JobDial, v3.CallID)
	if r := h.record(v3.CallID); r.Status != voice.StatusFailed || r.Outcome != voice.OutcomeNotDialled {
		t.Fatalf("stale %+v", r)
	}
}

// An opt-out during the call puts the number on the do-not-call list;
// the next call to it is refused before queueing.
func TestOptOut(t *testing.T) {
	h := newHarness(t)
	v := h.mustPlace("req_optout", callBody)
	h.runOK(voice.JobDial, v.CallID)
	pid := h.record(v.CallID).ProviderCallID
	h.apply(voice.Event{ID: "a", ProviderCallID: pid, Status: voice.StatusAnswered})
	h.apply(voice.Event{ID: "o", ProviderCallID: pid, Status: voice.StatusInProgress, OptOut: true})
	_, err := h.place("ai_call_agent", h.acct, "req_again", callBody)
	if dalil.ErrorCode(err) != dalil.CodeDoNotCall {
		t.Errorf("call after opt-out: %v", err)
	}
}

// Cancel: a queued call is never dialled; a ringing one is hung up; one
// cancelled while the provider places it is hung up when Dial returns;
// an answered or ended call is 409.
func TestCancel(t *testing.T) {
	h := newHarness(t)
	before := h.credits()
	me := voice.Caller{AccountID: h.acct}
	v := h.mustPlace("req_c1", callBody)
	cv, err := h.svc.CancelCall(h.ctx, v.CallID, me)
	if err != nil || cv.Status != voice.StatusCancelled || cv.ChargedUSD == nil || *cv.ChargedUSD != 0 {
		t.Fatalf("cancel queued: %+v %v", cv, err)
	}
	h.runOK(voice.JobDial, v.CallID)
	h.runOK(voice.JobSettle, v.CallID)
	if h.dialer.Total() != 0 || h.credits() != before {
		t.Fatalf("cancelled call dialled (%d) or charged (%s)", h.dialer.Total(), before-h.credits())
	}
	if _, err := h.svc.CancelCall(h.ctx, v.CallID, me); dalil.ErrorCode(err) != dalil.CodeInvalidCallTransition {
		t.Errorf("cancel again: %v", err)
	}

	v2 := h.mustPlace("req_c2", `{"phoneNumber":"+96892345678","objective":"Confirm tomorrow's delivery window."}`)
	h.runOK(voice.JobDial, v2.CallID)
	pid := h.record(v2.CallID).ProviderCallID
	h.apply(voice.Event{ID: "r", ProviderCallID: pid, Status: voice.StatusRinging})
	if _, err := h.svc.CancelCall(h.ctx, v2.CallID, me); err != nil {
		t.Fatal(err)
	}
	if hs := h.dialer.Hangups(); len(hs) != 1 || hs[0] != pid {
		t.Errorf("hang-ups %v, want [%s]", hs, pid)
	}

	v3 := h.mustPlace("req_c3", `{"phoneNumber":"+96893456789","objective":"Confirm tomorrow's delivery window."}`)
	h.dialer.Hook = func(d voice.Dial) {
		if d.CallID == v3.CallID {
			if _, err := h.svc.CancelCall(h.ctx, v3.CallID, me); err != nil {
				t.Errorf("cancel while dialling: %v", err)
			}
		}
	}
	h.runOK(voice.JobDial, v3.CallID)
	h.dialer.Hook = nil
	if r := h.record(v3.CallID); r.Status != voice.StatusCancelled || r.ProviderCallID == "" {
		t.Fatalf("cancelled while dialling %+v", r)
	}
	if hs := h.dialer.Hangups(); len(hs) != 2 {
		t.Errorf("hang-ups %v: the call placed after its cancel must be hung up", hs)
	}

	v4 := h.mustPlace("req_c4", `{"phoneNumber":"+96894567890","objective":"Confirm tomorrow's delivery window."}`)
	h.runOK(voice.JobDial, v4.CallID)
	h.apply(voice.Event{ID: "a", CallID: v4.CallID, Status: voice.StatusAnswered})
	if _, err := h.svc.CancelCall(h.ctx, v4.CallID, me); dalil.ErrorCode(err) != dalil.CodeInvalidCallTransition {
		t.Errorf("cancel answered: %v", err)
	}
}

// Only the owning account, or the pay-per-call payer with the call's
// token, sees a call; anyone else gets 404 for it. The routes are the
// capability's operations.
func TestOwnershipAndRoutes(t *testing.T) {
	h := newHarness(t)
	mine := h.mustPlace("req_own", callBody)
	other, err := h.store.CreateAccount(h.ctx, "other", "free", dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	payg, err := h.place("voice_lead_qualifier", "", "req_payg", `{"phoneNumber":"+96892345678","criteria":{"minimumBudget":5000}}`)
	if err != nil {
		t.Fatal(err)
	}
	if payg.AccessToken == "" || payg.CallbackSecret != "" {
		t.Fatalf("pay-per-call 202 %+v", payg)
	}
	ops := map[string]capability.Operation{}
	for _, e := range voice.Entries(h.deps) {
		for _, op := range e.Operations {
			ops[op.ID] = op
		}
	}
	if len(ops) != 4 || !ops["get_voice_call"].Public || !ops["get_call"].Public || !ops["cancel_voice_call"].Public || ops["list_voice_calls"].Public ||
		ops["get_call"].Path != "/api/v1/calls/{id}" {
		t.Fatalf("operations %v", ops)
	}
	// The reference service's poll path answers as Dalil's own.
	route := "get_voice_call"
	get := func(id string, c capability.Call) (any, error) {
		c.Params = map[string]string{"id": id}
		return ops[route].Run(capability.WithCall(h.ctx, c))
	}
	if a, err := get(mine.CallID, capability.Call{AccountID: h.acct}); err != nil {
		t.Fatal(err)
	} else {
		route = "get_call"
		b, err := get(mine.CallID, capability.Call{AccountID: h.acct})
		if err != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("reference path: %+v, %v; want %+v", b, err, a)
		}
		if _, err := get(mine.CallID, capability.Call{AccountID: other.ID}); dalil.ErrorCode(err) != dalil.CodeNotFound {
			t.Fatalf("reference path, another account: %v", err)
		}
		route = "get_voice_call"
	}
	for _, c := range []struct {
		name   string
		id     string
		call   capability.Call
		wantOK bool
	}{
		{"owner", mine.CallID, capability.Call{AccountID: h.acct}, true},
		{"another account", mine.CallID, capability.Call{AccountID: other.ID}, false},
		{"a token for an account's call", mine.CallID, capability.Call{Token: payg.AccessToken}, false},
		{"nobody", mine.CallID, capability.Call{}, false},
		{"no such call", "call_nope", capability.Call{AccountID: h.acct}, false},
		{"payg with its token", payg.CallID, capability.Call{Token: payg.AccessToken}, true},
		{"payg with a wrong token", payg.CallID, capability.Call{Token: "ct_wrong"}, false},
		{"an account on a payg call", payg.CallID, capability.Call{AccountID: h.acct}, false},
	} {
		out, err := get(c.id, c.call)
		if c.wantOK != (err == nil) || (!c.wantOK && dalil.ErrorCode(err) != dalil.CodeNotFound) {
			t.Errorf("%s: %v", c.name, err)
		}
		if c.wantOK && out.(voice.View).AccessToken != "" {
			t.Errorf("%s: GET shows the access token", c.name)
		}
	}
	// The token also cancels its call.
	out, err := ops["cancel_voice_call"].Run(capability.WithCall(h.ctx, capability.Call{Token: payg.AccessToken, Params: map[string]string{"id": payg.CallID}}))
	if err != nil || out.(voice.View).Status != voice.StatusCancelled {
		t.Errorf("cancel with token: %v %v", out, err)
	}
	if _, err := ops["cancel_voice_call"].Run(capability.WithCall(h.ctx, capability.Call{AccountID: other.ID, Params: map[string]string{"id": mine.CallID}})); dalil.ErrorCode(err) != dalil.CodeNotFound {
		t.Errorf("another account cancels: %v", err)
	}

	// The list: the account's calls, newest first, paged.
	var ids []string
	for i := range 4 {
		h.clock.Advance(time.Second)
		v := h.mustPlace(fmt.Sprintf("req_list_%d", i), fmt.Sprintf(`{"phoneNumber":"+9689%07d","objective":"Confirm tomorrow's delivery window."}`, 1111111+i*1111))
		ids = append([]string{v.CallID}, ids...)
	}
	ids = append(ids, mine.CallID)
	list := func(params map[string]string) (voice.Page, error) {
		out, err := ops["list_voice_calls"].Run(capability.WithCall(h.ctx, capability.Call{AccountID: h.acct, Params: params}))
		if err != nil {
			return voice.Page{}, err
		}
		return out.(voice.Page), nil
	}
	var seen []string
	params := map[string]string{"limit": "2"}
	for {
		p, err := list(params)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range p.Calls {
			seen = append(seen, c.CallID)
		}
		if p.NextCursor == nil {
			break
		}
		params = map[string]string{"limit": "2", "before": *p.NextCursor}
	}
	if fmt.Sprint(seen) != fmt.Sprint(ids) {
		t.Errorf("listed %v, want %v", seen, ids)
	}
	if _, err := list(map[string]string{"limit": "0"}); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
		t.Errorf("limit 0: %v", err)
	}
	out, err = ops["list_voice_calls"].Run(capability.WithCall(h.ctx, capability.Call{AccountID: other.ID, Params: map[string]string{}}))
	if err != nil || len(out.(voice.Page).Calls) != 0 {
		t.Errorf("another account's list: %v %v", out, err)
	}
}

// A pay-per-call payer paid the maximum with a settled credential: the
// call is dialled once that claim is settled, and the settlement records
// that nothing can be refunded on the rail.
func TestPayPerCall(t *testing.T) {
	h := newHarness(t)
	v, err := h.place("ai_call_agent", "", "req_x402", callBody)
	if err != nil {
		t.Fatal(err)
	}
	claim := dalil.Claim{CredentialID: "x402:nonce1", Rail: dalil.RailX402, Tool: "ai_call_agent", Amount: 1_050_000, RequestID: "req_x402", ExpiresAt: noon.Add(time.Hour)}
	if err := h.store.ClaimCredential(h.ctx, claim); err != nil {
		t.Fatal(err)
	}
	var later *voice.Later
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobDial, CallID: v.CallID}, 1, 5); !errors.As(err, &later) {
		t.Fatalf("dial with the claim not settled: %v", err)
	}
	if err := h.store.SettleCredential(h.ctx, claim.CredentialID); err != nil {
		t.Fatal(err)
	}
	h.runOK(voice.JobDial, v.CallID)
	if h.dialer.Total() != 1 {
		t.Fatalf("%d dials", h.dialer.Total())
	}
	h.apply(voice.Event{ID: "n", CallID: v.CallID, Status: voice.StatusNoAnswer})
	h.runOK(voice.JobSettle, v.CallID)
	view, err := h.svc.Call(h.ctx, v.CallID, voice.Caller{Token: v.AccessToken})
	if err != nil {
		t.Fatal(err)
	}
	if view.ChargedUSD == nil || *view.ChargedUSD != 1.05 || view.RefundedUSD != nil || !contains(view.Billing, "cannot refund") {
		t.Errorf("pay-per-call view %+v", view)
	}
	if _, err := h.svc.Calls(h.ctx, voice.Caller{Token: v.AccessToken}, "", 10); dalil.ErrorCode(err) != dalil.CodeUnauthorized {
		t.Errorf("list with a token: %v", err)
	}
}

// The watchdog closes a call whose end the provider never reported:
// never answered → failed, nothing charged; answered → completed at the
// maximum, and the provider is told to hang up.
func TestWatchdog(t *testing.T) {
	h := newHarness(t)
	before := h.credits()
	v := h.mustPlace("req_w1", callBody)
	h.runOK(voice.JobDial, v.CallID)
	expire := h.calls.take(voice.JobExpire, v.CallID)
	if len(expire) != 1 || expire[0].At.Before(noon.Add(5*time.Minute+voice.DialWithin)) {
		t.Fatalf("watchdog %+v", expire)
	}
	h.clock.Advance(expire[0].At.Sub(h.clock.Now()))
	if err := h.svc.Work(h.ctx, expire[0], 1, 10); err != nil {
		t.Fatal(err)
	}
	if r := h.record(v.CallID); r.Status != voice.StatusFailed || r.Outcome != voice.OutcomeNoEndReport || r.FinalCharge != 0 {
		t.Fatalf("expired unanswered %+v", r)
	}
	h.runOK(voice.JobSettle, v.CallID)
	if h.credits() != before {
		t.Errorf("credits %s, want %s", h.credits(), before)
	}

	v2 := h.mustPlace("req_w2", `{"phoneNumber":"+96892345678","objective":"Confirm tomorrow's delivery window."}`)
	h.runOK(voice.JobDial, v2.CallID)
	h.apply(voice.Event{ID: "a", CallID: v2.CallID, Status: voice.StatusAnswered})
	h.clock.Advance(time.Hour)
	h.runOK(voice.JobExpire, v2.CallID)
	if r := h.record(v2.CallID); r.Status != voice.StatusCompleted || r.Outcome != voice.OutcomeNoEndReport || r.FinalCharge != 1_050_000 {
		t.Fatalf("expired answered %+v", r)
	}
	if len(h.dialer.Hangups()) != 2 {
		t.Errorf("hang-ups %v", h.dialer.Hangups())
	}
	if err := h.svc.Work(h.ctx, expire[0], 2, 10); err != nil { // run again: a no-op
		t.Fatal(err)
	}
	if r := h.record(v.CallID); r.Status != voice.StatusFailed || r.Settle != voice.SettleDone {
		t.Errorf("after a second run %+v", r)
	}
}

// The qualifier's facts become its lead score.
func TestLeadScoreFromFacts(t *testing.T) {
	h := newHarness(t)
	v, err := h.place("voice_lead_qualifier", h.acct, "req_lead", `{"phoneNumber":"+96892345678","criteria":{"minimumBudget":5000,"decisionMakerRequired":true}}`)
	if err != nil {
		t.Fatal(err)
	}
	h.charge("req_lead", v)
	h.runOK(voice.JobDial, v.CallID)
	h.apply(voice.Event{ID: "c", CallID: v.CallID, Status: voice.StatusCompleted, ConnectedSeconds: 200,
		Facts: map[string]any{"interest": "high", "businessNeed": true, "productRequested": true, "budget": 8000.0, "timelineDays": 20.0, "decisionMaker": true}})
	view, _ := h.svc.Call(h.ctx, v.CallID, voice.Caller{AccountID: h.acct})
	if view.Lead == nil || view.Lead.Score != 100 || view.Lead.Status != "qualified" || view.NextAction == nil || *view.NextAction != "schedule_sales_demo" {
		t.Errorf("lead %+v", view.Lead)
	}
	// A budget in another currency than the criteria's (USD by default)
	// earns no budget points: Dalil converts none.
	v, err = h.place("voice_lead_qualifier", h.acct, "req_lead_aed", `{"phoneNumber":"+96892345679","criteria":{"minimumBudget":5000}}`)
	if err != nil {
		t.Fatal(err)
	}
	h.charge("req_lead_aed", v)
	h.runOK(voice.JobDial, v.CallID)
	h.apply(voice.Event{ID: "c2", CallID: v.CallID, Status: voice.StatusCompleted, ConnectedSeconds: 200,
		Facts: map[string]any{"interest": "high", "businessNeed": true, "budget": 8000.0, "currency": "aed", "timelineDays": 20.0}})
	if view, _ := h.svc.Call(h.ctx, v.CallID, voice.Caller{AccountID: h.acct}); view.Lead == nil || view.Lead.Score != 60 || view.Lead.Status != "needs_review" {
		t.Errorf("lead with a budget in AED %+v", view.Lead)
	}
}

// A refused callback URL is a 400 before anything is queued or charged.
func TestCallbackURLCheckedAtPlacement(t *testing.T) {
	h := newHarness(t)
	for _, u := range []string{"http://" + hooksHost + "/x", "https://127.0.0.1/x", "https://[::1]/x", "https://localhost/x", "https://user:pw@" + hooksHost + "/x", "ftp://" + hooksHost + "/x"} {
		_, err := h.place("ai_call_agent", h.acct, "req_bad_cb", `{"phoneNumber":"`+number+`","objective":"Confirm tomorrow's delivery window.","callbackUrl":"`+u+`"}`)
		if dalil.ErrorCode(err) != dalil.CodeInvalidInput {
			t.Errorf("%s: %v", u, err)
		}
	}
	if _, err := h.calls.List(h.ctx, h.acct, "", 10); err != nil {
		t.Fatal(err)
	}
	if rs, _ := h.calls.List(h.ctx, h.acct, "", 10); len(rs) != 0 {
		t.Errorf("%d calls queued", len(rs))
	}
}

// Callback delivery: retried with the same delivery id until a 2xx; given
// up at the last attempt; never retried (and never sent) when the host
// turns out to resolve to a private address.
func TestCallbackRetriesAndSSRF(t *testing.T) {
	h := newHarness(t)
	v := h.mustPlace("req_cb", callBody)
	h.runOK(voice.JobDial, v.CallID)
	h.apply(voice.Event{ID: "n", CallID: v.CallID, Status: voice.StatusBusy})
	jobs := h.calls.take(voice.JobCallback, v.CallID)
	if len(jobs) != 1 {
		t.Fatalf("callback jobs %v", jobs)
	}
	h.statuses = []int{http.StatusInternalServerError, http.StatusBadGateway}
	for attempt := 1; attempt <= 3; attempt++ {
		err := h.svc.Work(h.ctx, jobs[0], attempt, 10)
		if (attempt < 3) != (err != nil) {
			t.Fatalf("attempt %d: %v", attempt, err)
		}
		h.clock.Advance(time.Minute)
	}
	got := h.received()
	if len(got) != 3 {
		t.Fatalf("%d deliveries", len(got))
	}
	for _, g := range got {
		if g.header.Get(voice.HeaderDelivery) != jobs[0].Delivery || g.header.Get(voice.HeaderEvent) != voice.EventCompleted || g.header.Get("Content-Type") != "application/json" {
			t.Errorf("headers %v", g.header)
		}
		if err := voice.VerifyCallback(v.CallbackSecret, g.header.Get(voice.HeaderSignature), g.body, h.clock.Now()); err != nil {
			t.Errorf("signature: %v", err)
		}
	}
	if r := h.record(v.CallID); r.Callback != voice.CallbackDelivered {
		t.Errorf("callback state %q", r.Callback)
	}

	// Given up at the last attempt.
	v2 := h.mustPlace("req_cb2", `{"phoneNumber":"+96892345678","objective":"Confirm tomorrow's delivery window.","callbackUrl":"https://`+hooksHost+`/x"}`)
	h.runOK(voice.JobDial, v2.CallID)
	h.apply(voice.Event{ID: "b", CallID: v2.CallID, Status: voice.StatusBusy})
	j2 := h.calls.take(voice.JobCallback, v2.CallID)[0]
	h.statuses = []int{500, 500}
	if err := h.svc.Work(h.ctx, j2, 9, 10); err == nil {
		t.Fatal("attempt 9 of 10 not retried")
	}
	if err := h.svc.Work(h.ctx, j2, 10, 10); err != nil {
		t.Fatalf("last attempt: %v", err)
	}
	if r := h.record(v2.CallID); r.Callback != voice.CallbackFailed {
		t.Errorf("callback state %q, want failed", r.Callback)
	}

	// DNS now points the host at a private address: refused at connect
	// time, not retried, nothing sent.
	v3 := h.mustPlace("req_cb3", `{"phoneNumber":"+96893456789","objective":"Confirm tomorrow's delivery window.","callbackUrl":"https://rebind.test.example/x"}`)
	h.runOK(voice.JobDial, v3.CallID)
	h.apply(voice.Event{ID: "b3", CallID: v3.CallID, Status: voice.StatusBusy})
	if r := h.record(v3.CallID); r.Status != voice.StatusBusy {
		t.Fatalf("%+v", r)
	}
	n := len(h.received())
	h.hooks.Resolve("rebind.test.example", "169.254.169.254")
	if err := h.svc.Work(h.ctx, h.calls.take(voice.JobCallback, v3.CallID)[0], 1, 10); err != nil {
		t.Fatalf("refused URL retried: %v", err)
	}
	if r := h.record(v3.CallID); r.Callback != voice.CallbackFailed || len(h.received()) != n {
		t.Errorf("callback state %q, %d sent", r.Callback, len(h.received())-n)
	}
}

// VerifyCallback: the receiver's check.
func TestVerifyCallback(t *testing.T) {
	body := []byte(`{"event":"call.completed"}`)
	now := noon
	sig := voice.SignCallback("whsec_k", now, body)
	for _, c := range []struct {
		name, secret, header string
		body                 []byte
		at                   time.Time
		ok                   bool
	}{
		{"good", "whsec_k", sig, body, now, true},
		{"four minutes later", "whsec_k", sig, body, now.Add(4 * time.Minute), true},
		{"replayed later", "whsec_k", sig, body, now.Add(6 * time.Minute), false},
		{"tampered body", "whsec_k", sig, []byte(`{"event":"call.completed "}`), now, false},
		{"wrong secret", "whsec_j", sig, body, now, false},
		{"no header", "whsec_k", "", body, now, false},
		{"garbage", "whsec_k", "t=x,v1=zz", body, now, false},
	} {
		if err := voice.VerifyCallback(c.secret, c.header, c.body, c.at); (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// markDialing is a dial attempt that died after marking the call dialing
// (kill -9): the provider's id was never recorded.
func (h *harness) markDialing(id string) {
	h.t.Helper()
	if _, err := h.calls.Update(h.ctx, id, "", func(c *voice.Record) (voice.Effects, error) {
		c.Status, c.DialedAt, c.Provider, c.DialAttempts = voice.StatusDialing, h.clock.Now(), "fake", 1
		return voice.Effects{}, nil
	}); err != nil {
		h.t.Fatal(err)
	}
}

// With a provider that can look its calls up (voice.Finder), a dial job
// run again on a call left dialing asks it first: a call it placed is
// recorded and never placed again; one it never placed is dialled once.
func TestInterruptedDialLooksUp(t *testing.T) {
	h := newHarness(t)
	finder := h.dialer.Finding()
	h.useDialer(finder)

	// The dead process's request reached the provider: placed, not recorded.
	v := h.mustPlace("req_placed", callBody)
	h.markDialing(v.CallID)
	pid, err := h.dialer.Dial(h.ctx, voice.Dial{CallID: v.CallID, To: number})
	if err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(30 * time.Second) // River rescues the job
	h.runOK(voice.JobDial, v.CallID)
	if n := h.dialer.Dials(number); n != 1 {
		t.Fatalf("%d dials, want the one placed before the restart", n)
	}
	r := h.record(v.CallID)
	if r.Status != voice.StatusDialing || r.ProviderCallID != pid || r.DialAttempts != 1 {
		t.Fatalf("after the lookup %+v", r)
	}
	// Its events drive it as usual.
	h.apply(voice.Event{ID: "c", ProviderCallID: pid, Status: voice.StatusCompleted, ConnectedSeconds: 125})
	if r := h.record(v.CallID); r.Status != voice.StatusCompleted || r.FinalCharge != 610_000 {
		t.Fatalf("completed %+v", r)
	}

	// The dead process never reached the provider: dialled now, once.
	other := "+96892345678"
	v2 := h.mustPlace("req_unplaced", `{"phoneNumber":"`+other+`","objective":"Confirm tomorrow's delivery window."}`)
	h.markDialing(v2.CallID)
	marked := h.clock.Now()
	h.clock.Advance(30 * time.Second)
	h.runOK(voice.JobDial, v2.CallID)
	r = h.record(v2.CallID)
	if n := h.dialer.Dials(other); n != 1 || r.Status != voice.StatusDialing || r.ProviderCallID == "" || r.DialAttempts != 2 {
		t.Fatalf("%d dials; %+v", n, r)
	}
	if !r.DialedAt.Equal(marked) {
		t.Errorf("dialedAt %s moved: the first attempt's bounds the lookup", r.DialedAt)
	}
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobDial, CallID: v2.CallID}, 2, 5); err != nil { // once more: a no-op
		t.Fatal(err)
	}
	if n := h.dialer.Dials(other); n != 1 {
		t.Errorf("%d dials after a repeated job", n)
	}

	// The provider cannot be asked: the job fails and is retried; on its
	// last attempt the call ends failed (refunded), never redialled.
	third := "+96893456789"
	v3 := h.mustPlace("req_unknown", `{"phoneNumber":"`+third+`","objective":"Confirm tomorrow's delivery window."}`)
	h.markDialing(v3.CallID)
	h.dialer.FindErr = errors.New("lookup: 503")
	j := voice.Job{Kind: voice.JobDial, CallID: v3.CallID}
	if err := h.svc.Work(h.ctx, j, 1, 5); err == nil {
		t.Fatal("a failed lookup was not retried")
	}
	if err := h.svc.Work(h.ctx, j, 5, 5); err != nil {
		t.Fatal(err)
	}
	if r := h.record(v3.CallID); h.dialer.Dials(third) != 0 || r.Status != voice.StatusFailed || r.Outcome != voice.OutcomeDialInterrupted {
		t.Fatalf("%d dials; %+v", h.dialer.Dials(third), r)
	}
}

// A dial whose answer is lost (the provider placed the call but the
// answer timed out) is looked up at once and recorded; when the lookup
// fails too, the call stays dialing and the retry looks again before
// dialling: one call placed either way.
func TestAmbiguousDialIsNotRedialled(t *testing.T) {
	h := newHarness(t)
	h.useDialer(h.dialer.Finding())
	lose := 1
	h.dialer.Lose = func(voice.Dial) bool { lose--; return lose >= 0 }
	v := h.mustPlace("req_lost", callBody)
	h.runOK(voice.JobDial, v.CallID)
	if r := h.record(v.CallID); h.dialer.Dials(number) != 1 || r.ProviderCallID != "fake-1" || r.Status != voice.StatusDialing {
		t.Fatalf("%d dials; %+v", h.dialer.Dials(number), r)
	}

	other := "+96892345678"
	lose = 1
	h.dialer.FindErr = errors.New("lookup: timeout")
	v2 := h.mustPlace("req_lost2", `{"phoneNumber":"`+other+`","objective":"Confirm tomorrow's delivery window."}`)
	j := voice.Job{Kind: voice.JobDial, CallID: v2.CallID}
	if err := h.svc.Work(h.ctx, j, 1, 5); !errors.Is(err, voicetest.ErrLost) {
		t.Fatalf("lost answer: %v, want it returned for a retry", err)
	}
	if r := h.record(v2.CallID); r.Status != voice.StatusDialing || r.ProviderCallID != "" {
		t.Fatalf("after a lost answer %+v: want dialing, unknown", r)
	}
	h.dialer.FindErr = nil
	if err := h.svc.Work(h.ctx, j, 2, 5); err != nil {
		t.Fatal(err)
	}
	if r := h.record(v2.CallID); h.dialer.Dials(other) != 1 || r.ProviderCallID == "" {
		t.Fatalf("%d dials; %+v", h.dialer.Dials(other), r)
	}
}

// With ChargeWait, the dial job waits in place for a charge that commits
// a moment after the call was queued (as the 202 is written), instead of
// asking to run again later.
func TestDialWaitsForTheCharge(t *testing.T) {
	h := newHarness(t)
	h.cfg.ChargeWait = 5 * time.Second
	h.useDialer(h.dialer)
	v, err := h.place("ai_call_agent", h.acct, "req_wait", callBody)
	if err != nil {
		t.Fatal(err)
	}
	charged := make(chan error, 1)
	go func() {
		time.Sleep(200 * time.Millisecond)
		_, err := h.store.Charge(h.ctx, dalil.ChargeRequest{AccountID: h.acct, Tool: "ai_call_agent", Price: 1_050_000, RequestID: "req_wait", Method: dalil.MethodCredits})
		charged <- err
	}()
	if err := h.svc.Work(h.ctx, voice.Job{Kind: voice.JobDial, CallID: v.CallID}, 1, 5); err != nil {
		t.Fatalf("dial: %v, want it placed once the charge committed", err)
	}
	if err := <-charged; err != nil {
		t.Fatal(err)
	}
	if n := h.dialer.Dials(number); n != 1 {
		t.Errorf("%d dials", n)
	}
}
