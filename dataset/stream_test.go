package dataset

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Spool reads a regular file where it is (from its current offset) and
// copies anything else to a temporary file that Close removes; both can
// be read twice; more than the limit is a *FileError.
func TestSpool(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.csv")
	if err := os.WriteFile(path, []byte("head\nbody\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Seek(5, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	s, err := Spool(f, 1<<20)
	if err != nil || s.remove != "" {
		t.Fatalf("regular file: %v, copied to %q", err, s.remove)
	}
	at := make([]byte, 3)
	if n, err := s.ReadAt(at, 1); err != nil || string(at[:n]) != "ody" || s.Size() != 5 {
		t.Fatalf("ReadAt = %q, %v; size %d", at[:n], err, s.Size())
	}
	for i := 0; i < 2; i++ {
		b, _ := io.ReadAll(s)
		if string(b) != "body\n" {
			t.Fatalf("reading %d: %q", i, b)
		}
		if err := s.Rewind(); err != nil {
			t.Fatal(err)
		}
	}
	// A type that embeds an *os.File (a downloaded list that removes
	// itself) is a file too.
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if s, err := Spool(struct{ *os.File }{f}, 1<<20); err != nil || s.remove != "" || s.Size() != 10 {
		t.Fatalf("embedded file: %v, copied to %q", err, s.remove)
	}
	s, err = Spool(strings.NewReader("an upload"), 1<<20)
	if err != nil || s.remove == "" {
		t.Fatalf("upload: %v, not copied", err)
	}
	b, _ := io.ReadAll(s)
	if string(b) != "an upload" || s.Size() != 9 {
		t.Fatalf("upload read %q, size %d", b, s.Size())
	}
	if n, err := s.ReadAt(at, 3); err != nil || string(at[:n]) != "upl" {
		t.Fatalf("upload ReadAt = %q, %v", at[:n], err)
	}
	tmp := s.remove
	s.Close()
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temporary copy left behind: %v", err)
	}
	var fe *FileError
	if _, err := Spool(strings.NewReader(strings.Repeat("x", 1<<20+1)), 1<<20); !errors.As(err, &fe) || !strings.Contains(err.Error(), "larger than 1 MiB") {
		t.Errorf("too large upload: %v", err)
	}
	if _, err := Spool(f, 2); !errors.As(err, &fe) {
		t.Errorf("too large file: %v", err)
	}
}

// A Reading reports progress every ProgressEvery rows and, once its
// context is done, stops at the next multiple of its check interval,
// counting every row it was given.
func TestReading(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var seen []Progress
	var counter atomic.Int64
	r := ImportOptions{Progress: func(p Progress) { seen = append(seen, p) }}.Read(ctx, "writing", 200, &counter)
	var err error
	for i := 1; i <= 2*ProgressEvery+50 && err == nil; i++ {
		if i == ProgressEvery+1 {
			cancel()
		}
		err = r.Step()
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if r.Rows != ProgressEvery+200 || counter.Load() != int64(r.Rows) {
		t.Errorf("stopped after %d rows (counter %d), want %d: the first check after the cancellation", r.Rows, counter.Load(), ProgressEvery+200)
	}
	if len(seen) != 1 || seen[0] != (Progress{Phase: "writing", Rows: ProgressEvery}) {
		t.Errorf("progress = %v", seen)
	}
}

// Chunks writes full chunks as they fill and the rest on Flush, never
// holding more than one chunk; Span keeps the earliest and latest dates.
func TestChunksAndSpan(t *testing.T) {
	var writes [][]int
	c := Chunks[int]{Size: 3, Write: func(b []int) error { writes = append(writes, append([]int(nil), b...)); return nil }}
	for i := range 7 {
		if err := c.Add(i); err != nil {
			t.Fatal(err)
		}
		if len(c.buf) > 3 {
			t.Fatalf("holds %d rows", len(c.buf))
		}
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(writes) != "[[0 1 2] [3 4 5] [6]]" || c.Written != 7 {
		t.Errorf("writes %v, written %d", writes, c.Written)
	}
	boom := errors.New("boom")
	c = Chunks[int]{Size: 1, Write: func([]int) error { return boom }}
	if err := c.Add(1); err != boom || c.Written != 0 {
		t.Errorf("failed write: %v, written %d", err, c.Written)
	}
	var s Span
	for _, d := range []string{"2026-03-01", "2025-01-02", "2026-11-20", "2026-01-01"} {
		tm, _ := time.Parse(time.DateOnly, d)
		s.Add(tm)
	}
	if s.From.Format(time.DateOnly) != "2025-01-02" || s.To.Format(time.DateOnly) != "2026-11-20" {
		t.Errorf("span = %v", s)
	}
}

// IDs finds an id given twice, with the line it was first given on.
func TestIDs(t *testing.T) {
	var ids IDs
	for i, c := range []struct {
		id   string
		want int
	}{{"a", 0}, {"b", 0}, {"a", 2}, {"A", 0}, {strings.Repeat("x", 200), 0}, {"b", 3}, {"a", 2}} {
		if got := ids.Line(c.id); got != c.want {
			t.Errorf("Line(%q) before line %d = %d, want %d", c.id, i+2, got, c.want)
		}
		if got := ids.See(c.id, i+2); got != c.want {
			t.Errorf("See(%q) on line %d = %d, want %d", c.id, i+2, got, c.want)
		}
	}
}
