package omanpropertysql_test

import (
	"context"
	"strings"
	"testing"

	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/dataset"
	"dalil/internal/testenv"
)

// On PostgreSQL, which stores no NUL byte in text: a comparables file
// with one NUL-bearing row is refused, and with SkipBad its good rows are
// imported and the bad one reported (it used to fail the whole import as
// a storage error).
func TestImportNULRowPostgres(t *testing.T) {
	s := omanpropertysql.New(open(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))).DB())
	ctx := context.Background()
	file := strings.Replace(goodCSV, "Agency X", "Agency\x00X", 1)
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
	want := dataset.RowError{Line: 3, Field: "sourceName", Message: dataset.NULByte}
	if rep.Rows != 4 || rep.Imported != 3 || rep.BadRows != 1 || rep.Refused || rep.Batch == "" || len(rep.Errors) != 1 || rep.Errors[0] != want {
		t.Fatalf("report %+v", rep)
	}
	if st, err := s.Stats(ctx); err != nil || st.Rows != 3 {
		t.Fatalf("stats: %+v %v", st, err)
	}
}
