package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Warmed is what a warm-up (DB.Warm) read.
type Warmed struct {
	// Method is how the pages were read: "pg_prewarm" (PostgreSQL's
	// extension, into the operating system's page cache), "index scan"
	// (PostgreSQL without the extension: a scan of each index in its
	// order, through the server's shared buffers, and a sequential scan
	// of the tables WarmOptions.Rows names) or "dbstat" (SQLite:
	// each page of each b-tree read once through a reader connection).
	Method string `json:"method"`
	// Relations counts the b-trees (indexes, and SQLite's WITHOUT ROWID
	// tables) read in full.
	Relations int `json:"relations"`
	// Pages and Bytes are what was read.
	Pages int64 `json:"pages"`
	Bytes int64 `json:"bytes"`
	// Steps counts the chunks read; the context is looked at before each.
	Steps int `json:"steps"`
}

// Add adds o's counts to w (the method is o's when w has none).
func (w *Warmed) Add(o Warmed) {
	if w.Method == "" {
		w.Method = o.Method
	} else if o.Method != "" && o.Method != w.Method && !strings.Contains(w.Method, o.Method) {
		w.Method += ", " + o.Method
	}
	w.Relations += o.Relations
	w.Pages += o.Pages
	w.Bytes += o.Bytes
	w.Steps += o.Steps
}

// WarmOptions tune DB.Warm.
type WarmOptions struct {
	// Step, when set, is called after each chunk read with the totals so
	// far (tests count the work done, and stop it at a given step).
	Step func(Warmed)
	// NoExtension reads the pages without pg_prewarm even where it is
	// there (tests of the fallback; nothing on SQLite).
	NoExtension bool
	// Rows names tables whose rows are read too, after the indexes: a
	// table whose rows a call reads a few hundred of, at random (a
	// screening's candidates), where their pages on disk would cost the
	// first calls as much as the indexes' did.
	Rows []string
	// Chunk is how many pages one step reads (default 1,024: 8 MB of
	// PostgreSQL's pages, 4 MB of SQLite's); the index scan without
	// pg_prewarm reads an index a step.
	Chunk int
}

// warmChunk is WarmOptions.Chunk's default.
const warmChunk = 1024

func (o WarmOptions) chunk() int {
	if o.Chunk > 0 {
		return o.Chunk
	}
	return warmChunk
}

// Warm reads the pages of the named relations once, so that the first
// call that needs them after a restart or an import does not wait for the
// disk: each name is an index, or a table whose every B-tree index is
// read (on SQLite, a WITHOUT ROWID table is its own primary key's B-tree
// and is read too). A table's rows are read only when opts.Rows names it
// (after the indexes): a call descends its indexes on every lookup, and
// reads a few of the rows.
//
// On PostgreSQL it uses the pg_prewarm extension ('read' mode: into the
// operating system's page cache, a chunk at a time, so that a relation
// larger than shared_buffers does not evict the server's working set),
// creating it when the role may (CREATE EXTENSION IF NOT EXISTS); without
// it each index is scanned in its own order (an index-only scan, one
// statement an index), which reads every leaf page. On SQLite each page
// of each B-tree is read through the dbstat virtual table. Warm stops at
// the first step after ctx is done, returning what it read and ctx's
// error. A name that is neither a table nor an index is an error.
func (d DB) Warm(ctx context.Context, names []string, opts WarmOptions) (Warmed, error) {
	if d.s.dialect == "postgres" {
		return d.warmPostgres(ctx, names, opts)
	}
	return d.warmSQLite(ctx, names, opts)
}

// warmTarget is one relation to read: an index (or a SQLite WITHOUT
// ROWID table), or a table's rows.
type warmTarget struct {
	name string
	rows bool
}

// warmTargets resolves names to the B-trees to read, in order, each
// once, then the tables of rows whose rows are read.
func (d DB) warmTargets(ctx context.Context, names, rows []string) ([]warmTarget, error) {
	var out []warmTarget
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			out = append(out, warmTarget{name: n})
		}
	}
	for _, t := range rows {
		if err := d.isTable(ctx, t); err != nil {
			return nil, err
		}
	}
	for _, name := range names {
		var found []string
		var err error
		if d.s.dialect == "postgres" {
			found, err = d.pgTargets(ctx, name)
		} else {
			found, err = d.sqliteTargets(ctx, name)
		}
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			add(f)
		}
	}
	for _, t := range rows {
		if !seen[t] {
			seen[t] = true
			out = append(out, warmTarget{name: t, rows: true})
		}
	}
	return out, nil
}

