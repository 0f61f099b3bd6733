// Package nameindex is a name index kept in the store's SQL database
// (SQLite or PostgreSQL), for datasets whose rows are found by name: the
// companies register and the sanctions lists. A row (a company, a list
// entry) is filed under the terms of each of its names (names.Key.Terms:
// its words, their sound classes, the whole name sorted and in order) in
// one table with a B-tree on (term, ref); a second table counts the rows
// filed under each word term, so that a search reads the postings of a
// query's rare words and not those of "trading" or "mohammed".
//
// The index is a candidate filter, never the answer: a search returns
// refs whose names may match, and the caller scores them from its own
// rows with names.Key.Match or Similarity. So an index that holds a term
// a row no longer has (a record restated under a new name, a batch
// retracted) costs a candidate, not a wrong answer, and imports only add
// to it; Rebuild starts it afresh.
//
// Both databases get the same plain tables and the same SQL, so the two
// find the same candidates: SQLite's FTS5 and PostgreSQL's pg_trgm
// would each rank differently, and the normalisation that makes Arabic
// and Latin spellings meet is internal/names', applied before indexing.
package nameindex

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"dalil/internal/names"
	"dalil/store/sqlstore"
)

// Index is one dataset's name index: the tables Terms (term, ref) and
// Counts (term, df), and, when it keeps them (WithForms), Forms (ref,
// forms): the prepared form of each name filed under a ref.
type Index struct {
	db            sqlstore.DB
	terms, counts string
	forms         string
	// rowForms: the forms are built and versioned as with a forms table,
	// but the caller keeps them in its own rows (WithRowForms).
	rowForms bool
	// read counts the index rows searches have read (tests count the
	// work done after a cancellation); onRow, when set (tests), is called
	// for each.
	read  atomic.Int64
	onRow func()
}

// RowsRead is how many index rows this index's searches have read.
func (ix *Index) RowsRead() int64 { return ix.read.Load() }

var identifier = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// New returns the index kept in the tables terms and counts (created by
// the dataset's migrations: see the package's testdata/schema for their
// shape). It panics on a name that is not a plain SQL identifier.
func New(db sqlstore.DB, terms, counts string) *Index {
	if !identifier.MatchString(terms) || !identifier.MatchString(counts) {
		panic(fmt.Sprintf("nameindex: %q, %q: not table names", terms, counts))
	}
	return &Index{db: db, terms: terms, counts: counts}
}

// WithForms makes ix keep each name's prepared form (names.Key.AppendForm)
// in the table forms (ref TEXT primary key, forms BLOB / BYTEA: see the
// package's testdata migrations), so that a caller makes its candidates'
// keys from them (Forms) instead of normalising their names again. A
// writer stores the forms of a ref's names in one row, replacing what
// the row held: the names of one ref are to be added one after another
// (a ref added again after others keeps only its later names; the
// others are then normalised, never wrong). An index whose forms were
// made under another names.FormVersion, or by code that kept none, is
// Stale. It returns ix.
func (ix *Index) WithForms(forms string) *Index {
	if !identifier.MatchString(forms) {
		panic(fmt.Sprintf("nameindex: %q: not a table name", forms))
	}
	ix.forms = forms
	return ix
}

// WithRowForms makes ix's writers prepare each name's form as WithForms
// does, for the caller to keep in the row the ref names (Writer.TakeForms,
// after the ref's names were added) and read with it (Forms.Key), instead
// of in a table of the index: a screening then reads them with the rows
// it reads anyway, not with a lookup of its own a candidate. The index
// records the forms' names.FormVersion and is Stale when it differs, as
// with WithForms; a rebuild's File is to write the forms it takes into
// the rows. It returns ix.
func (ix *Index) WithRowForms() *Index {
	ix.forms, ix.rowForms = "", true
	return ix
}

// keepsForms reports whether ix prepares forms (WithForms, WithRowForms).
func (ix *Index) keepsForms() bool { return ix.forms != "" || ix.rowForms }

