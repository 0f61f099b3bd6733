package inteltest

import (
	"time"

	"dalil/internal/intel"
)

// Now is the fixtures' evaluation time.
var Now = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// Date parses YYYY-MM-DD or panics.
func Date(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// World is a set of fixture providers around one company, Acme Trading
// Ltd (GB, Companies House 01234567, acmetrading.co.uk), with a working
// website, a clean record and a favourable review.
type World struct {
	Reg, GLEIF *Registry
	Search     *Search
	Domain     *Domain
	Site       *Website
	SB         *SafeBrowsing
	Sanctions  *Sanctions
	LLM        *LLM
	Cache      *intel.Cache
}

// SiteURL is the company's home page in World.
const SiteURL = "https://acmetrading.co.uk/"

// AcmeRecord is Acme's register entry.
func AcmeRecord() intel.Record {
	return intel.Record{Registry: "companies_house", URL: "https://find-and-update.company-information.service.gov.uk/company/01234567",
		Number: "01234567", Name: "ACME TRADING LIMITED", Country: "GB", City: "London", Address: "1 High Street, London", Status: "active",
		Incorporated: Date("2012-03-01"), FilingsKnown: true}
}

// NewWorld returns a fresh World.
func NewWorld() *World {
	return &World{
		Reg:   &Registry{ID: "companies_house", Country: "GB", Records: []intel.Record{AcmeRecord()}},
		GLEIF: &Registry{ID: "gleif"},
		Search: &Search{ID: "brave", Web: []intel.SearchResult{
			{URL: "https://www.trustpilot.com/review/acmetrading.co.uk", Title: "Acme Trading Reviews", Snippet: "Acme Trading is rated 4.6 out of 5 by customers."}}},
		Domain: &Domain{Records: map[string]intel.DomainRecord{"acmetrading.co.uk": {Domain: "acmetrading.co.uk", Registered: true,
			Created: Date("2012-04-01"), Expiry: Date("2027-04-01"), Registrar: "Nominet"}}},
		Site: &Website{Pages: map[string]intel.Page{SiteURL: {URL: SiteURL, FinalURL: SiteURL, Status: 200,
			Title: "Acme Trading Ltd - wholesale office supplies",
			Text: "Acme Trading Ltd supplies office furniture, paper and stationery to businesses across the United Kingdom since 2012. " +
				"Our warehouse in London ships orders the same day. We stock more than five thousand products from leading brands, offer trade accounts " +
				"with thirty day terms, and deliver nationwide with our own fleet of vans and drivers. Contact us: sales@acmetrading.co.uk, +44 20 7946 0000."}}},
		SB:        &SafeBrowsing{},
		Sanctions: &Sanctions{Lists: []string{"UN consolidated", "UK sanctions list"}},
		LLM:       &LLM{},
	}
}

// Sources are the World's ports (the LLM only when withLLM).
func (w *World) Sources() intel.Sources {
	s := intel.Sources{Registries: []intel.Registry{w.Reg, w.GLEIF}, Searchers: []intel.Searcher{w.Search},
		Domain: w.Domain, Website: w.Site, SafeBrowsing: w.SB, Cache: w.Cache}
	if w.Sanctions != nil {
		s.Sanctions = w.Sanctions
	}
	return s
}

// Calls is the number of calls made to every provider of the World.
func (w *World) Calls() int {
	n := w.Reg.Calls() + w.GLEIF.Calls() + w.Search.Calls() + w.Domain.Calls() + w.Site.Calls() + w.SB.Calls() + w.LLM.Calls()
	if w.Sanctions != nil {
		n += w.Sanctions.Calls()
	}
	return n
}
