package main

import (
	"dalil/capabilities/businessrisk"
	"dalil/capabilities/businessrisk/jurisdictionsql"
	"dalil/capabilities/companyintel"
	"dalil/capabilities/reputation"
	"dalil/capabilities/sanctions/screening"
	"dalil/capability"
	"dalil/internal/intel"
	"dalil/internal/intel/sitefetch"
	"dalil/internal/safehttp"
	"dalil/provider/rdap"
	"dalil/provider/safebrowsing"
	"dalil/provider/vendors"
)

// Company intelligence wiring (issue #17): the five capabilities of
// companyintel, reputation and businessrisk share one set of ports
// (intel.Sources) and one evidence cache.
//
// Sources (intelSources): the vendor clients the operator configured
// (intelproviders.go: Brave Search and Tavily; GLEIF, Companies House and
// OpenCorporates; RDAP; Google Safe Browsing; Anthropic), the sanctions
// engine over the imported lists (sanctions.go; a source only while a list
// is imported), and website inspection (internal/intel/sitefetch, through
// internal/safehttp) when the operator sets DALIL_WEBSITE_FETCH (provider
// website_fetch). A vendor
// whose variables are unset has no client and no port: it is never
// called. Provider failures reach the capabilities as intel.ErrTimeout,
// ErrRateLimited (429 or the operator's budget spent) or ErrUnavailable.

// Provider names the intelligence capabilities stand on, as configured in
// providerSpecs (and datasets in cmd/dalil/datasets.go).
var (
	webSearchProviders = vendors.WebSearch
	registryProviders  = vendors.Registries
	riskProviders      = []string{rdap.Name, safebrowsing.Name, providerWebsiteFetch}
	sanctionsDataset   = "sanctions"
)

// envWebsiteFetch switches website inspection on (any value, e.g. "on").
const envWebsiteFetch = "DALIL_WEBSITE_FETCH"

// providerWebsiteFetch is website inspection through internal/safehttp.
const providerWebsiteFetch = "website_fetch"

// intelSources builds the ports from what the operator configured.
func intelSources(d deps) intel.Sources {
	return intelSourcesFrom(d, intelClients(d))
}

// intelSourcesFrom builds the ports over clients (built once, so that a
// vendor's budget and cache are shared by every capability using it).
func intelSourcesFrom(d deps, clients vendors.Clients) intel.Sources {
	src := intel.Sources{Cache: intel.NewCache(nil, 0)}
	clients.Sources(&src)
	if s := sanctionsScreener(d); s != nil {
		src.Sanctions = screening.ForIntel(s)
	}
	if d.configured != nil && d.configured(capability.NeedsProvider(providerWebsiteFetch)) {
		// The configured fetch policy: production's checks; tests inject
		// a resolver and dialer that reach a local server through them.
		src.Website = sitefetch.New(safehttp.New(d.fetch))
	}
	return src
}

// intelEntries are the five capabilities over src, business_risk_score
// with the embedded FATF lists.
func intelEntries(src intel.Sources) []capability.Entry { return intelEntriesWith(src, nil) }

// intelEntriesWith are the five capabilities over src, business_risk_score
// judging countries against the jurisdictions dataset jur (nil: the
// embedded FATF lists).
func intelEntriesWith(src intel.Sources, jur businessrisk.Jurisdictions) []capability.Entry {
	ci := companyintel.Deps{Sources: src}
	return []capability.Entry{
		companyintel.ResearchEntry(ci),
		companyintel.FindEntry(ci),
		companyintel.RiskEntry(ci),
		reputation.Entry(reputation.Deps{Sources: src}),
		businessrisk.Entry(businessrisk.Deps{Sources: src, Jurisdictions: jur}),
	}
}

// intelRequirement expands the intelligence capabilities' requirements,
// which name a kind of source rather than one vendor, into the sources
// that meet them: web_search (Brave or Tavily), company_data (web search
// or any register) and company_risk_sources (any source
// analyze_company_risk can use, the sanctions dataset included). Any
// other requirement is returned as it is.
func intelRequirement(r capability.Requirement) capability.Requirement {
	if r.Kind != capability.KindProvider {
		return r
	}
	providers := func(names ...[]string) []capability.Requirement {
		var out []capability.Requirement
		for _, list := range names {
			for _, n := range list {
				out = append(out, capability.NeedsProvider(n))
			}
		}
		return out
	}
	switch r.Name {
	case companyintel.ProviderWebSearch:
		return capability.AnyOf(r.Name, providers(webSearchProviders)...)
	case companyintel.ProviderCompanyData:
		return capability.AnyOf(r.Name, providers(webSearchProviders, registryProviders)...)
	case companyintel.ProviderRiskSources:
		return capability.AnyOf(r.Name, append(providers(webSearchProviders, registryProviders, riskProviders), capability.NeedsDataset(sanctionsDataset))...)
	}
	return r
}

// jurisdictionsOf is the jurisdictions dataset in the store (the FATF
// lists the operator imported), nil without a store.
func jurisdictionsOf(d deps) businessrisk.Jurisdictions {
	if d.store == nil {
		return nil
	}
	return jurisdictionsql.New(d.store.DB())
}
