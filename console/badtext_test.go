package console_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A NUL byte or text that is not UTF-8 in the search, a cursor, an id in
// the path or a form field is refused the same way on SQLite and on
// PostgreSQL (which stores neither and failed the query: "the database
// did not answer", where SQLite answered): 404 for an id, 400 for a
// parameter (issue 28 item 5).
func TestNULAndInvalidUTF8(t *testing.T) {
	for _, pg := range []bool{false, true} {
		name := map[bool]string{false: "sqlite", true: "postgres"}[pg]
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, envOptions{postgres: pg})
			id, keyID, _ := e.account("acme", "free", 0)
			b := e.browser()
			token := b.mustLogin()
			for _, c := range []struct {
				method, path string
				form         url.Values
				status       int
			}{
				{"GET", "/console/accounts?q=%00", nil, 400},
				{"GET", "/console/accounts?q=a%00b", nil, 400},
				{"GET", "/console/accounts?q=%ff%fe", nil, 400},
				{"GET", "/console/accounts?after=%00", nil, 400},
				{"GET", "/console/accounts/%00", nil, 404},
				{"GET", "/console/accounts/acct_%ff", nil, 404},
				{"POST", "/console/accounts/%00/credits", url.Values{"csrf": {token}, "usd": {"1"}}, 404},
				{"POST", "/console/keys/key_%00/revoke", url.Values{"csrf": {token}, "account": {id}, "confirm": {"yes"}}, 404},
				{"POST", "/console/keys/" + keyID + "/revoke", url.Values{"csrf": {token}, "account": {id + "\x00"}, "confirm": {"yes"}}, 400},
				// Well-formed: answered as before.
				{"GET", "/console/accounts?q=acme", nil, 200},
				{"GET", "/console/accounts/acct_none", nil, 404},
			} {
				a := b.do(c.method, c.path, c.form)
				if a.status != c.status || a.status >= 500 {
					t.Errorf("%s %s %v: %d\n%.300s", c.method, c.path, c.form, a.status, a.body)
				}
				if c.status == 400 && !strings.Contains(a.body, "NUL byte") {
					t.Errorf("%s %s: the page does not say what is wrong:\n%.300s", c.method, c.path, a.body)
				}
			}
			if a := b.get("/console/accounts/" + id); a.status != http.StatusOK || !strings.Contains(a.body, "acme") {
				t.Errorf("the account after: %d", a.status)
			}
		})
	}
}
