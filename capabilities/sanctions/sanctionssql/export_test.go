package sanctionssql

// SetHook makes f run at the steps of an import's write: "tx" inside its
// transaction.
func (s *Store) SetHook(f func(step string)) { s.hook = f }
