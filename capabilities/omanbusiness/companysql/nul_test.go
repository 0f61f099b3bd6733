package companysql_test

import (
	"context"
	"strings"
	"testing"

	"dalil/dataset"
	"dalil/internal/testenv"
)

// On PostgreSQL, which stores no NUL byte in text: a companies file with
// one NUL-bearing row is refused, and with SkipBad its good rows are
// imported and the bad one reported (it used to fail the whole import as
// a storage error).
func TestImportNULRowPostgres(t *testing.T) {
	s := open(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
	file := strings.Replace(registryCSV, "Oman Trading LLC,,LLC,active,2015", "Oman\x00Trading LLC,,LLC,active,2015", 1)
	if rep := imp(t, s, file, dataset.ImportOptions{}); !rep.Refused || rep.Imported != 0 || rep.BadRows != 1 || rep.Batch != "" {
		t.Fatalf("without SkipBad: %+v", rep)
	}
	rep := imp(t, s, file, dataset.ImportOptions{SkipBad: true})
	want := dataset.RowError{Line: 3, Field: "nameEn", Message: dataset.NULByte}
	if rep.Rows != 3 || rep.Imported != 2 || rep.BadRows != 1 || rep.Refused || rep.Batch == "" || len(rep.Errors) != 1 || rep.Errors[0] != want {
		t.Fatalf("report %+v", rep)
	}
	if st, err := s.Stats(context.Background()); err != nil || st.Rows != 2 {
		t.Fatalf("stats: %+v %v", st, err)
	}
}
