package suppliercheck

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"dalil"
	"dalil/capabilities/omanbusiness"
	"dalil/internal/names"
)

// Deps are the supplier check's collaborators; every one may be nil.
type Deps struct {
	Registry  Registry
	Sanctions SanctionsScreener
	Web       WebSearcher
	Website   WebsiteInspector
	Now       func() time.Time
}

var baseLimitations = []string{
	Statement,
	"identityConfirmed means the submitted identity is consistent with the company records and contact evidence found; it is not a government verification of the supplier.",
	"Sanctions screening is automated name matching against the lists the operator imported. A potential_match is not a confirmed listing; clear does not rule out a listing under another name or on a list not screened.",
	"Public-web signals are unverified public indicators, never findings of misconduct; their absence proves nothing.",
	"procurementSuitability informs a procurement decision; it does not make one.",
}

// riskTerms are the words that make a web result a risk mention.
var riskTerms = []string{"fraud", "scam", "lawsuit", "sued", "court", "fine", "fined", "penalty", "blacklist", "blacklisted", "bankrupt", "bankruptcy",
	"insolvency", "default", "complaint", "investigation", "arrest", "money laundering", "counterfeit", "احتيال", "نصب", "محكمة", "غرامة", "إفلاس", "شكوى", "القائمة السوداء"}

