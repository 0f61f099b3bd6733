package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"dalil/capability"
	"dalil/mcpserver"
)

// runMCP is the MCP tool server on stdio (issue #4, contract §1): every
// callable capability is a tool, and every tool call is a POST through the
// REST handler stack with the key in DALIL_API_KEY (and
// X-Service-Payment-Method from DALIL_PAYMENT_METHOD when set).
//
// With DALIL_BASE_URL (or --base-url) set, calls go over HTTP to that
// service; otherwise the stack runs in this process against DALIL_DB. The
// tool list is this binary's registry either way. Without DALIL_API_KEY
// the tools are still listed, and every call answers the REST 401 as a
// tool error with code UNAUTHORIZED.
//
// stdout carries only JSON-RPC messages; logs go to stderr.
func runMCP(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("mcp", stderr)
	cfg, rest, err := loadConfig(fs, args, getenv)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("mcp: unexpected argument %q", rest[0])
	}
	log := logger(cfg.LogLevel, stderr)
	opts := mcpserver.Options{
		APIKey:        cfg.MCP.APIKey.Reveal(),
		PaymentMethod: cfg.MCP.PaymentMethod,
		Logger:        log,
	}
	var (
		reg    *capability.Registry
		target string
	)
	if base := string(cfg.Listen.BaseURL); base != "" {
		if opts.Caller, err = mcpserver.NewRemote(base, mcpserver.DefaultTimeout); err != nil {
			return err
		}
		// Remote mode has no local database; capabilities use their
		// dependencies only when called, and calls go to the remote. Their
		// statuses and previews are the remote's: its configuration decides.
		remote, err := mcpserver.RemoteSupply(ctx, opts.Caller)
		if err != nil {
			log.Warn("dalil mcp: the service's configuration is unknown; capabilities that need a provider or dataset are listed as unconfigured", "err", err)
		}
		if reg, err = registry(deps{supply: remote}); err != nil {
			return err
		}
		target = "remote " + redactURL(base)
	} else {
		svc, err := buildServer(ctx, cfg, log)
		if err != nil {
			return err
		}
		defer svc.Close()
		reg = svc.reg
		opts.Caller = mcpserver.InProcess{Handler: svc.api}
		target = "in-process, database " + svc.store.Dialect()
	}
	if opts.APIKey == "" {
		fmt.Fprintln(stderr, "dalil mcp: DALIL_API_KEY is not set; tools are listed, but every call returns UNAUTHORIZED")
		opts.Caller = noKeyCaller{opts.Caller}
	}
	fmt.Fprintf(stderr, "dalil mcp: %d tools on stdio (%s)\n", len(reg.Callable()), target)
	err = mcpserver.New(reg, opts).Run(ctx, mcpserver.Stdio(stdin, stdout))
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil // the client closed stdin, or we were interrupted
	}
	return fmt.Errorf("mcp: %w", err)
}

// redactURL hides a password in a URL before it is logged.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

// noKeyCaller words the 401 of a call made with no key for the person
// running `dalil mcp`: the REST answer asks for an X-API-Key header, which
// an MCP client cannot send over stdio; the fix is DALIL_API_KEY. The code
// and details (the pay-per-call routes) are kept.
type noKeyCaller struct{ mcpserver.Caller }

// noKeyMessage replaces the REST message.
const noKeyMessage = "dalil mcp has no API key: set DALIL_API_KEY in the environment of the dalil mcp server " +
	"(in an MCP client's configuration, its \"env\" block) to a key from dalil accounts create or dalil keys create, and restart it. Nothing was charged."

// Call implements mcpserver.Caller.
func (c noKeyCaller) Call(ctx context.Context, req mcpserver.Request) (mcpserver.Response, error) {
	resp, err := c.Caller.Call(ctx, req)
	if err != nil || resp.Status != http.StatusUnauthorized || req.Header.Get("Authorization") != "" || req.Header.Get("X-API-Key") != "" {
		return resp, err
	}
	var env map[string]json.RawMessage
	var e map[string]json.RawMessage
	if json.Unmarshal(resp.Body, &env) != nil || json.Unmarshal(env["error"], &e) != nil {
		return resp, nil
	}
	e["message"], _ = json.Marshal(noKeyMessage)
	env["error"], _ = json.Marshal(e)
	if body, err := json.Marshal(env); err == nil {
		resp.Body = body
	}
	return resp, nil
}
