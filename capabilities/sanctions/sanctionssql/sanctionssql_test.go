package sanctionssql_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capability"
	"dalil/dataset"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

func open(t *testing.T, dsn string) *sanctionssql.Store {
	t.Helper()
	return openWith(t, dsn, sqlstore.Options{})
}

// openWith opens the store with opts (its clock and modules are the
// tests').
func openWith(t *testing.T, dsn string, opts sqlstore.Options) *sanctionssql.Store {
	t.Helper()
	opts.Now = storetest.NewClock(storeTime).Now
	opts.Modules = []sqlstore.Module{sanctionssql.Module()}
	s, err := sqlstore.Open(context.Background(), dsn, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return sanctionssql.New(s.DB())
}

func TestSanctionsSQLite(t *testing.T) {
	testSanctions(t, open(t, filepath.Join(t.TempDir(), "s.db")))
}

func TestSanctionsPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	testSanctions(t, open(t, testenv.FreshPostgresSchema(t, url)))
}

// TestImportOutlastsOpTimeout: an import's transaction is not held to the
// store's operation timeout (meant for request paths) but to
// dataset.ImportTimeout: one that runs past the former commits.
func TestImportOutlastsOpTimeout(t *testing.T) {
	run := func(t *testing.T, dsn string) {
		const op = 50 * time.Millisecond
		s := openWith(t, dsn, sqlstore.Options{OpTimeout: op})
		s.SetHook(func(step string) {
			if step == "tx" {
				time.Sleep(4 * op)
			}
		})
		rep := imp(t, s, file(t, "sdn.xml"), dataset.ImportOptions{Source: "ofac-sdn", Filename: "sdn.xml"})
		if rep.Imported != 3 || rep.Batch == "" {
			t.Fatalf("report = %+v", rep)
		}
		// Read back through a store with the default timeout: the 50 ms
		// one bounds this test's import, not a loaded machine's reads.
		if r := screen(t, openWith(t, dsn, sqlstore.Options{}), sanctions.Query{Names: []string{"Khaled Seif AL-MITHAL"}}); len(r.Lists) != 1 {
			t.Fatalf("after the import: %+v", r)
		}
	}
	t.Run("sqlite", func(t *testing.T) { run(t, filepath.Join(t.TempDir(), "s.db")) })
	t.Run("postgres", func(t *testing.T) { run(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))) })
}

