package capability_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"dalil/capabilities/invoiceanomaly"
	"dalil/capabilities/maintenance"
	"dalil/capabilities/property"
	"dalil/capability"
)

func registered() []capability.Entry {
	return []capability.Entry{property.AnalyzeEntry(), property.CompareEntry(), maintenance.Entry(), invoiceanomaly.Entry(invoiceanomaly.Deps{})}
}

// The fast check must cover every registered capability (or the
// optimisation is silently lost) and prove each example valid.
func TestFastCheckCoversRegistry(t *testing.T) {
	for _, e := range registered() {
		if !e.FastCompiled() {
			t.Errorf("%s: the input schema did not compile to the fast check", e.ID)
			continue
		}
		ok, err := e.FastCheck(e.ExampleBody())
		if err != nil || !ok {
			t.Errorf("%s: example not proven valid by the fast check: %v %v", e.ID, ok, err)
		}
	}
}

// notX is a string other than "x": "not" is a keyword the fast check does
// not know.
type notX string

func (notX) JSONSchema() string { return `{"type":"string","not":{"const":"x"}}` }

// A schema keyword the fast check does not know makes it step aside for
// the whole capability; santhosh still enforces the schema.
func TestFastCheckStepsAsideForUnknownKeywords(t *testing.T) {
	type in struct {
		N int  `json:"n" schema:"minimum=1"`
		S notX `json:"s,omitempty"`
	}
	e := capability.Define("fast_tool", capability.Options{Group: "G", Summary: "s", Path: "/api/v1/fast"}, func(_ context.Context, v in) (in, error) { return v, nil })
	if e.FastCompiled() {
		t.Fatal("a schema with \"not\" compiled to the fast check")
	}
	for body, ok := range map[string]bool{`{"n":1,"s":"y"}`: true, `{"n":1,"s":"x"}`: false, `{"n":0}`: false} {
		if _, err := e.Decode([]byte(body)); (err == nil) != ok {
			t.Errorf("Decode(%s) err = %v, want ok=%v", body, err, ok)
		}
	}
}

var fastSeeds = []string{
	`{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`,
	`{"propertyValue":0.01,"annualRent":0}`, `{"propertyValue":0.009999999999999999999,"annualRent":0}`,
	`{"propertyValue":0.0100000000000000000001,"annualRent":0}`, `{"propertyValue":1000000000000,"annualRent":1000000000000.0000000001}`,
	`{"propertyValue":1e12,"annualRent":1E12}`, `{"propertyValue":-0,"annualRent":-0.0}`, `{"propertyValue":1,"annualRent":1,"vacancyRatePct":100.00000000000001}`,
	`{"propertyValue":100000,"units":3.0}`, `{"propertyValue":100000,"units":1.0000000000000001}`, `{"propertyValue":100000,"units":10000.0000000000001}`,
	`{"propertyValue":100000,"units":1000000000000000000.0}`, `{"propertyValue":100000,"units":1e4}`, `{"propertyValue":100000,"units":10001}`,
	`{"propertyValue":100000,"assumptions":{"annualRatePct":2,"x":1}}`, `{"propertyValue":100000,"assumptions":{}}`,
	`{"properties":[{"name":"A","propertyValue":1,"annualRent":1},{"name":"B","propertyValue":2,"annualRent":1}]}`,
	`{"properties":[{"name":"","propertyValue":1,"annualRent":1},{"name":"B","propertyValue":2,"annualRent":1}]}`,
	`{"properties":[{"name":"A","propertyValue":1,"annualRent":1}]}`,
}

func checkFast(t *testing.T, entries []capability.Entry, body []byte) (fastValid int) {
	t.Helper()
	for _, e := range entries {
		ok, err := e.FastCheck(body)
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		if ok {
			fastValid++
		}
		if err := e.TypedAgrees(body); err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
	}
	return fastValid
}

// FuzzFastPathsAgree, for every registered capability: whatever the fast
// check calls valid, santhosh calls valid too; whatever json/v2 decodes,
// encoding/json decodes alike.
func FuzzFastPathsAgree(f *testing.F) {
	entries := registered()
	for _, s := range fastSeeds {
		f.Add([]byte(s))
	}
	for _, e := range entries {
		f.Add(e.ExampleBody())
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		checkFast(t, entries, body)
	})
}

// TestFastPathsOnMutatedExamples: the examples with numbers, strings and
// arrays swapped for boundary values and wrong types.
func TestFastPathsOnMutatedExamples(t *testing.T) {
	entries := registered()
	for _, s := range fastSeeds {
		checkFast(t, entries, []byte(s))
	}
	nums := []string{"0", "-0", "-1", "0.01", "0.009", "0.0099999999999999999999", "0.01000000000000000001", "1", "1.5", "3.0", "1e2", "1E-2",
		"100", "100.0000000000001", "200", "1000", "10000", "10001", "1000000000000", "1000000000000.0000001", "999999999999.99999999", "1e12", "1e13", "2.5e-7",
		"1.0000000000000001", "12345678901234567890", `"12.5"`, `"12"`, `"1,5"`, `"abc"`, `""`, `"2026-01-01"`, `"2026-1-1"`, "true", "null", "[]", "{}", `[1]`,
		`"` + strings.Repeat("x", 40) + `"`, `"` + strings.Repeat("x", 41) + `"`, `"` + strings.Repeat("é", 80) + `"`, `"` + strings.Repeat("é", 81) + `"`}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, e := range entries {
		ex := e.ExampleBody()
		// Positions of scalar values in the example: after ':' or '[' or ','.
		var spans [][2]int
		for i := 0; i < len(ex); i++ {
			if ex[i] == ':' || ex[i] == '[' || ex[i] == ',' && i > 0 && ex[i-1] != '}' {
				j := i + 1
				if j < len(ex) && (ex[j] == '{' || ex[j] == '[') {
					continue
				}
				if j < len(ex) && ex[j] == '"' {
					k := bytes.IndexByte(ex[j+1:], '"')
					spans = append(spans, [2]int{j, j + k + 2})
					continue
				}
				k := j
				for k < len(ex) && ex[k] != ',' && ex[k] != '}' && ex[k] != ']' {
					k++
				}
				if k > j {
					spans = append(spans, [2]int{j, k})
				}
			}
		}
		valid := 0
		for n := 0; n < 3000; n++ {
			// One to three values swapped at a time.
			swap := map[int]bool{}
			for k := 1 + rng.IntN(3); k > 0; k-- {
				swap[rng.IntN(len(spans))] = true
			}
			var b []byte
			last := 0
			for i, sp := range spans {
				b = append(b, ex[last:sp[0]]...)
				if swap[i] {
					b = append(b, nums[rng.IntN(len(nums))]...)
				} else {
					b = append(b, ex[sp[0]:sp[1]]...)
				}
				last = sp[1]
			}
			b = append(b, ex[last:]...)
			valid += checkFast(t, []capability.Entry{e}, b)
		}
		// Enough of them valid that the fast check is exercised both ways.
		if valid < 100 || valid > 2900 {
			t.Errorf("%s: %d of 3000 mutated examples proven valid", e.ID, valid)
		}
		t.Logf("%s: %d of 3000 mutated examples proven valid", e.ID, valid)
	}
}
