package jurisdictionsql_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/businessrisk"
	"dalil/capabilities/businessrisk/jurisdictionsql"
	"dalil/dataset"
	"dalil/dataset/jurisdictions"
	"dalil/internal/testenv"
	"dalil/module"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

var today = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

func TestMain(m *testing.M) { testenv.Main(m) }

func open(t testing.TB, dsn string) sqlstore.DB {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Now: storetest.NewClock(today).Now, Modules: module.Stores([]module.Module{jurisdictionsql.Data()})})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s.DB()
}

func stores(t *testing.T, f func(t *testing.T, db sqlstore.DB)) {
	t.Run("sqlite", func(t *testing.T) { f(t, open(t, filepath.Join(t.TempDir(), "j.db"))) })
	t.Run("postgres", func(t *testing.T) { f(t, open(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))) })
}

// october is a later publication as an operator would write it (made up
// for the test).
const october = "list,country,name,published\ncall_for_action,KP,DPRK,2026-10-23\ncall_for_action,IR,Iran,2026-10-23\nincreased_monitoring,YE,Yemen,2026-10-23\n"

func imp(t *testing.T, s *jurisdictionsql.Store, body, source string) dataset.Report {
	t.Helper()
	rep, err := s.Import(context.Background(), strings.NewReader(body), dataset.ImportOptions{Source: source, License: "FATF public statements", Filename: "fatf.csv",
		RetrievedAt: time.Date(2026, 10, 24, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// The dataset holds FATF publications: the one imported last is current
// and answers use it (when not older than the embedded default); the
// same file again changes nothing; a bad row imports nothing; retracting
// the current one leaves the embedded default.
func TestJurisdictionsDataset(t *testing.T) {
	stores(t, func(t *testing.T, db sqlstore.DB) {
		ctx := context.Background()
		s := jurisdictionsql.New(db)
		if _, ok, err := s.Current(ctx); ok || err != nil {
			t.Fatalf("empty: %v %v", ok, err)
		}
		if st, err := s.Stats(ctx); err != nil || st.Coverage.(jurisdictionsql.Coverage).Used != "embedded_default" || st.Rows != 0 {
			t.Fatalf("empty stats %+v %v", st, err)
		}
		// The embedded default's own file imports like any other.
		june := imp(t, s, jurisdictions.DefaultFile(), "fatf-2026-06")
		if june.Imported != 25 || june.Batch == "" || june.Unchanged {
			t.Fatalf("june: %+v", june)
		}
		if again := imp(t, s, jurisdictions.DefaultFile(), "fatf-2026-06"); !again.Unchanged || again.Batch != june.Batch {
			t.Fatalf("the same file again: %+v", again)
		}
		oct := imp(t, s, october, "fatf-2026-10")
		l, ok, err := s.Current(ctx)
		if err != nil || !ok || l.Published != "2026-10-23" || l.Batch != oct.Batch || len(l.Entries) != 3 || l.Source != "fatf-2026-10" ||
			!l.RetrievedAt.Equal(time.Date(2026, 10, 24, 0, 0, 0, 0, time.UTC)) {
			t.Fatalf("current after october: %+v %v %v", l, ok, err)
		}
		if e, on := l.On("YE"); !on || e.List != jurisdictions.IncreasedMonitoring {
			t.Errorf("Yemen: %+v %v", e, on)
		}
		if used := businessrisk.ChooseLists(l, ok); used.Published != "2026-10-23" || used.Embedded {
			t.Errorf("a newer import is not used: %+v", used)
		}
		hs, err := s.Holdings(ctx)
		if err != nil || len(hs) != 1 || hs[0].ID != oct.Batch || hs[0].Version != "2026-10-23" || hs[0].Rows != 3 {
			t.Fatalf("holdings %+v %v", hs, err)
		}
		// A bad row: nothing imported, october stays current.
		bad, err := s.Import(ctx, strings.NewReader(october+"black_list,SY,Syria,2026-10-23\n"), dataset.ImportOptions{Source: "x", License: "y"})
		if err != nil || !bad.Refused || bad.BadRows != 1 || bad.Errors[0].Line != 5 {
			t.Fatalf("bad row: %+v %v", bad, err)
		}
		// June again: a roll-back, a new batch, current.
		back := imp(t, s, jurisdictions.DefaultFile(), "fatf-2026-06")
		if back.Unchanged || back.Batch == june.Batch {
			t.Fatalf("june again after october: %+v", back)
		}
		if l, _, _ := s.Current(ctx); l.Published != "2026-06-19" || l.Batch != back.Batch {
			t.Fatalf("after the roll-back: %+v", l)
		}
		// The lifecycle the module declares: every batch, one current;
		// retracting it leaves the embedded default in use.
		lc := jurisdictionsql.Data().Datasets[0].Lifecycle(db)
		bs, err := lc.Batches(ctx)
		if err != nil || len(bs) != 3 {
			t.Fatalf("batches %+v %v", bs, err)
		}
		current := 0
		for _, b := range bs {
			if b.Current {
				current++
				if b.ID != back.Batch {
					t.Errorf("current batch %s, want %s", b.ID, back.Batch)
				}
			}
		}
		if current != 1 {
			t.Errorf("%d current batches", current)
		}
		if _, err := lc.Retract(ctx, back.Batch, "test"); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := s.Current(ctx); ok || err != nil {
			t.Fatalf("after retracting the current batch: %v %v", ok, err)
		}
		if st, err := s.Stats(ctx); err != nil || st.Coverage.(jurisdictionsql.Coverage).Used != "embedded_default" {
			t.Fatalf("stats after the retraction %+v %v", st, err)
		}
	})
}
