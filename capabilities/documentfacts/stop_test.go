package documentfacts

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Issue 34: once the deadline passes, an extraction stops within a few
// items, also inside one block: TestLongSingleLine's 190 KB line is one
// block whose dates alone cost seconds. Here a fifth of it (one block of
// 38 KB): the context is made done at a step in the amounts, the dates,
// the durations and the clause readers, and the steps taken after it are
// counted (not the time).
func TestExtractionStopsWithinABlock(t *testing.T) {
	text := strings.Repeat("Total: OMR 1,250.500 due 10 March 2026 mail a@b.example; ", 666)
	total, want, err := extractSteps(text, 0)
	if err != nil {
		t.Fatal(err)
	}
	if total < 2000 {
		t.Fatalf("%d steps on the long line; the test needs more to cancel in", total)
	}
	// The same document under a stopper that never stops answers as
	// Handle does.
	got, err := Handle(context.Background(), Deps{}, Input{Text: text})
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("the counted extraction differs from Handle's (err %v)", err)
	}
	for _, frac := range []float64{0.01, 0.3, 0.6, 0.9, 0.99} {
		k := int(frac*float64(total)) | 1 // between two looks at the context
		steps, out, err := extractSteps(text, k)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("done at step %d of %d: err = %v, want the context's", k, total, err)
		}
		if len(out.Facts) > 0 {
			t.Errorf("done at step %d: %d facts answered", k, len(out.Facts))
		}
		if after := steps - k; after >= stopEvery {
			t.Errorf("done at step %d of %d: %d steps after it, want fewer than %d", k, total, after, stopEvery)
		} else {
			t.Logf("done at step %d of %d: %d steps after it", k, total, after)
		}
	}
}
