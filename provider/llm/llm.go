// Package llm is Dalil's optional LLM client: the Anthropic Messages API
// (POST {base}/v1/messages with the x-api-key and anthropic-version
// headers; text content blocks in, content blocks out), and Claims, a
// helper that asks for facts about a subject from numbered source texts
// and keeps only the claims whose quote is found verbatim in the source
// the claim names. A claim is never backed by the model alone.
//
//	c := llm.New(llm.Config{APIKey: key})
//	res, err := c.Claims(ctx, llm.ClaimsRequest{Subject: "Acme Trading LLC", Task: "…",
//		Fields: []string{"founded", "headquarters"}, Sources: []llm.Source{{ID: 1, URL: u, Text: page}}})
//	// res.Claims are verified; res.Dropped says what was refused and why.
//
// The client is off until configured: New returns nil without an API key
// and a nil client's methods return an error matching
// client.ErrNotConfigured without any network call. Calls go through
// provider/client (timeouts, retries with backoff on 429/5xx including
// 529 overloaded, honouring retry-after, a TTL cache, a call budget,
// typed errors without the key).
package llm

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"

	"dalil/provider/client"
)

// Name is the provider's configuration name.
const Name = "anthropic"

// Defaults. The model is an operator setting (DALIL_ANTHROPIC_MODEL);
// temperature 0 keeps answers as repeatable as the model allows.
const (
	DefaultURL       = "https://api.anthropic.com"
	DefaultVersion   = "2023-06-01"
	DefaultModel     = "claude-sonnet-4-5"
	DefaultMaxTokens = 2048
	DefaultTTL       = 24 * time.Hour
	// DefaultTimeout is longer than other providers': a model answer of
	// a couple of thousand tokens takes tens of seconds.
	DefaultTimeout = 60 * time.Second
)

// Config configures the client.
type Config struct {
	// APIKey (x-api-key); empty leaves the client off.
	APIKey string
	// BaseURL defaults to DefaultURL (the path /v1/messages is added).
	BaseURL string
	// Model defaults to DefaultModel; Version (anthropic-version) to
	// DefaultVersion; MaxTokens to DefaultMaxTokens.
	Model     string
	Version   string
	MaxTokens int
	// TTL is the cache lifetime of an answer to the same request (0:
	// DefaultTTL; negative: not cached).
	TTL time.Duration
	// HTTP is the call mechanics (its Timeout defaults to DefaultTimeout
	// here); Name, Secrets and ErrorMessage are set by New.
	HTTP client.Config
}

// Client calls the Messages API. A nil *Client is off.
type Client struct {
	url, key, model, version string
	maxTokens                int
	ttl                      time.Duration
	c                        *client.Client
	// stream sends Stream's requests (one attempt each: a live
	// conversation cannot wait for retries).
	stream *http.Client
	name   string
}

// New returns the client, or nil when cfg has no API key.
func New(cfg Config) *Client {
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil
	}
	c := &Client{url: strings.TrimRight(cfg.BaseURL, "/"), key: cfg.APIKey, model: cfg.Model, version: cfg.Version,
		maxTokens: cfg.MaxTokens}
	if c.url == "" {
		c.url = DefaultURL
	}
	c.url += "/v1/messages"
	if c.model == "" {
		c.model = DefaultModel
	}
	if c.version == "" {
		c.version = DefaultVersion
	}
	if c.maxTokens <= 0 {
		c.maxTokens = DefaultMaxTokens
	}
	switch {
	case cfg.TTL < 0:
	case cfg.TTL == 0:
		c.ttl = DefaultTTL
	default:
		c.ttl = cfg.TTL
	}
	h := cfg.HTTP
	h.Name = Name
	h.Secrets = append(slices.Clone(h.Secrets), cfg.APIKey)
	h.ErrorMessage = anthropicError
	if h.Timeout <= 0 {
		h.Timeout = DefaultTimeout
		if h.Deadline <= 0 {
			h.Deadline = 2 * DefaultTimeout
		}
	}
	c.c = client.New(h)
	c.name = Name
	tr := h.Transport
	if tr == nil {
		tr = http.DefaultTransport.(*http.Transport).Clone()
	}
	c.stream = &http.Client{Transport: tr}
	return c
}

