// Package reputation is company_reputation_check: a company in any
// country, investigated through the configured registers, sanctions lists,
// news and review searches, website and domain records, answered with
// evidence-linked scores per dimension, an overall 0-100 reputation score,
// a separate 0-100 confidence and a trust level. See
// docs/company-intelligence.md.
package reputation

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// Deps are the ports the capability uses.
type Deps struct{ Sources intel.Sources }

// Input is the reference service's request, plus evidence.
type Input struct {
	CompanyName        string              `json:"companyName" schema:"minLength=2,maxLength=200" jsonschema:"Must contain a letter or a digit."`
	Country            string              `json:"country,omitempty" schema:"maxLength=60" jsonschema:"ISO 3166 alpha-2 or alpha-3 code, or an English country name."`
	Website            string              `json:"website,omitempty" schema:"maxLength=2048"`
	Domain             string              `json:"domain,omitempty" schema:"maxLength=253" jsonschema:"The company's domain; must agree with website when both are given."`
	RegistrationNumber string              `json:"registrationNumber,omitempty" schema:"maxLength=64,pattern=^[A-Za-z0-9][A-Za-z0-9 ./-]*$"`
	LEI                string              `json:"lei,omitempty" schema:"maxLength=20" jsonschema:"ISO 17442 LEI (checksum verified)."`
	LegalName          string              `json:"legalName,omitempty" schema:"maxLength=200"`
	City               string              `json:"city,omitempty" schema:"maxLength=100"`
	Industry           string              `json:"industry,omitempty" schema:"maxLength=120" jsonschema:"Accepted for your records; not used by the scores or the search for evidence."`
	Evidence           []evidence.Supplied `json:"evidence,omitempty" schema:"maxItems=20" jsonschema:"Evidence you hold; tier 4 unless verified at its URL."`
}

// Validate checks name, country, LEI, website and domain.
func (in Input) Validate() []dalil.Problem {
	var p intel.Problems
	p.Add("companyName", intel.CheckName(in.CompanyName))
	_, msg := intel.CheckCountry(in.Country)
	p.Add("country", msg)
	if in.LEI != "" && !intel.ValidLEI(in.LEI) {
		p.Add("lei", "is not a valid ISO 17442 LEI (20 characters, check digits)")
	}
	_, wh, msg := intel.ParseWebsite(in.Website)
	p.Add("website", msg)
	_, dh, dmsg := intel.ParseWebsite(in.Domain)
	p.Add("domain", dmsg)
	if msg == "" && dmsg == "" && wh != "" && dh != "" && wh != dh && !strings.HasSuffix(wh, "."+dh) {
		p.Add("domain", "does not agree with website")
	}
	return p
}

// Dimensions, weights and checked baselines (reference §2c; the
// baselines the reference leaves open are 50, cyberDomain 60).
var dimensions = []struct {
	name             string
	weight, baseline float64
}{
	{"identity", 0.20, 50}, {"legalRegulatory", 0.20, 75}, {"adverseMedia", 0.15, 75}, {"customerReputation", 0.15, 50},
	{"onlinePresence", 0.10, 50}, {"businessStability", 0.10, 50}, {"cyberDomain", 0.05, 60}, {"transparency", 0.05, 50},
}

var points = map[string]float64{"info": 3, "low": 8, "medium": 20, "high": 40, "critical": 80}

// Signal is one evidence-linked reputation signal.
type Signal struct {
	Code        string   `json:"code"`
	Dimension   string   `json:"dimension"`
	Severity    string   `json:"severity" schema:"enum=info|low|medium|high|critical"`
	Strength    float64  `json:"strength" schema:"minimum=0,maximum=1"`
	Description string   `json:"description"`
	EvidenceIDs []string `json:"evidenceIds"`
}

// Scores are the dimension scores, 0-100.
type Scores struct {
	Identity           int `json:"identity"`
	LegalRegulatory    int `json:"legalRegulatory"`
	AdverseMedia       int `json:"adverseMedia"`
	CustomerReputation int `json:"customerReputation"`
	OnlinePresence     int `json:"onlinePresence"`
	BusinessStability  int `json:"businessStability"`
	CyberDomain        int `json:"cyberDomain"`
	Transparency       int `json:"transparency"`
}

