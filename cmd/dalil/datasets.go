package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"dalil"
	"dalil/dataset"
	"dalil/module"
	"dalil/store/sqlstore"
)

// datasets lists every dataset, from the modules (registry.go).
func datasets() []module.Dataset { return module.Datasets(modules()) }

// datasetImporters opens every dataset on store: its Importer with its
// Lifecycle (module.Dataset.Lifecycle), so that every dataset can list
// and retract its batches wherever it is mounted (each value is a
// managedDataset).
func datasetImporters(store *sqlstore.Store) []dataset.Importer {
	ds := datasets()
	out := make([]dataset.Importer, 0, len(ds))
	for _, d := range ds {
		im := d.Open(store.DB())
		if im.Name() != d.Name {
			panic(fmt.Sprintf("dataset %q opens an importer named %q", d.Name, im.Name()))
		}
		out = append(out, managedDataset{Importer: im, Lifecycle: d.Lifecycle(store.DB())})
	}
	return out
}

// managedDataset is a dataset as the CLI, the admin API and the console
// use it: its importer and its lifecycle. It is a dataset.Holder whether
// or not the importer is (holdings falls back on Stats).
type managedDataset struct {
	dataset.Importer
	dataset.Lifecycle
}

var _ dataset.Holder = managedDataset{}

// Holdings implements dataset.Holder with the importer's own cheap query
// when it has one.
func (m managedDataset) Holdings(ctx context.Context) ([]dataset.Batch, error) {
	st, err := holdings(ctx, m.Importer)
	return st.Batches, err
}

// isDataset reports whether cmd names a dataset.
func isDataset(cmd string) bool {
	return slices.ContainsFunc(datasets(), func(d module.Dataset) bool { return d.Name == cmd })
}

// reindexer is a dataset found by name (companies, sanctions): `dalil
// <name> reindex` rebuilds its name index from the rows it holds, in one
// transaction, and returns the rows filed.
type reindexer interface {
	Reindex(ctx context.Context, progress func(dataset.Progress)) (int, error)
}

// Reindexed is what `dalil <name> reindex --json` prints.
type Reindexed struct {
	Dataset string  `json:"dataset"`
	Rows    int     `json:"rows"`
	Seconds float64 `json:"seconds"`
}

