package datasetsql_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/omanbusiness/companysql"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/dataset"
	"dalil/dataset/datasetsql"
	"dalil/internal/testenv"
	"dalil/module"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

// mods are the four modules that own a dataset, as cmd/dalil lists them.
func mods() []module.Module {
	return []module.Module{omanpropertysql.Data(), companysql.Data(), vehiclesql.Data(), sanctionssql.Data()}
}

// openStore opens a store with the four modules whose clock moves a
// minute every time it is read: each import and retraction has a time of
// its own.
func openStore(t *testing.T, dsn string) *sqlstore.Store {
	t.Helper()
	clock := storetest.NewClock(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
	s, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Modules: module.Stores(mods()),
		Now: func() time.Time { clock.Advance(time.Minute); return clock.Now() }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// realCompanies is the demo companies file as a real one (its sourceType
// "demo" is for synthetic imports only).
func realCompanies() string {
	return strings.ReplaceAll(omanbusiness.DemoCSV, ",demo,", ",public_registry,")
}

func TestRetractEveryDatasetSQLite(t *testing.T) {
	testRetractEveryDataset(t, openStore(t, filepath.Join(t.TempDir(), "d.db")))
}

func TestRetractEveryDatasetPostgres(t *testing.T) {
	testRetractEveryDataset(t, openStore(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))))
}

// file is one import of a dataset's test: two different files, imported
// under two sources, for each dataset.
type file struct {
	body   string
	opts   dataset.ImportOptions
	source string
}

func sanctionsFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "sanctions", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// files are two files of each dataset, each with rows of its own.
func files(t *testing.T) map[string][2]file {
	today := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	lines := strings.Split(strings.TrimSpace(realCompanies()), "\n")
	return map[string][2]file{
		"comparables": {{body: string(omanpropertysql.DemoCSV(today)), source: "a"}, {body: string(omanpropertysql.DemoCSV(today.AddDate(0, 0, -3))), source: "b"}},
		"listings":    {{body: string(vehiclesql.DemoCSV(today)), source: "a"}, {body: string(vehiclesql.DemoCSV(today.AddDate(0, 0, -3))), source: "b"}},
		"companies": {{body: realCompanies(), source: "a", opts: dataset.ImportOptions{Format: "csv"}},
			{body: strings.Join(lines[:len(lines)-1], "\n") + "\n", source: "b", opts: dataset.ImportOptions{Format: "csv"}}},
		"sanctions": {{body: sanctionsFile(t, "sdn.xml"), source: "ofac-sdn", opts: dataset.ImportOptions{Format: "ofac-xml"}},
			{body: sanctionsFile(t, "un.xml"), source: "un", opts: dataset.ImportOptions{Format: "un-xml"}}},
	}
}

// rowsOf counts the rows of batch in the dataset's tables.
func rowsOf(t *testing.T, db sqlstore.DB, tables datasetsql.Tables, batch string) int {
	t.Helper()
	n := 0
	for _, table := range tables.Rows {
		var c int
		if err := db.Read().QueryRow(`SELECT COUNT(*) FROM `+table+` WHERE batch_id = $1`, batch).Scan(&c); err != nil {
			t.Fatal(err)
		}
		n += c
	}
	return n
}

func code(err error) dalil.Code {
	var de *dalil.Error
	if errors.As(err, &de) {
		return de.Code
	}
	return ""
}

