// Package mcpserver offers Dalil's capabilities as Model Context Protocol
// tools: one tool per callable registry entry, whose input schema is the
// REST request schema and whose output schema is the envelope's data, and
// preview_capability for the free previews. Descriptions and _meta state
// each tool's status and preview exactly as the REST listing does.
//
// A tool call is a POST to the capability's REST route through a Caller, so
// it passes the very handler stack REST calls pass: authentication, rail
// choice, validation, rate limit, idempotency, the charge and the envelope.
// The SDK validates nothing itself (tools are added with the non-generic
// Server.AddTool and raw schemas): a bad argument comes back from the REST
// stack as a tool error carrying the spec's error object, which an agent
// can read and correct, not as a JSON-RPC error.
//
// Transports: Stdio (for `dalil mcp`, with a guard against go-sdk issue
// #1209) and HTTPHandler (streamable HTTP, mounted at /mcp by `dalil serve`).
package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"dalil"
	"dalil/capability"
	"dalil/internal/logx"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Name and Version identify the tool server in the MCP handshake.
const (
	Name    = "dalil"
	Version = "0.1.0"
)

// Keys of _meta objects. IdempotencyKeyMeta is read from a tools/call
// request's params._meta and sent as the Idempotency-Key header (contract
// §7: a retry with the same key and arguments replays the first answer and
// is not charged again). MetaKey carries the REST envelope's meta
// (requestId, tool, price, currency, paymentMethod) on every result.
//
// MaxPriceMeta is the caller's spending ceiling for one call, in USD, a
// JSON number (0.05) or a decimal string ("0.05"): it is sent as the
// X-Max-Price header, so a tool priced above it is refused with
// PRICE_ABOVE_MAXIMUM before anything runs or is charged.
const (
	IdempotencyKeyMeta = "dalil/idempotency-key"
	MaxPriceMeta       = "maxPrice"
	MetaKey            = "dalil/meta"
	ReplayedMeta       = "dalil/idempotent-replayed"
)

// Options configure New. Caller is required.
type Options struct {
	// Caller reaches the REST handler stack (InProcess or Remote).
	Caller Caller
	// APIKey is sent as X-API-Key when the MCP request itself carries no
	// key (stdio: DALIL_API_KEY). Leave it empty for /mcp, where each
	// caller authenticates with its own key.
	APIKey string
	// PaymentMethod, when set, is sent as X-Service-Payment-Method unless
	// the MCP request's own HTTP headers name one (DALIL_PAYMENT_METHOD).
	PaymentMethod string
	// Logger receives one line per failed call; nil discards.
	Logger *slog.Logger
}

// New builds the MCP server for every callable capability of reg: available
// ones and unconfigured ones (whose calls answer PROVIDER_NOT_CONFIGURED);
// planned capabilities have no route and so no tool.
func New(reg *capability.Registry, opts Options) *mcp.Server {
	if opts.Caller == nil {
		panic("mcpserver: Options.Caller is required")
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: Name, Title: "Dalil", Version: Version}, &mcp.ServerOptions{
		Instructions: "Dalil sells evidence-backed calculations and intelligence per call. Each tool's description states its price; " +
			"only successful calls are charged. A failed call returns isError with the error object {code, message, details, requestId} " +
			"as JSON text: fix the input named in details and retry. To retry safely, pass the same params._meta[\"" + IdempotencyKeyMeta + "\"]; " +
			"to cap what one call may cost, params._meta[\"" + MaxPriceMeta + "\"] (USD).",
		// The SDK logs every session start and end at Info; keep its
		// warnings and errors only, beside the REST stack's request lines.
		Logger: slog.New(logx.MinLevel(opts.Logger.Handler(), slog.LevelWarn)),
	})
	ts := &toolSet{srv: srv, reg: reg, opts: opts, said: map[string]string{}}
	ts.sync()
	// A capability's status follows what is configured and imported
	// while the server runs: tools/list states it as it is now.
	srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				ts.sync()
			}
			return next(ctx, method, req)
		}
	})
	return srv
}