// Name is "anthropic".
func (c *Client) Name() string { return Name }

// Message is one turn of the conversation (role "user" or "assistant"),
// sent as one text content block.
type Message struct {
	Role string `json:"role"`
	Text string `json:"text"`
}

// Request is one Messages call.
type Request struct {
	System   string
	Messages []Message
	// MaxTokens overrides the configured maximum (0: configured).
	MaxTokens int
}

// Response is the model's answer.
type Response struct {
	ID    string
	Model string
	// Text joins the text content blocks; Blocks are all of them.
	Text   string
	Blocks []Block
	// StopReason: end_turn, max_tokens, stop_sequence, tool_use, refusal, …
	StopReason                string
	InputTokens, OutputTokens int
	Cached                    bool
}

// Block is one content block of the answer.
type Block struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"`
}

type wireRequest struct {
	Model       string        `json:"model"`
	MaxTokens   int           `json:"max_tokens"`
	System      string        `json:"system,omitempty"`
	Temperature float64       `json:"temperature"`
	Messages    []wireMessage `json:"messages"`
}

type wireMessage struct {
	Role    string  `json:"role"`
	Content []Block `json:"content"`
}

type wireResponse struct {
	ID         string  `json:"id"`
	Type       string  `json:"type"`
	Role       string  `json:"role"`
	Model      string  `json:"model"`
	Content    []Block `json:"content"`
	StopReason string  `json:"stop_reason"`
	Usage      struct {
		InputTokens  int `json:"input_tokens"`
		OutputTokens int `json:"output_tokens"`
	} `json:"usage"`
}

// Messages sends req (temperature 0). Errors are *client.Error
// (ErrNotConfigured when c is nil, ErrRateLimited, ErrUpstream — 529
// overloaded after the retries —, ErrTimeout, ErrUnavailable,
// ErrMalformed, ErrBudgetExhausted).
func (c *Client) Messages(ctx context.Context, req Request) (Response, error) {
	if c == nil {
		return Response{}, client.NotConfigured(Name)
	}
	w := wireRequest{Model: c.model, MaxTokens: c.maxTokens, System: req.System}
	if req.MaxTokens > 0 {
		w.MaxTokens = req.MaxTokens
	}
	for _, m := range req.Messages {
		w.Messages = append(w.Messages, wireMessage{Role: m.Role, Content: []Block{{Type: "text", Text: m.Text}}})
	}
	body, err := json.Marshal(w)
	if err != nil {
		return Response{}, err
	}
	h := http.Header{}
	h.Set("x-api-key", c.key)
	h.Set("anthropic-version", c.version)
	h.Set("content-type", "application/json")
	var resp wireResponse
	r, err := c.c.JSON(ctx, client.Request{Method: http.MethodPost, URL: c.url, Header: h, Body: body, TTL: c.ttl}, &resp)
	if err != nil {
		return Response{}, err
	}
	if resp.Type != "message" || resp.Content == nil {
		return Response{}, c.c.Malformed("answer is not a message with content", nil)
	}
	out := Response{ID: resp.ID, Model: resp.Model, Blocks: resp.Content, StopReason: resp.StopReason,
		InputTokens: resp.Usage.InputTokens, OutputTokens: resp.Usage.OutputTokens, Cached: r.Cached}
	var text []string
	for _, b := range resp.Content {
		if b.Type == "text" {
			text = append(text, b.Text)
		}
	}
	out.Text = strings.Join(text, "")
	return out, nil
}

// anthropicError reads the documented error body:
// {"type":"error","error":{"type":"rate_limit_error","message":"…"}}.
func anthropicError(_ int, body []byte) string {
	var e struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	return strings.TrimSpace(e.Error.Type + " " + e.Error.Message)
}
