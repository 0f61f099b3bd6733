package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"dalil/store/sqlstore"
)

// TestStatusFollowsTheDataEndToEnd drives a real `dalil serve` through a
// dataset's life: on a fresh database sanctions_screen is unconfigured and
// names the dataset and how to import it; after the synthetic demo list is
// imported (by another process, the CLI) it is demo; after a real list it
// is available; once the real list is retracted (the CLI, another process)
// it is demo again, and once the demo list is too, unconfigured. At each
// step `dalil config`, the capabilities listing, MCP tools/list, /llms.txt
// and the 503 or the answer agree, with no restart.
func TestStatusFollowsTheDataEndToEnd(t *testing.T) {
	db := filepath.Join(t.TempDir(), "status.db")
	acct := cli(t, db, "accounts", "create", "--name", "status", "--plan", "free", "--credits", "5")
	key := acct["apiKey"].(string)
	base := startPlainServe(t, db)
	ctx := context.Background()
	session, err := mcp.NewClient(&mcp.Implementation{Name: "status-test", Version: "1"}, nil).Connect(ctx,
		&mcp.StreamableClientTransport{Endpoint: base + "/mcp", DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { session.Close() })

	const id = "sanctions_screen"
	statuses := func() map[string]string {
		t.Helper()
		out := map[string]string{}
		// dalil config, beside the running server.
		var stdout, stderr bytes.Buffer
		if err := run(ctx, []string{"config", "--db", db, "--json"}, noEnv, nil, &stdout, &stderr); err != nil {
			t.Fatalf("dalil config: %v %s", err, stderr.String())
		}
		var report struct {
			Status struct {
				Capabilities map[string]string `json:"capabilities"`
			} `json:"status"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
			t.Fatal(err)
		}
		out["config"], _, _ = strings.Cut(report.Status.Capabilities[id], ":")
		// The capabilities listing.
		list := do(t, http.MethodGet, base+"/api/v1/capabilities", "", nil)
		for _, c := range list.body["data"].([]any) {
			if c := c.(map[string]any); c["name"] == id {
				out["listing"] = c["status"].(string)
			}
		}
		// MCP tools/list.
		tools, err := session.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range tools.Tools {
			if tool.Name == id {
				out["mcp"] = tool.Meta["dalil/status"].(string)
			}
		}
		// /llms.txt.
		llms := string(do(t, http.MethodGet, base+"/llms.txt", "", nil).raw)
		if i := strings.Index(llms, "### "+id+"\n"); i >= 0 {
			rest := llms[i:]
			if j := strings.Index(rest, "- Status: "); j >= 0 {
				out["llms"], _, _ = strings.Cut(rest[j+len("- Status: "):], "\n")
			}
		}
		return out
	}
	// An import by another process is read within datasetFresh (1 s):
	// every surface must agree by then (polled, not timed).
	agree := func(step, want string) {
		t.Helper()
		var got map[string]string
		for deadline := time.Now().Add(5 * datasetFresh); ; time.Sleep(50 * time.Millisecond) {
			got = statuses()
			same := len(got) == 4
			for _, s := range got {
				same = same && s == want
			}
			if same || time.Now().After(deadline) {
				break
			}
		}
		for _, surface := range []string{"config", "listing", "mcp", "llms"} {
			if got[surface] != want {
				t.Errorf("%s: %s says %q, want %q", step, surface, got[surface], want)
			}
		}
	}
	screen := func() answer {
		return post(t, base+"/api/v1/risk/sanctions-screen", `{"name":"Khalid Saif Al-Example"}`, map[string]string{"X-API-Key": key})
	}

	// Fresh database: unconfigured, naming the dataset and how to import it.
	agree("fresh", "unconfigured")
	a := screen()
	missing, _ := a.details()["missing"].([]any)
	if a.status != 503 || a.code() != "PROVIDER_NOT_CONFIGURED" || len(missing) != 1 ||
		!strings.Contains(missing[0].(map[string]any)["operatorAction"].(string), "dalil sanctions import") || a.details()["status"] != "not_checked" {
		t.Fatalf("fresh: %d %s", a.status, a.raw)
	}
	var config bytes.Buffer
	if err := run(ctx, []string{"config", "--db", db, "--json"}, noEnv, nil, &config, &bytes.Buffer{}); err != nil || !strings.Contains(config.String(), "needs the sanctions dataset (import it: dalil sanctions import") {
		t.Fatalf("dalil config does not say what to import: %v %s", err, config.String())
	}

	// The synthetic demo list, imported by another process: demo.
	st, err := sqlstore.Open(ctx, db, sqlstore.Options{Modules: storeModules()})
	if err != nil {
		t.Fatal(err)
	}
	err = seedDemoDataset(ctx, st, "sanctions", io.Discard)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	agree("demo list", "demo")
	if a := screen(); a.status != 200 {
		t.Fatalf("demo list: %d %s", a.status, a.raw)
	}

	// A real list: available.
	if out, err := sanctionsImport(t, db, sanctionsFile("sdn.xml"), "--format", "ofac-xml", "--source", "made-up", "--license", "test"); err != nil {
		t.Fatalf("import: %v %s", err, out)
	}
	agree("real list", "available")
	if a := screen(); a.status != 200 {
		t.Fatalf("real list: %d %s", a.status, a.raw)
	}

	// Retractions, by another process: the real list, then the demo one.
	batches := func() (real, demo string) {
		t.Helper()
		var out bytes.Buffer
		if err := run(ctx, []string{"sanctions", "batches", "--json", "--db", db}, noEnv, nil, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		var l struct {
			Batches []struct {
				ID        string `json:"id"`
				Synthetic bool   `json:"synthetic"`
				Current   bool   `json:"current"`
			} `json:"batches"`
		}
		if err := json.Unmarshal(out.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		for _, b := range l.Batches {
			switch {
			case b.Current && b.Synthetic:
				demo = b.ID
			case b.Current:
				real = b.ID
			}
		}
		return real, demo
	}
	retract := func(batch string) {
		t.Helper()
		if err := run(ctx, []string{"sanctions", "retract", batch, "--reason", "status test", "--db", db}, noEnv, nil, io.Discard, io.Discard); err != nil {
			t.Fatalf("retract %s: %v", batch, err)
		}
	}
	realBatch, demoBatch := batches()
	if realBatch == "" || demoBatch == "" {
		t.Fatalf("batches: real %q, demo %q", realBatch, demoBatch)
	}
	retract(realBatch)
	agree("real list retracted", "demo")
	retract(demoBatch)
	agree("demo list retracted", "unconfigured")
	if a := screen(); a.status != 503 || a.details()["status"] != "not_checked" {
		t.Fatalf("every list retracted: %d %s", a.status, a.raw)
	}
}
