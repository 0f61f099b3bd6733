package llm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"dalil/provider/client"
)

// Streaming with tools: the Messages API with "stream": true answers
// server-sent events (message_start, content_block_start/delta/stop,
// message_delta, message_stop, ping, error); text arrives as text_delta
// and a tool call's input as input_json_delta fragments of its JSON.
// Stream is for a live conversation (the voice calls' engine): one
// attempt, never cached, bounded by the caller's context.

// Tool is a function the model may call: its input is a JSON object
// described by Schema (JSON Schema).
type Tool struct {
	Name        string
	Description string
	Schema      map[string]any
}

// ToolUse is a call the model made.
type ToolUse struct {
	ID    string
	Name  string
	Input json.RawMessage
}

// ToolResult answers a ToolUse in the next user turn.
type ToolResult struct {
	ToolUseID string
	Content   string
	IsError   bool
}

// Turn is one message of the conversation: a user turn has Text and/or
// Results; an assistant turn Text and/or ToolUses.
type Turn struct {
	Role     string
	Text     string
	ToolUses []ToolUse
	Results  []ToolResult
}

// StreamRequest is one streamed Messages call.
type StreamRequest struct {
	System    string
	Turns     []Turn
	Tools     []Tool
	MaxTokens int // 0: the configured maximum
}

// StreamResult is the whole answer once the stream ended.
type StreamResult struct {
	Text                      string
	ToolUses                  []ToolUse
	StopReason                string
	InputTokens, OutputTokens int
}

// maxStreamLine bounds one server-sent event line.
const maxStreamLine = 1 << 20

type wireBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   string          `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
}

type wireTool struct {
	Name        string         `json:"name"`
	Description string         `json:"description,omitempty"`
	InputSchema map[string]any `json:"input_schema"`
}

// streamBody is the request's JSON.
func (c *Client) streamBody(req StreamRequest) ([]byte, error) {
	type msg struct {
		Role    string      `json:"role"`
		Content []wireBlock `json:"content"`
	}
	w := struct {
		Model       string     `json:"model"`
		MaxTokens   int        `json:"max_tokens"`
		System      string     `json:"system,omitempty"`
		Temperature float64    `json:"temperature"`
		Messages    []msg      `json:"messages"`
		Tools       []wireTool `json:"tools,omitempty"`
		Stream      bool       `json:"stream"`
	}{Model: c.model, MaxTokens: c.maxTokens, System: req.System, Stream: true}
	if req.MaxTokens > 0 {
		w.MaxTokens = req.MaxTokens
	}
	for _, t := range req.Turns {
		var blocks []wireBlock
		for _, r := range t.Results {
			blocks = append(blocks, wireBlock{Type: "tool_result", ToolUseID: r.ToolUseID, Content: r.Content, IsError: r.IsError})
		}
		if t.Text != "" {
			blocks = append(blocks, wireBlock{Type: "text", Text: t.Text})
		}
		for _, u := range t.ToolUses {
			in := u.Input
			if len(in) == 0 || !json.Valid(in) {
				in = json.RawMessage(`{}`)
			}
			blocks = append(blocks, wireBlock{Type: "tool_use", ID: u.ID, Name: u.Name, Input: in})
		}
		if len(blocks) == 0 {
			return nil, fmt.Errorf("llm: an empty %s turn", t.Role)
		}
		w.Messages = append(w.Messages, msg{Role: t.Role, Content: blocks})
	}
	for _, t := range req.Tools {
		w.Tools = append(w.Tools, wireTool{Name: t.Name, Description: t.Description, InputSchema: t.Schema})
	}
	return json.Marshal(w)
}

// streamEvent is the part of a server-sent event's data read here.
type streamEvent struct {
	Type    string `json:"type"`
	Index   int    `json:"index"`
	Message *struct {
		Usage struct {
			InputTokens  int `json:"input_tokens"`
			OutputTokens int `json:"output_tokens"`
		} `json:"usage"`
	} `json:"message"`
	ContentBlock *struct {
		Type string `json:"type"`
		ID   string `json:"id"`
		Name string `json:"name"`
		Text string `json:"text"`
	} `json:"content_block"`
	Delta *struct {
		Type        string `json:"type"`
		Text        string `json:"text"`
		PartialJSON string `json:"partial_json"`
		StopReason  string `json:"stop_reason"`
	} `json:"delta"`
	Usage *struct {
		OutputTokens int `json:"output_tokens"`
	} `json:"usage"`
	Error *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

// Stream sends req with "stream": true and calls onText with each piece
// of text as it arrives (an error from onText stops the stream and is
// returned). Tool calls are gathered whole. One attempt: errors are
// *client.Error (ErrNotConfigured when c is nil, ErrTimeout when ctx's
// deadline passed, ErrCanceled, ErrRateLimited on 429, ErrUpstream for
// another status or an error event such as overloaded_error,
// ErrUnavailable, ErrMalformed), never carrying the API key.
func (c *Client) Stream(ctx context.Context, req StreamRequest, onText func(string) error) (StreamResult, error) {
	if c == nil {
		return StreamResult{}, client.NotConfigured(Name)
	}
	body, err := c.streamBody(req)
	if err != nil {
		return StreamResult{}, err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return StreamResult{}, c.failure(ctx, client.ErrUnavailable, 0, "bad request URL", nil)
	}
	hr.Header.Set("x-api-key", c.key)
	hr.Header.Set("anthropic-version", c.version)
	hr.Header.Set("content-type", "application/json")
	hr.Header.Set("accept", "text/event-stream")
	hr.Header.Set("user-agent", client.DefaultUserAgent)
	res, err := c.stream.Do(hr)
	if err != nil {
		return StreamResult{}, c.failure(ctx, client.ErrUnavailable, 0, "", err)
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		data, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
		kind := client.ErrUpstream
		if res.StatusCode == http.StatusTooManyRequests {
			kind = client.ErrRateLimited
		}
		return StreamResult{}, c.failure(ctx, kind, res.StatusCode, anthropicError(res.StatusCode, data), nil)
	}
	return c.readStream(ctx, res.Body, onText)
}

// readStream reads the events of one streamed answer.
func (c *Client) readStream(ctx context.Context, r io.Reader, onText func(string) error) (StreamResult, error) {
	var out StreamResult
	var text strings.Builder
	type partial struct {
		use  ToolUse
		json strings.Builder
	}
	tools := map[int]*partial{}
	var order []int
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxStreamLine)
	stopped := false
	for sc.Scan() {
		line := sc.Text()
		data, ok := strings.CutPrefix(line, "data:")
		if !ok {
			continue // event:, id:, comments and blank separators
		}
		var ev streamEvent
		if err := json.Unmarshal([]byte(strings.TrimSpace(data)), &ev); err != nil {
			return out, c.failure(ctx, client.ErrMalformed, 0, "a stream event is not JSON", nil)
		}
		switch ev.Type {
		case "message_start":
			if ev.Message != nil {
				out.InputTokens = ev.Message.Usage.InputTokens
				out.OutputTokens = ev.Message.Usage.OutputTokens
			}
		case "content_block_start":
			if ev.ContentBlock != nil && ev.ContentBlock.Type == "tool_use" {
				if _, dup := tools[ev.Index]; !dup {
					order = append(order, ev.Index)
				}
				tools[ev.Index] = &partial{use: ToolUse{ID: ev.ContentBlock.ID, Name: ev.ContentBlock.Name}}
			} else if ev.ContentBlock != nil && ev.ContentBlock.Text != "" {
				text.WriteString(ev.ContentBlock.Text)
				if err := onText(ev.ContentBlock.Text); err != nil {
					return out, err
				}
			}
		case "content_block_delta":
			if ev.Delta == nil {
				continue
			}
			switch ev.Delta.Type {
			case "text_delta":
				if ev.Delta.Text == "" {
					continue
				}
				text.WriteString(ev.Delta.Text)
				if err := onText(ev.Delta.Text); err != nil {
					return out, err
				}
			case "input_json_delta":
				if p := tools[ev.Index]; p != nil {
					if p.json.Len()+len(ev.Delta.PartialJSON) > maxStreamLine {
						return out, c.failure(ctx, client.ErrMalformed, 0, "a tool call's input is too long", nil)
					}
					p.json.WriteString(ev.Delta.PartialJSON)
				}
			}
		case "message_delta":
			if ev.Delta != nil && ev.Delta.StopReason != "" {
				out.StopReason = ev.Delta.StopReason
			}
			if ev.Usage != nil {
				out.OutputTokens = ev.Usage.OutputTokens
			}
		case "message_stop":
			stopped = true
		case "error":
			msg := "error event"
			if ev.Error != nil {
				msg = strings.TrimSpace(ev.Error.Type + " " + ev.Error.Message)
			}
			kind := client.ErrUpstream
			if ev.Error != nil && ev.Error.Type == "rate_limit_error" {
				kind = client.ErrRateLimited
			}
			return out, c.failure(ctx, kind, 0, msg, nil)
		}
		if stopped {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return out, c.failure(ctx, client.ErrUnavailable, 0, "", err)
	}
	if !stopped {
		if ctx.Err() != nil {
			return out, c.failure(ctx, client.ErrUnavailable, 0, "", ctx.Err())
		}
		return out, c.failure(ctx, client.ErrMalformed, 0, "the stream ended before message_stop", nil)
	}
	out.Text = text.String()
	for _, i := range order {
		p := tools[i]
		in := strings.TrimSpace(p.json.String())
		if in == "" {
			in = "{}"
		}
		if !json.Valid([]byte(in)) {
			return out, c.failure(ctx, client.ErrMalformed, 0, "a tool call's input is not JSON", nil)
		}
		p.use.Input = json.RawMessage(in)
		out.ToolUses = append(out.ToolUses, p.use)
	}
	return out, nil
}

// failure is a *client.Error of kind; a context that ended makes it a
// timeout or a cancellation whatever the cause.
func (c *Client) failure(ctx context.Context, kind error, status int, msg string, cause error) error {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		kind = client.ErrTimeout
	case ctx.Err() != nil:
		kind = client.ErrCanceled
	}
	e := &client.Error{Provider: c.name, Kind: kind, Status: status, Message: c.c.Redact(msg), Attempts: 1}
	if cause != nil {
		e.Err = errors.New(c.c.Redact(cause.Error()))
	}
	return e
}
