package main

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"dalil/capability"
	"dalil/dataset"
)

// datasetRefresh is how often the datasets' snapshot is read again in the
// background. An import through this process refreshes it at once, and a
// status read finds it at most datasetFresh old (one made by another
// process, the CLI beside a running server or another replica, is seen
// then).
const datasetRefresh = 10 * time.Second

// datasetFresh is the age past which reading a dataset's state reads the
// batches again first (one cheap query per dataset: dataset.Holder), and
// datasetReadTimeout bounds that read so that a stalled database delays a
// status by at most that much (the last known state is kept).
const (
	datasetFresh       = time.Second
	datasetReadTimeout = time.Second
)

// datasetState is what one dataset holds, as capability statuses read it.
type datasetState struct {
	Real      int // rows of batches that are not synthetic
	Synthetic int // rows of synthetic (demo) batches
	// Err is set when the dataset could not be read (its supply is then
	// the last one known, or missing).
	Err string
}

func (d datasetState) supply() capability.Supply {
	switch {
	case d.Real > 0:
		return capability.SupplyReal
	case d.Synthetic > 0:
		return capability.SupplySynthetic
	}
	return capability.SupplyMissing
}

// words is the state for people ("1,204 rows", "synthetic demo data only").
func (d datasetState) words() string {
	switch {
	case d.Err != "" && d.Real+d.Synthetic == 0:
		return "unknown: " + d.Err
	case d.Real > 0 && d.Synthetic > 0:
		return plural(d.Real, "real row") + " and " + plural(d.Synthetic, "synthetic row")
	case d.Real > 0:
		return plural(d.Real, "row")
	case d.Synthetic > 0:
		return plural(d.Synthetic, "synthetic row") + " only (demo data: answers from it are not charged)"
	}
	return "not imported"
}

// datasetSupply keeps a snapshot of what every dataset holds, read from
// the importers' Stats, so that reading a capability's status never waits
// on the database. Refresh reads it again; run does so periodically.
type datasetSupply struct {
	importers []dataset.Importer
	log       *slog.Logger
	snap      atomic.Pointer[map[string]datasetState]
	read      atomic.Int64 // when snap was read, Unix nanoseconds
	mu        sync.Mutex   // one refresh at a time
	now       func() time.Time
	// batches is each dataset's batches as last read (ids and rows), and
	// changed, when set, is told of a dataset whose batches differ from
	// the ones read before (an import or a retraction, by any process):
	// the warm-up reads its indexes again (warmup.go).
	batches map[string]string
	changed func(name string)
}

func newDatasetSupply(importers []dataset.Importer, log *slog.Logger) *datasetSupply {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	d := &datasetSupply{importers: importers, log: log, now: time.Now, batches: map[string]string{}}
	empty := map[string]datasetState{}
	d.snap.Store(&empty)
	return d
}

// Refresh reads every dataset's batches again. A dataset that cannot be
// read keeps its last known state, with the error noted.
func (d *datasetSupply) Refresh(ctx context.Context) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.refreshLocked(ctx)
}

// refreshLocked is Refresh with d.mu held.
func (d *datasetSupply) refreshLocked(ctx context.Context) {
	old := *d.snap.Load()
	next := make(map[string]datasetState, len(d.importers))
	for _, im := range d.importers {
		st, err := holdings(ctx, im)
		if err != nil {
			prev := old[im.Name()]
			prev.Err = err.Error()
			next[im.Name()] = prev
			d.log.Warn("dataset state unknown; capability statuses keep the last known", "dataset", im.Name(), "error", err.Error())
			continue
		}
		next[im.Name()] = stateOf(st)
		sig := batchesOf(st)
		if prev, ok := d.batches[im.Name()]; ok && prev != sig && d.changed != nil {
			d.changed(im.Name())
		}
		d.batches[im.Name()] = sig
	}
	d.snap.Store(&next)
	d.read.Store(d.now().UnixNano())
}

// RefreshIfOlder is Refresh, bounded by datasetReadTimeout, unless the
// snapshot is younger than age. A call about to be refused as unconfigured
// passes 0: a 503 is answered only from what the database holds now (an
// import by another process a moment ago counts).
func (d *datasetSupply) RefreshIfOlder(ctx context.Context, age time.Duration) {
	if age > 0 && d.now().UnixNano()-d.read.Load() < int64(age) {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, datasetReadTimeout)
	defer cancel()
	d.Refresh(ctx)
}

