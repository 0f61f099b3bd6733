package businessrisk

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"dalil/dataset/jurisdictions"
	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// EngineVersion names the scoring rules; it changes whenever a rule,
// weight or threshold does, so that an auditor knows which rules made an
// answer.
const EngineVersion = "business-risk-1.0.0"

// Facts are everything the engine reads: the normalised subject, what the
// registers said and what stage 2 gathered. Evaluate is a pure function of
// Facts, the weights and the evaluation time.
type Facts struct {
	Subject    intel.Subject
	Resolution intel.Resolution
	Gathered   intel.Gathered
	// Checked say which sources ran (coverage depends on them, never on
	// what they found, so that adding a finding never changes which
	// categories count).
	RegistryChecked, NewsChecked, ReviewsChecked bool
	SanctionsChecked, WebsiteChecked             bool
	DomainChecked, ThreatsChecked                bool
	// CallerEvidence: the request carried evidence of its own.
	CallerEvidence bool
	// HighRisk, when set, are the ISO-2 codes of high-risk jurisdictions
	// the operator gives instead of the FATF call-for-action list.
	HighRisk []string
	// Jurisdictions are the FATF lists used (zero: the embedded default).
	Jurisdictions jurisdictions.Lists
}

// Weights are category weights; Evaluate renormalises them over the
// covered categories.
type Weights struct {
	ByCategory map[string]float64
	Source     string // default, configured, default_env_invalid
}

// DefaultWeights are the reference service's weights.
func DefaultWeights() Weights {
	w := Weights{ByCategory: map[string]float64{}, Source: "default"}
	for _, c := range categories {
		w.ByCategory[c.name] = c.weight
	}
	return w
}

// ParseWeights reads a weights override (category → weight, at least one
// positive, none negative, only known categories), renormalised to 1;
// anything invalid gives the defaults with source default_env_invalid.
func ParseWeights(m map[string]float64) Weights {
	if len(m) == 0 {
		return DefaultWeights()
	}
	sum := 0.0
	for k, v := range m {
		if !slices.ContainsFunc(categories, func(c struct {
			name     string
			weight   float64
			baseline float64
		}) bool {
			return c.name == k
		}) || v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			d := DefaultWeights()
			d.Source = "default_env_invalid"
			return d
		}
		sum += v
	}
	if sum <= 0 {
		d := DefaultWeights()
		d.Source = "default_env_invalid"
		return d
	}
	w := Weights{ByCategory: map[string]float64{}, Source: "configured"}
	for _, c := range categories {
		w.ByCategory[c.name] = m[c.name] / sum
	}
	return w
}

// signal is a flag being built: its evidence and confidence.
type signal struct {
	code string
	conf float64
	ids  []string
	desc string
	sev  string // overrides the code's severity ("" keeps it)
}

// Band is the risk level of a score: 0-20 low, 21-40 moderate, 41-60
// elevated, 61-80 high, 81-100 critical.
func Band(score int) string {
	switch {
	case score <= 20:
		return "low"
	case score <= 40:
		return "moderate"
	case score <= 60:
		return "elevated"
	case score <= 80:
		return "high"
	}
	return "critical"
}

// CategoryScore is baseline − baseline·(1−e^(−M/30)) + (100−baseline)·(1−e^(−P/45))
// for negative points P and mitigating points M.
func CategoryScore(baseline, p, m float64) float64 {
	return baseline - baseline*(1-math.Exp(-m/30)) + (100-baseline)*(1-math.Exp(-p/45))
}

// coverageValue is a coverage word as a number.
var coverageValue = map[string]float64{"high": 1, "medium": 0.66, "low": 0.33, "none": 0}

// Confidence combines the factors: entity resolution 0.30, category
// coverage 0.25, source quality 0.15, authoritative records 0.10,
// freshness 0.10, consistency 0.10; capped at 0.55 when the identity is
// not verified against a register. Rounded to 2 decimals.
func Confidence(entity, coverage, quality, authoritative, freshness, consistency float64, verified bool) (uncapped, capped float64) {
	c := 0.30*entity + 0.25*coverage + 0.15*quality + 0.10*authoritative + 0.10*freshness + 0.10*consistency
	c = round(c, 2)
	if !verified && c > 0.55 {
		return c, 0.55
	}
	return c, c
}

