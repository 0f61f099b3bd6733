package main

import (
	"bufio"
	"context"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dalil"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/internal/testenv"
	"dalil/provider/client/clienttest"
	"dalil/provider/llm/llmtest"
	"dalil/provider/telephony/twilio/twiliotest"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

// startServeAt starts the built `dalil serve` on db at addr with env (on
// top of the test's environment) and returns the process once it
// listens; its log is kept in logs. The process is killed when the test
// ends.
func startServeAt(t *testing.T, bin, db, addr string, env map[string]string, logs *lockedBuffer) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--db", db)
	cmd.Env = os.Environ()
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	up := make(chan struct{})
	go func() {
		lines := bufio.NewScanner(stderr)
		for lines.Scan() { // drained to the end, so the process never blocks on its log
			logs.Write([]byte(lines.Text() + "\n"))
			if strings.Contains(lines.Text(), "listening on http://"+addr) {
				close(up)
			}
		}
	}()
	select {
	case <-up:
		return cmd
	case <-time.After(30 * time.Second):
		t.Fatalf("dalil serve did not start:\n%s", logs.String())
		return nil
	}
}

// callRecords reads the calls as the database has them.
func callRecords(t *testing.T, db string, ids []string) []voice.Record {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	calls := voicesql.New(st.DB(), nil)
	var out []voice.Record
	for _, id := range ids {
		r, err := calls.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// TestVoiceKill9SQLite kills a real `dalil serve` (SQLite, Twilio's fake)
// with SIGKILL while its four voice workers are stuck placing calls —
// three requests held by Twilio before it records them, one recorded by
// Twilio whose answer never comes (the ambiguous create) — and three more
// calls wait queued. Restarted on the same file and address, no call is
// lost and none is dialled twice: the queued ones are dialled, River
// rescues the four interrupted dial jobs, the one Twilio had placed is
// found (Find) and recorded without a second dial, the three it never saw
// are dialled now; every call then completes through the webhook and is
// settled (60 s each: USD 0.45 kept, 0.60 refunded).
func TestVoiceKill9SQLite(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test")
	}
	bin := dalilBinary(t)
	db := filepath.Join(t.TempDir(), "voice.db")
	acct := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "100")
	key, acctID := acct["apiKey"].(string), acct["accountId"].(string)
	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	addr := freeAddr(t)
	base := "http://" + addr
	env := twilioEnv(fake, base)
	// An attempt waits for Twilio far longer than the test takes; a job
	// left running by a dead process is rescued 12 s after it started.
	env["DALIL_TWILIO_TIMEOUT"] = "60s"
	env[envVoiceJobTimeout], env[envVoiceRescueAfter] = "10s", "12s"
	fake.Push(clienttest.Hang(), clienttest.Hang(), clienttest.Hang())
	fake.LoseNextCreate(0)
	logs := &lockedBuffer{}
	proc := startServeAt(t, bin, db, addr, env, logs)

	numbers := []string{"+96891000001", "+96891000002", "+96891000003", "+96891000004", "+96891000005", "+96891000006", "+96891000007"}
	var ids []string
	for _, n := range numbers {
		r := post(t, base+voiceRoute, voiceCallBody(n, ""), map[string]string{"X-API-Key": key})
		if r.status != 202 {
			t.Fatalf("queue %s: %d %s", n, r.status, r.raw)
		}
		ids = append(ids, r.data()["callId"].(string))
	}
	// All four workers are stuck in Twilio: three requests held, one call
	// created whose answer never comes.
	waitFor(t, "four dial requests at Twilio", func() bool { return fake.Hits() >= 4 && fake.WaitCalls(1, 0) })
	if err := proc.Process.Kill(); err != nil { // SIGKILL: no shutdown at all
		t.Fatal(err)
	}
	proc.Wait()
	lost := fake.Calls()[0] // placed at Twilio, its answer lost with the process

	states := map[string]int{}
	for _, r := range callRecords(t, db, ids) {
		if r.Status == voice.StatusDialing && r.ProviderCallID == "" {
			states["dialing, unknown"]++
		} else {
			states[string(r.Status)]++
		}
	}
	if states["dialing, unknown"] != 4 || states["queued"] != 3 {
		t.Fatalf("at the kill: %v, want 4 dialing with no Twilio id and 3 queued", states)
	}

	startServeAt(t, bin, db, addr, env, logs)
	// The interrupted jobs wait for the dead process's River leader lease
	// to lapse (about 15-20 s) and for the rescue delay.
	waitUpTo(t, 90*time.Second, "every call placed and recorded", func() bool {
		for _, r := range callRecords(t, db, ids) {
			if r.ProviderCallID == "" {
				return false
			}
		}
		return true
	})
	sids := map[string]string{}
	for i, r := range callRecords(t, db, ids) {
		if d := fake.Dials(numbers[i]); d != 1 {
			t.Errorf("%s dialled %d times, want once", numbers[i], d)
		}
		if r.Status != voice.StatusDialing || r.DialAttempts < 1 {
			t.Errorf("call %d after the restart: %s, %d attempts", i, r.Status, r.DialAttempts)
		}
		sids[r.ID] = r.ProviderCallID
		if numbers[i] == lost.To && r.ProviderCallID != lost.Sid {
			t.Errorf("the call Twilio placed before the kill is recorded as %s, want %s", r.ProviderCallID, lost.Sid)
		}
	}
	if n := len(fake.Calls()); n != len(numbers) {
		t.Fatalf("Twilio placed %d calls for %d", n, len(numbers))
	}

	for _, id := range ids {
		if err := fake.Complete(sids[id], 60); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "every call settled", func() bool {
		for _, r := range callRecords(t, db, ids) {
			if r.Settle != voice.SettleDone {
				return false
			}
		}
		return true
	})
	for _, r := range callRecords(t, db, ids) {
		if r.Status != voice.StatusCompleted || r.ConnectedSeconds != 60 || r.FinalCharge != 450_000 || r.Refunded != 600_000 || r.Number != "" {
			t.Errorf("call %s: %s, %d s, charged %d, refunded %d", r.ID, r.Status, r.ConnectedSeconds, r.FinalCharge, r.Refunded)
		}
	}
	if c := credits(t, base, key); money(c) != "96.85" {
		t.Errorf("credits %v, want 96.85 (7 × 0.45 kept)", c)
	}
	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a, _ := st.Account(context.Background(), acctID)
	if sum := storetest.LedgerSum(t, st, acctID); sum != a.Credits {
		t.Errorf("credits %d, ledger %d", a.Credits, sum)
	}
	for _, n := range numbers {
		if d := fake.Dials(n); d != 1 {
			t.Errorf("%s dialled %d times in the end", n, d)
		}
	}
	if t.Failed() {
		t.Logf("logs:\n%s", logs.String())
	}
}

