package capability_test

import (
	"context"
	"errors"
	"testing"

	"dalil"
	"dalil/capabilities/property"
	"dalil/capability"

	"github.com/google/go-cmp/cmp"
)

// codedInput answers a bad "when" with INVALID_DATE, as an ErrorValidator.
type codedInput struct {
	When  string `json:"when,omitempty" schema:"maxLength=20"`
	Count int    `json:"count,omitempty" schema:"minimum=0"`
}

func (in codedInput) ValidateError() *dalil.Error {
	if in.When == "" || in.When == "2026-01-01" {
		return nil
	}
	p := dalil.Problem{Path: "when", Message: "is not a date"}
	return &dalil.Error{Code: dalil.CodeInvalidDate, Message: "when is not a date.", Details: capability.FieldErrors{Path: "when", Problems: []dalil.Problem{p}}}
}

func codedEntry(code dalil.Code) capability.Entry {
	return capability.Define("coded_input_test", capability.Options{Group: "Test", Summary: "s", Path: "/api/v1/test/coded", Price: 1,
		MalformedJSONCode: code},
		func(context.Context, codedInput) (struct{}, error) { return struct{}{}, nil })
}

// TestMalformedJSONCode: a body that is not JSON answers the declared code
// (and INVALID_INPUT without one), marked ErrMalformedJSON either way; what
// is well-formed JSON keeps INVALID_INPUT.
func TestMalformedJSONCode(t *testing.T) {
	declared, plain := codedEntry(dalil.CodeInvalidJSON), property.AnalyzeEntry()
	for _, body := range []string{`{"when":`, `{"when":"x",}`, `when=1`, `{} {}`, ``, "{\"when\":\"\xff\"}", `{when:1}`, `[1 2]`} {
		_, err := declared.Decode([]byte(body))
		var de *dalil.Error
		if !errors.As(err, &de) || de.Code != dalil.CodeInvalidJSON || !errors.Is(err, capability.ErrMalformedJSON) {
			t.Errorf("%q: err = %v, want INVALID_JSON", body, err)
		}
		if _, ok := de.Details.([]dalil.Problem); !ok {
			t.Errorf("%q: details = %#v", body, de.Details)
		}
		_, err = plain.Decode([]byte(body))
		if dalil.ErrorCode(err) != dalil.CodeInvalidInput || !errors.Is(err, capability.ErrMalformedJSON) {
			t.Errorf("%q on a capability without the option: err = %v, want INVALID_INPUT", body, err)
		}
	}
	for _, body := range []string{`{"when":"a","when":"b"}`, `{"count":1e400}`, `{"count":-1}`, `[]`, `123`} {
		_, err := declared.Decode([]byte(body))
		if dalil.ErrorCode(err) != dalil.CodeInvalidInput || errors.Is(err, capability.ErrMalformedJSON) {
			t.Errorf("%q: err = %v, want INVALID_INPUT not marked malformed", body, err)
		}
	}
}

// TestErrorValidator: an input's own code is answered when the schema
// passed; when it did not, its problems join the INVALID_INPUT list for
// the values the schema did not refuse.
func TestErrorValidator(t *testing.T) {
	e := codedEntry("")
	if _, err := e.Decode([]byte(`{"when":"2026-01-01"}`)); err != nil {
		t.Fatalf("valid body: %v", err)
	}
	_, err := e.Decode([]byte(`{"when":"soon"}`))
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodeInvalidDate || de.Details.(capability.FieldErrors).Path != "when" {
		t.Fatalf("err = %v, want INVALID_DATE at when", err)
	}
	for _, tt := range []struct {
		body string
		want []dalil.Problem
	}{
		{`{"when":"soon","count":-1}`, []dalil.Problem{{Path: "count", Message: "must be at least 0"}, {Path: "when", Message: "is not a date"}}},
		{`{"when":"soon","extra":1}`, []dalil.Problem{{Path: "extra", Message: "unknown field; remove it (see the published input schema)"}, {Path: "when", Message: "is not a date"}}},
		// The refused value itself is not judged again.
		{`{"when":"a very long value of more than twenty characters"}`, []dalil.Problem{{Path: "when", Message: "must be at most 20 characters long"}}},
	} {
		_, err := e.Decode([]byte(tt.body))
		if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput {
			t.Fatalf("%s: err = %v, want INVALID_INPUT", tt.body, err)
		}
		if diff := cmp.Diff(tt.want, de.Details); diff != "" {
			t.Errorf("%s: problems (-want +got):\n%s", tt.body, diff)
		}
	}
}
