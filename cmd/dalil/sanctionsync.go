package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/sanctions/sanctionsync"
	"dalil/internal/jobs"
	"dalil/internal/logx"
	"dalil/store/sqlstore"
)

// The official sanctions lists' sync (issue 31, docs/sanctions.md):
// `dalil sanctions sync [SOURCE...]` now, and with DALIL_SANCTIONS_SYNC
// set, `dalil serve` schedules it on the River queue every
// DALIL_SANCTIONS_SYNC_INTERVAL. Unset, nothing is scheduled and nothing
// is downloaded.
const (
	envSanctionsSync         = "DALIL_SANCTIONS_SYNC"
	envSanctionsSyncInterval = "DALIL_SANCTIONS_SYNC_INTERVAL"
	envSanctionsMaxShrink    = "DALIL_SANCTIONS_MAX_SHRINK"
	// envSanctionsURLPrefix + the source's name in capitals
	// (DALIL_SANCTIONS_URL_OFAC_SDN) overrides its download URL.
	envSanctionsURLPrefix = "DALIL_SANCTIONS_URL_"
)

// SanctionsSync are the sync's settings.
type SanctionsSync struct {
	// Sources are synced on a schedule by dalil serve
	// (DALIL_SANCTIONS_SYNC: names, comma-separated, or "all"); none: no
	// schedule and no network call.
	Sources []string `json:"sources"`
	// Interval between scheduled syncs (DALIL_SANCTIONS_SYNC_INTERVAL,
	// default 6h, at least 10m).
	Interval time.Duration `json:"interval"`
	// MaxShrink is the share of entries a new version may lose before it
	// is refused (DALIL_SANCTIONS_MAX_SHRINK, default 0.20).
	MaxShrink float64 `json:"maxShrink"`
	// URLs override sources' download URLs (DALIL_SANCTIONS_URL_<SOURCE>).
	URLs map[string]Endpoint `json:"urls,omitempty"`
}

// sanctionsSync reads the sync's settings.
func (l *loader) sanctionsSync() SanctionsSync {
	s := SanctionsSync{Interval: l.duration(envSanctionsSyncInterval, sanctionsync.DefaultInterval), MaxShrink: sanctionsync.DefaultMaxShrink}
	if s.Interval < sanctionsync.MinInterval {
		l.fail(envSanctionsSyncInterval, "must be at least %s (the publishers update their lists a few times a day at most), got %s", sanctionsync.MinInterval, s.Interval)
	}
	add := func(name string) {
		for _, n := range s.Sources {
			if n == name {
				return
			}
		}
		s.Sources = append(s.Sources, name)
	}
	for _, n := range strings.Split(l.str(envSanctionsSync), ",") {
		n = strings.ToLower(strings.TrimSpace(n))
		if _, ok := sanctionsync.Lookup(n); ok {
			add(n)
			continue
		}
		switch n {
		case "":
		case "all":
			for _, name := range sanctionsync.Names() {
				add(name)
			}
		default:
			l.fail(envSanctionsSync, "unknown source %q; the sources are %s (or all)", n, strings.Join(sanctionsync.Names(), ", "))
		}
	}
	if v := l.str(envSanctionsMaxShrink); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f > 0 && f <= 1) {
			l.fail(envSanctionsMaxShrink, "must be a share above 0 and at most 1, such as 0.20, got %q", v)
		} else {
			s.MaxShrink = f
		}
	}
	for _, name := range sanctionsync.Names() {
		if u := l.url(envSanctionsURLPrefix+strings.ToUpper(name), true, "https"); u != "" {
			if s.URLs == nil {
				s.URLs = map[string]Endpoint{}
			}
			s.URLs[name] = Endpoint(u)
		}
	}
	return s
}

// newSanctionsSyncer is the sync on store with cfg's settings, downloading
// through cfg.Fetch's policy (internal/safehttp).
func newSanctionsSyncer(cfg *Config, store *sqlstore.Store, log *slog.Logger) *sanctionsync.Syncer {
	urls := map[string]string{}
	for name, u := range cfg.SanctionsSync.URLs {
		urls[name] = string(u)
	}
	return sanctionsync.New(sanctionsync.Options{Store: sanctionssql.New(store.DB()),
		Fetcher: sanctionsync.NewHTTPFetcher(cfg.Fetch, sanctionsync.DefaultMaxBytes, sanctionsync.DefaultTimeout),
		URLs:    urls, MaxShrink: cfg.SanctionsSync.MaxShrink, Logger: log})
}

// runSanctionsSync runs `dalil sanctions sync [SOURCE...] [--json]`: the
// sources named, else DALIL_SANCTIONS_SYNC's, else every source. It
// fails (exit status 1) when a source kept its previous list.
func runSanctionsSync(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sanctions sync", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: dalil sanctions sync [SOURCE...] [--json]\n  SOURCE: %s (default: DALIL_SANCTIONS_SYNC, else all)\n", strings.Join(sanctionsync.Names(), ", "))
		fs.PrintDefaults()
	}
	cfg, names, err := loadConfig(fs, args, getenv)
	if err != nil {
		return err
	}
	return syncSanctions(ctx, cfg, names, *asJSON, stdout, stderr)
}

