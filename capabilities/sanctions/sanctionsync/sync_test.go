package sanctionsync_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/sanctions/sanctionsync"
	"dalil/capability"
	"dalil/dataset"
	"dalil/internal/safehttp/safehttptest"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// publisher serves lists the way the publishers do: each path's current
// bytes with an ETag and a Last-Modified, 304 to a request whose
// If-None-Match (or, without one, If-Modified-Since) matches. It records
// every request's conditional headers.
type publisher struct {
	mu       sync.Mutex
	files    map[string][]byte
	modified map[string]time.Time
	status   map[string]int // a forced status
	noTags   bool           // no ETag / Last-Modified at all
	requests []request
}

type request struct {
	path, ifNoneMatch, ifModifiedSince string
	status                             int
}

func newPublisher() *publisher {
	return &publisher{files: map[string][]byte{}, modified: map[string]time.Time{}, status: map[string]int{}}
}

func etag(b []byte) string {
	sum := sha256.Sum256(b)
	return `"` + hex.EncodeToString(sum[:8]) + `"`
}

func (p *publisher) set(path string, b []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.files[path] = b
	// Each version a second later than the last, so If-Modified-Since
	// (second precision) tells them apart.
	p.modified[path] = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(len(p.requests)+len(p.modified)+1) * time.Hour)
}

func (p *publisher) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	rec := request{path: r.URL.Path, ifNoneMatch: r.Header.Get("If-None-Match"), ifModifiedSince: r.Header.Get("If-Modified-Since")}
	defer func() { p.requests = append(p.requests, rec) }()
	if s := p.status[r.URL.Path]; s != 0 {
		rec.status = s
		http.Error(w, "unavailable", s)
		return
	}
	b, ok := p.files[r.URL.Path]
	if !ok {
		rec.status = 404
		http.NotFound(w, r)
		return
	}
	mod := p.modified[r.URL.Path]
	if !p.noTags {
		w.Header().Set("ETag", etag(b))
		w.Header().Set("Last-Modified", mod.Format(http.TimeFormat))
		if inm := rec.ifNoneMatch; inm != "" {
			if inm == etag(b) {
				rec.status = 304
				w.WriteHeader(304)
				return
			}
		} else if ims, err := http.ParseTime(rec.ifModifiedSince); err == nil && !mod.After(ims) {
			rec.status = 304
			w.WriteHeader(304)
			return
		}
	}
	rec.status = 200
	w.Header().Set("Content-Type", "application/xml")
	w.Write(b)
}

func (p *publisher) last(path string) request {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.requests) - 1; i >= 0; i-- {
		if p.requests[i].path == path {
			return p.requests[i]
		}
	}
	return request{}
}

func (p *publisher) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.requests)
}

func testdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "dataset", "sanctions", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// paths are where the test publisher serves each source.
var paths = map[string]string{"ofac_sdn": "/ofac/SDN.XML", "ofac_consolidated": "/ofac/CONSOLIDATED.XML", "un": "/un/consolidated.xml",
	"eu": "/eu/xmlFullSanctionsList_1_1", "uk": "/uk/UK-Sanctions-List.xml"}

const host = "lists.test.example"

