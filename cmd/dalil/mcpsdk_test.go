//go:build mcpsdk

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"dalil/capability"
)

// TestMCPTypeScriptSDK drives Dalil's tools with the official MCP
// TypeScript SDK's client (scripts/mcp-sdk/check.mjs) over the three ways
// in: `dalil mcp` on stdio against the local database, `dalil mcp` on
// stdio forwarding to DALIL_BASE_URL, and /mcp of the REST server. That
// client checks any structuredContent against the tool's outputSchema,
// errors included (issue #12 item 1), so the script proves that good
// results validate and that INVALID_INPUT, PRICE_ABOVE_MAXIMUM and
// INSUFFICIENT_CREDITS reach the agent readable.
//
// Run through scripts/mcp-sdk/run (it installs the pinned SDK):
//
//	go test -tags mcpsdk -run TestMCPTypeScriptSDK ./cmd/dalil
func TestMCPTypeScriptSDK(t *testing.T) {
	dir := os.Getenv("DALIL_MCP_SDK_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "scripts", "mcp-sdk")
	}
	dir, _ = filepath.Abs(dir)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		t.Fatalf("@modelcontextprotocol/sdk missing in %s (run scripts/mcp-sdk/run): %v", dir, err)
	}
	bin := buildDalil(t)
	f := newMCPFixture(t)
	examples := map[string]any{}
	for _, e := range f.svc.reg.Callable() {
		if e.Example != nil && e.Status() == capability.StatusAvailable {
			examples[e.ID] = e.Example
		}
	}
	// Which examples are charged: an answer with too little data
	// (meta.charged false) is not. Asked once over REST, outside the runs.
	chargedExamples := 0
	for id := range examples {
		e, _ := f.svc.reg.Lookup(id)
		body, _ := json.Marshal(examples[id])
		req, _ := http.NewRequest("POST", f.ts.URL+e.Path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-API-Key", f.paid.APIKey)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var env struct {
			Meta struct {
				Charged *bool `json:"charged"`
			} `json:"meta"`
		}
		json.NewDecoder(res.Body).Decode(&env)
		res.Body.Close()
		if res.StatusCode == http.StatusOK && env.Meta.Charged == nil {
			chargedExamples++
		}
	}
	keys := map[string]string{"paid": f.paid.APIKey, "broke": f.broke.APIKey}
	nowhere := filepath.Join(t.TempDir(), "missing", "dalil.db") // remote mode opens no database
	for _, tc := range []struct {
		name string
		cfg  map[string]any
	}{
		{"stdio-local", map[string]any{"transport": "stdio", "command": bin, "args": []string{"mcp"},
			"env": map[string]string{"DALIL_DB": f.db, "DALIL_LOG_LEVEL": "warn"}}},
		{"stdio-remote", map[string]any{"transport": "stdio", "command": bin, "args": []string{"mcp"},
			"env": map[string]string{"DALIL_BASE_URL": f.ts.URL, "DALIL_DB": nowhere, "DALIL_LOG_LEVEL": "warn"}}},
		{"http", map[string]any{"transport": "http", "url": f.ts.URL + "/mcp"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(f.charges(t, f.paid.AccountID))
			tc.cfg["name"], tc.cfg["keys"], tc.cfg["examples"] = tc.name, keys, examples
			arg, err := json.Marshal(tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, "node", "check.mjs", string(arg))
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("node check.mjs (%s): %v", tc.name, err)
			}
			// Charged: the good call and each example; never the invalid,
			// over-ceiling or unpaid calls, nor previews, nor answers
			// with too little data.
			if got, want := len(f.charges(t, f.paid.AccountID))-before, 1+chargedExamples; got != want {
				t.Errorf("%d charges to the paid account, want %d", got, want)
			}
			if n := len(f.charges(t, f.broke.AccountID)); n != 0 {
				t.Errorf("the account without credits was charged %d times", n)
			}
		})
	}
}
