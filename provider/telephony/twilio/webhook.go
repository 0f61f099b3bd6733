package twilio

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"dalil/capabilities/voice"
	"dalil/provider/telephony/webhook"
)

// maxWebhookBody caps a callback's body: Twilio's status callbacks are a
// few hundred bytes of form parameters.
const maxWebhookBody = 64 << 10

// Webhook receives Twilio's status callbacks (and the answer to the
// script's opt-out <Gather>) for calls placed by Client. It is an
// http.Handler for POST /webhooks/voice/twilio.
type Webhook struct {
	token string
	url   string // the route's public URL, without a query
	sink  voice.EventSink
	c     *Client // TwiML settings for the gather answer; nil: defaults
	now   func() time.Time
}

// NewWebhook returns the webhook verifying signatures with the account's
// auth token; publicURL is the route's public URL exactly as Twilio is
// given it (the EventsURL of every Dial, without a query:
// https://dalil.example/webhooks/voice/twilio). The gather answer uses
// the default voices and no conversation endpoint; a service that dials
// should use Client.Webhook.
func NewWebhook(authToken, publicURL string, sink voice.EventSink) (*Webhook, error) {
	if authToken == "" {
		return nil, errors.New("twilio webhook: the auth token is required")
	}
	if sink == nil {
		return nil, errors.New("twilio webhook: an event sink is required")
	}
	u, err := url.Parse(publicURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("twilio webhook: the public URL must be an absolute http(s) URL without a query")
	}
	return &Webhook{token: authToken, url: publicURL, sink: sink,
		c: &Client{voiceEN: DefaultVoiceEN, voiceAR: DefaultVoiceAR}, now: time.Now}, nil
}

// Webhook returns the webhook for calls c places (its auth token, voices
// and conversation endpoint); see NewWebhook for publicURL.
func (c *Client) Webhook(publicURL string, sink voice.EventSink) (*Webhook, error) {
	if c == nil {
		return nil, errors.New("twilio webhook: twilio is not configured")
	}
	w, err := NewWebhook(c.authToken, publicURL, sink)
	if err != nil {
		return nil, err
	}
	w.c = c
	w.now = c.dial.Now
	return w, nil
}

// ServeHTTP verifies and applies one callback. 405 for another method,
// 415 for a body that is not form-encoded, 413 over 64 KiB, 403 when
// X-Twilio-Signature is missing or does not match, 400 for a signed
// callback without CallSid or with an unknown CallStatus, 500 when the
// sink failed (Twilio may retry), else 204 (status callbacks) or 200 with
// TwiML (the gather answer).
func (w *Webhook) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	body, ok := webhook.Body(rw, r, "application/x-www-form-urlencoded", "form-encoded body expected", maxWebhookBody)
	if !ok {
		return
	}
	params, err := url.ParseQuery(string(body))
	if err != nil {
		// Twilio encodes every body it sends; an undecodable one cannot be
		// checked against a signature either.
		http.Error(rw, "invalid signature", http.StatusForbidden)
		return
	}
	full := w.url
	if r.URL.RawQuery != "" {
		full += "?" + r.URL.RawQuery
	}
	if !Valid(w.token, full, params, r.Header.Get("X-Twilio-Signature")) {
		http.Error(rw, "invalid signature", http.StatusForbidden)
		return
	}
	query, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		http.Error(rw, "malformed query", http.StatusBadRequest)
		return
	}
	switch query.Get("step") {
	case "gather":
		w.gather(rw, r, query, params)
		return
	case "amd":
		w.machine(rw, r, query, params)
		return
	}
	e, err := w.Event(params, query.Get("call"))
	if err != nil {
		http.Error(rw, err.Error(), http.StatusBadRequest)
		return
	}
	if webhook.Apply(rw, r, w.sink, e) {
		rw.WriteHeader(http.StatusNoContent)
	}
}