// isTable reports an error unless name is a table.
func (d DB) isTable(ctx context.Context, name string) error {
	q := `SELECT 1 FROM pg_class WHERE oid = to_regclass($1) AND relkind IN ('r', 'p')`
	if d.s.dialect != "postgres" {
		q = `SELECT 1 FROM sqlite_schema WHERE name = $1 AND type = 'table'`
	}
	var one int
	err := d.s.r.QueryRowContext(ctx, q, name).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("warm: %q is not a table", name)
	}
	return unavailable("warm: look up "+name, err)
}

func (d DB) pgTargets(ctx context.Context, name string) ([]string, error) {
	var kind string
	err := d.s.r.QueryRowContext(ctx, `SELECT relkind::text FROM pg_class WHERE oid = to_regclass($1)`, name).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("warm: %q is neither a table nor an index", name)
	}
	if err != nil {
		return nil, unavailable("warm: look up "+name, err)
	}
	switch kind {
	case "i":
		return []string{name}, nil
	case "r", "p":
	default:
		return nil, fmt.Errorf("warm: %q is neither a table nor an index", name)
	}
	return d.indexNames(ctx, nil, `SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
		WHERE i.indrelid = to_regclass($1) AND a.amname = 'btree' ORDER BY c.relname`, name)
}

func (d DB) sqliteTargets(ctx context.Context, name string) ([]string, error) {
	var kind, ddl string
	err := d.s.r.QueryRowContext(ctx, `SELECT type, COALESCE(sql, '') FROM sqlite_schema WHERE name = $1 AND type IN ('table', 'index')`, name).Scan(&kind, &ddl)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("warm: %q is neither a table nor an index", name)
	}
	if err != nil {
		return nil, unavailable("warm: look up "+name, err)
	}
	if kind == "index" {
		return []string{name}, nil
	}
	var out []string
	if strings.Contains(strings.ToUpper(ddl), "WITHOUT ROWID") {
		out = append(out, name)
	}
	return d.indexNames(ctx, out, `SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = $1 ORDER BY name`, name)
}

// indexNames appends to out the names query lists for table name (its
// indexes, one a row).
func (d DB) indexNames(ctx context.Context, out []string, query, name string) ([]string, error) {
	rows, err := d.s.r.QueryContext(ctx, query, name)
	if err != nil {
		return nil, unavailable("warm: list the indexes of "+name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, unavailable("warm: list the indexes of "+name, err)
		}
		out = append(out, n)
	}
	return out, unavailable("warm: list the indexes of "+name, rows.Err())
}

// warmSQLite reads each page of each B-tree through dbstat, which walks
// the tree and reads every page of it (overflow pages too); its rows are
// read a page at a time, so a cancellation stops it within a chunk.
func (d DB) warmSQLite(ctx context.Context, names []string, opts WarmOptions) (Warmed, error) {
	w := Warmed{Method: "dbstat"}
	targets, err := d.warmTargets(ctx, names, opts.Rows)
	if err != nil {
		return w, err
	}
	for _, t := range targets {
		if err := ctx.Err(); err != nil {
			return w, err
		}
		if err := d.warmSQLiteTree(ctx, t.name, &w, opts); err != nil {
			return w, err
		}
		w.Relations++
	}
	return w, nil
}