// Every dataset, through its module's declaration: two imports, one
// retracted (its rows gone in one step, the other's kept, what the
// dataset answers from follows at once, the retraction listed with its
// time, reason and rows); retracting it again or an unknown batch is
// NOT_FOUND, a bad reason INVALID_INPUT; the same file may be imported
// again afterwards.
func testRetractEveryDataset(t *testing.T, store *sqlstore.Store) {
	ctx := context.Background()
	db := store.DB()
	fs := files(t)
	for _, d := range module.Datasets(mods()) {
		t.Run(d.Name, func(t *testing.T) {
			im, lc := d.Open(db), d.Lifecycle(db)
			var reps [2]dataset.Report
			for i, f := range fs[d.Name] {
				opts := f.opts
				opts.Source, opts.License, opts.Filename = f.source, "test licence", "f"+f.source
				rep, err := im.Import(ctx, strings.NewReader(f.body), opts)
				if err != nil || rep.Imported == 0 || rep.Batch == "" {
					t.Fatalf("import %d: %v %+v", i, err, rep)
				}
				reps[i] = rep
			}
			a, b := reps[0], reps[1]
			bs, err := lc.Batches(ctx)
			if err != nil || len(bs) != 2 || bs[0].ID != a.Batch || !bs[0].Current || bs[0].Retracted != nil || bs[0].Rows != a.Imported ||
				bs[0].Source != "a" && bs[0].Source != "ofac-sdn" || bs[0].License != "test licence" || bs[1].ID != b.Batch {
				t.Fatalf("batches: %v %+v", err, bs)
			}
			before, err := im.Stats(ctx)
			if err != nil || before.Rows == 0 || rowsOf(t, db, d.Batches, a.Batch) != a.Imported {
				t.Fatalf("before: %v %+v", err, before)
			}

			r, err := lc.Retract(ctx, a.Batch, "licence withdrawn by the publisher")
			if err != nil || r.RowsRemoved != a.Imported || r.Batch != a.Batch || r.Dataset != d.Name || r.RetractedAt.IsZero() {
				t.Fatalf("retract: %v %+v (imported %d)", err, r, a.Imported)
			}
			if n := rowsOf(t, db, d.Batches, a.Batch); n != 0 {
				t.Errorf("%d rows of the retracted batch remain", n)
			}
			if n := rowsOf(t, db, d.Batches, b.Batch); n != b.Imported {
				t.Errorf("the other batch has %d rows, want %d", n, b.Imported)
			}
			after, err := im.Stats(ctx)
			if err != nil || after.Rows != before.Rows-a.Imported || len(after.Batches) != 1 || after.Batches[0].ID != b.Batch {
				t.Errorf("stats after the retraction: %v rows %d (before %d, retracted %d) %+v", err, after.Rows, before.Rows, a.Imported, after.Batches)
			}
			if h, ok := im.(dataset.Holder); ok {
				if held, err := h.Holdings(ctx); err != nil || len(held) != 1 || held[0].ID != b.Batch {
					t.Errorf("holdings after the retraction: %v %+v", err, held)
				}
			}
			bs, err = lc.Batches(ctx)
			if err != nil || len(bs) != 2 || bs[0].ID != a.Batch || bs[0].Current || bs[0].Retracted == nil ||
				bs[0].Retracted.Reason != "licence withdrawn by the publisher" || bs[0].Retracted.RowsRemoved != a.Imported ||
				bs[0].Rows != a.Imported || bs[1].ID != b.Batch || !bs[1].Current {
				t.Fatalf("batches after: %v %+v", err, bs)
			}

			if _, err := lc.Retract(ctx, a.Batch, ""); code(err) != dalil.CodeNotFound || !strings.Contains(err.Error(), "was retracted at") {
				t.Errorf("retract again: %v", err)
			}
			for _, id := range []string{"nope", "", "x\x00y", "\xff"} {
				if _, err := lc.Retract(ctx, id, ""); code(err) != dalil.CodeNotFound || !strings.Contains(err.Error(), "batches` lists them") {
					t.Errorf("retract %q: %v", id, err)
				}
			}
			if _, err := lc.Retract(ctx, b.Batch, "bad\x00reason"); code(err) != dalil.CodeInvalidInput {
				t.Errorf("a NUL in the reason: %v", err)
			}
			if n := rowsOf(t, db, d.Batches, b.Batch); n != b.Imported {
				t.Errorf("a refused retraction removed rows: %d left of %d", n, b.Imported)
			}

			// The same file again is imported again, not "unchanged".
			f := fs[d.Name][0]
			opts := f.opts
			opts.Source, opts.License, opts.Filename = f.source, "test licence", "f"+f.source
			again, err := im.Import(ctx, strings.NewReader(f.body), opts)
			if err != nil || again.Unchanged || again.Imported != a.Imported {
				t.Fatalf("import again: %v %+v", err, again)
			}
			if st, _ := im.Stats(ctx); st.Rows != before.Rows {
				t.Errorf("rows after importing the retracted file again: %d, want %d", st.Rows, before.Rows)
			}
			bs, _ = lc.Batches(ctx)
			held, gone := 0, 0
			for _, x := range bs {
				if x.Retracted != nil {
					gone++
				} else {
					held++
				}
			}
			if held != 2 || gone != 1 {
				t.Errorf("after importing again: %d held, %d retracted: %+v", held, gone, bs)
			}
		})
	}
}

