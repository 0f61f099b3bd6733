package console_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/console"
	"dalil/httpapi"
	"dalil/store/sqlstore"
)

// TestOffWithoutToken: without DALIL_ADMIN_TOKEN the console does not
// exist: the server mounts none (cmd/dalil passes no Console) and a
// console built with no token answers 404 everywhere.
func TestOffWithoutToken(t *testing.T) {
	store, err := sqlstore.Open(context.Background(), t.TempDir()+"/d.db", sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	reg, _ := capability.NewRegistry(property.AnalyzeEntry())
	srv := httptest.NewServer(httpapi.NewServer(httpapi.Config{Registry: reg, Store: store}))
	defer srv.Close()
	for _, p := range []string{"/console", "/console/", "/console/accounts"} {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s without a token: %d; want 404", p, resp.StatusCode)
		}
	}
	c := console.New(console.Options{})
	for _, p := range []string{"/console", "/console/login"} {
		w := httptest.NewRecorder()
		c.ServeHTTP(w, httptest.NewRequest("GET", p, nil))
		if w.Code != http.StatusNotFound {
			t.Errorf("console without token, GET %s: %d; want 404", p, w.Code)
		}
	}
}

// TestSecurityHeaders: every console answer carries the strict CSP (no
// script, no inline style, no framing), no-store and no CORS; the pages
// carry no inline script or style.
func TestSecurityHeaders(t *testing.T) {
	e := newEnv(t, envOptions{})
	b := e.browser()
	check := func(what string, a answer) {
		t.Helper()
		csp := a.header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "frame-ancestors 'none'", "style-src 'self'", "form-action 'self'", "base-uri 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", what, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") || strings.Contains(csp, "script-src") {
			t.Errorf("%s: CSP %q allows scripts or unsafe sources", what, csp)
		}
		if got := a.header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s: Cache-Control %q; want no-store", what, got)
		}
		if a.header.Get("X-Frame-Options") != "DENY" || a.header.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%s: X-Frame-Options %q, Access-Control-Allow-Origin %q", what, a.header.Get("X-Frame-Options"), a.header.Get("Access-Control-Allow-Origin"))
		}
		if regexp.MustCompile(`(?i)<script|\sstyle=|\son[a-z]+=|<style`).MatchString(a.body) {
			t.Errorf("%s: the page has inline script or style", what)
		}
		// Nothing is loaded from elsewhere (no CDN): every link, source
		// and form target is a path on this server.
		if m := regexp.MustCompile(`(?i)(?:src|href|action)="(?:[a-z]+:|//)[^"]*"`).FindString(a.body); m != "" {
			t.Errorf("%s: the page refers outside the server: %s", what, m)
		}
	}
	check("log-in form", b.get("/console"))
	// HEAD is answered as GET is: the log-in form's headers, no body.
	if a := b.do("HEAD", "/console", nil); a.status != http.StatusOK || a.body != "" || !strings.HasPrefix(a.header.Get("Content-Type"), "text/html") {
		t.Errorf("HEAD /console: %d %q %q", a.status, a.header.Get("Content-Type"), a.body)
	} else {
		check("HEAD /console", a)
	}
	b.mustLogin()
	id, _, _ := e.account("acme", "developer", dalil.USD)
	for _, p := range []string{"/console", "/console/accounts", "/console/accounts/" + id, "/console/capabilities", "/console/audit", "/console/nothing"} {
		check(p, b.get(p))
	}
	// The style sheet is the only asset, at a path that names its hash.
	page := b.get("/console").body
	css := regexp.MustCompile(`href="(/console/static/console\.[0-9a-f]{12}\.css)"`).FindStringSubmatch(page)
	if css == nil {
		t.Fatal("no style sheet link")
	}
	a := b.get(css[1])
	if a.status != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), "text/css") || !strings.Contains(a.header.Get("Cache-Control"), "immutable") {
		t.Errorf("style sheet: %d %q %q", a.status, a.header.Get("Content-Type"), a.header.Get("Cache-Control"))
	}
	if strings.Contains(a.body, "http://") || strings.Contains(a.body, "https://") || strings.Contains(a.body, "@import") {
		t.Error("the style sheet reaches outside the binary")
	}
}