// runDataset runs `dalil <name> import FILE ...`, `dalil <name> stats`,
// `dalil <name> batches`, `dalil <name> retract BATCH` (the same Importer
// and Lifecycle as the admin routes /admin/v1/datasets/{name}/...) and,
// for a dataset with a name index, `dalil <name> reindex`.
func runDataset(ctx context.Context, name string, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || !slices.Contains([]string{"import", "stats", "batches", "retract", "reindex"}, args[0]) {
		fmt.Fprintf(stderr, "usage: dalil %[1]s import FILE --source NAME --license TEXT [--format F] [--skip-bad] [--retrieved YYYY-MM-DD] [--timeout 2h] [--json]\n"+
			"       dalil %[1]s stats [--json]\n       dalil %[1]s batches [--json]\n       dalil %[1]s retract BATCH [--reason TEXT] [--json]\n"+
			"       dalil %[1]s reindex [--json]   (a dataset found by name: rebuild its name index)\n", name)
		return fmt.Errorf("%s: expected import, stats, batches, retract or reindex", name)
	}
	sub := args[0]
	fs := newFlagSet(name+" "+sub, stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	var source, license, format, retrieved, reason *string
	var skipBad *bool
	var timeout *time.Duration
	if sub == "retract" {
		reason = fs.String("reason", "", "why the batch is retracted (kept with the retraction, shown by batches)")
	}
	if sub == "import" {
		source = fs.String("source", "", "where the file came from (required)")
		license = fs.String("license", "", "the terms you hold the data under (required)")
		format = fs.String("format", "", "the file's format when the dataset reads several; default: from the file name or content")
		skipBad = fs.Bool("skip-bad", false, "import the good rows of a file with bad ones (default: one bad row imports nothing)")
		retrieved = fs.String("retrieved", "", "the date you obtained the file, YYYY-MM-DD (default: today)")
		timeout = fs.Duration("timeout", 2*time.Hour, "the import's time limit, reading and writing (Ctrl-C stops it sooner; nothing is written unless it completes)")
	}
	cfg, rest, err := loadConfig(fs, args[1:], getenv)
	if err != nil {
		return err
	}
	var file, batch string
	switch {
	case sub == "import" && len(rest) != 1:
		return fmt.Errorf("%s import: give exactly one FILE", name)
	case sub == "import":
		file = rest[0]
	case sub == "retract" && len(rest) != 1:
		return fmt.Errorf("%s retract: give exactly one BATCH (dalil %s batches lists them)", name, name)
	case sub == "retract":
		batch = rest[0]
		if err := dataset.CheckReason(*reason); err != nil {
			return fmt.Errorf("%s retract: --reason %v", name, err)
		}
	case len(rest) > 0:
		return fmt.Errorf("%s %s: unexpected argument %q", name, sub, rest[0])
	}
	var opts dataset.ImportOptions
	if sub == "import" {
		opts = dataset.ImportOptions{Source: *source, License: *license, Format: *format, Filename: filepath.Base(file), SkipBad: *skipBad}
		if err := opts.Validate(); err != nil {
			return fmt.Errorf("%s import: %w", name, err)
		}
		if *timeout <= 0 {
			return fmt.Errorf("%s import: --timeout must be positive, such as 30m or 2h", name)
		}
		if *retrieved != "" {
			t, err := time.Parse("2006-01-02", *retrieved)
			if err != nil {
				return fmt.Errorf("%s import: --retrieved: want a date such as 2026-11-25", name)
			}
			opts.RetrievedAt = t
		}
	}
	log := logger(cfg.LogLevel, stderr)
	store, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer store.Close()
	var im dataset.Importer
	for _, d := range datasetImporters(store) {
		if d.Name() == name {
			im = d
		}
	}
	switch sub {
	case "reindex":
		return reindex(ctx, name, im, *asJSON, stdout, stderr)
	case "stats":
		st, err := im.Stats(ctx)
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(stdout, st)
		}
		return statsTable(stdout, st)
	case "batches":
		bs, err := im.(dataset.Lifecycle).Batches(ctx)
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(stdout, dataset.BatchList{Dataset: name, Batches: bs})
		}
		return batchesTable(stdout, name, bs)
	case "retract":
		r, err := im.(dataset.Lifecycle).Retract(ctx, batch, *reason)
		if err != nil {
			return cliError(err)
		}
		if *asJSON {
			return printJSON(stdout, r)
		}
		fmt.Fprintf(stdout, "%s: retracted batch %s: %s removed\n", name, r.Batch, plural(r.RowsRemoved, "row"))
		return nil
	}
	if opts.Format != "" && !slices.Contains(im.Formats(), opts.Format) {
		return fmt.Errorf("%s import: --format must be one of %s", name, strings.Join(im.Formats(), ", "))
	}
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	opts.Progress = progressPrinter(stderr, name+" import", time.Now, 2*time.Second)
	ictx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	rep, err := im.Import(ictx, f, opts)
	if err != nil {
		return err
	}
	if *asJSON {
		if err := printJSON(stdout, rep); err != nil {
			return err
		}
	} else {
		reportText(stdout, rep)
	}
	if rep.Refused {
		return errors.New("nothing was imported: fix the bad rows, or pass --skip-bad to import the good ones")
	}
	return nil
}

// reindex runs `dalil <name> reindex`: the dataset's name index rebuilt
// from the rows it holds, its progress on stderr as an import's.
func reindex(ctx context.Context, name string, im dataset.Importer, asJSON bool, stdout, stderr io.Writer) error {
	if m, ok := im.(managedDataset); ok {
		im = m.Importer
	}
	r, ok := im.(reindexer)
	if !ok {
		return fmt.Errorf("%s reindex: this dataset keeps no name index", name)
	}
	start := time.Now()
	n, err := r.Reindex(ctx, progressPrinter(stderr, name+" reindex", time.Now, 2*time.Second))
	if err != nil {
		return fmt.Errorf("%s reindex: %w (the index is as it was)", name, err)
	}
	took := time.Since(start)
	if asJSON {
		return printJSON(stdout, Reindexed{Dataset: name, Rows: n, Seconds: took.Seconds()})
	}
	fmt.Fprintf(stdout, "%s: name index rebuilt from %s in %v\n", name, plural(n, "row"), took.Round(100*time.Millisecond))
	return nil
}

// progressPrinter prints a long import's or reindex's progress to w
// (stderr), at most once every interval: the phase, the rows read in it
// and their rate. label is the command ("companies import").
func progressPrinter(w io.Writer, label string, now func() time.Time, interval time.Duration) func(dataset.Progress) {
	start, last, phase := now(), now(), ""
	return func(p dataset.Progress) {
		t := now()
		if p.Phase != phase {
			phase, start = p.Phase, t
		}
		if t.Sub(last) < interval {
			return
		}
		last = t
		fmt.Fprintf(w, "%s: %s: %d rows (%.0f rows/s)\n", label, p.Phase, p.Rows, dataset.Rate(p.Rows, t.Sub(start)))
	}
}