type env struct {
	pub    *publisher
	store  *sanctionssql.Store
	db     sqlstore.DB
	syncer *sanctionsync.Syncer
	logs   *bytes.Buffer
	logMu  *sync.Mutex
	now    time.Time
	srv    *safehttptest.Server
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func newEnv(t *testing.T, dsn string, o sanctionsync.Options, maxBytes int64) *env {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Modules: []sqlstore.Module{sanctionssql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e := &env{pub: newPublisher(), store: sanctionssql.New(st.DB()), db: st.DB(), logs: &bytes.Buffer{}, logMu: &sync.Mutex{},
		now: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)}
	e.pub.set(paths["ofac_sdn"], testdata(t, "sdn.xml"))
	e.pub.set(paths["ofac_consolidated"], testdata(t, "sdn.xml"))
	e.pub.set(paths["un"], testdata(t, "un.xml"))
	e.pub.set(paths["eu"], testdata(t, "eu.xml"))
	e.pub.set(paths["uk"], testdata(t, "uk.xml"))
	e.srv = safehttptest.NewTLSServer(t, e.pub, host)
	o.Store = e.store
	o.Fetcher = sanctionsync.NewHTTPFetcher(e.srv.Options(), maxBytes, 10*time.Second)
	o.URLs = map[string]string{}
	for name, p := range paths {
		o.URLs[name] = "https://" + host + p
	}
	o.URLs["eu"] += "?token=test-token"
	o.Logger = slog.New(slog.NewJSONHandler(lockedWriter{e.logMu, e.logs}, nil))
	o.Now = func() time.Time { return e.now }
	e.syncer = sanctionsync.New(o)
	return e
}

func (e *env) sync(t *testing.T, names ...string) map[string]sanctionsync.Result {
	t.Helper()
	e.now = e.now.Add(time.Hour)
	rs, err := e.syncer.Sync(context.Background(), names...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]sanctionsync.Result{}
	for _, r := range rs {
		out[r.Source] = r
	}
	return out
}

func (e *env) status(t *testing.T, source string) sanctionsync.Status {
	t.Helper()
	st, err := e.store.SyncState(context.Background(), source)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// entries counts the stored entries of source and of every list.
func (e *env) entries(t *testing.T, source string) (mine, all int) {
	t.Helper()
	ctx := context.Background()
	if err := e.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM sanctions_entries WHERE source = $1`, source).Scan(&mine); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM sanctions_entries`).Scan(&all); err != nil {
		t.Fatal(err)
	}
	return mine, all
}

func (e *env) batchCount(t *testing.T) int {
	t.Helper()
	var n int
	if err := e.db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM sanctions_batches`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// logLines are the log records at level, as maps.
func (e *env) logLines(t *testing.T, level string) []map[string]any {
	t.Helper()
	e.logMu.Lock()
	defer e.logMu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(e.logs.String()), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil && m["level"] == level {
			out = append(out, m)
		}
	}
	return out
}

// metrics gathers the collector's series as "name{source}" -> value.
func metrics(t *testing.T, r sanctionsync.StatusReader) map[string]float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(sanctionsync.Collector(r, nil))
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, f := range fams {
		for _, m := range f.GetMetric() {
			key := f.GetName() + "{" + m.GetLabel()[0].GetValue() + "}"
			switch {
			case m.Counter != nil:
				out[key] = m.GetCounter().GetValue()
			default:
				out[key] = m.GetGauge().GetValue()
			}
		}
	}
	return out
}

func eachDB(t *testing.T, run func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { run(t, filepath.Join(t.TempDir(), "s.db")) })
	t.Run("postgres", func(t *testing.T) { run(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))) })
}

// TestSyncEverySource: the first sync downloads every source from the
// (local, https) publisher in its real format and imports it; the lists
// are screened at once. The second is one conditional request per source
// (If-None-Match with the ETag of the file imported), answered 304: no
// batch, no entry written, the same batches current.
func TestSyncEverySource(t *testing.T) {
	// The downloads go to temporary files, read in place and removed
	// after each source's sync.
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	eachDB(t, func(t *testing.T, dsn string) {
		e := newEnv(t, dsn, sanctionsync.Options{}, 0)
		first := e.sync(t)
		if left, _ := filepath.Glob(filepath.Join(tmp, "dalil-*")); len(left) != 0 {
			t.Errorf("temporary files left: %v", left)
		}
		want := map[string]int{"ofac_sdn": 3, "ofac_consolidated": 3, "un": 2, "eu": 2, "uk": 3}
		batches := map[string]string{}
		for name, n := range want {
			r := first[name]
			if r.Outcome != sanctionsync.OutcomeImported || r.Entries != n || r.Batch == "" || r.Previous != 0 || r.Failed() {
				t.Errorf("%s: %+v", name, r)
			}
			batches[name] = r.Batch
			if q := e.pub.last(paths[name]); q.ifNoneMatch != "" || q.ifModifiedSince != "" || q.status != 200 {
				t.Errorf("%s: the first request was conditional: %+v", name, q)
			}
		}
		st := e.status(t, "uk")
		if st.Batch != batches["uk"] || st.FileBatch != st.Batch || st.Published != "2026-10-29" || st.Entries != 3 || st.ETag == "" ||
			st.LastModified == "" || !st.RetrievedAt.Equal(e.now) || !st.LastSuccess.Equal(e.now) || !st.LastChange.Equal(e.now) ||
			st.LastOutcome != sanctionsync.OutcomeImported || st.LastError != "" || st.URL != "https://"+host+paths["uk"] {
			t.Errorf("uk status %+v", st)
		}
		// The lists as the engine screens them, with their titles and
		// publication dates.
		r, err := sanctions.Screener{Lists: e.store}.Screen(capability.WithCall(context.Background(), capability.Call{Now: e.now}),
			sanctions.Query{Names: []string{"حمد صالح التجربة"}})
		if err != nil {
			t.Fatal(err)
		}
		titles := map[string]string{}
		for _, l := range r.Lists {
			titles[l.Name] = l.Title + " / " + l.Published
		}
		if titles["eu"] != "EU Consolidated Financial Sanctions List / 2026-10-27" || titles["uk"] != "UK Sanctions List (FCDO) / 2026-10-29" ||
			titles["ofac_consolidated"] != "OFAC Consolidated Sanctions List (non-SDN) / 2026-10-28" || len(r.Lists) != 5 {
			t.Errorf("lists %v", titles)
		}
		if len(r.Matches) == 0 || r.Matches[0].List != "eu" || r.Matches[0].EntityID != "880001" {
			t.Errorf("the Arabic alias on the EU list: %+v", r.Matches)
		}

		mine, all := e.entries(t, "uk")
		nBatches, requests := e.batchCount(t), e.pub.count()
		second := e.sync(t)
		for name := range want {
			r := second[name]
			if r.Outcome != sanctionsync.OutcomeNotModified || r.Failed() {
				t.Errorf("%s again: %+v", name, r)
			}
			q := e.pub.last(paths[name])
			if q.ifNoneMatch == "" || q.ifNoneMatch != etag(e.pub.files[paths[name]]) || q.ifModifiedSince == "" || q.status != 304 {
				t.Errorf("%s again: request %+v", name, q)
			}
		}
		if n := e.pub.count() - requests; n != len(want) {
			t.Errorf("%d requests for %d unchanged lists", n, len(want))
		}
		m2, a2 := e.entries(t, "uk")
		if e.batchCount(t) != nBatches || m2 != mine || a2 != all {
			t.Errorf("an unchanged list wrote: batches %d -> %d, entries %d/%d -> %d/%d", nBatches, e.batchCount(t), mine, all, m2, a2)
		}
		st2 := e.status(t, "uk")
		if st2.Batch != batches["uk"] || st2.LastOutcome != sanctionsync.OutcomeNotModified || !st2.LastSuccess.Equal(e.now) ||
			!st2.LastChange.Equal(st.LastChange) || !st2.RetrievedAt.Equal(st.RetrievedAt) || st2.ETag != st.ETag {
			t.Errorf("uk after 304: %+v", st2)
		}
		if errs := e.logLines(t, "ERROR"); len(errs) != 0 {
			t.Errorf("error lines: %v", errs)
		}
	})
}

// unList is a UN consolidated list of n individuals (ids 1..n).
func unList(n int, generated string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST dateGenerated="%sT10:00:00Z"><INDIVIDUALS>`, generated)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "\n<INDIVIDUAL><DATAID>%d</DATAID><FIRST_NAME>SAMPLE PERSON</FIRST_NAME><SECOND_NAME>NUMBER%d</SECOND_NAME><UN_LIST_TYPE>Test</UN_LIST_TYPE></INDIVIDUAL>", i, i)
	}
	b.WriteString("</INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>")
	return []byte(b.String())
}

