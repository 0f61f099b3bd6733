package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dalil/dataset"
	"dalil/dataset/datasettest"
	"dalil/module"
	"dalil/store/sqlstore"
)

// withDataset adds a module with a fake dataset to modules for one test.
func withDataset(t *testing.T, fake *datasettest.Fake) {
	withModule(t, module.Module{Datasets: []module.Dataset{{Name: fake.Dataset, Open: func(sqlstore.DB) dataset.Importer { return fake }}}})
}

// withModule adds m to modules for one test: the one line a new module
// takes in registry.go.
func withModule(t *testing.T, m module.Module) {
	saved := modules
	modules = func() []module.Module { return append(saved(), m) }
	t.Cleanup(func() { modules = saved })
}

// `dalil <dataset> import|stats` runs the dataset's Importer: source and
// licence required, bad rows printed with their line numbers and nothing
// imported (exit non-zero) unless --skip-bad, the same file unchanged.
func TestDatasetCommands(t *testing.T) {
	fake := datasettest.New("widgets")
	withDataset(t, fake)
	dir := t.TempDir()
	db := filepath.Join(dir, "d.db")
	file := filepath.Join(dir, "w.csv")
	if err := os.WriteFile(file, []byte("value\n1\nx\n3\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	runCLI := func(args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := run(context.Background(), append(args, "--db", db), noEnv, nil, &out, &errb)
		return out.String() + errb.String(), err
	}
	if out, err := runCLI("widgets", "import", file); err == nil || !strings.Contains(err.Error(), "--source") {
		t.Fatalf("no source: %v %s", err, out)
	}
	out, err := runCLI("widgets", "import", file, "--source", "s", "--license", "l")
	if err == nil || !strings.Contains(out, "line 3: value: must be a whole number") || !strings.Contains(out, "nothing was imported") {
		t.Fatalf("bad row: %v %s", err, out)
	}
	if out, err := runCLI("widgets", "import", file, "--source", "s", "--license", "l", "--timeout", "0s"); err == nil || !strings.Contains(err.Error(), "--timeout must be positive") {
		t.Errorf("a zero --timeout: %v\n%s", err, out)
	}
	if out, err := runCLI("widgets", "import", file, "--source", "s", "--license", "l", "--format", "xml"); err == nil || !strings.Contains(err.Error(), "lines") {
		t.Fatalf("unknown format: %v %s", err, out)
	}
	if out, err := runCLI("widgets", "import", file, "--source", "s", "--license", "l", "--skip-bad", "--retrieved", "2026-11-01"); err != nil || !strings.Contains(out, "imported 2 of 3 rows") {
		t.Fatalf("skip bad: %v %s", err, out)
	}
	if out, err := runCLI("widgets", "import", file, "--source", "s", "--license", "l", "--skip-bad"); err != nil || !strings.Contains(out, "nothing changed") {
		t.Fatalf("same file: %v %s", err, out)
	}
	st := cli(t, db, "widgets", "stats", "--json")
	if st["rows"] != float64(2) || !strings.Contains(mustJSON(st), `"retrievedAt":"2026-11-01T00:00:00Z"`) {
		t.Fatalf("stats: %v", st)
	}
	if out, err := runCLI("widgets", "stats"); err != nil || !strings.Contains(out, "widgets: 2 rows in 1 imports") {
		t.Fatalf("stats table: %v %s", err, out)
	}
	if _, err := runCLI("widgets", "frobnicate"); err == nil {
		t.Fatal("unknown subcommand accepted")
	}
	if _, err := runCLI("gadgets", "stats"); err == nil || !strings.Contains(err.Error(), "unknown command") {
		t.Fatalf("unknown dataset: %v", err)
	}
}

// reportText names a batch only when one exists: an import with nothing to
// write (no rows, or only bad ones skipped) has none.
func TestReportText(t *testing.T) {
	for _, tc := range []struct {
		rep  dataset.Report
		want string
	}{
		{dataset.Report{Dataset: "listings", Batch: "veh_1", Rows: 3, Imported: 3, Source: "s", License: "l"},
			"listings: imported 3 of 3 rows as batch veh_1 (source s, licence l)\n"},
		{dataset.Report{Dataset: "listings", Rows: 2, BadRows: 2, Source: "s", License: "l"},
			"listings: imported 0 of 2 rows (source s, licence l); 2 bad rows skipped\n  ... and 2 more bad rows\n"},
		{dataset.Report{Dataset: "comparables", Batch: "cmp_1", Unchanged: true},
			"comparables: this file was imported before as batch cmp_1; nothing changed\n"},
		{dataset.Report{Dataset: "comparables", Rows: 4, BadRows: 1, Refused: true},
			"comparables: 1 of 4 rows are bad; nothing was imported\n  ... and 1 more bad rows\n"},
	} {
		var b bytes.Buffer
		reportText(&b, tc.rep)
		if b.String() != tc.want {
			t.Errorf("reportText(%+v) =\n%q\nwant\n%q", tc.rep, b.String(), tc.want)
		}
	}
}

// seedServiceDemo loads the named dataset's demo rows into svc's database
// and refreshes svc's view of its datasets, as serve --demo does after
// seeding: statuses read right after it follow the new rows.
func seedServiceDemo(ctx context.Context, svc *service, name string) error {
	if err := seedDemoDataset(ctx, svc.store, name, io.Discard); err != nil {
		return err
	}
	svc.datasets.Refresh(ctx)
	return nil
}

// seedDemoDataset loads the named dataset's synthetic demo rows into store
// (serve --demo loads every module's with module.LoadDemos).
func seedDemoDataset(ctx context.Context, store *sqlstore.Store, name string, w io.Writer) error {
	for _, m := range modules() {
		for _, d := range m.Datasets {
			if d.Name == name {
				return module.LoadDemos(ctx, []module.Module{{Datasets: []module.Dataset{d}}}, store.DB(), w)
			}
		}
	}
	return fmt.Errorf("no dataset %q", name)
}

// `dalil <dataset> batches` lists every batch, `retract BATCH` removes one
// and records why: the table and --json agree, a second retraction or an
// unknown batch says so and exits non-zero, a bad reason is refused
// before the database is opened.
func TestDatasetBatchesAndRetractCommands(t *testing.T) {
	fake := datasettest.New("widgets")
	withDataset(t, fake)
	dir := t.TempDir()
	db := filepath.Join(dir, "d.db")
	runCLI := func(args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := run(context.Background(), append(args, "--db", db), noEnv, nil, &out, &errb)
		return out.String() + errb.String(), err
	}
	if out, err := runCLI("widgets", "batches"); err != nil || !strings.Contains(out, "widgets: no batches (import one: dalil widgets import") {
		t.Fatalf("no batches: %v %s", err, out)
	}
	var ids []string
	for i, body := range []string{"value\n1\n2\n", "value\n3\n"} {
		file := filepath.Join(dir, fmt.Sprintf("w%d.csv", i))
		if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		rep := cli(t, db, "widgets", "import", file, "--source", fmt.Sprintf("src%d", i), "--license", "test licence", "--retrieved", "2026-10-0"+fmt.Sprint(i+1), "--json")
		ids = append(ids, rep["batch"].(string))
	}
	out, err := runCLI("widgets", "batches")
	if err != nil || !strings.Contains(out, "BATCH") || !strings.Contains(out, "CURRENT") || !strings.Contains(out, ids[0]) ||
		!regexp.MustCompile(ids[1]+`\s+src1\s+test licence\s+2026-10-02\s+1\s+no\s+yes\s+-`).MatchString(out) {
		t.Fatalf("batches table: %v\n%s", err, out)
	}
	if out, err := runCLI("widgets", "retract"); err == nil || !strings.Contains(err.Error(), "give exactly one BATCH") {
		t.Errorf("no batch: %v %s", err, out)
	}
	if out, err := runCLI("widgets", "retract", ids[0], "--reason", strings.Repeat("x", 501)); err == nil || !strings.Contains(err.Error(), "--reason is longer than 500 characters") {
		t.Errorf("long reason: %v %s", err, out)
	}
	out, err = runCLI("widgets", "retract", ids[0], "--reason", "licence withdrawn\nby the publisher")
	if err != nil || out != "widgets: retracted batch "+ids[0]+": 2 rows removed\n" {
		t.Fatalf("retract: %v %q", err, out)
	}
	if out, err := runCLI("widgets", "retract", ids[0]); err == nil || !strings.Contains(err.Error(), "holds no batch") {
		t.Errorf("retract again: %v %s", err, out)
	}
	out, err = runCLI("widgets", "batches")
	if err != nil || !regexp.MustCompile(ids[0]+`\s+src0\s+test licence\s+2026-10-01\s+2\s+no\s+no\s+\S+, 2 rows removed: licence withdrawn by the publisher`).MatchString(out) {
		t.Fatalf("batches after: %v\n%s", err, out)
	}
	list := cli(t, db, "widgets", "batches", "--json")
	bs := list["batches"].([]any)
	if list["dataset"] != "widgets" || len(bs) != 2 {
		t.Fatalf("batches --json: %v", list)
	}
	gone := bs[0].(map[string]any) // imported first
	if gone["id"] != ids[0] || gone["current"] != false || path(gone, "retracted", "reason") != "licence withdrawn\nby the publisher" ||
		path(gone, "retracted", "rowsRemoved") != float64(2) {
		t.Errorf("retracted batch in --json: %v", gone)
	}
	r := cli(t, db, "widgets", "retract", ids[1], "--json")
	if r["batch"] != ids[1] || r["rowsRemoved"] != float64(1) || r["dataset"] != "widgets" {
		t.Errorf("retract --json: %v", r)
	}
	if st := cli(t, db, "widgets", "stats", "--json"); st["rows"] != float64(0) {
		t.Errorf("rows after retracting both: %v", st["rows"])
	}
}

// `dalil companies reindex` and `dalil sanctions reindex` rebuild the
// name index from the rows held: a spoilt index (every term spelt
// otherwise) is filed afresh, and the command says how many rows it
// filed; a dataset with no name index refuses.
func TestReindexCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "d.db")
	companies := filepath.Join(dir, "c.csv")
	if err := os.WriteFile(companies, []byte("recordId,crNumber,nameEn,nameAr,sourceType\nr1,1234567,Al Noor Trading LLC,شركة النور للتجارة,public_registry\n"+
		"r2,7654321,Majan Packaging Industries,,public_registry\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cli(t, db, "companies", "import", companies, "--source", "registry", "--license", "licensed")
	cli(t, db, "sanctions", "import", sanctionsFile("entities.ftm.json"), "--format", "ftm", "--source", "os", "--license", "OpenSanctions commercial licence, test")
	st, err := sqlstore.Open(context.Background(), db, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	spelt := func(table string) (terms, spoilt int) {
		t.Helper()
		if err := st.DB().Read().QueryRow(`SELECT COUNT(*), COALESCE(SUM(CASE WHEN term LIKE 'z%' THEN 1 ELSE 0 END), 0) FROM `+table).Scan(&terms, &spoilt); err != nil {
			t.Fatal(err)
		}
		return terms, spoilt
	}
	for _, c := range []struct{ dataset, table string }{{"companies", "company_name_terms"}, {"sanctions", "sanctions_name_terms"}} {
		if _, err := st.DB().Write().Exec(`UPDATE ` + c.table + ` SET term = 'z' || term`); err != nil {
			t.Fatal(err)
		}
		if terms, spoilt := spelt(c.table); terms == 0 || spoilt != terms {
			t.Fatalf("%s: %d of %d terms spoilt", c.dataset, spoilt, terms)
		}
		var out, errb bytes.Buffer
		if err := run(context.Background(), []string{c.dataset, "reindex", "--db", db}, noEnv, nil, &out, &errb); err != nil {
			t.Fatalf("%s reindex: %v %s", c.dataset, err, errb.String())
		}
		if !regexp.MustCompile(`^` + c.dataset + `: name index rebuilt from [1-9][0-9]* rows? in `).MatchString(out.String()) {
			t.Errorf("%s reindex printed %q", c.dataset, out.String())
		}
		if terms, spoilt := spelt(c.table); terms == 0 || spoilt != 0 {
			t.Errorf("%s after reindex: %d of %d terms still spoilt", c.dataset, spoilt, terms)
		}
	}
	if r := cli(t, db, "companies", "reindex"); r["dataset"] != "companies" || r["rows"] != float64(2) {
		t.Errorf("companies reindex --json = %v", r)
	}
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"listings", "reindex", "--db", db}, noEnv, nil, &out, &errb); err == nil || !strings.Contains(err.Error(), "no name index") {
		t.Errorf("listings reindex: %v", err)
	}
}
