package sanctionssql_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capability"
	"dalil/dataset"
	"dalil/internal/names/labelled"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

// ftmLine is one listed person in FollowTheMoney JSON lines.
func ftmLine(id, name string) string {
	b, _ := json.Marshal(map[string]any{"id": id, "schema": "Person", "caption": name, "target": true,
		"properties": map[string]any{"name": []string{name}, "topics": []string{"sanction"}}})
	return string(b) + "\n"
}

// TestIndexedScreeningAgreesWithTheEngine: every labelled name pair of
// internal/names (2,000 pairs in five files) screened through the store,
// whose engine holds only the candidates its name index finds, among
// 10,000 distractors made of the same names' words (so common words such
// as Mohammed are filed under thousands of entries): each pair is found
// or not exactly as the in-memory engine over every entry finds it, with
// the same score. It prints precision and recall per file.
func TestIndexedScreeningAgreesWithTheEngine(t *testing.T) {
	files := []string{"pairs.tsv", "structure_pairs.tsv", "probe_pairs.tsv", "heldout_pairs.tsv", "translation_pairs.tsv"}
	all, first := labelledPairs(t, files...)
	var words []string
	for _, p := range all {
		words = append(words, strings.Fields(p.A)...)
		words = append(words, strings.Fields(p.B)...)
	}
	var file strings.Builder
	add := func(id, name string) {
		file.WriteString(ftmLine(id, name))
	}
	for i, p := range all {
		add(fmt.Sprintf("p%d", i), p.B)
	}
	r := rand.New(rand.NewPCG(34, 2))
	for i := range 10000 {
		n := 2 + r.IntN(3)
		ws := make([]string, n)
		for j := range ws {
			ws[j] = words[r.IntN(len(words))]
		}
		add(fmt.Sprintf("d%d", i), strings.Join(ws, " "))
	}
	dsns(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		rep := imp(t, s, file.String(), dataset.ImportOptions{Source: "pairs", Format: "ftm", Filename: "pairs.ftm.json", License: "OpenSanctions commercial licence, test"})
		if rep.Imported != len(all)+10000 {
			t.Fatalf("import = %+v", rep)
		}
		ctx := capability.WithCall(context.Background(), capability.Call{Now: storeTime})
		full, err := s.Everything(ctx)
		if err != nil {
			t.Fatal(err)
		}
		indexed := sanctions.Screener{Lists: s}
		for fi, f := range files {
			end := len(all)
			if fi+1 < len(files) {
				end = first[files[fi+1]]
			}
			pairs := all[first[f]:end]
			rep := labelled.Evaluate(pairs, func(k int, p labelled.Pair) (float64, bool) {
				id := fmt.Sprintf("p%d", first[f]+k)
				q := sanctions.Query{Names: []string{p.A}}
				got, err := indexed.Screen(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				score, found := scoreOf(got, id)
				wantScore, want := scoreOf(full.Screen(q), id)
				if found != want || score != wantScore {
					t.Errorf("%s:%d %q / %q: indexed %v %.3f, every entry %v %.3f", f, p.Line, p.A, p.B, found, score, want, wantScore)
				}
				return score, found
			})
			t.Logf("%s through the store's index: %s", f, strings.Join(rep.Table()[len(rep.Table())-1:], ""))
		}
	})
}

// dsns runs f on a fresh SQLite file and a fresh PostgreSQL schema.
func dsns(t *testing.T, f func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "s.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))) })
}