// DimensionScore is one dimension's arithmetic.
type DimensionScore struct {
	Dimension      string  `json:"dimension"`
	Weight         float64 `json:"weight"`
	Coverage       float64 `json:"coverage"`
	Raw            float64 `json:"raw"`
	PositivePoints float64 `json:"positivePoints"`
	NegativePoints float64 `json:"negativePoints"`
	Score          int     `json:"score"`
	Contribution   float64 `json:"contribution"`
}

// Breakdown is scoreBreakdown.
type Breakdown struct {
	Dimensions  []DimensionScore `json:"dimensions"`
	Uncapped    float64          `json:"uncapped"`
	CapsApplied []string         `json:"capsApplied"`
}

// ConfidenceBreakdown is confidenceBreakdown (each factor 0-1).
type ConfidenceBreakdown struct {
	EntityResolution float64  `json:"entityResolution"`
	Coverage         float64  `json:"coverage"`
	SourceQuality    float64  `json:"sourceQuality"`
	CappedAt         *float64 `json:"cappedAt"`
}

// Resolution is how the company was identified.
type Resolution struct {
	Status     string            `json:"status" schema:"enum=resolved|probable|unverified"`
	Confidence float64           `json:"confidence"`
	Methods    []string          `json:"methods"`
	Conflicts  []string          `json:"conflicts"`
	Candidates []intel.Candidate `json:"candidates"`
}

// Identity is what the registers hold.
type Identity struct {
	VerifiedAgainstRegistry bool     `json:"verifiedAgainstRegistry"`
	Registry                *string  `json:"registry"`
	LegalName               *string  `json:"legalName"`
	RegistrationNumber      *string  `json:"registrationNumber"`
	LEI                     *string  `json:"lei"`
	Status                  *string  `json:"status"`
	IncorporationDate       *string  `json:"incorporationDate"`
	Country                 *string  `json:"country"`
	RegistriesChecked       []string `json:"registriesChecked"`
}

// SanctionsMatch is one judged list hit.
type SanctionsMatch struct {
	ListedName     string   `json:"listedName"`
	List           string   `json:"list"`
	ListType       string   `json:"listType"`
	MatchScore     float64  `json:"matchScore"`
	MatchStrength  string   `json:"matchStrength" schema:"enum=possible|high"`
	Corroborating  []string `json:"corroborating"`
	Contradictions []string `json:"contradictions"`
	EvidenceID     string   `json:"evidenceId"`
}

// Sanctions is the screening.
type Sanctions struct {
	Status           string           `json:"status" schema:"enum=no_match_found|possible_match|high_confidence_match|not_checked|unavailable|partial"`
	ListsChecked     []string         `json:"listsChecked"`
	ListsUnavailable []string         `json:"listsUnavailable"`
	Matches          []SanctionsMatch `json:"matches"`
	// Lists and ListsNotUsed name the lists with their dates and ages.
	Lists        []intel.ListInfo `json:"lists" jsonschema:"Each list screened: version, publication date, when it was downloaded and last known current, its age and freshness (stale past the server's age limit, with a stale_list warning)."`
	ListsNotUsed []intel.ListInfo `json:"listsNotUsed" jsonschema:"Lists past the server's hard age limit: not screened, so nothing is said from them."`
}

// MediaItem is one adverse media item with its legal stage.
type MediaItem struct {
	EvidenceID       string `json:"evidenceId"`
	Title            string `json:"title"`
	URL              string `json:"url"`
	Publisher        string `json:"publisher"`
	PublishedAt      string `json:"publishedAt,omitempty"`
	Tier             int    `json:"tier"`
	LegalStage       string `json:"legalStage" schema:"enum=allegation|investigation|lawsuit|charge|settlement|judgment|conviction" jsonschema:"Where the matter stands; allegation when the source says no more."`
	StageDescription string `json:"stageDescription"`
	Established      bool   `json:"established"`
	DuplicatesMerged int    `json:"duplicatesMerged"`
}

