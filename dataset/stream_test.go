package dataset

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	for i := 0; i < 2; i++ {
		b, _ := io.ReadAll(s)
		if string(b) != "body\n" {
			t.Fatalf("reading %d: %q", i, b)
		}
		if err := s.Rewind(); err != nil {
			t.Fatal(err)
		}
	}
	s, err = Spool(strings.NewReader("an upload"), 1<<20)
	if err != nil || s.remove == "" {
		t.Fatalf("upload: %v, not copied", err)
	}
	b, _ := io.ReadAll(s)
	if string(b) != "an upload" {
		t.Fatalf("upload read %q", b)
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