// TestLoginAndSessionCookie: the wrong token shows the form again (401);
// the right one sets a session cookie that is HttpOnly, SameSite=Strict,
// scoped to /console and expiring, Secure over https only.
func TestLoginAndSessionCookie(t *testing.T) {
	for _, tc := range []struct {
		name   string
		o      envOptions
		secure bool
	}{
		{"http", envOptions{}, false},
		{"https", envOptions{tls: true}, true},
		{"http behind an https base URL", envOptions{baseURL: "https://dalil.example"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, tc.o)
			b := e.browser()
			a := b.login("not-the-token")
			if a.status != http.StatusUnauthorized || !strings.Contains(a.body, "not the admin token") {
				t.Fatalf("wrong token: %d\n%s", a.status, a.body)
			}
			a = b.login(testToken)
			if a.status != http.StatusSeeOther || a.header.Get("Location") != "/console" {
				t.Fatalf("right token: %d %q", a.status, a.header.Get("Location"))
			}
			var session *http.Cookie
			for _, ck := range (&http.Response{Header: a.header}).Cookies() {
				if ck.Name == "dalil_console" {
					session = ck
				}
			}
			if session == nil {
				t.Fatalf("no session cookie in %q", a.header["Set-Cookie"])
			}
			if !session.HttpOnly || session.SameSite != http.SameSiteStrictMode || session.Path != "/console" || session.MaxAge <= 0 || session.Secure != tc.secure || len(session.Value) < 40 {
				t.Errorf("session cookie %+v; want HttpOnly, SameSite=Strict, Path /console, Max-Age > 0, Secure %v, a long secret", session, tc.secure)
			}
			if strings.Contains(a.header.Get("Set-Cookie"), testToken) {
				t.Error("the admin token is in a cookie")
			}
			if a := b.get("/console"); !strings.Contains(a.body, "<h1>Overview</h1>") {
				t.Errorf("logged in, /console is not the overview:\n%s", a.body)
			}
		})
	}
}