// TestEntriesImportedBeforeTheIndexAreFiled: entries from before the
// name index (a database upgraded by migration 004) are filed by the
// first screening, which finds them.
func TestEntriesImportedBeforeTheIndexAreFiled(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		imp(t, s, file(t, "entities.ftm.json"), dataset.ImportOptions{Source: "sample", Format: "ftm", Filename: "entities.ftm.json", License: "OpenSanctions commercial licence, test"})
		s.Forget(t)
		ctx := capability.WithCall(context.Background(), capability.Call{Now: storeTime})
		r, err := sanctions.Screener{Lists: s}.Screen(ctx, sanctions.Query{Names: []string{"Salem Hamed Al Sample"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := scoreOf(r, "NK-sample1"); !ok {
			t.Fatalf("not found after the upgrade: %+v", r)
		}
	})
}

func scoreOf(r sanctions.Result, id string) (float64, bool) {
	for _, m := range r.Matches {
		if m.EntityID == id {
			return m.Score, true
		}
	}
	return 0, false
}

// TestReindexFindsAgain: a list of 10,001 entries whose index no check
// sees is stale (its terms spelt otherwise, its scheme current) screens
// clear, in this process or a new one; Reindex (`dalil sanctions
// reindex`) refiles every entry, reporting its progress, and the same
// names are found again.
func TestReindexFindsAgain(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		var b strings.Builder
		for i := range 10_000 {
			fmt.Fprint(&b, ftmLine(fmt.Sprintf("NK-filler%05d", i), fmt.Sprintf("Filler Person %s", strings.Repeat("x", 1+i%7)+fmt.Sprint(i))))
		}
		b.WriteString(ftmLine("NK-wanted", "Salem Hamed Al Wanted"))
		s := open(t, dsn)
		imp(t, s, b.String(), dataset.ImportOptions{Source: "gen", Format: "ftm", Filename: "gen.ftm.json", License: "OpenSanctions commercial licence, test"})
		ctx := capability.WithCall(context.Background(), capability.Call{Now: storeTime})
		finds := func(s sanctions.Lists) bool {
			t.Helper()
			r, err := sanctions.Screener{Lists: s}.Screen(ctx, sanctions.Query{Names: []string{"Salim Hamad Al-Wanted"}})
			if err != nil {
				t.Fatal(err)
			}
			_, ok := scoreOf(r, "NK-wanted")
			return ok
		}
		if !finds(s) {
			t.Fatal("not found after the import")
		}
		s.Spoil(t)
		if finds(s) || finds(open(t, dsn)) {
			t.Fatal("found through a spoilt index: the test spoils nothing")
		}
		var progress []dataset.Progress
		n, err := s.Reindex(ctx, func(p dataset.Progress) { progress = append(progress, p) })
		if err != nil || n != 10_001 {
			t.Fatalf("Reindex = %d, %v; want 10001 entries", n, err)
		}
		if len(progress) != 1 || progress[0] != (dataset.Progress{Phase: "indexing", Rows: 10_000}) {
			t.Errorf("progress = %+v, want indexing at 10000 rows", progress)
		}
		if !finds(s) || !finds(open(t, dsn)) {
			t.Error("not found after Reindex")
		}
	})
}

// TestScreeningStopsWhenCancelled: a screening stops once its context is
// cancelled: cancelled while the candidates' entries are read, no entry
// is read after the one that cancelled it; cancelled before, it reads no
// index row and no entry (counted, not timed). Either way the error is
// the context's, never an answer.
func TestScreeningStopsWhenCancelled(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		var b strings.Builder
		for i := range 600 {
			fmt.Fprint(&b, ftmLine(fmt.Sprintf("NK-%04d", i), "Salem Hamed Al Sample"))
		}
		s := open(t, dsn)
		imp(t, s, b.String(), dataset.ImportOptions{Source: "gen", Format: "ftm", Filename: "gen.ftm.json", License: "OpenSanctions commercial licence, test"})
		call := capability.WithCall(context.Background(), capability.Call{Now: storeTime})
		q := sanctions.Query{Names: []string{"Salem Hamed Al Sample"}}
		if r, err := (sanctions.Screener{Lists: s}).Screen(call, q); err != nil || len(r.Matches) == 0 || s.EntriesRead() < 100 {
			t.Fatalf("uncancelled: %d matches, %d entries read, %v", len(r.Matches), s.EntriesRead(), err)
		}
		ctx, cancel := context.WithCancel(call)
		before, atCancel := s.EntriesRead(), int64(-1)
		s.OnEntry(func() {
			if s.EntriesRead()-before == 10 {
				atCancel = s.EntriesRead()
				cancel()
			}
		})
		_, err := (sanctions.Screener{Lists: s}).Screen(ctx, q)
		s.OnEntry(nil)
		if !errors.Is(err, context.Canceled) || atCancel < 0 || s.EntriesRead() != atCancel {
			t.Errorf("cancelled at entry %d, read %d; err %v (want context.Canceled and no entry after)", atCancel-before, s.EntriesRead()-before, err)
		}
		entries, index := s.EntriesRead(), s.IndexRowsRead()
		if _, err := (sanctions.Screener{Lists: s}).Screen(ctx, q); !errors.Is(err, context.Canceled) || s.EntriesRead() != entries || s.IndexRowsRead() != index {
			t.Errorf("screening with a cancelled context: %v, %d entries and %d index rows read", err, s.EntriesRead()-entries, s.IndexRowsRead()-index)
		}
	})
}

