package omanpropertysql_test

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/capabilities/omanproperty"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/dataset"
	"dalil/internal/testenv"
)

// planQueries are a query at each level of the fallback, the governorate
// one a wide band (the query that read the whole band before migration
// 003).
func planQueries() []omanproperty.Query {
	base := omanproperty.Query{PropertyType: "apartment", Since: today.AddDate(0, 0, -omanproperty.CutoffDays), MinBedrooms: 1, MaxBedrooms: 3,
		MinSizeSqm: 96, MaxSizeSqm: 144, Limit: omanproperty.QueryLimit}
	area, wilayat, gov := base, base, base
	area.Level, area.Place = omanproperty.LevelArea, "al-khuwair"
	wilayat.Level, wilayat.Place = omanproperty.LevelWilayat, "bawshar"
	gov.Level = omanproperty.LevelGovernorate
	gov.MinBedrooms = -1
	return []omanproperty.Query{area, wilayat, gov}
}

// TestQueriesUseIndexes: every statement a comparables query runs is
// answered from the level's month index (EXPLAIN QUERY PLAN on SQLite;
// EXPLAIN with sequential scans disabled on PostgreSQL, so that a
// statement no index serves shows as one). On SQLite the month and the
// size band both bound the index range. PostgreSQL's planner makes the
// months a filter of the index scan on a table this small and an index
// condition on a large one (docs/performance.md, issue 34: EXPLAIN
// ANALYZE at a million rows).
func TestQueriesUseIndexes(t *testing.T) {
	stores(t, func(t *testing.T, s *omanpropertysql.Store) {
		ctx := context.Background()
		if _, err := s.Import(ctx, bytes.NewReader(benchCSV(5000)), dataset.ImportOptions{Source: "plan", License: "test"}); err != nil {
			t.Fatal(err)
		}
		db := s.DB()
		fullScan := regexp.MustCompile(`^SCAN comparables|Seq Scan on comparables`)
		bounded := regexp.MustCompile(`USING COVERING INDEX comparables_(area|wilayat|type)_month \(.*observed_month=\? AND size_sqm>\? AND size_sqm<\?`)
		if db.Dialect() == "postgres" {
			bounded = regexp.MustCompile(`(Index Only Scan using|Index Scan using|Bitmap Index Scan on) comparables_(area|wilayat|type)_month`)
		}
		for _, q := range planQueries() {
			for _, kind := range []omanproperty.Kind{omanproperty.KindRent, omanproperty.KindSale} {
				for i, st := range omanpropertysql.Statements(db.Dialect(), q, kind) {
					text := testenv.Plan(t, db.Read(), db.Dialect(), st.SQL, st.Args...)
					plan := strings.Split(text, "\n")
					for _, line := range plan {
						if fullScan.MatchString(strings.TrimLeft(line, " ->|`-")) {
							t.Errorf("%s %s statement %d scans the table:\n%s\n%s", q.Level, kind, i, st.SQL, text)
						}
					}
					if i > 0 && !bounded.MatchString(text) {
						t.Errorf("%s %s statement %d: not the month index, bounded by month and size:\n%s", q.Level, kind, i, text)
					}
				}
			}
		}
	})
}

// TestQueryStopsWhenCancelled: a comparables query stops reading once its
// context is cancelled: no row is read after the one that cancelled it
// (counted, not timed), and the error is the context's.
func TestQueryStopsWhenCancelled(t *testing.T) {
	stores(t, func(t *testing.T, s *omanpropertysql.Store) {
		ctx := context.Background()
		if _, err := s.Import(ctx, bytes.NewReader(benchCSV(20000)), dataset.ImportOptions{Source: "cancel", License: "test"}); err != nil {
			t.Fatal(err)
		}
		q := planQueries()[2]
		found, err := s.Comparables(ctx, q)
		if err != nil || len(found.Comparables) < 100 {
			t.Fatalf("uncancelled: %d rows, %v", len(found.Comparables), err)
		}
		cctx, cancel := context.WithCancel(ctx)
		defer cancel()
		read, atCancel := 0, -1
		s.OnRow(func() {
			if read++; read == 10 {
				atCancel = read
				cancel()
			}
		})
		defer s.OnRow(nil)
		_, err = s.Comparables(cctx, q)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
		// The two kinds read at once: each may be on the row it counted
		// when the other cancelled.
		if atCancel < 0 || read > atCancel+1 {
			t.Errorf("read %d rows, cancelled at %d: want at most one more (the other kind's)", read, atCancel)
		}
	})
}

