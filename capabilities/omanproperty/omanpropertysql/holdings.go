package omanpropertysql

import (
	"context"

	"dalil/dataset"
)

var _ dataset.Holder = (*Store)(nil)

// Holdings implements dataset.Holder: every comparables batch.
func (s *Store) Holdings(ctx context.Context) ([]dataset.Batch, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	bs, err := s.batches(ctx, "")
	if err != nil {
		return nil, err
	}
	out := make([]dataset.Batch, len(bs))
	for i, b := range bs {
		out[i] = b.Batch
	}
	return out, nil
}
