package companyintel

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// FindInput is find_companies' request (reference fields): at least one
// of query, industry, country, city, keywords.
type FindInput struct {
	Query       string   `json:"query,omitempty" schema:"maxLength=200"`
	Industry    string   `json:"industry,omitempty" schema:"maxLength=120"`
	Country     string   `json:"country,omitempty" schema:"maxLength=60"`
	City        string   `json:"city,omitempty" schema:"maxLength=100"`
	Keywords    []string `json:"keywords,omitempty" schema:"maxItems=10,items.minLength=1,items.maxLength=60"`
	EmployeeMin *int     `json:"employeeMin,omitempty" schema:"minimum=0,maximum=10000000" jsonschema:"Accepted (at most employeeMax) but not used: registers and search results rarely state head counts, so no company is filtered by size; limitations says so when it is given."`
	EmployeeMax *int     `json:"employeeMax,omitempty" schema:"minimum=0,maximum=10000000" jsonschema:"Accepted but not used, as employeeMin."`
	Limit       int      `json:"limit,omitempty" schema:"minimum=1,maximum=100" jsonschema:"Default 20; at most 20 are returned (appliedLimit)."`
}

// Validate: at least one criterion, employeeMin <= employeeMax, a country.
func (in FindInput) Validate() []dalil.Problem {
	var p intel.Problems
	if strings.TrimSpace(in.Query+in.Industry+in.Country+in.City) == "" && len(in.Keywords) == 0 {
		p.Add("", "give at least one of query, industry, country, city or keywords")
	}
	if in.EmployeeMin != nil && in.EmployeeMax != nil && *in.EmployeeMin > *in.EmployeeMax {
		p.Add("employeeMin", "must not exceed employeeMax")
	}
	_, m := intel.CheckCountry(in.Country)
	p.Add("country", m)
	return p
}

// Found is one company found.
type Found struct {
	Name               string  `json:"name"`
	Country            *string `json:"country"`
	City               *string `json:"city"`
	Website            *string `json:"website"`
	Industry           *string `json:"industry"`
	RegistrationNumber *string `json:"registrationNumber"`
	LEI                *string `json:"lei"`
	Status             *string `json:"status"`
	// Source is the register or page the company was found in; Quote the
	// verbatim passage naming it (web results only).
	Source      string  `json:"source"`
	SourceURL   string  `json:"sourceUrl"`
	SourceTier  int     `json:"sourceTier"`
	Quote       *string `json:"quote"`
	MatchReason string  `json:"matchReason"`
}

// FindOutput is find_companies' answer.
type FindOutput struct {
	Companies      []Found  `json:"companies"`
	TotalFound     int      `json:"totalFound"`
	RequestedLimit int      `json:"requestedLimit"`
	AppliedLimit   int      `json:"appliedLimit"`
	DataMode       string   `json:"dataMode" schema:"enum=live|not_configured" jsonschema:"live when a source was asked; not_configured when no configured source could be asked for this request (limitations says which is missing), an answer that is not charged."`
	Sources        []Source `json:"sources"`
	Cached         bool     `json:"cached"`
	Limitations    []string `json:"limitations"`
	// live are the registers and search engines that answered (Basis).
	live []dalil.Source
}