// AdverseMedia is adverseMedia.
type AdverseMedia struct {
	Checked                     bool                `json:"checked"`
	Items                       []MediaItem         `json:"items"`
	DuplicatesMerged            int                 `json:"duplicatesMerged"`
	ExcludedPossibleOtherEntity []evidence.Excluded `json:"excludedPossibleOtherEntity"`
}

// Sentiment is customerSentiment.
type Sentiment struct {
	Status        string   `json:"status" schema:"enum=not_checked|no_reviews_found|favorable|mixed|unfavorable"`
	ReviewItems   int      `json:"reviewItems"`
	AverageRating *float64 `json:"averageRating"`
	Complaints    int      `json:"complaints"`
}

// Presence is onlinePresence.
type Presence struct {
	WebsiteChecked bool  `json:"websiteChecked"`
	Reachable      *bool `json:"reachable"`
	HTTPS          *bool `json:"https"`
	Parked         *bool `json:"parked"`
	DomainAgeDays  *int  `json:"domainAgeDays"`
	ThreatListed   *bool `json:"threatListed"`
}

// EvidenceSummary counts the evidence.
type EvidenceSummary struct {
	Total  int            `json:"total"`
	ByTier map[string]int `json:"byTier"`
	Newest *string        `json:"newest"`
}

// Coverage lists the providers' part.
type Coverage struct {
	Providers []intel.ProviderUse `json:"providers"`
}

// Company is the company as asked.
type Company struct {
	Name    string  `json:"name"`
	Country *string `json:"country"`
	Website *string `json:"website"`
	Domain  *string `json:"domain"`
}

// Output is company_reputation_check's answer (reference field names).
type Output struct {
	Company             Company             `json:"company"`
	Resolution          Resolution          `json:"resolution"`
	ReputationScore     int                 `json:"reputationScore" schema:"minimum=0,maximum=100"`
	ConfidenceScore     int                 `json:"confidenceScore" schema:"minimum=0,maximum=100"`
	TrustLevel          string              `json:"trustLevel" schema:"enum=insufficient_evidence|significant_concerns|some_concerns|no_major_concerns_found|favorable_public_signals"`
	Scores              Scores              `json:"scores"`
	ScoreBreakdown      Breakdown           `json:"scoreBreakdown"`
	ConfidenceBreakdown ConfidenceBreakdown `json:"confidenceBreakdown"`
	Identity            Identity            `json:"identity"`
	Sanctions           Sanctions           `json:"sanctions"`
	AdverseMedia        AdverseMedia        `json:"adverseMedia"`
	CustomerSentiment   Sentiment           `json:"customerSentiment"`
	OnlinePresence      Presence            `json:"onlinePresence"`
	PositiveSignals     []Signal            `json:"positiveSignals"`
	NegativeSignals     []Signal            `json:"negativeSignals"`
	RedFlags            []Signal            `json:"redFlags"`
	EvidenceSummary     EvidenceSummary     `json:"evidenceSummary"`
	Evidence            []evidence.Item     `json:"evidence"`
	Coverage            Coverage            `json:"coverage"`
	Warnings            []string            `json:"warnings"`
	Limitations         []string            `json:"limitations"`
	Summary             string              `json:"summary"`
	Methodology         string              `json:"methodology"`
	EngineVersion       string              `json:"engineVersion"`
	InputHash           string              `json:"inputHash"`
	EvaluatedAt         string              `json:"evaluatedAt"`
	unpaid              bool
}

// Basis is what the answer rests on (intel.BasisOf over the providers
// and the evidence): the pipeline charges it only when a live provider,
// a real sanctions list or caller-supplied evidence is among them, so an
// answer resting on the demo sanctions list alone is not charged
// (synthetic_data_only). With no provider configured the answer (score
// 50, confidence 0, insufficient_evidence) is Unanswered,
// no_provider_configured.
func (o Output) Basis() dalil.Basis {
	b := intel.BasisOf(o.Coverage.Providers, o.Evidence)
	if o.unpaid {
		b.Unanswered = "no_provider_configured"
	}
	return b
}

// EngineVersion names the scoring rules.
const EngineVersion = "company-reputation-1.0.0"

