package voice_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"dalil"
	"dalil/capabilities/voice"
)

// withCaps rebuilds the harness's service and ports with the operator's
// daily caps (cmd/dalil wires the same Policy into both).
func (h *harness) withCaps(perPayer, perNumber int) {
	h.cfg.Policy.AccountPerDay, h.cfg.Policy.NumberPerDay = perPayer, perNumber
	h.deps.Policy = h.cfg.Policy
	h.svc = voice.NewService(h.cfg)
	h.deps.Queue, h.deps.Calls = h.svc, h.svc
}

// capRefusal is err as the cap refusal it must be: 403 CALL_NOT_ALLOWED
// naming rule and the configured limit.
func capRefusal(t *testing.T, err error, rule string, limit int) {
	t.Helper()
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != voice.CodeCallNotAllowed || voice.RuleOf(de) != rule {
		t.Fatalf("refusal %v, want CALL_NOT_ALLOWED %s", err, rule)
	}
	if got := de.Details.(map[string]any)["limit"]; got != limit {
		t.Errorf("details.limit = %v, want %d", got, limit)
	}
	if !strings.Contains(de.Message, "the limit is "+strconv.Itoa(limit)+" a ") || !strings.HasSuffix(de.Message, "Nothing was charged.") {
		t.Errorf("message %q does not name the limit %d", de.Message, limit)
	}
}

// With the operator's caps of 1 call a number and 2 a payer: the second
// call to a number is refused before anything is queued (nothing held,
// nothing dialled), the first is still dialled (the dial-time gate does
// not count the call itself), another number is called, and the payer's
// third call is refused by the payer's cap.
func TestConfiguredDailyCaps(t *testing.T) {
	h := newHarness(t)
	h.withCaps(2, 1)
	before := h.credits()
	v := h.mustPlace("req_cap1", bodyTo(number))
	held := h.credits()
	if held != before-1_050_000 {
		t.Fatalf("credits after the first call %s, want the maximum held", held)
	}

	_, err := h.place("ai_call_agent", h.acct, "req_cap2", bodyTo(number))
	capRefusal(t, err, voice.RuleNumberCap, 1)
	if got := h.credits(); got != held {
		t.Errorf("credits after the refusal %s, want %s", got, held)
	}
	page, err := h.svc.Calls(h.ctx, voice.Caller{AccountID: h.acct}, "", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Calls) != 1 || page.Calls[0].CallID != v.CallID {
		t.Errorf("calls after the refusal: %+v, want only the first", page.Calls)
	}

	h.runOK(voice.JobDial, v.CallID)
	if r := h.record(v.CallID); r.Status != voice.StatusDialing || h.dialer.Dials(number) != 1 {
		t.Fatalf("the first call under a cap of 1: %s, %d dials", r.Status, h.dialer.Dials(number))
	}

	h.mustPlace("req_cap3", bodyTo("+96892345678"))
	_, err = h.place("ai_call_agent", h.acct, "req_cap4", bodyTo("+96893456789"))
	capRefusal(t, err, voice.RuleAccountCap, 2)
	page, err = h.svc.Calls(h.ctx, voice.Caller{AccountID: h.acct}, "", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Calls) != 2 || h.dialer.Total() != 1 {
		t.Errorf("%d calls queued, %d dialled: a refused call was queued or dialled", len(page.Calls), h.dialer.Total())
	}
}

// An operator who lowers the per-number cap while a second call to a
// number is queued: the dial-time gate refuses it with the new limit
// (blocked, number_daily_cap, never dialled, its maximum refunded).
func TestLoweredCapAtDialTime(t *testing.T) {
	h := newHarness(t)
	before := h.credits()
	v1 := h.mustPlace("req_low1", bodyTo(number))
	v2 := h.mustPlace("req_low2", bodyTo(number)) // under the default cap of 2
	h.runOK(voice.JobDial, v1.CallID)
	h.withCaps(0, 1)
	h.runOK(voice.JobDial, v2.CallID)
	r := h.record(v2.CallID)
	if r.Status != voice.StatusBlocked || r.Outcome != voice.RuleNumberCap || h.dialer.Dials(number) != 1 {
		t.Fatalf("second call after the cap was lowered: %s %q, %d dials", r.Status, r.Outcome, h.dialer.Dials(number))
	}
	h.runOK(voice.JobSettle, v2.CallID)
	if got := h.credits(); got != before-1_050_000 {
		t.Errorf("credits %s, want only the first call's maximum held (the blocked one refunded)", got)
	}
}
