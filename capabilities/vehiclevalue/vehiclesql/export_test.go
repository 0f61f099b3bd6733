package vehiclesql

import (
	"dalil/capabilities/vehiclevalue"
	"dalil/store/sqlstore"
)

// RowsRead is how many rows the store's imports and queries have read so
// far.
func (s *Store) RowsRead() int64 { return s.rowsRead.Load() }

// DB is the store's database.
func (s *Store) DB() sqlstore.DB { return s.db }

// Statement is one statement a query runs.
type Statement struct {
	SQL  string
	Args []any
}

// Statements are the statements an estimate's and a preview's queries
// run for q: choosing the newest listings of a market, reading two
// chosen rows (keys 1 and 2) and the count.
func Statements(dialect string, q vehiclevalue.Query) []Statement {
	key := "id"
	var k1, k2 any = "a", "b"
	if dialect == "sqlite" {
		key, k1, k2 = "rowid", int64(1), int64(2)
	}
	var out []Statement
	add := func(q string, args []any) { out = append(out, Statement{q, args}) }
	add(chooseStmt(key, q, q.Countries[0], 501))
	add(readStmt(key, []chosen{{key: k1}, {key: k2}}))
	add(countStmt(q))
	return out
}

// OnRow makes f run for each listing a query reads.
func (s *Store) OnRow(f func()) { s.onRow = f }
