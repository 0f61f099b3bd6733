package omanpropertysql

// RowsRead is how many rows the store's imports and queries have read so
// far.
func (s *Store) RowsRead() int64 { return s.rowsRead.Load() }
