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

// where is the query's condition and arguments, numbered from $1.
func where(q vehiclevalue.Query) (string, []any) {
	args := []any{q.Make.Key, q.Model.Key, q.YearMin, q.YearMax, q.Since.UTC().Format(time.DateOnly), q.Until.UTC().Format(time.DateOnly)}
	marks := make([]string, len(q.Countries))
	for i, c := range q.Countries {
		args = append(args, c)
		marks[i] = fmt.Sprintf("$%d", len(args))
	}
	cond := `make_key = $1 AND model_key = $2 AND year BETWEEN $3 AND $4 AND listed_on >= $5 AND listed_on <= $6`
	if len(marks) > 0 {
		cond += ` AND country IN (` + strings.Join(marks, ", ") + `)`
	}
	return cond, args
}

// Find implements vehiclevalue.Listings: the newest q.Limit listings of
// the make and model within the years, countries and dates.
func (s *Store) Find(ctx context.Context, q vehiclevalue.Query) (vehiclevalue.Found, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	limit := q.Limit
	if limit <= 0 {
		limit = vehiclevalue.QueryLimit
	}
	cond, args := where(q)
	// The subject's own country first (regional listings are only a
	// fallback), then newest first.
	local := q.SubjectCountry
	if local == "" && len(q.Countries) > 0 {
		local = q.Countries[0]
	}
	rows, err := s.db.Read().QueryContext(ctx, fmt.Sprintf(`SELECT %s FROM vehicle_listings WHERE %s
		ORDER BY CASE WHEN country = $%d THEN 0 ELSE 1 END, listed_on DESC, id LIMIT $%d`,
		columns, cond, len(args)+1, len(args)+2), append(args, local, limit+1)...)
	if err != nil {
		return vehiclevalue.Found{}, sqlstore.Unavailable("read vehicle listings", err)
	}
	defer rows.Close()
	var f vehiclevalue.Found
	for rows.Next() {
		var l vehiclevalue.Listing
		var km sql.NullInt64
		var cents, msrp int64
		var listed string
		if err := rows.Scan(&l.ID, &l.Batch, &l.Make, &l.Model, &l.Trim, &l.Year, &km, &cents, &l.Currency, &l.Country, &l.City, &listed, &l.PriceType,
			&l.SellerType, &l.VIN, &l.Condition, &l.FuelType, &l.Transmission, &l.BodyType, &l.Drivetrain, &msrp, &l.SourceName, &l.SourceURL,
			&l.Synthetic); err != nil {
			return f, sqlstore.Unavailable("read vehicle listings", err)
		}
		if km.Valid {
			k := int(km.Int64)
			l.MileageKm = &k
		}
		l.Price, l.MSRP = float64(cents)/100, float64(msrp)/100
		if l.ListedOn, err = time.Parse(time.DateOnly, listed); err != nil {
			return f, fmt.Errorf("vehicle listing %s: date %q: %w", l.ID, listed, err)
		}
		f.Listings = append(f.Listings, l)
	}
	if err := rows.Err(); err != nil {
		return f, sqlstore.Unavailable("read vehicle listings", err)
	}
	if len(f.Listings) > limit {
		f.Listings, f.Truncated = f.Listings[:limit], true
	}
	return f, nil
}

// Count implements vehiclevalue.Listings.
func (s *Store) Count(ctx context.Context, q vehiclevalue.Query) (int, int, time.Time, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	cond, args := where(q)
	var n, synthetic int
	var newest sql.NullString
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN synthetic THEN 1 ELSE 0 END), 0), MAX(listed_on) FROM vehicle_listings WHERE `+cond,
		args...).Scan(&n, &synthetic, &newest); err != nil {
		return 0, 0, time.Time{}, sqlstore.Unavailable("count vehicle listings", err)
	}
	var t time.Time
	if newest.Valid {
		t, _ = time.Parse(time.DateOnly, newest.String)
	}
	return n, synthetic, t, nil
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
