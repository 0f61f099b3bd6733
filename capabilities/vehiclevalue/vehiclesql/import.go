package vehiclesql

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/dataset"
	"dalil/dataset/listings"
	"dalil/store/sqlstore"
)

// Name implements dataset.Importer.
func (s *Store) Name() string { return Name }

// Formats implements dataset.Importer: CSV (the default) and JSON lines.
func (s *Store) Formats() []string { return slices.Clone(listings.Formats) }

// rowsPerInsert: 26 columns × 400 rows = 10,400 parameters, under SQLite's
// 32,766 and PostgreSQL's 65,535. A reading of the file checks its
// context as often.
const rowsPerInsert = 400

// maxFile bounds what Import reads (the admin route has its own, smaller,
// limit): 2,000,000 rows (listings.MaxRows) of a few hundred bytes.
const maxFile = 1 << 30

// Import implements dataset.Importer. Every row is validated first; with
// a bad row and no SkipBad nothing is written (Refused). The good rows
// and their batch are written in one transaction. The batch id follows
// from the file's content hash: the same file again writes nothing and
// reports its first batch (Unchanged). The order of those checks is
// dataset.Commit's.
//
// The file is read twice and held nowhere (dataset.Spool): once to
// validate and hash it, then, if it is to be written, again inside the
// transaction, rowsPerInsert rows a statement. Progress goes to
// opts.Progress; a done ctx stops either reading within rowsPerInsert
// rows.
func (s *Store) Import(ctx context.Context, r io.Reader, opts dataset.ImportOptions) (dataset.Report, error) {
	rep := dataset.NewReport(Name, opts)
	if err := opts.Validate(); err != nil {
		return rep, err
	}
	if opts.Format != "" && !slices.Contains(listings.Formats, opts.Format) {
		return rep, dataset.Unreadable(fmt.Errorf("format %q: use one of %s", opts.Format, strings.Join(listings.Formats, ", ")))
	}
	file, err := dataset.Spool(r, maxFile)
	if err != nil {
		return rep, err
	}
	defer file.Close()
	now := s.db.Now()
	read := opts.Read(ctx, "validating", rowsPerInsert, &s.rowsRead)
	res, err := listings.Scan(file, opts.Format, opts.Filename, now, func(*listings.Row) error { return read.Step() })
	rep.Rows, rep.BadRows, rep.Errors = res.Total, res.Bad, append(rep.Errors, res.Errors...)
	if err != nil {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		return rep, dataset.Unreadable(err)
	}
	// The batch the file's rows are written as; the report names it only
	// once it exists (never for a refused or empty file).
	batch := "veh_" + res.Hash[:16]
	err = dataset.Commit(ctx, &rep, opts.SkipBad, dataset.Steps{
		Imported: func(ctx context.Context) (string, error) {
			ctx, cancel := s.db.Bound(ctx)
			defer cancel()
			id, err := batchByHash(ctx, s.db.Read(), res.Hash)
			return id, sqlstore.Unavailable("read vehicle listing batches", err)
		},
		Write: func(ctx context.Context) (string, int, error) { return s.write(ctx, batch, opts, file, res, now) },
	})
	return rep, err
}

