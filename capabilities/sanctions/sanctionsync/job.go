package sanctionsync

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"dalil/internal/jobs"
)

// Queue is the River queue the sync jobs run on.
const Queue = "sanctions_sync"

// JobTimeout bounds one source's sync job: its download (DefaultTimeout)
// and its import, which runs within what is left of it (dataset.Commit
// holds a write to its caller's deadline when there is one).
const JobTimeout = 25 * time.Minute

// Args is the scheduled sync of one source.
type Args struct {
	Source string `json:"source" river:"unique"`
}

// Kind implements river.JobArgs.
func (Args) Kind() string { return "sanctions_sync" }

// InsertOpts: on the sync queue; a run that failed outright (the process
// died) is tried again a few times, a source's failure is recorded and
// waits for the next period instead.
func (Args) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: Queue, MaxAttempts: 3} }

type worker struct {
	river.WorkerDefaults[Args]
	s *Syncer
}

// Work syncs the job's source. A source that fails is recorded, logged
// and counted by the sync itself and the job completes: the next period
// tries again (retrying at once would only hammer the publisher).
func (w *worker) Work(ctx context.Context, j *river.Job[Args]) error {
	srcs, err := Resolve([]string{j.Args.Source})
	if err != nil {
		return river.JobCancel(err)
	}
	w.s.SyncSource(ctx, srcs[0])
	return nil
}

// Timeout implements river.Worker.
func (w *worker) Timeout(*river.Job[Args]) time.Duration { return JobTimeout }

// Workers are the sync's River workers, for jobs.Options.Workers.
func Workers(s *Syncer) *river.Workers {
	ws := river.NewWorkers()
	river.AddWorker(ws, &worker{s: s})
	return ws
}

// Inserter inserts jobs (*jobs.Queue).
type Inserter interface {
	Tx(ctx context.Context, fn func(jobs.Tx) error) error
}

// Schedule inserts one sync job per source for each period of every
// (River's UniqueOpts.ByPeriod: the period's start is a multiple of it
// in UTC), at once and then at a quarter of it, until ctx ends. Every
// replica with the sync on schedules alike and River keeps one job per
// source and period, so the fleet syncs each list once per period,
// whichever replica works it, and a replica restarted mid-period does
// not sync again.
func Schedule(ctx context.Context, q Inserter, sources []string, every time.Duration, log *slog.Logger) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	tick := max(every/4, time.Minute)
	for {
		insert(ctx, q, sources, every, log)
		t := time.NewTimer(tick)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

func insert(ctx context.Context, q Inserter, sources []string, every time.Duration, log *slog.Logger) {
	err := q.Tx(ctx, func(tx jobs.Tx) error {
		for _, s := range sources {
			opts := Args{}.InsertOpts()
			opts.UniqueOpts = river.UniqueOpts{ByArgs: true, ByPeriod: every}
			if err := tx.Insert(ctx, Args{Source: s}, &opts); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil && ctx.Err() == nil {
		log.Error("sanctions sync: scheduling the sync jobs failed; trying again at the next tick", "error", err.Error())
	}
}
