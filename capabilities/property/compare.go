package property

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"dalil"
)

// Item is one property of a comparison: the property input plus a name.
type Item struct {
	Name string `json:"name" jsonschema:"label of this property, unique within the comparison (surrounding spaces are trimmed)" schema:"minLength=1,maxLength=120"`
	Input
}

// CompareInput is the compare_properties request.
type CompareInput struct {
	Properties []Item `json:"properties" jsonschema:"the properties to compare" schema:"minItems=2,maxItems=20"`
}

// ValidateTree checks what the schema cannot: the alias rule per item,
// names that are blank once trimmed, and duplicate names (each duplicate is
// reported at its own path).
func (CompareInput) ValidateTree(tree any) []dalil.Problem {
	root, _ := tree.(map[string]any)
	items, _ := root["properties"].([]any)
	var ps []dalil.Problem
	first := map[string]int{}
	for i, it := range items {
		obj, ok := it.(map[string]any)
		if !ok {
			continue
		}
		prefix := fmt.Sprintf("properties.%d.", i)
		ps = append(ps, aliasProblem(obj, prefix)...)
		name, ok := obj["name"].(string)
		if !ok {
			continue
		}
		name = strings.TrimSpace(name)
		if name == "" {
			ps = append(ps, dalil.Problem{Path: prefix + "name", Message: "must not be blank"})
			continue
		}
		if j, dup := first[name]; dup {
			ps = append(ps, dalil.Problem{Path: prefix + "name", Message: fmt.Sprintf("duplicate name %q (also properties.%d.name); names must be unique", name, j)})
			continue
		}
		first[name] = i
	}
	return ps
}

// NamedMetrics is a metrics object with the item's name.
type NamedMetrics struct {
	Name string `json:"name" jsonschema:"the item's name, trimmed"`
	Metrics
}

// CompareOutput is the compare_properties result.
type CompareOutput struct {
	Properties       []NamedMetrics `json:"properties" jsonschema:"metrics per property, in input order"`
	SortedByNetYield []string       `json:"sortedByNetYield" jsonschema:"names by rounded net yield, highest first; equal values keep input order"`
}

// Compare is the compare_properties handler.
func Compare(_ context.Context, in CompareInput) (CompareOutput, error) {
	out := CompareOutput{Properties: make([]NamedMetrics, len(in.Properties))}
	for i, it := range in.Properties {
		out.Properties[i] = NamedMetrics{Name: strings.TrimSpace(it.Name), Metrics: compute(it.Input)}
	}
	ranked := make([]NamedMetrics, len(out.Properties))
	copy(ranked, out.Properties)
	// Stable on the rounded figure: what the caller sees decides ties.
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].NetYield > ranked[j].NetYield })
	out.SortedByNetYield = make([]string, len(ranked))
	for i, m := range ranked {
		out.SortedByNetYield[i] = m.Name
	}
	return out, nil
}
