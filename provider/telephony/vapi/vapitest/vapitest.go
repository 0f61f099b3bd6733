// Package vapitest runs a local fake of Vapi's REST API (POST /call with
// a transient assistant, GET /call/{id}, GET /call, DELETE /call/{id},
// and the live-call control URL) answering in Vapi's JSON and error
// shapes, that records every call it is asked to place and posts server
// messages ({"message":{…}}: status-update, end-of-call-report) to each
// call's assistant.server.url, authenticated as Vapi does: the
// assistant's server.headers, plus an HMAC signature when the server
// names a credential registered with Credential (Vapi's HMAC credential
// defaults: SHA-256, hex, header x-signature over "{timestamp}.{body}"
// with the timestamp in x-timestamp). Scripted faults
// (clienttest.Faults) give 429, 5xx, hangs and malformed bodies.
//
//	fake := vapitest.New(t, "key", "phone-number-id")
//	fake.Credential("cred-1", "hmac-secret")
//	// … the service dials through the client …
//	id := fake.LastCall().ID
//	fake.Complete(id, 125)          // ringing, in-progress, ended, end-of-call-report
//	fake.Dials("+96891234567") == 1 // dialled exactly once
package vapitest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"dalil/provider/client/clienttest"
	"dalil/provider/telephony/dialing"
	"dalil/provider/telephony/telephonytest"
	"dalil/provider/telephony/vapi"
)

// Call is one call the fake accepted.
type Call struct {
	ID       string
	Name     string
	Number   string         // customer.number
	Body     map[string]any // the creation request as decoded JSON
	Status   string         // queued, ringing, in-progress, forwarding, ended
	Ended    string         // endedReason once ended
	Created  time.Time
	Hangups  int // end-call control messages and deletions received
	Deleted  bool
	ServerTo string // assistant.server.url
	// Spoken are the request-complete messages Dalil's tool results
	// asked the assistant to say; EndRequested: one of them asked to end
	// the call once spoken (endCallAfterSpokenEnabled).
	Spoken       []string
	EndRequested bool
}

// Assistant is the call's transient assistant (Body["assistant"]).
func (c Call) Assistant() map[string]any {
	a, _ := c.Body["assistant"].(map[string]any)
	return a
}

// Delivery is one server message the fake posted.
type Delivery struct {
	URL    string
	Body   []byte
	Header http.Header
	Status int   // the receiver's answer (0 when unreachable)
	Err    error // transport error
}

// Report is what an end-of-call-report carries.
type Report struct {
	EndedReason    string
	Seconds        float64 // durationSeconds; 0 when the call never connected
	Summary        string
	StructuredData map[string]any
	// Messages are the conversation: role "bot" (the assistant) or
	// "user" (the customer), and what was said.
	Messages [][2]string
}

// Server is the fake Vapi API.
type Server struct {
	*httptest.Server
	*clienttest.Faults
	// Book answers what the fake accepted: Dials, Calls, Call, LastCall,
	// WaitCalls, and scripts LoseNextCreate.
	*telephonytest.Book[Call]

	// Key is the API key accepted as a bearer token; PhoneNumberID the
	// only phone number id it knows.
	Key, PhoneNumberID string
	// HTTP posts the server messages (default: 10 s timeout).
	HTTP *http.Client

	keeper     *telephonytest.Keeper[Call] // records the calls and deliveries; its lock guards the maps below
	creds      map[string]string           // credential id → HMAC secret
	rejections map[string]string           // number → message
	now        func() time.Time
}

// New starts the fake, closed with t.
func New(t testing.TB, key, phoneNumberID string) *Server {
	s := &Server{Faults: &clienttest.Faults{}, Key: key, PhoneNumberID: phoneNumberID,
		HTTP: &http.Client{Timeout: 10 * time.Second}, creds: map[string]string{}, rejections: map[string]string{},
		now: time.Now}
	s.Book, s.keeper = telephonytest.New("vapitest", func(c *Call) string { return c.ID },
		func(c *Call) string { return c.Number }, nil)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /call", s.create)
	mux.HandleFunc("GET /call", s.list)
	mux.HandleFunc("GET /call/{id}", s.get)
	mux.HandleFunc("DELETE /call/{id}", s.delete)
	mux.HandleFunc("POST /control/{id}", s.control)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		vapiError(w, http.StatusNotFound, "Cannot "+r.Method+" "+r.URL.Path)
	})
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	t.Cleanup(s.Server.Close)
	return s
}

