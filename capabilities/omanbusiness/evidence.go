package omanbusiness

import (
	"time"

	"dalil"
)

// RecordSources are company records as the sources an answer rests on:
// one per source and import batch, a dataset ("companies") or synthetic
// when the records are demo data, with the newest observation among them
// and how many records were used. Order follows the records.
func RecordSources(records []Record) []dalil.Source {
	var out []dalil.Source
	at := map[[2]string]int{}
	for _, r := range records {
		kind := dalil.SourceDataset
		if r.Synthetic {
			kind = dalil.SourceSynthetic
		}
		k := [2]string{string(kind) + "\x00" + r.Source, r.Batch}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, dalil.Source{Kind: kind, Name: r.Source, Dataset: Dataset, Batch: r.Batch})
		}
		out[i].Items++
		if r.ObservedAt.After(out[i].RetrievedAt) {
			out[i].RetrievedAt = r.ObservedAt
		}
	}
	return out
}

// recordBasis is what an answer about one company rests on: its records
// as listed in the answer's sources, one source per source name and
// import batch (synthetic demo records as synthetic data).
func recordBasis(srcs []Source) dalil.Basis {
	records := make([]Record, 0, len(srcs))
	for _, s := range srcs {
		at, _ := time.Parse(time.RFC3339, s.ObservedAt)
		records = append(records, Record{Source: s.SourceName, Batch: s.Batch, Synthetic: s.Synthetic, ObservedAt: at})
	}
	return dalil.Basis{Sources: RecordSources(records)}
}

// Basis: the company's records.
func (o ProfileOutput) Basis() dalil.Basis { return recordBasis(o.Sources) }

// Basis: the company's records.
func (o AnalyzeOutput) Basis() dalil.Basis { return recordBasis(o.Sources) }

// Basis: the company's records and, for a company with real records, the
// sanctions lists screened and the website fetched (diligenceBasis).
func (o DueDiligenceOutput) Basis() dalil.Basis { return diligenceBasis(o) }

// Basis is the company records the search returned as matches (at or
// above MatchThreshold): real companies as the dataset, companies known
// only from demo data as synthetic. Possible matches (below the
// threshold) are not results and are no basis. A search with no match at
// the threshold is Unanswered (no_matching_company): sent, possible
// matches and all, and not charged.
func (o SearchOutput) Basis() dalil.Basis {
	var b dalil.Basis
	nReal, demo := 0, 0
	for _, m := range o.Matches {
		if m.Synthetic {
			demo++
		} else {
			nReal++
		}
	}
	if nReal > 0 {
		b = b.Add(dalil.Source{Kind: dalil.SourceDataset, Name: "company records", Dataset: Dataset, Items: nReal})
	}
	if demo > 0 {
		b = b.Add(dalil.Source{Kind: dalil.SourceSynthetic, Name: "demo company records", Dataset: Dataset, Items: demo})
	}
	if o.TotalMatches == 0 {
		b.Unanswered = "no_matching_company"
	}
	return b
}
