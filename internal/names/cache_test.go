package names

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestKeyCache: a remembered key is the one Normalize makes (compared
// through everything a key answers: its text, its matches and
// similarities with other names, its explanation), and the cache never
// holds more than its size, however many names pass.
func TestKeyCache(t *testing.T) {
	ns := corpusNames(t)
	c := NewKeyCache(500)
	ref := []Key{Normalize("Mohammed bin Salim Al Harthi"), Normalize("محمد سالم الحارثي"), Normalize("Gulf Star Trading LLC"), Normalize("شركة نجمة الخليج للتجارة")}
	for round := range 2 {
		for i, s := range ns {
			// Every name twice in a row (remembered the second time),
			// then again rounds later (dropped by then, or not).
			for range 2 {
				got, want := c.Normalize(s), Normalize(s)
				if got.String() != want.String() || got.id() != want.id() || got.Sorted() != want.Sorted() || got.Skeleton() != want.Skeleton() {
					t.Fatalf("round %d %q: cached key %q, Normalize %q", round, s, got.id(), want.id())
				}
				for _, r := range ref[:1+i%len(ref)] {
					if got.Match(r) != want.Match(r) || got.Similarity(r) != want.Similarity(r) || r.Match(got) != r.Match(want) {
						t.Fatalf("%q: cached key compares otherwise with %q", s, r.String())
					}
					if i%5 != 0 {
						continue
					}
					if d := cmp.Diff(Explain(want, r), Explain(got, r)); d != "" {
						t.Fatalf("%q: explained otherwise (-Normalize +cached):\n%s", s, d)
					}
				}
			}
			if n := c.Len(); n > 500 {
				t.Fatalf("after %d names the cache holds %d keys", i, n)
			}
		}
	}
	hits, misses := c.Stats()
	if hits < int64(2*len(ns)) || misses < int64(len(ns)) {
		t.Fatalf("hits %d, misses %d of %d names", hits, misses, 4*len(ns))
	}
}