// BaseURL is the URL to configure the client with (Vapi's
// https://api.vapi.ai).
func (s *Server) BaseURL() string { return s.Server.URL }

// Credential registers an HMAC custom credential: a call whose
// assistant.server.credentialId is id gets its server messages signed
// with secret.
func (s *Server) Credential(id, secret string) {
	s.keeper.Lock()
	defer s.keeper.Unlock()
	s.creds[id] = secret
}

// Reject makes calls to the number fail with a 400 and message, as Vapi
// refuses a number it will not dial.
func (s *Server) Reject(number, message string) {
	s.keeper.Lock()
	defer s.keeper.Unlock()
	s.rejections[number] = message
}

// Deliveries are copies of the server messages posted, in order.
func (s *Server) Deliveries() []Delivery {
	all := s.keeper.Deliveries()
	out := make([]Delivery, len(all))
	for i, d := range all {
		out[i] = Delivery{URL: d.URL, Body: d.Body, Header: d.Header, Status: d.Status, Err: d.Err}
	}
	return out
}

// Complete plays an answered call of seconds that the customer ends:
// status-update ringing, in-progress, ended (customer-ended-call), then
// the end-of-call-report with a summary, structured data and the
// conversation.
func (s *Server) Complete(id string, seconds float64) error {
	return s.Play(id, Report{EndedReason: "customer-ended-call", Seconds: seconds,
		Summary:        "The customer confirmed the shop opens on Friday at 9.",
		StructuredData: map[string]any{"optOut": false, "outcome": "answered", "interest": "medium"},
		Messages:       [][2]string{{"bot", "Hello, this is an automated AI assistant."}, {"user", "Yes, we open at 9 on Friday."}}})
}

// OptOut plays an answered call in which the customer asks not to be
// called again.
func (s *Server) OptOut(id string, seconds float64) error {
	return s.Play(id, Report{EndedReason: "assistant-ended-call", Seconds: seconds,
		Summary:        "The customer asked not to be called again.",
		StructuredData: map[string]any{"optOut": true, "outcome": "opted_out"},
		Messages:       [][2]string{{"bot", "Hello, this is an automated AI assistant."}, {"user", "Please don't call me again."}}})
}

// NoAnswer plays a call nobody picks up.
func (s *Server) NoAnswer(id string) error {
	return s.Play(id, Report{EndedReason: "customer-did-not-answer"})
}

// Busy plays a call to a busy line.
func (s *Server) Busy(id string) error { return s.Play(id, Report{EndedReason: "customer-busy"}) }

// Voicemail plays a call answered by a voicemail box.
func (s *Server) Voicemail(id string, seconds float64) error {
	return s.Play(id, Report{EndedReason: "voicemail", Seconds: seconds})
}

// Play posts a call's messages: status-update ringing, then in-progress
// when the report has seconds, ended with the report's reason, then the
// end-of-call-report. It stops at the first message not answered 2xx.
func (s *Server) Play(id string, rep Report) error {
	if err := s.Status(id, "ringing", ""); err != nil {
		return err
	}
	if rep.Seconds > 0 {
		if err := s.Status(id, "in-progress", ""); err != nil {
			return err
		}
	}
	if err := s.Status(id, "ended", rep.EndedReason); err != nil {
		return err
	}
	return s.EndOfCall(id, rep)
}

// Status posts one status-update message.
func (s *Server) Status(id, status, endedReason string) error {
	msg := map[string]any{"type": "status-update", "status": status}
	if endedReason != "" {
		msg["endedReason"] = endedReason
	}
	return s.send(id, msg, func(c *Call) {
		c.Status = status
		if status == "ended" {
			c.Ended = endedReason
		}
	})
}

