package console_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// The capabilities page lists each dataset source with when its newest
// data was last known current and its age (issue 31): nothing before an
// import, the batch's retrieval date after one.
func TestCapabilitiesShowSourceAges(t *testing.T) {
	e := newEnv(t, envOptions{})
	b := e.browser()
	b.mustLogin()
	if page := b.get("/console/capabilities").body; !strings.Contains(page, `id="dataset-ages"`) || !strings.Contains(page, "No dataset holds any data.") {
		t.Fatalf("before an import, no dataset ages section:\n%s", page)
	}
	if _, err := e.data.Import(context.Background(), strings.NewReader("value\n1\n"), datasetOpts()); err != nil {
		t.Fatal(err)
	}
	page := b.get("/console/capabilities").body
	row := regexp.MustCompile(`(?s)<tr data-source="testdata/test">.*?</tr>`).FindString(page)
	if !strings.Contains(row, "2026-11-01 00:00 UTC") || !regexp.MustCompile(`<td class="n">\d+ (days|hours|minutes)</td>`).MatchString(row) {
		t.Errorf("source row:\n%s", row)
	}
}
