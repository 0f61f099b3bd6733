package mcpserver

import (
	"bufio"
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StdioMax is Stdio with a smaller line limit, so tests can exceed it.
func StdioMax(r io.Reader, w io.Writer, max int) mcp.Transport {
	lw := &lockedWriter{w: w}
	return &mcp.IOTransport{Reader: &lineFilter{src: r, br: bufio.NewReaderSize(r, 64<<10), reply: lw, max: max}, Writer: lw, MaxLineLength: -1}
}
