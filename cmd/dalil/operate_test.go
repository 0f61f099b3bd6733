package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/store/sqlstore"
)

// testAdminToken is long enough for dalil serve (httpapi.MinAdminToken).
const testAdminToken = "operate-test-admin-token-0123456789abcdef"

// cliOut runs one command on db and returns stdout and stderr.
func cliOut(t *testing.T, db string, args ...string) (string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(context.Background(), append(args, "--db", db), noEnv, nil, &out, &errb); err != nil {
		t.Fatalf("dalil %v: %v (%s)", args, err, errb.String())
	}
	return out.String(), errb.String()
}

// cliErr runs one command on db that must fail and returns its error.
func cliErr(t *testing.T, db string, args ...string) string {
	t.Helper()
	if err := run(context.Background(), append(args, "--db", db), noEnv, nil, io.Discard, io.Discard); err != nil {
		return err.Error()
	}
	t.Fatalf("dalil %v succeeded", args)
	return ""
}

// canonical re-encodes JSON so that two documents compare by value.
func canonical(t *testing.T, raw []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("not JSON: %s", raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestMoneyCommandsMatchAdminRoutes: dalil accounts list, ledger and
// usage print (with --json) exactly the data of their admin routes on the
// same database, and readable tables without it.
func TestMoneyCommandsMatchAdminRoutes(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	a := cli(t, db, "accounts", "create", "--name", "acme", "--plan", "developer", "--credits", "2")
	b := cli(t, db, "accounts", "create", "--name", "beta")
	id, key := a["accountId"].(string), a["apiKey"].(string)
	base, _ := serveOn(t, map[string]string{"DALIL_ADMIN_TOKEN": testAdminToken}, db)
	for _, method := range []string{"subscription", "subscription", "credits"} {
		if r := post(t, base+"/api/v1/property/analyze", analyzeBody, map[string]string{"X-API-Key": key, "X-Service-Payment-Method": method}); r.status != 200 {
			t.Fatalf("paid call: %d %s", r.status, r.raw)
		}
	}
	if r := post(t, base+"/api/v1/maintenance/estimate", `{"propertyValue":100000}`, map[string]string{"X-API-Key": key}); r.status != 200 {
		t.Fatalf("paid call: %d %s", r.status, r.raw)
	}
	admin := map[string]string{"Authorization": "Bearer " + testAdminToken}
	for _, c := range []struct {
		cli   []string
		route string
	}{
		{[]string{"accounts", "list", "--json"}, "/admin/v1/accounts"},
		{[]string{"accounts", "list", "--json", "--limit", "1"}, "/admin/v1/accounts?limit=1"},
		{[]string{"accounts", "list", "--json", "--after", id}, "/admin/v1/accounts?after=" + id},
		{[]string{"ledger", "--account", id, "--json"}, "/admin/v1/accounts/" + id + "/ledger"},
		{[]string{"ledger", "--account", id, "--json", "--limit", "2", "--before", "4"}, "/admin/v1/accounts/" + id + "/ledger?limit=2&before=4"},
		{[]string{"usage", "--account", id, "--json"}, "/admin/v1/accounts/" + id + "/usage"},
		{[]string{"accounts", "show", id, "--json"}, "/admin/v1/accounts/" + id},
		{[]string{"keys", "list", "--account", id, "--json"}, "/admin/v1/accounts/" + id + "/keys"},
	} {
		out, _ := cliOut(t, db, c.cli...)
		r := do(t, "GET", base+c.route, "", admin)
		data, _ := json.Marshal(r.body["data"])
		if r.status != 200 || canonical(t, []byte(out)) != canonical(t, data) {
			t.Errorf("dalil %v printed\n%s\nGET %s answered %d\n%s", c.cli, out, c.route, r.status, r.raw)
		}
	}

	// Readable tables.
	list, _ := cliOut(t, db, "accounts", "list")
	for _, want := range []string{"ACCOUNT", "ALLOWANCE LEFT", id, b["accountId"].(string), "acme", "developer", "1.99", "USD 9.96, 997 calls"} {
		if !strings.Contains(list, want) {
			t.Errorf("accounts list lacks %q:\n%s", want, list)
		}
	}
	if first, _ := cliOut(t, db, "accounts", "list", "--limit", "1"); !strings.Contains(first, "more: dalil accounts list --limit 1 --after "+id) || strings.Contains(first, b["accountId"].(string)) {
		t.Errorf("first page of one:\n%s", first)
	}
	ledger, _ := cliOut(t, db, "ledger", "--account", id, "--limit", "2")
	if !regexp.MustCompile(`more: dalil ledger --account `+id+` --limit 2 --before \d+`).MatchString(ledger) || !strings.Contains(ledger, "-0.01") || strings.Count(ledger, "\n") != 4 {
		t.Errorf("ledger page of two:\n%s", ledger)
	}
	usage, _ := cliOut(t, db, "usage", "--account", id)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`analyze_property\s+api_credits\s+1\s+0\.01`),
		regexp.MustCompile(`analyze_property\s+subscription\s+2\s+0\.02`),
		regexp.MustCompile(`estimate_maintenance\s+subscription\s+1\s+0\.02`),
		regexp.MustCompile(`TOTAL\s+4\s+0\.05`),
	} {
		if !want.MatchString(usage) {
			t.Errorf("usage lacks %s:\n%s", want, usage)
		}
	}
	if out, _ := cliOut(t, db, "usage", "--account", b["accountId"].(string)); !regexp.MustCompile(`TOTAL\s+0\s+0\.00`).MatchString(out) {
		t.Errorf("usage of an account that paid nothing:\n%s", out)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ledger"}, "--account is required"},
		{[]string{"usage", "--account", "acct_nope"}, "no such account"},
		{[]string{"ledger", "--account", id, "--limit", "500"}, "--limit: must be from 1 to 200"},
		{[]string{"accounts", "list", "extra"}, "unexpected argument"},
		{[]string{"accounts", "list", "--usd", "1"}, "flag provided but not defined"},
	} {
		if err := cliErr(t, db, c.args...); !strings.Contains(err, c.want) {
			t.Errorf("dalil %v: %q, want it to say %q", c.args, err, c.want)
		}
	}
}

