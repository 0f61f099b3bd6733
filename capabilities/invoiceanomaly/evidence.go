package invoiceanomaly

import "dalil"

// Basis implements capability.Evidenced: the check rests on the invoice
// the caller gave (and each piece of context given with it) and the
// checks applied; when fingerprints remembered for the account were
// compared with, they are listed too, as the account's own stored data.
// The invoice given is evidence, so a check is charged.
func (o Output) Basis() dalil.Basis {
	b := dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceCaller, Name: "the invoice given", Items: 1}}}
	for _, c := range o.ContextUsed {
		if c == "rememberedFingerprints" {
			continue
		}
		b = b.Add(dalil.Source{Kind: dalil.SourceCaller, Name: c + " given"})
	}
	if r := o.Remembered; r != nil && r.Recalled > 0 {
		b = b.Add(dalil.Source{Kind: dalil.SourceDataset, Name: "remembered invoice fingerprints", Dataset: "invoice_fingerprints", Items: r.Recalled})
	}
	return b.Add(dalil.Source{Kind: dalil.SourceComputation, Name: "the invoice anomaly checks"})
}
