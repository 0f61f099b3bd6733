// Package vendors declares the company intelligence vendors (web search,
// company registers, domain registration data, threat listings, the
// language model) as providers, and builds the clients of the ones the
// operator configured. Several capabilities share them: company
// research, reputation and risk, the Oman supplier check, so one client
// per vendor carries its call budget and cache for all of them.
//
// Every vendor has DALIL_<P>_URL (its endpoint; the vendor's default
// when unset), DALIL_<P>_TIMEOUT (one attempt) and DALIL_<P>_BUDGET
// (CALLS/PERIOD, client.ParseBudget). Keyless GLEIF and RDAP are
// switched on by their URL. A vendor whose variables are unset has no
// client and is never called.
package vendors

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

// Variables that are not PREFIX_URL, _TIMEOUT or _BUDGET.
const (
	EnvAnthropicModel      = "DALIL_ANTHROPIC_MODEL"
	EnvOpenCorporatesToken = "DALIL_OPENCORPORATES_API_TOKEN"
)

// Spec declares a vendor API whose variables share prefix: PREFIX_URL,
// credential (required; "" for a keyless vendor, which then requires
// PREFIX_URL), PREFIX_TIMEOUT, PREFIX_BUDGET, plus extra settings.
func Spec(name, kind, prefix, credential string, timeout time.Duration, extra map[string]string) module.Provider {
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

// Module declares the vendors (it has no tables and no capabilities of
// its own).
func Module() module.Module {
	return module.Module{Providers: []module.Provider{
		Spec(websearch.BraveName, "web_search", "DALIL_BRAVE_SEARCH", "DALIL_BRAVE_SEARCH_API_KEY", client.DefaultTimeout, nil),
		Spec(websearch.TavilyName, "web_search", "DALIL_TAVILY", "DALIL_TAVILY_API_KEY", client.DefaultTimeout, nil),
		Spec(companyregistry.GLEIFName, "registry", "DALIL_GLEIF", "", client.DefaultTimeout, nil),
		Spec(companyregistry.CompaniesHouseName, "registry", "DALIL_COMPANIES_HOUSE", "DALIL_COMPANIES_HOUSE_API_KEY", client.DefaultTimeout, nil),
		Spec(companyregistry.OpenCorporatesName, "registry", "DALIL_OPENCORPORATES", EnvOpenCorporatesToken, client.DefaultTimeout, nil),
		Spec(rdap.Name, "domain", "DALIL_RDAP", "", client.DefaultTimeout, nil),
		Spec(safebrowsing.Name, "threat_listing", "DALIL_SAFE_BROWSING", "DALIL_SAFE_BROWSING_API_KEY", client.DefaultTimeout, nil),
		Spec(llm.Name, "llm", "DALIL_ANTHROPIC", "DALIL_ANTHROPIC_API_KEY", llm.DefaultTimeout, map[string]string{"model": EnvAnthropicModel}),
	}}
}

// Names of the vendors by the kind of source they are.
var (
	WebSearch  = []string{websearch.BraveName, websearch.TavilyName}
	Registries = []string{companyregistry.GLEIFName, companyregistry.CompaniesHouseName, companyregistry.OpenCorporatesName}
)

// HTTP is a vendor client's call mechanics from its configuration: the
// attempt timeout and the call budget (refused at load when malformed;
// unset is none).
func HTTP(p module.ProviderConfig) client.Config {
	b, _ := client.ParseBudget(p.Settings["budget"])
	return client.Config{Timeout: p.Timeout, Budget: b}
}

// Clients are the clients of the vendors the operator configured; a
// vendor whose variables are unset is nil and never called.
type Clients struct {
	Brave          *websearch.Brave
	Tavily         *websearch.Tavily
	GLEIF          *companyregistry.GLEIF
	CompaniesHouse *companyregistry.CompaniesHouse
	OpenCorporates *companyregistry.OpenCorporates
	RDAP           *rdap.Client
	SafeBrowsing   *safebrowsing.Client
	Anthropic      *llm.Client
}

// New builds the clients of the vendors configured in env.
func New(env module.Env) Clients {
	var c Clients
	if p, ok := env.Provider(websearch.BraveName); ok {
		c.Brave = websearch.NewBrave(websearch.BraveConfig{APIKey: p.Credential, BaseURL: p.Endpoint, HTTP: HTTP(p)})
	}
	if p, ok := env.Provider(websearch.TavilyName); ok {
		c.Tavily = websearch.NewTavily(websearch.TavilyConfig{APIKey: p.Credential, BaseURL: p.Endpoint, HTTP: HTTP(p)})
	}
	if p, ok := env.Provider(companyregistry.GLEIFName); ok {
		c.GLEIF = companyregistry.NewGLEIF(companyregistry.GLEIFConfig{BaseURL: p.Endpoint, HTTP: HTTP(p)})
	}
	if p, ok := env.Provider(companyregistry.CompaniesHouseName); ok {
		c.CompaniesHouse = companyregistry.NewCompaniesHouse(companyregistry.CompaniesHouseConfig{APIKey: p.Credential,
			BaseURL: p.Endpoint, HTTP: HTTP(p)})
	}
	if p, ok := env.Provider(companyregistry.OpenCorporatesName); ok {
		c.OpenCorporates = companyregistry.NewOpenCorporates(companyregistry.OpenCorporatesConfig{APIToken: p.Credential,
			BaseURL: p.Endpoint, HTTP: HTTP(p)})
	}
	if p, ok := env.Provider(rdap.Name); ok {
		c.RDAP = rdap.New(rdap.Config{URL: p.Endpoint, HTTP: HTTP(p)})
	}
	if p, ok := env.Provider(safebrowsing.Name); ok {
		c.SafeBrowsing = safebrowsing.New(safebrowsing.Config{APIKey: p.Credential, BaseURL: p.Endpoint, HTTP: HTTP(p)})
	}
	if p, ok := env.Provider(llm.Name); ok {
		c.Anthropic = llm.New(llm.Config{APIKey: p.Credential, BaseURL: p.Endpoint, Model: p.Settings["model"], HTTP: HTTP(p)})
	}
	return c
}

// WebSearcher is the one engine the Oman supplier check uses: Brave
// Search when configured, else Tavily, else nil.
func (c Clients) WebSearcher() websearch.Searcher {
	switch {
	case c.Brave != nil:
		return c.Brave
	case c.Tavily != nil:
		return c.Tavily
	}
	return nil
}

// Sources adds the configured vendors to src as intel ports; each
// provider package adapts its own client (ForIntel), a nil client being
// no port.
func (c Clients) Sources(src *intel.Sources) {
	for _, s := range []websearch.Searcher{c.Brave, c.Tavily} {
		if p := websearch.ForIntel(s); p != nil {
			src.Searchers = append(src.Searchers, p)
		}
	}
	for _, r := range []companyregistry.Searcher{c.GLEIF, c.CompaniesHouse, c.OpenCorporates} {
		if p := companyregistry.ForIntel(r); p != nil {
			src.Registries = append(src.Registries, p)
		}
	}
	src.Domain = rdap.ForIntel(c.RDAP)
	src.SafeBrowsing = safebrowsing.ForIntel(c.SafeBrowsing)
	src.LLM = llm.ForIntel(c.Anthropic)
}
