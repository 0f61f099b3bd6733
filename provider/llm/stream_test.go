package llm_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/llm"
	"dalil/provider/llm/llmtest"
)

// TestStream: text arrives in pieces through onText, a tool call is
// gathered whole from its input fragments, the request carries the
// tools, the stream flag, and the previous turn's tool call and result.
func TestStream(t *testing.T) {
	srv := llmtest.New(t, key, nil)
	srv.Streamed = func(r llmtest.Request) []llmtest.Part {
		return []llmtest.Part{llmtest.Text("Thank you, noted. مع السلامة"), llmtest.Tool("record", `{"budget":5000,"note":"ok"}`)}
	}
	c := newClient(t, srv, nil)
	var pieces []string
	res, err := c.Stream(context.Background(), llm.StreamRequest{System: "rules",
		Turns: []llm.Turn{
			{Role: "user", Text: "hello"},
			{Role: "assistant", Text: "Hi", ToolUses: []llm.ToolUse{{ID: "toolu_1", Name: "record", Input: []byte(`{"a":1}`)}}},
			{Role: "user", Results: []llm.ToolResult{{ToolUseID: "toolu_1", Content: "recorded"}}, Text: "my budget is 5000"},
		},
		Tools: []llm.Tool{{Name: "record", Description: "records", Schema: map[string]any{"type": "object"}}}},
		func(s string) error { pieces = append(pieces, s); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(pieces) < 2 || strings.Join(pieces, "") != "Thank you, noted. مع السلامة" || res.Text != strings.Join(pieces, "") {
		t.Fatalf("pieces %q, text %q", pieces, res.Text)
	}
	if len(res.ToolUses) != 1 || res.ToolUses[0].Name != "record" || string(res.ToolUses[0].Input) != `{"budget":5000,"note":"ok"}` || res.ToolUses[0].ID == "" {
		t.Fatalf("tool uses %+v", res.ToolUses)
	}
	if res.StopReason != "tool_use" || res.InputTokens == 0 || res.OutputTokens == 0 {
		t.Fatalf("result %+v", res)
	}
	got := srv.Requests()[0]
	if !got.Stream || len(got.Tools) != 1 || got.Tools[0].Name != "record" || got.Tools[0].InputSchema["type"] != "object" || got.System != "rules" {
		t.Fatalf("request %+v", got)
	}
	a := got.Messages[1].Content
	if got.Messages[1].Role != "assistant" || len(a) != 2 || a[1].Type != "tool_use" || a[1].ID != "toolu_1" || string(a[1].Input) != `{"a":1}` {
		t.Fatalf("assistant turn %+v", got.Messages[1])
	}
	text, results := got.LastUser()
	if text != "my budget is 5000" || len(results) != 1 || results[0].ToolUseID != "toolu_1" || results[0].Content != "recorded" {
		t.Fatalf("last user %q %+v", text, results)
	}
}

// TestStreamErrors: a refused key, a 429, a stalled model past the
// caller's deadline, and onText's own error; none carries the key.
func TestStreamErrors(t *testing.T) {
	srv := llmtest.New(t, key, func(llmtest.Request) string { return "hello there" })
	c := newClient(t, srv, nil)
	req := llm.StreamRequest{Turns: []llm.Turn{{Role: "user", Text: "hi"}}}
	nop := func(string) error { return nil }

	bad := llm.New(llm.Config{APIKey: "wrong-" + key, BaseURL: srv.BaseURL()})
	if _, err := bad.Stream(context.Background(), req, nop); !errors.Is(err, client.ErrUpstream) || client.StatusOf(err) != 401 || strings.Contains(err.Error(), key) {
		t.Errorf("bad key: %v", err)
	}
	srv.Push(clienttest.RateLimited("1"))
	if _, err := c.Stream(context.Background(), req, nop); !errors.Is(err, client.ErrRateLimited) {
		t.Errorf("429: %v", err)
	}
	srv.Push(clienttest.Hang())
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := c.Stream(ctx, req, nop); !errors.Is(err, client.ErrTimeout) {
		t.Errorf("stalled: %v", err)
	}
	stop := errors.New("interrupted")
	if _, err := c.Stream(context.Background(), req, func(string) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("onText error: %v", err)
	}
	var nilClient *llm.Client
	if _, err := nilClient.Stream(context.Background(), req, nop); !errors.Is(err, client.ErrNotConfigured) {
		t.Errorf("off: %v", err)
	}
}

// FuzzStreamEvents: any byte stream read as server-sent events ends in
// a result or an error, never a panic.
func FuzzStreamEvents(f *testing.F) {
	f.Add("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":3}}}\n\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"hi\"}}\n\ndata: {\"type\":\"message_stop\"}\n")
	f.Add("data: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"x\"}}\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"a\\\"\"}}\ndata: {\"type\":\"message_stop\"}\n")
	f.Add("data: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n")
	f.Add("data: {not json\n")
	f.Fuzz(func(t *testing.T, s string) {
		res, err := llm.ReadStreamForTest(strings.NewReader(s))
		if err == nil && res.Text == "" && len(res.ToolUses) == 0 && !strings.Contains(s, "message_stop") {
			t.Fatalf("a stream without message_stop accepted: %q", s)
		}
	})
}
