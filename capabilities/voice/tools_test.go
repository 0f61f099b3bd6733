package voice_test

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/capabilities/voice/converse"
)

// withToolRules rebuilds the service with the conversation tools' rules,
// as cmd/dalil wires it.
func (h *harness) withToolRules() {
	h.cfg.ToolRules = converse.Rules{}
	h.svc = voice.NewService(h.cfg)
	h.deps.Queue, h.deps.Calls = h.svc, h.svc
}

func toolCall(id, name, input string) voice.ToolCall {
	return voice.ToolCall{ID: id, Name: name, Input: json.RawMessage(input)}
}

// answered places a call of capability with body, dials it and plays it
// to answered; it returns the call id and the provider's id.
func (h *harness) answered(capability, reqID, body string) (string, string) {
	h.t.Helper()
	v, err := h.place(capability, h.acct, reqID, body)
	if err != nil {
		h.t.Fatal(err)
	}
	h.charge(reqID, v)
	h.runOK(voice.JobDial, v.CallID)
	pid := h.record(v.CallID).ProviderCallID
	h.apply(voice.Event{ID: reqID + "-answered", ProviderCallID: pid, Status: voice.StatusAnswered})
	return v.CallID, pid
}

// TestToolCallsRecorded: a provider's tool calls are judged by the
// conversation rules and recorded with the call as they come; a
// redelivered call is answered as before and recorded once; the end of
// the call closes the tally; afterwards nothing more is recorded.
func TestToolCallsRecorded(t *testing.T) {
	h := newHarness(t)
	h.withToolRules()
	id, pid := h.answered("appointment_call_agent", "req_appt",
		`{"phoneNumber":"`+number+`","action":"book","availableSlots":["2026-12-01T10:00:00+04:00"]}`)

	bad := toolCall("tc_1", "appointment", `{"status":"agreed","slot":"2099-01-01T10:00:00Z"}`)
	a, err := h.svc.ToolCalls(h.ctx, id, "fake", pid, []voice.ToolCall{bad})
	if err != nil || len(a) != 1 || a[0].Error == "" || a[0].End {
		t.Fatalf("a slot not offered: %+v, %v", a, err)
	}
	if r := h.record(id); r.Outcome != "" || len(r.ToolCalls) != 1 || r.ToolCalls[0].Error == "" {
		t.Fatalf("after a refused call: outcome %q, calls %+v", r.Outcome, r.ToolCalls)
	}
	good := toolCall("tc_2", "appointment", `{"status":"agreed","slot":"2026-12-01T10:00:00+04:00"}`)
	end := toolCall("tc_3", "end_call", `{"reason":"objective_reached"}`)
	a, err = h.svc.ToolCalls(h.ctx, "", "fake", pid, []voice.ToolCall{good, end}) // found by the provider's id
	if err != nil || a[0].Error != "" || a[0].End || !a[1].End || a[1].Closing != "Thank you for your time. Goodbye." {
		t.Fatalf("agreed and ended: %+v, %v", a, err)
	}
	r := h.record(id)
	appt, _ := r.Facts["appointment"].(map[string]any)
	if r.Outcome != "appointment_agreed" || r.Facts["nextAction"] != "send_confirmation" || appt["slot"] != "2026-12-01T10:00:00+04:00" || len(r.ToolCalls) != 3 {
		t.Fatalf("live record: %q %v %d calls", r.Outcome, r.Facts, len(r.ToolCalls))
	}
	// Redelivery: the same answers, nothing recorded twice.
	again, err := h.svc.ToolCalls(h.ctx, id, "fake", pid, []voice.ToolCall{bad, good})
	if err != nil || again[0].Error == "" || again[1].Error != "" || len(h.record(id).ToolCalls) != 3 {
		t.Fatalf("redelivery: %+v, %v, %d calls", again, err, len(h.record(id).ToolCalls))
	}
	// Not this provider's call, another provider id, an unknown call.
	for _, c := range []struct{ id, provider, pid string }{{id, "other", pid}, {id, "fake", "fake-999"}, {"call_nope", "fake", pid}, {"", "fake", "fake-999"}} {
		if _, err := h.svc.ToolCalls(h.ctx, c.id, c.provider, c.pid, []voice.ToolCall{good}); !errors.Is(err, voice.ErrUnknownCall) {
			t.Errorf("%+v: %v, want ErrUnknownCall", c, err)
		}
	}
	// The end of the call: the tally with how it ended; the outcome stays
	// the tools', whatever the provider's own reason.
	h.clock.Advance(time.Minute)
	h.apply(voice.Event{ID: "end", ProviderCallID: pid, Status: voice.StatusCompleted, ConnectedSeconds: 60,
		Outcome: "customer-ended-call", EndedBy: "callee_hung_up", Summary: "prose from the provider", Facts: map[string]any{"outcome": "booked 2099"}})
	r = h.record(id)
	if r.Status != voice.StatusCompleted || r.Outcome != "appointment_agreed" || r.Summary != "Appointment agreed for 2026-12-01T10:00:00+04:00." ||
		r.Facts["endedReason"] != "customer-ended-call" || r.Facts["outcome"] != nil {
		t.Fatalf("ended: %q %q %v", r.Outcome, r.Summary, r.Facts)
	}
	late, err := h.svc.ToolCalls(h.ctx, id, "fake", pid, []voice.ToolCall{toolCall("tc_9", "opt_out", `{}`), good})
	if err != nil || late[0].Error == "" || late[1].Error != "" || len(h.record(id).ToolCalls) != 3 {
		t.Fatalf("after the end: %+v, %v", late, err)
	}
	if h.record(id).Outcome != "appointment_agreed" {
		t.Error("a tool call after the end changed the outcome")
	}
}

