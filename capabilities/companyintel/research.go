package companyintel

import (
	"context"
	"math"
	"slices"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// ResearchInput is research_company's request (reference fields).
type ResearchInput struct {
	Company    string   `json:"company" schema:"minLength=1,maxLength=200"`
	Website    string   `json:"website,omitempty" schema:"maxLength=2048"`
	Country    string   `json:"country,omitempty" schema:"maxLength=60"`
	Depth      string   `json:"depth,omitempty" schema:"enum=quick|standard|deep" jsonschema:"quick, standard (default) or deep: 1, 3 or 6 searches per engine."`
	FocusAreas []string `json:"focusAreas,omitempty" schema:"maxItems=9,items.enum=overview|products|leadership|funding|competitors|technology|recent_news|market_position|risks"`
}

// Validate checks the country and website.
func (in ResearchInput) Validate() []dalil.Problem {
	var p intel.Problems
	p.Add("company", intel.CheckName(in.Company))
	_, m := intel.CheckCountry(in.Country)
	p.Add("country", m)
	_, _, m = intel.ParseWebsite(in.Website)
	p.Add("website", m)
	return p
}

// Person is a leader named in a source.
type Person struct {
	Name      string `json:"name"`
	Title     string `json:"title"`
	Quote     string `json:"quote"`
	SourceURL string `json:"sourceUrl"`
}

// Competitor is a competitor named in a source.
type Competitor struct {
	Name      string `json:"name"`
	Reason    string `json:"reason"`
	Quote     string `json:"quote"`
	SourceURL string `json:"sourceUrl"`
}

// Funding is what sources say about funding.
type Funding struct {
	Summary     *string  `json:"summary"`
	KnownRounds []string `json:"knownRounds"`
}

// ResearchCompany is the company block.
type ResearchCompany struct {
	Name         string  `json:"name"`
	Website      *string `json:"website"`
	Industry     *string `json:"industry"`
	Headquarters *string `json:"headquarters"`
	Founded      *string `json:"founded"`
}

// RiskNote is a risk signal found in a source, with its legal stage.
type RiskNote struct {
	Description string `json:"description"`
	LegalStage  string `json:"legalStage"`
	SourceURL   string `json:"sourceUrl"`
	Tier        int    `json:"tier"`
}

// Freshness is dataFreshness.
type Freshness struct {
	LatestSourceDate *string `json:"latestSourceDate"`
	FreshnessDays    *int    `json:"freshnessDays"`
}

// ResearchOutput is research_company's answer (reference field names);
// claims lists every synthesised fact with its verbatim quote.
type ResearchOutput struct {
	Company             ResearchCompany `json:"company"`
	Overview            *string         `json:"overview"`
	ProductsAndServices []string        `json:"productsAndServices"`
	Leadership          []Person        `json:"leadership"`
	Funding             Funding         `json:"funding"`
	Competitors         []Competitor    `json:"competitors"`
	TechnologySignals   []string        `json:"technologySignals"`
	RecentDevelopments  []string        `json:"recentDevelopments"`
	RiskFlags           []RiskNote      `json:"riskFlags"`
	Sources             []Source        `json:"sources"`
	Claims              []Claim         `json:"claims"`
	Confidence          float64         `json:"confidence" schema:"minimum=0,maximum=1"`
	DataFreshness       Freshness       `json:"dataFreshness"`
	Cached              bool            `json:"cached"`
	DataMode            string          `json:"dataMode" schema:"enum=live|not_configured"`
	Limitations         []string        `json:"limitations"`
	// live are the search engines that answered (Basis).
	live []dalil.Source
}

// NothingFoundReason is meta.notChargedReason of a research_company
// answer that found no source about the company.
const NothingFoundReason = "no_sources_found"

// Basis is what the answer rests on: the search engines that answered
// (live providers). An answer that found no source about the company is
// Unanswered (no_sources_found): sent, and not charged.
func (o ResearchOutput) Basis() dalil.Basis {
	b := dalil.Basis{Sources: append([]dalil.Source{}, o.live...)}
	if len(o.Sources) == 0 {
		b.Unanswered = NothingFoundReason
	}
	return b
}

// focusQueries are the search words per focus area.
var focusQueries = map[string]string{"overview": "company profile", "products": "products services", "leadership": "CEO founder leadership",
	"funding": "funding investors", "competitors": "competitors", "technology": "technology platform", "recent_news": "news",
	"market_position": "market share", "risks": "lawsuit OR fine OR investigation"}

var focusOrder = []string{"overview", "products", "leadership", "funding", "competitors", "technology", "recent_news", "market_position", "risks"}

// Research runs research_company at now: searches (1, 3 or 6 per engine
// by depth), then, with an LLM configured, extraction of the fields whose
// every claim quotes its source. 503 PROVIDER_NOT_CONFIGURED without web
// search.
func Research(ctx context.Context, d Deps, in ResearchInput, now time.Time) (ResearchOutput, error) {
	src := d.Sources
	if len(src.Searchers) == 0 {
		return ResearchOutput{}, notConfigured("a web search provider (Brave or Tavily)")
	}
	name := strings.TrimSpace(in.Company)
	country, _ := intel.CheckCountry(in.Country)
	site, host, _ := intel.ParseWebsite(in.Website)
	n := map[string]int{"quick": 1, "standard": 3, "deep": 6}[in.Depth]
	if n == 0 {
		n = 3
	}
	focus := slices.Clone(in.FocusAreas)
	if len(focus) == 0 {
		focus = focusOrder
	}
	slices.SortFunc(focus, func(a, b string) int { return slices.Index(focusOrder, a) - slices.Index(focusOrder, b) })
	focus = slices.Compact(focus)
	place := evidence.CountryName(country)
	queries := []string{strings.TrimSpace(`"` + name + `" ` + place)}
	for _, f := range focus {
		if len(queries) >= n {
			break
		}
		queries = append(queries, `"`+name+`" `+focusQueries[f])
	}
	items, cachedAll, failed, fails := search(ctx, src, queries, country, host, false, now)
	if len(items) == 0 && len(fails) == len(src.Searchers) {
		// Web search is research_company's only source: with every engine
		// failed there is nothing to answer, and an empty answer must not
		// be charged.
		return ResearchOutput{}, intel.SourcesFailed("web search provider", fails)
	}
	items, excluded := evidence.SplitByEntity(items, []string{name}, country)
	evidence.ApplyDecay(items, now)
	out := ResearchOutput{Company: ResearchCompany{Name: name, Website: strp(site)}, DataMode: "live", Sources: sources(items), Cached: cachedAll,
		ProductsAndServices: []string{}, Leadership: []Person{}, Competitors: []Competitor{}, TechnologySignals: []string{}, RecentDevelopments: []string{},
		RiskFlags: []RiskNote{}, Claims: []Claim{}, Funding: Funding{KnownRounds: []string{}}, live: answered(src, failed), Limitations: []string{
			"Facts come only from the sources listed; an LLM, when configured, may only extract facts it quotes verbatim from them, and unquoted claims are dropped."}}
	if len(failed) > 0 {
		out.Limitations = append(out.Limitations, "Search failed on: "+strings.Join(failed, ", ")+".")
	}
	if len(excluded) > 0 {
		out.Limitations = append(out.Limitations, itoa(len(excluded))+" results were set aside as possibly about another company (another country, or the name not found).")
	}
	for _, it := range items {
		if it.LegalStage != "" {
			out.RiskFlags = append(out.RiskFlags, RiskNote{Description: it.Title, LegalStage: it.LegalStage, SourceURL: it.URL, Tier: it.Tier})
		}
		if it.PublishedAt != "" && (it.Category == evidence.CatNews) {
			out.RecentDevelopments = append(out.RecentDevelopments, it.PublishedAt[:10]+": "+it.Title+" ("+it.URL+")")
		}
	}
	slices.Sort(out.RecentDevelopments)
	slices.Reverse(out.RecentDevelopments)
	synth := false
	if src.LLM != nil && len(items) > 0 {
		docs := docsOf(items)
		x := intel.Extraction{Subject: name, Task: "Extract facts about the company. Quote the source text verbatim for every fact.",
			Fields: []string{"overview", "industry", "headquarters", "founded", "product", "leader", "funding", "competitor", "technology"}, Docs: docs}
		claims, hit, err := intel.CachedExtract(ctx, src.Cache, src.LLM, x)
		out.Cached = out.Cached && hit
		if err != nil {
			out.Limitations = append(out.Limitations, "The synthesis provider failed; only the sources are listed.")
		} else {
			kept, dropped := verified(claims, docs, items)
			if dropped > 0 {
				out.Limitations = append(out.Limitations, itoa(dropped)+" extracted claims were dropped because their quote was not found in the source.")
			}
			out.Claims = kept
			synth = len(kept) > 0
			apply(&out, kept)
		}
	} else if src.LLM == nil {
		out.Limitations = append(out.Limitations, "No synthesis provider is configured: overview, leadership and the other extracted fields are empty; the sources are listed.")
	}
	// Confidence: min(0.9, 0.15 + min(0.35, 0.05 x sources) + 0.3 when synthesis found quoted facts).
	c := 0.15 + math.Min(0.35, 0.05*float64(len(items)))
	if synth {
		c += 0.3
	}
	if len(items) == 0 {
		c = 0
	}
	out.Confidence = math.Round(math.Min(0.9, c)*100) / 100
	latest := ""
	for _, it := range items {
		if it.PublishedAt > latest {
			latest = it.PublishedAt
		}
	}
	if latest != "" {
		out.DataFreshness.LatestSourceDate = strp(latest[:10])
		if t, err := time.Parse(time.RFC3339, latest); err == nil {
			days := int(now.Sub(t).Hours() / 24)
			out.DataFreshness.FreshnessDays = &days
		}
	}
	return out, nil
}

// apply fills the reference fields from verified claims.
func apply(out *ResearchOutput, claims []Claim) {
	var overview []string
	for _, c := range claims {
		switch c.Field {
		case "overview":
			overview = append(overview, c.Value)
		case "industry":
			if out.Company.Industry == nil {
				out.Company.Industry = strp(c.Value)
			}
		case "headquarters":
			if out.Company.Headquarters == nil {
				out.Company.Headquarters = strp(c.Value)
			}
		case "founded":
			if out.Company.Founded == nil {
				out.Company.Founded = strp(c.Value)
			}
		case "product":
			out.ProductsAndServices = append(out.ProductsAndServices, c.Value)
		case "leader":
			out.Leadership = append(out.Leadership, Person{Name: c.Value, Title: c.Detail, Quote: c.Quote, SourceURL: c.SourceURL})
		case "funding":
			out.Funding.KnownRounds = append(out.Funding.KnownRounds, c.Value)
		case "competitor":
			out.Competitors = append(out.Competitors, Competitor{Name: c.Value, Reason: c.Detail, Quote: c.Quote, SourceURL: c.SourceURL})
		case "technology":
			out.TechnologySignals = append(out.TechnologySignals, c.Value)
		}
	}
	if len(overview) > 0 {
		out.Overview = strp(strings.Join(overview, " "))
	}
	if len(out.Funding.KnownRounds) > 0 {
		out.Funding.Summary = strp(itoa(len(out.Funding.KnownRounds)) + " funding facts quoted from sources.")
	}
}

// ResearchEntry declares research_company (USD 0.15).
func ResearchEntry(d Deps) capability.Entry {
	return capability.Define("research_company", capability.Options{
		Group:   "Intelligence",
		Title:   "Research a company",
		Summary: "A sourced profile of a company from public web sources: overview, products, leadership, funding, competitors, technology, recent developments and risk signals.",
		Description: "Searches the web (1, 3 or 6 searches per engine for quick, standard, deep) and, when an LLM is configured, extracts facts " +
			"that each quote a source verbatim; a claim whose quote is not in its source is dropped. Every fact links to its source. " +
			"Needs a web search provider; without one the call answers 503 PROVIDER_NOT_CONFIGURED and is not charged. When every search engine fails and nothing was found " +
			"it answers 429 RATE_LIMITED, 503 PROVIDER_UNAVAILABLE or 504 PROVIDER_TIMEOUT, not charged.",
		WhenToUse: "When an agent needs to know what a company does, who runs it and what has happened to it recently, with sources.",
		Path:      "/api/v1/intelligence/research-company",
		Price:     150_000, // USD 0.15
		ReadOnly:  true, Idempotent: true, OpenWorld: true,
		Requires:    []capability.Requirement{capability.NeedsProvider(ProviderWebSearch)},
		Example:     ResearchInput{Company: "Acme Trading Ltd", Country: "GB", Depth: "quick"},
		Limitations: []string{"Only public web sources; facts are as current as the sources.", "Without an LLM only the sources and dated headlines are returned."},
		Preview:     capability.PreviewOf(capability.LeakageLow, researchPreview(d)),
	}, func(ctx context.Context, in ResearchInput) (ResearchOutput, error) {
		return Research(ctx, d, in, capability.CallFrom(ctx).Now)
	})
}

// ResearchPreviewSignals say what the paid call would do (searches per
// engine, engines, LLM synthesis) and what exists for this input already
// (intel.Prospect: cached answers about the company), and whether the
// paid call would be charged. No provider is called.
type ResearchPreviewSignals struct {
	SearchesPerEngine int  `json:"searchesPerEngine"`
	Engines           int  `json:"engines"`
	Synthesis         bool `json:"synthesis"`
	intel.Prospect
}

func researchPreview(d Deps) capability.PreviewFunc[ResearchInput, ResearchPreviewSignals] {
	return func(_ context.Context, in ResearchInput) (capability.PreviewReport[ResearchPreviewSignals], error) {
		n := map[string]int{"quick": 1, "standard": 3, "deep": 6}[in.Depth]
		if n == 0 {
			n = 3
		}
		name := strings.TrimSpace(in.Company)
		country, _ := intel.CheckCountry(in.Country)
		p, cov := d.Sources.Prospect(name, country, []string{"web_search", "llm"})
		sig := ResearchPreviewSignals{SearchesPerEngine: n, Engines: len(d.Sources.Searchers), Synthesis: d.Sources.LLM != nil, Prospect: p}
		rep := capability.PreviewReport[ResearchPreviewSignals]{Status: capability.PreviewLimited, Entity: name, EntityType: "company",
			SourcesFound: p.CachedLookups, CoverageScore: cov, Signals: sig, AvailableSections: []string{"company", "overview", "productsAndServices", "leadership",
				"funding", "competitors", "technologySignals", "recentDevelopments", "riskFlags", "sources", "claims"}}
		if p.WouldBeCharged && p.CachedLookups > 0 {
			rep.Status = capability.PreviewAvailable
		}
		return rep, nil
	}
}

func strp(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func itoa(i int) string { return strconvItoa(i) }
