package vapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/converse"
	"dalil/provider/telephony/webhook"
)

// maxWebhookBody caps a server message: an end-of-call-report carries
// the whole conversation and the assistant, a few hundred kilobytes at
// most for a call of an hour.
const maxWebhookBody = 4 << 20

// SignatureTolerance is how far an HMAC-signed message's timestamp may
// be from the clock: an older message (a replay) is refused.
const SignatureTolerance = 5 * time.Minute

// Webhook receives Vapi's server messages for calls placed by Client. It
// is an http.Handler for POST /webhooks/voice/vapi.
type Webhook struct {
	secret string
	hmac   bool
	sink   voice.EventSink
	tools  voice.ToolSink
	now    func() time.Time
}

// NewWebhook returns the webhook: events go to sink, the assistant's tool
// calls to tools. With hmacCredential, messages must carry the signature
// of Vapi's HMAC custom credential whose secret key is secret; without,
// the X-Vapi-Secret header must equal secret.
func NewWebhook(secret string, hmacCredential bool, sink voice.EventSink, tools voice.ToolSink) (*Webhook, error) {
	if len(secret) < 16 {
		return nil, errors.New("vapi webhook: the secret must be at least 16 characters")
	}
	if sink == nil || tools == nil {
		return nil, errors.New("vapi webhook: an event sink and a tool sink are required")
	}
	return &Webhook{secret: secret, hmac: hmacCredential, sink: sink, tools: tools, now: time.Now}, nil
}

// Webhook returns the webhook for calls c places (its secret and
// authentication scheme).
func (c *Client) Webhook(sink voice.EventSink, tools voice.ToolSink) (*Webhook, error) {
	if c == nil {
		return nil, errors.New("vapi webhook: vapi is not configured")
	}
	w, err := NewWebhook(c.secret, c.credential != "", sink, tools)
	if err != nil {
		return nil, err
	}
	w.now = c.dial.Now
	return w, nil
}

// ServeHTTP verifies and applies one server message: 405 for another
// method, 415 for a body that is not JSON, 413 over 4 MiB, 401 when the
// signature or the secret is missing or wrong (or the signature's
// timestamp is over five minutes off), all before anything is read; 400
// for a verified body that is not a server message, 500 when the sink
// failed (Vapi retries), else 204. A tool-calls message is answered 200
// with its results (toolCalls). Message types other than these, and
// status updates that change nothing here, are acknowledged and not
// applied.
func (w *Webhook) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	body, ok := webhook.Body(rw, r, "application/json", "JSON body expected", maxWebhookBody)
	if !ok {
		return
	}
	if !w.verify(r.Header, body) {
		http.Error(rw, "invalid signature", http.StatusUnauthorized)
		return
	}
	var head struct {
		Message *struct {
			Type string `json:"type"`
		} `json:"message"`
	}
	if json.Unmarshal(body, &head) == nil && head.Message != nil && head.Message.Type == "tool-calls" {
		w.toolCalls(rw, r, body)
		return
	}
	e, apply, err := w.Event(body)
	if err != nil {
		http.Error(rw, err.Error(), http.StatusBadRequest)
		return
	}
	if !apply || webhook.Apply(rw, r, w.sink, e) {
		rw.WriteHeader(http.StatusNoContent)
	}
}

// verify checks the message's authentication in constant time.
func (w *Webhook) verify(h http.Header, body []byte) bool {
	if !w.hmac {
		got := h.Get(SecretHeader)
		return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(w.secret)) == 1
	}
	sig := strings.TrimPrefix(strings.TrimSpace(h.Get("X-Signature")), "sha256=")
	ts := strings.TrimSpace(h.Get("X-Timestamp"))
	if sig == "" || ts == "" {
		return false
	}
	at, ok := parseTimestamp(ts)
	if !ok || absDuration(w.now().Sub(at)) > SignatureTolerance {
		return false
	}
	return ValidSignature(w.secret, ts, body, sig)
}