// TestSyncNewVersionAndShrink: a new version replaces the list; one that
// lost more than DALIL_SANCTIONS_MAX_SHRINK of the entries (20 % by
// default) is refused and the previous list stays, with the error in the
// state, an ERROR log line and the metrics; the refused file's ETag is
// not kept, so the next sync downloads it again (and refuses it again)
// rather than taking a 304 for a current list. Losing exactly the share
// allowed is accepted.
func TestSyncNewVersionAndShrink(t *testing.T) {
	eachDB(t, func(t *testing.T, dsn string) {
		e := newEnv(t, dsn, sanctionsync.Options{}, 0)
		e.pub.set(paths["un"], unList(10, "2026-11-01"))
		v1 := e.sync(t, "un")["un"]
		if v1.Outcome != sanctionsync.OutcomeImported || v1.Entries != 10 {
			t.Fatalf("v1 %+v", v1)
		}
		// 10 -> 8: 20 % fewer, the most accepted.
		e.pub.set(paths["un"], unList(8, "2026-11-02"))
		v2 := e.sync(t, "un")["un"]
		if v2.Outcome != sanctionsync.OutcomeImported || v2.Entries != 8 || v2.Previous != 10 || v2.Batch == v1.Batch {
			t.Fatalf("v2 %+v", v2)
		}
		good := e.status(t, "un")
		// 8 -> 6: 25 % fewer: refused.
		e.pub.set(paths["un"], unList(6, "2026-11-03"))
		for i := 1; i <= 2; i++ {
			r := e.sync(t, "un")["un"]
			if r.Outcome != sanctionsync.OutcomeRefused || !r.Failed() || !strings.Contains(r.Error, "6 entries, 25.0% fewer than the 8") {
				t.Fatalf("shrunk %d: %+v", i, r)
			}
			if q := e.pub.last(paths["un"]); q.status != 200 || q.ifNoneMatch != good.ETag {
				t.Errorf("shrunk %d: request %+v, want If-None-Match %s (the current file's)", i, q, good.ETag)
			}
			st := e.status(t, "un")
			if st.Batch != v2.Batch || st.Entries != 8 || st.Published != "2026-11-02" || st.ETag != good.ETag || st.FileBatch != v2.Batch ||
				st.LastOutcome != sanctionsync.OutcomeRefused || st.Failures != i || st.ConsecutiveFailures != i ||
				!st.LastSuccess.Equal(good.LastSuccess) || !st.LastErrorAt.Equal(e.now) || !strings.Contains(st.LastError, "25.0% fewer") {
				t.Errorf("shrunk %d: status %+v", i, st)
			}
			if mine, _ := e.entries(t, "un"); mine != 8 {
				t.Errorf("shrunk %d: %d entries stored", i, mine)
			}
			m := metrics(t, e.store)
			if m["dalil_sanctions_sync_failures_total{un}"] != float64(i) || m["dalil_sanctions_sync_consecutive_failures{un}"] != float64(i) ||
				m["dalil_sanctions_sync_up{un}"] != 0 || m["dalil_sanctions_list_entries{un}"] != 8 ||
				m["dalil_sanctions_sync_last_success_timestamp_seconds{un}"] != float64(good.LastSuccess.Unix()) ||
				m["dalil_sanctions_sync_last_attempt_timestamp_seconds{un}"] != float64(e.now.Unix()) {
				t.Errorf("shrunk %d: metrics %v", i, m)
			}
		}
		errs := e.logLines(t, "ERROR")
		if len(errs) != 2 || errs[0]["source"] != "un" || errs[0]["outcome"] != "refused" || !strings.Contains(errs[0]["msg"].(string), "previous list stays") ||
			!strings.Contains(errs[0]["error"].(string), "fewer") {
			t.Errorf("error lines %v", errs)
		}
		// The publisher fixes the list: imported, the alarm clears.
		e.pub.set(paths["un"], unList(9, "2026-11-04"))
		if r := e.sync(t, "un")["un"]; r.Outcome != sanctionsync.OutcomeImported || r.Entries != 9 || r.Previous != 8 {
			t.Fatalf("fixed %+v", r)
		}
		st := e.status(t, "un")
		if st.ConsecutiveFailures != 0 || st.Failures != 2 || st.LastError != "" || st.Published != "2026-11-04" {
			t.Errorf("fixed: %+v", st)
		}
		if m := metrics(t, e.store); m["dalil_sanctions_sync_up{un}"] != 1 || m["dalil_sanctions_sync_failures_total{un}"] != 2 ||
			m["dalil_sanctions_sync_consecutive_failures{un}"] != 0 {
			t.Errorf("fixed: metrics %v", m)
		}
	})
}

