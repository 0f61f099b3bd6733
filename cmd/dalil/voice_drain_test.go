package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riversqlite"

	"dalil/capabilities/voice"
	"dalil/provider/telephony/twilio/twiliotest"
	"dalil/store/sqlstore"
)

// drainWarning is the start of the one line `dalil serve` logs when it
// runs the voice workers without a provider.
const drainWarning = "voice: no telephony provider is configured, but"

// serveStoppable is serveAt with a stop function: the server stops (and
// its error is checked) when stop is called or the test ends.
func serveStoppable(t *testing.T, env map[string]string, db, addr string) (*lockedBuffer, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	logs := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", addr, "--db", db}, func(k string) string { return env[k] }, nil, io.Discard, logs)
	}()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("serve returned %v", err)
			}
		})
	}
	t.Cleanup(stop)
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(logs.String(), "listening on http://"+addr) {
			return logs, stop
		}
		select {
		case err := <-done:
			done <- err
			t.Fatalf("serve stopped: %v\n%s", err, logs.String())
		default:
		}
	}
	t.Fatalf("server did not start: %s", logs.String())
	return nil, nil
}

// buildOnly builds the server `dalil serve` would on db with env, serves
// its REST API on a local listener and starts no voice worker: calls
// queued through it stay queued. It is closed when the test ends, or by
// the function returned.
func buildOnly(t *testing.T, env map[string]string, db string) (*service, string, func()) {
	t.Helper()
	all := map[string]string{"DALIL_DB": db}
	for k, v := range env {
		all[k] = v
	}
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, func(k string) string { return all[k] })
	if err != nil {
		t.Fatal(err)
	}
	svc, err := buildServer(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(svc.api)
	var once sync.Once
	closeAll := func() { once.Do(func() { ts.Close(); svc.Close() }) }
	t.Cleanup(closeAll)
	return svc, ts.URL, closeAll
}

