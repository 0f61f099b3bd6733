// Package sanctionssql keeps the sanctions lists (the "sanctions"
// dataset) in the store's SQL database, SQLite or PostgreSQL. It
// implements dataset.Importer (`dalil sanctions import FILE --format
// ofac-xml|ofac-csv|un-xml|eu-xml|uk-xml|ftm --source NAME --license
// TEXT`, the admin import route), the port sanctions.Lists and the port
// sanctionsync.Store (the lists' sync: its imports and its state, table
// sanctions_sync), and owns its tables through its own embedded
// migrations: list Module() in sqlstore.Options.Modules.
//
// A list is named by its source: importing a file under a source replaces
// that list's entries, in one transaction, and makes the new batch (with
// the version the file states) current. The same file again is a no-op.
package sanctionssql

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionsync"
	reader "dalil/dataset/sanctions"

	"dalil/dataset"
	"dalil/dataset/nameindex"
	"dalil/internal/names"
	"dalil/store/sqlstore"
)

//go:embed migrations
var migrations embed.FS

// Name is the dataset's name: `dalil sanctions import|stats`.
const Name = "sanctions"

// Module is the schema of the sanctions tables, recorded in
// schema_migrations as "sanctions/NNN_...".
func Module() sqlstore.Module {
	return sqlstore.EmbeddedModule("sanctions", migrations)
}

// Store holds the lists. It is safe for concurrent use. It holds no
// entries in memory: a call's Engine reads the entries its names may
// match through the name index (issue 34).
type Store struct {
	db sqlstore.DB
	ix *nameindex.Index

	// indexed knows whether the name index is current in this process
	// (entries imported before it are filed on first use).
	indexed nameindex.Keeper

	// hook, when set (tests), is called at the named step of an import's
	// write: "tx" inside its transaction; and of a rebuild: "reindex
	// row" before it writes an entry's forms.
	hook func(step string)

	// rowsRead counts the records every import of this store has read
	// (both readings), entriesRead the entries screenings have read:
	// tests count the work done after a cancellation. onEntry, when set
	// (tests), is called for each entry read.
	rowsRead, entriesRead atomic.Int64
	onEntry               func()
	// prepared counts the names screenings keyed from their stored
	// prepared forms (the others were normalised).
	prepared atomic.Int64
}

var (
	_ dataset.Importer = (*Store)(nil)
	_ sanctions.Lists  = (*Store)(nil)
)

// New returns the store on db. Its tables exist once the store was opened
// with Module() among its modules.
func New(db sqlstore.DB) *Store {
	return &Store{db: db, ix: nameindex.New(db, "sanctions_name_terms", "sanctions_term_counts").WithRowForms()}
}

// Name implements dataset.Importer.
func (s *Store) Name() string { return Name }

// Formats implements dataset.Importer.
func (s *Store) Formats() []string { return reader.Formats }

// maxFile bounds what Import reads: the OFAC SDN XML is about 100 MB,
// OpenSanctions' full export larger.
const maxFile = 1 << 30

// insertChunk rows per INSERT statement.
const insertChunk = 200

func micros(t time.Time) int64     { return t.UTC().UnixMicro() }
func fromMicros(n int64) time.Time { return time.UnixMicro(n).UTC() }

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Import implements dataset.Importer: the file is read in its format
// (opts.Format, else detected), every record validated (bad records with
// their line; any bad record imports nothing unless opts.SkipBad), and the
// list named opts.Source replaced in one transaction. The same file as the
// list's current one (by content hash) is a no-op. OpenSanctions data
// (ftm) is refused unless opts.License states a commercial licence. The
// order of those checks is dataset.Commit's.
func (s *Store) Import(ctx context.Context, r io.Reader, opts dataset.ImportOptions) (dataset.Report, error) {
	return s.importFile(ctx, r, opts, nil)
}

// syncWrite is what a sync (sanctionsync) adds to an import's
// transaction: a check of the change, and the source's sync state.
type syncWrite struct {
	check func(current, next int) error
	state sanctionsync.State
}

