package sqlstore_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"dalil"
	"dalil/store/sqlstore"
)

// A Charge that arrives after Close must fail, not hang. (Charge's select
// once raced "s.charges <- job", a buffered channel with room, against
// "<-s.closed", so about half the time the job was queued after the
// committer and Close's drain were gone, and the caller waited on job.done
// forever, deaf to its context.)
func TestChargeAfterCloseDoesNotHang(t *testing.T) {
	ctx := context.Background()
	s, err := sqlstore.Open(ctx, filepath.Join(t.TempDir(), "c.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.CreateAccount(ctx, "x", "free", 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	const n = 20
	done := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() {
			cctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
			defer cancel()
			_, err := s.Charge(cctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: 1_000, Method: dalil.MethodAuto})
			done <- err
		}()
	}
	deadline := time.After(3 * time.Second)
	for i := 0; i < n; i++ {
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("charge after Close succeeded")
			}
		case <-deadline:
			t.Fatalf("%d of %d Charge calls after Close never returned (even past their 500ms context)", n-i, n)
		}
	}
}
