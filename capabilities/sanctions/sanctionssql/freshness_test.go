package sanctionssql_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/sanctions/sanctionsync"
	"dalil/capability"
	"dalil/dataset"
	"dalil/internal/testenv"
)

func TestListAgeSQLite(t *testing.T) {
	testListAge(t, open(t, filepath.Join(t.TempDir(), "s.db")))
}

func TestListAgePostgres(t *testing.T) {
	testListAge(t, open(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))))
}

// A list's age runs from the later of its download and the last sync
// that found that very batch unchanged: a sync's success makes an old
// download current again, at once (the next call), and a sync whose file
// batch is another one (a list imported by hand since) does not.
func testListAge(t *testing.T, s *sanctionssql.Store) {
	ctx := context.Background()
	retrieved := storeTime.Add(-40 * 24 * time.Hour)
	rep := imp(t, s, file(t, "sdn.xml"), dataset.ImportOptions{Source: "ofac_sdn", Filename: "sdn.xml", RetrievedAt: retrieved})
	q := sanctions.Query{Names: []string{"Khaled Seif AL-MITHAL"}}
	call := capability.WithCall(ctx, capability.Call{Now: storeTime})

	r, err := sanctions.Screener{Lists: s}.Screen(call, q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != sanctions.StatusNotChecked || len(r.NotUsed) != 1 || !r.NotUsed[0].RetrievedAt.Equal(retrieved) || !r.NotUsed[0].CheckedAt.IsZero() {
		t.Fatalf("a list downloaded 40 days ago: %+v", r)
	}

	// A sync of another batch (the state of a file imported before the
	// list was imported by hand) says nothing about this one.
	if err := s.RecordSync(ctx, sanctionsync.State{Source: "ofac_sdn", FileBatch: "sb_other", LastSuccess: storeTime.Add(-time.Hour), LastOutcome: sanctionsync.OutcomeNotModified}); err != nil {
		t.Fatal(err)
	}
	if r, _ = (sanctions.Screener{Lists: s}).Screen(call, q); r.Status != sanctions.StatusNotChecked {
		t.Fatalf("another batch's sync made the list current: %+v", r)
	}

	// The sync found this batch unchanged an hour ago: current.
	checked := storeTime.Add(-time.Hour)
	if err := s.RecordSync(ctx, sanctionsync.State{Source: "ofac_sdn", FileBatch: rep.Batch, LastSuccess: checked, LastOutcome: sanctionsync.OutcomeNotModified}); err != nil {
		t.Fatal(err)
	}
	r, err = sanctions.Screener{Lists: s}.Screen(call, q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status == sanctions.StatusNotChecked || len(r.Lists) != 1 || len(r.Matches) == 0 || len(r.Warnings) != 0 {
		t.Fatalf("after the sync: %+v", r)
	}
	if l := r.Lists[0]; !l.CheckedAt.Equal(checked) || !l.CurrentAsOf.Equal(checked) || l.AgeSeconds != 3600 || l.Freshness != sanctions.FreshCurrent || !l.RetrievedAt.Equal(retrieved) {
		t.Fatalf("list after the sync: %+v", l)
	}
	// The datasets' holdings say so too (the age metric reads them).
	hs, err := s.Holdings(ctx)
	if err != nil || len(hs) != 1 || !hs[0].CheckedAt.Equal(checked) || !hs[0].CurrentAsOf().Equal(checked) {
		t.Fatalf("holdings %+v %v", hs, err)
	}
}
