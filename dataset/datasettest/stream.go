package datasettest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dalil/dataset"
)

// Store is a dataset's SQL store as the streamed-import tests drive it:
// RowsRead counts the rows its imports have read (an export_test.go
// method).
type Store interface {
	Import(ctx context.Context, r io.Reader, opts dataset.ImportOptions) (dataset.Report, error)
	Stats(ctx context.Context) (dataset.Stats, error)
	RowsRead() int64
}

// Streamed are the tests every streamed import passes (one that reads its
// file twice, "validating" then "writing": dataset.Rewrite), on each
// database; a dataset's test states only what is its own.
type Streamed[S Store] struct {
	// Stores runs f on a fresh, empty store of each database, as
	// sub-tests.
	Stores func(t *testing.T, f func(t *testing.T, s S))
	// File is a file of n rows, every one good, or every one bad when
	// bad.
	File func(n int, bad bool) string
	// Options are the imports' options (the tests set Progress).
	Options func() dataset.ImportOptions
	// Chunk is the rows an import reads between two looks at its
	// context: a cancelled import reads at most this many more.
	Chunk int64
	// Change changes the last row of a File in place (a value, not the
	// file's length), as someone editing the file might.
	Change func(data []byte)
}

// StopsWhenCancelled: an import whose context is cancelled while it
// reads stops within one Chunk of rows (counted, not timed) and writes
// nothing, in either of its two readings, good rows or bad.
func (c Streamed[S]) StopsWhenCancelled(t *testing.T) {
	for _, k := range []struct {
		phase string
		bad   bool
	}{{"validating", false}, {"writing", false}, {"validating", true}} {
		t.Run(fmt.Sprintf("%s bad=%v", k.phase, k.bad), func(t *testing.T) {
			file := c.File(3*dataset.ProgressEvery, k.bad)
			c.Stores(t, func(t *testing.T, s S) {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				var atCancel int64 = -1
				o := c.Options()
				o.Progress = func(p dataset.Progress) {
					if p.Phase == k.phase && p.Rows == dataset.ProgressEvery && atCancel < 0 {
						atCancel = s.RowsRead()
						cancel()
					}
				}
				_, err := s.Import(ctx, strings.NewReader(file), o)
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("err = %v, want context.Canceled", err)
				}
				if after := s.RowsRead() - atCancel; atCancel < 0 || after > c.Chunk {
					t.Errorf("read %d rows after the cancellation (at %d), want at most one chunk (%d)", after, atCancel, c.Chunk)
				}
				held(t, s, "a cancelled import")
			})
		})
	}
}

// Progress: an import of good rows reports each reading every
// dataset.ProgressEvery rows and imports every row; then, when set, runs
// with the store and the import's report (a dataset's own checks).
func (c Streamed[S]) Progress(t *testing.T, then func(t *testing.T, s S, rep dataset.Report)) {
	c.Stores(t, func(t *testing.T, s S) {
		var seen []dataset.Progress
		o := c.Options()
		o.Progress = func(p dataset.Progress) { seen = append(seen, p) }
		n := 2*dataset.ProgressEvery + 5
		rep, err := s.Import(context.Background(), strings.NewReader(c.File(n, false)), o)
		if err != nil || rep.Imported != n || rep.Rows != n {
			t.Fatalf("import = %+v, %v", rep, err)
		}
		var want []dataset.Progress
		for _, phase := range []string{"validating", "writing"} {
			for rows := dataset.ProgressEvery; rows <= n; rows += dataset.ProgressEvery {
				want = append(want, dataset.Progress{Phase: phase, Rows: rows})
			}
		}
		if fmt.Sprint(seen) != fmt.Sprint(want) {
			t.Errorf("progress = %v, want %v", seen, want)
		}
		if then != nil {
			then(t, s, rep)
		}
	})
}

// FileChanged: a file that changes between its validation and its write
// is refused (dataset.ErrChanged) and nothing is written.
func (c Streamed[S]) FileChanged(t *testing.T) {
	c.Stores(t, func(t *testing.T, s S) {
		path := filepath.Join(t.TempDir(), "file")
		if err := os.WriteFile(path, []byte(c.File(2*dataset.ProgressEvery, false)), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		o := c.Options()
		changed := false
		o.Progress = func(p dataset.Progress) {
			if p.Phase == "writing" && !changed {
				changed = true
				data, err := os.ReadFile(path)
				if err != nil {
					t.Error(err)
					return
				}
				c.Change(data)
				if err := os.WriteFile(path, data, 0o600); err != nil {
					t.Error(err)
				}
			}
		}
		if _, err := s.Import(context.Background(), f, o); !errors.Is(err, dataset.ErrChanged) {
			t.Fatalf("err = %v, want dataset.ErrChanged", err)
		}
		held(t, s, "a changed file")
	})
}

// held fails t unless s holds no rows and no batches (after what).
func held(t *testing.T, s Store, after string) {
	t.Helper()
	st, err := s.Stats(context.Background())
	if err != nil || st.Rows != 0 || len(st.Batches) != 0 {
		t.Errorf("after %s: %d rows, %d batches, %v", after, st.Rows, len(st.Batches), err)
	}
}
