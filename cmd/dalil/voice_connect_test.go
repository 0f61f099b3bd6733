package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/voice"
	"dalil/provider/telephony/twilio/twiliotest"
)

// Charge on connect, end to end: a call paid with x402, L402 or MPP
// charge is answered only once it connects (or ends without connecting,
// or the wait runs out), so the test posts it in the background and plays
// the provider meanwhile.

// postAsync posts like post, in the background: the answer arrives on
// the channel (a transport error fails the test).
func postAsync(t *testing.T, url, body string, hdr map[string]string) <-chan answer {
	out := make(chan answer, 1)
	go func() {
		defer close(out)
		req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		if err != nil {
			t.Error(err)
			return
		}
		req.Header.Set("Content-Type", "application/json")
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			return
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		a := answer{status: res.StatusCode, header: res.Header, raw: raw}
		_ = json.Unmarshal(raw, &a.body)
		out <- a
	}()
	return out
}

// notCharged checks a 200 answer of a call that did not connect: not
// charged, why, the call's status, an access token to follow it.
func notCharged(t *testing.T, what string, a answer, status string) {
	t.Helper()
	m, d := a.meta(), a.data()
	if a.status != 200 || m["charged"] != false || m["notChargedReason"] != voice.NotConnected || d["status"] != status ||
		money(d["chargedUsd"]) != "0.00" || !strings.HasPrefix(fmt.Sprint(d["accessToken"]), "ct_") {
		t.Errorf("%s: %d %s", what, a.status, a.raw)
	}
}

// TestVoicePayOnConnectWaitRunsOut: with a short DALIL_VOICE_CONNECT_WAIT
// a call nobody picks up is still ringing when the wait runs out: it is
// cancelled (not_connected_in_time) and hung up at Twilio, the request
// answers 200 not charged, and the x402 payment is never settled.
func TestVoicePayOnConnectWaitRunsOut(t *testing.T) {
	p := startProviders(t)
	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	addr := freeAddr(t)
	base := "http://" + addr
	env := twilioEnv(fake, base)
	for k, v := range p.env {
		if k != "DALIL_LOG_LEVEL" {
			env[k] = v
		}
	}
	env[envVoiceConnectWait] = "3s"
	serveAt(t, env, filepath.Join(t.TempDir(), "dalil.db"), addr)
	url := base + "/api/v1/x402/voice/ai-call-agent"
	body := voiceCallBody(voiceNum1, `,"maxDurationSeconds":120`)
	ch := post(t, url, body, nil)
	if ch.status != 402 {
		t.Fatalf("challenge: %d %s", ch.status, ch.raw)
	}
	_, settlesBefore := p.fac.Calls()
	a := <-postAsync(t, url, body, p.payX402(t, ch, 2))
	notCharged(t, "wait ran out", a, "cancelled")
	if o := a.data()["outcome"]; o != voice.OutcomeNotConnected {
		t.Errorf("outcome %v", o)
	}
	if _, settles := p.fac.Calls(); settles != settlesBefore {
		t.Errorf("the facilitator settled %d payments of a call that never connected", settles-settlesBefore)
	}
	// Dialled before the wait ran out (the usual case), the call was hung
	// up; not dialled by then, it never is.
	if fake.Dials(voiceNum1) > 0 {
		c, _ := fake.Call(twilioSid(t, fake, voiceNum1))
		if c.Hangups == 0 {
			t.Errorf("the ringing call was not hung up: %+v", c)
		}
	} else {
		t.Log("the call was cancelled before its dial job ran")
	}
}