// TestPlanSetSaysWhatHappenedToThePeriod: the same plan is a no-op, a
// change keeps the period and its usage, --new-period restarts it; the
// JSON and a line on stderr say which.
func TestPlanSetSaysWhatHappenedToThePeriod(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	a := cli(t, db, "accounts", "create", "--name", "p", "--plan", "growth")
	id := a["accountId"].(string)
	// USD 30.00 of growth's USD 50.00 used, through the same database.
	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = st.Charge(context.Background(), dalil.ChargeRequest{AccountID: id, Tool: "t", Price: 30 * dalil.USD, Method: dalil.MethodSubscription})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	plan := func(args ...string) (map[string]any, string) {
		t.Helper()
		out, errOut := cliOut(t, db, append([]string{"plan", "set", "--account", id, "--json"}, args...)...)
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("plan set printed %q", out)
		}
		return v, errOut
	}
	sub := func(v map[string]any) map[string]any { s, _ := v["subscription"].(map[string]any); return s }
	started := sub(cli(t, db, "accounts", "show", id))["periodStartsAt"]

	v, note := plan("--plan", "growth")
	if v["period"] != "unchanged" || sub(v)["used"] != 30.0 || sub(v)["periodStartsAt"] != started || !strings.Contains(note, "nothing changed") {
		t.Errorf("same plan: %v (%s)", v, note)
	}
	v, note = plan("--plan", "developer")
	if v["period"] != "kept" || v["previousPlan"] != "growth" || v["plan"] != "developer" || sub(v)["used"] != 30.0 || sub(v)["remaining"] != 0.0 ||
		sub(v)["periodStartsAt"] != started || !strings.Contains(note, "kept") || !strings.Contains(note, "USD 30.00") {
		t.Errorf("downgrade: %v (%s)", v, note)
	}
	v, note = plan("--plan", "growth", "--new-period")
	if v["period"] != "restarted" || sub(v)["used"] != 0.0 || sub(v)["periodStartsAt"] == started || !strings.Contains(note, "new allowance period") {
		t.Errorf("--new-period: %v (%s)", v, note)
	}
	if err := cliErr(t, db, "plan", "set", "--account", id, "--plan", "gold"); !strings.Contains(err, "--plan: must be one of") {
		t.Errorf("unknown plan: %s", err)
	}
}

// TestCreditsAddMessages: amounts that are negative, zero or would pass
// the maximum balance say so (#12 item 14).
func TestCreditsAddMessages(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	id := cli(t, db, "accounts", "create", "--name", "c", "--credits", "2")["accountId"].(string)
	for _, c := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"credits", "add", "--account", id, "--usd", "-5"}, "--usd: must be a positive USD amount", "plain decimal"},
		{[]string{"credits", "add", "--account", id, "--usd", "0"}, "--usd: must be a positive USD amount", ""},
		{[]string{"credits", "add", "--account", id, "--usd", "ten"}, "--usd: must be a positive USD amount with at most 6 decimals", ""},
		{[]string{"credits", "add", "--account", id, "--usd", "1000000000000"}, "--usd: must be at most USD 999999999998.00", ""},
		{[]string{"credits", "add", "--account", id, "--usd", "20000000000000"}, "must be at most 1000000000000.00 USD", ""},
		{[]string{"accounts", "create", "--name", "n", "--credits", "-1"}, "--credits: must be a USD amount that is not negative", ""},
	} {
		err := cliErr(t, db, c.args...)
		if !strings.Contains(err, c.want) || (c.not != "" && strings.Contains(err, c.not)) {
			t.Errorf("dalil %v: %q, want %q", c.args, err, c.want)
		}
	}
	if v := cli(t, db, "credits", "add", "--account", id, "--usd", "999999999998"); v["creditsUsd"] != 1e12 {
		t.Errorf("top-up to the maximum: %v", v)
	}
}

