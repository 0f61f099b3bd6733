package nameindex

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"testing"

	"dalil/internal/names"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

// testRow is a row of test_rows, the dataset the rebuild tests index.
type testRow struct{ source, id, name string }

// rebuildRows reads test_rows two rows a page (several pages for a few
// rows); each, when set, is called before each row is filed.
func rebuildRows(each func(ctx context.Context, r testRow) error) Rows[testRow] {
	return Rows[testRow]{
		Page: `SELECT source, id, name FROM test_rows WHERE (source, id) > ($1, $2) ORDER BY source, id LIMIT 2`,
		Scan: func(rows *sql.Rows) (testRow, error) {
			var r testRow
			return r, rows.Scan(&r.source, &r.id, &r.name)
		},
		Key: func(r testRow) (string, string) { return r.source, r.id },
		File: func(ctx context.Context, _ *sql.Tx, w *Writer, r testRow) error {
			if each != nil {
				if err := each(ctx, r); err != nil {
					return err
				}
			}
			return w.Add(ctx, r.id, r.name)
		},
	}
}

// putRows writes rows (id: name, all of source "s") to test_rows.
func putRows(t *testing.T, db sqlstore.DB, rows map[string]string) {
	t.Helper()
	for id, name := range rows {
		if _, err := db.Write().Exec(`INSERT INTO test_rows (source, id, name) VALUES ('s', $1, $2)
			ON CONFLICT (source, id) DO UPDATE SET name = excluded.name`, id, name); err != nil {
			t.Fatal(err)
		}
	}
}

// imported writes rows to test_rows and files them as an import would;
// then, when renamed is set, renames row "a" to it in test_rows only,
// so that the index holds its old name until a rebuild.
func imported(t *testing.T, ix *Index, db sqlstore.DB, rows map[string]string, renamed string) {
	t.Helper()
	putRows(t, db, rows)
	byName := map[string][]string{}
	for id, n := range rows {
		byName[id] = []string{n}
	}
	file(t, ix, db, byName)
	if renamed != "" {
		putRows(t, db, map[string]string{"a": renamed})
	}
}

// finds reports whether a search for name has ref among its candidates.
func finds(t *testing.T, ix *Index, name, ref string) bool {
	t.Helper()
	got, err := ix.Candidates(context.Background(), names.Normalize(name), 10, false)
	if err != nil {
		t.Fatalf("search %q: %v", name, err)
	}
	return slices.Contains(got, ref)
}

// leftovers lists the tables of the index's schema whose name says they
// are a rebuild's.
func leftovers(t *testing.T, db sqlstore.DB) []string {
	t.Helper()
	if db.Dialect() == "postgres" {
		return column(t, db, `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE '%rebuild%' ORDER BY 1`)
	}
	return column(t, db, `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%rebuild%' ORDER BY 1`)
}

// indexNames lists the names of the indexes of the schema's tables, and
// on PostgreSQL of their constraints.
func indexNames(t *testing.T, db sqlstore.DB) []string {
	t.Helper()
	if db.Dialect() == "postgres" {
		return column(t, db, `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
			UNION ALL SELECT conname FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1`)
	}
	return column(t, db, `SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY 1`)
}

