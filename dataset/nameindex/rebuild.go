package nameindex

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"dalil/dataset"
	"dalil/store/sqlstore"
)

// Rows is how Rebuild reads a dataset's rows: a page at a time, in the
// order of a two-column key, so that no page is held longer than its
// filing and a million rows cost a page's memory.
type Rows[T any] struct {
	// Page is a statement selecting the rows whose key follows ($1, $2)
	// in key order, a page of them: `... WHERE (k1, k2) > ($1, $2) ORDER
	// BY k1, k2 LIMIT n`, which both databases answer from the key's
	// index as one range. (Written `k1 > $1 OR (k1 = $1 AND k2 > $2)`,
	// both scanned the key's index from the first row of $1 and filtered:
	// each page cost the rows before it, and rebuilding a million
	// sanctions entries took 9:39 on SQLite and did not finish in 13
	// minutes on PostgreSQL.)
	Page string
	// Scan reads one row of Page.
	Scan func(*sql.Rows) (T, error)
	// Key is a row's key.
	Key func(T) (string, string)
	// File files a row's names with w (and may write the row's own table
	// in tx).
	File func(ctx context.Context, tx *sql.Tx, w *Writer, row T) error
}

// Rebuild files every row of rows afresh in one transaction and puts the
// result in ix's place, then vacuums it on PostgreSQL (Vacuum),
// reporting the rows filed to progress, when set, every
// dataset.ProgressEvery rows, in the phase "indexing". It returns the rows
// filed. Searches answer from the old index until the transaction
// commits, and from the new one after.
//
// On PostgreSQL the new index is built into new tables (ix's names with
// "_rebuild"), which the end of the transaction swaps in for the old
// ones (dropped, and the new ones renamed: see swap). Rewriting the
// tables in place left every old row dead, and while any transaction
// older than the rebuild was open anywhere no vacuum could remove them:
// the tables grew by the index's size at each rebuild, and searches
// read past the dead rows (docs/performance.md, issue 34). A dropped
// table's pages go back at once. For the rebuild's time the old tables
// are locked against writers (an import waits for the rebuild, then
// files into the new index) and against another rebuild, not against
// searches. A rebuild that fails or is cancelled rolls back, its tables
// with it; one found anyway (a build table is never committed, so only
// by hand) is dropped by the next rebuild.
//
// On SQLite the index is emptied and refilled in place in the
// transaction: the pages the emptying frees are those the refilling
// takes (the file is as large after two rebuilds as after one:
// TestRebuildDoesNotGrow), and readers see the old index from the WAL
// until the commit. New tables there would hold both indexes at once,
// and the old one's pages would stay in the file as free pages.
func Rebuild[T any](ctx context.Context, ix *Index, rows Rows[T], progress func(dataset.Progress)) (int, error) {
	filed := 0
	pg := ix.db.Dialect() == "postgres"
	err := ix.db.Tx(ctx, func(tx *sql.Tx) error {
		filed = 0
		into := ix
		if pg {
			var err error
			if into, err = ix.build(ctx, tx); err != nil {
				return err
			}
		} else if err := ix.Clear(ctx, tx); err != nil {
			return err
		}
		w := into.Writer(tx)
		read := dataset.ImportOptions{Progress: progress}.Read(ctx, "indexing", 1, nil)
		var k1, k2 string
		for {
			page, err := readPage(ctx, tx, rows, k1, k2)
			if err != nil {
				return err
			}
			if len(page) == 0 {
				break
			}
			for _, r := range page {
				if err := rows.File(ctx, tx, w, r); err != nil {
					return err
				}
				filed++
				if err := read.Step(); err != nil {
					return err
				}
			}
			k1, k2 = rows.Key(page[len(page)-1])
		}
		if err := w.Close(ctx); err != nil {
			return err
		}
		if beforeSwap != nil {
			beforeSwap()
		}
		if pg {
			return ix.swap(ctx, tx, into)
		}
		return nil
	})
	if err == nil {
		_ = ix.Vacuum(ctx)
	}
	return filed, err
}

// beforeSwap, when set (tests), is called once a rebuild has filed every
// row, before its index replaces the old one.
var beforeSwap func()

// rebuildSuffix ends the names of the tables a rebuild files into on
// PostgreSQL.
const rebuildSuffix = "_rebuild"

