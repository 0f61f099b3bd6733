package vapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/capabilities/voice"
	"dalil/provider/telephony/telephonytest"
	"dalil/provider/telephony/vapi"
	"dalil/provider/telephony/vapi/vapitest"
)

func serve(t *testing.T, c *vapi.Client, sk *telephonytest.Sink) string {
	t.Helper()
	hook, err := c.Webhook(sk, sk)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("POST /webhooks/voice/vapi", hook)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/webhooks/voice/vapi"
}

// TestWebhookEndToEnd dials through the fake, which posts its server
// messages, authenticated both ways Vapi can, to the webhook.
func TestWebhookEndToEnd(t *testing.T) {
	for _, mode := range []string{"secret header", "hmac credential"} {
		t.Run(mode, func(t *testing.T) {
			s := newSetup(t, func(c *vapi.Config) {
				if mode == "hmac credential" {
					c.CredentialID = "cred-1"
				}
			})
			s.fake.Credential("cred-1", secret)
			sk := &telephonytest.Sink{}
			d := dial("call_77")
			d.EventsURL = serve(t, s.c, sk)
			d.Transcribe = true
			id, err := s.c.Dial(context.Background(), d)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.fake.Complete(id, 125.4); err != nil {
				t.Fatal(err)
			}
			ev := sk.Events()
			var got []string
			for _, e := range ev {
				if e.ProviderCallID != id || e.CallID != "call_77" || e.Provider != "vapi" || e.At.IsZero() {
					t.Errorf("event %+v", e)
				}
				got = append(got, string(e.Status))
			}
			if diff := cmp.Diff([]string{"ringing", "answered", "completed"}, got); diff != "" {
				t.Fatalf("statuses (-want +got):\n%s", diff)
			}
			last := ev[2]
			// The outcome is the tally of the tool calls: Vapi's summary
			// and structured data are not read.
			if last.ConnectedSeconds != 125 || last.Outcome != "customer-ended-call" || last.EndedBy != "callee_hung_up" || last.OptOut ||
				last.Summary != "" || last.Facts != nil || len(last.Transcript) != 2 ||
				last.Transcript[0].Speaker != "agent" || last.Transcript[1].Speaker != "customer" || last.Transcript[1].At.IsZero() {
				t.Fatalf("report event %+v", last)
			}
			// Redelivery of the report: same id, not applied twice.
			all := s.fake.Deliveries()
			if err := s.fake.Replay(len(all) - 1); err != nil {
				t.Fatal(err)
			}
			if len(sk.Events()) != 3 || sk.Dups() != 1 {
				t.Fatalf("replay: %d events, %d dups", len(sk.Events()), sk.Dups())
			}
		})
	}
}