// TestComparablesMatchAFullRead: the month windows give what a read of
// every row, filtered and sorted, gives: the same newest rows in the same
// order, the same count of older ones and the same truncation, for
// queries at every level, narrow and wide, with small limits (so that a
// limit is reached within a window, at its end and across windows).
func TestComparablesMatchAFullRead(t *testing.T) {
	stores(t, func(t *testing.T, s *omanpropertysql.Store) {
		ctx := context.Background()
		if _, err := s.Import(ctx, bytes.NewReader(benchCSV(4000)), dataset.ImportOptions{Source: "full", License: "test"}); err != nil {
			t.Fatal(err)
		}
		all, err := s.Comparables(ctx, omanproperty.Query{Level: omanproperty.LevelGovernorate, PropertyType: "villa", MinBedrooms: -1,
			MinSizeSqm: 0, MaxSizeSqm: 1e9, Since: time.Time{}, Limit: 100000})
		if err != nil {
			t.Fatal(err)
		}
		var rows []omanproperty.Comparable
		for _, typ := range omanproperty.PropertyTypes {
			f, err := s.Comparables(ctx, omanproperty.Query{Level: omanproperty.LevelGovernorate, PropertyType: typ, MinBedrooms: -1,
				MinSizeSqm: 0, MaxSizeSqm: 1e9, Since: time.Time{}, Limit: 100000})
			if err != nil {
				t.Fatal(err)
			}
			rows = append(rows, f.Comparables...)
		}
		if len(all.Comparables) == 0 || len(rows) != 4000 {
			t.Fatalf("read %d rows of 4000", len(rows))
		}
		rng := rand.New(rand.NewPCG(3, 4))
		for i := 0; i < 60; i++ {
			q := omanproperty.Query{PropertyType: omanproperty.PropertyTypes[rng.IntN(3)], Since: today.AddDate(0, 0, -rng.IntN(1200)),
				MinBedrooms: -1, Limit: []int{1, 3, 7, 20, 250}[rng.IntN(5)]}
			lo := 60 + rng.Float64()*300
			q.MinSizeSqm, q.MaxSizeSqm = lo, lo*(1+rng.Float64()*0.8)
			if rng.IntN(2) == 0 {
				q.MinBedrooms = rng.IntN(5)
				q.MaxBedrooms = q.MinBedrooms + 2
			}
			switch rng.IntN(3) {
			case 0:
				q.Level, q.Place = omanproperty.LevelArea, rows[rng.IntN(len(rows))].Area
			case 1:
				q.Level, q.Place = omanproperty.LevelWilayat, rows[rng.IntN(len(rows))].Wilayat
			default:
				q.Level = omanproperty.LevelGovernorate
			}
			got, err := s.Comparables(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			want := omanproperty.Found{Older: map[omanproperty.Kind]int{}, Truncated: map[omanproperty.Kind]bool{}}
			for _, kind := range []omanproperty.Kind{omanproperty.KindRent, omanproperty.KindSale} {
				var match []omanproperty.Comparable
				want.Older[kind] = 0
				for _, c := range rows {
					if c.Kind != kind || c.PropertyType != q.PropertyType || c.SizeSqm < q.MinSizeSqm || c.SizeSqm > q.MaxSizeSqm ||
						q.MinBedrooms >= 0 && (c.Bedrooms < q.MinBedrooms || c.Bedrooms > q.MaxBedrooms) ||
						q.Level == omanproperty.LevelArea && c.Area != q.Place || q.Level == omanproperty.LevelWilayat && c.Wilayat != q.Place {
						continue
					}
					if c.ObservedOn.Before(q.Since.UTC().Truncate(24 * time.Hour)) {
						want.Older[kind]++
						continue
					}
					match = append(match, c)
				}
				slices.SortFunc(match, func(a, b omanproperty.Comparable) int {
					if c := b.ObservedOn.Compare(a.ObservedOn); c != 0 {
						return c
					}
					return strings.Compare(a.ID, b.ID)
				})
				if len(match) > q.Limit {
					match, want.Truncated[kind] = match[:q.Limit], true
				}
				want.Comparables = append(want.Comparables, match...)
			}
			ids := func(f omanproperty.Found) []string {
				var out []string
				for _, c := range f.Comparables {
					out = append(out, c.ID)
				}
				return out
			}
			if d := cmp.Diff(ids(want), ids(got)); d != "" || !maps.Equal(want.Older, got.Older) || !maps.Equal(want.Truncated, got.Truncated) {
				t.Fatalf("query %+v (-full read +store):\n%s\nolder %v / %v, truncated %v / %v", q, d, want.Older, got.Older, want.Truncated, got.Truncated)
			}
		}
	})
}

// TestMonthMatchesTheMigration: the month an import writes is the one
// migration 003 computes for the rows already there, on both databases.
func TestMonthMatchesTheMigration(t *testing.T) {
	stores(t, func(t *testing.T, s *omanpropertysql.Store) {
		ctx := context.Background()
		if _, err := s.Import(ctx, bytes.NewReader(benchCSV(500)), dataset.ImportOptions{Source: "month", License: "test"}); err != nil {
			t.Fatal(err)
		}
		var differ, zero int
		if err := s.DB().Read().QueryRowContext(ctx, `SELECT
			SUM(CASE WHEN observed_month <> CAST(substr(observed_on, 1, 4) AS INTEGER) * 12 + CAST(substr(observed_on, 6, 2) AS INTEGER) - 1 THEN 1 ELSE 0 END),
			SUM(CASE WHEN observed_month = 0 THEN 1 ELSE 0 END) FROM comparables`).Scan(&differ, &zero); err != nil || differ != 0 || zero != 0 {
			t.Errorf("%d rows whose month is not the migration's, %d without one, %v", differ, zero, err)
		}
	})
}
