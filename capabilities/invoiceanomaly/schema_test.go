package invoiceanomaly

import (
	"bytes"
	"encoding/json"
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// TestCorpusOutputsMatchTheOutputSchema: every answer on the corpus is
// valid against the published output schema (MCP clients check it), and
// every corpus input against the input schema.
func TestCorpusOutputsMatchTheOutputSchema(t *testing.T) {
	e := Entry(Deps{})
	compile := func(name string, raw []byte) *santhosh.Schema {
		doc, err := santhosh.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		c := santhosh.NewCompiler()
		if err := c.AddResource(name, doc); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile(name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	out := compile("out.json", e.OutputJSON)
	for _, sc := range loadCorpus(t) {
		in, _ := json.Marshal(sc.Input)
		if _, err := e.Decode(in); err != nil {
			t.Errorf("%s: input refused by the published schema: %v", sc.Name, err)
			continue
		}
		b, _ := json.Marshal(Check(sc.Input, Options{Now: sc.Now}))
		doc, _ := santhosh.UnmarshalJSON(bytes.NewReader(b))
		if err := out.Validate(doc); err != nil {
			t.Errorf("%s: output violates the output schema: %v", sc.Name, err)
		}
	}
}
