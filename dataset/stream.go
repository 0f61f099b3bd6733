package dataset

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"
)

// Progress is how far a long import has got: the phase ("validating",
// then "writing") and the data rows read in it so far. ImportOptions.
// Progress receives it every ProgressEvery rows.
type Progress struct {
	Phase string `json:"phase"`
	Rows  int    `json:"rows"`
}

// ProgressEvery is how many rows an importer reads between two calls of
// ImportOptions.Progress.
const ProgressEvery = 10_000

// Report calls o.Progress, if any, when rows is a multiple of
// ProgressEvery.
func (o ImportOptions) Report(phase string, rows int) {
	if o.Progress != nil && rows%ProgressEvery == 0 {
		o.Progress(Progress{Phase: phase, Rows: rows})
	}
}

// Spooled is a file an importer can read twice (once to validate it and
// hash it, once to write its rows), without holding it in memory.
type Spooled struct {
	io.ReadSeeker
	remove string // the temporary file to remove, if one was made
	f      *os.File
	size   int64
}

// ReadAt reads the file at off, wherever the reading is (an archive is
// read in place).
func (s *Spooled) ReadAt(p []byte, off int64) (int, error) {
	return s.ReadSeeker.(io.ReaderAt).ReadAt(p, off)
}

// Size is the file's size in bytes.
func (s *Spooled) Size() int64 { return s.size }

// Close removes the temporary copy, if one was made.
func (s *Spooled) Close() error {
	if s.remove == "" {
		return nil
	}
	s.f.Close()
	return os.Remove(s.remove)
}

// Rewind seeks back to the file's start.
func (s *Spooled) Rewind() error {
	_, err := s.Seek(0, io.SeekStart)
	return err
}

// file is a file on disk: an *os.File, or a type that embeds one.
type file interface {
	io.ReaderAt
	io.Seeker
	Stat() (os.FileInfo, error)
}

// Spool makes r readable twice, at most limit bytes: a regular file (the
// CLI's, a downloaded list) is read where it is; anything else (an
// upload) is copied to a temporary file first, never into memory. A
// larger input is a *FileError naming the limit in MiB, as is a failure
// to read r (the upload broke off; the cause stays wrapped).
func Spool(r io.Reader, limit int64) (*Spooled, error) {
	if f, ok := r.(file); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			pos, err := f.Seek(0, io.SeekCurrent)
			if err == nil {
				if st.Size()-pos > limit {
					return nil, tooLarge(limit)
				}
				return &Spooled{ReadSeeker: io.NewSectionReader(f, pos, st.Size()-pos), size: st.Size() - pos}, nil
			}
		}
	}
	tmp, err := os.CreateTemp("", "dalil-import-*")
	if err != nil {
		return nil, err
	}
	s := &Spooled{ReadSeeker: tmp, remove: tmp.Name(), f: tmp}
	n, err := io.Copy(tmp, io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		s.Close()
		return nil, Unreadable(err)
	case n > limit:
		s.Close()
		return nil, tooLarge(limit)
	}
	if err := s.Rewind(); err != nil {
		s.Close()
		return nil, err
	}
	s.size = n
	return s, nil
}

func tooLarge(limit int64) error {
	return Unreadable(fmt.Errorf("the file is larger than %d MiB", limit>>20))
}

// ErrChanged is a file whose second reading (the write) did not give the
// hash of its first (the validation): it changed while it was imported.
// Nothing is written.
var ErrChanged = Unreadable(errors.New("the file changed while it was being imported; nothing was written: import it again"))

// Rate is rows per second over d, for progress lines.
func Rate(rows int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(rows) / d.Seconds()
}

// Reading counts the rows one reading of a streamed import reads (the
// validation, then the write): it reports progress through
// ImportOptions.Progress and stops the read, with ctx's error, once ctx
// is done, checking every Every rows (Ctrl-C, the admin client gone, the
// import's time up stop it within that many rows). Its Counter, when set,
// is added one per row: tests count the work done after a cancellation.
type Reading struct {
	ctx   context.Context
	opts  ImportOptions
	phase string
	every int
	// Rows is how many rows this reading has counted.
	Rows    int
	counter *atomic.Int64
}