func (s *Store) importFile(ctx context.Context, r io.Reader, opts dataset.ImportOptions, sw *syncWrite) (dataset.Report, error) {
	if err := opts.Validate(); err != nil {
		return dataset.Report{}, err
	}
	rep := dataset.NewReport(Name, opts)
	// The file is read twice and held nowhere (dataset.Spool, as every
	// dataset's import): once to validate it and count its entries (the
	// sync's check and Commit's need them before anything is written),
	// then, if it is to be written, again inside the one transaction.
	file, err := dataset.Spool(r, maxFile)
	if err != nil {
		return rep, err
	}
	defer file.Close()
	format := opts.Format
	if format == "" {
		head := make([]byte, 4096)
		n, err := io.ReadFull(file, head)
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
			return rep, dataset.Unreadable(err)
		}
		if err := file.Rewind(); err != nil {
			return rep, err
		}
		if format = reader.Detect(opts.Filename, head[:n]); format == "" {
			return rep, dataset.Unreadable(fmt.Errorf("cannot tell the list's format: give --format %s", strings.Join(reader.Formats, "|")))
		}
	}
	if err := reader.CheckLicense(format, opts.License); err != nil {
		return rep, dataset.Unreadable(err)
	}
	// The hash is taken before the first reading and after the second:
	// a file that changed in between is refused (dataset.ErrChanged).
	hash, err := fileHash(file, format)
	if err != nil {
		return rep, dataset.Unreadable(err)
	}
	read := opts.Read(ctx, "validating", insertChunk, &s.rowsRead)
	entities := 0
	list, err := reader.Scan(format, file, func(e *reader.Entity) error {
		if e != nil {
			entities++
		}
		return read.Step()
	})
	if err != nil {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		return rep, dataset.Unreadable(fmt.Errorf("%s: %w", format, err))
	}
	rep.Rows, rep.BadRows = list.Records, list.Bad
	rep.Errors = append(rep.Errors, list.Errors...)
	sort.SliceStable(rep.Errors, func(i, j int) bool { return rep.Errors[i].Line < rep.Errors[j].Line })
	// The lookup is bounded by the store's operation timeout; the write
	// by dataset.ImportTimeout (Commit's).
	err = dataset.Commit(ctx, &rep, opts.SkipBad, dataset.Steps{
		// Only the list's current version counts: a file that another
		// version replaced since is imported again.
		Imported: func(ctx context.Context) (string, error) {
			ctx, cancel := s.db.Bound(ctx)
			defer cancel()
			existing, err := sqlstore.OptionalString(ctx, s.db.Read(), `SELECT id FROM sanctions_batches WHERE source = $1 AND content_hash = $2 AND current = 1`,
				opts.Source, hash)
			return existing, sqlstore.Unavailable("find sanctions batch", err)
		},
		Write: func(ctx context.Context) (string, int, error) {
			return s.replace(ctx, opts, format, hash, file, list, entities, sw)
		},
	})
	return rep, err
}

// fileHash is the SHA-256 (hex) of the format's name, a NUL byte and the
// file's bytes (the same bytes read as another format are another list);
// the file is rewound before and after.
func fileHash(file *dataset.Spooled, format string) (string, error) {
	if err := file.Rewind(); err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(format + "\x00"))
	if _, err := io.Copy(h, file); err != nil {
		return "", err
	}
	if err := file.Rewind(); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// replace makes the list in file (read again; list is its first reading,