// tables are the index's tables.
func (ix *Index) tables() []string {
	if ix.forms != "" {
		return []string{ix.terms, ix.counts, ix.forms}
	}
	return []string{ix.terms, ix.counts}
}

// chunk is how many (term, ref) rows one INSERT writes; a writer holds
// buffered rows, and writes them sorted: the B-tree's pages are then
// touched in order, not at random.
const (
	chunk    = 500
	buffered = 64 * chunk
)

// Writer files names inside a transaction (an import's). Close it before
// the transaction commits: it writes what is buffered and recounts the
// terms it touched.
type Writer struct {
	ix      *Index
	tx      *sql.Tx
	buf     [][2]string
	args    []any
	touched map[string]struct{}
	// all: more terms were touched than maxTouched; Close recounts every
	// term instead.
	all bool
	// Rows counts the (term, ref) rows written (some may have been there).
	Rows int
	// opened: the writer looked whether the index was empty (fresh, it
	// records names.TermsVersion at Close).
	opened, fresh bool
	// also are tables Close analyzes with the index's (Also).
	also []string
	// forms are the rows of the forms table to write (WithForms), the
	// last one's ref still taking names; formAt finds a ref's row.
	forms  []formRow
	formAt map[string]int
	form   []byte
}

// formRow is a ref's names and their prepared forms, encoded as Forms.
type formRow struct {
	ref  string
	data []byte
}

// Writer returns a writer of names inside tx.
func (ix *Index) Writer(tx *sql.Tx) *Writer {
	return &Writer{ix: ix, tx: tx, touched: map[string]struct{}{}}
}

