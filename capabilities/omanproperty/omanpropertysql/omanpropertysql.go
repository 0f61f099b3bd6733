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
	"slices"
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
	// onRow, when set (tests), is called for each comparable a query
	// reads.
	onRow func()

	prepared sqlstore.Prepared
}

var _ omanproperty.Market = (*Store)(nil)

// New returns the dataset on db. Its tables exist once the store was
// opened with Module() among its modules.
func New(db sqlstore.DB) *Store { return &Store{db: db} }

func micros(t time.Time) int64 { return t.UTC().UnixMicro() }

// columns are the comparables columns read back, in scan order.
const columns = `id, kind, area_id, wilayat_id, property_type, bedrooms, bathrooms, size_sqm, amount_baisa, rent_period, furnished,
	observed_on, source_type, source_name, source_url, batch_id, synthetic`

// monthOf is the month d falls in, counted from year 0 (year * 12 +
// month - 1): comparables.observed_month, by which the indexes find a
// band's newest rows (migration 003).
func monthOf(d time.Time) int { return d.Year()*12 + int(d.Month()) - 1 }

// where builds the query's conditions and arguments, numbered from $1:
// scope (place, type and kind: the leading columns of the level's index;
// its arguments are the first nScope) and band (size and bedrooms).
func where(q omanproperty.Query, kind omanproperty.Kind) (scope, band string, args []any, nScope int) {
	var conds []string
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
	scope, nScope = strings.Join(conds, " AND "), len(args)
	conds = conds[:0]
	add("size_sqm BETWEEN ? AND ?", q.MinSizeSqm, q.MaxSizeSqm)
	if q.MinBedrooms >= 0 {
		add("bedrooms BETWEEN ? AND ?", q.MinBedrooms, q.MaxBedrooms)
	}
	return scope, strings.Join(conds, " AND "), args, nScope
}

