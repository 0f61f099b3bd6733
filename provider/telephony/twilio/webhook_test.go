package twilio_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/capabilities/voice"
	"dalil/provider/telephony/telephonytest"
	"dalil/provider/telephony/twilio"
	"dalil/provider/telephony/twilio/twiliotest"
)

const route = "/webhooks/voice/twilio"

// serve mounts the client's webhook on a local server and returns the
// public URL of the route.
func serve(t *testing.T, c *twilio.Client, sk voice.EventSink) (string, *twilio.Webhook) {
	t.Helper()
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	hook, err := c.Webhook(srv.URL+route, sk)
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("POST "+route, hook)
	return srv.URL + route, hook
}

func TestSignatureDocumentedExample(t *testing.T) {
	params := url.Values{"CallSid": {"CA1234567890ABCDE"}, "Caller": {"+12349013030"}, "Digits": {"1234"},
		"From": {"+12349013030"}, "To": {"+18005551212"}}
	u := "https://mycompany.com/myapp.php?foo=1&bar=2"
	if got, want := twilio.Signature("12345", u, params), "0/KCTR6DLpKmkAf8muzZqo1nDgQ="; got != want {
		t.Fatalf("Signature = %q, want %q (Twilio's documented example)", got, want)
	}
	if !twilio.Valid("12345", u, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=") {
		t.Fatal("Valid refuses the documented example")
	}
	if !twilio.Valid("12345", "https://mycompany.com:443/myapp.php?foo=1&bar=2", params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=") {
		t.Fatal("Valid refuses the URL with its default port")
	}
	if twilio.Valid("12345", u, params, "") || twilio.Valid("", u, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=") {
		t.Fatal("Valid accepts an empty signature or token")
	}
}

