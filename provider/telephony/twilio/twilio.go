// Package twilio is the Twilio Programmable Voice adapter of the voice
// telephony port (voice.Dialer) and its status-callback webhook.
//
// The client places a call with the REST API (POST
// /2010-04-01/Accounts/{AccountSid}/Calls.json, form-encoded, HTTP basic
// auth with the account SID and auth token, or an API key SID and
// secret) whose TwiML says the call's script first — the disclosure that
// an AI is calling and on whose behalf, the consent notice when the call
// is recorded, the opt-out offer — inside a speech <Gather>, then hands
// the call to a ConversationRelay WebSocket when one is configured (else
// says goodbye and hangs up: Twilio alone does not hold a conversation).
// Status callbacks (initiated, ringing, answered, completed) go to the
// call's EventsURL with Dalil's call id in the query (?call=ID), so the id
// is covered by Twilio's signature. Hangup ends a call (Status=completed).
//
// Wiring (cmd/dalil):
//
//	c, err := twilio.New(twilio.Config{AccountSID: …, AuthToken: …, From: …})
//	// c == nil && err == nil: not configured, no call is ever made.
//	hook, err := c.Webhook(publicURL+"/webhooks/voice/twilio", sink)
//	// mount hook at POST /webhooks/voice/twilio; give Dial the same URL
//	// as EventsURL.
//
// NewWebhook builds the webhook from the auth token alone (for a service
// that only receives events). The webhook verifies X-Twilio-Signature
// (HMAC-SHA1 keyed by the auth token over the full URL and the sorted
// POST parameters, constant-time compare) and answers 403 when it does
// not match; it maps CallStatus to voice.Status and calls sink.Apply,
// answering 2xx only when Apply returned nil. Event ids are CallSid and
// SequenceNumber, so a redelivery is the same event.
package twilio

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/capabilities/voice"
	"dalil/provider/client"
	"dalil/provider/telephony/dialing"
)

// Name is the provider's configuration name.
const Name = "twilio"

// DefaultBaseURL is Twilio's REST API.
const DefaultBaseURL = "https://api.twilio.com"

// DefaultRingTimeout is how long the phone rings before Twilio gives up
// (no-answer): 30 s rather than Twilio's 60, so a voicemail box that
// picks up after ~25 s is not usually reached.
const DefaultRingTimeout = 30 * time.Second

// Default <Say> voices: Google voices Twilio offers for US English and
// Arabic.
const (
	DefaultVoiceEN = "Google.en-US-Standard-C"
	DefaultVoiceAR = "Google.ar-XA-Standard-A"
)

// Config configures the client. AccountSID, AuthToken and From are
// required; all three empty leaves it off.
type Config struct {
	// AccountSID is the account (AC…); it is in every REST path.
	AccountSID string
	// AuthToken signs the webhooks Twilio sends (always needed) and
	// authenticates REST calls unless an API key is given.
	AuthToken string
	// APIKeySID and APIKeySecret (SK…), when both set, authenticate REST
	// calls instead of the auth token (Twilio's recommendation).
	APIKeySID, APIKeySecret string
	// From is the caller id: a Twilio number in E.164.
	From string
	// BaseURL defaults to DefaultBaseURL (tests: the fake's).
	BaseURL string
	// RelayURL (wss://…; ws:// only for a local test), when set, is
	// Dalil's own ConversationRelay endpoint (Relay, at
	// {DALIL_BASE_URL}/webhooks/voice/twilio/relay): the call's TwiML
	// connects it there, the disclosure said first as the welcome
	// greeting, with the call id as the custom parameter "call", and
	// answering-machine detection runs (asynchronously) on every call.
	// Unset: the call says the script, records an opt-out, says goodbye
	// and hangs up (Twilio alone holds no conversation; cmd/dalil never
	// sells calls so).
	RelayURL string
	// RingTimeout is Twilio's Timeout (0: DefaultRingTimeout).
	RingTimeout time.Duration
	// VoiceEN and VoiceAR are the <Say> voices ("": the defaults).
	VoiceEN, VoiceAR string
	// HTTP is the call mechanics (timeout, retries, budget, transport);
	// Name, Secrets and ErrorMessage are set by New.
	HTTP client.Config
}

// Client is the Twilio Programmable Voice client. A nil *Client is off.
type Client struct {
	base       string
	account    string
	user, pass string
	authToken  string
	from       string
	relayURL   string
	ring       int
	voiceEN    string
	voiceAR    string
	dial       *dialing.Client // HTTP: hang up, list (retried); Once: call creation, retried by Dial
}