func round(x float64, dp int) float64 {
	p := math.Pow(10, float64(dp))
	return math.Round(x*p) / p
}

// Evaluate scores the facts at now. It reads nothing else: the same facts,
// weights and time give the same output.
func Evaluate(f Facts, w Weights, now time.Time) Output {
	sigs := signals(f, now)
	out := Output{Status: "assessed", EngineVersion: EngineVersion, EvaluatedAt: evidence.Stamp(now)}
	out.Business = business(f)
	items := f.Gathered.Items
	out.Evidence = items
	out.ExcludedEvidence = f.Gathered.Excluded
	out.DuplicatesMerged = f.Gathered.DuplicatesMerged
	out.SanctionsScreening = screening(f.Gathered.Screening)
	out.Providers = f.Gathered.Providers
	out.Warnings = slices.Clone(f.Gathered.Warnings)
	// The FATF lists, named with their date whenever the country was
	// judged against them.
	out.JurisdictionLists = []JurisdictionList{}
	if country := subjectCountry(f); country != "" {
		var warning string
		out.JurisdictionLists, warning = jurisdictionLists(f.lists(), country, now)
		if warning != "" {
			out.Warnings = append(out.Warnings, warning)
		}
	}

	// Coverage, by which sources ran.
	cov := coverage(f)
	out.DataCoverage = Coverage{cov["corporate"], cov["financial"], cov["compliance"], cov["reputation"], cov["operational"], cov["digital"]}

	// Flags.
	byCat := map[string][2]float64{} // P, M
	var negMediumPlus, negHigh, critical, verifyMedium bool
	var critCodes, highCodes, verifyCodes, mediumCodes []string
	floors := map[string]int{}
	var floorCodes = map[string]string{}
	for _, s := range sigs {
		d := flags[s.code]
		sev := cmp.Or(s.sev, d.severity)
		weight := 1.0
		if d.weight < 0 {
			weight = 0
		}
		pts := round(severityPoints[sev]*weight*s.conf, 2)
		fl := Flag{Code: s.code, Category: d.category, Severity: sev, Title: d.title, Description: s.desc, EvidenceIDs: s.ids,
			Weight: weight, Confidence: round(s.conf, 2), ScoreImpactPoints: pts, FactStatus: d.fact, RequiresVerification: d.verify}
		if fl.EvidenceIDs == nil {
			fl.EvidenceIDs = []string{}
		}
		pm := byCat[d.category]
		if d.positive {
			fl.ScoreImpactPoints = -pts
			pm[1] += pts
			out.PositiveSignals = append(out.PositiveSignals, fl)
		} else {
			pm[0] += pts
			out.RiskFlags = append(out.RiskFlags, fl)
			r := severityRank[sev]
			if r >= severityRank["medium"] {
				negMediumPlus = true
				mediumCodes = append(mediumCodes, s.code)
				if d.verify {
					verifyMedium = true
					verifyCodes = append(verifyCodes, s.code)
				}
			}
			if r == severityRank["high"] {
				negHigh = true
				highCodes = append(highCodes, s.code)
			}
			if s.conf >= 0.6 {
				fv := 0
				switch sev {
				case "critical":
					fv = 61
					critical = true
					critCodes = append(critCodes, s.code)
				case "high":
					fv = 35
				}
				if d.floor > fv {
					fv = d.floor
				}
				if fv > floors[d.category] {
					floors[d.category], floorCodes[d.category] = fv, s.code
				}
			}
		}
		byCat[d.category] = pm
	}
	// Category scores and the overall weighted mean over covered ones.
	scores := map[string]*int{}
	total, wsum := 0.0, 0.0
	eff := map[string]float64{}
	for _, c := range categories {
		if cov[c.name] == "none" {
			continue
		}
		wsum += w.ByCategory[c.name]
	}
	out.ScoreBreakdown.FloorsApplied = []Floor{}
	contrib := map[string]*float64{}
	for _, c := range categories {
		if cov[c.name] == "none" || wsum == 0 {
			continue
		}
		pm := byCat[c.name]
		raw := CategoryScore(c.baseline, pm[0], pm[1])
		if fv := floors[c.name]; float64(fv) > raw {
			raw = float64(fv)
			out.ScoreBreakdown.FloorsApplied = append(out.ScoreBreakdown.FloorsApplied, Floor{Scope: c.name, Code: floorCodes[c.name], Floor: fv})
		}
		v := int(math.Round(min(100, raw)))
		scores[c.name] = &v
		ew := round(w.ByCategory[c.name]/wsum, 4)
		eff[c.name] = ew
		cv := round(float64(v)*w.ByCategory[c.name]/wsum, 2)
		contrib[c.name] = &cv
		total += float64(v) * w.ByCategory[c.name] / wsum
	}
	out.Components = Components{scores["corporate"], scores["financial"], scores["compliance"], scores["reputation"], scores["operational"], scores["digital"]}
	out.ScoreBreakdown.CorporateContribution = contrib["corporate"]
	out.ScoreBreakdown.FinancialContribution = contrib["financial"]
	out.ScoreBreakdown.ComplianceContribution = contrib["compliance"]
	out.ScoreBreakdown.ReputationContribution = contrib["reputation"]
	out.ScoreBreakdown.OperationalContribution = contrib["operational"]
	out.ScoreBreakdown.DigitalContribution = contrib["digital"]
	out.ScoreBreakdown.EffectiveWeights = eff
	out.ScoreBreakdown.WeightsSource = w.Source

	// Confidence.
	cb := confidence(f, cov, sigs)
	out.ConfidenceBreakdown = cb
	out.Confidence = cb.Uncapped
	if cb.CappedAt != nil {
		out.Confidence = *cb.CappedAt
	}

	if len(scores) == 0 {
		return insufficient(out, f)
	}
	overall := round(total, 2)
	out.ScoreBreakdown.RawWeightedScore = &overall
	score := int(math.Round(overall))
	// Overall floors: the strongest floor of any category.
	best, bestCat := 0, ""
	for _, c := range categories {
		if fv := floors[c.name]; fv > best {
			best, bestCat = fv, c.name
		}
	}
	if best > score {
		score = best
		out.ScoreBreakdown.FloorsApplied = append(out.ScoreBreakdown.FloorsApplied, Floor{Scope: "overall", Code: floorCodes[bestCat], Floor: best})
	}
	score = min(100, max(0, score))
	level := Band(score)
	out.RiskScore, out.RiskLevel = &score, &level

	out.Recommendation = recommend(score, out.Confidence, out.Business.EntityMatchConfidence, critical, negHigh, negMediumPlus, verifyMedium,
		critCodes, highCodes, verifyCodes, mediumCodes)
	finish(&out, f)
	return out
}

