package main

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"dalil/capability"
	"dalil/mcpserver"
)

// unfinishedMarkers are the words that mark unfinished work, written so
// that this file does not itself carry them.
const unfinishedMarkers = "TO" + "DO|FIX" + "ME|XX" + "X"

// internalRefs are phrases that mean something only inside the project:
// its design documents' sections, its issues, its own name as a
// distinction from another service, the service it was modelled on, the
// work sessions that built it, unfinished work. A stranger reading a
// capability's text in /docs, /llms.txt, /openapi.json or an MCP tool
// list cannot follow any of them.
var internalRefs = []struct {
	name string
	re   *regexp.Regexp
}{
	{"contract section", regexp.MustCompile(`(?i)contract\s*§`)},
	{"section sign", regexp.MustCompile(`§`)},
	{"issue number", regexp.MustCompile(`(?i)\bissues?\s*#`)},
	{"(Dalil)", regexp.MustCompile(`\(Dalil\)`)},
	{"reference service", regexp.MustCompile(`(?i)reference\s+service`)},
	{"session", regexp.MustCompile(`(?i)\bsessions?\b`)},
	{"an unfinished-work marker", regexp.MustCompile(`\b(` + unfinishedMarkers + `)\b`)},
}

// budgetSession matches the phrases naming an MPP budget session (a
// payment method, POST /api/v1/mpp/sessions), which are public terms.
var budgetSession = regexp.MustCompile(`(?i)\b(MPP )?budget sessions?\b|\bthe session's budget\b|/mpp/sessions\b`)

// sentenceEnd splits prose into sentences: a full stop, question or
// exclamation mark followed by space (a decimal point or "e.g." inside a
// word is not an end).
var sentenceEnd = regexp.MustCompile(`[.!?]["')\]]?\s+`)

// sentences returns the sentences of s, each trimmed, normalised (spaces
// collapsed, lower case, closing punctuation dropped) for comparison.
func sentences(s string) []string {
	var out []string
	idx := sentenceEnd.FindAllStringIndex(s, -1)
	start := 0
	for _, m := range append(idx, []int{len(s), len(s)}) {
		seg := s[start:m[0]]
		start = m[1]
		seg = strings.Join(strings.Fields(strings.ToLower(seg)), " ")
		seg = strings.TrimRight(seg, ".!?\"') ]")
		if seg != "" {
			out = append(out, seg)
		}
	}
	return out
}

// textProblems lists what is wrong with one public text: a sentence said
// twice, an internal reference.
func textProblems(text string) []string {
	var probs []string
	seen := map[string]bool{}
	for _, s := range sentences(text) {
		// Short fragments ("e.g", "1") repeat harmlessly.
		if len(strings.Fields(s)) < 3 {
			continue
		}
		if seen[s] {
			probs = append(probs, fmt.Sprintf("sentence repeated: %q", s))
		}
		seen[s] = true
	}
	// An MPP budget session is a payment method callers use, not a work
	// session: its own phrases are allowed.
	scan := budgetSession.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat("_", len(m)) })
	for _, r := range internalRefs {
		if loc := r.re.FindStringIndex(scan); loc != nil {
			from, to := max(0, loc[0]-40), min(len(text), loc[1]+40)
			probs = append(probs, fmt.Sprintf("internal reference (%s): …%s…", r.name, text[from:to]))
		}
	}
	return probs
}

// schemaDescriptions collects every "description" (and "title") string of
// a JSON Schema document, keyed by its JSON pointer.
func schemaDescriptions(raw json.RawMessage) (map[string]string, error) {
	out := map[string]string{}
	if len(raw) == 0 {
		return out, nil
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		return nil, err
	}
	var walk func(ptr string, v any, inProps bool)
	walk = func(ptr string, v any, inProps bool) {
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				p := ptr + "/" + k
				// Under "properties" every key is a field name, even one
				// called "description".
				if !inProps && (k == "description" || k == "title") {
					if s, ok := c.(string); ok {
						out[p] = s
						continue
					}
				}
				walk(p, c, !inProps && (k == "properties" || k == "$defs" || k == "patternProperties"))
			}
		case []any:
			for i, c := range v {
				walk(fmt.Sprintf("%s/%d", ptr, i), c, false)
			}
		}
	}
	walk("", tree, false)
	return out, nil
}

