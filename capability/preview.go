package capability

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
)

// PreviewTool is the name of the one MCP tool that runs any capability's
// free preview ({capability, input}, as in the reference service); no
// capability may take it as its id.
const PreviewTool = "preview_capability"

// PreviewStatus is the answer of a free preview (reference service, Part 2
// §8): whether the paid call would find what it needs for the given input.
type PreviewStatus string

const (
	// PreviewAvailable: the input is recognised and the paid call has what
	// it needs to give a full result.
	PreviewAvailable PreviewStatus = "available"
	// PreviewLimited: the input is recognised and the paid call would run,
	// with less coverage (missing context, few sources).
	PreviewLimited PreviewStatus = "limited"
	// PreviewUnavailable: nothing to preview. The capability declares no
	// preview, or it is unconfigured and its paid call would be refused.
	// Only the HTTP layer answers it; a preview function never returns it.
	PreviewUnavailable PreviewStatus = "unavailable"
	// PreviewInvalidInput: the request had no body, so there was no input
	// to preview (the reference service allows a body-less preview). Only
	// the HTTP layer answers it; a body that fails validation is 400.
	PreviewInvalidInput PreviewStatus = "invalid_input"
)

// Leakage classifies how much a preview reveals about its input beyond
// what the caller sent (the reference service's leakageClass).
type Leakage string

const (
	// LeakageSafe: coverage and availability only, from the caller's own
	// input and the service's configuration; nothing from Dalil's data.
	LeakageSafe Leakage = "SAFE"
	// LeakageLow: counts or recency from Dalil's own data, no finding.
	LeakageLow Leakage = "LOW"
)

// PreviewReport is what a preview function found, in the shape of the
// reference service's preview object. S holds the capability's own signals
// (counts, booleans, modes), whose JSON Schema is derived like an output's.
// A report is evidence that the paid call is worthwhile, never the paid
// result: no score, decision or finding belongs in it.
type PreviewReport[S any] struct {
	// Status is PreviewAvailable or PreviewLimited; it is sent beside the
	// report (data.status), not inside it.
	Status PreviewStatus `json:"-"`
	// Entity names what the input is about, as the caller gave it
	// (normalised), when there is one.
	Entity     string `json:"entity,omitempty" schema:"maxLength=300"`
	EntityType string `json:"entityType,omitempty" schema:"maxLength=60"`
	// SourcesFound counts the sources (context blocks, records, providers)
	// the paid call would use.
	SourcesFound int `json:"sourcesFound" schema:"minimum=0"`
	// FreshestSourceDate is the date (YYYY-MM-DD) of the newest source,
	// when known.
	FreshestSourceDate string `json:"freshestSourceDate,omitempty" schema:"maxLength=10"`
	// CoverageScore is the share (0 to 1) of the paid call's checks or
	// sources that this input and configuration would let run.
	CoverageScore float64 `json:"coverageScore" schema:"minimum=0,maximum=1"`
	// DataCoverage is set from CoverageScore when the preview runs (any
	// value the function sets is replaced): low below 1/3, medium below
	// 2/3, high from 2/3 up, so that the word and the number always agree.
	DataCoverage string `json:"dataCoverage" schema:"enum=low|medium|high"`
	// AvailableSections are the top-level sections of the paid result; the
	// same list for every input, so it never leaks a finding.
	AvailableSections []string `json:"availableSections" schema:"maxItems=50"`
	// Signals are the capability's own objective counts and booleans.
	Signals S `json:"signals"`
}

// PreviewFunc is a capability's free preview over the same input type as
// its paid handler. It receives an input that passed the paid call's
// decoding and validation. It returns *dalil.Error for failures a caller
// can act on; any other error is an internal error.
type PreviewFunc[In, S any] func(ctx context.Context, in In) (PreviewReport[S], error)

// Preview is a declared preview (Options.Preview): the type-erased function
// and the JSON Schema of its report. Build it with PreviewOf.
type Preview struct {
	// Leakage is published with every answer (leakageClass).
	Leakage Leakage
	// Schema and JSON are the JSON Schema of the report, the answer's
	// data.preview object.
	Schema *jsonschema.Schema
	JSON   json.RawMessage

	in  reflect.Type
	run func(ctx context.Context, in any) (PreviewStatus, any, error)
}

// PreviewOf declares a preview for Options.Preview. Define panics when In is
// not the capability's input type or the report has no JSON Schema.
func PreviewOf[In, S any](leakage Leakage, f PreviewFunc[In, S]) *Preview {
	if f == nil {
		panic("capability: PreviewOf: nil preview function")
	}
	if leakage != LeakageSafe && leakage != LeakageLow {
		panic(fmt.Sprintf("capability: PreviewOf: unknown leakage class %q", leakage))
	}
	s, err := schemaFor(reflect.TypeFor[PreviewReport[S]](), false)
	if err != nil {
		panic(fmt.Sprintf("capability: preview report schema: %v", err))
	}
	return &Preview{
		Leakage: leakage,
		Schema:  s,
		JSON:    mustJSON(s),
		in:      reflect.TypeFor[In](),
		run: func(ctx context.Context, in any) (PreviewStatus, any, error) {
			rep, err := f(ctx, in.(In))
			if err != nil {
				return "", nil, err
			}
			if rep.Status != PreviewAvailable && rep.Status != PreviewLimited {
				return "", nil, fmt.Errorf("preview returned status %q, want available or limited", rep.Status)
			}
			if math.IsNaN(rep.CoverageScore) || rep.CoverageScore < 0 || rep.CoverageScore > 1 {
				return "", nil, fmt.Errorf("preview returned coverage score %v, want 0 to 1", rep.CoverageScore)
			}
			rep.DataCoverage = coverageWord(rep.CoverageScore)
			if rep.AvailableSections == nil {
				rep.AvailableSections = []string{}
			}
			return rep.Status, rep, nil
		},
	}
}

// coverageWord is DataCoverage for a coverage score: thirds of the range.
func coverageWord(score float64) string {
	switch {
	case score < 1.0/3:
		return "low"
	case score < 2.0/3:
		return "medium"
	}
	return "high"
}

// Previewable reports whether POST /api/v1/preview/{id} runs this
// capability's preview: it declares one and is available. Every surface
// (capabilities listing, MCP, OpenAPI, /docs, /llms.txt) asks this.
func (e *Entry) Previewable() bool {
	return e.Preview != nil && e.State().Answers()
}

// RunPreview runs the preview on an input returned by Decode and returns
// its status and report (to be encoded as data.preview). It returns an
// error when the capability declares no preview; callers check Previewable
// first.
func (e *Entry) RunPreview(ctx context.Context, in any) (PreviewStatus, any, error) {
	if e.Preview == nil || e.Preview.run == nil {
		return "", nil, fmt.Errorf("capability %s has no preview", e.ID)
	}
	return e.Preview.run(ctx, in)
}
