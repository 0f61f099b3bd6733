package console_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"dalil"
	"dalil/console"
)

// chromiumPath is Debian's Chromium (package chromium), which .ci/run
// installs.
const chromiumPath = "/usr/bin/chromium"

// requireChromium skips without Chromium, or fails when
// DALIL_REQUIRE_SERVICES=1 says every service must be there (CI).
func requireChromium(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("DALIL_REQUIRE_SERVICES") == "1" {
			t.Fatalf("chromium is required (DALIL_REQUIRE_SERVICES=1) but %s is missing: %v", chromiumPath, err)
		}
		t.Skip("SKIPPED LOUDLY: chromium not installed; .ci/run installs it (apt-get install chromium)")
	}
}

// shots saves screenshots under the test's artifact directory (go test
// -artifacts -outputdir DIR keeps them) and, when DALIL_SCREENSHOTS_DIR
// is set, there too.
type shots struct {
	t    *testing.T
	dirs []string
	n    int
}

func newShots(t *testing.T) *shots {
	s := &shots{t: t, dirs: []string{t.ArtifactDir()}}
	if d := os.Getenv("DALIL_SCREENSHOTS_DIR"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		s.dirs = append(s.dirs, d)
	}
	t.Logf("console screenshots: %s", strings.Join(s.dirs, " and "))
	return s
}

// take is an action that saves a full-page PNG named name.
func (s *shots) take(name string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var png []byte
		if err := chromedp.FullScreenshot(&png, 100).Do(ctx); err != nil {
			return fmt.Errorf("screenshot %s: %w", name, err)
		}
		s.n++
		for _, d := range s.dirs {
			if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("%02d-%s.png", s.n, name)), png, 0o644); err != nil {
				return err
			}
		}
		return nil
	})
}

