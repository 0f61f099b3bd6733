package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/internal/safehttp/safehttptest"
	"dalil/internal/testenv"
	"dalil/provider/telephony/twilio/twiliotest"
	"dalil/provider/telephony/vapi/vapitest"
	"dalil/rail/mpp"
	"dalil/rail/mpp/mppsql"
	"dalil/store/sqlstore"
)

// The voice calls end to end: `dalil serve` with Twilio (or Vapi)
// pointed at the vendor's local fake, which records every dial and posts
// signed status events back to the server's webhook route.

const (
	voiceRoute = "/api/v1/voice/ai-call-agent"
	// numbers in Oman, the one country the tests allow.
	voiceNum1 = "+96891234567"
	voiceNum2 = "+96892345678"
	voiceNum3 = "+96893456789"
	voiceNum4 = "+96894567890"
	voiceNum5 = "+96895678901"
	voiceNum6 = "+96896789012"
)

// callBody is an ai_call_agent request to number (maximum 300 s: USD
// 0.30 + 5 × 0.15 = 1.05 held), with extra JSON members.
func voiceCallBody(number, extra string) string {
	return `{"phoneNumber":"` + number + `","objective":"Confirm tomorrow's 10:00 delivery window for order 4471."` + extra + `}`
}

// freeAddr is a loopback address nothing listens on: the server's
// address must be known before it starts, since its public URL (where
// the provider posts events) is part of its configuration.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// serveAt runs `dalil serve` in-process on addr with env, stopped (and
// its error checked) when the test ends.
func serveAt(t *testing.T, env map[string]string, db, addr string) *lockedBuffer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	logs := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", addr, "--db", db}, func(k string) string { return env[k] }, nil, io.Discard, logs)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve returned %v", err)
		}
	})
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(logs.String(), "listening on http://"+addr) {
			return logs
		}
		select {
		case err := <-done:
			done <- err
			t.Fatalf("serve stopped: %v\n%s", err, logs.String())
		default:
		}
	}
	t.Fatalf("server did not start: %s", logs.String())
	return nil
}

// twilioEnv configures Twilio against fake, calls to Oman at any hour.
func twilioEnv(fake *twiliotest.Server, base string) map[string]string {
	return map[string]string{
		envTwilioAccountSID: twiliotest.AccountSID, envTwilioAuthToken: twiliotest.AuthToken, envTwilioFrom: twiliotest.From,
		"DALIL_TWILIO_URL": fake.BaseURL(), "DALIL_BASE_URL": base, envVoiceCountries: "OM", envVoiceHours: "0-24",
		"DALIL_RATE_LIMITS": "free=100000,payg=100000", "DALIL_LOG_LEVEL": "warn",
		// Twilio voice is sold only with a language model (Dalil holds
		// the conversation). These tests never open a conversation, so
		// the model is never called; voice_relay_test.go's tests give a
		// fake one.
		"DALIL_ANTHROPIC_API_KEY": "sk-ant-unused", "DALIL_ANTHROPIC_URL": "http://127.0.0.1:9",
	}
}

// waitFor polls cond until it holds, failing the test after a generous
// deadline (the jobs run on a queue polled every second).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	waitUpTo(t, 30*time.Second, what, cond)
}

// waitUpTo is waitFor with its own deadline.
func waitUpTo(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// doWith is do through client.
func doWith(t *testing.T, client *http.Client, method, url, body string, hdr map[string]string) answer {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a := answer{status: res.StatusCode, header: res.Header, raw: raw}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

func (a answer) data() map[string]any { d, _ := a.body["data"].(map[string]any); return d }

// voiceCall reads a call as key's account.
func voiceCall(t *testing.T, base, key, id string) answer {
	t.Helper()
	return do(t, "GET", base+"/api/v1/voice/calls/"+id, "", map[string]string{"X-API-Key": key})
}

// callStatus is the call's status as its account sees it.
func callStatus(t *testing.T, base, key, id string) string {
	t.Helper()
	s, _ := voiceCall(t, base, key, id).data()["status"].(string)
	return s
}

// twilioSid is the Twilio call placed to number (the only one).
func twilioSid(t *testing.T, fake *twiliotest.Server, number string) string {
	t.Helper()
	waitFor(t, "a dial to "+number, func() bool { return fake.Dials(number) > 0 })
	for _, c := range fake.Calls() {
		if c.To == number {
			return c.Sid
		}
	}
	t.Fatal("no call to " + number)
	return ""
}

// ledgerOf is the account's ledger, newest first.
// moneyOf is an account's credits (through the API) and its ledger rows
// as one string: equal before and after a refused call when nothing moved.
func moneyOf(t *testing.T, base, key, db, acct string) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "credits %.2f;", credits(t, base, key))
	for _, e := range ledgerOf(t, db, acct) {
		fmt.Fprintf(&b, " %d:%s:%d", e.ID, e.Kind, e.Amount)
	}
	return b.String()
}

