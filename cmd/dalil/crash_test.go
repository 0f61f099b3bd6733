package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

// startServe starts `dalil serve` on db and returns the process and its
// base URL.
func startServe(t *testing.T, bin, db string, env ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--log-level", "warn")
	cmd.Env = append(append(os.Environ(), "DALIL_RATE_LIMITS=free=100000"), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	re := regexp.MustCompile(`listening on (http://[0-9.:]+)`)
	found := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stderr)
		for lines.Scan() {
			if m := re.FindStringSubmatch(lines.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case u := <-found:
		return cmd, u
	case <-time.After(30 * time.Second):
		t.Fatal("dalil serve did not start")
		return nil, ""
	}
}

// TestKill9UnderKeyedLoadSQLite kills a real `dalil serve` (SQLite) with
// SIGKILL while calls with Idempotency-Keys are in flight, restarts it on
// the same file, and retries every key after the lease: each key is
// charged exactly once (a retry replays a charge that committed before the
// crash, or runs the call once if it did not), no key stays in progress,
// and the balance equals the ledger.
func TestKill9UnderKeyedLoadSQLite(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test")
	}
	bin := dalilBinary(t)
	db := filepath.Join(t.TempDir(), "crash.db")
	var out bytes.Buffer
	if err := run(context.Background(), []string{"accounts", "create", "--name", "crash", "--plan", "free", "--credits", "100", "--db", db, "--json"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var acct struct{ AccountID, APIKey string }
	json.Unmarshal(out.Bytes(), &acct)
	env := []string{"DALIL_IDEMPOTENCY_LEASE=2s", "DALIL_CALL_TIMEOUT=1s"}
	proc, base := startServe(t, bin, db, env...)

	type attempt struct {
		key, body string
		status    int
		requestID string
		replayed  bool
		err       error
	}
	client := &http.Client{Timeout: 10 * time.Second}
	call := func(base, key, body string) attempt {
		a := attempt{key: key, body: body}
		req, _ := http.NewRequest("POST", base+"/api/v1/property/analyze", bytes.NewBufferString(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-API-Key", acct.APIKey)
		req.Header.Set("Idempotency-Key", key)
		res, err := client.Do(req)
		if err != nil {
			a.err = err
			return a
		}
		defer res.Body.Close()
		var env struct {
			Meta struct{ RequestID string }
		}
		json.NewDecoder(res.Body).Decode(&env)
		a.status, a.requestID, a.replayed = res.StatusCode, env.Meta.RequestID, res.Header.Get("Idempotent-Replayed") == "true"
		return a
	}

	var mu sync.Mutex
	var attempts []attempt
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				key := fmt.Sprintf("crash-%d-%d", w, i)
				a := call(base, key, fmt.Sprintf(`{"propertyValue":%d,"annualRent":7200}`, 50000+w*10000+i))
				mu.Lock()
				attempts = append(attempts, a)
				mu.Unlock()
				if a.err != nil {
					return // the server is gone
				}
			}
		}(w)
	}
	time.Sleep(1500 * time.Millisecond)
	if err := proc.Process.Kill(); err != nil { // SIGKILL: no shutdown at all
		t.Fatal(err)
	}
	proc.Wait()
	close(stop)
	wg.Wait()

	var lost int
	for _, a := range attempts {
		if a.err != nil {
			lost++
		}
	}
	if lost == 0 {
		t.Fatal("no call was in flight at the kill: nothing tested")
	}
	_, base = startServe(t, bin, db, env...)
	time.Sleep(2500 * time.Millisecond) // past the lease

	finalID := map[string]string{}
	replayedLost := 0
	for _, a := range attempts {
		r := call(base, a.key, a.body)
		if r.err != nil || r.status != 200 {
			t.Fatalf("retry of %s: %d %v", a.key, r.status, r.err)
		}
		if a.err == nil && a.status == 200 && (!r.replayed || r.requestID != a.requestID) {
			t.Errorf("retry of %s answered 200 before the crash but was not replayed (replayed=%v, id %s vs %s)", a.key, r.replayed, r.requestID, a.requestID)
		}
		if a.err != nil && r.replayed {
			replayedLost++ // charged before the kill, its answer lost with the process
		}
		finalID[a.key] = r.requestID
	}

	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var ledger []dalil.LedgerEntry
	for before := int64(0); ; {
		page, err := st.Ledger(context.Background(), acct.AccountID, 200, before)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		ledger = append(ledger, page...)
		before = page[len(page)-1].ID
	}
	charges := map[string]int{}
	for _, e := range ledger {
		if e.Kind == "charge" {
			charges[e.RequestID]++
		}
	}
	for key, id := range finalID {
		if charges[id] != 1 {
			t.Errorf("key %s (request %s) has %d charges, want 1", key, id, charges[id])
		}
	}
	if n := len(ledger) - 1; n != len(finalID) { // minus the opening top-up
		t.Errorf("%d charges for %d keys", n, len(finalID))
	}
	a, _ := st.Account(context.Background(), acct.AccountID)
	if sum := storetest.LedgerSum(t, st, acct.AccountID); sum != a.Credits {
		t.Errorf("credits %d, ledger %d", a.Credits, sum)
	}
	t.Logf("%d keyed calls, %d in flight at the kill (%d of them charged before it and replayed on retry); every key charged exactly once", len(attempts), lost, replayedLost)
}