// column is the one text column of q's rows.
func column(t *testing.T, db sqlstore.DB, q string) []string {
	t.Helper()
	rows, err := db.Read().Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRebuildReadersSeeOldUntilSwap: while a rebuild files the rows
// afresh, a search (another connection) answers from the old index, up
// to the moment the new one is swapped in, and from the new one after:
// a row renamed since the import is found under its old name during the
// rebuild and under its new name after it, never neither.
func TestRebuildReadersSeeOldUntilSwap(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		ix, db := openIndex(t, dsn)
		ctx := context.Background()
		rows := map[string]string{"a": "Al Noor Trading", "b": "Majan Foods", "c": "Gulf Star Logistics", "d": "Sohar Aluminium", "e": "Dhofar Cattle Feed"}
		imported(t, ix, db, rows, "Barka Desalination")
		old := func(when string) {
			t.Helper()
			if !finds(t, ix, "Al Noor Trading", "a") || finds(t, ix, "Barka Desalination", "a") {
				t.Errorf("%s: a search does not answer from the old index", when)
			}
		}
		indexes := indexNames(t, db)
		filing := 0
		beforeSwap = func() { old("built, before the swap") }
		defer func() { beforeSwap = nil }()
		// An import started during the rebuild waits for it, then files
		// into the new index.
		imported := make(chan error, 1)
		n, err := Rebuild(ctx, ix, rebuildRows(func(context.Context, testRow) error {
			if filing++; filing == 3 {
				old("during the rebuild")
				go func() {
					imported <- db.Tx(ctx, func(tx *sql.Tx) error {
						w := ix.Writer(tx)
						if err := w.Add(ctx, "f", "Nizwa Dates"); err != nil {
							return err
						}
						return w.Close(ctx)
					})
				}()
			}
			return nil
		}), nil)
		if err != nil || n != len(rows) {
			t.Fatalf("rebuild: %d rows, %v", n, err)
		}
		if err := <-imported; err != nil {
			t.Fatalf("import during the rebuild: %v", err)
		}
		if !finds(t, ix, "Nizwa Dates", "f") {
			t.Error("a name filed during the rebuild is not found after it")
		}
		if got := indexNames(t, db); fmt.Sprint(got) != fmt.Sprint(indexes) {
			t.Errorf("indexes after the rebuild %v, before %v", got, indexes)
		}
		if filing < 3 {
			t.Fatalf("filed %d rows", filing)
		}
		if finds(t, ix, "Al Noor Trading", "a") || !finds(t, ix, "Barka Desalination", "a") || !finds(t, ix, "Majan Foods", "b") {
			t.Error("after the rebuild a search does not answer from the new index")
		}
		if stale, err := ix.Stale(ctx); err != nil || stale {
			t.Errorf("rebuilt index stale: %v, %v", stale, err)
		}
		if got := counts(t, db); got["wbarka"] != 1 || got["wnoor"] != 0 || got["wmajan"] != 1 || got["wnizwa"] != 1 {
			t.Errorf("counts after the rebuild: %v", got)
		}
		if l := leftovers(t, db); len(l) > 0 {
			t.Errorf("tables left after the rebuild: %v", l)
		}
		// An import after the swap files into the index swapped in.
		file(t, ix, db, map[string][]string{"g": {"Ibri Cement"}})
		if !finds(t, ix, "Ibri Cement", "g") {
			t.Error("a name filed after the rebuild is not found")
		}
	})
}

// TestRebuildCancelled: a rebuild cancelled midway leaves the old index
// serving, and no table of its own behind; a half-built table left by a
// rebuild that died (made here by hand, on PostgreSQL) is dropped by the
// next one, whose index holds none of its rows.
func TestRebuildCancelled(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		ix, db := openIndex(t, dsn)
		rows := map[string]string{"a": "Al Noor Trading", "b": "Majan Foods", "c": "Gulf Star Logistics", "d": "Sohar Aluminium"}
		imported(t, ix, db, rows, "Barka Desalination")
		ctx, cancel := context.WithCancel(context.Background())
		filing := 0
		_, err := Rebuild(ctx, ix, rebuildRows(func(ctx context.Context, _ testRow) error {
			if filing++; filing == 3 {
				cancel()
			}
			return ctx.Err()
		}), nil)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled rebuild: %v", err)
		}
		if !finds(t, ix, "Al Noor Trading", "a") || finds(t, ix, "Barka Desalination", "a") || !finds(t, ix, "Majan Foods", "b") {
			t.Error("after a cancelled rebuild the old index does not answer")
		}
		if l := leftovers(t, db); len(l) > 0 {
			t.Errorf("tables left by a cancelled rebuild: %v", l)
		}
		if db.Dialect() == "postgres" {
			for _, q := range []string{
				`CREATE TABLE test_terms_rebuild (LIKE test_terms INCLUDING ALL)`,
				`CREATE TABLE test_counts_rebuild (LIKE test_counts INCLUDING ALL)`,
				`INSERT INTO test_terms_rebuild (term, ref) VALUES ('wghost', 'ghost')`,
				`INSERT INTO test_counts_rebuild (term, df) VALUES ('wghost', 1)`,
			} {
				if _, err := db.Write().Exec(q); err != nil {
					t.Fatal(err)
				}
			}
		}
		if n, err := Rebuild(context.Background(), ix, rebuildRows(nil), nil); err != nil || n != len(rows) {
			t.Fatalf("rebuild after the cancelled one: %d rows, %v", n, err)
		}
		if finds(t, ix, "Al Noor Trading", "a") || !finds(t, ix, "Barka Desalination", "a") || finds(t, ix, "ghost", "ghost") {
			t.Error("the rebuild after the cancelled one does not answer from its own rows")
		}
		if l := leftovers(t, db); len(l) > 0 {
			t.Errorf("tables left after the next rebuild: %v", l)
		}
	})
}

