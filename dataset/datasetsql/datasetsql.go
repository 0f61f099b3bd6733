// Package datasetsql is the lifecycle every dataset shares on the store's
// SQL database (dataset.Lifecycle): listing a dataset's batches and
// retracting one. A dataset declares its tables (Tables: its batch table
// and the tables of its rows) in its module.Dataset; this package holds
// the one implementation and the one table that records retractions,
// dataset_retractions (its own migrations: list Module() in
// sqlstore.Options.Modules; module.Stores does so for any module list
// that holds a dataset).
package datasetsql

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"time"
	"unicode/utf8"

	"dalil"
	"dalil/dataset"
	"dalil/store/sqlstore"
)

//go:embed migrations
var migrations embed.FS

// Module is the schema of dataset_retractions, recorded in
// schema_migrations as "datasets/NNN_...".
func Module() sqlstore.Module { return sqlstore.EmbeddedModule("datasets", migrations) }

// Tables names where a dataset keeps its batches and rows. The batch
// table has the columns id, source, license, synthetic, imported_at and
// retrieved_at (Unix microseconds) every dataset's has, plus the ones
// named here; each table of Rows has a batch_id column naming its batch.
type Tables struct {
	// Batches is the batch table ("comparable_batches").
	Batches string
	// RowsCount is its column of the rows the batch imported
	// ("rows_count"; sanctions: "entries").
	RowsCount string
	// Current, when set, is its column that is 1 for a batch answers use
	// (sanctions: "current"); empty, every batch held is current.
	Current string
	// Version, when set, is its column of the version the file states
	// (sanctions: "published").
	Version string
	// Rows are the tables of the batch's rows, deleted first (they refer
	// to the batch).
	Rows []string
}

// identifier is what a table or column name may be: they are written into
// the queries, so only plain names are accepted.
var identifier = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

func (t Tables) check() error {
	names := append([]string{t.Batches, t.RowsCount}, t.Rows...)
	if t.Current != "" {
		names = append(names, t.Current)
	}
	if t.Version != "" {
		names = append(names, t.Version)
	}
	for _, n := range names {
		if !identifier.MatchString(n) {
			return fmt.Errorf("datasetsql: %q is not a table or column name", n)
		}
	}
	if len(t.Rows) == 0 {
		return errors.New("datasetsql: Tables.Rows names no table of rows")
	}
	return nil
}

// Lifecycle is one dataset's lifecycle on a store's database.
type Lifecycle struct {
	db   sqlstore.DB
	name string
	t    Tables
}

var _ dataset.Lifecycle = (*Lifecycle)(nil)

// New returns the lifecycle of the dataset name kept in t on db. It
// panics when t names no table of rows or a name that is not a plain SQL
// identifier (a declaration's mistake, caught by any test that wires it).
func New(db sqlstore.DB, name string, t Tables) *Lifecycle {
	if err := t.check(); err != nil {
		panic(fmt.Sprintf("dataset %s: %v", name, err))
	}
	return &Lifecycle{db: db, name: name, t: t}
}

// batchColumns are the batch table's columns read back, in scan order.
func (l *Lifecycle) batchColumns() string {
	current, version := "1", "''"
	if l.t.Current != "" {
		current = "CAST(" + l.t.Current + " AS INTEGER)"
	}
	if l.t.Version != "" {
		version = l.t.Version
	}
	return fmt.Sprintf(`id, source, license, CAST(synthetic AS INTEGER), %s, %s, imported_at, retrieved_at, %s`, l.t.RowsCount, version, current)
}

func scanBatch(sc interface{ Scan(...any) error }) (dataset.BatchState, error) {
	var b dataset.BatchState
	var syn, cur, imp, ret int64
	err := sc.Scan(&b.ID, &b.Source, &b.License, &syn, &b.Rows, &b.Version, &imp, &ret, &cur)
	b.Synthetic, b.Current = syn != 0, cur != 0
	b.ImportedAt, b.RetrievedAt = time.UnixMicro(imp).UTC(), time.UnixMicro(ret).UTC()
	return b, err
}

// Batches implements dataset.Lifecycle: the batches held and the batches
// retracted, together, oldest import first (a retracted batch after a
// held one imported at the same time).
func (l *Lifecycle) Batches(ctx context.Context) ([]dataset.BatchState, error) {
	ctx, cancel := l.db.Bound(ctx)
	defer cancel()
	out := []dataset.BatchState{}
	rows, err := l.db.Read().QueryContext(ctx, `SELECT `+l.batchColumns()+` FROM `+l.t.Batches+` ORDER BY imported_at, id`)
	if err != nil {
		return nil, sqlstore.Unavailable("list "+l.name+" batches", err)
	}
	defer rows.Close()
	for rows.Next() {
		b, err := scanBatch(rows)
		if err != nil {
			return nil, sqlstore.Unavailable("list "+l.name+" batches", err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, sqlstore.Unavailable("list "+l.name+" batches", err)
	}
	rs, err := l.db.Read().QueryContext(ctx, `SELECT batch_id, source, license, synthetic, rows_count, version, imported_at, retrieved_at,
		retracted_at, reason, rows_removed FROM dataset_retractions WHERE dataset = $1 ORDER BY imported_at, batch_id, retracted_at`, l.name)
	if err != nil {
		return nil, sqlstore.Unavailable("list "+l.name+" retractions", err)
	}
	defer rs.Close()
	for rs.Next() {
		var b dataset.BatchState
		r := dataset.Retraction{Dataset: l.name}
		var syn, imp, ret, at int64
		if err := rs.Scan(&b.ID, &b.Source, &b.License, &syn, &b.Rows, &b.Version, &imp, &ret, &at, &r.Reason, &r.RowsRemoved); err != nil {
			return nil, sqlstore.Unavailable("list "+l.name+" retractions", err)
		}
		b.Synthetic, b.ImportedAt, b.RetrievedAt = syn != 0, time.UnixMicro(imp).UTC(), time.UnixMicro(ret).UTC()
		r.Batch, r.RetractedAt = b.ID, time.UnixMicro(at).UTC()
		b.Retracted = &r
		out = append(out, b)
	}
	if err := rs.Err(); err != nil {
		return nil, sqlstore.Unavailable("list "+l.name+" retractions", err)
	}
	// Held before retracted at the same import time: a stable sort of
	// the two lists, each in import order already.
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].ImportedAt.Equal(out[j].ImportedAt) {
			return out[i].ImportedAt.Before(out[j].ImportedAt)
		}
		return out[i].Retracted == nil && out[j].Retracted != nil
	})
	return out, nil
}

