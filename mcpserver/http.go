package mcpserver

import (
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
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Stateless:                  true,
		JSONResponse:               true,
		Logger:                     logger,
		MaxRequestBodyBytes:        MaxHTTPBody,
		DisableLocalhostProtection: true,
	})
}
