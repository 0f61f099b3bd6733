package vehiclesql_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/dataset"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

var today = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

func TestMain(m *testing.M) { testenv.Main(m) }

func open(t testing.TB, dsn string) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Now: storetest.NewClock(today).Now, Modules: []sqlstore.Module{vehiclesql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// stores runs f on SQLite and, when there is one, PostgreSQL.
func stores(t *testing.T, f func(t *testing.T, s *vehiclesql.Store)) {
	t.Run("sqlite", func(t *testing.T) { f(t, vehiclesql.New(open(t, filepath.Join(t.TempDir(), "v.db")).DB())) })
	t.Run("postgres", func(t *testing.T) {
		f(t, vehiclesql.New(open(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))).DB()))
	})
}

const goodCSV = `id,make,model,trim,year,mileageKm,price,currency,country,city,listedOn,sellerType,vin,transmission,msrp
a1,Toyota,Land Cruiser,GXR,2019,120000,14500,OMR,OM,Muscat,2026-11-01,dealer,1HGCM82633A004352,auto,
a2,toyota,Landcruiser,VXR,2020,90000,17500.5,omr,Oman,Muscat,2026-10-20,private,,automatic,
a3,TOYOTA,LC200,GXR,2018,150000,12000,OMR,سلطنة عمان,Sohar,2026-09-15T10:00:00Z,,,,
a4,تويوتا,لاند كروزر,GXR,2019,,13900,RO,OM,,2026-11-10,,,,30000
`

func opts() dataset.ImportOptions {
	return dataset.ImportOptions{Source: "agency-export-2026-11", License: "internal use", Filename: "l.csv", RetrievedAt: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)}
}

func lcQuery(years ...int) vehiclevalue.Query {
	mk := vehiclevalue.NormalizeMake("Toyota")
	return vehiclevalue.Query{Make: mk, Model: vehiclevalue.NormalizeModel(mk, "Land Cruiser"), YearMin: years[0], YearMax: years[1],
		Countries: []string{"OM"}, Since: today.AddDate(-1, 0, 0), Until: today}
}

func TestImportFindAndStats(t *testing.T) {
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
		ctx := context.Background()
		rep, err := s.Import(ctx, strings.NewReader(goodCSV), opts())
		if err != nil {
			t.Fatal(err)
		}
		if rep.Rows != 4 || rep.Imported != 4 || rep.BadRows != 0 || rep.Refused || rep.Unchanged || !strings.HasPrefix(rep.Batch, "veh_") {
			t.Fatalf("first import = %+v", rep)
		}
		o := opts()
		o.Filename, o.Source = "again.csv", "other"
		again, err := s.Import(ctx, strings.NewReader(goodCSV), o)
		if err != nil || !again.Unchanged || again.Imported != 0 || again.Batch != rep.Batch {
			t.Fatalf("second import = %+v %v", again, err)
		}
		// Aliases and Arabic names all became Toyota Land Cruiser.
		f, err := s.Find(ctx, lcQuery(2017, 2021))
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Listings) != 4 {
			t.Fatalf("found %d listings, want 4", len(f.Listings))
		}
		first := f.Listings[0]
		if first.ListedOn.Format(time.DateOnly) != "2026-11-10" || first.MileageKm != nil || first.Currency != "OMR" || first.MSRP != 30000 ||
			first.Batch != rep.Batch || first.SourceName != "agency-export-2026-11" {
			t.Errorf("newest listing %+v", first)
		}
		for _, l := range f.Listings {
			if l.Make != "Toyota" || l.Model != "Land Cruiser" || l.Country != "OM" {
				t.Errorf("listing not normalised: %+v", l)
			}
			if l.ID == rep.Batch+"/a2" && (l.Price != 17500.5 || l.Transmission != "automatic" || l.SellerType != "private") {
				t.Errorf("a2 = %+v", l)
			}
		}
		if f, _ := s.Find(ctx, lcQuery(2019, 2019)); len(f.Listings) != 2 {
			t.Errorf("2019 only: %d listings", len(f.Listings))
		}
		n, synthetic, newest, err := s.Count(ctx, lcQuery(2017, 2021))
		if err != nil || n != 4 || synthetic != 0 || newest.Format(time.DateOnly) != "2026-11-10" {
			t.Errorf("count %d (%d synthetic) %v %v", n, synthetic, newest, err)
		}
		bs, err := s.Batches(ctx, []string{rep.Batch})
		if err != nil || len(bs) != 1 || bs[0].License != "internal use" || bs[0].RetrievedAt.Format(time.DateOnly) != "2026-11-20" || bs[0].Synthetic {
			t.Errorf("batches %+v %v", bs, err)
		}
		st, err := s.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		cov := st.Coverage.(vehiclesql.Coverage)
		if st.Rows != 4 || len(cov.ByMarket) != 1 || cov.ByMarket[0].Listings != 4 || cov.ByMake[0].Make != "Toyota" || cov.ByMake[0].Models != 1 ||
			cov.ByAge[0].Listings != 2 || cov.ByAge[1].Listings != 2 || cov.ByAge[2].Listings != 0 {
			t.Errorf("stats %+v %+v", st, cov)
		}
	})
}

