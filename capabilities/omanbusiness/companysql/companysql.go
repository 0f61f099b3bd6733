// Package companysql keeps the company records of the Oman business
// capabilities (the "companies" dataset) in the store's SQL database,
// SQLite or PostgreSQL. It implements dataset.Importer (`dalil companies
// import FILE.csv|jsonl`, the admin import route), which reads files with
// dataset/companies, and the port omanbusiness.Directory, and owns its
// tables through its own embedded migrations: list Module() in
// sqlstore.Options.Modules.
package companysql

import (
	"cmp"
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/dataset"
	"dalil/dataset/companies"
	"dalil/dataset/nameindex"
	"dalil/internal/names"
	"dalil/store/sqlstore"
)

//go:embed migrations
var migrations embed.FS

// Name is the dataset's name: `dalil companies import|stats`.
const Name = "companies"

// Module is the schema of the company tables, recorded in
// schema_migrations as "companies/NNN_...".
func Module() sqlstore.Module {
	return sqlstore.EmbeddedModule("companies", migrations)
}

// Store holds the company records. It is safe for concurrent use. It
// holds no records in memory: a call's Catalog reads the companies it
// needs from the database's indexes (issue 34).
type Store struct {
	db sqlstore.DB
	ix *nameindex.Index

	// indexed knows whether the name index is current in this process
	// (records imported before it had no company_id: Catalog files them
	// first).
	indexed nameindex.Keeper

	// rowsRead counts the good rows every import of this store has read
	// (both readings), recordsRead the records searches have read: tests
	// count the work done after a cancellation. onRecord, when set
	// (tests), is called for each record a search reads.
	rowsRead, recordsRead atomic.Int64
	onRecord              func()

	// hook, when set (tests), is called at the named steps of an import's
	// write: "write" before its transaction, "tx" inside it.
	hook func(step string)
}

var (
	_ dataset.Importer       = (*Store)(nil)
	_ omanbusiness.Directory = (*Store)(nil)
)

// New returns the store on db. Its tables exist once the store was opened
// with Module() among its modules.
func New(db sqlstore.DB) *Store {
	return &Store{db: db, ix: nameindex.New(db, "company_name_terms", "company_term_counts")}
}

// Name implements dataset.Importer.
func (s *Store) Name() string { return Name }

// Formats implements dataset.Importer: CSV with a header line, or JSON
// lines (one object a line).
func (s *Store) Formats() []string { return slices.Clone(companies.Formats) }

