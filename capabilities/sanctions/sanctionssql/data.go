package sanctionssql

import (
	"io"
	"strings"

	"dalil/capabilities/sanctions"
	"dalil/dataset"
	"dalil/dataset/datasetsql"
	"dalil/module"
	"dalil/store/sqlstore"
)

// Data is the sanctions module: its tables and the sanctions dataset (the
// official lists), with the synthetic demo list of serve --demo.
func Data() module.Module {
	open := func(db sqlstore.DB) dataset.Importer { return New(db) }
	return module.Module{Store: Module(), Datasets: []module.Dataset{{
		Name: sanctions.Dataset, Open: open,
		// A list's version that another import replaced holds no entries
		// and is not current; retracting the current one leaves its
		// source with no list.
		Batches: datasetsql.Tables{Batches: "sanctions_batches", RowsCount: "entries", Current: "current", Version: "published", Rows: []string{"sanctions_entries"}},
		// A screening reads the current batches, the counts and postings
		// of its names' terms, then its candidates by primary key.
		Warm:     []string{"sanctions_batches", "sanctions_term_counts", "sanctions_name_terms", "sanctions_entries"},
		WarmRows: []string{"sanctions_term_counts", "sanctions_entries"},
		Demo: module.DemoFile(open, func() io.Reader { return strings.NewReader(sanctions.DemoXML) },
			dataset.ImportOptions{Source: sanctions.DemoSource, License: sanctions.DemoLicense, Format: "ofac-xml", Filename: "demo-sanctions.xml"},
			"a synthetic sanctions list of %d made-up entries (batch %s) for sanctions_screen"),
	}}}
}
