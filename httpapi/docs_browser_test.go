package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
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
	for _, id := range []string{"accounts", "idempotency", "rate-limits", "spending-ceiling", "pay-per-call", "x402", "l402", "mpp", "mcp", "reference", "errors"} {
		if !strings.Contains(dom, `id="`+id+`"`) {
			t.Errorf("the rendered page has no section id=%q", id)
		}
	}
	// Schemas are field tables, not raw JSON.
	if strings.Contains(dom, `"additionalProperties"`) || strings.Contains(dom, "&#34;additionalProperties&#34;") {
		t.Error("the page still shows a raw JSON Schema")
	}
	for _, e := range tools {
		for _, f := range []string{"propertyValue"} {
			if e.ID == "analyze_property" && !regexp.MustCompile(`<tr><td class="d0"><code>`+f+`</code></td><td>number</td><td>yes</td><td>0.01 to 1e12</td>`).MatchString(dom) {
				t.Errorf("no field row for %s.%s (number, required, 0.01 to 1e12)", e.ID, f)
			}
		}
	}

	// At 1280 px nothing scrolls sideways: not the page, not a table or
	// code block inside it. A same-origin page frames /docs at that
	// width and reports what overflows (the /docs page itself runs no
	// scripts).
	layout := measureLayout(t, srv.URL)
	if layout.ScrollWidth > layout.ClientWidth || len(layout.Wide) > 0 {
		t.Errorf("at 1280 px /docs is %d px wide in a %d px viewport; overflowing: %v", layout.ScrollWidth, layout.ClientWidth, layout.Wide)
	}
	// A full-page screenshot for people to look at: go test -artifacts
	// -outputdir DIR keeps it under DIR.
	shot := filepath.Join(t.ArtifactDir(), "docs-1280.png")
	screenshot(t, srv.URL+"/docs", shot, 1280, layout.ScrollHeight)
	t.Logf("screenshot of /docs at 1280 px: %s", shot)
}

// layoutReport is what the measuring page found.
type layoutReport struct {
	ScrollWidth, ClientWidth, ScrollHeight int
	Wide                                   []string
}

// measurePage frames /docs at 1280 px and writes a layoutReport into
// <pre id="report"> once the frame has loaded.
const measurePage = `<!doctype html><html><body style="margin:0">
<iframe id="f" src="/docs" style="width:1280px;height:1000px;border:0"></iframe>
<pre id="report">pending</pre>
<script>
document.getElementById('f').addEventListener('load', function () {
  var d = this.contentDocument, de = d.documentElement, wide = [];
  d.querySelectorAll('body *').forEach(function (el) {
    var name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className ? '.' + el.className : '');
    var style = d.defaultView.getComputedStyle(el);
    if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) wide.push(name + ' scrolls ' + el.scrollWidth + '>' + el.clientWidth);
    var r = el.getBoundingClientRect();
    if (r.right > de.clientWidth + 1) wide.push(name + ' ends at ' + Math.round(r.right));
  });
  document.getElementById('report').textContent = 'REPORT' + JSON.stringify({
    ScrollWidth: de.scrollWidth, ClientWidth: de.clientWidth, ScrollHeight: de.scrollHeight, Wide: wide.slice(0, 20)});
});
</script></body></html>`

// measureLayout loads measurePage from the server's origin (so the script
// may read the framed document) and returns its report.
func measureLayout(t *testing.T, origin string) layoutReport {
	t.Helper()
	dom := dumpDOM(t, origin+"/_test/measure")
	_, rest, ok := strings.Cut(dom, "REPORT")
	if !ok {
		t.Fatalf("the measuring page reported nothing:\n%s", head(dom, 2000))
	}
	end := strings.Index(rest, "</pre>")
	if end < 0 {
		t.Fatalf("unterminated report: %s", head(rest, 500))
	}
	var rep layoutReport
	if err := json.Unmarshal([]byte(html.UnescapeString(rest[:end])), &rep); err != nil {
		t.Fatalf("report %q: %v", rest[:end], err)
	}
	if rep.ClientWidth < 1200 || rep.ScrollHeight < 1000 {
		t.Fatalf("implausible layout report %+v", rep)
	}
	return rep
}

// screenshot saves a PNG of url rendered width px wide and height px
// tall (the page's full height, so the image shows all of it).
func screenshot(t *testing.T, url, path string, width, height int) {
	t.Helper()
	profile, err := os.MkdirTemp("", "dalil-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(profile) })
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append(append([]string{}, chromiumFlags...), "--user-data-dir="+profile, "--hide-scrollbars",
		fmt.Sprintf("--window-size=%d,%d", width, height), "--screenshot="+path, url)
	cmd := exec.CommandContext(ctx, chromiumPath, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium --screenshot: %v\n%s", err, head(stderr.String(), 2000))
	}
	img, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(img, []byte("\x89PNG")) {
		t.Fatalf("no PNG screenshot at %s: %v", path, err)
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
	api := httpapi.NewServer(httpapi.Config{Registry: reg, Store: store})
	mux := http.NewServeMux()
	mux.Handle("/", api)
	mux.HandleFunc("GET /_test/measure", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, measurePage)
	})
	srv := httptest.NewServer(mux)
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