var (
	_ voice.Dialer = (*Client)(nil)
	_ voice.Finder = (*Client)(nil)
)

var (
	accountSIDPattern = regexp.MustCompile(`^AC[0-9a-fA-F]{32}$`)
	apiKeyPattern     = regexp.MustCompile(`^SK[0-9a-fA-F]{32}$`)
)

// New returns the client; nil and no error when cfg is empty (not
// configured: no request is ever made). A partial or malformed
// configuration is an error naming what is wrong, never a secret.
func New(cfg Config) (*Client, error) {
	cfg.AccountSID = strings.TrimSpace(cfg.AccountSID)
	cfg.From = strings.TrimSpace(cfg.From)
	if cfg.AccountSID == "" && cfg.AuthToken == "" && cfg.From == "" && cfg.APIKeySID == "" && cfg.APIKeySecret == "" {
		return nil, nil
	}
	var missing []string
	if cfg.AccountSID == "" {
		missing = append(missing, "account SID")
	}
	if cfg.AuthToken == "" {
		missing = append(missing, "auth token (it verifies webhooks even when an API key makes the REST calls)")
	}
	if cfg.From == "" {
		missing = append(missing, "From number")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("twilio: missing %s", strings.Join(missing, ", "))
	}
	if !accountSIDPattern.MatchString(cfg.AccountSID) {
		return nil, errors.New("twilio: the account SID is AC followed by 32 hexadecimal digits")
	}
	if !dialing.E164(cfg.From) {
		return nil, errors.New("twilio: the From number must be E.164 (+ and 7 to 15 digits)")
	}
	if (cfg.APIKeySID == "") != (cfg.APIKeySecret == "") {
		return nil, errors.New("twilio: an API key needs both its SID and its secret")
	}
	if cfg.APIKeySID != "" && !apiKeyPattern.MatchString(cfg.APIKeySID) {
		return nil, errors.New("twilio: the API key SID is SK followed by 32 hexadecimal digits")
	}
	if cfg.RelayURL != "" {
		u, err := url.Parse(cfg.RelayURL)
		if err != nil || (u.Scheme != "wss" && u.Scheme != "ws") || u.Host == "" || u.RawQuery != "" {
			return nil, errors.New("twilio: the relay URL must be a wss:// URL without a query")
		}
	}
	base := strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	if base == "" {
		base = DefaultBaseURL
	}
	if u, err := url.Parse(base); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("twilio: the base URL must be an http(s) URL")
	}
	ring := cfg.RingTimeout
	if ring <= 0 {
		ring = DefaultRingTimeout
	}
	c := &Client{base: base, account: cfg.AccountSID, user: cfg.AccountSID, pass: cfg.AuthToken,
		authToken: cfg.AuthToken, from: cfg.From, relayURL: cfg.RelayURL,
		ring: max(1, int(ring/time.Second)), voiceEN: cfg.VoiceEN, voiceAR: cfg.VoiceAR}
	if cfg.APIKeySID != "" {
		c.user, c.pass = cfg.APIKeySID, cfg.APIKeySecret
	}
	if c.voiceEN == "" {
		c.voiceEN = DefaultVoiceEN
	}
	if c.voiceAR == "" {
		c.voiceAR = DefaultVoiceAR
	}
	h := cfg.HTTP
	h.Name = Name
	h.Secrets = append(slices.Clone(h.Secrets), cfg.AuthToken, cfg.APIKeySecret)
	h.ErrorMessage = twilioErrorMessage
	c.dial = dialing.New(h)
	return c, nil
}

// Configured reports whether c is on.
func (c *Client) Configured() bool { return c != nil }

// Name is "twilio".
func (c *Client) Name() string { return Name }

// authHeader is HTTP basic auth with the REST credentials, and the form
// content type.
func (c *Client) authHeader() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(c.user+":"+c.pass)))
	h.Set("Content-Type", "application/x-www-form-urlencoded")
	return h
}

func (c *Client) callsURL() string {
	return c.base + "/2010-04-01/Accounts/" + url.PathEscape(c.account) + "/Calls.json"
}

func (c *Client) callURL(sid string) string {
	return c.base + "/2010-04-01/Accounts/" + url.PathEscape(c.account) + "/Calls/" + url.PathEscape(sid) + ".json"
}