// build, on PostgreSQL, locks ix's tables against writers and other
// rebuilds for the rest of tx (searches read on), drops the tables a
// rebuild may have left, and creates empty ones shaped as ix's; it
// returns the index kept in them.
func (ix *Index) build(ctx context.Context, tx *sql.Tx) (*Index, error) {
	b := &Index{db: ix.db, terms: ix.terms + rebuildSuffix, counts: ix.counts + rebuildSuffix, rowForms: ix.rowForms}
	if ix.forms != "" {
		b.forms = ix.forms + rebuildSuffix
	}
	qs := []string{
		// SHARE ROW EXCLUSIVE: conflicts with itself and with every
		// write, not with a read (ACCESS SHARE).
		`LOCK TABLE ` + strings.Join(ix.tables(), ", ") + ` IN SHARE ROW EXCLUSIVE MODE`,
		`DROP TABLE IF EXISTS ` + strings.Join(b.tables(), ", "),
	}
	for i, t := range ix.tables() {
		qs = append(qs, `CREATE TABLE `+b.tables()[i]+` (LIKE `+t+` INCLUDING ALL)`)
	}
	for _, q := range qs {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return nil, sqlstore.Unavailable("create name index tables", err)
		}
	}
	return b, nil
}

// Swapping a rebuilt index in waits for the searches reading the old
// one: at most swapWait each try (searches queued behind the swap wait
// no longer), swapTries tries (variables for the tests).
var (
	swapWait  = "1s"
	swapTries = 30
	// swapFailed, when set (tests), is called after each try that
	// failed; swapped once the tables are swapped, before the commit.
	swapFailed func(try int, err error)
	swapped    func()
)

// swap, on PostgreSQL, replaces ix's tables in tx with b's: the old ones
// dropped, b's renamed to their names, and their indexes to the old
// ones' (`<table>_pkey`), so the next rebuild's are named alike. The drop
// waits for the searches reading the old tables, and those that start
// after it wait for the commit; each try waits swapWait at most, then
// lets the searches through and tries again.
func (ix *Index) swap(ctx context.Context, tx *sql.Tx, b *Index) error {
	if _, err := tx.ExecContext(ctx, `SET LOCAL lock_timeout = '`+swapWait+`'`); err != nil {
		return sqlstore.Unavailable("swap name index", err)
	}
	for try := 1; ; try++ {
		if _, err := tx.ExecContext(ctx, `SAVEPOINT nameindex_swap`); err != nil {
			return sqlstore.Unavailable("swap name index", err)
		}
		_, err := tx.ExecContext(ctx, `DROP TABLE `+strings.Join(ix.tables(), ", "))
		if err == nil {
			break
		}
		if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT nameindex_swap`); rerr != nil {
			return sqlstore.Unavailable("swap name index", rerr)
		}
		if swapFailed != nil {
			swapFailed(try, err)
		}
		if try == swapTries || ctx.Err() != nil {
			// Not marked unavailable: the transaction would be tried
			// again, the whole rebuild with it.
			return fmt.Errorf("nameindex: swap the rebuilt index of %s in: %w", ix.terms, cmp.Or(ctx.Err(), err))
		}
	}
	for i, t := range b.tables() {
		t := [2]string{t, ix.tables()[i]}
		idx, err := indexesOf(ctx, tx, t[0])
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `ALTER TABLE `+t[0]+` RENAME TO `+t[1]); err != nil {
			return sqlstore.Unavailable("swap name index", err)
		}
		for _, name := range idx {
			rest, ok := strings.CutPrefix(name, t[0])
			if !ok || !identifier.MatchString(name) {
				continue
			}
			if _, err := tx.ExecContext(ctx, `ALTER INDEX `+name+` RENAME TO `+t[1]+rest); err != nil {
				return sqlstore.Unavailable("swap name index", err)
			}
		}
	}
	if swapped != nil {
		swapped()
	}
	_, err := tx.ExecContext(ctx, `RELEASE SAVEPOINT nameindex_swap`)
	return sqlstore.Unavailable("swap name index", err)
}

// indexesOf lists the names of table's indexes (PostgreSQL).
func indexesOf(ctx context.Context, tx *sql.Tx, table string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		WHERE i.indrelid = $1::regclass ORDER BY c.relname`, table)
	if err != nil {
		return nil, sqlstore.Unavailable("swap name index", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, sqlstore.Unavailable("swap name index", err)
		}
		out = append(out, n)
	}
	return out, sqlstore.Unavailable("swap name index", rows.Err())
}

