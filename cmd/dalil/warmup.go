package main

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"dalil/module"
	"dalil/store/sqlstore"
)

// The warm-up (issue 34): a call over a million-row dataset reads the
// pages of its indexes; after a restart, or an import that another
// process wrote, those pages are on disk, and the first call read them
// there (367 ms on PostgreSQL against 26 ms warm, docs/performance.md).
// The service reads them once itself, in the background: at start, every
// dataset's (module.Dataset.Warm), and after an import or a retraction,
// the dataset's that changed (datasetSupply sees it: at once for one
// through this process, within datasetRefresh for another process's).
//
// Readiness (/readyz's "warmup") waits for the warm-up at start, never
// for longer than DALIL_WARMUP_TIMEOUT: a replica that is still reading
// its indexes gets no traffic yet, and one whose warm-up failed or ran
// out of time serves anyway (cold, as before). A warm-up after an import
// leaves readiness alone: every replica sees the import at once, and
// taking them all out together would be an outage.

// DefaultWarmupTimeout bounds a warm-up (DALIL_WARMUP_TIMEOUT).
const DefaultWarmupTimeout = 2 * time.Minute

// readyWait is how long /readyz waits for a warm-up still running before
// it answers that it is not ready.
const readyWait = time.Second

// warmStep, when set (tests), is called after each step of a warm-up
// with the dataset and what it read so far.
var warmStep func(dataset string, w sqlstore.Warmed)

// warmer warms the datasets' indexes at start and after an import.
type warmer struct {
	db      sqlstore.DB
	sets    []module.Dataset // those with Warm
	timeout time.Duration
	log     *slog.Logger
	// started is closed when the warm-up at start has ended (done,
	// failed, out of time, or off); stopped when the goroutine has.
	started, stopped chan struct{}
	stop             context.CancelFunc
	running          bool

	mu      sync.Mutex
	pending map[string]bool // datasets to warm again
	wake    chan struct{}
}

// newWarmer returns the warmer of sets on db; timeout 0 is the default,
// off warms nothing (readiness does not wait).
func newWarmer(db sqlstore.DB, sets []module.Dataset, timeout time.Duration, off bool, log *slog.Logger) *warmer {
	w := &warmer{db: db, timeout: timeout, log: log, started: make(chan struct{}), stopped: make(chan struct{}),
		pending: map[string]bool{}, wake: make(chan struct{}, 1), stop: func() {}}
	if w.timeout <= 0 {
		w.timeout = DefaultWarmupTimeout
	}
	if !off {
		for _, d := range sets {
			if len(d.Warm) > 0 {
				w.sets = append(w.sets, d)
			}
		}
	}
	return w
}

// start runs the warm-up at start, then the ones imports ask for, in the
// background until close.
func (w *warmer) start(ctx context.Context) {
	ctx, w.stop = context.WithCancel(context.WithoutCancel(ctx))
	w.running = true
	if len(w.sets) == 0 {
		close(w.started)
		close(w.stopped)
		return
	}
	go func() {
		defer close(w.stopped)
		w.warm(ctx, "start", w.sets)
		close(w.started)
		for {
			select {
			case <-ctx.Done():
				return
			case <-w.wake:
			}
			w.mu.Lock()
			var sets []module.Dataset
			for _, d := range w.sets {
				if w.pending[d.Name] {
					sets = append(sets, d)
				}
			}
			clear(w.pending)
			w.mu.Unlock()
			w.warm(ctx, "import", sets)
		}
	}()
}

// changed asks for the dataset name to be warmed again (its batches
// changed: an import or a retraction).
func (w *warmer) changed(name string) {
	w.mu.Lock()
	w.pending[name] = true
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// close stops a warm-up in progress and waits for it to end.
func (w *warmer) close() {
	w.stop()
	if w.running {
		<-w.stopped
	}
}

// warm reads the indexes of sets, in order, within the timeout, and logs
// what it read and how long it took.
func (w *warmer) warm(ctx context.Context, why string, sets []module.Dataset) {
	ctx, cancel := context.WithTimeout(ctx, w.timeout)
	defer cancel()
	began := time.Now()
	var total sqlstore.Warmed
	for _, d := range sets {
		t0 := time.Now()
		opts := sqlstore.WarmOptions{Rows: d.WarmRows}
		if warmStep != nil {
			name := d.Name
			opts.Step = func(s sqlstore.Warmed) { warmStep(name, s) }
		}
		got, err := w.db.Warm(ctx, d.Warm, opts)
		total.Add(got)
		if err != nil {
			how := "failed"
			if errors.Is(err, context.DeadlineExceeded) {
				how = "ran out of time (DALIL_WARMUP_TIMEOUT)"
			} else if errors.Is(err, context.Canceled) {
				how = "stopped"
			}
			w.log.Warn("warm-up "+how+"; the first calls may read from disk", "after", why, "dataset", d.Name, "method", got.Method,
				"pages", total.Pages, "bytes", total.Bytes, "seconds", time.Since(began).Seconds(), "error", err.Error())
			return
		}
		w.log.Info("dataset warmed", "after", why, "dataset", d.Name, "method", got.Method, "relations", got.Relations,
			"pages", got.Pages, "bytes", got.Bytes, "seconds", time.Since(t0).Seconds())
	}
	w.log.Info("warm-up done", "after", why, "datasets", len(sets), "method", total.Method, "pages", total.Pages, "bytes", total.Bytes,
		"seconds", time.Since(began).Seconds())
}

// ready is /readyz's "warmup" check: nil once the warm-up at start has
// ended; before, it waits up to readyWait (within ctx) for it.
func (w *warmer) ready(ctx context.Context) error {
	t := time.NewTimer(readyWait)
	defer t.Stop()
	select {
	case <-w.started:
		return nil
	case <-ctx.Done():
	case <-t.C:
	}
	return errors.New("warming up the datasets' indexes")
}
