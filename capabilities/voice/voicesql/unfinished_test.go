package voicesql_test

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/internal/jobs"
)

func TestUnfinishedSQLite(t *testing.T)   { testUnfinished(t, open(t, sqliteDSN(t), jobs.Options{})) }
func TestUnfinishedPostgres(t *testing.T) { testUnfinished(t, open(t, postgresDSN(t), jobs.Options{})) }

// every status of the lifecycle (voice/status.go).
var statuses = []voice.Status{voice.StatusCreated, voice.StatusQueued, voice.StatusDialing, voice.StatusRinging, voice.StatusAnswered,
	voice.StatusInProgress, voice.StatusCompleted, voice.StatusNoAnswer, voice.StatusBusy, voice.StatusRejected, voice.StatusFailed,
	voice.StatusCancelled, voice.StatusVoicemail, voice.StatusBlocked}

// testUnfinished: a call has work left while it is live, and once ended
// while its settlement or its callback is pending; settled (done, not
// charged, or failed for the operator) with its callback delivered,
// given up or never asked for, it has none. The count is answered from
// the partial index voice_calls_open.
func testUnfinished(t *testing.T, f *fixture) {
	ctx := f.ctx
	db := f.store.DB()
	if n, err := voicesql.Unfinished(ctx, db); err != nil || n != 0 {
		t.Fatalf("empty table: %d, %v", n, err)
	}
	want := 0
	add := func(id string, st voice.Status, settle, callback string) {
		t.Helper()
		c := call(f, id, "acct_u", "hu")
		c.Status, c.Settle, c.Callback = st, settle, callback
		if st.Terminal() {
			c.Number = ""
		}
		if err := f.calls.Create(ctx, c, nil); err != nil {
			t.Fatal(err)
		}
		if !st.Terminal() || settle == voice.SettlePending || callback == voice.CallbackPending {
			want++
		}
	}
	for i, st := range statuses {
		settle := ""
		if st.Terminal() {
			settle = voice.SettleDone
		}
		add(fmt.Sprintf("call_s%02d", i), st, settle, "")
	}
	if want != 6 {
		t.Fatalf("%d live statuses, want 6", want)
	}
	add("call_p1", voice.StatusCompleted, voice.SettlePending, "")
	add("call_p2", voice.StatusNoAnswer, voice.SettlePending, voice.CallbackPending)
	add("call_p3", voice.StatusFailed, voice.SettleNotCharged, voice.CallbackPending)
	add("call_d1", voice.StatusCompleted, voice.SettleDone, voice.CallbackDelivered)
	add("call_d2", voice.StatusBusy, voice.SettleFailed, voice.CallbackFailed)
	add("call_d3", voice.StatusFailed, voice.SettleNotCharged, voice.CallbackDelivered)
	if n, err := voicesql.Unfinished(ctx, db); err != nil || n != want || want != 9 {
		t.Errorf("unfinished = %d, %v; want %d (6 live, 3 ended with work pending)", n, err, want)
	}
	// Work done moves calls out of the count.
	for _, id := range []string{"call_p1", "call_p2"} {
		if _, err := f.calls.Update(ctx, id, "", func(r *voice.Record) (voice.Effects, error) {
			r.Settle = voice.SettleDone
			return voice.Effects{}, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.calls.Update(ctx, "call_s01", "", func(r *voice.Record) (voice.Effects, error) {
		r.Status, r.Number, r.Settle = voice.StatusFailed, "", voice.SettlePending
		return voice.Effects{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if n, err := voicesql.Unfinished(ctx, db); err != nil || n != 8 {
		t.Errorf("after settling two and ending one (settlement pending): %d, %v; want 8", n, err)
	}

	// The plan: the partial index, not the table.
	var plan []string
	switch db.Dialect() {
	case "sqlite":
		plan = explain(t, db.Read(), `EXPLAIN QUERY PLAN SELECT COUNT(*) FROM voice_calls WHERE `+voicesql.OpenPredicate, 3)
	case "postgres":
		// A table this small is cheaper to scan; forbid that to see
		// whether the index serves the predicate.
		tx, err := db.Read().BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
			t.Fatal(err)
		}
		plan = explain(t, tx, `EXPLAIN SELECT COUNT(*) FROM voice_calls WHERE `+voicesql.OpenPredicate, 0)
	}
	if p := strings.Join(plan, "\n"); !strings.Contains(p, "voice_calls_open") {
		t.Errorf("Unfinished does not use the partial index voice_calls_open:\n%s", p)
	}
}

type querier interface {
	Query(query string, args ...any) (*sql.Rows, error)
}

// explain returns the plan's lines: column col of each row, or the only
// column when the plan has one.
func explain(t *testing.T, db querier, query string, col int) []string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprint(vals[min(col, len(cols)-1)]))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
