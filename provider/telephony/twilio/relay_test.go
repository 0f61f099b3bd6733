package twilio_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/converse"
	"dalil/provider/telephony/twilio"
	"dalil/provider/telephony/twilio/twiliotest"
)

// fakeCalls is the voice service as the relay sees it.
type fakeCalls struct {
	mu       sync.Mutex
	begun    []string // callSid of each BeginConversation
	finished []voice.ConversationResult
	done     chan struct{}
}

func (f *fakeCalls) BeginConversation(_ context.Context, id, provider, sid string) (voice.Conversation, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.begun = append(f.begun, sid)
	if id != "call_relay" || provider != twilio.Name {
		return voice.Conversation{}, voice.ErrUnknownCall
	}
	opening, optOut := voice.Disclosure("en", "Acme")
	return voice.Conversation{CallID: id, Capability: "ai_call_agent", Language: "en", Script: voice.Script{Opening: opening, OptOut: optOut},
		Instructions: `{"objective":"Ask whether the shop is open on Friday."}`, MaxSeconds: 300}, nil
}

func (f *fakeCalls) FinishConversation(_ context.Context, id string, res voice.ConversationResult) error {
	f.mu.Lock()
	f.finished = append(f.finished, res)
	f.mu.Unlock()
	close(f.done)
	return nil
}

// echoModel says one sentence a turn.
type echoModel struct{}

func (echoModel) Stream(_ context.Context, req converse.Request, onText func(string) error) (converse.Reply, error) {
	for _, w := range []string{"Thanks, ", "noted. ", "Anything else?"} {
		if err := onText(w); err != nil {
			return converse.Reply{}, err
		}
	}
	return converse.Reply{Text: "Thanks, noted. Anything else?"}, nil
}

// relaySetup is a Twilio client whose relay URL is a local server
// running its Relay, and the fake Twilio that places its calls.
func relaySetup(t *testing.T) (*twiliotest.Server, *fakeCalls, *twilio.Client) {
	t.Helper()
	fake := twiliotest.New(t, account, token)
	var h http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	c, err := twilio.New(twilio.Config{AccountSID: account, AuthToken: token, From: from, BaseURL: fake.BaseURL(),
		RelayURL: "ws" + strings.TrimPrefix(srv.URL, "http") + "/webhooks/voice/twilio/relay"})
	if err != nil {
		t.Fatal(err)
	}
	calls := &fakeCalls{done: make(chan struct{})}
	rl, err := c.Relay(calls, converse.New(echoModel{}, converse.Limits{}, nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	h = rl
	return fake, calls, c
}

// TestRelayRefusesUnsignedUpgrades: no signature, a wrong one, or one
// over another URL is refused 403 before the upgrade; no session begins.
func TestRelayRefusesUnsignedUpgrades(t *testing.T) {
	fake, calls, c := relaySetup(t)
	d := dial("call_relay")
	sid, err := c.Dial(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := fake.RelayURL(sid)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for name, sig := range map[string]string{"none": "", "wrong": "bm90IGEgc2lnbmF0dXJl",
		"other token": twiliotest.Sign("another-token", u, nil), "other URL": twiliotest.Sign(token, u+"x", nil)} {
		_, err := fake.DialRelay(ctx, sid, sig)
		var refused *twiliotest.RelayRefused
		if !errors.As(err, &refused) || refused.Status != http.StatusForbidden {
			t.Errorf("%s: %v", name, err)
		}
	}
	if len(calls.begun) != 0 {
		t.Errorf("a session began: %v", calls.begun)
	}
}

// TestRelaySession: a signed session for a call Dalil placed: the setup
// names it, the engine answers a prompt in text tokens, an opt-out said
// ends it with the confirmation, the outcome is recorded before the end
// message, whose handoffData names it.
func TestRelaySession(t *testing.T) {
	fake, calls, c := relaySetup(t)
	sid, err := c.Dial(context.Background(), dial("call_relay"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := fake.OpenRelay(ctx, sid)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Greeting, "AI assistant calling on behalf of Acme Trading LLC") {
		t.Errorf("greeting %q", r.Greeting)
	}
	if err := r.Prompt(ctx, "Hello, yes?"); err != nil {
		t.Fatal(err)
	}
	said, err := r.Next(ctx)
	if err != nil || said.Text != "Thanks, noted. Anything else?" || said.Tokens < 2 || said.Ended {
		t.Fatalf("first answer %+v, %v", said, err)
	}
	if err := r.DTMF(ctx, "5"); err != nil {
		t.Fatal(err)
	}
	if said, err = r.Next(ctx); err != nil || said.Ended {
		t.Fatalf("answer to a key %+v, %v", said, err)
	}
	if err := r.Prompt(ctx, "Please do not call me again."); err != nil {
		t.Fatal(err)
	}
	said, err = r.Next(ctx)
	if err != nil || !strings.Contains(said.Text, "We will not call this number again") {
		t.Fatalf("opt-out answer %+v, %v", said, err)
	}
	said, err = r.Next(ctx)
	if err != nil || !said.Ended || !strings.Contains(said.HandoffData, `"outcome":"opted_out"`) {
		t.Fatalf("end %+v, %v", said, err)
	}
	<-calls.done
	if len(calls.finished) != 1 || !calls.finished[0].OptOut || calls.begun[0] != sid {
		t.Fatalf("recorded %+v, begun %v", calls.finished, calls.begun)
	}
}

// TestRelayUnknownCall: a signed session whose setup names no call Dalil
// placed ends at once without a conversation.
func TestRelayUnknownCall(t *testing.T) {
	fake, calls, c := relaySetup(t)
	sid, err := c.Dial(context.Background(), dial("call_other"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := fake.OpenRelay(ctx, sid)
	if err != nil {
		t.Fatal(err)
	}
	said, err := r.Next(ctx)
	if err != nil || !said.Ended || !strings.Contains(said.HandoffData, "unknown_call") || len(calls.finished) != 0 {
		t.Fatalf("%+v, %v, finished %d", said, err, len(calls.finished))
	}
}

// FuzzRelayMessage: any bytes decode to a message or an error, never a
// panic; a decoded message has a known type.
func FuzzRelayMessage(f *testing.F) {
	for _, s := range []string{
		`{"type":"setup","sessionId":"VX1","accountSid":"AC1","callSid":"CA1","from":"+1","to":"+2","customParameters":{"call":"call_1"}}`,
		`{"type":"prompt","voicePrompt":"Hi! Can you tell me about life?","lang":"en-US","last":true}`,
		`{"type":"prompt","voicePrompt":"partial","last":false}`,
		`{"type":"interrupt","utteranceUntilInterrupt":"Life is a complex set of","durationUntilInterruptMs":"460"}`,
		`{"type":"interrupt","utteranceUntilInterrupt":"x","durationUntilInterruptMs":460}`,
		`{"type":"dtmf","digit":"1"}`,
		`{"type":"error","description":"Invalid message received"}`,
		`{"type":"setup","customParameters":{"call":7}}`, `[]`, `{"type":5}`, `{`,
	} {
		f.Add([]byte(s))
	}
	known := map[string]bool{twilio.MsgSetup: true, twilio.MsgPrompt: true, twilio.MsgInterrupt: true, twilio.MsgDTMF: true, twilio.MsgError: true}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := twilio.DecodeRelayMessage(b)
		if err == nil && !known[m.Type] {
			t.Fatalf("decoded an unknown type %q", m.Type)
		}
		if err == nil && m.Type == twilio.MsgSetup && m.CallSID == "" {
			t.Fatal("a setup without callSid")
		}
	})
}
