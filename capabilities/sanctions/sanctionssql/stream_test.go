package sanctionssql_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/dataset"
	"dalil/internal/testenv"
)

// manyEntities is an OpenSanctions export of n people; every one bad
// (no id) when bad.
func manyEntities(n int, bad bool) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("os-%d", i)
		if bad {
			id = ""
		}
		fmt.Fprintf(&b, `{"id": %q, "schema": "Person", "properties": {"name": ["Person %d Example"], "nationality": ["ir"]}}`+"\n", id, i)
	}
	return b.String()
}

func ftmOpts() dataset.ImportOptions {
	return dataset.ImportOptions{Source: "opensanctions", License: "OpenSanctions commercial licence, contract T-1", Format: "ftm", Filename: "e.json"}
}

func eachStore(t *testing.T, f func(t *testing.T, s *sanctionssql.Store)) {
	t.Run("sqlite", func(t *testing.T) { f(t, open(t, filepath.Join(t.TempDir(), "s.db"))) })
	t.Run("postgres", func(t *testing.T) { f(t, open(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))) })
}

// TestImportStopsWhenCancelled: an import whose context is cancelled
// while it reads stops within one chunk of records (counted, not timed)
// and writes nothing, in either of its two readings, good records or bad.
func TestImportStopsWhenCancelled(t *testing.T) {
	for _, c := range []struct {
		phase string
		bad   bool
	}{{"validating", false}, {"writing", false}, {"validating", true}} {
		t.Run(fmt.Sprintf("%s bad=%v", c.phase, c.bad), func(t *testing.T) {
			file := manyEntities(3*dataset.ProgressEvery, c.bad)
			eachStore(t, func(t *testing.T, s *sanctionssql.Store) {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				var atCancel int64 = -1
				o := ftmOpts()
				o.Progress = func(p dataset.Progress) {
					if p.Phase == c.phase && p.Rows == dataset.ProgressEvery && atCancel < 0 {
						atCancel = s.RowsRead()
						cancel()
					}
				}
				_, err := s.Import(ctx, strings.NewReader(file), o)
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("err = %v, want context.Canceled", err)
				}
				if after := s.RowsRead() - atCancel; atCancel < 0 || after > 200 {
					t.Errorf("read %d records after the cancellation (at %d), want at most one chunk (200)", after, atCancel)
				}
				st, err := s.Stats(context.Background())
				if err != nil || st.Rows != 0 || len(st.Batches) != 0 {
					t.Errorf("after a cancelled import: %d rows, %d batches, %v", st.Rows, len(st.Batches), err)
				}
			})
		})
	}
}

// TestImportProgress: an import reports each reading every ProgressEvery
// records and writes every entity; a file of bad records reports them
// all, the first 100 problems listed.
func TestImportProgress(t *testing.T) {
	eachStore(t, func(t *testing.T, s *sanctionssql.Store) {
		var seen []dataset.Progress
		o := ftmOpts()
		o.Progress = func(p dataset.Progress) { seen = append(seen, p) }
		rep, err := s.Import(context.Background(), strings.NewReader(manyEntities(2*dataset.ProgressEvery+5, false)), o)
		if err != nil || rep.Imported != 2*dataset.ProgressEvery+5 || rep.Rows != rep.Imported {
			t.Fatalf("import = %+v, %v", rep, err)
		}
		want := []dataset.Progress{{Phase: "validating", Rows: 10000}, {Phase: "validating", Rows: 20000}, {Phase: "writing", Rows: 10000}, {Phase: "writing", Rows: 20000}}
		if fmt.Sprint(seen) != fmt.Sprint(want) {
			t.Errorf("progress = %v, want %v", seen, want)
		}
		o.Progress = nil
		rep, err = s.Import(context.Background(), strings.NewReader(manyEntities(1000, true)), o)
		if err != nil || !rep.Refused || rep.Rows != 1000 || rep.BadRows != 1000 || len(rep.Errors) != dataset.MaxReportedErrors {
			t.Errorf("bad file = rows %d bad %d refused %v, %d errors, %v", rep.Rows, rep.BadRows, rep.Refused, len(rep.Errors), err)
		}
	})
}

// TestImportFileChanged: a list that changes between its validation and
// its write is refused and nothing is written.
func TestImportFileChanged(t *testing.T) {
	eachStore(t, func(t *testing.T, s *sanctionssql.Store) {
		path := filepath.Join(t.TempDir(), "e.json")
		if err := os.WriteFile(path, []byte(manyEntities(2*dataset.ProgressEvery, false)), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		o := ftmOpts()
		o.Progress = func(p dataset.Progress) {
			if p.Phase == "writing" {
				data, _ := os.ReadFile(path)
				i := strings.LastIndex(string(data), "Example")
				data[i] = 'X' // the last person's name
				if err := os.WriteFile(path, data, 0o600); err != nil {
					t.Error(err)
				}
			}
		}
		if _, err := s.Import(context.Background(), f, o); !errors.Is(err, dataset.ErrChanged) {
			t.Fatalf("err = %v, want dataset.ErrChanged", err)
		}
		if st, err := s.Stats(context.Background()); err != nil || st.Rows != 0 || len(st.Batches) != 0 {
			t.Errorf("after a changed file: %d rows, %d batches, %v", st.Rows, len(st.Batches), err)
		}
	})
}
