// Package vapi is the Vapi adapter of the voice telephony port
// (voice.Dialer) and its server-URL webhook. Vapi runs the whole
// conversation: speech recognition, the language model and the voice.
//
// Dial creates an outbound phone call (POST https://api.vapi.ai/call,
// Authorization: Bearer API key) from the operator's Vapi phone number
// with a transient assistant given what Dalil's own conversation engine
// (package converse) holds a Twilio call with: its first message is the
// call's script (the AI disclosure on whose behalf, the consent notice
// when recording or transcribing, the opt-out offer), its system prompt
// is the engine's (the rules no instruction changes, the capability's
// task, the instructions quoted as data), and its tools are the engine's
// conversation tools (opt_out, end_call, request_callback and the
// capability's record_answers, appointment or report_result) as Vapi
// function tools posted to the webhook. maxDurationSeconds is the call's
// maximum, recording and the transcript follow the call's flags, its
// server is the call's EventsURL, and its metadata carries Dalil's call
// id. Hangup ends a live call through its control URL
// ({"type":"end-call"}), or deletes one not yet started.
//
// Wiring (cmd/dalil):
//
//	c, err := vapi.New(vapi.Config{APIKey: …, PhoneNumberID: …, WebhookSecret: …})
//	// c == nil && err == nil: not configured, no request is ever made.
//	hook, err := c.Webhook(sink, tools) // mount at POST /webhooks/voice/vapi
//
// The webhook verifies each message as configured, before reading it:
// with CredentialID set, the signature of Vapi's HMAC custom credential
// (hex HMAC-SHA256 of "{timestamp}.{body}" in x-signature, timestamp in
// x-timestamp, five minutes of tolerance); else the X-Vapi-Secret header
// the assistant's server sends. Both compare in constant time. It applies
// status-update and end-of-call-report messages to the sink (2xx only
// when Apply returned nil) with ids made of the call id and the message,
// so a redelivery is the same event, and hands tool-calls messages to the
// tool sink, answering Vapi with each call's result (toolcalls.go).
package vapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"dalil/capabilities/voice"
	"dalil/provider/client"
	"dalil/provider/telephony/dialing"
)

// Name is the provider's configuration name.
const Name = "vapi"

// DefaultBaseURL is Vapi's API.
const DefaultBaseURL = "https://api.vapi.ai"

// SecretHeader is the header carrying the shared secret when no HMAC
// credential is configured (Vapi's server-URL secret header).
const SecretHeader = "X-Vapi-Secret"

// Defaults of the assistant. The model and voices are Vapi providers
// that speak both English and Arabic.
const (
	DefaultModelProvider = "openai"
	DefaultModel         = "gpt-4o"
)

// Config configures the client. APIKey, PhoneNumberID and WebhookSecret
// are required; all empty leaves it off.
type Config struct {
	// APIKey is the private API key (Bearer).
	APIKey string
	// PhoneNumberID is the Vapi phone number the calls are placed from
	// (imported from Twilio, Telnyx or a SIP trunk: Vapi's free numbers
	// cannot call out).
	PhoneNumberID string
	// WebhookSecret authenticates Vapi's server messages: the HMAC
	// credential's secret key when CredentialID is set, else the value
	// of the X-Vapi-Secret header the assistant's server is given.
	WebhookSecret string
	// CredentialID is a Vapi HMAC custom credential (SHA-256, hex,
	// signature header x-signature, timestamp header x-timestamp, payload
	// "{timestamp}.{body}") whose secret key is WebhookSecret; set, the
	// webhook requires its signature.
	CredentialID string
	// EventsURL is the public URL of POST /webhooks/voice/vapi; Dial uses
	// the Dial's EventsURL when it has one, else this.
	EventsURL string
	// BaseURL defaults to DefaultBaseURL (tests: the fake's).
	BaseURL string
	// ModelProvider and Model choose the language model (defaults
	// above).
	ModelProvider, Model string
	// HTTP is the call mechanics (timeout, retries, budget, transport);
	// Name, Secrets and ErrorMessage are set by New.
	HTTP client.Config
}

// Client is the Vapi client. A nil *Client is off.
type Client struct {
	base         string
	key          string
	phone        string
	secret       string
	credential   string
	eventsURL    string
	provider     string
	model        string
	dial         *dialing.Client // HTTP: fetch, list, hang up (retried); Once: call creation, retried by Dial
	allowHTTPCtl bool            // the control URL may be http (a local fake)
}