// publicTexts are every text a capability publishes about itself, by
// where it appears.
func publicTexts(t *testing.T, e *capability.Entry) map[string]string {
	t.Helper()
	texts := map[string]string{
		"Summary":     e.Summary,
		"Description": e.Description,
		"WhenToUse":   e.WhenToUse,
		// /docs, /llms.txt and each OpenAPI operation print the summary
		// and the description one after the other.
		"Summary+Description": e.Summary + " " + e.Description,
	}
	for i, s := range e.Limitations {
		texts[fmt.Sprintf("Limitations[%d]", i)] = s
	}
	texts["Limitations"] = strings.Join(e.Limitations, " ")
	for i, s := range e.Methodology {
		texts[fmt.Sprintf("Methodology[%d]", i)] = s
	}
	texts["Methodology"] = strings.Join(e.Methodology, " ")
	for _, op := range e.Operations {
		texts["Operations."+op.ID] = op.Summary
	}
	schemas := map[string]json.RawMessage{"InputJSON": e.InputJSON, "OutputJSON": e.OutputJSON}
	if e.Preview != nil {
		schemas["Preview.JSON"] = e.Preview.JSON
	}
	for name, raw := range schemas {
		ds, err := schemaDescriptions(raw)
		if err != nil {
			t.Fatalf("%s %s: %v", e.ID, name, err)
		}
		for p, s := range ds {
			texts[name+p] = s
		}
	}
	if e.Status() != capability.StatusPlanned {
		texts["MCP tool description"] = mcpserver.Tool(e).Description
	}
	return texts
}

// TestPublicTextsReadToAStranger: every public text of every capability
// (its summary, description, guidance, limitations, methodology, each
// schema description and title, the MCP tool description built from
// them) says each sentence once and cites nothing internal to the project.
// The same texts make /docs, /llms.txt and /openapi.json.
func TestPublicTextsReadToAStranger(t *testing.T) {
	reg, err := registry(deps{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range reg.All() {
		texts := publicTexts(t, e)
		keys := make([]string, 0, len(texts))
		for k := range texts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			n++
			for _, p := range textProblems(texts[k]) {
				t.Errorf("%s %s: %s", e.ID, k, p)
			}
		}
	}
	if n < 500 {
		t.Fatalf("only %d texts checked", n)
	}
}

// TestTextProblems: the checker finds what it is meant to find and lets
// ordinary prose through.
func TestTextProblems(t *testing.T) {
	cases := []struct {
		text string
		bad  bool
	}{
		{"Calls a number. Says what it heard.", false},
		{"Yield is 5.5 per cent, e.g. on rent. It is gross.", false},
		{"Calls a number and talks. It reports back. Calls a number and talks.", true},
		{"Calls a number and talks.  calls a number   and talks!", true},
		{"As in contract §4.", true},
		{"Rounded half-even (§2).", true},
		{"See issue #30.", true},
		{"The score (Dalil) is higher.", true},
		{"Same as the reference service's input.", true},
		{"Decided in an earlier session.", true},
		{"Drawn from an MPP budget session, back to the session's budget (POST /api/v1/mpp/sessions).", false},
		{"Drawn from an MPP budget session, as this session decided.", true},
		{"TO" + "DO: say more.", true},
		{"A possession of the company.", false},
	}
	for _, c := range cases {
		if got := len(textProblems(c.text)) > 0; got != c.bad {
			t.Errorf("textProblems(%q) = %v, want bad=%v", c.text, textProblems(c.text), c.bad)
		}
	}
	ds, err := schemaDescriptions(json.RawMessage(`{"description":"a","properties":{"description":{"type":"string","description":"b"}},"items":{"title":"c"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 3 || ds["/description"] != "a" || ds["/properties/description/description"] != "b" || ds["/items/title"] != "c" {
		t.Errorf("schemaDescriptions = %v", ds)
	}
}

// TestServedDocumentsReadToAStranger: what `dalil serve` publishes about
// itself, /openapi.json (every description and summary, each checked as
// one text), /llms.txt and /docs (checked whole for internal references),
// cites nothing internal to the project.
func TestServedDocumentsReadToAStranger(t *testing.T) {
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
	get := func(path string) []byte {
		t.Helper()
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %v", path, resp.StatusCode, err)
		}
		return b
	}
	var doc any
	if err := json.Unmarshal(get("/openapi.json"), &doc); err != nil {
		t.Fatal(err)
	}
	n := 0
	var walk func(ptr string, v any)
	walk = func(ptr string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				if s, ok := c.(string); ok && (k == "description" || k == "summary") {
					n++
					for _, p := range textProblems(s) {
						t.Errorf("/openapi.json %s/%s: %s", ptr, k, p)
					}
					continue
				}
				walk(ptr+"/"+k, c)
			}
		case []any:
			for i, c := range v {
				walk(fmt.Sprintf("%s/%d", ptr, i), c)
			}
		}
	}
	walk("", doc)
	if n < 500 {
		t.Fatalf("only %d texts in /openapi.json", n)
	}
	for _, path := range []string{"/llms.txt", "/docs"} {
		text := budgetSession.ReplaceAllString(html.UnescapeString(string(get(path))), "")
		for _, r := range internalRefs {
			for _, loc := range r.re.FindAllStringIndex(text, -1) {
				from, to := max(0, loc[0]-60), min(len(text), loc[1]+60)
				t.Errorf("%s: internal reference (%s): …%s…", path, r.name, text[from:to])
			}
		}
	}
}