// Methodology is how the scores are made.
var Methodology = []string{
	"Identity is resolved against the configured registers first (409 AMBIGUOUS_ENTITY with the candidates, 404 ENTITY_NOT_FOUND when no register holds the company and no website or domain is given; neither charged).",
	"Eight dimensions: identity 0.20, legalRegulatory 0.20, adverseMedia 0.15, customerReputation 0.15, onlinePresence 0.10, businessStability 0.10, cyberDomain 0.05, transparency 0.05.",
	"Each starts from a neutral prior of 50: score = 50 + coverage x (raw - 50), raw = checked baseline (identity 50, legalRegulatory 75, adverseMedia 75, cyberDomain 60, others 50) + 50(1-e^(-P+/40)) - 75(1-e^(-P-/40)); points info 3, low 8, medium 20, high 40, critical 80, times the signal's strength (source quality x decay).",
	"Caps: a high-confidence sanctions match caps the score at 20; established serious wrongdoing reported by a tier 1-2 source at 35.",
	"Confidence (0-100): entity resolution 0.35, weighted coverage 0.45, source quality 0.20; at most 55 when the identity is not verified against a register. Trust: confidence < 30 insufficient_evidence; score >= 75 and confidence >= 60 favorable_public_signals; >= 60 no_major_concerns_found; >= 40 some_concerns; else significant_concerns.",
}

// Limitations are the honest limits.
var Limitations = []string{
	"Public signals only, from the sources configured here; not a credit, legal or compliance determination.",
	"Allegations are reported as allegations, with their legal stage; a news report is not a finding.",
	"Items about a namesake in another country are set aside (adverseMedia.excludedPossibleOtherEntity), not scored.",
}

// Handle runs the check at now.
func Handle(ctx context.Context, d Deps, in Input, now time.Time) (Output, error) {
	country, _ := intel.CheckCountry(in.Country)
	site, host, _ := intel.ParseWebsite(in.Website)
	if host == "" {
		_, host, _ = intel.ParseWebsite(in.Domain)
	}
	s := intel.Subject{Name: strings.TrimSpace(in.CompanyName), LegalName: strings.TrimSpace(in.LegalName), Country: country, City: strings.TrimSpace(in.City),
		Number: strings.TrimSpace(in.RegistrationNumber), LEI: strings.ToUpper(strings.TrimSpace(in.LEI)), Website: site, Domain: host,
		Industry: strings.TrimSpace(in.Industry)}
	if s.Website == "" && host != "" {
		s.Website = "https://" + host + "/"
	}
	sup := slices.Clone(in.Evidence)
	if sup == nil {
		sup = []evidence.Supplied{}
	}
	hash := intel.Hash(struct {
		Subject  intel.Subject       `json:"subject"`
		Evidence []evidence.Supplied `json:"evidence"`
	}{s, sup})
	src := d.Sources
	var res intel.Resolution
	var g intel.Gathered
	if src.Configured() {
		res = intel.Resolve(ctx, src, s)
		if res.Ambiguous {
			return Output{}, intel.AmbiguousError(res)
		}
		if len(res.RegistriesChecked) == 0 && len(res.Failed) > 0 && s.Domain == "" {
			return Output{}, intel.FailureError(res.Failed)
		}
		if res.NotFound && s.Domain == "" {
			return Output{}, intel.NotFoundError(res)
		}
		g = intel.Gather(ctx, src, s, res, intel.Plan{News: true, Reviews: true, Website: true, Domain: true, Threats: true, Sanctions: true, Supplied: sup}, now)
		if len(g.Failed) > 0 && len(sup) == 0 && !slices.ContainsFunc(g.Providers, func(p intel.ProviderUse) bool { return p.Status == "used" || p.Status == "cached" }) {
			// Every source asked failed and the caller gave no evidence:
			// the answer would be the neutral prior, and must not be
			// charged (without providers the same answer is free).
			return Output{}, intel.SourcesFailed("source asked", g.Failed)
		}
	} else {
		res = intel.Resolution{Status: "unverified", Methods: []string{}}
		g.Screening.Status = "not_checked"
		g.Items = []evidence.Item{}
		g.Warnings = []string{"PROVIDER_NOT_CONFIGURED"}
	}
	out := Evaluate(s, res, g, now)
	out.InputHash = hash
	out.unpaid = !src.Configured()
	return out, nil
}

