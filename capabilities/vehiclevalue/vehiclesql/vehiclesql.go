// Package vehiclesql keeps the listings dataset of vehicle_value_estimate
// in the store's SQL database, SQLite or PostgreSQL: its own tables and
// embedded migrations (list Module() in sqlstore.Options.Modules), the
// capability's Listings port, and the dataset's importer
// (dataset.Importer named "listings"), which reads CSV and JSON-lines
// files with dataset/listings.
package vehiclesql

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/dataset"
	"dalil/store/sqlstore"
)

//go:embed migrations
var migrations embed.FS

// Module is the schema of the listings tables, recorded in
// schema_migrations as "vehiclevalue/NNN_...".
func Module() sqlstore.Module {
	return sqlstore.EmbeddedModule("vehiclevalue", migrations)
}

// Name is the dataset's name: `dalil listings import|stats` and
// /admin/v1/datasets/listings.
const Name = "listings"

// Store is the listings dataset on a store's database. Calls on a request
// path are bounded by the store's operation timeout and wrap
// dalil.ErrStorageUnavailable when the database fails.
type Store struct {
	db sqlstore.DB

	// rowsRead counts the rows this store has read: both readings of
	// every import, and the listings every query read. Tests count the
	// work done after a cancellation.
	rowsRead atomic.Int64
	// onRow, when set (tests), is called for each listing a query reads.
	onRow func()

	prepared sqlstore.Prepared
}

var (
	_ vehiclevalue.Listings = (*Store)(nil)
	_ dataset.Importer      = (*Store)(nil)
)

// New returns the dataset on db.
func New(db sqlstore.DB) *Store { return &Store{db: db} }

func micros(t time.Time) int64 { return t.UTC().UnixMicro() }

const columns = `id, batch_id, make, model, trim, year, mileage_km, price_cents, currency, country, city, listed_on, price_type, seller_type, vin,
	condition, fuel_type, transmission, body_type, drivetrain, msrp_cents, source_name, source_url, synthetic`

// years is the query's model years as an IN list of parameters numbered
// after n, and their values, padded to a power of two (the first year
// repeated) so that the statements have few shapes (sqlstore.Prepared).
func years(q vehiclevalue.Query, n int) (string, []any) {
	return inList(q.YearMin, q.YearMax, n)
}

// inList is the integers from..to as an IN list of parameters numbered
// after n, padded to a power of two, and their values.
func inList(from, to, n int) (string, []any) {
	size := 1
	for size < to-from+1 {
		size *= 2
	}
	marks := make([]string, size)
	vals := make([]any, size)
	for i := range size {
		vals[i] = max(to-i, from)
		marks[i] = fmt.Sprintf("$%d", n+i+1)
	}
	return strings.Join(marks, ", "), vals
}

// maxYearList is the widest year range given as a list; a wider one is a
// range, which the count index cannot bound by date (no caller asks for
// one: an estimate asks for ±2 years).
const maxYearList = 32

// key is the column a chosen listing is read back by: its rowid on SQLite
// (one seek), its id on PostgreSQL.
func (s *Store) key() string {
	if s.db.Dialect() == "sqlite" {
		return "rowid"
	}
	return "id"
}

// chosen is a listing chosen from the find index: its key, date and id.
type chosen struct {
	key    any
	listed string
	id     string
}

// newer orders chosen listings newest first, the same day by id.
func newer(a, b chosen) int {
	if c := strings.Compare(b.listed, a.listed); c != 0 {
		return c
	}
	return strings.Compare(a.id, b.id)
}

// Find implements vehiclevalue.Listings: the newest q.Limit listings of
// the make and model within the years, countries and dates, the subject's
// own country first (regional listings are only a fallback), then newest
// first.
//
// The listings are chosen from the find index (migration 002) alone, a
// market at a time, newest first, each statement stopping at the
// listings it needs: the subject's market, then, if it holds too few, each
// regional one for the rest, merged by date. Only the chosen rows are
// then read from the table, by one statement.
func (s *Store) Find(ctx context.Context, q vehiclevalue.Query) (vehiclevalue.Found, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	limit := q.Limit
	if limit <= 0 {
		limit = vehiclevalue.QueryLimit
	}
	local := q.SubjectCountry
	if local == "" && len(q.Countries) > 0 {
		local = q.Countries[0]
	}
	var f vehiclevalue.Found
	if len(q.Countries) == 0 {
		var err error
		if q.Countries, err = s.markets(ctx, q); err != nil {
			return f, err
		}
	}
	var picked []chosen
	if slices.Contains(q.Countries, local) {
		got, err := s.choose(ctx, q, local, limit+1)
		if err != nil {
			return f, err
		}
		picked = got
	}
	if len(picked) <= limit {
		var regional []chosen
		for _, c := range q.Countries {
			if c == local || slices.Contains(q.Countries[:slices.Index(q.Countries, c)], c) {
				continue
			}
			got, err := s.choose(ctx, q, c, limit+1-len(picked))
			if err != nil {
				return f, err
			}
			regional = append(regional, got...)
		}
		slices.SortFunc(regional, newer)
		picked = append(picked, regional[:min(len(regional), limit+1-len(picked))]...)
	}
	if len(picked) > limit {
		picked, f.Truncated = picked[:limit], true
	}
	if len(picked) == 0 {
		return f, nil
	}
	ls, err := s.read(ctx, picked)
	if err != nil {
		return f, err
	}
	f.Listings = ls
	return f, nil
}