// TestRebuildDoesNotGrow: the index's tables take no more pages after
// two rebuilds than after one, even while another transaction keeps a
// snapshot open (on PostgreSQL it keeps every row version it could see:
// a rebuild that rewrote the table in place left the old rows dead and
// unvacuumable, and the table grew by the index's size each time).
// Pages are counted (PostgreSQL: pg_relation_size of the tables and
// their indexes; SQLite: the file's page_count), not timed.
func TestRebuildDoesNotGrow(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		ix, db := openIndex(t, dsn)
		ctx := context.Background()
		rows := map[string]string{}
		for i := range 1000 {
			id := fmt.Sprintf("r%04d", i)
			rows[id] = fmt.Sprintf("Noor %d Majan Trading %c%c", i, 'a'+i%26, 'a'+i/26%26)
		}
		imported(t, ix, db, rows, "")
		// Another session's transaction holding a snapshot throughout.
		hold, err := db.Read().BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer hold.Rollback()
		var n int
		if err := hold.QueryRow(`SELECT COUNT(*) FROM test_rows`).Scan(&n); err != nil || n != len(rows) {
			t.Fatalf("holding transaction: %d rows, %v", n, err)
		}
		pages := func() int64 {
			t.Helper()
			var p int64
			q := `SELECT page_count FROM pragma_page_count()`
			if db.Dialect() == "postgres" {
				q = `SELECT (SELECT SUM(pg_relation_size(oid)) FROM pg_class WHERE relname IN ('test_terms', 'test_counts', 'test_terms_pkey', 'test_counts_pkey')
					AND relnamespace = current_schema()::regnamespace)::bigint / 8192`
			}
			if err := db.Write().QueryRow(q).Scan(&p); err != nil {
				t.Fatal(err)
			}
			return p
		}
		imported := pages()
		var after []int64
		for range 2 {
			if n, err := Rebuild(ctx, ix, rebuildRows(nil), nil); err != nil || n != len(rows) {
				t.Fatalf("rebuild: %d rows, %v", n, err)
			}
			after = append(after, pages())
		}
		t.Logf("pages: imported %d, after one rebuild %d, after two %d", imported, after[0], after[1])
		if after[1] > after[0] {
			t.Errorf("pages after two rebuilds %d, after one %d: the index grows with each rebuild", after[1], after[0])
		}
		if !finds(t, ix, "Noor 7 Majan Trading hj", "r0007") {
			t.Error("the rebuilt index does not find a row")
		}
	})
}