// TestConsoleInBrowser drives headless Chromium through the Chrome
// DevTools Protocol: log in with the admin token, find an account with an
// Arabic name, top up its credits, change its plan and revoke its key,
// each confirmed on its own page; the revoked key is then refused by the
// API. Every page is saved as a screenshot; the overview is also checked
// at a phone's width for sideways scrolling.
func TestConsoleInBrowser(t *testing.T) {
	requireChromium(t)
	// A busy rail ten days ago (a RevenueSource), so that the charts'
	// scales reach millions of calls and hundreds of thousands of dollars.
	busy := &fakeSource{rows: []console.DayRevenue{{Day: time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -10),
		Rail: dalil.RailMPP, Tool: "analyze_property", Calls: 1_234_567, Amount: 98_765_432_100, Source: "budget sessions"}}}
	e := newEnv(t, envOptions{revenue: []console.RevenueSource{busy}})
	const name = "شركة النور للتجارة"
	id, keyID, secret := e.account(name, "free", dalil.USD)
	for range 3 {
		if got := e.call(secret); got != http.StatusOK {
			t.Fatalf("paid call: %d", got)
		}
	}
	e.account("Acme Trading", "developer", 0)
	shots := newShots(t)

	profile, err := os.MkdirTemp("", "dalil-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(profile) })
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath), chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 900),
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		// No outside network here: without these Chromium keeps trying
		// Google's hosts, which slows every start.
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true),
	}
	// 3 minutes: a cold start takes seconds when idle, but CI runs this
	// beside the whole test suite on two cores.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	ctx, cancelBrowser := chromedp.NewContext(ctx)
	defer cancelBrowser()

	base := e.srv.URL
	run := func(step string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			var page string
			chromedp.Run(ctx, chromedp.OuterHTML("html", &page, chromedp.ByQuery))
			t.Fatalf("%s: %v\npage:\n%s", step, err, page)
		}
	}
	// loaded waits until the page's URL holds part and the page has
	// loaded. Evaluating while the browser swaps documents can fail
	// ("Cannot find context"), so a failed look is a look to repeat.
	loaded := func(part string) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error {
			for {
				var ok bool
				err := chromedp.Evaluate(fmt.Sprintf(`location.href.includes(%q) && document.readyState === 'complete'`, part), &ok).Do(ctx)
				if err == nil && ok {
					return nil
				}
				select {
				case <-ctx.Done():
					return fmt.Errorf("waiting for a loaded page at ...%s: %w (last look: %v)", part, ctx.Err(), err)
				case <-time.After(50 * time.Millisecond):
				}
			}
		})
	}
	text := func(sel string) string {
		t.Helper()
		var s string
		run("read "+sel, chromedp.Text(sel, &s, chromedp.ByQuery, chromedp.NodeVisible))
		return strings.TrimSpace(s)
	}
	// confirm submits form sel, checks the confirmation page asks
	// question, confirms, and returns the result's text.
	confirm := func(what, sel, question string) string {
		t.Helper()
		var asked string
		run(what+": ask",
			chromedp.Click(sel+` button[type="submit"]`, chromedp.ByQuery),
			chromedp.WaitVisible(`#confirm-yes`, chromedp.ByQuery),
			chromedp.Text(`.question`, &asked, chromedp.ByQuery),
			shots.take("confirm-"+what))
		if !strings.Contains(asked, question) {
			t.Errorf("%s: the confirmation asks %q; want %q", what, asked, question)
		}
		run(what+": confirm",
			chromedp.Click(`#confirm-yes`, chromedp.ByQuery),
			chromedp.WaitVisible(`#result`, chromedp.ByQuery),
			shots.take("done-"+what))
		result := text("#result")
		run(what+": back", chromedp.Click(`#back`, chromedp.ByQuery), chromedp.WaitVisible(`#topup`, chromedp.ByQuery))
		return result
	}

	run("log-in page", chromedp.Navigate(base+"/console"), chromedp.WaitVisible(`#token`, chromedp.ByQuery), shots.take("login"))
	run("wrong token",
		chromedp.SendKeys(`#token`, "not-the-token", chromedp.ByQuery),
		chromedp.Click(`#login button`, chromedp.ByQuery),
		chromedp.WaitVisible(`.alert`, chromedp.ByQuery), shots.take("login-refused"))
	run("log in",
		chromedp.SendKeys(`#token`, testToken, chromedp.ByQuery),
		chromedp.Click(`#login button`, chromedp.ByQuery),
		chromedp.WaitVisible(`#total-revenue`, chromedp.ByQuery), shots.take("overview"))
	if got := text("#total-calls"); got != "1,234,570" {
		t.Errorf("overview: %s paid calls; want 1,234,570 (3 calls and the busy rail's)", got)
	}
	var charts int
	run("count charts", chromedp.Evaluate(`document.querySelectorAll('figure.chart svg rect').length`, &charts))
	if charts == 0 {
		t.Error("the overview's charts have no bars")
	}

	// The unfiltered list has #accounts too, so the search waits for the
	// answer's own page (its URL carries q and it has loaded) before it
	// looks: waiting for #accounts alone could match the old page and
	// screenshot it mid-navigation, which hung a CI run for 3 minutes.
	var rows int
	run("search",
		chromedp.Navigate(base+"/console/accounts"), chromedp.WaitVisible(`#q`, chromedp.ByQuery),
		chromedp.SendKeys(`#q`, "النور", chromedp.ByQuery),
		chromedp.Submit(`#q`, chromedp.ByQuery),
		loaded("q="),
		chromedp.WaitVisible(`#accounts`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('#accounts tbody tr').length`, &rows),
		shots.take("accounts-search"))
	if rows != 1 {
		t.Errorf("searching النور lists %d accounts; want the one whose name holds it", rows)
	}
	run("open the account",
		chromedp.Click(`#accounts a`, chromedp.ByQuery),
		chromedp.WaitVisible(`#topup`, chromedp.ByQuery), shots.take("account"))
	if got := text("#account-id"); got != id {
		t.Fatalf("opened account %q; want %q", got, id)
	}
	// The Arabic name reads right to left inside the left-to-right page.
	var dir, pageDir string
	run("directions",
		chromedp.Evaluate(`getComputedStyle(document.querySelector('h1 bdi')).direction`, &dir),
		chromedp.Evaluate(`getComputedStyle(document.body).direction`, &pageDir))
	if dir != "rtl" || pageDir != "ltr" {
		t.Errorf("the account name is %q inside a %q page; want rtl inside ltr", dir, pageDir)
	}
	if got := text("h1"); got != name {
		t.Errorf("heading %q; want %q", got, name)
	}
	// In the window's title the name is isolated too (FSI ... PDI).
	var title string
	run("title", chromedp.Title(&title))
	if title != "\u2068"+name+"\u2069 · Dalil console" {
		t.Errorf("title %q", title)
	}

	run("amount", chromedp.SendKeys(`#usd`, "10", chromedp.ByQuery))
	if got := confirm("topup", "#topup", "Add USD 10.00 of prepaid credits"); !strings.Contains(got, "USD 10.97") {
		t.Errorf("top-up result %q; want the new balance USD 10.97 (1.00 - 3 calls + 10)", got)
	}
	if got := text("#credits"); got != "USD 10.97" {
		t.Errorf("credits after the top-up: %q", got)
	}

	run("plan", chromedp.SetValue(`#plan-select`, "growth", chromedp.ByQuery))
	if got := confirm("plan", "#plan-form", "from the free plan to the growth plan"); !strings.Contains(got, "now growth") {
		t.Errorf("plan result %q", got)
	}
	if got := text("#plan"); got != "growth" {
		t.Errorf("plan after the change: %q", got)
	}

	if got := e.call(secret); got != http.StatusOK {
		t.Fatalf("before the revocation the key is refused: %d", got)
	}
	if got := confirm("revoke", `tr[data-key="`+keyID+`"]`, "Revoke key"); !strings.Contains(got, "Revoked key") {
		t.Errorf("revocation result %q", got)
	}
	if got := e.call(secret); got != http.StatusUnauthorized {
		t.Errorf("a call with the revoked key: %d; want 401", got)
	}
	run("account after", shots.take("account-after"))

	run("capabilities", chromedp.Navigate(base+"/console/capabilities"), chromedp.WaitVisible(`#capabilities`, chromedp.ByQuery), shots.take("capabilities"))
	var audit string
	run("audit", chromedp.Navigate(base+"/console/audit"), chromedp.WaitVisible(`table.audit`, chromedp.ByQuery),
		chromedp.Text(`table.audit`, &audit, chromedp.ByQuery), shots.take("audit"))
	for _, action := range []string{"login", "top_up", "set_plan", "revoke_key"} {
		if !strings.Contains(audit, action) {
			t.Errorf("the audit log lacks %s:\n%s", action, audit)
		}
	}

	// A phone: 390 px wide, nothing scrolls sideways but tables inside
	// their own scrolling boxes.
	var wide []string
	run("phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
		chromedp.Navigate(base+"/console"), chromedp.WaitVisible(`#total-revenue`, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const de = document.documentElement, out = [];
			if (de.scrollWidth > de.clientWidth) out.push('page ' + de.scrollWidth + '>' + de.clientWidth);
			document.querySelectorAll('main > *, .card, .chart, .tile').forEach(el => {
				const r = el.getBoundingClientRect(); if (r.right > de.clientWidth + 1) out.push(el.tagName + '.' + el.className + ' ends at ' + Math.round(r.right)); });
			return out; })()`, &wide),
		shots.take("overview-phone"))
	if len(wide) > 0 {
		t.Errorf("at 390 px the overview overflows: %v", wide)
	}
	// The charts' axis labels stay legible at that width.
	var tick float64
	run("tick size", chromedp.Evaluate(`Math.min(...[...document.querySelectorAll('figure.chart text.tick')].map(e => e.getBoundingClientRect().height))`, &tick))
	if tick < 9 {
		t.Errorf("at 390 px the charts' axis labels are %.1f px tall; want at least 9", tick)
	}
	var clipped []string
	run("labels inside the charts", chromedp.Evaluate(`[...document.querySelectorAll('figure.chart svg')].flatMap(svg => {
			const box = svg.getBoundingClientRect();
			return [...svg.querySelectorAll('text')].filter(e => { const r = e.getBoundingClientRect(); return r.left < box.left - 0.5 || r.right > box.right + 0.5; }).map(e => e.textContent); })`, &clipped))
	if len(clipped) > 0 {
		t.Errorf("at 390 px these chart labels are cut off: %q", clipped)
	}
	run("phone account", chromedp.Navigate(base+"/console/accounts/"+id), chromedp.WaitVisible(`#topup`, chromedp.ByQuery), shots.take("account-phone"))

	run("log out", chromedp.Click(`#logout`, chromedp.ByQuery), chromedp.WaitVisible(`#token`, chromedp.ByQuery))
}