// TestVoiceTwoReplicasPostgres: two `dalil serve` processes on one
// PostgreSQL database, calls queued at both: every call is dialled by
// exactly one of them, exactly once, and completes through the webhook
// of the replica that placed it.
func TestVoiceTwoReplicasPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("replicas test")
	}
	db := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	bin := dalilBinary(t)
	acct := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "100")
	key := acct["apiKey"].(string)
	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	logs := &lockedBuffer{}
	var bases []string
	for range 2 {
		addr := freeAddr(t)
		startServeAt(t, bin, db, addr, twilioEnv(fake, "http://"+addr), logs)
		bases = append(bases, "http://"+addr)
	}
	var ids, numbers []string
	for i := range 12 {
		n := "+9689200" + string(rune('0'+i/10)) + string(rune('0'+i%10)) + "00"
		r := post(t, bases[i%2]+voiceRoute, voiceCallBody(n, ""), map[string]string{"X-API-Key": key})
		if r.status != 202 {
			t.Fatalf("queue %s at replica %d: %d %s", n, i%2, r.status, r.raw)
		}
		ids, numbers = append(ids, r.data()["callId"].(string)), append(numbers, n)
	}
	waitFor(t, "every call placed", func() bool { return len(fake.Calls()) >= len(numbers) })
	byReplica := map[string]int{}
	for _, c := range fake.Calls() {
		for _, b := range bases {
			if strings.HasPrefix(c.StatusCallback, b+"/") {
				byReplica[b]++
			}
		}
		if err := fake.Complete(c.Sid, 30); err != nil {
			t.Fatal(err)
		}
	}
	for i, id := range ids {
		waitFor(t, "call "+id+" settled", func() bool { return voiceCall(t, bases[i%2], key, id).data()["refundedUsd"] != nil })
		if g := voiceCall(t, bases[(i+1)%2], key, id).data(); g["status"] != "completed" || money(g["chargedUsd"]) != "0.38" {
			t.Errorf("call %s seen at the other replica: %v", id, g)
		}
	}
	for _, n := range numbers {
		if d := fake.Dials(n); d != 1 {
			t.Errorf("%s dialled %d times", n, d)
		}
	}
	if len(fake.Calls()) != len(numbers) {
		t.Errorf("%d calls placed for %d", len(fake.Calls()), len(numbers))
	}
	t.Logf("calls placed per replica: %v", byReplica)
	if c := credits(t, bases[0], key); money(c) != "95.44" {
		t.Errorf("credits %v, want 95.44 (12 × 0.38)", c)
	}
	if t.Failed() {
		t.Logf("logs:\n%s", logs.String())
	}
}

