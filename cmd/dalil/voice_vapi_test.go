package main

import (
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dalil/capabilities/voice/converse"
	"dalil/provider/telephony/vapi/vapitest"
)

// Vapi calls that converse with Dalil's tools: `dalil serve` with Vapi's
// fake, whose assistant calls the tools Dalil gave it (tool-calls server
// messages, authenticated as the assistant's tool server says) and then
// posts its end-of-call report.

type vapiRig struct {
	base, db, key, secret string
	fake                  *vapitest.Server
}

func startVapiRig(t *testing.T) vapiRig {
	t.Helper()
	const apiKey, phoneID, secret = "vapi-tools-key-0123456789", "phone-tools-1", "vapi-tools-secret-0123456789"
	fake := vapitest.New(t, apiKey, phoneID)
	addr := freeAddr(t)
	base := "http://" + addr
	db := filepath.Join(t.TempDir(), "dalil.db")
	env := map[string]string{envVapiAPIKey: apiKey, envVapiPhoneNumberID: phoneID, envVapiWebhookSecret: secret, "DALIL_VAPI_URL": fake.BaseURL(),
		"DALIL_BASE_URL": base, envVoiceCountries: "OM", envVoiceHours: "0-24", "DALIL_RATE_LIMITS": "free=100000", "DALIL_LOG_LEVEL": "warn"}
	serveAt(t, env, db, addr)
	key := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "20")["apiKey"].(string)
	return vapiRig{base: base, db: db, key: key, secret: secret, fake: fake}
}

// place queues a call on route, waits for Vapi's fake to be asked for it
// and Dalil to record it as placed, and plays it to in progress; it
// returns Dalil's call id and Vapi's.
func (g vapiRig) place(t *testing.T, route, number, body string) (string, string) {
	t.Helper()
	r := post(t, g.base+route, body, map[string]string{"X-API-Key": g.key})
	if r.status != 202 {
		t.Fatalf("place: %d %s", r.status, r.raw)
	}
	id := r.data()["callId"].(string)
	waitFor(t, "a dial to "+number, func() bool { return g.fake.Dials(number) > 0 })
	vid := ""
	for _, c := range g.fake.Calls() {
		if c.Number == number {
			vid = c.ID
		}
	}
	waitFor(t, "the call recorded as placed", func() bool { return callRecords(t, g.db, []string{id})[0].ProviderCallID == vid })
	for _, st := range []string{"ringing", "in-progress"} {
		if err := g.fake.Status(vid, st, ""); err != nil {
			t.Fatal(err)
		}
	}
	return id, vid
}

// end plays the end of the call: status ended, then the report.
func (g vapiRig) end(t *testing.T, vid string, rep vapitest.Report) {
	t.Helper()
	if err := g.fake.Status(vid, "ended", rep.EndedReason); err != nil {
		t.Fatal(err)
	}
	if err := g.fake.EndOfCall(vid, rep); err != nil {
		t.Fatal(err)
	}
}

// settled reads the call once it is settled.
func (g vapiRig) settled(t *testing.T, id string) map[string]any {
	t.Helper()
	var v map[string]any
	waitFor(t, "the settlement of "+id, func() bool { v = voiceCall(t, g.base, g.key, id).data(); return v["refundedUsd"] != nil })
	return v
}

