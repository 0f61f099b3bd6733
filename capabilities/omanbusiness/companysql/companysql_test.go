package companysql_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/omanbusiness/companysql"
	"dalil/dataset"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

func open(t *testing.T, dsn string) *companysql.Store {
	t.Helper()
	return openWith(t, dsn, sqlstore.Options{})
}

// openWith opens the store with opts (its clock and modules are the
// tests').
func openWith(t *testing.T, dsn string, opts sqlstore.Options) *companysql.Store {
	t.Helper()
	opts.Now = storetest.NewClock(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)).Now
	opts.Modules = []sqlstore.Module{companysql.Module()}
	s, err := sqlstore.Open(context.Background(), dsn, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return companysql.New(s.DB())
}

func TestCompaniesSQLite(t *testing.T) {
	testCompanies(t, open(t, filepath.Join(t.TempDir(), "c.db")))
}

func TestCompaniesPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	testCompanies(t, open(t, testenv.FreshPostgresSchema(t, url)))
}

const registryCSV = `recordId,crNumber,nameEn,nameAr,legalForm,status,registrationDate,activities,governorate,wilayat,website,email,phone,sourceType,observedAt
r1,1234567,Al Noor Trading LLC,شركة النور للتجارة ش.م.م,LLC,active,2010-01-01,4663 Wholesale of construction materials,Muscat,Seeb,alnoor.om,info@alnoor.om,2412 3456,public_registry,2026-10-01
r2,7654321,Oman Trading LLC,,LLC,active,2015-01-01,4690 Non-specialised wholesale trade,مسقط,مطرح,,,,public_registry,2026-10-01
r3,7654322,Oman Trading LLC,,LLC,active,2016-01-01,4690 Non-specialised wholesale trade,Dhofar,Salalah,,,,public_registry,2026-10-01
`

// everything asks for every company of these tests by name.
var everything = omanbusiness.Want{Names: []string{"Al Noor Trading", "Oman Trading"}}

func imp(t *testing.T, s *companysql.Store, body string, opts dataset.ImportOptions) dataset.Report {
	t.Helper()
	if opts.Source == "" {
		opts.Source = "test-registry"
	}
	if opts.License == "" {
		opts.License = "test data"
	}
	rep, err := s.Import(context.Background(), strings.NewReader(body), opts)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	return rep
}

func testCompanies(t *testing.T, s *companysql.Store) {
	ctx := context.Background()
	cat, err := s.Catalog(ctx, everything)
	if err != nil || cat.Len() != 0 || cat.Imported {
		t.Fatalf("empty catalog = %d, %v", cat.Len(), err)
	}
	// A file with bad rows imports nothing and names every problem.
	bad := registryCSV + "r4,12,X,,,active,2030-01-01,,Dubai,,not a site,bad@,12,demo,\n" + "r1,1234567,Dup,,,,,,,,,,,public_registry,\n"
	rep := imp(t, s, bad, dataset.ImportOptions{Filename: "f.csv"})
	if !rep.Refused || rep.BadRows != 2 || rep.Rows != 5 || rep.Imported != 0 {
		t.Fatalf("bad file report = %+v", rep)
	}
	for _, want := range []string{"crNumber", "registrationDate", "governorate", "website", "email", "phone", "sourceType", "recordId"} {
		if !slices.ContainsFunc(rep.Errors, func(e dataset.RowError) bool { return e.Field == want }) {
			t.Errorf("no error for %s in %v", want, rep.Errors)
		}
	}
	if rep.Errors[0].Line != 5 {
		t.Errorf("first error on line %d, want 5", rep.Errors[0].Line)
	}
	if cat, _ := s.Catalog(ctx, everything); cat.Len() != 0 || cat.Imported {
		t.Fatal("a refused file imported rows")
	}
	// SkipBad imports the good rows.
	rep = imp(t, s, bad, dataset.ImportOptions{Filename: "f.csv", SkipBad: true})
	if rep.Refused || rep.Imported != 3 || rep.BadRows != 2 {
		t.Fatalf("skip-bad report = %+v", rep)
	}
	// The same file again is a no-op.
	again := imp(t, s, bad, dataset.ImportOptions{Filename: "f.csv", SkipBad: true})
	if !again.Unchanged || again.Batch != rep.Batch || again.Imported != 0 {
		t.Fatalf("re-import = %+v", again)
	}
	cat, err = s.Catalog(ctx, everything)
	if err != nil || cat.Len() != 3 {
		t.Fatalf("catalog = %d, %v", cat.Len(), err)
	}
	c, ok := cat.ByCR("123-4567")
	if !ok || c.Merged.NameEn != "Al Noor Trading LLC" || c.Merged.Wilayat != "As Seeb" || c.Merged.Phone != "+96824123456" {
		t.Fatalf("ByCR = %+v, %v", c, ok)
	}
	// Two companies named Oman Trading LLC with different CRs stay two.
	found := cat.Search(omanbusiness.Query{Text: "oman trading l.l.c."})
	n := 0
	for _, f := range found {
		if f.MatchedBy == "exact_name" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("exact matches for Oman Trading = %d, want 2: %+v", n, found)
	}
	// An updated export upserts by (source, recordId).
	upd := "recordId,crNumber,nameEn,status,sourceType\nr1,1234567,Al Noor Trading LLC,suspended,public_registry\n"
	rep = imp(t, s, upd, dataset.ImportOptions{Filename: "u.csv"})
	if rep.Imported != 1 {
		t.Fatalf("update = %+v", rep)
	}
	cat, _ = s.Catalog(ctx, everything)
	if c, _ := cat.ByCR("1234567"); c.Merged.Status != "suspended" || len(c.Records) != 1 {
		t.Errorf("after update: status %q, %d records", c.Merged.Status, len(c.Records))
	}
	// Another source of the same CR joins the company; JSON lines.
	jl := `{"recordId":"d-9","crNumber":"1234567","nameEn":"Al Noor Trading","activities":[{"code":"4663","description":"Wholesale"},"4752 Hardware"],"sourceType":"directory","website":"https://alnoor.om"}` + "\n"
	rep = imp(t, s, jl, dataset.ImportOptions{Source: "test-directory", Filename: "d.jsonl"})
	if rep.Imported != 1 {
		t.Fatalf("jsonl = %+v", rep)
	}
	cat, _ = s.Catalog(ctx, everything)
	c, _ = cat.ByCR("1234567")
	if len(c.Records) != 2 || c.Merged.NameEn != "Al Noor Trading LLC" || c.Merged.IdentityConflict {
		t.Errorf("merged = %+v", c.Merged)
	}
	// Synthetic imports are demo, whatever the file says.
	rep = imp(t, s, omanbusiness.DemoCSV, dataset.ImportOptions{Source: omanbusiness.DemoSource, License: omanbusiness.DemoLicense, Synthetic: true, Filename: "demo.csv"})
	if rep.Imported != 10 || rep.BadRows != 0 {
		t.Fatalf("demo = %+v", rep)
	}
	// Real data may not claim to be demo.
	rep = imp(t, s, strings.ReplaceAll(omanbusiness.DemoCSV, "x", "y"), dataset.ImportOptions{Filename: "demo2.csv"})
	if !rep.Refused {
		t.Errorf("a real import of demo rows was not refused: %+v", rep)
	}
	st, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cov := st.Coverage.(companysql.Coverage)
	synthetic := slices.IndexFunc(st.Batches, func(b dataset.Batch) bool { return b.Synthetic && b.Source == omanbusiness.DemoSource && b.Rows == 10 })
	// 3 registry rows (r1 updated in place), 1 directory row, 10 demo rows.
	if st.Rows != 14 || len(st.Batches) != 4 || cov.SyntheticRecords != 10 || cov.BySourceType["demo"] != 10 || synthetic < 0 || cov.Companies != 13 {
		t.Errorf("stats = %+v %+v", st, cov)
	}
}