// toolSet keeps srv's tools in step with the registry's statuses: a tool
// whose status or preview changed is described again.
type toolSet struct {
	srv  *mcp.Server
	reg  *capability.Registry
	opts Options
	mu   sync.Mutex
	said map[string]string // tool -> "status preview" last described
}

func (ts *toolSet) sync() {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for _, e := range ts.reg.Callable() {
		now := fmt.Sprint(e.Status(), e.Previewable())
		if ts.said[e.ID] != now {
			ts.srv.AddTool(Tool(e), ts.opts.handler(e))
			ts.said[e.ID] = now
		}
	}
	// preview_capability (reference service, Part 2 §8 and §11): one free
	// tool {capability, input} that forwards to POST /api/v1/preview/{id},
	// offered while at least one capability is previewable.
	t := PreviewTool(ts.reg)
	now := ""
	if t != nil {
		now = string(mustRaw(t.InputSchema))
	}
	if ts.said[capability.PreviewTool] != now {
		if t != nil {
			ts.srv.AddTool(t, ts.opts.previewHandler())
		} else {
			ts.srv.RemoveTools(capability.PreviewTool)
		}
		ts.said[capability.PreviewTool] = now
	}
}

// PreviewTool describes the preview_capability tool over reg's previewable
// capabilities (capability.Entry.Previewable, the same test as the REST
// listing's preview.available), or returns nil when there are none.
func PreviewTool(reg *capability.Registry) *mcp.Tool {
	var ids []string
	openWorld := false
	for _, e := range reg.Callable() {
		if e.Previewable() {
			ids = append(ids, e.ID)
			openWorld = openWorld || e.OpenWorld
		}
	}
	if len(ids) == 0 {
		return nil
	}
	str := map[string]any{"type": "string"}
	obj := map[string]any{"type": "object"}
	in := map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"capability"},
		"properties": map[string]any{
			"capability": map[string]any{"type": "string", "enum": ids, "description": "The paid tool to preview."},
			"input":      map[string]any{"type": "object", "description": "The same arguments the paid tool takes; they are validated the same way."},
		},
	}
	out := map[string]any{
		"type": "object", "required": []string{"capability", "status", "inputRecognized", "preview", "fullResult"},
		"properties": map[string]any{
			"capability":      str,
			"status":          map[string]any{"type": "string", "enum": []string{string(capability.PreviewAvailable), string(capability.PreviewLimited), string(capability.PreviewUnavailable), string(capability.PreviewInvalidInput)}},
			"inputRecognized": map[string]any{"type": "boolean"},
			"preview":         obj,
			"leakageClass":    str,
			"reason":          str,
			"fullResult":      obj,
		},
	}
	return &mcp.Tool{
		Name:  capability.PreviewTool,
		Title: "Free preview of a paid tool",
		Description: "Free and needs no API key: says whether a paid tool would find what it needs for your input " +
			"(status available or limited, coverage and counts), never the paid result, and how to pay for it (fullResult). " +
			"Limited per client address. Tools with a preview: " + strings.Join(ids, ", ") + ".",
		InputSchema:  mustRaw(in),
		OutputSchema: mustRaw(out),
		Annotations: &mcp.ToolAnnotations{Title: "Free preview of a paid tool", ReadOnlyHint: true, IdempotentHint: true,
			DestructiveHint: ptr(false), OpenWorldHint: ptr(openWorld)},
		Meta: mcp.Meta{"dalil/price": 0.0, "dalil/currency": "USD", "dalil/path": "/api/v1/preview/{capability}"},
	}
}

func mustRaw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Tool describes e as an MCP tool. InputSchema is e.InputJSON byte for byte
// (the REST request schema, additionalProperties false) and OutputSchema is
// e.OutputJSON (the envelope's data object).
func Tool(e *capability.Entry) *mcp.Tool {
	title := e.Title
	if title == "" {
		title = e.ID
	}
	ann := &mcp.ToolAnnotations{
		Title:          title,
		ReadOnlyHint:   e.ReadOnly,
		IdempotentHint: e.Idempotent,
		OpenWorldHint:  ptr(e.OpenWorld),
	}
	if e.ReadOnly {
		ann.DestructiveHint = ptr(false)
	}
	return &mcp.Tool{
		Name:         e.ID,
		Title:        title,
		Description:  description(e),
		InputSchema:  e.InputJSON,
		OutputSchema: e.OutputJSON,
		Annotations:  ann,
		Meta:         toolMeta(e),
	}
}