func micros(t time.Time) int64 { return t.UTC().UnixMicro() }
func fromMicros(n int64) time.Time {
	return time.UnixMicro(n).UTC()
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// maxFile bounds what Import reads (the admin route has its own,
// smaller, limit).
const maxFile = 512 << 20

// Import implements dataset.Importer. Every row is validated (line
// numbers as in the file); a file with a bad row imports nothing unless
// opts.SkipBad; the same file again (by content hash) is a no-op; rows
// are upserted by (source, recordId), so an updated export replaces the
// rows it restates and keeps the others. Everything is one transaction.
// The order of those checks is dataset.Commit's.
func (s *Store) Import(ctx context.Context, r io.Reader, opts dataset.ImportOptions) (dataset.Report, error) {
	if err := opts.Validate(); err != nil {
		return dataset.Report{}, err
	}
	// The file is read twice and held nowhere: once to validate and hash
	// it (the batch id is the hash, Commit's checks need the bad rows),
	// then, if it is to be written, again to write its good rows in
	// chunks inside the one transaction.
	file, err := dataset.Spool(r, maxFile)
	if err != nil {
		return dataset.Report{}, err
	}
	defer file.Close()
	rep := dataset.NewReport(Name, opts)
	now := s.db.Now().UTC()
	retrieved := opts.Retrieved(now)
	src := omanbusiness.Record{Source: opts.Source, License: opts.License, Synthetic: opts.Synthetic, ObservedAt: retrieved.UTC()}
	read := 0
	res, err := companies.Scan(file, opts.Format, opts.Filename, src, now, func(_ omanbusiness.Record, _ int) error {
		return s.step(ctx, opts, "validating", &read)
	})
	if err != nil {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		return rep, dataset.Unreadable(err)
	}
	hash, good := res.Hash, res.Total-res.Bad
	batch := "cb_" + hash[:16]
	rep.Rows, rep.BadRows = res.Total, res.Bad
	rep.Errors = append(rep.Errors, res.Errors...) // in line order
	// The lookup is bounded by the store's operation timeout; the write
	// by dataset.ImportTimeout (Commit's).
	err = dataset.Commit(ctx, &rep, opts.SkipBad, dataset.Steps{
		Imported: func(ctx context.Context) (string, error) {
			ctx, cancel := s.db.Bound(ctx)
			defer cancel()
			id, err := batchByHash(ctx, s.db.Read(), hash)
			return id, sqlstore.Unavailable("find company batch", err)
		},
		Write: func(ctx context.Context) (string, int, error) {
			if good == 0 {
				return "", 0, dataset.Unreadable(fmt.Errorf("the file has no importable rows"))
			}
			return s.write(ctx, batch, hash, opts, file, good, src, now, retrieved)
		},
	})
	return rep, err
}

// step counts one row read by an import: it reports progress and stops
// the read once ctx is done (Ctrl-C, the admin client gone, the import's
// time up).
func (s *Store) step(ctx context.Context, opts dataset.ImportOptions, phase string, n *int) error {
	s.rowsRead.Add(1)
	*n++
	opts.Report(phase, *n)
	if *n%chunk == 0 {
		return ctx.Err()
	}
	return nil
}

// chunk is how many records one statement upserts (22 parameters each:
// 4,400 a statement, under SQLite's and PostgreSQL's limits), and how
// often a read checks its context.
const chunk = 200

// write inserts the batch and upserts the good records of file, read
// again, in chunks, in one transaction; it returns the batch and the rows
// written, or dataset.ErrImported with the batch that imported the same
// file meanwhile.
func (s *Store) write(ctx context.Context, batch, hash string, opts dataset.ImportOptions, file *dataset.Spooled, good int,
	src omanbusiness.Record, now, retrieved time.Time) (string, int, error) {
	s.at("write")
	var earlier string
	written := 0
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		// A concurrent import of the same file may have committed since
		// Commit looked. (On PostgreSQL, one still in progress when this
		// transaction looked makes the insert of the batch below fail on
		// the unique hash once it commits; Tx runs this function again,
		// which finds it.)
		id, err := batchByHash(ctx, tx, hash)
		switch {
		case err != nil:
			return sqlstore.Unavailable("find company batch", err)
		case id != "":
			earlier = id
			return dataset.ErrImported
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO company_batches (id, source, license, synthetic, rows_count, content_hash, filename, imported_at, retrieved_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, batch, opts.Source, opts.License, b2i(opts.Synthetic), good, hash, opts.Filename,
			micros(now), micros(retrieved)); err != nil {
			return sqlstore.Unavailable("insert company batch", err)
		}
		s.at("tx")
		if err := file.Rewind(); err != nil {
			return err
		}
		written = 0
		read := 0
		buf := make([]omanbusiness.Record, 0, chunk)
		names := s.ix.Writer(tx)
		names.Also("company_records")
		res, err := companies.Scan(file, opts.Format, opts.Filename, src, now, func(rec omanbusiness.Record, _ int) error {
			rec.Batch = batch
			buf = append(buf, rec)
			if len(buf) == chunk {
				if err := s.upsert(ctx, tx, names, buf, now); err != nil {
					return err
				}
				written += len(buf)
				buf = buf[:0]
			}
			return s.step(ctx, opts, "writing", &read)
		})
		if err != nil {
			return err
		}
		if res.Hash != hash {
			return dataset.ErrChanged
		}
		if len(buf) > 0 {
			if err := s.upsert(ctx, tx, names, buf, now); err != nil {
				return err
			}
			written += len(buf)
		}
		return names.Close(ctx)
	})
	if err != nil {
		return earlier, 0, err
	}
	_ = s.ix.Vacuum(ctx, "company_records")
	return batch, written, nil
}

// batchByHash returns the batch that imported the file with this content
// hash, or "" when none did; q is the read pool or a transaction.
func batchByHash(ctx context.Context, q sqlstore.Querier, hash string) (string, error) {
	return sqlstore.OptionalString(ctx, q, `SELECT id FROM company_batches WHERE content_hash = $1`, hash)
}

// at calls the test hook, if any, at step.
func (s *Store) at(step string) {
	if s.hook != nil {
		s.hook(step)
	}
}

