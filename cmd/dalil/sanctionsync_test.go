package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/sanctions/sanctionsync"
	"dalil/internal/safehttp/safehttptest"
)

// TestSanctionsSyncConfig: DALIL_SANCTIONS_SYNC and its companions are
// read, defaulted and checked.
func TestSanctionsSyncConfig(t *testing.T) {
	load := func(env map[string]string) (*Config, error) {
		cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, func(k string) string { return env[k] })
		return cfg, err
	}
	cfg, err := load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := cfg.SanctionsSync; len(s.Sources) != 0 || s.Interval != 6*time.Hour || s.MaxShrink != 0.20 || s.URLs != nil {
		t.Errorf("defaults %+v", s)
	}
	cfg, err = load(map[string]string{envSanctionsSync: " UN, ofac_sdn,un ", envSanctionsSyncInterval: "30m", envSanctionsMaxShrink: "0.5",
		"DALIL_SANCTIONS_URL_OFAC_SDN": "https://mirror.example.com/ofac/SDN.XML?key=s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	s := cfg.SanctionsSync
	if strings.Join(s.Sources, ",") != "un,ofac_sdn" || s.Interval != 30*time.Minute || s.MaxShrink != 0.5 || string(s.URLs["ofac_sdn"]) != "https://mirror.example.com/ofac/SDN.XML?key=s3cret" {
		t.Errorf("set %+v", s)
	}
	// `dalil config` shows the override's host only.
	var out bytes.Buffer
	if err := run(context.Background(), []string{"config", "--json", "--db", filepath.Join(t.TempDir(), "none.db")},
		func(k string) string {
			return map[string]string{"DALIL_SANCTIONS_URL_OFAC_SDN": "https://mirror.example.com/ofac/SDN.XML?key=s3cret", envSanctionsSync: "all"}[k]
		}, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "s3cret") || !strings.Contains(out.String(), `"https://mirror.example.com/…?…"`) ||
		!strings.Contains(out.String(), `"ofac_sdn",`+"\n") && !strings.Contains(out.String(), `"sources": [`) {
		t.Errorf("dalil config:\n%s", out.String())
	}
	cfg, err = load(map[string]string{envSanctionsSync: "all"})
	if err != nil || len(cfg.SanctionsSync.Sources) != 5 {
		t.Errorf("all: %v %+v", err, cfg)
	}
	for _, c := range []struct{ env, value, want string }{
		{envSanctionsSync, "ofac", `unknown source "ofac"`},
		{envSanctionsSyncInterval, "1m", "must be at least 10m0s"},
		{envSanctionsMaxShrink, "1.5", "must be a share above 0 and at most 1"},
		{envSanctionsMaxShrink, "0", "must be a share above 0 and at most 1"},
		{"DALIL_SANCTIONS_URL_UK", "http://plain.example.com/uk.xml", "must be an absolute https URL"},
	} {
		_, err := load(map[string]string{c.env: c.value})
		if err == nil || !strings.Contains(err.Error(), c.env) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s=%s: %v", c.env, c.value, err)
		}
	}
}

// ukPublisher serves the UK list with an ETag, answering 304 to it, and
// records the requests' If-None-Match.
type ukPublisher struct {
	body []byte
	inm  []string
}

func (p *ukPublisher) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.inm = append(p.inm, r.Header.Get("If-None-Match"))
	w.Header().Set("ETag", `"uk-v1"`)
	if r.Header.Get("If-None-Match") == `"uk-v1"` {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Write(p.body)
}

