package intel

import (
	"dalil"
	"dalil/internal/evidence"
)

// BasisOf is what an answer gathered from providers and items rests on
// (dalil.Basis): each provider used or answered from the evidence cache
// is a live provider, except the sanctions lists, which are a dataset, or
// synthetic when every list screened is made-up demo data, and an LLM,
// which only extracts from the other sources (a computation); the items
// the caller supplied are caller-supplied evidence. Sanctions lists all
// past their age limit (status stale) are a Stale source: named, no
// evidence. Providers not configured, skipped or failed are no source.
func BasisOf(providers []ProviderUse, items []evidence.Item) dalil.Basis {
	b := dalil.Basis{Sources: []dalil.Source{}}
	for _, p := range providers {
		if p.Kind == "sanctions" && p.Status == "stale" {
			// Lists past their age limit: named, and no evidence.
			kind := dalil.SourceDataset
			if p.Synthetic {
				kind = dalil.SourceSynthetic
			}
			b.Sources = append(b.Sources, dalil.Source{Kind: kind, Name: p.Provider, Stale: true})
			continue
		}
		if p.Status != "used" && p.Status != "cached" {
			continue
		}
		s := dalil.Source{Kind: dalil.SourceLive, Name: p.Provider}
		switch {
		case p.Kind == "sanctions" && p.Synthetic:
			s.Kind = dalil.SourceSynthetic
		case p.Kind == "sanctions":
			s.Kind = dalil.SourceDataset
		case p.Kind == "llm":
			s.Kind = dalil.SourceComputation
		}
		for _, it := range items {
			if !it.CallerSupplied && it.Source == p.Provider {
				s.Items++
			}
		}
		b.Sources = append(b.Sources, s)
	}
	supplied := 0
	for _, it := range items {
		if it.CallerSupplied {
			supplied++
		}
	}
	if supplied > 0 {
		b.Sources = append(b.Sources, dalil.Source{Kind: dalil.SourceCaller, Name: "the evidence items supplied", Items: supplied})
	}
	return b
}
