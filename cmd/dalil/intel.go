package main

import (
	"dalil/capabilities/businessrisk"
	"dalil/capabilities/companyintel"
	"dalil/capabilities/reputation"
	"dalil/capability"
	"dalil/internal/intel"
)

// Company intelligence wiring (issue #17): the five capabilities of
// companyintel, reputation and businessrisk share one set of ports
// (intel.Sources) and one evidence cache.
//
// TODO(#17): adapters from the provider clients (provider/websearch,
// provider/registry, provider/rdap, provider/safebrowsing, provider/llm,
// internal/safehttp, capabilities/sanctions) into the intel ports, built
// from cfg.Providers, once those packages are committed. Until then no
// source is configured: business_risk_score and company_reputation_check
// answer their honest, uncharged insufficient-data answers, and
// research_company, find_companies and analyze_company_risk are listed as
// unconfigured (503 PROVIDER_NOT_CONFIGURED, not charged). No network call
// is made.

// Provider names the intelligence capabilities stand on, as they will be
// configured in providerSpecs (and datasets in cmd/dalil/datasets.go).
var (
	webSearchProviders = []string{"brave", "tavily"}
	registryProviders  = []string{"gleif", "companies_house", "opencorporates"}
	riskProviders      = []string{"rdap", "safe_browsing", "website_fetch"}
	sanctionsDataset   = "sanctions"
)

// intelSources builds the ports from what the operator configured.
func intelSources(deps) intel.Sources {
	return intel.Sources{Cache: intel.NewCache(nil, 0)}
}

// intelEntries are the five capabilities over src.
func intelEntries(src intel.Sources) []capability.Entry {
	ci := companyintel.Deps{Sources: src}
	return []capability.Entry{
		companyintel.ResearchEntry(ci),
		companyintel.FindEntry(ci),
		companyintel.RiskEntry(ci),
		reputation.Entry(reputation.Deps{Sources: src}),
		businessrisk.Entry(businessrisk.Deps{Sources: src}),
	}
}

// intelConfigured answers the intelligence capabilities' requirements,
// which name a kind of source rather than one vendor: web_search (Brave or
// Tavily), company_data (web search or any register) and
// company_risk_sources (any source analyze_company_risk can use). Every
// other requirement goes to base. Nil base: nothing is configured.
func intelConfigured(base func(capability.Requirement) bool) func(capability.Requirement) bool {
	if base == nil {
		return nil
	}
	anyOf := func(kind string, names []string) bool {
		for _, n := range names {
			if base(capability.Requirement{Kind: kind, Name: n}) {
				return true
			}
		}
		return false
	}
	return func(r capability.Requirement) bool {
		if r.Kind != capability.KindProvider {
			return base(r)
		}
		search := anyOf(capability.KindProvider, webSearchProviders)
		data := search || anyOf(capability.KindProvider, registryProviders)
		switch r.Name {
		case companyintel.ProviderWebSearch:
			return search
		case companyintel.ProviderCompanyData:
			return data
		case companyintel.ProviderRiskSources:
			return data || anyOf(capability.KindProvider, riskProviders) || anyOf(capability.KindDataset, []string{sanctionsDataset})
		}
		return base(r)
	}
}
