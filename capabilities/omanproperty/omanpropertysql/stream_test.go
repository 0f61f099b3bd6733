package omanpropertysql_test

import (
	"fmt"
	"strings"
	"testing"

	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/dataset"
	"dalil/dataset/datasettest"
)

// manyComparables is a comparables file of n good rows.
func manyComparables(n int) string {
	var b strings.Builder
	b.WriteString("id,area,propertyType,bedrooms,sizeSqm,kind,amountOMR,date\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "r%d,Al Khuwair,apartment,%d,%d,rent,%d,2026-%02d-%02d\n", i, i%4, 80+i%100, 300+i%200, 1+i%10, 1+i%28)
	}
	return b.String()
}

// streamed: the streamed import's tests (datasettest.Streamed) on
// comparables files; a bad row's area is not in the gazetteer.
var streamed = datasettest.Streamed[*omanpropertysql.Store]{
	Stores: stores,
	File: func(n int, bad bool) string {
		if bad {
			return strings.ReplaceAll(manyComparables(n), ",Al Khuwair,", ",Atlantis,")
		}
		return manyComparables(n)
	},
	Options: opts,
	Chunk:   400,
	Change: func(data []byte) {
		// The last row's rent, 300 + 19999%200 = 499, becomes 498.
		data[strings.LastIndex(string(data), ",499,")+3] = '8'
	},
}

func TestImportStopsWhenCancelled(t *testing.T) { streamed.StopsWhenCancelled(t) }

// TestImportProgress: an import also records the rows' period with its
// batch.
func TestImportProgress(t *testing.T) {
	streamed.Progress(t, func(t *testing.T, s *omanpropertysql.Store, rep dataset.Report) {
		bs, err := s.Batches(t.Context(), []string{rep.Batch})
		if err != nil || len(bs) != 1 || bs[0].Rows != rep.Imported || bs[0].PeriodFrom.Format("2006-01-02") != "2026-01-01" ||
			bs[0].PeriodTo.Format("2006-01-02") != "2026-10-28" {
			t.Errorf("batch = %+v, %v", bs, err)
		}
	})
}

func TestImportFileChanged(t *testing.T) { streamed.FileChanged(t) }