// TestSyncFailuresKeepTheList: a broken file (truncated XML, an HTML
// error page, another list's format), a server error, a file over the
// size cap and a URL safehttp refuses each keep the previous list and
// record the failure; the ERROR line never shows the URL's query (the EU
// URL's token).
func TestSyncFailuresKeepTheList(t *testing.T) {
	eachDB(t, func(t *testing.T, dsn string) {
		e := newEnv(t, dsn, sanctionsync.Options{}, 64<<10)
		first := e.sync(t)
		for name, r := range first {
			if r.Outcome != sanctionsync.OutcomeImported {
				t.Fatalf("%s: %+v", name, r)
			}
		}
		euXML := testdata(t, "eu.xml")
		for i, c := range []struct {
			name, source string
			setup        func()
			want         string
		}{
			{"truncated", "eu", func() { e.pub.set(paths["eu"], euXML[:len(euXML)/2]) }, "cannot be read as eu-xml"},
			{"an HTML page", "uk", func() { e.pub.set(paths["uk"], []byte("<html><body>Maintenance</body></html>")) }, "not a UK Sanctions List XML file"},
			{"another list", "ofac_sdn", func() { e.pub.set(paths["ofac_sdn"], testdata(t, "un.xml")) }, "not an OFAC SDN XML file"},
			{"no entity", "ofac_consolidated", func() { e.pub.set(paths["ofac_consolidated"], []byte(`<sdnList></sdnList>`)) }, "no listed entity"},
			{"HTTP 503", "un", func() { e.pub.status[paths["un"]] = 503 }, "HTTP 503"},
			{"too large", "eu", func() {
				big := bytes.Replace(euXML, []byte("<remark>"), []byte("<remark>"+strings.Repeat("x", 70<<10)), 1)
				e.pub.set(paths["eu"], big)
			}, "65536"},
		} {
			before := e.status(t, c.source)
			mine, all := e.entries(t, c.source)
			c.setup()
			r := e.sync(t, c.source)[c.source]
			if r.Outcome != sanctionsync.OutcomeFailed || !strings.Contains(r.Error, c.want) {
				t.Errorf("%s: %+v, want failed with %q", c.name, r, c.want)
			}
			st := e.status(t, c.source)
			m2, a2 := e.entries(t, c.source)
			if st.Batch != before.Batch || m2 != mine || a2 != all || st.LastError != r.Error || st.ConsecutiveFailures != before.ConsecutiveFailures+1 ||
				st.ETag != before.ETag || !st.LastSuccess.Equal(before.LastSuccess) {
				t.Errorf("%s: the list changed or the failure is not recorded: %+v (before %+v)", c.name, st, before)
			}
			if n := len(e.logLines(t, "ERROR")); n != i+1 {
				t.Errorf("%s: %d error lines, want %d", c.name, n, i+1)
			}
		}
		logs := e.logs.String()
		if strings.Contains(logs, "test-token") || !strings.Contains(logs, `"url":"https://`+host+`/eu/xmlFullSanctionsList_1_1"`) {
			t.Errorf("the logged URL: %s", logs)
		}

		// A URL safehttp refuses is never fetched.
		requests := e.pub.count()
		s := sanctionsync.New(sanctionsync.Options{Store: e.store, Fetcher: sanctionsync.NewHTTPFetcher(e.srv.Options(), 0, time.Second),
			URLs: map[string]string{"uk": "https://127.0.0.1/uk.xml"}})
		rs, err := s.Sync(context.Background(), "uk")
		if err != nil || rs[0].Outcome != sanctionsync.OutcomeFailed || !strings.Contains(rs[0].Error, "not a public internet address") {
			t.Errorf("loopback URL: %v %+v", err, rs)
		}
		if e.pub.count() != requests || len(e.srv.Dialed()) == 0 {
			t.Errorf("a refused URL reached the publisher")
		}
		if _, err := s.Sync(context.Background(), "ofac", "uk"); err == nil || !strings.Contains(err.Error(), "ofac_sdn, ofac_consolidated, un, eu, uk") {
			t.Errorf("unknown source: %v", err)
		}
	})
}

