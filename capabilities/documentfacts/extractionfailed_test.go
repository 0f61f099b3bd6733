package documentfacts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"dalil"
	"dalil/capabilities/documentfacts/read"
)

// An extractor that fails unexpectedly (an error without a code, or a
// panic) answers the reference service's 500 EXTRACTION_FAILED, with a
// message that leaks nothing of the cause; coded errors keep their code,
// and a deadline is DOCUMENT_TIMEOUT {stage: extract}.
func TestExtractionFailed(t *testing.T) {
	secret := "db password hunter2 at /srv/extract.go:42"
	for _, c := range []struct {
		name    string
		extract func(context.Context, *read.Document, Input) (Output, error)
		code    dalil.Code
	}{
		{"error", func(context.Context, *read.Document, Input) (Output, error) { return Output{}, errors.New(secret) }, CodeExtractionFailed},
		{"wrapped error", func(context.Context, *read.Document, Input) (Output, error) {
			return Output{}, fmt.Errorf("patterns: %w", errors.New(secret))
		}, CodeExtractionFailed},
		{"panic", func(context.Context, *read.Document, Input) (Output, error) { panic(secret) }, CodeExtractionFailed},
		{"nil map write", func(context.Context, *read.Document, Input) (Output, error) {
			var m map[string]int
			m[secret]++
			return Output{}, nil
		}, CodeExtractionFailed},
		{"coded", func(context.Context, *read.Document, Input) (Output, error) {
			return Output{}, &dalil.Error{Code: dalil.CodeUnreadableDocument, Message: "unreadable"}
		}, dalil.CodeUnreadableDocument},
		{"deadline", func(context.Context, *read.Document, Input) (Output, error) {
			return Output{}, fmt.Errorf("rules: %w", context.DeadlineExceeded)
		}, dalil.CodeDocumentTimeout},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := Handle(context.Background(), Deps{Extract: c.extract}, Input{Text: "Invoice No: INV-1\nTotal: OMR 5.000"})
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != c.code {
				t.Fatalf("err %v, want code %s", err, c.code)
			}
			if len(out.Facts) != 0 {
				t.Errorf("facts returned with an error: %+v", out.Facts)
			}
			if strings.Contains(de.Message, "hunter2") || de.Details != nil && strings.Contains(fmt.Sprint(de.Details), "hunter2") {
				t.Errorf("the cause leaks into the answer: %+v", de)
			}
			if c.code == CodeExtractionFailed && (!strings.Contains(de.Message, "Nothing was charged") || de.Err == nil) {
				t.Errorf("message %q, cause %v", de.Message, de.Err)
			}
			if c.code == dalil.CodeDocumentTimeout && fmt.Sprint(de.Details) != "map[stage:extract]" {
				t.Errorf("timeout details %v", de.Details)
			}
		})
	}
	// The extractor is reached only for a readable document: a refused one
	// keeps its own code and the extractor is not called.
	called := false
	_, err := Handle(context.Background(), Deps{Extract: func(context.Context, *read.Document, Input) (Output, error) {
		called = true
		return Output{}, nil
	}}, Input{Text: "\f\f"})
	if dalil.ErrorCode(err) != dalil.CodeEmptyDocument || called {
		t.Errorf("empty document: %v, extractor called %v", err, called)
	}
	// The built-in extractor still answers when no replacement is set.
	if out, err := Handle(context.Background(), Deps{}, Input{Text: "Invoice No: INV-1"}); err != nil || len(out.Facts) != 1 {
		t.Errorf("built-in: %v %+v", err, out.Facts)
	}
}
