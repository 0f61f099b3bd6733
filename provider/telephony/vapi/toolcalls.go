package vapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"dalil/capabilities/voice"
)

// Tool calls. Vapi posts a "tool-calls" server message when the
// assistant calls one of its function tools (the conversation tools,
// assistant.go) and waits for the answer:
//
//	{"message":{"type":"tool-calls",
//	  "toolCallList":[{"id":"call_x","type":"function",
//	    "function":{"name":"record_answers","arguments":{"interest":"high"}}}],
//	  "toolWithToolCallList":[{"type":"function","function":{…},"toolCall":{…}}],
//	  "call":{"id":"…"},"assistant":{"metadata":{"dalilCallId":"call_…"}}}}
//
// and expects {"results":[{"name":…,"toolCallId":…,"result":…}]} (or
// "error" instead of "result"; an optional "message" is spoken, and with
// endCallAfterSpokenEnabled ends the call). The documentation shows
// "arguments" as an object, the API reference as a JSON string, and an
// older example a flat {id, name, arguments}: all are read.

// Bounds of a tool-calls message: the assistant makes one or a few calls
// at once; the tools' inputs are small objects (the largest, the lead's
// answers, is at most 20 questions and answers of 700 characters).
const (
	maxToolCallsMessage = 16
	maxToolArguments    = 32 << 10
	maxToolCallID       = 200
)

// toolName is what Vapi allows as a function name.
var toolName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ToolCalls is a tool-calls message as Dalil reads it.
type ToolCalls struct {
	// ProviderCallID is Vapi's call id; CallID Dalil's, from the
	// assistant's metadata ("" when absent).
	ProviderCallID, CallID string
	// Calls are the tool calls in order, their Input a JSON object.
	Calls []voice.ToolCall
	// Problems[i] says why Calls[i] cannot be read (no id, a bad name,
	// arguments that are not an object or are too long); "" when it can.
	// Such a call is answered with the problem and never recorded.
	Problems []string
}

type wireToolCall struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Function  *struct {
		Name       string          `json:"name"`
		Arguments  json.RawMessage `json:"arguments"`
		Parameters json.RawMessage `json:"parameters"`
	} `json:"function"`
}

type metaHolder struct {
	Metadata map[string]any `json:"metadata"`
}

// DecodeToolCalls reads a verified tool-calls message: an error when the
// body is not one (another type, no call id, no tool call, more than 16);
// a call it cannot read is kept with its problem (ToolCalls.Problems).
func DecodeToolCalls(body []byte) (ToolCalls, error) {
	var m struct {
		Message *struct {
			Type                 string         `json:"type"`
			ToolCallList         []wireToolCall `json:"toolCallList"`
			ToolWithToolCallList []struct {
				ToolCall *wireToolCall `json:"toolCall"`
			} `json:"toolWithToolCallList"`
			Call *struct {
				ID        string      `json:"id"`
				Assistant *metaHolder `json:"assistant"`
			} `json:"call"`
			Assistant *metaHolder `json:"assistant"`
		} `json:"message"`
	}
	if err := json.Unmarshal(body, &m); err != nil || m.Message == nil || m.Message.Type != "tool-calls" {
		return ToolCalls{}, errors.New("not a Vapi tool-calls message")
	}
	msg := m.Message
	if msg.Call == nil || strings.TrimSpace(msg.Call.ID) == "" {
		return ToolCalls{}, errors.New("message.call.id missing")
	}
	out := ToolCalls{ProviderCallID: msg.Call.ID}
	for _, h := range []*metaHolder{msg.Assistant, msg.Call.Assistant} {
		if h != nil {
			if id, ok := h.Metadata[metaCallID].(string); ok && id != "" {
				out.CallID = id
				break
			}
		}
	}
	list := msg.ToolCallList
	if len(list) == 0 {
		for _, t := range msg.ToolWithToolCallList {
			if t.ToolCall != nil {
				list = append(list, *t.ToolCall)
			}
		}
	}
	if len(list) == 0 {
		return ToolCalls{}, errors.New("message.toolCallList is empty")
	}
	if len(list) > maxToolCallsMessage {
		return ToolCalls{}, fmt.Errorf("more than %d tool calls in one message", maxToolCallsMessage)
	}
	for _, w := range list {
		tc, problem := w.read()
		out.Calls = append(out.Calls, tc)
		out.Problems = append(out.Problems, problem)
	}
	return out, nil
}