// TestRebuildSwapWaitsForReaders (PostgreSQL): the swap waits for a
// transaction reading the old index, a try at a time (between tries the
// searches queued behind it go on), and swaps once the reader is done; a
// reader that outlasts every try fails the rebuild, which leaves the old
// index serving, no table behind, and is not tried again whole.
func TestRebuildSwapWaitsForReaders(t *testing.T) {
	ix, db := openIndex(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
	ctx := context.Background()
	rows := map[string]string{"a": "Al Noor Trading", "b": "Majan Foods", "c": "Gulf Star Logistics"}
	imported(t, ix, db, rows, "Barka Desalination")
	reader := func() *sql.Tx {
		t.Helper()
		tx, err := db.Read().BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := tx.QueryRow(`SELECT COUNT(*) FROM test_terms`).Scan(&n); err != nil || n == 0 {
			t.Fatalf("reader: %d terms, %v", n, err)
		}
		return tx
	}
	defer func() { swapFailed, swapTries = nil, 30 }()

	// Done after the first try.
	r := reader()
	var failed []int
	swapFailed = func(try int, err error) {
		failed = append(failed, try)
		if !finds(t, ix, "Al Noor Trading", "a") {
			t.Error("between two tries of the swap a search does not answer from the old index")
		}
		r.Rollback()
	}
	if n, err := Rebuild(ctx, ix, rebuildRows(nil), nil); err != nil || n != len(rows) {
		t.Fatalf("rebuild: %d rows, %v", n, err)
	}
	if fmt.Sprint(failed) != "[1]" || !finds(t, ix, "Barka Desalination", "a") || finds(t, ix, "Al Noor Trading", "a") {
		t.Errorf("tries failed %v; the new index is not swapped in after the reader", failed)
	}

	// Outlasting every try.
	putRows(t, db, map[string]string{"a": "Ibri Cement"})
	r = reader()
	defer r.Rollback()
	failed, swapTries = nil, 2
	swapFailed = func(try int, err error) { failed = append(failed, try) }
	_, err := Rebuild(ctx, ix, rebuildRows(nil), nil)
	if err == nil || fmt.Sprint(failed) != "[1 2]" {
		t.Fatalf("rebuild with a reader outlasting the swap: %v, tries failed %v (want an error after 2 tries, not tried again)", err, failed)
	}
	r.Rollback()
	if !finds(t, ix, "Barka Desalination", "a") || finds(t, ix, "Ibri Cement", "a") {
		t.Error("after a failed swap the old index does not answer")
	}
	if l := leftovers(t, db); len(l) > 0 {
		t.Errorf("tables left by a failed swap: %v", l)
	}
}

// TestRebuildSearchDuringSwap (PostgreSQL): a search that starts while
// the swap holds the old tables (dropped, the new ones renamed, not yet
// committed) waits for the commit, then answers from the new index: the
// name it looked up is looked up again, and its statements, prepared on
// a connection that searched the old tables, are planned again.
func TestRebuildSearchDuringSwap(t *testing.T) {
	ix, db := openIndex(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
	ctx := context.Background()
	imported(t, ix, db, map[string]string{"a": "Al Noor Trading", "b": "Majan Foods"}, "Barka Desalination")
	for range 3 { // every pooled connection has searched the old tables
		if !finds(t, ix, "Al Noor Trading", "a") {
			t.Fatal("the old index does not answer")
		}
	}
	type answer struct {
		refs []string
		err  error
	}
	done := make(chan answer, 1)
	swapped = func() {
		var old int64
		if err := db.Read().QueryRow(`SELECT 'test_terms'::regclass::oid`).Scan(&old); err != nil {
			t.Error(err)
			return
		}
		go func() {
			refs, err := ix.Candidates(ctx, names.Normalize("Barka Desalination"), 10, false)
			done <- answer{refs, err}
		}()
		// Until the search waits for the old table's lock.
		for waiting := 0; waiting == 0; {
			if err := db.Read().QueryRow(`SELECT COUNT(*) FROM pg_locks WHERE NOT granted AND relation = $1`, old).Scan(&waiting); err != nil {
				t.Error(err)
				return
			}
		}
	}
	defer func() { swapped = nil }()
	if _, err := Rebuild(ctx, ix, rebuildRows(nil), nil); err != nil {
		t.Fatal(err)
	}
	a := <-done
	if a.err != nil || !slices.Contains(a.refs, "a") {
		t.Errorf("a search waiting on the swap: %v, %v; want a found under its new name", a.refs, a.err)
	}
	if !finds(t, ix, "Barka Desalination", "a") || finds(t, ix, "Al Noor Trading", "a") {
		t.Error("after the swap a search does not answer from the new index")
	}
}
