// Package dataset is the shape every operator-imported dataset shares
// (comparables, vehicle listings, company records, sanctions lists): an
// Importer that validates a whole file row by row and imports it in one
// transaction (Commit holds the order of its checks), and the provenance
// and coverage it reports. The readers of each file format live in
// dataset/<kind>; the tables in the capability's own <name>sql package.
// cmd/dalil mounts every Importer, with its Lifecycle (lifecycle.go), as
// `dalil <name> import|stats|batches|retract` and as the admin routes
// under /admin/v1/datasets/{name}, with the same code.
package dataset

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// ImportOptions are what the operator says about a file.
type ImportOptions struct {
	// Source names where the file came from ("bayut-export-2026-11",
	// "ofac-sdn"); required.
	Source string
	// License is the terms the operator holds the data under; required.
	License string
	// Format selects a reader when the dataset has several
	// ("csv", "jsonl", "ofac-xml", ...); empty means detect it from
	// Filename's extension or the first bytes.
	Format string
	// Filename is the file's base name as given (for detection and the
	// report; never opened by the importer).
	Filename string
	// SkipBad imports the good rows of a file that has bad ones; without
	// it, one bad row imports nothing.
	SkipBad bool
	// Synthetic marks the rows as made up (demo data). Every answer that
	// uses them says so.
	Synthetic bool
	// RetrievedAt is when the operator obtained the file; zero is now.
	RetrievedAt time.Time
	// Progress, when set, is told how far a long import has got, every
	// ProgressEvery rows of each phase (the CLI prints it to stderr).
	// Importers that stream their file call it; it must return quickly.
	Progress func(Progress)
}

// Validate reports a missing source or licence, and a source, licence or
// file name that holds a NUL byte (each is stored with the batch, and no
// text column stores one). The error is a *FileError.
func (o ImportOptions) Validate() error {
	if o.Source == "" {
		return Unreadable(fmt.Errorf("--source is required: name where the file came from"))
	}
	if o.License == "" {
		return Unreadable(fmt.Errorf("--license is required: the terms you hold the data under"))
	}
	for _, f := range []struct{ name, v string }{{"--source", o.Source}, {"--license", o.License}, {"the file name", o.Filename}} {
		if HasNUL(f.v) {
			return Unreadable(fmt.Errorf("%s %s", f.name, NULByte))
		}
	}
	return nil
}

// FileError is a file, or the options given with it, that cannot be
// imported at all: an empty file, a header that is not the dataset's, a
// spreadsheet or binary file, a list in no known format, a file without
// one importable row, a NUL byte in the source. Every importer returns
// its file-level problems as one, and nothing else as one: the admin API
// answers it 400 INVALID_INPUT with its message (the operator fixes the
// file), where a storage failure stays 503 and anything else 500; the
// CLI prints the message. Its message is the cause's.
type FileError struct{ Err error }

func (e *FileError) Error() string { return e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// Unreadable makes err a *FileError (nil stays nil; a *FileError already,
// anywhere in its chain, is returned as it is). The cause stays wrapped:
// an upload over the admin API's size limit is still recognised as such.
func Unreadable(err error) error {
	var fe *FileError
	if err == nil || errors.As(err, &fe) {
		return err
	}
	return &FileError{Err: err}
}

// Retrieved is when the operator obtained the file: RetrievedAt, or now
// when it is zero.
func (o ImportOptions) Retrieved(now time.Time) time.Time {
	if o.RetrievedAt.IsZero() {
		return now
	}
	return o.RetrievedAt
}

// RowError is one bad row: its line number in the file (1 is the first
// line, the header of a CSV file), the field and what is wrong.
type RowError struct {
	Line    int    `json:"line"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

func (e RowError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Message)
	}
	return fmt.Sprintf("line %d: %s: %s", e.Line, e.Field, e.Message)
}

// MaxReportedErrors bounds RowErrors in a Report; Report.BadRows still
// counts every bad row.
const MaxReportedErrors = 100

// Report is what an import did.
type Report struct {
	Dataset string `json:"dataset"`
	// Batch identifies this import (the same file imported again gets
	// the batch it got the first time, and Unchanged).
	Batch    string `json:"batch"`
	Source   string `json:"source"`
	License  string `json:"license"`
	Rows     int    `json:"rows"`     // data rows read
	Imported int    `json:"imported"` // rows written (0 when refused or unchanged)
	BadRows  int    `json:"badRows"`
	// Unchanged: this very file (by content hash) was imported before;
	// nothing was written.
	Unchanged bool `json:"unchanged"`
	// Refused: there were bad rows and SkipBad was not given; nothing was
	// written.
	Refused bool       `json:"refused"`
	Errors  []RowError `json:"errors"`
}

// NewReport is the report of an import of dataset under opts before
// anything is read: Errors is an empty list, never nil, so that the JSON
// report always has one.
func NewReport(dataset string, opts ImportOptions) Report {
	return Report{Dataset: dataset, Source: opts.Source, License: opts.License, Errors: []RowError{}}
}

// Batch is one import's provenance.
type Batch struct {
	ID          string    `json:"id"`
	Source      string    `json:"source"`
	License     string    `json:"license"`
	Synthetic   bool      `json:"synthetic"`
	Rows        int       `json:"rows"`
	ImportedAt  time.Time `json:"importedAt"`
	RetrievedAt time.Time `json:"retrievedAt"`
	// Version is the publication or version date the file states
	// (sanctions lists), when it states one.
	Version string `json:"version,omitempty"`
	// CheckedAt is when a sync last found the batch still its
	// publisher's current version (a synced sanctions list), zero when
	// none did.
	CheckedAt time.Time `json:"checkedAt,omitzero"`
}

// Stats is a dataset's coverage: how many rows from which imports, and a
// dataset-specific breakdown (by area, make, list ...) in Coverage.
type Stats struct {
	Dataset  string  `json:"dataset"`
	Rows     int     `json:"rows"`
	Batches  []Batch `json:"batches"`
	Coverage any     `json:"coverage,omitempty"`
}

// Loaded reports whether the dataset has rows a capability can answer from.
func (s Stats) Loaded() bool { return s.Rows > 0 }

// Holder is implemented by importers that list the batches a capability
// would answer from (a sanctions list's current version only) with one
// cheap query, without Stats' coverage: what capability statuses are
// derived from (real rows, or synthetic demo rows only).
type Holder interface {
	Holdings(ctx context.Context) ([]Batch, error)
}

// Importer is one dataset as cmd/dalil and the admin API see it.
type Importer interface {
	// Name is the dataset's name: the CLI command (`dalil <name>
	// import`) and the admin route segment ("comparables", "listings",
	// "companies", "sanctions").
	Name() string
	// Formats lists the Format values accepted, the first the default.
	Formats() []string
	// Import reads r (at most the caller's size limit) and imports it as
	// one unit. Bad rows are in the Report, not the error; the error is
	// a *FileError for a file (or options) that cannot be imported at
	// all, or a storage failure.
	Import(ctx context.Context, r io.Reader, opts ImportOptions) (Report, error)
	// Stats summarises what is loaded.
	Stats(ctx context.Context) (Stats, error)
}