// dsns runs f on a fresh SQLite file and, when there is one, a fresh
// PostgreSQL schema.
func dsns(t *testing.T, f func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "c.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))) })
}

// TestImportOutlastsOpTimeout: an import's transaction is not held to the
// store's operation timeout (meant for request paths) but to
// dataset.ImportTimeout: one that runs past the former commits.
func TestImportOutlastsOpTimeout(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		const op = 50 * time.Millisecond
		s := openWith(t, dsn, sqlstore.Options{OpTimeout: op})
		s.SetHook(func(step string) {
			if step == "tx" {
				time.Sleep(4 * op)
			}
		})
		rep := imp(t, s, registryCSV, dataset.ImportOptions{Filename: "r.csv"})
		if rep.Imported != 3 || rep.Batch == "" {
			t.Fatalf("report = %+v", rep)
		}
		// Read back with the default timeout: the 50 ms one bounds this
		// test's import, not a loaded machine's reads.
		cat, err := openWith(t, dsn, sqlstore.Options{}).Catalog(context.Background(), everything)
		if err != nil || cat.Len() != 3 {
			t.Fatalf("catalog = %v, %v", cat, err)
		}
	})
}

// TestConcurrentImportsOfOneFile: two imports of the same file that both
// found it not imported yet (both pass Commit's lookup before either
// writes) write it once; the other reports it unchanged, with the batch
// the first wrote, and no error.
func TestConcurrentImportsOfOneFile(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		s := openWith(t, dsn, sqlstore.Options{})
		var arrived sync.WaitGroup
		arrived.Add(2)
		s.SetHook(func(step string) {
			if step != "write" {
				return
			}
			arrived.Done()
			arrived.Wait()
		})
		// Before the fix the second import retried its unique violation
		// until its context ended: keep that short.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var reps [2]dataset.Report
		var errs [2]error
		var done sync.WaitGroup
		for i := range reps {
			done.Add(1)
			go func() {
				defer done.Done()
				reps[i], errs[i] = s.Import(ctx, strings.NewReader(registryCSV),
					dataset.ImportOptions{Source: "test-registry", License: "test data", Filename: "r.csv"})
			}()
		}
		done.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("errors: %v; %v", errs[0], errs[1])
		}
		if reps[0].Unchanged {
			reps[0], reps[1] = reps[1], reps[0]
		}
		w, u := reps[0], reps[1]
		if w.Unchanged || w.Imported != 3 || !u.Unchanged || u.Imported != 0 || u.Batch != w.Batch || w.Batch == "" {
			t.Fatalf("reports: %+v; %+v; want one written, the other unchanged with its batch", w, u)
		}
		st, err := s.Stats(ctx)
		if err != nil || st.Rows != 3 || len(st.Batches) != 1 {
			t.Fatalf("stats = %+v, %v", st, err)
		}
	})
}
