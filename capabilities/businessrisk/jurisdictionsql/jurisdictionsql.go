// Package jurisdictionsql keeps the jurisdictions dataset (the FATF's
// lists of high-risk jurisdictions subject to a call for action and of
// jurisdictions under increased monitoring) in the store's SQL database,
// SQLite or PostgreSQL: its own tables and embedded migrations (list
// Module() in sqlstore.Options.Modules; Data() is the module), the
// dataset's importer (`dalil jurisdictions import FILE --source NAME
// --license TEXT`, reading dataset/jurisdictions' CSV or JSON lines) and
// business_risk_score's port businessrisk.Jurisdictions.
//
// One file is one FATF publication. The publication imported last is
// current, in one transaction (an earlier one imported again is a
// roll-back); the same file as the current one is a no-op.
package jurisdictionsql

import (
	"context"
	"crypto/rand"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"dalil/capabilities/businessrisk"
	"dalil/dataset"
	"dalil/dataset/datasetsql"
	"dalil/dataset/jurisdictions"
	"dalil/module"
	"dalil/store/sqlstore"
)

//go:embed migrations
var migrations embed.FS

// Name is the dataset's name: `dalil jurisdictions import|stats|batches|retract`.
const Name = "jurisdictions"

// Module is the schema of the jurisdictions tables, recorded in
// schema_migrations as "jurisdictions/NNN_...".
func Module() sqlstore.Module { return sqlstore.EmbeddedModule("jurisdictions", migrations) }

// Data is the module: its tables and the jurisdictions dataset. There is
// no demo data: the embedded default (jurisdictions.Default) is the real
// FATF publication it states, used until a newer one is imported.
func Data() module.Module {
	return module.Module{Store: Module(), Datasets: []module.Dataset{{
		Name: Name, Open: func(db sqlstore.DB) dataset.Importer { return New(db) },
		// The publication imported last is current; one another import
		// replaced holds its rows and answers nothing.
		Batches: datasetsql.Tables{Batches: "jurisdiction_batches", RowsCount: "rows_count", Current: "current", Version: "published",
			Rows: []string{"jurisdiction_entries"}},
	}}}
}

// Store is the dataset on a store's database.
type Store struct{ db sqlstore.DB }

var (
	_ dataset.Importer           = (*Store)(nil)
	_ dataset.Holder             = (*Store)(nil)
	_ businessrisk.Jurisdictions = (*Store)(nil)
)

// New returns the dataset on db.
func New(db sqlstore.DB) *Store { return &Store{db: db} }

func micros(t time.Time) int64 { return t.UTC().UnixMicro() }

// Name implements dataset.Importer.
func (s *Store) Name() string { return Name }

// Formats implements dataset.Importer: CSV (the default) and JSON lines.
func (s *Store) Formats() []string { return slices.Clone(jurisdictions.Formats) }

// Import implements dataset.Importer: every row validated, any bad row
// imports nothing unless SkipBad; the good rows become the current
// publication in one transaction. The same file as the current one
// (content hash) is Unchanged. The order of those checks is
// dataset.Commit's.
func (s *Store) Import(ctx context.Context, r io.Reader, opts dataset.ImportOptions) (dataset.Report, error) {
	rep := dataset.NewReport(Name, opts)
	if err := opts.Validate(); err != nil {
		return rep, err
	}
	if opts.Format != "" && !slices.Contains(jurisdictions.Formats, opts.Format) {
		return rep, dataset.Unreadable(fmt.Errorf("format %q: use one of %s", opts.Format, strings.Join(jurisdictions.Formats, ", ")))
	}
	now := s.db.Now()
	res, err := jurisdictions.Read(r, opts.Format, opts.Filename, now)
	rep.Rows, rep.BadRows, rep.Errors = res.Total, res.Bad, append(rep.Errors, res.Errors...)
	if err != nil {
		return rep, dataset.Unreadable(err)
	}
	err = dataset.Commit(ctx, &rep, opts.SkipBad, dataset.Steps{
		Imported: func(ctx context.Context) (string, error) {
			ctx, cancel := s.db.Bound(ctx)
			defer cancel()
			id, err := currentByHash(ctx, s.db.Read(), res.Hash)
			return id, sqlstore.Unavailable("read jurisdiction batches", err)
		},
		Write: func(ctx context.Context) (string, int, error) { return s.write(ctx, opts, res, now) },
	})
	return rep, err
}

// currentByHash is the current batch when it came from the file with
// this hash, else "".
func currentByHash(ctx context.Context, q sqlstore.Querier, hash string) (string, error) {
	return sqlstore.OptionalString(ctx, q, `SELECT id FROM jurisdiction_batches WHERE content_hash = $1 AND current = 1`, hash)
}

