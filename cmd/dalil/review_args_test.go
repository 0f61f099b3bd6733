package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// REVIEW: runMCP rejects stray arguments with fs.NArg() > 0, but
// config.parse consumes every positional argument into cfg.Args and leaves
// fs.Args() empty, so the check is dead: `dalil mcp oops` (a typo such as
// `dalil mcp serve` or `dalil mcp -- --base-url ...`) starts the tool
// server as if nothing had been given.
func TestReviewMCPRejectsStrayArgument(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"mcp", "--db", db, "oops"}, noEnv, strings.NewReader(""), &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "unexpected argument") {
		t.Fatalf("dalil mcp oops: err = %v, want an 'unexpected argument' error (stderr %q)", err, errb.String())
	}
}
