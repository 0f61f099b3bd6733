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
		// (Session 20: a pass over the text counts len/passBytes steps,
		// charged as it starts: the deadline can pass inside one, which
		// then runs to its end.)
		if after, most := steps-k, stopEvery+len(text)/passBytes+1; after >= most {
			t.Errorf("done at step %d of %d: %d steps after it, want fewer than %d", k, total, after, most)
		} else {
			t.Logf("done at step %d of %d: %d steps after it", k, total, after)
		}
	}
}

// Issue 34, session 20: one item as long as the text (a 24 KB sentence
// that is also one requirement unit) is read in passes, each counted as
// len/passBytes steps, and the context is asked before each long pass: a
// deadline that passes while the item is read stops the extraction after
// at most one pass and stopEvery-1 items. Before, the whole item was one
// step (0.87 s of CPU on TestLongSingleLine's line), and the readers'
// whole-text passes none.
func TestExtractionStopsWithinAHugeItem(t *testing.T) {
	text := strings.Repeat("the Supplier shall deliver the goods and submit the bank guarantee to the Employer, ", 290)
	text = "The Supplier shall " + text + "."
	total, want, err := extractSteps(text, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Obligations) == 0 || total < 400 {
		t.Fatalf("%d obligations, %d steps: the test needs one long duty to cancel in", len(want.Obligations), total)
	}
	most := stopEvery + len(text)/passBytes + 1
	for i := 1; i < 12; i++ {
		k := total*i/12 | 1
		steps, out, err := extractSteps(text, k)
		if !errors.Is(err, context.Canceled) || len(out.Facts) > 0 {
			t.Errorf("done at step %d of %d: err = %v and %d facts, want the context's error and none", k, total, err, len(out.Facts))
		}
		if after := steps - k; after >= most {
			t.Errorf("done at step %d of %d: %d steps after it, want fewer than %d (one pass and stopEvery-1 items)", k, total, after, most)
		} else {
			t.Logf("done at step %d of %d: %d steps after it", k, total, after)
		}
	}
}
