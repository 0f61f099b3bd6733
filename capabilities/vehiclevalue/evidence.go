package vehiclevalue

import (
	"time"

	"dalil"
)

// Basis implements capability.Evidenced. The estimate rests on:
//
//   - each import batch of the listings used (datasets): a dataset
//     source, or synthetic for a demo batch, which is no evidence;
//     listings shown whose batch has no provenance on record (no datasets
//     listed) are counted by their own synthetic flag;
//   - each market-data provider that answered with listings, when the
//     comparables used include some beyond the datasets and the caller's:
//     a live provider; and the provider's own prediction, when shown;
//   - the comparables the caller supplied (callerSuppliedCount);
//   - the valuation method.
//
// So an estimate on synthetic listings only is not charged
// (synthetic_data_only); one with the caller's comparables or a live
// provider is. insufficient_market_data is Unanswered.
func (o Output) Basis() dalil.Basis {
	var b dalil.Basis
	accounted := o.MarketStats.CallerSuppliedCount
	for _, d := range o.Datasets {
		s := dalil.Source{Kind: dalil.SourceDataset, Name: d.Source, Dataset: "vehicle_listings", Batch: d.Batch, Items: d.Used}
		if d.Synthetic {
			s.Kind = dalil.SourceSynthetic
		}
		if t, err := time.Parse(time.DateOnly, d.RetrievedAt); err == nil {
			s.RetrievedAt = t
		}
		b = b.Add(s)
		accounted += d.Used
	}
	if len(o.Datasets) == 0 {
		real, synthetic := 0, 0
		for _, c := range o.MarketComparables {
			if c.Source != "dataset" {
				continue
			}
			if c.Synthetic {
				synthetic++
			} else {
				real++
			}
		}
		if real > 0 {
			b = b.Add(dalil.Source{Kind: dalil.SourceDataset, Name: "listings", Dataset: "vehicle_listings", Items: real})
		}
		if synthetic > 0 {
			b = b.Add(dalil.Source{Kind: dalil.SourceSynthetic, Name: "listings", Dataset: "vehicle_listings", Items: synthetic})
		}
		accounted += real + synthetic
	}
	if rest := o.MarketStats.ComparableCount - accounted; rest > 0 {
		var live []string
		for _, sc := range o.MarketCoverage.Sources {
			if sc.Kind == "provider" && sc.Status == "ok" && sc.ListingsFound > 0 {
				live = append(live, sc.Source)
			}
		}
		for _, name := range live {
			s := dalil.Source{Kind: dalil.SourceLive, Name: name}
			if len(live) == 1 {
				s.Items = rest
			}
			b = b.Add(s)
		}
	}
	if p := o.ProviderPrediction; p != nil {
		b = b.Add(dalil.Source{Kind: dalil.SourceLive, Name: p.Source, Items: 1})
	}
	if n := o.MarketStats.CallerSuppliedCount; n > 0 {
		b = b.Add(dalil.Source{Kind: dalil.SourceCaller, Name: "the comparables given", Items: n})
	}
	b = b.Add(dalil.Source{Kind: dalil.SourceComputation, Name: "the vehicle valuation method"})
	if o.Status == StatusInsufficient {
		b.Unanswered = o.insufficientReason()
	}
	return b
}