func ledgerOf(t *testing.T, db, acct string) []dalil.LedgerEntry {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out []dalil.LedgerEntry
	for before := int64(0); ; {
		page, err := st.Ledger(context.Background(), acct, 200, before)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			return out
		}
		out = append(out, page...)
		before = page[len(page)-1].ID
	}
}

// requestEntries are the ledger's kind:amount entries of one request,
// oldest first.
func requestEntries(entries []dalil.LedgerEntry, requestID string) []string {
	var out []string
	for i := len(entries) - 1; i >= 0; i-- {
		if e := entries[i]; e.RequestID == requestID {
			out = append(out, fmt.Sprintf("%s:%.2f", e.Kind, e.Amount.Float()))
		}
	}
	return out
}

func money(v any) string {
	f, ok := v.(float64)
	if !ok {
		return fmt.Sprint(v)
	}
	return fmt.Sprintf("%.2f", f)
}

func TestVoiceEndToEndSQLite(t *testing.T) {
	testVoiceEndToEnd(t, filepath.Join(t.TempDir(), "dalil.db"))
}

func TestVoiceEndToEndPostgres(t *testing.T) {
	testVoiceEndToEnd(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

// testVoiceEndToEnd: an account's call is queued (202, the maximum
// held), dialled exactly once, completed by the provider after 125
// connected seconds, and settled (USD 0.61 kept, 0.44 refunded: the
// ledger shows both); a call nobody answers is refunded in full; another
// account cannot see a call; the list is newest first with a cursor; a
// ringing call is cancelled and hung up; a webhook with a bad signature
// changes nothing; a private callbackUrl is refused before any charge.
func testVoiceEndToEnd(t *testing.T, db string) {
	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	addr := freeAddr(t)
	base := "http://" + addr
	logs := serveAt(t, twilioEnv(fake, base), db, addr)
	a := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "10")
	key, acct := a["apiKey"].(string), a["accountId"].(string)
	other := cli(t, db, "accounts", "create", "--name", "other", "--credits", "10")["apiKey"].(string)
	hdr := map[string]string{"X-API-Key": key}

	// Queued: 202, the maximum held.
	r := post(t, base+voiceRoute, voiceCallBody(voiceNum1, ""), hdr)
	d := r.data()
	id, _ := d["callId"].(string)
	if r.status != 202 || d["status"] != "queued" || id == "" || money(d["maxChargeUsd"]) != "1.05" || d["chargedUsd"] != nil {
		t.Fatalf("queue a call: %d %s", r.status, r.raw)
	}
	reqID, _ := r.meta()["requestId"].(string)
	if c := credits(t, base, key); money(c) != "8.95" {
		t.Errorf("credits after queueing %v, want 8.95 (the maximum held)", c)
	}

	// Dialled once, through the fake, with the script and Dalil's events URL.
	sid := twilioSid(t, fake, voiceNum1)
	call, _ := fake.Call(sid)
	if cb := call.StatusCallback; cb != base+"/webhooks/voice/twilio?call="+id {
		t.Errorf("status callback %q", cb)
	}
	if tw := call.Params.Get("Twiml"); !strings.Contains(tw, "automated AI assistant") || call.Params.Get("TimeLimit") != "300" || call.From != twiliotest.From {
		t.Errorf("dial params %v", call.Params)
	}
	waitFor(t, "the call dialing", func() bool { return callStatus(t, base, key, id) == "dialing" })

	// Another account: 404, as for an unknown id; no key: 401.
	if g := voiceCall(t, base, other, id); g.status != 404 || g.code() != "NOT_FOUND" {
		t.Errorf("another account's GET: %d %s", g.status, g.raw)
	}
	if g := do(t, "GET", base+"/api/v1/voice/calls/"+id, "", nil); g.status != 401 {
		t.Errorf("GET without a key: %d %s", g.status, g.raw)
	}

	// A webhook with a bad signature is refused and changes nothing.
	before := voiceCall(t, base, key, id).data()
	form := url.Values{"AccountSid": {twiliotest.AccountSID}, "CallSid": {sid}, "CallStatus": {"completed"}, "CallDuration": {"3600"}, "SequenceNumber": {"9"}}
	forged := twiliotest.Sign("not-the-auth-token", base+"/webhooks/voice/twilio?call="+id, form)
	for _, sig := range []string{forged, ""} {
		req, _ := http.NewRequest("POST", base+"/webhooks/voice/twilio?call="+id, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if sig != "" {
			req.Header.Set("X-Twilio-Signature", sig)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 403 {
			t.Errorf("webhook signed %q: %d, want 403", sig, res.StatusCode)
		}
	}
	if after := voiceCall(t, base, key, id).data(); after["status"] != before["status"] || after["updatedAt"] != before["updatedAt"] {
		t.Errorf("a refused webhook changed the call: %v → %v", before, after)
	}

	// The provider completes it: 125 connected seconds, USD 0.61.
	if err := fake.Complete(sid, 125); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	waitFor(t, "the settlement", func() bool {
		got = voiceCall(t, base, key, id).data()
		return got["refundedUsd"] != nil
	})
	if got["status"] != "completed" || got["durationSeconds"] != 125.0 || money(got["chargedUsd"]) != "0.61" || money(got["refundedUsd"]) != "0.44" ||
		got["answered"] != true || got["completedAt"] == nil {
		t.Errorf("completed call: %v", got)
	}
	if c := credits(t, base, key); money(c) != "9.39" {
		t.Errorf("credits after settlement %v, want 9.39", c)
	}
	if e := requestEntries(ledgerOf(t, db, acct), reqID); strings.Join(e, " ") != "charge:-1.05 refund:0.44" {
		t.Errorf("ledger of the call's request: %v, want the maximum charged then 1.05-0.61 refunded", e)
	}
	// A redelivered event changes nothing either.
	if err := fake.Replay(len(fake.Deliveries()) - 1); err != nil {
		t.Fatal(err)
	}
	if n := fake.Dials(voiceNum1); n != 1 {
		t.Errorf("%d dials of one call", n)
	}

	// Nobody answers: everything refunded.
	r = post(t, base+voiceRoute, voiceCallBody(voiceNum2, ""), hdr)
	id2, _ := r.data()["callId"].(string)
	if r.status != 202 {
		t.Fatalf("second call: %d %s", r.status, r.raw)
	}
	if err := fake.NoAnswer(twilioSid(t, fake, voiceNum2)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the no-answer settlement", func() bool { return voiceCall(t, base, key, id2).data()["refundedUsd"] != nil })
	if g := voiceCall(t, base, key, id2).data(); g["status"] != "no_answer" || money(g["chargedUsd"]) != "0.00" || money(g["refundedUsd"]) != "1.05" || g["durationSeconds"] != 0.0 {
		t.Errorf("no-answer call: %v", g)
	}
	if c := credits(t, base, key); money(c) != "9.39" {
		t.Errorf("credits after a no-answer %v, want 9.39 (all of it refunded)", c)
	}

	// Cancelled while ringing: hung up at the provider, nothing kept.
	r = post(t, base+voiceRoute, voiceCallBody(voiceNum3, ""), hdr)
	id3, _ := r.data()["callId"].(string)
	sid3 := twilioSid(t, fake, voiceNum3)
	if err := fake.Send(sid3, "ringing", nil); err != nil {
		t.Fatal(err)
	}
	c := post(t, base+"/api/v1/voice/calls/"+id3+"/cancel", "", map[string]string{"X-API-Key": other})
	if c.status != 404 {
		t.Errorf("another account's cancel: %d %s", c.status, c.raw)
	}
	c = post(t, base+"/api/v1/voice/calls/"+id3+"/cancel", "", hdr)
	if c.status != 200 || c.data()["status"] != "cancelled" || money(c.data()["chargedUsd"]) != "0.00" {
		t.Fatalf("cancel: %d %s", c.status, c.raw)
	}
	if fc, _ := fake.Call(sid3); fc.Hangups != 1 {
		t.Errorf("the cancelled call was hung up %d times at the provider", fc.Hangups)
	}
	if c = post(t, base+"/api/v1/voice/calls/"+id3+"/cancel", "", hdr); c.status != 409 || c.code() != "INVALID_CALL_TRANSITION" {
		t.Errorf("second cancel: %d %s", c.status, c.raw)
	}
	waitFor(t, "the cancel's settlement", func() bool { return money(credits(t, base, key)) == "9.39" })

	// A callbackUrl that is not a public https address: 400 before any charge.
	for _, cb := range []string{"https://127.0.0.1/hook", "https://169.254.169.254/latest", "http://hooks.example/x", "https://10.1.2.3/x"} {
		r = post(t, base+voiceRoute, voiceCallBody(voiceNum4, `,"callbackUrl":"`+cb+`"`), hdr)
		if r.status != 400 || r.code() != "INVALID_INPUT" || !strings.Contains(string(r.raw), "callbackUrl") {
			t.Errorf("callbackUrl %s: %d %s", cb, r.status, r.raw)
		}
	}
	// Refused by the safety gate: not charged either.
	r = post(t, base+voiceRoute, voiceCallBody("+97143000000", ""), hdr)
	if r.status != 403 || r.code() != "CALL_NOT_ALLOWED" || r.details()["rule"] != "country_not_allowed" {
		t.Errorf("a number outside DALIL_VOICE_COUNTRIES: %d %s", r.status, r.raw)
	}
	if c := credits(t, base, key); money(c) != "9.39" {
		t.Errorf("credits after refusals %v, want 9.39", c)
	}
	if n := fake.Dials(voiceNum4); n != 0 {
		t.Errorf("a refused call was dialled %d times", n)
	}

	// The list: newest first, a page at a time.
	var ids []string
	cursor := ""
	for range 5 {
		q := "?limit=2"
		if cursor != "" {
			q += "&before=" + cursor
		}
		l := do(t, "GET", base+"/api/v1/voice/calls"+q, "", hdr)
		if l.status != 200 {
			t.Fatalf("list: %d %s", l.status, l.raw)
		}
		for _, c := range l.data()["calls"].([]any) {
			ids = append(ids, c.(map[string]any)["callId"].(string))
		}
		next, _ := l.data()["nextCursor"].(string)
		if next == "" {
			break
		}
		cursor = next
	}
	if strings.Join(ids, ",") != strings.Join([]string{id3, id2, id}, ",") {
		t.Errorf("listed %v, want %v (newest first)", ids, []string{id3, id2, id})
	}
	if l := do(t, "GET", base+"/api/v1/voice/calls", "", map[string]string{"X-API-Key": other}); l.status != 200 || len(l.data()["calls"].([]any)) != 0 {
		t.Errorf("another account's list: %d %s", l.status, l.raw)
	}
	for _, n := range []string{voiceNum1, voiceNum2, voiceNum3} {
		if d := fake.Dials(n); d != 1 {
			t.Errorf("%s dialled %d times", n, d)
		}
	}
	if strings.Contains(logs.String(), twiliotest.AuthToken) {
		t.Error("the auth token is in the log")
	}
}

// TestVoiceNotConfigured: without a telephony provider the voice
// capabilities answer 503 PROVIDER_NOT_CONFIGURED, not charged, with no
// outbound request and no webhook route.
func TestVoiceNotConfigured(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	base, _ := serveOn(t, map[string]string{"DALIL_RATE_LIMITS": "free=100000"}, db)
	// The test's own requests use a transport of their own; any other
	// outbound connection fails the test.
	local := &http.Client{Transport: &http.Transport{}}
	noDial(t)
	post := func(t *testing.T, url, body string, hdr map[string]string) answer {
		return doWith(t, local, "POST", url, body, hdr)
	}
	do := func(t *testing.T, method, url, body string, hdr map[string]string) answer {
		return doWith(t, local, method, url, body, hdr)
	}
	key := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "10")["apiKey"].(string)
	hdr := map[string]string{"X-API-Key": key}
	for _, route := range []string{voiceRoute, "/api/v1/voice/lead-qualifier", "/api/v1/voice/appointment-call-agent"} {
		body := voiceCallBody(voiceNum1, "")
		if strings.Contains(route, "appointment") {
			body = voiceCallBody(voiceNum1, `,"action":"book","appointmentType":"viewing","availableSlots":["2026-12-01T10:00:00+04:00"]`)
		}
		r := post(t, base+route, body, hdr)
		if r.status != 503 || r.code() != "PROVIDER_NOT_CONFIGURED" || r.meta()["charged"] == true {
			t.Errorf("%s: %d %s", route, r.status, r.raw)
		}
	}
	if g := do(t, "GET", base+"/api/v1/voice/calls/call_x", "", hdr); g.status != 503 || g.code() != "PROVIDER_NOT_CONFIGURED" {
		t.Errorf("calls route: %d %s", g.status, g.raw)
	}
	if w := post(t, base+"/webhooks/voice/twilio", "", nil); w.status != 404 {
		t.Errorf("webhook route without a provider: %d %s", w.status, w.raw)
	}
	if c := credits(t, base, key); c != 10 {
		t.Errorf("credits %v after refusals, want 10", c)
	}
}

// TestVoiceVapiEndToEnd: the same life through Vapi, whose fake posts
// status updates and the end-of-call report with X-Vapi-Secret: 125
// connected seconds, USD 0.61, the summary and facts; a message with a
// wrong secret is refused.
func TestVoiceVapiEndToEnd(t *testing.T) {
	const apiKey, phoneID, secret = "vapi-e2e-key-0123456789", "phone-e2e-1", "vapi-webhook-secret-0123456789"
	fake := vapitest.New(t, apiKey, phoneID)
	addr := freeAddr(t)
	base := "http://" + addr
	db := filepath.Join(t.TempDir(), "dalil.db")
	env := map[string]string{envVapiAPIKey: apiKey, envVapiPhoneNumberID: phoneID, envVapiWebhookSecret: secret, "DALIL_VAPI_URL": fake.BaseURL(),
		"DALIL_BASE_URL": base, envVoiceCountries: "OM", envVoiceHours: "0-24", "DALIL_RATE_LIMITS": "free=100000", "DALIL_LOG_LEVEL": "warn"}
	logs := serveAt(t, env, db, addr)
	key := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "10")["apiKey"].(string)
	hdr := map[string]string{"X-API-Key": key}

	r := post(t, base+voiceRoute, voiceCallBody(voiceNum1, `,"language":"ar","safety":{"transcription":true,"consentNotice":"This call is transcribed."}`), hdr)
	id, _ := r.data()["callId"].(string)
	if r.status != 202 || id == "" {
		t.Fatalf("queue: %d %s", r.status, r.raw)
	}
	if !fake.WaitCalls(1, 30*time.Second) {
		t.Fatal("no dial")
	}
	vc := fake.LastCall()
	if fake.Dials(voiceNum1) != 1 || vc.ID == "" {
		t.Fatalf("dials %d", fake.Dials(voiceNum1))
	}
	// Forged: refused, nothing applied.
	req, _ := http.NewRequest("POST", base+"/webhooks/voice/vapi", strings.NewReader(`{"message":{"type":"end-of-call-report","endedReason":"customer-ended-call","durationSeconds":3600,"call":{"id":"`+vc.ID+`"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Vapi-Secret", "wrong-secret-0123456789")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 401 {
		t.Errorf("forged message: %d, want 401", res.StatusCode)
	}
	if s := callStatus(t, base, key, id); voice.Status(s).Terminal() {
		t.Fatalf("a forged message ended the call: %s", s)
	}
	if err := fake.Complete(vc.ID, 125); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	waitFor(t, "the settlement", func() bool { got = voiceCall(t, base, key, id).data(); return got["refundedUsd"] != nil })
	if got["status"] != "completed" || got["durationSeconds"] != 125.0 || money(got["chargedUsd"]) != "0.61" || money(got["refundedUsd"]) != "0.44" {
		t.Errorf("completed: %v", got)
	}
	if c := credits(t, base, key); math.Abs(c-9.39) > 1e-9 {
		t.Errorf("credits %v, want 9.39", c)
	}
	if fake.Dials(voiceNum1) != 1 {
		t.Errorf("%d dials", fake.Dials(voiceNum1))
	}
	for _, s := range []string{apiKey, secret} {
		if strings.Contains(logs.String(), s) {
			t.Errorf("a Vapi secret is in the log")
		}
	}
}

// TestVoiceCallbackEndToEnd: the completion is delivered to the
// callbackUrl on a local TLS receiver reached through internal/safehttp's
// production checks (only the resolver and dialer are the test's), signed
// with the call's callbackSecret (X-Dalil-Signature verifies), and a host
// resolving to a private address is refused at placement, before any
// charge, and never dialled.
func TestVoiceCallbackEndToEnd(t *testing.T) {
	type hook struct {
		header http.Header
		body   []byte
	}
	var mu sync.Mutex
	var hooks []hook
	receiver := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		hooks = append(hooks, hook{r.Header.Clone(), b})
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}), "hooks.test.example")
	receiver.Resolve("intranet.test.example", "10.1.2.3")

	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	var handler http.Handler
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	base := "http://" + ts.Listener.Addr().String()
	db := filepath.Join(t.TempDir(), "dalil.db")
	env := twilioEnv(fake, base)
	env["DALIL_DB"] = db
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fetch = receiver.Options()
	ctx := context.Background()
	svc, err := buildServer(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	if err := svc.voice.start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.voice.stop)
	handler = svc.api
	ts.Start()
	t.Cleanup(ts.Close)
	key := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "10")["apiKey"].(string)
	hdr := map[string]string{"X-API-Key": key}

	// A host resolving to a private address: 400, not charged, not dialled.
	r := post(t, base+voiceRoute, voiceCallBody(voiceNum5, `,"callbackUrl":"https://intranet.test.example/hook"`), hdr)
	if r.status != 400 || r.code() != "INVALID_INPUT" {
		t.Errorf("private callback host: %d %s", r.status, r.raw)
	}
	if c := credits(t, base, key); c != 10 {
		t.Errorf("credits %v after a refused callbackUrl", c)
	}
	for _, a := range receiver.Dialed() {
		if strings.HasPrefix(a, "10.") {
			t.Errorf("dialled the private address %s", a)
		}
	}

	r = post(t, base+voiceRoute, voiceCallBody(voiceNum6, `,"callbackUrl":"https://hooks.test.example/calls"`), hdr)
	d := r.data()
	id, _ := d["callId"].(string)
	secret, _ := d["callbackSecret"].(string)
	if r.status != 202 || !strings.HasPrefix(secret, "whsec_") {
		t.Fatalf("queue: %d %s", r.status, r.raw)
	}
	if got := voiceCall(t, base, key, id).data(); got["callbackSecret"] != nil {
		t.Error("the callback secret is shown again")
	}
	if err := fake.Complete(twilioSid(t, fake, voiceNum6), 30); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the callback", func() bool { mu.Lock(); defer mu.Unlock(); return len(hooks) > 0 })
	mu.Lock()
	h := hooks[0]
	mu.Unlock()
	if err := voice.VerifyCallback(secret, h.header.Get(voice.HeaderSignature), h.body, time.Now()); err != nil {
		t.Errorf("callback signature: %v", err)
	}
	if voice.VerifyCallback("whsec_other", h.header.Get(voice.HeaderSignature), h.body, time.Now()) == nil {
		t.Error("the signature verifies with another secret")
	}
	if h.header.Get(voice.HeaderEvent) != voice.EventCompleted || !regexp.MustCompile(`^dlv_`).MatchString(h.header.Get(voice.HeaderDelivery)) ||
		!strings.Contains(string(h.body), `"callId":"`+id+`"`) || !strings.Contains(string(h.body), `"status":"completed"`) {
		t.Errorf("callback %v %s", h.header, h.body)
	}
	waitFor(t, "callback delivered", func() bool { return voiceCall(t, base, key, id).data()["callbackStatus"] == "delivered" })
}

// TestVoicePayPerCallEndToEnd: a call paid on x402, L402 and MPP charge
// is queued with an access token, dialled once the rail's payment
// settled, read and cancelled only with X-Call-Token, and keeps the
// maximum it paid whatever the call's length (those rails cannot refund
// a part). A call drawn from an MPP budget session gives maximum − actual
// back to the session's budget when it is settled, and the session's
// close refunds it on chain with the rest of the unused budget.
func TestVoicePayPerCallEndToEnd(t *testing.T) {
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
	serveAt(t, env, filepath.Join(t.TempDir(), "dalil.db"), addr)
	// settled counts the payments each rail settled: the facilitator's
	// settlements (x402), the MPP transfers broadcast (MPP charge), the
	// L402 tokens spent (a settled token is refused when presented again).
	settled := func() (x402, mpp int) {
		_, s := p.fac.Calls()
		return s, len(p.rpc.Sent())
	}
	for i, rail := range []struct {
		name, url string
		pay       func(answer) map[string]string
	}{
		{"x402", base + "/api/v1/x402/voice/ai-call-agent", func(a answer) map[string]string { return p.payX402(t, a, 2) }},
		{"l402", base + "/api/v1/l402/voice/ai-call-agent", func(a answer) map[string]string { return p.payL402(t, a) }},
		{"mpp", base + "/api/v1/mpp/charge/ai_call_agent", func(a answer) map[string]string { return p.payMPP(t, a) }},
	} {
		// Nobody answers: the request waited for the call, which ended
		// no_answer; 200 not charged, nothing settled on the rail.
		unanswered := []string{"+96891234568", "+96892345679", "+96893456780"}[i]
		nb := voiceCallBody(unanswered, `,"maxDurationSeconds":120`)
		ch := post(t, rail.url, nb, nil)
		if ch.status != 402 {
			t.Fatalf("%s challenge: %d %s", rail.name, ch.status, ch.raw)
		}
		pay := rail.pay(ch)
		x0, m0 := settled()
		pending := postAsync(t, rail.url, nb, pay)
		nsid := twilioSid(t, fake, unanswered)
		if c, _ := fake.Call(nsid); c.Params.Get("Timeout") != "25" {
			t.Errorf("%s: Twilio rings %s s, want 25 (shorter than the 35 s wait)", rail.name, c.Params.Get("Timeout"))
		}
		if err := fake.NoAnswer(nsid); err != nil {
			t.Fatal(err)
		}
		na := <-pending
		notCharged(t, rail.name+" no answer", na, "no_answer")
		if x1, m1 := settled(); x1 != x0 || m1 != m0 {
			t.Errorf("%s: a call nobody answered was settled (x402 %d, mpp %d)", rail.name, x1-x0, m1-m0)
		}

		// Answered: the request answers 202 with the connected call once
		// the rail settled the payment, once; the call costs the maximum.
		number := []string{voiceNum4, voiceNum5, voiceNum6}[i]
		body := voiceCallBody(number, `,"maxDurationSeconds":120`) // 0.30 + 2 × 0.15 = 0.60
		if rail.name != "l402" {
			ch := post(t, rail.url, body, nil)
			if ch.status != 402 {
				t.Fatalf("%s challenge: %d %s", rail.name, ch.status, ch.raw)
			}
			pay = rail.pay(ch)
		} // L402: the token of the unanswered call was released, and pays this one.
		pending = postAsync(t, rail.url, body, pay)
		sid := twilioSid(t, fake, number)
		for _, st := range []string{"initiated", "ringing", "in-progress"} {
			if err := fake.Send(sid, st, nil); err != nil {
				t.Fatal(err)
			}
		}
		r := <-pending
		d := r.data()
		id, _ := d["callId"].(string)
		token, _ := d["accessToken"].(string)
		if r.status != 202 || !strings.HasPrefix(token, "ct_") || money(d["maxChargeUsd"]) != "0.60" || d["status"] != "answered" ||
			r.meta()["paymentMethod"] != rail.name || r.meta()["charged"] != nil {
			t.Fatalf("%s: %d %s", rail.name, r.status, r.raw)
		}
		x2, m2 := settled()
		switch {
		case rail.name == "x402" && x2 != x0+1, rail.name == "mpp" && m2 != m0+1, rail.name == "l402" && (x2 != x0 || m2 != m0):
			t.Errorf("%s: settlements x402 %d, mpp %d; want one on its own rail", rail.name, x2-x0, m2-m0)
		}
		if rail.name == "l402" {
			// Spent now: presented again, it pays nothing more.
			again := post(t, rail.url, voiceCallBody(voiceNum3, `,"maxDurationSeconds":120`), pay)
			if again.status < 400 {
				t.Errorf("a spent L402 token paid again: %d %s", again.status, again.raw)
			}
		}
		tok := map[string]string{"X-Call-Token": token}
		if g := do(t, "GET", base+"/api/v1/voice/calls/"+id, "", map[string]string{"X-Call-Token": "ct_wrong"}); g.status != 404 {
			t.Errorf("%s: a wrong token reads the call: %d", rail.name, g.status)
		}
		if g := do(t, "GET", base+"/api/v1/voice/calls", "", tok); g.status != 401 {
			t.Errorf("%s: a token lists calls: %d %s", rail.name, g.status, g.raw)
		}
		if err := fake.Send(sid, "completed", url.Values{"CallDuration": {"30"}, "Duration": {"1"}}); err != nil {
			t.Fatal(err)
		}
		var g map[string]any
		waitFor(t, rail.name+" call settled", func() bool {
			g = do(t, "GET", base+"/api/v1/voice/calls/"+id, "", tok).data()
			return g["status"] == "completed" && strings.Contains(fmt.Sprint(g["billing"]), "the maximum was paid")
		})
		if g["durationSeconds"] != 30.0 || money(g["chargedUsd"]) != "0.60" || g["refundedUsd"] != nil {
			t.Errorf("%s: %v", rail.name, g)
		}
		if n := fake.Dials(number); n != 1 {
			t.Errorf("%s: %d dials", rail.name, n)
		}
		g = do(t, "GET", base+"/api/v1/voice/calls/"+fmt.Sprint(na.data()["callId"]), "", map[string]string{"X-Call-Token": fmt.Sprint(na.data()["accessToken"])}).data()
		if g["status"] != "no_answer" || money(g["chargedUsd"]) != "0.00" || fake.Dials(unanswered) != 1 {
			t.Errorf("%s: the unanswered call: %v", rail.name, g)
		}
	}

	// An MPP budget session draws the maximum; the call is placed once
	// the draw committed; settled, the USD 0.22 it did not use (0.60 −
	// 0.38 for 30 s) goes back to the session's budget.
	open := `{"maxBudget":"1.00","currency":"USD","allowedTools":["ai_call_agent"]}`
	created := post(t, base+"/api/v1/mpp/sessions", open, p.payMPP(t, post(t, base+"/api/v1/mpp/sessions", open, nil)))
	sess, _ := created.data()["id"].(string)
	if created.status != 201 || sess == "" {
		t.Fatalf("open session: %d %s", created.status, created.raw)
	}
	session := func() map[string]any { return do(t, "GET", base+"/api/v1/mpp/sessions/"+sess, "", nil).data() }
	const sessNum = "+96897890123"
	r := post(t, base+"/api/v1/mpp/sessions/"+sess+"/tools/ai_call_agent", voiceCallBody(sessNum, `,"maxDurationSeconds":120`), map[string]string{"Idempotency-Key": "call-1"})
	id, _ := r.data()["callId"].(string)
	token, _ := r.data()["accessToken"].(string)
	if r.status != 202 || token == "" {
		t.Fatalf("session call: %d %s", r.status, r.raw)
	}
	if sd := session(); sd["spent"] != "0.60" || sd["remaining"] != "0.40" {
		t.Errorf("session after the draw: %v", sd)
	}
	if err := fake.Complete(twilioSid(t, fake, sessNum), 30); err != nil {
		t.Fatal(err)
	}
	tok := map[string]string{"X-Call-Token": token}
	var g map[string]any
	waitFor(t, "session call settled", func() bool {
		g = do(t, "GET", base+"/api/v1/voice/calls/"+id, "", tok).data()
		return g["status"] == "completed" && g["refundedUsd"] != nil
	})
	if money(g["chargedUsd"]) != "0.38" || money(g["refundedUsd"]) != "0.22" || g["durationSeconds"] != 30.0 ||
		!strings.Contains(fmt.Sprint(g["billing"]), "went back to the session") || fake.Dials(sessNum) != 1 {
		t.Errorf("session call: %v, %d dials", g, fake.Dials(sessNum))
	}
	if sd := session(); sd["spent"] != "0.38" || sd["remaining"] != "0.62" || sd["status"] != "active" {
		t.Errorf("session after settlement: %v, want spent 0.38 and remaining 0.62", sd)
	}
	// The close claims only what the call cost and refunds the rest.
	sent := len(p.rpc.Sent())
	cl := post(t, base+"/api/v1/mpp/sessions/"+sess+"/close", "", nil)
	if cl.status != 200 || cl.data()["status"] != "closed" {
		t.Fatalf("close: %d %s", cl.status, cl.raw)
	}
	rc := decodeB64JSON(t, base64.RawURLEncoding, cl.header.Get("Payment-Receipt"))
	if rc["spent"] != "380000" || rc["refunded"] != "620000" || len(p.rpc.Sent())-sent != 1 {
		t.Errorf("close receipt %v, %d refunds broadcast; want 380000 spent and 620000 refunded", rc, len(p.rpc.Sent())-sent)
	}
}

// TestVoiceSessionRefundsAdapter: the voice service's SessionRefunds on
// the MPP session store gives a committed draw's unused part back once,
// and answers voice.ErrSessionClosed for a closing session and
// dalil.ErrNotFound for a draw that is missing, released or in flight.
func TestVoiceSessionRefundsAdapter(t *testing.T) {
	ctx := context.Background()
	store, err := sqlstore.Open(ctx, filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{Modules: []sqlstore.Module{mppsql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	st := mppsql.NewSessions(store.DB())
	now := time.Now().UTC()
	for _, id := range []string{"mpps_open", "mpps_closing"} {
		if err := st.Create(ctx, mpp.Session{ID: id, Status: mpp.SessionActive, Payer: "0xabc", Budget: dalil.USD, AllowedTools: []string{"ai_call_agent"},
			DepositTx: "0xdep" + id, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: id, Key: "call", Tool: "ai_call_agent", Amount: 600_000}, now); err != nil {
			t.Fatal(err)
		}
		if err := st.Commit(ctx, id, "call"); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_open", Key: "flight", Tool: "ai_call_agent", Amount: 1_000}, now); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Close(ctx, "mpps_closing", now); err != nil {
		t.Fatal(err)
	}
	a := newSessionRefunds(store)
	if got, err := a.RefundSession(ctx, "mpps_open", "call", 220_000); err != nil || got != 220_000 {
		t.Errorf("refund = %d, %v", got, err)
	}
	if got, err := a.RefundSession(ctx, "mpps_open", "call", 600_000); err != nil || got != 220_000 {
		t.Errorf("refund again = %d, %v; want the first 220000", got, err)
	}
	if s, _ := st.Get(ctx, "mpps_open"); s.Spent != 380_000 {
		t.Errorf("spent %d", s.Spent)
	}
	if _, err := a.RefundSession(ctx, "mpps_closing", "call", 220_000); !errors.Is(err, voice.ErrSessionClosed) {
		t.Errorf("closing session: %v", err)
	}
	for _, c := range [][2]string{{"mpps_open", "nope"}, {"mpps_open", "flight"}, {"mpps_nope", "call"}} {
		if _, err := a.RefundSession(ctx, c[0], c[1], 1); !errors.Is(err, dalil.ErrNotFound) {
			t.Errorf("%s/%s: %v, want dalil.ErrNotFound", c[0], c[1], err)
		}
	}
}