// markets are the countries with listings of q's make and model: a query
// that names no market asks for all of them (no caller does; a read of
// the model's index entries).
func (s *Store) markets(ctx context.Context, q vehiclevalue.Query) ([]string, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT DISTINCT country FROM vehicle_listings WHERE make_key = $1 AND model_key = $2 ORDER BY country`,
		q.Make.Key, q.Model.Key)
	if err != nil {
		return nil, sqlstore.Unavailable("read vehicle listings", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, sqlstore.Unavailable("read vehicle listings", err)
		}
		out = append(out, c)
	}
	return out, sqlstore.Unavailable("read vehicle listings", rows.Err())
}

// choose returns the newest need listings of q in country from the find
// index alone.
func (s *Store) choose(ctx context.Context, q vehiclevalue.Query, country string, need int) ([]chosen, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	q2, args := chooseStmt(s.key(), q, country, need)
	rows, err := s.prepared.Query(ctx, s.db, q2, args...)
	if err != nil {
		return nil, sqlstore.Unavailable("read vehicle listings", err)
	}
	defer rows.Close()
	var out []chosen
	for rows.Next() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var c chosen
		if err := rows.Scan(&c.key, &c.listed, &c.id); err != nil {
			return nil, sqlstore.Unavailable("read vehicle listings", err)
		}
		out = append(out, c)
	}
	return out, sqlstore.Unavailable("read vehicle listings", rows.Err())
}

// chooseStmt is the statement that chooses the newest need listings of q
// in country from the find index alone.
func chooseStmt(key string, q vehiclevalue.Query, country string, need int) (string, []any) {
	return `SELECT ` + key + `, listed_on, id FROM vehicle_listings
		WHERE make_key = $1 AND model_key = $2 AND country = $3 AND listed_on >= $4 AND listed_on <= $5 AND year BETWEEN $6 AND $7
		ORDER BY listed_on DESC, id LIMIT $8`, []any{q.Make.Key, q.Model.Key, country, q.Since.UTC().Format(time.DateOnly), q.Until.UTC().Format(time.DateOnly),
			q.YearMin, q.YearMax, need}
}

// readStmt is the statement that reads the rows of the chosen listings,
// by key: an IN list padded to a power of two (the last key repeated).
func readStmt(key string, picked []chosen) (string, []any) {
	size := 1
	for size < len(picked) {
		size *= 2
	}
	marks := make([]string, size)
	args := make([]any, size)
	for i := range size {
		marks[i], args[i] = fmt.Sprintf("$%d", i+1), picked[min(i, len(picked)-1)].key
	}
	return fmt.Sprintf(`SELECT %s FROM vehicle_listings WHERE %s IN (%s)`, columns, key, strings.Join(marks, ", ")), args
}

// read reads the chosen listings' rows and returns them in the chosen
// order.
func (s *Store) read(ctx context.Context, picked []chosen) ([]vehiclevalue.Listing, error) {
	at := map[string]int{}
	for i, c := range picked {
		at[c.id] = i
	}
	q, args := readStmt(s.key(), picked)
	rows, err := s.prepared.Query(ctx, s.db, q, args...)
	if err != nil {
		return nil, sqlstore.Unavailable("read vehicle listings", err)
	}
	defer rows.Close()
	out := make([]vehiclevalue.Listing, len(picked))
	for rows.Next() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s.rowsRead.Add(1)
		if s.onRow != nil {
			s.onRow()
		}
		var l vehiclevalue.Listing
		var km sql.NullInt64
		var cents, msrp int64
		var listed string
		if err := rows.Scan(&l.ID, &l.Batch, &l.Make, &l.Model, &l.Trim, &l.Year, &km, &cents, &l.Currency, &l.Country, &l.City, &listed, &l.PriceType,
			&l.SellerType, &l.VIN, &l.Condition, &l.FuelType, &l.Transmission, &l.BodyType, &l.Drivetrain, &msrp, &l.SourceName, &l.SourceURL,
			&l.Synthetic); err != nil {
			return nil, sqlstore.Unavailable("read vehicle listings", err)
		}
		if km.Valid {
			k := int(km.Int64)
			l.MileageKm = &k
		}
		l.Price, l.MSRP = float64(cents)/100, float64(msrp)/100
		if l.ListedOn, err = time.Parse(time.DateOnly, listed); err != nil {
			return nil, fmt.Errorf("vehicle listing %s: date %q: %w", l.ID, listed, err)
		}
		i, ok := at[l.ID]
		if !ok {
			return nil, fmt.Errorf("vehicle listing %s: read but not chosen", l.ID)
		}
		out[i] = l
	}
	return out, sqlstore.Unavailable("read vehicle listings", rows.Err())
}

// Count implements vehiclevalue.Listings: from the count index alone, a
// date range per market and model year.
func (s *Store) Count(ctx context.Context, q vehiclevalue.Query) (int, int, time.Time, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	if len(q.Countries) == 0 {
		var err error
		if q.Countries, err = s.markets(ctx, q); err != nil || len(q.Countries) == 0 {
			return 0, 0, time.Time{}, err
		}
	}
	var n, synthetic int
	var newest sql.NullString
	cq, args := countStmt(q)
	if err := s.prepared.QueryRow(ctx, s.db, cq, args, &n, &synthetic, &newest); err != nil {
		return 0, 0, time.Time{}, sqlstore.Unavailable("count vehicle listings", err)
	}
	var t time.Time
	if newest.Valid {
		t, _ = time.Parse(time.DateOnly, newest.String)
	}
	return n, synthetic, t, nil
}

// countStmt is the statement that counts q's listings (q names its
// markets) from the count index alone.
func countStmt(q vehiclevalue.Query) (string, []any) {
	args := []any{q.Make.Key, q.Model.Key, q.Since.UTC().Format(time.DateOnly), q.Until.UTC().Format(time.DateOnly)}
	cin, cs := inStrings(q.Countries, len(args))
	args = append(args, cs...)
	cond := `make_key = $1 AND model_key = $2 AND listed_on >= $3 AND listed_on <= $4 AND country IN (` + cin + `)`
	if q.YearMax-q.YearMin < maxYearList {
		yin, ys := years(q, len(args))
		cond += ` AND year IN (` + yin + `)`
		args = append(args, ys...)
	} else {
		cond += fmt.Sprintf(` AND year BETWEEN $%d AND $%d`, len(args)+1, len(args)+2)
		args = append(args, q.YearMin, q.YearMax)
	}
	return `SELECT COUNT(*), COALESCE(SUM(CASE WHEN synthetic THEN 1 ELSE 0 END), 0), MAX(listed_on) FROM vehicle_listings WHERE ` + cond, args
}

// inStrings is vals as an IN list of parameters numbered after n, padded
// to a power of two (the first value repeated), and their values.
func inStrings(vals []string, n int) (string, []any) {
	size := 1
	for size < len(vals) {
		size *= 2
	}
	marks := make([]string, size)
	out := make([]any, size)
	for i := range size {
		out[i] = vals[0]
		if i < len(vals) {
			out[i] = vals[i]
		}
		marks[i] = fmt.Sprintf("$%d", n+i+1)
	}
	return strings.Join(marks, ", "), out
}

// Batches implements vehiclevalue.Listings.
func (s *Store) Batches(ctx context.Context, ids []string) ([]vehiclevalue.DatasetBatch, error) {
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

func (s *Store) batches(ctx context.Context, clause string, args ...any) ([]dataset.Batch, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, source, license, synthetic, rows_count, imported_at, retrieved_at
		FROM vehicle_listing_batches `+clause+` ORDER BY imported_at, id`, args...)
	if err != nil {
		return nil, sqlstore.Unavailable("read vehicle listing batches", err)
	}
	defer rows.Close()
	var out []dataset.Batch
	for rows.Next() {
		var b dataset.Batch
		var imported, retrieved int64
		if err := rows.Scan(&b.ID, &b.Source, &b.License, &b.Synthetic, &b.Rows, &imported, &retrieved); err != nil {
			return nil, sqlstore.Unavailable("read vehicle listing batches", err)
		}
		b.ImportedAt, b.RetrievedAt = time.UnixMicro(imported).UTC(), time.UnixMicro(retrieved).UTC()
		out = append(out, b)
	}
	return out, sqlstore.Unavailable("read vehicle listing batches", rows.Err())
}
