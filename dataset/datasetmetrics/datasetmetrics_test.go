package datasetmetrics

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"dalil/dataset"
)

// holder is a dataset whose current batches are fixed.
type holder struct {
	name string
	bs   []dataset.Batch
	err  error
}

func (h holder) Name() string      { return h.name }
func (h holder) Formats() []string { return []string{"csv"} }
func (h holder) Import(context.Context, io.Reader, dataset.ImportOptions) (dataset.Report, error) {
	return dataset.Report{}, nil
}
func (h holder) Stats(context.Context) (dataset.Stats, error) {
	return dataset.Stats{}, errors.New("Stats must not be read when Holdings is there")
}
func (h holder) Holdings(context.Context) ([]dataset.Batch, error) { return h.bs, h.err }

// statsOnly is a dataset that only has Stats.
type statsOnly struct{ holder }

func (s statsOnly) Stats(context.Context) (dataset.Stats, error) {
	return dataset.Stats{Dataset: s.name, Batches: s.bs}, s.err
}

// Each source's age runs from its newest batch's retrieval or, when a
// sync confirmed it later, that check; a dataset that fails is left out.
func TestSourceAge(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	sanctions := holder{name: "sanctions", bs: []dataset.Batch{
		{Source: "ofac_sdn", RetrievedAt: now.Add(-40 * day), CheckedAt: now.Add(-2 * time.Hour)},
		{Source: "un", RetrievedAt: now.Add(-9 * day)},
		{Source: "demo-sanctions", RetrievedAt: now.Add(-day), Synthetic: true},
	}}
	comparables := statsOnly{holder{name: "comparables", bs: []dataset.Batch{
		{Source: "bayut-2026-10", RetrievedAt: now.Add(-30 * day)},
		{Source: "bayut-2026-10", RetrievedAt: now.Add(-3 * day)},
	}}}
	broken := holder{name: "companies", err: errors.New("database down")}
	c := Collector([]dataset.Importer{sanctions, comparables, broken}, func() time.Time { return now }, nil)
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(c)
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]float64{}
	for _, mf := range mfs {
		got[mf.GetName()] = map[string]float64{}
		for _, m := range mf.GetMetric() {
			key := ""
			for _, l := range m.GetLabel() {
				key += l.GetName() + "=" + l.GetValue() + ","
			}
			got[mf.GetName()][key] = m.GetGauge().GetValue()
		}
	}
	want := map[string]float64{
		"dataset=comparables,source=bayut-2026-10,synthetic=false,": 3 * 86400,
		"dataset=sanctions,source=demo-sanctions,synthetic=true,":   86400,
		"dataset=sanctions,source=ofac_sdn,synthetic=false,":        7200,
		"dataset=sanctions,source=un,synthetic=false,":              9 * 86400,
	}
	ages := got["dalil_dataset_source_age_seconds"]
	if len(ages) != len(want) {
		t.Errorf("ages %v, want %v", ages, want)
	}
	for k, v := range want {
		if ages[k] != v {
			t.Errorf("age %s = %v, want %v", k, ages[k], v)
		}
	}
	if at := got["dalil_dataset_source_current_as_of_timestamp_seconds"]["dataset=sanctions,source=ofac_sdn,synthetic=false,"]; at != float64(now.Add(-2*time.Hour).Unix()) {
		t.Errorf("ofac_sdn current as of %v", at)
	}
}