// callResource is the part of Twilio's Call resource read here.
type callResource struct {
	Sid         string `json:"sid"`
	To          string `json:"to"`
	From        string `json:"from"`
	Status      string `json:"status"`
	DateCreated string `json:"date_created"`
}

// form is the call-creation request for d.
func (c *Client) form(d voice.Dial) (url.Values, error) {
	if c == nil {
		return nil, client.NotConfigured(Name)
	}
	if err := dialing.Check(Name, d); err != nil {
		return nil, err
	}
	eu, err := url.Parse(d.EventsURL)
	if err != nil || (eu.Scheme != "https" && eu.Scheme != "http") || eu.Host == "" {
		return nil, errors.New("twilio: dial without an absolute http(s) events URL")
	}
	statusCB, err := withQuery(d.EventsURL, "call", d.CallID)
	if err != nil {
		return nil, err
	}
	gather, err := withQuery(d.EventsURL, "call", d.CallID, "step", "gather", "lang", lang(d.Language))
	if err != nil {
		return nil, err
	}
	tw := c.twiml(d, gather)
	if len([]rune(tw)) > maxTwiML {
		return nil, fmt.Errorf("twilio: the call's TwiML is %d characters, over Twilio's %d", len([]rune(tw)), maxTwiML)
	}
	v := url.Values{}
	v.Set("To", d.To)
	v.Set("From", c.from)
	v.Set("Twiml", tw)
	v.Set("StatusCallback", statusCB)
	v.Set("StatusCallbackMethod", http.MethodPost)
	for _, e := range []string{"initiated", "ringing", "answered", "completed"} {
		v.Add("StatusCallbackEvent", e)
	}
	ring := c.ring
	if d.RingSeconds > 0 && d.RingSeconds < ring {
		ring = d.RingSeconds // a pay-on-connect call: its payer waits for it to connect
	}
	v.Set("Timeout", strconv.Itoa(ring))
	v.Set("TimeLimit", strconv.Itoa(d.MaxSeconds))
	if d.Record {
		v.Set("Record", "true")
	}
	if c.relayURL != "" {
		// Answering-machine detection, asynchronous: the call goes on
		// while Twilio listens, and its verdict (AnsweredBy) is posted to
		// the webhook (step=amd), which leaves the caller's message or
		// hangs up on a machine. DetectMessageEnd waits for the beep, so
		// a message is left whole; Enable answers sooner.
		amd, err := withQuery(d.EventsURL, "call", d.CallID, "step", "amd")
		if err != nil {
			return nil, err
		}
		v.Set("MachineDetection", "Enable")
		if d.VoicemailMessage != "" {
			v.Set("MachineDetection", "DetectMessageEnd")
		}
		v.Set("AsyncAmd", "true")
		v.Set("AsyncAmdStatusCallback", amd)
		v.Set("AsyncAmdStatusCallbackMethod", http.MethodPost)
	}
	return v, nil
}

func lang(l string) string {
	if l == "ar" {
		return "ar"
	}
	return "en"
}

// Dial places the call and returns its Call SID, at most once
// (dialing.Client.Dial). A refusal Twilio gives for good (a 4xx such as
// 21211 invalid number, 21215/21216 destination not permitted or
// blocked, 21217 invalid, 13224/13227 unsupported) wraps
// voice.ErrRejected. A 429 is retried after Twilio's Retry-After (or a
// backoff): Twilio did not create the call. A 5xx, a timeout or a broken
// connection is ambiguous — Twilio may have created the call — so before
// each retry Dial looks for a call to the same number from the same
// caller id created since it started (Find); when there is one it
// returns that SID instead of dialling again. Other errors are
// *client.Error and may be retried by the caller, which should call Find
// first too. The callee's number never appears in an error.
func (c *Client) Dial(ctx context.Context, d voice.Dial) (string, error) {
	v, err := c.form(d)
	if err != nil {
		return "", err
	}
	return c.dial.Dial(ctx, dialing.Call{Number: d.To, Refused: refused,
		Create: func(ctx context.Context) (string, error) {
			var res callResource
			if _, err := c.dial.Once.JSON(ctx, client.Request{Method: http.MethodPost, URL: c.callsURL(),
				Header: c.authHeader(), Body: []byte(v.Encode())}, &res); err != nil {
				return "", err
			}
			if res.Sid == "" {
				return "", c.dial.Once.Malformed("call created without a sid", nil)
			}
			return res.Sid, nil
		},
		Find: func(ctx context.Context, since time.Time) (string, error) { return c.Find(ctx, d.To, since) },
	})
}

