package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"dalil/dataset"
)

// statsTable says how current each batch is: the later of its retrieval
// and its last sync check, with its age in days, as the answers'
// freshness reads it.
func TestStatsTableShowsEachBatchsAge(t *testing.T) {
	now := time.Now().UTC()
	st := dataset.Stats{Dataset: "sanctions", Rows: 3, Batches: []dataset.Batch{
		{ID: "sb_old", Source: "un", License: "public", Rows: 1, RetrievedAt: now.AddDate(0, 0, -40), ImportedAt: now.AddDate(0, 0, -40)},
		{ID: "sb_checked", Source: "ofac_sdn", License: "public", Rows: 2, RetrievedAt: now.AddDate(0, 0, -40), ImportedAt: now.AddDate(0, 0, -40),
			CheckedAt: now.AddDate(0, 0, -2)},
	}}
	var out bytes.Buffer
	if err := statsTable(&out, st); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"CURRENT AS OF (AGE)", now.AddDate(0, 0, -40).Format("2006-01-02") + " (40 d)", now.AddDate(0, 0, -2).Format("2006-01-02") + " (2 d)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}
