package main

import (
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil/provider/client"
	"dalil/provider/llm"
	"dalil/provider/rdap"
	companyregistry "dalil/provider/registry"
	"dalil/provider/safebrowsing"
	"dalil/provider/vendors"
	"dalil/provider/websearch"
)

// TestIntelProviderSpecs: each company intelligence vendor is off until
// its switch variable is set, reads its endpoint, credential, timeout,
// budget and model, and never shows its secret.
func TestIntelProviderSpecs(t *testing.T) {
	names := []string{websearch.BraveName, websearch.TavilyName, companyregistry.GLEIFName, companyregistry.CompaniesHouseName, companyregistry.OpenCorporatesName,
		rdap.Name, safebrowsing.Name, llm.Name}
	off, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		p, ok := off.Providers[n]
		if !ok || p.Configured || len(p.Missing) != 1 {
			t.Errorf("%s with nothing set: %+v", n, p)
		}
	}
	if got := off.Providers[companyregistry.GLEIFName].Missing; !slices.Equal(got, []string{"DALIL_GLEIF_URL"}) {
		t.Errorf("gleif missing %v", got)
	}
	if got := off.Providers[companyregistry.OpenCorporatesName].Missing; !slices.Equal(got, []string{vendors.EnvOpenCorporatesToken}) {
		t.Errorf("opencorporates missing %v", got)
	}
	env := map[string]string{
		"DALIL_BRAVE_SEARCH_API_KEY": "brave-5ecret", "DALIL_BRAVE_SEARCH_BUDGET": "2000/720h",
		"DALIL_TAVILY_API_KEY": "tvly-5ecret", "DALIL_TAVILY_TIMEOUT": "3s",
		"DALIL_GLEIF_URL":               "https://api.gleif.org/api/v1",
		"DALIL_COMPANIES_HOUSE_API_KEY": "ch-5ecret", vendors.EnvOpenCorporatesToken: "oc-5ecret",
		"DALIL_RDAP_URL": "https://data.iana.org/rdap/dns.json", "DALIL_SAFE_BROWSING_API_KEY": "sb-5ecret",
		"DALIL_ANTHROPIC_API_KEY": "sk-ant-5ecret", vendors.EnvAnthropicModel: "claude-test",
	}
	on, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if p := on.Providers[n]; !p.Configured {
			t.Errorf("%s not configured: %+v", n, p)
		}
	}
	brave := on.Providers[websearch.BraveName]
	if brave.Credential.Reveal() != "brave-5ecret" || brave.Timeout != client.DefaultTimeout || brave.Settings["budget"] != "2000/720h" {
		t.Errorf("brave %+v", brave)
	}
	if b, err := client.ParseBudget(brave.Settings["budget"]); err != nil || b == nil {
		t.Errorf("budget: %v", err)
	}
	if on.Providers[websearch.TavilyName].Timeout != 3*time.Second || on.Providers[llm.Name].Settings["model"] != "claude-test" {
		t.Errorf("tavily timeout / anthropic model: %+v %+v", on.Providers[websearch.TavilyName], on.Providers[llm.Name])
	}
	if string(on.Providers[rdap.Name].Endpoint) != "https://data.iana.org/rdap/dns.json" {
		t.Errorf("rdap endpoint %q", on.Providers[rdap.Name].Endpoint)
	}
	// A bad URL is refused, naming the variable, never the value.
	_, _, err = loadConfig(newFlagSet("serve", io.Discard), nil, envOf(map[string]string{"DALIL_GLEIF_URL": "ftp://x?key=5ecret"}))
	if err == nil || !strings.Contains(err.Error(), "DALIL_GLEIF_URL") || strings.Contains(err.Error(), "5ecret") {
		t.Errorf("bad URL: %v", err)
	}
}

// TestIntelBudgetRefused: a malformed DALIL_<P>_BUDGET stops the
// configuration from loading, naming the variable.
func TestIntelBudgetRefused(t *testing.T) {
	for _, v := range []string{"lots", "10", "0/1h", "5/forever", "-1/1h"} {
		_, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(map[string]string{"DALIL_TAVILY_API_KEY": "k", "DALIL_TAVILY_BUDGET": v}))
		if err == nil || !strings.Contains(err.Error(), "DALIL_TAVILY_BUDGET") {
			t.Errorf("budget %q: %v", v, err)
		}
	}
	if _, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(map[string]string{"DALIL_TAVILY_BUDGET": "100/24h"})); err != nil {
		t.Errorf("valid budget: %v", err)
	}
}

// TestIntelSourcesOff: with nothing configured there is no client and no
// port at all (TestIntelNotConfiguredEndToEnd proves no dial happens).
func TestIntelSourcesOff(t *testing.T) {
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	src := intelSources(deps{configured: configured(cfg), providers: cfg.Providers})
	if src.Configured() || src.Website != nil || src.LLM != nil || src.Domain != nil || src.SafeBrowsing != nil || len(src.Searchers)+len(src.Registries) != 0 {
		t.Errorf("sources with nothing configured: %+v", src)
	}
	if c := intelClients(deps{providers: cfg.Providers}); c != (vendors.Clients{}) || c.WebSearcher() != nil {
		t.Errorf("clients with nothing configured: %+v", c)
	}
}
