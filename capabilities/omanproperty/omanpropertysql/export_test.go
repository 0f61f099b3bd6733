package omanpropertysql

import (
	"dalil/capabilities/omanproperty"
	"dalil/store/sqlstore"
)

// RowsRead is how many rows the store's imports and queries have read so
// far.
func (s *Store) RowsRead() int64 { return s.rowsRead.Load() }

// Statement is one statement a comparables query runs.
type Statement struct {
	SQL  string
	Args []any
}

// Statements are the statements a query of kind runs: the months probe,
// the newest rows of a two-month window and the count of older rows in
// one.
func Statements(dialect string, q omanproperty.Query, kind omanproperty.Kind) []Statement {
	scope, band, args, nScope := where(q, kind)
	cond := scope + " AND " + band
	m := monthOf(q.Since)
	var out []Statement
	for _, st := range []stmt{monthsStmt(scope, args[:nScope]), rowsStmt(dialect, cond, args, m, m+1, q.Since, 251), olderStmt(cond, args, m-2, m, q.Since, 10000)} {
		out = append(out, Statement{st.sql, st.args})
	}
	return out
}

// OnRow makes f run for each comparable a query reads.
func (s *Store) OnRow(f func()) { s.onRow = f }

// DB is the store's database.
func (s *Store) DB() sqlstore.DB { return s.db }
