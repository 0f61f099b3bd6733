package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// metricsListener waits for the "metrics on" line of a serve log.
func metricsListener(t *testing.T, log *lockedBuffer) string {
	t.Helper()
	re := regexp.MustCompile(`metrics on (http://[0-9.:]+/metrics)`)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(log.String()); m != nil {
			return m[1]
		}
	}
	t.Fatalf("no metrics listener printed:\n%s", log.String())
	return ""
}

// paidCall makes one paid call on a new account of db and returns the key.
func paidCall(t *testing.T, base, db string) {
	t.Helper()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"accounts", "create", "--name", "m", "--plan", "free", "--credits", "1", "--db", db, "--json"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var acct struct{ APIKey string }
	if err := json.Unmarshal(out.Bytes(), &acct); err != nil || acct.APIKey == "" {
		t.Fatalf("accounts create printed %s", out.String())
	}
	a := post(t, base+"/api/v1/property/analyze", `{"propertyValue":85000,"annualRent":7200}`, map[string]string{"X-API-Key": acct.APIKey})
	if a.status != 200 {
		t.Fatalf("paid call: %d %s", a.status, a.raw)
	}
}

// TestMetricsNotOnThePublicPort runs dalil serve three ways. By default
// GET /metrics on the API port is 404 and no other listener exists; with
// DALIL_METRICS_ADDR the metrics (revenue included) are on that listener
// only; with DALIL_METRICS_TOKEN they are on the API port to the token's
// bearer only. A token shorter than 32 characters stops serve at start.
func TestMetricsNotOnThePublicPort(t *testing.T) {
	const revenue = `dalil_charged_microusd_total{rail="api_credits",tool="analyze_property"} 10000`
	t.Run("default", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "dalil.db")
		base, log := serveOn(t, map[string]string{}, db)
		paidCall(t, base, db)
		a := do(t, "GET", base+"/metrics", "", nil)
		if a.status != 404 || a.code() != "NOT_FOUND" || strings.Contains(string(a.raw), "dalil_charged") {
			t.Errorf("GET /metrics: %d %s", a.status, a.raw)
		}
		if strings.Contains(log.String(), "metrics on") {
			t.Errorf("a metrics listener started without DALIL_METRICS_ADDR:\n%s", log.String())
		}
	})
	t.Run("addr", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "dalil.db")
		base, log := serveOn(t, map[string]string{"DALIL_METRICS_ADDR": "127.0.0.1:0"}, db)
		url := metricsListener(t, log)
		paidCall(t, base, db)
		if a := do(t, "GET", base+"/metrics", "", nil); a.status != 404 {
			t.Errorf("GET /metrics on the API port: %d %s", a.status, a.raw)
		}
		a := do(t, "GET", url, "", nil)
		if a.status != 200 || !strings.Contains(string(a.raw), revenue) {
			t.Errorf("GET %s: %d\n%.2000s", url, a.status, a.raw)
		}
		if a := do(t, "GET", strings.TrimSuffix(url, "/metrics")+"/api/v1/pricing", "", nil); a.status != 404 {
			t.Errorf("the metrics listener serves the API: %d", a.status)
		}
	})
	t.Run("token", func(t *testing.T) {
		const token = "0123456789abcdef0123456789abcdef-metrics"
		db := filepath.Join(t.TempDir(), "dalil.db")
		base, _ := serveOn(t, map[string]string{"DALIL_METRICS_TOKEN": token}, db)
		paidCall(t, base, db)
		if a := do(t, "GET", base+"/metrics", "", nil); a.status != 401 || strings.Contains(string(a.raw), "dalil_charged") {
			t.Errorf("GET /metrics without the token: %d %s", a.status, a.raw)
		}
		a := do(t, "GET", base+"/metrics", "", map[string]string{"Authorization": "Bearer " + token})
		if a.status != 200 || !strings.Contains(string(a.raw), revenue) {
			t.Errorf("GET /metrics with the token: %d\n%.2000s", a.status, a.raw)
		}
	})
	t.Run("short token", func(t *testing.T) {
		var stderr bytes.Buffer
		err := run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "dalil.db")},
			envOf(map[string]string{"DALIL_METRICS_TOKEN": "short-secret"}), nil, io.Discard, &stderr)
		if err == nil || !strings.Contains(err.Error(), "DALIL_METRICS_TOKEN is 12 characters") || strings.Contains(err.Error(), "short-secret") {
			t.Errorf("serve with a short metrics token: %v", err)
		}
	})
}
