package sanctionssql_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/dataset"
	"dalil/dataset/datasettest"
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

// streamed: the streamed import's tests (datasettest.Streamed) on
// OpenSanctions exports, read 200 records at a time.
var streamed = datasettest.Streamed[*sanctionssql.Store]{
	Stores:  eachStore,
	File:    manyEntities,
	Options: ftmOpts,
	Chunk:   200,
	Change: func(data []byte) {
		data[strings.LastIndex(string(data), "Example")] = 'X' // the last person's name
	},
}

func TestImportStopsWhenCancelled(t *testing.T) { streamed.StopsWhenCancelled(t) }

// TestImportProgress: a file of bad records also reports them all, the
// first 100 problems listed.
func TestImportProgress(t *testing.T) {
	streamed.Progress(t, func(t *testing.T, s *sanctionssql.Store, _ dataset.Report) {
		rep, err := s.Import(context.Background(), strings.NewReader(manyEntities(1000, true)), ftmOpts())
		if err != nil || !rep.Refused || rep.Rows != 1000 || rep.BadRows != 1000 || len(rep.Errors) != dataset.MaxReportedErrors {
			t.Errorf("bad file = rows %d bad %d refused %v, %d errors, %v", rep.Rows, rep.BadRows, rep.Refused, len(rep.Errors), err)
		}
	})
}

func TestImportFileChanged(t *testing.T) { streamed.FileChanged(t) }
