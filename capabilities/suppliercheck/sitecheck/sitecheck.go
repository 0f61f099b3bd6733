// Package sitecheck inspects a supplier's website for oman_supplier_check
// (suppliercheck.WebsiteInspector) through internal/safehttp, the one
// SSRF-checked client for URLs a caller gave: https only, every address
// checked at connect time, at most 3 redirects, time and size bounds. It
// reads the page's title, visible text, email addresses and phone
// numbers; it never runs scripts or follows links.
package sitecheck

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strings"

	"dalil/capabilities/suppliercheck"
	"dalil/internal/htmltext"
	"dalil/internal/safehttp"

	"github.com/nyaruka/phonenumbers"
)

// maxText bounds the visible text kept for the checks.
const maxText = 16 << 10

// Inspector implements suppliercheck.WebsiteInspector.
type Inspector struct{ client *safehttp.Client }

var _ suppliercheck.WebsiteInspector = (*Inspector)(nil)

// New returns an inspector over client (safehttp.New with the production
// policy in dalil serve; tests pass safehttptest's).
func New(client *safehttp.Client) *Inspector { return &Inspector{client: client} }

// Inspect fetches rawURL. A URL the client refuses (plain http, a private
// address, a port not allowed) is a Website with Refused set and no
// error; a site that cannot be reached (DNS, TLS, timeout) is an error,
// which the check reports as unavailable.
func (in *Inspector) Inspect(ctx context.Context, rawURL string) (suppliercheck.Website, error) {
	resp, err := in.client.Get(ctx, rawURL)
	if err != nil {
		var se *safehttp.Error
		if errors.As(err, &se) && (se.Code == safehttp.CodeNotAllowed || se.Code == safehttp.CodeInvalidURL || se.Code == safehttp.CodeTooManyRedirects) {
			return suppliercheck.Website{Refused: strings.TrimSuffix(se.Message, "."), Insecure: strings.Contains(se.Message, "Only https")}, nil
		}
		if se != nil {
			return suppliercheck.Website{}, errors.New(strings.TrimSuffix(se.Message, "."))
		}
		return suppliercheck.Website{}, errors.New("the website could not be fetched")
	}
	w := suppliercheck.Website{FinalURL: resp.FinalURL, Status: resp.Status, Reachable: resp.OK()}
	if u, err := url.Parse(resp.FinalURL); err == nil {
		w.FinalDomain = strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
		w.HTTPS = u.Scheme == "https"
	}
	if !w.Reachable || !strings.HasPrefix(resp.ContentType, "text/html") && !strings.HasPrefix(resp.ContentType, "text/plain") {
		return w, nil
	}
	w.Title, w.Text = extract(resp.Body)
	w.Emails = emails(w.Text + " " + string(mailtos(resp.Body)))
	w.Phones = phones(w.Text)
	return w, nil
}

// extract returns an HTML page's title and visible text on one line
// (htmltext.Page: scripts, styles and templates left out; navigation and
// buttons kept, where contact details often are; every tag ends a word),
// the title first, at most maxText bytes.
func extract(body []byte) (title, text string) { return htmltext.Page(body, maxText) }

var mailtoPattern = regexp.MustCompile(`(?i)mailto:([^"'?\s>]+)`)

func mailtos(body []byte) []byte {
	var out []byte
	for _, m := range mailtoPattern.FindAllSubmatch(body, 20) {
		out = append(out, m[1]...)
		out = append(out, ' ')
	}
	return out
}

var emailPattern = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`)

func emails(text string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, e := range emailPattern.FindAllString(text, 50) {
		e = strings.ToLower(e)
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}

var phonePattern = regexp.MustCompile(`(?:\+|00)?[0-9][0-9 ().\-]{6,18}[0-9]`)

// phones lists the phone numbers in text that parse (Oman by default), in
// E.164.
func phones(text string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, p := range phonePattern.FindAllString(text, 50) {
		if strings.HasPrefix(p, "00") {
			p = "+" + p[2:]
		}
		n, err := phonenumbers.Parse(p, "OM")
		if err != nil || !phonenumbers.IsValidNumber(n) {
			continue
		}
		e := phonenumbers.Format(n, phonenumbers.E164)
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}
