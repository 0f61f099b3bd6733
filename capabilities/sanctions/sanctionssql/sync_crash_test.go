package sanctionssql_test

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/sanctions/sanctionsync"
	"dalil/internal/safehttp"
	"dalil/internal/safehttp/safehttptest"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

// The helper process of TestSyncKill9 reads its orders from these.
const (
	crashHelper = "DALIL_TEST_SANCTIONS_CRASH_HELPER"
	crashDSN    = "DALIL_TEST_SANCTIONS_CRASH_DSN"
	crashAddr   = "DALIL_TEST_SANCTIONS_CRASH_ADDR"
	crashCert   = "DALIL_TEST_SANCTIONS_CRASH_CERT"
	crashURL    = "DALIL_TEST_SANCTIONS_CRASH_URL"
)

// unVersion is a UN consolidated list of the individuals ids.
func unVersion(generated string, ids []int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST dateGenerated="%sT10:00:00Z"><INDIVIDUALS>`, generated)
	for _, id := range ids {
		fmt.Fprintf(&b, "\n<INDIVIDUAL><DATAID>%d</DATAID><FIRST_NAME>CRASH SAMPLE</FIRST_NAME><SECOND_NAME>PERSON%d</SECOND_NAME><UN_LIST_TYPE>Test</UN_LIST_TYPE></INDIVIDUAL>", id, id)
	}
	b.WriteString("</INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>")
	return []byte(b.String())
}

func seq(from, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = from + i
	}
	return out
}

// TestSyncKill9 kills (SIGKILL) a process in the middle of a sync's
// transaction: the new version's batch is inserted and the list's
// entries deleted, none of the new ones written yet. The database then
// holds the old list whole (its batch current, every entry, the sync
// state of its file), never a mix; the next sync imports the new
// version whole. The process is this test binary re-run as the helper
// (TestSyncKill9Helper), syncing through the production code: safehttp
// (reaching the local https publisher by the test resolver and dialer),
// sanctionsync, sanctionssql; the store's test hook stops it in its
// transaction and says so on stdout.
func TestSyncKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test")
	}
	run := func(t *testing.T, dsn string) {
		v1, v2 := seq(1, 40), seq(1001, 50)
		var mu sync.Mutex
		current := unVersion("2026-11-01", v1)
		srv := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			b := current
			mu.Unlock()
			w.Header().Set("ETag", fmt.Sprintf(`"v%d"`, len(b)))
			if r.Header.Get("If-None-Match") == fmt.Sprintf(`"v%d"`, len(b)) {
				w.WriteHeader(http.StatusNotModified)
				return
			}
			w.Write(b)
		}), "lists.test.example")
		url := "https://lists.test.example/consolidated.xml"
		s := open(t, dsn)
		syncer := sanctionsync.New(sanctionsync.Options{Store: s, Fetcher: sanctionsync.NewHTTPFetcher(srv.Options(), 0, 30*time.Second),
			URLs: map[string]string{"un": url}})
		rs, err := syncer.Sync(context.Background(), "un")
		if err != nil || rs[0].Outcome != sanctionsync.OutcomeImported || rs[0].Entries != len(v1) {
			t.Fatalf("v1: %v %+v", err, rs)
		}
		before, err := s.SyncState(context.Background(), "un")
		if err != nil {
			t.Fatal(err)
		}

		mu.Lock()
		current = unVersion("2026-11-02", v2)
		mu.Unlock()
		cert := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
		cmd := exec.Command(os.Args[0], "-test.run=^TestSyncKill9Helper$", "-test.v")
		cmd.Env = append(os.Environ(), crashHelper+"=1", crashDSN+"="+dsn, crashAddr+"="+srv.Listener.Addr().String(),
			crashCert+"="+string(cert), crashURL+"="+url)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		inTx := make(chan struct{})
		var lines []string
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines = append(lines, sc.Text())
				if sc.Text() == "IN_TX" {
					close(inTx)
				}
			}
		}()
		select {
		case <-inTx:
		case <-time.After(60 * time.Second):
			t.Fatalf("the helper never reached its transaction:\n%s\n%s", strings.Join(lines, "\n"), stderr.String())
		}
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()

		// The old list, whole.
		after := open(t, dsn)
		st, err := after.SyncState(context.Background(), "un")
		if err != nil {
			t.Fatal(err)
		}
		if st.Batch != before.Batch || st.Entries != len(v1) || st.Published != "2026-11-01" || st.FileBatch != before.FileBatch ||
			st.ETag != before.ETag || st.LastOutcome != sanctionsync.OutcomeImported || st.Failures != 0 {
			t.Errorf("after the kill: %+v\nbefore: %+v", st, before)
		}
		if ids := entryIDs(t, dsn); !slices.Equal(ids, seq(1, len(v1))) {
			t.Errorf("after the kill the entries are %v, want v1's", ids)
		}
		if n := countRows(t, dsn, `SELECT COUNT(*) FROM sanctions_batches WHERE source = 'un'`); n != 1 {
			t.Errorf("%d batches of the list after the kill, want 1", n)
		}
		r, err := sanctions.Screener{Lists: after}.Screen(context.Background(), sanctions.Query{Names: []string{"Crash Sample Person7"}})
		if err != nil || len(r.Lists) != 1 || r.Lists[0].Batch != before.Batch || r.Lists[0].Entries != len(v1) {
			t.Errorf("screened after the kill: %v %+v", err, r.Lists)
		}

		// The next sync imports the new version whole.
		rs, err = sanctionsync.New(sanctionsync.Options{Store: after, Fetcher: sanctionsync.NewHTTPFetcher(srv.Options(), 0, 30*time.Second),
			URLs: map[string]string{"un": url}}).Sync(context.Background(), "un")
		if err != nil || rs[0].Outcome != sanctionsync.OutcomeImported || rs[0].Entries != len(v2) || rs[0].Previous != len(v1) {
			t.Fatalf("v2 after the crash: %v %+v", err, rs)
		}
		if ids := entryIDs(t, dsn); !slices.Equal(ids, v2) {
			t.Errorf("after the next sync the entries are %v, want v2's", ids)
		}
	}
	t.Run("sqlite", func(t *testing.T) { run(t, filepath.Join(t.TempDir(), "s.db")) })
	t.Run("postgres", func(t *testing.T) { run(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))) })
}

// entryIDs are the UN list's stored entity ids, in order.
func entryIDs(t *testing.T, dsn string) []int {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Modules: []sqlstore.Module{sanctionssql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.DB().Read().QueryContext(context.Background(), `SELECT entity_id FROM sanctions_entries WHERE source = 'un'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func countRows(t *testing.T, dsn, query string) int {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Modules: []sqlstore.Module{sanctionssql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var n int
	if err := st.DB().Read().QueryRowContext(context.Background(), query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSyncKill9Helper is TestSyncKill9's process to kill: it syncs the UN
// list from the publisher the parent runs and stops in the import's
// transaction, printing IN_TX. Skipped unless the parent started it.
func TestSyncKill9Helper(t *testing.T) {
	if os.Getenv(crashHelper) == "" {
		t.Skip("the helper process of TestSyncKill9")
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM([]byte(os.Getenv(crashCert))) {
		t.Fatal("no certificate")
	}
	addr := os.Getenv(crashAddr)
	fetch := safehttp.Options{
		Resolver: safehttptest.ResolverFunc(func(context.Context, string) ([]net.IPAddr, error) {
			return []net.IPAddr{{IP: net.ParseIP(safehttptest.PublicIP)}}, nil
		}),
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		},
		TLSConfig: &tls.Config{RootCAs: roots},
	}
	s := open(t, os.Getenv(crashDSN))
	s.SetHook(func(step string) {
		if step == "tx" {
			fmt.Println("IN_TX")
			os.Stdout.Sync()
			time.Sleep(time.Hour) // until killed
		}
	})
	rs, err := sanctionsync.New(sanctionsync.Options{Store: s, Fetcher: sanctionsync.NewHTTPFetcher(fetch, 0, 30*time.Second),
		URLs: map[string]string{"un": os.Getenv(crashURL)}}).Sync(context.Background(), "un")
	t.Fatalf("the sync returned instead of stopping in its transaction: %v %+v", err, rs)
}
