package jobs_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"dalil/internal/jobs"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type noteArgs struct {
	N int `json:"n"`
}

func (noteArgs) Kind() string { return "jobs_test_note" }

// recorder counts how often each job ran.
type recorder struct {
	mu   sync.Mutex
	runs map[int]int
	all  chan int
}

func newRecorder() *recorder { return &recorder{runs: map[int]int{}, all: make(chan int, 1000)} }

func (r *recorder) workers(name string, seen map[int]string, mu *sync.Mutex) *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, river.WorkFunc(func(ctx context.Context, j *river.Job[noteArgs]) error {
		r.mu.Lock()
		r.runs[j.Args.N]++
		r.mu.Unlock()
		if seen != nil {
			mu.Lock()
			seen[j.Args.N] += name
			mu.Unlock()
		}
		r.all <- j.Args.N
		return nil
	}))
	return w
}

func openStore(t *testing.T, dsn string) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func openQueue(t *testing.T, s *sqlstore.Store, dsn string, o jobs.Options) *jobs.Queue {
	t.Helper()
	q, err := jobs.Open(context.Background(), s.DB(), dsn, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := q.Stop(ctx); err != nil {
			t.Errorf("stop: %v", err)
		}
		q.Close()
	})
	return q
}

func TestQueueSQLite(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "jobs.db")
	testQueue(t, dsn)
}

func TestQueuePostgres(t *testing.T) {
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	testQueue(t, dsn)
}

// testQueue: a job inserted in a committed transaction runs once, with
// the row written beside it; one in a rolled-back transaction never runs
// and its row does not exist.
func testQueue(t *testing.T, dsn string) {
	ctx := context.Background()
	s := openStore(t, dsn)
	rec := newRecorder()
	q := openQueue(t, s, dsn, jobs.Options{Workers: rec.workers("a", nil, nil), PollInterval: 50 * time.Millisecond})
	err := q.Tx(ctx, func(tx jobs.Tx) error {
		_, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS jobs_test_rows (n INTEGER PRIMARY KEY)`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	insert := func(n int, fail error) error {
		return q.Tx(ctx, func(tx jobs.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO jobs_test_rows (n) VALUES ($1)`, n); err != nil {
				return err
			}
			if err := tx.Insert(ctx, noteArgs{N: n}, nil); err != nil {
				return err
			}
			return fail
		})
	}
	boom := errors.New("boom")
	if err := insert(1, nil); err != nil {
		t.Fatal(err)
	}
	if err := insert(2, boom); !errors.Is(err, boom) {
		t.Fatalf("rolled back tx = %v, want boom", err)
	}
	if err := insert(3, nil); err != nil {
		t.Fatal(err)
	}
	got := map[int]bool{}
	deadline := time.After(20 * time.Second)
	for len(got) < 2 {
		select {
		case n := <-rec.all:
			got[n] = true
		case <-deadline:
			t.Fatalf("jobs run: %v, want 1 and 3", got)
		}
	}
	time.Sleep(300 * time.Millisecond) // a second run, or job 2, would show now
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if rec.runs[1] != 1 || rec.runs[3] != 1 || rec.runs[2] != 0 {
		t.Errorf("runs = %v, want 1 and 3 once each, 2 never", rec.runs)
	}
	var n int
	err = q.Tx(ctx, func(tx jobs.Tx) error {
		return tx.QueryRow(ctx, `SELECT n FROM jobs_test_rows WHERE n = $1`, 2).Scan(&n)
	})
	if !errors.Is(err, sql.ErrNoRows) {
		t.Errorf("row of the rolled-back tx: err = %v, want sql.ErrNoRows", err)
	}
}

// TestTwoWorkersOnePostgres: two queues (two processes' worth) working
// one database run each job exactly once between them.
func TestTwoWorkersOnePostgres(t *testing.T) {
	ctx := context.Background()
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	s1, s2 := openStore(t, dsn), openStore(t, dsn)
	rec := newRecorder()
	seen := map[int]string{}
	var mu sync.Mutex
	q1 := openQueue(t, s1, dsn, jobs.Options{Workers: rec.workers("a", seen, &mu), PollInterval: 20 * time.Millisecond, ID: "one"})
	openQueue(t, s2, dsn, jobs.Options{Workers: rec.workers("b", seen, &mu), PollInterval: 20 * time.Millisecond, ID: "two"})
	const n = 200
	for i := range n {
		if err := q1.Tx(ctx, func(tx jobs.Tx) error { return tx.Insert(ctx, noteArgs{N: i}, nil) }); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.After(60 * time.Second)
	for count := 0; count < n; count++ {
		select {
		case <-rec.all:
		case <-deadline:
			t.Fatalf("%d of %d jobs ran", count, n)
		}
	}
	time.Sleep(300 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	by := map[string]int{}
	for i := range n {
		if len(seen[i]) != 1 {
			t.Errorf("job %d ran on %q, want exactly one worker", i, seen[i])
		}
		by[seen[i]]++
	}
	t.Logf("jobs per worker: %v", by)
}