// read is one tool call and what is wrong with it ("" when nothing).
func (w wireToolCall) read() (voice.ToolCall, string) {
	name, args := w.Name, w.Arguments
	if w.Function != nil {
		if w.Function.Name != "" {
			name = w.Function.Name
		}
		if len(w.Function.Arguments) > 0 {
			args = w.Function.Arguments
		} else if len(w.Function.Parameters) > 0 {
			args = w.Function.Parameters
		}
	}
	tc := voice.ToolCall{ID: w.ID, Name: name}
	switch {
	case w.ID == "" || len(w.ID) > maxToolCallID:
		return tc, "a tool call needs an id of at most 200 characters"
	case !toolName.MatchString(name):
		tc.Name = ""
		return tc, "unknown tool"
	}
	in, err := arguments(args)
	if err != nil {
		return tc, err.Error()
	}
	tc.Input = in
	return tc, ""
}

// arguments is a tool call's arguments as a compact JSON object: given as
// an object, or as a string holding one; absent or null is {}.
func arguments(raw json.RawMessage) (json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, errors.New("invalid input: arguments are not JSON")
		}
		raw = bytes.TrimSpace([]byte(s))
	}
	if len(raw) == 0 || string(raw) == "null" {
		return json.RawMessage(`{}`), nil
	}
	if len(raw) > maxToolArguments {
		return nil, fmt.Errorf("invalid input: arguments over %d bytes", maxToolArguments)
	}
	if raw[0] != '{' || !json.Valid(raw) {
		return nil, errors.New("invalid input: arguments must be a JSON object")
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return nil, errors.New("invalid input: arguments must be a JSON object")
	}
	return b.Bytes(), nil
}

// toolResult is one entry of the answer's results.
type toolResult struct {
	Name       string       `json:"name"`
	ToolCallID string       `json:"toolCallId"`
	Result     string       `json:"result,omitempty"`
	Error      string       `json:"error,omitempty"`
	Message    *toolMessage `json:"message,omitempty"`
}

// toolMessage is what the assistant says on a call that ends the
// conversation, after which Vapi ends the call.
type toolMessage struct {
	Type                      string `json:"type"`
	Content                   string `json:"content"`
	EndCallAfterSpokenEnabled bool   `json:"endCallAfterSpokenEnabled"`
}

// toolCalls answers a verified tool-calls message: 400 when it cannot be
// read, 404 for a call Dalil did not place through Vapi (or not under
// that id), 500 when the calls could not be recorded (Vapi retries; a
// redelivery is answered as the first), else 200 with a result for each
// call: "recorded", or the refusal as its error (nothing recorded; the
// assistant is told why); a call that ends the conversation also gets
// the closing line, spoken before Vapi ends the call.
func (w *Webhook) toolCalls(rw http.ResponseWriter, r *http.Request, body []byte) {
	m, err := DecodeToolCalls(body)
	if err != nil {
		http.Error(rw, err.Error(), http.StatusBadRequest)
		return
	}
	var readable []voice.ToolCall
	for i, c := range m.Calls {
		if m.Problems[i] == "" {
			readable = append(readable, c)
		}
	}
	var answers []voice.ToolAnswer
	if len(readable) > 0 {
		answers, err = w.tools.ToolCalls(r.Context(), m.CallID, Name, m.ProviderCallID, readable)
		switch {
		case errors.Is(err, voice.ErrUnknownCall):
			http.Error(rw, "unknown call", http.StatusNotFound)
			return
		case err != nil || len(answers) != len(readable):
			http.Error(rw, "tool calls not recorded; retry", http.StatusInternalServerError)
			return
		}
	}
	results := make([]toolResult, 0, len(m.Calls))
	k := 0
	for i, c := range m.Calls {
		res := toolResult{Name: c.Name, ToolCallID: c.ID}
		if p := m.Problems[i]; p != "" {
			res.Error = p
			results = append(results, res)
			continue
		}
		a := answers[k]
		k++
		if a.Error != "" {
			res.Error = a.Error
		} else {
			res.Result = "recorded"
		}
		if a.End {
			res.Message = &toolMessage{Type: "request-complete", Content: a.Closing, EndCallAfterSpokenEnabled: true}
		}
		results = append(results, res)
	}
	rw.Header().Set("Content-Type", "application/json")
	rw.WriteHeader(http.StatusOK)
	json.NewEncoder(rw).Encode(map[string]any{"results": results})
}
