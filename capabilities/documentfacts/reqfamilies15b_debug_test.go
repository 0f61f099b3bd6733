package documentfacts

import (
	"os"
	"testing"
)

// TestReqProbeDoc prints the requirements found in one reqprobe document
// (REQDOC=rp-17-prose-om); a development aid, skipped otherwise.
func TestReqProbeDoc(t *testing.T) {
	name := os.Getenv("REQDOC")
	if name == "" {
		t.Skip("REQDOC unset")
	}
	doc := renderEval(t, "testdata/reqprobe", name)
	out := extractAll(doc, source{kind: "text"}, Input{})
	for _, g := range evalItems(out) {
		if g.typ == "requirement" {
			t.Logf("%s %s: %s", g.key, g.val, g.text)
		}
	}
}