// Check runs oman_supplier_check.
func Check(ctx context.Context, d Deps, in Input) (Output, error) {
	now := time.Now().UTC()
	if d.Now != nil {
		now = d.Now().UTC()
	}
	checkedAt := now.Format(time.RFC3339)
	n := normalize(in)
	out := Output{Sources: []EvidenceSource{}, Limitations: slices.Clone(baseLimitations)}
	cov := Coverage{LiveChecksPerformed: []string{}, UnavailableSources: []string{}, NotConfigured: []string{}}
	var basis []dalil.Source // what the answer rests on (Output.Basis)

	// 1. Identity against the company records.
	var cat *omanbusiness.Catalog
	registryRan := false
	if d.Registry == nil {
		cov.NotConfigured = append(cov.NotConfigured, "company records")
	} else if c, err := d.Registry.Catalog(ctx, want(n)); err != nil {
		cov.UnavailableSources = append(cov.UnavailableSources, "company records")
	} else if !c.Imported {
		cov.NotConfigured = append(cov.NotConfigured, "company records")
	} else {
		cat, registryRan = c, true
	}
	if cat == nil {
		cat = omanbusiness.NewCatalog(nil)
	}
	pre := assessIdentity(n, cat, nil)
	cand := pre.candidate

	// 2. Website, sanctions and public web, at the same time.
	url, urlSource := n.website, ""
	if url != "" {
		urlSource = "supplied"
	} else if cand != nil && cand.Merged.Website != "" {
		url, urlSource = cand.Merged.Website, "registry"
		if !strings.Contains(url, "://") {
			url = "https://" + url
		}
	}
	names := []string{n.name}
	if cand != nil {
		for _, nm := range []string{cand.Merged.NameEn, cand.Merged.NameAr} {
			if nm != "" && !slices.Contains(names, nm) {
				names = append(names, nm)
			}
		}
	}
	var (
		wg                    sync.WaitGroup
		site                  *Website
		siteErr, scrErr, wErr error
		screening             Screening
		results               []WebResult
	)
	if url != "" && d.Website != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := d.Website.Inspect(ctx, strings.Replace(url, "http://", "https://", 1))
			site, siteErr = &s, err
		}()
	}
	if d.Sanctions != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cr := ""
			if n.crValid {
				cr = n.cr
			}
			screening, scrErr = d.Sanctions.Screen(ctx, ScreenRequest{Names: names, Country: "OM", RegistrationNumber: cr})
		}()
	}
	if d.Web != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results, wErr = d.Web.Search(ctx, fmt.Sprintf("%q Oman", n.name), 10)
		}()
	}
	wg.Wait()
	if siteErr != nil {
		site = nil
	}
	var seen *Website
	if site != nil && site.Refused == "" {
		seen = site
	}

	// 3. Assessments.
	id := assessIdentity(n, cat, seen)
	cand = id.candidate
	web := assessWebsite(n, url, urlSource, site, siteErr, d.Website != nil, cand, names)
	con := assessContacts(n, cand, seen)
	addr := assessAddress(n, cand, seen)
	act := assessActivity(n.requirement, cand, seen)
	flags := slices.Concat(id.flags, web.flags, con.flags, addr.flags)
	if act.status == Fail {
		flags = append(flags, Flag{"ACTIVITY_MISMATCH", "medium", "The recorded business activity does not match the requested product or service."})
	}

	// Sanctions.
	sc := SanctionsCheck{Matches: []SanctionsMatch{}, ListsChecked: []string{}, ListsUnavailable: []string{}, Lists: []ListVersion{},
		ListsNotUsed: []ListVersion{}, Warnings: []string{}}
	exact := false
	if scrErr == nil {
		// Lists past their hard age limit: named, never screened, no
		// evidence.
		for _, l := range screening.NotUsed {
			sc.ListsNotUsed = append(sc.ListsNotUsed, l)
			sc.ListsUnavailable = append(sc.ListsUnavailable, fmt.Sprintf("%s (%s): past the age limit, not screened", l.Name, l.Version))
			basis = append(basis, listSource(l))
		}
		sc.Warnings = append(sc.Warnings, screening.Warnings...)
	}
	switch {
	case d.Sanctions == nil:
		sc.Status, sc.Execution = "not_checked", NotChecked
		sc.Explanation = "No sanctions list is configured on this server; sanctions were not screened."
		cov.NotConfigured = append(cov.NotConfigured, "sanctions lists")
	case scrErr != nil:
		sc.Status, sc.Execution = "unavailable", Unavailable
		sc.Explanation = "The sanctions lists could not be screened: " + scrErr.Error() + "."
		sc.ListsUnavailable = append(sc.ListsUnavailable, "sanctions lists")
		cov.UnavailableSources = append(cov.UnavailableSources, "sanctions lists")
	case len(screening.Lists) == 0 && len(screening.NotUsed) > 0:
		sc.Status, sc.Execution = "not_checked", NotChecked
		sc.Explanation = "Every sanctions list on this server is past its age limit, so none was screened (never read this as clear); see warnings."
		cov.UnavailableSources = append(cov.UnavailableSources, "sanctions lists (past their age limit)")
	case len(screening.Lists) == 0:
		sc.Status, sc.Execution = "not_checked", NotChecked
		sc.Explanation = "No sanctions list is imported on this server; sanctions were not screened (never read this as clear)."
		cov.NotConfigured = append(cov.NotConfigured, "sanctions lists")
	default:
		sc.Execution = Performed
		sc.Lists = screening.Lists
		realList := false
		for _, l := range screening.Lists {
			realList = realList || !l.Synthetic
			basis = append(basis, listSource(l))
			sc.ListsChecked = append(sc.ListsChecked, fmt.Sprintf("%s (%s, %d entries)", l.Name, l.Version, l.Entries))
			out.Sources = append(out.Sources, EvidenceSource{Type: "sanctions_list", Name: l.Name + " " + l.Version, CheckedAt: checkedAt, ObservedAt: opt(l.Version)})
		}
		for _, m := range screening.Matches {
			if m.Corroborating == nil {
				m.Corroborating = []string{}
			}
			if m.Contradicting == nil {
				m.Contradicting = []string{}
			}
			exact = exact || m.MatchType == "exact_normalized_name"
			sc.Matches = append(sc.Matches, m)
		}
		if len(sc.Matches) > 0 {
			sc.Status = "potential_match"
			sc.Explanation = fmt.Sprintf("%d potential name match(es): automated and unconfirmed; check the identifiers at the source list.", len(sc.Matches))
			sev := "medium"
			if exact {
				sev = "high"
			}
			flags = append(flags, Flag{"POTENTIAL_SANCTIONS_MATCH", sev, "The supplier's name is similar to a name on a sanctions list. This is an automated potential match, not a confirmed listing: verify the identifiers at the source list before proceeding."})
		} else {
			sc.Status = "clear"
			sc.Explanation = "No name on these lists came close: " + strings.Join(sc.ListsChecked, "; ") + "."
			if len(sc.ListsNotUsed) > 0 {
				var old []string
				for _, l := range sc.ListsNotUsed {
					old = append(old, l.Name)
				}
				sc.Explanation += " Not screened, past the age limit: " + strings.Join(old, ", ") + "."
			}
			if !realList {
				sc.Explanation = "Only synthetic demo lists are imported (" + strings.Join(sc.ListsChecked, "; ") + "): no real sanctions screening was done."
			}
		}
		if realList {
			// Screening synthetic demo lists is no sanctions check.
			cov.LiveChecksPerformed = append(cov.LiveChecksPerformed, "sanctions")
		}
	}

	// Public web.
	pr := PublicRiskCheck{Signals: []PublicRiskSignal{}}
	switch {
	case d.Web == nil:
		pr.Status, pr.Execution = "not_checked", NotChecked
		pr.Explanation = "No web-search provider is configured on this server; public-web risk was not screened."
		cov.NotConfigured = append(cov.NotConfigured, "web search")
	case wErr != nil:
		pr.Status, pr.Execution = "unavailable", Unavailable
		pr.Explanation = "The web search failed; public-web risk was not screened."
		cov.UnavailableSources = append(cov.UnavailableSources, d.Web.Name())
	default:
		pr.Execution = Performed
		cov.LiveChecksPerformed = append(cov.LiveChecksPerformed, "public_web")
		basis = append(basis, dalil.Source{Kind: dalil.SourceLive, Name: d.Web.Name(), RetrievedAt: now, Items: len(results)})
		for _, r := range results {
			text := strings.ToLower(r.Title + " " + r.Snippet)
			if !nameIn(text, names) {
				continue
			}
			if term := firstTerm(text); term != "" {
				pr.Signals = append(pr.Signals, PublicRiskSignal{Type: "public_web_mention", EvidenceTier: "public_allegation",
					Description: fmt.Sprintf("A public web page naming the supplier mentions %q (unverified).", term), SourceURL: opt(r.URL), SourceTitle: opt(r.Title)})
				out.Sources = append(out.Sources, EvidenceSource{Type: "public_web", Name: r.Title, URL: opt(r.URL), CheckedAt: checkedAt})
			}
		}
		pr.Status, pr.Explanation = "clear", fmt.Sprintf("No risk mention naming the supplier among %d web result(s) from %s.", len(results), d.Web.Name())
	}
	mentions := len(pr.Signals)
	if con.lookalike != "" {
		pr.Signals = append(pr.Signals, PublicRiskSignal{Type: "possible_impersonation", EvidenceTier: "automated_indicator",
			Description: fmt.Sprintf("The domain %s imitates one of the supplier's known domains.", con.lookalike)})
	}
	if id.crConflict == crOther {
		pr.Signals = append(pr.Signals, PublicRiskSignal{Type: "contradictory_business_identity", EvidenceTier: "automated_indicator",
			Description: "The supplied CR number is recorded for a different company."})
	}
	if len(pr.Signals) > 0 {
		if pr.Status == "clear" {
			pr.Status = "signal_detected"
			pr.Explanation = fmt.Sprintf("%d indicator(s) found; each is unverified.", len(pr.Signals))
		}
		if mentions > 0 {
			flags = append(flags, Flag{"PUBLIC_RISK_SIGNAL", "medium", "Public web pages naming the supplier mention risk terms. These are unverified public indicators, not findings."})
		}
	}
	if siteErr != nil {
		cov.UnavailableSources = append(cov.UnavailableSources, "website inspection")
	} else if site != nil && site.Refused != "" && !site.Insecure {
		// The address failed the network-safety checks: nothing was
		// fetched, so it is neither a live check nor evidence (the
		// website check's explanation says why).
	} else if site != nil {
		cov.LiveChecksPerformed = append(cov.LiveChecksPerformed, "website")
		basis = append(basis, dalil.Source{Kind: dalil.SourceLive, Name: "website " + firstNonEmpty(site.FinalURL, url), RetrievedAt: now, Items: 1})
		out.Sources = append(out.Sources, EvidenceSource{Type: "company_website", Name: "Supplier website", URL: opt(firstNonEmpty(site.FinalURL, url)), CheckedAt: checkedAt})
	}
	if d.Website == nil {
		cov.NotConfigured = append(cov.NotConfigured, "website inspection")
	}
	if len(cov.UnavailableSources) > 0 {
		flags = append(flags, Flag{"SOURCE_UNAVAILABLE", "low", fmt.Sprintf("Some sources were unavailable during screening (%s); the result rests on partial evidence.", strings.Join(cov.UnavailableSources, "; "))})
	}

	// 4. Scoring.
	in4 := scoreInputs{id: id, activityStatus: act.status, activityAsked: n.requirement != "", websiteSeen: seen != nil,
		contactStatus: con.status, addressStatus: addr.status, sanctions: sc.Status, sanctionsExact: exact, publicRisk: pr.Status, mentions: mentions, flags: flags}
	comps := components(in4)
	score := 0
	for _, c := range comps {
		score += c.Points
	}
	score = min(100, score)
	conf := confidence(in4)
	risk := classify(score, conf, id.level)
	if risk == RiskInsufficient {
		flags = append(flags, Flag{"INSUFFICIENT_PUBLIC_DATA", "low", "Too little evidence was available to screen this supplier reliably."})
	}
	suit := suitability(risk, id.confirmed, act.status)

	// Points per check.
	per := map[string]int{}
	for _, c := range comps {
		per[c.Factor] += c.Points
	}
	out.Supplier = Supplier{InputName: n.name, NormalizedName: n.normName, CRNumberSupplied: opt(strings.TrimSpace(in.CRNumber)), Country: "OM", IdentityMatch: id.level}
	if n.cr != "" {
		out.Supplier.CRNumber = opt(n.cr)
	}
	if cand != nil {
		m := &cand.Merged
		out.Supplier.MatchedName, out.Supplier.MatchedNameAr, out.Supplier.CompanyID = opt(m.Name()), opt(m.NameAr), opt(cand.ID)
		if m.CRNumber != "" {
			out.Supplier.CRNumber = opt(m.CRNumber)
		}
		cov.RegistryMatch, cov.DemoDataOnly = true, m.DemoOnly
		for _, r := range cand.Records {
			t := "company_registry"
			switch {
			case r.Synthetic:
				t = "demo_dataset"
			case omanbusiness.Authority(r.SourceType) < 0.9:
				t = "company_directory"
			}
			out.Sources = append(out.Sources, EvidenceSource{Type: t, Name: r.Source, URL: opt(r.SourceURL), CheckedAt: checkedAt, ObservedAt: opt(r.ObservedAt.Format(time.RFC3339))})
		}
	}
	if registryRan {
		basis = append(basis, recordSources(cat, cand)...)
	}
	idExec := NotChecked
	if registryRan {
		idExec = Performed
	} else if slices.Contains(cov.UnavailableSources, "company records") {
		idExec = Unavailable
	}
	actExec := NotChecked
	if act.status != Unknown || (n.requirement != "" && (cand != nil || seen != nil)) {
		actExec = Performed
	}
	simpleExec := func(status string, given bool) string {
		if given && status != Unknown {
			return Performed
		}
		return NotChecked
	}
	out.Checks = Checks{
		CompanyIdentity: IdentityCheck{Status: id.status, Confidence: id.score, Explanation: id.explanation, Corroborations: id.corroborations,
			CheckRun: CheckRun{idExec, per["companyIdentity"]}},
		Website:          web.WebsiteCheck,
		BusinessActivity: ActivityCheck{Status: act.status, Explanation: act.explanation, RequiredCategories: act.required, SupplierCategories: act.supplier, CheckRun: CheckRun{actExec, per["businessActivity"]}},
		ContactConsistency: SimpleCheck{Status: con.status, Explanation: con.explanation,
			CheckRun: CheckRun{simpleExec(con.status, n.email != "" || n.phone != nil || n.siteDomain != ""), per["contactConsistency"]}},
		AddressConsistency: AddressCheck{Status: addr.status, Explanation: addr.explanation, Governorate: opt(addr.gov), Wilayat: opt(addr.wil),
			CheckRun: CheckRun{simpleExec(addr.status, n.address != ""), per["addressConsistency"]}},
		Sanctions:  sc,
		PublicRisk: pr,
	}
	out.Checks.Website.Points = per["website"]
	out.Checks.Sanctions.Points = per["sanctions"]
	out.Checks.PublicRisk.Points = per["publicRisk"]
	if len(out.Checks.CompanyIdentity.Corroborations) == 0 {
		out.Checks.CompanyIdentity.Corroborations = []string{}
	}
	out.RiskFlags = dedupe(flags)
	out.RiskModel = RiskModel{Score: score, Thresholds: Thresholds{Medium: thresholdMedium, High: thresholdHigh}, Components: comps}
	if out.RiskModel.Components == nil {
		out.RiskModel.Components = []Component{}
	}
	out.ScreeningResult = ScreeningResult{Risk: risk, RiskScore: score, ProcurementSuitability: suit, IdentityConfirmed: id.confirmed,
		ActivityMatch: act.match, Summary: summary(risk, suit, id.level, out.RiskFlags), Statement: Statement, Confidence: conf}
	out.Confidence = conf
	out.NormalizedInput = normalizedInput(n)
	out.DataCoverage = cov
	out.sources = basis
	out.Sources = append(out.Sources, EvidenceSource{Type: "derived_consistency_check", Name: "Dalil consistency checks", CheckedAt: checkedAt})
	if cov.DemoDataOnly {
		out.Limitations = append(out.Limitations, "The only company record matched is synthetic demo data (dalil serve --demo): not real registry data; it cannot confirm an identity.")
	}
	if !registryRan {
		out.Limitations = append(out.Limitations, "No company records are loaded on this server; the identity could not be compared with any record.")
	}
	switch {
	case url == "":
		out.Limitations = append(out.Limitations, "No website was supplied or recorded; website checks were not performed (not treated as a risk).")
	case d.Website == nil:
		out.Limitations = append(out.Limitations, "Website inspection is not enabled on this server.")
	}
	switch {
	case sc.Status == "not_checked" && len(sc.ListsNotUsed) > 0:
		out.Limitations = append(out.Limitations, "Sanctions lists were not screened: every list on this server is past its age limit (see checks.sanctions.warnings).")
	case sc.Status == "not_checked":
		out.Limitations = append(out.Limitations, "Sanctions lists were not screened: none is imported or configured on this server.")
	}
	if d.Web == nil {
		out.Limitations = append(out.Limitations, "Public-web risk screening is not enabled on this server (no web-search provider).")
	}
	return out, nil
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// nameIn reports whether one of candidates appears in text, as whole
// words of their normalised forms (a candidate shorter than three
// characters never matches).
func nameIn(text string, candidates []string) bool {
	t := " " + names.Normalize(text).String() + " "
	for _, n := range candidates {
		if k := names.Normalize(n).String(); len(k) >= 3 && strings.Contains(t, " "+k+" ") {
			return true
		}
	}
	return false
}