func (s *Store) write(ctx context.Context, opts dataset.ImportOptions, res jurisdictions.Result, now time.Time) (string, int, error) {
	if len(res.Rows) == 0 {
		return "", 0, dataset.Unreadable(errors.New("the file has no jurisdiction to import"))
	}
	nonce := make([]byte, 6)
	if _, err := rand.Read(nonce); err != nil {
		return "", 0, err
	}
	batch := "jur_" + res.Hash[:10] + hex.EncodeToString(nonce)
	var earlier string
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		id, err := currentByHash(ctx, tx, res.Hash)
		switch {
		case err != nil:
			return sqlstore.Unavailable("import jurisdictions", err)
		case id != "":
			earlier = id
			return dataset.ErrImported
		}
		if _, err := tx.ExecContext(ctx, `UPDATE jurisdiction_batches SET current = 0 WHERE current = 1`); err != nil {
			return sqlstore.Unavailable("import jurisdictions", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO jurisdiction_batches (id, content_hash, source, license, synthetic, rows_count, published, filename,
			current, imported_at, retrieved_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $10)`, batch, res.Hash, opts.Source, opts.License,
			b2i(opts.Synthetic), len(res.Rows), res.Published, opts.Filename, micros(now), micros(opts.Retrieved(now))); err != nil {
			return sqlstore.Unavailable("import jurisdictions", err)
		}
		args := make([]any, 0, 4*len(res.Rows))
		for _, r := range res.Rows {
			args = append(args, batch, r.List, r.Country, r.Name)
		}
		// At most jurisdictions.MaxRows rows: 4,000 parameters.
		if _, err := tx.ExecContext(ctx, `INSERT INTO jurisdiction_entries (batch_id, list, country, name) VALUES `+s.db.Values(len(res.Rows), 4),
			args...); err != nil {
			return sqlstore.Unavailable("import jurisdictions", err)
		}
		return nil
	})
	if err != nil {
		return earlier, 0, err
	}
	return batch, len(res.Rows), nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// batches lists the batches, oldest import first; currentOnly: the
// current one.
func (s *Store) batches(ctx context.Context, currentOnly bool) ([]dataset.Batch, error) {
	q := `SELECT id, source, license, synthetic, rows_count, published, imported_at, retrieved_at FROM jurisdiction_batches`
	if currentOnly {
		q += ` WHERE current = 1`
	}
	rows, err := s.db.Read().QueryContext(ctx, q+` ORDER BY imported_at, id`)
	if err != nil {
		return nil, sqlstore.Unavailable("read jurisdiction batches", err)
	}
	defer rows.Close()
	out := []dataset.Batch{}
	for rows.Next() {
		var b dataset.Batch
		var syn, imp, ret int64
		if err := rows.Scan(&b.ID, &b.Source, &b.License, &syn, &b.Rows, &b.Version, &imp, &ret); err != nil {
			return nil, sqlstore.Unavailable("read jurisdiction batches", err)
		}
		b.Synthetic, b.ImportedAt, b.RetrievedAt = syn != 0, time.UnixMicro(imp).UTC(), time.UnixMicro(ret).UTC()
		out = append(out, b)
	}
	return out, sqlstore.Unavailable("read jurisdiction batches", rows.Err())
}

// Holdings implements dataset.Holder: the current publication.
func (s *Store) Holdings(ctx context.Context) ([]dataset.Batch, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.batches(ctx, true)
}

// Coverage is the dataset's breakdown in Stats: the lists answers use now
// (the current import, or the embedded default when it is newer).
type Coverage struct {
	Used      string         `json:"used" jsonschema:"imported or embedded_default"`
	Published string         `json:"published"`
	Counts    map[string]int `json:"counts"`
}

// Stats implements dataset.Importer.
func (s *Store) Stats(ctx context.Context) (dataset.Stats, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	bs, err := s.batches(ctx, false)
	if err != nil {
		return dataset.Stats{}, err
	}
	st := dataset.Stats{Dataset: Name, Batches: bs}
	l, ok, err := s.Current(ctx)
	if err != nil {
		return st, err
	}
	if ok {
		st.Rows = len(l.Entries)
	}
	used := businessrisk.ChooseLists(l, ok)
	cov := Coverage{Used: "imported", Published: used.Published, Counts: map[string]int{
		jurisdictions.CallForAction: used.Count(jurisdictions.CallForAction), jurisdictions.IncreasedMonitoring: used.Count(jurisdictions.IncreasedMonitoring)}}
	if used.Embedded {
		cov.Used = "embedded_default"
	}
	st.Coverage = cov
	return st, nil
}

// Current implements businessrisk.Jurisdictions: the current imported
// publication, ok false when none is.
func (s *Store) Current(ctx context.Context) (jurisdictions.Lists, bool, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	var l jurisdictions.Lists
	var ret int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT id, source, license, published, retrieved_at FROM jurisdiction_batches WHERE current = 1`).
		Scan(&l.Batch, &l.Source, &l.License, &l.Published, &ret)
	if errors.Is(err, sql.ErrNoRows) {
		return jurisdictions.Lists{}, false, nil
	}
	if err != nil {
		return l, false, sqlstore.Unavailable("read the jurisdiction lists", err)
	}
	l.RetrievedAt = time.UnixMicro(ret).UTC()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT list, country, name FROM jurisdiction_entries WHERE batch_id = $1 ORDER BY list, country`, l.Batch)
	if err != nil {
		return l, false, sqlstore.Unavailable("read the jurisdiction lists", err)
	}
	defer rows.Close()
	for rows.Next() {
		var e jurisdictions.Entry
		if err := rows.Scan(&e.List, &e.Country, &e.Name); err != nil {
			return l, false, sqlstore.Unavailable("read the jurisdiction lists", err)
		}
		l.Entries = append(l.Entries, e)
	}
	return l, true, sqlstore.Unavailable("read the jurisdiction lists", rows.Err())
}
