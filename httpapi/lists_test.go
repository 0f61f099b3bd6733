package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"dalil"
	"dalil/capability"
	"dalil/httpapi"
)

type nilListsIn struct {
	Word string `json:"word" schema:"maxLength=10"`
}

type nilListsOut struct {
	Found   []string             `json:"found"`
	Nested  struct{ Hits []int } `json:"nested"`
	ByWord  map[string][]string  `json:"byWord"`
	Missing *[]string            `json:"missing"`
}

// A capability that leaves every list nil answers [] and {} on the wire,
// and its published schema says "array", not ["null","array"] (issue #12
// item 4): the encoding, not each handler, decides.
func TestNilListsAreEmptyOnTheWire(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		reg, err := capability.NewRegistry(capability.Define("nil_lists", capability.Options{Group: "Test", Summary: "nil lists", Path: "/api/v1/test/nil-lists", Price: 1000},
			func(context.Context, nilListsIn) (nilListsOut, error) { return nilListsOut{}, nil }))
		if err != nil {
			t.Fatal(err)
		}
		c.Registry = reg
	})
	_, key := e.account("free", dalil.USD)
	r := e.do("POST", "/api/v1/test/nil-lists", `{"word":"x"}`, map[string]string{"X-API-Key": key})
	if r.Status != 200 {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	want := `"data":{"found":[],"nested":{"Hits":[]},"byWord":{},"missing":null}`
	if !strings.Contains(string(r.Raw), want) {
		t.Errorf("answer %s\nwant it to contain %s", r.Raw, want)
	}
	doc := e.do("GET", "/openapi.json", nil, nil)
	schema := string(doc.Raw)
	i := strings.Index(schema, `"NilListsOutput"`)
	if i < 0 {
		t.Fatalf("no NilListsOutput in /openapi.json")
	}
	out := schema[i:]
	for _, want := range []string{`"found":{"type":"array"`, `"Hits":{"type":"array"`, `"byWord":{"type":"object"`, `"missing":{"type":["null","array"]`} {
		if !strings.Contains(out, want) {
			t.Errorf("NilListsOutput lacks %s: %.600s", want, out)
		}
	}
}
