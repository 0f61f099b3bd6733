package documentfacts

import "context"

// Issue 34: an extraction stops at its deadline also inside one block. A
// 190 KB single-line document is one block, and its dates alone cost
// seconds; the checks between blocks and extractors (extract.go,
// readClauses) never see the deadline pass while one block is read.
//
// Every loop that reads one item of a block or of the sentences (a date,
// an amount, a duration, a percentage, a contact, a requirement unit, a
// sentence read for obligations or periods, a date read for deadlines)
// takes a step first. Every stopEvery steps the context is asked; once it
// is done the step panics with stopped, which guard recovers as no
// failure (the extractor's facts are thrown away with the whole answer)
// and extractDocument recovers anywhere else, and the answer is ctx's
// error. A step costs an increment and a compare; ctx.Err() (a mutex)
// runs once per stopEvery items, each of which costs microseconds of
// regular-expression work.

// stopEvery is how many steps pass between two looks at the context: at
// most stopEvery-1 items are read after the deadline.
const stopEvery = 16

// stopper counts an extraction's steps and ends it once ctx is done.
type stopper struct {
	ctx   context.Context
	steps int  // items read so far
	done  bool // ctx was seen done: every later step stops at once
}

// stopped is the panic value that ends an extraction whose ctx is done.
type stopped struct{}

// step counts one item and stops the extraction when ctx is done (asked
// every stopEvery steps). A nil stopper (an extractor built for one value,
// assist.go) never stops.
func (s *stopper) step() {
	s.add(1)
}

// passBytes: a pass of the patterns over n bytes of text (a whole block,
// the whole text, one requirement unit or sentence) counts as 1 +
// n/passBytes steps, so that a 190 KB item is no single step: the context
// is asked between its passes as often as between short items (issue 34,
// session 20: one requirement unit of a one-line document cost 0.87 s
// between two looks).
const passBytes = 1024

// pass counts a pass over n bytes of text. Before a long one (passBytes
// or more) the context is asked at once: the pass costs far more than the
// look.
func (s *stopper) pass(n int) {
	if s == nil {
		return
	}
	if n >= passBytes && (s.done || s.ctx.Err() != nil) {
		s.done = true
		panic(stopped{})
	}
	s.add(1 + n/passBytes)
}

// add counts k steps; the context is asked whenever the count passes a
// multiple of stopEvery (for single steps: every stopEvery-th).
func (s *stopper) add(k int) {
	if s == nil {
		return
	}
	before := s.steps / stopEvery
	s.steps += k
	if s.done || s.steps/stopEvery != before && s.ctx.Err() != nil {
		s.done = true
		panic(stopped{})
	}
}
