package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestProvidersDocMatchesDeclarations: docs/providers.md has one table row
// per declared provider (providerSpecs), with its kind and every variable
// that switches it on, and names no provider that is not declared.
func TestProvidersDocMatchesDeclarations(t *testing.T) {
	raw, err := os.ReadFile("../../docs/providers.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{} // provider -> its row
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9_]+)` \\| ([a-z_]+) \\|.*$")
	for _, m := range row.FindAllStringSubmatch(string(raw), -1) {
		if _, dup := rows[m[1]]; dup {
			t.Errorf("docs/providers.md lists %s twice", m[1])
		}
		rows[m[1]] = m[0]
	}
	declared := map[string]bool{}
	for _, p := range providerSpecs() {
		declared[p.Name] = true
		r, ok := rows[p.Name]
		if !ok {
			t.Errorf("docs/providers.md has no row for provider %s (%s)", p.Name, p.Kind)
			continue
		}
		if !strings.HasPrefix(r, "| `"+p.Name+"` | "+p.Kind+" |") {
			t.Errorf("docs/providers.md gives %s another kind than %s: %s", p.Name, p.Kind, r[:min(len(r), 80)])
		}
		for _, v := range p.Required {
			if !strings.Contains(r, v) {
				t.Errorf("docs/providers.md's row for %s does not name %s, which switches it on", p.Name, v)
			}
		}
	}
	for name := range rows {
		if !declared[name] {
			t.Errorf("docs/providers.md lists %s, which no providerSpec declares", name)
		}
	}
}