// TestVoiceKill9DuringConversation kills a real `dalil serve` with SIGKILL
// while Twilio's ConversationRelay is connected to it mid-conversation,
// and restarts it on the same file and address. The call is not lost and
// not charged twice: Twilio's completed status reaches the restarted
// server, which settles the call by the documented rule (base plus the
// connected minutes, the rest of the maximum refunded), exactly once, and
// the account's credits equal its ledger.
func TestVoiceKill9DuringConversation(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test")
	}
	bin := dalilBinary(t)
	db := filepath.Join(t.TempDir(), "voice.db")
	acct := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "20")
	key, acctID := acct["apiKey"].(string), acct["accountId"].(string)
	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	model := llmtest.New(t, llmKey, nil)
	model.Streamed = scripted
	addr := freeAddr(t)
	base := "http://" + addr
	env := twilioEnv(fake, base)
	env["DALIL_ANTHROPIC_API_KEY"], env["DALIL_ANTHROPIC_URL"] = llmKey, model.BaseURL()
	logs := &lockedBuffer{}
	proc := startServeAt(t, bin, db, addr, env, logs)
	g := relayRig{base: base, db: db, key: key, fake: fake, model: model}

	id, sid := g.place(t, voiceRoute, voiceCallBody(voiceNum1, ""))
	ctx := context.Background()
	relay, err := fake.OpenRelay(ctx, sid)
	if err != nil {
		t.Fatal(err)
	}
	talk(t, ctx, relay, "Hello, who is this?")
	if err := proc.Process.Kill(); err != nil { // SIGKILL mid-conversation
		t.Fatal(err)
	}
	proc.Wait()
	if _, err := relay.Next(ctx); err == nil {
		t.Fatal("the relay still answers after the kill")
	}

	startServeAt(t, bin, db, addr, env, logs)
	if err := fake.Send(sid, "completed", url.Values{"CallDuration": {"75"}}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the call settled after the restart", func() bool { return callRecords(t, db, []string{id})[0].Settle == voice.SettleDone })
	r := callRecords(t, db, []string{id})[0]
	if r.Status != voice.StatusCompleted || r.ConnectedSeconds != 75 || r.FinalCharge != voice.Charge(r.Base, 75, r.MaxSeconds, true) ||
		r.FinalCharge+r.Refunded != r.MaxCharge {
		t.Errorf("call after the restart: %s, %d s, charged %d, refunded %d, max %d", r.Status, r.ConnectedSeconds, r.FinalCharge, r.Refunded, r.MaxCharge)
	}
	// Twilio resends the status: nothing moves a second time.
	before := credits(t, base, key)
	if err := fake.Send(sid, "completed", url.Values{"CallDuration": {"75"}}); err != nil {
		t.Fatal(err)
	}
	if after := credits(t, base, key); after != before {
		t.Errorf("a repeated status moved credits %v -> %v", before, after)
	}
	st, err := sqlstore.Open(ctx, db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a, _ := st.Account(ctx, acctID)
	if sum := storetest.LedgerSum(t, st, acctID); sum != a.Credits || a.Credits != 20*dalil.USD-r.FinalCharge {
		t.Errorf("credits %d, ledger %d, want 20 USD less %d", a.Credits, sum, r.FinalCharge)
	}
	if t.Failed() {
		t.Logf("logs:\n%s", logs.String())
	}
}
