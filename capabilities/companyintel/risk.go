package companyintel

import (
	"context"
	"slices"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// Checks analyze_company_risk can run, in output order.
var allChecks = []string{"corporate_identity", "domain", "website", "sanctions", "adverse_news", "security_signals", "reputation", "legal_signals"}

// RiskInput is analyze_company_risk's request (reference fields, plus
// country and evidence as Dalil additions).
type RiskInput struct {
	Company  string              `json:"company,omitempty" schema:"maxLength=200"`
	Website  string              `json:"website,omitempty" schema:"maxLength=2048"`
	Country  string              `json:"country,omitempty" schema:"maxLength=60" jsonschema:"Dalil: lets the registers and namesake exclusion work."`
	Checks   []string            `json:"checks,omitempty" schema:"maxItems=8,items.enum=corporate_identity|domain|website|sanctions|adverse_news|security_signals|reputation|legal_signals" jsonschema:"Default: every check."`
	Evidence []evidence.Supplied `json:"evidence,omitempty" schema:"maxItems=20" jsonschema:"Evidence you hold; tier 4 unless verified at its URL."`
}

// Validate: company or website; a valid website and country.
func (in RiskInput) Validate() []dalil.Problem {
	var p intel.Problems
	if strings.TrimSpace(in.Company) == "" && strings.TrimSpace(in.Website) == "" {
		p.Add("", "give company or website (or both)")
	}
	if strings.TrimSpace(in.Company) != "" {
		p.Add("company", intel.CheckName(in.Company))
	}
	_, _, m := intel.ParseWebsite(in.Website)
	p.Add("website", m)
	_, m = intel.CheckCountry(in.Country)
	p.Add("country", m)
	return p
}

// CheckEvidence is one piece of a check's evidence: the reference's
// evidence tier (confirmed_evidence, public_allegation,
// automated_indicator, missing_information) and the source tier 1-4.
type CheckEvidence struct {
	Description  string `json:"description"`
	Source       string `json:"source"`
	URL          string `json:"url,omitempty"`
	Tier         string `json:"tier" schema:"enum=confirmed_evidence|public_allegation|automated_indicator|missing_information"`
	SourceTier   int    `json:"sourceTier" schema:"minimum=0,maximum=4" jsonschema:"1 official, 2 established media, 3 other web, 4 forum/social/self/unverified; 0 for missing information."`
	LegalStage   string `json:"legalStage,omitempty"`
	EvidenceID   string `json:"evidenceId,omitempty"`
	RetrievedAt  string `json:"retrievedAt,omitempty"`
	CallerSupply bool   `json:"callerSupplied"`
}

// Check is one requested check.
type Check struct {
	Check    string          `json:"check"`
	Status   string          `json:"status" schema:"enum=performed|not_configured|unavailable|not_applicable"`
	Summary  string          `json:"summary"`
	Severity string          `json:"signalSeverity" schema:"enum=none|low|medium|high" jsonschema:"Strength of the signals found: high with confirmed evidence, medium with two or more items including an allegation, low otherwise; none without items. Not a verdict."`
	Findings []string        `json:"findings"`
	Evidence []CheckEvidence `json:"evidence"`
}

// RiskOutput is analyze_company_risk's answer: each requested check with
// its status and evidence by tier. It never says safe or unsafe.
type RiskOutput struct {
	Company     *string             `json:"company"`
	Website     *string             `json:"website"`
	Checks      []Check             `json:"checks"`
	Confidence  float64             `json:"confidence" jsonschema:"Checks performed / checks requested."`
	Providers   []intel.ProviderUse `json:"providers"`
	Excluded    []evidence.Excluded `json:"excludedPossibleOtherEntity"`
	Cached      bool                `json:"cached"`
	DataMode    string              `json:"dataMode" schema:"enum=live|partial|not_configured" jsonschema:"live: every applicable check performed; partial: some check not configured or unavailable; not_configured: no check could be run for this request (each check says why, limitations says what is missing), an answer that is not charged."`
	Limitations []string            `json:"limitations"`
}

// Analyze runs analyze_company_risk. 409 AMBIGUOUS_ENTITY when the name
// fits two registered companies (no further call); 503
// PROVIDER_NOT_CONFIGURED when no requested check has a configured source;
// a 200 that is not charged (dataMode not_configured) when every requested
// check with a source needs a company name or website the request lacks.
func Analyze(ctx context.Context, d Deps, in RiskInput, now time.Time) (RiskOutput, error) {
	src := d.Sources
	checks := slices.Clone(in.Checks)
	if len(checks) == 0 {
		checks = allChecks
	}
	slices.SortFunc(checks, func(a, b string) int { return slices.Index(allChecks, a) - slices.Index(allChecks, b) })
	checks = slices.Compact(checks)
	want := func(c string) bool { return slices.Contains(checks, c) }
	country, _ := intel.CheckCountry(in.Country)
	site, host, _ := intel.ParseWebsite(in.Website)
	name := strings.TrimSpace(in.Company)
	s := intel.Subject{Name: name, Country: country, Website: site, Domain: host}
	if name == "" {
		s.Name = host
	}
	// configured: the check has a source here; applicable: the request
	// gives what the check needs (a website, a company name).
	configured := map[string]bool{
		"corporate_identity": len(src.Registries) > 0,
		"domain":             src.Domain != nil,
		"website":            src.Website != nil,
		"sanctions":          src.Sanctions != nil,
		"adverse_news":       len(src.Searchers) > 0,
		"security_signals":   src.SafeBrowsing != nil,
		"reputation":         len(src.Searchers) > 0,
		"legal_signals":      len(src.Searchers) > 0,
	}
	applicable := func(c string) bool {
		switch {
		case siteCheck(c):
			return host != ""
		case nameCheck(c):
			return name != ""
		}
		return true
	}
	if !slices.ContainsFunc(checks, func(c string) bool { return configured[c] }) {
		return RiskOutput{}, notConfigured("a source for the requested checks (registers, web search, RDAP, website fetching, Safe Browsing or sanctions lists)")
	}
	if !slices.ContainsFunc(checks, func(c string) bool { return configured[c] && applicable(c) }) {
		// A source is configured for some requested check, but each
		// such check needs what the request lacks: nothing can be
		// asked. Each check says why; not charged (Basis).
		return nothingAssessed(checks, configured, applicable, name, site), nil
	}
	var res intel.Resolution
	if want("corporate_identity") && configured["corporate_identity"] {
		res = intel.Resolve(ctx, src, s)
		if res.Ambiguous {
			return RiskOutput{}, intel.AmbiguousError(res)
		}
	}
	plan := intel.Plan{News: want("adverse_news") || want("legal_signals"), Reviews: want("reputation"), Website: want("website") || want("security_signals"),
		Domain: want("domain"), Threats: want("security_signals"), Sanctions: want("sanctions") && name != "", Supplied: in.Evidence}
	g := intel.Gather(ctx, src, s, res, plan, now)
	out := RiskOutput{Company: strp(name), Website: strp(site), Providers: g.Providers, Excluded: g.Excluded, Cached: g.Cached, DataMode: "live",
		Limitations: []string{"Indicators and evidence only, never a verdict on the company.",
			"public_allegation covers every web result: a report is not a finding."}}
	if out.Providers == nil {
		out.Providers = []intel.ProviderUse{}
	}
	failed := map[string]bool{}
	// unset: a kind every provider of which said it had nothing to
	// work with (a sanctions source with no list imported): the check
	// was not performed, whatever the source's presence says.
	// stale: the sanctions lists, all past their age limit, were not
	// screened: the check is unavailable until the operator syncs them.
	unset, used, stale := map[string]string{}, map[string]bool{}, map[string]bool{}
	for _, p := range g.Providers {
		switch p.Status {
		case "failed":
			failed[p.Kind] = true
		case "not_configured":
			unset[p.Kind] = p.Detail
			continue
		case "stale":
			stale[p.Kind] = true
			continue
		}
		used[p.Kind] = true
	}
	for k := range used {
		delete(unset, k)
	}
	performed, unavailable := 0, 0
	for _, c := range checks {
		ch := Check{Check: c, Findings: []string{}, Evidence: []CheckEvidence{}}
		kind := map[string]string{"corporate_identity": "registry", "domain": "domain", "website": "website", "sanctions": "sanctions",
			"adverse_news": "web_search", "security_signals": "threat_listing", "reputation": "web_search", "legal_signals": "web_search"}[c]
		switch {
		case !applicable(c) || !configured[c]:
			notRun(&ch, configured[c], applicable(c))
		case failed[kind] && !(c == "corporate_identity" && len(res.RegistriesChecked) > 0):
			ch.Status, ch.Summary = "unavailable", "The source did not answer; retry later."
		case stale[kind] && !used[kind]:
			ch.Status, ch.Summary = "unavailable", "Not checked: every sanctions list on this server is past its age limit, so none was screened (never read this as no match)."
			ch.Findings = append(ch.Findings, staleWarnings(g.Warnings)...)
		case hasKey(unset, kind):
			ch.Status, ch.Summary = "not_configured", "No source for this check is configured here."
			if d := unset[kind]; d != "" {
				ch.Summary = "Not checked: " + d + "."
			}
		default:
			ch.Status = "performed"
			fill(&ch, c, s, res, g)
		}
		if ch.Status == "unavailable" {
			unavailable++
		}
		if ch.Status == "performed" {
			performed++
		} else if ch.Status != "not_applicable" {
			out.DataMode = "partial"
		}
		ch.Severity = severity(ch.Evidence)
		out.Checks = append(out.Checks, ch)
	}
	if performed == 0 && unavailable > 0 && len(g.Failed) > 0 {
		// No check could be performed because every source asked failed:
		// the answer would say nothing, and must not be charged.
		return RiskOutput{}, intel.SourcesFailed("source asked", g.Failed)
	}
	if performed == 0 {
		// Nothing was assessed although a source was there (a sanctions
		// source with no list imported): each check says why, and an
		// answer that assesses nothing is not charged.
		out.DataMode, out.Confidence = "not_configured", 0
		out.Limitations = append(out.Limitations, "No check could be performed for this request, so nothing was charged: each check says why.")
		return out, nil
	}
	out.Confidence = float64(int(float64(performed)/float64(len(checks))*100+0.5)) / 100
	return out, nil
}

// siteCheck: the check needs a website; nameCheck: a company name.
func siteCheck(c string) bool { return c == "domain" || c == "website" || c == "security_signals" }
func nameCheck(c string) bool { return c == "corporate_identity" || c == "sanctions" }

// notRun sets the status and summary of a check that cannot be run:
// not_applicable when the request lacks what it needs (a website for
// domain, website and security_signals; a company name for
// corporate_identity and sanctions), else not_configured.
func notRun(ch *Check, configured, applicable bool) {
	switch {
	case !applicable && siteCheck(ch.Check):
		ch.Status, ch.Summary = "not_applicable", "Needs a website."
	case !applicable:
		ch.Status, ch.Summary = "not_applicable", "Needs a company name."
	case !configured:
		ch.Status, ch.Summary = "not_configured", "No source for this check is configured here."
	}
}

// nothingAssessed is the answer when no requested check can be run:
// every check with a configured source needs a company name or a
// website the request does not give. No source is asked; dataMode
// not_configured, confidence 0, and limitations says what would let a
// check run. It is not charged (RiskOutput.Basis).
func nothingAssessed(checks []string, configured map[string]bool, applicable func(string) bool, name, site string) RiskOutput {
	out := RiskOutput{Company: strp(name), Website: strp(site), Checks: []Check{}, Providers: []intel.ProviderUse{}, Excluded: []evidence.Excluded{},
		DataMode: "not_configured", Limitations: []string{"Indicators and evidence only, never a verdict on the company."}}
	var needName, needSite, unconfigured []string
	for _, c := range checks {
		ch := Check{Check: c, Severity: "none", Findings: []string{}, Evidence: []CheckEvidence{}}
		notRun(&ch, configured[c], applicable(c))
		out.Checks = append(out.Checks, ch)
		switch {
		case configured[c] && siteCheck(c):
			needSite = append(needSite, c)
		case configured[c]:
			needName = append(needName, c)
		default:
			unconfigured = append(unconfigured, c)
		}
	}
	why := "No check could be run for this request, so no source was asked and nothing was charged:"
	need := func(cs []string) string {
		return " " + strings.Join(cs, ", ") + " (configured here) need" + map[bool]string{true: "s", false: ""}[len(cs) == 1]
	}
	if len(needName) > 0 {
		why += need(needName) + " a company name (give company);"
	}
	if len(needSite) > 0 {
		why += need(needSite) + " a website (give website);"
	}
	if len(unconfigured) > 0 {
		why += " no source is configured here for " + strings.Join(unconfigured, ", ") + ";"
	}
	out.Limitations = append(out.Limitations, strings.TrimSuffix(why, ";")+".")
	return out
}

// Basis is what the answer rests on (intel.BasisOf over the providers):
// a check resting on the demo sanctions list alone is not charged
// (synthetic_data_only). An answer for which no check could be run
// (dataMode not_configured) is Unanswered (no_applicable_source).
func (o RiskOutput) Basis() dalil.Basis {
	b := intel.BasisOf(o.Providers, nil)
	if o.DataMode == "not_configured" {
		b.Unanswered = NoSourceReason
	}
	return b
}

// severity: any confirmed evidence -> high; two or more items including
// an allegation -> medium; any item -> low; none -> none. Missing
// information is not a signal.
func severity(ev []CheckEvidence) string {
	confirmed, alleg, n := false, false, 0
	for _, e := range ev {
		switch e.Tier {
		case "confirmed_evidence":
			confirmed = true
		case "public_allegation":
			alleg = true
		case "missing_information":
			continue
		}
		n++
	}
	switch {
	case confirmed:
		return "high"
	case n >= 2 && alleg:
		return "medium"
	case n > 0:
		return "low"
	}
	return "none"
}

func fromItem(it evidence.Item, tier string) CheckEvidence {
	return CheckEvidence{Description: strings.TrimSpace(it.Title + ": " + it.Excerpt), Source: it.Source, URL: it.URL, Tier: tier, SourceTier: it.Tier,
		LegalStage: it.LegalStage, EvidenceID: it.ID, RetrievedAt: it.RetrievedAt, CallerSupply: it.CallerSupplied}
}

// fill performs one check from what was gathered. Confirmed evidence is
// a negative official record (a high-confidence list match, a dissolved
// or insolvent register entry, a threat listing, a tier 1 enforcement
// record); web results are public allegations; RDAP age, HTTPS and fuzzy
// list hits are automated indicators.
func fill(ch *Check, c string, s intel.Subject, res intel.Resolution, g intel.Gathered) {
	missing := func(d string) {
		ch.Evidence = append(ch.Evidence, CheckEvidence{Description: d, Source: "dalil", Tier: "missing_information"})
	}
	switch c {
	case "corporate_identity":
		p := res.Primary()
		if p == nil {
			ch.Summary = "No register checked (" + strings.Join(res.RegistriesChecked, ", ") + ") holds this company."
			missing(ch.Summary)
			return
		}
		ch.Summary = "Register " + p.Registry + ": " + p.Name + ", status " + p.Status + " (match: " + res.Status + ")."
		ch.Findings = append(ch.Findings, ch.Summary)
		for _, it := range g.Items {
			if it.Category != evidence.CatRegistry {
				continue
			}
			tier := "automated_indicator"
			if p.Status == "dissolved" || p.Status == "liquidation" || p.InsolvencyActive {
				tier = "confirmed_evidence"
			}
			ch.Evidence = append(ch.Evidence, fromItem(it, tier))
		}
		ch.Findings = append(ch.Findings, res.Conflicts...)
	case "domain":
		if g.Domain == nil {
			ch.Summary = "No domain record."
			missing(ch.Summary)
			return
		}
		d := g.Domain
		switch {
		case !d.Registered:
			ch.Summary = d.Domain + " is not registered."
		case !d.Created.IsZero():
			ch.Summary = d.Domain + " registered on " + d.Created.Format(time.DateOnly) + "."
		default:
			ch.Summary = d.Domain + " is registered; no creation date."
		}
		ch.Findings = append(ch.Findings, ch.Summary)
		for _, it := range g.Items {
			if it.Category == evidence.CatDomain {
				ch.Evidence = append(ch.Evidence, fromItem(it, "automated_indicator"))
			}
		}
	case "website":
		st := g.Site
		switch {
		case !st.Checked:
			ch.Summary = "The website was not fetched."
			missing(ch.Summary)
			return
		case !st.Reachable:
			ch.Summary = "The website did not answer."
		case st.Parked:
			ch.Summary = "The website is a parked domain page."
		case st.UnderConstruction:
			ch.Summary = "The website is under construction."
		default:
			ch.Summary = "The website answered" + map[bool]string{true: " over HTTPS", false: " without HTTPS"}[st.HTTPS] + "."
		}
		ch.Findings = append(ch.Findings, ch.Summary)
		if st.RedirectsElsewhere {
			ch.Findings = append(ch.Findings, "Redirects to "+st.FinalHost+".")
		}
		for _, it := range g.Items {
			if it.Category == evidence.CatWebsite && !it.CallerSupplied {
				ch.Evidence = append(ch.Evidence, fromItem(it, "automated_indicator"))
			}
		}
	case "sanctions":
		sc := g.Screening
		ch.Summary = "Screening: " + sc.Status + " (" + strings.Join(sc.ListsChecked, ", ") + ")."
		for _, l := range sc.Lists {
			ch.Findings = append(ch.Findings, ListLine(l))
		}
		ch.Findings = append(ch.Findings, staleWarnings(g.Warnings)...)
		for _, m := range sc.Matches {
			tier := "automated_indicator"
			if m.Strength == "high" {
				tier = "confirmed_evidence"
			}
			ch.Findings = append(ch.Findings, m.Strength+" match: "+m.ListedName+" on "+m.List+".")
			for _, it := range g.Items {
				if it.ID == m.EvidenceID {
					ch.Evidence = append(ch.Evidence, fromItem(it, tier))
				}
			}
		}
		if len(sc.ListsUnavailable) > 0 {
			missing("Lists unavailable: " + strings.Join(sc.ListsUnavailable, ", ") + ".")
		}
	case "security_signals":
		if !g.ThreatsChecked {
			ch.Summary = "The threat lists were not checked."
			missing(ch.Summary)
			return
		}
		ch.Summary = "Threat listings: " + itoa(len(g.Threats)) + "."
		for _, it := range g.Items {
			if it.Category == evidence.CatThreat {
				ch.Evidence = append(ch.Evidence, fromItem(it, "confirmed_evidence"))
				ch.Findings = append(ch.Findings, it.Excerpt)
			}
		}
		if g.Site.Checked && g.Site.Reachable && !g.Site.HTTPS {
			ch.Findings = append(ch.Findings, "The website does not use HTTPS.")
			ch.Evidence = append(ch.Evidence, CheckEvidence{Description: "The website does not use HTTPS.", Source: "website", Tier: "automated_indicator", SourceTier: evidence.TierSelf})
		}
	default: // adverse_news, reputation, legal_signals
		for _, it := range g.Items {
			var ok bool
			switch c {
			case "adverse_news":
				ok = (it.Category == evidence.CatNews || it.Category == evidence.CatWeb || it.Category == evidence.CatCaller) && it.Polarity == evidence.Negative
			case "reputation":
				ok = it.Category == evidence.CatReview || it.Category == evidence.CatForum
			case "legal_signals":
				ok = it.LegalStage != "" && it.LegalStage != "allegation" || it.Category == evidence.CatRegulatory || it.Category == evidence.CatCourt
			}
			if !ok {
				continue
			}
			tier := "public_allegation"
			if it.Tier == evidence.TierOfficial && evidence.Established(it.LegalStage) && it.Polarity == evidence.Negative {
				tier = "confirmed_evidence"
			}
			ch.Evidence = append(ch.Evidence, fromItem(it, tier))
			ch.Findings = append(ch.Findings, it.Title)
		}
		ch.Summary = itoa(len(ch.Evidence)) + " relevant items in the sources searched."
	}
}

// RiskEntry declares analyze_company_risk (USD 0.35).
func RiskEntry(d Deps) capability.Entry {
	return capability.Define("analyze_company_risk", capability.Options{
		Group:   "Intelligence",
		Title:   "Analyze company risk signals",
		Summary: "Evidence-tiered risk signals for a company: each requested check (identity, domain, website, sanctions, adverse news, security, reputation, legal) with its status and evidence by tier. Never a safe/unsafe verdict.",
		Description: "Each check reports performed, not_configured, unavailable or not_applicable, a summary, findings and evidence tiered as confirmed_evidence, " +
			"public_allegation, automated_indicator or missing_information (and the source tier 1-4). confidence = checks performed / requested. " +
			"409 AMBIGUOUS_ENTITY when the name fits two registered companies; 503 PROVIDER_NOT_CONFIGURED when no requested check has a source; " +
			"when every requested check that has a source needs a company name or a website the request does not give, 200 with each check's status, " +
			"confidence 0 and dataMode not_configured, not charged (meta.notChargedReason " + NoSourceReason + "); " +
			"429 RATE_LIMITED, 503 PROVIDER_UNAVAILABLE or 504 PROVIDER_TIMEOUT when no check could be performed because every source asked failed. None is charged.",
		WhenToUse: "When an agent needs the raw risk signals about a company, check by check, to reason over itself.",
		Path:      "/api/v1/intelligence/analyze-company-risk",
		Price:     350_000, // USD 0.35
		ReadOnly:  true, Idempotent: true, OpenWorld: true,
		Requires: []capability.Requirement{capability.NeedsProvider(ProviderRiskSources)},
		Example:  RiskInput{Company: "Acme Trading Ltd", Website: "https://acmetrading.co.uk", Country: "GB"},
	}, func(ctx context.Context, in RiskInput) (RiskOutput, error) {
		return Analyze(ctx, d, in, capability.CallFrom(ctx).Now)
	})
}

// hasKey reports whether m holds k.
func hasKey(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}

// ListLine is a sanctions list as a finding names it: its version, dates,
// age and freshness.
func ListLine(l intel.ListInfo) string {
	line := "List " + l.Name + " version " + l.Version
	if l.Published != "" {
		line += ", published " + l.Published
	}
	if !l.RetrievedAt.IsZero() {
		line += ", retrieved " + l.RetrievedAt.UTC().Format(time.RFC3339)
	}
	if !l.CurrentAsOf.IsZero() {
		line += ", last known current " + l.CurrentAsOf.UTC().Format(time.RFC3339)
	}
	if l.Freshness != "" {
		line += " (" + l.Freshness + ")"
	}
	return line + "."
}

// staleWarnings are the stale_list warnings among ws.
func staleWarnings(ws []string) []string {
	var out []string
	for _, w := range ws {
		if strings.HasPrefix(w, "stale_list:") {
			out = append(out, w)
		}
	}
	return out
}
