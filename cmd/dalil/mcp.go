package main

import (
	"context"
	"errors"
	"io"
)

// runMCP is the MCP tool server on stdio (issue #4).
func runMCP(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("mcp: not available yet in this build (issue #4)")
}