// readPage reads the page of rows after the key (k1, k2).
func readPage[T any](ctx context.Context, tx *sql.Tx, rows Rows[T], k1, k2 string) ([]T, error) {
	rs, err := tx.QueryContext(ctx, rows.Page, k1, k2)
	if err != nil {
		return nil, sqlstore.Unavailable("read rows to index", err)
	}
	defer rs.Close()
	var page []T
	for rs.Next() {
		r, err := rows.Scan(rs)
		if err != nil {
			return nil, sqlstore.Unavailable("read rows to index", err)
		}
		page = append(page, r)
	}
	return page, sqlstore.Unavailable("read rows to index", rs.Err())
}

// Keeper makes sure, once per process, that a dataset's index is current
// before it is searched. The zero value is ready to use; it is safe for
// concurrent use.
type Keeper struct {
	current atomic.Bool
	mu      sync.Mutex
	running *keeperRun // the rebuild in flight, if any (under mu)
}

// keeperRun is one rebuild: done closes when it ends, err is then its
// outcome.
type keeperRun struct {
	done chan struct{}
	err  error
}

// ErrRebuilding is what Ensure returns when the call's context ends while
// the index is being rebuilt (wrapped with the context's error): the
// rebuild goes on, and a later call finds the index current.
var ErrRebuilding = errors.New("nameindex: the name index is being rebuilt")

// Forget makes the next Ensure look again (tests, and a store whose
// index was rebuilt elsewhere).
func (k *Keeper) Forget() { k.current.Store(false) }

// Ensure rebuilds the index with rebuild when, at the first call in this
// process (and after each that failed), the index needs it: it is Stale,
// or it is empty while the dataset's table (a plain SQL identifier) has
// rows, or missing (nil: not asked) reports rows the index lacks.
//
// The rebuild has an import's time (dataset.ImportTimeout), not the
// call's: it runs in the background, one at a time. Each call waits for it
// only until its own context ends (then ErrRebuilding, wrapping the
// context's error), so no call runs past its deadline; the calls after the
// rebuild find the index current.
func (k *Keeper) Ensure(ctx context.Context, ix *Index, table string, missing func(context.Context) (bool, error),
	rebuild func(context.Context) error) error {
	if k.current.Load() {
		return nil
	}
	k.mu.Lock()
	if k.current.Load() {
		k.mu.Unlock()
		return nil
	}
	run := k.running
	if run == nil {
		need, err := ix.needs(ctx, table)
		if err == nil && !need && missing != nil {
			need, err = missing(ctx)
		}
		if err != nil || !need {
			if err == nil {
				k.current.Store(true)
			}
			k.mu.Unlock()
			return err
		}
		run = &keeperRun{done: make(chan struct{})}
		k.running = run
		go func() {
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), dataset.ImportTimeout)
			err := rebuild(rctx)
			cancel()
			k.mu.Lock()
			run.err = err
			if err == nil {
				k.current.Store(true)
			}
			k.running = nil
			k.mu.Unlock()
			close(run.done)
		}()
	}
	k.mu.Unlock()
	select {
	case <-run.done:
		return run.err
	case <-ctx.Done():
		return fmt.Errorf("%w: %w", ErrRebuilding, ctx.Err())
	}
}

// needs reports whether ix must be rebuilt before a search: it is Stale,
// or empty while table has rows.
func (ix *Index) needs(ctx context.Context, table string) (bool, error) {
	if !identifier.MatchString(table) {
		panic("nameindex: " + table + ": not a table name")
	}
	stale, err := ix.Stale(ctx)
	if err != nil || stale {
		return stale, err
	}
	var rows, terms int
	if err := ix.db.Read().QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM `+table+` LIMIT 1) a),
		(SELECT COUNT(*) FROM (SELECT 1 FROM `+ix.terms+` LIMIT 1) b)`).Scan(&rows, &terms); err != nil {
		return false, sqlstore.Unavailable("read name index", err)
	}
	return rows > 0 && terms == 0, nil
}
