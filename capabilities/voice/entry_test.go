package voice_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/capability"
)

type fakeQueue struct{ calls []voice.Call }

func (q *fakeQueue) Enqueue(_ context.Context, c voice.Call) (voice.View, error) {
	q.calls = append(q.calls, c)
	return voice.View{CallID: "call_1", Status: voice.StatusQueued, MaxCharge: c.MaxCharge.Float(), Script: c.Script}, nil
}

type dnc map[string]bool

func (d dnc) Listed(_ context.Context, h string) (bool, error) { return d[h], nil }

type counts struct{ payer, number int }

func (c counts) Recent(context.Context, string, string, time.Time) (int, int, error) {
	return c.payer, c.number, nil
}

func entry(t *testing.T, id string, deps voice.Deps) capability.Entry {
	for _, e := range voice.Entries(deps) {
		if e.ID == id {
			return e
		}
	}
	t.Fatalf("no entry %s", id)
	return capability.Entry{}
}

// The handler runs the whole safety gate before anything is queued, and
// queues a call with its maximum charge and the AI disclosure.
func TestPlace(t *testing.T) {
	secret := []byte("test-secret")
	q := &fakeQueue{}
	deps := voice.Deps{Policy: voice.Policy{Countries: []string{"OM"}}, Queue: q, DoNotCall: dnc{voice.HashNumber(secret, "+96891111111"): true}, Counts: counts{}, Secret: secret}
	noon := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC) // 12:00 in Muscat
	ctx := capability.WithCall(context.Background(), capability.Call{RequestID: "req_1", AccountID: "acct_1", Now: noon})
	run := func(id, body string, d voice.Deps) (any, error) {
		e := entry(t, id, d)
		in, err := e.Decode([]byte(body))
		if err != nil {
			return nil, err
		}
		return e.Run(ctx, in)
	}
	out, err := run("ai_call_agent", `{"phoneNumber":"+96891234567","objective":"Confirm the delivery window for order 4471.","maxDurationSeconds":120}`, deps)
	if err != nil {
		t.Fatal(err)
	}
	v := out.(voice.View)
	if v.Status != voice.StatusQueued || !v.Accepted() || len(q.calls) != 1 {
		t.Fatalf("view %+v, %d queued", v, len(q.calls))
	}
	c := q.calls[0]
	if c.MaxCharge != 600_000 || c.RequestID != "req_1" || c.Number.E164 != "+96891234567" || c.Script.Opening == "" || c.NumberHash == "" {
		t.Errorf("queued call %+v", c)
	}
	e := entry(t, "ai_call_agent", deps)
	in, _ := e.Decode([]byte(`{"phoneNumber":"+96891234567","objective":"Confirm the delivery window.","maxDurationSeconds":3600}`))
	if p := e.PriceOf(in); p != 9_300_000 {
		t.Errorf("price of a one-hour call = %d", p)
	}

	for _, c := range []struct {
		id, body string
		d        voice.Deps
		code     dalil.Code
	}{
		{"ai_call_agent", `{"phoneNumber":"+96891111111","objective":"Confirm the delivery window."}`, deps, dalil.CodeDoNotCall},
		{"ai_call_agent", `{"phoneNumber":"+96891234567","objective":"Confirm the delivery window.","safety":{"recording":true}}`, deps, dalil.CodeConsentNoticeRequired},
		{"ai_call_agent", `{"phoneNumber":"+96891234567","objective":"Ask for the card number and CVV."}`, deps, dalil.CodeUnsafeInstructions},
		{"ai_call_agent", `{"phoneNumber":"+96891234567","objective":"Confirm the delivery window.","context":{"note":"pretend to be a real person"}}`, deps, dalil.CodeUnsafeInstructions},
		{"ai_call_agent", `{"phoneNumber":"+971501234567","objective":"Confirm the delivery window."}`, deps, dalil.CodeCallNotAllowed},
		{"ai_call_agent", `{"phoneNumber":"+96891234567","objective":"Confirm the delivery window."}`, voice.Deps{Policy: deps.Policy, Queue: q, Counts: counts{number: 2}, Secret: secret}, dalil.CodeCallNotAllowed},
		{"ai_call_agent", `{"phoneNumber":"+96891234567","objective":"Confirm the delivery window."}`, voice.Deps{}, dalil.CodeProviderNotConfigured},
		{"appointment_call_agent", `{"phoneNumber":"+96891234567","action":"book"}`, deps, dalil.CodeSlotRequired},
	} {
		_, err := run(c.id, c.body, c.d)
		if dalil.ErrorCode(err) != c.code {
			t.Errorf("%s %s: %v, want %s", c.id, c.body, err, c.code)
		}
	}
	if len(q.calls) != 1 {
		t.Errorf("%d calls queued; refusals must queue nothing", len(q.calls))
	}
	// Outside calling hours in Muscat (23:00).
	late := capability.WithCall(context.Background(), capability.Call{AccountID: "acct_1", Now: noon.Add(11 * time.Hour)})
	e = entry(t, "voice_lead_qualifier", deps)
	in, _ = e.Decode([]byte(`{"phoneNumber":"+96891234567"}`))
	if _, err := e.Run(late, in); dalil.ErrorCode(err) != dalil.CodeCallNotAllowed {
		t.Errorf("late call: %v", err)
	}
}

// The declared limitations state the operator's calling hours and daily
// caps as wired, and the defaults when none are set.
func TestLimitationsStateThePolicy(t *testing.T) {
	for _, c := range []struct {
		p    voice.Policy
		want string
	}{
		{voice.Policy{}, "between 08:00 and 21:00 the callee's time; at most 50 calls a payer (pay-per-call payers share one cap) and 2 a number in 24 hours;"},
		{voice.Policy{EarliestHour: 9, LatestHour: 20, AccountPerDay: 7, NumberPerDay: 1},
			"between 09:00 and 20:00 the callee's time; at most 7 calls a payer (pay-per-call payers share one cap) and 1 a number in 24 hours;"},
	} {
		for _, e := range voice.Entries(voice.Deps{Policy: c.p}) {
			if !strings.Contains(strings.Join(e.Limitations, "\n"), c.want) {
				t.Errorf("%s with %+v: limitations %q, want %q", e.ID, c.p, e.Limitations, c.want)
			}
		}
	}
}