var (
	_ voice.Dialer = (*Client)(nil)
	_ voice.Finder = (*Client)(nil)
)

// New returns the client; nil and no error when cfg has no API key, phone
// number id or webhook secret (not configured: no request is ever made).
// A partial or malformed configuration is an error naming what is wrong,
// never a secret.
func New(cfg Config) (*Client, error) {
	cfg.APIKey = strings.TrimSpace(cfg.APIKey)
	cfg.PhoneNumberID = strings.TrimSpace(cfg.PhoneNumberID)
	if cfg.APIKey == "" && cfg.PhoneNumberID == "" && cfg.WebhookSecret == "" && cfg.CredentialID == "" {
		return nil, nil
	}
	var missing []string
	if cfg.APIKey == "" {
		missing = append(missing, "API key")
	}
	if cfg.PhoneNumberID == "" {
		missing = append(missing, "phone number id")
	}
	if cfg.WebhookSecret == "" {
		missing = append(missing, "webhook secret (without it Vapi's messages cannot be verified)")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("vapi: missing %s", strings.Join(missing, ", "))
	}
	if len(cfg.WebhookSecret) < 16 {
		return nil, errors.New("vapi: the webhook secret must be at least 16 characters")
	}
	base := strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	if base == "" {
		base = DefaultBaseURL
	}
	bu, err := url.Parse(base)
	if err != nil || (bu.Scheme != "https" && bu.Scheme != "http") || bu.Host == "" {
		return nil, errors.New("vapi: the base URL must be an http(s) URL")
	}
	if cfg.EventsURL != "" {
		if u, err := url.Parse(cfg.EventsURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return nil, errors.New("vapi: the events URL must be an absolute http(s) URL")
		}
	}
	c := &Client{base: base, key: cfg.APIKey, phone: cfg.PhoneNumberID, secret: cfg.WebhookSecret,
		credential: strings.TrimSpace(cfg.CredentialID), eventsURL: cfg.EventsURL,
		provider: cfg.ModelProvider, model: cfg.Model, allowHTTPCtl: bu.Scheme == "http"}
	if c.provider == "" {
		c.provider = DefaultModelProvider
	}
	if c.model == "" {
		c.model = DefaultModel
	}
	h := cfg.HTTP
	h.Name = Name
	h.Secrets = append(slices.Clone(h.Secrets), cfg.APIKey, cfg.WebhookSecret)
	h.ErrorMessage = vapiErrorMessage
	c.dial = dialing.New(h)
	return c, nil
}

// Configured reports whether c is on.
func (c *Client) Configured() bool { return c != nil }

// Name is "vapi".
func (c *Client) Name() string { return Name }

func (c *Client) header() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.key)
	h.Set("Content-Type", "application/json")
	return h
}

// callResource is the part of Vapi's Call object read here.
type callResource struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Status    string `json:"status"`
	CreatedAt string `json:"createdAt"`
	Customer  struct {
		Number string `json:"number"`
	} `json:"customer"`
	Assistant struct {
		Metadata map[string]any `json:"metadata"`
	} `json:"assistant"`
	Monitor struct {
		ControlURL string `json:"controlUrl"`
	} `json:"monitor"`
}

// callName is the call's name at Vapi ("for your own reference", at
// most 40 characters): Dalil's call id, which Find matches.
func callName(callID string) string {
	n := "dalil " + callID
	if len(n) > 40 {
		n = n[:40]
	}
	return n
}

// Dial places the call and returns Vapi's call id, at most once
// (dialing.Client.Dial). A 400 or 422 (Vapi refuses the number or the
// request for good) wraps voice.ErrRejected. A 429 is retried after its
// Retry-After or a backoff (no call was created). A 5xx, a timeout, a
// broken connection or an unreadable answer is ambiguous — Vapi may have
// created the call — so before each retry Dial looks for this call at
// Vapi (Find: same phone number, created since it started, named with
// the call id) and returns it instead of dialling again. Other errors
// are *client.Error and may be retried by the caller, which should call
// Find first too. The callee's number never appears in an error.
func (c *Client) Dial(ctx context.Context, d voice.Dial) (string, error) {
	body, err := c.request(d)
	if err != nil {
		return "", err
	}
	return c.dial.Dial(ctx, dialing.Call{Number: d.To, Refused: refused,
		Create: func(ctx context.Context) (string, error) {
			var res callResource
			if _, err := c.dial.Once.JSON(ctx, client.Request{Method: http.MethodPost, URL: c.base + "/call",
				Header: c.header(), Body: body}, &res); err != nil {
				return "", err
			}
			if res.ID == "" {
				return "", c.dial.Once.Malformed("call created without an id", nil)
			}
			return res.ID, nil
		},
		Find: func(ctx context.Context, since time.Time) (string, error) { return c.Find(ctx, d.CallID, since) },
	})
}