// Find runs find_companies: register name searches (with a query) and,
// with web search and an LLM, companies extracted from search results
// with a verbatim quote. 503 when neither registers nor web search are
// configured; a 200 that is not charged (dataMode not_configured, the
// missing source in limitations) when no configured source can be asked
// for this request (no web search, and no query or no register covering
// the country); intel.SourcesFailed's error when every source asked
// failed and nothing was found.
func Find(ctx context.Context, d Deps, in FindInput, now time.Time) (FindOutput, error) {
	src := d.Sources
	country, _ := intel.CheckCountry(in.Country)
	if len(src.Registries) == 0 && len(src.Searchers) == 0 {
		return FindOutput{}, notConfigured("a company register or a web search provider")
	}
	req := cmp.Or(in.Limit, 20)
	out := FindOutput{RequestedLimit: req, AppliedLimit: min(req, 20), DataMode: "live", Companies: []Found{}, Sources: []Source{}, Cached: true,
		Limitations: []string{"Register searches need a query (a name); industry, city and keywords are matched through web search, and only with an LLM that quotes its source."}}
	if in.EmployeeMin != nil || in.EmployeeMax != nil {
		out.Limitations = append(out.Limitations, "employeeMin and employeeMax were not applied: registers and search results rarely state head counts, so companies are not filtered by size.")
	}
	var found []Found
	// consulted counts the sources asked; fails are those that failed.
	var consulted int
	var fails []intel.Failure
	var asked []string // the kinds of source asked, for the message
	q := strings.TrimSpace(in.Query)
	if q != "" {
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, r := range src.Registries {
			if !r.Covers(country) && !(country == "" && r.Covers("")) {
				continue
			}
			consulted++
			if len(asked) == 0 {
				asked = append(asked, "company register")
			}
			wg.Go(func() {
				recs, hit, err := intel.CachedLookup(ctx, src.Cache, r, intel.RegistryQuery{Name: q, Country: country})
				mu.Lock()
				defer mu.Unlock()
				out.Cached = out.Cached && hit
				if err != nil {
					fails = append(fails, intel.Failure{Provider: r.Name(), Err: err})
					out.Limitations = append(out.Limitations, "Register "+r.Name()+" did not answer.")
					return
				}
				out.live = append(out.live, dalil.Source{Kind: dalil.SourceLive, Name: r.Name(), Items: len(recs)})
				for _, rec := range recs {
					if country != "" && rec.Country != "" && rec.Country != country {
						continue
					}
					if in.City != "" && rec.City != "" && !strings.EqualFold(rec.City, in.City) {
						continue
					}
					found = append(found, Found{Name: rec.Name, Country: strp(rec.Country), City: strp(rec.City), RegistrationNumber: strp(rec.Number),
						LEI: strp(rec.LEI), Status: strp(rec.Status), Industry: strp(rec.Activity), Source: rec.Registry, SourceURL: rec.URL, SourceTier: evidence.TierOfficial,
						MatchReason: "name found in " + rec.Registry})
				}
			})
		}
		wg.Wait()
	}
	if len(src.Searchers) > 0 {
		terms := []string{}
		for _, t := range []string{q, in.Industry, in.City, evidence.CountryName(country)} {
			if t = strings.TrimSpace(t); t != "" {
				terms = append(terms, t)
			}
		}
		terms = append(terms, in.Keywords...)
		text := strings.Join(terms, " ") + " companies"
		items, hit, failed, sfails := search(ctx, src, []string{text}, country, "", false, now)
		consulted += len(src.Searchers)
		asked = append(asked, "web search provider")
		fails = append(fails, sfails...)
		out.Cached = out.Cached && hit
		if len(failed) > 0 {
			out.Limitations = append(out.Limitations, "Search failed on: "+strings.Join(failed, ", ")+".")
		}
		out.Sources = sources(items)
		out.live = append(out.live, answered(src, failed)...)
		if src.LLM == nil {
			out.Limitations = append(out.Limitations, "No LLM is configured: companies are not extracted from search results (the sources are listed).")
		} else if len(items) > 0 {
			docs := docsOf(items)
			claims, hit, err := intel.CachedExtract(ctx, src.Cache, src.LLM, intel.Extraction{Subject: text,
				Task: "List companies matching the criteria that the sources name. Quote the passage that names each company verbatim.", Fields: []string{"company"}, Docs: docs})
			out.Cached = out.Cached && hit
			if err != nil {
				out.Limitations = append(out.Limitations, "The extraction provider failed.")
			}
			kept, dropped := verified(claims, docs, items)
			if dropped > 0 {
				out.Limitations = append(out.Limitations, itoa(dropped)+" extracted companies were dropped because their quote was not found in the source.")
			}
			for _, c := range kept {
				if c.Field != "company" {
					continue
				}
				quote := c.Quote
				found = append(found, Found{Name: c.Value, Country: strp(country), Industry: strp(in.Industry), Source: evidence.Host(c.SourceURL),
					SourceURL: c.SourceURL, SourceTier: c.Tier, Quote: &quote, MatchReason: "named in a search result for the criteria"})
			}
		}
	}
	if consulted == 0 {
		// No source could be asked: no web search, and no register
		// (without a query, or none covering the country). The answer
		// says which source is missing and is not charged (Basis).
		out.DataMode, out.Cached = "not_configured", false
		out.Limitations = append(out.Limitations, noSourceForFind(src.Registries, q, country))
		slices.Sort(out.Limitations)
		return out, nil
	}
	if len(fails) == consulted && len(found) == 0 && len(out.Sources) == 0 {
		// Every source asked (the registers with a query, web search)
		// failed and nothing was found: an empty answer must not be
		// charged.
		return FindOutput{}, intel.SourcesFailed(strings.Join(asked, " and "), fails)
	}
	// One entry per company: register entries first, then by name.
	slices.SortFunc(found, func(a, b Found) int {
		return cmp.Or(cmp.Compare(a.SourceTier, b.SourceTier), cmp.Compare(evidence.NormalizeName(a.Name), evidence.NormalizeName(b.Name)), cmp.Compare(a.SourceURL, b.SourceURL))
	})
	seen := map[string]bool{}
	for _, f := range found {
		k := evidence.NormalizeName(f.Name) + "|" + deref(f.Country) + "|" + deref(f.RegistrationNumber)
		if seen[k] || seen[evidence.NormalizeName(f.Name)+"|"+deref(f.Country)+"|"] {
			continue
		}
		seen[k] = true
		out.Companies = append(out.Companies, f)
	}
	out.TotalFound = len(out.Companies)
	if len(out.Companies) > out.AppliedLimit {
		out.Companies = out.Companies[:out.AppliedLimit]
	}
	slices.Sort(out.Limitations)
	return out, nil
}

