package httpapi

import (
	"maps"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"dalil"
)

// storableText reports whether s can be an id, a name or a cursor: UTF-8
// text without a NUL byte. PostgreSQL stores neither a NUL byte nor text
// that is not UTF-8 (it fails the query, which looked like an outage: 503
// "retry shortly"), where SQLite stores both; no id, cursor or name ever
// holds one.
func storableText(s string) bool { return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0 }

// checkText refuses, at the edge and the same way on every backend, a
// request whose path or query holds a NUL byte or text that is not UTF-8
// (issue 28 item 5): the path is 404 (it names an id, and nothing has
// such an id), a query parameter 400 naming it. The console (HTML) checks
// its own requests.
func checkText(r *http.Request) error {
	if !storableText(r.URL.Path) {
		return dalil.Errorf(dalil.CodeNotFound, "Nothing is at this path: it holds a NUL byte or text that is not UTF-8, which no id or name holds.")
	}
	if raw := r.URL.RawQuery; raw == "" || strings.IndexByte(raw, '%') < 0 && storableText(raw) {
		// Every key and value is a piece of raw cut at ASCII bytes ('&',
		// '=') with '+' read as a space: storable text too.
		return nil
	}
	q := r.URL.Query()
	var ps []dalil.Problem
	for _, k := range slices.Sorted(maps.Keys(q)) {
		bad := !storableText(k)
		for _, v := range q[k] {
			bad = bad || !storableText(v)
		}
		if bad {
			ps = append(ps, dalil.Problem{Path: strings.ToValidUTF8(strings.ReplaceAll(k, "\x00", ""), "\uFFFD"), Message: "holds a NUL byte or text that is not UTF-8"})
		}
	}
	if len(ps) > 0 {
		return dalil.InvalidInput(ps...)
	}
	return nil
}

// isConsole reports whether path is the operator console's.
func isConsole(path string) bool { return path == "/console" || strings.HasPrefix(path, "/console/") }
