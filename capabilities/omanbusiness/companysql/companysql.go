// Package companysql keeps the company records of the Oman business
// capabilities (the "companies" dataset) in the store's SQL database,
// SQLite or PostgreSQL. It implements dataset.Importer (`dalil companies
// import FILE.csv|jsonl`, the admin import route), which reads files with
// dataset/companies, and the port omanbusiness.Directory, and owns its
// tables through its own embedded migrations: list Module() in
// sqlstore.Options.Modules.
package companysql

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/dataset"
	"dalil/dataset/companies"
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

// Store holds the company records. It is safe for concurrent use; the
// Catalog it serves is rebuilt when an import (by this process or
// another) changed the tables.
type Store struct {
	db sqlstore.DB

	mu      sync.Mutex
	version string
	cat     *omanbusiness.Catalog
	all     []omanbusiness.Record

	// rowsRead counts the good rows every import of this store has read
	// (both readings): tests count the work done after a cancellation.
	rowsRead atomic.Int64

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
func New(db sqlstore.DB) *Store { return &Store{db: db} }

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
		res, err := companies.Scan(file, opts.Format, opts.Filename, src, now, func(rec omanbusiness.Record, _ int) error {
			rec.Batch = batch
			buf = append(buf, rec)
			if len(buf) == chunk {
				if err := s.upsert(ctx, tx, buf, now); err != nil {
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
			if err := s.upsert(ctx, tx, buf, now); err != nil {
				return err
			}
			written += len(buf)
		}
		return nil
	})
	if err != nil {
		return earlier, 0, err
	}
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
const upsertCols = 22

// upsert writes records in one statement, each replacing the row of its
// (source, recordId) if there is one. A file's records have distinct
// recordIds (companies.Scan makes a repeated one a bad row), so no
// statement touches a row twice.
//
// Its parameters are in the database's own style (sqlstore.DB.Values):
// SQLite's driver looks each "$N" up by name among all the arguments,
// which made a 4,400-parameter statement take a quarter of a second.
func (s *Store) upsert(ctx context.Context, tx *sql.Tx, recs []omanbusiness.Record, now time.Time) error {
	var q strings.Builder
	q.WriteString(`INSERT INTO company_records (source, record_id, batch_id, source_type, source_url, observed_at, synthetic,
		cr_number, name_en, name_ar, legal_form, status, registration_date, industry, activities, governorate, wilayat, address, website, email, phone, updated_at)
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
			r.Address, r.Website, r.Email, r.Phone, micros(now))
	}
	q.WriteString(s.db.Values(len(recs), upsertCols))
	q.WriteString(` ON CONFLICT (source, record_id) DO UPDATE SET batch_id = excluded.batch_id, source_type = excluded.source_type,
		source_url = excluded.source_url, observed_at = excluded.observed_at, synthetic = excluded.synthetic, cr_number = excluded.cr_number,
		name_en = excluded.name_en, name_ar = excluded.name_ar, legal_form = excluded.legal_form, status = excluded.status,
		registration_date = excluded.registration_date, industry = excluded.industry, activities = excluded.activities,
		governorate = excluded.governorate, wilayat = excluded.wilayat, address = excluded.address, website = excluded.website,
		email = excluded.email, phone = excluded.phone, updated_at = excluded.updated_at`)
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
	cat, err := s.Catalog(ctx)
	if err != nil {
		return st, err
	}
	st.Rows = cat.Records
	cov := Coverage{Companies: cat.Len(), ByGovernorate: map[string]int{}, BySourceType: map[string]int{}}
	for _, r := range s.records() {
		if r.Synthetic {
			cov.SyntheticRecords++
		}
		if r.CRNumber != "" {
			cov.WithCRNumber++
		}
		g := r.Governorate
		if g == "" {
			g = "(none)"
		}
		cov.ByGovernorate[g]++
		cov.BySourceType[string(r.SourceType)]++
	}
	st.Coverage = cov
	return st, nil
}

// records returns the records of the current catalog (after Catalog).
func (s *Store) records() []omanbusiness.Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.all
}

// Catalog implements omanbusiness.Directory: the records, merged and
// indexed, rebuilt only when the tables changed (one small query per
// call tells).
func (s *Store) Catalog(ctx context.Context) (*omanbusiness.Catalog, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	var n, last, recs int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(MAX(imported_at), 0), (SELECT COUNT(*) FROM company_records) FROM company_batches`).Scan(&n, &last, &recs); err != nil {
		return nil, sqlstore.Unavailable("read company version", err)
	}
	version := fmt.Sprintf("%d/%d/%d", n, last, recs)
	s.mu.Lock()
	if s.cat != nil && s.version == version {
		c := s.cat
		s.mu.Unlock()
		return c, nil
	}
	s.mu.Unlock()
	all, err := s.load(ctx)
	if err != nil {
		return nil, err
	}
	c := omanbusiness.NewCatalog(all)
	s.mu.Lock()
	s.cat, s.version, s.all = c, version, all
	s.mu.Unlock()
	return c, nil
}

func (s *Store) load(ctx context.Context) ([]omanbusiness.Record, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT r.source, r.record_id, r.batch_id, b.license, r.source_type, r.source_url, r.observed_at, r.synthetic,
		r.cr_number, r.name_en, r.name_ar, r.legal_form, r.status, r.registration_date, r.industry, r.activities, r.governorate, r.wilayat,
		r.address, r.website, r.email, r.phone
		FROM company_records r JOIN company_batches b ON b.id = r.batch_id ORDER BY r.source, r.record_id`)
	if err != nil {
		return nil, sqlstore.Unavailable("load company records", err)
	}
	defer rows.Close()
	var out []omanbusiness.Record
	for rows.Next() {
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
