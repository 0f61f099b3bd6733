package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/internal/testenv"
	"dalil/provider/telephony/twilio/twiliotest"
	"dalil/store/sqlstore"
)

// `dalil voice do-not-call add|check|remove` (voicecmd.go): the
// operator's side of the do-not-call list.

func TestVoiceDoNotCallCLISQLite(t *testing.T) {
	testVoiceDoNotCallCLI(t, filepath.Join(t.TempDir(), "dalil.db"))
}

func TestVoiceDoNotCallCLIPostgres(t *testing.T) {
	testVoiceDoNotCallCLI(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

// dncRun runs one do-not-call command on db and returns its stdout,
// stderr and error.
func dncRun(db string, args ...string) (string, string, error) {
	var out, errb bytes.Buffer
	err := run(context.Background(), append(append([]string{"voice", "do-not-call"}, args...), "--db", db), noEnv, nil, &out, &errb)
	return out.String(), errb.String(), err
}

// testVoiceDoNotCallCLI: add lists a number (source operator), adding it
// again changes nothing and says so, check tells listed from unlisted
// (and a number written with spaces is the same number), invalid and
// never-called numbers are refused naming why, the table holds only the
// keyed hash, remove takes off an operator's entry but never a callee's
// opt-out.
func testVoiceDoNotCallCLI(t *testing.T, db string) {
	// Added.
	add := cli(t, db, "voice", "do-not-call", "add", voiceNum1, "--json")
	if add["number"] != voiceNum1 || add["listed"] != true || add["added"] != true || add["source"] != "operator" || add["addedAt"] == nil {
		t.Errorf("add: %v", add)
	}
	// Added again (written with spaces): already listed, nothing changed.
	again := cli(t, db, "voice", "do-not-call", "add", "+968 9123 4567", "--json")
	if again["number"] != voiceNum1 || again["listed"] != true || again["added"] != false || again["source"] != "operator" || again["addedAt"] != add["addedAt"] {
		t.Errorf("add again: %v (first: %v)", again, add)
	}
	out, _, err := dncRun(db, "add", voiceNum1)
	if err != nil || !strings.Contains(out, voiceNum1+" was already on the do-not-call list (added by an operator") || !strings.Contains(out, "nothing changed") {
		t.Errorf("add again, text: %q %v", out, err)
	}

	// Checked: listed and unlisted.
	if c := cli(t, db, "voice", "do-not-call", "check", voiceNum1, "--json"); c["listed"] != true || c["source"] != "operator" || c["number"] != voiceNum1 {
		t.Errorf("check a listed number: %v", c)
	}
	if c := cli(t, db, "voice", "do-not-call", "check", voiceNum2, "--json"); c["listed"] != false || c["source"] != nil || c["number"] != voiceNum2 {
		t.Errorf("check an unlisted number: %v", c)
	}
	if out, _, err := dncRun(db, "check", voiceNum1); err != nil || !strings.Contains(out, voiceNum1+" is on the do-not-call list (added by an operator") {
		t.Errorf("check, text: %q %v", out, err)
	}
	if out, _, err := dncRun(db, "check", voiceNum2); err != nil || strings.TrimSpace(out) != voiceNum2+" is not on the do-not-call list" {
		t.Errorf("check unlisted, text: %q %v", out, err)
	}

	// Refused: not E.164, not allocated, never called anyway; nothing listed.
	for _, c := range []struct{ number, want string }{
		{"96891234567", "is not a phone number in E.164 form"},
		{"call me maybe", "is not a phone number in E.164 form"},
		{"+9689123", "is not an allocated number"},
		{"+9999", "is not a phone number in E.164 form"},
		{"+968911", "is never called anyway (rule emergency_or_short_code"},
	} {
		out, _, err := dncRun(db, "add", c.number)
		if err == nil || !strings.Contains(err.Error(), c.want) || out != "" {
			t.Errorf("add %q: %q %v, want an error with %q", c.number, out, err, c.want)
		}
	}
	if _, _, err := dncRun(db, "add"); err == nil || !strings.Contains(err.Error(), "expected one argument, NUMBER") {
		t.Errorf("add without a number: %v", err)
	}
	if _, _, err := dncRun(db, "drop", voiceNum1); err == nil || !strings.Contains(err.Error(), "expected do-not-call add, check or remove") {
		t.Errorf("an unknown subcommand: %v", err)
	}

	// Stored: only the keyed hash, never the number.
	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{Modules: storeModules()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows := dncRows(t, st)
	if len(rows) != 1 || strings.Contains(rows[0], "91234567") || !strings.HasSuffix(rows[0], " operator") {
		t.Errorf("the do-not-call table: %q, want one operator hash without the number", rows)
	}
	h1, err := numberHash(context.Background(), st, voiceNum1)
	if err != nil || rows[0] != h1+" operator" {
		t.Errorf("stored %q, want the hash under the voice-numbers secret %s (%v)", rows, h1, err)
	}

	// A callee's opt-out (as Store.Apply records it) cannot be removed.
	h3, err := numberHash(context.Background(), st, voiceNum3)
	if err != nil {
		t.Fatal(err)
	}
	if _, added, err := voicesql.ListDoNotCall(context.Background(), st.DB(), h3, voice.SourceCallee); err != nil || !added {
		t.Fatalf("callee opt-out: %v %v", added, err)
	}
	if c := cli(t, db, "voice", "do-not-call", "add", voiceNum3, "--json"); c["added"] != false || c["source"] != "callee" {
		t.Errorf("operator add over a callee's opt-out: %v, want it kept as the callee's", c)
	}
	if out, _, err := dncRun(db, "remove", voiceNum3); err == nil || !strings.Contains(err.Error(), "stays on the do-not-call list: the callee opted out during a call") || out != "" {
		t.Errorf("remove a callee's opt-out: %q %v", out, err)
	}
	if c := cli(t, db, "voice", "do-not-call", "check", voiceNum3, "--json"); c["listed"] != true || c["source"] != "callee" {
		t.Errorf("the callee's opt-out after a refused remove: %v", c)
	}

	// An operator's entry is removed; removing it again changes nothing.
	if r := cli(t, db, "voice", "do-not-call", "remove", voiceNum1, "--json"); r["removed"] != true || r["source"] != nil {
		t.Errorf("remove: %v", r)
	}
	if c := cli(t, db, "voice", "do-not-call", "check", voiceNum1, "--json"); c["listed"] != false {
		t.Errorf("check after remove: %v", c)
	}
	if out, _, err := dncRun(db, "remove", voiceNum1); err != nil || !strings.Contains(out, "was not on the do-not-call list; nothing changed") {
		t.Errorf("remove again: %q %v", out, err)
	}
	if rows := dncRows(t, st); len(rows) != 1 || rows[0] != h3+" callee" {
		t.Errorf("the do-not-call table at the end: %q, want only the callee's", rows)
	}
}

// dncRows are the do-not-call table's rows as "hash source".
func dncRows(t *testing.T, st *sqlstore.Store) []string {
	t.Helper()
	rs, err := st.DB().Read().Query(`SELECT number_hash, source FROM voice_do_not_call ORDER BY number_hash`)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var h, s string
		if err := rs.Scan(&h, &s); err != nil {
			t.Fatal(err)
		}
		out = append(out, h+" "+s)
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestVoiceDoNotCallOperatorEndToEnd: a number the operator adds with the
// command while `dalil serve` runs (Twilio on its fake) is refused 403
// DO_NOT_CALL with details.rule do_not_call, not charged and never
// dialled, on every voice route; another number is queued and dialled;
// once the operator removes it, it is called again. The number appears
// in no log line.
func TestVoiceDoNotCallOperatorEndToEnd(t *testing.T) {
	fake := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	addr := freeAddr(t)
	base := "http://" + addr
	db := filepath.Join(t.TempDir(), "dalil.db")
	env := twilioEnv(fake, base)
	env["DALIL_LOG_LEVEL"] = "debug"
	logs := serveAt(t, env, db, addr)
	a := cli(t, db, "accounts", "create", "--name", "caller", "--credits", "10")
	key, acct := a["apiKey"].(string), a["accountId"].(string)
	hdr := map[string]string{"X-API-Key": key}

	// Written with spaces (the API's schema takes none): the same E.164
	// number, the same hash.
	out, cliLogs, err := dncRun(db, "add", "+968 9456 7890", "--log-level", "debug")
	if err != nil || !strings.Contains(out, voiceNum4+" added to the do-not-call list") {
		t.Fatalf("add: %q %v (%s)", out, err, cliLogs)
	}

	money := func() string { return moneyOf(t, base, key, db, acct) }
	before := money()
	for _, c := range []struct{ route, body string }{
		{voiceRoute, voiceCallBody(voiceNum4, "")},
		{"/api/v1/voice/lead-qualifier", `{"phoneNumber":"` + voiceNum4 + `","language":"en"}`},
	} {
		r := post(t, base+c.route, c.body, hdr)
		if r.status != 403 || r.code() != "DO_NOT_CALL" || r.details()["rule"] != "do_not_call" {
			t.Errorf("%s to the listed number: %d %s, want 403 DO_NOT_CALL rule do_not_call", c.route, r.status, r.raw)
		}
	}
	if after := money(); after != before {
		t.Errorf("the refused calls charged: %s -> %s", before, after)
	}

	// Another number: queued and dialled.
	r := post(t, base+voiceRoute, voiceCallBody(voiceNum6, ""), hdr)
	if r.status != 202 || r.data()["status"] != "queued" {
		t.Fatalf("another number: %d %s", r.status, r.raw)
	}
	twilioSid(t, fake, voiceNum6)

	// Removed by the operator: called again.
	if out, _, err := dncRun(db, "remove", voiceNum4); err != nil || !strings.Contains(out, "removed from the do-not-call list") {
		t.Fatalf("remove: %q %v", out, err)
	}
	if r := post(t, base+voiceRoute, voiceCallBody(voiceNum4, ""), hdr); r.status != 202 {
		t.Errorf("after remove: %d %s", r.status, r.raw)
	}
	twilioSid(t, fake, voiceNum4)
	if n := fake.Dials(voiceNum4); n != 1 {
		t.Errorf("%s dialled %d times, want once (only after its removal)", voiceNum4, n)
	}
	for _, l := range []string{logs.String(), cliLogs} {
		if strings.Contains(l, "94567890") {
			t.Errorf("a log line holds the number:\n%s", l)
		}
	}
}
