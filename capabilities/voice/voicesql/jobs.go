package voicesql

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"dalil/capabilities/voice"
	"dalil/internal/jobs"
)

// Queue is the River queue the voice jobs run on.
const Queue = "voice"

// Attempts per job kind. A dial is retried only while the provider says
// it did not place the call; a settlement (a refund) must eventually
// happen; a callback is retried with River's backoff (attempt⁴ seconds:
// about 4 hours over 10 attempts) and then given up.
var attempts = map[voice.JobKind]int{
	voice.JobDial:     5,
	voice.JobSettle:   20,
	voice.JobCallback: 10,
	voice.JobExpire:   10,
}

// args are a voice job's River arguments; one type per kind, since River
// routes jobs to workers by the arguments' Kind.
type (
	dialArgs struct {
		CallID string `json:"callId"`
	}
	settleArgs struct {
		CallID string `json:"callId"`
	}
	callbackArgs struct {
		CallID   string `json:"callId"`
		Delivery string `json:"delivery"`
	}
	expireArgs struct {
		CallID string `json:"callId"`
	}
)

func (dialArgs) Kind() string     { return string(voice.JobDial) }
func (settleArgs) Kind() string   { return string(voice.JobSettle) }
func (callbackArgs) Kind() string { return string(voice.JobCallback) }
func (expireArgs) Kind() string   { return string(voice.JobExpire) }

func insertJobs(ctx context.Context, tx jobs.Tx, js []voice.Job) error {
	for _, j := range js {
		var args river.JobArgs
		switch j.Kind {
		case voice.JobDial:
			args = dialArgs{j.CallID}
		case voice.JobSettle:
			args = settleArgs{j.CallID}
		case voice.JobCallback:
			args = callbackArgs{j.CallID, j.Delivery}
		case voice.JobExpire:
			args = expireArgs{j.CallID}
		default:
			return errors.New("voicesql: unknown job " + string(j.Kind))
		}
		opts := &river.InsertOpts{Queue: Queue, MaxAttempts: attempts[j.Kind]}
		// River makes any job with a ScheduledAt "scheduled", which only
		// its leader's scheduler (every 5 s, and not until a restarted
		// process is leader again) makes available: a job due now is
		// inserted available, for the workers to take at once.
		if j.At.After(time.Now()) {
			opts.ScheduledAt = j.At
		}
		if err := tx.Insert(ctx, args, opts); err != nil {
			return err
		}
	}
	return nil
}

// Runner runs voice jobs (voice.Service).
type Runner interface {
	Work(ctx context.Context, j voice.Job, attempt, maxAttempts int) error
}

// Workers registers the voice jobs' River workers on w (a nil w: a new
// set), each handing its job to r. A *voice.Later becomes River's snooze
// (no attempt counted); other errors are retried with backoff.
func Workers(w *river.Workers, r Runner) *river.Workers {
	if w == nil {
		w = river.NewWorkers()
	}
	river.AddWorker(w, river.WorkFunc(func(ctx context.Context, job *river.Job[dialArgs]) error {
		return result(r.Work(ctx, voice.Job{Kind: voice.JobDial, CallID: job.Args.CallID}, job.Attempt, job.MaxAttempts))
	}))
	river.AddWorker(w, river.WorkFunc(func(ctx context.Context, job *river.Job[settleArgs]) error {
		return result(r.Work(ctx, voice.Job{Kind: voice.JobSettle, CallID: job.Args.CallID}, job.Attempt, job.MaxAttempts))
	}))
	river.AddWorker(w, river.WorkFunc(func(ctx context.Context, job *river.Job[callbackArgs]) error {
		return result(r.Work(ctx, voice.Job{Kind: voice.JobCallback, CallID: job.Args.CallID, Delivery: job.Args.Delivery}, job.Attempt, job.MaxAttempts))
	}))
	river.AddWorker(w, river.WorkFunc(func(ctx context.Context, job *river.Job[expireArgs]) error {
		return result(r.Work(ctx, voice.Job{Kind: voice.JobExpire, CallID: job.Args.CallID}, job.Attempt, job.MaxAttempts))
	}))
	return w
}

func result(err error) error {
	var later *voice.Later
	if errors.As(err, &later) {
		return river.JobSnooze(max(later.Delay, time.Millisecond))
	}
	return err
}