func TestWebhookOutcomes(t *testing.T) {
	s := newSetup(t, nil)
	sk := &telephonytest.Sink{}
	events := serve(t, s.c, sk)
	ctx := context.Background()
	n := 0
	call := func() string {
		n++
		d := dial("call_" + strconv.Itoa(n))
		d.To = "+9689123450" + strconv.Itoa(n)
		d.EventsURL = events
		id, err := s.c.Dial(ctx, d)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	last := func() voice.Event { ev := sk.Events(); return ev[len(ev)-1] }

	if err := s.fake.NoAnswer(call()); err != nil {
		t.Fatal(err)
	}
	if e := last(); e.Status != voice.StatusNoAnswer || e.ConnectedSeconds != 0 {
		t.Errorf("no answer: %+v", e)
	}
	if err := s.fake.Busy(call()); err != nil {
		t.Fatal(err)
	}
	if e := last(); e.Status != voice.StatusBusy {
		t.Errorf("busy: %+v", e)
	}
	if err := s.fake.Voicemail(call(), 31); err != nil {
		t.Fatal(err)
	}
	if e := last(); e.Status != voice.StatusVoicemail || e.ConnectedSeconds != 31 {
		t.Errorf("voicemail: %+v", e)
	}
	if err := s.fake.OptOut(call(), 20); err != nil {
		t.Fatal(err)
	}
	if e := last(); e.Status != voice.StatusCompleted || !e.OptOut || e.Transcript != nil {
		t.Errorf("opt-out (transcript not asked): %+v", e)
	}
}

// post sends body to the webhook with the given headers.
func post(hook http.Handler, body []byte, h map[string]string) int {
	r := httptest.NewRequest(http.MethodPost, "https://dalil.example/webhooks/voice/vapi", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	for k, v := range h {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	hook.ServeHTTP(w, r)
	return w.Code
}

func report(reason string, seconds float64) []byte {
	b, _ := json.Marshal(map[string]any{"message": map[string]any{
		"type": "end-of-call-report", "endedReason": reason, "durationSeconds": seconds, "timestamp": 1772532900000,
		"analysis":  map[string]any{"summary": "ok", "structuredData": map[string]any{"optOut": false}},
		"artifact":  map[string]any{"messages": []any{}},
		"call":      map[string]any{"id": "vapi-call-1"},
		"assistant": map[string]any{"metadata": map[string]any{"dalilCallId": "call_9", "dalilTranscript": "off"}},
	}})
	return b
}

func TestWebhookVerification(t *testing.T) {
	now := time.Date(2026, 3, 3, 10, 15, 0, 0, time.UTC)
	sk := &telephonytest.Sink{}
	secretHook, _ := vapi.NewWebhook(secret, false, sk, sk)
	hmacHook, _ := vapi.NewWebhook(secret, true, sk, sk)
	vapi.SetNow(hmacHook, func() time.Time { return now })
	body := report("customer-ended-call", 60)
	ts := strconv.FormatInt(now.UnixMilli(), 10)
	sig := vapitest.Sign(secret, ts, body)
	tampered := bytes.Replace(body, []byte(`"durationSeconds":60`), []byte(`"durationSeconds":6000`), 1)
	old := strconv.FormatInt(now.Add(-10*time.Minute).UnixMilli(), 10)
	for _, tc := range []struct {
		name string
		hook http.Handler
		body []byte
		h    map[string]string
		want int
	}{
		{"secret: valid", secretHook, body, map[string]string{"X-Vapi-Secret": secret}, 204},
		{"secret: wrong", secretHook, body, map[string]string{"X-Vapi-Secret": secret + "x"}, 401},
		{"secret: missing", secretHook, body, nil, 401},
		{"secret: HMAC headers only", secretHook, body, map[string]string{"X-Signature": sig, "X-Timestamp": ts}, 401},
		{"hmac: valid", hmacHook, body, map[string]string{"X-Signature": sig, "X-Timestamp": ts}, 204},
		{"hmac: valid, seconds timestamp", hmacHook, body, map[string]string{"X-Signature": vapitest.Sign(secret, strconv.FormatInt(now.Unix(), 10), body), "X-Timestamp": strconv.FormatInt(now.Unix(), 10)}, 204},
		{"hmac: prefixed", hmacHook, body, map[string]string{"X-Signature": "sha256=" + sig, "X-Timestamp": ts}, 204},
		{"hmac: tampered body", hmacHook, tampered, map[string]string{"X-Signature": sig, "X-Timestamp": ts}, 401},
		{"hmac: other timestamp", hmacHook, body, map[string]string{"X-Signature": sig, "X-Timestamp": ts + "1"}, 401},
		{"hmac: replay after 10 minutes", hmacHook, body, map[string]string{"X-Signature": vapitest.Sign(secret, old, body), "X-Timestamp": old}, 401},
		{"hmac: missing signature", hmacHook, body, map[string]string{"X-Timestamp": ts}, 401},
		{"hmac: secret header instead", hmacHook, body, map[string]string{"X-Vapi-Secret": secret}, 401},
		{"hmac: not hex", hmacHook, body, map[string]string{"X-Signature": "zz" + sig[2:], "X-Timestamp": ts}, 401},
		{"verified but not a server message", secretHook, []byte(`{"hello":1}`), map[string]string{"X-Vapi-Secret": secret}, 400},
		{"verified report without call id", secretHook, []byte(`{"message":{"type":"end-of-call-report","endedReason":"x"}}`), map[string]string{"X-Vapi-Secret": secret}, 400},
		{"verified other message type", secretHook, []byte(`{"message":{"type":"speech-update","call":{"id":"a"}}}`), map[string]string{"X-Vapi-Secret": secret}, 204},
		{"verified status ended", secretHook, []byte(`{"message":{"type":"status-update","status":"ended","endedReason":"customer-ended-call","call":{"id":"a"}}}`), map[string]string{"X-Vapi-Secret": secret}, 204},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(sk.Events()) + sk.Dups()
			if got := post(tc.hook, tc.body, tc.h); got != tc.want {
				t.Fatalf("status %d, want %d", got, tc.want)
			}
			if tc.want != 204 && len(sk.Events())+sk.Dups() != before {
				t.Fatal("a refused message was applied")
			}
		})
	}
	if len(sk.Events()) != 1 {
		t.Fatalf("events %+v", sk.Events())
	}
	want := voice.Event{ID: "vapi-call-1:end-of-call-report", Provider: "vapi", ProviderCallID: "vapi-call-1", CallID: "call_9",
		Status: voice.StatusCompleted, At: time.UnixMilli(1772532900000).UTC(), ConnectedSeconds: 60, Outcome: "customer-ended-call",
		EndedBy: "callee_hung_up"} // Vapi's analysis (summary, structured data) is not read
	if diff := cmp.Diff(want, sk.Events()[0]); diff != "" {
		t.Fatalf("event (-want +got):\n%s", diff)
	}

	t.Run("other content types and methods", func(t *testing.T) {
		r := httptest.NewRequest(http.MethodPost, "/w", strings.NewReader("a=b"))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		secretHook.ServeHTTP(w, r)
		if w.Code != 415 {
			t.Fatalf("form: %d", w.Code)
		}
		w = httptest.NewRecorder()
		secretHook.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/w", nil))
		if w.Code != 405 {
			t.Fatalf("GET: %d", w.Code)
		}
	})
	t.Run("sink failure is 500", func(t *testing.T) {
		sk.Fail(errors.New("db down"))
		defer sk.Fail(nil)
		if got := post(secretHook, report("voicemail", 5), map[string]string{"X-Vapi-Secret": secret}); got != 500 {
			t.Fatalf("status %d", got)
		}
	})
}

func TestNewWebhookRefuses(t *testing.T) {
	sk := &telephonytest.Sink{}
	if _, err := vapi.NewWebhook("short", false, sk, sk); err == nil {
		t.Error("short secret accepted")
	}
	if _, err := vapi.NewWebhook(secret, false, nil, sk); err == nil {
		t.Error("nil sink accepted")
	}
	if _, err := vapi.NewWebhook(secret, false, sk, nil); err == nil {
		t.Error("nil tool sink accepted")
	}
}

func TestMapEndedReason(t *testing.T) {
	for _, tc := range []struct {
		reason  string
		seconds int
		want    voice.Status
	}{
		{"customer-did-not-answer", 0, voice.StatusNoAnswer},
		{"customer-busy", 0, voice.StatusBusy},
		{"voicemail", 25, voice.StatusVoicemail},
		{"manually-canceled", 0, voice.StatusCancelled},
		{"call-deleted", 0, voice.StatusCancelled},
		{"twilio-reported-customer-misdialed", 0, voice.StatusRejected},
		{"twilio-failed-to-connect-call", 0, voice.StatusFailed},
		{"call.in-progress.error-sip-outbound-call-failed-to-connect", 0, voice.StatusFailed},
		{"call.start.error-subscription-insufficient-credits", 0, voice.StatusFailed},
		{"assistant-not-found", 0, voice.StatusFailed},
		{"customer-ended-call", 40, voice.StatusCompleted},
		{"assistant-ended-call", 40, voice.StatusCompleted},
		{"assistant-said-end-call-phrase", 12, voice.StatusCompleted},
		{"exceeded-max-duration", 300, voice.StatusCompleted},
		{"silence-timed-out", 30, voice.StatusCompleted},
		{"pipeline-error-openai-llm-failed", 8, voice.StatusCompleted},
		{"pipeline-error-openai-llm-failed", 0, voice.StatusFailed},
		{"customer-ended-call", 0, voice.StatusFailed},
		{"something-new", 0, voice.StatusFailed},
	} {
		if got := vapi.MapEndedReason(tc.reason, tc.seconds); got != tc.want {
			t.Errorf("MapEndedReason(%q, %d) = %q, want %q", tc.reason, tc.seconds, got, tc.want)
		}
	}
}

func TestStatusUpdates(t *testing.T) {
	sk := &telephonytest.Sink{}
	hook, _ := vapi.NewWebhook(secret, false, sk, sk)
	for _, tc := range []struct {
		status string
		want   voice.Status
		apply  bool
	}{
		{"queued", voice.StatusDialing, true}, {"ringing", voice.StatusRinging, true},
		{"in-progress", voice.StatusAnswered, true}, {"forwarding", voice.StatusInProgress, true},
		{"ended", "", false}, {"scheduled", "", false}, {"not-found", "", false}, {"teleported", "", false},
	} {
		body := []byte(`{"message":{"type":"status-update","status":"` + tc.status + `","call":{"id":"v1","assistant":{"metadata":{"dalilCallId":"c7"}}}}}`)
		e, apply, err := hook.Event(body)
		if err != nil || apply != tc.apply || (apply && (e.Status != tc.want || e.ID != "v1:status:"+tc.status || e.CallID != "c7")) {
			t.Errorf("%s: %+v apply %v err %v", tc.status, e, apply, err)
		}
	}
}

// FuzzWebhookEvent feeds arbitrary verified bodies to the parser and the
// handler: never a panic, and an applied end-of-call-report always has a
// valid status and non-negative connected seconds.
func FuzzWebhookEvent(f *testing.F) {
	f.Add(string(report("customer-ended-call", 61.5)))
	f.Add(`{"message":{"type":"status-update","status":"ringing","call":{"id":"x"}}}`)
	f.Add(`{"message":{"type":"end-of-call-report","endedReason":"voicemail","call":{"id":"x"},"startedAt":"2026-01-01T00:00:00Z","endedAt":"2026-01-01T00:01:00Z","durationSeconds":-4}}`)
	f.Add(`{"message":null}`)
	sk := &telephonytest.Sink{}
	hook, _ := vapi.NewWebhook(secret, false, sk, sk)
	f.Fuzz(func(t *testing.T, body string) {
		e, apply, err := hook.Event([]byte(body))
		if err == nil && apply {
			if !e.Status.Valid() || e.ConnectedSeconds < 0 || e.ID == "" || e.ProviderCallID == "" {
				t.Fatalf("event %+v from %q", e, body)
			}
		}
		post(hook, []byte(body), map[string]string{"X-Vapi-Secret": secret})
	})
}
