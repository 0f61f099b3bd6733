package capability_test

import (
	"context"
	"strings"
	"testing"

	"dalil"
	"dalil/capability"
)

type okIn struct {
	N int `json:"n" schema:"minimum=1,maximum=5"`
}
type okOut struct {
	V int `json:"v"`
}

func handler(_ context.Context, in okIn) (okOut, error) { return okOut{V: in.N}, nil }

func TestDefineRejectsBadDeclarations(t *testing.T) {
	good := capability.Options{Group: "G", Summary: "s", Path: "/api/v1/x"}
	tests := []struct {
		name string
		def  func()
		want string
	}{
		{"bad id", func() { capability.Define("Bad-Id", good, handler) }, "bad id"},
		{"path outside /api/v1", func() { o := good; o.Path = "/x"; capability.Define("x_tool", o, handler) }, "path"},
		{"negative price", func() { o := good; o.Price = -1; capability.Define("x_tool", o, handler) }, "negative price"},
		{"invalid example", func() { o := good; o.Example = okIn{N: 9}; capability.Define("x_tool", o, handler) }, "example input is invalid"},
		{"unknown schema keyword", func() {
			type in struct {
				N int `json:"n" schema:"minimun=1"`
			}
			capability.Define("x_tool", good, func(context.Context, in) (okOut, error) { return okOut{}, nil })
		}, "unknown schema keyword"},
		{"non-object input", func() {
			capability.Define("x_tool", good, func(context.Context, []int) (okOut, error) { return okOut{}, nil })
		}, "must be a JSON object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(r.(string), tc.want) {
					t.Errorf("panic = %v, want one mentioning %q", r, tc.want)
				}
			}()
			tc.def()
		})
	}
}

func TestRegistryRejectsDuplicates(t *testing.T) {
	a := capability.Define("a_tool", capability.Options{Group: "G", Summary: "s", Path: "/api/v1/a", Price: 1}, handler)
	b := capability.Define("b_tool", capability.Options{Group: "G", Summary: "s", Path: "/api/v1/A", Price: 1}, handler)
	if _, err := capability.NewRegistry(a, a); err == nil {
		t.Error("duplicate id accepted")
	}
	if _, err := capability.NewRegistry(a, b); err == nil {
		t.Error("duplicate path accepted")
	}
	r, err := capability.NewRegistry(a, capability.Planned("later_tool", "G", "soon"))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Callable()) != 1 || len(r.Planned()) != 1 || len(r.All()) != 2 {
		t.Errorf("callable %d planned %d", len(r.Callable()), len(r.Planned()))
	}
	if e, ok := r.Lookup("a_tool"); !ok || e.Price != dalil.MicroUSD(1) {
		t.Error("lookup failed")
	}
}

func TestSchemaTagsAreEnforced(t *testing.T) {
	e := capability.Define("n_tool", capability.Options{Group: "G", Summary: "s", Path: "/api/v1/n"}, handler)
	if !strings.Contains(string(e.InputJSON), `"minimum":1`) || !strings.Contains(string(e.InputJSON), `"additionalProperties":false`) {
		t.Errorf("schema = %s", e.InputJSON)
	}
	for body, ok := range map[string]bool{`{"n":1}`: true, `{"n":5}`: true, `{"n":0}`: false, `{"n":6}`: false, `{"n":2.5}`: false, `{}`: false} {
		if _, err := e.Decode([]byte(body)); (err == nil) != ok {
			t.Errorf("Decode(%s) err = %v, want ok=%v", body, err, ok)
		}
	}
}