// TestReindexReadsPagesByIndexRange: Reindex reads the entries a page at
// a time as one range of the (source, entity_id) key's index, starting
// at the key after the last page, on both databases; a condition the
// index cannot bound made each page scan the pages before it.
func TestReindexReadsPagesByIndexRange(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		plan := open(t, dsn).ReindexPlan(t)
		want := regexp.MustCompile(`SEARCH sanctions_entries USING INDEX \S+ \(\(source,entity_id\)>\(\?,\?\)\)`)
		if strings.HasPrefix(dsn, "postgres") {
			want = regexp.MustCompile(`Index Cond: \(ROW\(source, entity_id\) > ROW\(`)
		}
		if !want.MatchString(plan) {
			t.Errorf("the page statement is not one index range:\n%s", plan)
		}
	})
}

// TestScreeningFromStoredForms: a screening keys its candidates' names
// from the prepared forms the name index stores (counted), and answers
// exactly as with every name normalised afresh: the labelled pairs'
// names, each entry with an alias, screened with the forms stored, then
// with them deleted (a new store: every name normalised), give the same
// results, field for field.
func TestScreeningFromStoredForms(t *testing.T) {
	all, _ := labelledPairs(t, "pairs.tsv", "structure_pairs.tsv", "translation_pairs.tsv")
	var file strings.Builder
	for i, p := range all {
		b, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("p%d", i), "schema": "Person", "caption": p.B, "target": true,
			"properties": map[string]any{"name": []string{p.B}, "alias": []string{p.B + " Al Alias", "--"}, "topics": []string{"sanction"}}})
		file.Write(append(b, '\n'))
	}
	dsns(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		imp(t, s, file.String(), dataset.ImportOptions{Source: "pairs", Format: "ftm", Filename: "pairs.ftm.json", License: "OpenSanctions commercial licence, test"})
		ctx := capability.WithCall(context.Background(), capability.Call{Now: storeTime})
		screen := func(s sanctions.Lists) []sanctions.Result {
			t.Helper()
			var out []sanctions.Result
			for _, p := range all {
				r, err := sanctions.Screener{Lists: s}.Screen(ctx, sanctions.Query{Names: []string{p.A}})
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, r)
			}
			return out
		}
		fromForms := screen(s)
		if s.Prepared() < int64(len(all)) {
			t.Fatalf("%d names keyed from their stored forms, want %d at least", s.Prepared(), len(all))
		}
		s.DropForms(t, false)
		fresh := open(t, dsn)
		normalised := screen(fresh)
		if fresh.Prepared() != 0 {
			t.Fatalf("%d names keyed from forms that were deleted", fresh.Prepared())
		}
		matches := 0
		for i := range all {
			if !reflect.DeepEqual(fromForms[i], normalised[i]) {
				t.Fatalf("%q: from the stored forms\n%+v\nnormalised\n%+v", all[i].A, fromForms[i], normalised[i])
			}
			matches += len(fromForms[i].Matches)
		}
		if matches < len(all)/2 {
			t.Fatalf("only %d matches: the test compares little", matches)
		}
	})
}

