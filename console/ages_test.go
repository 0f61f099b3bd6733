package console_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// The datasets page says, for each dataset, when each source's newest
// data was last known current and its age (issue 31): nothing before an
// import, the batch's retrieval date after one.
func TestDatasetsPageShowsSourceAges(t *testing.T) {
	e := newEnv(t, envOptions{})
	b := e.browser()
	b.mustLogin()
	if page := b.get("/console/datasets").body; strings.Contains(page, `class="ages"`) {
		t.Fatalf("ages before an import:\n%s", page)
	}
	if _, err := e.data.Import(context.Background(), strings.NewReader("value\n1\n"), datasetOpts()); err != nil {
		t.Fatal(err)
	}
	page := b.get("/console/datasets").body
	src := regexp.MustCompile(`<span data-source="test">.*?</span>`).FindString(page)
	if !regexp.MustCompile(`<bdi>test</bdi> 2026-11-01 00:00 UTC, \d+ (days|hours|minutes)</span>`).MatchString(src) {
		t.Errorf("source age %q in:\n%s", src, page)
	}
}
