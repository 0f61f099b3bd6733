package businessrisk

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"dalil/dataset/jurisdictions"
	"dalil/internal/evidence"
	"dalil/internal/intel"
)

var insolvencyWords = []string{"insolvency", "insolvent", "bankrupt", "bankruptcy", "administration", "liquidation", "receivership", "chapter 11", "wound up", "winding up"}

// itemConf is how much an item is worth as support for a flag: its
// tier's quality, times its decay.
func itemConf(it evidence.Item) float64 { return evidence.Quality(it.Tier) * it.DecayWeight }

// signals lists the flags the facts raise, one per code, in code order.
func signals(f Facts, now time.Time) []signal {
	byCode := map[string]*signal{}
	add := func(code string, conf float64, desc string, ids ...string) {
		s, ok := byCode[code]
		if !ok {
			s = &signal{code: code, desc: desc}
			byCode[code] = s
		}
		if conf > s.conf {
			s.conf = conf
		}
		for _, id := range ids {
			if id != "" && !slices.Contains(s.ids, id) {
				s.ids = append(s.ids, id)
			}
		}
	}
	res := f.Resolution
	g := f.Gathered
	regIDs := map[string]string{} // record URL+name -> evidence id
	for _, it := range g.Items {
		if it.Category == evidence.CatRegistry {
			regIDs[it.URL+"|"+it.Title] = it.ID
		}
	}
	recID := func(r intel.Record) string { return regIDs[r.URL+"|"+r.Name] }

	// Corporate.
	if p := res.Primary(); p != nil {
		id := recID(*p)
		switch p.Status {
		case "active":
			add("ACTIVE_REGISTRATION", 0.95, "The register lists the company as active.", id)
		case "dissolved":
			add("COMPANY_DISSOLVED", 0.95, "The register lists the company as dissolved.", id)
		case "inactive":
			add("COMPANY_INACTIVE", 0.95, "The register lists the company as inactive.", id)
		case "liquidation":
			add("COMPANY_INACTIVE", 0.95, "The register lists the company as in liquidation.", id)
			add("INSOLVENCY_PROCEEDINGS", 0.95, "The register lists the company as in liquidation.", id)
		}
		if !p.Incorporated.IsZero() {
			age := now.Sub(p.Incorporated).Hours() / 24
			switch {
			case age < 90:
				add("VERY_RECENTLY_INCORPORATED", 0.95, "Incorporated on "+p.Incorporated.Format(time.DateOnly)+".", id)
			case age < 365:
				add("RECENTLY_INCORPORATED", 0.95, "Incorporated on "+p.Incorporated.Format(time.DateOnly)+".", id)
			case age >= 5*365.25:
				add("ESTABLISHED_BUSINESS", 0.95, "Incorporated on "+p.Incorporated.Format(time.DateOnly)+".", id)
			}
		}
		changes := 0
		for _, pn := range p.PreviousNames {
			if !pn.Until.IsZero() && now.Sub(pn.Until) < 3*365*24*time.Hour {
				changes++
			}
		}
		if changes >= 2 {
			add("REPEATED_NAME_CHANGES", 0.95, "The register lists name changes in the last three years.", id)
		}
		for _, r := range res.Records {
			if r.StrikeOffPending {
				add("STRIKE_OFF_PENDING", 0.95, "The register shows a proposal to strike the company off.", recID(r))
			}
			if strings.EqualFold(r.LEIStatus, "LAPSED") {
				add("LEI_LAPSED", 0.95, "The LEI's registration status is LAPSED.", recID(r))
			}
			if r.InsolvencyActive {
				add("INSOLVENCY_PROCEEDINGS", 0.95, "The register shows open insolvency proceedings.", recID(r))
			}
			if r.InsolvencyHistory {
				add("INSOLVENCY_HISTORY", 0.95, "The register shows past insolvency proceedings.", recID(r))
			}
			if r.AccountsOverdue {
				add("ACCOUNTS_OVERDUE", 0.95, "The register shows the annual accounts as overdue.", recID(r))
			}
			if r.ConfirmationOverdue {
				add("CONFIRMATION_STATEMENT_OVERDUE", 0.95, "The register shows the confirmation statement as overdue.", recID(r))
			}
		}
		if slices.ContainsFunc(res.Records, func(r intel.Record) bool { return r.FilingsKnown }) &&
			!slices.ContainsFunc(res.Records, func(r intel.Record) bool { return r.AccountsOverdue || r.ConfirmationOverdue }) {
			add("FILINGS_UP_TO_DATE", 0.95, "The register shows no overdue filing.", id)
		}
		regs := map[string]bool{}
		for _, r := range res.Records {
			regs[r.Registry] = true
		}
		if len(regs) > 1 {
			add("MULTI_REGISTRY_CORROBORATION", 0.95, "The company is held by more than one register.", id)
		}
		if f.Subject.Address != "" && p.Address != "" && !sameAddress(f.Subject.Address, p.Address) {
			add("ADDRESS_MISMATCH", 0.8, "The register gives the address as "+p.Address+".", id)
		}
		young := !p.Incorporated.IsZero() && now.Sub(p.Incorporated) < 2*365*24*time.Hour
		if young && (f.Subject.Website == "" || g.Site.Checked && (!g.Site.Reachable || g.Site.Parked || g.Site.UnderConstruction)) {
			add("SHELL_COMPANY_INDICATORS", 0.6, "Incorporated less than two years ago, with no working website.", id)
		}
	}
	if res.NotFound && !res.Ambiguous && len(res.Records) == 0 {
		add("IDENTITY_NOT_FOUND_IN_REGISTRY", 0.8, "Registers checked: "+strings.Join(res.RegistriesChecked, ", ")+".")
	}
	if res.NumberNotFound {
		add("REGISTRATION_NUMBER_NOT_FOUND", 0.8, "The registration number "+f.Subject.Number+" is in no register checked.")
	}
	if res.NameMismatch {
		add("IDENTIFIER_NAME_MISMATCH", 0.9, strings.Join(res.Conflicts, " "))
	}
	if res.CityMismatch {
		add("REGISTRY_CITY_MISMATCH", 0.8, strings.Join(res.Conflicts, " "))
	}
	// Jurisdiction: the FATF lists (the jurisdictions dataset, else the
	// embedded default), or the operator's own high-risk list.
	country := subjectCountry(f)
	switch l := f.lists(); {
	case country == "":
	case f.HighRisk != nil:
		if slices.Contains(f.HighRisk, country) {
			add("HIGH_RISK_JURISDICTION", 0.95, "The company's country ("+country+") is on this server's list of high-risk jurisdictions.")
		}
	default:
		switch e, _ := l.On(country); e.List {
		case jurisdictions.CallForAction:
			add("HIGH_RISK_JURISDICTION", 0.95, "The company's country ("+country+") is on the "+jurisdictions.Titles[e.List]+" published "+l.Published+".")
		case jurisdictions.IncreasedMonitoring:
			add("JURISDICTION_UNDER_INCREASED_MONITORING", 0.95, "The company's country ("+country+") is on the "+jurisdictions.Titles[e.List]+" published "+l.Published+
				". The FATF does not call for enhanced due diligence on these jurisdictions; it asks that the listing be taken into account in risk analysis.")
		}
	}

	// Compliance: sanctions.
	sc := g.Screening
	if f.SanctionsChecked && sc.Status == "no_match_found" {
		add("NO_SANCTIONS_MATCH", 0.9, "Lists checked: "+strings.Join(sc.ListsChecked, ", ")+".")
	}
	for _, m := range sc.Matches {
		restricted := m.ListType == "export_control_or_debarment"
		switch {
		case m.Strength == "high" && restricted:
			add("RESTRICTED_PARTY_HIGH_MATCH", 0.95, m.ListedName+" on "+m.List+".", m.EvidenceID)
		case m.Strength == "high":
			add("SANCTIONS_HIGH_CONFIDENCE_MATCH", 0.95, m.ListedName+" on "+m.List+".", m.EvidenceID)
		case restricted:
			add("RESTRICTED_PARTY_POSSIBLE_MATCH", 0.5, m.ListedName+" on "+m.List+"; "+strings.Join(m.Contradictions, "; "), m.EvidenceID)
		default:
			add("SANCTIONS_POSSIBLE_MATCH", 0.5, m.ListedName+" on "+m.List+"; "+strings.Join(m.Contradictions, "; "), m.EvidenceID)
		}
	}

	// Web evidence: regulatory, media, reviews, forums, caller items.
	negMedia, complaints := 0, 0
	for _, it := range g.Items {
		conf := itemConf(it)
		text := strings.ToLower(it.Title + " " + it.Excerpt)
		switch it.Category {
		case evidence.CatRegistry, evidence.CatSanctions, evidence.CatDomain, evidence.CatThreat, evidence.CatWebsite:
			continue
		}
		if it.Polarity == evidence.Positive {
			if it.Category == evidence.CatReview {
				add("FAVORABLE_CUSTOMER_RATING", conf, "Favourable ratings on review sites.", it.ID)
			} else {
				add("FAVORABLE_PUBLIC_RECORD", conf, "A public source reports favourably.", it.ID)
			}
			continue
		}
		if it.Polarity != evidence.Negative {
			continue
		}
		if slices.ContainsFunc(insolvencyWords, func(w string) bool { return strings.Contains(text, w) }) && it.Category != evidence.CatReview {
			add("REPORTED_INSOLVENCY", conf, "Public sources report insolvency.", it.ID)
		}
		switch {
		case it.Tier == evidence.TierOfficial && (it.Category == evidence.CatRegulatory || it.Category == evidence.CatCourt):
			if evidence.Established(it.LegalStage) {
				add("REGULATORY_ENFORCEMENT", conf, "An official source records a "+cmp.Or(it.LegalStage, "decision")+".", it.ID)
			} else {
				add("REGULATORY_CONCERN", conf, "An official source records a pending matter ("+cmp.Or(it.LegalStage, "unspecified")+").", it.ID)
			}
		case it.Category == evidence.CatReview:
			complaints++
			add("UNFAVORABLE_CUSTOMER_RATING", conf, "Unfavourable ratings on review sites.", it.ID)
		case it.Tier == evidence.TierSelf && !evidence.Established(it.LegalStage):
			complaints++
			add("CUSTOMER_COMPLAINT", conf, "Complaints on forums, social media or in unverified evidence.", it.ID)
		case it.Tier <= evidence.TierMedia && evidence.Established(it.LegalStage):
			negMedia++
			add("ADVERSE_MEDIA_ESTABLISHED", conf, "Established media report a "+it.LegalStage+".", it.ID)
		default:
			negMedia++
			add("ADVERSE_MEDIA_ALLEGATION", conf, "Public sources report: "+cmp.Or(it.LegalStage, "allegation")+".", it.ID)
		}
	}
	if complaints >= 3 {
		var ids []string
		for _, c := range []string{"CUSTOMER_COMPLAINT", "UNFAVORABLE_CUSTOMER_RATING"} {
			if s := byCode[c]; s != nil {
				ids = append(ids, s.ids...)
			}
		}
		add("COMPLAINT_PATTERN", 0.6, describe(complaints, "complaint"), ids...)
	}
	if f.NewsChecked && negMedia == 0 && byCode["REGULATORY_ENFORCEMENT"] == nil && byCode["REGULATORY_CONCERN"] == nil {
		add("NO_ADVERSE_MEDIA_FOUND", 0.6, "No adverse report about the company in the news searched.")
	}
	// Conviction reports are critical (a criminal finding), judgments high.
	if s := byCode["ADVERSE_MEDIA_ESTABLISHED"]; s != nil {
		for _, it := range g.Items {
			if slices.Contains(s.ids, it.ID) && it.LegalStage == "conviction" {
				s.sev = "critical"
			}
		}
	}

	// Operational and digital: the website.
	site := g.Site
	siteID := ""
	for _, it := range g.Items {
		if it.Category == evidence.CatWebsite && !it.CallerSupplied {
			siteID = it.ID
		}
	}
	if f.WebsiteChecked && site.Checked {
		switch {
		case !site.Reachable:
			add("WEBSITE_UNREACHABLE", 0.8, "The website did not answer.")
		case site.Parked:
			add("WEBSITE_PARKED", 0.85, "The page is a parked or for-sale domain page.", siteID)
		case site.UnderConstruction:
			add("WEBSITE_UNDER_CONSTRUCTION", 0.8, "The page says the site is under construction.", siteID)
		default:
			if site.NameConsistent && site.ActivityEvident {
				add("VERIFIED_OPERATING_PRESENCE", 0.7, "The site presents a business under this name.", siteID)
			}
			if !site.ActivityEvident {
				add("BUSINESS_ACTIVITY_NOT_EVIDENT", 0.7, "The site does not show what the business does.", siteID)
			}
			if site.ContactInfo {
				add("CONTACT_INFORMATION_PRESENT", 0.7, "The site gives an e-mail address, a phone number or a contact page.", siteID)
			} else {
				add("NO_CONTACT_INFORMATION", 0.7, "The site gives no e-mail address, phone number or contact page.", siteID)
			}
			if f.Subject.Industry != "" && industryShown(f.Subject.Industry, g.Items, siteID) {
				add("BUSINESS_ACTIVITY_CONSISTENT", 0.6, "The site's text mentions the industry given.", siteID)
			}
			if !site.HTTPS {
				add("NO_HTTPS", 0.8, "The site is served over plain HTTP.", siteID)
			}
			if site.RedirectsElsewhere {
				add("REDIRECTS_TO_OTHER_DOMAIN", 0.8, "The site redirects to "+site.FinalHost+".", siteID)
			}
			if site.FreeEmail {
				add("FREE_EMAIL_ON_WEBSITE", 0.7, "The site gives a free e-mail address.", siteID)
			}
			if site.EmailDomainMismatch {
				add("EMAIL_DOMAIN_MISMATCH", 0.6, "The site's e-mail addresses use another domain.", siteID)
			}
		}
	}
	if f.Subject.Domain != "" && (f.DomainChecked || f.WebsiteChecked) {
		if intel.DomainConsistent(f.Subject.Domain, f.Gathered.Screening.NamesScreened) || intel.DomainConsistent(f.Subject.Domain, f.Subject.Names()) {
			add("DOMAIN_NAME_CONSISTENT", 0.6, "The domain "+f.Subject.Domain+" reflects the company name.")
		} else {
			add("DOMAIN_NAME_INCONSISTENT", 0.6, "The domain "+f.Subject.Domain+" does not reflect the company name.")
		}
	}
	if d := g.Domain; f.DomainChecked && d != nil {
		id := ""
		for _, it := range g.Items {
			if it.Category == evidence.CatDomain {
				id = it.ID
			}
		}
		switch {
		case !d.Registered:
			add("DOMAIN_NOT_REGISTERED", 0.9, "RDAP has no registration for "+d.Domain+".", id)
		default:
			if !d.Created.IsZero() {
				age := now.Sub(d.Created).Hours() / 24
				switch {
				case age < 90:
					add("DOMAIN_NEWLY_REGISTERED", 0.9, "Registered on "+d.Created.Format(time.DateOnly)+".", id)
				case age < 365:
					add("DOMAIN_RECENTLY_REGISTERED", 0.9, "Registered on "+d.Created.Format(time.DateOnly)+".", id)
				case age >= 3*365.25:
					add("ESTABLISHED_DOMAIN", 0.9, "Registered on "+d.Created.Format(time.DateOnly)+".", id)
				}
			}
			if slices.ContainsFunc(d.Statuses, func(s string) bool { return strings.Contains(strings.ToLower(s), "hold") }) {
				add("DOMAIN_HOLD_STATUS", 0.9, "Status: "+strings.Join(d.Statuses, ", ")+".", id)
			}
			if !d.Expiry.IsZero() && d.Expiry.Sub(now) < 30*24*time.Hour {
				add("DOMAIN_EXPIRING_SOON", 0.9, "Expires on "+d.Expiry.Format(time.DateOnly)+".", id)
			}
		}
	}
	if f.ThreatsChecked {
		if len(g.Threats) > 0 {
			var ids []string
			for _, it := range g.Items {
				if it.Category == evidence.CatThreat {
					ids = append(ids, it.ID)
				}
			}
			add("MALWARE_OR_PHISHING_LISTED", 0.95, "Listed: "+g.Threats[0].Type+".", ids...)
		} else {
			add("NO_THREAT_LISTING", 0.9, "No threat list checked lists the domain.")
		}
	}
	if byCode["FILINGS_UP_TO_DATE"] == nil && byCode["ACCOUNTS_OVERDUE"] == nil && byCode["CONFIRMATION_STATEMENT_OVERDUE"] == nil &&
		byCode["INSOLVENCY_PROCEEDINGS"] == nil && byCode["INSOLVENCY_HISTORY"] == nil {
		add("LIMITED_FINANCIAL_HISTORY", 1, "No register stated the company's filings.")
	}
	out := make([]signal, 0, len(byCode))
	for _, s := range byCode {
		s.conf = round(s.conf, 4)
		slices.Sort(s.ids)
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b signal) int { return cmp.Compare(a.code, b.code) })
	return out
}

func sameAddress(a, b string) bool {
	x, y := evidence.NameTokens(a), evidence.NameTokens(b)
	if len(x) == 0 || len(y) == 0 {
		return true
	}
	shared := 0
	for _, w := range x {
		if slices.Contains(y, w) {
			shared++
		}
	}
	return float64(shared)/float64(min(len(x), len(y))) >= 0.5
}

func industryShown(industry string, items []evidence.Item, siteID string) bool {
	for _, it := range items {
		if it.ID != siteID {
			continue
		}
		text := " " + strings.ToLower(it.Title+" "+it.Excerpt) + " "
		for _, w := range evidence.NameTokens(industry) {
			if len(w) >= 4 && strings.Contains(text, w) {
				return true
			}
		}
	}
	return false
}