func firstTerm(text string) string {
	for _, t := range riskTerms {
		if contains(text, t) {
			return t
		}
	}
	return ""
}

func dedupe(flags []Flag) []Flag {
	rank := map[string]int{"low": 0, "medium": 1, "high": 2}
	by := map[string]Flag{}
	for _, f := range flags {
		if e, ok := by[f.Code]; !ok || rank[f.Severity] > rank[e.Severity] {
			by[f.Code] = f
		}
	}
	out := []Flag{}
	for _, f := range by {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b Flag) int {
		if rank[a.Severity] != rank[b.Severity] {
			return rank[b.Severity] - rank[a.Severity]
		}
		return strings.Compare(a.Code, b.Code)
	})
	return out
}

func summary(risk, suit, level string, flags []Flag) string {
	lead := map[string]string{
		AppearsSuitable:         "The supplier appears suitable to receive an RFQ on the evidence found",
		ReviewRecommended:       "A manual review is recommended before contacting this supplier",
		InsufficientInformation: "There is not enough evidence to screen this supplier",
		PotentialRisk:           "Potential risk indicators were found; resolve them before procurement contact",
	}[suit]
	var top []string
	for _, f := range flags {
		if f.Severity != "low" {
			top = append(top, f.Code)
		}
	}
	s := fmt.Sprintf("%s (risk: %s; identity evidence: %s)", lead, risk, level)
	if len(top) > 0 {
		s += ". Key flags: " + strings.Join(top, ", ")
	}
	return s + "."
}

