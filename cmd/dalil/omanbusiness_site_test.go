package main

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"

	"dalil/capabilities/suppliercheck"
	"dalil/capability"
	"dalil/internal/safehttp/safehttptest"
	"dalil/provider/websearch"
	"dalil/provider/websearch/websearchtest"
	"dalil/store/sqlstore"
)

// With website_fetch configured, oman_supplier_check inspects the
// supplier's website through internal/safehttp under the configured fetch
// policy; without it, no request is made and the check is not_checked.
func TestSupplierCheckWebsiteWiring(t *testing.T) {
	hits := 0
	srv := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html><title>Barka Steel Fabrication LLC</title><body>Steel fabrication, Barka, Sultanate of Oman. sales@barkasteel.om +968 2688 1234</body></html>`))
	}), "barkasteel.om")
	ctx := context.Background()
	store, err := sqlstore.Open(ctx, filepath.Join(t.TempDir(), "d.db"), sqlstore.Options{Modules: storeModules()})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	check := func(on bool) suppliercheck.Output {
		t.Helper()
		d := deps{store: store, fetch: srv.Options(), configured: func(r capability.Requirement) bool { return on && r.Name == providerWebsiteFetch }}
		for _, e := range omanBusinessEntries(d) {
			if e.ID != "oman_supplier_check" {
				continue
			}
			in, err := e.Decode([]byte(`{"companyName":"Barka Steel Fabrication LLC","website":"https://barkasteel.om"}`))
			if err != nil {
				t.Fatal(err)
			}
			out, err := e.Run(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			return out.(suppliercheck.Output)
		}
		t.Fatal("no oman_supplier_check entry")
		return suppliercheck.Output{}
	}
	out := check(false)
	if out.Checks.Website.Execution != "not_checked" || hits != 0 {
		t.Errorf("off: %+v, %d requests", out.Checks.Website, hits)
	}
	out = check(true)
	b, _ := json.Marshal(out.Checks.Website)
	if out.Checks.Website.Execution != "performed" || hits != 1 || out.Checks.Website.Signals.CompanyNameOnWebsite == nil || !*out.Checks.Website.Signals.CompanyNameOnWebsite {
		t.Errorf("on: %s, %d requests", b, hits)
	}
}

// A configured Brave Search provider is the supplier check's web search.
func TestSupplierCheckWebSearchWiring(t *testing.T) {
	srv := websearchtest.NewBrave(t, "key-1", websearchtest.Doc{Title: "Barka Steel Fabrication warning", URL: "https://news.example/2",
		Snippet: "Barka Steel Fabrication LLC scam complaint"})
	run := func(providers map[string]Provider) suppliercheck.Output {
		t.Helper()
		for _, e := range omanBusinessEntries(deps{providers: providers}) {
			if e.ID == "oman_supplier_check" {
				in, err := e.Decode([]byte(`{"companyName":"Barka Steel Fabrication LLC"}`))
				if err != nil {
					t.Fatal(err)
				}
				out, err := e.Run(context.Background(), in)
				if err != nil {
					t.Fatal(err)
				}
				return out.(suppliercheck.Output)
			}
		}
		t.Fatal("no oman_supplier_check")
		return suppliercheck.Output{}
	}
	if out := run(nil); out.Checks.PublicRisk.Execution != "not_checked" {
		t.Errorf("no provider: %+v", out.Checks.PublicRisk)
	}
	out := run(map[string]Provider{websearch.BraveName: {Configured: true, Endpoint: Endpoint(srv.BaseURL()), Credential: "key-1"}})
	if out.Checks.PublicRisk.Execution != "performed" || out.Checks.PublicRisk.Status != "signal_detected" {
		t.Errorf("brave: %+v", out.Checks.PublicRisk)
	}
}
