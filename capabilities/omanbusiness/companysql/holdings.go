package companysql

import (
	"context"

	"dalil/dataset"
	"dalil/store/sqlstore"
)

var _ dataset.Holder = (*Store)(nil)

// Holdings implements dataset.Holder: every company records batch.
func (s *Store) Holdings(ctx context.Context) ([]dataset.Batch, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, source, license, synthetic, rows_count, imported_at, retrieved_at FROM company_batches ORDER BY imported_at, id`)
	if err != nil {
		return nil, sqlstore.Unavailable("list company batches", err)
	}
	defer rows.Close()
	var out []dataset.Batch
	for rows.Next() {
		var b dataset.Batch
		var syn, imp, ret int64
		if err := rows.Scan(&b.ID, &b.Source, &b.License, &syn, &b.Rows, &imp, &ret); err != nil {
			return nil, sqlstore.Unavailable("list company batches", err)
		}
		b.Synthetic, b.ImportedAt, b.RetrievedAt = syn != 0, fromMicros(imp), fromMicros(ret)
		out = append(out, b)
	}
	return out, sqlstore.Unavailable("list company batches", rows.Err())
}
