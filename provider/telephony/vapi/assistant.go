package vapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/converse"
	"dalil/provider/client"
	"dalil/provider/telephony/dialing"
)

// Metadata keys on the transient assistant, echoed in every server
// message (message.assistant.metadata).
const (
	metaCallID     = "dalilCallId"
	metaTranscript = "dalilTranscript" // "on" or "off": whether the transcript may be kept
)

// maxInstructions caps the instructions quoted into the system prompt:
// the capability's objective (≤ 2,000 characters) and context values
// (≤ 500 each) fit with room to spare.
const maxInstructions = 12000

// ringBuffer is what Vapi may add to a ring timeout ("for some call
// flows, a 5-second buffer").
const ringBuffer = 5

// voices and transcribers per call language: Azure speaks and
// recognises both English and Arabic (Gulf Arabic for Dalil's market).
var (
	voices = map[string]map[string]any{
		"en": {"provider": "azure", "voiceId": "en-US-JennyNeural"},
		"ar": {"provider": "azure", "voiceId": "ar-OM-AyshaNeural"},
	}
	transcribers = map[string]map[string]any{
		"en": {"provider": "azure", "language": "en-US"},
		"ar": {"provider": "azure", "language": "ar-OM"},
	}
)

// Tools: the assistant gets the conversation tools of Dalil's own engine
// (converse.Tools), declared as Vapi function tools. Their tool-calls
// messages go to the webhook (the tool's server: the events URL with the
// same authentication), which records each call and answers it; a call
// that ends the conversation (opt_out, end_call) is answered with the
// engine's closing line as a request-complete message that ends the call
// once spoken (endCallAfterSpokenEnabled). No other way to hang up is
// given (no endCall tool), so the call ends through a recorded outcome or
// by the callee, the maximum duration or silence.

// toolTimeout is how long Vapi waits for a tool call's answer: a live
// caller is waiting, and recording one is a single transaction.
const toolTimeout = 10

// tools are the conversation tools of capability in Vapi's format,
// posted to server.
func tools(capability string, server map[string]any) []map[string]any {
	var out []map[string]any
	for _, t := range converse.Tools(capability) {
		out = append(out, map[string]any{
			"type":     "function",
			"async":    false, // the assistant waits for the answer (a refusal it must correct, or the end)
			"function": map[string]any{"name": t.Name, "description": t.Description, "parameters": t.Schema},
			"server":   server,
			// No filler phrase while a fact is recorded.
			"messages": []any{},
		})
	}
	return out
}

// conversation is what the assistant's prompt is built from: the call as
// Dalil's own engine would be given it.
func conversation(d voice.Dial) voice.Conversation {
	return voice.Conversation{CallID: d.CallID, Capability: d.Capability, Language: d.Language, Script: d.Script,
		Instructions: d.Instructions, MaxSeconds: d.MaxSeconds, Transcribe: d.Transcribe, PlacedAt: d.PlacedAt}
}

// noLiquid keeps Vapi's templating (LiquidJS: {{ … }} and {% … %} in
// prompts and messages) from reading the caller's text as a template: a
// space goes between "{" and a following "{" or "%". Dalil's own text has
// neither, and JSON has them only inside strings.
func noLiquid(s string) string {
	if !strings.Contains(s, "{{") && !strings.Contains(s, "{%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if s[i] == '{' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '%') {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// request is the POST /call body for d.
func (c *Client) request(d voice.Dial) ([]byte, error) {
	if c == nil {
		return nil, client.NotConfigured(Name)
	}
	if err := dialing.Check(Name, d); err != nil {
		return nil, err
	}
	if len(d.Instructions) > maxInstructions {
		return nil, fmt.Errorf("vapi: instructions over %d bytes", maxInstructions)
	}
	events := d.EventsURL
	if events == "" {
		events = c.eventsURL
	}
	if u, err := url.Parse(events); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("vapi: dial without an absolute http(s) events URL")
	}
	lang := "en"
	if d.Language == "ar" {
		lang = "ar"
	}
	// The greeting, the rules and the task are Dalil's engine's own
	// (converse), so Twilio and Vapi calls keep the same rules.
	first := noLiquid(converse.Greeting(d.Script))
	prompt := noLiquid(converse.SystemPrompt(conversation(d)))
	transcript := "off"
	if d.Transcribe {
		transcript = "on"
	}
	excluded := []int{400, 401, 403, 404, 405, 413, 415}
	server := map[string]any{
		"url": events, "timeoutSeconds": 20,
		// Vapi does not retry a failed server message unless told to; a
		// lost end-of-call-report would leave the call open.
		"backoffPlan": map[string]any{"type": "exponential", "maxRetries": 5, "baseDelaySeconds": 2, "excludedStatusCodes": excluded},
	}
	// A tool call is answered while the callee waits: a shorter timeout
	// and quick retries (a redelivery is answered as the first).
	toolServer := map[string]any{
		"url": events, "timeoutSeconds": toolTimeout,
		"backoffPlan": map[string]any{"type": "fixed", "maxRetries": 2, "baseDelaySeconds": 1, "excludedStatusCodes": excluded},
	}
	if c.credential != "" {
		server["credentialId"], toolServer["credentialId"] = c.credential, c.credential
	} else {
		server["headers"] = map[string]string{SecretHeader: c.secret}
		toolServer["headers"] = map[string]string{SecretHeader: c.secret}
	}
	assistant := map[string]any{
		"name":             "Dalil call",
		"firstMessage":     first,
		"firstMessageMode": "assistant-speaks-first",
		"model": map[string]any{"provider": c.provider, "model": c.model, "temperature": 0.3,
			"messages": []map[string]any{{"role": "system", "content": prompt}},
			"tools":    tools(d.Capability, toolServer)},
		"voice":              voices[lang],
		"transcriber":        transcribers[lang],
		"maxDurationSeconds": max(d.MaxSeconds, 10),
		"server":             server,
		"serverMessages":     []string{"status-update", "tool-calls", "end-of-call-report"},
		"clientMessages":     []string{},
		"metadata":           map[string]any{metaCallID: d.CallID, metaTranscript: transcript},
		"artifactPlan": map[string]any{"recordingEnabled": d.Record,
			"transcriptPlan": map[string]any{"enabled": d.Transcribe}},
		"monitorPlan": map[string]any{"listenEnabled": false, "controlEnabled": true},
	}
	if d.RingSeconds > 0 {
		// The ring limit is a transport setting; Vapi documents it for
		// Twilio-carried numbers only ("timeout", 1-600 s, with up to 5 s
		// added in some call flows, hence the 5 s taken off here). On
		// other carriers it has no effect and the waiting request's
		// cancel (a hang-up) still ends an unanswered call.
		assistant["transportConfigurations"] = []map[string]any{{"provider": "twilio", "timeout": max(d.RingSeconds-ringBuffer, 1)}}
	}
	body := map[string]any{
		"name":          callName(d.CallID),
		"phoneNumberId": c.phone,
		"customer":      map[string]any{"number": d.To},
		"assistant":     assistant,
	}
	return json.Marshal(body)
}
