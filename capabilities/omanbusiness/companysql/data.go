package companysql

import (
	"io"
	"strings"

	"dalil/capabilities/omanbusiness"
	"dalil/dataset"
	"dalil/dataset/datasetsql"
	"dalil/module"
	"dalil/store/sqlstore"
)

// Data is the Oman business routes' module (oman_supplier_check reads it
// too): its tables and the companies dataset, with the synthetic demo
// companies of serve --demo (they carry demo trust and confirm nothing).
func Data() module.Module {
	open := func(db sqlstore.DB) dataset.Importer { return New(db) }
	return module.Module{Store: Module(), Datasets: []module.Dataset{{
		Name: omanbusiness.Dataset, Open: open,
		Batches: datasetsql.Tables{Batches: "company_batches", RowsCount: "rows_count", Rows: []string{"company_records"}},
		// A search reads its terms' counts and postings, then the
		// records by company and registration number.
		Warm:     []string{"company_batches", "company_term_counts", "company_name_terms", "company_records"},
		WarmRows: []string{"company_term_counts", "company_records"},
		Demo: module.DemoFile(open, func() io.Reader { return strings.NewReader(omanbusiness.DemoCSV) },
			dataset.ImportOptions{Source: omanbusiness.DemoSource, License: omanbusiness.DemoLicense, Format: "csv", Filename: "demo-companies.csv"},
			"%d synthetic Omani companies (batch %s) for the business routes and oman_supplier_check"),
	}}}
}
