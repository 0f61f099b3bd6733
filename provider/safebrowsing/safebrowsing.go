// Package safebrowsing is Dalil's Google Safe Browsing client: the v4
// Lookup API's threatMatches:find (POST
// https://safebrowsing.googleapis.com/v4/threatMatches:find?key=KEY),
// asking whether URLs are on the MALWARE, SOCIAL_ENGINEERING,
// UNWANTED_SOFTWARE or POTENTIALLY_HARMFUL_APPLICATION lists for any
// platform.
//
// Why v4: the v4 Lookup API is still documented and takes up to 500 URLs
// with explicit threat types; v5's urls:search (GET, 50 URLs) is the
// newer equivalent, and Google's v4→v5 migration guide concerns the v4
// Update API (local hash lists), not this lookup. Note Google's terms:
// the Safe Browsing API is for non-commercial use; a commercial operator
// should use the Web Risk API instead (docs/providers.md).
//
//	c := safebrowsing.New(safebrowsing.Config{APIKey: key})
//	threats, err := c.Check(ctx, []string{"https://acme.example/"})
//
// The client is off until configured: New returns nil without an API key
// and a nil client's Check returns an error matching
// client.ErrNotConfigured without any network call.
package safebrowsing

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"

	"dalil/provider/client"
)

// Name is the provider's configuration name.
const Name = "safe_browsing"

// DefaultURL is the API's base URL.
const DefaultURL = "https://safebrowsing.googleapis.com/v4"

// DefaultTTL is how long an answer is cached: the API's usual
// cacheDuration is five minutes, and listings change fast.
const DefaultTTL = 5 * time.Minute

// MaxURLs is the most URLs one request may carry (the API's limit).
const MaxURLs = 500

// ThreatTypes are the lists checked.
var ThreatTypes = []string{"MALWARE", "SOCIAL_ENGINEERING", "UNWANTED_SOFTWARE", "POTENTIALLY_HARMFUL_APPLICATION"}

// Config configures the client.
type Config struct {
	// APIKey (the key parameter); empty leaves the client off.
	APIKey string
	// BaseURL defaults to DefaultURL.
	BaseURL string
	// ClientID names this client to Google (default "dalil").
	ClientID string
	// TTL is the cache lifetime (0: DefaultTTL; negative: not cached).
	TTL time.Duration
	// HTTP is the call mechanics; Name, Secrets and ErrorMessage are set
	// by New.
	HTTP client.Config
}

// Client checks URLs. A nil *Client is off.
type Client struct {
	base, key, id string
	ttl           time.Duration
	c             *client.Client
}

// New returns the client, or nil when cfg has no API key.
func New(cfg Config) *Client {
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultURL
	}
	id := cfg.ClientID
	if id == "" {
		id = "dalil"
	}
	t := cfg.TTL
	switch {
	case t < 0:
		t = 0
	case t == 0:
		t = DefaultTTL
	}
	h := cfg.HTTP
	h.Name = Name
	h.Secrets = append(slices.Clone(h.Secrets), cfg.APIKey)
	h.ErrorMessage = googleError
	return &Client{base: base, key: cfg.APIKey, id: id, ttl: t, c: client.New(h)}
}

// Name is "safe_browsing".
func (c *Client) Name() string { return Name }

// Threat is one URL found on a list.
type Threat struct {
	URL string `json:"url"`
	// Type is the list: MALWARE, SOCIAL_ENGINEERING, UNWANTED_SOFTWARE or
	// POTENTIALLY_HARMFUL_APPLICATION.
	Type     string `json:"type"`
	Platform string `json:"platform"`
}

// Check returns the threats listed for urls (none: an empty slice). URLs
// are deduplicated and sent sorted, in requests of at most MaxURLs;
// blank ones are skipped. Errors are *client.Error.
func (c *Client) Check(ctx context.Context, urls []string) ([]Threat, error) {
	if c == nil {
		return nil, client.NotConfigured(Name)
	}
	set := map[string]bool{}
	for _, u := range urls {
		if u = strings.TrimSpace(u); u != "" {
			set[u] = true
		}
	}
	list := make([]string, 0, len(set))
	for u := range set {
		list = append(list, u)
	}
	sort.Strings(list)
	out := []Threat{}
	for len(list) > 0 {
		n := min(len(list), MaxURLs)
		found, err := c.find(ctx, list[:n])
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
		list = list[n:]
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].URL != out[j].URL {
			return out[i].URL < out[j].URL
		}
		if out[i].Type != out[j].Type {
			return out[i].Type < out[j].Type
		}
		return out[i].Platform < out[j].Platform
	})
	return slices.Compact(out), nil
}

type threatEntry struct {
	URL string `json:"url"`
}

type findRequest struct {
	Client struct {
		ClientID      string `json:"clientId"`
		ClientVersion string `json:"clientVersion"`
	} `json:"client"`
	ThreatInfo struct {
		ThreatTypes      []string      `json:"threatTypes"`
		PlatformTypes    []string      `json:"platformTypes"`
		ThreatEntryTypes []string      `json:"threatEntryTypes"`
		ThreatEntries    []threatEntry `json:"threatEntries"`
	} `json:"threatInfo"`
}

type findResponse struct {
	Matches []struct {
		ThreatType      string      `json:"threatType"`
		PlatformType    string      `json:"platformType"`
		ThreatEntryType string      `json:"threatEntryType"`
		Threat          threatEntry `json:"threat"`
		CacheDuration   string      `json:"cacheDuration"`
	} `json:"matches"`
}

func (c *Client) find(ctx context.Context, urls []string) ([]Threat, error) {
	var req findRequest
	req.Client.ClientID, req.Client.ClientVersion = c.id, "1"
	req.ThreatInfo.ThreatTypes = ThreatTypes
	req.ThreatInfo.PlatformTypes = []string{"ANY_PLATFORM"}
	req.ThreatInfo.ThreatEntryTypes = []string{"URL"}
	for _, u := range urls {
		req.ThreatInfo.ThreatEntries = append(req.ThreatInfo.ThreatEntries, threatEntry{URL: u})
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	var resp findResponse
	if _, err := c.c.JSON(ctx, client.Request{Method: http.MethodPost,
		URL: c.base + "/threatMatches:find?key=" + url.QueryEscape(c.key), Header: h, Body: body, TTL: c.ttl}, &resp); err != nil {
		return nil, err
	}
	asked := map[string]bool{}
	for _, u := range urls {
		asked[u] = true
	}
	var out []Threat
	for _, m := range resp.Matches {
		if m.Threat.URL == "" || m.ThreatType == "" {
			return nil, c.c.Malformed("match without threat.url or threatType", nil)
		}
		if !asked[m.Threat.URL] {
			continue // only URLs this request asked about
		}
		out = append(out, Threat{URL: m.Threat.URL, Type: m.ThreatType, Platform: m.PlatformType})
	}
	return out, nil
}

// googleError reads Google's error body: {"error":{"code":…,"message":…,"status":…}}.
func googleError(_ int, body []byte) string {
	var e struct {
		Error struct {
			Message string `json:"message"`
			Status  string `json:"status"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	return strings.TrimSpace(e.Error.Status + " " + e.Error.Message)
}
