package vehiclesql_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/dataset"
	"dalil/internal/testenv"

	"github.com/google/go-cmp/cmp"
)

func modelQuery(mk, md string, year int, countries ...string) vehiclevalue.Query {
	m := vehiclevalue.NormalizeMake(mk)
	return vehiclevalue.Query{Make: m, Model: vehiclevalue.NormalizeModel(m, md), YearMin: year - 2, YearMax: year + 2, Countries: countries,
		SubjectCountry: countries[0], Since: today.AddDate(0, 0, -365), Until: today, Limit: vehiclevalue.QueryLimit}
}

// TestQueriesUseIndexes: every statement Find and Count run is answered
// from an index (EXPLAIN QUERY PLAN on SQLite; EXPLAIN with sequential
// scans disabled on PostgreSQL, so that a statement no index serves shows
// as one): the choice of the newest listings from the find index in its
// own order (no sort), the count from the count index alone (on SQLite;
// PostgreSQL's planner chooses between the two on a small table).
func TestQueriesUseIndexes(t *testing.T) {
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
		ctx := context.Background()
		if _, err := s.Import(ctx, bytes.NewReader(benchCSV(5000)), dataset.ImportOptions{Source: "plan", License: "test"}); err != nil {
			t.Fatal(err)
		}
		db := s.DB()
		want := []*regexp.Regexp{
			regexp.MustCompile(`SEARCH vehicle_listings USING COVERING INDEX vehicle_listings_find \(make_key=\? AND model_key=\? AND country=\? AND listed_on>\? AND listed_on<\?\)$`),
			regexp.MustCompile(`SEARCH vehicle_listings USING INTEGER PRIMARY KEY \(rowid=\?\)`),
			regexp.MustCompile(`SEARCH vehicle_listings USING COVERING INDEX vehicle_listings_count \(make_key=\? AND model_key=\? AND country=\? AND year=\? AND listed_on>\? AND listed_on<\?\)`),
		}
		if db.Dialect() == "postgres" {
			want = []*regexp.Regexp{
				regexp.MustCompile(`Index Only Scan using vehicle_listings_find`),
				regexp.MustCompile(`Index Scan using vehicle_listings_pkey|Bitmap Index Scan on vehicle_listings_pkey`),
				// On a table this small the planner may count through
				// the find index (the years a filter); at a million rows
				// it takes the count index (docs/performance.md).
				regexp.MustCompile(`(Index Only Scan using|Index Scan using|Bitmap Index Scan on) vehicle_listings_(count|find)`),
			}
		}
		noScan := regexp.MustCompile(`^SCAN vehicle_listings|Seq Scan on vehicle_listings|TEMP B-TREE|Sort Key`)
		for _, q := range []vehiclevalue.Query{modelQuery("Toyota", "Land Cruiser", 2018, "OM", "AE", "SA", "QA", "BH", "KW"), modelQuery("Lexus", "LX", 2012, "BH")} {
			for i, st := range vehiclesql.Statements(db.Dialect(), q) {
				text := testenv.Plan(t, db.Read(), db.Dialect(), st.SQL, st.Args...)
				plan := strings.Split(text, "\n")
				for _, line := range plan {
					if l := strings.TrimLeft(line, " ->|`-"); noScan.MatchString(l) && !(i == 2 && strings.Contains(l, "Sort Key")) {
						t.Errorf("statement %d scans or sorts:\n%s\n%s", i, st.SQL, text)
					}
				}
				if !want[i].MatchString(text) {
					t.Errorf("statement %d: want %s, plan:\n%s", i, want[i], text)
				}
			}
		}
	})
}

