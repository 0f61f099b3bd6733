package main

import (
	"cmp"
	"context"
	"strings"
	"time"

	"dalil/internal/evidence"
	"dalil/internal/intel"
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

// sources adds the configured vendors to src as intel ports.
func (c intelClients) sources(src *intel.Sources) {
	if c.brave != nil {
		src.Searchers = append(src.Searchers, websearch.ForIntel(c.brave))
	}
	if c.tavily != nil {
		src.Searchers = append(src.Searchers, websearch.ForIntel(c.tavily))
	}
	if c.gleif != nil {
		src.Registries = append(src.Registries, intelGLEIF{c.gleif})
	}
	if c.companiesHouse != nil {
		src.Registries = append(src.Registries, intelCompaniesHouse{c.companiesHouse})
	}
	if c.openCorporates != nil {
		src.Registries = append(src.Registries, intelOpenCorporates{c.openCorporates})
	}
	if c.rdap != nil {
		src.Domain = intelRDAP{c.rdap}
	}
	if c.safeBrowsing != nil {
		src.SafeBrowsing = intelSafeBrowsing{c.safeBrowsing}
	}
	if c.anthropic != nil {
		src.LLM = intelLLM{c.anthropic}
	}
}

// intelErr maps a vendor client's error to the intel kinds, keeping the
// client's (redacted) error (client.Classify): a timeout is
// intel.ErrTimeout; rate limited or over the operator's budget
// intel.ErrRateLimited; anything else (unreachable, 5xx, malformed,
// refused) intel.ErrUnavailable. The web-search port
// (websearch.ForIntel) maps its errors the same way.
func intelErr(err error) error {
	return client.Classify(err, intel.ErrTimeout, intel.ErrRateLimited, intel.ErrUnavailable)
}

// intelRecords turns register records into intel records.
func intelRecords(cs ...companyregistry.Company) []intel.Record {
	out := make([]intel.Record, 0, len(cs))
	for _, c := range cs {
		r := intel.Record{Registry: c.Source, URL: cmp.Or(c.URL, c.APIURL), Number: c.Number, LEI: c.LEI, Name: c.Name, Country: c.Country,
			Status: cmp.Or(c.Status, companyregistry.StatusUnknown), LEIStatus: c.LEIStatus, LegalForm: c.LegalForm,
			Activity: strings.Join(c.Activities, "; "), Incorporated: c.Incorporated, RetrievedAt: c.RetrievedAt}
		if len(c.Addresses) > 0 {
			r.City, r.Address = c.Addresses[0].City, c.Addresses[0].String()
		}
		for _, p := range c.PreviousNames {
			r.PreviousNames = append(r.PreviousNames, intel.PreviousName{Name: p.Name, Until: p.Until})
		}
		if f := c.Filings; f != nil {
			r.FilingsKnown = true
			r.AccountsOverdue, r.ConfirmationOverdue = f.AccountsOverdue, f.ConfirmationOverdue
			r.InsolvencyHistory, r.StrikeOffPending = f.InsolvencyHistory, f.StrikeOffPending
		}
		out = append(out, r)
	}
	return out
}

// registryQuery is an intel register query as a register name search.
func registryQuery(q intel.RegistryQuery) companyregistry.Query {
	return companyregistry.Query{Name: q.Name, Country: q.Country, Max: 20}
}

// intelGLEIF is intel.Registry over GLEIF: an LEI is read directly; else
// (or when GLEIF holds no such LEI) the legal name is searched in the
// country, and the records' registration numbers let intel.Resolve match
// a number.
type intelGLEIF struct{ c *companyregistry.GLEIF }

func (a intelGLEIF) Name() string            { return a.c.Name() }
func (a intelGLEIF) Covers(land string) bool { return a.c.Covers(land) }

func (a intelGLEIF) Lookup(ctx context.Context, q intel.RegistryQuery) ([]intel.Record, error) {
	if q.LEI != "" {
		c, found, err := a.c.ByLEI(ctx, q.LEI)
		if err != nil {
			return nil, intelErr(err)
		}
		if found {
			return intelRecords(c), nil
		}
	}
	cs, err := a.c.Search(ctx, registryQuery(q))
	if err != nil {
		return nil, intelErr(err)
	}
	return intelRecords(cs...), nil
}

// intelCompaniesHouse is intel.Registry over Companies House: a company
// number is read as a profile (filing facts, previous names); else (or
// when no such number exists) the name is searched, and a single exact
// name match is read as a profile too, since search results state no
// filing facts.
type intelCompaniesHouse struct {
	c *companyregistry.CompaniesHouse
}

func (a intelCompaniesHouse) Name() string            { return a.c.Name() }
func (a intelCompaniesHouse) Covers(land string) bool { return a.c.Covers(land) }

func (a intelCompaniesHouse) Lookup(ctx context.Context, q intel.RegistryQuery) ([]intel.Record, error) {
	if q.Number != "" {
		c, found, err := a.c.Profile(ctx, q.Number)
		if err != nil {
			return nil, intelErr(err)
		}
		if found {
			return intelRecords(c), nil
		}
	}
	cs, err := a.c.Search(ctx, registryQuery(q))
	if err != nil {
		return nil, intelErr(err)
	}
	exact := -1
	for i, c := range cs {
		if evidence.NormalizeName(c.Name) == evidence.NormalizeName(q.Name) {
			if exact >= 0 {
				exact = -1 // namesakes: intel.Resolve asks the caller to choose
				break
			}
			exact = i
		}
	}
	if exact >= 0 {
		p, found, err := a.c.Profile(ctx, cs[exact].Number)
		if err != nil {
			return nil, intelErr(err)
		}
		if found {
			cs[exact] = p
		}
	}
	return intelRecords(cs...), nil
}

// intelOpenCorporates is intel.Registry over OpenCorporates: a number
// with a country is read directly (jurisdiction = the country's code,
// which fits national registers; a US state register is found by the
// name search instead); else the name is searched in the country.
type intelOpenCorporates struct {
	c *companyregistry.OpenCorporates
}

func (a intelOpenCorporates) Name() string            { return a.c.Name() }
func (a intelOpenCorporates) Covers(land string) bool { return a.c.Covers(land) }

func (a intelOpenCorporates) Lookup(ctx context.Context, q intel.RegistryQuery) ([]intel.Record, error) {
	if q.Number != "" && q.Country != "" && q.Country != "US" {
		c, found, err := a.c.Company(ctx, strings.ToLower(q.Country), q.Number)
		if err != nil {
			return nil, intelErr(err)
		}
		if found {
			return intelRecords(c), nil
		}
	}
	cs, err := a.c.Search(ctx, registryQuery(q))
	if err != nil {
		return nil, intelErr(err)
	}
	return intelRecords(cs...), nil
}

// intelRDAP is intel.DomainInfo over RDAP; a domain the registry does not
// hold is a record with Registered false.
type intelRDAP struct{ c *rdap.Client }

func (a intelRDAP) Name() string { return a.c.Name() }

func (a intelRDAP) Lookup(ctx context.Context, domain string) (intel.DomainRecord, error) {
	d, err := a.c.Lookup(ctx, domain)
	if err != nil {
		return intel.DomainRecord{}, intelErr(err)
	}
	return intel.DomainRecord{Domain: cmp.Or(d.Name, domain), Registered: d.Found, Created: d.Registered, Expiry: d.Expires,
		Statuses: d.Statuses, Registrar: d.Registrar, URL: d.URL}, nil
}

// intelSafeBrowsing is intel.SafeBrowsing over Google Safe Browsing.
type intelSafeBrowsing struct{ c *safebrowsing.Client }

func (a intelSafeBrowsing) Name() string { return a.c.Name() }

func (a intelSafeBrowsing) Check(ctx context.Context, urls []string) ([]intel.Threat, error) {
	ts, err := a.c.Check(ctx, urls)
	if err != nil {
		return nil, intelErr(err)
	}
	out := make([]intel.Threat, 0, len(ts))
	for _, t := range ts {
		out = append(out, intel.Threat{URL: t.URL, Type: t.Type})
	}
	return out, nil
}

// intelLLM is intel.Synthesizer over the Anthropic client's Claims, which
// keeps only claims quoting their source verbatim (the capabilities check
// again). Sources are numbered from 1 (the client's rule), documents from
// 0.
type intelLLM struct{ c *llm.Client }

func (a intelLLM) Name() string { return a.c.Name() }

func (a intelLLM) Extract(ctx context.Context, x intel.Extraction) ([]intel.Claim, error) {
	req := llm.ClaimsRequest{Subject: x.Subject, Task: x.Task, Fields: x.Fields}
	for _, d := range x.Docs {
		req.Sources = append(req.Sources, llm.Source{ID: d.Index + 1, URL: d.URL, Title: d.Title, Text: d.Text})
	}
	r, err := a.c.Claims(ctx, req)
	if err != nil {
		return nil, intelErr(err)
	}
	out := make([]intel.Claim, 0, len(r.Claims))
	for _, c := range r.Claims {
		out = append(out, intel.Claim{Field: c.Field, Value: c.Value, Detail: c.Detail, Quote: c.Quote, Doc: c.Source - 1})
	}
	return out, nil
}