// Find returns the SID of a call to the number, from the configured
// caller id, created at or after since (to the second, as Twilio dates
// are), or "" when there is none: how Dial and a restarted job tell
// whether an attempt whose outcome is unknown created a call. Twilio's
// Call resource carries no field of the caller's, so a second Dalil call
// to the same number in that window would be taken for this one (the
// per-number cap makes that rare; it means a call not placed, never a
// call placed twice).
func (c *Client) Find(ctx context.Context, to string, since time.Time) (string, error) {
	if c == nil {
		return "", client.NotConfigured(Name)
	}
	q := url.Values{}
	q.Set("To", to)
	q.Set("From", c.from)
	q.Set("PageSize", "50")
	var page struct {
		Calls []callResource `json:"calls"`
	}
	if _, err := c.dial.HTTP.JSON(ctx, client.Request{URL: c.callsURL() + "?" + q.Encode(), Header: c.authHeader()}, &page); err != nil {
		return "", dialing.Scrub(err, to)
	}
	floor := since.Truncate(time.Second).Add(-time.Second)
	for _, call := range page.Calls {
		created, err := time.Parse(time.RFC1123Z, call.DateCreated)
		if err != nil || call.To != to || call.Sid == "" {
			continue
		}
		if !created.Before(floor) {
			return call.Sid, nil
		}
	}
	return "", nil
}

// FindCall implements voice.Finder for the voice service's dial job: Find
// by the dial's number.
func (c *Client) FindCall(ctx context.Context, d voice.Dial, since time.Time) (string, error) {
	return c.Find(ctx, d.To, since)
}

// Hangup ends the call: Status=completed hangs up a call in progress and
// cancels one still queued or ringing. A call that already ended (Twilio
// error 21220, invalid call state) is not an error.
func (c *Client) Hangup(ctx context.Context, sid string) error {
	if c == nil {
		return client.NotConfigured(Name)
	}
	if strings.TrimSpace(sid) == "" {
		return errors.New("twilio: hang up without a call sid")
	}
	v := url.Values{}
	v.Set("Status", "completed")
	var res callResource
	_, err := c.dial.HTTP.JSON(ctx, client.Request{Method: http.MethodPost, URL: c.callURL(sid), Header: c.authHeader(),
		Body: []byte(v.Encode())}, &res)
	if err != nil && twilioCode(err) == 21220 {
		return nil
	}
	return err
}

// Play replaces the TwiML of a call in progress with twiml (Twilio's
// call update): what it says is said, then the call goes on with it. A
// call that already ended (21220) is not an error.
func (c *Client) Play(ctx context.Context, sid, twiml string) error {
	if c == nil || c.dial == nil {
		return client.NotConfigured(Name)
	}
	v := url.Values{}
	v.Set("Twiml", twiml)
	var res callResource
	_, err := c.dial.HTTP.JSON(ctx, client.Request{Method: http.MethodPost, URL: c.callURL(sid), Header: c.authHeader(),
		Body: []byte(v.Encode())}, &res)
	if err != nil && twilioCode(err) == 21220 {
		return nil
	}
	return err
}

// twilioErrorMessage reads Twilio's REST error object
// {"code":21211,"message":"…","more_info":"…","status":400} as
// "21211: message".
func twilioErrorMessage(_ int, body []byte) string {
	var e struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &e) != nil || (e.Code == 0 && e.Message == "") {
		return ""
	}
	if e.Code == 0 {
		return e.Message
	}
	return strconv.Itoa(e.Code) + ": " + e.Message
}

// twilioCode is the Twilio error code an error carries (0: none).
func twilioCode(err error) int {
	var e *client.Error
	if !errors.As(err, &e) {
		return 0
	}
	code, _, ok := strings.Cut(e.Message, ": ")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(code)
	return n
}

// refused reports a refusal that another attempt cannot cure: a 4xx
// other than 401/403 (the operator's credentials or permissions: fix
// the configuration), 404 (wrong account), 408 and 429.
func refused(s int) bool {
	return s >= 400 && s < 500 && s != http.StatusUnauthorized && s != http.StatusForbidden &&
		s != http.StatusNotFound && s != http.StatusRequestTimeout && s != http.StatusTooManyRequests
}
