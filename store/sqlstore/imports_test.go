package sqlstore_test

import (
	"bufio"
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// forbidden are the packages the core store must never depend on, even
// through another package: capabilities and rails own their tables in
// their own packages (invoicesql, mppsql) that the store migrates through
// Options.Modules without knowing them (issue 11 item 7, layout.md).
var forbidden = []string{"/capabilities", "/capability", "/rail"}

// TestCoreImportsNoModule fails when store/sqlstore, or any package of
// this module it imports, imports a capability or a rail.
func TestCoreImportsNoModule(t *testing.T) {
	root, mod := moduleRoot(t)
	if bad := moduleImports(t, root, mod, mod+"/store/sqlstore"); len(bad) > 0 {
		t.Errorf("store/sqlstore depends on capabilities or rails: %s", strings.Join(bad, "; "))
	}
}

// TestImportCheckFindsViolations keeps the check above honest: cmd/dalil
// wires every capability and rail, and mppsql imports a rail directly, so
// the same walk must report them.
func TestImportCheckFindsViolations(t *testing.T) {
	root, mod := moduleRoot(t)
	for _, pkg := range []string{"/cmd/dalil", "/rail/mpp/mppsql"} {
		if bad := moduleImports(t, root, mod, mod+pkg); len(bad) == 0 {
			t.Errorf("%s: no capability or rail import found", pkg)
		}
	}
}

// moduleRoot finds go.mod above the working directory and returns its
// directory and module path.
func moduleRoot(t *testing.T) (dir, module string) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		f, err := os.Open(filepath.Join(dir, "go.mod"))
		if err == nil {
			defer f.Close()
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if m, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					return dir, strings.TrimSpace(m)
				}
			}
			t.Fatalf("%s/go.mod has no module line", dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// moduleImports walks the non-test imports of pkg, and of every package of
// this module it reaches, with the build constraints of this platform, and
// returns each forbidden import as "importer -> imported".
func moduleImports(t *testing.T, root, mod, pkg string) []string {
	t.Helper()
	seen := map[string]bool{}
	var bad []string
	var walk func(string)
	walk = func(p string) {
		if seen[p] {
			return
		}
		seen[p] = true
		bp, err := build.Default.ImportDir(filepath.Join(root, strings.TrimPrefix(p, mod)), 0)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, imp := range bp.Imports {
			rest, ok := strings.CutPrefix(imp, mod)
			if !ok || (rest != "" && rest[0] != '/') {
				continue // the standard library or another module
			}
			if slices.ContainsFunc(forbidden, func(f string) bool { return rest == f || strings.HasPrefix(rest, f+"/") }) {
				bad = append(bad, p+" -> "+imp)
				continue
			}
			walk(imp)
		}
	}
	walk(pkg)
	return bad
}