// syncSanctions syncs names (DALIL_SANCTIONS_SYNC's sources when none,
// every source when that is unset too) on cfg's database and prints
// each outcome; an error when one kept its previous list.
func syncSanctions(ctx context.Context, cfg *Config, names []string, asJSON bool, stdout, stderr io.Writer) error {
	if len(names) == 0 {
		names = cfg.SanctionsSync.Sources
	}
	if _, err := sanctionsync.Resolve(names); err != nil {
		return fmt.Errorf("sanctions sync: %w", err)
	}
	log := logger(cfg.LogLevel, stderr)
	store, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer store.Close()
	results, err := newSanctionsSyncer(cfg, store, log).Sync(ctx, names...)
	if err != nil {
		return err
	}
	if asJSON {
		if err := printJSON(stdout, results); err != nil {
			return err
		}
	} else {
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "SOURCE\tOUTCOME\tBATCH\tENTRIES\tERROR")
		for _, r := range results {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.Source, r.Outcome, dash(r.Batch), entriesText(r), dash(r.Error))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	failed := 0
	for _, r := range results {
		if r.Failed() {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("sanctions sync: %d of %d lists could not be synced; each keeps its previous version (see `dalil sanctions stats`)", failed, len(results))
	}
	return nil
}

func entriesText(r sanctionsync.Result) string {
	switch {
	case r.Outcome != sanctionsync.OutcomeImported:
		return "-"
	case r.BadRows > 0:
		return fmt.Sprintf("%d (was %d; %d bad records left out)", r.Entries, r.Previous, r.BadRows)
	}
	return fmt.Sprintf("%d (was %d)", r.Entries, r.Previous)
}

// writeSyncTable prints, under `dalil sanctions stats`, each synced
// source's state; nothing for another dataset's coverage.
func writeSyncTable(w io.Writer, coverage any) error {
	cov, ok := coverage.(sanctionssql.Coverage)
	if !ok || len(cov.Sync) == 0 {
		return nil
	}
	fmt.Fprintln(w, "sync:")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SOURCE\tBATCH\tPUBLISHED\tRETRIEVED\tLAST ATTEMPT\tOUTCOME\tLAST SUCCESS\tFAILURES\tLAST ERROR\tETAG")
	at := func(t time.Time) string {
		if t.IsZero() {
			return "-"
		}
		return t.UTC().Format(time.RFC3339)
	}
	for _, s := range cov.Sync {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d (%d in a row)\t%s\t%s\n", s.Source, dash(s.Batch), dash(s.Published), at(s.RetrievedAt),
			at(s.LastAttempt), dash(s.LastOutcome), at(s.LastSuccess), s.Failures, s.ConsecutiveFailures, dash(s.LastError), dash(s.ETag))
	}
	return tw.Flush()
}

// sanctionsSyncRuntime is the scheduled sync of `dalil serve`: its River
// queue and the scheduler. Nil when DALIL_SANCTIONS_SYNC is unset.
type sanctionsSyncRuntime struct {
	queue  *jobs.Queue
	cancel context.CancelFunc
	done   chan struct{}
}

// startSanctionsSync starts the scheduled sync when DALIL_SANCTIONS_SYNC
// names sources: a River queue working the sync jobs, and a scheduler
// inserting one job per source and period. Off, it opens nothing.
func startSanctionsSync(ctx context.Context, cfg *Config, store *sqlstore.Store, log *slog.Logger) (*sanctionsSyncRuntime, error) {
	s := cfg.SanctionsSync
	if len(s.Sources) == 0 {
		return nil, nil
	}
	interval := s.Interval
	if interval == 0 { // a Config built by hand
		interval = sanctionsync.DefaultInterval
	}
	q, err := jobs.Open(ctx, store.DB(), string(cfg.Storage.DSN), jobs.Options{
		Workers: sanctionsync.Workers(newSanctionsSyncer(cfg, store, log)), Queues: map[string]int{sanctionsync.Queue: 1},
		JobTimeout: sanctionsync.JobTimeout, RescueAfter: sanctionsync.JobTimeout + 5*time.Minute,
		Logger: slog.New(logx.MinLevel(log.Handler(), slog.LevelWarn)),
	})
	if err != nil {
		return nil, fmt.Errorf("sanctions sync job queue: %w", err)
	}
	if err := q.Start(ctx); err != nil {
		q.Close()
		return nil, fmt.Errorf("sanctions sync job workers: %w", err)
	}
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	rt := &sanctionsSyncRuntime{queue: q, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(rt.done)
		sanctionsync.Schedule(rctx, q, s.Sources, interval, log)
	}()
	log.Info("sanctions sync on", "sources", strings.Join(s.Sources, ","), "interval", interval.String(), "maxShrink", s.MaxShrink)
	return rt, nil
}

// sanctionsSyncStopTimeout is how long shutdown lets a running sync
// finish; one still running is cancelled (its transaction rolled back,
// the previous list kept) and runs again after the restart.
const sanctionsSyncStopTimeout = 15 * time.Second

// stop stops scheduling and working sync jobs (nil-safe).
func (r *sanctionsSyncRuntime) stop() {
	if r == nil {
		return
	}
	r.cancel()
	<-r.done
	ctx, cancel := context.WithTimeout(context.Background(), sanctionsSyncStopTimeout)
	defer cancel()
	r.queue.Stop(ctx)
	r.queue.Close()
}