// gather answers the script's <Gather>: an answer that asks not to be
// called again is applied as an opt-out (the number goes on the
// do-not-call list) and the call ends with a confirmation; any other
// answer continues the call.
func (w *Webhook) gather(rw http.ResponseWriter, r *http.Request, query, params url.Values) {
	sid := params.Get("CallSid")
	if sid == "" {
		http.Error(rw, "CallSid missing", http.StatusBadRequest)
		return
	}
	l := lang(query.Get("lang"))
	twiml := w.c.continueTwiML(query.Get("call"), l)
	if isOptOut(params.Get("SpeechResult")) {
		e := voice.Event{ID: sid + ":opt-out", Provider: Name, ProviderCallID: sid, CallID: query.Get("call"),
			Status: voice.StatusInProgress, At: w.now().UTC(), OptOut: true, Outcome: "opted_out"}
		if !webhook.Apply(rw, r, w.sink, e) {
			return
		}
		twiml = w.c.optedOutTwiML(l)
	}
	rw.Header().Set("Content-Type", "text/xml; charset=utf-8")
	rw.WriteHeader(http.StatusOK)
	io.WriteString(rw, twiml)
}

// machine answers the asynchronous answering-machine detection's
// verdict (AnsweredBy: human, machine_start, machine_end_beep,
// machine_end_silence, machine_end_other, fax, unknown). A machine or a
// fax is recorded (voice.MachineSink: the call ends voicemail), then the
// caller's message is said over the call (disclosure first) and the call
// hung up, or, without a message, the call is hung up at once. Anything
// else changes nothing.
func (w *Webhook) machine(rw http.ResponseWriter, r *http.Request, query, params url.Values) {
	sid := params.Get("CallSid")
	if sid == "" {
		http.Error(rw, "CallSid missing", http.StatusBadRequest)
		return
	}
	by := params.Get("AnsweredBy")
	ms, isSink := w.sink.(voice.MachineSink)
	if !isSink || !(strings.HasPrefix(by, "machine") || by == "fax") {
		rw.WriteHeader(http.StatusNoContent)
		return
	}
	message, lang, ok, err := ms.MachineAnswered(r.Context(), query.Get("call"), Name, sid)
	if err != nil && !errors.Is(err, voice.ErrUnknownCall) {
		http.Error(rw, "could not record the verdict", http.StatusInternalServerError)
		return
	}
	if ok && w.c != nil && w.c.dial != nil {
		if message != "" && by != "fax" {
			err = w.c.Play(r.Context(), sid, w.c.voicemailTwiML(lang, message))
		} else {
			err = w.c.Hangup(r.Context(), sid)
		}
		if err != nil {
			http.Error(rw, "could not act on the verdict", http.StatusBadGateway)
			return
		}
	}
	rw.WriteHeader(http.StatusNoContent)
}

// statuses maps Twilio's CallStatus to the call lifecycle. Twilio's
// "answered" event reports in-progress: it is the moment the callee
// picked up, so it maps to answered (voice.Next lets an answered call,
// not one in progress, still turn out to be voicemail). "queued" is
// Twilio's own queue (counted as dialling: Dalil's queue is behind the
// call by then).
var statuses = map[string]voice.Status{
	"queued": voice.StatusDialing, "initiated": voice.StatusDialing, "ringing": voice.StatusRinging,
	"answered": voice.StatusAnswered, "in-progress": voice.StatusAnswered, "completed": voice.StatusCompleted,
	"busy": voice.StatusBusy, "no-answer": voice.StatusNoAnswer, "failed": voice.StatusFailed,
	"canceled": voice.StatusCancelled,
}

// MapStatus is the voice.Status for a Twilio CallStatus ("" and false
// for an unknown one). A completed call answered by a machine
// (AnsweredBy machine_… or fax, when answering machine detection is on)
// is voicemail.
func MapStatus(callStatus, answeredBy string) (voice.Status, bool) {
	s, ok := statuses[callStatus]
	if ok && s == voice.StatusCompleted && (strings.HasPrefix(answeredBy, "machine") || answeredBy == "fax") {
		s = voice.StatusVoicemail
	}
	return s, ok
}

