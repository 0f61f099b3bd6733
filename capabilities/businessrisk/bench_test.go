package businessrisk

import (
	"context"
	"testing"
)

// BenchmarkHandle is one assessment over the in-memory fixture providers
// (resolution, gathering, collapse, scoring): the engine's own cost
// without any network.
func BenchmarkHandle(b *testing.B) {
	w := newWorld()
	d := w.deps()
	in := acmeInput()
	for b.Loop() {
		if _, err := Handle(context.Background(), d, in, now); err != nil {
			b.Fatal(err)
		}
	}
}
