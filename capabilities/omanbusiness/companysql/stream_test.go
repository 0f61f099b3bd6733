package companysql_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"dalil/dataset"
)

// manyCompanies is a companies file of n good rows.
func manyCompanies(n int) string {
	var b strings.Builder
	b.WriteString("recordId,crNumber,nameEn,sourceType\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "r%d,%d,Company %d Trading LLC,public_registry\n", i, 1000000+i, i)
	}
	return b.String()
}

// TestImportStopsWhenCancelled: an import whose context is cancelled
// while it reads stops within one chunk of rows (counted, not timed) and
// writes nothing, in either of its two readings.
func TestImportStopsWhenCancelled(t *testing.T) {
	const rows = 3 * dataset.ProgressEvery
	file := manyCompanies(rows)
	for _, phase := range []string{"validating", "writing"} {
		t.Run(phase, func(t *testing.T) {
			dsns(t, func(t *testing.T, dsn string) {
				s := open(t, dsn)
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				var atCancel int64 = -1
				var seen []dataset.Progress
				_, err := s.Import(ctx, strings.NewReader(file), dataset.ImportOptions{Source: "src", License: "l", Filename: "c.csv",
					Progress: func(p dataset.Progress) {
						seen = append(seen, p)
						if p.Phase == phase && p.Rows == dataset.ProgressEvery && atCancel < 0 {
							atCancel = s.RowsRead()
							cancel()
						}
					}})
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("err = %v, want context.Canceled", err)
				}
				if after := s.RowsRead() - atCancel; atCancel < 0 || after > 200 {
					t.Errorf("read %d rows after the cancellation (at %d), want at most one chunk (200)", after, atCancel)
				}
				if len(seen) == 0 || seen[0] != (dataset.Progress{Phase: "validating", Rows: dataset.ProgressEvery}) {
					t.Errorf("progress = %v", seen)
				}
				st, err := s.Stats(context.Background())
				if err != nil || st.Rows != 0 || len(st.Batches) != 0 {
					t.Errorf("after a cancelled import: %+v, %v", st, err)
				}
			})
		})
	}
}

// TestImportProgress: an import reports each phase every ProgressEvery
// rows, and writes every row.
func TestImportProgress(t *testing.T) {
	s := open(t, t.TempDir()+"/c.db")
	var seen []dataset.Progress
	rep, err := s.Import(context.Background(), strings.NewReader(manyCompanies(2*dataset.ProgressEvery+5)),
		dataset.ImportOptions{Source: "src", License: "l", Filename: "c.csv", Progress: func(p dataset.Progress) { seen = append(seen, p) }})
	if err != nil || rep.Imported != 2*dataset.ProgressEvery+5 {
		t.Fatalf("import = %+v, %v", rep, err)
	}
	want := []dataset.Progress{{Phase: "validating", Rows: 10000}, {Phase: "validating", Rows: 20000}, {Phase: "writing", Rows: 10000}, {Phase: "writing", Rows: 20000}}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("progress = %v, want %v", seen, want)
	}
}
