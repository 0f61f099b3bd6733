package dataset

import (
	"errors"
	"fmt"
	"io"
	"os"
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
}

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

// Spool makes r readable twice, at most limit bytes: a regular file (the
// CLI's) is read where it is; anything else (an upload) is copied to a
// temporary file first, never into memory. A larger input is a
// *FileError naming the limit in MiB, as is a failure to read r (the
// upload broke off; the cause stays wrapped).
func Spool(r io.Reader, limit int64) (*Spooled, error) {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			pos, err := f.Seek(0, io.SeekCurrent)
			if err == nil {
				if st.Size()-pos > limit {
					return nil, tooLarge(limit)
				}
				return &Spooled{ReadSeeker: io.NewSectionReader(f, pos, st.Size()-pos)}, nil
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