// EndOfCall posts the end-of-call-report.
func (s *Server) EndOfCall(id string, rep Report) error {
	end := s.now().UTC()
	start := end.Add(-time.Duration(rep.Seconds * float64(time.Second)))
	msg := map[string]any{"type": "end-of-call-report", "endedReason": rep.EndedReason,
		"cost": 0.02 * rep.Seconds / 60, "durationSeconds": rep.Seconds, "durationMs": rep.Seconds * 1000,
		"durationMinutes": rep.Seconds / 60, "endedAt": end.Format(time.RFC3339Nano)}
	var messages []map[string]any
	var transcript strings.Builder
	for i, m := range rep.Messages {
		at := start.Add(time.Duration(i) * time.Second)
		messages = append(messages, map[string]any{"role": m[0], "message": m[1], "time": at.UnixMilli(),
			"endTime": at.Add(time.Second).UnixMilli(), "secondsFromStart": float64(i), "duration": 1000})
		who := "AI"
		if m[0] == "user" {
			who = "User"
		}
		fmt.Fprintf(&transcript, "%s: %s\n", who, m[1])
	}
	if rep.Seconds > 0 {
		msg["startedAt"] = start.Format(time.RFC3339Nano)
	}
	analysis := map[string]any{}
	if rep.Summary != "" {
		analysis["summary"] = rep.Summary
		msg["summary"] = rep.Summary
	}
	if rep.StructuredData != nil {
		analysis["structuredData"] = rep.StructuredData
	}
	msg["analysis"] = analysis
	msg["artifact"] = map[string]any{"messages": messages, "transcript": transcript.String()}
	msg["transcript"] = transcript.String()
	return s.send(id, msg, func(c *Call) { c.Status, c.Ended = "ended", rep.EndedReason })
}

// ToolCall is one call of a tool the fake's assistant makes.
type ToolCall struct {
	ID, Name string
	// Arguments are the JSON object of the call's arguments.
	Arguments string
}

// ToolResult is one result of Dalil's answer to a tool-calls message.
type ToolResult struct {
	Name       string `json:"name"`
	ToolCallID string `json:"toolCallId"`
	Result     string `json:"result"`
	Error      string `json:"error"`
	Message    *struct {
		Type                      string `json:"type"`
		Content                   string `json:"content"`
		EndCallAfterSpokenEnabled bool   `json:"endCallAfterSpokenEnabled"`
	} `json:"message"`
}

// ToolCalls posts a tool-calls message for the call, as the assistant
// calling its tools (arguments as an object, as Vapi's documentation
// shows them, with each tool's declaration in toolWithToolCallList), to
// the first tool's server (model.tools[].server, else the assistant's:
// Vapi's order), authenticated as that server says, and returns the
// results of the answer. A result whose message ends the call is
// recorded on the call (Spoken, EndRequested), as Vapi would say it and
// hang up. An answer that is not 2xx or not JSON is an error.
func (s *Server) ToolCalls(id string, calls ...ToolCall) ([]ToolResult, error) {
	var list, with []map[string]any
	for _, c := range calls {
		var args any = map[string]any{}
		if c.Arguments != "" {
			if err := json.Unmarshal([]byte(c.Arguments), &args); err != nil {
				return nil, fmt.Errorf("vapitest: arguments of %s: %w", c.Name, err)
			}
		}
		call := map[string]any{"id": c.ID, "type": "function", "function": map[string]any{"name": c.Name, "arguments": args}}
		list = append(list, call)
		with = append(with, map[string]any{"type": "function", "function": map[string]any{"name": c.Name}, "toolCall": call})
	}
	msg := map[string]any{"type": "tool-calls", "toolCallList": list, "toolWithToolCallList": with}
	resp, err := s.sendTo(id, msg, func(c *Call) map[string]any {
		if len(calls) > 0 {
			if srv := toolServer(c, calls[0].Name); srv != nil {
				return srv
			}
		}
		server, _ := c.Assistant()["server"].(map[string]any)
		return server
	})
	if err != nil {
		return nil, err
	}
	var answer struct {
		Results []ToolResult `json:"results"`
	}
	if err := json.Unmarshal(resp, &answer); err != nil {
		return nil, fmt.Errorf("vapitest: tool-calls answer %q: %w", resp, err)
	}
	s.keeper.Lock()
	if c, ok := s.keeper.Get(id); ok {
		for _, r := range answer.Results {
			if r.Message != nil && r.Message.Type == "request-complete" {
				c.Spoken = append(c.Spoken, r.Message.Content)
				c.EndRequested = c.EndRequested || r.Message.EndCallAfterSpokenEnabled
			}
		}
	}
	s.keeper.Unlock()
	return answer.Results, nil
}

