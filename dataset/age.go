package dataset

import (
	"context"
	"sort"
	"time"
)

// CurrentAsOf is when the batch was last known to be its source's current
// data: the later of its retrieval and its last check.
func (b Batch) CurrentAsOf() time.Time {
	if b.CheckedAt.After(b.RetrievedAt) {
		return b.CheckedAt
	}
	return b.RetrievedAt
}

// SourceAge is how current one source of a dataset is: the newest time
// its current batches were last known to be that source's current data
// (Batch.CurrentAsOf).
type SourceAge struct {
	Dataset     string    `json:"dataset"`
	Source      string    `json:"source"`
	CurrentAsOf time.Time `json:"currentAsOf"`
	// Synthetic: every batch of the source is synthetic demo data.
	Synthetic bool `json:"synthetic"`
}

// SourceAges reads what im holds (its Holdings when it is a Holder: the
// batches answers use; else the batches of its Stats) and returns each
// source's age, by source name.
func SourceAges(ctx context.Context, im Importer) ([]SourceAge, error) {
	var bs []Batch
	if h, ok := im.(Holder); ok {
		var err error
		if bs, err = h.Holdings(ctx); err != nil {
			return nil, err
		}
	} else {
		st, err := im.Stats(ctx)
		if err != nil {
			return nil, err
		}
		bs = st.Batches
	}
	by := map[string]SourceAge{}
	for _, b := range bs {
		a, ok := by[b.Source]
		if !ok {
			a = SourceAge{Dataset: im.Name(), Source: b.Source, Synthetic: true}
		}
		if at := b.CurrentAsOf(); at.After(a.CurrentAsOf) {
			a.CurrentAsOf = at
		}
		a.Synthetic = a.Synthetic && b.Synthetic
		by[b.Source] = a
	}
	out := make([]SourceAge, 0, len(by))
	for _, a := range by {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Source < out[j].Source })
	return out, nil
}
