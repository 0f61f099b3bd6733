package voicesql_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/internal/jobs"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type fixture struct {
	ctx   context.Context
	dsn   string
	store *sqlstore.Store
	q     *jobs.Queue
	calls *voicesql.Store
	clock *storetest.Clock
}

func open(t *testing.T, dsn string, o jobs.Options) *fixture {
	t.Helper()
	f := &fixture{ctx: context.Background(), dsn: dsn, clock: storetest.NewClock(time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC))}
	s, err := sqlstore.Open(f.ctx, dsn, sqlstore.Options{Now: f.clock.Now, Modules: []sqlstore.Module{voicesql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	q, err := jobs.Open(f.ctx, s.DB(), dsn, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(q.Close)
	f.store, f.q, f.calls = s, q, voicesql.New(s.DB(), q)
	return f
}

func sqliteDSN(t *testing.T) string { return filepath.Join(t.TempDir(), "voice.db") }

func postgresDSN(t *testing.T) string { return testenv.FreshPostgresSchema(t, testenv.Postgres(t)) }

func TestStoreSQLite(t *testing.T)   { testStore(t, open(t, sqliteDSN(t), jobs.Options{})) }
func TestStorePostgres(t *testing.T) { testStore(t, open(t, postgresDSN(t), jobs.Options{})) }

func call(f *fixture, id, acct, hash string) voice.Record {
	now := f.clock.Now()
	payer := acct
	if payer == "" {
		payer = voice.PayPerCall
	}
	return voice.Record{ID: id, Capability: "ai_call_agent", AccountID: acct, Payer: payer, RequestID: "req_" + id, Status: voice.StatusQueued,
		NumberHash: hash, Number: "+96891234567", Dial: voice.DialSpec{Language: "ar", Instructions: `{"objective":"x"}`, CallerZone: "Asia/Muscat"},
		Script: voice.Script{Opening: "مرحباً", OptOut: "opt out"}, MaxSeconds: 300, Base: 300_000, MaxCharge: 1_050_000,
		CallbackURL: "https://hooks.example/x", CreatedAt: now, UpdatedAt: now}
}

func testStore(t *testing.T, f *fixture) {
	ctx := f.ctx
	c := call(f, "call_01", "acct_a", "h1")
	if err := f.calls.Create(ctx, c, []voice.Job{{Kind: voice.JobDial, CallID: c.ID}}); err != nil {
		t.Fatal(err)
	}
	got, err := f.calls.Get(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(c, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if _, err := f.calls.Get(ctx, "call_nope"); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("missing call: %v", err)
	}
	// Update, with an event key: applied once.
	upd := func(key string) error {
		_, err := f.calls.Update(ctx, c.ID, key, func(r *voice.Record) (voice.Effects, error) {
			r.Status, r.Provider, r.ProviderCallID, r.DialAttempts = voice.StatusRinging, "fake", "p-1", r.DialAttempts+1
			return voice.Effects{DoNotCall: "h-opt"}, nil
		})
		return err
	}
	if err := upd("fake:e1"); err != nil {
		t.Fatal(err)
	}
	if err := upd("fake:e1"); !errors.Is(err, voice.ErrDuplicateEvent) {
		t.Errorf("second delivery: %v", err)
	}
	if r, _ := f.calls.Get(ctx, c.ID); r.DialAttempts != 1 || r.Status != voice.StatusRinging {
		t.Errorf("after a duplicate %+v", r)
	}
	if listed, err := f.calls.Listed(ctx, "h-opt"); err != nil || !listed {
		t.Errorf("opt-out listed = %v, %v", listed, err)
	}
	if r, err := f.calls.ByProvider(ctx, "fake", "p-1"); err != nil || r.ID != c.ID {
		t.Errorf("by provider: %v %v", r.ID, err)
	}
	if _, err := f.calls.ByProvider(ctx, "other", "p-1"); !errors.Is(err, dalil.ErrNotFound) {
		t.Errorf("another provider's id: %v", err)
	}
	// An error in fn rolls everything back, the event key included.
	boom := errors.New("boom")
	if _, err := f.calls.Update(ctx, c.ID, "fake:e2", func(r *voice.Record) (voice.Effects, error) {
		r.Status = voice.StatusAnswered
		return voice.Effects{}, boom
	}); !errors.Is(err, boom) {
		t.Fatalf("update error: %v", err)
	}
	if r, _ := f.calls.Get(ctx, c.ID); r.Status != voice.StatusRinging {
		t.Errorf("rolled-back update left %s", r.Status)
	}
	if _, err := f.calls.Update(ctx, c.ID, "fake:e2", func(r *voice.Record) (voice.Effects, error) { return voice.Effects{}, nil }); err != nil {
		t.Errorf("the rolled-back event key was kept: %v", err)
	}
	// A terminal call cannot keep its number in clear (CHECK).
	if _, err := f.calls.Update(ctx, c.ID, "", func(r *voice.Record) (voice.Effects, error) {
		r.Status = voice.StatusCompleted
		return voice.Effects{}, nil
	}); !errors.Is(err, jobs.ErrConstraint) {
		t.Errorf("a terminal call stored with its number: %v, want the CHECK's ErrConstraint", err)
	}
	final, err := f.calls.Update(ctx, c.ID, "", func(r *voice.Record) (voice.Effects, error) {
		r.Status, r.Number, r.FinalCharge, r.ConnectedSeconds, r.EndedAt = voice.StatusCompleted, "", 610_000, 125, f.clock.Now()
		r.Facts = map[string]any{"window": "10:00"}
		r.Transcript = []voice.TranscriptLine{{Speaker: "agent", Text: "مرحباً", At: f.clock.Now()}}
		r.Lead = &voice.LeadScore{Score: 70, Status: "qualified", NextAction: "schedule_sales_demo"}
		r.ToolCalls = []voice.ToolCall{{ID: "tc_1", Name: "record_answers", Input: json.RawMessage(`{"interest":"high"}`), At: f.clock.Now()},
			{ID: "tc_2", Name: "appointment", Input: json.RawMessage(`{"status":"agreed"}`), Error: "slot must be one of availableSlots", At: f.clock.Now()}}
		return voice.Effects{Jobs: []voice.Job{{Kind: voice.JobSettle, CallID: c.ID}, {Kind: voice.JobCallback, CallID: c.ID, Delivery: "dlv_1", At: f.clock.Now().Add(time.Minute)}}}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := f.calls.Get(ctx, c.ID); !cmp.Equal(final, got) {
		t.Errorf("stored terminal call (-want +got):\n%s", cmp.Diff(final, got))
	}
	// Caps: calls queued since, per payer and per number.
	f.clock.Advance(time.Minute)
	for i, acct := range []string{"acct_a", "acct_a", "acct_b", ""} {
		c := call(f, fmt.Sprintf("call_1%d", i), acct, "h2")
		if i == 2 {
			c.Outcome, c.Status, c.Number = voice.OutcomeNotCharged, voice.StatusFailed, "" // never placed: not counted
		}
		if i == 1 {
			c.DialedAt = f.clock.Now()
		}
		if err := f.calls.Create(ctx, c, nil); err != nil {
			t.Fatal(err)
		}
	}
	since := f.clock.Now().Add(-24 * time.Hour)
	if p, n, err := f.calls.Recent(ctx, "acct_a", "h2", since); err != nil || p != 3 || n != 3 {
		t.Errorf("recent = %d, %d, %v; want 3 by acct_a, 3 to h2", p, n, err)
	}
	if p, n, err := f.calls.Recent(ctx, "acct_a", "h2", f.clock.Now().Add(-time.Second)); err != nil || p != 2 || n != 3 {
		t.Errorf("recent in the last second = %d, %d, %v", p, n, err)
	}
	if p, n, err := f.calls.Dialled(ctx, "acct_a", "h2", since, "call_99"); err != nil || p != 1 || n != 1 {
		t.Errorf("dialled = %d, %d, %v; want 1, 1", p, n, err)
	}
	if p, n, _ := f.calls.Dialled(ctx, "acct_a", "h2", since, "call_11"); p != 0 || n != 0 {
		t.Errorf("dialled except itself = %d, %d", p, n)
	}
	// The list: the account's calls newest first, paged by id.
	rs, err := f.calls.List(ctx, "acct_a", "", 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range rs {
		ids = append(ids, r.ID)
	}
	if fmt.Sprint(ids) != "[call_11 call_10 call_01]" {
		t.Errorf("list %v", ids)
	}
	if rs, _ := f.calls.List(ctx, "acct_a", "call_10", 10); len(rs) != 1 || rs[0].ID != "call_01" {
		t.Errorf("page after call_10: %v", rs)
	}
	if err := f.calls.AddDoNotCall(ctx, "h-op", "operator"); err != nil {
		t.Fatal(err)
	}
	if err := f.calls.AddDoNotCall(ctx, "h-op", "callee"); err != nil {
		t.Errorf("adding twice: %v", err)
	}
	if l, err := f.calls.Listed(ctx, "h-none"); err != nil || l {
		t.Errorf("an unlisted number: listed %v, %v", l, err)
	}
	// The number is listed, and the second add kept the first entry (the
	// operator's), not the callee's.
	if l, err := f.calls.Listed(ctx, "h-op"); err != nil || !l {
		t.Errorf("an added number: listed %v, %v", l, err)
	}
	if e, ok, err := voicesql.LookupDoNotCall(ctx, f.store.DB(), "h-op"); err != nil || !ok || e.Source != "operator" {
		t.Errorf("an added number's entry: %+v %v %v; want the operator's", e, ok, err)
	}

	// A call drawn from an MPP budget session keeps how it was paid,
	// through Create, Get and Update (which never changes it).
	sc := call(f, "call_sess", "", "h3")
	sc.TokenHash, sc.Rail, sc.Session, sc.SessionKey = voice.HashToken("ct_x"), dalil.RailMPP, "mpps_abcdefghijklmnopqrstuv", "call-1"
	if err := f.calls.Create(ctx, sc, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := f.calls.Get(ctx, sc.ID); err != nil || !cmp.Equal(sc, got) {
		t.Errorf("session call round trip (%v) (-want +got):\n%s", err, cmp.Diff(sc, got))
	}
	upd2, err := f.calls.Update(ctx, sc.ID, "", func(r *voice.Record) (voice.Effects, error) {
		if r.Rail != dalil.RailMPP || r.Session != sc.Session || r.SessionKey != "call-1" {
			t.Errorf("Update read %q %q %q", r.Rail, r.Session, r.SessionKey)
		}
		r.Status, r.Number, r.Settle, r.Refunded = voice.StatusNoAnswer, "", voice.SettleDone, 1_050_000
		r.EndedAt = f.clock.Now()
		return voice.Effects{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := f.calls.Get(ctx, sc.ID); !cmp.Equal(upd2, got) || got.Session != sc.Session || got.SessionKey != "call-1" || got.Rail != dalil.RailMPP {
		t.Errorf("session call after Update (-want +got):\n%s", cmp.Diff(upd2, got))
	}
	x := call(f, "call_x402", "", "h3")
	x.Rail, x.PayOnConnect = dalil.RailX402, true
	if err := f.calls.Create(ctx, x, nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.calls.Get(ctx, x.ID); got.Rail != dalil.RailX402 || got.Session != "" || got.SessionKey != "" || !got.PayOnConnect {
		t.Errorf("x402 call read back %q %q %q, pay on connect %v", got.Rail, got.Session, got.SessionKey, got.PayOnConnect)
	}
	// Update keeps it, whatever fn does to it.
	if _, err := f.calls.Update(ctx, x.ID, "", func(c *voice.Record) (voice.Effects, error) {
		c.PayOnConnect, c.Status = false, voice.StatusDialing
		return voice.Effects{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.calls.Get(ctx, x.ID); !got.PayOnConnect || got.Status != voice.StatusDialing {
		t.Errorf("after Update: pay on connect %v, %s", got.PayOnConnect, got.Status)
	}
	if got, _ := f.calls.Get(ctx, sc.ID); got.PayOnConnect {
		t.Error("a session call is pay on connect")
	}
}

func TestJobStatesSQLite(t *testing.T)   { testJobStates(t, open(t, sqliteDSN(t), jobs.Options{})) }
func TestJobStatesPostgres(t *testing.T) { testJobStates(t, open(t, postgresDSN(t), jobs.Options{})) }

// A job due now (no time, or a time already past) is inserted available,
// for the workers to take at once; only a job due later is scheduled
// (River's scheduler, run by its elected leader every few seconds, makes
// it available when due).
func testJobStates(t *testing.T, f *fixture) {
	ctx := f.ctx
	c := call(f, "call_j", "acct_a", "hj")
	now := time.Now()
	js := []voice.Job{
		{Kind: voice.JobDial, CallID: c.ID},
		{Kind: voice.JobSettle, CallID: c.ID, At: now.Add(-time.Second)},
		{Kind: voice.JobCallback, CallID: c.ID, Delivery: "dlv_j"},
		{Kind: voice.JobExpire, CallID: c.ID, At: now.Add(time.Hour)},
	}
	if err := f.calls.Create(ctx, c, js); err != nil {
		t.Fatal(err)
	}
	rows, err := f.store.DB().Read().QueryContext(ctx, `SELECT kind, state FROM river_job ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]string{}
	for rows.Next() {
		var kind, state string
		if err := rows.Scan(&kind, &state); err != nil {
			t.Fatal(err)
		}
		got[kind] = state
	}
	want := map[string]string{"voice_dial": "available", "voice_settle": "available", "voice_callback": "available", "voice_expire": "scheduled"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("job states (-want +got):\n%s", diff)
	}
}
