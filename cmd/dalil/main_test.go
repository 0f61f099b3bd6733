package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is an io.Writer tests can read while run writes to it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

func noEnv(string) string { return "" }

// cli runs one command and decodes its JSON output.
func cli(t *testing.T, db string, args ...string) map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(context.Background(), append(args, "--db", db, "--json"), noEnv, nil, &out, &errb); err != nil {
		t.Fatalf("dalil %v: %v (%s)", args, err, errb.String())
	}
	var v map[string]any
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatalf("dalil %v printed %q: %v", args, out.String(), err)
	}
	return v
}

func TestServeDemoEndToEnd(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--demo", "--addr", "127.0.0.1:0", "--db", db}, noEnv, nil, io.Discard, stderr)
	}()
	addrRe := regexp.MustCompile(`listening on (http://[0-9.:]+)`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := addrRe.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
			break
		}
	}
	if base == "" {
		t.Fatalf("server did not start: %s", stderr.String())
	}
	key := regexp.MustCompile(`API key \(shown once\): (dk_live_[a-z0-9]+)`).FindStringSubmatch(stderr.String())
	if key == nil {
		t.Fatalf("no demo key printed: %s", stderr.String())
	}
	req, _ := http.NewRequest("POST", base+"/api/v1/property/analyze", strings.NewReader(`{"propertyValue":85000,"annualRent":7200}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", key[1])
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	json.NewDecoder(res.Body).Decode(&body)
	res.Body.Close()
	if res.StatusCode != 200 || body["meta"].(map[string]any)["paymentMethod"] != "subscription" {
		t.Fatalf("paid call: %d %v", res.StatusCode, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v", err)
	}
	// A second --demo start on the same database creates nothing new.
	ctx2, cancel2 := context.WithCancel(context.Background())
	errb := &lockedBuffer{}
	done2 := make(chan error, 1)
	go func() {
		done2 <- run(ctx2, []string{"serve", "--demo", "--addr", "127.0.0.1:0", "--db", db}, noEnv, nil, io.Discard, errb)
	}()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && !strings.Contains(errb.String(), "listening"); time.Sleep(20 * time.Millisecond) {
	}
	cancel2()
	if err := <-done2; err != nil {
		t.Fatal(err)
	}
	if strings.Contains(errb.String(), "API key") || !strings.Contains(errb.String(), "already has accounts") {
		t.Errorf("second demo start: %s", errb.String())
	}
}

func TestGracefulShutdownFinishesInFlight(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		io.WriteString(w, "finished")
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serveHTTP(ctx, ln, h) }()
	got := make(chan string, 1)
	go func() {
		res, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			got <- "error: " + err.Error()
			return
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		got <- string(b)
	}()
	<-started
	cancel() // SIGINT/SIGTERM cancel this context in main
	time.Sleep(50 * time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("server stopped before the request finished: %v", err)
	default:
	}
	close(release)
	if body := <-got; body != "finished" {
		t.Errorf("in-flight request got %q", body)
	}
	if err := <-done; err != nil {
		t.Errorf("serveHTTP = %v", err)
	}
	if _, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		t.Error("still accepting connections after shutdown")
	}
}

func TestAccountCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	created := cli(t, db, "accounts", "create", "--name", "acme", "--plan", "developer", "--credits", "2.5")
	id, _ := created["accountId"].(string)
	if !strings.HasPrefix(id, "acct_") || !strings.HasPrefix(created["apiKey"].(string), "dk_live_") || created["creditsUsd"] != 2.5 || created["plan"] != "developer" {
		t.Fatalf("accounts create = %v", created)
	}
	if v := cli(t, db, "credits", "add", "--account", id, "--usd", "0.10"); v["creditsUsd"] != 2.6 {
		t.Errorf("credits add = %v", v)
	}
	k := cli(t, db, "keys", "create", "--account", id)
	shown := cli(t, db, "accounts", "show", id)
	if shown["credits"].(map[string]any)["available"] != 2.6 || len(shown["keys"].([]any)) != 2 {
		t.Errorf("accounts show = %v", shown)
	}
	if strings.Contains(mustJSON(shown), created["apiKey"].(string)) {
		t.Error("accounts show printed a secret")
	}
	if v := cli(t, db, "keys", "revoke", k["keyId"].(string)); v["revoked"] != true {
		t.Errorf("keys revoke = %v", v)
	}
	if v := cli(t, db, "plan", "set", "--account", id, "--plan", "growth"); v["plan"] != "growth" {
		t.Errorf("plan set = %v", v)
	}
	for _, bad := range [][]string{
		{"accounts", "create"},
		{"accounts", "create", "--name", "x", "--plan", "gold"},
		{"credits", "add", "--account", id, "--usd", "-1"},
		{"credits", "add", "--account", "acct_nope", "--usd", "1"},
		{"keys", "revoke", "key_nope"},
		{"accounts", "create", "--name", "x", "junk"},
		{"credits", "add", "--account", id, "--usd", "1", "extra"},
		{"nonsense"},
	} {
		if err := run(context.Background(), append(bad, "--db", db), noEnv, nil, io.Discard, io.Discard); err == nil {
			t.Errorf("dalil %v succeeded", bad)
		}
	}
}

func TestRegistryIsComplete(t *testing.T) {
	reg, err := registry(deps{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(reg.Planned()); n != 12 {
		t.Errorf("%d planned capabilities, want the spec's 12", n)
	}
	for _, id := range []string{"analyze_property", "compare_properties", "estimate_maintenance"} {
		if e, ok := reg.Lookup(id); !ok || !e.Callable() {
			t.Errorf("%s missing", id)
		}
	}
}

func mustJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

func TestParseProxies(t *testing.T) {
	nets, err := parseProxies(" 10.0.0.0/8, 192.0.2.1 ,2001:db8::/32,")
	if err != nil || len(nets) != 3 || nets[1].String() != "192.0.2.1/32" {
		t.Fatalf("parseProxies = %v, %v", nets, err)
	}
	for _, bad := range []string{"10.0.0.0/99", "lb.internal", "10.0.0"} {
		if _, err := parseProxies(bad); err == nil {
			t.Errorf("parseProxies(%q) accepted", bad)
		}
	}
}
