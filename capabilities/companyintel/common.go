// Package companyintel is the Intelligence group: research_company,
// find_companies and analyze_company_risk, over web search, company
// registers, domain and website checks, threat listings, sanctions lists
// and an optional LLM whose every claim must quote its source verbatim.
// No provider is called until the operator configures it. See
// docs/company-intelligence.md.
package companyintel

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil"
	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// Deps are the ports the three capabilities use.
type Deps struct{ Sources intel.Sources }

// Requirement names (virtual providers resolved by cmd/dalil from the
// configured vendors): web_search is Brave or Tavily; company_data is web
// search or any company register; company_risk_sources is any source
// analyze_company_risk can use.
const (
	ProviderWebSearch   = "web_search"
	ProviderCompanyData = "company_data"
	ProviderRiskSources = "company_risk_sources"
)

// Source is one source an answer rests on.
type Source struct {
	URL        string `json:"url"`
	Title      string `json:"title"`
	Publisher  string `json:"publisher"`
	SourceType string `json:"sourceType" jsonschema:"official_record, established_media, business_database_or_web or forum_social_or_self_reported (the evidence tier)."`
	Tier       int    `json:"tier" schema:"minimum=1,maximum=4"`
	ObservedAt string `json:"observedAt"`
}

// Claim is a fact an LLM extracted, kept only because its quote was found
// verbatim in the source it names.
type Claim struct {
	Field     string `json:"field"`
	Value     string `json:"value"`
	Detail    string `json:"detail,omitempty"`
	Quote     string `json:"quote"`
	SourceURL string `json:"sourceUrl"`
	Tier      int    `json:"tier"`
}

// search runs queries on every configured engine and returns the
// results as evidence items (collapsed, sorted), whether every answer
// came from the cache, the engines that failed (sorted names) and their
// failures (one per engine that failed: an engine stops at its first).
func search(ctx context.Context, src intel.Sources, queries []string, country, ownDomain string, news bool, now time.Time) (items []evidence.Item, cached bool, failed []string, fails []intel.Failure) {
	cached = true
	for _, se := range src.Searchers {
		for _, q := range queries {
			sq := intel.SearchQuery{Text: q, Country: country, Max: 10, News: news}
			rs, hit, err := intel.CachedSearch(ctx, src.Cache, se, sq)
			if err != nil {
				failed = append(failed, se.Name())
				fails = append(fails, intel.Failure{Provider: se.Name(), Err: err})
				cached = false
				break
			}
			cached = cached && hit
			for _, r := range rs {
				items = append(items, intel.ResultItem(r, se.Name(), ownDomain, now))
			}
		}
	}
	items, _ = evidence.Collapse(items)
	slices.Sort(failed)
	return items, cached, slices.Compact(failed), fails
}

// answered names the engines of src that did not fail, as live provider
// sources (an answer's dalil.Basis).
func answered(src intel.Sources, failed []string) []dalil.Source {
	var out []dalil.Source
	for _, se := range src.Searchers {
		if !slices.Contains(failed, se.Name()) {
			out = append(out, dalil.Source{Kind: dalil.SourceLive, Name: se.Name()})
		}
	}
	return out
}

func sources(items []evidence.Item) []Source {
	out := []Source{}
	for _, it := range items {
		out = append(out, Source{URL: it.URL, Title: it.Title, Publisher: cmp.Or(it.Publisher, it.Source), SourceType: it.TierLabel, Tier: it.Tier,
			ObservedAt: cmp.Or(it.PublishedAt, it.RetrievedAt)})
	}
	return out
}

// verified keeps the claims whose quote is in the named document
// (whitespace collapsed, exact otherwise) and whose value's words appear
// in the quote; dropped counts the others.
func verified(claims []intel.Claim, docs []intel.Doc, items []evidence.Item) (kept []Claim, dropped int) {
	for _, c := range claims {
		if c.Doc < 0 || c.Doc >= len(docs) || strings.TrimSpace(c.Quote) == "" || strings.TrimSpace(c.Value) == "" {
			dropped++
			continue
		}
		q := collapse(c.Quote)
		if !strings.Contains(collapse(docs[c.Doc].Text), q) || !valueInQuote(c.Value, q) {
			dropped++
			continue
		}
		kept = append(kept, Claim{Field: c.Field, Value: strings.TrimSpace(c.Value), Detail: strings.TrimSpace(c.Detail), Quote: q,
			SourceURL: docs[c.Doc].URL, Tier: items[c.Doc].Tier})
	}
	slices.SortFunc(kept, func(a, b Claim) int {
		return cmp.Or(cmp.Compare(a.Field, b.Field), cmp.Compare(a.Value, b.Value), cmp.Compare(a.SourceURL, b.SourceURL))
	})
	kept = slices.CompactFunc(kept, func(a, b Claim) bool { return a.Field == b.Field && a.Value == b.Value && a.SourceURL == b.SourceURL })
	return kept, dropped
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// valueInQuote: every word of the value (3+ letters) is in the quote, so a
// model cannot attach an invented value to a real quote. Long values
// (summaries) need half their words.
func valueInQuote(value, quote string) bool {
	q := " " + strings.ToLower(quote) + " "
	var ws []string
	for _, w := range strings.Fields(strings.ToLower(value)) {
		w = strings.Trim(w, ".,;:()\"'")
		if len(w) >= 3 {
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return strings.Contains(q, strings.ToLower(strings.TrimSpace(value)))
	}
	n := 0
	for _, w := range ws {
		if strings.Contains(q, w) {
			n++
		}
	}
	if len(ws) > 6 {
		return n*2 >= len(ws)
	}
	return n == len(ws)
}

func docsOf(items []evidence.Item) []intel.Doc {
	docs := make([]intel.Doc, len(items))
	for i, it := range items {
		docs[i] = intel.Doc{Index: i, URL: it.URL, Title: it.Title, Text: it.Title + "\n" + it.Excerpt}
	}
	return docs
}

func notConfigured(what string) error {
	return dalil.Errorf(dalil.CodeProviderNotConfigured, "This needs %s, which the operator has not configured. No payment was taken.", what)
}

func strconvItoa(i int) string { return strconv.Itoa(i) }
