package documentfacts

import "context"

// Fetcher downloads a caller-supplied URL; cmd/dalil wires the safehttp
// adapter (package docfetch). It never follows links found in documents.
type Fetcher interface {
	Fetch(ctx context.Context, url string) (*Download, error)
}

// Download is a fetched document.
type Download struct {
	FinalURL    string // after redirects
	ContentType string // as declared by the server (the bytes decide)
	Body        []byte
}

// FetchError is how a Fetcher reports a refused or failed download.
type FetchError struct {
	Kind FetchErrorKind
	// Message is safe to show the caller.
	Message string
	// UpstreamStatus is the server's HTTP status for FetchHTTPStatus.
	UpstreamStatus int
	// Limit is the byte limit for FetchTooLarge.
	Limit int64
	Err   error
}

// FetchErrorKind classifies a FetchError.
type FetchErrorKind string

const (
	FetchInvalidURL FetchErrorKind = "invalid_url" // malformed, not https, credentials
	FetchNotAllowed FetchErrorKind = "not_allowed" // a non-public address, reserved name, port, redirect to one
	FetchFailed     FetchErrorKind = "failed"      // DNS, connection, TLS, too many redirects
	FetchTimeout    FetchErrorKind = "timeout"
	FetchTooLarge   FetchErrorKind = "too_large"
	FetchHTTPStatus FetchErrorKind = "http_status" // a non-2xx answer
)

func (e *FetchError) Error() string {
	if e.Err != nil {
		return string(e.Kind) + ": " + e.Message + ": " + e.Err.Error()
	}
	return string(e.Kind) + ": " + e.Message
}

func (e *FetchError) Unwrap() error { return e.Err }
