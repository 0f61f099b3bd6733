package main

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"dalil/capability"
	"dalil/internal/intel"
	"dalil/internal/safehttp/safehttptest"
)

// TestSiteFetcher: the website port over internal/safehttp reads a page's
// title and visible text, and a refused or failed fetch is
// ErrUnavailable; it is switched on only by DALIL_WEBSITE_FETCH.
func TestSiteFetcher(t *testing.T) {
	srv := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html><head><title>Acme &amp; Co</title><style>body{}</style><script>var x=1</script></head>` +
			`<body><!-- hidden --><h1>Acme Trading</h1><p>Contact us: sales@acme.example</p></body></html>`))
	}), "acme.test.example")
	f := siteFetcher{srv.Client()}
	p, err := f.Fetch(context.Background(), "https://acme.test.example/")
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != "Acme & Co" || p.Text != "Acme & Co Acme Trading Contact us: sales@acme.example" || p.Status != 200 {
		t.Errorf("page %+v", p)
	}
	if _, err := f.Fetch(context.Background(), "https://10.0.0.1/"); !errors.Is(err, intel.ErrUnavailable) {
		t.Errorf("private address: %v", err)
	}
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
	if s := intelSources(deps{configured: configured(cfg)}); s.Website == nil {
		t.Error("DALIL_WEBSITE_FETCH=on did not switch website fetching on")
	}
}