func TestCompanyRetractionKeepsRestatedRecordsSQLite(t *testing.T) {
	testCompanyRestated(t, openStore(t, filepath.Join(t.TempDir(), "d.db")))
}

func TestCompanyRetractionKeepsRestatedRecordsPostgres(t *testing.T) {
	testCompanyRestated(t, openStore(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))))
}

// A company record a later import of the same source restated belongs to
// that import: retracting the first removes only the records still its
// own.
func testCompanyRestated(t *testing.T, store *sqlstore.Store) {
	ctx := context.Background()
	d := companysql.Data().Datasets[0]
	im, lc := d.Open(store.DB()), d.Lifecycle(store.DB())
	lines := strings.Split(strings.TrimSpace(realCompanies()), "\n")
	opts := dataset.ImportOptions{Source: "registry", License: "l", Format: "csv"}
	first, err := im.Import(ctx, strings.NewReader(realCompanies()), opts)
	if err != nil || first.Imported < 3 {
		t.Fatalf("first: %v %+v", err, first)
	}
	second, err := im.Import(ctx, strings.NewReader(lines[0]+"\n"+lines[1]+"\n"), opts)
	if err != nil || second.Imported != 1 {
		t.Fatalf("second: %v %+v", err, second)
	}
	r, err := lc.Retract(ctx, first.Batch, "")
	if err != nil || r.RowsRemoved != first.Imported-1 {
		t.Fatalf("retract: %v %+v (first imported %d)", err, r, first.Imported)
	}
	st, err := im.Stats(ctx)
	if err != nil || st.Rows != 1 {
		t.Errorf("left: %v %d rows", err, st.Rows)
	}
}

func TestSanctionsRetractionSQLite(t *testing.T) {
	testSanctionsRetraction(t, openStore(t, filepath.Join(t.TempDir(), "d.db")))
}

func TestSanctionsRetractionPostgres(t *testing.T) {
	testSanctionsRetraction(t, openStore(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))))
}

// A sanctions list's superseded version holds no entries and is not
// current: retracting it removes nothing. Retracting the current version
// leaves its source with no list at all (the replaced version's entries
// are gone since it was replaced): the engine screens without it at once.
func testSanctionsRetraction(t *testing.T, store *sqlstore.Store) {
	ctx := context.Background()
	d := sanctionssql.Data().Datasets[0]
	s := sanctionssql.New(store.DB())
	lc := d.Lifecycle(store.DB())
	imp := func(name, format, source string) dataset.Report {
		t.Helper()
		rep, err := s.Import(ctx, strings.NewReader(sanctionsFile(t, name)), dataset.ImportOptions{Source: source, License: "l", Format: format})
		if err != nil || rep.Imported == 0 {
			t.Fatalf("import %s: %v %+v", name, err, rep)
		}
		return rep
	}
	old := imp("sdn.xml", "ofac-xml", "ofac")
	cur := imp("sdn.csv", "ofac-csv", "ofac")
	un := imp("un.xml", "un-xml", "un")
	bs, err := lc.Batches(ctx)
	if err != nil || len(bs) != 3 || bs[0].ID != old.Batch || bs[0].Current || !bs[1].Current || !bs[2].Current || bs[0].Version == "" {
		t.Fatalf("batches: %v %+v", err, bs)
	}
	e, err := s.Engine(ctx, nil)
	if err != nil || len(e.Lists()) != 2 {
		t.Fatalf("engine: %v", err)
	}
	if r, err := lc.Retract(ctx, old.Batch, "superseded anyway"); err != nil || r.RowsRemoved != 0 {
		t.Fatalf("retract the superseded version: %v %+v", err, r)
	}
	if e, err := s.Engine(ctx, nil); err != nil || len(e.Lists()) != 2 {
		t.Fatalf("engine after retracting a superseded version: %v", err)
	}
	r, err := lc.Retract(ctx, cur.Batch, "wrong file")
	if err != nil || r.RowsRemoved != cur.Imported {
		t.Fatalf("retract the current version: %v %+v", err, r)
	}
	e, err = s.Engine(ctx, nil)
	if err != nil || len(e.Lists()) != 1 || e.Lists()[0].Batch != un.Batch || e.Lists()[0].Entries != un.Imported {
		t.Fatalf("engine after retracting the current version: %v %+v", err, e.Lists())
	}
	var _ sanctions.Lists = s
}
