package property

import "dalil"

// Basis implements capability.Evidenced: the answer rests on the figures
// the caller gave and the yield formulas applied to them, so it is
// charged.
func (m Metrics) Basis() dalil.Basis {
	return dalil.Basis{Sources: []dalil.Source{
		{Kind: dalil.SourceCaller, Name: "the property figures given", Items: 1},
		{Kind: dalil.SourceComputation, Name: "the yield formulas"},
	}}
}

// Basis implements capability.Evidenced: the figures given for each
// property and the yield formulas applied to them. With no property there
// is nothing given, and nothing to charge for.
func (o CompareOutput) Basis() dalil.Basis {
	var b dalil.Basis
	if len(o.Properties) > 0 {
		b = b.Add(dalil.Source{Kind: dalil.SourceCaller, Name: "the property figures given", Items: len(o.Properties)})
	}
	return b.Add(dalil.Source{Kind: dalil.SourceComputation, Name: "the yield formulas"})
}
