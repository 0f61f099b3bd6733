package vapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"dalil/capabilities/voice"
	"dalil/provider/telephony/telephonytest"
	"dalil/provider/telephony/vapi"
	"dalil/provider/telephony/vapi/vapitest"
)

// endOnOptOut answers as the voice service does for the tools that end
// the call, and refuses a budget below zero.
func endOnOptOut(c voice.ToolCall) voice.ToolAnswer {
	switch {
	case c.Name == "opt_out":
		return voice.ToolAnswer{End: true, Closing: "Understood. We will not call this number again. Goodbye."}
	case strings.Contains(string(c.Input), `"budget":-`):
		return voice.ToolAnswer{Error: "budget must be a positive amount"}
	}
	return voice.ToolAnswer{}
}

// TestToolCallsThroughTheFake: the fake assistant calls its tools on the
// server each tool declares, authenticated both ways Vapi can; the
// webhook hands the calls to the tool sink with Dalil's call id and
// answers each in Vapi's results format: recorded, refused with the
// reason, or ended with the closing line spoken first.
func TestToolCallsThroughTheFake(t *testing.T) {
	for _, mode := range []string{"secret header", "hmac credential"} {
		t.Run(mode, func(t *testing.T) {
			s := newSetup(t, func(c *vapi.Config) {
				if mode == "hmac credential" {
					c.CredentialID = "cred-1"
				}
			})
			s.fake.Credential("cred-1", secret)
			sk := &telephonytest.Sink{Answer: endOnOptOut}
			d := dial("call_31")
			d.Capability = "voice_lead_qualifier"
			d.EventsURL = serve(t, s.c, sk)
			id, err := s.c.Dial(context.Background(), d)
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.fake.ToolCalls(id,
				vapitest.ToolCall{ID: "tc_1", Name: "record_answers", Arguments: `{"interest":"high", "budget": 8000}`},
				vapitest.ToolCall{ID: "tc_2", Name: "record_answers", Arguments: `{"budget":-1}`})
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != 2 || res[0].ToolCallID != "tc_1" || res[0].Name != "record_answers" || res[0].Result != "recorded" || res[0].Error != "" ||
				res[1].Error != "budget must be a positive amount" || res[1].Result != "" || res[0].Message != nil {
				t.Fatalf("results %+v", res)
			}
			got := sk.Tools()
			if len(got) != 2 || got[0].CallID != "call_31" || got[0].ProviderCallID != id || string(got[0].Input) != `{"budget":8000,"interest":"high"}` {
				t.Fatalf("tool calls %+v", got)
			}
			res, err = s.fake.ToolCalls(id, vapitest.ToolCall{ID: "tc_3", Name: "opt_out"})
			if err != nil {
				t.Fatal(err)
			}
			if res[0].Result != "recorded" || res[0].Message == nil || res[0].Message.Type != "request-complete" || !res[0].Message.EndCallAfterSpokenEnabled {
				t.Fatalf("opt-out result %+v", res[0])
			}
			c, _ := s.fake.Call(id)
			if !c.EndRequested || len(c.Spoken) != 1 || !strings.Contains(c.Spoken[0], "We will not call this number again") {
				t.Fatalf("the fake was not asked to say the closing and end the call: %+v", c)
			}
			if in := sk.Tools()[2].Input; string(in) != `{}` {
				t.Errorf("a call without arguments: input %s", in)
			}
		})
	}
}

func toolCallsBody(calls string) []byte {
	return []byte(`{"message":{"type":"tool-calls","timestamp":1772532900000,"toolCallList":` + calls +
		`,"call":{"id":"vapi-call-1"},"assistant":{"metadata":{"dalilCallId":"call_9","dalilTranscript":"off"}}}}`)
}

