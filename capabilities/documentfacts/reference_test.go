package documentfacts

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"dalil"
)

// TestReferenceInputErrors: the reference service's document input errors
// (reference-service.md §6 "Errors"), decoded as a request body is: an
// absent document is MISSING_DOCUMENT; an empty text, or one of form feeds
// and white space only, is EMPTY_DOCUMENT; a text over 200,000 characters
// is DOCUMENT_TOO_LARGE {limit: characters, max, actual} (issue 30 item 10).
func TestReferenceInputErrors(t *testing.T) {
	e := Entry(Deps{})
	long := strings.Repeat("é", 200_001) // characters, not bytes
	for _, c := range []struct {
		name, body string
		code       dalil.Code
		details    string // JSON of the details, when checked
	}{
		{"no document", `{}`, dalil.CodeMissingDocument, ""},
		{"empty text", `{"text":""}`, dalil.CodeEmptyDocument, ""},
		{"empty text with a type", `{"text":"","documentType":"contract"}`, dalil.CodeEmptyDocument, ""},
		{"form feeds only", `{"text":"\f\f"}`, dalil.CodeEmptyDocument, ""},
		{"form feeds and white space", `{"text":"\f \n\t\f\r"}`, dalil.CodeEmptyDocument, ""},
		{"empty text and a URL", `{"text":"","documentUrl":"https://a.example/x.pdf"}`, dalil.CodeConflictingDocumentSources, ""},
		{"both sources", `{"text":"x","documentUrl":"https://a.example/x.pdf"}`, dalil.CodeConflictingDocumentSources, ""},
		{"http URL", `{"documentUrl":"http://a.example/x.pdf"}`, dalil.CodeInvalidURL, ""},
		{"text over the limit", `{"text":` + strconv.Quote(long) + `}`, dalil.CodeDocumentTooLarge,
			`{"limit":"characters","max":200000,"actual":200001}`},
		{"requested_only alone", `{"text":"x","mode":"requested_only"}`, dalil.CodeInvalidInput, ""},
		{"unknown field", `{"text":"x","colour":1}`, dalil.CodeInvalidInput, ""},
		{"not JSON", `{"text":`, dalil.CodeInvalidJSON, ""},
	} {
		_, err := e.Decode([]byte(c.body))
		if got := dalil.ErrorCode(err); got != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
			continue
		}
		if c.details != "" {
			var de *dalil.Error
			if !errors.As(err, &de) {
				t.Fatalf("%s: %T", c.name, err)
			}
			b, _ := json.Marshal(de.Details)
			if string(b) != c.details {
				t.Errorf("%s: details %s, want %s", c.name, b, c.details)
			}
		}
	}
	// Exactly 200,000 characters is read.
	if _, err := e.Decode([]byte(`{"text":` + strconv.Quote(long[:len(long)-len("é")]) + `}`)); err != nil {
		t.Errorf("200,000 characters: %v", err)
	}
}
