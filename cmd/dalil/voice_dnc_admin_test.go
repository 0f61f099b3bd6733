package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

// The do-not-call list over the admin API (PUT, GET, DELETE
// /admin/v1/voice/do-not-call/{number}) and `dalil voice do-not-call
// add|check|remove --json` on the same database: the same operations
// (ops), the same JSON, the same refusals.

func TestVoiceDoNotCallAdminMatchesCLISQLite(t *testing.T) {
	testVoiceDoNotCallAdminMatchesCLI(t, filepath.Join(t.TempDir(), "dalil.db"))
}

func TestVoiceDoNotCallAdminMatchesCLIPostgres(t *testing.T) {
	testVoiceDoNotCallAdminMatchesCLI(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

// testVoiceDoNotCallAdminMatchesCLI runs `dalil serve` with the admin API
// on and no telephony provider (the list needs none, as the command does),
// then, for each step, compares what the command prints with --json and
// the data of the route, on states where both answer alike; each sees the
// other's writes (one hash key, the store's voice-numbers secret). The
// refusals carry the same code and message. No log line holds a number.
func testVoiceDoNotCallAdminMatchesCLI(t *testing.T, db string) {
	env := map[string]string{"DALIL_ADMIN_TOKEN": testAdminToken, "DALIL_LOG_LEVEL": "debug"}
	base, logs := serveOn(t, env, db)
	admin := map[string]string{"Authorization": "Bearer " + testAdminToken}
	route := func(method, number string) answer {
		t.Helper()
		return do(t, method, base+"/admin/v1/voice/do-not-call/"+number, "", admin)
	}
	same := func(step string, cliArgs []string, r answer) map[string]any {
		t.Helper()
		out, _ := cliOut(t, db, append([]string{"voice", "do-not-call"}, append(cliArgs, "--json")...)...)
		data, _ := json.Marshal(r.body["data"])
		if r.status != 200 || canonical(t, []byte(out)) != canonical(t, data) {
			t.Errorf("%s: dalil voice do-not-call %v printed\n%s\nthe route answered %d\n%s", step, cliArgs, out, r.status, r.raw)
		}
		var v map[string]any
		_ = json.Unmarshal(data, &v)
		return v
	}

	// Added over HTTP, then seen by the command: check, and add again
	// (already listed, nothing changed) from both sides.
	if r := route("PUT", voiceNum1); r.status != 200 || r.data()["added"] != true || r.data()["source"] != "operator" {
		t.Fatalf("PUT: %d %s", r.status, r.raw)
	}
	if v := same("check listed", []string{"check", voiceNum1}, route("GET", voiceNum1)); v["listed"] != true || v["source"] != "operator" {
		t.Errorf("check listed: %v", v)
	}
	if v := same("add again", []string{"add", "+968 9123 4567"}, route("PUT", "%2B968%209123%204567")); v["added"] != false || v["number"] != voiceNum1 {
		t.Errorf("add again: %v", v)
	}
	// Not listed: check and remove change nothing.
	if v := same("check not listed", []string{"check", voiceNum2}, route("GET", voiceNum2)); v["listed"] != false {
		t.Errorf("check not listed: %v", v)
	}
	if v := same("remove not listed", []string{"remove", voiceNum2}, route("DELETE", voiceNum2)); v["removed"] != false {
		t.Errorf("remove not listed: %v", v)
	}
	// Added by the command, removed over HTTP; and the other way round:
	// the same answer.
	cliOut(t, db, "voice", "do-not-call", "add", voiceNum5)
	viaRoute := route("DELETE", voiceNum5)
	if viaRoute.status != 200 || viaRoute.data()["removed"] != true {
		t.Fatalf("DELETE what the command added: %d %s", viaRoute.status, viaRoute.raw)
	}
	if r := route("PUT", voiceNum5); r.status != 200 || r.data()["added"] != true {
		t.Fatalf("PUT again: %d %s", r.status, r.raw)
	}
	same("remove", []string{"remove", voiceNum5}, viaRoute)
	if v := same("check after remove", []string{"check", voiceNum5}, route("GET", voiceNum5)); v["listed"] != false {
		t.Errorf("check after remove: %v", v)
	}

	// A callee's opt-out: refused on both sides with the same code and
	// message, and kept.
	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{Modules: storeModules()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h3, err := numberHash(context.Background(), st, voiceNum3)
	if err != nil {
		t.Fatal(err)
	}
	if _, added, err := voicesql.ListDoNotCall(context.Background(), st.DB(), h3, voice.SourceCallee); err != nil || !added {
		t.Fatalf("callee opt-out: %v %v", added, err)
	}
	r := route("DELETE", voiceNum3)
	msg, _ := r.body["error"].(map[string]any)["message"].(string)
	if r.status != 403 || r.code() != "DO_NOT_CALL" || r.details()["rule"] != "callee_opt_out" || !strings.Contains(msg, "stays on the do-not-call list: the callee opted out during a call") {
		t.Errorf("DELETE a callee's opt-out: %d %s", r.status, r.raw)
	}
	if got := cliErr(t, db, "voice", "do-not-call", "remove", voiceNum3); got != "voice do-not-call remove: DO_NOT_CALL: "+msg {
		t.Errorf("the command's refusal %q, the route's message %q", got, msg)
	}
	if v := same("check callee", []string{"check", voiceNum3}, route("GET", voiceNum3)); v["source"] != "callee" {
		t.Errorf("the opt-out after the refusals: %v", v)
	}

	// A bad number: 400 INVALID_INPUT at path number; the command names
	// the same code and problem (and the number as typed, which the route
	// does not repeat).
	for _, bad := range []struct{ typed, path string }{
		{"96897654321", "96897654321"}, {"+9689123", "+9689123"}, {"+968911", "+968911"},
	} {
		r := route("GET", bad.path)
		e, _ := r.body["error"].(map[string]any)
		ds, _ := e["details"].([]any)
		if r.status != 400 || r.code() != "INVALID_INPUT" || len(ds) != 1 {
			t.Errorf("GET %s: %d %s", bad.path, r.status, r.raw)
			continue
		}
		p := ds[0].(map[string]any)
		if p["path"] != "number" || strings.Contains(string(r.raw), bad.typed) {
			t.Errorf("GET %s: %s", bad.path, r.raw)
		}
		got := cliErr(t, db, "voice", "do-not-call", "check", bad.typed)
		if want := `voice do-not-call check: INVALID_INPUT: "` + bad.typed + `" ` + p["message"].(string); !strings.HasPrefix(got, want) {
			t.Errorf("the command's refusal %q, want it to start with %q", got, want)
		}
	}

	// Only hashes are stored: voiceNum1 (operator) and voiceNum3 (callee).
	if rows := dncRows(t, st); len(rows) != 2 {
		t.Errorf("the do-not-call table: %q", rows)
	}
	for _, n := range []string{"91234567", "92345678", "93456789", "95678901"} {
		if strings.Contains(logs.String(), n) {
			t.Errorf("a log line holds a number (%s):\n%s", n, logs.String())
		}
	}
}
