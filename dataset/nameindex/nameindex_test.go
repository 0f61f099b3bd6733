package nameindex

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"testing"

	"dalil/internal/names"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

//go:embed testdata/migrations
var testMigrations embed.FS

func openIndex(t *testing.T, dsn string) (*Index, sqlstore.DB) {
	t.Helper()
	sub, err := fsSub()
	if err != nil {
		t.Fatal(err)
	}
	st, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Modules: []sqlstore.Module{sqlstore.EmbeddedModule("nameindextest", sub)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return New(st.DB(), "test_terms", "test_counts").WithForms("test_forms"), st.DB()
}

func dsns(t *testing.T, f func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "n.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))) })
}

func file(t *testing.T, ix *Index, db sqlstore.DB, rows map[string][]string) {
	t.Helper()
	refs := make([]string, 0, len(rows))
	for r := range rows {
		refs = append(refs, r)
	}
	slices.Sort(refs)
	err := db.Tx(context.Background(), func(tx *sql.Tx) error {
		w := ix.Writer(tx)
		for _, r := range refs {
			for _, n := range rows[r] {
				if err := w.Add(context.Background(), r, n); err != nil {
					return err
				}
			}
		}
		return w.Close(context.Background())
	})
	if err != nil {
		t.Fatal(err)
	}
}

func counts(t *testing.T, db sqlstore.DB) map[string]int {
	t.Helper()
	rows, err := db.Read().Query(`SELECT term, df FROM test_counts`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var term string
		var df int
		if err := rows.Scan(&term, &df); err != nil {
			t.Fatal(err)
		}
		out[term] = df
	}
	return out
}

// TestCountsAreTheRowsOfEachTerm: the counts a writer leaves are the rows
// filed under each word and sound term, whether it recounted the terms
// it touched or, past maxTouched, every term; a second import adds to
// them.
func TestCountsAreTheRowsOfEachTerm(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		first := map[string][]string{"a": {"Al Noor Trading"}, "b": {"Noor Gulf Trading", "نور الخليج"}, "c": {"Majan Foods"}}
		second := map[string][]string{"d": {"Gulf Foods"}, "e": {"Trading House"}}
		var want map[string]int
		for _, limit := range []int{1000, 2} {
			ix, db := openIndex(t, dsn)
			if _, err := db.Write().Exec(`DELETE FROM test_terms`); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Write().Exec(`DELETE FROM test_counts`); err != nil {
				t.Fatal(err)
			}
			old := maxTouched
			maxTouched = limit
			file(t, ix, db, first)
			file(t, ix, db, second)
			maxTouched = old
			got := counts(t, db)
			if got["wtrading"] != 3 || got["wnoor"] != 2 || got["wfoods"] != 2 || got["wgulf"] != 2 {
				t.Errorf("maxTouched %d: counts %v", limit, got)
			}
			if want == nil {
				want = got
			} else if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("recounting every term gives %v, recounting those touched %v", got, want)
			}
		}
	})
}

// TestCandidates: exact names, prefixes, rare words and a query of common
// words only (past rareMax, read through its two rarest words).
func TestCandidates(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		ix, db := openIndex(t, dsn)
		rows := map[string][]string{"noor": {"Al Noor Trading LLC"}, "majan": {"Majan Packaging Industries"}, "gulfstar": {"Gulf Star Logistics"}}
		for i := range 60 {
			rows[fmt.Sprintf("t%02d", i)] = []string{fmt.Sprintf("Oman Trading %c%c", 'a'+i%26, 'a'+i/26)}
		}
		file(t, ix, db, rows)
		old := [2]int{rareMax, commonScan}
		rareMax, commonScan = 10, 1000
		defer func() { rareMax, commonScan = old[0], old[1] }()
		ctx := context.Background()
		for _, c := range []struct {
			q        string
			prefixes bool
			want     string
		}{
			{"noor trading", false, "noor"},
			{"Trading Al Noor", false, "noor"},
			{"majan pack", true, "majan"},
			{"مجان", false, ""},
			{"Majaan Packing", false, "majan"},
			{"Gulf Star Logistics Co", true, "gulfstar"},
			{"oman trading qb", false, "t42"},
		} {
			got, err := ix.Candidates(ctx, names.Normalize(c.q), 5, c.prefixes)
			if err != nil {
				t.Fatal(err)
			}
			if c.want == "" {
				continue
			}
			if !slices.Contains(got, c.want) {
				t.Errorf("%q: candidates %v, want %s among them", c.q, got, c.want)
			}
		}
		// Common words only: the rows read are bounded and those with both
		// words kept.
		got, err := ix.Candidates(ctx, names.Normalize("oman trading"), 100, false)
		if err != nil || len(got) != 60 {
			t.Errorf("oman trading: %d candidates, %v", len(got), err)
		}
	})
}

