package capability_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"dalil/capabilities/property"
	"dalil/capability"
)

// The benchmark's capability reads its valid bodies in one pass, and its
// example is taken by it (or the optimisation is silently lost).
func TestOnePassCoversAnalyze(t *testing.T) {
	e := property.AnalyzeEntry()
	if !e.FastDecoded() {
		t.Fatal("analyze_property does not read bodies in one pass")
	}
	took, err := e.DecodeAgrees(e.ExampleBody())
	if err != nil || !took {
		t.Fatalf("example not read in one pass: %v %v", took, err)
	}
}

type onePassItem struct {
	A    int      `json:"a" schema:"minimum=1"`
	Tags []string `json:"tags,omitempty" schema:"maxItems=3,items.maxLength=4"`
}

type onePassIn struct {
	N     int           `json:"n" schema:"minimum=1,maximum=10"`
	U     uint8         `json:"u,omitempty"`
	F     float32       `json:"f,omitempty" schema:"exclusiveMinimum=0"`
	S     string        `json:"s" schema:"minLength=1,maxLength=5"`
	E     string        `json:"e,omitempty" schema:"enum=ab|cd"`
	P     string        `json:"p,omitempty" schema:"pattern=^[a-z]+$"`
	D     string        `json:"d,omitempty" schema:"format=date"`
	B     *bool         `json:"b,omitempty"`
	Item  *onePassItem  `json:"item,omitempty"`
	Items []onePassItem `json:"items,omitempty" schema:"minItems=1,maxItems=2"`
	Skip  string        `json:"-"`
	quiet int
}

// onePassBodies: each is valid, or differs from a valid body in one way the
// one-pass reader must leave to the tree path.
var onePassBodies = []string{
	`{"n":1,"s":"x"}`, ` {"n":10,"s":"xxxxx"} `, `{"s":"x","n":5,"u":255,"f":0.5,"e":"ab","p":"abc","d":"2026-01-31","b":true}`,
	`{"n":1,"s":"x","item":{"a":1,"tags":["a","bcde"]},"items":[{"a":2},{"a":3,"tags":[]}]}`,
	`{"n":1,"s":"x","b":null}`, `{"n":1,"s":"x","item":null}`, `{"n":1,"s":"x","items":null}`, `{"n":1,"s":"x","tags":null}`,
	`{"n":1,"s":"\u00e9\n"}`, `{"n":1,"s":"x\"y"}`, `{"n":1,"s":"xxxxxx"}`, `{"n":1,"s":""}`, `{"n":1,"s":"éééé"}`,
	`{"n":0,"s":"x"}`, `{"n":11,"s":"x"}`, `{"n":1.0,"s":"x"}`, `{"n":1e0,"s":"x"}`, `{"n":-0,"s":"x"}`, `{"n":1.5,"s":"x"}`,
	`{"n":"1","s":"x"}`, `{"n":null,"s":"x"}`, `{"n":1}`, `{"s":"x"}`, `{"n":1,"s":"x","n":2}`, `{"n":1,"s":"x","x":1}`,
	`{"N":1,"s":"x"}`, `{"\u006e":1,"s":"x"}`, `{"n":1,"s":"x","Skip":"y"}`, `{"n":1,"s":"x","quiet":1}`, `{"n":1,"s":"x","u":256}`,
	`{"n":1,"s":"x","u":-1}`, `{"n":1,"s":"x","f":0}`, `{"n":1,"s":"x","f":1e39}`, `{"n":1,"s":"x","f":1e-400}`, `{"n":1,"s":"x","e":"ef"}`,
	`{"n":1,"s":"x","p":"A"}`, `{"n":1,"s":"x","d":"2026-02-30"}`, `{"n":1,"s":"x","b":1}`, `{"n":1,"s":"x","items":[]}`,
	`{"n":1,"s":"x","items":[{"a":1},{"a":1},{"a":1}]}`, `{"n":1,"s":"x","item":{"a":1,"tags":["abcde"]}}`,
	`{"n":1,"s":"x","item":{"a":1,"tags":["a","b","c","d"]}}`, `{"n":1,"s":"x","item":{"tags":[]}}`, `{"n":1,"s":"x","item":[]}`,
	`{"n":1,"s":"x"} {}`, `{"n":1,"s":"x"}x`, `{"n":1,"s":"x"`, `{"n":1,"s":"x",}`, `{"n":1,"s":"\ud800"}`, "{\"n\":1,\"s\":\"\xff\"}",
	`[]`, `null`, ``, `{"n":1,"s":"x","n":1}`, `{"n":12345678901234567890123,"s":"x"}`, `{"n":1,"s":"x","u":1e2}`,
}