// TestWebhookEndToEnd dials through the fake, which posts the signed
// status callbacks of an answered 125-second call to the webhook.
func TestWebhookEndToEnd(t *testing.T) {
	s := newSetup(t, nil)
	sk := &telephonytest.Sink{}
	events, _ := serve(t, s.c, sk)
	d := dial("call_77")
	d.EventsURL = events
	sid, err := s.c.Dial(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.fake.Complete(sid, 125); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range sk.Events() {
		if e.Provider != "twilio" || e.ProviderCallID != sid || e.CallID != "call_77" || e.At.IsZero() {
			t.Errorf("event %+v", e)
		}
		got = append(got, string(e.Status)+" "+e.ID[len(sid):])
	}
	want := []string{"dialing :0", "ringing :1", "answered :2", "completed :3"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	if last := sk.Events()[3]; last.ConnectedSeconds != 125 {
		t.Fatalf("connected seconds %d", last.ConnectedSeconds)
	}
	// Redelivery: the same event id, acknowledged, not applied again.
	if err := s.fake.Replay(3); err != nil {
		t.Fatal(err)
	}
	if len(sk.Events()) != 4 || sk.Dups() != 1 {
		t.Fatalf("replay applied again: %d events, %d duplicates", len(sk.Events()), sk.Dups())
	}

	// An unanswered call.
	d2 := dial("call_78")
	d2.To, d2.EventsURL = "+96891234570", events
	sid2, _ := s.c.Dial(context.Background(), d2)
	if err := s.fake.NoAnswer(sid2); err != nil {
		t.Fatal(err)
	}
	all := sk.Events()
	if last := all[len(all)-1]; last.Status != voice.StatusNoAnswer || last.ConnectedSeconds != 0 || last.CallID != "call_78" {
		t.Fatalf("no answer: %+v", last)
	}
}

// signed builds a callback to the route as Twilio would send it.
func signed(t *testing.T, tok, fullURL string, p url.Values) *http.Request {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, fullURL, strings.NewReader(p.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("X-Twilio-Signature", twiliotest.Sign(tok, fullURL, p))
	return r
}

func callback(status string, seq string) url.Values {
	return url.Values{"AccountSid": {account}, "CallSid": {"CA11111111111111111111111111111111"}, "CallStatus": {status},
		"SequenceNumber": {seq}, "Timestamp": {"Tue, 03 Mar 2026 10:15:00 +0000"}, "CallbackSource": {"call-progress-events"},
		"To": {callee}, "From": {from}, "CallDuration": {"42"}}
}

func TestWebhookVerification(t *testing.T) {
	const public = "https://dalil.example/webhooks/voice/twilio"
	full := public + "?call=call_9"
	sk := &telephonytest.Sink{}
	hook, err := twilio.NewWebhook(token, public, sk)
	if err != nil {
		t.Fatal(err)
	}
	do := func(r *http.Request) int {
		w := httptest.NewRecorder()
		hook.ServeHTTP(w, r)
		return w.Code
	}
	tests := []struct {
		name string
		req  func() *http.Request
		want int
	}{
		{"valid", func() *http.Request { return signed(t, token, full, callback("ringing", "1")) }, 204},
		{"valid with default port", func() *http.Request {
			r := signed(t, token, "https://dalil.example:443/webhooks/voice/twilio?call=call_9", callback("ringing", "1"))
			return r
		}, 204},
		{"tampered body", func() *http.Request {
			r := signed(t, token, full, callback("completed", "3"))
			p := callback("completed", "3")
			p.Set("CallDuration", "4200")
			r.Body = io.NopCloser(strings.NewReader(p.Encode()))
			return r
		}, 403},
		{"extra parameter", func() *http.Request {
			r := signed(t, token, full, callback("completed", "3"))
			r.Body = io.NopCloser(strings.NewReader(callback("completed", "3").Encode() + "&AnsweredBy=machine_start"))
			return r
		}, 403},
		{"tampered URL (another call id)", func() *http.Request {
			r := signed(t, token, full, callback("completed", "3"))
			r.URL.RawQuery = "call=call_10"
			return r
		}, 403},
		{"missing header", func() *http.Request {
			r := signed(t, token, full, callback("completed", "3"))
			r.Header.Del("X-Twilio-Signature")
			return r
		}, 403},
		{"other token", func() *http.Request { return signed(t, "another-token", full, callback("completed", "3")) }, 403},
		{"JSON body", func() *http.Request {
			r := signed(t, token, full, callback("completed", "3"))
			r.Header.Set("Content-Type", "application/json")
			return r
		}, 415},
		{"GET", func() *http.Request { return httptest.NewRequest(http.MethodGet, full, nil) }, 405},
		{"oversized", func() *http.Request {
			p := callback("completed", "3")
			p.Set("Pad", strings.Repeat("x", 70<<10))
			return signed(t, token, full, p)
		}, 413},
		{"signed without CallSid", func() *http.Request {
			p := callback("completed", "3")
			p.Del("CallSid")
			return signed(t, token, full, p)
		}, 400},
		{"signed unknown status", func() *http.Request { return signed(t, token, full, callback("teleported", "3")) }, 400},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := len(sk.Events()) + sk.Dups()
			if got := do(tc.req()); got != tc.want {
				t.Fatalf("status %d, want %d", got, tc.want)
			}
			applied := len(sk.Events())+sk.Dups() > before
			if applied != (tc.want/100 == 2) {
				t.Fatalf("applied = %v with status %d", applied, tc.want)
			}
		})
	}
	e := sk.Events()[0]
	want := voice.Event{ID: "CA11111111111111111111111111111111:1", Provider: "twilio", ProviderCallID: "CA11111111111111111111111111111111",
		CallID: "call_9", Status: voice.StatusRinging, At: time.Date(2026, 3, 3, 10, 15, 0, 0, time.UTC), Outcome: "ringing"}
	if diff := cmp.Diff(want, e); diff != "" {
		t.Fatalf("event (-want +got):\n%s", diff)
	}

	t.Run("sink failure is 500", func(t *testing.T) {
		sk.Fail(errors.New("database down"))
		defer sk.Fail(nil)
		w := httptest.NewRecorder()
		hook.ServeHTTP(w, signed(t, token, full, callback("completed", "3")))
		if w.Code != 500 || strings.Contains(w.Body.String(), "database") {
			t.Fatalf("status %d body %q", w.Code, w.Body)
		}
	})
}

func TestNewWebhookRefuses(t *testing.T) {
	for _, tc := range []struct {
		tok, u string
		sk     voice.EventSink
	}{
		{"", "https://x/webhooks/voice/twilio", &telephonytest.Sink{}},
		{token, "/webhooks/voice/twilio", &telephonytest.Sink{}},
		{token, "https://x/webhooks/voice/twilio?call=1", &telephonytest.Sink{}},
		{token, "https://x/webhooks/voice/twilio", nil},
	} {
		if h, err := twilio.NewWebhook(tc.tok, tc.u, tc.sk); err == nil || h != nil {
			t.Errorf("NewWebhook(%q, %q) accepted", tc.tok, tc.u)
		}
	}
	var c *twilio.Client
	if _, err := c.Webhook("https://x/y", &telephonytest.Sink{}); err == nil {
		t.Error("a nil client made a webhook")
	}
}

func TestMapStatus(t *testing.T) {
	for _, tc := range []struct {
		status, answeredBy string
		want               voice.Status
		ok                 bool
	}{
		{"queued", "", voice.StatusDialing, true},
		{"initiated", "", voice.StatusDialing, true},
		{"ringing", "", voice.StatusRinging, true},
		{"answered", "", voice.StatusAnswered, true},
		{"in-progress", "", voice.StatusAnswered, true},
		{"completed", "", voice.StatusCompleted, true},
		{"completed", "human", voice.StatusCompleted, true},
		{"completed", "machine_end_beep", voice.StatusVoicemail, true},
		{"completed", "fax", voice.StatusVoicemail, true},
		{"busy", "", voice.StatusBusy, true},
		{"no-answer", "", voice.StatusNoAnswer, true},
		{"failed", "", voice.StatusFailed, true},
		{"canceled", "", voice.StatusCancelled, true},
		{"cancelled", "", "", false},
		{"", "", "", false},
	} {
		got, ok := twilio.MapStatus(tc.status, tc.answeredBy)
		if got != tc.want || ok != tc.ok {
			t.Errorf("MapStatus(%q, %q) = %q, %v; want %q, %v", tc.status, tc.answeredBy, got, ok, tc.want, tc.ok)
		}
		if ok && !got.Valid() {
			t.Errorf("%q maps to an invalid status %q", tc.status, got)
		}
	}
}

func TestEventIDAndDuration(t *testing.T) {
	hook, _ := twilio.NewWebhook(token, "https://x/w", &telephonytest.Sink{})
	p := callback("completed", "")
	p.Del("SequenceNumber")
	e, err := hook.Event(p, "c")
	if err != nil || e.ID != "CA11111111111111111111111111111111:completed" || e.ConnectedSeconds != 42 {
		t.Fatalf("without a sequence number: %+v, %v", e, err)
	}
	p = callback("busy", "2")
	if e, _ := hook.Event(p, "c"); e.ConnectedSeconds != 0 {
		t.Fatalf("a busy call has connected seconds: %+v", e)
	}
	p = callback("completed", "9")
	p.Set("CallDuration", "-5")
	if e, _ := hook.Event(p, "c"); e.ConnectedSeconds != 0 {
		t.Fatalf("negative duration kept: %+v", e)
	}
}

func TestGatherOptOut(t *testing.T) {
	const public = "https://dalil.example/webhooks/voice/twilio"
	for _, tc := range []struct {
		name, lang, speech string
		optOut             bool
	}{
		{"english opt-out", "en", "Please don't call me again.", true},
		{"arabic opt-out", "ar", "لا تتصل بي مرة أخرى", true},
		{"anything else", "en", "Yes, go ahead.", false},
		{"silence", "en", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sk := &telephonytest.Sink{}
			hook, _ := twilio.NewWebhook(token, public, sk)
			full := public + "?call=call_5&step=gather&lang=" + tc.lang
			p := url.Values{"CallSid": {"CA22222222222222222222222222222222"}, "CallStatus": {"in-progress"},
				"SpeechResult": {tc.speech}, "Confidence": {"0.9"}}
			w := httptest.NewRecorder()
			hook.ServeHTTP(w, signed(t, token, full, p))
			if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/xml") {
				t.Fatalf("status %d %s", w.Code, w.Header())
			}
			ev := sk.Events()
			if tc.optOut {
				if len(ev) != 1 || !ev[0].OptOut || ev[0].CallID != "call_5" || ev[0].Status != voice.StatusInProgress {
					t.Fatalf("events %+v", ev)
				}
				if !strings.Contains(w.Body.String(), "<Hangup/>") {
					t.Fatalf("opt-out answer does not hang up: %s", w.Body)
				}
			} else if len(ev) != 0 {
				t.Fatalf("events %+v", ev)
			}
			// The gather step is covered by the signature too.
			r := signed(t, token, full, p)
			r.URL.RawQuery = "call=call_5"
			w = httptest.NewRecorder()
			hook.ServeHTTP(w, r)
			if w.Code != 403 {
				t.Fatalf("tampered step: %d", w.Code)
			}
		})
	}
}

