package httpapi_test

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

// TestHTTPAPINamesNoRailOrCapability: httpapi, and every package of this
// module it reaches, imports no rail and no capability package: rails and
// capabilities bring their routes (PayRail, Config.Admin, dalil.Route)
// and the server serves them generically (issue 27 item 4).
func TestHTTPAPINamesNoRailOrCapability(t *testing.T) {
	if bad := forbiddenImports(t, "dalil/httpapi"); len(bad) > 0 {
		t.Errorf("httpapi depends on rails or capabilities: %s", strings.Join(bad, "; "))
	}
	// The walk finds such an import where there is one.
	if bad := forbiddenImports(t, "dalil/rail/mpp/mppsql"); len(bad) == 0 {
		t.Error("the walk found no rail import in rail/mpp/mppsql")
	}
}

func forbiddenImports(t *testing.T, pkg string) []string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var bad []string
	var walk func(string)
	walk = func(p string) {
		if seen[p] {
			return
		}
		seen[p] = true
		bp, err := build.Default.ImportDir(filepath.Join(root, strings.TrimPrefix(p, "dalil")), 0)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, imp := range bp.Imports {
			switch {
			case strings.HasPrefix(imp, "dalil/rail/"), strings.HasPrefix(imp, "dalil/capabilities/"):
				bad = append(bad, p+" -> "+imp)
			case strings.HasPrefix(imp, "dalil/"):
				walk(imp)
			}
		}
	}
	walk(pkg)
	return bad
}
