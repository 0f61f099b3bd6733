// Package websearch holds Dalil's web search clients: the Brave Search API
// and Tavily, each speaking its vendor's documented wire format, both
// normalised to one Result {Title, URL, Snippet, Published, Source}.
//
// Each client is off until configured: NewBrave and NewTavily return nil
// without an API key, and every method of a nil client returns an error
// matching client.ErrNotConfigured without any network call. Calls go
// through provider/client (timeouts, retries with backoff on 429/5xx
// honouring Retry-After, a TTL cache, a call budget, typed errors without
// secrets).
//
//	b := websearch.NewBrave(websearch.BraveConfig{APIKey: key})
//	results, err := b.Search(ctx, websearch.Query{Text: "Acme LLC fraud", Country: "GB", Max: 10, News: true})
//
// Brave: GET {base}/web/search or {base}/news/search (base
// https://api.search.brave.com/res/v1), header X-Subscription-Token.
// Tavily: POST {base}/search (base https://api.tavily.com), header
// Authorization: Bearer KEY, JSON body.
package websearch

import (
	"context"
	"html"
	"regexp"
	"strings"
	"time"
)

// Query is one search.
type Query struct {
	// Text is what to search for (Brave allows 1-400 characters; longer
	// text is cut at a word boundary).
	Text string
	// Country is an ISO 3166-1 alpha-2 code to bias results to; "" for
	// none. Brave accepts a documented list of countries (others search
	// ALL); Tavily takes no country here.
	Country string
	// Max is the most results wanted: 1-20 (0: 10).
	Max int
	// News asks for news articles (Brave's news endpoint; Tavily's news
	// topic).
	News bool
}

// Result is one search hit, normalised.
type Result struct {
	Title   string `json:"title"`
	URL     string `json:"url"`
	Snippet string `json:"snippet"`
	// Published is when the page was published, as the engine reports it
	// (zero when it gives none).
	Published time.Time `json:"published,omitzero"`
	// Source is the publisher as the engine names it, else the URL's host.
	Source string `json:"source"`
}

// Searcher is what both clients offer.
type Searcher interface {
	// Name is the provider's configuration name (brave_search, tavily).
	Name() string
	Search(ctx context.Context, q Query) ([]Result, error)
}

// Compile-time checks.
var (
	_ Searcher = (*Brave)(nil)
	_ Searcher = (*Tavily)(nil)
)

// Default cache lifetimes: web results change slowly, news faster.
const (
	DefaultTTL     = 24 * time.Hour
	DefaultNewsTTL = 6 * time.Hour
)

const maxQueryRunes = 400

// normalise trims the query and applies the result limits.
func (q Query) normalise() Query {
	q.Text = strings.Join(strings.Fields(q.Text), " ")
	if r := []rune(q.Text); len(r) > maxQueryRunes {
		cut := string(r[:maxQueryRunes])
		if i := strings.LastIndexByte(cut, ' '); i > 0 {
			cut = cut[:i]
		}
		q.Text = cut
	}
	if q.Max <= 0 {
		q.Max = 10
	}
	q.Max = min(q.Max, 20)
	q.Country = strings.ToUpper(strings.TrimSpace(q.Country))
	return q
}

func ttl(configured, def time.Duration) time.Duration {
	switch {
	case configured < 0:
		return 0
	case configured == 0:
		return def
	}
	return configured
}

var tags = regexp.MustCompile(`<[^>]{0,200}>`)

// clean removes markup (Brave's highlight tags) and entities, and
// collapses spaces.
func clean(s string) string {
	return strings.Join(strings.Fields(html.UnescapeString(tags.ReplaceAllString(s, ""))), " ")
}

// parseTime reads the date formats the engines use: RFC 3339, ISO
// without a zone (taken as UTC), a bare date, and RFC 1123 variants.
func parseTime(s string) time.Time {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05",
		"2006-01-02", time.RFC1123, time.RFC1123Z, "Mon, 2 Jan 2006 15:04:05 MST", "Mon, 2 Jan 2006 15:04:05 -0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			if t.Year() < 1990 || t.Year() > 2200 {
				return time.Time{}
			}
			return t.UTC()
		}
	}
	return time.Time{}
}

// hostOf is the host of a URL, without "www.".
func hostOf(u string) string {
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	if i := strings.IndexAny(u, "/?#"); i >= 0 {
		u = u[:i]
	}
	if i := strings.LastIndexByte(u, '@'); i >= 0 {
		u = u[i+1:]
	}
	return strings.TrimPrefix(strings.ToLower(u), "www.")
}

// gather keeps the usable results (an http(s) URL and a title or
// snippet), the first of each URL, at most max, in order.
func gather(all []Result, max int) []Result {
	out := make([]Result, 0, min(len(all), max))
	seen := map[string]bool{}
	for _, r := range all {
		usable := (strings.HasPrefix(r.URL, "https://") || strings.HasPrefix(r.URL, "http://")) && (r.Title != "" || r.Snippet != "")
		if !usable || seen[r.URL] {
			continue
		}
		seen[r.URL] = true
		out = append(out, r)
		if len(out) == max {
			break
		}
	}
	return out
}