// NoSourceReason is meta.notChargedReason of a find_companies or
// analyze_company_risk answer for which no configured source could be
// asked (dataMode not_configured).
const NoSourceReason = "no_applicable_source"

// Basis is what the answer rests on: the registers and search engines
// that answered (live providers). An answer for which no source could be
// asked (dataMode not_configured) is Unanswered (no_applicable_source):
// sent, and not charged.
func (o FindOutput) Basis() dalil.Basis {
	b := dalil.Basis{Sources: append([]dalil.Source{}, o.live...)}
	slices.SortFunc(b.Sources, func(a, c dalil.Source) int { return cmp.Compare(a.Name, c.Name) })
	if o.DataMode == "not_configured" {
		b.Unanswered = NoSourceReason
	}
	return b
}

// noSourceForFind says why no source could be asked and what would
// answer: with no web search, registers are the only source, and they
// are searched by name (query) in a country they cover.
func noSourceForFind(regs []intel.Registry, q, country string) string {
	names := make([]string, 0, len(regs))
	for _, r := range regs {
		names = append(names, r.Name())
	}
	slices.Sort(names)
	const head = "No source could be asked, so nothing was charged: "
	const search = "no web search provider is configured (it would search by industry, city and keywords)."
	switch {
	case q == "":
		return head + "company registers are searched by name only (give query, the company's name), and " + search
	case country == "":
		return head + "no configured company register (" + strings.Join(names, ", ") + ") covers every country (give country), and " + search
	}
	return head + "no configured company register (" + strings.Join(names, ", ") + ") covers country " + country + ", and " + search
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// FindEntry declares find_companies (USD 0.05).
func FindEntry(d Deps) capability.Entry {
	return capability.Define("find_companies", capability.Options{
		Group:   "Intelligence",
		Title:   "Find companies",
		Summary: "Companies matching a name, industry, place or keywords, from company registers and from web sources that name them.",
		Description: "Register searches by name (with query) give official entries; web search with an LLM gives companies each named in a verbatim quote " +
			"of a source. At most 20 are returned (requestedLimit, appliedLimit). Needs a register or web search; otherwise 503 PROVIDER_NOT_CONFIGURED, not charged. " +
			"When no configured source can be asked for the request (no web search, and no query or no register covering the country) it answers 200 with no company, " +
			"dataMode not_configured and the missing source in limitations, not charged (meta.notChargedReason " + NoSourceReason + "). " +
			"When every source asked (web search, and the registers when a query is given) fails and nothing was found it answers 429 RATE_LIMITED, " +
			"503 PROVIDER_UNAVAILABLE or 504 PROVIDER_TIMEOUT, not charged.",
		WhenToUse: "When an agent needs candidate companies (suppliers, competitors, partners) to research further.",
		Path:      "/api/v1/intelligence/find-companies",
		Price:     50_000, // USD 0.05
		ReadOnly:  true, Idempotent: true, OpenWorld: true,
		Requires: []capability.Requirement{capability.NeedsProvider(ProviderCompanyData)},
		Example:  FindInput{Query: "Acme Trading", Country: "GB", Limit: 5},
	}, func(ctx context.Context, in FindInput) (FindOutput, error) {
		return Find(ctx, d, in, capability.CallFrom(ctx).Now)
	})
}
