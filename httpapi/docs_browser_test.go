package httpapi_test

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/maintenance"
	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/store/sqlstore"
)

// chromiumPath is Debian's Chromium (package chromium), which .ci/run
// installs.
const chromiumPath = "/usr/bin/chromium"

// chromiumFlags run Chromium headless as root on a machine without outside
// network: without the background-networking flags it keeps trying to reach
// Google's hosts and its refused connections slow every start.
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
}

// TestDocsInBrowser renders /docs of the real server in headless Chromium
// and checks that every callable tool and its price are on the rendered
// page: in the tool's section (data-tool, data-price) and in the prices
// table.
func TestDocsInBrowser(t *testing.T) {
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("DALIL_REQUIRE_SERVICES") == "1" {
			t.Fatalf("chromium is required (DALIL_REQUIRE_SERVICES=1) but %s is missing: %v", chromiumPath, err)
		}
		t.Skip("SKIPPED LOUDLY: chromium not installed; .ci/run installs it")
	}
	reg, err := capability.NewRegistry(property.AnalyzeEntry(), property.CompareEntry(), maintenance.Entry())
	if err != nil {
		t.Fatal(err)
	}
	srv := docsBrowserServer(t, reg)

	dom := dumpDOM(t, srv.URL+"/docs")
	if !strings.Contains(dom, "API reference</h1>") {
		t.Fatalf("the rendered DOM has no API reference heading; got %d bytes:\n%s", len(dom), head(dom, 2000))
	}
	prices := pricesTable(t, dom)
	tools := reg.Callable()
	if len(tools) == 0 {
		t.Fatal("the registry has no callable tools")
	}
	for _, e := range tools {
		price := e.Price.Decimal()
		t.Run(e.ID, func(t *testing.T) {
			section := regexp.MustCompile(`<section\b[^>]*\bdata-tool="` + regexp.QuoteMeta(e.ID) + `"[^>]*>`).FindString(dom)
			if section == "" {
				t.Fatalf("no <section data-tool=%q> in the rendered DOM", e.ID)
			}
			if !strings.Contains(section, `data-price="`+price+`"`) {
				t.Errorf("section of %s is %s; want data-price=%q", e.ID, section, price)
			}
			if !tableHasRow(prices, e.ID, price) {
				t.Errorf("the prices table has no row with %s at %s; table:\n%s", e.ID, price, prices)
			}
		})
	}
	if got := strings.Count(dom, "data-tool="); got != len(tools) {
		t.Errorf("rendered DOM has %d data-tool sections; want one per callable tool (%d)", got, len(tools))
	}
}

// docsBrowserServer starts the real HTTP server over a fresh SQLite store
// on a loopback port.
func docsBrowserServer(t *testing.T, reg *capability.Registry) *httptest.Server {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store, err := sqlstore.Open(ctx, filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	srv := httptest.NewServer(httpapi.NewServer(httpapi.Config{Registry: reg, Store: store}))
	t.Cleanup(srv.Close)
	return srv
}

// dumpDOM loads url in headless Chromium and returns the DOM it serialises
// once the page has loaded.
func dumpDOM(t *testing.T, url string) string {
	t.Helper()
	// Not t.TempDir: Chromium's helper processes may still be writing their
	// profile when the browser exits, and a failed removal must not fail the
	// test.
	profile, err := os.MkdirTemp("", "dalil-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(profile) })

	// 90 s: a cold start takes about 4 s here when idle, but CI runs this
	// while go test builds and tests other packages on the same 2 cores.
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append(append([]string{}, chromiumFlags...), "--user-data-dir="+profile, "--dump-dom", url)
	cmd := exec.CommandContext(ctx, chromiumPath, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium --dump-dom %s: %v (context: %v)\nstderr:\n%s", url, err, ctx.Err(), head(stderr.String(), 4000))
	}
	if stdout.Len() == 0 {
		t.Fatalf("chromium --dump-dom %s printed nothing; stderr:\n%s", url, head(stderr.String(), 4000))
	}
	return stdout.String()
}

// pricesTable returns the markup of <table id="prices">.
func pricesTable(t *testing.T, dom string) string {
	t.Helper()
	start := strings.Index(dom, `<table id="prices"`)
	if start < 0 {
		t.Fatalf("no <table id=\"prices\"> in the rendered DOM:\n%s", head(dom, 2000))
	}
	end := strings.Index(dom[start:], "</table>")
	if end < 0 {
		t.Fatal("the prices table is not closed")
	}
	return dom[start : start+end]
}

// tableHasRow reports whether one row of the table has a cell whose text is
// id (possibly inside a link) and a cell whose text is exactly price.
func tableHasRow(table, id, price string) bool {
	idCell := regexp.MustCompile(`<td>(?:<a [^>]*>)?` + regexp.QuoteMeta(id) + `(?:</a>)?</td>`)
	for _, row := range strings.Split(table, "<tr") {
		if idCell.MatchString(row) && strings.Contains(row, "<td>"+price+"</td>") {
			return true
		}
	}
	return false
}

func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