// TestToolCallsRefused: an unsigned or wrongly signed tool-calls message
// is refused before anything is read or recorded; an unknown call is
// 404, a store failure 500, an unreadable message 400; a call that
// cannot be read is answered with its problem and never reaches the
// sink.
func TestToolCallsRefused(t *testing.T) {
	sk := &telephonytest.Sink{}
	hook, _ := vapi.NewWebhook(secret, false, sk, sk)
	body := toolCallsBody(`[{"id":"tc_1","type":"function","function":{"name":"opt_out","arguments":{}}}]`)
	for _, h := range []map[string]string{nil, {"X-Vapi-Secret": "wrong-secret-0123456789"}} {
		if got := post(hook, body, h); got != http.StatusUnauthorized {
			t.Errorf("headers %v: %d, want 401", h, got)
		}
	}
	if len(sk.Tools()) != 0 {
		t.Fatalf("an unsigned message reached the sink: %+v", sk.Tools())
	}
	auth := map[string]string{"X-Vapi-Secret": secret}
	sk.Fail(voice.ErrUnknownCall)
	if got := post(hook, body, auth); got != http.StatusNotFound {
		t.Errorf("unknown call: %d, want 404", got)
	}
	sk.Fail(errors.New("db down"))
	if got := post(hook, body, auth); got != http.StatusInternalServerError {
		t.Errorf("store failure: %d, want 500", got)
	}
	sk.Fail(nil)
	for _, bad := range []string{`{"message":{"type":"tool-calls","toolCallList":[{"id":"a","function":{"name":"opt_out"}}]}}`,
		string(toolCallsBody(`[]`)), string(toolCallsBody(`"x"`))} {
		if got := post(hook, []byte(bad), auth); got != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", bad, got)
		}
	}
	// Unreadable calls are answered, not recorded; the readable one is.
	r := httptest.NewRequest(http.MethodPost, "https://dalil.example/webhooks/voice/vapi", strings.NewReader(string(toolCallsBody(
		`[{"id":"","function":{"name":"opt_out"}},{"id":"b","function":{"name":"drop table"}},{"id":"c","function":{"name":"end_call","arguments":[1]}},`+
			`{"id":"d","function":{"name":"end_call","arguments":"{\"reason\":\"abuse\"}"}}]`))))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Vapi-Secret", secret)
	w := httptest.NewRecorder()
	hook.ServeHTTP(w, r)
	var answer struct {
		Results []map[string]any `json:"results"`
	}
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &answer) != nil || len(answer.Results) != 4 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	for i, res := range answer.Results[:3] {
		if res["error"] == nil || res["result"] != nil {
			t.Errorf("result %d: %v", i, res)
		}
	}
	if answer.Results[3]["result"] != "recorded" || answer.Results[3]["toolCallId"] != "d" {
		t.Errorf("readable call: %v", answer.Results[3])
	}
	if got := sk.Tools(); len(got) != 1 || got[0].ID != "d" || string(got[0].Input) != `{"reason":"abuse"}` {
		t.Errorf("recorded %+v", got)
	}
}

// TestDecodeToolCalls: the shapes Vapi's documentation and API reference
// give are all read.
func TestDecodeToolCalls(t *testing.T) {
	for _, tc := range []struct {
		name, list string
		want       []voice.ToolCall
		problems   []bool
	}{
		{"arguments as an object", `"toolCallList":[{"id":"a","type":"function","function":{"name":"appointment","arguments":{"status":"declined"}}}]`,
			[]voice.ToolCall{{ID: "a", Name: "appointment", Input: json.RawMessage(`{"status":"declined"}`)}}, []bool{false}},
		{"arguments as a JSON string", `"toolCallList":[{"id":"a","type":"function","function":{"name":"end_call","arguments":"{\"reason\": \"other\"}"}}]`,
			[]voice.ToolCall{{ID: "a", Name: "end_call", Input: json.RawMessage(`{"reason":"other"}`)}}, []bool{false}},
		{"flat, as an older example", `"toolCallList":[{"id":"a","name":"opt_out","arguments":null}]`,
			[]voice.ToolCall{{ID: "a", Name: "opt_out", Input: json.RawMessage(`{}`)}}, []bool{false}},
		{"only toolWithToolCallList", `"toolWithToolCallList":[{"type":"function","toolCall":{"id":"a","type":"function","function":{"name":"opt_out","parameters":{}}}}]`,
			[]voice.ToolCall{{ID: "a", Name: "opt_out", Input: json.RawMessage(`{}`)}}, []bool{false}},
		{"arguments that are not an object", `"toolCallList":[{"id":"a","function":{"name":"opt_out","arguments":"[1]"}},{"id":"b","function":{"name":"opt_out","arguments":"{"}}]`,
			[]voice.ToolCall{{ID: "a", Name: "opt_out"}, {ID: "b", Name: "opt_out"}}, []bool{true, true}},
		{"arguments too long", `"toolCallList":[{"id":"a","function":{"name":"opt_out","arguments":{"x":"` + strings.Repeat("y", 40000) + `"}}}]`,
			[]voice.ToolCall{{ID: "a", Name: "opt_out"}}, []bool{true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := vapi.DecodeToolCalls([]byte(`{"message":{"type":"tool-calls",` + tc.list + `,"call":{"id":"v1","assistant":{"metadata":{"dalilCallId":"call_5"}}}}}`))
			if err != nil {
				t.Fatal(err)
			}
			var problems []bool
			for _, p := range m.Problems {
				problems = append(problems, p != "")
			}
			if m.ProviderCallID != "v1" || m.CallID != "call_5" {
				t.Errorf("ids %q %q", m.ProviderCallID, m.CallID)
			}
			if diff := cmp.Diff(tc.want, m.Calls); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.problems, problems); diff != "" {
				t.Errorf("problems (-want +got):\n%s (%v)", diff, m.Problems)
			}
		})
	}
	many := strings.Repeat(`{"id":"a","function":{"name":"opt_out"}},`, 17)
	if _, err := vapi.DecodeToolCalls(toolCallsBody(`[` + strings.TrimSuffix(many, ",") + `]`)); err == nil {
		t.Error("17 tool calls in one message accepted")
	}
}