// TestFindMatchesAFullRead: Find and Count give what a read of every
// listing, filtered and ordered (the subject's market first, then newest,
// then id), gives, for popular and rare models, local and regional, with
// small limits (a limit reached in the subject's market, in the regional
// ones, or not at all).
func TestFindMatchesAFullRead(t *testing.T) {
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
		ctx := context.Background()
		if _, err := s.Import(ctx, bytes.NewReader(benchCSV(6000)), dataset.ImportOptions{Source: "full", License: "test"}); err != nil {
			t.Fatal(err)
		}
		var all []vehiclevalue.Listing
		for _, m := range benchModels {
			q := modelQuery(m[0], m[1], 2015, "OM", "AE", "SA", "QA", "BH", "KW")
			q.YearMin, q.YearMax, q.Since, q.Limit = 1900, 2100, time.Time{}, 100000
			f, err := s.Find(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, f.Listings...)
		}
		if len(all) != 6000 {
			t.Fatalf("read %d listings of 6000", len(all))
		}
		gcc := []string{"OM", "AE", "SA", "QA", "BH", "KW"}
		rng := rand.New(rand.NewPCG(5, 6))
		for i := 0; i < 60; i++ {
			m := benchModels[rng.IntN(len(benchModels))]
			local := gcc[rng.IntN(6)]
			countries := []string{local}
			if rng.IntN(2) == 0 {
				for _, c := range gcc {
					if c != local {
						countries = append(countries, c)
					}
				}
			}
			q := modelQuery(m[0], m[1], 2005+rng.IntN(21), countries...)
			q.Limit = []int{1, 5, 20, 500}[rng.IntN(4)]
			var want []vehiclevalue.Listing
			synthetic := 0
			var newest time.Time
			for _, l := range all {
				if vehiclevalue.Key(l.Make) == q.Make.Key && vehiclevalue.Key(l.Model) == q.Model.Key && l.Year >= q.YearMin && l.Year <= q.YearMax &&
					!l.ListedOn.Before(q.Since.Truncate(24*time.Hour)) && !l.ListedOn.After(q.Until) && slices.Contains(q.Countries, l.Country) {
					want = append(want, l)
					if l.Synthetic {
						synthetic++
					}
					if l.ListedOn.After(newest) {
						newest = l.ListedOn
					}
				}
			}
			n := len(want)
			slices.SortFunc(want, func(a, b vehiclevalue.Listing) int {
				if (a.Country == local) != (b.Country == local) {
					if a.Country == local {
						return -1
					}
					return 1
				}
				if c := b.ListedOn.Compare(a.ListedOn); c != 0 {
					return c
				}
				return strings.Compare(a.ID, b.ID)
			})
			truncated := len(want) > q.Limit
			want = want[:min(len(want), q.Limit)]
			got, err := s.Find(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			ids := func(ls []vehiclevalue.Listing) []string {
				var out []string
				for _, l := range ls {
					out = append(out, l.ID)
				}
				return out
			}
			if d := cmp.Diff(ids(want), ids(got.Listings)); d != "" || got.Truncated != truncated {
				t.Fatalf("Find %s %s %d-%d in %v limit %d (-full read +store):\n%s\ntruncated %v, want %v", q.Make.Display, q.Model.Display,
					q.YearMin, q.YearMax, q.Countries, q.Limit, d, got.Truncated, truncated)
			}
			gn, gs, gnew, err := s.Count(ctx, q)
			if err != nil || gn != n || gs != synthetic || !gnew.Equal(newest) {
				t.Fatalf("Count = %d, %d, %v, %v; want %d, %d, %v", gn, gs, gnew, err, n, synthetic, newest)
			}
		}
	})
}

// TestFindStopsWhenCancelled: Find stops reading once its context is
// cancelled: no listing is read after the one that cancelled it (counted,
// not timed), and the error is the context's.
func TestFindStopsWhenCancelled(t *testing.T) {
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
		ctx := context.Background()
		if _, err := s.Import(ctx, bytes.NewReader(benchCSV(6000)), dataset.ImportOptions{Source: "cancel", License: "test"}); err != nil {
			t.Fatal(err)
		}
		q := modelQuery("Toyota", "Land Cruiser", 2018, "OM", "AE", "SA", "QA", "BH", "KW")
		q.YearMin, q.YearMax, q.Since = 1990, 2030, today.AddDate(-3, 0, 0)
		f, err := s.Find(ctx, q)
		if err != nil || len(f.Listings) < 50 {
			t.Fatalf("uncancelled: %d listings, %v", len(f.Listings), err)
		}
		cctx, cancel := context.WithCancel(ctx)
		defer cancel()
		read := 0
		s.OnRow(func() {
			if read++; read == 10 {
				cancel()
			}
		})
		defer s.OnRow(nil)
		if _, err := s.Find(cctx, q); !errors.Is(err, context.Canceled) || read != 10 {
			t.Errorf("cancelled at the 10th listing: %v after %d read, want context.Canceled after 10", err, read)
		}
	})
}
