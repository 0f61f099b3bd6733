package sanctionssql

import (
	"context"
	"database/sql"
	"encoding/json"
	"io/fs"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"dalil/dataset/nameindex"
	reader "dalil/dataset/sanctions"
	"dalil/store/sqlstore"

	"dalil/capabilities/sanctions"
	"dalil/internal/testenv"
)

// SetHook makes f run at the steps of an import's write: "tx" inside its
// transaction.
func (s *Store) SetHook(f func(step string)) { s.hook = f }

// Everything is an engine over every current entry, loaded in memory:
// what the store's Engine answered before issue 34, for comparison. No
// stored form is read: every name is normalised.
func (s *Store) Everything(ctx context.Context) (*sanctions.Engine, error) {
	lists, err := s.Current(ctx)
	if err != nil {
		return nil, err
	}
	entries, err := s.scanEntries(ctx, `SELECT e.source, e.data, NULL FROM sanctions_entries e JOIN sanctions_batches b ON b.id = e.batch_id
		WHERE b.current = 1 ORDER BY e.source, e.entity_id`)
	if err != nil {
		return nil, err
	}
	return sanctions.NewEngine(lists, entries), nil
}

// Forget makes the store's entries look as they did before the name
// index: no terms, and this store not yet checked.
func (s *Store) Forget(t interface{ Fatal(...any) }) {
	for _, q := range []string{`DELETE FROM sanctions_name_terms`, `DELETE FROM sanctions_term_counts`} {
		if _, err := s.db.Write().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	s.indexed.Forget()
}

// RowsRead is how many records the store's imports have read so far.
func (s *Store) RowsRead() int64 { return s.rowsRead.Load() }

// Spoil makes the name index stale in a way no check can see: every term
// filed under another spelling ("z" before it), its counts gone, its
// schemes (of terms and of forms) still this build's.
func (s *Store) Spoil(t interface{ Fatal(...any) }) {
	for _, q := range []string{`UPDATE sanctions_name_terms SET term = 'z' || term`, `DELETE FROM sanctions_term_counts WHERE term NOT IN ('#version', '#forms')`} {
		if _, err := s.db.Write().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// Prepared is how many names the store's screenings keyed from their
// stored forms.
func (s *Store) Prepared() int64 { return s.prepared.Load() }

// DropForms deletes the stored forms of every name; unrecorded too, the
// record of their version (as an index filed by code that kept none).
func (s *Store) DropForms(t interface{ Fatal(...any) }, unrecorded bool) {
	qs := []string{`UPDATE sanctions_entries SET forms = NULL`}
	if unrecorded {
		qs = append(qs, `DELETE FROM sanctions_term_counts WHERE term = '#forms'`)
	}
	for _, q := range qs {
		if _, err := s.db.Write().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// EntriesRead is how many entries the store's screenings have read.
func (s *Store) EntriesRead() int64 { return s.entriesRead.Load() }

// IndexRowsRead is how many name index rows the store's screenings read.
func (s *Store) IndexRowsRead() int64 { return s.ix.RowsRead() }

// OnEntry makes f run for each entry a screening reads (nil: none).
func (s *Store) OnEntry(f func()) { s.onEntry = f }

// ReindexPlan is the plan of Reindex's page statement (testenv.Plan).
func (s *Store) ReindexPlan(t testing.TB) string {
	return testenv.Plan(t, s.db.Read(), s.db.Dialect(), reindexPage, "a", "b")
}

// ModuleUpTo is Module with its migrations up to version (as "005") only:
// a database as an older build left it.
func ModuleUpTo(t testing.TB, version string) sqlstore.Module {
	t.Helper()
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Base(p) > version+"~" {
			return err
		}
		b, err := fs.ReadFile(sub, p)
		fsys[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return sqlstore.Module{Name: "sanctions", Migrations: fsys}
}

// ImportAt005 writes the entities of an FtM file as list source into a
// database at migration 005 as that schema's build did: the entries'
// rows (no forms), and the name index with the forms in
// sanctions_name_forms.
func ImportAt005(t testing.TB, db sqlstore.DB, source, body string) {
	t.Helper()
	ctx := context.Background()
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO sanctions_batches (id, source, license, format, title, published, declared, entries, content_hash,
			filename, synthetic, current, imported_at, retrieved_at) VALUES ('b005', $1, 'test', 'ftm', 'test', '', 0, 0, 'h', 'f', 0, 1, 0, 0)`, source); err != nil {
			return err
		}
		w := nameindex.New(db, "sanctions_name_terms", "sanctions_term_counts").WithForms("sanctions_name_forms").Writer(tx)
		if _, err := reader.Scan(reader.FormatFTM, strings.NewReader(body), func(e *reader.Entity) error {
			if e == nil {
				return nil
			}
			b, err := json.Marshal(e)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO sanctions_entries (source, entity_id, batch_id, data) VALUES ($1, $2, 'b005', $3)`,
				source, e.ID, string(b)); err != nil {
				return err
			}
			return fileNames(ctx, w, source, e)
		}); err != nil {
			return err
		}
		return w.Close(ctx)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Stale is the name index's nameindex.Index.Stale.
func (s *Store) Stale(ctx context.Context) (bool, error) { return s.ix.Stale(ctx) }

// DB is the store's database.
func (s *Store) DB() sqlstore.DB { return s.db }