// Evaluate scores what was gathered: a pure function of its arguments.
func Evaluate(s intel.Subject, res intel.Resolution, g intel.Gathered, now time.Time) Output {
	out := Output{EngineVersion: EngineVersion, EvaluatedAt: evidence.Stamp(now), Evidence: nonNilItems(g.Items), Limitations: Limitations,
		Methodology: strings.Join(Methodology, " ")}
	out.Company = Company{Name: s.Name, Country: strp(s.Country), Website: strp(s.Website), Domain: strp(s.Domain)}
	out.Resolution = Resolution{Status: cmp.Or(res.Status, "unverified"), Confidence: res.Confidence, Methods: nonNil(res.Methods),
		Conflicts: nonNil(res.Conflicts), Candidates: res.Candidates}
	if out.Resolution.Candidates == nil {
		out.Resolution.Candidates = []intel.Candidate{}
	}
	out.Identity = Identity{VerifiedAgainstRegistry: res.VerifiedAgainstRegistry, RegistriesChecked: nonNil(res.RegistriesChecked), Country: strp(s.Country)}
	if p := res.Primary(); p != nil {
		out.Identity.Registry, out.Identity.LegalName, out.Identity.RegistrationNumber = strp(p.Registry), strp(p.Name), strp(p.Number)
		out.Identity.Status = strp(p.Status)
		if !p.Incorporated.IsZero() {
			out.Identity.IncorporationDate = strp(p.Incorporated.Format(time.DateOnly))
		}
		out.Identity.Country = strp(cmp.Or(s.Country, p.Country))
		for _, r := range res.Records {
			if r.LEI != "" {
				out.Identity.LEI = strp(r.LEI)
				break
			}
		}
	}
	sc := g.Screening
	out.Sanctions = Sanctions{Status: cmp.Or(sc.Status, "not_checked"), ListsChecked: nonNil(sc.ListsChecked), ListsUnavailable: nonNil(sc.ListsUnavailable), Matches: []SanctionsMatch{},
		Lists: append([]intel.ListInfo{}, sc.Lists...), ListsNotUsed: append([]intel.ListInfo{}, sc.ListsNotUsed...)}
	for _, m := range sc.Matches {
		out.Sanctions.Matches = append(out.Sanctions.Matches, SanctionsMatch{ListedName: m.ListedName, List: m.List, ListType: cmp.Or(m.ListType, "sanctions"),
			MatchScore: math.Round(m.Score*100) / 100, MatchStrength: m.Strength, Corroborating: nonNil(m.Corroborating), Contradictions: nonNil(m.Contradictions), EvidenceID: m.EvidenceID})
	}
	newsChecked, sanctionsChecked := false, false
	for _, p := range g.Providers {
		ok := p.Status == "used" || p.Status == "cached"
		newsChecked = newsChecked || ok && p.Kind == "web_search"
		sanctionsChecked = sanctionsChecked || ok && p.Kind == "sanctions"
	}
	sigs, media, sent, serious := signals(s, res, g, now, newsChecked)
	out.AdverseMedia = AdverseMedia{Checked: newsChecked, Items: media, DuplicatesMerged: g.DuplicatesMerged, ExcludedPossibleOtherEntity: g.Excluded}
	if out.AdverseMedia.ExcludedPossibleOtherEntity == nil {
		out.AdverseMedia.ExcludedPossibleOtherEntity = []evidence.Excluded{}
	}
	out.CustomerSentiment = sent
	out.OnlinePresence = presence(g, now)
	cov := coverage(res, g, newsChecked, sanctionsChecked)
	// Scores.
	pos, neg := map[string]float64{}, map[string]float64{}
	out.PositiveSignals, out.NegativeSignals, out.RedFlags = []Signal{}, []Signal{}, []Signal{}
	for _, sg := range sigs {
		pts := points[sg.Severity] * sg.Strength
		if sg.Code[0] == '+' {
			sg.Code = sg.Code[1:]
			pos[sg.Dimension] += pts
			out.PositiveSignals = append(out.PositiveSignals, sg)
			continue
		}
		neg[sg.Dimension] += pts
		out.NegativeSignals = append(out.NegativeSignals, sg)
		if sg.Severity == "high" || sg.Severity == "critical" {
			out.RedFlags = append(out.RedFlags, sg)
		}
	}
	total, covSum := 0.0, 0.0
	vals := map[string]int{}
	for _, d := range dimensions {
		raw := d.baseline + 50*(1-math.Exp(-pos[d.name]/40)) - 75*(1-math.Exp(-neg[d.name]/40))
		raw = min(100, max(0, raw))
		score := 50 + cov[d.name]*(raw-50)
		v := int(math.Round(score))
		vals[d.name] = v
		total += d.weight * score
		covSum += d.weight * cov[d.name]
		out.ScoreBreakdown.Dimensions = append(out.ScoreBreakdown.Dimensions, DimensionScore{Dimension: d.name, Weight: d.weight, Coverage: cov[d.name],
			Raw: r2(raw), PositivePoints: r2(pos[d.name]), NegativePoints: r2(neg[d.name]), Score: v, Contribution: r2(d.weight * score)})
	}
	out.Scores = Scores{vals["identity"], vals["legalRegulatory"], vals["adverseMedia"], vals["customerReputation"], vals["onlinePresence"],
		vals["businessStability"], vals["cyberDomain"], vals["transparency"]}
	out.ScoreBreakdown.Uncapped = r2(total)
	out.ScoreBreakdown.CapsApplied = []string{}
	score := total
	if sc.Status == "high_confidence_match" && score > 20 {
		score = 20
		out.ScoreBreakdown.CapsApplied = append(out.ScoreBreakdown.CapsApplied, "HIGH_CONFIDENCE_SANCTIONS_MATCH_CAP_20")
	}
	if serious && score > 35 {
		score = 35
		out.ScoreBreakdown.CapsApplied = append(out.ScoreBreakdown.CapsApplied, "ESTABLISHED_SERIOUS_WRONGDOING_CAP_35")
	}
	out.ReputationScore = int(math.Round(score))
	// Confidence.
	q := 0.0
	for _, it := range g.Items {
		q += evidence.Quality(it.Tier) * it.DecayWeight
	}
	cb := ConfidenceBreakdown{EntityResolution: res.Confidence, Coverage: r2(covSum)}
	if len(g.Items) > 0 {
		cb.SourceQuality = r2(q / float64(len(g.Items)))
	}
	c := 100 * (0.35*cb.EntityResolution + 0.45*cb.Coverage + 0.20*cb.SourceQuality)
	if !res.VerifiedAgainstRegistry && c > 55 {
		cap := 0.55
		cb.CappedAt = &cap
		c = 55
	}
	out.ConfidenceBreakdown = cb
	out.ConfidenceScore = int(math.Round(c))
	out.TrustLevel = trust(out)
	out.EvidenceSummary = summary(g.Items)
	out.Coverage.Providers = g.Providers
	if out.Coverage.Providers == nil {
		out.Coverage.Providers = []intel.ProviderUse{}
	}
	w := slices.Clone(g.Warnings)
	for _, p := range g.Providers {
		if p.Status == "not_configured" {
			w = append(w, "PROVIDER_NOT_CONFIGURED")
		}
	}
	if out.TrustLevel == "insufficient_evidence" {
		w = append(w, "INSUFFICIENT_EVIDENCE")
	}
	if slices.ContainsFunc(g.Items, func(it evidence.Item) bool { return it.Stale }) {
		w = append(w, "DATA_STALE")
	}
	slices.Sort(w)
	out.Warnings = slices.Compact(w)
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	out.Summary = summaryText(out)
	return out
}