// TestToolCallOptOut: opt_out puts the number on the do-not-call list at
// once, while the call is still live, and the answer ends the call.
func TestToolCallOptOut(t *testing.T) {
	h := newHarness(t)
	h.withToolRules()
	id, pid := h.answered("ai_call_agent", "req_opt", callBody)
	a, err := h.svc.ToolCalls(h.ctx, id, "fake", pid, []voice.ToolCall{toolCall("tc_1", "opt_out", `{}`)})
	if err != nil || !a[0].End || a[0].Closing != "Understood. We will not call this number again. Goodbye." {
		t.Fatalf("opt-out: %+v, %v", a, err)
	}
	if r := h.record(id); r.Status.Terminal() || r.Outcome != "opted_out" {
		t.Fatalf("record %s %q", r.Status, r.Outcome)
	}
	if _, err := h.place("ai_call_agent", h.acct, "req_again", callBody); dalil.ErrorCode(err) != dalil.CodeDoNotCall {
		t.Errorf("a call to the opted-out number: %v", err)
	}
}

// TestToolsNoneCalled: a conversation that recorded nothing ends with an
// honest outcome and no lead score; without rules a tool call fails.
func TestToolsNoneCalled(t *testing.T) {
	h := newHarness(t)
	if _, err := h.svc.ToolCalls(h.ctx, "call_x", "fake", "fake-1", nil); err == nil || errors.Is(err, voice.ErrUnknownCall) {
		t.Errorf("without rules: %v", err)
	}
	h.withToolRules()
	id, pid := h.answered("voice_lead_qualifier", "req_lead", `{"phoneNumber":"`+number+`","criteria":{"minimumBudget":5000}}`)
	h.apply(voice.Event{ID: "end", ProviderCallID: pid, Status: voice.StatusCompleted, ConnectedSeconds: 40, Outcome: "customer-ended-call", EndedBy: "callee_hung_up"})
	r := h.record(id)
	if r.Outcome != "callee_hung_up" || r.Lead != nil || r.Facts["nextAction"] != "human_follow_up" {
		t.Fatalf("record %q %v %+v", r.Outcome, r.Facts, r.Lead)
	}
}