// write writes the good rows of file, read again, and their batch in one
// transaction and refreshes the planner's statistics; it returns the
// batch written and its rows (none, and no batch, when there is no good
// row), or dataset.ErrImported with the batch that imported the file
// meanwhile, or dataset.ErrChanged when the file's second reading is not
// the one validated.
func (s *Store) write(ctx context.Context, batch string, opts dataset.ImportOptions, file *dataset.Spooled, res listings.Result, now time.Time) (string, int, error) {
	if res.Good() == 0 {
		return "", 0, nil
	}
	var earlier string
	written := 0
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		// A concurrent import of the same file may have committed since
		// Commit looked. (On PostgreSQL, one still in progress when this
		// transaction looked makes its insert of the batch fail on the
		// unique hash; Tx runs this function again, which finds it.)
		id, err := batchByHash(ctx, tx, res.Hash)
		switch {
		case err != nil:
			return sqlstore.Unavailable("import vehicle listings", err)
		case id != "":
			earlier = id
			return dataset.ErrImported
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO vehicle_listing_batches (id, content_hash, source, license, synthetic, rows_count, imported_at,
			retrieved_at, period_from, period_to) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, batch, res.Hash, opts.Source, opts.License,
			opts.Synthetic, res.Good(), micros(now), micros(opts.Retrieved(now)), res.Period.From.Format(time.DateOnly),
			res.Period.To.Format(time.DateOnly)); err != nil {
			return sqlstore.Unavailable("import vehicle listings", err)
		}
		chunks := dataset.Chunks[listings.Row]{Size: rowsPerInsert, Write: func(rows []listings.Row) error {
			return insert(ctx, tx, s.db, batch, opts, rows)
		}}
		read := opts.Read(ctx, "writing", rowsPerInsert, &s.rowsRead)
		written, err = dataset.Rewrite(file, res.Hash, &chunks, read, func(r io.Reader, each func(*listings.Row) error) (string, error) {
			again, err := listings.Scan(r, opts.Format, opts.Filename, now, each)
			return again.Hash, err
		})
		return err
	})
	if err != nil {
		return earlier, 0, err
	}
	// Fresh planner statistics after a large import; on PostgreSQL a
	// vacuum too, whose visibility map lets the find index answer alone
	// (an index-only scan): without it a popular model's find fetched
	// each of its 501 chosen rows from the table, and the first estimate
	// after a million-row import took 138 ms, 15 ms after
	// (docs/performance.md, issue 34). A failure loses nothing: the rows
	// are in, the statistics are an optimisation.
	refresh := `ANALYZE vehicle_listings`
	if s.db.Dialect() == "postgres" {
		refresh = `VACUUM (ANALYZE) vehicle_listings`
	}
	_, _ = s.db.Write().ExecContext(ctx, refresh)
	return batch, written, nil
}

