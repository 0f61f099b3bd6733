package documentfacts

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"dalil"
)

// MaxTextChars bounds the text a caller sends (the reference's 200,000).
const MaxTextChars = 200_000

// MaxURLBytes is the longest documentUrl accepted, in bytes.
const MaxURLBytes = 2048

// ValidateError applies the rules the schema cannot state, with the
// reference service's codes.
func (in Input) ValidateError() *dalil.Error {
	hasURL, hasText := in.DocumentURL != "", in.Text != "" || in.textSent
	switch {
	case hasURL && hasText:
		return &dalil.Error{Code: dalil.CodeConflictingDocumentSources, Message: "Send either documentUrl or text, not both." + notCharged,
			Details: []dalil.Problem{{Path: "documentUrl", Message: "conflicts with text"}}}
	case !hasURL && !hasText:
		return &dalil.Error{Code: dalil.CodeMissingDocument, Message: "Send the document as documentUrl (https) or as text." + notCharged,
			Details: []dalil.Problem{{Path: "", Message: "one of documentUrl and text is required"}}}
	case hasText && strings.TrimSpace(strings.ReplaceAll(in.Text, "\f", "")) == "":
		return &dalil.Error{Code: dalil.CodeEmptyDocument, Message: "The text is empty." + notCharged,
			Details: []dalil.Problem{{Path: "text", Message: "contains no text"}}}
	case hasText && utf8.RuneCountInString(in.Text) > MaxTextChars:
		n := int64(utf8.RuneCountInString(in.Text))
		return &dalil.Error{Code: dalil.CodeDocumentTooLarge,
			Message: fmt.Sprintf("The text has %d characters; at most %d are read.", n, MaxTextChars) + notCharged,
			Details: TooLargeDetails{Limit: "characters", Max: MaxTextChars, Actual: &n}}
	case len(in.DocumentURL) > MaxURLBytes:
		// Checked here, not by a schema maxLength: that counts characters,
		// and a value it refuses is dropped before these rules run, which
		// then found no document.
		return &dalil.Error{Code: dalil.CodeInvalidURL, Message: fmt.Sprintf("documentUrl is %d bytes; at most %d.", len(in.DocumentURL), MaxURLBytes) + notCharged,
			Details: []dalil.Problem{{Path: "documentUrl", Message: fmt.Sprintf("at most %d bytes", MaxURLBytes)}}}
	case hasURL && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(in.DocumentURL)), "https://"):
		return &dalil.Error{Code: dalil.CodeInvalidURL, Message: "documentUrl must be an https URL." + notCharged,
			Details: []dalil.Problem{{Path: "documentUrl", Message: "must start with https://"}}}
	}
	var ps []dalil.Problem
	if in.Mode == "requested_only" && len(in.RequestedFacts) == 0 {
		ps = append(ps, dalil.Problem{Path: "requestedFacts", Message: "mode requested_only needs at least one requested fact"})
	}
	for i, r := range in.RequestedFacts {
		if n := utf8.RuneCountInString(strings.TrimSpace(r)); n < 2 || n > 200 {
			ps = append(ps, dalil.Problem{Path: fmt.Sprintf("requestedFacts.%d", i), Message: "must be 2 to 200 characters"})
		}
	}
	for i, t := range in.FactTypes {
		if !slices.Contains(FactTypes, t) {
			ps = append(ps, dalil.Problem{Path: fmt.Sprintf("factTypes.%d", i), Message: "must be one of " + strings.Join(FactTypes, ", ")})
		}
	}
	if len(ps) > 0 {
		return dalil.InvalidInput(ps...)
	}
	return nil
}
