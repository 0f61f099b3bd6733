package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
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

type registryOut struct {
	Registry string `json:"registry"`
}

func (o registryOut) Basis() dalil.Basis {
	return dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceLive, Name: "widget_registry", Items: 1}}}
}

// envWidgetRegistry switches the test module's provider on.
const envWidgetRegistry = "DALIL_WIDGET_REGISTRY_URL"

// widgetModule is a test-only capability module: a dataset of its own
// (datasettest.Fake) and a capability that requires it, a provider of
// its own and a capability that requires that.
func widgetModule(fake *datasettest.Fake) module.Module {
	return module.Module{
		Datasets:  []module.Dataset{{Name: fake.Dataset, Open: func(sqlstore.DB) dataset.Importer { return fake }}},
		Providers: []module.Provider{{Name: "widget_registry", Kind: "registry", Endpoint: envWidgetRegistry, Required: []string{envWidgetRegistry}}},
		Entries: func(env module.Env) []capability.Entry {
			registry, _ := env.Provider("widget_registry")
			return []capability.Entry{capability.Define("widget_lookup", capability.Options{
				Group: "Test", Summary: "Whether a widget value is on record.", Path: "/api/v1/test/widgets", Price: 10_000,
				Requires: []capability.Requirement{capability.NeedsDataset(fake.Dataset)},
			}, func(ctx context.Context, in widgetIn) (widgetOut, error) {
				st, err := fake.Stats(ctx)
				return widgetOut{Known: st.Rows > 0, rows: st.Rows}, err
			}), capability.Define("widget_registry_check", capability.Options{
				Group: "Test", Summary: "Which registry a widget is checked against.", Path: "/api/v1/test/widgets/registry", Price: 10_000,
				Requires: []capability.Requirement{capability.NeedsProvider("widget_registry")},
			}, func(ctx context.Context, in widgetIn) (registryOut, error) {
				return registryOut{Registry: registry.Endpoint}, nil
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

	// Its provider: unconfigured, naming the variable, until it is set.
	status := func(base string) map[string]any {
		for _, c := range do(t, http.MethodGet, base+"/api/v1/capabilities", "", nil).body["data"].([]any) {
			if c := c.(map[string]any); c["name"] == "widget_registry_check" {
				return c
			}
		}
		t.Fatal("widget_registry_check is not listed")
		return nil
	}
	if c := status(base); c["status"] != "unconfigured" || !strings.Contains(fmt.Sprint(c), envWidgetRegistry) {
		t.Errorf("without its provider: %v", c)
	}
	if a := post(t, base+"/api/v1/test/widgets/registry", `{"value":1}`, hdr); a.status != 503 || !strings.Contains(string(a.raw), envWidgetRegistry) {
		t.Errorf("without its provider: %d %s", a.status, a.raw)
	}
	var cfgOut bytes.Buffer
	getenv := func(k string) string {
		if k == envWidgetRegistry {
			return "https://registry.test/v1"
		}
		return ""
	}
	if err := run(context.Background(), []string{"config", "--db", db, "--json"}, getenv, nil, &cfgOut, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cfgOut.String(), `"widget_registry": "configured"`) || !strings.Contains(cfgOut.String(), `"widget_registry_check": "available"`) {
		t.Errorf("dalil config does not show the configured provider:\n%s", cfgOut.String())
	}
	configured := startServeEnv(t, db, getenv)
	if c := status(configured); c["status"] != "available" {
		t.Errorf("with its provider: %v", c)
	}
	if a := post(t, configured+"/api/v1/test/widgets/registry", `{"value":1}`, hdr); a.status != 200 || a.data()["registry"] != "https://registry.test/v1" {
		t.Errorf("with its provider: %d %s", a.status, a.raw)
	}
}
