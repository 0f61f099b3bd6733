// Package datasetmetrics exposes how old each dataset's data is as
// Prometheus series, read from the importers at each scrape (so every
// replica reports what the shared database holds):
//
//   - dalil_dataset_source_age_seconds{dataset,source,synthetic}: seconds
//     since the source's newest current batch was last known to be its
//     current data (its retrieval, or a later sync that found it
//     unchanged). Alert when a sanctions source passes
//     DALIL_SANCTIONS_MAX_AGE (604800 s by default): past
//     DALIL_SANCTIONS_HARD_MAX_AGE its list is no longer screened.
//   - dalil_dataset_source_current_as_of_timestamp_seconds{dataset,source,synthetic}:
//     that time (Unix).
//
// cmd/dalil lists the collector in httpapi.Config.Collectors.
package datasetmetrics

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"dalil/dataset"
)

var (
	descAge = prometheus.NewDesc("dalil_dataset_source_age_seconds",
		"Seconds since a dataset source's newest current batch was last known to be its current data (retrieved, or confirmed unchanged by a sync).",
		[]string{"dataset", "source", "synthetic"}, nil)
	descAsOf = prometheus.NewDesc("dalil_dataset_source_current_as_of_timestamp_seconds",
		"When a dataset source's newest current batch was last known to be its current data (Unix time).",
		[]string{"dataset", "source", "synthetic"}, nil)
)

// collectTimeout bounds the reads of one scrape.
const collectTimeout = 3 * time.Second

// Collector reads importers' sources at each scrape; now is the clock
// (nil: time.Now). A dataset that cannot be read is left out of that
// scrape (absent() alerts see it) and logged.
func Collector(importers []dataset.Importer, now func() time.Time, log *slog.Logger) prometheus.Collector {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &collector{importers: importers, now: now, log: log}
}

type collector struct {
	importers []dataset.Importer
	now       func() time.Time
	log       *slog.Logger
}

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- descAge
	ch <- descAsOf
}

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), collectTimeout)
	defer cancel()
	now := c.now()
	for _, im := range c.importers {
		ages, err := dataset.SourceAges(ctx, im)
		if err != nil {
			c.log.Warn("dataset age metrics: the dataset could not be read", "dataset", im.Name(), "error", err.Error())
			continue
		}
		for _, a := range ages {
			labels := []string{a.Dataset, a.Source, strconv.FormatBool(a.Synthetic)}
			age := max(now.Sub(a.CurrentAsOf), 0)
			ch <- prometheus.MustNewConstMetric(descAge, prometheus.GaugeValue, age.Seconds(), labels...)
			ch <- prometheus.MustNewConstMetric(descAsOf, prometheus.GaugeValue, float64(a.CurrentAsOf.UnixMilli())/1000, labels...)
		}
	}
}