// TestSyncWithoutValidators: a publisher that sends no ETag nor
// Last-Modified gets unconditional requests; the same file again is
// recognised by its content and writes nothing.
func TestSyncWithoutValidators(t *testing.T) {
	e := newEnv(t, filepath.Join(t.TempDir(), "s.db"), sanctionsync.Options{}, 0)
	e.pub.noTags = true
	if r := e.sync(t, "uk")["uk"]; r.Outcome != sanctionsync.OutcomeImported {
		t.Fatalf("first %+v", r)
	}
	n := e.batchCount(t)
	r := e.sync(t, "uk")["uk"]
	if q := e.pub.last(paths["uk"]); r.Outcome != sanctionsync.OutcomeUnchanged || q.ifNoneMatch != "" || q.ifModifiedSince != "" || q.status != 200 {
		t.Errorf("again: %+v %+v", r, q)
	}
	if e.batchCount(t) != n {
		t.Error("an unchanged file wrote a batch")
	}
	if st := e.status(t, "uk"); st.LastOutcome != sanctionsync.OutcomeUnchanged || st.FileBatch != st.Batch || !st.LastSuccess.Equal(e.now) {
		t.Errorf("status %+v", st)
	}
}

// TestSyncAfterAManualImport: validators are sent only while the batch
// they describe is the list's current one: after an import by hand under
// the source's name the next sync downloads the list whole.
func TestSyncAfterAManualImport(t *testing.T) {
	e := newEnv(t, filepath.Join(t.TempDir(), "s.db"), sanctionsync.Options{}, 0)
	if r := e.sync(t, "un")["un"]; r.Outcome != sanctionsync.OutcomeImported {
		t.Fatalf("first %+v", r)
	}
	manual := unList(2, "2026-10-15")
	if _, err := e.store.Import(context.Background(), bytes.NewReader(manual), datasetOpts("un")); err != nil {
		t.Fatal(err)
	}
	r := e.sync(t, "un")["un"]
	if q := e.pub.last(paths["un"]); q.ifNoneMatch != "" || q.status != 200 || r.Outcome != sanctionsync.OutcomeImported || r.Previous != 2 {
		t.Errorf("after a manual import: %+v %+v", r, q)
	}
}

