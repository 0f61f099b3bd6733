// Package omanpropertysql keeps the comparables dataset of
// analyze_oman_property in the store's SQL database, SQLite or PostgreSQL:
// its own tables and embedded migrations (list Module() in
// sqlstore.Options.Modules), the capability's port (omanproperty.Market)
// and the dataset's importer (dataset.Importer named "comparables"), which
// reads files with dataset/comparables.
package omanpropertysql

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"dalil/capabilities/omanproperty"
	"dalil/store/sqlstore"
)

//go:embed migrations
var migrations embed.FS

// Module is the schema of the comparables tables, recorded in
// schema_migrations as "omanproperty/NNN_...".
func Module() sqlstore.Module {
	return sqlstore.EmbeddedModule("omanproperty", migrations)
}

// Name is the dataset's name: `dalil comparables import|stats` and
// /admin/v1/datasets/comparables.
const Name = "comparables"

// Store is the comparables dataset on a store's database. Every call on a
// request path is bounded by the store's operation timeout and wraps
// dalil.ErrStorageUnavailable when the database fails.
type Store struct {
	db sqlstore.DB

	// rowsRead counts the rows this store has read: both readings of
	// every import, and the comparables every query read. Tests count the
	// work done after a cancellation.
	rowsRead atomic.Int64
}

var _ omanproperty.Market = (*Store)(nil)

// New returns the dataset on db. Its tables exist once the store was
// opened with Module() among its modules.
func New(db sqlstore.DB) *Store { return &Store{db: db} }

func micros(t time.Time) int64 { return t.UTC().UnixMicro() }

// columns are the comparables columns read back, in scan order.
const columns = `id, kind, area_id, wilayat_id, property_type, bedrooms, bathrooms, size_sqm, amount_baisa, rent_period, furnished,
	observed_on, source_type, source_name, source_url, batch_id, synthetic`

// where builds the query's conditions (without the date) and arguments,
// numbered from $1.
func where(q omanproperty.Query, kind omanproperty.Kind) (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v ...any) {
		for _, x := range v {
			args = append(args, x)
			cond = strings.Replace(cond, "?", fmt.Sprintf("$%d", len(args)), 1)
		}
		conds = append(conds, cond)
	}
	switch q.Level {
	case omanproperty.LevelArea:
		add("area_id = ?", q.Place)
	case omanproperty.LevelWilayat:
		add("wilayat_id = ?", q.Place)
	}
	add("property_type = ?", q.PropertyType)
	add("kind = ?", string(kind))
	add("size_sqm BETWEEN ? AND ?", q.MinSizeSqm, q.MaxSizeSqm)
	if q.MinBedrooms >= 0 {
		add("bedrooms BETWEEN ? AND ?", q.MinBedrooms, q.MaxBedrooms)
	}
	return strings.Join(conds, " AND "), args
}

// Comparables implements omanproperty.Market: per kind, the newest Limit
// rows observed on or after q.Since, and a count of the older ones.
func (s *Store) Comparables(ctx context.Context, q omanproperty.Query) (omanproperty.Found, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	found := omanproperty.Found{Older: map[omanproperty.Kind]int{}, Truncated: map[omanproperty.Kind]bool{}}
	since := q.Since.UTC().Format(time.DateOnly)
	limit := q.Limit
	if limit <= 0 {
		limit = omanproperty.QueryLimit
	}
	// Rents and sales are read at once (two read connections): at the
	// governorate level each is a scan of the whole size band, and one
	// analysis waits for both.
	kinds := []omanproperty.Kind{omanproperty.KindRent, omanproperty.KindSale}
	type result struct {
		got       []omanproperty.Comparable
		older     int
		truncated bool
		err       error
	}
	results := make([]result, len(kinds))
	var wg sync.WaitGroup
	for i, kind := range kinds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &results[i]
			r.got, r.older, r.truncated, r.err = s.newest(ctx, q, kind, since, limit)
		}()
	}
	wg.Wait()
	for i, kind := range kinds {
		r := results[i]
		if r.err != nil {
			return found, r.err
		}
		found.Comparables = append(found.Comparables, r.got...)
		found.Older[kind] = r.older
		if r.truncated {
			found.Truncated[kind] = true
		}
	}
	return found, nil
}

