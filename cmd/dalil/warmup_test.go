package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

// warmSteps records the warm-up's steps by dataset (warmStep), and holds
// the first one until released.
type warmSteps struct {
	mu      sync.Mutex
	steps   map[string]int
	hold    chan struct{} // closed: steps go on
	held    chan struct{} // closed once the first step waits
	onStep  func(dataset string, n int)
	holdOne sync.Once
}

func recordWarmSteps(t *testing.T) *warmSteps {
	r := &warmSteps{steps: map[string]int{}, hold: make(chan struct{}), held: make(chan struct{})}
	warmStep = func(d string, _ sqlstore.Warmed) {
		r.holdOne.Do(func() { close(r.held); <-r.hold })
		r.mu.Lock()
		r.steps[d]++
		n, f := r.steps[d], r.onStep
		r.mu.Unlock()
		if f != nil {
			f(d, n)
		}
	}
	t.Cleanup(func() { warmStep = nil })
	return r
}

func (r *warmSteps) count(d string) int { r.mu.Lock(); defer r.mu.Unlock(); return r.steps[d] }

func TestWarmupSQLite(t *testing.T) {
	testWarmup(t, filepath.Join(t.TempDir(), "warm.db"))
}

func TestWarmupPostgres(t *testing.T) {
	testWarmup(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

// testWarmup runs `dalil serve` on a database holding a sanctions list:
// the warm-up reads every dataset's indexes at start, /readyz answers 503
// with "warmup" failing while it runs and 200 once it is done, the log
// says what it read; an import through the admin API has the imported
// dataset's indexes read again, and readiness stays ready meanwhile.
func testWarmup(t *testing.T, db string) {
	if out, err := sanctionsImport(t, db, sanctionsFile("sdn.xml"), "--format", "ofac-xml", "--source", "ofac-sdn", "--license", "public domain (17 U.S.C. 105)"); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	steps := recordWarmSteps(t)
	base, logs := serveOn(t, map[string]string{"DALIL_ADMIN_TOKEN": adminToken}, db)
	<-steps.held
	a := do(t, "GET", base+"/readyz", "", nil)
	checks, _ := a.details()["checks"].(map[string]any)
	if a.status != 503 || checks["warmup"] != "failing" || checks["storage"] != "ok" {
		t.Errorf("readyz while warming up: %d %s", a.status, a.raw)
	}
	close(steps.hold)
	waitUpTo(t, time.Minute, "the warm-up at start is done", func() bool { return strings.Contains(logs.String(), `"msg":"warm-up done","after":"start"`) })
	a = do(t, "GET", base+"/readyz", "", nil)
	if a.status != 200 || path(a.body, "data", "checks", "warmup") != "ok" {
		t.Errorf("readyz once warm: %d %s", a.status, a.raw)
	}
	// Every dataset that declares its indexes was read, sanctions' pages
	// counted in the log.
	for _, d := range datasets() {
		if len(d.Warm) > 0 && steps.count(d.Name) == 0 {
			t.Errorf("dataset %s not warmed at start", d.Name)
		}
	}
	line := regexp.MustCompile(`"msg":"dataset warmed","after":"start","dataset":"sanctions","method":"(pg_prewarm|dbstat)","relations":(\d+),"pages":([1-9]\d*),"bytes":[1-9]`).FindStringSubmatch(logs.String())
	if line == nil || line[2] == "0" {
		t.Errorf("no log line of the sanctions' warm-up: %s", logs.String())
	}
	atStart := steps.count("sanctions")

	// An import through the admin API: the sanctions' indexes again.
	admin := map[string]string{"Authorization": "Bearer " + adminToken, "Content-Type": "application/xml"}
	un, err := os.ReadFile(sanctionsFile("un.xml"))
	if err != nil {
		t.Fatal(err)
	}
	a = do(t, "POST", base+"/admin/v1/datasets/sanctions/import?source=un-consolidated&license=UN+public+information&format=un-xml", string(un), admin)
	if a.status != 200 {
		t.Fatalf("admin import: %d %s", a.status, a.raw)
	}
	waitUpTo(t, time.Minute, "the warm-up after the import is done", func() bool { return strings.Contains(logs.String(), `"msg":"warm-up done","after":"import"`) })
	if steps.count("sanctions") <= atStart {
		t.Errorf("sanctions: %d steps at start, %d after the import", atStart, steps.count("sanctions"))
	}
	if !regexp.MustCompile(`"msg":"dataset warmed","after":"import","dataset":"sanctions"`).MatchString(logs.String()) {
		t.Errorf("no log line of the warm-up after the import: %s", logs.String())
	}
	if a := do(t, "GET", base+"/readyz", "", nil); a.status != 200 {
		t.Errorf("readyz after the import: %d %s", a.status, a.raw)
	}
}

// TestWarmupStops: closing the warmer (the service stopping, or its
// timeout) stops a warm-up at the step it was in: no step runs after, on
// real SQLite and PostgreSQL stores holding the sanctions tables; the
// warm-up is logged as stopped and readiness no longer waits. Off, it
// reads nothing and readiness does not wait.
func TestWarmupStops(t *testing.T) {
	for _, c := range []struct{ name, dsn string }{
		{"sqlite", filepath.Join(t.TempDir(), "stop.db")},
		{"postgres", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dsn := c.dsn
			if dsn == "" {
				dsn = testenv.FreshPostgresSchema(t, testenv.Postgres(t))
			}
			ctx := context.Background()
			st, err := sqlstore.Open(ctx, dsn, sqlstore.Options{Modules: storeModules()})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			steps := recordWarmSteps(t)
			close(steps.hold)
			// Sanctions' second step stops the warm-up, as closing the
			// service does.
			var w *warmer
			hit := make(chan struct{})
			steps.onStep = func(d string, n int) {
				if d == "sanctions" && n == 2 {
					w.stop()
					close(hit)
				}
			}
			var logs lockedBuffer
			w = newWarmer(st.DB(), datasets(), 0, false, slog.New(slog.NewJSONHandler(&logs, nil)))
			w.start(ctx)
			<-hit
			w.close()
			if n := steps.count("sanctions"); n != 2 {
				t.Errorf("%d sanctions steps after a stop at the second", n)
			}
			if !strings.Contains(logs.String(), `warm-up stopped`) {
				t.Errorf("log: %s", logs.String())
			}
			if err := w.ready(ctx); err != nil {
				t.Errorf("ready after the warm-up stopped: %v", err)
			}

			// Off: nothing read, ready at once.
			before := steps.count("sanctions")
			off := newWarmer(st.DB(), datasets(), 0, true, slog.New(slog.NewTextHandler(io.Discard, nil)))
			off.start(ctx)
			off.changed("sanctions")
			if err := off.ready(ctx); err != nil || steps.count("sanctions") != before {
				t.Errorf("off: ready %v, %d steps", err, steps.count("sanctions")-before)
			}
			off.close()
		})
	}
}
