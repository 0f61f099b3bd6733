// Package datasettest is an in-memory dataset.Importer for tests of the
// code that mounts importers (the CLI, the admin API, the console). Its
// file format is one row a line after a header line "value": a row is
// good when it is a whole number, bad otherwise.
package datasettest

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"dalil"
	"dalil/dataset"
)

// Fake is an in-memory dataset.Importer named by its Dataset field.
type Fake struct {
	Dataset string
	mu      sync.Mutex
	rows    int
	batches []dataset.Batch
	seen    map[string]string // content hash -> batch id
	gone    []dataset.BatchState
}

// New returns an empty Fake named name.
func New(name string) *Fake { return &Fake{Dataset: name, seen: map[string]string{}} }

func (f *Fake) Name() string      { return f.Dataset }
func (f *Fake) Formats() []string { return []string{"lines"} }

// Import reads r whole: line 1 is the header "value", every other line a
// whole number.
func (f *Fake) Import(ctx context.Context, r io.Reader, opts dataset.ImportOptions) (dataset.Report, error) {
	if err := opts.Validate(); err != nil {
		return dataset.Report{}, err
	}
	h := sha256.New()
	sc := bufio.NewScanner(io.TeeReader(r, h))
	rep := dataset.NewReport(f.Dataset, opts)
	line, good := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if line == 1 {
			if text != "value" {
				return rep, fmt.Errorf("line 1: the header must be \"value\", not %q", text)
			}
			continue
		}
		rep.Rows++
		if _, err := strconv.Atoi(text); err != nil {
			rep.BadRows++
			if len(rep.Errors) < dataset.MaxReportedErrors {
				rep.Errors = append(rep.Errors, dataset.RowError{Line: line, Field: "value", Message: "must be a whole number"})
			}
			continue
		}
		good++
	}
	if err := sc.Err(); err != nil {
		return rep, err
	}
	sum := hex.EncodeToString(h.Sum(nil))
	f.mu.Lock()
	defer f.mu.Unlock()
	err := dataset.Commit(ctx, &rep, opts.SkipBad, dataset.Steps{
		Imported: func(context.Context) (string, error) { return f.seen[sum], nil },
		Write: func(context.Context) (string, int, error) {
			batch := "batch-" + sum[:12]
			f.seen[sum] = batch
			f.rows += good
			now := time.Now().UTC()
			f.batches = append(f.batches, dataset.Batch{ID: batch, Source: opts.Source, License: opts.License, Synthetic: opts.Synthetic,
				Rows: good, ImportedAt: now, RetrievedAt: opts.Retrieved(now)})
			return batch, good, nil
		},
	})
	return rep, err
}

func (f *Fake) Stats(context.Context) (dataset.Stats, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return dataset.Stats{Dataset: f.Dataset, Rows: f.rows, Batches: append([]dataset.Batch{}, f.batches...), Coverage: map[string]int{"values": f.rows}}, nil
}

// Batches implements dataset.Lifecycle: the batches held and the ones
// retracted, oldest import first.
func (f *Fake) Batches(context.Context) ([]dataset.BatchState, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []dataset.BatchState{}
	for _, b := range f.batches {
		out = append(out, dataset.BatchState{Batch: b, Current: true})
	}
	out = append(out, f.gone...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].ImportedAt.Before(out[j].ImportedAt) })
	return out, nil
}

// Retract implements dataset.Lifecycle: the batch's rows are forgotten
// and the file may be imported again.
func (f *Fake) Retract(_ context.Context, batch, reason string) (dataset.Retraction, error) {
	r := dataset.Retraction{Dataset: f.Dataset, Batch: batch, Reason: reason}
	if err := dataset.CheckReason(reason); err != nil {
		return r, dalil.InvalidInput(dalil.Problem{Path: "reason", Message: "the reason " + err.Error()})
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, b := range f.batches {
		if b.ID != batch {
			continue
		}
		f.batches = append(f.batches[:i:i], f.batches[i+1:]...)
		f.rows -= b.Rows
		for h, id := range f.seen {
			if id == batch {
				delete(f.seen, h)
			}
		}
		r.RetractedAt, r.RowsRemoved = time.Now().UTC(), b.Rows
		f.gone = append(f.gone, dataset.BatchState{Batch: b, Retracted: &r})
		return r, nil
	}
	return r, dalil.Errorf(dalil.CodeNotFound, "The %s dataset holds no batch %q.", f.Dataset, batch)
}
