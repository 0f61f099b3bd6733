package capability_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"dalil/capability"

	"github.com/google/go-cmp/cmp"
)

type listsIn struct {
	N int `json:"n" schema:"minimum=0,maximum=3"`
}

type listItem struct {
	Tags []string `json:"tags"`
}

// listsOut has every kind of list a handler can leave nil: top level,
// nested in a struct, in a list's items, in a map's values, a map, and a
// list behind a pointer (which alone may be null: nil means "not given").
type listsOut struct {
	Names    []string              `json:"names"`
	Items    []listItem            `json:"items"`
	Nested   struct{ Codes []int } `json:"nested"`
	ByKey    map[string][]string   `json:"byKey"`
	Counts   map[string]int        `json:"counts"`
	Optional *[]string             `json:"optional"`
	Maybe    *listItem             `json:"maybe"`
	Skipped  []string              `json:"skipped,omitempty"`
}

func listsEntry() capability.Entry {
	return capability.Define("lists_tool", capability.Options{Group: "Test", Summary: "nil lists", Path: "/api/v1/test/lists"},
		func(_ context.Context, in listsIn) (listsOut, error) {
			var out listsOut
			if in.N > 0 {
				out.Items = make([]listItem, in.N) // each item's Tags nil
				out.ByKey = map[string][]string{"a": nil}
				out.Maybe = &listItem{}
			}
			return out, nil
		})
}

// A nil list is [] and a nil map {} in the output, at any depth; only a
// nil pointer is null, and omitempty still omits.
func TestMarshalNeverNullLists(t *testing.T) {
	e := listsEntry()
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, `{"names":[],"items":[],"nested":{"Codes":[]},"byKey":{},"counts":{},"optional":null,"maybe":null}`},
		{2, `{"names":[],"items":[{"tags":[]},{"tags":[]}],"nested":{"Codes":[]},"byKey":{"a":[]},"counts":{},"optional":null,"maybe":{"tags":[]}}`},
	} {
		in, err := e.Decode([]byte(`{"n":` + string(rune('0'+tc.n)) + `}`))
		if err != nil {
			t.Fatal(err)
		}
		out, err := e.Run(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := capability.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("n=%d:\n got %s\nwant %s", tc.n, got, tc.want)
		}
	}
}

// Marshal is encoding/json's encoding (field names, HTML left alone,
// sorted map keys, floats, MarshalJSON) wherever there is no nil list.
func TestMarshalIsEncodingJSONOtherwise(t *testing.T) {
	v := map[string]any{
		"z": 1.005, "a": "<b>&</b>", "f": []float64{1e21, 1e-7, 0.1, 123456789.125, -0}, "raw": json.RawMessage(`{"k": [1, 2]}`),
		"s": struct {
			A int    `json:"a,omitempty"`
			B string `json:"b,string"`
			C bool   `json:"-"`
		}{B: "x"},
	}
	got, err := capability.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(strings.TrimSuffix(want.String(), "\n"), string(got)); diff != "" {
		t.Errorf("(-encoding/json +Marshal):\n%s", diff)
	}
}

// The output schema says the same: lists and maps are never null, a
// pointer may be.
func TestOutputSchemaListsAreNotNullable(t *testing.T) {
	e := listsEntry()
	var s any
	if err := json.Unmarshal(e.OutputJSON, &s); err != nil {
		t.Fatal(err)
	}
	// typeAt follows a slash-separated path of keys to a schema's "type".
	typeAt := func(path string) any {
		v := s
		for _, k := range strings.Split(path+"/type", "/") {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		return v
	}
	want := map[string]any{
		"properties/names":                       "array",
		"properties/items":                       "array",
		"properties/items/items/properties/tags": "array",
		"properties/nested/properties/Codes":     "array",
		"properties/byKey":                       "object",
		"properties/byKey/additionalProperties":  "array",
		"properties/counts":                      "object",
		"properties/optional":                    []any{"null", "array"},
		"properties/maybe":                       []any{"null", "object"},
		"properties/maybe/properties/tags":       "array",
		"properties/skipped":                     "array",
	}
	got := map[string]any{}
	for path := range want {
		got[path] = typeAt(path)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("output schema types (-want +got):\n%s", diff)
	}
	// Inputs are untouched: still strict, no nulls at all.
	if strings.Contains(string(e.InputJSON), "null") {
		t.Errorf("input schema allows null: %s", e.InputJSON)
	}
}