// trust is the trust level: confidence under 30 is insufficient
// evidence; favourable needs score 75 and confidence 60; then 60 no major
// concerns, 40 some concerns, else significant concerns.
func trust(o Output) string {
	switch {
	case o.ConfidenceScore < 30:
		return "insufficient_evidence"
	case o.ReputationScore >= 75 && o.ConfidenceScore >= 60:
		return "favorable_public_signals"
	case o.ReputationScore >= 60:
		return "no_major_concerns_found"
	case o.ReputationScore >= 40:
		return "some_concerns"
	}
	return "significant_concerns"
}

func summaryText(o Output) string {
	parts := []string{"Reputation score " + itoa(o.ReputationScore) + "/100 with confidence " + itoa(o.ConfidenceScore) + "/100 (" + strings.ReplaceAll(o.TrustLevel, "_", " ") + ")."}
	parts = append(parts, itoa(len(o.Evidence))+" evidence items, "+itoa(len(o.RedFlags))+" red flags, "+itoa(len(o.PositiveSignals))+" positive signals.")
	if !o.Identity.VerifiedAgainstRegistry {
		parts = append(parts, "The identity is not verified against a register.")
	}
	return strings.Join(parts, " ")
}

func itoa(i int) string { return strconv.Itoa(i) }

func r2(x float64) float64 { return math.Round(x*100) / 100 }