// recommend applies the action rules; the most restrictive action wins.
func recommend(score int, conf, entity float64, critical, high, mediumPlus, verifyMedium bool, critCodes, highCodes, verifyCodes, mediumCodes []string) Recommendation {
	type cand struct {
		action  string
		reasons []string
	}
	order := []string{"proceed", "proceed_with_monitoring", "enhanced_due_diligence", "manual_review", "avoid_automated_transaction"}
	var cs []cand
	if critical {
		cs = append(cs, cand{"avoid_automated_transaction", append([]string{"RULE_CRITICAL_SIGNAL"}, critCodes...)})
	}
	if score >= 61 {
		cs = append(cs, cand{"avoid_automated_transaction", []string{"RULE_RISK_SCORE_HIGH"}})
	}
	if verifyMedium {
		cs = append(cs, cand{"manual_review", append([]string{"RULE_VERIFICATION_REQUIRED"}, verifyCodes...)})
	}
	if entity < 0.35 {
		cs = append(cs, cand{"manual_review", []string{"RULE_ENTITY_NOT_RESOLVED"}})
	}
	if conf < 0.4 {
		cs = append(cs, cand{"manual_review", []string{"RULE_LOW_CONFIDENCE"}})
	}
	if score > 40 {
		cs = append(cs, cand{"enhanced_due_diligence", []string{"RULE_RISK_SCORE_ELEVATED"}})
	}
	if high {
		cs = append(cs, cand{"enhanced_due_diligence", append([]string{"RULE_HIGH_SIGNAL"}, highCodes...)})
	}
	if entity < 0.6 {
		cs = append(cs, cand{"enhanced_due_diligence", []string{"RULE_ENTITY_MATCH_WEAK"}})
	}
	switch {
	case score >= 21 && score <= 40:
		if conf >= 0.6 && !mediumPlus {
			cs = append(cs, cand{"proceed_with_monitoring", []string{"RULE_MODERATE_RISK"}})
		} else {
			cs = append(cs, cand{"enhanced_due_diligence", append([]string{"RULE_MODERATE_RISK_UNCERTAIN"}, mediumCodes...)})
		}
	case score <= 20:
		switch {
		case conf >= 0.7 && !mediumPlus:
			cs = append(cs, cand{"proceed", []string{"RULE_LOW_RISK_HIGH_CONFIDENCE"}})
		case conf >= 0.6 && !mediumPlus:
			cs = append(cs, cand{"proceed_with_monitoring", []string{"RULE_LOW_RISK_MODERATE_CONFIDENCE"}})
		default:
			cs = append(cs, cand{"enhanced_due_diligence", append([]string{"RULE_LOW_RISK_UNCERTAIN"}, mediumCodes...)})
		}
	}
	top := 0
	for _, c := range cs {
		top = max(top, slices.Index(order, c.action))
	}
	var reasons []string
	for _, c := range cs {
		if slices.Index(order, c.action) == top {
			reasons = append(reasons, c.reasons...)
		}
	}
	slices.Sort(reasons)
	reasons = slices.Compact(reasons)
	return Recommendation{Action: order[top], ReasonCodes: reasons, Rationale: rationale[order[top]]}
}