// Find returns the id of the call Vapi placed for Dalil's call id from
// the configured phone number, created at or after since, or "" when
// there is none: how Dial and a restarted job tell whether an attempt
// whose outcome is unknown created a call. The match is exact (the
// call's name and its assistant's metadata carry the id).
func (c *Client) Find(ctx context.Context, callID string, since time.Time) (string, error) {
	if c == nil {
		return "", client.NotConfigured(Name)
	}
	q := url.Values{}
	q.Set("phoneNumberId", c.phone)
	q.Set("createdAtGe", since.Add(-2*time.Second).UTC().Format(time.RFC3339Nano))
	q.Set("limit", "100")
	var calls []callResource
	if _, err := c.dial.HTTP.JSON(ctx, client.Request{URL: c.base + "/call?" + q.Encode(), Header: c.header()}, &calls); err != nil {
		return "", err
	}
	for _, call := range calls {
		if call.ID == "" {
			continue
		}
		if id, _ := call.Assistant.Metadata[metaCallID].(string); id == callID {
			return call.ID, nil
		}
		if call.Name != "" && call.Name == callName(callID) && len("dalil "+callID) <= 40 {
			return call.ID, nil
		}
	}
	return "", nil
}

// FindCall implements voice.Finder for the voice service's dial job: Find
// by Dalil's call id.
func (c *Client) FindCall(ctx context.Context, d voice.Dial, since time.Time) (string, error) {
	return c.Find(ctx, d.CallID, since)
}

// Hangup ends the call. A live call is ended through its control URL
// ({"type":"end-call"}); one not yet started (scheduled, queued) is
// deleted (DELETE /call/{id}), which cancels it. A call that already
// ended, or that Vapi no longer has, is not an error.
func (c *Client) Hangup(ctx context.Context, id string) error {
	if c == nil {
		return client.NotConfigured(Name)
	}
	if strings.TrimSpace(id) == "" {
		return errors.New("vapi: hang up without a call id")
	}
	var call callResource
	_, err := c.dial.HTTP.JSON(ctx, client.Request{URL: c.base + "/call/" + url.PathEscape(id), Header: c.header()}, &call)
	if client.StatusOf(err) == http.StatusNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	switch call.Status {
	case "ended":
		return nil
	case "scheduled", "queued":
		_, err := c.dial.HTTP.Do(ctx, client.Request{Method: http.MethodDelete, URL: c.base + "/call/" + url.PathEscape(id),
			Header: c.header(), Accept: []int{http.StatusNotFound}})
		return err
	}
	u, err := url.Parse(call.Monitor.ControlURL)
	if err != nil || u.Host == "" || (u.Scheme != "https" && !(c.allowHTTPCtl && u.Scheme == "http")) {
		return c.dial.HTTP.Malformed("the call has no https control URL", nil)
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	_, err = c.dial.HTTP.Do(ctx, client.Request{Method: http.MethodPost, URL: u.String(), Header: h,
		Body: []byte(`{"type":"end-call"}`), Accept: []int{http.StatusNotFound}})
	return err
}

// vapiErrorMessage reads Vapi's error object {"message": "…" or
// ["…", …], "error": "Bad Request", "statusCode": 400}.
func vapiErrorMessage(_ int, body []byte) string {
	var e struct {
		Message json.RawMessage `json:"message"`
		Error   string          `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	var one string
	var many []string
	switch {
	case json.Unmarshal(e.Message, &one) == nil && one != "":
		return one
	case json.Unmarshal(e.Message, &many) == nil && len(many) > 0:
		return strings.Join(many, "; ")
	}
	return e.Error
}

// refused: Vapi refused the call for good (400 Bad Request, 422): the
// number or the request. 401/403 (key), 402 (credits), 404, 408 and 429
// are the operator's or passing problems, not the callee's.
func refused(s int) bool {
	return s == http.StatusBadRequest || s == http.StatusUnprocessableEntity
}