func strp(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return slices.Clone(s)
}

func nonNilItems(s []evidence.Item) []evidence.Item {
	if s == nil {
		return []evidence.Item{}
	}
	return s
}

// Entry declares company_reputation_check (USD 0.40).
func Entry(d Deps) capability.Entry {
	return capability.Define("company_reputation_check", capability.Options{
		Group: "Risk Intelligence",
		Title: "Company reputation check",
		Summary: "Investigates a company in any country and returns evidence-linked scores per dimension, an overall 0-100 reputation score, " +
			"a separate 0-100 confidence and a trust level.",
		Description: "Resolves the company against the configured registers (409 AMBIGUOUS_ENTITY with the candidates; 404 ENTITY_NOT_FOUND; " +
			"neither charged), screens the sanctions lists and gathers tiered evidence (news with legal stages, reviews, website, domain, " +
			"threat lists). With no provider configured it answers score 50, confidence 0, insufficient_evidence, and is not charged.",
		WhenToUse:   "When an agent must judge whether a company's public record shows concerns before dealing with it.",
		Path:        "/api/v1/risk/company-reputation-check",
		Price:       400_000, // USD 0.40
		ReadOnly:    true,
		Idempotent:  true,
		OpenWorld:   true,
		Example:     Input{CompanyName: "Acme Trading Ltd", Country: "United Kingdom", Website: "https://acmetrading.co.uk"},
		Methodology: Methodology,
		Limitations: Limitations,
		Preview:     capability.PreviewOf(capability.LeakageLow, preview(d)),
	}, func(ctx context.Context, in Input) (Output, error) {
		return Handle(ctx, d, in, capability.CallFrom(ctx).Now)
	})
}

// PreviewSignals say what exists for this input (evidence already cached
// about the company), what the paid check would ask, whether synthetic
// data is all that would answer, and whether it would be charged. No
// provider is called.
type PreviewSignals struct {
	CountryCode string `json:"countryCode,omitempty"`
	intel.Prospect
}

// previewKinds are the sources the paid check asks.
var previewKinds = []string{"registry", "web_search", "sanctions", "domain", "website", "threat_listing"}

func preview(d Deps) capability.PreviewFunc[Input, PreviewSignals] {
	return func(_ context.Context, in Input) (capability.PreviewReport[PreviewSignals], error) {
		country, _ := intel.CheckCountry(in.Country)
		name := strings.TrimSpace(in.CompanyName)
		p, cov := d.Sources.Prospect(name, country, previewKinds)
		rep := capability.PreviewReport[PreviewSignals]{Status: capability.PreviewLimited, Entity: name, EntityType: "company",
			SourcesFound: p.CachedLookups, CoverageScore: cov, Signals: PreviewSignals{CountryCode: country, Prospect: p},
			AvailableSections: []string{"resolution", "reputationScore", "confidenceScore", "trustLevel", "scores", "identity", "sanctions", "adverseMedia",
				"customerSentiment", "onlinePresence", "positiveSignals", "negativeSignals", "redFlags", "evidence"}}
		if p.WouldBeCharged && p.CachedLookups > 0 {
			rep.Status = capability.PreviewAvailable
		}
		return rep, nil
	}
}