// rawToolCalls posts a tool-calls message as Vapi's wire format has it,
// with the given headers.
func (g vapiRig) rawToolCalls(t *testing.T, dalilID, vapiID string, hdr map[string]string) int {
	t.Helper()
	body := `{"message":{"type":"tool-calls","timestamp":1772532900000,` +
		`"toolCallList":[{"id":"tc_forged","type":"function","function":{"name":"opt_out","arguments":{}}}],` +
		`"toolWithToolCallList":[{"type":"function","function":{"name":"opt_out"},"toolCall":{"id":"tc_forged","type":"function","function":{"name":"opt_out","arguments":{}}}}],` +
		`"call":{"id":"` + vapiID + `"},"assistant":{"metadata":{"dalilCallId":"` + dalilID + `","dalilTranscript":"off"}}}}`
	req, _ := http.NewRequest("POST", g.base+"/webhooks/voice/vapi", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func TestVoiceVapiConversations(t *testing.T) {
	g := startVapiRig(t)
	safety := `,"safety":{"transcription":true,"consentNotice":"This call is transcribed."}`

	t.Run("the assistant carries the engine's tools and rules", func(t *testing.T) {
		_, vid := g.place(t, "/api/v1/voice/lead-qualifier", voiceNum6, `{"phoneNumber":"`+voiceNum6+`","onBehalfOf":"Acme Fit-outs"}`)
		c, _ := g.fake.Call(vid)
		a := c.Assistant()
		model := a["model"].(map[string]any)
		var names []string
		for _, raw := range model["tools"].([]any) {
			tool := raw.(map[string]any)
			fn := tool["function"].(map[string]any)
			names = append(names, fn["name"].(string))
			srv := tool["server"].(map[string]any)
			if tool["type"] != "function" || srv["url"] != g.base+"/webhooks/voice/vapi" || srv["headers"].(map[string]any)["X-Vapi-Secret"] != g.secret {
				t.Errorf("tool %v", tool)
			}
		}
		var engine []string
		for _, tl := range converse.Tools("voice_lead_qualifier") {
			engine = append(engine, tl.Name)
		}
		if !slices.Equal(names, engine) || !slices.Contains(names, "record_answers") {
			t.Errorf("tools %v, the engine's %v", names, engine)
		}
		sys := model["messages"].([]any)[0].(map[string]any)["content"].(string)
		if !strings.Contains(sys, "call the opt_out tool at once") || !strings.Contains(sys, "record_answers") || !strings.Contains(sys, `"Acme Fit-outs"`) {
			t.Errorf("system prompt:\n%s", sys)
		}
		if msgs := a["serverMessages"].([]any); !slices.Contains(msgs, any("tool-calls")) {
			t.Errorf("serverMessages %v", msgs)
		}
		g.end(t, vid, vapitest.Report{EndedReason: "customer-ended-call", Seconds: 5})
	})

	t.Run("lead qualified with a score", func(t *testing.T) {
		id, vid := g.place(t, "/api/v1/voice/lead-qualifier", voiceNum1,
			`{"phoneNumber":"`+voiceNum1+`","onBehalfOf":"Acme Fit-outs",`+leadCriteria+safety+`}`)
		// The assistant's prompt states the criteria, as the engine's does
		// on Twilio (voice_relay_test.go).
		c, _ := g.fake.Call(vid)
		sys := c.Assistant()["model"].(map[string]any)["messages"].([]any)[0].(map[string]any)["content"].(string)
		for _, w := range []string{promptInterest, promptBudget, "it qualifies within 30 days", "the lead qualifies only if they do", leadCriteria} {
			if !strings.Contains(sys, w) {
				t.Errorf("the assistant's prompt lacks %s:\n%s", w, sys)
			}
		}
		res, err := g.fake.ToolCalls(vid, vapitest.ToolCall{ID: "tc_1", Name: "record_answers", Arguments: `{"interest":"high","businessNeed":true,"productRequested":true}`})
		if err != nil || res[0].Result != "recorded" {
			t.Fatalf("record_answers: %+v, %v", res, err)
		}
		res, err = g.fake.ToolCalls(vid,
			vapitest.ToolCall{ID: "tc_2", Name: "record_answers", Arguments: `{"budget":8000,"currency":"USD","timelineDays":21,"decisionMaker":true}`},
			vapitest.ToolCall{ID: "tc_3", Name: "end_call", Arguments: `{"reason":"objective_reached"}`})
		if err != nil || res[0].Result != "recorded" || res[1].Message == nil || !res[1].Message.EndCallAfterSpokenEnabled ||
			res[1].Message.Content != "Thank you for your time. Goodbye." {
			t.Fatalf("answers and end: %+v, %v", res, err)
		}
		// Recorded at once: the call shows the score while still live.
		if v := voiceCall(t, g.base, g.key, id).data(); v["outcome"] != "lead_qualified" || v["status"] == "completed" {
			t.Errorf("live call %v", v)
		}
		g.end(t, vid, vapitest.Report{EndedReason: "assistant-ended-call-after-message-spoken", Seconds: 95,
			Summary: "Vapi's own summary: the lead is cold.", StructuredData: map[string]any{"interest": "low", "optOut": false},
			Messages: [][2]string{{"bot", "Hello, I am an AI assistant."}, {"user", "We need a fit-out."}}})
		v := g.settled(t, id)
		lead, _ := v["lead"].(map[string]any)
		facts, _ := v["structuredFacts"].(map[string]any)
		summary, _ := v["summary"].(string)
		if v["status"] != "completed" || v["outcome"] != "lead_qualified" || lead["score"] != 100.0 || lead["status"] != "qualified" ||
			v["nextAction"] != "schedule_sales_demo" || facts["budget"] != 8000.0 || facts["interest"] != "high" || facts["endedReason"] != "assistant-ended-call-after-message-spoken" {
			t.Fatalf("call %v", v)
		}
		if !strings.Contains(summary, "score 100") || strings.Contains(summary, "cold") {
			t.Errorf("summary %q", summary)
		}
		if q, _ := facts["qualification"].(map[string]any); q["budget"] != "met" || q["decisionMaker"] != "met" {
			t.Errorf("qualification %v", facts["qualification"])
		}
		if tr, _ := v["transcript"].([]any); len(tr) != 2 {
			t.Errorf("transcript %v", v["transcript"])
		}
		// Metering as docs/voice.md: 0.75 + 95 s at 0.15 a minute = 0.99.
		if v["durationSeconds"] != 95.0 || money(v["chargedUsd"]) != "0.99" {
			t.Errorf("metered %v s, charged %v", v["durationSeconds"], v["chargedUsd"])
		}
	})

	t.Run("appointment agreed, a slot not offered refused", func(t *testing.T) {
		id, vid := g.place(t, "/api/v1/voice/appointment-call-agent", voiceNum2,
			`{"phoneNumber":"`+voiceNum2+`","action":"book","availableSlots":["2026-12-01T10:00:00+04:00","2026-12-01T16:00:00+04:00"]}`)
		c, _ := g.fake.Call(vid)
		sys := c.Assistant()["model"].(map[string]any)["messages"].([]any)[0].(map[string]any)["content"].(string)
		if offeredSlot(sys) != `"2026-12-01T10:00:00+04:00"` || !strings.Contains(sys, `- "2026-12-01T16:00:00+04:00", that is Tuesday 1 December 2026, 16:00 (UTC+04:00)`) {
			t.Errorf("the assistant's prompt lacks the offered slots:\n%s", sys)
		}
		res, err := g.fake.ToolCalls(vid, vapitest.ToolCall{ID: "tc_1", Name: "appointment", Arguments: `{"status":"agreed","slot":"2099-01-01T10:00:00Z"}`})
		if err != nil || res[0].Error == "" || !strings.Contains(res[0].Error, "not one of the offered slots") {
			t.Fatalf("a slot not offered: %+v, %v", res, err)
		}
		res, err = g.fake.ToolCalls(vid,
			vapitest.ToolCall{ID: "tc_2", Name: "appointment", Arguments: `{"status":"agreed","slot":"2026-12-01T10:00:00+04:00"}`},
			vapitest.ToolCall{ID: "tc_3", Name: "end_call", Arguments: `{"reason":"objective_reached"}`})
		if err != nil || res[0].Result != "recorded" || res[1].Message == nil {
			t.Fatalf("agreed: %+v, %v", res, err)
		}
		g.end(t, vid, vapitest.Report{EndedReason: "assistant-ended-call-after-message-spoken", Seconds: 60,
			StructuredData: map[string]any{"appointmentSlot": "2099-01-01T10:00:00Z"}})
		v := g.settled(t, id)
		facts, _ := v["structuredFacts"].(map[string]any)
		appt, _ := facts["appointment"].(map[string]any)
		if v["outcome"] != "appointment_agreed" || appt["status"] != "agreed" || appt["slot"] != "2026-12-01T10:00:00+04:00" || v["nextAction"] != "send_confirmation" {
			t.Fatalf("call %v", v)
		}
		if rec := callRecords(t, g.db, []string{id})[0]; len(rec.ToolCalls) != 3 || rec.ToolCalls[0].Error == "" {
			t.Errorf("recorded tool calls %+v", rec.ToolCalls)
		}
	})

	t.Run("opt-out honoured", func(t *testing.T) {
		id, vid := g.place(t, voiceRoute, voiceNum3, voiceCallBody(voiceNum3, ""))
		res, err := g.fake.ToolCalls(vid, vapitest.ToolCall{ID: "tc_1", Name: "opt_out"})
		if err != nil || res[0].Message == nil || !res[0].Message.EndCallAfterSpokenEnabled || !strings.Contains(res[0].Message.Content, "We will not call this number again") {
			t.Fatalf("opt-out: %+v, %v", res, err)
		}
		if c, _ := g.fake.Call(vid); !c.EndRequested {
			t.Error("Vapi was not told to end the call")
		}
		// On the list at once, before the call's end is reported.
		a := cli(t, g.db, "voice", "do-not-call", "check", voiceNum3, "--json")
		if a["listed"] != true || a["source"] != "callee" {
			t.Errorf("do-not-call: %v", a)
		}
		if r := post(t, g.base+voiceRoute, voiceCallBody(voiceNum3, ""), map[string]string{"X-API-Key": g.key}); r.status != 403 || r.code() != "DO_NOT_CALL" {
			t.Errorf("a call to the opted-out number: %d %s", r.status, r.raw)
		}
		g.end(t, vid, vapitest.Report{EndedReason: "assistant-ended-call-after-message-spoken", Seconds: 12})
		if v := g.settled(t, id); v["outcome"] != "opted_out" || v["nextAction"] != "do_not_call" {
			t.Errorf("call %v", v)
		}
		if n := g.fake.Dials(voiceNum3); n != 1 {
			t.Errorf("%d dials to the opted-out number", n)
		}
	})

	t.Run("unsigned tool calls refused before any effect", func(t *testing.T) {
		id, vid := g.place(t, voiceRoute, voiceNum4, voiceCallBody(voiceNum4, ""))
		for _, hdr := range []map[string]string{nil, {"X-Vapi-Secret": "wrong-secret-0123456789"}} {
			if got := g.rawToolCalls(t, id, vid, hdr); got != http.StatusUnauthorized {
				t.Errorf("headers %v: %d, want 401", hdr, got)
			}
		}
		if rec := callRecords(t, g.db, []string{id})[0]; len(rec.ToolCalls) != 0 || rec.Outcome != "" {
			t.Fatalf("a refused message changed the call: %+v %q", rec.ToolCalls, rec.Outcome)
		}
		if a := cli(t, g.db, "voice", "do-not-call", "check", voiceNum4, "--json"); a["listed"] != false {
			t.Fatalf("a forged opt-out listed the number: %v", a)
		}

		t.Run("a tool call for an unknown call refused", func(t *testing.T) {
			auth := map[string]string{"X-Vapi-Secret": g.secret}
			for _, c := range []struct{ dalil, vapi string }{{"call_unknown", "00000000-0000-4000-8000-000000000000"}, {id, "00000000-0000-4000-8000-000000000000"}, {"", "00000000-0000-4000-8000-000000000000"}} {
				if got := g.rawToolCalls(t, c.dalil, c.vapi, auth); got != http.StatusNotFound {
					t.Errorf("%+v: %d, want 404", c, got)
				}
			}
			if rec := callRecords(t, g.db, []string{id})[0]; len(rec.ToolCalls) != 0 {
				t.Fatalf("recorded %+v", rec.ToolCalls)
			}
			if a := cli(t, g.db, "voice", "do-not-call", "check", voiceNum4, "--json"); a["listed"] != false {
				t.Fatalf("listed: %v", a)
			}
			// The same message, signed and naming the call, is taken.
			if got := g.rawToolCalls(t, id, vid, auth); got != http.StatusOK {
				t.Fatalf("signed: %d", got)
			}
			if a := cli(t, g.db, "voice", "do-not-call", "check", voiceNum4, "--json"); a["listed"] != true {
				t.Fatalf("not listed after a signed opt-out: %v", a)
			}
		})
		g.end(t, vid, vapitest.Report{EndedReason: "assistant-ended-call-after-message-spoken", Seconds: 5})
	})

	t.Run("no tool called: no score, whatever Vapi's analysis says", func(t *testing.T) {
		id, vid := g.place(t, "/api/v1/voice/lead-qualifier", voiceNum5, `{"phoneNumber":"`+voiceNum5+`","criteria":{"minimumBudget":5000}}`)
		g.end(t, vid, vapitest.Report{EndedReason: "customer-ended-call", Seconds: 30, Summary: "A hot lead.",
			StructuredData: map[string]any{"interest": "high", "businessNeed": true, "productRequested": true, "budget": 9000, "timelineDays": 10, "decisionMaker": true, "optOut": false}})
		v := g.settled(t, id)
		if v["outcome"] != "callee_hung_up" || v["lead"] != nil || v["nextAction"] != "human_follow_up" {
			t.Fatalf("call %v", v)
		}
		if s, _ := v["summary"].(string); !strings.Contains(s, "before an outcome was recorded") {
			t.Errorf("summary %q", s)
		}
	})
}
