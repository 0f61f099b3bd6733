package httpapi

import (
	"path"
	"strings"
	"testing"
)

// TestCleanPathShortcut: every path of up to seven bytes of '/', '.' and
// 'a' (and a few longer ones) is cleaned as path.Clean keeping a trailing
// slash cleans it, whether the shortcut takes it as clean or not.
func TestCleanPathShortcut(t *testing.T) {
	want := func(p string) string {
		if p == "" {
			return "/"
		}
		c := path.Clean(p)
		if strings.HasSuffix(p, "/") && c != "/" {
			c += "/"
		}
		return c
	}
	paths := []string{"/api/v1/property/analyze", "/api/v1/property/analyze/", "/api//v1", "/api/./v1", "/api/v1/..", "/a.b/..c/...", "api/v1"}
	var grow func(p string)
	grow = func(p string) {
		paths = append(paths, p)
		if len(p) < 7 {
			for _, c := range "/.a" {
				grow(p + string(c))
			}
		}
	}
	grow("")
	clean := 0
	for _, p := range paths {
		if got, w := cleanPath(p), want(p); got != w {
			t.Errorf("cleanPath(%q) = %q, want %q", p, got, w)
		}
		if isCleanPath(p) {
			clean++
			if w := want(p); w != p {
				t.Errorf("isCleanPath(%q), but it cleans to %q", p, w)
			}
		}
	}
	if clean < 100 {
		t.Errorf("only %d paths taken as clean", clean)
	}
}
