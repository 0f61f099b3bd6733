// Package docfetch implements documentfacts.Fetcher with internal/safehttp:
// every SSRF and size rule of safehttp applies to document URLs.
package docfetch

import (
	"context"
	"errors"
	"fmt"

	"dalil/capabilities/documentfacts"
	"dalil/internal/safehttp"
)

// Fetcher is a documentfacts.Fetcher over a safehttp.Client.
type Fetcher struct{ c *safehttp.Client }

// New returns a Fetcher with the given client options (zero value: the
// production policy, 15 s and 10 MiB).
func New(o safehttp.Options) *Fetcher { return &Fetcher{c: safehttp.New(o)} }

// Fetch downloads url; a non-2xx answer is a FetchHTTPStatus error.
func (f *Fetcher) Fetch(ctx context.Context, url string) (*documentfacts.Download, error) {
	resp, err := f.c.Get(ctx, url)
	if err != nil {
		var se *safehttp.Error
		if !errors.As(err, &se) {
			return nil, &documentfacts.FetchError{Kind: documentfacts.FetchFailed, Message: "The URL could not be fetched.", Err: err}
		}
		fe := &documentfacts.FetchError{Message: se.Message, Err: err, Limit: se.Limit}
		switch se.Code {
		case safehttp.CodeInvalidURL:
			fe.Kind = documentfacts.FetchInvalidURL
		case safehttp.CodeNotAllowed:
			fe.Kind = documentfacts.FetchNotAllowed
		case safehttp.CodeTimeout:
			fe.Kind = documentfacts.FetchTimeout
		case safehttp.CodeTooLarge:
			fe.Kind = documentfacts.FetchTooLarge
		default: // FETCH_FAILED, TOO_MANY_REDIRECTS
			fe.Kind = documentfacts.FetchFailed
		}
		return nil, fe
	}
	if !resp.OK() {
		return nil, &documentfacts.FetchError{Kind: documentfacts.FetchHTTPStatus, UpstreamStatus: resp.Status,
			Message: fmt.Sprintf("The URL answered HTTP %d.", resp.Status)}
	}
	return &documentfacts.Download{FinalURL: resp.FinalURL, ContentType: resp.DeclaredType, Body: resp.Body}, nil
}
