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
	if s == nil {
		return
	}
	s.steps++
	if s.done || s.steps%stopEvery == 0 && s.ctx.Err() != nil {
		s.done = true
		panic(stopped{})
	}
}
