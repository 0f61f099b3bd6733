package main

import (
	"context"
	"net/http"
	"testing"

	"dalil/capability"
	"dalil/internal/safehttp/safehttptest"
)

// TestSiteFetcher: the website port (internal/intel/sitefetch, whose
// tests read pages) is switched on only by DALIL_WEBSITE_FETCH, and then
// fetches through the configured policy.
func TestSiteFetcher(t *testing.T) {
	srv := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html><head><title>Acme &amp; Co</title></head><body><h1>Acme Trading</h1></body></html>`))
	}), "acme.test.example")
	if s := intelSources(deps{configured: func(capability.Requirement) bool { return false }}); s.Website != nil {
		t.Error("website fetching on without DALIL_WEBSITE_FETCH")
	}
	cfg, _, err := loadConfig(newFlagSet("serve", nil), nil, func(k string) string {
		if k == envWebsiteFetch {
			return "on"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	s := intelSources(deps{configured: configured(cfg), fetch: srv.Options()})
	if s.Website == nil {
		t.Fatal("DALIL_WEBSITE_FETCH=on did not switch website fetching on")
	}
	if p, err := s.Website.Fetch(context.Background(), "https://acme.test.example/"); err != nil || p.Title != "Acme & Co" || p.Text != "Acme & Co Acme Trading" {
		t.Errorf("page %+v, %v", p, err)
	}
}
