package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestNoNullLists holds for the whole registry (issue #12 item 4): every
// array in every published output schema (capability outputs and preview
// reports) is non-nullable, and each capability's example call, paid and
// previewed through the REST server that `dalil serve` builds, answers with
// no null where its schema has a list (in fact no null anywhere the schema
// does not allow one).
func TestNoNullLists(t *testing.T) {
	f := newMCPFixture(t)
	called := 0
	for _, e := range f.svc.reg.Callable() {
		schemas := map[string]json.RawMessage{"output": e.OutputJSON}
		if e.Preview != nil {
			schemas["preview report"] = e.Preview.JSON
		}
		for what, raw := range schemas {
			var s any
			if err := json.Unmarshal(raw, &s); err != nil {
				t.Fatalf("%s %s schema: %v", e.ID, what, err)
			}
			for _, p := range nullableLists(s, "") {
				t.Errorf("%s %s schema: %s is a nullable list", e.ID, what, p)
			}
		}
		if e.Example == nil || e.Status() != "available" {
			continue
		}
		body, _ := json.Marshal(e.Example)
		a := post(t, f.ts.URL+e.Path, string(body), map[string]string{"X-API-Key": f.paid.APIKey})
		if a.status != http.StatusOK {
			t.Fatalf("%s example: %d %s", e.ID, a.status, a.raw)
		}
		called++
		checkNoNulls(t, e.ID+" output", e.OutputJSON, a.body["data"])
		if e.Previewable() {
			a := post(t, f.ts.URL+"/api/v1/preview/"+e.ID, string(body), nil)
			if a.status != http.StatusOK {
				t.Fatalf("%s preview: %d %s", e.ID, a.status, a.raw)
			}
			data, _ := a.body["data"].(map[string]any)
			checkNoNulls(t, e.ID+" preview report", e.Preview.JSON, data["preview"])
		}
	}
	if called < 4 {
		t.Errorf("only %d capabilities were called; want every available one with an example", called)
	}
}

// checkNoNulls fails the test for every null in v where schema does not
// allow null, or where it has a list.
func checkNoNulls(t *testing.T, what string, schema json.RawMessage, v any) {
	t.Helper()
	var s any
	if err := json.Unmarshal(schema, &s); err != nil {
		t.Fatal(err)
	}
	if v == nil {
		t.Fatalf("%s: no answer", what)
	}
	for _, p := range badNulls(s, v, "") {
		t.Errorf("%s: %s", what, p)
	}
}

// types lists a schema's "type" ("array", or ["null", "array"]).
func types(s map[string]any) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			out = append(out, fmt.Sprint(x))
		}
		return out
	}
	return nil
}

// nullableLists returns the path of every sub-schema of s whose type lets
// an array (or a map: an object with additionalProperties and no
// properties) be null.
func nullableLists(s any, path string) []string {
	var out []string
	switch v := s.(type) {
	case map[string]any:
		ts := types(v)
		_, props := v["properties"]
		_, extra := v["additionalProperties"].(map[string]any)
		isMap := slices.Contains(ts, "object") && extra && !props
		if slices.Contains(ts, "null") && (slices.Contains(ts, "array") || isMap) {
			out = append(out, strings.TrimPrefix(path, "/"))
		}
		for k, sub := range v {
			out = append(out, nullableLists(sub, path+"/"+k)...)
		}
	case []any:
		for i, sub := range v {
			out = append(out, nullableLists(sub, fmt.Sprintf("%s/%d", path, i))...)
		}
	}
	return out
}

// badNulls walks the value v with its schema s and describes each null
// that s does not allow or that stands where s has a list.
func badNulls(s any, v any, path string) []string {
	sm, _ := s.(map[string]any)
	if sm == nil {
		return nil // true / {}: anything goes, nothing to say
	}
	ts := types(sm)
	if v == nil {
		switch {
		case slices.Contains(ts, "array"):
			return []string{fmt.Sprintf("%q is null; a list is [] when empty", path)}
		case len(ts) > 0 && !slices.Contains(ts, "null"):
			return []string{fmt.Sprintf("%q is null; its schema says %v", path, ts)}
		}
		return nil
	}
	var out []string
	switch x := v.(type) {
	case []any:
		for i, item := range x {
			out = append(out, badNulls(sm["items"], item, strings.TrimPrefix(fmt.Sprintf("%s.%d", path, i), "."))...)
		}
	case map[string]any:
		props, _ := sm["properties"].(map[string]any)
		for k, item := range x {
			sub, ok := props[k]
			if !ok {
				sub = sm["additionalProperties"]
			}
			out = append(out, badNulls(sub, item, strings.TrimPrefix(path+"."+k, "."))...)
		}
	}
	return out
}