// with entities good entities) the current version of the list named
// opts.Source, in one transaction: the list's entries are replaced and
// its earlier batches are no longer current. A sync's check runs first in
// it, and its state is recorded in it.
func (s *Store) replace(ctx context.Context, opts dataset.ImportOptions, format, hash string, file *dataset.Spooled, list *reader.List, entities int,
	sw *syncWrite) (string, int, error) {
	if entities == 0 {
		return "", 0, dataset.Unreadable(fmt.Errorf("the file has no listed entity to import"))
	}
	now := s.db.Now().UTC()
	// A batch id per import: the same file may be imported again once
	// another version replaced it.
	nonce := make([]byte, 8)
	if _, err := rand.Read(nonce); err != nil {
		return "", 0, err
	}
	batch := "sb_" + hash[:8] + hex.EncodeToString(nonce)
	title := list.Title
	if format == reader.FormatOFACXML && strings.Contains(strings.ToLower(opts.Filename), "consolidated") {
		// OFAC's consolidated.xml has sdn.xml's schema, and says nothing
		// else about which list it is.
		title = reader.TitleOFACCons
	}
	written := 0
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		// The name index is locked before the entries are touched: a
		// rebuild locks it, then writes the entries' forms (Reindex).
		nw := s.ix.Writer(tx)
		nw.Also("sanctions_entries")
		if err := nw.Open(ctx); err != nil {
			return err
		}
		if sw != nil {
			current, err := currentEntries(ctx, tx, opts.Source)
			if err != nil {
				return err
			}
			if err := sw.check(current, entities); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sanctions_entries WHERE source = $1`, opts.Source); err != nil {
			return sqlstore.Unavailable("replace sanctions list", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE sanctions_batches SET current = 0 WHERE source = $1`, opts.Source); err != nil {
			return sqlstore.Unavailable("replace sanctions list", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO sanctions_batches (id, source, license, format, title, published, declared, entries, content_hash,
			filename, synthetic, current, imported_at, retrieved_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, $12, $13)`,
			batch, opts.Source, opts.License, format, TitleOf(title, opts.Synthetic), list.Published, list.Declared, entities, hash, opts.Filename,
			b2i(opts.Synthetic), micros(now), micros(opts.Retrieved(now))); err != nil {
			return sqlstore.Unavailable("insert sanctions batch", err)
		}
		if s.hook != nil {
			s.hook("tx")
		}
		if err := file.Rewind(); err != nil {
			return err
		}
		chunks := dataset.Chunks[[]any]{Size: insertChunk, Write: func(rows [][]any) error { return insert(ctx, tx, s.db, rows) }}
		read := opts.Read(ctx, "writing", insertChunk, &s.rowsRead)
		if _, err := reader.Scan(format, file, func(e *reader.Entity) error {
			if e != nil {
				b, err := json.Marshal(e)
				if err != nil {
					return err
				}
				// The names are filed first: the entry's row keeps
				// their prepared forms.
				if err := fileNames(ctx, nw, opts.Source, e); err != nil {
					return err
				}
				if err := chunks.Add([]any{opts.Source, e.ID, batch, string(b), rowForms(nw, opts.Source, e.ID)}); err != nil {
					return err
				}
			}
			return read.Step()
		}); err != nil {
			return err
		}
		if err := chunks.Flush(); err != nil {
			return err
		}
		if again, err := fileHash(file, format); err != nil || again != hash || chunks.Written != entities {
			if err != nil {
				return err
			}
			return dataset.ErrChanged
		}
		if err := nw.Close(ctx); err != nil {
			return err
		}
		written = chunks.Written
		if sw != nil {
			st := sw.state
			st.FileBatch = batch
			return putSyncState(ctx, tx, st)
		}
		return nil
	})
	if err != nil {
		return "", 0, err
	}
	_ = s.ix.Vacuum(ctx, "sanctions_entries")
	return batch, written, nil
}

func insert(ctx context.Context, tx *sql.Tx, db sqlstore.DB, rows [][]any) error {
	args := make([]any, 0, 5*len(rows))
	for _, r := range rows {
		args = append(args, r...)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO sanctions_entries (source, entity_id, batch_id, data, forms) VALUES `+db.Values(len(rows), 5), args...)
	return sqlstore.Unavailable("insert sanctions entries", err)
}

// rowForms takes from w the prepared forms of the names of the entry id
// of source just filed, as its row's forms column holds them: NULL when
// none (a name with no letters or digits is normalised).
func rowForms(w *nameindex.Writer, source, id string) any {
	if f := w.TakeForms(entryRef(source, id)); len(f) > 0 {
		return []byte(f)
	}
	return nil
}

// Coverage is the sanctions dataset's own breakdown in Stats: the current
// version of every list, and the sync state of every synced source.
type Coverage struct {
	Lists []sanctions.List `json:"lists"`
	// ByType counts entries by entity type over every list.
	ByType map[string]int `json:"byType"`
	// Sync is each source `dalil sanctions sync` or the scheduled job
	// tried: its current batch, publication and retrieval dates, last
	// attempt, last error and validators.
	Sync []sanctionsync.Status `json:"sync"`
}

// Stats implements dataset.Importer: every import (current and replaced)
// as batches, the current lists in Coverage.
func (s *Store) Stats(ctx context.Context) (dataset.Stats, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	st := dataset.Stats{Dataset: Name, Batches: []dataset.Batch{}}
	bs, err := s.batches(ctx, false)
	if err != nil {
		return st, err
	}
	for _, b := range bs {
		st.Batches = append(st.Batches, dataset.Batch{ID: b.Batch, Source: b.Name, License: b.License, Synthetic: b.Synthetic, Rows: b.Entries,
			ImportedAt: b.ImportedAt, RetrievedAt: b.RetrievedAt, Version: b.Published, CheckedAt: b.CheckedAt})
	}
	lists, err := s.Current(ctx)
	if err != nil {
		return st, err
	}
	for _, l := range lists {
		st.Rows += l.Entries
	}
	byType, err := s.countByType(ctx)
	if err != nil {
		return st, err
	}
	sync, err := s.SyncStatuses(ctx)
	if err != nil {
		return st, err
	}
	cov := Coverage{Lists: lists, ByType: byType, Sync: sync}
	st.Coverage = cov
	return st, nil
}

// batches lists the imports, oldest first; currentOnly: the current
// batch of each list.
func (s *Store) batches(ctx context.Context, currentOnly bool) ([]sanctions.List, error) {
	// A sync that found the list unchanged since (its file_batch is this
	// batch) confirmed it current at its last success.
	q := `SELECT b.id, b.source, b.license, b.format, b.title, b.published, b.entries, b.synthetic, b.imported_at, b.retrieved_at,
		COALESCE(s.last_success, 0) FROM sanctions_batches b LEFT JOIN sanctions_sync s ON s.source = b.source AND s.file_batch = b.id`
	if currentOnly {
		q += ` WHERE b.current = 1`
	}
	rows, err := s.db.Read().QueryContext(ctx, q+` ORDER BY b.imported_at, b.id`)
	if err != nil {
		return nil, sqlstore.Unavailable("list sanctions batches", err)
	}
	defer rows.Close()
	var out []sanctions.List
	for rows.Next() {
		var l sanctions.List
		var syn, imp, ret, checked int64
		if err := rows.Scan(&l.Batch, &l.Name, &l.License, &l.Format, &l.Title, &l.Published, &l.Entries, &syn, &imp, &ret, &checked); err != nil {
			return nil, sqlstore.Unavailable("list sanctions batches", err)
		}
		l.Synthetic, l.ImportedAt, l.RetrievedAt, l.CheckedAt = syn != 0, fromMicros(imp), fromMicros(ret), fromOptMicros(checked)
		l.Version = l.Published
		if l.Version == "" {
			l.Version = "retrieved " + l.RetrievedAt.Format(time.DateOnly)
		}
		out = append(out, l)
	}
	return out, sqlstore.Unavailable("list sanctions batches", rows.Err())
}

// countByType counts the current lists' entries by entity type, with
// the database's own JSON functions (an operator's stats, not a call's
// path: it reads every entry).
func (s *Store) countByType(ctx context.Context) (map[string]int, error) {
	typ := `json_extract(e.data, '$.type')`
	if s.db.Dialect() == "postgres" {
		typ = `(e.data::jsonb ->> 'type')`
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT COALESCE(`+typ+`, ''), COUNT(*) FROM sanctions_entries e
		JOIN sanctions_batches b ON b.id = e.batch_id WHERE b.current = 1 GROUP BY 1`)
	if err != nil {
		return nil, sqlstore.Unavailable("count sanctions entries", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var t string
		var n int
		if err := rows.Scan(&t, &n); err != nil {
			return nil, sqlstore.Unavailable("count sanctions entries", err)
		}
		out[t] += n
	}
	return out, sqlstore.Unavailable("count sanctions entries", rows.Err())
}

// Current implements sanctions.Lists: the current batch of every list,
// with when a sync last found it unchanged.
func (s *Store) Current(ctx context.Context) ([]sanctions.List, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.batches(ctx, true)
}

// candidates is how many entries one screened name brings into a call's
// engine at most: those sharing its rarest words and sounds
// (dataset/nameindex), the whole name first.
const candidates = 500

// Engine implements sanctions.Lists: an engine over the current lists
// holding the current entries any of ns may match, read through the name
// index, their names keyed from the prepared forms read with them.
func (s *Store) Engine(ctx context.Context, ns []string) (*sanctions.Engine, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	lists, err := s.batches(ctx, true)
	if err != nil || len(lists) == 0 {
		return sanctions.NewEngine(lists, nil), err
	}
	if err := s.ensureIndexed(ctx); err != nil {
		return nil, err
	}
	bySource := map[string]map[string]bool{}
	for _, n := range ns {
		found, err := s.ix.Candidates(ctx, names.Normalize(n), candidates, false)
		if err != nil {
			return nil, err
		}
		for _, r := range found {
			src, id, ok := strings.Cut(r, "\t")
			if !ok || bySource[src][id] {
				continue
			}
			if bySource[src] == nil {
				bySource[src] = map[string]bool{}
			}
			bySource[src][id] = true
		}
	}
	var entries []sanctions.Listed
	for _, src := range slices.Sorted(maps.Keys(bySource)) {
		ids := slices.Sorted(maps.Keys(bySource[src]))
		for len(ids) > 0 {
			n := min(len(ids), 500)
			args := make([]any, 0, n+1)
			for _, id := range ids[:n] {
				args = append(args, id)
			}
			ids = ids[n:]
			// The ids' placeholders first, then the source's (SQLite's
			// "?" are positional).
			ph := "?"
			if s.db.Dialect() == "postgres" {
				ph = fmt.Sprintf("$%d", n+1)
			}
			args = append(args, src)
			q := `SELECT e.source, e.data, e.forms FROM sanctions_entries e JOIN sanctions_batches b ON b.id = e.batch_id
				WHERE b.current = 1 AND e.entity_id IN ` + s.db.Values(1, n) + ` AND e.source = ` + ph
			got, err := s.scanEntries(ctx, q, args...)
			if err != nil {
				return nil, err
			}
			entries = append(entries, got...)
		}
	}
	slices.SortFunc(entries, func(a, b sanctions.Listed) int { return cmp.Or(cmp.Compare(a.List, b.List), cmp.Compare(a.ID, b.ID)) })
	return sanctions.NewEngine(lists, entries), nil
}

// prepare sets the keys of an entry's names (Listed.Keys) from f, the
// prepared forms its row keeps: a name with no form stored, or a damaged
// one or of another version, is normalised (nameindex.Forms.Key).
func (s *Store) prepare(e *sanctions.Listed, f nameindex.Forms) {
	stored := 0
	key := func(name string) names.Key {
		k, ok := f.Key(name)
		if ok {
			stored++
		}
		return k
	}
	e.Keys = make([]names.Key, 0, 1+len(e.Aliases))
	e.Keys = append(e.Keys, key(e.Name))
	for _, a := range e.Aliases {
		e.Keys = append(e.Keys, key(a.Name))
	}
	s.prepared.Add(int64(stored))
}

func (s *Store) scanEntries(ctx context.Context, q string, args ...any) ([]sanctions.Listed, error) {
	rows, err := s.db.Read().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, sqlstore.Unavailable("load sanctions entries", err)
	}
	defer rows.Close()
	var entries []sanctions.Listed
	for rows.Next() {
		// A screening stops reading once its context is done: no entry
		// is decoded after that.
		if err := ctx.Err(); err != nil {
			return nil, sqlstore.Unavailable("load sanctions entries", err)
		}
		s.entriesRead.Add(1)
		if s.onEntry != nil {
			s.onEntry()
		}
		var l sanctions.Listed
		var data string
		var forms []byte
		if err := rows.Scan(&l.List, &data, &forms); err != nil {
			return nil, sqlstore.Unavailable("load sanctions entries", err)
		}
		if err := json.Unmarshal([]byte(data), &l.Entity); err != nil {
			return nil, fmt.Errorf("sanctions entry of %s: %w", l.List, err)
		}
		s.prepare(&l, forms)
		entries = append(entries, l)
	}
	return entries, sqlstore.Unavailable("load sanctions entries", rows.Err())
}

// entryRef is the name index's ref of an entry: its source and id.
func entryRef(source, id string) string { return source + "\t" + id }

// fileNames files an entry's name and aliases in the name index.
func fileNames(ctx context.Context, w *nameindex.Writer, source string, e *reader.Entity) error {
	ref := entryRef(source, e.ID)
	if err := w.Add(ctx, ref, e.Name); err != nil {
		return err
	}
	for _, a := range e.Aliases {
		if err := w.Add(ctx, ref, a.Name); err != nil {
			return err
		}
	}
	return nil
}

// ensureIndexed files the entries in the name index, once per process,
// when the index needs it (nameindex.Keeper): filed under older terms, or
// empty while entries exist (entries imported before the index).
func (s *Store) ensureIndexed(ctx context.Context) error {
	return s.indexed.Ensure(ctx, s.ix, "sanctions_entries", nil, func(ctx context.Context) error {
		_, err := s.Reindex(ctx, nil)
		return err
	})
}

// Reindex files every entry held afresh in the name index, in one
// transaction reading the entries a page at a time; progress, when set,
// is told how far it has got. It returns the entries filed.
func (s *Store) Reindex(ctx context.Context, progress func(dataset.Progress)) (int, error) {
	type row struct {
		source, id, data string
		forms            []byte
	}
	return nameindex.Rebuild(ctx, s.ix, nameindex.Rows[row]{
		Page: reindexPage,
		Scan: func(rows *sql.Rows) (row, error) {
			var r row
			return r, rows.Scan(&r.source, &r.id, &r.data, &r.forms)
		},
		Key: func(r row) (string, string) { return r.source, r.id },
		// The entry's row gets its names' forms as this build prepares
		// them (written only when they differ: a rebuild for a new
		// scheme of terms leaves the rows as they were).
		File: func(ctx context.Context, tx *sql.Tx, w *nameindex.Writer, r row) error {
			var e reader.Entity
			if err := json.Unmarshal([]byte(r.data), &e); err != nil {
				return fmt.Errorf("sanctions entry %s of %s: %w", r.id, r.source, err)
			}
			if err := fileNames(ctx, w, r.source, &e); err != nil {
				return err
			}
			f := rowForms(w, r.source, r.id)
			if b, _ := f.([]byte); bytes.Equal(b, r.forms) {
				return nil
			}
			if s.hook != nil {
				s.hook("reindex row")
			}
			_, err := tx.ExecContext(ctx, `UPDATE sanctions_entries SET forms = $1 WHERE source = $2 AND entity_id = $3`, f, r.source, r.id)
			return sqlstore.Unavailable("write sanctions entry forms", err)
		},
	}, progress)
}

// TitleOf is the title a list is stored and shown under: a synthetic
// (demo) list read in an official format would otherwise carry that
// format's official title (OFAC's SDN list); its title says it is made up.
func TitleOf(title string, synthetic bool) string {
	if !synthetic {
		return title
	}
	return "Synthetic demo list, made up (not the " + title + ")"
}

// reindexPage reads the entries after a key, a page at a time (Reindex).
const reindexPage = `SELECT source, entity_id, data, forms FROM sanctions_entries
	WHERE (source, entity_id) > ($1, $2) ORDER BY source, entity_id LIMIT 500`
