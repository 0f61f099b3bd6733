package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/go-json-experiment/json"

	"dalil/dataset"
	"dalil/module"
	"dalil/store/sqlstore"
)

// datasets lists every dataset, from the modules (registry.go).
func datasets() []module.Dataset { return module.Datasets(modules()) }

// datasetImporters opens every dataset's Importer on store.
func datasetImporters(store *sqlstore.Store) []dataset.Importer {
	ds := datasets()
	out := make([]dataset.Importer, 0, len(ds))
	for _, d := range ds {
		im := d.Open(store.DB())
		if im.Name() != d.Name {
			panic(fmt.Sprintf("dataset %q opens an importer named %q", d.Name, im.Name()))
		}
		out = append(out, im)
	}
	return out
}

// isDataset reports whether cmd names a dataset.
func isDataset(cmd string) bool {
	return slices.ContainsFunc(datasets(), func(d module.Dataset) bool { return d.Name == cmd })
}

// runDataset runs `dalil <name> import FILE ...` and `dalil <name> stats`:
// the same Importer as POST /admin/v1/datasets/{name}/import.
func runDataset(ctx context.Context, name string, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || (args[0] != "import" && args[0] != "stats") {
		fmt.Fprintf(stderr, "usage: dalil %s import FILE --source NAME --license TEXT [--format F] [--skip-bad] [--retrieved YYYY-MM-DD] [--json]\n       dalil %s stats [--json]\n", name, name)
		return fmt.Errorf("%s: expected import or stats", name)
	}
	sub := args[0]
	fs := newFlagSet(name+" "+sub, stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	var source, license, format, retrieved *string
	var skipBad *bool
	if sub == "import" {
		source = fs.String("source", "", "where the file came from (required)")
		license = fs.String("license", "", "the terms you hold the data under (required)")
		format = fs.String("format", "", "the file's format when the dataset reads several; default: from the file name or content")
		skipBad = fs.Bool("skip-bad", false, "import the good rows of a file with bad ones (default: one bad row imports nothing)")
		retrieved = fs.String("retrieved", "", "the date you obtained the file, YYYY-MM-DD (default: today)")
	}
	cfg, rest, err := loadConfig(fs, args[1:], getenv)
	if err != nil {
		return err
	}
	var file string
	switch {
	case sub == "import" && len(rest) != 1:
		return fmt.Errorf("%s import: give exactly one FILE", name)
	case sub == "import":
		file = rest[0]
	case len(rest) > 0:
		return fmt.Errorf("%s stats: unexpected argument %q", name, rest[0])
	}
	var opts dataset.ImportOptions
	if sub == "import" {
		opts = dataset.ImportOptions{Source: *source, License: *license, Format: *format, Filename: filepath.Base(file), SkipBad: *skipBad}
		if err := opts.Validate(); err != nil {
			return fmt.Errorf("%s import: %w", name, err)
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
	if sub == "stats" {
		st, err := im.Stats(ctx)
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(stdout, st)
		}
		return statsTable(stdout, st)
	}
	if opts.Format != "" && !slices.Contains(im.Formats(), opts.Format) {
		return fmt.Errorf("%s import: --format must be one of %s", name, strings.Join(im.Formats(), ", "))
	}
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	rep, err := im.Import(ctx, f, opts)
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
		fmt.Fprintln(tw, "BATCH\tSOURCE\tLICENCE\tROWS\tRETRIEVED\tIMPORTED\tSYNTHETIC")
		for _, b := range st.Batches {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%v\n", b.ID, b.Source, b.License, b.Rows,
				b.RetrievedAt.Format("2006-01-02"), b.ImportedAt.Format(time.RFC3339), b.Synthetic)
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
