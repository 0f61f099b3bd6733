package main

import (
	"context"

	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/omanbusiness/companysql"
	"dalil/capabilities/sanctions"
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
		sc.Sanctions = supplierSanctions{s}
		ob.Sanctions = businessSanctions{s}
	}
	sc.Web = websearch.ForSupplierCheck(web)
	// Website inspection: on with the website_fetch provider
	// (DALIL_WEBSITE_FETCH, intel.go), through internal/safehttp under the
	// configured fetch policy; off, due diligence says it did not visit.
	if d.configured != nil && d.configured(capability.NeedsProvider(providerWebsiteFetch)) {
		in := sitecheck.New(safehttp.New(d.fetch))
		sc.Website = in
		ob.Website = businessWebsite{in}
	}
	return append(omanbusiness.Entries(ob), suppliercheck.Entry(sc))
}

// businessSanctions adapts the screening engine to
// omanbusiness.SanctionsScreener (due_diligence_oman_company): no list
// imported is a Screening with no Lists.
type businessSanctions struct{ s *sanctions.Screener }

var _ omanbusiness.SanctionsScreener = businessSanctions{}

func (a businessSanctions) Screen(ctx context.Context, req omanbusiness.ScreenRequest) (omanbusiness.Screening, error) {
	r, err := a.s.Screen(ctx, sanctions.Query{Names: req.Names, Country: req.Country, RegistrationNumber: req.RegistrationNumber})
	if err != nil {
		return omanbusiness.Screening{}, err
	}
	out := omanbusiness.Screening{}
	if r.Status == sanctions.StatusNotChecked {
		return out, nil
	}
	for _, l := range r.Lists {
		out.Lists = append(out.Lists, omanbusiness.SanctionsList{Name: l.Name, Version: l.Version, Entries: l.Entries,
			Synthetic: l.Synthetic, Batch: l.Batch, RetrievedAt: l.RetrievedAt})
	}
	for _, m := range r.Matches {
		out.Matches = append(out.Matches, omanbusiness.SanctionsMatch{ListedName: m.ListedName, MatchedAlias: m.MatchedAlias, List: m.List,
			EntryID: m.EntityID, ScreenedName: m.ScreenedName, MatchScore: m.Score, MatchType: m.MatchType, MatchStrength: m.Strength,
			Corroborating: m.Corroborating, Contradicting: m.Contradicting})
	}
	return out, nil
}

// businessWebsite adapts the supplier check's website inspector to
// omanbusiness.WebsiteInspector.
type businessWebsite struct{ in *sitecheck.Inspector }

func (a businessWebsite) Inspect(ctx context.Context, url string) (omanbusiness.SiteVisit, error) {
	w, err := a.in.Inspect(ctx, url)
	if err != nil {
		return omanbusiness.SiteVisit{}, err
	}
	return omanbusiness.SiteVisit{FinalURL: w.FinalURL, Status: w.Status, Reachable: w.Reachable, HTTPS: w.HTTPS, Title: w.Title, Refused: w.Refused}, nil
}

// webSearchClient is the web-search client the operator configured:
// Brave Search when brave_search is configured, else Tavily, else nil
// (off: no call), with its timeout and call budget from the
// configuration.
func webSearchClient(d deps) websearch.Searcher {
	return newIntelClients(d.providers).webSearch()
}

var _ suppliercheck.SanctionsLists = supplierSanctions{}

// Lists are the sanctions lists imported, read without screening (the
// supplier check's preview: sanctionsConfigured only with a real list).
func (a supplierSanctions) Lists(ctx context.Context) ([]suppliercheck.ListVersion, error) {
	if a.s == nil || a.s.Lists == nil {
		return nil, nil
	}
	e, err := a.s.Lists.Engine(ctx)
	if err != nil || e == nil {
		return nil, err
	}
	var out []suppliercheck.ListVersion
	for _, l := range e.Lists() {
		out = append(out, suppliercheck.ListVersion{Name: l.Name, Version: l.Version, Entries: l.Entries, Synthetic: l.Synthetic, Batch: l.Batch, RetrievedAt: l.RetrievedAt})
	}
	return out, nil
}