// Signature is the signature of Vapi's HMAC credential with its
// defaults: hex HMAC-SHA256 of "{timestamp}.{body}".
func Signature(secret, timestamp string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	io.WriteString(m, timestamp+".")
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// ValidSignature reports whether sig (hex, either case) is the
// signature of body at timestamp, in constant time.
func ValidSignature(secret, timestamp string, body []byte, sig string) bool {
	got, err := hex.DecodeString(sig)
	if err != nil || len(got) != sha256.Size {
		return false
	}
	want, _ := hex.DecodeString(Signature(secret, timestamp, body))
	return hmac.Equal(got, want)
}

// parseTimestamp reads Unix time in milliseconds (13 digits or more) or
// seconds.
func parseTimestamp(s string) (time.Time, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return time.Time{}, false
	}
	if n >= 1e12 {
		return time.UnixMilli(n), true
	}
	return time.Unix(n, 0), true
}

func absDuration(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// serverMessage is the part of a Vapi server message read here.
type serverMessage struct {
	Message *struct {
		Type        string   `json:"type"`
		Status      string   `json:"status"`
		EndedReason string   `json:"endedReason"`
		Timestamp   *float64 `json:"timestamp"`
		// end-of-call-report
		DurationSeconds *float64 `json:"durationSeconds"`
		StartedAt       string   `json:"startedAt"`
		EndedAt         string   `json:"endedAt"`
		Artifact        *struct {
			Messages []struct {
				Role    string   `json:"role"`
				Message string   `json:"message"`
				Time    *float64 `json:"time"`
			} `json:"messages"`
		} `json:"artifact"`
		Call *struct {
			ID        string `json:"id"`
			Name      string `json:"name"`
			Assistant *struct {
				Metadata map[string]any `json:"metadata"`
			} `json:"assistant"`
		} `json:"call"`
		Assistant *struct {
			Metadata map[string]any `json:"metadata"`
		} `json:"assistant"`
	} `json:"message"`
}

// liveStatuses maps status-update's status while the call is live.
// "in-progress" is the moment the call connected (answered: an answered
// call may still turn out to be voicemail); "ended" is applied through
// the end-of-call-report, which has the duration and the analysis.
var liveStatuses = map[string]voice.Status{
	"queued": voice.StatusDialing, "ringing": voice.StatusRinging, "in-progress": voice.StatusAnswered,
	"forwarding": voice.StatusInProgress,
}

// endedReasons maps the endedReason values that are not a conversation
// that took place.
var endedReasons = map[string]voice.Status{
	"customer-did-not-answer":            voice.StatusNoAnswer,
	"customer-busy":                      voice.StatusBusy,
	"voicemail":                          voice.StatusVoicemail,
	"manually-canceled":                  voice.StatusCancelled,
	"call-deleted":                       voice.StatusCancelled,
	"scheduled-call-deleted":             voice.StatusCancelled,
	"twilio-reported-customer-misdialed": voice.StatusRejected,
	"vonage-rejected":                    voice.StatusRejected,
	"twilio-failed-to-connect-call":      voice.StatusFailed,
	"vonage-failed-to-connect-call":      voice.StatusFailed,
}

// MapEndedReason is the terminal status of a call that ended for reason
// having been connected for seconds: the reasons above as mapped; a
// failure to start (call.start.error-…, assistant-…-not-found, …) is
// failed; anything else (the assistant or the customer ended it, the
// maximum duration, silence, an error during the conversation) is
// completed when the call connected and failed when it did not.
func MapEndedReason(reason string, seconds int) voice.Status {
	if s, ok := endedReasons[reason]; ok {
		return s
	}
	switch {
	case strings.HasPrefix(reason, "call.start.error"), strings.HasPrefix(reason, "assistant-request"),
		reason == "assistant-not-found", reason == "assistant-not-valid",
		reason == "call-start-error-neither-assistant-nor-server-set",
		strings.Contains(reason, "failed-to-connect"), strings.Contains(reason, "never-connected"):
		return voice.StatusFailed
	case seconds > 0:
		return voice.StatusCompleted
	}
	return voice.StatusFailed
}

// EndedBy is how a conversation ended for Vapi's endedReason, in the
// conversation engine's words: the customer hanging up is callee_hung_up,
// the maximum duration time_limit, a failing language model
// model_unavailable; the assistant ending the call without a tool that
// ends it, silence, and Vapi's other reasons have no outcome of their
// own (the tally says no outcome was recorded, naming the reason).
func EndedBy(reason string) string {
	switch {
	case strings.HasPrefix(reason, "customer-ended-call"):
		return "callee_hung_up"
	case reason == "exceeded-max-duration":
		return "time_limit"
	case strings.Contains(reason, "llm"):
		return "model_unavailable"
	case strings.HasPrefix(reason, "assistant-") && strings.Contains(reason, "end"):
		return "assistant_ended"
	case reason == "silence-timed-out":
		return "silence_timeout"
	case strings.Contains(reason, "error"), strings.Contains(reason, "fault"), strings.Contains(reason, "failed"):
		return "provider_error"
	}
	return "provider_ended"
}

// Event parses a verified server message. apply is false for a message
// that is acknowledged without changing the call (another type, the
// status-update "ended" that precedes the report, an unknown status).
// The error names what is missing from a status-update or an
// end-of-call-report.
func (w *Webhook) Event(body []byte) (e voice.Event, apply bool, err error) {
	var m serverMessage
	if err := json.Unmarshal(body, &m); err != nil || m.Message == nil {
		return voice.Event{}, false, errors.New("not a Vapi server message")
	}
	msg := m.Message
	if msg.Type != "status-update" && msg.Type != "end-of-call-report" {
		return voice.Event{}, false, nil
	}
	if msg.Call == nil || strings.TrimSpace(msg.Call.ID) == "" {
		return voice.Event{}, false, errors.New("message.call.id missing")
	}
	e = voice.Event{Provider: Name, ProviderCallID: msg.Call.ID, At: w.now().UTC()}
	if msg.Timestamp != nil && *msg.Timestamp > 0 && *msg.Timestamp < 1e15 {
		e.At = time.UnixMilli(int64(*msg.Timestamp)).UTC()
	}
	meta := map[string]any{}
	if msg.Call.Assistant != nil && msg.Call.Assistant.Metadata != nil {
		meta = msg.Call.Assistant.Metadata
	}
	if msg.Assistant != nil && msg.Assistant.Metadata != nil {
		meta = msg.Assistant.Metadata
	}
	e.CallID, _ = meta[metaCallID].(string)
	if msg.Type == "status-update" {
		st, ok := liveStatuses[msg.Status]
		if !ok {
			return voice.Event{}, false, nil
		}
		e.ID = msg.Call.ID + ":status:" + msg.Status
		e.Status = st
		return e, true, nil
	}
	e.ID = msg.Call.ID + ":end-of-call-report"
	if msg.EndedReason == "" {
		return voice.Event{}, false, errors.New("end-of-call-report without endedReason")
	}
	seconds := 0
	if msg.DurationSeconds != nil && *msg.DurationSeconds > 0 && *msg.DurationSeconds < 1e7 {
		seconds = int(math.Round(*msg.DurationSeconds))
	} else if start, err1 := time.Parse(time.RFC3339Nano, msg.StartedAt); err1 == nil {
		if end, err2 := time.Parse(time.RFC3339Nano, msg.EndedAt); err2 == nil && end.After(start) {
			seconds = int(math.Round(end.Sub(start).Seconds()))
		}
	}
	e.Status = MapEndedReason(msg.EndedReason, seconds)
	if e.Status.Connected() {
		e.ConnectedSeconds = seconds
	}
	e.Outcome = msg.EndedReason
	// The conversation was held with Dalil's tools: the outcome is the
	// tally of the tool calls recorded (voice.ToolRules), ended as the
	// report says. Vapi's own analysis (summary, structured data) is not
	// read.
	e.EndedBy = EndedBy(msg.EndedReason)
	if msg.Artifact != nil {
		for _, line := range msg.Artifact.Messages {
			speaker := map[string]string{"bot": "agent", "assistant": "agent", "user": "customer"}[line.Role]
			if speaker == "" || strings.TrimSpace(line.Message) == "" {
				continue
			}
			// Plain words asking not to be called again are an opt-out,
			// as in Dalil's own conversations, whatever the assistant did.
			if speaker == "customer" && converse.AsksNotToBeCalled(line.Message) {
				e.OptOut = true
			}
			if meta[metaTranscript] != "on" {
				continue // the transcript was not asked for: not kept
			}
			tl := voice.TranscriptLine{Speaker: speaker, Text: line.Message}
			if line.Time != nil && *line.Time > 0 && *line.Time < 1e15 {
				tl.At = time.UnixMilli(int64(*line.Time)).UTC()
			}
			e.Transcript = append(e.Transcript, tl)
		}
	}
	return e, true, nil
}
