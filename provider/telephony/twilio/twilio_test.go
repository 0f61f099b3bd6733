package twilio_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/voice"
	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/telephony/telephonytest"
	"dalil/provider/telephony/twilio"
	"dalil/provider/telephony/twilio/twiliotest"
)

const (
	account = "AC0123456789abcdef0123456789abcdef"
	token   = "tok-9f8e7d6c5b4a39281706f5e4d3c2b1a0"
	from    = "+15005550006"
	callee  = "+96891234567"
)

func dial(id string) voice.Dial {
	opening, optOut := voice.Disclosure("en", "Acme Trading LLC")
	return voice.Dial{CallID: id, To: callee, Language: "en", Script: voice.Script{Opening: opening, OptOut: optOut},
		Instructions: "Ask whether the shop is open on Friday.", MaxSeconds: 300,
		EventsURL: "https://dalil.example/webhooks/voice/twilio"}
}

type setup struct {
	fake  *twiliotest.Server
	c     *twilio.Client
	waits *[]time.Duration
}

func newSetup(t *testing.T, mod func(*twilio.Config)) setup {
	t.Helper()
	fake := twiliotest.New(t, account, token)
	var waits []time.Duration
	cfg := twilio.Config{AccountSID: account, AuthToken: token, From: from, BaseURL: fake.BaseURL(),
		HTTP: clienttest.Instant(&waits, 300*time.Millisecond)}
	if mod != nil {
		mod(&cfg)
	}
	c, err := twilio.New(cfg)
	if err != nil || c == nil {
		t.Fatalf("New: %v, %v", c, err)
	}
	return setup{fake: fake, c: c, waits: &waits}
}

func TestNewOffUntilConfigured(t *testing.T) {
	c, err := twilio.New(twilio.Config{HTTP: client.Config{Transport: clienttest.NoNetwork(t)}})
	if c != nil || err != nil {
		t.Fatalf("New(empty) = %v, %v; want nil, nil", c, err)
	}
	if c.Configured() {
		t.Fatal("a nil client is configured")
	}
	if _, err := c.Dial(context.Background(), dial("c1")); !errors.Is(err, client.ErrNotConfigured) {
		t.Fatalf("Dial on nil: %v", err)
	}
	if err := c.Hangup(context.Background(), "CA1"); !errors.Is(err, client.ErrNotConfigured) {
		t.Fatalf("Hangup on nil: %v", err)
	}
	if _, err := c.Find(context.Background(), callee, time.Now()); !errors.Is(err, client.ErrNotConfigured) {
		t.Fatalf("Find on nil: %v", err)
	}
}

func TestNewRefusesPartialConfig(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  twilio.Config
		want string
	}{
		{"no token", twilio.Config{AccountSID: account, From: from}, "auth token"},
		{"no from", twilio.Config{AccountSID: account, AuthToken: token}, "From"},
		{"no account", twilio.Config{AuthToken: token, From: from}, "account SID"},
		{"bad account", twilio.Config{AccountSID: "AC12", AuthToken: token, From: from}, "AC followed by"},
		{"bad from", twilio.Config{AccountSID: account, AuthToken: token, From: "0091234"}, "E.164"},
		{"half API key", twilio.Config{AccountSID: account, AuthToken: token, From: from, APIKeySID: "SK0123456789abcdef0123456789abcdef"}, "both"},
		{"bad API key", twilio.Config{AccountSID: account, AuthToken: token, From: from, APIKeySID: "AK1", APIKeySecret: "s3cr3t-key"}, "SK followed"},
		{"http relay", twilio.Config{AccountSID: account, AuthToken: token, From: from, RelayURL: "http://x"}, "wss://"},
		{"bad base", twilio.Config{AccountSID: account, AuthToken: token, From: from, BaseURL: "ftp://x"}, "base URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := twilio.New(tc.cfg)
			if c != nil || err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New = %v, %v; want an error naming %q", c, err, tc.want)
			}
			if strings.Contains(err.Error(), token) || strings.Contains(err.Error(), "s3cr3t-key") {
				t.Fatalf("error shows a secret: %v", err)
			}
		})
	}
}

