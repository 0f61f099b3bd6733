package documentfacts

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"dalil/capability"
)

// PreviewSignals describe the input, never the document's facts.
type PreviewSignals struct {
	// InputKind is url or text.
	InputKind string `json:"inputKind" schema:"enum=url|text"`
	// CharacterCount and PageCount describe text input (form feeds are
	// pages); zero for a URL, which the preview does not fetch.
	CharacterCount int `json:"characterCount" schema:"minimum=0"`
	PageCount      int `json:"pageCount" schema:"minimum=0"`
	// WithinLimits: the text is within 200,000 characters and 25 pages.
	WithinLimits bool `json:"withinLimits"`
	// URLAccepted: the URL passes the checks made without the network
	// (https, no credentials, default port, not a literal private address
	// or a reserved name); resolution and fetching happen only in the paid
	// call.
	URLAccepted *bool `json:"urlAccepted,omitempty"`
	// URLProblem says why a URL would be refused.
	URLProblem         string   `json:"urlProblem,omitempty" schema:"maxLength=300"`
	RequestedFactCount int      `json:"requestedFactCount" schema:"minimum=0"`
	FactTypes          []string `json:"factTypes" schema:"maxItems=12" jsonschema:"The fact types the paid call would return (all, or the factTypes filter)."`
	Formats            []string `json:"formats" schema:"maxItems=10" jsonschema:"The formats the paid call reads."`
}

var previewSections = func() []string {
	t := reflect.TypeFor[Output]()
	var out []string
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}()

// Preview is the free preview: it looks at the input only. Text input is
// measured (characters, pages) and is "available" when within limits; a
// URL is checked without any network access and is "limited" (its content
// is known only to the paid call, which fetches it). No fact is extracted.
func Preview(deps Deps) capability.PreviewFunc[Input, PreviewSignals] {
	return func(_ context.Context, in Input) (capability.PreviewReport[PreviewSignals], error) {
		sig := PreviewSignals{RequestedFactCount: len(in.RequestedFacts), FactTypes: slices.Clone(FactTypes),
			Formats: []string{"pdf", "docx", "html", "text", "markdown", "csv"}}
		if len(in.FactTypes) > 0 {
			sig.FactTypes = slices.Clone(in.FactTypes)
		}
		rep := capability.PreviewReport[PreviewSignals]{EntityType: "document", AvailableSections: slices.Clone(previewSections)}
		if in.Text != "" {
			sig.InputKind = "text"
			sig.CharacterCount = utf8.RuneCountInString(in.Text)
			sig.PageCount = strings.Count(strings.TrimRight(in.Text, "\f \n"), "\f") + 1
			sig.WithinLimits = sig.CharacterCount <= 200_000 && sig.PageCount <= 25
			rep.Status, rep.CoverageScore, rep.SourcesFound = capability.PreviewAvailable, 1, 1
			if !sig.WithinLimits {
				rep.Status, rep.CoverageScore = capability.PreviewLimited, 0
			}
		} else {
			sig.InputKind = "url"
			ok := true
			if deps.CheckURL != nil {
				if err := deps.CheckURL(in.DocumentURL); err != nil {
					ok, sig.URLProblem = false, clip(err.Error(), 300)
				}
			}
			sig.URLAccepted = &ok
			sig.WithinLimits = ok
			rep.Status, rep.CoverageScore = capability.PreviewLimited, 0.5
			if !ok {
				rep.CoverageScore = 0
			}
			rep.Entity = clip(in.DocumentURL, 300)
		}
		rep.Signals = sig
		return rep, nil
	}
}