func datasetOpts(source string) dataset.ImportOptions {
	return dataset.ImportOptions{Source: source, License: "imported by hand", Format: "un-xml", Filename: "consolidated.xml"}
}

// cancelling is a Fetcher whose download is cut by the end of its
// context (a shutdown while it runs).
type cancelling struct{ cancel context.CancelFunc }

func (c cancelling) Fetch(ctx context.Context, _ sanctionsync.Request) (sanctionsync.Response, error) {
	c.cancel()
	<-ctx.Done()
	return sanctionsync.Response{}, ctx.Err()
}

// TestSyncInterrupted: a sync stopped by its context (shutdown, Ctrl-C)
// keeps the list, is recorded as interrupted and counts no failure (no
// alarm: the next sync runs it again); the command still reports it.
func TestSyncInterrupted(t *testing.T) {
	e := newEnv(t, filepath.Join(t.TempDir(), "s.db"), sanctionsync.Options{}, 0)
	if r := e.sync(t, "un")["un"]; r.Outcome != sanctionsync.OutcomeImported {
		t.Fatalf("first %+v", r)
	}
	before := e.status(t, "un")
	ctx, cancel := context.WithCancel(context.Background())
	s := sanctionsync.New(sanctionsync.Options{Store: e.store, Fetcher: cancelling{cancel}, URLs: map[string]string{"un": "https://" + host + paths["un"]}, Logger: slog.New(slog.NewJSONHandler(lockedWriter{e.logMu, e.logs}, nil))})
	rs, err := s.Sync(ctx, "un")
	if err != nil || rs[0].Outcome != sanctionsync.OutcomeInterrupted || !rs[0].Failed() || !strings.Contains(rs[0].Error, "context canceled") {
		t.Fatalf("%v %+v", err, rs)
	}
	st := e.status(t, "un")
	if st.Batch != before.Batch || st.LastOutcome != sanctionsync.OutcomeInterrupted || st.Failures != 0 || st.ConsecutiveFailures != 0 || st.ETag != before.ETag {
		t.Errorf("status %+v", st)
	}
	if n, w := len(e.logLines(t, "ERROR")), len(e.logLines(t, "WARN")); n != 0 || w != 1 {
		t.Errorf("%d error and %d warning lines", n, w)
	}
	if m := metrics(t, e.store); m["dalil_sanctions_sync_up{un}"] != 1 || m["dalil_sanctions_sync_failures_total{un}"] != 0 {
		t.Errorf("metrics %v", m)
	}
}
