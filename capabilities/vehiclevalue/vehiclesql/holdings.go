package vehiclesql

import (
	"context"

	"dalil/dataset"
)

var _ dataset.Holder = (*Store)(nil)

// Holdings implements dataset.Holder: every listings batch.
func (s *Store) Holdings(ctx context.Context) ([]dataset.Batch, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.batches(ctx, "")
}