func fsSub() (fs.FS, error) { return fs.Sub(testMigrations, "testdata") }

// TestStale: an index filed by a writer into an empty index records this
// build's scheme of terms and is current; rows with no scheme, or another
// one, are stale; an empty index is not.
func TestStale(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		ix, db := openIndex(t, dsn)
		ctx := context.Background()
		stale := func() bool {
			t.Helper()
			s, err := ix.Stale(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		if stale() {
			t.Error("an empty index is stale")
		}
		file(t, ix, db, map[string][]string{"a": {"Al Noor Trading"}})
		if stale() {
			t.Error("a freshly filed index is stale")
		}
		file(t, ix, db, map[string][]string{"b": {"Majan Foods"}})
		if stale() {
			t.Error("an index filed twice is stale")
		}
		if _, err := db.Write().Exec(`UPDATE test_counts SET df = 1 WHERE term = '#version'`); err != nil {
			t.Fatal(err)
		}
		if !stale() {
			t.Error("an index of another scheme is not stale")
		}
		if _, err := db.Write().Exec(`DELETE FROM test_counts WHERE term = '#version'`); err != nil {
			t.Fatal(err)
		}
		if !stale() {
			t.Error("an index with no scheme is not stale")
		}
	})
}

// TestCloseAnalyzes: on PostgreSQL a writer's Close leaves the planner
// statistics of the index's tables committed with the rows (pg_class's
// row estimate counts them; a table never analyzed says -1), so that no
// search plans fresh rows without them.
func TestCloseAnalyzes(t *testing.T) {
	ix, db := openIndex(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
	rows := map[string][]string{}
	for i := range 300 {
		rows[fmt.Sprintf("r%03d", i)] = []string{fmt.Sprintf("Noor %d Trading", i)}
	}
	file(t, ix, db, rows)
	var terms, termCounts float64
	if err := db.Read().QueryRow(`SELECT (SELECT reltuples FROM pg_class WHERE oid = 'test_terms'::regclass),
		(SELECT reltuples FROM pg_class WHERE oid = 'test_counts'::regclass)`).Scan(&terms, &termCounts); err != nil {
		t.Fatal(err)
	}
	if terms < 300 || termCounts < float64(len(counts(t, db))) {
		t.Errorf("row estimates after Close: terms %v, counts %v; want the rows filed (%d counted terms)", terms, termCounts, len(counts(t, db)))
	}
}

// TestCandidatesStopWhenCancelled: a search stops reading postings once
// its context is cancelled, through the rare words' postings and through
// a common word's scan: no index row is read after the one that
// cancelled it (counted, not timed), and the error is the context's.
func TestCandidatesStopWhenCancelled(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		ix, db := openIndex(t, dsn)
		rows := map[string][]string{}
		for i := range 2000 {
			rows[fmt.Sprintf("r%04d", i)] = []string{fmt.Sprintf("Noor Majan %d", i)}
		}
		file(t, ix, db, rows)
		for _, c := range []struct {
			name string
			rare int
		}{{"rare postings", rareMax}, {"common scan", 100}} {
			old := rareMax
			rareMax = c.rare
			q := names.Normalize("Noor Majan")
			got, err := ix.Candidates(context.Background(), q, 500, false)
			if err != nil || len(got) < 100 {
				t.Fatalf("%s uncancelled: %d candidates, %v", c.name, len(got), err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			before, atCancel := ix.RowsRead(), int64(-1)
			ix.onRow = func() {
				if ix.RowsRead()-before == 10 {
					atCancel = ix.RowsRead()
					cancel()
				}
			}
			_, err = ix.Candidates(ctx, q, 500, false)
			ix.onRow, rareMax = nil, old
			cancel()
			if !errors.Is(err, context.Canceled) || atCancel < 0 || ix.RowsRead() != atCancel {
				t.Errorf("%s: cancelled at row %d, read %d; err %v (want context.Canceled and no row after)", c.name, atCancel-before, ix.RowsRead()-before, err)
			}
		}
	})
}