// dueNow makes the watchdog job of call id due now, as it is once the
// call's deadline has passed (River's JobRetry: available at once), on
// the SQLite file db while no server runs.
func dueNow(t *testing.T, db, id string) {
	t.Helper()
	ctx := context.Background()
	st, err := sqlstore.Open(ctx, db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rc, err := river.NewClient(riversqlite.New(st.DB().Write()), &river.Config{})
	if err != nil {
		t.Fatal(err)
	}
	list, err := rc.JobList(ctx, river.NewJobListParams().Kinds(string(voice.JobExpire)).First(100))
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range list.Jobs {
		var args struct {
			CallID string `json:"callId"`
		}
		if err := json.Unmarshal(j.EncodedArgs, &args); err != nil {
			t.Fatal(err)
		}
		if args.CallID != id {
			continue
		}
		if j.State != "scheduled" || !j.ScheduledAt.After(time.Now().Add(20*time.Minute)) {
			t.Fatalf("the watchdog of %s is %s at %s, want scheduled past the call's deadline", id, j.State, j.ScheduledAt)
		}
		if _, err := rc.JobRetry(ctx, j.ID); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatalf("no watchdog job for %s", id)
}

// riverTables reports whether River's job table exists in the SQLite
// file db.
func riverTables(t *testing.T, db string) bool {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var n int
	if err := st.DB().Read().QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'river_job'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n > 0
}

// TestVoiceDrainWithoutProviderSQLite: calls placed while Twilio was
// configured, and the server restarted without it. Call A was queued and
// never dialled (the server that took it ran no voice worker); call B was
// dialled and is ringing at Twilio when the server stops. Restarted with
// no telephony provider (and no DALIL_BASE_URL), `dalil serve` logs one
// warning and runs the voice workers anyway: A ends failed with outcome
// provider_not_configured, B is ended by its watchdog (made due, as its
// deadline would) failed with no_end_report, and both maxima are refunded
// in full (the ledger shows each charge and its refund). The capability
// still answers 503 PROVIDER_NOT_CONFIGURED, not charged, no webhook is
// mounted, and A is never dialled. Restarted once more, with no work
// left, no worker and no queue is built and nothing is logged.
func TestVoiceDrainWithoutProviderSQLite(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	addr := freeAddr(t)
	base := "http://" + addr
	withTwilio := twilioEnv(fake, base)
	a := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "10")
	key, acct := a["apiKey"].(string), a["accountId"].(string)
	hdr := map[string]string{"X-API-Key": key}

	// B: dialled through Twilio, ringing, never completed.
	_, stop := serveStoppable(t, withTwilio, db, addr)
	r := post(t, base+voiceRoute, voiceCallBody(voiceNum1, ""), hdr)
	idB, _ := r.data()["callId"].(string)
	reqB, _ := r.meta()["requestId"].(string)
	if r.status != 202 || idB == "" {
		t.Fatalf("queue B: %d %s", r.status, r.raw)
	}
	if err := fake.Send(twilioSid(t, fake, voiceNum1), "ringing", nil); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "B ringing", func() bool { return callStatus(t, base, key, idB) == "ringing" })
	stop()

	// A: queued with Twilio configured, on a server that works no job.
	svc, url, closeA := buildOnly(t, withTwilio, db)
	if svc.voice == nil || svc.voice.provider != providerTwilio {
		t.Fatalf("the first servers' voice runtime: %+v", svc.voice)
	}
	r = post(t, url+voiceRoute, voiceCallBody(voiceNum2, ""), hdr)
	idA, _ := r.data()["callId"].(string)
	reqA, _ := r.meta()["requestId"].(string)
	if r.status != 202 || idA == "" {
		t.Fatalf("queue A: %d %s", r.status, r.raw)
	}
	if c := credits(t, url, key); money(c) != "7.90" {
		t.Fatalf("credits with both maxima held %v, want 7.90", c)
	}
	closeA()
	for _, c := range callRecords(t, db, []string{idA, idB}) {
		if c.Settle != "" || c.Status.Terminal() {
			t.Fatalf("call %s before the restart: %s, settle %q", c.ID, c.Status, c.Settle)
		}
	}
	dueNow(t, db, idB)

	// Restarted without any provider: the workers finish both calls.
	noProvider := map[string]string{"DALIL_RATE_LIMITS": "free=100000,payg=100000", "DALIL_LOG_LEVEL": "warn"}
	logs, stop := serveStoppable(t, noProvider, db, addr)
	var warned []string
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, drainWarning) {
			warned = append(warned, l)
		}
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "but 2 calls") {
		t.Errorf("drain warnings %q, want one line naming 2 calls", warned)
	} else {
		t.Logf("the warning: %s", warned[0])
	}
	settled := func(id string) bool { return voiceCall(t, base, key, id).data()["refundedUsd"] != nil }
	waitFor(t, "both calls settled", func() bool { return settled(idA) && settled(idB) })
	for _, w := range []struct{ id, status, outcome string }{
		{idA, "failed", voice.OutcomeNoProvider},
		{idB, "failed", voice.OutcomeNoEndReport},
	} {
		g := voiceCall(t, base, key, w.id).data()
		if g["status"] != w.status || g["outcome"] != w.outcome || money(g["chargedUsd"]) != "0.00" || money(g["refundedUsd"]) != "1.05" {
			t.Errorf("call %s after the drain: %v, want %s/%s, nothing charged, 1.05 refunded", w.id, g, w.status, w.outcome)
		}
	}
	if c := credits(t, base, key); money(c) != "10.00" {
		t.Errorf("credits after the drain %v, want 10.00 (both maxima refunded)", c)
	}
	ledger := ledgerOf(t, db, acct)
	for _, req := range []string{reqA, reqB} {
		if e := requestEntries(ledger, req); strings.Join(e, " ") != "charge:-1.05 refund:1.05" {
			t.Errorf("ledger of request %s: %v, want the maximum charged and refunded", req, e)
		}
	}
	for _, c := range callRecords(t, db, []string{idA, idB}) {
		if c.Settle != voice.SettleDone || c.Number != "" || c.Refunded != c.MaxCharge {
			t.Errorf("stored call %s: settle %q, refunded %d of %d, number kept %v", c.ID, c.Settle, c.Refunded, c.MaxCharge, c.Number != "")
		}
	}
	if n := fake.Dials(voiceNum2); n != 0 {
		t.Errorf("A was dialled %d times", n)
	}
	if n := fake.Dials(voiceNum1); n != 1 {
		t.Errorf("B was dialled %d times", n)
	}
	// New calls: 503, not charged; no webhook without the vendor.
	r = post(t, base+voiceRoute, voiceCallBody(voiceNum3, ""), hdr)
	if r.status != 503 || r.code() != "PROVIDER_NOT_CONFIGURED" || r.meta()["charged"] == true {
		t.Errorf("a new call while draining: %d %s", r.status, r.raw)
	}
	if w := post(t, base+"/webhooks/voice/twilio", "", nil); w.status != 404 {
		t.Errorf("the Twilio webhook while draining: %d %s", w.status, w.raw)
	}
	if c := credits(t, base, key); money(c) != "10.00" {
		t.Errorf("credits after a refused call %v, want 10.00", c)
	}
	if n := fake.Dials(voiceNum3); n != 0 {
		t.Errorf("a refused call was dialled %d times", n)
	}
	stop()

	// Nothing left: no runtime, no worker, no warning.
	svc, _, _ = buildOnly(t, noProvider, db)
	if svc.voice != nil {
		t.Errorf("a voice runtime with no work left: %+v", svc.voice)
	}
	logs, _ = serveStoppable(t, noProvider, db, addr)
	if strings.Contains(logs.String(), drainWarning) {
		t.Errorf("drain warning with no work left:\n%s", logs.String())
	}
	if g := voiceCall(t, base, key, idA); g.status != 503 || g.code() != "PROVIDER_NOT_CONFIGURED" {
		t.Errorf("the calls route with no work left: %d %s", g.status, g.raw)
	}
}

// TestVoiceNoDrainOnFreshDatabase: without a provider, on a database that
// never held a call, `dalil serve` builds no voice runtime, logs no drain
// warning and creates no River table.
func TestVoiceNoDrainOnFreshDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	env := map[string]string{"DALIL_LOG_LEVEL": "warn"}
	svc, _, closeIt := buildOnly(t, env, db)
	if svc.voice != nil {
		t.Errorf("a voice runtime on an empty database: %+v", svc.voice)
	}
	closeIt()
	logs, stop := serveStoppable(t, env, db, freeAddr(t))
	stop()
	if strings.Contains(logs.String(), drainWarning) {
		t.Errorf("drain warning on an empty database:\n%s", logs.String())
	}
	if riverTables(t, db) {
		t.Error("River's tables were created without a provider or any call")
	}
}