var rationale = map[string]string{
	"proceed":                     "Low risk with high confidence and no medium or worse signal. Screening only, not a legal or compliance determination.",
	"proceed_with_monitoring":     "Low to moderate risk with adequate confidence; proceed and keep monitoring. Screening only, not a legal or compliance determination.",
	"enhanced_due_diligence":      "Elevated risk, a high-severity signal, a weak entity match or too little certainty for a lighter action; obtain more evidence before proceeding.",
	"manual_review":               "A signal needs verification, the entity is not resolved or confidence is low; a person should review before any decision.",
	"avoid_automated_transaction": "A critical signal or a high risk score; do not transact automatically. A person must decide, with the evidence.",
}

// insufficient turns out into the insufficient_data answer.
func insufficient(out Output, f Facts) Output {
	out.Status = "insufficient_data"
	out.RiskScore, out.RiskLevel = nil, nil
	out.Components = Components{}
	out.Confidence = 0
	out.ConfidenceBreakdown = ConfidenceBreakdown{}
	out.RiskFlags, out.PositiveSignals = []Flag{}, []Flag{}
	if out.JurisdictionLists == nil {
		out.JurisdictionLists = []JurisdictionList{}
	}
	out.ScoreBreakdown.FloorsApplied = []Floor{}
	out.ScoreBreakdown.EffectiveWeights = map[string]float64{}
	if out.ScoreBreakdown.WeightsSource == "" {
		out.ScoreBreakdown.WeightsSource = "default"
	}
	out.Recommendation = Recommendation{Action: "manual_review", ReasonCodes: []string{"INSUFFICIENT_DATA"},
		Rationale: "No evidence source answered for this company, so no score is given; a person should review. Nothing was charged."}
	out.Warnings = append(out.Warnings, "INSUFFICIENT_DATA")
	finish(&out, f)
	return out
}

