package sqlstore_test

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"dalil/store/sqlstore"
)

// Prepared keeps a statement's preparation on SQLite, runs it with each
// call's arguments, and keeps no more than MaxPrepared.
func TestPrepared(t *testing.T) {
	ctx := context.Background()
	st, err := sqlstore.Open(ctx, filepath.Join(t.TempDir(), "p.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	db := st.DB()
	var p sqlstore.Prepared
	for i := 0; i < 3; i++ {
		var n int
		if err := p.QueryRow(ctx, db, `SELECT $1 + 1`, []any{i}, &n); err != nil || n != i+1 {
			t.Fatalf("call %d: %d, %v", i, n, err)
		}
	}
	rows, err := p.Query(ctx, db, `SELECT $1 * 2 UNION ALL SELECT $2 * 2`, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for rows.Next() {
		var n int
		rows.Scan(&n)
		got = append(got, n)
	}
	rows.Close()
	if len(got) != 2 || got[0] != 6 || got[1] != 8 || p.Len() != 2 {
		t.Fatalf("rows %v, kept %d", got, p.Len())
	}
	for i := 0; i < sqlstore.MaxPrepared+5; i++ {
		var n int
		if err := p.QueryRow(ctx, db, `SELECT `+string(rune('a'+i%26))+`.x FROM (SELECT $1 AS x) `+string(rune('a'+i%26))+` WHERE `+strconv.Itoa(i)+` >= 0`, []any{i}, &n); err != nil || n != i {
			t.Fatalf("statement %d: %d, %v", i, n, err)
		}
	}
	if p.Len() != sqlstore.MaxPrepared {
		t.Errorf("kept %d statements, want %d", p.Len(), sqlstore.MaxPrepared)
	}
	// A statement that cannot be prepared runs unprepared and reports its
	// own error.
	if err := p.QueryRow(ctx, db, `SELECT nope`, nil); err == nil {
		t.Error("a bad statement ran")
	}
}
