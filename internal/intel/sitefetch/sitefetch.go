// Package sitefetch is intel.Website over internal/safehttp, the one
// SSRF-checked client for URLs a caller gave: https only, every address
// checked at connect time, at most 3 redirects, time and size bounds
// (the website_fetch provider of dalil serve, DALIL_WEBSITE_FETCH). A page
// is read as text by internal/htmltext; scripts never run and links are
// never followed.
package sitefetch

import (
	"context"
	"errors"
	"strings"

	"dalil/internal/htmltext"
	"dalil/internal/intel"
	"dalil/internal/safehttp"
)

// MaxText bounds the text kept of one page.
const MaxText = 50_000

// Fetcher implements intel.Website.
type Fetcher struct{ c *safehttp.Client }

var _ intel.Website = (*Fetcher)(nil)

// New returns a fetcher over client (safehttp.New with the configured
// fetch policy in dalil serve; tests pass safehttptest's).
func New(client *safehttp.Client) *Fetcher { return &Fetcher{c: client} }

// Name names the port in answers.
func (*Fetcher) Name() string { return "website" }

// Fetch gets url and returns its title and its visible text on one line,
// the title first (htmltext.Page: scripts, styles and templates dropped,
// entities decoded, navigation and buttons kept, every tag ending a
// word, at most MaxText bytes). A body that is not text/* gives
// a page without text. A timeout is intel.ErrTimeout; a URL the policy
// refuses (not a public internet address, not a valid web address)
// intel.ErrRefused, with nothing fetched; any other failure
// intel.ErrUnavailable.
func (f *Fetcher) Fetch(ctx context.Context, url string) (intel.Page, error) {
	r, err := f.c.Get(ctx, url)
	if err != nil {
		switch safehttp.CodeOf(err) {
		case safehttp.CodeTimeout:
			return intel.Page{}, errors.Join(intel.ErrTimeout, err)
		case safehttp.CodeNotAllowed, safehttp.CodeInvalidURL:
			return intel.Page{}, errors.Join(intel.ErrRefused, err)
		}
		return intel.Page{}, errors.Join(intel.ErrUnavailable, err)
	}
	p := intel.Page{URL: url, FinalURL: r.FinalURL, Status: r.Status}
	if !strings.HasPrefix(r.ContentType, "text/") {
		return p, nil
	}
	p.Title, p.Text = htmltext.Page(r.Body, MaxText)
	return p, nil
}