// finish fills the lists and the assessment id.
func finish(out *Output, f Facts) {
	if out.RiskFlags == nil {
		out.RiskFlags = []Flag{}
	}
	if out.PositiveSignals == nil {
		out.PositiveSignals = []Flag{}
	}
	if out.Evidence == nil {
		out.Evidence = []evidence.Item{}
	}
	if out.ExcludedEvidence == nil {
		out.ExcludedEvidence = []evidence.Excluded{}
	}
	if out.Providers == nil {
		out.Providers = []intel.ProviderUse{}
	}
	slices.Sort(out.Warnings)
	out.Warnings = slices.Compact(out.Warnings)
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	out.Assumptions = assumptions(f)
	out.Limitations = Limitations
	out.Methodology = strings.Join(Methodology, " ")
	ids := make([]string, len(out.Evidence))
	for i, it := range out.Evidence {
		ids[i] = it.ID
	}
	h := sha256.Sum256([]byte(out.InputHash + "|" + strings.Join(ids, ",") + "|" + out.EvaluatedAt + "|" + EngineVersion))
	out.AssessmentID = "bra_" + hex.EncodeToString(h[:10])
}

func assumptions(f Facts) []string {
	a := []string{"Missing data lowers confidence, not risk, except where a missing record contradicts what was given (identity, registration number, domain)."}
	if f.Subject.Country == "" {
		a = append(a, "No country was given: only registers covering every country were asked, and namesakes abroad could not be set aside.")
	}
	return a
}

