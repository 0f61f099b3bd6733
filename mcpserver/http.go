package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxHTTPBody bounds one /mcp request body. The REST stack applies each
// capability's own limit (32 KiB by default) to the arguments; this outer
// bound only has to admit the largest capability body plus the JSON-RPC
// wrapping, and stops anything bigger before it is read.
const MaxHTTPBody = 2 << 20

// HTTPHandler serves srv over the streamable HTTP transport, stateless and
// answering in application/json, for `dalil serve` at /mcp. Each tool call
// is made with the Authorization or X-API-Key header of the HTTP request
// that carries it (see Options.APIKey); listing tools needs no key.
//
// The SDK's DNS-rebinding guard (403 for a loopback listener reached with a
// non-loopback Host) is off: it would refuse every request forwarded by a
// reverse proxy on the same machine, and it protects nothing here, because
// a paid call needs the caller's API key in a header, which a rebinding
// page cannot have, and the REST routes already allow any origin.
func HTTPHandler(srv *mcp.Server, logger *slog.Logger) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Stateless:                  true,
		JSONResponse:               true,
		Logger:                     logger,
		MaxRequestBodyBytes:        MaxHTTPBody,
		DisableLocalhostProtection: true,
	})
	// Tool calls run in-process; they carry the HTTP caller's address so
	// that keyless rate limits count each client, not this process.
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A body that is not JSON gets a JSON-RPC parse error, as on stdio,
		// rather than the SDK's plain-text 400.
		body, err := io.ReadAll(io.LimitReader(r.Body, MaxHTTPBody+1))
		if err != nil || len(body) > MaxHTTPBody || !json.Valid(body) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the body is not one JSON-RPC message"}}`+"\n")
			return
		}
		// A batch is refused as on stdio (Stdio), whatever protocol
		// version the request names: the revisions the SDK negotiates
		// (2025-06-18 and later) have none, and the SDK would otherwise run
		// an unbounded number of calls from one POST for a client naming
		// 2025-03-26 or no version.
		if t := bytes.TrimLeft(body, " \t\r\n"); len(t) > 0 && t[0] == '[' {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: JSON-RPC batches are not supported; send one message per request"}}`+"\n")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		c := client{addr: r.RemoteAddr, forwardedFor: r.Header.Values("X-Forwarded-For")}
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, c)))
	})
}

// client is the network identity of the HTTP request behind a tool call.
type client struct {
	addr         string
	forwardedFor []string
}

type clientKey struct{}
