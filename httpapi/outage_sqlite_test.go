package httpapi_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestSQLiteUnwritableAndRecovery makes the database files immutable
// (chattr +i, which even root cannot write through): paid calls answer 503
// and charge nothing; once writable again, the service recovers by itself.
func TestSQLiteUnwritableAndRecovery(t *testing.T) {
	e := newEnv(t)
	id, key := e.account("free", 1_000_000)
	h := map[string]string{"X-API-Key": key}
	if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, h); r.Status != 200 {
		t.Fatalf("before: %d", r.Status)
	}
	dir := filepath.Dir(e.store.Path())
	// The database and its write-ahead log; not the -shm file, which SQLite
	// maps into memory (a write through a mapping of an immutable file is a
	// SIGBUS, not an error: no real disk failure looks like that).
	files := []string{filepath.Join(dir, "dalil.db"), filepath.Join(dir, "dalil.db-wal")}
	lock := func(flag string) error {
		for _, f := range files {
			if out, err := exec.Command("chattr", flag, f).CombinedOutput(); err != nil {
				return &os.PathError{Op: "chattr " + flag + ": " + string(out), Path: f, Err: err}
			}
		}
		return nil
	}
	if err := lock("+i"); err != nil {
		t.Skipf("SKIPPED LOUDLY: cannot make files immutable here (%v)", err)
	}
	t.Cleanup(func() { lock("-i") })
	for i := 0; i < 3; i++ {
		if r := e.do("POST", "/api/v1/property/analyze", analyzeBody, h); r.Status != 503 || r.code() != "SERVICE_UNAVAILABLE" {
			t.Fatalf("unwritable: %d %s", r.Status, r.Raw)
		}
	}
	if err := lock("-i"); err != nil {
		t.Fatal(err)
	}
	var r response
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if r = e.do("POST", "/api/v1/property/analyze", analyzeBody, h); r.Status == 200 {
			break
		}
	}
	if r.Status != 200 {
		t.Fatalf("no recovery: %d %s", r.Status, r.Raw)
	}
	if got := e.credits(id); got != 980_000 {
		t.Errorf("credits = %d, want exactly two charges", got)
	}
}
