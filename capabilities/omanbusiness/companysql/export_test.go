package companysql

import (
	"testing"

	"dalil/internal/testenv"
)

// SetHook makes f run at the steps of an import's write: "write" before
// its transaction, "tx" inside it.
func (s *Store) SetHook(f func(step string)) { s.hook = f }

// RowsRead is how many rows the store's imports have read so far.
func (s *Store) RowsRead() int64 { return s.rowsRead.Load() }

// Forget makes the store's records look as they did before the name
// index (issue 34): no company_id, no terms, and this store not yet
// checked.
func (s *Store) Forget(t interface{ Fatal(...any) }) {
	for _, q := range []string{`UPDATE company_records SET company_id = ''`, `DELETE FROM company_name_terms`, `DELETE FROM company_term_counts`} {
		if _, err := s.db.Write().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	s.indexed.Forget()
}

// IndexRowsRead is how many name index rows the store's searches read.
func (s *Store) IndexRowsRead() int64 { return s.ix.RowsRead() }

// Spoil makes the name index stale in a way no check can see: every term
// filed under another spelling ("z" before it), its counts gone, its
// scheme still this build's (an index filed by a build whose terms
// differed without saying so).
func (s *Store) Spoil(t interface{ Fatal(...any) }) {
	for _, q := range []string{`UPDATE company_name_terms SET term = 'z' || term`, `DELETE FROM company_term_counts WHERE term <> '#version'`} {
		if _, err := s.db.Write().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// Empty empties the name index, leaving the records filed (their
// company_id kept).
func (s *Store) Empty(t interface{ Fatal(...any) }) {
	for _, q := range []string{`DELETE FROM company_name_terms`, `DELETE FROM company_term_counts`} {
		if _, err := s.db.Write().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// RecordsRead is how many records the store's searches have read.
func (s *Store) RecordsRead() int64 { return s.recordsRead.Load() }

// OnRecord makes f run for each record a search reads (nil: none).
func (s *Store) OnRecord(f func()) { s.onRecord = f }

// ReindexPlan is the plan of Reindex's page statement (testenv.Plan).
func (s *Store) ReindexPlan(t testing.TB) string {
	return testenv.Plan(t, s.db.Read(), s.db.Dialect(), reindexPage, "a", "b")
}
