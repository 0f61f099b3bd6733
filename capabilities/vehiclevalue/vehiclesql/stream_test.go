package vehiclesql_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/dataset"
)

// manyListings is a listings file of n good rows.
func manyListings(n int) string {
	var b strings.Builder
	b.WriteString("id,make,model,year,mileageKm,price,currency,country,listedOn\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "r%d,Toyota,Land Cruiser,%d,%d,%d,OMR,OM,2026-%02d-%02d\n", i, 2015+i%8, 20000+i%90000, 9000+i%5000, 1+i%10, 1+i%28)
	}
	return b.String()
}

// TestImportStopsWhenCancelled: an import whose context is cancelled
// while it reads stops within one chunk of rows (counted, not timed) and
// writes nothing, in either of its two readings, good rows or bad.
func TestImportStopsWhenCancelled(t *testing.T) {
	for _, c := range []struct {
		phase string
		bad   bool
	}{{"validating", false}, {"writing", false}, {"validating", true}} {
		phase := c.phase
		file := manyListings(3 * dataset.ProgressEvery)
		if c.bad { // every row bad
			file = strings.ReplaceAll(file, ",OMR,", ",OMRX,")
		}
		t.Run(fmt.Sprintf("%s bad=%v", phase, c.bad), func(t *testing.T) {
			stores(t, func(t *testing.T, s *vehiclesql.Store) {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				var atCancel int64 = -1
				o := opts()
				o.Progress = func(p dataset.Progress) {
					if p.Phase == phase && p.Rows == dataset.ProgressEvery && atCancel < 0 {
						atCancel = s.RowsRead()
						cancel()
					}
				}
				_, err := s.Import(ctx, strings.NewReader(file), o)
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("err = %v, want context.Canceled", err)
				}
				if after := s.RowsRead() - atCancel; atCancel < 0 || after > 400 {
					t.Errorf("read %d rows after the cancellation (at %d), want at most one chunk (400)", after, atCancel)
				}
				st, err := s.Stats(context.Background())
				if err != nil || st.Rows != 0 || len(st.Batches) != 0 {
					t.Errorf("after a cancelled import: %d rows, %d batches, %v", st.Rows, len(st.Batches), err)
				}
			})
		})
	}
}

// TestImportProgress: an import reports each phase every ProgressEvery
// rows, writes every row and records the rows' period with its batch.
func TestImportProgress(t *testing.T) {
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
		var seen []dataset.Progress
		o := opts()
		o.Progress = func(p dataset.Progress) { seen = append(seen, p) }
		rep, err := s.Import(context.Background(), strings.NewReader(manyListings(2*dataset.ProgressEvery+5)), o)
		if err != nil || rep.Imported != 2*dataset.ProgressEvery+5 || rep.Rows != rep.Imported {
			t.Fatalf("import = %+v, %v", rep, err)
		}
		want := []dataset.Progress{{Phase: "validating", Rows: 10000}, {Phase: "validating", Rows: 20000}, {Phase: "writing", Rows: 10000}, {Phase: "writing", Rows: 20000}}
		if fmt.Sprint(seen) != fmt.Sprint(want) {
			t.Errorf("progress = %v, want %v", seen, want)
		}
		var from, to string
		if err := s.DB().Read().QueryRow(`SELECT period_from, period_to FROM vehicle_listing_batches`).Scan(&from, &to); err != nil ||
			from != "2026-01-01" || to != "2026-10-28" {
			t.Errorf("period %s to %s, %v", from, to, err)
		}
	})
}

// TestImportFileChanged: a file that changes between its validation and
// its write is refused and nothing is written.
func TestImportFileChanged(t *testing.T) {
	stores(t, func(t *testing.T, s *vehiclesql.Store) {
		path := filepath.Join(t.TempDir(), "l.csv")
		if err := os.WriteFile(path, []byte(manyListings(2*dataset.ProgressEvery)), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		o := opts()
		o.Progress = func(p dataset.Progress) {
			if p.Phase == "writing" {
				data, _ := os.ReadFile(path)
				i := strings.LastIndex(string(data), ",OMR,")
				data[i-1]++ // the last row's price, one more
				if err := os.WriteFile(path, data, 0o600); err != nil {
					t.Error(err)
				}
			}
		}
		_, err = s.Import(context.Background(), f, o)
		if !errors.Is(err, dataset.ErrChanged) {
			t.Fatalf("err = %v, want dataset.ErrChanged", err)
		}
		if st, err := s.Stats(context.Background()); err != nil || st.Rows != 0 {
			t.Errorf("after a changed file: %d rows, %v", st.Rows, err)
		}
	})
}
