package main

import (
	"time"

	"dalil/internal/intel"
	"dalil/module"
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

// vendorSpec declares a vendor API whose variables share prefix:
// PREFIX_URL, credential (required; "" for a keyless vendor, which then
// requires PREFIX_URL), PREFIX_TIMEOUT, PREFIX_BUDGET, plus extra
// settings.
func vendorSpec(name, kind, prefix, credential string, timeout time.Duration, extra map[string]string) module.Provider {
	s := module.Provider{Name: name, Kind: kind, Endpoint: prefix + "_URL", Credential: credential,
		Timeout: prefix + "_TIMEOUT", DefaultTimeout: timeout, Settings: map[string]string{"budget": prefix + "_BUDGET"}}
	for k, v := range extra {
		s.Settings[k] = v
	}
	s.Required = []string{credential}
	if credential == "" {
		s.Required = []string{s.Endpoint}
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

// vendorHTTP is a vendor client's call mechanics from its configuration:
// the attempt timeout and the call budget (DALIL_<P>_BUDGET, refused at
// load when malformed; unset = none).
func vendorHTTP(p Provider) client.Config {
	b, _ := client.ParseBudget(p.Settings["budget"])
	return client.Config{Timeout: p.Timeout, Budget: b}
}

// intelClients are the company intelligence vendor clients the operator
// configured; a vendor whose variables are unset is nil and never called.
type intelClients struct {
	brave          *websearch.Brave
	tavily         *websearch.Tavily
	gleif          *companyregistry.GLEIF
	companiesHouse *companyregistry.CompaniesHouse
	openCorporates *companyregistry.OpenCorporates
	rdap           *rdap.Client
	safeBrowsing   *safebrowsing.Client
	anthropic      *llm.Client
}

// newIntelClients builds the clients of the configured vendors.
func newIntelClients(providers map[string]Provider) intelClients {
	var c intelClients
	on := func(name string) (Provider, bool) { p := providers[name]; return p, p.Configured }
	if p, ok := on(providerBraveSearch); ok {
		c.brave = websearch.NewBrave(websearch.BraveConfig{APIKey: p.Credential.Reveal(), BaseURL: string(p.Endpoint), HTTP: vendorHTTP(p)})
	}
	if p, ok := on(providerTavily); ok {
		c.tavily = websearch.NewTavily(websearch.TavilyConfig{APIKey: p.Credential.Reveal(), BaseURL: string(p.Endpoint), HTTP: vendorHTTP(p)})
	}
	if p, ok := on(providerGLEIF); ok {
		c.gleif = companyregistry.NewGLEIF(companyregistry.GLEIFConfig{BaseURL: string(p.Endpoint), HTTP: vendorHTTP(p)})
	}
	if p, ok := on(providerCompaniesHouse); ok {
		c.companiesHouse = companyregistry.NewCompaniesHouse(companyregistry.CompaniesHouseConfig{APIKey: p.Credential.Reveal(),
			BaseURL: string(p.Endpoint), HTTP: vendorHTTP(p)})
	}
	if p, ok := on(providerOpenCorporates); ok {
		c.openCorporates = companyregistry.NewOpenCorporates(companyregistry.OpenCorporatesConfig{APIToken: p.Credential.Reveal(),
			BaseURL: string(p.Endpoint), HTTP: vendorHTTP(p)})
	}
	if p, ok := on(providerRDAP); ok {
		c.rdap = rdap.New(rdap.Config{URL: string(p.Endpoint), HTTP: vendorHTTP(p)})
	}
	if p, ok := on(providerSafeBrowsing); ok {
		c.safeBrowsing = safebrowsing.New(safebrowsing.Config{APIKey: p.Credential.Reveal(), BaseURL: string(p.Endpoint), HTTP: vendorHTTP(p)})
	}
	if p, ok := on(providerAnthropic); ok {
		c.anthropic = llm.New(llm.Config{APIKey: p.Credential.Reveal(), BaseURL: string(p.Endpoint), Model: p.Settings["model"], HTTP: vendorHTTP(p)})
	}
	return c
}

// webSearch is the one engine the Oman supplier check uses: Brave Search
// when configured, else Tavily, else nil.
func (c intelClients) webSearch() websearch.Searcher {
	switch {
	case c.brave != nil:
		return c.brave
	case c.tavily != nil:
		return c.tavily
	}
	return nil
}

// sources adds the configured vendors to src as intel ports; each
// provider package adapts its own client (ForIntel), a nil client being
// no port.
func (c intelClients) sources(src *intel.Sources) {
	for _, s := range []websearch.Searcher{c.brave, c.tavily} {
		if p := websearch.ForIntel(s); p != nil {
			src.Searchers = append(src.Searchers, p)
		}
	}
	for _, r := range []companyregistry.Searcher{c.gleif, c.companiesHouse, c.openCorporates} {
		if p := companyregistry.ForIntel(r); p != nil {
			src.Registries = append(src.Registries, p)
		}
	}
	src.Domain = rdap.ForIntel(c.rdap)
	src.SafeBrowsing = safebrowsing.ForIntel(c.safeBrowsing)
	src.LLM = llm.ForIntel(c.anthropic)
}