// Event parses a verified status callback's parameters into the event
// the sink applies; callID is Dalil's id from the signed URL. Its ID is
// CallSid and SequenceNumber (CallSid and CallStatus when Twilio sent no
// sequence number), so a redelivered callback has the same ID. The
// error names a missing or unknown parameter.
func (w *Webhook) Event(p url.Values, callID string) (voice.Event, error) {
	sid := strings.TrimSpace(p.Get("CallSid"))
	if sid == "" {
		return voice.Event{}, errors.New("CallSid missing")
	}
	raw := p.Get("CallStatus")
	st, ok := MapStatus(raw, p.Get("AnsweredBy"))
	if !ok {
		return voice.Event{}, errors.New("unknown CallStatus")
	}
	e := voice.Event{Provider: Name, ProviderCallID: sid, CallID: callID, Status: st, Outcome: raw}
	if seq, err := strconv.ParseUint(p.Get("SequenceNumber"), 10, 32); err == nil {
		e.ID = sid + ":" + strconv.FormatUint(seq, 10)
	} else {
		e.ID = sid + ":" + raw
	}
	e.At = w.now().UTC()
	if ts := p.Get("Timestamp"); ts != "" {
		for _, layout := range []string{time.RFC1123Z, time.RFC1123, time.RFC3339} {
			if t, err := time.Parse(layout, ts); err == nil {
				e.At = t.UTC()
				break
			}
		}
	}
	if st == voice.StatusCompleted || st == voice.StatusVoicemail {
		if n, err := strconv.Atoi(p.Get("CallDuration")); err == nil && n > 0 {
			e.ConnectedSeconds = n
		}
	}
	return e, nil
}

// Signature is Twilio's X-Twilio-Signature of a form-encoded POST to
// fullURL (scheme, host, path and query exactly as requested): HMAC-SHA1
// keyed by the auth token over the URL followed by every POST parameter
// name and value, in order of name (a repeated name's values sorted),
// with no separators, in standard base64.
func Signature(authToken, fullURL string, params url.Values) string {
	m := hmac.New(sha1.New, []byte(authToken))
	io.WriteString(m, fullURL)
	names := make([]string, 0, len(params))
	for k := range params {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		vs := slices.Clone(params[k])
		sort.Strings(vs)
		for _, v := range vs {
			io.WriteString(m, k)
			io.WriteString(m, v)
		}
	}
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// Valid reports whether signature is Twilio's for the request, compared
// in constant time. As Twilio's own libraries do, the URL is also tried
// with the scheme's default port added (or removed), since the URL
// Twilio signs may carry it.
func Valid(authToken, fullURL string, params url.Values, signature string) bool {
	if signature == "" || authToken == "" {
		return false
	}
	got := []byte(signature)
	ok := false
	for _, u := range urlVariants(fullURL) {
		want := []byte(Signature(authToken, u, params))
		// Every variant is computed and compared, so the time taken does
		// not tell which one matched.
		if subtle.ConstantTimeCompare(got, want) == 1 {
			ok = true
		}
	}
	return ok
}

// urlVariants is the URL as given and with its default port toggled.
func urlVariants(fullURL string) []string {
	u, err := url.Parse(fullURL)
	if err != nil || u.Host == "" {
		return []string{fullURL}
	}
	port := map[string]string{"https": "443", "http": "80"}[u.Scheme]
	if port == "" {
		return []string{fullURL}
	}
	alt := *u
	if u.Port() == "" {
		alt.Host = net.JoinHostPort(u.Hostname(), port)
	} else if u.Port() == port {
		alt.Host = u.Hostname()
		if strings.Contains(alt.Host, ":") {
			alt.Host = "[" + alt.Host + "]"
		}
	} else {
		return []string{fullURL}
	}
	return []string{fullURL, alt.String()}
}
