package vehiclesql_test

import (
	"context"
	"strings"
	"testing"

	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/dataset"
	"dalil/internal/testenv"
)

// On PostgreSQL, which stores no NUL byte in text: a listings file with
// one NUL-bearing row is refused, and with SkipBad its good rows are
// imported and the bad one reported (it used to fail the whole import as
// a storage error).
func TestImportNULRowPostgres(t *testing.T) {
	s := vehiclesql.New(open(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))).DB())
	ctx := context.Background()
	file := strings.Replace(goodCSV, "Oman,Muscat,2026-10-20", "Oman,Mus\x00cat,2026-10-20", 1)
	rep, err := s.Import(ctx, strings.NewReader(file), opts())
	if err != nil || !rep.Refused || rep.Imported != 0 || rep.BadRows != 1 || rep.Batch != "" {
		t.Fatalf("without SkipBad: %+v %v", rep, err)
	}
	o := opts()
	o.SkipBad = true
	rep, err = s.Import(ctx, strings.NewReader(file), o)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	want := []dataset.RowError{{Line: 3, Field: "city", Message: dataset.NULByte}}
	if rep.Rows != 4 || rep.Imported != 3 || rep.BadRows != 1 || rep.Refused || rep.Batch == "" || len(rep.Errors) != 1 || rep.Errors[0] != want[0] {
		t.Fatalf("report %+v", rep)
	}
	f, err := s.Find(ctx, lcQuery(2015, 2022))
	if err != nil || len(f.Listings) != 3 {
		t.Fatalf("find: %d listings, %v", len(f.Listings), err)
	}
}