// TestDialRingsNoLongerThanAsked: a call with RingSeconds (a pay-on-connect
// call, whose payer waits for it to connect) rings that long when it is
// shorter than the configured ring timeout, never longer.
func TestDialRingsNoLongerThanAsked(t *testing.T) {
	s := newSetup(t, nil)
	for _, c := range []struct {
		id   string
		ring int
		want string
	}{{"call_r1", 25, "25"}, {"call_r2", 45, "30"}, {"call_r3", 0, "30"}} {
		d := dial(c.id)
		d.RingSeconds = c.ring
		sid, err := s.c.Dial(context.Background(), d)
		if err != nil {
			t.Fatal(err)
		}
		call, _ := s.fake.Call(sid)
		if got := call.Params.Get("Timeout"); got != c.want {
			t.Errorf("RingSeconds %d: Timeout = %q, want %q", c.ring, got, c.want)
		}
	}
}

func TestDialSendsTwiliosCallCreation(t *testing.T) {
	s := newSetup(t, nil)
	d := dial("call_01")
	d.Record = true
	sid, err := s.c.Dial(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sid, "CA") || s.fake.Dials(callee) != 1 {
		t.Fatalf("sid %q, dials %d", sid, s.fake.Dials(callee))
	}
	call, _ := s.fake.Call(sid)
	p := call.Params
	checks := map[string]string{
		"To": callee, "From": from, "StatusCallbackMethod": "POST", "Timeout": "30", "TimeLimit": "300", "Record": "true",
		"StatusCallback": "https://dalil.example/webhooks/voice/twilio?call=call_01",
	}
	for k, want := range checks {
		if got := p.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if got := strings.Join(p["StatusCallbackEvent"], " "); got != "initiated ringing answered completed" {
		t.Errorf("StatusCallbackEvent = %q", got)
	}
	tw := p.Get("Twiml")
	opening, optOut := voice.Disclosure("en", "Acme Trading LLC")
	io, ia, ig := strings.Index(tw, opening), strings.Index(tw, optOut), strings.Index(tw, "<Gather")
	if io < 0 || ia < 0 || ig < 0 || !(ig < io && io < ia) {
		t.Errorf("TwiML does not gather around the opening then the opt-out: %s", tw)
	}
	if strings.Index(tw, "<Say") != strings.Index(tw, `<Say voice="Google.en-US-Standard-C" language="en-US">`+opening[:5]) {
		t.Errorf("the first thing said is not the disclosure: %s", tw)
	}
	if !strings.Contains(tw, `action="https://dalil.example/webhooks/voice/twilio?call=call_01&amp;step=gather&amp;lang=en"`) {
		t.Errorf("gather action: %s", tw)
	}
	if strings.Contains(tw, d.Instructions) {
		t.Errorf("the instructions are read out to the callee: %s", tw)
	}
	if !strings.HasSuffix(tw, "<Hangup/></Response>") {
		t.Errorf("without a conversation endpoint the call should end: %s", tw)
	}
	auth := s.fake.Last().Header.Get("Authorization")
	if u, pw, ok := (&http.Request{Header: http.Header{"Authorization": {auth}}}).BasicAuth(); !ok || u != account || pw != token {
		t.Errorf("basic auth user %q ok %v", u, ok)
	}

	// No Record unless asked.
	d2 := dial("call_02")
	d2.To = "+96891234568"
	sid2, err := s.c.Dial(context.Background(), d2)
	if err != nil {
		t.Fatal(err)
	}
	if c2, _ := s.fake.Call(sid2); c2.Params.Has("Record") {
		t.Errorf("Record sent though not asked: %v", c2.Params)
	}
}

// TestDialArabicAndConversation: with Dalil's relay, the TwiML connects
// the call to it, the script said first as a greeting that cannot be
// interrupted, the call id as a parameter, then hangs up; answering
// machine detection runs asynchronously, waiting for the beep only when
// a voicemail message is to be left.
func TestDialArabicAndConversation(t *testing.T) {
	s := newSetup(t, func(c *twilio.Config) { c.RelayURL = "wss://dalil.example/webhooks/voice/twilio/relay" })
	opening, optOut := voice.Disclosure("ar", "شركة النور")
	d := dial("call_ar")
	d.Language, d.Script = "ar", voice.Script{Opening: opening, OptOut: optOut, Consent: "This call is recorded."}
	sid, err := s.c.Dial(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	call, _ := s.fake.Call(sid)
	tw := call.Params.Get("Twiml")
	for _, want := range []string{`<Connect><ConversationRelay url="wss://dalil.example/webhooks/voice/twilio/relay"`,
		`welcomeGreeting="` + opening + ` This call is recorded. ` + optOut + `"`, `welcomeGreetingInterruptible="none"`,
		`transcriptionLanguage="ar-AE"`, `voice="ar-XA-Standard-A"`, `<Parameter name="call" value="call_ar"/>`, `</Connect><Hangup/>`} {
		if !strings.Contains(tw, want) {
			t.Errorf("TwiML lacks %q: %s", want, tw)
		}
	}
	if strings.Contains(tw, "<Gather") {
		t.Errorf("the relay's TwiML still gathers: %s", tw)
	}
	p := call.Params
	if p.Get("MachineDetection") != "Enable" || p.Get("AsyncAmd") != "true" ||
		!strings.HasSuffix(p.Get("AsyncAmdStatusCallback"), "?call=call_ar&step=amd") {
		t.Errorf("answering machine detection: %v", p)
	}
	d2 := dial("call_vm")
	d2.VoicemailMessage = "Please call us back."
	sid2, err := s.c.Dial(context.Background(), d2)
	if err != nil {
		t.Fatal(err)
	}
	if c2, _ := s.fake.Call(sid2); c2.Params.Get("MachineDetection") != "DetectMessageEnd" {
		t.Errorf("a call with a voicemail message does not wait for the beep: %v", c2.Params)
	}
	// Without the relay: no machine detection (nothing would act on it).
	s0 := newSetup(t, nil)
	sid0, _ := s0.c.Dial(context.Background(), dial("c0"))
	if c0, _ := s0.fake.Call(sid0); c0.Params.Has("MachineDetection") {
		t.Errorf("machine detection without a relay: %v", c0.Params)
	}
}

func TestDialWithAPIKey(t *testing.T) {
	const key, secret = "SK0123456789abcdef0123456789abcdef", "key-secret-5a4b3c2d1e"
	s := newSetup(t, func(c *twilio.Config) { c.APIKeySID, c.APIKeySecret = key, secret })
	s.fake.AddAPIKey(key, secret)
	if _, err := s.c.Dial(context.Background(), dial("c1")); err != nil {
		t.Fatal(err)
	}
	u, _, _ := (&http.Request{Header: s.fake.Last().Header}).BasicAuth()
	if u != key {
		t.Fatalf("basic auth user %q, want the API key", u)
	}
}

func TestDialRejected(t *testing.T) {
	for _, tc := range []struct {
		status, code int
	}{{400, 21215}, {400, 21216}, {400, 21217}, {400, 13224}, {422, 21211}} {
		s := newSetup(t, nil)
		s.fake.Reject(callee, tc.status, tc.code, "Account not allowed to call "+callee)
		_, err := s.c.Dial(context.Background(), dial("c1"))
		if !errors.Is(err, voice.ErrRejected) || !errors.Is(err, client.ErrUpstream) {
			t.Fatalf("%d: err = %v, want ErrRejected", tc.code, err)
		}
		if strings.Contains(err.Error(), callee) || strings.Contains(err.Error(), token) {
			t.Errorf("%d: the error shows the number or the token: %v", tc.code, err)
		}
		if !strings.Contains(err.Error(), "[number]") {
			t.Errorf("%d: the vendor message was lost: %v", tc.code, err)
		}
		if s.fake.Hits() != 1 {
			t.Errorf("%d: %d requests, want 1 (no retry)", tc.code, s.fake.Hits())
		}
	}
	s := newSetup(t, nil)
	d := dial("c1")
	d.To = "0091234567"
	if _, err := s.c.Dial(context.Background(), d); !errors.Is(err, voice.ErrRejected) || s.fake.Hits() != 0 {
		t.Fatalf("non-E.164: %v, hits %d", err, s.fake.Hits())
	}
}

func TestDialAuthFailureIsNotRejection(t *testing.T) {
	s := newSetup(t, func(c *twilio.Config) { c.AuthToken = "wrong-token-abcdef123456" })
	_, err := s.c.Dial(context.Background(), dial("c1"))
	if err == nil || errors.Is(err, voice.ErrRejected) || client.StatusOf(err) != 401 {
		t.Fatalf("err = %v, want a 401 that is not a rejection", err)
	}
	if strings.Contains(err.Error(), "wrong-token-abcdef123456") {
		t.Fatalf("token in error: %v", err)
	}
}

// TestDialRetries runs the dialling every adapter shares against the
// Twilio fake (telephonytest.Contract): 429, ambiguous failures looked up
// with Find (by number), calls never placed twice.
func TestDialRetries(t *testing.T) {
	telephonytest.Contract{New: func(t *testing.T) telephonytest.Subject {
		s := newSetup(t, nil)
		return telephonytest.Subject{Dialer: s.c, Fake: s.fake, Waits: s.waits, Dial: dial,
			LastCall: func() string { return s.fake.LastCall().Sid }}
	}}.Run(t)
}

func TestFindRestartedDial(t *testing.T) {
	s := newSetup(t, nil)
	start := time.Now()
	sid, err := s.c.Dial(context.Background(), dial("c1"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.c.Find(context.Background(), callee, start)
	if err != nil || got != sid {
		t.Fatalf("Find = %q, %v; want %q", got, err, sid)
	}
	got, err = s.c.Find(context.Background(), "+96891234500", start)
	if err != nil || got != "" {
		t.Fatalf("Find(other number) = %q, %v", got, err)
	}
	got, err = s.c.Find(context.Background(), callee, time.Now().Add(time.Hour))
	if err != nil || got != "" {
		t.Fatalf("Find(later) = %q, %v", got, err)
	}
	// The voice service's port (voice.Finder) looks up by the dial's number.
	var f voice.Finder = s.c
	if got, err := f.FindCall(context.Background(), dial("c1"), start); err != nil || got != sid {
		t.Fatalf("FindCall = %q, %v; want %q", got, err, sid)
	}
}

func TestHangup(t *testing.T) {
	s := newSetup(t, nil)
	sid, err := s.c.Dial(context.Background(), dial("c1"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.c.Hangup(context.Background(), sid); err != nil {
		t.Fatal(err)
	}
	call, _ := s.fake.Call(sid)
	if call.Hangups != 1 || call.Status != "canceled" {
		t.Fatalf("after hang up: %+v", call)
	}
	if len(call.Updates) != 1 || call.Updates[0].Get("Status") != "completed" {
		t.Fatalf("hang up sent %v", call.Updates)
	}
	if err := s.c.Hangup(context.Background(), sid); err != nil {
		t.Fatalf("hanging up an ended call: %v", err)
	}
	if err := s.c.Hangup(context.Background(), "CA00000000000000000000000000000000"); client.StatusOf(err) != 404 {
		t.Fatalf("unknown call: %v", err)
	}
}

func TestSecretsNeverLogged(t *testing.T) {
	var logs bytes.Buffer
	s := newSetup(t, func(c *twilio.Config) {
		c.HTTP.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	s.fake.Push(clienttest.ServerError(500), clienttest.ServerError(500), clienttest.ServerError(500), clienttest.ServerError(500))
	_, err := s.c.Dial(context.Background(), dial("c1"))
	if err == nil {
		t.Fatal("want an error")
	}
	for _, text := range []string{err.Error(), logs.String()} {
		if strings.Contains(text, token) || strings.Contains(text, callee) {
			t.Fatalf("secret or number shown: %s", text)
		}
	}
}
