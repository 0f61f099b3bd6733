package nameindex

import (
	"context"
	"database/sql"
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

// Rebuild empties ix and files every row of rows afresh in one
// transaction (readers see the old index until it commits), then
// vacuums it on PostgreSQL (Vacuum), reporting
// the rows filed to progress, when set, every dataset.ProgressEvery
// rows, in the phase "indexing". It returns the rows filed.
func Rebuild[T any](ctx context.Context, ix *Index, rows Rows[T], progress func(dataset.Progress)) (int, error) {
	filed := 0
	err := ix.db.Tx(ctx, func(tx *sql.Tx) error {
		filed = 0
		if err := ix.Clear(ctx, tx); err != nil {
			return err
		}
		w := ix.Writer(tx)
		read := dataset.ImportOptions{Progress: progress}.Read(ctx, "indexing", 1, nil)
		var k1, k2 string
		for {
			page, err := readPage(ctx, tx, rows, k1, k2)
			if err != nil {
				return err
			}
			if len(page) == 0 {
				return w.Close(ctx)
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
	})
	if err == nil {
		_ = ix.Vacuum(ctx)
	}
	return filed, err
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
}

// Forget makes the next Ensure look again (tests, and a store whose
// index was rebuilt elsewhere).
func (k *Keeper) Forget() { k.current.Store(false) }

// Ensure rebuilds the index with rebuild when, at the first call in this
// process (and after each that failed), the index needs it: it is Stale,
// or it is empty while the dataset's table (a plain SQL identifier) has
// rows, or missing (nil: not asked) reports rows the index lacks. Calls
// wait for one rebuild.
//
// The rebuild has an import's time (dataset.ImportTimeout), not the
// call's: it runs on when the call's context is done, and the calls
// after it find the index current.
func (k *Keeper) Ensure(ctx context.Context, ix *Index, table string, missing func(context.Context) (bool, error),
	rebuild func(context.Context) error) error {
	if k.current.Load() {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.current.Load() {
		return nil
	}
	need, err := ix.needs(ctx, table)
	if err != nil {
		return err
	}
	if !need && missing != nil {
		if need, err = missing(ctx); err != nil {
			return err
		}
	}
	if need {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), dataset.ImportTimeout)
		defer cancel()
		if err := rebuild(rctx); err != nil {
			return err
		}
	}
	k.current.Store(true)
	return nil
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
