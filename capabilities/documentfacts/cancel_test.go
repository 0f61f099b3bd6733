package documentfacts

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// Once the call's context is done (the caller left), extraction reads no
// further block: counted in extractor runs after the cancellation, at
// most the rest of the block under way, and the answer is ctx's error.
func TestExtractionStopsWhenTheCallerLeaves(t *testing.T) {
	text := strings.Repeat("The Supplier shall deliver 40 units for OMR 1,250.000 by 3 March 2026.\n\n", 400)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	runs, after := 0, 0
	testPanic = func(name string) {
		if strings.HasSuffix(name, " done") {
			return
		}
		runs++
		if ctx.Err() != nil {
			after++
		}
		if runs == 50 {
			cancel()
		}
	}
	defer func() { testPanic = nil }()
	_, err := Handle(ctx, Deps{}, Input{Text: text})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the context's", err)
	}
	if after > len(blockExtractors) {
		t.Errorf("%d extractor runs after the cancellation (of %d before it); at most the %d of one block", after, runs-after, len(blockExtractors))
	}
	// One block can be the whole text: no extractor starts on it once
	// the caller has left.
	one := strings.Repeat("The Supplier shall deliver 40 units for OMR 1,250.000 by 3 March 2026. ", 400)
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	runs, after = 0, 0
	testPanic = func(name string) {
		if strings.HasSuffix(name, " done") {
			return
		}
		runs++
		if ctx2.Err() != nil {
			after++
		}
		if runs == 2 {
			cancel2()
		}
	}
	if _, err := Handle(ctx2, Deps{}, Input{Text: one}); !errors.Is(err, context.Canceled) || after != 0 {
		t.Errorf("one block: %d extractor runs after the cancellation, %v", after, err)
	}
	// Uncancelled, the same document runs every extractor on every block.
	runs, after = 0, 0
	testPanic = func(name string) {
		if !strings.HasSuffix(name, " done") {
			runs++
		}
	}
	if _, err := Handle(context.Background(), Deps{}, Input{Text: text}); err != nil || runs < 400*len(blockExtractors) {
		t.Fatalf("uncancelled: %d runs, %v", runs, err)
	}
}

// The clause readers (requirements, obligations, deadlines) stop alike:
// once the caller leaves while one runs, no later reader starts and the
// answer is ctx's error (issue 29).
func TestClauseReadersStopWhenTheCallerLeaves(t *testing.T) {
	text := strings.Repeat("The Supplier shall deliver 40 units for OMR 1,250.000 by 3 March 2026.\n\n", 40)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var later []string
	testPanic = func(name string) {
		switch {
		case name == "requirements":
			cancel()
		case ctx.Err() != nil && !strings.HasSuffix(name, " done"):
			later = append(later, name)
		}
	}
	defer func() { testPanic = nil }()
	if _, err := Handle(ctx, Deps{}, Input{Text: text}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the context's", err)
	}
	if len(later) > 0 {
		t.Errorf("readers started after the cancellation: %v", later)
	}
	// Uncancelled, every reader runs.
	seen := map[string]bool{}
	testPanic = func(name string) { seen[name] = true }
	if _, err := Handle(context.Background(), Deps{}, Input{Text: text}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"requirements", "obligations", "deadlines"} {
		if !seen[name] {
			t.Errorf("uncancelled: %s did not run", name)
		}
	}
}
