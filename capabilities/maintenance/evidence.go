package maintenance

import "dalil"

// Basis implements capability.Evidenced: the estimate rests on the
// property figures the caller gave and the reserve heuristic applied to
// them, so it is charged.
func (o Output) Basis() dalil.Basis {
	return dalil.Basis{Sources: []dalil.Source{
		{Kind: dalil.SourceCaller, Name: "the property figures given", Items: 1},
		{Kind: dalil.SourceComputation, Name: "the maintenance reserve heuristic"},
	}}
}
