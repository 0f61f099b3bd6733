package websearch

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/provider/client"
)

// DefaultBraveURL is the Brave Search API's base URL.
const DefaultBraveURL = "https://api.search.brave.com/res/v1"

// BraveName is the provider's configuration name.
const BraveName = "brave_search"

// BraveConfig configures the Brave Search API client.
type BraveConfig struct {
	// APIKey is the subscription token (X-Subscription-Token); empty
	// leaves the client off.
	APIKey string
	// BaseURL defaults to DefaultBraveURL.
	BaseURL string
	// TTL and NewsTTL are the cache lifetimes of web and news answers
	// (0: DefaultTTL, DefaultNewsTTL; negative: not cached).
	TTL, NewsTTL time.Duration
	// HTTP is the call mechanics (timeout, retries, budget, cache,
	// transport); Name, Secrets and ErrorMessage are set by NewBrave.
	HTTP client.Config
}

// Brave is the Brave Search API client. A nil *Brave is off.
type Brave struct {
	base         string
	key          string
	ttl, newsTTL time.Duration
	c            *client.Client
}

// NewBrave returns the client, or nil when cfg has no API key.
func NewBrave(cfg BraveConfig) *Brave {
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultBraveURL
	}
	h := cfg.HTTP
	h.Name = BraveName
	h.Secrets = append(slices.Clone(h.Secrets), cfg.APIKey)
	h.ErrorMessage = braveError
	return &Brave{base: base, key: cfg.APIKey, ttl: ttl(cfg.TTL, DefaultTTL), newsTTL: ttl(cfg.NewsTTL, DefaultNewsTTL),
		c: client.New(h)}
}

// Name is "brave_search".
func (b *Brave) Name() string { return BraveName }

// braveCountries are the country codes Brave's country parameter accepts
// (its documented list); any other country searches ALL.
var braveCountries = map[string]bool{
	"AR": true, "AU": true, "AT": true, "BE": true, "BR": true, "CA": true, "CL": true, "DK": true, "FI": true,
	"FR": true, "DE": true, "HK": true, "IN": true, "ID": true, "IT": true, "JP": true, "KR": true, "MY": true,
	"MX": true, "NL": true, "NZ": true, "NO": true, "CN": true, "PL": true, "PT": true, "PH": true, "RU": true,
	"SA": true, "ZA": true, "ES": true, "SE": true, "CH": true, "TW": true, "TR": true, "GB": true, "US": true,
}

// Search runs q on the web endpoint, or the news endpoint when q.News.
// Errors are *client.Error (ErrNotConfigured when b is nil,
// ErrRateLimited, ErrUpstream, ErrTimeout, ErrUnavailable, ErrMalformed,
// ErrBudgetExhausted).
func (b *Brave) Search(ctx context.Context, q Query) ([]Result, error) {
	if b == nil {
		return nil, client.NotConfigured(BraveName)
	}
	q = q.normalise()
	if q.Text == "" {
		return nil, nil
	}
	v := url.Values{}
	v.Set("q", q.Text)
	v.Set("count", strconv.Itoa(q.Max))
	v.Set("text_decorations", "false")
	v.Set("safesearch", "moderate")
	country := "ALL"
	if braveCountries[q.Country] {
		country = q.Country
	}
	v.Set("country", country)
	path, life := "/web/search", b.ttl
	if q.News {
		path, life = "/news/search", b.newsTTL
	} else {
		v.Set("result_filter", "web,news")
	}
	h := http.Header{}
	h.Set("X-Subscription-Token", b.key)
	var resp braveResponse
	if _, err := b.c.JSON(ctx, client.Request{URL: b.base + path + "?" + v.Encode(), Header: h, TTL: life}, &resp); err != nil {
		return nil, err
	}
	if !q.News && resp.Web == nil && resp.Type != "search" {
		return nil, b.c.Malformed("web search answer without type search or web results", nil)
	}
	return resp.results(q.News, q.Max), nil
}

// results normalises the answer: web results then mixed-in news (or the
// news endpoint's results), markup removed, duplicates and results
// without an http(s) URL dropped, at most max.
func (resp braveResponse) results(news bool, max int) []Result {
	var raw []braveResult
	if news {
		raw = resp.Results
	} else {
		if resp.Web != nil {
			raw = resp.Web.Results
		}
		if resp.News != nil {
			raw = append(raw, resp.News.Results...)
		}
	}
	all := make([]Result, 0, len(raw))
	for _, x := range raw {
		res := Result{Title: clean(x.Title), URL: strings.TrimSpace(x.URL), Snippet: clean(x.Description),
			Published: parseTime(x.PageAge)}
		if x.Profile != nil && x.Profile.Name != "" {
			res.Source = clean(x.Profile.Name)
		} else if x.MetaURL != nil && x.MetaURL.Hostname != "" {
			res.Source = strings.TrimPrefix(strings.ToLower(x.MetaURL.Hostname), "www.")
		} else {
			res.Source = hostOf(res.URL)
		}
		all = append(all, res)
	}
	return gather(all, max)
}

// braveResponse is the part of Brave's web and news answers used here:
// the web answer has type "search" and web.results (news.results when
// news is mixed in); the news answer has type "news" and results.
type braveResponse struct {
	Type    string        `json:"type"`
	Web     *braveResults `json:"web"`
	News    *braveResults `json:"news"`
	Results []braveResult `json:"results"`
}

type braveResults struct {
	Results []braveResult `json:"results"`
}

type braveResult struct {
	Title       string `json:"title"`
	URL         string `json:"url"`
	Description string `json:"description"`
	Age         string `json:"age"`
	PageAge     string `json:"page_age"`
	Profile     *struct {
		Name string `json:"name"`
	} `json:"profile"`
	MetaURL *struct {
		Hostname string `json:"hostname"`
	} `json:"meta_url"`
}

// braveError reads Brave's error body:
// {"type":"ErrorResponse","error":{"code":"…","detail":"…","status":…}}.
func braveError(_ int, body []byte) string {
	var e struct {
		Error struct {
			Code   string `json:"code"`
			Detail string `json:"detail"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	return strings.TrimSpace(e.Error.Code + " " + e.Error.Detail)
}