// holdings are the batches im would answer from: Holder's cheap query
// when it has one, else its Stats.
func holdings(ctx context.Context, im dataset.Importer) (dataset.Stats, error) {
	if h, ok := im.(dataset.Holder); ok {
		bs, err := h.Holdings(ctx)
		return dataset.Stats{Dataset: im.Name(), Batches: bs}, err
	}
	return im.Stats(ctx)
}

// batchesOf is what tells one state of a dataset's batches from
// another: each batch's id and rows, in order.
func batchesOf(st dataset.Stats) string {
	var b strings.Builder
	for _, x := range st.Batches {
		b.WriteString(x.ID + " " + strconv.Itoa(x.Rows) + "\n")
	}
	return b.String()
}

// stateOf counts a dataset's real and synthetic rows by batch.
func stateOf(st dataset.Stats) datasetState {
	var s datasetState
	for _, b := range st.Batches {
		if b.Synthetic {
			s.Synthetic += b.Rows
		} else {
			s.Real += b.Rows
		}
	}
	if s.Real+s.Synthetic == 0 && st.Rows > 0 {
		// Rows with no batch listed: count them as real only if the
		// dataset names no batch at all (an older layout).
		s.Real = st.Rows
	}
	return s
}

// State is name's last known state. A snapshot older than datasetFresh
// is read again in the background (one read at a time), so that a status
// read never waits on storage on a request's path; a call about to be
// refused re-reads first (RefreshIfOlder through Entry.Confirm).
func (d *datasetSupply) State(name string) datasetState {
	if d.now().UnixNano()-d.read.Load() > int64(datasetFresh) && d.mu.TryLock() {
		go func() {
			defer d.mu.Unlock()
			ctx, cancel := context.WithTimeout(context.Background(), datasetReadTimeout)
			defer cancel()
			d.refreshLocked(ctx)
		}()
	}
	return (*d.snap.Load())[name]
}

// Supply is how the dataset name meets a requirement now.
func (d *datasetSupply) Supply(name string) capability.Supply { return d.State(name).supply() }

// run refreshes the snapshot every period until ctx ends.
func (d *datasetSupply) run(ctx context.Context, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			rctx, cancel := context.WithTimeout(ctx, period)
			d.Refresh(rctx)
			cancel()
		}
	}
}

// Wrap returns the datasets (datasetImporters' managedDataset values) with
// an import that writes anything, and a retraction, followed by a
// refresh, so that statuses follow an import or a retraction through the
// admin API or the console at once: a capability whose only batch was
// retracted is unconfigured on the next call.
func (d *datasetSupply) Wrap(importers []dataset.Importer) []dataset.Importer {
	out := make([]dataset.Importer, len(importers))
	for i, im := range importers {
		out[i] = refreshingImporter{managedDataset: im.(managedDataset), d: d}
	}
	return out
}

type refreshingImporter struct {
	managedDataset
	d *datasetSupply
}

func (r refreshingImporter) Import(ctx context.Context, rd io.Reader, opts dataset.ImportOptions) (dataset.Report, error) {
	rep, err := r.managedDataset.Import(ctx, rd, opts)
	if err == nil && rep.Imported > 0 {
		r.d.Refresh(context.WithoutCancel(ctx))
	}
	return rep, err
}

func (r refreshingImporter) Retract(ctx context.Context, batch, reason string) (dataset.Retraction, error) {
	rt, err := r.managedDataset.Retract(ctx, batch, reason)
	if err == nil {
		r.d.Refresh(context.WithoutCancel(ctx))
	}
	return rt, err
}

// supplyOf is how the operator's configuration and the data present meet
// each requirement: a provider is real when configured; a dataset as its
// snapshot says (ds nil: no database, so every dataset is missing).
func supplyOf(cfg *Config, ds *datasetSupply) func(capability.Requirement) capability.Supply {
	return func(r capability.Requirement) capability.Supply {
		switch r.Kind {
		case capability.KindProvider:
			if cfg.Providers[r.Name].Configured {
				return capability.SupplyReal
			}
		case capability.KindDataset:
			if ds != nil {
				return ds.Supply(r.Name)
			}
		}
		return capability.SupplyMissing
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// hintOf says how the operator supplies a requirement: the variables that
// switch a provider on, the command that imports a dataset.
func hintOf(r capability.Requirement) string {
	switch r.Kind {
	case capability.KindDataset:
		return "import it: dalil " + r.Name + " import FILE --source NAME --license TEXT (or POST /admin/v1/datasets/" + r.Name + "/import)"
	case capability.KindProvider:
		for _, p := range providerSpecs() {
			if p.Name == r.Name && len(p.Required) > 0 {
				return "set " + strings.Join(p.Required, " and ")
			}
		}
	}
	return ""
}
