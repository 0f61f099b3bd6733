package capability_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"dalil/capability"

	"github.com/google/go-cmp/cmp"
)

type peekSignals struct {
	Count int  `json:"count" schema:"minimum=0"`
	Big   bool `json:"big"`
}

// peek previews okIn: limited for small n, available from 3 up.
func peek(_ context.Context, in okIn) (capability.PreviewReport[peekSignals], error) {
	r := capability.PreviewReport[peekSignals]{Status: capability.PreviewLimited, CoverageScore: float64(in.N) / 5, DataCoverage: "bogus",
		Signals: peekSignals{Count: in.N, Big: in.N >= 3}}
	if in.N >= 3 {
		r.Status = capability.PreviewAvailable
	}
	return r, nil
}

func previewed(opts capability.Options) capability.Entry {
	opts.Group, opts.Summary = "G", "s"
	if opts.Path == "" {
		opts.Path = "/api/v1/p"
	}
	return capability.Define("p_tool", opts, handler)
}

func TestPreviewRunsOnTheDecodedInput(t *testing.T) {
	e := previewed(capability.Options{Preview: capability.PreviewOf(capability.LeakageSafe, peek)})
	if !e.Previewable() {
		t.Fatal("an available capability with a preview is not previewable")
	}
	tests := []struct {
		n        int
		status   capability.PreviewStatus
		coverage string
	}{
		{1, capability.PreviewLimited, "low"},
		{2, capability.PreviewLimited, "medium"},
		{4, capability.PreviewAvailable, "high"},
	}
	for _, tc := range tests {
		in, err := e.Decode([]byte(`{"n":` + string(rune('0'+tc.n)) + `}`))
		if err != nil {
			t.Fatal(err)
		}
		status, rep, err := e.RunPreview(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(rep)
		var got map[string]any
		json.Unmarshal(b, &got)
		if status != tc.status || got["dataCoverage"] != tc.coverage || got["signals"].(map[string]any)["count"] != float64(tc.n) {
			t.Errorf("n=%d: status %s report %s, want %s with coverage %s", tc.n, status, b, tc.status, tc.coverage)
		}
		if _, ok := got["status"]; ok {
			t.Errorf("the report carries status itself: %s", b)
		}
		if sec, ok := got["availableSections"].([]any); !ok || len(sec) != 0 {
			t.Errorf("availableSections = %v, want an empty list", got["availableSections"])
		}
	}
}

func TestPreviewReportSchemaIsDerived(t *testing.T) {
	p := capability.PreviewOf(capability.LeakageSafe, peek)
	var s struct {
		Required   []string                   `json:"required"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(p.JSON, &s); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range s.Properties {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := []string{"availableSections", "coverageScore", "dataCoverage", "entity", "entityType", "freshestSourceDate", "signals", "sourcesFound"}
	if diff := cmp.Diff(want, keys); diff != "" {
		t.Errorf("report properties (-want +got):\n%s", diff)
	}
	sig := string(s.Properties["signals"])
	if !strings.Contains(sig, `"count"`) || !strings.Contains(sig, `"big"`) || !strings.Contains(sig, `"minimum":0`) {
		t.Errorf("signals schema is not the signals type's: %s", sig)
	}
	if !strings.Contains(string(s.Properties["coverageScore"]), `"maximum":1`) {
		t.Errorf("coverageScore schema = %s", s.Properties["coverageScore"])
	}
}

func TestPreviewMustKeepItsPromises(t *testing.T) {
	for name, f := range map[string]capability.PreviewFunc[okIn, peekSignals]{
		"unavailable is not a preview's answer": func(context.Context, okIn) (capability.PreviewReport[peekSignals], error) {
			return capability.PreviewReport[peekSignals]{Status: capability.PreviewUnavailable}, nil
		},
		"no status": func(context.Context, okIn) (capability.PreviewReport[peekSignals], error) {
			return capability.PreviewReport[peekSignals]{}, nil
		},
		"coverage above 1": func(context.Context, okIn) (capability.PreviewReport[peekSignals], error) {
			return capability.PreviewReport[peekSignals]{Status: capability.PreviewAvailable, CoverageScore: 1.2}, nil
		},
	} {
		t.Run(name, func(t *testing.T) {
			e := previewed(capability.Options{Preview: capability.PreviewOf(capability.LeakageSafe, f)})
			in, _ := e.Decode([]byte(`{"n":1}`))
			if _, _, err := e.RunPreview(context.Background(), in); err == nil {
				t.Error("accepted")
			}
		})
	}
}

func TestPreviewDeclarationsAreChecked(t *testing.T) {
	type otherIn struct {
		S string `json:"s"`
	}
	wrong := func(context.Context, otherIn) (capability.PreviewReport[peekSignals], error) {
		return capability.PreviewReport[peekSignals]{}, nil
	}
	tests := []struct {
		name string
		def  func()
		want string
	}{
		{"preview over another input type", func() { previewed(capability.Options{Preview: capability.PreviewOf(capability.LeakageSafe, wrong)}) }, "preview takes"},
		{"path under the preview route", func() { previewed(capability.Options{Path: "/api/v1/preview/p_tool"}) }, "preview route"},
		{"unknown leakage class", func() { capability.PreviewOf(capability.Leakage("NONE"), peek) }, "leakage"},
		{"requirement of no known kind", func() {
			previewed(capability.Options{Requires: []capability.Requirement{{Kind: "licence", Name: "x_y"}}})
		}, "bad requirement"},
		{"requirement without a name", func() {
			previewed(capability.Options{Requires: []capability.Requirement{capability.NeedsProvider("")}})
		}, "bad requirement"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.Contains(s, tc.want) {
					t.Errorf("panic = %v, want one mentioning %q", r, tc.want)
				}
			}()
			tc.def()
		})
	}
	if _, err := capability.NewRegistry(capability.Define(capability.PreviewTool, capability.Options{Group: "G", Summary: "s", Path: "/api/v1/x"}, handler)); err == nil {
		t.Errorf("a capability named %s was accepted", capability.PreviewTool)
	}
}

func TestStatusFollowsTheSupply(t *testing.T) {
	market := capability.AnyOf("market_data", capability.NeedsDataset("listings"), capability.NeedsProvider("marketcheck"))
	needs := previewed(capability.Options{
		Requires: []capability.Requirement{capability.NeedsProvider("websearch"), capability.NeedsDataset("comparables"), market},
		Preview:  capability.PreviewOf(capability.LeakageLow, peek),
	})
	plain := capability.Define("plain_tool", capability.Options{Group: "G", Summary: "s", Path: "/api/v1/plain"}, handler)
	later := capability.Planned("later_tool", "G", "soon")
	if needs.Status() != capability.StatusUnconfigured || needs.Previewable() {
		t.Errorf("Define assumed a requirement configured: status %s", needs.Status())
	}
	real := capability.SupplyReal
	tests := []struct {
		name      string
		supply    map[capability.Requirement]capability.Supply
		status    capability.Status
		needs     string
		synthetic []string
	}{
		{"nothing supplied", nil, capability.StatusUnconfigured,
			"the websearch provider and the comparables dataset and the listings dataset or the marketcheck provider", nil},
		{"the provider only", map[capability.Requirement]capability.Supply{capability.NeedsProvider("websearch"): real}, capability.StatusUnconfigured,
			"the comparables dataset and the listings dataset or the marketcheck provider", nil},
		{"a dataset of the provider's name does not count", map[capability.Requirement]capability.Supply{
			capability.NeedsDataset("websearch"): real, capability.NeedsProvider("comparables"): real, capability.NeedsDataset("marketcheck"): real},
			capability.StatusUnconfigured, "the websearch provider and the comparables dataset and the listings dataset or the marketcheck provider", nil},
		{"everything real, market by provider", map[capability.Requirement]capability.Supply{
			capability.NeedsProvider("websearch"): real, capability.NeedsDataset("comparables"): real, capability.NeedsProvider("marketcheck"): real},
			capability.StatusAvailable, "", nil},
		{"synthetic comparables: demo", map[capability.Requirement]capability.Supply{
			capability.NeedsProvider("websearch"): real, capability.NeedsDataset("comparables"): capability.SupplySynthetic, capability.NeedsDataset("listings"): real},
			capability.StatusDemo, "", []string{"comparables"}},
		{"a real alternative beats a synthetic one", map[capability.Requirement]capability.Supply{
			capability.NeedsProvider("websearch"): real, capability.NeedsDataset("comparables"): real,
			capability.NeedsDataset("listings"): capability.SupplySynthetic, capability.NeedsProvider("marketcheck"): real},
			capability.StatusAvailable, "", nil},
		{"synthetic alternatives only: demo", map[capability.Requirement]capability.Supply{
			capability.NeedsProvider("websearch"): real, capability.NeedsDataset("comparables"): real, capability.NeedsDataset("listings"): capability.SupplySynthetic},
			capability.StatusDemo, "", []string{"market_data"}},
		{"missing beats synthetic", map[capability.Requirement]capability.Supply{
			capability.NeedsDataset("comparables"): capability.SupplySynthetic, capability.NeedsDataset("listings"): real},
			capability.StatusUnconfigured, "the websearch provider", []string{"comparables"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reg, err := capability.NewRegistryWith(capability.RegistryOptions{
				Supply: func(r capability.Requirement) capability.Supply { return tc.supply[r] },
				Hint:   func(r capability.Requirement) string { return "supply " + r.Name },
			}, needs, plain, later)
			if err != nil {
				t.Fatal(err)
			}
			e, _ := reg.Lookup("p_tool")
			st := e.State()
			var synthetic []string
			for _, s := range st.Synthetic {
				synthetic = append(synthetic, s.Name)
			}
			if st.Status != tc.status || st.Needs() != tc.needs || !cmp.Equal(synthetic, tc.synthetic) {
				t.Errorf("status %s needs %q synthetic %v, want %s %q %v", st.Status, st.Needs(), synthetic, tc.status, tc.needs, tc.synthetic)
			}
			for _, m := range st.Missing {
				if m.Hint == "" || (m.Kind == capability.KindAny && !strings.Contains(m.Hint, "; or ")) {
					t.Errorf("missing %s has hint %q", m, m.Hint)
				}
			}
			if e.Previewable() != st.Answers() {
				t.Errorf("previewable = %v with status %s", e.Previewable(), st.Status)
			}
			if p, _ := reg.Lookup("plain_tool"); p.Status() != capability.StatusAvailable || p.Previewable() {
				t.Errorf("a capability without requirements or preview: status %s previewable %v", p.Status(), p.Previewable())
			}
			if l, _ := reg.Lookup("later_tool"); l.Status() != capability.StatusPlanned || len(reg.Planned()) != 1 {
				t.Errorf("planned entry became %s", l.Status())
			}
		})
	}
	// The registry's entries are its own: the declaration is unchanged.
	if needs.Status() != capability.StatusUnconfigured {
		t.Errorf("the declared entry changed to %s", needs.Status())
	}
}

// TestStatusIsReadLive: the status follows the supply while the registry
// lives (an import, a retraction), with no new registry.
func TestStatusIsReadLive(t *testing.T) {
	supply := capability.SupplyMissing
	e := previewed(capability.Options{Requires: []capability.Requirement{capability.NeedsDataset("comparables")}, Preview: capability.PreviewOf(capability.LeakageLow, peek)})
	reg, err := capability.NewRegistryWith(capability.RegistryOptions{Supply: func(capability.Requirement) capability.Supply { return supply }}, e)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := reg.Lookup("p_tool")
	for _, step := range []struct {
		supply capability.Supply
		want   capability.Status
	}{{capability.SupplyMissing, capability.StatusUnconfigured}, {capability.SupplySynthetic, capability.StatusDemo},
		{capability.SupplyReal, capability.StatusAvailable}, {capability.SupplyMissing, capability.StatusUnconfigured}} {
		supply = step.supply
		if got.Status() != step.want || reg.State(got).Status != step.want {
			t.Errorf("supply %d: status %s, want %s", step.supply, got.Status(), step.want)
		}
	}
}

// RegistryOptions.Expand: a requirement naming a kind of source is met
// by the best of the sources it expands to, or by the kind itself (as a
// remote service's listing names it); its hint is theirs.
func TestExpandKindsOfSource(t *testing.T) {
	e := previewed(capability.Options{Requires: []capability.Requirement{capability.NeedsProvider("web_search")}, Preview: capability.PreviewOf(capability.LeakageLow, peek)})
	supply := map[capability.Requirement]capability.Supply{}
	reg, err := capability.NewRegistryWith(capability.RegistryOptions{
		Supply: func(r capability.Requirement) capability.Supply { return supply[r] },
		Hint:   func(r capability.Requirement) string { return "set " + r.Name },
		Expand: func(r capability.Requirement) capability.Requirement {
			if r.Name == "web_search" {
				return capability.AnyOf(r.Name, capability.NeedsProvider("brave"), capability.NeedsProvider("tavily"))
			}
			return r
		},
	}, e)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := reg.Lookup("p_tool")
	if st := got.State(); st.Status != capability.StatusUnconfigured || st.Missing[0].Hint != "set brave; or set tavily" {
		t.Fatalf("nothing supplied: %s %+v", st.Status, st.Missing)
	}
	supply[capability.NeedsProvider("tavily")] = capability.SupplyReal
	if s := got.Status(); s != capability.StatusAvailable {
		t.Errorf("tavily configured: %s", s)
	}
	delete(supply, capability.NeedsProvider("tavily"))
	supply[capability.NeedsProvider("web_search")] = capability.SupplySynthetic
	if s := got.Status(); s != capability.StatusDemo {
		t.Errorf("the kind itself synthetic: %s", s)
	}
}