// toolServer is the server of the assistant's tool name, or nil.
func toolServer(c *Call, name string) map[string]any {
	model, _ := c.Assistant()["model"].(map[string]any)
	tools, _ := model["tools"].([]any)
	for _, t := range tools {
		tm, _ := t.(map[string]any)
		fn, _ := tm["function"].(map[string]any)
		if fn["name"] == name {
			srv, _ := tm["server"].(map[string]any)
			return srv
		}
	}
	return nil
}

// Replay posts the i-th delivery again, byte for byte (same body and
// headers): Vapi retrying a message.
func (s *Server) Replay(i int) error { return s.keeper.Replay(s.HTTP, i) }

// send wraps msg with the call, signs it and posts it to the call's
// server URL, after apply updated the call.
func (s *Server) send(id string, msg map[string]any, apply func(*Call)) error {
	_, err := s.sendTo(id, msg, func(c *Call) map[string]any {
		apply(c)
		server, _ := c.Assistant()["server"].(map[string]any)
		return server
	})
	return err
}

// sendTo is send to the server pick chooses (and updates the call); it
// returns the receiver's answer body.
func (s *Server) sendTo(id string, msg map[string]any, pick func(*Call) map[string]any) ([]byte, error) {
	return s.keeper.Exchange(s.HTTP, id, func(c *Call) (*telephonytest.Delivery, error) {
		server := pick(c)
		asst := c.Assistant()
		to, _ := server["url"].(string)
		if to == "" {
			return nil, fmt.Errorf("vapitest: call %s has no server url", id)
		}
		now := s.now()
		msg["timestamp"] = now.UnixMilli()
		msg["call"] = s.resource(c)
		msg["assistant"] = asst
		msg["customer"] = c.Body["customer"]
		msg["phoneNumber"] = map[string]any{"id": s.PhoneNumberID, "provider": "twilio", "number": "+15005550006"}
		body, _ := json.Marshal(map[string]any{"message": msg})
		h := http.Header{}
		h.Set("Content-Type", "application/json")
		if hdrs, ok := server["headers"].(map[string]any); ok {
			for k, v := range hdrs {
				if vs, ok := v.(string); ok {
					h.Set(k, vs)
				}
			}
		}
		if cred, _ := server["credentialId"].(string); cred != "" {
			secret, ok := s.creds[cred]
			if !ok {
				return nil, fmt.Errorf("vapitest: unknown credential %s", cred)
			}
			ts := strconv.FormatInt(now.UnixMilli(), 10)
			h.Set("X-Timestamp", ts)
			h.Set("X-Signature", Sign(secret, ts, body))
		}
		return &telephonytest.Delivery{URL: to, Body: body, Header: h, What: "server message " + fmt.Sprint(msg["type"])}, nil
	})
}

// Sign is a Vapi HMAC credential's signature with its defaults
// (vapi.Signature): hex HMAC-SHA256 of "{timestamp}.{body}".
func Sign(secret, timestamp string, body []byte) string {
	return vapi.Signature(secret, timestamp, body)
}

// vapiError writes Vapi's error object (NestJS style).
func vapiError(w http.ResponseWriter, status int, message any) {
	telephonytest.WriteJSON(w, status, map[string]any{"message": message, "error": http.StatusText(status), "statusCode": status})
}

func (s *Server) auth(w http.ResponseWriter, r *http.Request) bool {
	if r.Header.Get("Authorization") != "Bearer "+s.Key {
		vapiError(w, http.StatusUnauthorized, "Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.")
		return false
	}
	return true
}

