package testenv

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
)

// Plan is the plan the database makes for query with args, its lines
// joined: EXPLAIN QUERY PLAN on SQLite; on PostgreSQL EXPLAIN with
// sequential scans disabled, so that a statement no index can serve shows
// as one (a small test table would otherwise be scanned by choice).
// dialect is "sqlite" or "postgres" (sqlstore.DB.Dialect).
func Plan(t testing.TB, db *sql.DB, dialect, query string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	explain := "EXPLAIN QUERY PLAN "
	if dialect == "postgres" {
		explain = "EXPLAIN "
		if _, err := conn.ExecContext(ctx, "SET enable_seqscan = off"); err != nil {
			t.Fatal(err)
		}
		defer conn.ExecContext(ctx, "RESET enable_seqscan")
	}
	rows, err := conn.QueryContext(ctx, explain+query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var plan []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, fmt.Sprint(vals[len(cols)-1]))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(plan, "\n")
}