// insert writes rows with one multi-row INSERT.
func insert(ctx context.Context, tx *sql.Tx, db sqlstore.DB, batch string, opts dataset.ImportOptions, rows []listings.Row) error {
	args := make([]any, 0, 26*len(rows))
	for _, rw := range rows {
		l := rw.Listing
		id := batch + "/" + rw.RecordID
		if rw.RecordID == "" {
			id = fmt.Sprintf("%s/L%d", batch, rw.Line)
		}
		var km any
		if l.MileageKm != nil {
			km = *l.MileageKm
		}
		source := l.SourceName
		if source == "" {
			source = opts.Source
		}
		args = append(args, id, batch, l.Make, l.Model, vehiclevalue.Key(l.Make), vehiclevalue.Key(l.Model), l.Trim, l.Year, km,
			int64(math.Round(l.Price*100)), l.Currency, l.Country, l.City, l.ListedOn.Format(time.DateOnly), l.PriceType, l.SellerType, l.VIN,
			l.Condition, l.FuelType, l.Transmission, l.BodyType, l.Drivetrain, int64(math.Round(l.MSRP*100)), source, l.SourceURL, opts.Synthetic)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO vehicle_listings (id, batch_id, make, model, make_key, model_key, trim, year, mileage_km, price_cents,
		currency, country, city, listed_on, price_type, seller_type, vin, condition, fuel_type, transmission, body_type, drivetrain, msrp_cents,
		source_name, source_url, synthetic) VALUES `+db.Values(len(rows), 26), args...); err != nil {
		return sqlstore.Unavailable("import vehicle listings", err)
	}
	return nil
}

// batchByHash returns the batch that imported the file with this content
// hash, or "" when none did; q is the read pool or a transaction.
func batchByHash(ctx context.Context, q sqlstore.Querier, hash string) (string, error) {
	return sqlstore.OptionalString(ctx, q, `SELECT id FROM vehicle_listing_batches WHERE content_hash = $1`, hash)
}

// Coverage is the listings dataset's coverage (dataset.Stats.Coverage):
// what an operator needs to see what the service can answer.
type Coverage struct {
	// MaxAgeDays is the age past which estimates drop a listing.
	MaxAgeDays int `json:"maxAgeDays"`
	Synthetic  int `json:"synthetic"`
	// ByMarket: listings per country and currency, with the newest date.
	ByMarket []MarketCoverage `json:"byMarket"`
	// ByMake: listings and models per make.
	ByMake []MakeCoverage `json:"byMake"`
	// ByAge: listings per age band of their listing date.
	ByAge []AgeCoverage `json:"byAge"`
}

// MarketCoverage is one country's listings.
type MarketCoverage struct {
	Country  string `json:"country"`
	Currency string `json:"currency"`
	Listings int    `json:"listings"`
	Newest   string `json:"newest"`
}

// MakeCoverage is one make's listings.
type MakeCoverage struct {
	Make     string `json:"make"`
	Models   int    `json:"models"`
	Listings int    `json:"listings"`
}

// AgeCoverage is one age band's listings.
type AgeCoverage struct {
	Band     string `json:"band"`
	Listings int    `json:"listings"`
}

// ageBands are days since listing, upper bound inclusive; the last is open.
var ageBands = []struct {
	name string
	days int
}{{"0-30 days", 30}, {"31-90 days", 90}, {"91-365 days", vehiclevalue.DefaultMaxListingAgeDays}, {"over 365 days (not used)", -1}}

// Stats implements dataset.Importer: rows, batches and Coverage by
// market, make and age.
func (s *Store) Stats(ctx context.Context) (dataset.Stats, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	st := dataset.Stats{Dataset: Name, Batches: []dataset.Batch{}}
	bs, err := s.batches(ctx, "")
	if err != nil {
		return st, err
	}
	cov := Coverage{MaxAgeDays: vehiclevalue.DefaultMaxListingAgeDays, ByMarket: []MarketCoverage{}, ByMake: []MakeCoverage{}, ByAge: []AgeCoverage{}}
	for _, b := range bs {
		st.Batches = append(st.Batches, b)
		st.Rows += b.Rows
		if b.Synthetic {
			cov.Synthetic += b.Rows
		}
	}
	q := func(query string, args []any, scan func(*sql.Rows) error) error {
		rows, err := s.db.Read().QueryContext(ctx, query, args...)
		if err != nil {
			return sqlstore.Unavailable("vehicle listings stats", err)
		}
		defer rows.Close()
		for rows.Next() {
			if err := scan(rows); err != nil {
				return sqlstore.Unavailable("vehicle listings stats", err)
			}
		}
		return sqlstore.Unavailable("vehicle listings stats", rows.Err())
	}
	if err := q(`SELECT country, currency, COUNT(*), MAX(listed_on) FROM vehicle_listings GROUP BY country, currency ORDER BY country, currency`, nil,
		func(r *sql.Rows) error {
			var m MarketCoverage
			err := r.Scan(&m.Country, &m.Currency, &m.Listings, &m.Newest)
			cov.ByMarket = append(cov.ByMarket, m)
			return err
		}); err != nil {
		return st, err
	}
	if err := q(`SELECT make, COUNT(DISTINCT model_key), COUNT(*) FROM vehicle_listings GROUP BY make ORDER BY make`, nil, func(r *sql.Rows) error {
		var m MakeCoverage
		err := r.Scan(&m.Make, &m.Models, &m.Listings)
		cov.ByMake = append(cov.ByMake, m)
		return err
	}); err != nil {
		return st, err
	}
	today := s.db.Now().UTC()
	var cases []string
	var args []any
	for i, b := range ageBands {
		cov.ByAge = append(cov.ByAge, AgeCoverage{Band: b.name})
		if b.days >= 0 {
			args = append(args, today.AddDate(0, 0, -b.days).Format(time.DateOnly))
			cases = append(cases, fmt.Sprintf("WHEN listed_on >= $%d THEN %d", len(args), i))
		}
	}
	if err := q(fmt.Sprintf(`SELECT band, COUNT(*) FROM (SELECT CASE %s ELSE %d END AS band FROM vehicle_listings) t GROUP BY band`,
		strings.Join(cases, " "), len(ageBands)-1), args, func(r *sql.Rows) error {
		var band, n int
		err := r.Scan(&band, &n)
		if err == nil && band >= 0 && band < len(cov.ByAge) {
			cov.ByAge[band].Listings = n
		}
		return err
	}); err != nil {
		return st, err
	}
	st.Coverage = cov
	return st, nil
}