// allowedServerMessages are the assistant.serverMessages values the fake
// accepts (the ones Vapi documents that matter here, and a few others).
var allowedServerMessages = map[string]bool{"status-update": true, "end-of-call-report": true, "hang": true,
	"transcript": true, "conversation-update": true, "speech-update": true, "tool-calls": true, "user-interrupted": true}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	var body map[string]any
	if err != nil || json.Unmarshal(data, &body) != nil {
		vapiError(w, http.StatusBadRequest, "Unexpected token in JSON")
		return
	}
	var problems []string
	if body["phoneNumberId"] != s.PhoneNumberID {
		problems = append(problems, "Couldn't Get Phone Number. Need Either `phoneNumberId` Or `phoneNumber`.")
	}
	customer, _ := body["customer"].(map[string]any)
	number, _ := customer["number"].(string)
	if !dialing.E164(number) {
		problems = append(problems, "customer.number must be a valid phone number in the E.164 format. Hot tip, you may be missing the country code (Eg. US: +1).")
	}
	asst, _ := body["assistant"].(map[string]any)
	if asst == nil && body["assistantId"] == nil {
		problems = append(problems, "Couldn't Get Assistant. Need Either `assistant` Or `assistantId`.")
	}
	server, _ := asst["server"].(map[string]any)
	serverURL, _ := server["url"].(string)
	if asst != nil {
		if md, ok := asst["maxDurationSeconds"].(float64); ok && (md < 10 || md > 43200) {
			problems = append(problems, "assistant.maxDurationSeconds must not be less than 10")
		}
		if msgs, ok := asst["serverMessages"].([]any); ok {
			for _, m := range msgs {
				if ms, _ := m.(string); !allowedServerMessages[ms] {
					problems = append(problems, "assistant.serverMessages must be one of the documented messages")
				}
			}
		}
		if tcs, ok := asst["transportConfigurations"].([]any); ok {
			for _, tc := range tcs {
				m, _ := tc.(map[string]any)
				if m["provider"] != "twilio" {
					problems = append(problems, "assistant.transportConfigurations.0.provider must be one of the following values: twilio")
				}
				if t, ok := m["timeout"].(float64); ok && (t < 1 || t > 600) {
					problems = append(problems, "assistant.transportConfigurations.0.timeout must not be less than 1 or greater than 600")
				}
			}
		}
		problems = append(problems, checkTools(asst)...)
		if fm, _ := asst["firstMessage"].(string); fm == "" {
			problems = append(problems, "assistant.firstMessage is empty in this fake's checks")
		}
	}
	if name, _ := body["name"].(string); len(name) > 40 {
		problems = append(problems, "name must be shorter than or equal to 40 characters")
	}
	if len(problems) > 0 {
		vapiError(w, http.StatusBadRequest, problems)
		return
	}
	s.keeper.Lock()
	if msg, ok := s.rejections[number]; ok {
		s.keeper.Unlock()
		vapiError(w, http.StatusBadRequest, msg)
		return
	}
	name, _ := body["name"].(string)
	c := &Call{ID: uuid(), Name: name, Number: number, Body: body, Status: "queued", Created: s.now().UTC(), ServerTo: serverURL}
	answer := s.keeper.Add(c)
	out := s.resource(c)
	s.keeper.Unlock()
	answer.Write(w, r, out, func(status int) { vapiError(w, status, "Internal server error") })
}

// functionName is what Vapi's OpenAIFunction.name allows.
var functionName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// checkTools checks assistant.model.tools as Vapi's API reference
// declares a transient function tool: type "function", function.name
// (a-z, A-Z, 0-9, _ and -, at most 64), function.parameters a JSON
// Schema of type object with properties, an absolute server.url when a
// server is given, messages of the documented types.
func checkTools(asst map[string]any) []string {
	model, _ := asst["model"].(map[string]any)
	raw, ok := model["tools"]
	if !ok {
		return nil
	}
	tools, ok := raw.([]any)
	if !ok {
		return []string{"assistant.model.tools must be an array"}
	}
	var problems []string
	seen := map[string]bool{}
	for i, t := range tools {
		at := fmt.Sprintf("assistant.model.tools.%d", i)
		tool, _ := t.(map[string]any)
		if tool["type"] != "function" {
			problems = append(problems, at+".type must be one of the documented tool types (this fake: function)")
			continue
		}
		fn, _ := tool["function"].(map[string]any)
		name, _ := fn["name"].(string)
		if !functionName.MatchString(name) || seen[name] {
			problems = append(problems, at+".function.name must match /^[a-zA-Z0-9_-]{1,64}$/ and be unique")
		}
		seen[name] = true
		if params, ok := fn["parameters"]; ok {
			pm, _ := params.(map[string]any)
			if _, hasProps := pm["properties"].(map[string]any); pm["type"] != "object" || !hasProps {
				problems = append(problems, at+".function.parameters must be an object schema with properties")
			}
		}
		if srv, ok := tool["server"]; ok {
			sm, _ := srv.(map[string]any)
			u, _ := sm["url"].(string)
			if !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
				problems = append(problems, at+".server.url must be a URL address")
			}
		}
		if msgs, ok := tool["messages"]; ok {
			ms, ok := msgs.([]any)
			if !ok {
				problems = append(problems, at+".messages must be an array")
			}
			for _, m := range ms {
				mm, _ := m.(map[string]any)
				switch mm["type"] {
				case "request-start", "request-complete", "request-failed", "request-response-delayed":
				default:
					problems = append(problems, at+".messages.type must be a documented message type")
				}
			}
		}
	}
	return problems
}

