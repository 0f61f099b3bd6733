package documentfacts

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReq16Debug prints one probe document's lines with the section each
// falls under, and its requirements (REQ16DOC=rp-20-two-level-om, with
// REQ16DIR=testdata/reqprobe by default); skipped otherwise.
func TestReq16Debug(t *testing.T) {
	name := os.Getenv("REQ16DOC")
	if name == "" {
		t.Skip("REQ16DOC not set")
	}
	dir := os.Getenv("REQ16DIR")
	if dir == "" {
		dir = "testdata/reqprobe"
	}
	doc := renderEval(t, dir, name)
	a := assemble(doc)
	cx := &clauseExtractor{a: &a, reqSents: map[int]bool{}}
	cx.sents = a.sentenceSpans()
	cx.sections()
	var b strings.Builder
	ctx := requirementContext(a.text)
	fmt.Fprintf(&b, "ctx %+v\n", ctx)
	for i, s := range a.segs {
		fmt.Fprintf(&b, "%3d h=%v p=%v [%s] %q\n", i, s.heading, cx.pseudo[i], clip(cx.sectionOf[i], 40), clip(a.text[s.start:s.end], 90))
	}
	out := extractAll(doc, source{kind: "text"}, Input{})
	for _, r := range out.Requirements {
		fmt.Fprintf(&b, "REQ %s %v %s: %q\n", r.Category, r.Mandatory, r.Method, clip(r.Requirement, 110))
	}
	raw, _ := os.ReadFile(filepath.Join(dir, name+".want"))
	b.WriteString(string(raw))
	t.Log("\n" + b.String())
}
