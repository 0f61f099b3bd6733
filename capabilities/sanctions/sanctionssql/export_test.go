package sanctionssql

// SetHook makes f run at the steps of an import's write: "tx" inside its
// transaction.
func (s *Store) SetHook(f func(step string)) { s.hook = f }

// RowsRead is how many records the store's imports have read so far.
func (s *Store) RowsRead() int64 { return s.rowsRead.Load() }