// Read starts counting one reading of an import in phase ("validating",
// "writing"), checking ctx every every rows; counter may be nil.
func (o ImportOptions) Read(ctx context.Context, phase string, every int, counter *atomic.Int64) *Reading {
	return &Reading{ctx: ctx, opts: o, phase: phase, every: max(every, 1), counter: counter}
}

// Step counts one row read, reports progress every ProgressEvery rows and
// returns ctx's error every Every rows once ctx is done.
func (r *Reading) Step() error {
	r.Rows++
	if r.counter != nil {
		r.counter.Add(1)
	}
	r.opts.Report(r.phase, r.Rows)
	if r.Rows%r.every == 0 {
		return r.ctx.Err()
	}
	return nil
}

// Chunks gathers rows and writes them Size at a time, so that a streamed
// import holds at most one chunk of rows.
type Chunks[T any] struct {
	Size int
	// Write writes one chunk (one multi-row statement); it must not keep
	// the slice.
	Write func([]T) error
	// Written counts the rows written so far.
	Written int
	buf     []T
}

// Add adds one row, writing the chunk once it is full.
func (c *Chunks[T]) Add(v T) error {
	if c.buf == nil {
		c.buf = make([]T, 0, c.Size)
	}
	c.buf = append(c.buf, v)
	if len(c.buf) < c.Size {
		return nil
	}
	return c.Flush()
}

// Flush writes the rows gathered, if any.
func (c *Chunks[T]) Flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	if err := c.Write(c.buf); err != nil {
		return err
	}
	c.Written += len(c.buf)
	clear(c.buf)
	c.buf = c.buf[:0]
	return nil
}

// Span is the earliest and the latest of a stream of dates (a batch's
// period), without holding them; both are zero when none was added.
type Span struct{ From, To time.Time }

// Add widens the span to d.
func (s *Span) Add(d time.Time) {
	if s.From.IsZero() || d.Before(s.From) {
		s.From = d
	}
	if s.To.IsZero() || d.After(s.To) {
		s.To = d
	}
}

// IDs remembers the record ids of a file, to find one given twice,
// without holding them: each is kept as a 128-bit hash (SHA-256's first
// half) with the line it was first seen on, about 40 bytes an id whatever
// its length (a map of the ids themselves took twice that and more for a
// million rows). Two different ids share a hash with a probability of
// about n²/2¹²⁹: nil for any file. The zero value is ready to use.
type IDs struct{ m map[[16]byte]int32 }

// See records id as seen on line and returns the line it was first seen
// on, or 0 when it is new.
func (s *IDs) See(id string, line int) int {
	if s.m == nil {
		s.m = map[[16]byte]int32{}
	}
	k := idKey(id)
	if first, ok := s.m[k]; ok {
		return int(first)
	}
	s.m[k] = int32(line)
	return 0
}

// Line returns the line id was first seen on, or 0 when it was not; it
// records nothing.
func (s *IDs) Line(id string) int { return int(s.m[idKey(id)]) }

func idKey(id string) [16]byte {
	sum := sha256.Sum256([]byte(id))
	return [16]byte(sum[:16])
}

// Rewrite is an import's second reading, inside its transaction: file
// read again from the start by scan (each called for every row, nil for a
// bad one; scan returns the file's hash), its good rows written by chunks,
// progress and cancellation by read. A hash other than the first
// reading's is ErrChanged. It returns the rows written.
func Rewrite[T any](file *Spooled, hash string, chunks *Chunks[T], read *Reading, scan func(io.Reader, func(*T) error) (string, error)) (int, error) {
	if err := file.Rewind(); err != nil {
		return 0, err
	}
	again, err := scan(file, func(row *T) error {
		if row != nil {
			if err := chunks.Add(*row); err != nil {
				return err
			}
		}
		return read.Step()
	})
	if err != nil {
		return 0, err
	}
	if again != hash {
		return 0, ErrChanged
	}
	if err := chunks.Flush(); err != nil {
		return 0, err
	}
	return chunks.Written, nil
}
