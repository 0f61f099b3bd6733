package sanctionsync

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// StatusReader is the part of Store the metrics read.
type StatusReader interface {
	SyncStatuses(ctx context.Context) ([]Status, error)
}

// Collector exposes every synced source's state as Prometheus series,
// read from the store at each scrape (so every replica reports the
// fleet's state, whichever replica ran the sync):
//
//   - dalil_sanctions_sync_last_attempt_timestamp_seconds{source}
//   - dalil_sanctions_sync_last_success_timestamp_seconds{source}
//     (0 when none): alert when time() minus it exceeds twice the interval
//   - dalil_sanctions_sync_failures_total{source}: failed attempts
//   - dalil_sanctions_sync_consecutive_failures{source}: alert when > 0
//   - dalil_sanctions_sync_up{source}: 1 when the last attempt kept the
//     list current, 0 when it failed or was refused
//   - dalil_sanctions_list_entries{source}: the current list's entries
//   - dalil_sanctions_list_retrieved_timestamp_seconds{source}: when the
//     current list was downloaded
func Collector(r StatusReader, log *slog.Logger) prometheus.Collector {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &collector{r: r, log: log}
}

type collector struct {
	r   StatusReader
	log *slog.Logger
}

var (
	descAttempt   = prometheus.NewDesc("dalil_sanctions_sync_last_attempt_timestamp_seconds", "When the last sync of a sanctions list started (Unix time).", []string{"source"}, nil)
	descSuccess   = prometheus.NewDesc("dalil_sanctions_sync_last_success_timestamp_seconds", "When a sync of a sanctions list last ended with the list current (Unix time; 0: never).", []string{"source"}, nil)
	descFailures  = prometheus.NewDesc("dalil_sanctions_sync_failures_total", "Failed or refused syncs of a sanctions list (the previous list was kept).", []string{"source"}, nil)
	descConsec    = prometheus.NewDesc("dalil_sanctions_sync_consecutive_failures", "Failed or refused syncs of a sanctions list since its last success.", []string{"source"}, nil)
	descUp        = prometheus.NewDesc("dalil_sanctions_sync_up", "1 when the last sync of a sanctions list kept it current, 0 when it failed or was refused.", []string{"source"}, nil)
	descEntries   = prometheus.NewDesc("dalil_sanctions_list_entries", "Entries of a synced sanctions list's current version.", []string{"source"}, nil)
	descRetrieved = prometheus.NewDesc("dalil_sanctions_list_retrieved_timestamp_seconds", "When a synced sanctions list's current version was downloaded (Unix time; 0: no version).", []string{"source"}, nil)
)

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descAttempt, descSuccess, descFailures, descConsec, descUp, descEntries, descRetrieved} {
		ch <- d
	}
}

// collectTimeout bounds the store read of one scrape.
const collectTimeout = 3 * time.Second

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), collectTimeout)
	defer cancel()
	sts, err := c.r.SyncStatuses(ctx)
	if err != nil {
		// A scrape must not fail for it: the series are missing, which
		// absent() alerts see, and the log says why.
		c.log.Warn("sanctions sync metrics: the sync state could not be read", "error", err.Error())
		return
	}
	unix := func(t time.Time) float64 {
		if t.IsZero() {
			return 0
		}
		return float64(t.UnixMilli()) / 1000
	}
	for _, s := range sts {
		up := 0.0
		if s.LastOutcome != OutcomeFailed && s.LastOutcome != OutcomeRefused && s.LastOutcome != "" {
			up = 1
		}
		ch <- prometheus.MustNewConstMetric(descAttempt, prometheus.GaugeValue, unix(s.LastAttempt), s.Source)
		ch <- prometheus.MustNewConstMetric(descSuccess, prometheus.GaugeValue, unix(s.LastSuccess), s.Source)
		ch <- prometheus.MustNewConstMetric(descFailures, prometheus.CounterValue, float64(s.Failures), s.Source)
		ch <- prometheus.MustNewConstMetric(descConsec, prometheus.GaugeValue, float64(s.ConsecutiveFailures), s.Source)
		ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, up, s.Source)
		ch <- prometheus.MustNewConstMetric(descEntries, prometheus.GaugeValue, float64(s.Entries), s.Source)
		ch <- prometheus.MustNewConstMetric(descRetrieved, prometheus.GaugeValue, unix(s.RetrievedAt), s.Source)
	}
}
