package documentfacts

import (
	"context"

	"dalil/capabilities/documentfacts/read"
)

// doneAtStep is a context that is done (cancelled) from the moment its
// extraction has taken its k-th step on: the deadline passes between two
// items, wherever the extraction then is.
type doneAtStep struct {
	context.Context
	st *stopper
	k  int
}

func (c *doneAtStep) Err() error {
	if c.k > 0 && c.st.steps >= c.k {
		return context.Canceled
	}
	return nil
}

// extractSteps extracts text's facts as Handle does, its context done
// from step k on (k = 0: never), and says how many steps were taken in
// all.
func extractSteps(text string, k int) (steps int, out Output, err error) {
	doc, err := read.Text(text, read.Limits{})
	if err != nil {
		return 0, Output{}, err
	}
	st := &stopper{}
	st.ctx = &doneAtStep{Context: context.Background(), st: st, k: k}
	out, _, err = extractStopping(st, doc, source{kind: "text"}, Input{Text: text}, Deps{})
	return st.steps, out, err
}