// reportText prints an import's report for people.
func reportText(w io.Writer, rep dataset.Report) {
	switch {
	case rep.Unchanged:
		fmt.Fprintf(w, "%s: this file was imported before as batch %s; nothing changed\n", rep.Dataset, rep.Batch)
	case rep.Refused:
		fmt.Fprintf(w, "%s: %d of %d rows are bad; nothing was imported\n", rep.Dataset, rep.BadRows, rep.Rows)
	default:
		batch := ""
		if rep.Batch != "" { // none when there was nothing to import
			batch = " as batch " + rep.Batch
		}
		fmt.Fprintf(w, "%s: imported %d of %d rows%s (source %s, licence %s)", rep.Dataset, rep.Imported, rep.Rows, batch, rep.Source, rep.License)
		if rep.BadRows > 0 {
			fmt.Fprintf(w, "; %d bad rows skipped", rep.BadRows)
		}
		fmt.Fprintln(w)
	}
	for _, e := range rep.Errors {
		fmt.Fprintln(w, "  "+e.Error())
	}
	if rep.BadRows > len(rep.Errors) {
		fmt.Fprintf(w, "  ... and %d more bad rows\n", rep.BadRows-len(rep.Errors))
	}
}

// statsTable prints a dataset's imports; its coverage follows, a figure
// a line (its shape is the dataset's own).
func statsTable(w io.Writer, st dataset.Stats) error {
	fmt.Fprintf(w, "%s: %d rows in %d imports\n", st.Dataset, st.Rows, len(st.Batches))
	if len(st.Batches) > 0 {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "BATCH\tSOURCE\tLICENCE\tROWS\tRETRIEVED\tCURRENT AS OF (AGE)\tIMPORTED\tSYNTHETIC")
		for _, b := range st.Batches {
			// Current as of: the retrieval, or a later sync that found the
			// source unchanged; its age is what the answers' freshness reads.
			asOf := b.CurrentAsOf()
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s (%d d)\t%s\t%v\n", b.ID, b.Source, b.License, b.Rows,
				b.RetrievedAt.Format("2006-01-02"), asOf.Format("2006-01-02"), int(time.Since(asOf).Hours()/24), b.ImportedAt.Format(time.RFC3339), b.Synthetic)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if err := writeSyncTable(w, st.Coverage); err != nil { // the sanctions lists' sync (sanctionsync.go)
		return err
	}
	if st.Coverage != nil {
		fmt.Fprintln(w, "coverage:")
		raw, err := json.Marshal(st.Coverage)
		if err != nil {
			return err
		}
		if len(raw) == 0 || raw[0] != '{' {
			return printJSON(w, st.Coverage)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		if err := writeFields(tw, "  ", raw); err != nil {
			return err
		}
		return tw.Flush()
	}
	return nil
}

// batchesTable prints a dataset's batches for people: the held ones
// (current or not), then the retracted ones with when and why.
func batchesTable(w io.Writer, name string, bs []dataset.BatchState) error {
	if len(bs) == 0 {
		fmt.Fprintf(w, "%s: no batches (import one: dalil %s import FILE --source NAME --license TEXT)\n", name, name)
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "BATCH\tSOURCE\tLICENCE\tRETRIEVED\tROWS\tSYNTHETIC\tCURRENT\tRETRACTED")
	for _, b := range bs {
		current, retracted := "yes", "-"
		if !b.Current {
			current = "no"
		}
		if r := b.Retracted; r != nil {
			retracted = fmt.Sprintf("%s, %s removed", r.RetractedAt.Format(time.RFC3339), plural(r.RowsRemoved, "row"))
			if r.Reason != "" {
				retracted += ": " + oneLine(r.Reason)
			}
		}
		synthetic := "no"
		if b.Synthetic {
			synthetic = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\n", b.ID, oneLine(b.Source), oneLine(b.License), b.RetrievedAt.Format("2006-01-02"),
			b.Rows, synthetic, current, retracted)
	}
	return tw.Flush()
}

// oneLine keeps an operator's text on its table row.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// cliError is err as the CLI says it: a *dalil.Error by its message (the
// admin API's answer), anything else as it is.
func cliError(err error) error {
	var de *dalil.Error
	if errors.As(err, &de) {
		if ps, ok := de.Details.([]dalil.Problem); ok && len(ps) > 0 {
			var msgs []string
			for _, p := range ps {
				msgs = append(msgs, p.Path+": "+p.Message)
			}
			return errors.New(strings.Join(msgs, "; "))
		}
		return errors.New(de.Message)
	}
	return err
}
