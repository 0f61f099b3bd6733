package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/omanbusiness/companysql"
	"dalil/capabilities/suppliercheck"
	"dalil/capabilities/suppliercheck/sitecheck"
	"dalil/capability"
	"dalil/dataset"
	"dalil/internal/safehttp"
	"dalil/store/sqlstore"
)

// Oman business and procurement wiring (issue 16): the four business
// routes and oman_supplier_check read the companies dataset in the
// store's database.
//
// TODO(issue 16): adapt capabilities/sanctions (the sanctions lists
// dataset) to suppliercheck.SanctionsScreener and provider/websearch to
// suppliercheck.WebSearcher once they are committed. Until then both
// checks answer not_checked.

// websiteFetchProvider switches on website inspection (a fetch of the URL
// the caller gave, through internal/safehttp); its variables are in
// providerSpecs with the other risk providers (see intel.go).
const websiteFetchProvider = "website_fetch"

// omanBusinessEntries are the business routes and the supplier check.
func omanBusinessEntries(d deps) []capability.Entry {
	var dir omanbusiness.Directory
	if d.store != nil {
		dir = companysql.New(d.store.DB())
	}
	sc := suppliercheck.Deps{Registry: dir}
	if d.configured != nil && d.configured(capability.NeedsProvider(websiteFetchProvider)) {
		sc.Website = sitecheck.New(safehttp.New(safehttp.Options{}))
	}
	return append(omanbusiness.Entries(omanbusiness.Deps{Directory: dir}), suppliercheck.Entry(sc))
}

// openCompanies opens the companies dataset's importer (datasetSpecs).
func openCompanies(s *sqlstore.Store) dataset.Importer { return companysql.New(s.DB()) }

// seedCompaniesDemo imports the synthetic demo companies for `serve
// --demo` (once per database: the same file again is a no-op). They are
// marked synthetic, carry demo trust and confirm nothing.
func seedCompaniesDemo(ctx context.Context, store *sqlstore.Store, stderr io.Writer) error {
	rep, err := companysql.New(store.DB()).Import(ctx, strings.NewReader(omanbusiness.DemoCSV), dataset.ImportOptions{
		Source: omanbusiness.DemoSource, License: omanbusiness.DemoLicense, Format: "csv", Filename: "demo-companies.csv", Synthetic: true,
	})
	if err != nil {
		return fmt.Errorf("demo companies: %w", err)
	}
	if !rep.Unchanged {
		fmt.Fprintf(stderr, "demo: loaded %d synthetic Omani companies (batch %s) for the business routes and oman_supplier_check\n", rep.Imported, rep.Batch)
	}
	return nil
}
