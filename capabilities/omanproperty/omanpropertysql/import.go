package omanpropertysql

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"dalil/capabilities/omanproperty"
	"dalil/dataset"
	"dalil/dataset/comparables"
	"dalil/internal/round"
	"dalil/store/sqlstore"
)

var _ dataset.Importer = (*Store)(nil)

// Name implements dataset.Importer.
func (s *Store) Name() string { return Name }

// Formats implements dataset.Importer: CSV (the default) and JSON lines.
func (s *Store) Formats() []string { return slices.Clone(comparables.Formats) }

// insertChunk is how many rows one INSERT statement writes (18 columns ×
// 400 rows = 7,200 parameters, under SQLite's 32,766 and PostgreSQL's
// 65,535), and how often a reading of the file checks its context.
const insertChunk = 400

// maxFile bounds what Import reads (the admin route has its own, smaller,
// limit): 2,000,000 rows (comparables.MaxRows) of a few hundred bytes.
const maxFile = 1 << 30

// Import implements dataset.Importer. Every row is validated
// (dataset/comparables); with a bad row and no SkipBad nothing is
// written (Refused). Otherwise the good rows and their batch are written
// in one transaction. The batch id follows from the file's content hash,
// so the same file imported again writes nothing and reports the batch it
// got the first time (Unchanged). The order of those checks is
// dataset.Commit's.
//
// The file is read twice and held nowhere (dataset.Spool): once to
// validate and hash it (Commit's checks need the bad rows and the hash
// before anything is written), then, if it is to be written, again inside
// the transaction, insertChunk rows a statement. Progress goes to
// opts.Progress; a done ctx stops either reading within insertChunk rows.
func (s *Store) Import(ctx context.Context, r io.Reader, opts dataset.ImportOptions) (dataset.Report, error) {
	rep := dataset.NewReport(Name, opts)
	if err := opts.Validate(); err != nil {
		return rep, dataset.Unreadable(err)
	}
	if opts.Format != "" && !slices.Contains(comparables.Formats, opts.Format) {
		return rep, dataset.Unreadable(fmt.Errorf("format %q: use one of %s", opts.Format, strings.Join(comparables.Formats, ", ")))
	}
	file, err := dataset.Spool(r, maxFile)
	if err != nil {
		return rep, err
	}
	defer file.Close()
	now := s.db.Now()
	read := opts.Read(ctx, "validating", insertChunk, &s.rowsRead)
	res, err := comparables.Scan(file, opts.Format, opts.Filename, now, func(*comparables.Row) error { return read.Step() })
	rep.Rows, rep.BadRows, rep.Errors = res.Total, res.Bad, append(rep.Errors, res.Errors...)
	if err != nil {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		return rep, dataset.Unreadable(err)
	}
	// The batch the file's rows are written as; the report names it only
	// once it exists (never for a refused or empty file).
	batch := "cmp_" + res.Hash[:16]
	err = dataset.Commit(ctx, &rep, opts.SkipBad, dataset.Steps{
		Imported: func(ctx context.Context) (string, error) {
			ctx, cancel := s.db.Bound(ctx)
			defer cancel()
			id, err := batchByHash(ctx, s.db.Read(), res.Hash)
			return id, sqlstore.Unavailable("read comparable batches", err)
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
func (s *Store) write(ctx context.Context, batch string, opts dataset.ImportOptions, file *dataset.Spooled, res comparables.Result, now time.Time) (string, int, error) {
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
			return sqlstore.Unavailable("import comparables", err)
		case id != "":
			earlier = id
			return dataset.ErrImported
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO comparable_batches (id, content_hash, source, license, synthetic, rows_count, imported_at, retrieved_at, period_from, period_to)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, batch, res.Hash, opts.Source, opts.License, opts.Synthetic, res.Good(),
			micros(now), micros(opts.Retrieved(now)), res.Period.From.Format(time.DateOnly), res.Period.To.Format(time.DateOnly)); err != nil {
			return sqlstore.Unavailable("import comparables", err)
		}
		chunks := dataset.Chunks[comparables.Row]{Size: insertChunk, Write: func(rows []comparables.Row) error {
			return insertRows(ctx, tx, s.db, batch, opts, rows)
		}}
		read := opts.Read(ctx, "writing", insertChunk, &s.rowsRead)
		written, err = dataset.Rewrite(file, res.Hash, &chunks, read, func(r io.Reader, each func(*comparables.Row) error) (string, error) {
			again, err := comparables.Scan(r, opts.Format, opts.Filename, now, each)
			return again.Hash, err
		})
		return err
	})
	if err != nil {
		return earlier, 0, err
	}
	// Fresh statistics, so the planner keeps using the per-level indexes
	// after a large import (PostgreSQL's autovacuum would get there later;
	// SQLite never on its own); on PostgreSQL a vacuum too, whose
	// visibility map lets the band indexes answer without reading the
	// table. A failure here loses nothing: the rows are in, the
	// statistics are an optimisation.
	refresh := `ANALYZE comparables`
	if s.db.Dialect() == "postgres" {
		refresh = `VACUUM (ANALYZE) comparables`
	}
	_, _ = s.db.Write().ExecContext(ctx, refresh)
	return batch, written, nil
}

// insertRows writes rows with one multi-row INSERT.
func insertRows(ctx context.Context, tx *sql.Tx, db sqlstore.DB, batch string, opts dataset.ImportOptions, rows []comparables.Row) error {
	args := make([]any, 0, 18*len(rows))
	for _, row := range rows {
		c := row.Comparable
		id := batch + "/" + row.RecordID
		if row.RecordID == "" {
			id = fmt.Sprintf("%s/L%d", batch, row.Line)
		}
		var baths any
		if c.Bathrooms != nil {
			baths = *c.Bathrooms
		}
		source := c.SourceName
		if source == "" {
			source = opts.Source
		}
		baisa := int64(round.Half(c.AmountOMR*1000, 0))
		args = append(args, id, batch, string(c.Kind), c.Area, c.Wilayat, c.PropertyType, c.Bedrooms, baths, c.SizeSqm, baisa,
			c.RentPeriod, c.Furnished, c.ObservedOn.Format(time.DateOnly), monthOf(c.ObservedOn), c.SourceType, source, c.SourceURL, opts.Synthetic)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO comparables (id, batch_id, kind, area_id, wilayat_id, property_type, bedrooms, bathrooms, size_sqm,
		amount_baisa, rent_period, furnished, observed_on, observed_month, source_type, source_name, source_url, synthetic) VALUES `+db.Values(len(rows), 18), args...); err != nil {
		return sqlstore.Unavailable("import comparables", err)
	}
	return nil
}

// batchByHash returns the batch that imported the file with this content
// hash, or "" when none did; q is the read pool or a transaction.
func batchByHash(ctx context.Context, q sqlstore.Querier, hash string) (string, error) {
	return sqlstore.OptionalString(ctx, q, `SELECT id FROM comparable_batches WHERE content_hash = $1`, hash)
}

// Coverage is the comparables dataset's coverage (dataset.Stats.Coverage).
type Coverage struct {
	// CutoffDays is the age past which analyses drop a comparable.
	CutoffDays int `json:"cutoffDays"`
	// Synthetic counts the rows of synthetic (demo) imports.
	Synthetic int `json:"synthetic"`
	// ByArea: rows per place (area, or wilayat for rows filed only by
	// wilayat), with the newest date; places without rows are listed too,
	// so gaps show.
	ByArea []AreaCoverage `json:"byArea"`
	// ByType: rows per property type.
	ByType []TypeCoverage `json:"byType"`
	// ByRecency: rows per age band, by kind.
	ByRecency []RecencyCoverage `json:"byRecency"`
}

// AreaCoverage is one place's rows.
type AreaCoverage struct {
	Area    string `json:"area"`
	AreaID  string `json:"areaId"`
	Wilayat string `json:"wilayat"`
	Rent    int    `json:"rent"`
	Sale    int    `json:"sale"`
	Newest  string `json:"newest,omitempty"`
}

// TypeCoverage is one property type's rows.
type TypeCoverage struct {
	PropertyType string `json:"propertyType"`
	Rent         int    `json:"rent"`
	Sale         int    `json:"sale"`
}

// RecencyCoverage is one age band's rows.
type RecencyCoverage struct {
	Band string `json:"band"`
	Rent int    `json:"rent"`
	Sale int    `json:"sale"`
}

// recencyBands are the age bands of Stats, in days (upper bound
// inclusive; the last is open).
var recencyBands = []struct {
	name string
	days int
}{{"0-90 days", 90}, {"91-365 days", 365}, {"366-730 days", omanproperty.CutoffDays}, {"over 730 days (not used)", -1}}

// Stats implements dataset.Importer: rows, batches and Coverage.
func (s *Store) Stats(ctx context.Context) (dataset.Stats, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	st := dataset.Stats{Dataset: Name, Batches: []dataset.Batch{}}
	bs, err := s.batches(ctx, "")
	if err != nil {
		return st, err
	}
	cov := Coverage{CutoffDays: omanproperty.CutoffDays, ByArea: []AreaCoverage{}, ByType: []TypeCoverage{}, ByRecency: []RecencyCoverage{}}
	for _, b := range bs {
		st.Batches = append(st.Batches, b.Batch)
		st.Rows += b.Rows
		if b.Synthetic {
			cov.Synthetic += b.Rows
		}
	}
	// By place: every place of the gazetteer, so gaps show; a place id no
	// longer in the gazetteer is listed as it is.
	index := map[string]int{}
	for _, p := range omanproperty.Places() {
		if p.Level == omanproperty.LevelGovernorate {
			continue
		}
		w, _ := omanproperty.PlaceByID(p.Wilayat)
		index[p.ID] = len(cov.ByArea)
		cov.ByArea = append(cov.ByArea, AreaCoverage{Area: p.Name, AreaID: p.ID, Wilayat: w.Name})
	}
	if err := s.group(ctx, `SELECT area_id, kind, COUNT(*), MAX(observed_on) FROM comparables GROUP BY area_id, kind`, func(key, kind string, n int, newest string) {
		i, ok := index[key]
		if !ok {
			i, index[key] = len(cov.ByArea), len(cov.ByArea)
			cov.ByArea = append(cov.ByArea, AreaCoverage{Area: key, AreaID: key})
		}
		a := &cov.ByArea[i]
		addKind(&a.Rent, &a.Sale, kind, n)
		a.Newest = max(a.Newest, newest)
	}); err != nil {
		return st, err
	}
	// By type.
	for _, t := range omanproperty.PropertyTypes {
		cov.ByType = append(cov.ByType, TypeCoverage{PropertyType: t})
	}
	if err := s.group(ctx, `SELECT property_type, kind, COUNT(*), MAX(observed_on) FROM comparables GROUP BY property_type, kind`, func(key, kind string, n int, _ string) {
		for i := range cov.ByType {
			if cov.ByType[i].PropertyType == key {
				addKind(&cov.ByType[i].Rent, &cov.ByType[i].Sale, kind, n)
			}
		}
	}); err != nil {
		return st, err
	}
	// By age band, from the store's clock.
	today := s.db.Now().UTC()
	var cases []string
	var args []any
	for i, b := range recencyBands {
		cov.ByRecency = append(cov.ByRecency, RecencyCoverage{Band: b.name})
		if b.days >= 0 {
			args = append(args, today.AddDate(0, 0, -b.days).Format(time.DateOnly))
			cases = append(cases, fmt.Sprintf("WHEN observed_on >= $%d THEN '%d'", len(args), i))
		}
	}
	q := fmt.Sprintf(`SELECT band, kind, COUNT(*), '' FROM (SELECT CASE %s ELSE '%d' END AS band, kind FROM comparables) t GROUP BY band, kind`,
		strings.Join(cases, " "), len(recencyBands)-1)
	if err := s.group(ctx, q, func(key, kind string, n int, _ string) {
		var i int
		fmt.Sscan(key, &i)
		if i >= 0 && i < len(cov.ByRecency) {
			addKind(&cov.ByRecency[i].Rent, &cov.ByRecency[i].Sale, kind, n)
		}
	}, args...); err != nil {
		return st, err
	}
	st.Coverage = cov
	return st, nil
}

func addKind(rent, sale *int, kind string, n int) {
	if kind == string(omanproperty.KindRent) {
		*rent += n
	} else {
		*sale += n
	}
}

// group runs a query of (key, kind, count, newest) rows.
func (s *Store) group(ctx context.Context, q string, each func(key, kind string, n int, newest string), args ...any) error {
	rows, err := s.db.Read().QueryContext(ctx, q, args...)
	if err != nil {
		return sqlstore.Unavailable("comparables stats", err)
	}
	defer rows.Close()
	for rows.Next() {
		var key, kind, newest string
		var n int
		if err := rows.Scan(&key, &kind, &n, &newest); err != nil {
			return sqlstore.Unavailable("comparables stats", err)
		}
		each(key, kind, n, newest)
	}
	return sqlstore.Unavailable("comparables stats", rows.Err())
}
