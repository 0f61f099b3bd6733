package sanctionssql_test

import (
	"strings"
	"testing"

	"dalil/capabilities/sanctions"
	"dalil/dataset"
	"dalil/internal/testenv"
)

// On PostgreSQL, which stores no NUL byte in text: a list with one
// NUL-bearing record is refused, and with SkipBad its good records are
// imported and the bad one reported. Before, an id with one failed the
// whole import as a storage error, and a name with one was imported and
// shown in answers.
func TestImportNULRecordPostgres(t *testing.T) {
	s := open(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
	for _, c := range []struct {
		name, source, format, license, file string
		imported                            int
		want                                dataset.RowError
	}{
		{"ofac-csv name", "ofac-sdn", "ofac-csv", "", strings.Replace(file(t, "sdn.csv"), "GULF EXAMPLE SHIPPING", "GULF\x00EXAMPLE SHIPPING", 1),
			2, dataset.RowError{Line: 2, Field: "sdn.csv", Message: "field 2 " + dataset.NULByte}},
		{"ftm id", "opensanctions", "ftm", "OpenSanctions commercial licence 2026-042", strings.Replace(file(t, "entities.ftm.json"), `"id": "NK-sample1"`, `"id": "NK-\u0000sample1"`, 1),
			1, dataset.RowError{Line: 1, Field: "id", Message: dataset.NULByte}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := dataset.ImportOptions{Source: c.source, Format: c.format, License: c.license}
			if rep := imp(t, s, c.file, o); !rep.Refused || rep.Imported != 0 || rep.BadRows != 1 || rep.Batch != "" {
				t.Fatalf("without SkipBad: %+v", rep)
			}
			o.SkipBad = true
			rep := imp(t, s, c.file, o)
			if rep.Imported != c.imported || rep.BadRows != 1 || rep.Refused || rep.Batch == "" || len(rep.Errors) != 1 || rep.Errors[0] != c.want {
				t.Fatalf("report %+v", rep)
			}
		})
	}
	if r := screen(t, s, sanctions.Query{Names: []string{"Gulf Example Shipping"}}); r.Status == sanctions.StatusNotChecked || len(r.Matches) != 0 {
		t.Fatalf("the refused record was screened: %+v", r)
	}
}
