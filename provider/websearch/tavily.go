package websearch

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"

	"dalil/provider/client"
)

// DefaultTavilyURL is Tavily's API base URL.
const DefaultTavilyURL = "https://api.tavily.com"

// TavilyName is the provider's configuration name.
const TavilyName = "tavily"

// TavilyConfig configures the Tavily client.
type TavilyConfig struct {
	// APIKey ("tvly-…", sent as Authorization: Bearer); empty leaves the
	// client off.
	APIKey string
	// BaseURL defaults to DefaultTavilyURL.
	BaseURL string
	// TTL and NewsTTL as in BraveConfig.
	TTL, NewsTTL time.Duration
	// HTTP is the call mechanics; Name, Secrets and ErrorMessage are set
	// by NewTavily.
	HTTP client.Config
}

// Tavily is the Tavily search client. A nil *Tavily is off.
type Tavily struct {
	base         string
	key          string
	ttl, newsTTL time.Duration
	c            *client.Client
}

// NewTavily returns the client, or nil when cfg has no API key.
func NewTavily(cfg TavilyConfig) *Tavily {
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultTavilyURL
	}
	h := cfg.HTTP
	h.Name = TavilyName
	h.Secrets = append(slices.Clone(h.Secrets), cfg.APIKey)
	h.ErrorMessage = tavilyError
	return &Tavily{base: base, key: cfg.APIKey, ttl: ttl(cfg.TTL, DefaultTTL), newsTTL: ttl(cfg.NewsTTL, DefaultNewsTTL),
		c: client.New(h)}
}

// Name is "tavily".
func (t *Tavily) Name() string { return TavilyName }

// tavilyRequest is the documented search body (the fields used here).
type tavilyRequest struct {
	Query             string `json:"query"`
	Topic             string `json:"topic"`
	SearchDepth       string `json:"search_depth"`
	MaxResults        int    `json:"max_results"`
	IncludeAnswer     bool   `json:"include_answer"`
	IncludeRawContent bool   `json:"include_raw_content"`
	IncludeImages     bool   `json:"include_images"`
}

// tavilyResponse is the documented search answer.
type tavilyResponse struct {
	Query   *string `json:"query"`
	Results []struct {
		Title         string  `json:"title"`
		URL           string  `json:"url"`
		Content       string  `json:"content"`
		Score         float64 `json:"score"`
		PublishedDate string  `json:"published_date"`
	} `json:"results"`
}

// Search runs q with topic "general" (or "news" when q.News) at the
// "basic" depth, without Tavily's generated answer. Errors as Brave's.
func (t *Tavily) Search(ctx context.Context, q Query) ([]Result, error) {
	if t == nil {
		return nil, client.NotConfigured(TavilyName)
	}
	q = q.normalise()
	if q.Text == "" {
		return nil, nil
	}
	body := tavilyRequest{Query: q.Text, Topic: "general", SearchDepth: "basic", MaxResults: q.Max}
	life := t.ttl
	if q.News {
		body.Topic, life = "news", t.newsTTL
	}
	data, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+t.key)
	h.Set("Content-Type", "application/json")
	var resp tavilyResponse
	if _, err := t.c.JSON(ctx, client.Request{Method: http.MethodPost, URL: t.base + "/search", Header: h, Body: data,
		TTL: life}, &resp); err != nil {
		return nil, err
	}
	if resp.Query == nil && resp.Results == nil {
		return nil, t.c.Malformed("search answer without query or results", nil)
	}
	return resp.results(q.Max), nil
}

// results normalises the answer as braveResponse.results does.
func (resp tavilyResponse) results(max int) []Result {
	all := make([]Result, 0, len(resp.Results))
	for _, x := range resp.Results {
		r := Result{Title: clean(x.Title), URL: strings.TrimSpace(x.URL), Snippet: clean(x.Content),
			Published: parseTime(x.PublishedDate)}
		r.Source = hostOf(r.URL)
		all = append(all, r)
	}
	return gather(all, max)
}

// tavilyError reads Tavily's error body: {"detail":{"error":"…"}}.
func tavilyError(_ int, body []byte) string {
	var e struct {
		Detail json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &e) != nil || len(e.Detail) == 0 {
		return ""
	}
	var d struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(e.Detail, &d) == nil && d.Error != "" {
		return d.Error
	}
	var s string
	if json.Unmarshal(e.Detail, &s) == nil {
		return s
	}
	return ""
}
