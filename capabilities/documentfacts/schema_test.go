package documentfacts

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// The published output schema (OpenAPI, MCP) lists obligations,
// requirements and deadlines with the reference's field names, and every
// answer on both corpora is valid against it.
func TestOutputSchemaHasClausesAndValidatesAnswers(t *testing.T) {
	e := Entry(Deps{})
	var schema map[string]any
	if err := json.Unmarshal(e.OutputJSON, &schema); err != nil {
		t.Fatal(err)
	}
	props := func(m map[string]any, path ...string) map[string]any {
		for _, p := range path {
			m, _ = m[p].(map[string]any)
		}
		got, _ := m["properties"].(map[string]any)
		return got
	}
	top := props(schema)
	for _, c := range []struct {
		list   string
		fields []string
	}{
		{"obligations", []string{"party", "partyRole", "modality", "action", "deadline", "deadlineNormalized", "condition", "confidence", "evidence", "sourceEvidence"}},
		{"requirements", []string{"category", "mandatory", "requirement", "subject", "confidence", "evidence", "sourceEvidence"}},
		{"deadlines", []string{"key", "label", "value", "normalizedValue", "normalizedDate", "period", "relativeTo", "party", "confidence", "evidence"}},
	} {
		item := props(top, c.list, "items")
		if item == nil {
			t.Fatalf("%s: not in the output schema", c.list)
		}
		for _, f := range c.fields {
			if item[f] == nil {
				t.Errorf("%s.%s: not in the output schema", c.list, f)
			}
		}
	}
	modality, _ := props(top, "obligations", "items")["modality"].(map[string]any)
	if enum, _ := modality["enum"].([]any); !slices.Equal(enum, []any{"must", "must_not"}) {
		t.Errorf("modality enum %v", modality["enum"])
	}
	for _, f := range []string{"frequency", "normalizedDate", "precision", "ratio"} {
		if props(top, "facts", "items")[f] == nil {
			t.Errorf("facts.%s: not in the output schema", f)
		}
	}
	if props(top, "metadata")["llmAssist"] == nil {
		t.Error("metadata.llmAssist: not in the output schema")
	}

	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(e.OutputJSON))
	if err != nil {
		t.Fatal(err)
	}
	c := santhosh.NewCompiler()
	if err := c.AddResource("out.json", doc); err != nil {
		t.Fatal(err)
	}
	out, err := c.Compile("out.json")
	if err != nil {
		t.Fatal(err)
	}
	docs := append(loadEvalCorpus(t, "testdata/eval", 20), loadEvalCorpus(t, "testdata/heldout", 8)...)
	for _, d := range docs {
		answer := extractAll(renderEval(t, d.dir, d.name), source{kind: "text"}, Input{})
		b, _ := json.Marshal(answer)
		v, _ := santhosh.UnmarshalJSON(bytes.NewReader(b))
		if err := out.Validate(v); err != nil {
			t.Errorf("%s: the answer violates the output schema: %v", d.name, err)
		}
	}
}
