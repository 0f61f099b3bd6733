package llm

import (
	"context"

	"dalil/capabilities/voice/converse"

	"dalil/internal/intel"
	"dalil/provider/client"
)

// ForIntel is c as the company intelligence capabilities' port
// intel.Synthesizer (nil when c is nil: no port, never called), over
// Claims, which keeps only claims quoting their source verbatim (the
// capabilities check again). The extraction's documents, numbered from
// 0, are the sources numbered from 1 (Claims' rule) and back. Errors are
// the intel kinds (client.Classify): a timeout intel.ErrTimeout, rate
// limited or over the operator's budget intel.ErrRateLimited, anything
// else intel.ErrUnavailable, each keeping the client's redacted error.
func ForIntel(c *Client) intel.Synthesizer {
	if c == nil {
		return nil
	}
	return intelClaims{c}
}

type intelClaims struct{ c *Client }

func (a intelClaims) Name() string { return a.c.Name() }

func (a intelClaims) Extract(ctx context.Context, x intel.Extraction) ([]intel.Claim, error) {
	req := ClaimsRequest{Subject: x.Subject, Task: x.Task, Fields: x.Fields}
	for _, d := range x.Docs {
		req.Sources = append(req.Sources, Source{ID: d.Index + 1, URL: d.URL, Title: d.Title, Text: d.Text})
	}
	r, err := a.c.Claims(ctx, req)
	if err != nil {
		return nil, client.Classify(err, intel.ErrTimeout, intel.ErrRateLimited, intel.ErrUnavailable)
	}
	out := make([]intel.Claim, 0, len(r.Claims))
	for _, c := range r.Claims {
		out = append(out, intel.Claim{Field: c.Field, Value: c.Value, Detail: c.Detail, Quote: c.Quote, Doc: c.Source - 1})
	}
	return out, nil
}

// ForConversation is c as the voice calls' conversation engine's port
// converse.Model (nil when c is nil), over Stream: the engine's turns
// and tool calls map one to one onto the Messages API's.
func ForConversation(c *Client) converse.Model {
	if c == nil {
		return nil
	}
	return conversation{c}
}

type conversation struct{ c *Client }

func (a conversation) Stream(ctx context.Context, req converse.Request, onText func(string) error) (converse.Reply, error) {
	r := StreamRequest{System: req.System, MaxTokens: req.MaxTokens}
	for _, t := range req.Turns {
		turn := Turn{Role: t.Role, Text: t.Text}
		for _, c := range t.Calls {
			turn.ToolUses = append(turn.ToolUses, ToolUse{ID: c.ID, Name: c.Name, Input: c.Input})
		}
		for _, res := range t.Results {
			turn.Results = append(turn.Results, ToolResult{ToolUseID: res.CallID, Content: res.Content, IsError: res.IsError})
		}
		r.Turns = append(r.Turns, turn)
	}
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, Tool{Name: t.Name, Description: t.Description, Schema: t.Schema})
	}
	res, err := a.c.Stream(ctx, r, onText)
	out := converse.Reply{Text: res.Text, InputTokens: res.InputTokens, OutputTokens: res.OutputTokens}
	for _, u := range res.ToolUses {
		out.Calls = append(out.Calls, converse.Call{ID: u.ID, Name: u.Name, Input: u.Input})
	}
	return out, err
}