// toolMeta is what a tool's _meta says of it: the same price, route,
// status and preview as the REST capabilities listing.
func toolMeta(e *capability.Entry) mcp.Meta {
	m := mcp.Meta{
		"dalil/price":    e.Price.Float(),
		"dalil/currency": "USD",
		"dalil/path":     e.Path,
		"dalil/status":   string(e.Status()),
		"dalil/preview":  e.Previewable(),
	}
	if e.Previewable() {
		m["dalil/previewPath"] = "/api/v1/preview/" + e.ID
	}
	return m
}

func ptr[T any](v T) *T { return &v }

// description is what an agent reads to choose the tool: what it returns,
// how, when to use it, and what it costs.
func description(e *capability.Entry) string {
	var parts []string
	for _, s := range []string{e.Summary, e.Description, e.WhenToUse} {
		if s = strings.TrimSpace(s); s != "" {
			if !strings.HasSuffix(s, ".") {
				s += "."
			}
			parts = append(parts, s)
		}
	}
	switch e.Status() {
	case capability.StatusUnconfigured:
		parts = append(parts, fmt.Sprintf("Currently unavailable: it needs %s, which the operator has not configured (calls return PROVIDER_NOT_CONFIGURED and are not charged).", provider(e)))
	case capability.StatusDemo:
		parts = append(parts, "Demo only here: it answers from synthetic demo data, says so, and does not charge for what rests on it alone.")
	}
	parts = append(parts, fmt.Sprintf("Price: %s per successful call; failed calls are not charged.", e.Price))
	if e.Previewable() {
		parts = append(parts, fmt.Sprintf("Free preview first: %s with {\"capability\": %q, \"input\": <these arguments>} says whether the call would find what it needs.", capability.PreviewTool, e.ID))
	}
	return strings.Join(parts, " ")
}

func provider(e *capability.Entry) string {
	if w := e.State().Needs(); w != "" {
		return w
	}
	return "an external provider"
}

// handler turns a tool call into a POST to e.Path and the answer into a
// tool result. It returns a Go error (a JSON-RPC error) only when the
// request itself is malformed at the protocol level, never for a failed
// call.
func (o Options) handler(e *capability.Entry) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		body := []byte(req.Params.Arguments)
		if len(bytes.TrimSpace(body)) == 0 || bytes.Equal(bytes.TrimSpace(body), []byte("null")) {
			body = []byte("{}") // no arguments: an empty object, which the schema then judges
		}
		h, bad := o.headers(req)
		if bad != nil {
			return toolError(*bad, nil), nil
		}
		resp, err := o.Caller.Call(ctx, Request{Method: http.MethodPost, Path: e.Path, Header: h, Body: body})
		if err != nil {
			o.Logger.Warn("mcp: service unreachable", "tool", e.ID, "err", err)
			msg := "The Dalil service could not be reached (" + err.Error() + "). "
			var ne net.Error
			switch {
			case errors.Is(err, syscall.ECONNREFUSED):
				msg += "The call did not run and nothing was charged; retry later."
			case h.Get("Idempotency-Key") != "":
				msg += "The call may have run; retry with the same params._meta[\"" + IdempotencyKeyMeta + "\"] so that it is charged at most once."
			case errors.As(err, &ne) && ne.Timeout():
				msg += "The call may have run; to retry without risking a second charge, send params._meta[\"" + IdempotencyKeyMeta + "\"] with every call."
			default:
				msg += "The call may have run; send params._meta[\"" + IdempotencyKeyMeta + "\"] with calls so that a retry is charged at most once."
			}
			return toolError(errorObject{Code: string(dalil.CodeServiceUnavailable), Message: msg}, nil), nil
		}
		return result(resp), nil
	}
}

