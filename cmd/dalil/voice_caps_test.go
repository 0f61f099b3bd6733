package main

import (
	"path/filepath"
	"strings"
	"testing"

	"dalil/provider/telephony/twilio/twiliotest"
)

// TestVoiceDailyCapsConfigured: `dalil serve` with
// DALIL_VOICE_CALLS_PER_NUMBER_DAY=1 and DALIL_VOICE_CALLS_PER_PAYER_DAY=2
// refuses the second call to a number and the payer's third call with 403
// CALL_NOT_ALLOWED naming the rule and the configured limit, not charged
// and never dialled; the catalogue states the same figures.
func TestVoiceDailyCapsConfigured(t *testing.T) {
	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	addr := freeAddr(t)
	base := "http://" + addr
	db := filepath.Join(t.TempDir(), "dalil.db")
	env := twilioEnv(fake, base)
	env[envVoiceNumberDay], env[envVoicePayerDay] = "1", "2"
	serveAt(t, env, db, addr)
	key := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "10")["apiKey"].(string)
	hdr := map[string]string{"X-API-Key": key}

	if r := post(t, base+voiceRoute, voiceCallBody(voiceNum1, ""), hdr); r.status != 202 {
		t.Fatalf("first call: %d %s", r.status, r.raw)
	}
	if c := credits(t, base, key); money(c) != "8.95" {
		t.Fatalf("credits after the first call %v, want 8.95", c)
	}
	refused := func(r answer, rule string, limit float64, text string) {
		t.Helper()
		if r.status != 403 || r.code() != "CALL_NOT_ALLOWED" || r.details()["rule"] != rule || r.details()["limit"] != limit {
			t.Errorf("want 403 CALL_NOT_ALLOWED %s limit %v: %d %s", rule, limit, r.status, r.raw)
		}
		if !strings.Contains(string(r.raw), text) {
			t.Errorf("message does not say %q: %s", text, r.raw)
		}
		if m := r.meta(); m != nil && m["charged"] == true {
			t.Errorf("a refusal was charged: %s", r.raw)
		}
	}
	// The same number again: the per-number cap of 1.
	refused(post(t, base+voiceRoute, voiceCallBody(voiceNum1, ""), hdr), "number_daily_cap", 1,
		"This number has been called 1 times in the last 24 hours; the limit is 1 a number. Nothing was charged.")
	// Another number is called; a third one meets the payer's cap of 2.
	if r := post(t, base+voiceRoute, voiceCallBody(voiceNum2, ""), hdr); r.status != 202 {
		t.Fatalf("second number: %d %s", r.status, r.raw)
	}
	refused(post(t, base+voiceRoute, voiceCallBody(voiceNum3, ""), hdr), "account_daily_cap", 2,
		"This payer has placed 2 calls in the last 24 hours; the limit is 2 a payer. Nothing was charged.")
	if c := credits(t, base, key); money(c) != "7.90" {
		t.Errorf("credits %v, want 7.90: only the two queued calls' maxima held", c)
	}
	waitFor(t, "both queued calls dialled", func() bool { return fake.Dials(voiceNum1) == 1 && fake.Dials(voiceNum2) == 1 })
	if n := fake.Dials(voiceNum3); n != 0 {
		t.Errorf("the refused call was dialled %d times", n)
	}
	if n := fake.Dials(voiceNum1); n != 1 {
		t.Errorf("%s dialled %d times", voiceNum1, n)
	}

	// The catalogue states the operator's figures.
	r := do(t, "GET", base+"/api/v1/capabilities", "", nil)
	if want := "at most 2 calls a payer (pay-per-call payers share one cap) and 1 a number in 24 hours"; !strings.Contains(string(r.raw), want) {
		t.Errorf("capability %d does not state the caps (%q): %s", r.status, want, r.raw)
	}
}
