package main

import (
	"net/http"
	"path/filepath"
	"testing"
	"time"
)

// TestCLIRevocationReachesServe: `dalil keys revoke` against the SQLite
// file of a running `dalil serve` (each with its own store, as in two
// processes) makes the server refuse the key within 100 ms (issue 11),
// although the server had just authenticated, and cached, it.
func TestCLIRevocationReachesServe(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	acct := cli(t, db, "accounts", "create", "--name", "r", "--plan", "free", "--credits", "1")
	key, _ := acct["apiKey"].(string)
	keyID, _ := acct["keyId"].(string)
	if key == "" || keyID == "" {
		t.Fatalf("accounts create printed %v", acct)
	}
	base, _ := serveOn(t, nil, db)
	balance := func() int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, base+"/api/v1/account/balance", nil)
		req.Header.Set("X-API-Key", key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if s := balance(); s != http.StatusOK {
		t.Fatalf("balance before the revocation: %d", s)
	}
	cli(t, db, "keys", "revoke", keyID)
	start := time.Now()
	for balance() != http.StatusUnauthorized {
		if time.Since(start) > 100*time.Millisecond {
			t.Fatalf("the server still accepts the key %v after dalil keys revoke returned", time.Since(start))
		}
		time.Sleep(time.Millisecond)
	}
	t.Logf("refused %v after dalil keys revoke returned", time.Since(start))
}