// Open takes, on PostgreSQL, the lock the writer's inserts need, and
// looks whether the index is empty; Add does it first when it was not
// done. A caller that writes rows a rebuild writes too (WithRowForms: a
// rebuild's File writes the rows' forms) opens its writer before it
// writes them, so that it takes its locks in the rebuild's order (the
// index's tables, then the rows): taken the other way round, the two
// would wait for each other.
func (w *Writer) Open(ctx context.Context) error {
	if !w.opened {
		// On PostgreSQL the writer takes the lock its inserts need
		// before it reads the index: a writer that read first would hold
		// a read lock while its insert waits for a Rebuild, and the
		// rebuild's swap (which drops the tables) would wait for that
		// read lock: a deadlock. Locked first, the writer waits for the
		// rebuild holding nothing of the index, and once it commits
		// files into the new tables (the names are looked up again).
		if w.ix.db.Dialect() == "postgres" {
			if _, err := w.tx.ExecContext(ctx, `LOCK TABLE `+strings.Join(w.ix.tables(), ", ")+` IN ROW EXCLUSIVE MODE`); err != nil {
				return sqlstore.Unavailable("write name index", err)
			}
		}
		var n int
		if err := w.tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM `+w.ix.terms+` LIMIT 1) a`).Scan(&n); err != nil {
			return sqlstore.Unavailable("write name index", err)
		}
		w.opened, w.fresh = true, n == 0
	}
	return nil
}

// Add files ref under the terms of name (nothing for a name with no
// letters or digits).
func (w *Writer) Add(ctx context.Context, ref, name string) error {
	if err := w.Open(ctx); err != nil {
		return err
	}
	k := names.Normalize(name)
	if w.ix.keepsForms() && !k.Empty() {
		if err := w.addForm(ctx, ref, name, k); err != nil {
			return err
		}
	}
	for _, t := range k.Terms() {
		if counted(t) && !w.all {
			w.touched[t] = struct{}{}
			if len(w.touched) > maxTouched {
				w.all, w.touched = true, nil
			}
		}
		w.buf = append(w.buf, [2]string{t, ref})
		if len(w.buf) == buffered {
			if err := w.flush(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// addForm adds name's prepared form to ref's row of forms.
func (w *Writer) addForm(ctx context.Context, ref, name string, k names.Key) error {
	i, ok := w.formAt[ref]
	if !ok {
		// A full buffer is written before a new ref's row starts: the
		// refs written have had all their names (they come one after
		// another).
		if len(w.forms) >= chunk {
			if err := w.flushForms(ctx); err != nil {
				return err
			}
		}
		if w.formAt == nil {
			w.formAt = map[string]int{}
		}
		i = len(w.forms)
		w.formAt[ref] = i
		w.forms = append(w.forms, formRow{ref: ref})
	}
	r := &w.forms[i]
	if _, dup := Forms(r.data).find(name); dup {
		return nil
	}
	w.form = k.AppendForm(w.form[:0])
	r.data = binary.AppendUvarint(r.data, uint64(len(name)))
	r.data = append(r.data, name...)
	r.data = binary.AppendUvarint(r.data, uint64(len(w.form)))
	r.data = append(r.data, w.form...)
	return nil
}

// TakeForms is the Forms of ref's names added so far (WithRowForms), for
// the caller to store with ref's row; nil when none was prepared (no
// name with letters or digits). The writer forgets them: the names of a
// ref are to be added one after another, then taken.
func (w *Writer) TakeForms(ref string) Forms {
	i, ok := w.formAt[ref]
	if !ok {
		return nil
	}
	delete(w.formAt, ref)
	f := w.forms[i].data
	w.forms[i].data = nil
	if i == len(w.forms)-1 {
		w.forms = w.forms[:i]
	}
	return f
}

// flushForms writes the buffered rows of forms, each replacing the row
// of its ref (nothing with WithRowForms: the caller took them).
func (w *Writer) flushForms(ctx context.Context) error {
	if w.ix.forms == "" {
		w.forms = w.forms[:0]
		clear(w.formAt)
		return nil
	}
	for rows := w.forms; len(rows) > 0; {
		n := min(len(rows), chunk)
		w.args = w.args[:0]
		for _, r := range rows[:n] {
			w.args = append(w.args, r.ref, r.data)
		}
		_, err := w.tx.ExecContext(ctx, `INSERT INTO `+w.ix.forms+` (ref, forms) VALUES `+w.ix.db.Values(n, 2)+
			` ON CONFLICT (ref) DO UPDATE SET forms = excluded.forms`, w.args...)
		if err != nil {
			return sqlstore.Unavailable("write name forms", err)
		}
		rows = rows[n:]
	}
	w.forms = w.forms[:0]
	clear(w.formAt)
	return nil
}

// Forms are the names filed under a ref with their prepared forms, as
// the forms table holds them: for each name, its length (uvarint) and
// bytes, its form's length (uvarint) and bytes.
type Forms []byte

// find is the form stored for name; ok is false when there is none (or
// the row is damaged before it).
func (f Forms) find(name string) (form []byte, ok bool) {
	for len(f) > 0 {
		n, l := binary.Uvarint(f)
		if l <= 0 || n > uint64(len(f)-l) {
			return nil, false
		}
		f = f[l:]
		nm := f[:n]
		f = f[n:]
		m, l := binary.Uvarint(f)
		if l <= 0 || m > uint64(len(f)-l) {
			return nil, false
		}
		f = f[l:]
		form := f[:m]
		f = f[m:]
		if string(nm) == name {
			return form, true
		}
	}
	return nil, false
}

// Key is the key of name, a name filed under the ref these forms are
// of: made from its stored form (stored is true), or names.Normalize(name)
// when none is stored for it or it is damaged or of another version.
func (f Forms) Key(name string) (k names.Key, stored bool) {
	if form, ok := f.find(name); ok {
		if k, ok := names.FromForm(form); ok {
			return k, true
		}
	}
	return names.Normalize(name), false
}

// Forms reads the stored forms of refs' names (WithForms); a ref with
// none stored is not in the map, and its names are to be normalised
// (Forms(nil).Key normalises them). An index without forms reads nothing.
func (ix *Index) Forms(ctx context.Context, refs []string) (map[string]Forms, error) {
	out := make(map[string]Forms, len(refs))
	if ix.forms == "" {
		return out, nil
	}
	db := ix.db.Read()
	for len(refs) > 0 {
		n := min(len(refs), chunk)
		args := make([]any, n)
		for i, r := range refs[:n] {
			args[i] = r
		}
		refs = refs[n:]
		if err := ctx.Err(); err != nil {
			return nil, sqlstore.Unavailable("read name forms", err)
		}
		rows, err := db.QueryContext(ctx, `SELECT ref, forms FROM `+ix.forms+` WHERE ref IN `+ix.db.Values(1, n), args...)
		if err != nil {
			return nil, sqlstore.Unavailable("read name forms", err)
		}
		for rows.Next() {
			var ref string
			var f []byte
			if err := rows.Scan(&ref, &f); err != nil {
				rows.Close()
				return nil, sqlstore.Unavailable("read name forms", err)
			}
			if err := ix.step(ctx); err != nil {
				rows.Close()
				return nil, sqlstore.Unavailable("read name forms", err)
			}
			out[ref] = f
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, sqlstore.Unavailable("read name forms", err)
		}
	}
	return out, nil
}

// maxTouched bounds the terms a writer remembers to recount (about 100
// bytes each): past it, Close recounts every term, which a large import
// touches most of anyway.
var maxTouched = 200_000

// counted reports whether a term's rows are counted: a word, a sound or
// a meaning, not a whole name (which few rows share, and which a search
// looks up directly).
func counted(term string) bool {
	return term != "" && (term[0] == 'w' || term[0] == 'c' || term[0] == 'm')
}

func (w *Writer) flush(ctx context.Context) error {
	slices.SortFunc(w.buf, func(a, b [2]string) int {
		return cmp.Or(strings.Compare(a[0], b[0]), strings.Compare(a[1], b[1]))
	})
	for rows := w.buf; len(rows) > 0; {
		n := min(len(rows), chunk)
		w.args = w.args[:0]
		for _, r := range rows[:n] {
			w.args = append(w.args, r[0], r[1])
		}
		_, err := w.tx.ExecContext(ctx, `INSERT INTO `+w.ix.terms+` (term, ref) VALUES `+w.ix.db.Values(n, 2)+` ON CONFLICT DO NOTHING`, w.args...)
		if err != nil {
			return sqlstore.Unavailable("write name index", err)
		}
		w.Rows += n
		rows = rows[n:]
	}
	w.buf = w.buf[:0]
	return nil
}

// Also makes Close refresh the planner statistics of tables (the
// dataset's own, which its searches read too) with the index's.
func (w *Writer) Also(tables ...string) {
	for _, t := range tables {
		if !identifier.MatchString(t) {
			panic(fmt.Sprintf("nameindex: %q: not a table name", t))
		}
	}
	w.also = append(w.also, tables...)
}

// Close writes what is buffered and recounts the rows of every word and
// sound term the writer touched. A writer that filed an empty index
// records the scheme of its terms (names.TermsVersion).
//
// On PostgreSQL it then analyzes the index's tables (and those given to
// Also) inside the transaction: the statistics commit with the rows, so
// no search ever plans the new rows without them. A freshly filled table
// has none until autovacuum gets to it, and with none the planner read a
// million-entry list's 19 million terms by a parallel sequential scan
// (3.3 s for the first screening, then calls past the 5 s operation
// timeout: docs/performance.md, issue 34). ANALYZE counts the rows the
// transaction itself wrote.
func (w *Writer) Close(ctx context.Context) error {
	if err := w.recount(ctx); err != nil {
		return err
	}
	if w.ix.db.Dialect() != "postgres" {
		return nil
	}
	_, err := w.tx.ExecContext(ctx, `ANALYZE `+strings.Join(append(w.ix.tables(), w.also...), ", "))
	return sqlstore.Unavailable("analyze name index", err)
}

// Vacuum, on PostgreSQL, vacuums the index's tables and tables (the
// dataset's own) after the transaction that filled them committed: the
// visibility map it sets lets a search read a term's postings from the
// (term, ref) index alone, without visiting the table's pages (a
// million-entry list's screening spent 9.3 ms of the server's CPU a call
// before, 5.1 ms after: docs/performance.md, issue 34). Autovacuum would
// get there later. It is an optimisation: its error is returned for the
// log, the data is in either way. Nothing on SQLite.
func (ix *Index) Vacuum(ctx context.Context, tables ...string) error {
	if ix.db.Dialect() != "postgres" {
		return nil
	}
	for _, t := range tables {
		if !identifier.MatchString(t) {
			panic(fmt.Sprintf("nameindex: %q: not a table name", t))
		}
	}
	_, err := ix.db.Write().ExecContext(ctx, `VACUUM `+strings.Join(append(ix.tables(), tables...), ", "))
	return sqlstore.Unavailable("vacuum name index", err)
}

// recount writes what is buffered and recounts the terms touched (Close).
func (w *Writer) recount(ctx context.Context) error {
	if err := w.flush(ctx); err != nil {
		return err
	}
	if err := w.flushForms(ctx); err != nil {
		return err
	}
	if w.fresh {
		versions := [][2]any{{versionTerm, names.TermsVersion}}
		if w.ix.keepsForms() {
			versions = append(versions, [2]any{formsTerm, names.FormVersion})
		}
		for _, v := range versions {
			if _, err := w.tx.ExecContext(ctx, `INSERT INTO `+w.ix.counts+` (term, df) VALUES ($1, $2)
				ON CONFLICT (term) DO UPDATE SET df = excluded.df`, v[0], v[1]); err != nil {
				return sqlstore.Unavailable("write name index", err)
			}
		}
	}
	if w.all {
		for _, kind := range []string{"c", "m", "w"} {
			if _, err := w.tx.ExecContext(ctx, `DELETE FROM `+w.ix.counts+` WHERE term >= $1 AND term < $2`, kind, next(kind)); err != nil {
				return sqlstore.Unavailable("count name index terms", err)
			}
			if _, err := w.tx.ExecContext(ctx, `INSERT INTO `+w.ix.counts+` (term, df) SELECT term, COUNT(*) FROM `+w.ix.terms+
				` WHERE term >= $1 AND term < $2 GROUP BY term`, kind, next(kind)); err != nil {
				return sqlstore.Unavailable("count name index terms", err)
			}
		}
		return nil
	}
	terms := make([]string, 0, len(w.touched))
	for t := range w.touched {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	for len(terms) > 0 {
		n := min(len(terms), chunk)
		args := make([]any, n)
		for i, t := range terms[:n] {
			args[i] = t
		}
		_, err := w.tx.ExecContext(ctx, `INSERT INTO `+w.ix.counts+` (term, df) SELECT term, COUNT(*) FROM `+w.ix.terms+
			` WHERE term IN `+w.ix.db.Values(1, n)+` GROUP BY term
			ON CONFLICT (term) DO UPDATE SET df = excluded.df`, args...)
		if err != nil {
			return sqlstore.Unavailable("count name index terms", err)
		}
		terms = terms[n:]
	}
	return nil
}

// next is the first string after every string starting with kind (one
// ASCII letter).
func next(kind string) string { return string(kind[0] + 1) }

// versionTerm is the counts row holding the scheme the index was filed
// under: no term starts with "#".
const versionTerm = "#version"

// formsTerm is the counts row holding the names.FormVersion of the forms
// the index keeps (WithForms).
const formsTerm = "#forms"

// Stale reports whether the index must be rebuilt before it is searched:
// it holds rows filed under another scheme of terms than this build's
// (names.TermsVersion), or rows and no scheme at all (filed before
// schemes were recorded); or, keeping forms (WithForms, WithRowForms),
// rows and forms of another names.FormVersion or none recorded (filed by
// code that kept none).
func (ix *Index) Stale(ctx context.Context) (bool, error) {
	var version, forms, rows int
	err := ix.db.Read().QueryRowContext(ctx, `SELECT COALESCE((SELECT df FROM `+ix.counts+` WHERE term = $1), 0),
		COALESCE((SELECT df FROM `+ix.counts+` WHERE term = $2), 0),
		(SELECT COUNT(*) FROM (SELECT 1 FROM `+ix.terms+` LIMIT 1) a)`, versionTerm, formsTerm).Scan(&version, &forms, &rows)
	if err != nil {
		return false, sqlstore.Unavailable("read name index", err)
	}
	return rows > 0 && (version != names.TermsVersion || ix.keepsForms() && forms != names.FormVersion), nil
}

// Clear empties the index inside tx (before a Rebuild's writer refiles
// every row).
func (ix *Index) Clear(ctx context.Context, tx *sql.Tx) error {
	for _, t := range ix.tables() {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+t); err != nil {
			return sqlstore.Unavailable("clear name index", err)
		}
	}
	return nil
}

// Tuning of a search (see Candidates); variables for the tests.
var (
	// rareMax: a word term filed under more rows than this is common,
	// and its postings are read only when the query has no rarer term.
	rareMax = 5000
	// commonScan bounds the rows read of a common term.
	commonScan = 3000
)

// Candidates returns at most limit refs whose names may match q, the
// likeliest first: those with q's words in any order (an exact name),
// then, with prefixes, names that start with q or that q starts with
// (three letters at least; half the limit at most), then those sharing
// q's rarest words and sounds, by how rare what they share is. A query
// made only of common words (each filed under more than 5,000 rows)
// reads the first 3,000 rows of its rarest word and keeps those that
// also have its next rarest.
func (ix *Index) Candidates(ctx context.Context, q names.Key, limit int, prefixes bool) ([]string, error) {
	if q.Empty() || limit <= 0 {
		return nil, nil
	}
	c := collector{ix: ix, limit: limit, seen: map[string]bool{}}
	db := ix.db.Read()
	// The same words in any order.
	if err := c.query(ctx, db, `SELECT ref FROM `+ix.terms+` WHERE term = $1 ORDER BY ref LIMIT $2`, q.ExactTerm(), limit); err != nil {
		return nil, err
	}
	// Names that start with the query, and the query's own prefixes that
	// are names.
	qn := q.String()
	if prefixes && utf8.RuneCountInString(qn) >= 3 && !c.full() {
		all := c.limit
		c.limit = len(c.out) + limit/2
		start := q.NameTerm()
		if err := c.query(ctx, db, `SELECT ref FROM `+ix.terms+` WHERE term >= $1 AND term < $2 ORDER BY term, ref LIMIT $3`,
			start, start+string(utf8.MaxRune), limit); err != nil {
			return nil, err
		}
		var starts []any
		for n := 3; n < len(qn); n++ {
			if utf8.RuneStart(qn[n]) && utf8.RuneCountInString(qn[:n]) >= 3 {
				starts = append(starts, "n"+qn[:n])
			}
		}
		if len(starts) > 0 && !c.full() {
			in := ix.db.Values(1, len(starts))
			if err := c.query(ctx, db, `SELECT ref FROM `+ix.terms+` WHERE term IN `+in+` ORDER BY term DESC, ref LIMIT `+fmt.Sprint(limit),
				starts...); err != nil {
				return nil, err
			}
		}
		c.limit = all
	}
	if c.full() {
		return c.out, nil
	}
	// Shared words and sounds, rarest first.
	words := q.WordTerms()
	args := make([]any, len(words))
	for i, w := range words {
		args[i] = w
	}
	rows, err := db.QueryContext(ctx, `SELECT term, df FROM `+ix.counts+` WHERE term IN `+ix.db.Values(1, len(args)), args...)
	if err != nil {
		return nil, sqlstore.Unavailable("read name index counts", err)
	}
	type tdf struct {
		term string
		df   int
	}
	var present []tdf
	for rows.Next() {
		var t tdf
		if err := rows.Scan(&t.term, &t.df); err != nil {
			rows.Close()
			return nil, sqlstore.Unavailable("read name index counts", err)
		}
		if t.df > 0 {
			present = append(present, t)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, sqlstore.Unavailable("read name index counts", err)
	}
	if len(present) == 0 {
		return c.out, nil
	}
	slices.SortFunc(present, func(a, b tdf) int {
		if a.df != b.df {
			return a.df - b.df
		}
		return strings.Compare(a.term, b.term)
	})
	score := map[string]float64{}
	var order []string
	add := func(ref string, w float64) {
		if c.seen[ref] {
			return
		}
		if _, ok := score[ref]; !ok {
			order = append(order, ref)
		}
		score[ref] += w
	}
	weight := func(df int) float64 { return 1 / math.Log(2+float64(df)) }
	if present[0].df <= rareMax {
		// Every rare term's postings in one statement: one round trip
		// (PostgreSQL) however many words the query has.
		weights := map[string]float64{}
		var terms []any
		for _, t := range present {
			if t.df > rareMax {
				break
			}
			weights[t.term] = weight(t.df)
			terms = append(terms, t.term)
		}
		rows, err := db.QueryContext(ctx, `SELECT term, ref FROM `+ix.terms+` WHERE term IN `+ix.db.Values(1, len(terms)), terms...)
		if err != nil {
			return nil, sqlstore.Unavailable("search name index", err)
		}
		for rows.Next() {
			var term, ref string
			if err := rows.Scan(&term, &ref); err != nil {
				rows.Close()
				return nil, sqlstore.Unavailable("search name index", err)
			}
			if err := ix.step(ctx); err != nil {
				rows.Close()
				return nil, sqlstore.Unavailable("search name index", err)
			}
			add(ref, weights[term])
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, sqlstore.Unavailable("search name index", err)
		}
	} else {
		first := present[0]
		query, qargs := `SELECT ref FROM (SELECT ref FROM `+ix.terms+` WHERE term = $1 LIMIT $2) a`, []any{first.term, commonScan}
		w := weight(first.df)
		if len(present) > 1 {
			second := present[1]
			query += ` WHERE EXISTS (SELECT 1 FROM ` + ix.terms + ` b WHERE b.term = $3 AND b.ref = a.ref)`
			qargs = append(qargs, second.term)
			w += weight(second.df)
		}
		if err := ix.eachRef(ctx, db, query, qargs, func(ref string) { add(ref, w) }); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(order, func(a, b string) int {
		if score[a] != score[b] {
			if score[a] > score[b] {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	for _, ref := range order {
		if c.full() {
			break
		}
		c.add(ref)
	}
	return c.out, nil
}

type collector struct {
	ix    *Index
	limit int
	seen  map[string]bool
	out   []string
}

func (c *collector) full() bool { return len(c.out) >= c.limit }

func (c *collector) add(ref string) {
	if !c.seen[ref] && !c.full() {
		c.seen[ref] = true
		c.out = append(c.out, ref)
	}
}

func (c *collector) query(ctx context.Context, db *sql.DB, query string, args ...any) error {
	return c.ix.eachRef(ctx, db, query, args, c.add)
}

// eachRef runs a search query and calls each for every ref it reads; a
// done ctx ends it (the driver stops the statement).
func (ix *Index) eachRef(ctx context.Context, db *sql.DB, query string, args []any, each func(string)) error {
	if err := ctx.Err(); err != nil {
		return sqlstore.Unavailable("search name index", err)
	}
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return sqlstore.Unavailable("search name index", err)
	}
	defer rows.Close()
	for rows.Next() {
		var ref string
		if err := rows.Scan(&ref); err != nil {
			return sqlstore.Unavailable("search name index", err)
		}
		if err := ix.step(ctx); err != nil {
			return sqlstore.Unavailable("search name index", err)
		}
		each(ref)
	}
	return sqlstore.Unavailable("search name index", rows.Err())
}

// step counts one index row a search read, and stops the search once
// ctx is done: no row is used after that (the driver stops the
// statement when the rows are closed).
func (ix *Index) step(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ix.read.Add(1)
	if ix.onRow != nil {
		ix.onRow()
	}
	return nil
}
