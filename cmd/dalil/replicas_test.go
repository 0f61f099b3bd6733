package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

// startReplica runs `dalil serve` as its own process on db and returns its
// base URL; the process is stopped at cleanup.
func startReplica(t *testing.T, bin, db string, env ...string) string {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--log-level", "warn")
	// Per-minute limits would refuse some of the burst; this test is about
	// money (callers may pass other limits in env).
	cmd.Env = append(append(os.Environ(), "DALIL_RATE_LIMITS=free=100000"), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(stderr)
	re := regexp.MustCompile(`listening on (http://[0-9.:]+)`)
	found := make(chan string, 1)
	go func() {
		for lines.Scan() {
			if m := re.FindStringSubmatch(lines.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case u := <-found:
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("replica did not start")
		return ""
	}
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// dalilBinary builds ./cmd/dalil once per test run.
func dalilBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := exec.Command("mktemp", "-d").Output()
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(strings.TrimSpace(string(dir)), "dalil")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = err
			t.Logf("%s", out)
		}
	})
	if binErr != nil {
		t.Fatalf("build dalil: %v", binErr)
	}
	return binPath
}

// TestTwoReplicasNeverOverspend runs two `dalil serve` processes on one
// PostgreSQL database and sends 200 concurrent calls of one account,
// split across both, against credits for 150 of them.
func TestTwoReplicasNeverOverspend(t *testing.T) {
	db := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	bin := dalilBinary(t)
	var out bytes.Buffer
	if err := run(context.Background(), []string{"accounts", "create", "--name", "replicas", "--plan", "free", "--credits", "1.50", "--db", db, "--json"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var acct struct{ AccountID, APIKey string }
	json.Unmarshal(out.Bytes(), &acct)
	replicas := []string{startReplica(t, bin, db), startReplica(t, bin, db)}

	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	perReplica := map[string]int{}
	client := &http.Client{Timeout: 30 * time.Second}
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			base := replicas[i%2]
			req, _ := http.NewRequest("POST", base+"/api/v1/property/analyze", strings.NewReader(`{"propertyValue":85000,"annualRent":7200}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-API-Key", acct.APIKey)
			res, err := client.Do(req)
			if err != nil {
				t.Errorf("call: %v", err)
				return
			}
			res.Body.Close()
			mu.Lock()
			statuses[res.StatusCode]++
			if res.StatusCode == 200 {
				perReplica[base]++
			}
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	if statuses[200] != 150 || statuses[402] != 50 {
		t.Errorf("statuses = %v, want 150 x 200 and 50 x 402", statuses)
	}
	if len(perReplica) != 2 {
		t.Errorf("successes per replica = %v; both should have charged", perReplica)
	}
	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a, err := st.Account(context.Background(), acct.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	if a.Credits != 0 {
		t.Errorf("credits = %d, want 0", a.Credits)
	}
	if sum := storetest.LedgerSum(t, st, a.ID); sum != 0 {
		t.Errorf("ledger sums to %d, want 0", sum)
	}
	rows, _ := st.Ledger(context.Background(), a.ID, 200, 0)
	charges := 0
	for _, r := range rows {
		if r.Kind == "charge" {
			charges++
		}
	}
	if charges != 150 {
		t.Errorf("%d charge rows, want 150 (no double charge)", charges)
	}
}

// TestReplicasShareRateLimitsThroughRedis: with DALIL_REDIS_URL, two
// replicas count one key's calls together.
func TestReplicasShareRateLimitsThroughRedis(t *testing.T) {
	redisURL := testenv.Redis(t)
	db := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	bin := dalilBinary(t)
	var out bytes.Buffer
	if err := run(context.Background(), []string{"accounts", "create", "--name", "limited", "--plan", "free", "--credits", "1", "--db", db, "--json"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var acct struct{ APIKey string }
	json.Unmarshal(out.Bytes(), &acct)
	env := []string{"DALIL_REDIS_URL=" + redisURL, "DALIL_RATE_LIMITS=free=5"}
	replicas := []string{startReplica(t, bin, db, env...), startReplica(t, bin, db, env...)}
	var statuses []int
	for i := 0; i < 8; i++ {
		req, _ := http.NewRequest("POST", replicas[i%2]+"/api/v1/maintenance/estimate", strings.NewReader(`{"propertyValue":100000}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-API-Key", acct.APIKey)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		statuses = append(statuses, res.StatusCode)
		if res.StatusCode == 429 && (res.Header.Get("Retry-After") == "" || res.Header.Get("RateLimit-Limit") != "5") {
			t.Errorf("429 without Retry-After or RateLimit-Limit: %v", res.Header)
		}
	}
	want := []int{200, 200, 200, 200, 200, 429, 429, 429}
	for i := range want {
		if statuses[i] != want[i] {
			t.Fatalf("statuses = %v, want %v (the two replicas must share one budget)", statuses, want)
		}
	}
}