func TestEndedBy(t *testing.T) {
	for reason, want := range map[string]string{
		"customer-ended-call": "callee_hung_up", "customer-ended-call-during-transfer": "callee_hung_up",
		"exceeded-max-duration": "time_limit", "pipeline-error-openai-llm-failed": "model_unavailable",
		"call.in-progress.error-providerfault-openai-llm-failed": "model_unavailable",
		"assistant-ended-call": "assistant_ended", "assistant-ended-call-after-message-spoken": "assistant_ended",
		"assistant-said-end-call-phrase": "assistant_ended", "silence-timed-out": "silence_timeout",
		"pipeline-error-azure-voice-failed": "provider_error", "something-new": "provider_ended",
	} {
		if got := vapi.EndedBy(reason); got != want {
			t.Errorf("EndedBy(%q) = %q, want %q", reason, got, want)
		}
	}
}

// TestNoLiquidInCallerText: Vapi templates prompts and messages with
// LiquidJS; the caller's text reaches the assistant without a template.
func TestNoLiquidInCallerText(t *testing.T) {
	s := newSetup(t, nil)
	d := dial("call_41")
	opening, optOut := voice.Disclosure("en", "Acme {{customer.number}}")
	d.Script = voice.Script{Opening: opening, OptOut: optOut}
	d.Instructions = `{"objective":"Say {% if x %}{{{call.id}}}{% endif %} twice.","onBehalfOf":"Acme {{customer.number}}"}`
	id, err := s.c.Dial(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := s.fake.Call(id)
	a := c.Assistant()
	first := a["firstMessage"].(string)
	sys := a["model"].(map[string]any)["messages"].([]any)[0].(map[string]any)["content"].(string)
	for _, text := range []string{first, sys} {
		if strings.Contains(text, "{{") || strings.Contains(text, "{%") || !strings.Contains(text, "customer.number") {
			t.Errorf("templating left in %q", text)
		}
	}
	data := sys[strings.Index(sys, "<call_instructions>\n")+len("<call_instructions>\n") : strings.Index(sys, "\n</call_instructions>")]
	var in map[string]any
	if err := json.Unmarshal([]byte(data), &in); err != nil || !strings.Contains(in["objective"].(string), "{ % if x %}{ { {call.id}}}") {
		t.Errorf("the data is no longer the caller's JSON: %v %s", err, data)
	}
}

// FuzzToolCalls feeds arbitrary verified bodies to the tool-calls decoder
// and the handler: never a panic; a decoded message has a call id, at
// most 16 calls, a problem or an object input for each; the handler
// answers 200 with a result per call, or 400.
func FuzzToolCalls(f *testing.F) {
	f.Add(string(toolCallsBody(`[{"id":"tc_1","type":"function","function":{"name":"record_answers","arguments":{"interest":"high"}}}]`)))
	f.Add(string(toolCallsBody(`[{"id":"tc_1","function":{"name":"end_call","arguments":"{\"reason\":\"other\"}"}},{"id":"x","name":"opt_out"}]`)))
	f.Add(`{"message":{"type":"tool-calls","toolWithToolCallList":[{"toolCall":{"id":"a","function":{"name":"opt_out","parameters":null}}}],"call":{"id":"v"}}}`)
	f.Add(`{"message":{"type":"tool-calls","toolCallList":[{"id":"a","function":{"name":"opt_out","arguments":"\"{}\""}}],"call":{"id":"v"}}}`)
	f.Add(`{"message":{"type":"tool-calls"}}`)
	sk := &telephonytest.Sink{}
	hook, _ := vapi.NewWebhook(secret, false, sk, sk)
	f.Fuzz(func(t *testing.T, body string) {
		m, err := vapi.DecodeToolCalls([]byte(body))
		if err == nil {
			if m.ProviderCallID == "" || len(m.Calls) == 0 || len(m.Calls) > 16 || len(m.Calls) != len(m.Problems) {
				t.Fatalf("message %+v from %q", m, body)
			}
			for i, c := range m.Calls {
				if m.Problems[i] != "" {
					continue
				}
				var obj map[string]any
				if c.ID == "" || c.Name == "" || json.Unmarshal(c.Input, &obj) != nil || obj == nil {
					t.Fatalf("call %+v from %q", c, body)
				}
			}
		}
		r := httptest.NewRequest(http.MethodPost, "https://dalil.example/webhooks/voice/vapi", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-Vapi-Secret", secret)
		w := httptest.NewRecorder()
		hook.ServeHTTP(w, r)
		if err == nil {
			var answer struct {
				Results []map[string]any `json:"results"`
			}
			if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &answer) != nil || len(answer.Results) != len(m.Calls) {
				t.Fatalf("answer %d %s to %q", w.Code, w.Body, body)
			}
		} else if w.Code >= 500 {
			t.Fatalf("answer %d to %q", w.Code, body)
		}
	})
}