func file(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "dataset", "sanctions", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func imp(t *testing.T, s *sanctionssql.Store, body string, opts dataset.ImportOptions) dataset.Report {
	t.Helper()
	if opts.License == "" {
		opts.License = "public domain"
	}
	rep, err := s.Import(context.Background(), strings.NewReader(body), opts)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	return rep
}

// storeTime is the store's clock in these tests: a call is screened at
// it, so its lists are current whatever the day the tests run.
var storeTime = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

func screen(t *testing.T, s *sanctionssql.Store, q sanctions.Query) sanctions.Result {
	t.Helper()
	ctx := capability.WithCall(context.Background(), capability.Call{Now: storeTime.Add(time.Hour)})
	r, err := sanctions.Screener{Lists: s}.Screen(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func testSanctions(t *testing.T, s *sanctionssql.Store) {
	ctx := context.Background()
	if s.Name() != "sanctions" || s.Formats()[0] != "ofac-xml" {
		t.Fatalf("name %q formats %v", s.Name(), s.Formats())
	}
	// Nothing imported: not_checked, never clear.
	if r := screen(t, s, sanctions.Query{Names: []string{"Khalid Saif Al-Example"}}); r.Status != sanctions.StatusNotChecked || len(r.Lists) != 0 {
		t.Fatalf("empty: %+v", r)
	}

	// The OFAC XML, its format detected.
	rep := imp(t, s, file(t, "sdn.xml"), dataset.ImportOptions{Source: "ofac-sdn", Filename: "sdn.xml"})
	if rep.Imported != 3 || rep.Rows != 3 || rep.BadRows != 0 || rep.Unchanged || rep.Batch == "" {
		t.Fatalf("import: %+v", rep)
	}
	if again := imp(t, s, file(t, "sdn.xml"), dataset.ImportOptions{Source: "ofac-sdn", Format: "ofac-xml"}); !again.Unchanged || again.Batch != rep.Batch || again.Imported != 0 {
		t.Fatalf("same file again: %+v", again)
	}
	// The UN list beside it.
	un := imp(t, s, file(t, "un.xml"), dataset.ImportOptions{Source: "un-consolidated", Format: "un-xml"})
	if un.Imported != 2 {
		t.Fatalf("un: %+v", un)
	}

	r := screen(t, s, sanctions.Query{Names: []string{"خالد سيف المثال"}, Country: "YE"})
	if len(r.Lists) != 2 || r.Lists[0].Name != "ofac-sdn" || r.Lists[0].Version != "2026-10-28" || r.Lists[1].Version != "2026-10-30" {
		t.Fatalf("lists %+v", r.Lists)
	}
	if r.Status != sanctions.StatusHighMatch || len(r.Matches) != 1 || r.Matches[0].EntityID != "90001" || r.Matches[0].MatchedAlias != "Khaled Seif AL-MITHAL" {
		t.Fatalf("Arabic spelling of an alias: %+v", r)
	}

	st, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cov := st.Coverage.(sanctionssql.Coverage)
	versions := map[string]string{}
	for _, b := range st.Batches {
		versions[b.Source] = b.Version
	}
	if st.Rows != 5 || len(st.Batches) != 2 || versions["ofac-sdn"] != "2026-10-28" || len(cov.Lists) != 2 || cov.ByType["individual"] != 2 {
		t.Fatalf("stats %+v %+v", st, cov)
	}

	// A new version of the OFAC list (CSV, entity 90001 delisted)
	// replaces the whole list; the UN list stays.
	csv := strings.SplitN(file(t, "sdn.csv"), "\n", 2)[1]
	v2 := imp(t, s, csv, dataset.ImportOptions{Source: "ofac-sdn", Format: "ofac-csv", RetrievedAt: time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC)})
	if v2.Imported != 2 {
		t.Fatalf("v2: %+v", v2)
	}
	r = screen(t, s, sanctions.Query{Names: []string{"Khalid Saif Al-Example"}})
	if r.Status != sanctions.StatusNoMatch || r.Lists[0].Version != "retrieved 2026-10-31" || r.Lists[0].Entries != 2 {
		t.Fatalf("after replacement: %+v", r)
	}
	if r = screen(t, s, sanctions.Query{Names: []string{"Gulf Example Shipping"}}); r.Status != sanctions.StatusPossible || r.Matches[0].EntityID != "90002" {
		t.Fatalf("v2 entity: %+v", r)
	}
	if r = screen(t, s, sanctions.Query{Names: []string{"Abdulrahman Mohammed Al Sample"}}); r.Status == sanctions.StatusNoMatch {
		t.Fatalf("the UN list was replaced too: %+v", r)
	}
	// Re-importing the first version is an import again (it is no longer
	// current), not a no-op.
	if back := imp(t, s, file(t, "sdn.xml"), dataset.ImportOptions{Source: "ofac-sdn"}); back.Unchanged || back.Imported != 3 {
		t.Fatalf("rollback: %+v", back)
	}

	// A file with a bad record imports nothing, unless SkipBad.
	bad := strings.Replace(file(t, "un.xml"), "<DATAID>6900002</DATAID>", "<DATAID>6900001</DATAID>", 1)
	if rep := imp(t, s, bad, dataset.ImportOptions{Source: "un-consolidated", Format: "un-xml"}); !rep.Refused || rep.BadRows != 1 || rep.Errors[0].Field != "id" {
		t.Fatalf("bad: %+v", rep)
	}
	if rep := imp(t, s, bad, dataset.ImportOptions{Source: "un-consolidated", Format: "un-xml", SkipBad: true}); rep.Imported != 1 || rep.BadRows != 1 {
		t.Fatalf("skip bad: %+v", rep)
	}

	// OpenSanctions only under a commercial licence; nothing written.
	_, err = s.Import(ctx, strings.NewReader(file(t, "entities.ftm.json")), dataset.ImportOptions{Source: "opensanctions", License: "CC BY-NC 4.0", Format: "ftm"})
	if err == nil || !strings.Contains(err.Error(), "commercial licence") {
		t.Fatalf("ftm without a commercial licence: %v", err)
	}
	ftm := imp(t, s, file(t, "entities.ftm.json"), dataset.ImportOptions{Source: "opensanctions", License: "OpenSanctions commercial licence 2026-042", Format: "ftm"})
	if ftm.Imported != 2 {
		t.Fatalf("ftm: %+v", ftm)
	}
	r = screen(t, s, sanctions.Query{Names: []string{"سالم حمد العينة"}, Country: "OM", DateOfBirth: "1975"})
	if r.Status != sanctions.StatusHighMatch || r.Matches[0].List != "opensanctions" {
		t.Fatalf("ftm screen: %+v", r)
	}
	// Unknown format, unreadable file: errors, nothing imported.
	for _, c := range []struct{ format, body string }{{"", "hello"}, {"pdf", "x"}, {"un-xml", "<CONSOLIDATED_LIST><INDIVIDUALS>"}} {
		if _, err := s.Import(ctx, strings.NewReader(c.body), dataset.ImportOptions{Source: "x", License: "y", Format: c.format}); err == nil {
			t.Errorf("%q accepted", c.body)
		}
	}
	if _, err := s.Import(ctx, strings.NewReader("x"), dataset.ImportOptions{License: "y"}); err == nil {
		t.Error("no source accepted")
	}
}

// A synthetic list read in OFAC's format is not titled as OFAC's list.
func TestSyntheticListTitleSaysMadeUp(t *testing.T) {
	s := openWith(t, filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{})
	imp(t, s, sanctions.DemoXML, dataset.ImportOptions{Source: sanctions.DemoSource, Filename: "demo.xml", Format: "ofac-xml", Synthetic: true})
	imp(t, s, file(t, "sdn.xml"), dataset.ImportOptions{Source: "ofac-sdn", Filename: "sdn.xml"})
	titles := map[string]string{}
	for _, l := range screen(t, s, sanctions.Query{Names: []string{"anyone"}}).Lists {
		titles[l.Name] = l.Title
	}
	if got := titles[sanctions.DemoSource]; !strings.HasPrefix(got, "Synthetic demo list, made up") {
		t.Errorf("the demo list is titled %q", got)
	}
	if got := titles["ofac-sdn"]; strings.Contains(got, "made up") || got == "" {
		t.Errorf("a real list is titled %q", got)
	}
}