// newest reads one kind's newest limit rows observed on or after since
// (truncated: there were more) and counts the older ones.
func (s *Store) newest(ctx context.Context, q omanproperty.Query, kind omanproperty.Kind, since string, limit int) ([]omanproperty.Comparable, int, bool, error) {
	cond, args := where(q, kind)
	n := len(args)
	// The newest rows are chosen from the band index alone, then only
	// those are read from the table.
	rows, err := s.db.Read().QueryContext(ctx, fmt.Sprintf(`SELECT %s FROM comparables WHERE id IN
		(SELECT id FROM comparables WHERE %s AND observed_on >= $%d ORDER BY observed_on DESC, id LIMIT $%d)
		ORDER BY observed_on DESC, id`, columns, cond, n+1, n+2), append(args, since, limit+1)...)
	if err != nil {
		return nil, 0, false, sqlstore.Unavailable("read comparables", err)
	}
	got, err := scanComparables(rows)
	if err != nil {
		return nil, 0, false, err
	}
	truncated := len(got) > limit
	if truncated {
		got = got[:limit]
	}
	var older int
	if err := s.db.Read().QueryRowContext(ctx, fmt.Sprintf(`SELECT COUNT(*) FROM comparables WHERE %s AND observed_on < $%d`, cond, n+1),
		append(args, since)...).Scan(&older); err != nil {
		return nil, 0, false, sqlstore.Unavailable("count older comparables", err)
	}
	return got, older, truncated, nil
}

func scanComparables(rows *sql.Rows) ([]omanproperty.Comparable, error) {
	defer rows.Close()
	var out []omanproperty.Comparable
	for rows.Next() {
		var c omanproperty.Comparable
		var kind, observed string
		var baths sql.NullInt64
		var baisa int64
		if err := rows.Scan(&c.ID, &kind, &c.Area, &c.Wilayat, &c.PropertyType, &c.Bedrooms, &baths, &c.SizeSqm, &baisa, &c.RentPeriod,
			&c.Furnished, &observed, &c.SourceType, &c.SourceName, &c.SourceURL, &c.Batch, &c.Synthetic); err != nil {
			return nil, sqlstore.Unavailable("read comparables", err)
		}
		c.Kind = omanproperty.Kind(kind)
		if baths.Valid {
			n := int(baths.Int64)
			c.Bathrooms = &n
		}
		c.AmountOMR = float64(baisa) / 1000
		d, err := time.Parse(time.DateOnly, observed)
		if err != nil {
			return nil, fmt.Errorf("comparable %s: date %q: %w", c.ID, observed, err)
		}
		c.ObservedOn = d
		out = append(out, c)
	}
	return out, sqlstore.Unavailable("read comparables", rows.Err())
}

// Batches implements omanproperty.Market.
func (s *Store) Batches(ctx context.Context, ids []string) ([]omanproperty.DatasetBatch, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	marks := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		marks[i], args[i] = fmt.Sprintf("$%d", i+1), id
	}
	return s.batches(ctx, "WHERE id IN ("+strings.Join(marks, ", ")+")", args...)
}

// batches reads the batches matching the clause, oldest import first.
func (s *Store) batches(ctx context.Context, clause string, args ...any) ([]omanproperty.DatasetBatch, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, source, license, synthetic, rows_count, imported_at, retrieved_at, period_from, period_to
		FROM comparable_batches `+clause+` ORDER BY imported_at, id`, args...)
	if err != nil {
		return nil, sqlstore.Unavailable("read comparable batches", err)
	}
	defer rows.Close()
	var out []omanproperty.DatasetBatch
	for rows.Next() {
		var b omanproperty.DatasetBatch
		var imported, retrieved int64
		var from, to string
		if err := rows.Scan(&b.ID, &b.Source, &b.License, &b.Synthetic, &b.Rows, &imported, &retrieved, &from, &to); err != nil {
			return nil, sqlstore.Unavailable("read comparable batches", err)
		}
		b.ImportedAt, b.RetrievedAt = time.UnixMicro(imported).UTC(), time.UnixMicro(retrieved).UTC()
		b.PeriodFrom, _ = time.Parse(time.DateOnly, from)
		b.PeriodTo, _ = time.Parse(time.DateOnly, to)
		out = append(out, b)
	}
	return out, sqlstore.Unavailable("read comparable batches", rows.Err())
}
