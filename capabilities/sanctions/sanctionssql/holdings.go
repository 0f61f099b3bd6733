package sanctionssql

import (
	"context"

	"dalil/dataset"
)

var _ dataset.Holder = (*Store)(nil)

// Holdings implements dataset.Holder: the current version of each list
// (a superseded version answers nothing).
func (s *Store) Holdings(ctx context.Context) ([]dataset.Batch, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	bs, err := s.batches(ctx, true)
	if err != nil {
		return nil, err
	}
	out := make([]dataset.Batch, len(bs))
	for i, b := range bs {
		out[i] = dataset.Batch{ID: b.Batch, Source: b.Name, License: b.License, Synthetic: b.Synthetic, Rows: b.Entries,
			ImportedAt: b.ImportedAt, RetrievedAt: b.RetrievedAt, Version: b.Published, CheckedAt: b.CheckedAt}
	}
	return out, nil
}
