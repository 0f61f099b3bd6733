package omanproperty

import (
	"time"

	"dalil"
)

// Basis implements capability.Evidenced: the answer rests on the import
// batches its comparables come from, each a dataset -- or synthetic when
// the batch is made-up demo data, which is no evidence -- and the
// valuation method. An answer on synthetic comparables only is sent and
// not charged (synthetic_data_only); one with too few comparables for
// either estimate is Unanswered (insufficient_comparables).
func (o Output) Basis() dalil.Basis {
	var b dalil.Basis
	listed := map[string]bool{}
	for _, d := range o.Datasets {
		listed[d.Batch] = true
		s := dalil.Source{Kind: dalil.SourceDataset, Name: d.Source, Dataset: d.Name, Batch: d.Batch, Items: d.RowsUsed}
		if d.Synthetic {
			s.Kind = dalil.SourceSynthetic
		}
		if t, err := time.Parse(time.DateOnly, d.RetrievedAt); err == nil {
			s.RetrievedAt = t
		}
		b = b.Add(s)
	}
	// Comparables of a batch whose provenance was not found are still
	// listed, by batch and by their own synthetic flag.
	at := map[string]int{}
	for _, c := range o.Comparables {
		if listed[c.Batch] {
			continue
		}
		key := c.Batch + "\x00" + c.Source
		if c.Synthetic {
			key += "\x00synthetic"
		}
		if i, ok := at[key]; ok {
			b.Sources[i].Items++
			continue
		}
		s := dalil.Source{Kind: dalil.SourceDataset, Name: c.Source, Dataset: "comparables", Batch: c.Batch, Items: 1}
		if c.Synthetic {
			s.Kind = dalil.SourceSynthetic
		}
		at[key] = len(b.Sources)
		b = b.Add(s)
	}
	b = b.Add(dalil.Source{Kind: dalil.SourceComputation, Name: "the comparables valuation method"})
	if o.Status == StatusInsufficient {
		b.Unanswered = insufficientReason
	}
	return b
}
