package dalil

import (
	"slices"
	"time"
)

// SourceKind is what kind of thing an answer rests on.
type SourceKind string

// The kinds of source. Only live providers, real imported datasets and
// what the caller supplied are evidence; a computation is evidence of
// nothing by itself (it turns evidence into an answer), and synthetic demo
// data is never evidence.
const (
	// SourceLive is a provider asked during this call (a web search, a
	// register, a telephony carrier).
	SourceLive SourceKind = "live_provider"
	// SourceDataset is data the operator imported: named with its
	// dataset, source, batch and retrieval date.
	SourceDataset SourceKind = "dataset"
	// SourceSynthetic is made-up demo data (serve --demo): never evidence.
	SourceSynthetic SourceKind = "synthetic"
	// SourceCaller is what the caller supplied as evidence: the figures
	// of a calculation, a document, comparables, evidence items. (The
	// name a caller asks about is a query, not evidence.)
	SourceCaller SourceKind = "caller_supplied"
	// SourceComputation is a rule or formula applied to the other sources.
	SourceComputation SourceKind = "computation"
)

// Source is one thing an answer rests on.
type Source struct {
	Kind SourceKind `json:"kind"`
	// Name says what it is: a provider ("brave_search"), a list or file
	// ("ofac-sdn"), "the property figures given", "the yield formula".
	Name string `json:"name"`
	// Dataset, Batch and RetrievedAt identify imported data: the dataset
	// ("comparables"), the import batch, and when the operator obtained
	// the file (or a provider answered).
	Dataset     string    `json:"dataset,omitempty"`
	Batch       string    `json:"batch,omitempty"`
	RetrievedAt time.Time `json:"retrievedAt,omitzero"`
	// Items counts what was used from it (rows, results, comparables).
	Items int `json:"items,omitempty"`
	// Stale marks a source past the age its use allows (a sanctions list
	// past its hard limit): it is listed, and is not evidence.
	Stale bool `json:"stale,omitempty"`
}

// Evidence reports whether the source counts as evidence: a live
// provider, a real imported dataset or what the caller supplied, and not
// stale.
func (s Source) Evidence() bool {
	return !s.Stale && (s.Kind == SourceLive || s.Kind == SourceDataset || s.Kind == SourceCaller)
}

// Basis is everything an answer rests on.
type Basis struct {
	Sources []Source `json:"sources"`
	// Unanswered, when set, is why the capability found too little to
	// answer (insufficient_comparables, no_facts_found, ...): the answer is
	// sent and not charged, whatever the sources.
	Unanswered string `json:"unanswered,omitempty"`
}

// Add appends sources and returns the basis.
func (b Basis) Add(s ...Source) Basis {
	b.Sources = append(slices.Clip(b.Sources), s...)
	return b
}

// Supports reports whether any source named one of names is evidence: a
// claim (such as "no sanctions match") is made only when the sources it
// needs are real and current.
func (b Basis) Supports(names ...string) bool {
	for _, s := range b.Sources {
		if s.Evidence() && slices.Contains(names, s.Name) {
			return true
		}
	}
	return false
}

// Reasons an answer is not charged (meta.notChargedReason) when its basis
// holds no evidence.
const (
	NotChargedSyntheticOnly = "synthetic_data_only"
	NotChargedStaleOnly     = "stale_evidence_only"
	NotChargedNoEvidence    = "no_evidence"
)

// DecideEvidence is the one rule that says whether an answer is charged,
// from what it rests on alone:
//
//   - an answer the capability marked Unanswered is not charged (its
//     reason);
//   - an answer with at least one source that is evidence (a live
//     provider, a real dataset, what the caller supplied; none stale) is
//     charged;
//   - otherwise it is not: synthetic_data_only when synthetic demo data is
//     all it has, stale_evidence_only when only sources past their age,
//     no_evidence when nothing (a computation over nothing included).
//
// It returns whether to charge and, when not, why. It reads nothing but
// its argument, on every rail alike.
func DecideEvidence(b Basis) (charge bool, reason string) {
	if b.Unanswered != "" {
		return false, b.Unanswered
	}
	synthetic, stale := false, false
	for _, s := range b.Sources {
		if s.Evidence() {
			return true, ""
		}
		synthetic = synthetic || s.Kind == SourceSynthetic
		stale = stale || s.Stale
	}
	switch {
	case synthetic:
		return false, NotChargedSyntheticOnly
	case stale:
		return false, NotChargedStaleOnly
	}
	return false, NotChargedNoEvidence
}