// Comparables implements omanproperty.Market: per kind, the newest Limit
// rows observed on or after q.Since, and a count of the older ones (up to
// omanproperty.OlderCountLimit).
func (s *Store) Comparables(ctx context.Context, q omanproperty.Query) (omanproperty.Found, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	found := omanproperty.Found{Older: map[omanproperty.Kind]int{}, Truncated: map[omanproperty.Kind]bool{}}
	limit := q.Limit
	if limit <= 0 {
		limit = omanproperty.QueryLimit
	}
	// Rents and sales are read at once (two read connections): one
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
			r.got, r.older, r.truncated, r.err = s.newest(ctx, q, kind, limit)
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

// newest reads one kind's newest limit rows observed on or after q.Since
// (truncated: there were more) and counts the older ones, up to
// omanproperty.OlderCountLimit.
//
// Both go through the level's month index (migration 003), where within
// a month the size band is one range: a statement visits only the band's
// entries of the months it names. The rows are read from the newest two
// months first (the current month is partial), then, if they hold fewer
// than limit+1, from every other month since q.Since, which then hold
// fewer than limit+1 a month pair each; either way the newest rows are
// chosen from the index alone and only those are read from the table.
// The count names every month before q.Since and stops at the cap. So a
// kind costs four statements at most, whatever the band's width: a
// sparse band a seek a month, a dense one the entries of its newest
// months.
func (s *Store) newest(ctx context.Context, q omanproperty.Query, kind omanproperty.Kind, limit int) ([]omanproperty.Comparable, int, bool, error) {
	scope, band, args, nScope := where(q, kind)
	since := q.Since.UTC()
	first, last, ok, err := s.months(ctx, monthsStmt(scope, args[:nScope]))
	if err != nil || !ok {
		return nil, 0, false, err
	}
	cond := scope + " AND " + band
	var got []omanproperty.Comparable
	bottom := max(monthOf(since), first)
	for _, w := range [][2]int{{last - 1, last}, {bottom, last - 2}} {
		from, to := max(w[0], bottom), w[1]
		if from > to || len(got) > limit {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, 0, false, err
		}
		st := rowsStmt(s.db.Dialect(), cond, args, from, to, since, limit+1-len(got))
		rows, err := s.query(ctx, st)
		if err != nil {
			return nil, 0, false, sqlstore.Unavailable("read comparables", err)
		}
		more, err := s.scanComparables(ctx, rows)
		if err != nil {
			return nil, 0, false, err
		}
		got = append(got, more...)
	}
	truncated := len(got) > limit
	if truncated {
		got = got[:limit]
	}
	older := 0
	if to := min(monthOf(since), last); to >= first {
		if err := ctx.Err(); err != nil {
			return nil, 0, false, err
		}
		st := olderStmt(cond, args, first, to, since, omanproperty.OlderCountLimit)
		if err := s.queryRow(ctx, st, &older); err != nil {
			return nil, 0, false, sqlstore.Unavailable("count older comparables", err)
		}
	}
	return got, older, truncated, nil
}

// stmt is one statement a query runs, with its arguments.
type stmt struct {
	sql  string
	args []any
}

// monthsStmt reads the first and last month with rows in scope, each one
// probe of the level's index.
func monthsStmt(scope string, args []any) stmt {
	return stmt{`SELECT (SELECT observed_month FROM comparables WHERE ` + scope + ` ORDER BY observed_month LIMIT 1),
		(SELECT observed_month FROM comparables WHERE ` + scope + ` ORDER BY observed_month DESC LIMIT 1)`, args}
}

// rowsStmt reads the newest need rows matching cond (with args) in the
// months from..to observed on or after since: chosen from the index
// alone, then read from the table, in no particular order
// (scanComparables sorts them). On SQLite they are found again by rowid,
// which every index holds: one seek a row instead of two through the
// text primary key.
func rowsStmt(dialect, cond string, args []any, from, to int, since time.Time, need int) stmt {
	in, months := monthList(from, to, len(args))
	n := len(args) + len(months)
	key := "id"
	if dialect == "sqlite" {
		key = "rowid"
	}
	return stmt{fmt.Sprintf(`SELECT %s FROM comparables WHERE %s IN
		(SELECT %s FROM comparables WHERE %s AND observed_month IN (%s) AND observed_on >= $%d ORDER BY observed_on DESC, id LIMIT $%d)`,
		columns, key, key, cond, in, n+1, n+2), append(append(slices.Clone(args), months...), since.Format(time.DateOnly), need)}
}

// olderStmt counts up to need rows matching cond (with args) in the
// months from..to observed before since, from the index alone.
func olderStmt(cond string, args []any, from, to int, since time.Time, need int) stmt {
	in, months := monthList(from, to, len(args))
	n := len(args) + len(months)
	return stmt{fmt.Sprintf(`SELECT COUNT(*) FROM (SELECT 1 FROM comparables WHERE %s AND observed_month IN (%s) AND observed_on < $%d LIMIT $%d) t`,
		cond, in, n+1, n+2), append(append(slices.Clone(args), months...), since.Format(time.DateOnly), need)}
}

// months returns the first and last month with rows in scope (ok false:
// none).
func (s *Store) months(ctx context.Context, st stmt) (first, last int, ok bool, err error) {
	var lo, hi sql.NullInt64
	if err := s.queryRow(ctx, st, &lo, &hi); err != nil {
		return 0, 0, false, sqlstore.Unavailable("read comparables", err)
	}
	return int(lo.Int64), int(hi.Int64), lo.Valid && hi.Valid, nil
}

// monthList is the months from..to as an IN list of parameters numbered
// after n, and their values. The list is padded to a power of two (the
// first month repeated), so that the statements have few shapes and
// their preparations can be kept (sqlstore.Prepared).
func monthList(from, to, n int) (string, []any) {
	size := 1
	for size < to-from+1 {
		size *= 2
	}
	marks := make([]string, 0, size)
	vals := make([]any, 0, size)
	for i := 0; i < size; i++ {
		vals = append(vals, max(to-i, from))
		marks = append(marks, fmt.Sprintf("$%d", n+len(vals)))
	}
	return strings.Join(marks, ", "), vals
}

// query runs st (its preparation kept on SQLite: sqlstore.Prepared).
func (s *Store) query(ctx context.Context, st stmt) (*sql.Rows, error) {
	return s.prepared.Query(ctx, s.db, st.sql, st.args...)
}

// queryRow runs st, a statement of one row, into dest.
func (s *Store) queryRow(ctx context.Context, st stmt, dest ...any) error {
	return s.prepared.QueryRow(ctx, s.db, st.sql, st.args, dest...)
}

// scanComparables reads the rows of a query, stopping once ctx is done
// (each row counted in rowsRead; the test hook onRow sees it).
func (s *Store) scanComparables(ctx context.Context, rows *sql.Rows) ([]omanproperty.Comparable, error) {
	defer rows.Close()
	var out []omanproperty.Comparable
	for rows.Next() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s.rowsRead.Add(1)
		if s.onRow != nil {
			s.onRow()
		}
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
	// Newest first; the same day by id (as the statement chose them).
	slices.SortFunc(out, func(a, b omanproperty.Comparable) int {
		if c := b.ObservedOn.Compare(a.ObservedOn); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
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