// TestServeRefusesAShortAdminToken (#12 item 10): the error says how to
// make a token and never shows the one given.
func TestServeRefusesAShortAdminToken(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	short := "hunter2-" + strings.Repeat("x", 23) // 31 characters
	env := func(k string) string {
		if k == "DALIL_ADMIN_TOKEN" {
			return short
		}
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var stderr bytes.Buffer
	err := run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, env, nil, io.Discard, &stderr)
	if err == nil || !strings.Contains(err.Error(), "openssl rand -hex 32") || !strings.Contains(err.Error(), "at least 32") {
		t.Fatalf("serve with a 31-character token: %v", err)
	}
	if strings.Contains(err.Error()+stderr.String(), "hunter2") {
		t.Error("the error shows the token")
	}
	// 32 characters start.
	base, _ := serveOn(t, map[string]string{"DALIL_ADMIN_TOKEN": short + "y"}, db)
	if r := do(t, "GET", base+"/admin/v1/accounts", "", map[string]string{"Authorization": "Bearer " + short + "y"}); r.status != 200 {
		t.Errorf("admin API with a 32-character token: %d %s", r.status, r.raw)
	}
}

// TestDemoAgainSaysHowToGetAKey (#12 item 8): a second serve --demo names
// the demo account and the command that issues a key for it, and that
// command works as printed.
func TestDemoAgainSaysHowToGetAKey(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	start := func() string {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		stderr := &lockedBuffer{}
		done := make(chan error, 1)
		go func() {
			done <- run(ctx, []string{"serve", "--demo", "--addr", "127.0.0.1:0", "--db", db}, noEnv, nil, io.Discard, stderr)
		}()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && !strings.Contains(stderr.String(), "listening"); time.Sleep(10 * time.Millisecond) {
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		return stderr.String()
	}
	first := start()
	m := regexp.MustCompile(`created account (acct_[0-9a-f]+)`).FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("first start: %s", first)
	}
	// Another account, so the demo account is not simply the only one.
	cli(t, db, "accounts", "create", "--name", "other")
	second := start()
	cmd := regexp.MustCompile(`dalil keys create --account (acct_[0-9a-f]+) --db (\S+)`).FindStringSubmatch(second)
	if cmd == nil || cmd[1] != m[1] || cmd[2] != db || strings.Contains(second, "API key (shown once)") {
		t.Fatalf("second start says:\n%s", second)
	}
	k := cli(t, db, "keys", "create", "--account", cmd[1])
	if k["accountId"] != m[1] || !strings.HasPrefix(k["apiKey"].(string), dalil.KeyPrefix) {
		t.Errorf("the printed command: %v", k)
	}
}

// TestMCPWithoutKeyNamesTheVariable (#12 item 14): a tool call of dalil
// mcp with no DALIL_API_KEY says to set it, not to send a header.
func TestMCPWithoutKeyNamesTheVariable(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"analyze_property","arguments":{"propertyValue":85000,"annualRent":7200}}}`,
	}, "\n") + "\n"
	var out, stderr bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := run(ctx, []string{"mcp", "--db", db}, noEnv, strings.NewReader(in), &out, &stderr); err != nil {
		t.Fatalf("dalil mcp: %v\n%s", err, stderr.String())
	}
	var text string
	for sc := bufio.NewScanner(&out); sc.Scan(); {
		var msg struct {
			ID     int `json:"id"`
			Result struct {
				IsError bool `json:"isError"`
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
			} `json:"result"`
		}
		if json.Unmarshal(sc.Bytes(), &msg) == nil && msg.ID == 2 && msg.Result.IsError && len(msg.Result.Content) > 0 {
			text = msg.Result.Content[0].Text
		}
	}
	var e struct {
		Code, Message string
		Details       map[string]any
	}
	if err := json.Unmarshal([]byte(text), &e); err != nil {
		t.Fatalf("no error result for the call: %s", out.String())
	}
	if e.Code != "UNAUTHORIZED" || !strings.Contains(e.Message, "set DALIL_API_KEY") || strings.Contains(e.Message, "X-API-Key") || e.Details["paymentMethods"] == nil {
		t.Errorf("keyless tool call: %+v", e)
	}
}
