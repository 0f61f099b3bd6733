package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"dalil/internal/safehttp/safehttptest"
)

// flagCodes lists the codes of riskFlags.
func flagCodes(d map[string]any) []string {
	var out []string
	flags, _ := d["riskFlags"].([]any)
	for _, f := range flags {
		out = append(out, f.(map[string]any)["code"].(string))
	}
	return out
}

// TestSupplierWebsiteEndToEnd: through the server dalil serve builds with
// DALIL_WEBSITE_FETCH=on, oman_supplier_check inspects a supplier's
// website served by a local TLS server, reached through internal/safehttp's
// production checks (only the resolver and dialer are the test's): the
// registry's website when none is given, the given one otherwise. A host
// resolving to a private address and a redirect to the metadata address
// are refused without being dialled; a plain-http address is fetched over
// https only. With website fetching off nothing is requested.
func TestSupplierWebsiteEndToEnd(t *testing.T) {
	var hits atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<html><head><title>Al Noor Trading LLC - building materials</title></head><body>`+
			`<h1>Al Noor Trading LLC</h1><p>Building materials and hardware trading in Muscat, Sultanate of Oman.</p>`+
			`<p>Way 3301, Al Khuwair, Bawshar. info@alnoor-trading.example, +968 2412 3456</p></body></html>`)
	})
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, "https://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	site := safehttptest.NewTLSServer(t, mux, "alnoor-trading.example", "www.alnoor-trading.example")
	site.Resolve("intranet.alnoor-trading.example", "10.1.2.3")

	s := newIntelServer(t, map[string]string{envWebsiteFetch: "on"}, site.Options())
	if err := seedServiceDemo(context.Background(), s.svc, "companies"); err != nil {
		t.Fatal(err)
	}
	const route = "/api/v1/procurement/oman-supplier-check"
	website := func(d map[string]any) map[string]any { return path(d, "checks", "website").(map[string]any) }
	signal := func(d map[string]any, name string) any { return path(website(d), "signals", name) }

	// No website given: the registry's is inspected.
	before := s.credits(t)
	a := s.post(t, route, `{"companyName":"Al Noor Trading LLC","crNumber":"1000001","requiredProductOrService":"building materials"}`)
	d := a.data()
	if a.status != 200 || website(d)["execution"] != "performed" || website(d)["urlSource"] != "registry" ||
		signal(d, "companyNameOnWebsite") != true || signal(d, "https") != true || signal(d, "phoneOnWebsite") != true || hits.Load() != 1 {
		t.Fatalf("registry website: %d %s (%d requests)", a.status, a.raw, hits.Load())
	}
	if fmt.Sprintf("%.2f", before-s.credits(t)) != "0.50" {
		t.Errorf("supplier check charged %.2f", before-s.credits(t))
	}
	if bannedWords.MatchString(a.raw) {
		t.Errorf("banned wording: %s", bannedWords.FindString(a.raw))
	}

	// The website given, on another host of the same server.
	a = s.post(t, route, `{"companyName":"Al Noor Trading LLC","crNumber":"1000001","website":"https://www.alnoor-trading.example/","email":"info@alnoor-trading.example"}`)
	d = a.data()
	if a.status != 200 || website(d)["execution"] != "performed" || website(d)["urlSource"] != "supplied" ||
		signal(d, "corporateEmailOnWebsite") != true || hits.Load() != 2 {
		t.Errorf("supplied website: %d %s", a.status, a.raw)
	}

	// Refused by the SSRF checks: never dialled, and never a finding (not
	// "unreachable") nor a live check: the website check is not_checked
	// and says why (issue #28 item 6).
	for _, url := range []string{"https://intranet.alnoor-trading.example/", "https://alnoor-trading.example/to-metadata"} {
		a = s.post(t, route, `{"companyName":"Al Noor Trading LLC","crNumber":"1000001","website":"`+url+`"}`)
		d = a.data()
		live, _ := d["dataCoverage"].(map[string]any)["liveChecksPerformed"].([]any)
		if a.status != 200 || slices.Contains(flagCodes(d), "WEBSITE_UNREACHABLE") || website(d)["execution"] != "not_checked" ||
			!strings.Contains(fmt.Sprint(website(d)["explanation"]), "not fetched") || slices.Contains(live, any("website")) ||
			signal(d, "companyNameOnWebsite") == true {
			t.Errorf("%s: %d %s", url, a.status, a.raw)
		}
	}
	for _, addr := range site.Dialed() {
		if strings.HasPrefix(addr, "10.") || strings.HasPrefix(addr, "169.254.") {
			t.Errorf("dialled a refused address %s", addr)
		}
	}
	if hits.Load() != 3 { // the redirect itself was served; its target was not
		t.Errorf("%d requests reached the site, want 3", hits.Load())
	}
	// A plain-http address is inspected over https only.
	a = s.post(t, route, `{"companyName":"Al Noor Trading LLC","crNumber":"1000001","website":"http://alnoor-trading.example/"}`)
	if d := a.data(); a.status != 200 || website(d)["execution"] != "performed" || signal(d, "https") != true || hits.Load() != 4 {
		t.Errorf("http address: %d %s", a.status, a.raw)
	}

	// Website fetching off: not_checked, no request.
	off := newIntelServer(t, nil, site.Options())
	if err := seedServiceDemo(context.Background(), off.svc, "companies"); err != nil {
		t.Fatal(err)
	}
	a = off.post(t, route, `{"companyName":"Al Noor Trading LLC","crNumber":"1000001","website":"https://alnoor-trading.example/"}`)
	if d := a.data(); a.status != 200 || website(d)["execution"] != "not_checked" || hits.Load() != 4 {
		t.Errorf("fetching off: %d %s (%d requests)", a.status, a.raw, hits.Load())
	}
}
