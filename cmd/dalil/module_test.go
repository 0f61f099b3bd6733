package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dalil"
	"dalil/capability"
	"dalil/dataset"
	"dalil/dataset/datasettest"
	"dalil/module"
	"dalil/store/sqlstore"
)

type widgetIn struct {
	Value int `json:"value"`
}

type widgetOut struct {
	Known bool `json:"known"`
	rows  int
}

func (o widgetOut) Basis() dalil.Basis {
	return dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceDataset, Name: "widgets", Dataset: "widgets", Items: o.rows}}}
}

// widgetModule is a test-only capability module: a dataset of its own
// (datasettest.Fake) and a capability that requires it.
func widgetModule(fake *datasettest.Fake) module.Module {
	return module.Module{
		Datasets: []module.Dataset{{Name: fake.Dataset, Open: func(sqlstore.DB) dataset.Importer { return fake }}},
		Entries: func(sqlstore.DB, bool) []capability.Entry {
			return []capability.Entry{capability.Define("widget_lookup", capability.Options{
				Group: "Test", Summary: "Whether a widget value is on record.", Path: "/api/v1/test/widgets", Price: 10_000,
				Requires: []capability.Requirement{capability.NeedsDataset(fake.Dataset)},
			}, func(ctx context.Context, in widgetIn) (widgetOut, error) {
				st, err := fake.Stats(ctx)
				return widgetOut{Known: st.Rows > 0, rows: st.Rows}, err
			})}
		},
	}
}

// TestOneModuleLineAppearsEverywhere: a module added by one line (the
// test's withModule is what the line in registry.go does) gets its
// dataset's commands and admin route, its capability's route, listing,
// llms.txt entry and MCP tool, and a status that follows its data.
func TestOneModuleLineAppearsEverywhere(t *testing.T) {
	fake := datasettest.New("widgets")
	withModule(t, widgetModule(fake))
	dir := t.TempDir()
	db := filepath.Join(dir, "m.db")
	acct := cli(t, db, "accounts", "create", "--name", "widgets", "--plan", "free", "--credits", "1")
	key := acct["apiKey"].(string)
	base := startPlainServe(t, db)
	hdr := map[string]string{"X-API-Key": key}

	listed := func() string {
		for _, c := range do(t, http.MethodGet, base+"/api/v1/capabilities", "", nil).body["data"].([]any) {
			if c := c.(map[string]any); c["name"] == "widget_lookup" {
				return c["status"].(string)
			}
		}
		return "not listed"
	}
	if got := listed(); got != "unconfigured" {
		t.Fatalf("before an import: %s", got)
	}
	if a := post(t, base+"/api/v1/test/widgets", `{"value":1}`, hdr); a.status != 503 || !strings.Contains(string(a.raw), "dalil widgets import") {
		t.Fatalf("before an import: %d %s", a.status, a.raw)
	}
	if llms := string(do(t, http.MethodGet, base+"/llms.txt", "", nil).raw); !strings.Contains(llms, "### widget_lookup") {
		t.Error("llms.txt does not list widget_lookup")
	}
	if spec := string(do(t, http.MethodGet, base+"/openapi.json", "", nil).raw); !strings.Contains(spec, "/api/v1/test/widgets") {
		t.Error("openapi.json has no route for widget_lookup")
	}

	// Its dataset's command (the same process: the fake keeps its rows).
	file := filepath.Join(dir, "w.lines")
	if err := os.WriteFile(file, []byte("value\n1\n2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"widgets", "import", file, "--source", "test", "--license", "test", "--db", db}, noEnv, nil, &out, &errb); err != nil {
		t.Fatalf("dalil widgets import: %v %s%s", err, out.String(), errb.String())
	}
	a := post(t, base+"/api/v1/test/widgets", `{"value":1}`, hdr)
	if a.status != 200 || a.data()["known"] != true || a.meta()["charged"] != nil {
		t.Fatalf("after an import: %d %s", a.status, a.raw)
	}
	if got := listed(); got != "available" {
		t.Errorf("after an import the listing says %s", got)
	}
}
