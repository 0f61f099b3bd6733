// Package llmtest runs a local fake of the Anthropic Messages API: it
// checks the documented headers (x-api-key, anthropic-version,
// content-type) and body (model, max_tokens, messages of text blocks),
// answers a message object whose text the test scripts, and answers the
// documented error object otherwise; scripted faults come from
// clienttest.Faults.
package llmtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"unicode/utf8"

	"dalil/provider/client/clienttest"
)

// Request is what the fake received.
type Request struct {
	Model     string `json:"model"`
	MaxTokens int    `json:"max_tokens"`
	System    string `json:"system"`
	Messages  []struct {
		Role    string  `json:"role"`
		Content []Block `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Name        string         `json:"name"`
		Description string         `json:"description"`
		InputSchema map[string]any `json:"input_schema"`
	} `json:"tools"`
	Stream bool `json:"stream"`
}

// Block is one content block of a request message: text, tool_use
// (an assistant's call) or tool_result (the answer in a user message).
type Block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   string          `json:"content"`
	IsError   bool            `json:"is_error"`
}

// UserText is the text of the last user message.
func (r Request) UserText() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			out := ""
			for _, c := range r.Messages[i].Content {
				out += c.Text
			}
			return out
		}
	}
	return ""
}

// Server is the fake.
type Server struct {
	*httptest.Server
	*clienttest.Faults
	Key string
	// Reply computes the model's text for a request (nil: "{}").
	Reply func(Request) string
	// Streamed computes a streamed answer ("stream": true) as parts: text
	// sent in small deltas, tool calls with their input sent in
	// fragments. Nil: the text of Reply, as one part.
	Streamed func(Request) []Part
	mu       sync.Mutex
	reqs     []Request
	n        int
}

// BaseURL is the URL to give the client (it adds /v1/messages).
func (s *Server) BaseURL() string { return s.URL }

// Requests are the decoded requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// New starts the fake accepting key, closed with t.
func New(t testing.TB, key string, reply func(Request) string) *Server {
	s := &Server{Faults: &clienttest.Faults{}, Key: key, Reply: reply}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/messages", s.messages)
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	t.Cleanup(s.Server.Close)
	return s
}

func apiError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": msg}})
}

func (s *Server) messages(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("x-api-key") != s.Key {
		apiError(w, 401, "authentication_error", "invalid x-api-key")
		return
	}
	if r.Header.Get("anthropic-version") == "" {
		apiError(w, 400, "invalid_request_error", "anthropic-version: header is required")
		return
	}
	if r.Header.Get("content-type") != "application/json" {
		apiError(w, 400, "invalid_request_error", "content-type must be application/json")
		return
	}
	var req Request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		apiError(w, 400, "invalid_request_error", "invalid JSON body")
		return
	}
	if req.Model == "" || req.MaxTokens < 1 || len(req.Messages) == 0 {
		apiError(w, 400, "invalid_request_error", "model, max_tokens and messages are required")
		return
	}
	for _, m := range req.Messages {
		if m.Role != "user" && m.Role != "assistant" {
			apiError(w, 400, "invalid_request_error", "messages: roles must be user or assistant")
			return
		}
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	s.n++
	id := fmt.Sprintf("msg_fake%04d", s.n)
	s.mu.Unlock()
	if req.Stream {
		s.stream(w, req, id)
		return
	}
	text := "{}"
	if s.Reply != nil {
		text = s.Reply(req)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("request-id", "req_"+id)
	json.NewEncoder(w).Encode(map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": req.Model,
		"content":     []any{map[string]any{"type": "text", "text": text}},
		"stop_reason": "end_turn", "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": len(req.UserText()) / 4, "output_tokens": len(text) / 4},
	})
}

// Part is one content block of a streamed answer: Text, or a tool call
// (Tool and its Input, a JSON object).
type Part struct {
	Text  string
	Tool  string
	Input string
}

// Text is a text part; Tool a tool call part.
func Text(s string) Part           { return Part{Text: s} }
func Tool(name, input string) Part { return Part{Tool: name, Input: input} }

// stream answers req as Anthropic's server-sent events: message_start,
// per part content_block_start, deltas (text in pieces of a few
// characters, tool input in two fragments), content_block_stop, then a
// ping, message_delta with the stop reason and usage, and message_stop.
func (s *Server) stream(w http.ResponseWriter, req Request, id string) {
	var parts []Part
	switch {
	case s.Streamed != nil:
		parts = s.Streamed(req)
	case s.Reply != nil:
		parts = []Part{Text(s.Reply(req))}
	default:
		parts = []Part{Text("{}")}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("request-id", "req_"+id)
	fl, _ := w.(http.Flusher)
	send := func(event string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
		if fl != nil {
			fl.Flush()
		}
	}
	send("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": req.Model, "content": []any{},
		"stop_reason": nil, "usage": map[string]any{"input_tokens": len(req.System)/4 + len(req.UserText())/4, "output_tokens": 1}}})
	stop, out := "end_turn", 0
	for i, p := range parts {
		if p.Tool != "" {
			stop = "tool_use"
			send("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_%s_%d", id, i), "name": p.Tool, "input": map[string]any{}}})
			half := len(p.Input) / 2
			for _, frag := range []string{p.Input[:half], p.Input[half:]} {
				send("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
					"delta": map[string]any{"type": "input_json_delta", "partial_json": frag}})
			}
			out += len(p.Input) / 4
		} else {
			send("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "text", "text": ""}})
			for rest := p.Text; rest != ""; {
				n := min(len(rest), 7)
				for n < len(rest) && !utf8.RuneStart(rest[n]) {
					n++
				}
				send("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
					"delta": map[string]any{"type": "text_delta", "text": rest[:n]}})
				rest = rest[n:]
			}
			out += len(p.Text) / 4
		}
		send("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	send("ping", map[string]any{"type": "ping"})
	send("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": out + 1}})
	send("message_stop", map[string]any{"type": "message_stop"})
}

// LastUser is the text of the last user message and the tool results it
// carries (content of each, in order).
func (r Request) LastUser() (text string, results []Block) {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role != "user" {
			continue
		}
		for _, c := range r.Messages[i].Content {
			switch c.Type {
			case "text":
				text += c.Text
			case "tool_result":
				results = append(results, c)
			}
		}
		return text, results
	}
	return "", nil
}