// previewArgs are preview_capability's arguments.
type previewArgs struct {
	Capability string          `json:"capability"`
	Input      json.RawMessage `json:"input"`
}

// previewID is what a capability id looks like (capability ids are
// snake_case); anything else never reaches a URL path.
var previewID = regexp.MustCompile(`^[a-z][a-z0-9_]{1,63}$`)

// previewHandler forwards preview_capability to POST
// /api/v1/preview/{capability} with input as the body. No key is sent: a
// preview is free and needs no account.
func (o Options) previewHandler() mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args previewArgs
		dec := json.NewDecoder(bytes.NewReader(req.Params.Arguments))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&args); err != nil || !previewID.MatchString(args.Capability) {
			details, _ := json.Marshal([]dalil.Problem{{Path: "capability", Message: "must be the id of a paid tool, such as those listed in this tool's input schema"}})
			return toolError(errorObject{Code: string(dalil.CodeInvalidInput), Message: "Send {\"capability\": <tool id>, \"input\": {...}}.", Details: details}, nil), nil
		}
		body := []byte(args.Input)
		if len(bytes.TrimSpace(body)) == 0 || bytes.Equal(bytes.TrimSpace(body), []byte("null")) {
			body = []byte("{}")
		}
		h := http.Header{}
		h.Set("Content-Type", "application/json")
		h.Set("Accept", "application/json")
		h.Set("User-Agent", "dalil-mcp/"+Version)
		resp, err := o.Caller.Call(ctx, Request{Method: http.MethodPost, Path: "/api/v1/preview/" + args.Capability, Header: h, Body: body})
		if err != nil {
			o.Logger.Warn("mcp: service unreachable", "tool", capability.PreviewTool, "err", err)
			return toolError(errorObject{Code: string(dalil.CodeServiceUnavailable), Message: "The Dalil service could not be reached (" + err.Error() + "). A preview is free; retry later."}, nil), nil
		}
		return result(resp), nil
	}
}

// headers builds the REST request headers for one tool call. On streamable
// HTTP the caller's own Authorization, X-API-Key and
// X-Service-Payment-Method headers are forwarded; the configured APIKey and
// PaymentMethod fill in only what the caller did not send. The call's
// _meta gives Idempotency-Key and X-Max-Price; an unreadable maxPrice is
// returned as the INVALID_INPUT error object to answer instead.
func (o Options) headers(req *mcp.CallToolRequest) (http.Header, *errorObject) {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json")
	h.Set("User-Agent", "dalil-mcp/"+Version)
	var in http.Header
	if req.Extra != nil {
		in = req.Extra.Header
	}
	for _, k := range []string{"Authorization", "X-API-Key", "X-Service-Payment-Method"} {
		if v := in.Get(k); v != "" {
			h.Set(k, v)
		}
	}
	if h.Get("Authorization") == "" && h.Get("X-API-Key") == "" && o.APIKey != "" {
		h.Set("X-API-Key", o.APIKey)
	}
	if h.Get("X-Service-Payment-Method") == "" && o.PaymentMethod != "" {
		h.Set("X-Service-Payment-Method", o.PaymentMethod)
	}
	if k, ok := req.Params.Meta[IdempotencyKeyMeta].(string); ok && k != "" {
		h.Set("Idempotency-Key", k)
	}
	if v, ok := req.Params.Meta[MaxPriceMeta]; ok {
		ceiling, ok := maxPrice(v)
		if !ok {
			details, _ := json.Marshal([]dalil.Problem{{Path: "_meta." + MaxPriceMeta, Message: "must be a non-negative amount of USD with at most 6 decimals, as a number (0.05) or a decimal string (\"0.05\")"}})
			return nil, &errorObject{Code: string(dalil.CodeInvalidInput),
				Message: "params._meta.maxPrice is not valid (nothing was run or charged); send the most this call may cost in USD, such as 0.05.",
				Details: details}
		}
		h.Set(maxPriceHeader, ceiling)
	}
	return h, nil
}