// Retract implements dataset.Lifecycle. In one transaction: the batch's
// row is locked (PostgreSQL; SQLite's write transactions are exclusive),
// the rows of each table of Rows that name it are deleted, then the batch,
// and the retraction is recorded with the batch's provenance. Like an
// import, it may take up to dataset.ImportTimeout (a batch may hold
// hundreds of thousands of rows), not the store's operation timeout.
// Afterwards the planner's statistics of the row tables are refreshed
// (best effort: the rows are gone either way).
func (l *Lifecycle) Retract(ctx context.Context, batch, reason string) (dataset.Retraction, error) {
	out := dataset.Retraction{Dataset: l.name, Batch: batch, Reason: reason}
	if err := dataset.CheckReason(reason); err != nil {
		return out, dalil.InvalidInput(dalil.Problem{Path: "reason", Message: "the reason " + err.Error()})
	}
	if !plausible(batch) {
		return out, l.notFound(ctx, batch)
	}
	ctx, cancel := context.WithTimeout(ctx, dataset.ImportTimeout)
	defer cancel()
	lock := ""
	if l.db.Dialect() == "postgres" {
		lock = " FOR UPDATE"
	}
	found := false
	err := l.db.Tx(ctx, func(tx *sql.Tx) error {
		found, out.RowsRemoved = false, 0
		b, err := scanBatch(tx.QueryRowContext(ctx, `SELECT `+l.batchColumns()+` FROM `+l.t.Batches+` WHERE id = $1`+lock, batch))
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return sqlstore.Unavailable("retract "+l.name+" batch", err)
		}
		found = true
		for _, table := range l.t.Rows {
			res, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE batch_id = $1`, batch)
			if err != nil {
				return sqlstore.Unavailable("retract "+l.name+" batch", err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return sqlstore.Unavailable("retract "+l.name+" batch", err)
			}
			out.RowsRemoved += int(n)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+l.t.Batches+` WHERE id = $1`, batch); err != nil {
			return sqlstore.Unavailable("retract "+l.name+" batch", err)
		}
		out.RetractedAt = l.db.Now().UTC()
		_, err = tx.ExecContext(ctx, `INSERT INTO dataset_retractions (dataset, batch_id, source, license, synthetic, rows_count, version,
			imported_at, retrieved_at, retracted_at, reason, rows_removed) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
			l.name, batch, b.Source, b.License, b2i(b.Synthetic), b.Rows, b.Version, b.ImportedAt.UnixMicro(), b.RetrievedAt.UnixMicro(),
			out.RetractedAt.UnixMicro(), reason, out.RowsRemoved)
		return sqlstore.Unavailable("record "+l.name+" retraction", err)
	})
	if err != nil {
		return out, err
	}
	if !found {
		return out, l.notFound(ctx, batch)
	}
	for _, table := range l.t.Rows {
		_, _ = l.db.Write().ExecContext(ctx, `ANALYZE `+table)
	}
	return out, nil
}

// notFound is the error of a batch the dataset does not hold: retracted
// already (saying when), or never imported.
func (l *Lifecycle) notFound(ctx context.Context, batch string) error {
	var at int64
	if plausible(batch) {
		ctx, cancel := l.db.Bound(ctx)
		defer cancel()
		_ = l.db.Read().QueryRowContext(ctx, `SELECT COALESCE(MAX(retracted_at), 0) FROM dataset_retractions WHERE dataset = $1 AND batch_id = $2`,
			l.name, batch).Scan(&at)
	}
	if at > 0 {
		return dalil.Errorf(dalil.CodeNotFound, "Batch %q of %s was retracted at %s; nothing is left to retract.", batch, l.name,
			time.UnixMicro(at).UTC().Format(time.RFC3339))
	}
	return dalil.Errorf(dalil.CodeNotFound, "The %s dataset holds no batch %q; `dalil %s batches` lists them.", l.name, batch, l.name)
}

// plausible reports whether batch could name a batch: a batch id is short
// text (PostgreSQL refuses a NUL byte in a text parameter, so such an id
// is not looked up at all).
func plausible(batch string) bool {
	return batch != "" && len(batch) <= 200 && utf8.ValidString(batch) && !dataset.HasNUL(batch)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