func strp(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func business(f Facts) Business {
	s, r := f.Subject, f.Resolution
	b := Business{Name: s.Name, Country: strp(s.Country), RegistrationNumber: strp(s.Number), LEI: strp(strings.ToUpper(s.LEI)),
		RegistrationStatus: "not_verified", Website: strp(s.Website), Domain: strp(s.Domain), EntityMatchConfidence: r.Confidence,
		ResolutionStatus: cmp.Or(r.Status, "unverified"), IdentityVerifiedAgainstRegistry: r.VerifiedAgainstRegistry, MatchedOn: slices.Clone(r.Methods)}
	if b.MatchedOn == nil {
		b.MatchedOn = []string{}
	}
	if p := r.Primary(); p != nil {
		b.LegalName = strp(p.Name)
		b.Registry = strp(p.Registry)
		b.RegistrationStatus = cmp.Or(p.Status, "unknown")
		if b.RegistrationNumber == nil {
			b.RegistrationNumber = strp(p.Number)
		}
		if b.LEI == nil {
			for _, rec := range r.Records {
				if rec.LEI != "" {
					b.LEI = strp(rec.LEI)
					break
				}
			}
		}
		if b.Country == nil {
			b.Country = strp(p.Country)
		}
		if !p.Incorporated.IsZero() {
			b.IncorporationDate = strp(p.Incorporated.Format(time.DateOnly))
		}
	}
	return b
}

func screening(s intel.Screening) Screening {
	out := Screening{Status: s.Status, ListsChecked: nonNil(s.ListsChecked), ListsUnavailable: nonNil(s.ListsUnavailable),
		NamesScreened: nonNil(s.NamesScreened), Matches: []SanctionsMatch{}, Lists: listInfos(s.Lists), ListsNotUsed: listInfos(s.ListsNotUsed)}
	for _, m := range s.Matches {
		mt := "fuzzy"
		if evidence.NormalizeName(m.ListedName) != "" && slices.ContainsFunc(s.NamesScreened, func(n string) bool {
			return evidence.NormalizeName(n) == evidence.NormalizeName(m.ListedName)
		}) {
			mt = "exact"
		} else if m.MatchedAlias != "" {
			mt = "alias"
		}
		out.Matches = append(out.Matches, SanctionsMatch{ListedName: m.ListedName, MatchedAlias: strp(m.MatchedAlias), List: m.List,
			ListType: cmp.Or(m.ListType, "sanctions"), MatchScore: round(m.Score, 2), MatchType: mt, MatchStrength: m.Strength,
			CorroboratingIdentifiers: nonNil(m.Corroborating), Contradictions: nonNil(m.Contradictions), EvidenceID: m.EvidenceID})
	}
	return out
}

func listInfos(ls []intel.ListInfo) []intel.ListInfo {
	if ls == nil {
		return []intel.ListInfo{}
	}
	return slices.Clone(ls)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return slices.Clone(s)
}

// coverage is each category's coverage word, from which sources ran and
// how well the company is identified — never from what they found.
func coverage(f Facts) map[string]string {
	c := map[string]string{}
	res := f.Resolution
	switch {
	case !f.RegistryChecked:
		c["corporate"] = "none"
	case res.Status == "resolved":
		c["corporate"] = "high"
	case res.Status == "probable":
		c["corporate"] = "medium"
	default:
		c["corporate"] = "low"
	}
	c["financial"] = "none"
	if p := res.Primary(); p != nil && slices.ContainsFunc(res.Records, func(r intel.Record) bool { return r.FilingsKnown }) {
		c["financial"] = "high"
	} else if f.NewsChecked {
		c["financial"] = "low"
	}
	switch {
	case f.SanctionsChecked && f.Gathered.Screening.Status != "partial" && f.Gathered.Screening.Status != "unavailable":
		c["compliance"] = "high"
	case f.SanctionsChecked && f.Gathered.Screening.Status == "partial":
		c["compliance"] = "medium"
	case f.NewsChecked:
		c["compliance"] = "low"
	default:
		c["compliance"] = "none"
	}
	switch {
	case f.NewsChecked && f.ReviewsChecked:
		c["reputation"] = "high"
	case f.NewsChecked || f.ReviewsChecked:
		c["reputation"] = "medium"
	case f.CallerEvidence:
		c["reputation"] = "low"
	default:
		c["reputation"] = "none"
	}
	switch {
	case f.WebsiteChecked && f.RegistryChecked:
		c["operational"] = "high"
	case f.WebsiteChecked:
		c["operational"] = "medium"
	default:
		c["operational"] = "none"
	}
	n := 0
	for _, b := range []bool{f.DomainChecked, f.ThreatsChecked, f.WebsiteChecked} {
		if b {
			n++
		}
	}
	c["digital"] = [...]string{"none", "low", "medium", "high"}[n]
	return c
}

func confidence(f Facts, cov map[string]string, sigs []signal) ConfidenceBreakdown {
	var cb ConfidenceBreakdown
	cb.EntityResolution = f.Resolution.Confidence
	sum := 0.0
	for _, c := range categories {
		sum += coverageValue[cov[c.name]]
	}
	cb.CategoryCoverage = round(sum/float64(len(categories)), 4)
	q, fr := 0.0, 0.0
	auth := 0.0
	for _, it := range f.Gathered.Items {
		q += evidence.Quality(it.Tier)
		fr += it.DecayWeight
		if it.Tier == evidence.TierOfficial && (it.Category == evidence.CatRegistry || it.Category == evidence.CatSanctions) {
			auth = 1
		}
	}
	if n := len(f.Gathered.Items); n > 0 {
		cb.SourceQuality = round(q/float64(n), 4)
		cb.Freshness = round(fr/float64(n), 4)
	}
	cb.AuthoritativeRecords = auth
	for _, s := range sigs {
		if contradictions[s.code] {
			cb.Contradictions++
		}
	}
	cb.Consistency = max(0, 1-0.25*float64(cb.Contradictions))
	unc, capped := Confidence(cb.EntityResolution, cb.CategoryCoverage, cb.SourceQuality, cb.AuthoritativeRecords, cb.Freshness, cb.Consistency,
		f.Resolution.VerifiedAgainstRegistry)
	cb.Uncapped = unc
	if capped != unc {
		cb.CappedAt = &capped
	}
	return cb
}

// describe is a flag's description from its evidence count.
func describe(n int, what string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s.", what)
	}
	return fmt.Sprintf("%d %ss.", n, what)
}

// lists are the FATF lists the facts use: the embedded default when none
// was given.
func (f Facts) lists() jurisdictions.Lists {
	if f.Jurisdictions.Published == "" {
		return jurisdictions.Default()
	}
	return f.Jurisdictions
}

// subjectCountry is the company's country: the one given, else its
// register's.
func subjectCountry(f Facts) string {
	if f.Subject.Country != "" {
		return f.Subject.Country
	}
	if p := f.Resolution.Primary(); p != nil {
		return p.Country
	}
	return ""
}