func normalizedInput(n normalized) NormalizedInput {
	ni := NormalizedInput{CompanyName: n.name, NormalizedName: n.normName, NameVariants: n.variants, CRNumber: opt(n.cr), Website: opt(n.website),
		WebsiteDomain: opt(n.siteDomain), Email: opt(n.email), EmailDomain: opt(n.emailDomain), FreeEmailProvider: n.freeEmail,
		Address: opt(n.address), RequiredProductOrService: opt(n.requirement)}
	if p := n.phone; p != nil {
		ni.Phone = &NormalizedPhone{E164: opt(p.e164), IsOman: p.isOman, LineType: p.lineType}
	}
	return ni
}

// listSource is a sanctions list, as a source: dataset "sanctions", or
// synthetic when the list is demo data; Stale when it was past its hard
// age limit and not screened.
func listSource(l ListVersion) dalil.Source {
	kind := dalil.SourceDataset
	if l.Synthetic {
		kind = dalil.SourceSynthetic
	}
	return dalil.Source{Kind: kind, Name: l.Name, Dataset: "sanctions", Batch: l.Batch, RetrievedAt: l.RetrievedAt, Items: l.Entries,
		Stale: l.Freshness == "expired"}
}

// recordSources are the company records the identity rests on: the
// matched company's records by import batch (a dataset, or synthetic when
// the records are demo data), each with its newest observation; with no
// company matched, the records searched (synthetic when every company on
// file is).
func recordSources(cat *omanbusiness.Catalog, cand *omanbusiness.Company) []dalil.Source {
	if cand == nil {
		kind := dalil.SourceDataset
		if cat.AllSynthetic {
			kind = dalil.SourceSynthetic
		}
		return []dalil.Source{{Kind: kind, Name: "company records", Dataset: omanbusiness.Dataset}}
	}
	return omanbusiness.RecordSources(cand.Records)
}