func TestBadRows(t *testing.T) {
	bad := `make,model,year,price,currency,country,listedOn,mileageKm,vin,sellerType,fuelType
Toyota,Land Cruiser,2019,14500,OMR,OM,2026-11-01,120000,,,
,Land Cruiser,1949,0,OMRX,Atlantis,2026-13-01,-5,1HGCM82633A00435O,broker,coal
Toyota,Camry,2019,9000,OMR,OM,2027-06-01,,,,
`
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
		ctx := context.Background()
		rep, err := s.Import(ctx, strings.NewReader(bad), opts())
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Refused || rep.Imported != 0 || rep.BadRows != 2 || rep.Rows != 3 {
			t.Fatalf("report %+v", rep)
		}
		fieldsAt := map[int][]string{}
		for _, e := range rep.Errors {
			fieldsAt[e.Line] = append(fieldsAt[e.Line], e.Field)
		}
		want := "make,year,mileageKm,price,currency,country,listedOn,sellerType,vin,fuelType"
		for _, f := range strings.Split(want, ",") {
			if !strings.Contains(","+strings.Join(fieldsAt[3], ",")+",", ","+f+",") {
				t.Errorf("line 3 errors %v lack %s", fieldsAt[3], f)
			}
		}
		if len(fieldsAt[4]) != 1 || fieldsAt[4][0] != "listedOn" {
			t.Errorf("line 4 errors %v", fieldsAt[4])
		}
		if st, _ := s.Stats(ctx); st.Rows != 0 {
			t.Errorf("a refused file imported %d rows", st.Rows)
		}
		o := opts()
		o.SkipBad = true
		rep, err = s.Import(ctx, strings.NewReader(bad), o)
		if err != nil || rep.Imported != 1 || rep.Refused {
			t.Fatalf("skip-bad %+v %v", rep, err)
		}
	})
}

func TestFileErrorsAndJSONL(t *testing.T) {
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
		ctx := context.Background()
		for _, body := range []string{"", "make,model,colour\n", "make,model,year,price,currency,country\n"} {
			if _, err := s.Import(ctx, strings.NewReader(body), opts()); err == nil {
				t.Errorf("%q: no error", body)
			}
		}
		jsonl := `{"make":"Nissan","model":"باترول","year":2020,"mileageMiles":50000,"price":19000,"currency":"OMR","country":"OM","listedOn":"2026-11-02"}

{"make":"Nissan","model":"Patrol","year":2020,"price":"18000","currency":"OMR","country":"OM","listedOn":"2026-11-03","colour":"red"}
not json
`
		o := opts()
		o.Filename = "p.jsonl"
		rep, err := s.Import(ctx, strings.NewReader(jsonl), o)
		if err != nil || !rep.Refused || rep.BadRows != 2 || rep.Rows != 3 {
			t.Fatalf("%+v %v", rep, err)
		}
		if rep.Errors[0].Line != 3 || rep.Errors[0].Field != "colour" || rep.Errors[1].Line != 4 {
			t.Errorf("errors %+v", rep.Errors)
		}
		o.SkipBad = true
		if rep, err = s.Import(ctx, strings.NewReader(jsonl), o); err != nil || rep.Imported != 1 {
			t.Fatalf("%+v %v", rep, err)
		}
		mk := vehiclevalue.NormalizeMake("nissan")
		f, _ := s.Find(ctx, vehiclevalue.Query{Make: mk, Model: vehiclevalue.NormalizeModel(mk, "patrol"), YearMin: 2018, YearMax: 2022,
			Countries: []string{"OM"}, Since: today.AddDate(-1, 0, 0), Until: today})
		if len(f.Listings) != 1 || *f.Listings[0].MileageKm != 80467 {
			t.Errorf("miles listing %+v", f.Listings)
		}
	})
}

// An estimate through the SQL port on the demo data: synthetic, says so.
func TestDemoEstimate(t *testing.T) {
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
		ctx := context.Background()
		rep, loaded, err := s.LoadDemo(ctx)
		if err != nil || !loaded || rep.Imported < 300 {
			t.Fatalf("demo: %+v %v %v", rep, loaded, err)
		}
		if _, again, err := s.LoadDemo(ctx); again || err != nil {
			t.Errorf("demo loaded twice: %v", err)
		}
		km := 110_000
		out, err := vehiclevalue.Estimate(ctx, vehiclevalue.Deps{Listings: s}, vehiclevalue.Input{Make: "Toyota", Model: "LC200", Year: 2020, Country: "OM",
			Trim: "GXR", MileageKm: &km, City: "Muscat"}, today)
		if err != nil {
			t.Fatal(err)
		}
		if out.Status != vehiclevalue.StatusEstimated || len(out.Datasets) != 1 || !out.Datasets[0].Synthetic ||
			!strings.Contains(fmt.Sprint(out.Warnings), "Synthetic demo data") {
			t.Errorf("status %s datasets %+v warnings %v", out.Status, out.Datasets, out.Warnings)
		}
		if out.MarketCoverage.LiveMarketDataAvailable || !slices.Contains(out.RiskFlags, "NO_MARKET_DATA_PROVIDER") {
			t.Errorf("demo listings taken for market data: live %v, flags %v", out.MarketCoverage.LiveMarketDataAvailable, out.RiskFlags)
		}
		if n, synthetic, _, err := s.Count(ctx, lcQuery(2018, 2022)); err != nil || n == 0 || synthetic != n {
			t.Errorf("demo count %d, %d synthetic, %v: want all synthetic", n, synthetic, err)
		}
	})
}

// TestReportNamesAnExistingBatch: a report's batch is one that exists (the
// one written, or the earlier one of an unchanged file); a refused file,
// or one with no good row, names none.
func TestReportNamesAnExistingBatch(t *testing.T) {
	const header = "make,model,year,price,currency,country,listedOn\n"
	const bad = "Toyota,Camry,2019,9000,OMR,OM,2027-06-01\n"
	const good = "Toyota,Camry,2019,9000,OMR,OM,2026-11-01\n"
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
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