// TestForgedFormsAreRefused: a form without the session's CSRF token, with
// another session's token, or sent from another site changes nothing; a
// log-in form without its cookie is refused too.
func TestForgedFormsAreRefused(t *testing.T) {
	e := newEnv(t, envOptions{})
	id, keyID, _ := e.account("victim", "free", 5*dalil.USD)
	operator := e.browser()
	token := operator.mustLogin()
	other := e.browser()
	otherToken := other.mustLogin()
	if token == otherToken {
		t.Fatal("two sessions share a CSRF token")
	}
	balance := func() dalil.MicroUSD {
		a, err := e.store.Account(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return a.Credits
	}
	topup := "/console/accounts/" + id + "/topup"
	for _, tc := range []struct {
		name   string
		form   url.Values
		header http.Header
	}{
		{"no token", url.Values{"usd": {"100"}, "confirm": {"yes"}}, nil},
		{"empty token", url.Values{"csrf": {""}, "usd": {"100"}, "confirm": {"yes"}}, nil},
		{"another session's token", url.Values{"csrf": {otherToken}, "usd": {"100"}, "confirm": {"yes"}}, nil},
		{"cross-site (Sec-Fetch-Site)", url.Values{"csrf": {token}, "usd": {"100"}, "confirm": {"yes"}}, http.Header{"Sec-Fetch-Site": {"cross-site"}}},
		{"cross-site (Origin)", url.Values{"csrf": {token}, "usd": {"100"}, "confirm": {"yes"}}, http.Header{"Origin": {"https://evil.example"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			operator.header = tc.header
			defer func() { operator.header = http.Header{} }()
			a := operator.post(topup, tc.form)
			if a.status != http.StatusForbidden {
				t.Errorf("forged top-up: %d; want 403\n%s", a.status, a.body)
			}
			if got := balance(); got != 5*dalil.USD {
				t.Errorf("balance %s after a forged top-up", got)
			}
		})
	}
	// Every other form that changes something is refused without the
	// token as well, and changes nothing.
	keyed, err := e.store.Account(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	keysBefore, err := e.store.Keys(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		path string
		form url.Values
	}{
		{"/console/accounts/" + id + "/plan", url.Values{"plan": {"growth"}, "confirm": {"yes"}}},
		{"/console/accounts/" + id + "/keys", url.Values{"confirm": {"yes"}}},
		{"/console/keys/" + keyID + "/revoke", url.Values{"account": {id}, "confirm": {"yes"}}},
	} {
		for _, forged := range []string{"", otherToken} {
			form := url.Values{}
			for k, v := range f.form {
				form[k] = v
			}
			if forged != "" {
				form.Set("csrf", forged)
			}
			if a := operator.post(f.path, form); a.status != http.StatusForbidden {
				t.Errorf("POST %s with CSRF token %q: %d; want 403", f.path, forged, a.status)
			}
		}
	}
	after, err := e.store.Account(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	keysAfter, err := e.store.Keys(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if after.Plan != keyed.Plan || len(keysAfter) != 1 || len(keysBefore) != 1 || keysAfter[0].ID != keyID || keysAfter[0].RevokedAt != nil {
		t.Errorf("forged forms changed something: plan %q -> %q, keys %+v -> %+v", keyed.Plan, after.Plan, keysBefore, keysAfter)
	}
	// Every form that posts carries the session's token: on each page
	// with forms, and on a confirmation page.
	confirmPage := operator.post(topup, url.Values{"csrf": {token}, "usd": {"1"}})
	for what, page := range map[string]string{
		"overview": operator.get("/console").body, "account": operator.get("/console/accounts/" + id).body,
		"confirmation": confirmPage.body,
	} {
		forms := regexp.MustCompile(`(?s)<form method="post".*?</form>`).FindAllString(page, -1)
		if len(forms) == 0 {
			t.Errorf("%s: no form", what)
		}
		for _, f := range forms {
			if !strings.Contains(f, `<input type="hidden" name="csrf" value="`+token+`">`) {
				t.Errorf("%s: a form without the session's CSRF token: %s", what, f)
			}
		}
	}

	// The same form with the token goes through (the test can fail).
	if a := operator.post(topup, url.Values{"csrf": {token}, "usd": {"100"}, "confirm": {"yes"}}); a.status != 200 || balance() != 105*dalil.USD {
		t.Fatalf("genuine top-up: %d, balance %s\n%s", a.status, balance(), a.body)
	}
	// Log-in without the form's cookie (a log-in CSRF) is refused.
	stranger := e.browser()
	if a := stranger.post("/console/login", url.Values{"csrf": {"made-up"}, "token": {testToken}}); a.status != http.StatusForbidden {
		t.Errorf("log-in with a forged form: %d; want 403", a.status)
	}
	// Log-out is a form too.
	if a := operator.post("/console/logout", url.Values{}); a.status != http.StatusForbidden {
		t.Errorf("log-out without the token: %d; want 403", a.status)
	}
}

// TestLoginThrottleSharedWithAdminAPI: ten failed log-ins a minute from an
// address, then even the right token is refused with 429 and Retry-After,
// on the console and on the admin API alike; failures on the admin API
// count for the console too.
func TestLoginThrottleSharedWithAdminAPI(t *testing.T) {
	e := newEnv(t, envOptions{})
	b := e.browser()
	admin := func(token string) int {
		req, _ := http.NewRequest("GET", e.srv.URL+"/admin/v1/accounts", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := e.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for i := range 5 {
		if a := b.login("wrong"); a.status != http.StatusUnauthorized {
			t.Fatalf("failed log-in %d: %d", i+1, a.status)
		}
	}
	for i := range 5 {
		if got := admin("wrong"); got != http.StatusUnauthorized {
			t.Fatalf("failed admin request %d: %d", i+1, got)
		}
	}
	a := b.login(testToken)
	if a.status != http.StatusTooManyRequests {
		t.Fatalf("right token after 10 failures: %d; want 429\n%s", a.status, a.body)
	}
	if s, err := strconv.Atoi(a.header.Get("Retry-After")); err != nil || s < 1 || s > 60 {
		t.Errorf("Retry-After %q", a.header.Get("Retry-After"))
	}
	if got := admin(testToken); got != http.StatusTooManyRequests {
		t.Errorf("admin API after 10 failures: %d; want 429", got)
	}
	// A right log-in does not count: a fresh server takes many.
	e2 := newEnv(t, envOptions{})
	for i := range 12 {
		if a := e2.browser().login(testToken); a.status != http.StatusSeeOther {
			t.Fatalf("log-in %d: %d", i+1, a.status)
		}
	}
}

// TestSessionsEnd: after log-out the old cookie opens nothing (the
// session is gone on the server, not only in the browser); a session
// unused for the idle timeout, one past its lifetime and one opened under
// another admin token end too.
func TestSessionsEnd(t *testing.T) {
	e := newEnv(t, envOptions{})
	loggedIn := func(b *browser) bool {
		t.Helper()
		return strings.Contains(b.get("/console/accounts").body, "<h1>Accounts</h1>")
	}
	b := e.browser()
	token := b.mustLogin()
	saved := b.c.Jar.Cookies(mustURL(t, e.srv.URL+"/console"))
	if a := b.post("/console/logout", url.Values{"csrf": {token}}); a.status != http.StatusSeeOther {
		t.Fatalf("log-out: %d", a.status)
	}
	if loggedIn(b) {
		t.Error("still logged in after log-out")
	}
	replay := e.browser()
	replay.c.Jar.SetCookies(mustURL(t, e.srv.URL+"/console"), saved)
	if loggedIn(replay) {
		t.Error("the cookie of a logged-out session still opens the console")
	}

	b = e.browser()
	b.mustLogin()
	e.clock.Advance(29 * time.Minute)
	if !loggedIn(b) {
		t.Fatal("logged out before the idle timeout")
	}
	e.clock.Advance(29 * time.Minute) // used 29 minutes ago: still fine
	if !loggedIn(b) {
		t.Fatal("a session in use timed out")
	}
	e.clock.Advance(31 * time.Minute)
	if loggedIn(b) {
		t.Error("a session idle for 31 minutes is still open")
	}

	b = e.browser()
	b.mustLogin()
	for range 25 { // used every 29 minutes, for 12 h 5 min
		e.clock.Advance(29 * time.Minute)
		loggedIn(b)
	}
	if loggedIn(b) {
		t.Error("a session older than 12 hours is still open")
	}

	// A second server on the same database with a new admin token.
	b = e.browser()
	b.mustLogin()
	cookies := b.c.Jar.Cookies(mustURL(t, e.srv.URL+"/console"))
	e2 := newEnv(t, envOptions{dsn: e.store.Path(), token: "another-admin-token-0123456789abcdefghij"})
	b2 := e2.browser()
	b2.c.Jar.SetCookies(mustURL(t, e2.srv.URL+"/console"), cookies)
	if loggedIn(b2) {
		t.Error("a session opened under the old admin token is accepted under the new one")
	}
}

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func mustURL(t *testing.T, s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestAccountActions: each action asks first (nothing happens), then runs
// the ops code on confirmation and is recorded in the audit log with its
// outcome; a revoked key is refused by the API.
func TestAccountActions(t *testing.T) {
	for _, pg := range []bool{false, true} {
		name := "sqlite"
		if pg {
			name = "postgres"
		}
		t.Run(name, func(t *testing.T) { testAccountActions(t, pg) })
	}
}

func testAccountActions(t *testing.T, postgres bool) {
	e := newEnv(t, envOptions{postgres: postgres})
	id, keyID, secret := e.account("شركة النور", "free", 0)
	b := e.browser()
	token := b.mustLogin()
	acct := func() dalil.Account {
		a, err := e.store.Account(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	post := func(path string, form url.Values) answer {
		t.Helper()
		form.Set("csrf", token)
		a := b.post(path, form)
		if a.status != http.StatusOK {
			t.Fatalf("POST %s %v: %d\n%s", path, form, a.status, a.body)
		}
		return a
	}
	// Top-up: asked, then done.
	a := post("/console/accounts/"+id+"/topup", url.Values{"usd": {"12.50"}})
	if !strings.Contains(a.body, "Add USD 12.50 of prepaid credits") || acct().Credits != 0 {
		t.Fatalf("top-up question: credits %s\n%s", acct().Credits, a.body)
	}
	if !strings.Contains(a.body, `<bdi>شركة النور</bdi>`) {
		t.Error("the confirmation does not isolate the Arabic name in <bdi>")
	}
	a = post("/console/accounts/"+id+"/topup", url.Values{"usd": {"12.50"}, "confirm": {"yes"}})
	if acct().Credits != 12_500_000 || !strings.Contains(a.body, "USD 12.50") {
		t.Fatalf("after the top-up: credits %s\n%s", acct().Credits, a.body)
	}
	// Bad amounts change nothing.
	for _, bad := range []string{"-1", "0", "abc", "1.0000001"} {
		if a := b.post("/console/accounts/"+id+"/topup", url.Values{"csrf": {token}, "usd": {bad}, "confirm": {"yes"}}); a.status != http.StatusBadRequest {
			t.Errorf("top-up %q: %d; want 400", bad, a.status)
		}
	}
	// Plan change.
	a = post("/console/accounts/"+id+"/plan", url.Values{"plan": {"growth"}})
	if !strings.Contains(a.body, "from the free plan to the growth plan") || acct().Plan != "free" {
		t.Fatalf("plan question:\n%s", a.body)
	}
	post("/console/accounts/"+id+"/plan", url.Values{"plan": {"growth"}, "confirm": {"yes"}})
	if acct().Plan != "growth" {
		t.Fatalf("plan %q after the change", acct().Plan)
	}
	if a := b.post("/console/accounts/"+id+"/plan", url.Values{"csrf": {token}, "plan": {"platinum"}, "confirm": {"yes"}}); a.status != http.StatusBadRequest {
		t.Errorf("unknown plan: %d", a.status)
	}
	// A new key, shown once.
	a = post("/console/accounts/"+id+"/keys", url.Values{"confirm": {"yes"}})
	newKey := regexp.MustCompile(`id="secret">(dk_live_[a-z0-9]+)<`).FindStringSubmatch(a.body)
	if newKey == nil {
		t.Fatalf("no secret on the page:\n%s", a.body)
	}
	if got := e.call(newKey[1]); got != http.StatusOK {
		t.Errorf("a call with the new key: %d", got)
	}
	if strings.Contains(b.get("/console/accounts/"+id).body, newKey[1]) {
		t.Error("the account page shows a key's secret")
	}
	// Revocation, checked against the API.
	if got := e.call(secret); got != http.StatusOK {
		t.Fatalf("a call with the first key: %d", got)
	}
	a = post("/console/keys/"+keyID+"/revoke", url.Values{"account": {id}})
	if !strings.Contains(a.body, "Revoke key") || e.call(secret) != http.StatusOK {
		t.Fatalf("revocation question (the key must still work):\n%s", a.body)
	}
	post("/console/keys/"+keyID+"/revoke", url.Values{"account": {id}, "confirm": {"yes"}})
	if got := e.call(secret); got != http.StatusUnauthorized {
		t.Errorf("a call with the revoked key: %d; want 401", got)
	}
	// A key of another account cannot be revoked through this one.
	otherID, otherKey, otherSecret := e.account("other", "free", dalil.USD)
	_ = otherID
	if a := b.post("/console/keys/"+otherKey+"/revoke", url.Values{"csrf": {token}, "account": {id}, "confirm": {"yes"}}); a.status != http.StatusNotFound {
		t.Errorf("revoking another account's key: %d; want 404", a.status)
	}
	if e.call(otherSecret) != http.StatusOK {
		t.Error("the other account's key was revoked")
	}

	// The audit log, newest first, with outcomes; the account page shows
	// its own entries and the page figures.
	entries, err := e.store.Audit(context.Background(), id, 50, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, en := range entries {
		got = append(got, en.Action+" "+en.Outcome+" "+en.Detail)
		if en.Session == "" || en.Client == "" {
			t.Errorf("audit entry without session or client: %+v", en)
		}
	}
	want := []string{"revoke_key ok " + entries[0].Detail, "create_key ok ", "set_plan ok free -> growth (period kept)", "top_up ok USD 12.50"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit log:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	page := b.get("/console/accounts/" + id).body
	for _, s := range []string{`id="plan">growth<`, `USD 12.50`, "revoked", "top_up", "analyze_property", `<bdi>شركة النور</bdi>`} {
		if !strings.Contains(page, s) {
			t.Errorf("the account page lacks %q", s)
		}
	}
	// The allowance left this period, in dollars and calls.
	if !regexp.MustCompile(`id="allowance">USD [0-9,]+\.[0-9]{2,6} · [0-9,]+ calls<`).MatchString(page) {
		t.Error("the account page does not show the allowance left")
	}
	// Each key by its prefix and id, never its secret.
	keys, err := e.store.Keys(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 {
		t.Fatalf("%d keys; want 2", len(keys))
	}
	for _, k := range keys {
		if !strings.Contains(page, `<tr data-key="`+k.ID+`">`+"\n"+`<td><code>`+k.Prefix+`…</code></td>`) {
			t.Errorf("the account page does not list key %s by its prefix %q", k.ID, k.Prefix)
		}
	}
	if strings.Contains(page, secret) {
		t.Error("the account page shows the first key's secret")
	}
	if all := b.get("/console/audit").body; !strings.Contains(all, "login") || !strings.Contains(all, "revoke_key") {
		t.Error("the audit page lacks the log-in or the revocation")
	}
}

// TestAccountsSearchAndLedgerPages: search by name and by id; the ledger
// is shown 25 entries a page with a link to the older ones.
func TestAccountsSearchAndLedgerPages(t *testing.T) {
	e := newEnv(t, envOptions{})
	id, _, _ := e.account("Acme Trading", "developer", 0)
	e.account("شركة النور للتجارة", "free", 0)
	b := e.browser()
	b.mustLogin()
	for _, tc := range []struct{ q, want, not string }{
		{"acme", "Acme Trading", "النور"},
		{"النور", `<bdi>شركة النور للتجارة</bdi>`, "Acme"},
		{id, "Acme Trading", "النور"},
	} {
		page := b.get("/console/accounts?q=" + url.QueryEscape(tc.q)).body
		if !strings.Contains(page, tc.want) || strings.Contains(page, tc.not) {
			t.Errorf("search %q: want %q and not %q:\n%s", tc.q, tc.want, tc.not, page)
		}
	}
	if page := b.get("/console/accounts?q=zzz").body; !strings.Contains(page, "no name contains it") {
		t.Error("an empty search says nothing")
	}
	if page := b.get("/console/accounts").body; !strings.Contains(page, "Acme Trading") || !strings.Contains(page, "النور") {
		t.Error("the listing lacks an account")
	}
	for i := range 30 {
		if _, err := e.store.AddCredits(context.Background(), id, dalil.MicroUSD(i+1)*1000, "top-up "+strconv.Itoa(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	first := b.get("/console/accounts/" + id).body
	older := regexp.MustCompile(`href="(/console/accounts/[^"?]+\?before=\d+)" id="older"`).FindStringSubmatch(first)
	if older == nil || !strings.Contains(first, "top-up 30") || strings.Contains(first, ">top-up 5<") {
		t.Fatalf("first ledger page (newest 25) is wrong:\n%s", first)
	}
	second := b.get(older[1]).body
	if !strings.Contains(second, ">top-up 5<") || strings.Contains(second, ">top-up 30<") {
		t.Errorf("second ledger page:\n%s", second)
	}
	if a := b.get("/console/accounts/acct_nope"); a.status != http.StatusNotFound {
		t.Errorf("unknown account: %d", a.status)
	}
}

// TestOverviewAndCapabilities: paid calls show in the overview's totals,
// charts, top accounts and latency; refusals by code; the capabilities
// page says what each needs and whether it is configured and loaded.
func TestOverviewAndCapabilities(t *testing.T) {
	e := newEnv(t, envOptions{})
	id, _, key := e.account("Big spender", "free", dalil.USD)
	for range 3 {
		if got := e.call(key); got != 200 {
			t.Fatalf("paid call: %d", got)
		}
	}
	e.call("dk_live_wrong") // 401 UNAUTHORIZED
	b := e.browser()
	b.mustLogin()
	page := b.get("/console").body
	for _, s := range []string{
		`id="total-calls">3<`, `id="total-revenue">USD 0.03<`,
		`<rect class="s0"`, "2026-", "analyze_property: 0.03", "api_credits: 3",
		`href="/console/accounts/` + id + `"><bdi>Big spender</bdi>`,
		`<code>UNAUTHORIZED</code></td><td>1<`,
		`<td class="text">analyze_property</td><td>4</td>`, // 3 paid and the 401
		`<td>x402</td><td>0</td>`,
	} {
		if !strings.Contains(page, s) {
			t.Errorf("the overview lacks %q", s)
		}
	}
	if t.Failed() {
		t.Log(page)
	}
	// p50 and p99 of the capability's four requests, from the latency
	// histogram: two figures in ms, the first no larger.
	if m := regexp.MustCompile(`<td class="text">analyze_property</td><td>4</td><td>([0-9.]+) ms</td><td>([0-9.]+) ms</td>`).FindStringSubmatch(page); m == nil {
		t.Error("the overview lacks analyze_property's p50 and p99")
	} else if p50, _ := strconv.ParseFloat(m[1], 64); p50 <= 0 || p50 > mustFloat(t, m[2]) {
		t.Errorf("analyze_property's p50 %s ms, p99 %s ms", m[1], m[2])
	}
	if strings.Count(page, "<svg") != 4 {
		t.Errorf("%d charts; want 4", strings.Count(page, "<svg"))
	}
	caps := b.get("/console/capabilities").body
	row := func(id string) string {
		m := regexp.MustCompile(`(?s)<tr data-capability="` + id + `">.*?</tr>`).FindString(caps)
		if m == "" {
			t.Fatalf("no row for %s:\n%s", id, caps)
		}
		return m
	}
	if r := row("analyze_property"); !strings.Contains(r, "available") || !strings.Contains(r, ">0.01<") || !strings.Contains(r, `<td class="n">3</td><td class="n">0.03</td><td class="n">0.00</td>`) {
		t.Errorf("analyze_property row:\n%s", r)
	}
	if r := row("data_tool"); !strings.Contains(r, "configured") || !strings.Contains(r, "not loaded") {
		t.Errorf("data_tool before import:\n%s", r)
	}
	if r := row("provider_tool"); !strings.Contains(r, `<span class="status unconfigured">unconfigured</span>`) || !strings.Contains(r, "provider <code>websearch</code>:") || !strings.Contains(r, "not configured") || !strings.Contains(r, ">0.03<") {
		t.Errorf("provider_tool (needs an unconfigured provider):\n%s", r)
	}
	if r := row("future_tool"); !strings.Contains(r, "planned") {
		t.Errorf("future_tool:\n%s", r)
	}
	// Import a batch: the dataset is loaded, with its batch and date.
	rep, err := e.data.Import(context.Background(), strings.NewReader("value\n1\n2\n"), datasetOpts())
	if err != nil {
		t.Fatal(err)
	}
	caps = b.get("/console/capabilities").body
	if r := row("data_tool"); !strings.Contains(r, "loaded</span>, 2 rows in 1 batches") || !strings.Contains(r, rep.Batch) || !strings.Contains(r, "retrieved 2026-11-01") {
		t.Errorf("data_tool after import:\n%s", r)
	}
}

// TestOverviewNetOfRefunds: a paid call refunded in full (a voice call
// that rang unanswered) counts nothing in the overview's totals, the top
// accounts and the capabilities page's revenue; the refund is shown beside.
func TestOverviewNetOfRefunds(t *testing.T) {
	e := newEnv(t, envOptions{})
	id, _, key := e.account("Refunded", "free", dalil.USD)
	for range 3 {
		if got := e.call(key); got != 200 {
			t.Fatalf("paid call: %d", got)
		}
	}
	ctx := context.Background()
	ledger, err := e.store.Ledger(ctx, id, 10, 0)
	if err != nil || len(ledger) == 0 || ledger[0].Kind != "charge" {
		t.Fatalf("ledger = %+v, %v", ledger, err)
	}
	if _, err := e.store.Refund(ctx, id, ledger[0].RequestID, -ledger[0].Amount, "not answered"); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	b.mustLogin()
	page := b.get("/console").body
	for _, s := range []string{
		`id="total-calls">3<`, `id="total-revenue">USD 0.02<`, `id="total-refunded">USD 0.01<`,
		`href="/console/accounts/` + id + `"><bdi>Refunded</bdi></a></td><td>3</td><td>0.02</td><td>0.01</td>`,
	} {
		if !strings.Contains(page, s) {
			t.Errorf("the overview lacks %q", s)
		}
	}
	caps := b.get("/console/capabilities").body
	r := regexp.MustCompile(`(?s)<tr data-capability="analyze_property">.*?</tr>`).FindString(caps)
	if !strings.Contains(r, `<td class="n">3</td><td class="n">0.02</td><td class="n">0.01</td>`) {
		t.Errorf("analyze_property row:\n%s", r)
	}
}

// fakeSource is a RevenueSource over fixed rows (those of days in the
// range asked for), or an error; it records the ranges it was asked for.
type fakeSource struct {
	mu    sync.Mutex
	rows  []console.DayRevenue
	err   error
	asked [][2]time.Time
}

func (f *fakeSource) Revenue(_ context.Context, from, to time.Time) ([]console.DayRevenue, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, [2]time.Time{from, to})
	var out []console.DayRevenue
	for _, r := range f.rows {
		if !r.Day.Before(from.Truncate(24*time.Hour)) && r.Day.Before(to) {
			out = append(out, r)
		}
	}
	return out, f.err
}

// calls returns and forgets the ranges asked for.
func (f *fakeSource) calls() [][2]time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	a := f.asked
	f.asked = nil
	return a
}

// TestOverviewAddsRevenueSources: payments a module records in its own
// tables (a RevenueSource: MPP budget sessions) are added to the ledger's
// in the totals, the charts by rail and by capability, the pay-per-call
// table (as a part of their rail) and the capabilities page, over the
// same 30 days; finished days are asked for once and kept, today every
// time; a source that fails makes the page fail (503), never show figures
// without it.
func TestOverviewAddsRevenueSources(t *testing.T) {
	now := time.Now().UTC()
	today := now.Truncate(24 * time.Hour)
	final := now.Add(-10 * time.Minute).Truncate(24 * time.Hour) // days before it are kept
	src := &fakeSource{rows: []console.DayRevenue{
		{Day: today, Rail: dalil.RailMPP, Tool: "analyze_property", Calls: 2, Amount: 20_000, Source: "budget sessions"},
		{Day: today.AddDate(0, 0, -3), Rail: dalil.RailMPP, Tool: "compare_properties", Calls: 1, Amount: 20_000, Source: "budget sessions"},
		{Day: today.AddDate(0, 0, -console.Days), Rail: dalil.RailMPP, Tool: "compare_properties", Calls: 1, Amount: 990_000, Source: "budget sessions"}, // before the window
	}}
	e := newEnv(t, envOptions{revenue: []console.RevenueSource{src}})
	_, _, key := e.account("payer", "free", dalil.USD)
	if got := e.call(key); got != 200 {
		t.Fatalf("paid call: %d", got)
	}
	b := e.browser()
	b.mustLogin() // renders the overview once
	from := today.AddDate(0, 0, -(console.Days - 1))
	asked := src.calls()
	if len(asked) != 2 || !asked[0][0].Equal(from) || !asked[0][1].Equal(final) || !asked[1][0].Equal(final) || asked[1][1].Before(now) {
		t.Errorf("first render asked the source for %v; want [%v, %v) and [%v, now)", asked, from, final, final)
	}
	page := b.get("/console").body
	for _, s := range []string{
		`id="total-calls">4<`, `id="total-revenue">USD 0.05<`,
		`<tr data-rail="mpp"><td>mpp</td><td>3</td><td>0.04</td></tr>`,
		`<tr class="part"><td class="text">of which budget sessions</td><td>3</td><td>0.04</td></tr>`,
		`<tr data-rail="x402"><td>x402</td><td>0</td><td>0.00</td></tr>`,
		"<title>" + today.Format("2006-01-02") + " mpp: 0.02</title>",
		"<title>" + today.AddDate(0, 0, -3).Format("2006-01-02") + " compare_properties: 1</title>",
		"<title>" + today.Format("2006-01-02") + " analyze_property: 0.03</title>", // 0.01 from credits, 0.02 from the source
	} {
		if !strings.Contains(page, s) {
			t.Errorf("the overview lacks %q", s)
		}
	}
	if t.Failed() {
		t.Log(page)
	}
	if asked := src.calls(); len(asked) != 1 || !asked[0][0].Equal(final) {
		t.Errorf("second render asked the source for %v; want only [%v, now)", asked, final)
	}
	// A later payment today shows at once; the finished days are not
	// asked for again.
	src.mu.Lock()
	src.rows = append(src.rows, console.DayRevenue{Day: today, Rail: dalil.RailMPP, Tool: "analyze_property", Calls: 1, Amount: 10_000, Source: "budget sessions"})
	src.mu.Unlock()
	caps := b.get("/console/capabilities").body
	if row := regexp.MustCompile(`(?s)<tr data-capability="compare_properties">.*?</tr>`).FindString(caps); !strings.Contains(row, `<td class="n">1</td><td class="n">0.02</td>`) {
		t.Errorf("capabilities, compare_properties: %s", row)
	}
	if row := regexp.MustCompile(`(?s)<tr data-capability="analyze_property">.*?</tr>`).FindString(caps); !strings.Contains(row, `<td class="n">4</td><td class="n">0.04</td>`) {
		t.Errorf("capabilities, analyze_property (1 by credits, 3 from the source): %s", row)
	}
	if asked := src.calls(); len(asked) != 1 || !asked[0][0].Equal(final) {
		t.Errorf("the capabilities page asked the source for %v; want only [%v, now)", asked, final)
	}

	src.err = dalil.ErrStorageUnavailable
	for _, p := range []string{"/console", "/console/capabilities"} {
		if a := b.get(p); a.status != http.StatusServiceUnavailable || strings.Contains(a.body, "total-revenue") {
			t.Errorf("GET %s with a failing source: %d", p, a.status)
		}
	}
}

// TestDatasetsPageRetracts: the datasets page lists each batch with a
// Retract form carrying the session's CSRF token; the form asks first,
// a forged one is refused and changes nothing, the confirmed one removes
// the batch's rows, is recorded in the audit log and shows the batch as
// retracted with its reason; a second retraction is 404.
func TestDatasetsPageRetracts(t *testing.T) {
	e := newEnv(t, envOptions{})
	ctx := context.Background()
	var batches []string
	for _, f := range []string{"value\n1\n2\n", "value\n3\n"} {
		rep, err := e.data.Import(ctx, strings.NewReader(f), datasetOpts())
		if err != nil || rep.Batch == "" {
			t.Fatalf("import: %v %+v", err, rep)
		}
		batches = append(batches, rep.Batch)
	}
	b := e.browser()
	token := b.mustLogin()
	page := b.get("/console/datasets")
	if page.status != 200 || !strings.Contains(page.body, `<section id="testdata">`) || strings.Count(page.body, `class="retract"`) != 2 {
		t.Fatalf("datasets page: %d\n%s", page.status, page.body)
	}
	for _, f := range regexp.MustCompile(`(?s)<form method="post".*?</form>`).FindAllString(page.body, -1) {
		if !strings.Contains(f, `<input type="hidden" name="csrf" value="`+token+`">`) {
			t.Errorf("a form without the session's CSRF token: %s", f)
		}
	}
	target := "/console/datasets/testdata/batches/" + batches[0] + "/retract"
	rows := func() int {
		st, _ := e.data.Stats(ctx)
		return st.Rows
	}
	// Forged: refused, nothing retracted.
	for _, form := range []url.Values{{"confirm": {"yes"}}, {"csrf": {"made-up"}, "confirm": {"yes"}}} {
		if a := b.post(target, form); a.status != http.StatusForbidden {
			t.Errorf("forged retraction: %d", a.status)
		}
	}
	if rows() != 3 {
		t.Fatalf("a forged form retracted rows: %d left", rows())
	}
	if a := b.post(target, url.Values{"csrf": {token}, "reason": {strings.Repeat("x", 501)}}); a.status != http.StatusBadRequest {
		t.Errorf("long reason: %d", a.status)
	}
	ask := b.post(target, url.Values{"csrf": {token}, "reason": {"licence withdrawn"}})
	if ask.status != 200 || !strings.Contains(ask.body, "Retract batch "+batches[0]+" of testdata (2 rows, source test") ||
		!strings.Contains(ask.body, `name="reason" value="licence withdrawn"`) || !strings.Contains(ask.body, `href="/console/datasets#testdata"`) {
		t.Fatalf("confirmation: %d\n%s", ask.status, ask.body)
	}
	if rows() != 3 {
		t.Fatal("asking retracted already")
	}
	done := b.post(target, url.Values{"csrf": {token}, "reason": {"licence withdrawn"}, "confirm": {"yes"}})
	if done.status != 200 || !strings.Contains(done.body, "Retracted batch "+batches[0]+" of testdata: 2 rows removed.") {
		t.Fatalf("retract: %d\n%s", done.status, done.body)
	}
	if rows() != 1 {
		t.Errorf("%d rows left, want 1", rows())
	}
	page = b.get("/console/datasets")
	if !regexp.MustCompile(`(?s)<tr data-batch="`+batches[0]+`" class="retracted">.*?retracted .*?, 2 rows removed: <bdi>licence withdrawn</bdi>`).MatchString(page.body) ||
		strings.Count(page.body, `class="retract"`) != 1 {
		t.Errorf("datasets page after the retraction:\n%s", page.body)
	}
	if a := b.post(target, url.Values{"csrf": {token}, "confirm": {"yes"}}); a.status != http.StatusNotFound {
		t.Errorf("retract again: %d", a.status)
	}
	if a := b.post(target, url.Values{"csrf": {token}}); a.status != http.StatusNotFound {
		t.Errorf("ask to retract a retracted batch: %d", a.status)
	}
	if a := b.post("/console/datasets/nope/batches/x/retract", url.Values{"csrf": {token}}); a.status != http.StatusNotFound {
		t.Errorf("unknown dataset: %d", a.status)
	}
	entries, err := e.store.Audit(ctx, "", 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, en := range entries {
		if en.Action == console.ActionRetractBatch {
			got = append(got, en.Outcome+" "+en.Target+" "+en.Detail)
		}
	}
	if want := []string{"NOT_FOUND " + batches[0] + " testdata", "ok " + batches[0] + " testdata: licence withdrawn"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("audit: %q, want %q", got, want)
	}
}
