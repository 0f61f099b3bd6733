package companysql

// SetHook makes f run at the steps of an import's write: "write" before
// its transaction, "tx" inside it.
func (s *Store) SetHook(f func(step string)) { s.hook = f }
