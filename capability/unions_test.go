package capability_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"dalil"
	"dalil/capability"

	"github.com/google/go-cmp/cmp"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// unionAmount is a number or a decimal string, as an invoice amount.
type unionAmount string

func (unionAmount) JSONSchema() string { return `{"type":["number","string"],"maxLength":40}` }

func (a *unionAmount) UnmarshalJSON(b []byte) error {
	*a = unionAmount(bytes.Trim(b, `"`))
	return nil
}

// unionFlag is a boolean or a word, as a vehicle's accident history.
type unionFlag struct{ text string }

func (unionFlag) JSONSchema() string {
	return `{"type":["boolean","string"],"minLength":1,"maxLength":10,"description":"false, true or a word."}`
}

func (f *unionFlag) UnmarshalJSON(b []byte) error {
	f.text = string(b)
	return nil
}

type unionInput struct {
	Amount  unionAmount   `json:"amount" schema:"minimum=0,maximum=100"`
	Flag    unionFlag     `json:"flag,omitempty"`
	Amounts []unionAmount `json:"amounts,omitempty" schema:"maxItems=3"`
}

// unionListSchema is unionInput's schema with its unions written as type
// lists, as they were published before they became oneOf: what Decode
// accepted then.
const unionListSchema = `{"type":"object","additionalProperties":false,"required":["amount"],"properties":{
	"amount":{"type":["number","string"],"maxLength":40,"minimum":0,"maximum":100},
	"flag":{"type":["boolean","string"],"minLength":1,"maxLength":10},
	"amounts":{"type":"array","maxItems":3,"items":{"type":["number","string"],"maxLength":40}}}}`

func unionEntry() capability.Entry {
	return capability.Define("union_tool", capability.Options{Group: "G", Summary: "s", Path: "/api/v1/union"},
		func(_ context.Context, v unionInput) (unionInput, error) { return v, nil })
}

// A union of JSON types is published as a oneOf of one schema per type,
// each with its own keywords, so that client generators that cannot read
// a type list (oapi-codegen) can read it.
func TestUnionsArePublishedAsOneOf(t *testing.T) {
	e := unionEntry()
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(e.InputJSON, &s); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"amount":  `{"oneOf":[{"type":"number","maximum":100,"minimum":0},{"type":"string","maxLength":40}]}`,
		"flag":    `{"description":"false, true or a word.","oneOf":[{"type":"boolean"},{"type":"string","maxLength":10,"minLength":1}]}`,
		"amounts": `{"type":"array","items":{"oneOf":[{"type":"number"},{"type":"string","maxLength":40}]},"maxItems":3}`,
	}
	for name, w := range want {
		var got, wantV any
		if err := json.Unmarshal(s.Properties[name], &got); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(w), &wantV); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(wantV, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	if bytes.Contains(e.InputJSON, []byte(`"type":[`)) {
		t.Errorf("a type list is left: %s", e.InputJSON)
	}
}

// Decode accepts exactly what the type-list schema accepted, and words
// its problems as it did: a value of neither type is "number or string",
// and a value of one type hears only that type's rules.
func TestUnionsDecodeAsTypeLists(t *testing.T) {
	e := unionEntry()
	if !e.FastCompiled() {
		t.Error("the union schema did not compile to the fast check")
	}
	doc, err := santhosh.UnmarshalJSON(strings.NewReader(unionListSchema))
	if err != nil {
		t.Fatal(err)
	}
	c := santhosh.NewCompiler()
	c.DefaultDraft(santhosh.Draft2020)
	if err := c.AddResource("zz:///list.json", doc); err != nil {
		t.Fatal(err)
	}
	list, err := c.Compile("zz:///list.json")
	if err != nil {
		t.Fatal(err)
	}
	long := `"` + strings.Repeat("1", 41) + `"`
	tests := []struct {
		body string
		want []dalil.Problem // nil: accepted
	}{
		{`{"amount":5}`, nil},
		{`{"amount":"5.50"}`, nil},
		{`{"amount":0,"flag":false}`, nil},
		{`{"amount":100,"flag":"repaired","amounts":[1,"2.5"]}`, nil},
		{`{"amount":"1000"}`, nil}, // the string's bounds are checked elsewhere, as before
		{`{"amount":101}`, []dalil.Problem{{Path: "amount", Message: "must be at most 100"}}},
		{`{"amount":-1}`, []dalil.Problem{{Path: "amount", Message: "must be at least 0"}}},
		{`{"amount":` + long + `}`, []dalil.Problem{{Path: "amount", Message: "must be at most 40 characters long"}}},
		{`{"amount":true}`, []dalil.Problem{{Path: "amount", Message: "must be number or string, not boolean"}}},
		{`{"amount":null}`, []dalil.Problem{{Path: "amount", Message: "must be number or string, not null"}}},
		{`{"amount":{"v":1}}`, []dalil.Problem{{Path: "amount", Message: "must be number or string, not object"}}},
		{`{"amount":1,"flag":3}`, []dalil.Problem{{Path: "flag", Message: "must be boolean or string, not number"}}},
		{`{"amount":1,"flag":""}`, []dalil.Problem{{Path: "flag", Message: "must be at least 1 characters long"}}},
		{`{"amount":1,"flag":"much too long"}`, []dalil.Problem{{Path: "flag", Message: "must be at most 10 characters long"}}},
		{`{"amount":200,"flag":[],"amounts":[1,[],` + long + `]}`, []dalil.Problem{
			{Path: "amount", Message: "must be at most 100"},
			{Path: "amounts.1", Message: "must be number or string, not array"},
			{Path: "amounts.2", Message: "must be at most 40 characters long"},
			{Path: "flag", Message: "must be boolean or string, not array"},
		}},
	}
	for _, tc := range tests {
		inst, err := santhosh.UnmarshalJSON(strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		listOK := list.Validate(inst) == nil
		_, err = e.Decode([]byte(tc.body))
		if (err == nil) != listOK || (err == nil) != (tc.want == nil) {
			t.Errorf("Decode(%s) = %v; the type-list schema accepts it: %v; want accepted: %v", tc.body, err, listOK, tc.want == nil)
			continue
		}
		if _, ferr := e.FastCheck([]byte(tc.body)); ferr != nil {
			t.Error(ferr)
		}
		if tc.want == nil {
			continue
		}
		if diff := cmp.Diff(tc.want, problems(t, err)); diff != "" {
			t.Errorf("Decode(%s) problems (-want +got):\n%s", tc.body, diff)
		}
	}
}
