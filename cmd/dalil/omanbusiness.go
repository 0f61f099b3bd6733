package main

import (
	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/omanbusiness/companysql"
	"dalil/capabilities/sanctions/screening"
	"dalil/capabilities/suppliercheck"
	"dalil/capabilities/suppliercheck/sitecheck"
	"dalil/capability"
	"dalil/internal/safehttp"
	"dalil/provider/websearch"
)

// Oman business and procurement wiring (issue 16): the four business
// routes and oman_supplier_check read the companies dataset in the
// store's database.
//
// Sanctions: the screening engine over the sanctions dataset
// (sanctions.go's supplierSanctions for the supplier check,
// businessSanctions below for due diligence); no list imported is
// not_checked.
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
	ob := omanbusiness.Deps{Directory: dir}
	if s := sanctionsScreener(d); s != nil {
		sc.Sanctions = screening.ForSupplierCheck(s)
		ob.Sanctions = screening.ForOmanBusiness(s)
	}
	sc.Web = websearch.ForSupplierCheck(web)
	// Website inspection: on with the website_fetch provider
	// (DALIL_WEBSITE_FETCH, intel.go), through internal/safehttp under the
	// configured fetch policy; off, due diligence says it did not visit.
	if d.configured != nil && d.configured(capability.NeedsProvider(providerWebsiteFetch)) {
		in := sitecheck.New(safehttp.New(d.fetch))
		sc.Website = in
		ob.Website = sitecheck.ForOmanBusiness(in)
	}
	return append(omanbusiness.Entries(ob), suppliercheck.Entry(sc))
}

// webSearchClient is the web-search client the operator configured:
// Brave Search when brave_search is configured, else Tavily, else nil
// (off: no call), with its timeout and call budget from the
// configuration.
func webSearchClient(d deps) websearch.Searcher {
	return intelClients(d).WebSearcher()
}