// FuzzWebhook posts signed, arbitrary form bodies and queries: the
// handler never panics, and answers 204 only with a known status and a
// CallSid.
func FuzzWebhook(f *testing.F) {
	f.Add("CallSid=CA1&CallStatus=completed&CallDuration=12&SequenceNumber=3", "call=x")
	f.Add("CallSid=CA1&CallStatus=in-progress&SpeechResult=stop", "call=x&step=gather&lang=ar")
	f.Add("CallStatus=%ZZ", "call=%")
	f.Add("CallSid=&CallStatus=busy&Timestamp=Mon,+02+Jan+2006", "")
	const public = "https://dalil.example/webhooks/voice/twilio"
	hook, _ := twilio.NewWebhook(token, public, &telephonytest.Sink{})
	f.Fuzz(func(t *testing.T, body, query string) {
		p, err := url.ParseQuery(body)
		full := public
		if query != "" {
			full += "?" + query
		}
		r, rerr := http.NewRequest(http.MethodPost, full, strings.NewReader(body))
		if rerr != nil {
			return
		}
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if err == nil {
			r.Header.Set("X-Twilio-Signature", twilio.Signature(token, full, p))
		}
		w := httptest.NewRecorder()
		hook.ServeHTTP(w, r)
		if w.Code == 204 {
			if _, ok := twilio.MapStatus(p.Get("CallStatus"), p.Get("AnsweredBy")); !ok || strings.TrimSpace(p.Get("CallSid")) == "" {
				t.Fatalf("204 for %q", body)
			}
		}
	})
}