// upsertCols are company_records' columns, in the order upsert gives
// them.
const upsertCols = 23

// upsert writes records in one statement, each replacing the row of its
// (source, recordId) if there is one. A file's records have distinct
// recordIds (companies.Scan makes a repeated one a bad row), so no
// statement touches a row twice.
//
// Its parameters are in the database's own style (sqlstore.DB.Values):
// SQLite's driver looks each "$N" up by name among all the arguments,
// which made a 4,400-parameter statement take a quarter of a second.
//
// Each record's names are filed in the name index under its company.
func (s *Store) upsert(ctx context.Context, tx *sql.Tx, names *nameindex.Writer, recs []omanbusiness.Record, now time.Time) error {
	var q strings.Builder
	q.WriteString(`INSERT INTO company_records (source, record_id, batch_id, source_type, source_url, observed_at, synthetic,
		cr_number, name_en, name_ar, legal_form, status, registration_date, industry, activities, governorate, wilayat, address, website, email, phone, updated_at,
		company_id)
		VALUES `)
	args := make([]any, 0, len(recs)*upsertCols)
	for i := range recs {
		r := &recs[i]
		acts := []byte("[]")
		if r.Activities != nil {
			var err error
			if acts, err = json.Marshal(r.Activities); err != nil {
				return err
			}
		}
		args = append(args, r.Source, r.RecordID, r.Batch, string(r.SourceType), r.SourceURL, micros(r.ObservedAt), b2i(r.Synthetic),
			r.CRNumber, r.NameEn, r.NameAr, r.LegalForm, r.Status, r.RegistrationDate, r.Industry, string(acts), r.Governorate, r.Wilayat,
			r.Address, r.Website, r.Email, r.Phone, micros(now), r.CompanyID())
		for _, n := range []string{r.NameEn, r.NameAr} {
			if err := names.Add(ctx, r.CompanyID(), n); err != nil {
				return err
			}
		}
	}
	q.WriteString(s.db.Values(len(recs), upsertCols))
	q.WriteString(` ON CONFLICT (source, record_id) DO UPDATE SET batch_id = excluded.batch_id, source_type = excluded.source_type,
		source_url = excluded.source_url, observed_at = excluded.observed_at, synthetic = excluded.synthetic, cr_number = excluded.cr_number,
		name_en = excluded.name_en, name_ar = excluded.name_ar, legal_form = excluded.legal_form, status = excluded.status,
		registration_date = excluded.registration_date, industry = excluded.industry, activities = excluded.activities,
		governorate = excluded.governorate, wilayat = excluded.wilayat, address = excluded.address, website = excluded.website,
		email = excluded.email, phone = excluded.phone, updated_at = excluded.updated_at, company_id = excluded.company_id`)
	_, err := tx.ExecContext(ctx, q.String(), args...)
	return sqlstore.Unavailable("upsert company records", err)
}

// Coverage is the companies dataset's own breakdown in Stats.
type Coverage struct {
	Companies        int            `json:"companies"`
	SyntheticRecords int            `json:"syntheticRecords"`
	WithCRNumber     int            `json:"recordsWithCRNumber"`
	ByGovernorate    map[string]int `json:"byGovernorate"`
	BySourceType     map[string]int `json:"bySourceType"`
}

// Stats implements dataset.Importer.
func (s *Store) Stats(ctx context.Context) (dataset.Stats, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	st := dataset.Stats{Dataset: Name, Batches: []dataset.Batch{}}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, source, license, synthetic, rows_count, imported_at, retrieved_at FROM company_batches ORDER BY imported_at, id`)
	if err != nil {
		return st, sqlstore.Unavailable("list company batches", err)
	}
	defer rows.Close()
	for rows.Next() {
		var b dataset.Batch
		var syn, imp, ret int64
		if err := rows.Scan(&b.ID, &b.Source, &b.License, &syn, &b.Rows, &imp, &ret); err != nil {
			return st, sqlstore.Unavailable("list company batches", err)
		}
		b.Synthetic, b.ImportedAt, b.RetrievedAt = syn != 0, fromMicros(imp), fromMicros(ret)
		st.Batches = append(st.Batches, b)
	}
	if err := rows.Err(); err != nil {
		return st, sqlstore.Unavailable("list company batches", err)
	}
	// The breakdown is read with aggregates over the whole table: stats
	// are an operator's command, not a call's path.
	cov := Coverage{ByGovernorate: map[string]int{}, BySourceType: map[string]int{}}
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT company_id), COALESCE(SUM(synthetic), 0),
		COALESCE(SUM(CASE WHEN cr_number <> '' THEN 1 ELSE 0 END), 0) FROM company_records`).Scan(&st.Rows, &cov.Companies, &cov.SyntheticRecords,
		&cov.WithCRNumber); err != nil {
		return st, sqlstore.Unavailable("count company records", err)
	}
	for _, g := range []struct {
		col string
		m   map[string]int
	}{{"governorate", cov.ByGovernorate}, {"source_type", cov.BySourceType}} {
		if err := s.groupCount(ctx, g.col, g.m); err != nil {
			return st, err
		}
	}
	if n, ok := cov.ByGovernorate[""]; ok {
		delete(cov.ByGovernorate, "")
		cov.ByGovernorate["(none)"] += n
	}
	st.Coverage = cov
	return st, nil
}

