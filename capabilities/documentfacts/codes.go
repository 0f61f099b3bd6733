package documentfacts

import (
	"context"
	"errors"
	"fmt"

	"dalil"
	"dalil/capabilities/documentfacts/read"
)

const notCharged = " Nothing was charged."

// CodeExtractionFailed is the reference service's 500 for an unexpected
// failure of reading or extraction; never charged.
const CodeExtractionFailed = dalil.CodeExtractionFailed

// extractionFailed keeps errors that have a code (and DOCUMENT_TIMEOUT for
// a deadline reached while extracting); any other error becomes
// EXTRACTION_FAILED with the cause kept for the log only.
func extractionFailed(err error) error {
	var de *dalil.Error
	switch {
	case err == nil, errors.As(err, &de):
		return err
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return &dalil.Error{Code: dalil.CodeDocumentTimeout, Message: "Extracting the facts took too long." + notCharged,
			Details: map[string]any{"stage": "extract"}, Err: err}
	}
	return &dalil.Error{Code: CodeExtractionFailed, Message: "The document could not be processed because of an unexpected failure." + notCharged + " Retry shortly.", Err: err}
}

// TooLargeDetails are DOCUMENT_TOO_LARGE's details.
type TooLargeDetails struct {
	Limit  string `json:"limit"` // pages, characters or bytes
	Max    int64  `json:"max"`
	Actual *int64 `json:"actual,omitempty"`
}

// readError maps a reader failure to the reference service's codes.
func readError(err error) error {
	var re *read.Error
	if !errors.As(err, &re) {
		return err
	}
	switch re.Kind {
	case read.KindTooLarge:
		d := TooLargeDetails{Limit: re.Limit, Max: re.Max}
		if re.Actual >= 0 {
			a := re.Actual
			d.Actual = &a
		}
		return &dalil.Error{Code: dalil.CodeDocumentTooLarge, Message: re.Message + notCharged, Details: d, Err: err}
	case read.KindUnsupported:
		return &dalil.Error{Code: dalil.CodeUnsupportedFormat, Message: re.Message + notCharged,
			Details: map[string]any{"detected": re.Detected, "supported": read.Supported}, Err: err}
	case read.KindEmpty:
		return &dalil.Error{Code: dalil.CodeEmptyDocument, Message: re.Message + notCharged, Err: err}
	case read.KindTimeout:
		return &dalil.Error{Code: dalil.CodeDocumentTimeout, Message: re.Message + notCharged, Details: map[string]any{"stage": "parse"}, Err: err}
	}
	return &dalil.Error{Code: dalil.CodeUnreadableDocument, Message: re.Message + notCharged, Err: err}
}

// fetchError maps a Fetcher failure.
func fetchError(err error) error {
	var fe *FetchError
	if !errors.As(err, &fe) {
		return &dalil.Error{Code: dalil.CodeDocumentFetchFailed, Message: "The document URL could not be fetched." + notCharged, Err: err}
	}
	switch fe.Kind {
	case FetchInvalidURL:
		return &dalil.Error{Code: dalil.CodeInvalidURL, Message: fe.Message + notCharged, Details: []dalil.Problem{{Path: "documentUrl", Message: fe.Message}}, Err: err}
	case FetchNotAllowed:
		return &dalil.Error{Code: dalil.CodeInvalidURL, Message: "The document URL is not fetched: " + fe.Message + notCharged,
			Details: []dalil.Problem{{Path: "documentUrl", Message: "not allowed: " + fe.Message}}, Err: err}
	case FetchTimeout:
		return &dalil.Error{Code: dalil.CodeDocumentTimeout, Message: fe.Message + notCharged, Details: map[string]any{"stage": "fetch"}, Err: err}
	case FetchTooLarge:
		return &dalil.Error{Code: dalil.CodeDocumentTooLarge, Message: fe.Message + notCharged, Details: TooLargeDetails{Limit: "bytes", Max: fe.Limit}, Err: err}
	case FetchHTTPStatus:
		return &dalil.Error{Code: dalil.CodeDocumentFetchFailed, Message: fmt.Sprintf("The document URL answered HTTP %d.", fe.UpstreamStatus) + notCharged,
			Details: map[string]any{"upstreamStatus": fe.UpstreamStatus}, Err: err}
	}
	return &dalil.Error{Code: dalil.CodeDocumentFetchFailed, Message: fe.Message + notCharged, Details: map[string]any{"upstreamStatus": nil}, Err: err}
}
