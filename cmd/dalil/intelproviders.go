package main

import (
	"time"

	"dalil/provider/client"
	"dalil/provider/llm"
	"dalil/provider/rdap"
	companyregistry "dalil/provider/registry"
	"dalil/provider/safebrowsing"
	"dalil/provider/websearch"
)

// The company intelligence providers (issue #17), as configured in
// providerSpecs; docs/providers.md lists their variables. Every one has
// DALIL_<P>_URL (its endpoint; the vendor's default when unset),
// DALIL_<P>_TIMEOUT (one attempt) and DALIL_<P>_BUDGET (CALLS/PERIOD,
// read with client.ParseBudget: Settings["budget"]). Keyless GLEIF and
// RDAP are switched on by their URL.
const (
	providerBraveSearch    = websearch.BraveName                // "brave_search"
	providerTavily         = websearch.TavilyName               // "tavily"
	providerGLEIF          = companyregistry.GLEIFName          // "gleif"
	providerCompaniesHouse = companyregistry.CompaniesHouseName // "companies_house"
	providerOpenCorporates = companyregistry.OpenCorporatesName // "opencorporates"
	providerRDAP           = rdap.Name                          // "rdap"
	providerSafeBrowsing   = safebrowsing.Name                  // "safe_browsing"
	providerAnthropic      = llm.Name                           // "anthropic"
	envAnthropicModel      = "DALIL_ANTHROPIC_MODEL"            // Settings["model"]
	envOpenCorporatesToken = "DALIL_OPENCORPORATES_API_TOKEN"
)

// vendorSpec is the providerSpec of a vendor API whose variables share
// prefix: PREFIX_URL, credential (required; "" for a keyless vendor,
// which then requires PREFIX_URL), PREFIX_TIMEOUT, PREFIX_BUDGET, plus
// extra settings.
func vendorSpec(name, kind, prefix, credential string, timeout time.Duration, extra map[string]string) providerSpec {
	s := providerSpec{name: name, kind: kind, endpoint: prefix + "_URL", credential: credential,
		timeout: prefix + "_TIMEOUT", defTimeout: timeout, settings: map[string]string{"budget": prefix + "_BUDGET"}}
	for k, v := range extra {
		s.settings[k] = v
	}
	s.required = []string{credential}
	if credential == "" {
		s.required = []string{s.endpoint}
	}
	return s
}

// defaultVendorTimeout is one attempt's timeout for the search, register,
// domain and threat-listing vendors; anthropicTimeout the LLM's (a model
// answer takes tens of seconds).
const (
	defaultVendorTimeout = client.DefaultTimeout
	anthropicTimeout     = llm.DefaultTimeout
)