// groupCount counts the records by the value of col (a column name
// written here, never a caller's).
func (s *Store) groupCount(ctx context.Context, col string, into map[string]int) error {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+col+`, COUNT(*) FROM company_records GROUP BY `+col)
	if err != nil {
		return sqlstore.Unavailable("count company records", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			return sqlstore.Unavailable("count company records", err)
		}
		into[k] += n
	}
	return sqlstore.Unavailable("count company records", rows.Err())
}

// candidates is how many companies a searched name brings into a call's
// catalog at most: its exact and prefix names, then those sharing its
// rarest words (dataset/nameindex).
const candidates = 200

// Catalog implements omanbusiness.Directory: the companies of w, each
// with every record it has, read through the indexes (the name index for
// names, company_id for the rest), and whether anything is imported.
func (s *Store) Catalog(ctx context.Context, w omanbusiness.Want) (*omanbusiness.Catalog, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	if err := s.ensureIndexed(ctx); err != nil {
		return nil, err
	}
	var any, real int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM (SELECT 1 FROM company_records LIMIT 1) a),
		(SELECT COUNT(*) FROM company_batches WHERE synthetic = 0)`).Scan(&any, &real); err != nil {
		return nil, sqlstore.Unavailable("read company summary", err)
	}
	if any == 0 {
		return omanbusiness.NewCatalog(nil), nil
	}
	ids := map[string]bool{}
	for _, id := range w.IDs {
		if id = strings.TrimSpace(id); id != "" {
			ids[id] = true
		}
	}
	crs := []string{w.CR}
	for _, n := range w.Names {
		crs = append(crs, n)
		refs, err := s.ix.Candidates(ctx, names.Normalize(n), candidates, true)
		if err != nil {
			return nil, err
		}
		for _, r := range refs {
			ids[r] = true
		}
	}
	for _, c := range crs {
		if cr, ok := omanbusiness.NormalizeCR(c); ok {
			ids[(&omanbusiness.Record{CRNumber: cr}).CompanyID()] = true
		}
	}
	recs, err := s.load(ctx, slices.Sorted(maps.Keys(ids)))
	if err != nil {
		return nil, err
	}
	c := omanbusiness.NewCandidates(recs)
	c.Imported, c.AllSynthetic = true, real == 0
	return c, nil
}

// ensureIndexed files the records in the name index, once per process,
// when the index needs it (nameindex.Keeper): filed under older terms,
// empty, or records imported before the index existed (their company_id
// is empty). A store whose records are all filed only looks.
func (s *Store) ensureIndexed(ctx context.Context) error {
	return s.indexed.Ensure(ctx, s.ix, "company_records", func(ctx context.Context) (bool, error) {
		missing, err := sqlstore.OptionalString(ctx, s.db.Read(), `SELECT record_id FROM company_records WHERE company_id = '' LIMIT 1`)
		return missing != "", sqlstore.Unavailable("read company index", err)
	}, func(ctx context.Context) error {
		_, err := s.Reindex(ctx, nil)
		return err
	})
}

// Reindex files every record afresh: each record's company_id, and the
// name index rebuilt from the records held (dropping terms of names no
// record has since a retraction or a restated record), in one
// transaction reading the records a page at a time; progress, when set,
// is told how far it has got. It returns the records filed.
func (s *Store) Reindex(ctx context.Context, progress func(dataset.Progress)) (int, error) {
	type rec struct{ source, id, company, filed, en, ar string }
	return nameindex.Rebuild(ctx, s.ix, nameindex.Rows[rec]{
		Page: reindexPage,
		Scan: func(rows *sql.Rows) (rec, error) {
			var r omanbusiness.Record
			var filed string
			err := rows.Scan(&r.Source, &r.RecordID, &r.CRNumber, &filed, &r.NameEn, &r.NameAr)
			return rec{r.Source, r.RecordID, r.CompanyID(), filed, r.NameEn, r.NameAr}, err
		},
		Key: func(r rec) (string, string) { return r.source, r.id },
		File: func(ctx context.Context, tx *sql.Tx, w *nameindex.Writer, r rec) error {
			if r.filed != r.company {
				if _, err := tx.ExecContext(ctx, `UPDATE company_records SET company_id = $1 WHERE source = $2 AND record_id = $3`,
					r.company, r.source, r.id); err != nil {
					return sqlstore.Unavailable("reindex company records", err)
				}
			}
			for _, n := range []string{r.en, r.ar} {
				if err := w.Add(ctx, r.company, n); err != nil {
					return err
				}
			}
			return nil
		},
	}, progress)
}

// load reads the records of the companies ids, in (source, recordId)
// order.
func (s *Store) load(ctx context.Context, ids []string) ([]omanbusiness.Record, error) {
	var out []omanbusiness.Record
	for len(ids) > 0 {
		n := min(len(ids), 500)
		args := make([]any, n)
		for i, id := range ids[:n] {
			args[i] = id
		}
		ids = ids[n:]
		rows, err := s.db.Read().QueryContext(ctx, `SELECT r.source, r.record_id, r.batch_id, b.license, r.source_type, r.source_url, r.observed_at, r.synthetic,
		r.cr_number, r.name_en, r.name_ar, r.legal_form, r.status, r.registration_date, r.industry, r.activities, r.governorate, r.wilayat,
		r.address, r.website, r.email, r.phone
		FROM company_records r JOIN company_batches b ON b.id = r.batch_id WHERE r.company_id IN `+s.db.Values(1, n), args...)
		if err != nil {
			return nil, sqlstore.Unavailable("load company records", err)
		}
		recs, err := s.scanRecords(ctx, rows)
		if err != nil {
			return nil, err
		}
		out = append(out, recs...)
	}
	slices.SortFunc(out, func(a, b omanbusiness.Record) int {
		return cmp.Or(strings.Compare(a.Source, b.Source), strings.Compare(a.RecordID, b.RecordID))
	})
	return out, nil
}

// scanRecords reads the records of a search, stopping once ctx is done:
// no record is decoded after that.
func (s *Store) scanRecords(ctx context.Context, rows *sql.Rows) ([]omanbusiness.Record, error) {
	defer rows.Close()
	var out []omanbusiness.Record
	for rows.Next() {
		if err := ctx.Err(); err != nil {
			return nil, sqlstore.Unavailable("load company records", err)
		}
		s.recordsRead.Add(1)
		if s.onRecord != nil {
			s.onRecord()
		}
		var r omanbusiness.Record
		var st, acts string
		var obs, syn int64
		if err := rows.Scan(&r.Source, &r.RecordID, &r.Batch, &r.License, &st, &r.SourceURL, &obs, &syn, &r.CRNumber, &r.NameEn, &r.NameAr,
			&r.LegalForm, &r.Status, &r.RegistrationDate, &r.Industry, &acts, &r.Governorate, &r.Wilayat, &r.Address, &r.Website, &r.Email, &r.Phone); err != nil {
			return nil, sqlstore.Unavailable("load company records", err)
		}
		r.SourceType, r.ObservedAt, r.Synthetic = omanbusiness.SourceType(st), fromMicros(obs), syn != 0
		if err := json.Unmarshal([]byte(acts), &r.Activities); err != nil {
			return nil, fmt.Errorf("company record %s/%s: activities: %w", r.Source, r.RecordID, err)
		}
		out = append(out, r)
	}
	return out, sqlstore.Unavailable("load company records", rows.Err())
}

// reindexPage reads the records after a key, a page at a time (Reindex).
const reindexPage = `SELECT source, record_id, cr_number, company_id, name_en, name_ar FROM company_records
	WHERE (source, record_id) > ($1, $2) ORDER BY source, record_id LIMIT 1000`
