package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"testing"
)

// TestServedOpenAPIIsComplete checks the /openapi.json that `dalil serve`
// answers with every capability registered (the one CI lints with
// Redocly): every tag has a description, and every path's {wildcards} are
// declared as required path parameters by each of its operations.
func TestServedOpenAPIIsComplete(t *testing.T) {
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), []string{"--db", filepath.Join(t.TempDir(), "dalil.db")}, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := buildServer(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.store.Close() })
	ts := httptest.NewServer(svc.api)
	t.Cleanup(ts.Close)
	resp, err := http.Get(ts.URL + "/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var doc struct {
		Tags []struct {
			Name        string `json:"name"`
			Description string `json:"description"`
		} `json:"tags"`
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name     string `json:"name"`
				In       string `json:"in"`
				Required bool   `json:"required"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Tags) == 0 || len(doc.Paths) == 0 {
		t.Fatalf("no tags or paths: %d, %d", len(doc.Tags), len(doc.Paths))
	}
	for _, tag := range doc.Tags {
		if tag.Description == "" {
			t.Errorf("tag %q has no description", tag.Name)
		}
	}
	wild := regexp.MustCompile(`\{([^}]+)\}`)
	checked := 0
	for path, item := range doc.Paths {
		for _, m := range wild.FindAllStringSubmatch(path, -1) {
			for method, op := range item {
				found := false
				for _, p := range op.Parameters {
					found = found || (p.Name == m[1] && p.In == "path" && p.Required)
				}
				if !found {
					t.Errorf("%s %s does not declare its path parameter %q", method, path, m[1])
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Error("no path with a parameter was checked")
	}
}
