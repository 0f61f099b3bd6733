package omanpropertysql_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/omanproperty"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/dataset"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"

	"github.com/google/go-cmp/cmp"
)

var today = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

func open(t testing.TB, dsn string) *sqlstore.Store {
	t.Helper()
	clock := storetest.NewClock(today)
	s, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Now: clock.Now, Modules: []sqlstore.Module{omanpropertysql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// stores runs f on SQLite and, when there is one, PostgreSQL.
func stores(t *testing.T, f func(t *testing.T, s *omanpropertysql.Store)) {
	t.Run("sqlite", func(t *testing.T) { f(t, omanpropertysql.New(open(t, filepath.Join(t.TempDir(), "c.db")).DB())) })
	t.Run("postgres", func(t *testing.T) {
		url := testenv.Postgres(t)
		f(t, omanpropertysql.New(open(t, testenv.FreshPostgresSchema(t, url)).DB()))
	})
}

const goodCSV = `id,governorate,wilayat,area,propertyType,bedrooms,bathrooms,sizeSqm,kind,amountOMR,rentPeriod,furnished,date,sourceType,sourceName,sourceUrl
k1,Muscat,Bawshar,Al Khuwair,apartment,2,2,120,rent,400,monthly,unfurnished,2026-10-01,listing_asking_price,,
k2,مسقط,,الخوير,apartment,2,2,118,rent,4920,annual,furnished,2026-09-15,listing_asking_price,Agency X,https://example.test/2
k3,Muscat,,Al Khuwayr,apartment,2,,125,sale,85000,,,2026-08-01T10:00:00Z,transaction,,
k4,Muscat,,Seeb,villa,4,4,350,rent,850,,,2024-01-10,,,
`

func opts() dataset.ImportOptions {
	return dataset.ImportOptions{Source: "agency-export-2026-11", License: "internal use", Filename: "c.csv", RetrievedAt: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)}
}

func TestImportGoodFileTwice(t *testing.T) {
	stores(t, func(t *testing.T, s *omanpropertysql.Store) {
		ctx := context.Background()
		rep, err := s.Import(ctx, strings.NewReader(goodCSV), opts())
		if err != nil {
			t.Fatal(err)
		}
		if rep.Rows != 4 || rep.Imported != 4 || rep.BadRows != 0 || rep.Refused || rep.Unchanged || !strings.HasPrefix(rep.Batch, "cmp_") {
			t.Fatalf("first import = %+v", rep)
		}
		// The same file again, even under another name and source: nothing written.
		o := opts()
		o.Filename, o.Source = "renamed.csv", "other"
		again, err := s.Import(ctx, strings.NewReader(goodCSV), o)
		if err != nil {
			t.Fatal(err)
		}
		if !again.Unchanged || again.Imported != 0 || again.Batch != rep.Batch {
			t.Errorf("second import = %+v, want unchanged batch %s", again, rep.Batch)
		}
		st, err := s.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.Rows != 4 || len(st.Batches) != 1 {
			t.Fatalf("stats = %+v", st)
		}
		b := st.Batches[0]
		if b.Source != "agency-export-2026-11" || b.License != "internal use" || b.Synthetic || b.Rows != 4 || !b.RetrievedAt.Equal(opts().RetrievedAt) || !b.ImportedAt.Equal(today) {
			t.Errorf("batch = %+v", b)
		}
		cov := st.Coverage.(omanpropertysql.Coverage)
		area := func(id string) omanpropertysql.AreaCoverage {
			for _, a := range cov.ByArea {
				if a.AreaID == id {
					return a
				}
			}
			t.Fatalf("no coverage row for %s", id)
			return omanpropertysql.AreaCoverage{}
		}
		if diff := cmp.Diff(omanpropertysql.AreaCoverage{Area: "Al Khuwair", AreaID: "al-khuwair", Wilayat: "Bawshar", Rent: 2, Sale: 1, Newest: "2026-10-01"}, area("al-khuwair")); diff != "" {
			t.Errorf("Al Khuwair coverage (-want +got):\n%s", diff)
		}
		if a := area("al-mouj"); a.Rent+a.Sale != 0 {
			t.Errorf("Al Mouj = %+v, want listed with nothing", a)
		}
		if diff := cmp.Diff([]omanpropertysql.RecencyCoverage{{"0-90 days", 2, 0}, {"91-365 days", 0, 1}, {"366-730 days", 0, 0}, {"over 730 days (not used)", 1, 0}}, cov.ByRecency); diff != "" {
			t.Errorf("recency (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]omanpropertysql.TypeCoverage{{"apartment", 2, 1}, {"villa", 1, 0}, {"townhouse", 0, 0}}, cov.ByType); diff != "" {
			t.Errorf("types (-want +got):\n%s", diff)
		}

		// The rows read back: normalised area, monthly rent, source.
		found, err := s.Comparables(ctx, omanproperty.Query{Level: omanproperty.LevelArea, Place: "al-khuwair", PropertyType: "apartment",
			Since: today.AddDate(0, 0, -730), MinBedrooms: 1, MaxBedrooms: 3, MinSizeSqm: 96, MaxSizeSqm: 144, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(found.Comparables) != 3 {
			t.Fatalf("found %+v", found)
		}
		k2 := found.Comparables[1] // newest first: k1, k2, k3 (sale after the rents)
		if k2.ID != rep.Batch+"/k2" || k2.AmountOMR != 410 || k2.RentPeriod != "annual" || k2.SourceName != "Agency X" || k2.Area != "al-khuwair" ||
			k2.Wilayat != "bawshar" || k2.Furnished != "furnished" || k2.Bathrooms == nil || *k2.Bathrooms != 2 || k2.SourceURL != "https://example.test/2" {
			t.Errorf("k2 = %+v", k2)
		}
		k1 := found.Comparables[0]
		if k1.SourceName != "agency-export-2026-11" || k1.Synthetic || k1.Batch != rep.Batch {
			t.Errorf("k1 = %+v (source defaults to the import's)", k1)
		}
		if k3 := found.Comparables[2]; k3.Kind != omanproperty.KindSale || k3.ObservedOn != time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC) || k3.Bathrooms != nil {
			t.Errorf("k3 = %+v", k3)
		}
		bs, err := s.Batches(ctx, []string{rep.Batch, "cmp_missing"})
		if err != nil || len(bs) != 1 || bs[0].PeriodFrom != time.Date(2024, 1, 10, 0, 0, 0, 0, time.UTC) || bs[0].PeriodTo != time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC) {
			t.Errorf("batches = %+v, %v", bs, err)
		}
	})
}

const badCSV = `area,propertyType,bedrooms,sizeSqm,kind,amountOMR,date
Al Khuwair,apartment,2,120,rent,400,2026-10-01
Sohar,apartment,2,120,rent,400,2026-10-01
Al Khuwair,boat,2,120,rent,400,2026-10-01
Al Khuwair,apartment,two,120,rent,400,2026-10-01
Al Khuwair,apartment,2,5,rent,400,2026-10-01
Al Khuwair,apartment,2,120,lease,400,2026-10-01
Al Khuwair,apartment,2,120,rent,-4,2026-10-01
Al Khuwair,apartment,2,120,rent,400,01/10/2026
Al Khuwair,apartment,2,120,rent,400,2027-10-01
Al Khuwair,apartment,2,120,rent,40000,2026-10-01
Al Khuwiar,apartment,2,120,rent,400,2026-10-01
Al Khuwair,apartment,2,120,sale,90000,2026-10-02
`

func TestImportBadRows(t *testing.T) {
	stores(t, func(t *testing.T, s *omanpropertysql.Store) {
		ctx := context.Background()
		rep, err := s.Import(ctx, strings.NewReader(badCSV), opts())
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Refused || rep.Imported != 0 || rep.Rows != 12 || rep.BadRows != 10 {
			t.Fatalf("report = %+v", rep)
		}
		type le struct {
			Line  int
			Field string
		}
		var got []le
		for _, e := range rep.Errors {
			got = append(got, le{e.Line, e.Field})
		}
		want := []le{{3, "area"}, {4, "propertyType"}, {5, "bedrooms"}, {6, "sizeSqm"}, {7, "kind"}, {8, "amountOMR"}, {9, "date"}, {10, "date"}, {11, "amountOMR"}, {12, "area"}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("errors (-want +got):\n%s\n%v", diff, rep.Errors)
		}
		if !strings.Contains(rep.Errors[0].Message, "North Al Batinah") || !strings.Contains(rep.Errors[9].Message, "Did you mean Al Khuwair") {
			t.Errorf("messages: %q, %q", rep.Errors[0].Message, rep.Errors[9].Message)
		}
		if st, _ := s.Stats(ctx); st.Rows != 0 || len(st.Batches) != 0 {
			t.Errorf("a refused file wrote %+v", st)
		}
		// --skip-bad imports the two good rows; the same file again is unchanged.
		o := opts()
		o.SkipBad = true
		rep, err = s.Import(ctx, strings.NewReader(badCSV), o)
		if err != nil || rep.Refused || rep.Imported != 2 || rep.BadRows != 10 {
			t.Fatalf("skip-bad = %+v, %v", rep, err)
		}
		if rep, _ = s.Import(ctx, strings.NewReader(badCSV), o); !rep.Unchanged || rep.Imported != 0 {
			t.Errorf("again = %+v", rep)
		}
		if st, _ := s.Stats(ctx); st.Rows != 2 {
			t.Errorf("rows = %d, want 2", st.Rows)
		}
	})
}

func TestImportJSONLines(t *testing.T) {
	stores(t, func(t *testing.T, s *omanpropertysql.Store) {
		const file = `{"area":"Al Mouj","propertyType":"villa","bedrooms":4,"sizeSqm":400,"transactionType":"sale","priceOMR":420000,"observedAt":"2026-06-01","metadata":{"phase":"Gardens"}}

{"area":"The Wave","propertyType":"villa","bedrooms":"4","sizeSqm":380.5,"kind":"rent","amountOMR":1500,"date":"2026-07-01"}
{"area":"Al Mouj","colour":"blue"}
[1,2]
`
		o := opts()
		o.Filename = "mouj.jsonl"
		rep, err := s.Import(context.Background(), strings.NewReader(file), o)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Refused || rep.Rows != 4 || rep.BadRows != 2 {
			t.Fatalf("report = %+v", rep)
		}
		if e := rep.Errors[0]; e.Line != 4 || e.Field != "colour" {
			t.Errorf("first error = %+v, want line 4 colour", e)
		}
		if e := rep.Errors[len(rep.Errors)-1]; e.Line != 5 {
			t.Errorf("last error = %+v, want line 5", e)
		}
		o.SkipBad = true
		if rep, err = s.Import(context.Background(), strings.NewReader(file), o); err != nil || rep.Imported != 2 {
			t.Errorf("skip-bad = %+v, %v", rep, err)
		}
	})
}

func TestImportRefusesUnreadableFiles(t *testing.T) {
	s := omanpropertysql.New(open(t, filepath.Join(t.TempDir(), "c.db")).DB())
	for name, file := range map[string]string{
		"empty":          "",
		"unknown column": "area,propertyType,bedrooms,sizeSqm,kind,amountOMR,date,colour\n",
		"missing column": "area,propertyType,bedrooms,sizeSqm,kind,date\n",
		"twice":          "area,propertyType,bedrooms,sizeSqm,kind,amountOMR,priceOMR,date\n",
	} {
		_, err := s.Import(context.Background(), strings.NewReader(file), opts())
		var fe *dataset.FileError
		if !errors.As(err, &fe) || !strings.HasPrefix(err.Error(), "line 1") {
			t.Errorf("%s: %v, want a dataset.FileError at line 1", name, err)
		}
	}
	if _, err := s.Import(context.Background(), strings.NewReader(goodCSV), dataset.ImportOptions{License: "x"}); err == nil {
		t.Error("no source accepted")
	}
}

func TestDemo(t *testing.T) {
	stores(t, func(t *testing.T, s *omanpropertysql.Store) {
		rep, loaded, err := s.LoadDemo(context.Background())
		if err != nil || !loaded || rep.Imported != 361 || rep.BadRows != 0 {
			t.Fatalf("demo = %+v %v %v", rep, loaded, err)
		}
		if _, loaded, err := s.LoadDemo(context.Background()); err != nil || loaded {
			t.Errorf("second load: %v %v", loaded, err)
		}
		st, _ := s.Stats(context.Background())
		if len(st.Batches) != 1 || !st.Batches[0].Synthetic || st.Coverage.(omanpropertysql.Coverage).Synthetic != rep.Imported {
			t.Errorf("stats = %+v", st)
		}
	})
}

// TestStorageFailure: a closed database answers ErrStorageUnavailable,
// never an empty market.
func TestStorageFailure(t *testing.T) {
	st := open(t, filepath.Join(t.TempDir(), "c.db"))
	s := omanpropertysql.New(st.DB())
	st.Close()
	_, err := s.Comparables(context.Background(), omanproperty.Query{Level: omanproperty.LevelGovernorate, PropertyType: "villa", MinBedrooms: -1})
	if !errors.Is(err, dalil.ErrStorageUnavailable) {
		t.Errorf("comparables on a closed store = %v", err)
	}
}

// TestDocumentedExamples: the CSV and JSON-lines examples of
// docs/oman-property.md import as they are, to the same rows.
func TestDocumentedExamples(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/oman-property.md")
	if err != nil {
		t.Fatal(err)
	}
	block := func(fence, after string) string {
		s := string(doc)
		s = s[strings.Index(s, after):]
		start := strings.Index(s, "```"+fence+"\n") + len("```"+fence+"\n")
		return s[start : start+strings.Index(s[start:], "```")]
	}
	csvFile, jsonl := block("csv", "Example (`muscat-rents.csv`)"), block("json", "The same rows as JSON lines")
	var rows [2][]omanproperty.Comparable
	for i, file := range []struct{ name, body string }{{"muscat-rents.csv", csvFile}, {"muscat-rents.jsonl", jsonl}} {
		s := omanpropertysql.New(open(t, filepath.Join(t.TempDir(), "d.db")).DB())
		o := opts()
		o.Filename = file.name
		rep, err := s.Import(context.Background(), strings.NewReader(file.body), o)
		if err != nil || rep.Imported != 3 || rep.BadRows != 0 {
			t.Fatalf("%s: %+v %v", file.name, rep, err)
		}
		for _, typ := range omanproperty.PropertyTypes {
			f, err := s.Comparables(context.Background(), omanproperty.Query{Level: omanproperty.LevelGovernorate, PropertyType: typ, MinBedrooms: -1, MaxSizeSqm: 1e6, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range f.Comparables {
				c.ID, c.Batch, c.SourceName, c.Bathrooms, c.Furnished, c.SourceType, c.Wilayat = "", "", "", nil, "", "", ""
				rows[i] = append(rows[i], c)
			}
		}
	}
	if diff := cmp.Diff(rows[0], rows[1]); diff != "" {
		t.Errorf("CSV and JSON lines differ (-csv +jsonl):\n%s", diff)
	}
}

// TestReportNamesAnExistingBatch: a report's batch is one that exists (the
// one written, or the earlier one of an unchanged file); a refused file,
// or one with no good row, names none.
func TestReportNamesAnExistingBatch(t *testing.T) {
	const header = "area,propertyType,bedrooms,sizeSqm,kind,amountOMR,date\n"
	const bad = "Sohar,apartment,2,120,rent,400,2026-10-01\n"
	const good = "Al Khuwair,apartment,2,120,rent,400,2026-10-01\n"
	stores(t, func(t *testing.T, s *omanpropertysql.Store) {
		ctx := context.Background()
		skip := opts()
		skip.SkipBad = true
		for _, c := range []struct {
			name, file string
			opts       dataset.ImportOptions
			batch      bool
		}{
			{"refused", header + good + bad, opts(), false},
			{"no rows", header, opts(), false},
			{"only bad rows, skipped", header + bad, skip, false},
			{"written", header + good + bad, skip, true},
			{"unchanged", header + good + bad, opts(), true},
		} {
			rep, err := s.Import(ctx, strings.NewReader(c.file), c.opts)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			st, err := s.Stats(ctx)
			if err != nil {
				t.Fatal(err)
			}
			exists := slices.ContainsFunc(st.Batches, func(b dataset.Batch) bool { return b.ID == rep.Batch })
			if (rep.Batch != "") != c.batch || (rep.Batch != "" && !exists) {
				t.Errorf("%s: batch %q (exists: %v) in %+v; batches %+v", c.name, rep.Batch, exists, rep, st.Batches)
			}
		}
	})
}
