package vehiclesql

import "dalil/store/sqlstore"

// RowsRead is how many rows the store's imports and queries have read so
// far.
func (s *Store) RowsRead() int64 { return s.rowsRead.Load() }

// DB is the store's database.
func (s *Store) DB() sqlstore.DB { return s.db }