// TestIndexWithoutFormsIsRebuilt: an index filed by code that kept no
// prepared forms (none stored, no version of them recorded) is rebuilt
// on the first screening of a new process, which then keys its
// candidates from the forms the rebuild stored.
func TestIndexWithoutFormsIsRebuilt(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		imp(t, s, file(t, "entities.ftm.json"), dataset.ImportOptions{Source: "sample", Format: "ftm", Filename: "entities.ftm.json", License: "OpenSanctions commercial licence, test"})
		s.DropForms(t, true)
		ctx := capability.WithCall(context.Background(), capability.Call{Now: storeTime})
		fresh := open(t, dsn)
		for range 2 {
			r, err := sanctions.Screener{Lists: fresh}.Screen(ctx, sanctions.Query{Names: []string{"Salem Hamed Al Sample"}})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := scoreOf(r, "NK-sample1"); !ok {
				t.Fatalf("not found: %+v", r)
			}
		}
		if fresh.Prepared() == 0 {
			t.Fatal("no name keyed from a stored form after the rebuild")
		}
	})
}

// labelledPairs reads files of internal/names/testdata in order and
// returns their pairs and where each file's pairs begin.
func labelledPairs(t *testing.T, files ...string) ([]labelled.Pair, map[string]int) {
	t.Helper()
	var all []labelled.Pair
	first := map[string]int{}
	for _, f := range files {
		r, err := os.Open("../../../internal/names/testdata/" + f)
		if err != nil {
			t.Fatal(err)
		}
		pairs, err := labelled.Read(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		first[f] = len(all)
		all = append(all, pairs...)
	}
	return all, first
}

// TestFormsMoveIntoEntries: migration 006 moves the forms a database at
// 005 kept in sanctions_name_forms into the entries' rows, byte for byte,
// and drops that table; the index stays current (no rebuild), a screening
// keys its candidates from the moved forms, and an import by this build
// writes the same forms for the same names.
func TestFormsMoveIntoEntries(t *testing.T) {
	all, _ := labelledPairs(t, "pairs.tsv")
	var file strings.Builder
	for i, p := range all {
		b, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("p%d", i), "schema": "Person", "caption": p.B, "target": true,
			"properties": map[string]any{"name": []string{p.B}, "alias": []string{p.A + " Al Alias", "--"}, "topics": []string{"sanction"}}})
		file.Write(append(b, '\n'))
	}
	dsns(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		old, err := sqlstore.Open(ctx, dsn, sqlstore.Options{Modules: []sqlstore.Module{sanctionssql.ModuleUpTo(t, "005")}})
		if err != nil {
			t.Fatal(err)
		}
		sanctionssql.ImportAt005(t, old.DB(), "old", file.String())
		before := map[string][]byte{}
		rows, err := old.DB().Read().QueryContext(ctx, `SELECT ref, forms FROM sanctions_name_forms`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var ref string
			var f []byte
			if err := rows.Scan(&ref, &f); err != nil {
				t.Fatal(err)
			}
			before[strings.TrimPrefix(ref, "old\t")] = f
		}
		rows.Close()
		old.Close()
		if len(before) < len(all) {
			t.Fatalf("%d refs with forms at 005, want %d", len(before), len(all))
		}

		s := open(t, dsn) // migration 006
		if stale, err := s.Stale(ctx); err != nil || stale {
			t.Fatalf("stale after the migration: %v, %v", stale, err)
		}
		imp(t, s, file.String(), dataset.ImportOptions{Source: "fresh", Format: "ftm", Filename: "pairs.ftm.json", License: "OpenSanctions commercial licence, test"})
		db := s.DB()
		after := map[string]map[string][]byte{"old": {}, "fresh": {}}
		rows, err = db.Read().QueryContext(ctx, `SELECT source, entity_id, forms FROM sanctions_entries`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var src, id string
			var f []byte
			if err := rows.Scan(&src, &id, &f); err != nil {
				t.Fatal(err)
			}
			after[src][id] = f
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		for id, f := range before {
			if !bytes.Equal(after["old"][id], f) {
				t.Fatalf("%s: forms %x after the migration, %x before", id, after["old"][id], f)
			}
			if !bytes.Equal(after["fresh"][id], f) {
				t.Fatalf("%s: forms %x imported, %x at 005", id, after["fresh"][id], f)
			}
		}
		if len(after["old"]) != len(all) || len(after["fresh"]) != len(all) {
			t.Fatalf("%d and %d entries, want %d each", len(after["old"]), len(after["fresh"]), len(all))
		}
		var n int
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM sanctions_name_forms`).Scan(&n); err == nil {
			t.Fatal("sanctions_name_forms is still there")
		}
		r := screen(t, s, sanctions.Query{Names: []string{all[0].A}})
		if len(r.Matches) == 0 || s.Prepared() == 0 {
			t.Fatalf("%q: %d matches, %d names keyed from stored forms", all[0].A, len(r.Matches), s.Prepared())
		}
	})
}

// TestImportDuringRebuild (PostgreSQL): an import of a list while a
// rebuild of the name index rewrites that list's entries' forms waits
// for the rebuild, and both complete. The import locks the index before
// it deletes the list's entries, the order of the rebuild (the index,
// then the entries); the other way round each would wait for the other
// (a deadlock: PostgreSQL aborts one of them after deadlock_timeout and
// the store tries it again, a million-entry rebuild or import redone),
// so the database's count of deadlocks must not move.
func TestImportDuringRebuild(t *testing.T) {
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	ctx := context.Background()
	opts := dataset.ImportOptions{Source: "sample", Format: "ftm", Filename: "entities.ftm.json", License: "OpenSanctions commercial licence, test"}
	body := file(t, "entities.ftm.json")
	first := open(t, dsn)
	imp(t, first, body, opts)
	first.DropForms(t, true) // the rebuild rewrites every entry's forms
	deadlocks := func() int64 {
		t.Helper()
		var n int64
		if err := first.DB().Read().QueryRowContext(ctx, `SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	deadlocks0 := deadlocks()

	rebuilder := open(t, dsn)
	held, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	rebuilder.SetHook(func(step string) {
		if step == "reindex row" {
			once.Do(func() { close(held); <-release })
		}
	})
	rebuilt := make(chan error, 1)
	go func() {
		_, err := rebuilder.Reindex(ctx, nil)
		rebuilt <- err
	}()
	<-held // the rebuild holds the index's lock; no entry written yet
	importer := open(t, dsn)
	imported := make(chan error, 1)
	go func() {
		_, err := importer.Import(ctx, strings.NewReader(body+ftmLine("late1", "Salim Rashid Al Latecomer")), opts)
		imported <- err
	}()
	// The import waits for the rebuild's lock on the index.
	db := importer.DB().Read()
	for waiting := 0; waiting == 0; {
		select {
		case err := <-imported:
			t.Fatalf("the import finished during the rebuild: %v", err)
		default:
		}
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'
			AND datname = current_database() AND query LIKE 'LOCK TABLE sanctions_name_terms%'`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
	}
	close(release)
	if err := <-rebuilt; err != nil {
		t.Fatalf("rebuild: %v", err)
	}
	if err := <-imported; err != nil {
		t.Fatalf("import: %v", err)
	}
	// The statistics are sent at the end of a transaction (and read
	// from a snapshot): a new transaction reads them afresh.
	if _, err := first.DB().Read().ExecContext(ctx, `SELECT pg_stat_clear_snapshot()`); err != nil {
		t.Fatal(err)
	}
	if n := deadlocks() - deadlocks0; n != 0 {
		t.Fatalf("%d deadlocks between the import and the rebuild", n)
	}
	var entries, without int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(*) - COUNT(forms) FROM sanctions_entries`).Scan(&entries, &without); err != nil {
		t.Fatal(err)
	}
	if stale, err := importer.Stale(ctx); err != nil || stale || without != 0 || entries == 0 {
		t.Fatalf("after both: %d entries, %d without forms, stale %v (%v)", entries, without, stale, err)
	}
	if _, ok := scoreOf(screen(t, importer, sanctions.Query{Names: []string{"Salim Rashid Al Latecomer"}}), "late1"); !ok {
		t.Fatal("the imported entry is not found")
	}
}