// TestSanctionsSyncCommand: `dalil sanctions sync` imports the list from
// the publisher (a local https server reached through the same safehttp
// policy), prints each outcome, and `dalil sanctions stats` shows the
// source's batch, publication date, retrieval, last attempt and ETag; run
// again, it is one conditional request and changes nothing.
func TestSanctionsSyncCommand(t *testing.T) {
	uk, err := os.ReadFile("../../dataset/sanctions/testdata/uk.xml")
	if err != nil {
		t.Fatal(err)
	}
	pub := &ukPublisher{body: uk}
	srv := safehttptest.NewTLSServer(t, pub, "lists.test.example")
	db := filepath.Join(t.TempDir(), "dalil.db")
	env := map[string]string{"DALIL_DB": db, "DALIL_SANCTIONS_URL_UK": "https://lists.test.example/docs/UK-Sanctions-List.xml", "DALIL_LOG_LEVEL": "warn"}
	cfg, _, err := loadConfig(newFlagSet("sanctions sync", io.Discard), nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fetch = srv.Options()
	var out, errb bytes.Buffer
	if err := syncSanctions(context.Background(), cfg, []string{"uk"}, false, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if !regexp.MustCompile(`(?m)^uk\s+imported\s+sb_\w+\s+3 \(was 0\)\s+-$`).MatchString(out.String()) {
		t.Errorf("first sync printed:\n%s", out.String())
	}
	out.Reset()
	if err := syncSanctions(context.Background(), cfg, []string{"uk"}, true, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var rs []sanctionsync.Result
	if err := json.Unmarshal(out.Bytes(), &rs); err != nil || len(rs) != 1 || rs[0].Outcome != sanctionsync.OutcomeNotModified {
		t.Errorf("second sync printed %s (%v)", out.String(), err)
	}
	if len(pub.inm) != 2 || pub.inm[0] != "" || pub.inm[1] != `"uk-v1"` {
		t.Errorf("If-None-Match sent: %q", pub.inm)
	}
	out.Reset()
	if err := run(context.Background(), []string{"sanctions", "stats", "--db", db}, noEnv, nil, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^uk\s+sb_\w+\s+2026-10-29\s+\S+Z\s+\S+Z\s+not_modified\s+\S+Z\s+0 \(0 in a row\)\s+-\s+"uk-v1"$`).MatchString(out.String()) {
		t.Errorf("stats:\n%s", out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"sanctions", "stats", "--json", "--db", db}, noEnv, nil, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var st struct {
		Coverage struct {
			Sync []sanctionsync.Status `json:"sync"`
		} `json:"coverage"`
	}
	if err := json.Unmarshal(out.Bytes(), &st); err != nil || len(st.Coverage.Sync) != 1 || st.Coverage.Sync[0].ETag != `"uk-v1"` ||
		st.Coverage.Sync[0].Published != "2026-10-29" || st.Coverage.Sync[0].Entries != 3 {
		t.Errorf("stats --json: %v %s", err, out.String())
	}
	// An unknown source is refused before anything is fetched.
	if err := run(context.Background(), []string{"sanctions", "sync", "ofac", "--db", db}, noEnv, nil, io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), `unknown sanctions source "ofac"`) {
		t.Errorf("unknown source: %v", err)
	}
}

// TestServeSanctionsSyncAlarm: `dalil serve` with DALIL_SANCTIONS_SYNC
// schedules the sync on its River queue at start. Here the list's URL is
// one safehttp refuses (a loopback address): nothing is fetched, and the
// operator sees the failure in every place: an ERROR line in serve's
// log, /metrics (failures 1, up 0), `dalil sanctions stats`; `dalil
// sanctions sync` exits with an error. Without DALIL_SANCTIONS_SYNC no
// sync is scheduled (no sync state, no metric).
func TestServeSanctionsSyncAlarm(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	const metricsToken = "0123456789abcdef0123456789abcdef-metrics"
	env := map[string]string{envSanctionsSync: "un", "DALIL_SANCTIONS_URL_UN": "https://127.0.0.1/consolidated.xml", "DALIL_METRICS_TOKEN": metricsToken}
	getenv := func(k string) string { return env[k] }
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, getenv, nil, io.Discard, stderr)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	addrRe := regexp.MustCompile(`listening on (http://[0-9.:]+)`)
	errRe := regexp.MustCompile(`"level":"ERROR","msg":"sanctions sync failed: the previous list stays in use","source":"un",[^\n]*not a public internet address`)
	var base string
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if m := addrRe.FindStringSubmatch(stderr.String()); m != nil && errRe.MatchString(stderr.String()) {
			base = m[1]
			break
		}
	}
	if base == "" {
		t.Fatalf("no sync failure logged:\n%s", stderr.String())
	}
	req, _ := http.NewRequest("GET", base+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+metricsToken) // /metrics is not public (metrics.go)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, want := range []string{`dalil_sanctions_sync_failures_total{source="un"} 1`, `dalil_sanctions_sync_up{source="un"} 0`,
		`dalil_sanctions_sync_consecutive_failures{source="un"} 1`, `dalil_sanctions_sync_last_success_timestamp_seconds{source="un"} 0`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"sanctions", "stats", "--db", db}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^un\s+-\s+-\s+-\s+\S+Z\s+failed\s+-\s+1 \(1 in a row\)\s+download: The URL's host is a loopback address, not a public internet address \(literal 127\.0\.0\.1: a loopback address\)\s+-$`).MatchString(out.String()) {
		t.Errorf("stats:\n%s", out.String())
	}
	out.Reset()
	err = run(context.Background(), []string{"sanctions", "sync", "--db", db}, getenv, nil, &out, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "1 of 1 lists could not be synced") || !regexp.MustCompile(`(?m)^un\s+failed\s+-\s+-\s+download:`).MatchString(out.String()) {
		t.Errorf("dalil sanctions sync: %v\n%s", err, out.String())
	}

	// Off: no schedule.
	off := filepath.Join(t.TempDir(), "off.db")
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, func(k string) string { return map[string]string{"DALIL_DB": off}[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fetch = safehttptest.NoNetwork(t)
	log := slog.New(slog.DiscardHandler)
	svc, err := buildServer(context.Background(), cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	rt, err := startSanctionsSync(context.Background(), cfg, svc.store, log)
	if rt != nil || err != nil {
		t.Errorf("sync without DALIL_SANCTIONS_SYNC: %v %v", rt, err)
	}
	rt.stop() // nil-safe
	var n int
	if err := svc.store.DB().Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM sanctions_sync`).Scan(&n); err != nil || n != 0 {
		t.Errorf("sync state without DALIL_SANCTIONS_SYNC: %d rows (%v)", n, err)
	}
}
