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
	"dalil/provider/websearch"
	"dalil/store/sqlstore"
)

// Oman business and procurement wiring (issue 16): the four business
// routes and oman_supplier_check read the companies dataset in the
// store's database.
//
// Sanctions: the screening engine over the sanctions dataset
// (sanctions.go's supplierSanctions); no list imported is not_checked.
// Public-web indicators: the configured web-search client (Brave Search,
// else Tavily; webSearchClient) through websearch.ForSupplierCheck; none
// configured is not_checked and no call is made.

// omanBusinessEntries are the business routes and the supplier check.
func omanBusinessEntries(d deps) []capability.Entry {
	return omanBusinessEntriesWith(d, webSearchClient(d))
}

// omanBusinessEntriesWith is omanBusinessEntries with the web-search
// client given (the one the intelligence capabilities use, so that its
// budget and cache are shared): nil is off.
func omanBusinessEntriesWith(d deps, web websearch.Searcher) []capability.Entry {
	var dir omanbusiness.Directory
	if d.store != nil {
		dir = companysql.New(d.store.DB())
	}
	sc := suppliercheck.Deps{Registry: dir}
	if s := sanctionsScreener(d); s != nil {
		sc.Sanctions = supplierSanctions{s}
	}
	sc.Web = websearch.ForSupplierCheck(web)
	// Website inspection: on with the website_fetch provider
	// (DALIL_WEBSITE_FETCH, intel.go), through internal/safehttp under the
	// configured fetch policy.
	if d.configured != nil && d.configured(capability.NeedsProvider(providerWebsiteFetch)) {
		sc.Website = sitecheck.New(safehttp.New(d.fetch))
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

// webSearchClient is the web-search client the operator configured:
// Brave Search when brave_search is configured, else Tavily, else nil
// (off: no call), with its timeout and call budget from the
// configuration.
func webSearchClient(d deps) websearch.Searcher {
	return newIntelClients(d.providers).webSearch()
}
