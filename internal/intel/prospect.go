package intel

import (
	"slices"
	"strings"
)

// ListsSynthetic may be implemented by a Sanctions port: SyntheticOnly
// reports whether every list imported is made-up demo data (serve
// --demo), so that a preview can say a screening would be no evidence
// without screening.
type ListsSynthetic interface {
	SyntheticOnly() bool
}

// SanctionsSynthetic reports whether sanctions screening is on and every
// list it would screen is synthetic demo data.
func (s Sources) SanctionsSynthetic() bool {
	if !s.SanctionsOn() {
		return false
	}
	l, ok := s.Sanctions.(ListsSynthetic)
	return ok && l.SyntheticOnly()
}

// Prospect is what a free preview can honestly say about a paid company
// check for one input, without calling any provider: the provider
// answers already in the evidence cache for this company (what exists),
// the sources the paid call would ask (configuration, not evidence),
// whether synthetic data is all that would answer, and whether the paid
// call would be charged.
type Prospect struct {
	// CachedLookups counts provider answers in the evidence cache whose
	// query names this company; CachedCategories are their evidence
	// categories (registry, search, news, website, domain, threat,
	// sanctions, llm).
	CachedLookups    int      `json:"cachedLookups" schema:"minimum=0" jsonschema:"Provider answers about this company already in the evidence cache (a re-run within their lifetime makes no outbound call); 0 says nothing either way."`
	CachedCategories []string `json:"cachedCategories"`
	// SourcesToAsk are the kinds of source the paid call would ask that
	// give real evidence; none of them was asked for the preview.
	SourcesToAsk []string `json:"sourcesToAsk" jsonschema:"Kinds of source the paid call would ask (registry, web_search, sanctions, domain, website, threat_listing, llm); configuration only, not evidence: none was asked for this preview."`
	// RegistriesCovering counts the registers that cover the country.
	RegistriesCovering int `json:"registriesCovering" schema:"minimum=0"`
	// SanctionsLists is real, synthetic_only (made-up demo lists) or
	// none.
	SanctionsLists string `json:"sanctionsLists" schema:"enum=real|synthetic_only|none"`
	// SyntheticOnly: synthetic demo data is all that would answer.
	SyntheticOnly bool `json:"syntheticOnly" jsonschema:"True when synthetic demo data is all that would answer the paid call: it would not be charged."`
	// WouldBeCharged is false when the paid call could rest on no
	// evidence (nothing configured, or synthetic data only): it would be
	// answered and not charged. True means it is charged if the paid call
	// finds the company and evidence from the sources to ask.
	WouldBeCharged bool `json:"wouldBeCharged" jsonschema:"False: the paid call would not be charged (no source of real evidence). True: it is charged if it finds evidence from the sources to ask, which only the paid call can tell."`
	// Statement says it in words.
	Statement string `json:"statement"`
}

// Mentions counts the live entries of the cache whose query names name
// (case-insensitive), by category. It reads keys only.
func (c *Cache) Mentions(name string) map[string]int {
	out := map[string]int{}
	name = strings.ToLower(strings.TrimSpace(name))
	if c == nil || len([]rune(name)) < 2 {
		return out
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	for k, e := range c.entries {
		if !now.Before(e.expires) {
			continue
		}
		category, rest, _ := strings.Cut(k, "\x00")
		_, key, _ := strings.Cut(rest, "\x00")
		if strings.Contains(strings.ToLower(key), name) {
			out[category]++
		}
	}
	return out
}

// Prospect reports what a preview may say for a company name in country
// (ISO-2, "" unknown), for a paid call that would ask the source kinds
// in kinds (those of Kinds, plus "llm"); a kind not configured is left
// out. Coverage is the share of those kinds that already have a cached
// answer for this company: 0 when nothing is known yet, never a figure
// from configuration alone.
func (s Sources) Prospect(name, country string, kinds []string) (Prospect, float64) {
	p := Prospect{CachedCategories: []string{}, SourcesToAsk: []string{}, SanctionsLists: "none"}
	on, _ := s.Kinds()
	if s.LLM != nil {
		on = append(on, "llm")
	}
	synthetic := s.SanctionsSynthetic()
	switch {
	case synthetic:
		p.SanctionsLists = "synthetic_only"
	case s.SanctionsOn():
		p.SanctionsLists = "real"
	}
	for _, k := range kinds {
		if slices.Contains(on, k) && !(k == "sanctions" && synthetic) {
			p.SourcesToAsk = append(p.SourcesToAsk, k)
		}
	}
	for _, r := range s.Registries {
		if r.Covers(country) {
			p.RegistriesCovering++
		}
	}
	// The categories each kind caches under.
	categories := map[string][]string{"registry": {"registry"}, "web_search": {"search", "news", "review"}, "sanctions": {"sanctions"},
		"domain": {"domain"}, "website": {"website"}, "threat_listing": {"threat"}, "llm": {"llm"}}
	mentions := s.Cache.Mentions(name)
	covered := 0
	for _, k := range p.SourcesToAsk {
		hit := false
		for _, c := range categories[k] {
			if n := mentions[c]; n > 0 {
				p.CachedLookups += n
				p.CachedCategories = append(p.CachedCategories, c)
				hit = true
			}
		}
		if hit {
			covered++
		}
	}
	evidence := slices.ContainsFunc(p.SourcesToAsk, func(k string) bool { return k != "llm" })
	p.SyntheticOnly = !evidence && synthetic && slices.Contains(kinds, "sanctions")
	p.WouldBeCharged = evidence
	switch {
	case p.SyntheticOnly:
		p.Statement = "Only synthetic demo data (a made-up sanctions list) would answer the paid call: it would be answered and not charged, and would say nothing about the real company."
	case !evidence:
		p.Statement = "No source of real evidence is configured for this call on this server: the paid call would be answered and not charged."
	case p.CachedLookups > 0:
		p.Statement = "Some provider answers about this company are already cached; what the paid call finds, and whether it is charged, only the paid call can tell."
	default:
		p.Statement = "Nothing about this company is known on this server yet; whether the paid call finds it and evidence about it (and so is charged) cannot be told without the paid call. No provider was asked for this preview."
	}
	coverage := 0.0
	if len(p.SourcesToAsk) > 0 {
		coverage = float64(covered) / float64(len(p.SourcesToAsk))
	}
	return p, coverage
}