func (d DB) warmSQLiteTree(ctx context.Context, name string, w *Warmed, opts WarmOptions) error {
	rows, err := d.s.r.QueryContext(ctx, `SELECT pgsize FROM dbstat WHERE name = $1`, name)
	if err != nil {
		return unavailable("warm "+name, err)
	}
	defer rows.Close()
	inChunk := 0
	for rows.Next() {
		var size int64
		if err := rows.Scan(&size); err != nil {
			return unavailable("warm "+name, err)
		}
		w.Pages++
		w.Bytes += size
		if inChunk++; inChunk == opts.chunk() {
			inChunk = 0
			w.Steps++
			if opts.Step != nil {
				opts.Step(*w)
			}
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return unavailable("warm "+name, err)
	}
	if inChunk > 0 {
		w.Steps++
		if opts.Step != nil {
			opts.Step(*w)
		}
	}
	return nil
}

// prewarmFunc is the qualified name of pg_prewarm(regclass, text, text,
// int8, int8), or "" when the extension is not there and cannot be
// created by this role.
func (d DB) prewarmFunc(ctx context.Context) string {
	find := func() string {
		var schema string
		err := d.s.r.QueryRowContext(ctx, `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_prewarm'`).Scan(&schema)
		if err != nil {
			return ""
		}
		return quoteIdent(schema) + ".pg_prewarm"
	}
	if f := find(); f != "" {
		return f
	}
	if _, err := d.s.w.ExecContext(ctx, `CREATE EXTENSION IF NOT EXISTS pg_prewarm`); err != nil {
		d.s.log.Info("warm-up without pg_prewarm: the extension could not be created", "error", err.Error())
		return ""
	}
	return find()
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func (d DB) warmPostgres(ctx context.Context, names []string, opts WarmOptions) (Warmed, error) {
	var w Warmed
	targets, err := d.warmTargets(ctx, names, opts.Rows)
	if err != nil {
		return w, err
	}
	prewarm := ""
	if !opts.NoExtension {
		prewarm = d.prewarmFunc(ctx)
	}
	if prewarm != "" {
		w.Method = "pg_prewarm"
	} else {
		w.Method = "index scan"
	}
	var block int64
	if err := d.s.r.QueryRowContext(ctx, `SELECT current_setting('block_size')::bigint`).Scan(&block); err != nil {
		return w, unavailable("warm: block size", err)
	}
	for _, target := range targets {
		t := target.name
		if err := ctx.Err(); err != nil {
			return w, err
		}
		var size int64
		if err := d.s.r.QueryRowContext(ctx, `SELECT pg_relation_size(to_regclass($1))`, t).Scan(&size); err != nil {
			return w, unavailable("warm: size of "+t, err)
		}
		blocks := size / block
		if prewarm != "" {
			chunk := int64(opts.chunk())
			for first := int64(0); first < blocks; first += chunk {
				if err := ctx.Err(); err != nil {
					return w, err
				}
				last := min(first+chunk, blocks) - 1
				var n int64
				if err := d.s.r.QueryRowContext(ctx, `SELECT `+prewarm+`(to_regclass($1), 'read', 'main', $2, $3)`, t, first, last).Scan(&n); err != nil {
					if ctx.Err() != nil {
						return w, ctx.Err()
					}
					return w, unavailable("warm "+t, err)
				}
				w.Pages += n
				w.Bytes += n * block
				w.Steps++
				if opts.Step != nil {
					opts.Step(w)
				}
			}
		} else {
			scan := d.scanIndex
			if target.rows {
				scan = d.scanRows
			}
			if err := scan(ctx, t); err != nil {
				return w, err
			}
			w.Pages += blocks
			w.Bytes += size
			w.Steps++
			if opts.Step != nil {
				opts.Step(w)
			}
		}
		w.Relations++
	}
	return w, nil
}

// scanIndex reads every leaf page of the B-tree index name, without
// pg_prewarm: its key columns in its order, counted, with every other
// plan switched off, is an index-only scan of it (or an index scan where
// the visibility map is not yet set, which reads the rows too). An index
// on an expression is read only where its plain columns lead.
func (d DB) scanIndex(ctx context.Context, name string) error {
	var table string
	var cols []string
	rows, err := d.s.r.QueryContext(ctx, `SELECT t.relname, a.attname, (i.indoption[k.n - 1] & 1) = 1
		FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
		CROSS JOIN LATERAL generate_series(1, i.indnkeyatts) AS k(n)
		JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k.n - 1]
		WHERE i.indexrelid = to_regclass($1) ORDER BY k.n`, name)
	if err != nil {
		return unavailable("warm: the columns of "+name, err)
	}
	for rows.Next() {
		var col string
		var desc bool
		if err := rows.Scan(&table, &col, &desc); err != nil {
			rows.Close()
			return unavailable("warm: the columns of "+name, err)
		}
		c := quoteIdent(col)
		if desc {
			c += " DESC"
		}
		cols = append(cols, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return unavailable("warm: the columns of "+name, err)
	}
	if len(cols) == 0 {
		return nil
	}
	plain := make([]string, len(cols))
	for i, c := range cols {
		plain[i] = strings.TrimSuffix(c, " DESC")
	}
	return d.Tx(ctx, func(tx *sql.Tx) error {
		for _, off := range []string{"enable_seqscan", "enable_bitmapscan", "enable_sort"} {
			if _, err := tx.ExecContext(ctx, `SET LOCAL `+off+` = off`); err != nil {
				return unavailable("warm "+name, err)
			}
		}
		var n int64
		err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT `+strings.Join(plain, ", ")+` FROM `+quoteIdent(table)+
			` ORDER BY `+strings.Join(cols, ", ")+`) s`).Scan(&n)
		if err != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		return unavailable("warm "+name, err)
	})
}

// scanRows reads every page of table's rows without pg_prewarm: a
// sequential scan, which reads them through a small ring of shared
// buffers, and so into the operating system's page cache.
func (d DB) scanRows(ctx context.Context, table string) error {
	var n int64
	err := d.s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+quoteIdent(table)).Scan(&n)
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return unavailable("warm "+table, err)
}