func onePassEntry() capability.Entry {
	return capability.Define("one_pass", capability.Options{Group: "G", Summary: "s", Path: "/api/v1/onepass"},
		func(_ context.Context, v onePassIn) (onePassIn, error) { return v, nil })
}

// TestOnePassAgreesWithTree: on valid bodies and on bodies off by one
// rule, Decode answers as the tree path does, value and error alike.
func TestOnePassAgreesWithTree(t *testing.T) {
	e := onePassEntry()
	if !e.FastDecoded() {
		t.Fatal("the test input does not compile to the one-pass reader")
	}
	took := 0
	for _, body := range onePassBodies {
		ok, err := e.DecodeAgrees([]byte(body))
		if err != nil {
			t.Error(err)
		}
		if ok {
			took++
		}
	}
	// The first four, the three escaped or non-ASCII strings; the valid
	// bodies with 1.0, 1e0, 1e2 and an escaped name are the tree path's.
	if took != 7 {
		t.Errorf("%d bodies read in one pass, want 7", took)
	}
}

// Shapes the one-pass reader does not know leave the input on the tree
// path.
func TestOnePassStepsAside(t *testing.T) {
	type withMap struct {
		M map[string]int `json:"m"`
	}
	type embedded struct {
		onePassItem
		B int `json:"b"`
	}
	for _, e := range []capability.Entry{
		capability.Define("one_map", capability.Options{Group: "G", Summary: "s", Path: "/api/v1/onemap"}, func(_ context.Context, v withMap) (withMap, error) { return v, nil }),
		capability.Define("one_emb", capability.Options{Group: "G", Summary: "s", Path: "/api/v1/oneemb"}, func(_ context.Context, v embedded) (embedded, error) { return v, nil }),
		property.CompareEntry(), // embedded Input
	} {
		if e.FastDecoded() {
			t.Errorf("%s reads bodies in one pass", e.ID)
		}
	}
}

// FuzzDecodePathsAgree: for every registered capability and the test
// input, Decode answers every body as the tree path does.
func FuzzDecodePathsAgree(f *testing.F) {
	entries := append(registered(), onePassEntry())
	for _, s := range append(append([]string{}, fastSeeds...), onePassBodies...) {
		f.Add([]byte(s))
	}
	for _, e := range entries {
		f.Add(e.ExampleBody())
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, e := range entries {
			if _, err := e.DecodeAgrees(body); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestOnePassOnMutatedBodies: the valid test bodies and analyze_property's
// example with values swapped for boundary values, wrong types and
// escapes, keys dropped and repeated.
func TestOnePassOnMutatedBodies(t *testing.T) {
	vals := []string{"0", "-0", "-1", "1", "1.5", "3.0", "1e2", "10", "11", "255", "256", "0.01", "0.009", "1e12", "1000000000000.0000001",
		"100", "100.00000000000001", `"x"`, `"xxxxxx"`, `""`, `"ab"`, `"2026-01-31"`, `"\u0061b"`, "true", "null", "[]", "{}", `[{"a":1}]`, `{"a":1}`}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		e      capability.Entry
		bodies []string
	}{
		{onePassEntry(), onePassBodies[:4]},
		{property.AnalyzeEntry(), []string{fastSeeds[0], `{"propertyValue":1,"annualRent":2,"maintenance":3,"vacancyRatePct":4,"otherAnnualCosts":5}`}},
	} {
		took := 0
		for n := 0; n < 3000; n++ {
			body := tc.bodies[rng.IntN(len(tc.bodies))]
			// Split at each top-level ',' and swap, drop or repeat members.
			inner := body[strings.Index(body, "{")+1 : strings.LastIndex(body, "}")]
			members := splitMembers(inner)
			var out []string
			for _, m := range members {
				switch rng.IntN(8) {
				case 0:
					k, _, _ := strings.Cut(m, ":")
					out = append(out, k+":"+vals[rng.IntN(len(vals))])
				case 1:
					// dropped
				case 2:
					out = append(out, m, m)
				default:
					out = append(out, m)
				}
			}
			if rng.IntN(10) == 0 {
				out = append(out, `"maintenanceCost":1`)
			}
			b := "{" + strings.Join(out, ",") + "}"
			ok, err := tc.e.DecodeAgrees([]byte(b))
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				took++
			}
		}
		// Both ways exercised.
		if took < 100 || took > 2900 {
			t.Errorf("%s: %d of 3000 mutated bodies read in one pass", tc.e.ID, took)
		}
		t.Logf("%s: %d of 3000 mutated bodies read in one pass", tc.e.ID, took)
	}
}

// splitMembers splits an object's inside at the commas outside brackets
// and strings.
func splitMembers(s string) []string {
	var out []string
	depth, start, inStr := 0, 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
