package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"dalil/store/sqlstore"
)

// warmModule holds a name index's two shapes: a table that is its own
// B-tree on SQLite (WITHOUT ROWID), and one with a descending index.
func warmModule(dialect string) sqlstore.Module {
	without := ""
	if dialect == "sqlite" {
		without = " WITHOUT ROWID"
	}
	return module("warmtest", map[string]string{"001_tables": `CREATE TABLE warm_terms (term TEXT NOT NULL, ref TEXT NOT NULL, PRIMARY KEY (term, ref))` + without + `;
CREATE TABLE warm_rows (id TEXT PRIMARY KEY, k TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX warm_rows_k ON warm_rows (k DESC, id);`}, nil)
}

func openWarm(t *testing.T, open dbOpener, dialect string) sqlstore.DB {
	t.Helper()
	s, err := open(t, warmModule(dialect))
	if err != nil {
		t.Fatal(err)
	}
	db := s.DB()
	ctx := context.Background()
	pad := strings.Repeat("x", 100)
	for i := 0; i < 3000; i += 100 {
		var terms, rows []any
		for j := i; j < i+100; j++ {
			terms = append(terms, fmt.Sprintf("term%05d", j), fmt.Sprintf("ref%05d-%s", j, pad))
			rows = append(rows, fmt.Sprintf("id%05d", j), fmt.Sprintf("k%05d-%s", j%50, pad), pad+pad)
		}
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO warm_terms (term, ref) VALUES `+db.Values(100, 2), terms...); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO warm_rows (id, k, data) VALUES `+db.Values(100, 3), rows...); err != nil {
			t.Fatal(err)
		}
	}
	if dialect == "postgres" {
		// The visibility map, as after an import's ANALYZE and vacuum.
		if _, err := db.Write().ExecContext(ctx, `VACUUM ANALYZE warm_terms`); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// TestWarm reads every page of a table's indexes (and of a SQLite
// WITHOUT ROWID table) once, a chunk a step, with pg_prewarm on
// PostgreSQL and with an index scan when it is not used; a cancelled
// context stops it at the step it was cancelled in, counted in steps; an
// unknown name is an error.
func TestWarm(t *testing.T) {
	for _, c := range []struct {
		dialect string
		open    func(*testing.T) dbOpener
	}{{"sqlite", sqliteOpener}, {"postgres", postgresOpener}} {
		t.Run(c.dialect, func(t *testing.T) {
			db := openWarm(t, c.open(t), c.dialect)
			ctx := context.Background()
			page := int64(4096)
			methods := []sqlstore.WarmOptions{{Chunk: 4}}
			if c.dialect == "postgres" {
				page = 8192
				methods = append(methods, sqlstore.WarmOptions{Chunk: 4, NoExtension: true})
			}
			for _, opts := range methods {
				var seen []sqlstore.Warmed
				opts.Step = func(w sqlstore.Warmed) { seen = append(seen, w) }
				w, err := db.Warm(ctx, []string{"warm_terms", "warm_rows"}, opts)
				if err != nil {
					t.Fatal(err)
				}
				want := map[string]string{"sqlite": "dbstat", "postgres": "pg_prewarm"}[c.dialect]
				if opts.NoExtension {
					want = "index scan"
				}
				t.Logf("%+v", w)
				// warm_terms (its own B-tree, or its primary key), warm_rows'
				// primary key and warm_rows_k.
				if w.Method != want || w.Relations != 3 || w.Pages < 20 || w.Bytes != w.Pages*page {
					t.Errorf("warmed %+v; want 3 relations by %s, every page", w, want)
				}
				if len(seen) < 3 {
					t.Fatalf("%d steps seen; warmed %+v", len(seen), w)
				}
				if last := seen[len(seen)-1]; len(seen) != w.Steps || last.Pages != w.Pages || last.Steps != w.Steps {
					t.Errorf("%d steps seen, the last %+v; warmed %+v", len(seen), last, w)
				}
				if !opts.NoExtension && w.Steps < int(w.Pages/4) {
					t.Errorf("%d steps for %d pages in chunks of 4", w.Steps, w.Pages)
				}

				// Cancelled in its second step: nothing more is read.
				cctx, cancel := context.WithCancel(ctx)
				steps := 0
				opts.Step = func(sqlstore.Warmed) {
					if steps++; steps == 2 {
						cancel()
					}
				}
				w2, err := db.Warm(cctx, []string{"warm_terms", "warm_rows"}, opts)
				cancel()
				if !errors.Is(err, context.Canceled) || steps != 2 || w2.Steps != 2 || w2.Pages >= w.Pages {
					t.Errorf("cancelled at step 2: %d steps, warmed %+v, %v", steps, w2, err)
				}
			}
			// With warm_rows' rows: its table too, after its indexes.
			withRows, err := db.Warm(ctx, []string{"warm_terms", "warm_rows"}, sqlstore.WarmOptions{Rows: []string{"warm_rows"}})
			if err != nil || withRows.Relations != 4 || withRows.Pages <= int64(methods[0].Chunk) {
				t.Errorf("with the rows: %+v, %v", withRows, err)
			}
			fallback := sqlstore.WarmOptions{Rows: []string{"warm_rows"}, NoExtension: true}
			if w, err := db.Warm(ctx, []string{"warm_rows"}, fallback); err != nil || w.Relations != 3 {
				t.Errorf("with the rows, without pg_prewarm: %+v, %v", w, err)
			}
			if _, err := db.Warm(ctx, nil, sqlstore.WarmOptions{Rows: []string{"warm_rows_k"}}); err == nil || !strings.Contains(err.Error(), "not a table") {
				t.Errorf("rows of an index: %v", err)
			}
			// One index by its name.
			w, err := db.Warm(ctx, []string{"warm_rows_k"}, sqlstore.WarmOptions{})
			if err != nil || w.Relations != 1 || w.Pages == 0 {
				t.Errorf("one index: %+v, %v", w, err)
			}
			if _, err := db.Warm(ctx, []string{"warm_rows", "no_such_table"}, sqlstore.WarmOptions{}); err == nil || !strings.Contains(err.Error(), "no_such_table") {
				t.Errorf("an unknown name: %v", err)
			}
		})
	}
}