// resource is the Call object as Vapi answers it.
func (s *Server) resource(c *Call) map[string]any {
	out := map[string]any{
		"id": c.ID, "orgId": "00000000-0000-4000-8000-000000000001", "type": "outboundPhoneCall",
		"createdAt": c.Created.Format(time.RFC3339Nano), "updatedAt": s.now().UTC().Format(time.RFC3339Nano),
		"status": c.Status, "phoneNumberId": s.PhoneNumberID, "customer": c.Body["customer"],
		"assistant": c.Body["assistant"], "phoneCallProvider": "twilio", "phoneCallTransport": "pstn", "cost": 0,
		"monitor": map[string]any{"listenUrl": "wss://example.invalid/" + c.ID + "/listen",
			"controlUrl": s.Server.URL + "/control/" + c.ID},
	}
	if c.Name != "" {
		out["name"] = c.Name
	}
	if c.Ended != "" {
		out["endedReason"] = c.Ended
	}
	return out
}

// locked takes the lock and returns the call the path names, or answers
// 404 (without the lock) when there is none or it was deleted.
func (s *Server) locked(w http.ResponseWriter, r *http.Request) (*Call, bool) {
	s.keeper.Lock()
	c, ok := s.keeper.Get(r.PathValue("id"))
	if !ok || c.Deleted {
		s.keeper.Unlock()
		vapiError(w, http.StatusNotFound, "Call not found")
		return nil, false
	}
	return c, true
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	c, ok := s.locked(w, r)
	if !ok {
		return
	}
	out := s.resource(c)
	s.keeper.Unlock()
	telephonytest.WriteJSON(w, http.StatusOK, out)
}

// list answers GET /call filtered by phoneNumberId and createdAtGe (and
// createdAtGt), newest first, at most limit (default 100).
func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	q := r.URL.Query()
	limit := 100
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 1000 {
			vapiError(w, http.StatusBadRequest, []string{"limit must not be greater than 1000"})
			return
		}
		limit = n
	}
	var ge, gt time.Time
	for _, p := range []struct {
		name string
		t    *time.Time
	}{{"createdAtGe", &ge}, {"createdAtGt", &gt}} {
		if v := q.Get(p.name); v != "" {
			t, err := time.Parse(time.RFC3339Nano, v)
			if err != nil {
				vapiError(w, http.StatusBadRequest, []string{p.name + " must be a valid ISO 8601 date string"})
				return
			}
			*p.t = t
		}
	}
	s.keeper.Lock()
	out := []map[string]any{}
	for c := range s.keeper.Newest() {
		if len(out) >= limit {
			break
		}
		if c.Deleted || (q.Get("phoneNumberId") != "" && q.Get("phoneNumberId") != s.PhoneNumberID) ||
			(!ge.IsZero() && c.Created.Before(ge)) || (!gt.IsZero() && !c.Created.After(gt)) {
			continue
		}
		out = append(out, s.resource(c))
	}
	s.keeper.Unlock()
	telephonytest.WriteJSON(w, http.StatusOK, out)
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	c, ok := s.locked(w, r)
	if !ok {
		return
	}
	c.Hangups++
	c.Deleted = true
	if c.Status != "ended" {
		c.Status, c.Ended = "ended", "call-deleted"
	}
	out := s.resource(c)
	s.keeper.Unlock()
	telephonytest.WriteJSON(w, http.StatusOK, out)
}

// control takes live-call control messages; {"type":"end-call"} ends
// the call. The control URL needs no API key (it is the capability).
func (s *Server) control(w http.ResponseWriter, r *http.Request) {
	var m struct {
		Type string `json:"type"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&m); err != nil || m.Type == "" {
		vapiError(w, http.StatusBadRequest, "invalid control message")
		return
	}
	s.keeper.Lock()
	defer s.keeper.Unlock()
	c, ok := s.keeper.Get(r.PathValue("id"))
	if !ok || c.Status == "ended" {
		vapiError(w, http.StatusNotFound, "Call not found or already ended")
		return
	}
	if m.Type == "end-call" {
		c.Hangups++
		c.Status, c.Ended = "ended", "manually-canceled"
	}
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, "OK")
}

func uuid() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}
