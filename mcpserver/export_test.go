package mcpserver

import (
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StdioMax is Stdio with a smaller line limit, so tests can exceed it.
func StdioMax(r io.Reader, w io.Writer, max int) mcp.Transport { return stdio(r, w, max) }
