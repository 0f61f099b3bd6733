package sanctionsync_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"dalil/capabilities/sanctions/sanctionsync"
	"dalil/internal/jobs"
	"dalil/internal/testenv"
)

// TestScheduledSync: the scheduled job on the River queue. Two replicas
// scheduling the same sources in the same period insert one job per
// source (River's unique-by-period), worked once: one download per
// source. Scheduling again within the period runs nothing more.
func TestScheduledSync(t *testing.T) {
	run := func(t *testing.T, dsn string) {
		e := newEnv(t, dsn, sanctionsync.Options{}, 0)
		q, err := jobs.Open(context.Background(), e.db, dsn, jobs.Options{Workers: sanctionsync.Workers(e.syncer),
			Queues: map[string]int{sanctionsync.Queue: 1}, PollInterval: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		defer q.Close()
		if err := q.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		defer func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			q.Stop(ctx)
		}()
		sources := []string{"un", "uk"}
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		for range 2 { // two replicas
			wg.Add(1)
			go func() { defer wg.Done(); sanctionsync.Schedule(ctx, q, sources, time.Hour, nil) }()
		}
		deadline := time.Now().Add(60 * time.Second)
		for {
			un, uk := e.status(t, "un"), e.status(t, "uk")
			if un.Batch != "" && uk.Batch != "" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the scheduled sync did not run: un %+v uk %+v\n%s", un, uk, e.logs.String())
			}
			time.Sleep(50 * time.Millisecond)
		}
		// Schedule once more in the same period (a third replica).
		insertCtx, stop := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); sanctionsync.Schedule(insertCtx, q, sources, time.Hour, nil) }()
		var jobsN int
		for time.Now().Before(deadline) {
			if err := e.db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM river_job WHERE kind = 'sanctions_sync'`).Scan(&jobsN); err != nil {
				t.Fatal(err)
			}
			var running int
			e.db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM river_job WHERE kind = 'sanctions_sync' AND state <> 'completed'`).Scan(&running)
			if running == 0 {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		stop()
		<-done
		cancel()
		wg.Wait()
		if jobsN != 2 {
			t.Errorf("%d sync jobs for 2 sources in one period, want 2", jobsN)
		}
		if n := e.pub.count(); n != 2 {
			t.Errorf("%d downloads, want one per source", n)
		}
		if e.status(t, "eu").LastOutcome != "" {
			t.Error("a source not scheduled was synced")
		}
	}
	t.Run("sqlite", func(t *testing.T) { run(t, filepath.Join(t.TempDir(), "s.db")) })
	t.Run("postgres", func(t *testing.T) { run(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t))) })
}
