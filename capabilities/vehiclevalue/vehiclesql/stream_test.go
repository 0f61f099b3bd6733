package vehiclesql_test

import (
	"fmt"
	"strings"
	"testing"

	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/dataset"
	"dalil/dataset/datasettest"
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

// streamed: the streamed import's tests (datasettest.Streamed) on
// listings files; a bad row's currency is not one.
var streamed = datasettest.Streamed[*vehiclesql.Store]{
	Stores: stores,
	File: func(n int, bad bool) string {
		if bad {
			return strings.ReplaceAll(manyListings(n), ",OMR,", ",OMRX,")
		}
		return manyListings(n)
	},
	Options: opts,
	Chunk:   400,
	Change: func(data []byte) {
		data[strings.LastIndex(string(data), ",OMR,")-1]++ // the last row's price, one more
	},
}

func TestImportStopsWhenCancelled(t *testing.T) { streamed.StopsWhenCancelled(t) }

// TestImportProgress: an import also records the rows' period with its
// batch.
func TestImportProgress(t *testing.T) {
	streamed.Progress(t, func(t *testing.T, s *vehiclesql.Store, _ dataset.Report) {
		var from, to string
		if err := s.DB().Read().QueryRow(`SELECT period_from, period_to FROM vehicle_listing_batches`).Scan(&from, &to); err != nil ||
			from != "2026-01-01" || to != "2026-10-28" {
			t.Errorf("period %s to %s, %v", from, to, err)
		}
	})
}

func TestImportFileChanged(t *testing.T) { streamed.FileChanged(t) }
