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

	"dalil/provider/client/clienttest"
)

// Request is what the fake received.
type Request struct {
	Model     string `json:"model"`
	MaxTokens int    `json:"max_tokens"`
	System    string `json:"system"`
	Messages  []struct {
		Role    string `json:"role"`
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
	} `json:"messages"`
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
	mu    sync.Mutex
	reqs  []Request
	n     int
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
