package twilio_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"dalil/capabilities/voice"
	"dalil/provider/telephony/telephonytest"
	"dalil/provider/telephony/twilio"
	"dalil/provider/telephony/twilio/twiliotest"
)

// machineSink records the machine verdicts (voice.MachineSink).
type machineSink struct {
	telephonytest.Sink
	mu      sync.Mutex
	calls   []string
	message string
}

func (m *machineSink) MachineAnswered(_ context.Context, id, provider, sid string) (string, string, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls = append(m.calls, id+" "+provider+" "+sid)
	return m.message, "en", true, nil
}

// TestMachineDetected: the asynchronous verdict reaches the sink; a
// machine with a message gets the message said then a hang-up, one
// without is hung up at once, a human changes nothing.
func TestMachineDetected(t *testing.T) {
	fake := twiliotest.New(t, account, token)
	c, err := twilio.New(twilio.Config{AccountSID: account, AuthToken: token, From: from, BaseURL: fake.BaseURL(),
		RelayURL: "wss://dalil.example/webhooks/voice/twilio/relay"})
	if err != nil {
		t.Fatal(err)
	}
	sk := &machineSink{message: "Hello, this is an automated AI assistant calling on behalf of Acme. Please call us back."}
	events, _ := serve(t, c, sk)
	place := func(id string) string {
		d := dial(id)
		d.EventsURL = events
		sid, err := c.Dial(context.Background(), d)
		if err != nil {
			t.Fatal(err)
		}
		return sid
	}
	sid := place("call_vm")
	if err := fake.Machine(sid, "machine_end_beep"); err != nil {
		t.Fatal(err)
	}
	call, _ := fake.Call(sid)
	if len(sk.calls) != 1 || sk.calls[0] != "call_vm twilio "+sid || len(call.Plays) != 1 ||
		!strings.Contains(call.Plays[0], "Please call us back.</Say><Hangup/>") {
		t.Fatalf("verdicts %v, plays %v", sk.calls, call.Plays)
	}
	sk.message = ""
	sid2 := place("call_vm2")
	if err := fake.Machine(sid2, "machine_start"); err != nil {
		t.Fatal(err)
	}
	if c2, _ := fake.Call(sid2); c2.Hangups != 1 || len(c2.Plays) != 0 {
		t.Fatalf("no message: %+v", c2)
	}
	sid3 := place("call_human")
	if err := fake.Machine(sid3, "human"); err != nil {
		t.Fatal(err)
	}
	if c3, _ := fake.Call(sid3); c3.Hangups != 0 || len(c3.Plays) != 0 || len(sk.calls) != 2 {
		t.Fatalf("a human: %+v, verdicts %v", c3, sk.calls)
	}
	var _ voice.MachineSink = sk
}
