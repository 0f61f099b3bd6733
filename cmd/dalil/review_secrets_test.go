package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// REVIEW: runMCP logs its target as "remote " + cfg.BaseURL on stderr. A
// DALIL_BASE_URL with user info (https://user:password@host, which Go's
// HTTP client turns into Basic auth for a gateway in front of Dalil) puts
// the password in the log. The same URL is echoed verbatim (%q) by
// NewRemote's error for a bad scheme.
func TestReviewMCPDoesNotLogBaseURLPassword(t *testing.T) {
	env := func(k string) string {
		if k == "DALIL_BASE_URL" {
			return "http://agent:s3cr3t-pass@127.0.0.1:1"
		}
		return ""
	}
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"mcp"}, env, strings.NewReader(""), &out, &errb)
	msg := errb.String()
	if err != nil {
		msg += err.Error()
	}
	if strings.Contains(msg, "s3cr3t-pass") {
		t.Fatalf("the base URL's password reached stderr: %q", msg)
	}
	if out.Len() != 0 {
		t.Fatalf("stdout has non-JSON-RPC output: %q", out.String())
	}
}