// maxPriceHeader is httpapi.MaxPriceHeader (this package talks to the REST
// API over HTTP only, so it names the header rather than importing it).
const maxPriceHeader = "X-Max-Price"

// maxPrice turns the _meta value of MaxPriceMeta into the X-Max-Price
// header's decimal form: a JSON number as its shortest decimal (0.05 →
// "0.05", 1 → "1"), a string as given. Anything dalil.ParseUSD refuses
// (signs, exponents, more than 6 decimals, other JSON types) is not ok.
func maxPrice(v any) (string, bool) {
	var s string
	switch x := v.(type) {
	case string:
		s = strings.TrimSpace(x)
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case json.Number:
		s = x.String()
	default:
		return "", false
	}
	if _, err := dalil.ParseUSD(s); err != nil {
		return "", false
	}
	return s, true
}

// envelope is either REST envelope.
type envelope struct {
	Success *bool           `json:"success"`
	Data    json.RawMessage `json:"data"`
	Error   *struct {
		Code    string          `json:"code"`
		Message string          `json:"message"`
		Details json.RawMessage `json:"details,omitempty"`
	} `json:"error"`
	Meta map[string]any `json:"meta"`
}

// errorObject is the spec's error object as a tool error's text content,
// plus the request id to quote to support.
type errorObject struct {
	Code      string          `json:"code"`
	Message   string          `json:"message"`
	Details   json.RawMessage `json:"details,omitempty"`
	RequestID string          `json:"requestId,omitempty"`
}

// result maps a REST answer to a tool result: data on 2xx, the error
// object otherwise.
func result(resp Response) *mcp.CallToolResult {
	var env envelope
	parseErr := json.Unmarshal(resp.Body, &env)
	requestID, _ := env.Meta["requestId"].(string)
	if requestID == "" {
		requestID = resp.Header.Get("X-Request-Id")
	}
	ok2xx := resp.Status >= 200 && resp.Status < 300
	switch {
	case ok2xx && parseErr == nil && env.Success != nil && *env.Success && len(env.Data) > 0:
		meta := mcp.Meta{MetaKey: env.Meta}
		if resp.Header.Get("Idempotent-Replayed") == "true" {
			meta[ReplayedMeta] = true
		}
		return &mcp.CallToolResult{
			Meta:              meta,
			Content:           []mcp.Content{&mcp.TextContent{Text: string(env.Data)}},
			StructuredContent: env.Data,
		}
	case !ok2xx && parseErr == nil && env.Error != nil && env.Error.Code != "":
		return toolError(errorObject{Code: env.Error.Code, Message: env.Error.Message, Details: env.Error.Details, RequestID: requestID}, env.Meta)
	}
	// Not a Dalil envelope: a proxy or load balancer answered, or the
	// service is not Dalil.
	code := dalil.CodeInternal
	if resp.Status == http.StatusBadGateway || resp.Status == http.StatusServiceUnavailable || resp.Status == http.StatusGatewayTimeout {
		code = dalil.CodeServiceUnavailable
	}
	return toolError(errorObject{
		Code:      string(code),
		Message:   fmt.Sprintf("The service answered HTTP %d without a Dalil envelope; check DALIL_BASE_URL, or retry later.", resp.Status),
		RequestID: requestID,
	}, nil)
}

// toolError is a failed call's result: isError, and the error object as
// the JSON of its one text content. It has no structuredContent on
// purpose: the official TypeScript SDK (1.32) checks any structuredContent
// against the tool's outputSchema even when isError is true, and turns the
// mismatch into McpError -32602, which hides the error from the agent.
func toolError(obj errorObject, envMeta map[string]any) *mcp.CallToolResult {
	b, _ := json.Marshal(obj) // strings and raw JSON only: cannot fail
	r := &mcp.CallToolResult{
		IsError: true,
		Content: []mcp.Content{&mcp.TextContent{Text: string(b)}},
	}
	if envMeta != nil {
		r.Meta = mcp.Meta{MetaKey: envMeta}
	}
	return r
}
