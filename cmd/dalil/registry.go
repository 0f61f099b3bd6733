package main

import (
	"context"
	"fmt"
	"time"

	"dalil/capabilities/businessrisk/jurisdictionsql"
	"dalil/capabilities/documentfacts"
	"dalil/capabilities/documentfacts/docfetch"
	"dalil/capabilities/documentfacts/llmassist"
	"dalil/capabilities/invoiceanomaly"
	"dalil/capabilities/invoiceanomaly/invoicesql"
	"dalil/capabilities/maintenance"
	"dalil/capabilities/omanbusiness/companysql"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/capabilities/property"
	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/sanctions/watchlist"
	"dalil/capabilities/vehiclevalue/vehiclemod"
	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/capability"
	"dalil/internal/safehttp"
	"dalil/module"
	"dalil/provider/llm"
	"dalil/provider/vendors"
	"dalil/rail/mpp/mppsql"
	"dalil/store/sqlstore"
)

// modules lists every capability module that keeps tables or owns
// datasets (package module): sqlstore.Open migrates their tables after
// the core, in this order; their datasets get `dalil <name> import|stats`,
// the admin dataset routes, the console's rows, the statuses' snapshot and
// serve --demo's synthetic rows; their own capabilities join the
// registry. Adding a module is one line here. A module is never removed
// from this list while databases may hold its tables. A variable so that
// a test can add one.
var modules = func() []module.Module {
	return []module.Module{vendors.Module(), {Store: invoicesql.Module()}, {Store: mppsql.Module()}, omanpropertysql.Data(), companysql.Data(), vehiclemod.Module(),
		sanctionssql.Data(), {Store: voicesql.Module()}, jurisdictionsql.Data()}
}

// storeModules are the modules' tables, in order (sqlstore.Options.Modules).
func storeModules() []sqlstore.Module { return module.Stores(modules()) }

// registry lists every capability. Adding a capability is one line here
// plus its package; routes, schemas, prices, OpenAPI, MCP tools and docs
// follow from it.
func registry(deps deps) (*capability.Registry, error) {
	invoices := invoiceanomaly.Deps{Retention: 365 * 24 * time.Hour}
	if deps.store != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		secret, err := deps.store.Secret(ctx, "invoice-fingerprints")
		if err != nil {
			return nil, fmt.Errorf("invoice fingerprint secret: %w", err)
		}
		invoices.Store, invoices.Secret = invoicesql.New(deps.store.DB()), secret
	}
	// The vendors' clients are built once: a vendor's call budget and
	// cache are shared by every capability that uses it.
	vendorClients := intelClients(deps)
	entries := []capability.Entry{
		property.AnalyzeEntry(),
		property.CompareEntry(),
		maintenance.Entry(),
		invoiceanomaly.Entry(invoices),
		documentfacts.Entry(documentDeps(deps, vendorClients.Anthropic)),
	}
	// Voice: gated on the telephony provider (voice.go; 503
	// PROVIDER_NOT_CONFIGURED until one is configured).
	entries = append(entries, voice.Entries(deps.voice)...)
	// Company intelligence and risk (intel.go).
	entries = append(entries, intelEntriesWith(intelSourcesFrom(deps, vendorClients), jurisdictionsOf(deps))...)
	// Oman business routes and oman_supplier_check (omanbusiness.go).
	entries = append(entries, omanBusinessEntriesWith(deps, vendorClients.WebSearcher())...)
	// sanctions_screen (sanctions.go).
	entries = append(entries, sanctions.Entry(sanctionsDeps(deps)))
	// sanctions_watch, the sanctions watchlist (watchlist.go).
	wd, err := watchlistDeps(deps)
	if err != nil {
		return nil, err
	}
	entries = append(entries, watchlist.Entry(wd))
	// Capabilities the modules declare themselves.
	env := moduleEnv(deps)
	for _, m := range modules() {
		if m.Entries != nil {
			entries = append(entries, m.Entries(env)...)
		}
	}
	entries = append(entries,

		// Roadmap (spec): listed with status planned, never routed.
		capability.Planned("estimate_property_rent", "Property", "Estimate market rent for a property from comparables."),
		capability.Planned("analyze_lease", "Property", "Review a lease's terms, obligations and risks."),
		capability.Planned("check_contract_risk", "Property", "Flag risky clauses in a property contract."),
		capability.Planned("diagnose_maintenance_issue", "Maintenance", "Diagnose a reported maintenance issue."),
		capability.Planned("estimate_repair_cost", "Maintenance", "Estimate the cost of a repair in OMR."),
		capability.Planned("generate_property_report", "Property", "Produce a property investment report."),
		capability.Planned("search_oman_tenders", "Procurement", "Search public tenders in Oman."),
		capability.Planned("analyze_oman_tender", "Procurement", "Analyse an Omani tender's requirements and fit."),
		capability.Planned("match_company_to_tender", "Procurement", "Match a company's profile to open tenders."),
		capability.Planned("discover_oman_business_opportunities", "Intelligence", "Find business opportunities in Oman."),
		capability.Planned("find_oman_suppliers", "Procurement", "Find suppliers in Oman for a product or service."),
		capability.Planned("compare_oman_companies", "Intelligence", "Compare Omani companies side by side."),
	)
	return capability.NewRegistryWith(capability.RegistryOptions{Supply: deps.supply, Hint: hintOf, Refresh: deps.refresh, Expand: intelRequirement}, entries...)
}

// moduleEnv is what the modules build their capabilities over.
func moduleEnv(d deps) module.Env {
	env := module.Env{Fetch: d.fetch, Providers: map[string]module.ProviderConfig{}}
	if d.store != nil {
		env.DB, env.HasDB = d.store.DB(), true
	}
	for name, p := range d.providers {
		env.Providers[name] = providerConfig(p)
	}
	return env
}

// documentDeps wires document_facts_extract: URLs are fetched through
// internal/safehttp only (tests may inject deps.fetch's options: a local
// TLS server reached through the production checks); the grounded model
// pass uses the configured language model (nil: off), the same client
// as the intelligence capabilities.
func documentDeps(deps deps, model *llm.Client) documentfacts.Deps {
	client := safehttp.New(deps.fetch)
	return documentfacts.Deps{
		Fetcher:  docfetch.New(deps.fetch),
		CheckURL: func(u string) error { _, err := client.CheckURL(u); return err },
		Assist:   llmassist.New(model),
	}
}

// configured is what the operator switched on, as the adapters ask it: a
// provider configured in cfg.Providers by name. Capability statuses use
// supplyOf, which also reads the data present.
func configured(cfg *Config) func(capability.Requirement) bool {
	return func(r capability.Requirement) bool {
		return r.Kind == capability.KindProvider && cfg.Providers[r.Name].Configured
	}
}
