package sqlstore_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"dalil/store/sqlstore"
)

// The reader pool maps the SQLite file when asked (Options.ReadMmapSize:
// a size; one cut to SQLite's limit; none, the default) and the writer
// never does. On Linux the mapping is looked for in /proc/self/maps: the
// driver honours the pragma, not only records it.
func TestReadMmapSize(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name      string
		opt, want int64
	}{
		{"default", 0, 0},
		{"a size", 1 << 20, 1 << 20},
		{"cut to the limit", 1 << 40, 0x7fff0000},
		{"none", -1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "mmap.db")
			s, err := sqlstore.Open(ctx, path, sqlstore.Options{ReadMmapSize: c.opt})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var got, w int64
			if err := s.DB().Read().QueryRowContext(ctx, `PRAGMA mmap_size`).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if err := s.DB().Write().QueryRowContext(ctx, `PRAGMA mmap_size`).Scan(&w); err != nil {
				t.Fatal(err)
			}
			if got != c.want || w != 0 {
				t.Errorf("mmap_size: readers %d, writer %d; want %d and 0", got, w, c.want)
			}
			if runtime.GOOS != "linux" {
				return
			}
			// The migrations' pages into the file (a reader maps the
			// file, not the WAL).
			if _, err := s.DB().Write().ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
				t.Fatal(err)
			}
			var n int
			if err := s.DB().Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			maps, err := os.ReadFile("/proc/self/maps")
			if err != nil {
				t.Skip(err)
			}
			if mapped := strings.Contains(string(maps), path+"\n"); mapped != (c.want > 0) {
				t.Errorf("the file mapped: %v, want %v", mapped, c.want > 0)
			}
		})
	}
}
