package capability_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"dalil"
	"dalil/capabilities/maintenance"
	"dalil/capabilities/property"
	"dalil/capability"

	"github.com/google/go-cmp/cmp"
)

func problems(t *testing.T, err error) []dalil.Problem {
	t.Helper()
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput {
		t.Fatalf("err = %v, want INVALID_INPUT", err)
	}
	ps, ok := de.Details.([]dalil.Problem)
	if !ok {
		t.Fatalf("details = %T, want []Problem", de.Details)
	}
	return ps
}

func TestDecodeRefusesWhatJSONAccepts(t *testing.T) {
	e := property.AnalyzeEntry()
	tests := []struct {
		name string
		body string
		want []dalil.Problem
	}{
		{"duplicate key", `{"propertyValue":1,"annualRent":1,"annualRent":2}`, []dalil.Problem{{Path: "annualRent", Message: `duplicate key "annualRent"`}}},
		{"trailing value", `{"propertyValue":1,"annualRent":1} {}`, []dalil.Problem{{Path: "", Message: "the body must hold exactly one JSON value"}}},
		{"scalar root", `123`, []dalil.Problem{{Path: "", Message: "must be object, not number"}}},
		{"array root", `[]`, []dalil.Problem{{Path: "", Message: "must be object, not array"}}},
		{"number beyond float64", `{"propertyValue":1e400,"annualRent":1}`, []dalil.Problem{{Path: "propertyValue", Message: "number is out of range"}}},
		{"empty body", ``, []dalil.Problem{{Path: "", Message: "malformed JSON: the body ends too early"}}},
		{"truncated", `{"propertyValue":1,`, []dalil.Problem{{Path: "", Message: "malformed JSON: the body ends too early"}}},
		{"nested unknown named", `{"propertyValue":1,"annualRent":1,"x":{"y":1}}`, []dalil.Problem{{Path: "x", Message: "unknown field; remove it (see the published input schema)"}}},
		// Refused since the jsontext parser (docs/decisions.md); encoding/json
		// replaced both with U+FFFD.
		{"invalid UTF-8", "{\"propertyValue\":1,\"annualRent\":1,\"x\":\"a\xff\"}", []dalil.Problem{{Path: "x", Message: "malformed JSON at byte 40: invalid UTF-8"}}},
		{"lone surrogate", `{"propertyValue":1,"annualRent":1,"x":"\ud800"}`, []dalil.Problem{{Path: "x", Message: "malformed JSON at byte 39: invalid surrogate pair `\\ud800\"}` in string"}}},
		{"malformed at an offset", `{"propertyValue":x}`, []dalil.Problem{{Path: "propertyValue", Message: "malformed JSON at byte 17: invalid character 'x' at start of value"}}},
		{"malformed in an array", `{"a":[1,2,}`, []dalil.Problem{{Path: "a.2", Message: "malformed JSON at byte 9: invalid character ',' at start of value"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.Decode([]byte(tc.body))
			if diff := cmp.Diff(tc.want, problems(t, err)); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeDeepNestingIsRefused(t *testing.T) {
	e := property.AnalyzeEntry()
	body := `{"propertyValue":1,"annualRent":1,"x":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`
	ps := problems(t, func() error { _, err := e.Decode([]byte(body)); return err }())
	if len(ps) != 1 || !strings.Contains(ps[0].Message, "nesting deeper") {
		t.Errorf("problems = %v", ps)
	}
}

func TestDecodeReturnsTypedInput(t *testing.T) {
	e := maintenance.Entry()
	in, err := e.Decode([]byte(`{"propertyValue":100000,"units":3.0,"assumptions":{"annualRatePct":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	got := in.(maintenance.Input)
	if *got.Units != 3 || *got.Assumptions.AnnualRatePct != 2 || got.AgeYears != nil {
		t.Errorf("decoded %+v", got)
	}
	out, err := e.Run(context.Background(), in)
	if err != nil || out.(maintenance.Output).EstimatedAnnualMaintenance != 2070 {
		t.Errorf("Run = %+v, %v", out, err)
	}
}

// FuzzDecode: no byte string makes Decode panic, hang or fail with
// anything but INVALID_INPUT.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"propertyValue":85000,"annualRent":7200}`,
		`{"properties":[{"name":"A","propertyValue":1,"annualRent":1},{"name":"B","propertyValue":2,"annualRent":1}]}`,
		`{"propertyValue":1e400}`, `{"a":1,"a":2}`, `[[[[[[`, `"\ud800"`, `{"propertyValue":-0,"annualRent":1E-400}`,
		"\xff\xfe", `{"propertyValue":1,"annualRent":1,"maintenance":1,"maintenanceCost":1}`, `null`, ``,
	} {
		f.Add([]byte(s))
	}
	entries := []capability.Entry{property.AnalyzeEntry(), property.CompareEntry(), maintenance.Entry()}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, e := range entries {
			in, err := e.Decode(body)
			if err != nil {
				var de *dalil.Error
				if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput {
					t.Fatalf("%s: Decode(%q) = %v, want INVALID_INPUT", e.ID, body, err)
				}
				continue
			}
			if _, err := e.Run(context.Background(), in); err != nil {
				t.Fatalf("%s: Run after a valid decode failed: %v", e.ID, err)
			}
		}
	})
}

func TestIntegersMustBeWholeInDecimal(t *testing.T) {
	e := maintenance.Entry()
	for body, ok := range map[string]bool{
		`{"propertyValue":100000,"units":3.0}`:                true,
		`{"propertyValue":100000,"units":3.000}`:              true,
		`{"propertyValue":100000,"units":3e0}`:                true,
		`{"propertyValue":100000,"units":0.3e1}`:              true,
		`{"propertyValue":100000,"units":300e-2}`:             true,
		`{"propertyValue":100000,"units":1.0000000000000001}`: false,
		`{"propertyValue":100000,"units":3.5}`:                false,
		`{"propertyValue":100000,"units":301e-2}`:             false,
	} {
		if _, err := e.Decode([]byte(body)); (err == nil) != ok {
			t.Errorf("Decode(%s) err = %v, want ok=%v", body, err, ok)
		}
	}
}

func TestOutOfRangeNumbersDoNotHideOtherProblems(t *testing.T) {
	e := maintenance.Entry()
	_, err := e.Decode([]byte(`{"propertyValue":1e400,"ageYears":"x","zz":1}`))
	var paths []string
	for _, p := range problems(t, err) {
		paths = append(paths, p.Path)
	}
	if got := strings.Join(paths, ","); got != "ageYears,propertyValue,zz" {
		t.Errorf("paths = %s, want every problem", got)
	}
}

// Decode is called from many requests at once; its pooled parsers must
// not leak one body into another (run with -race).
func TestDecodeConcurrently(t *testing.T) {
	e := property.AnalyzeEntry()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				v := 1000 + g*1000 + i
				body := fmt.Sprintf(`{"propertyValue":%d,"annualRent":%d}`, v, i)
				in, err := e.Decode([]byte(body))
				if err != nil {
					t.Error(err)
					return
				}
				if got := fmt.Sprintf("%+v", in); !strings.Contains(got, fmt.Sprint(v)) {
					t.Errorf("Decode(%s) = %s", body, got)
					return
				}
				if _, err := e.Decode([]byte(`{"propertyValue":1,"annualRent":1,"a":1,"a":2}`)); err == nil {
					t.Error("duplicate key accepted")
					return
				}
			}
		}()
	}
	wg.Wait()
}
