package reputation

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// signals lists the reputation signals (positive ones with a "+" code
// prefix), the adverse media items, the customer sentiment and whether
// established serious wrongdoing is reported by a tier 1-2 source.
func signals(s intel.Subject, res intel.Resolution, g intel.Gathered, now time.Time, newsChecked bool) ([]Signal, []MediaItem, Sentiment, bool) {
	var out []Signal
	add := func(code, dim, sev string, strength float64, desc string, ids ...string) {
		var clean []string
		for _, id := range ids {
			if id != "" {
				clean = append(clean, id)
			}
		}
		slices.Sort(clean)
		if clean == nil {
			clean = []string{}
		}
		out = append(out, Signal{Code: code, Dimension: dim, Severity: sev, Strength: r2(strength), Description: desc, EvidenceIDs: clean})
	}
	regID := ""
	for _, it := range g.Items {
		if it.Category == evidence.CatRegistry && regID == "" {
			regID = it.ID
		}
	}
	// Identity and stability.
	if p := res.Primary(); p != nil {
		switch {
		case slices.Contains(res.Methods, "lei") || slices.Contains(res.Methods, "registration_number"):
			add("+IDENTITY_CONFIRMED_BY_IDENTIFIER", "identity", "high", 0.95, "A register holds the company under the identifier given.", regID)
		case res.VerifiedAgainstRegistry:
			add("+IDENTITY_CONFIRMED_BY_NAME", "identity", "medium", 0.9, "A register holds the company under this name in this country.", regID)
		default:
			add("+IDENTITY_PROBABLE", "identity", "low", 0.6, "A register holds a company with a close name.", regID)
		}
		switch p.Status {
		case "active":
			add("+ACTIVE_REGISTRATION", "businessStability", "medium", 0.95, "The register lists the company as active.", regID)
		case "dissolved":
			add("COMPANY_DISSOLVED", "businessStability", "critical", 0.95, "The register lists the company as dissolved.", regID)
		case "inactive", "liquidation":
			add("COMPANY_INACTIVE", "businessStability", "high", 0.95, "The register lists the company as "+p.Status+".", regID)
		}
		if !p.Incorporated.IsZero() {
			switch age := now.Sub(p.Incorporated).Hours() / 24; {
			case age >= 5*365.25:
				add("+ESTABLISHED_BUSINESS", "businessStability", "medium", 0.95, "Incorporated on "+p.Incorporated.Format(time.DateOnly)+".", regID)
			case age < 365:
				add("RECENTLY_INCORPORATED", "businessStability", "medium", 0.95, "Incorporated on "+p.Incorporated.Format(time.DateOnly)+".", regID)
			}
		}
		for _, r := range res.Records {
			if r.InsolvencyActive {
				add("INSOLVENCY_PROCEEDINGS", "businessStability", "high", 0.95, "The register shows open insolvency proceedings.", regID)
			}
			if r.AccountsOverdue || r.ConfirmationOverdue {
				add("FILINGS_OVERDUE", "businessStability", "medium", 0.95, "The register shows an overdue filing.", regID)
			}
			if r.LEI != "" {
				add("+LEI_REGISTERED", "transparency", "low", 0.95, "The company has an LEI.", regID)
			}
		}
		add("+REGISTERED_PUBLICLY", "transparency", "low", 0.95, "The company's register entry is public.", regID)
	}
	if res.NotFound && len(res.Records) == 0 {
		add("IDENTITY_NOT_FOUND_IN_REGISTRY", "identity", "high", 0.8, "No register checked holds the company.")
	}
	if res.NameMismatch {
		add("IDENTIFIER_NAME_MISMATCH", "identity", "high", 0.9, strings.Join(res.Conflicts, " "))
	}
	if res.CityMismatch {
		add("REGISTRY_CITY_MISMATCH", "identity", "medium", 0.8, strings.Join(res.Conflicts, " "))
	}
	// Legal and regulatory: sanctions.
	switch g.Screening.Status {
	case "no_match_found":
		add("+NO_SANCTIONS_MATCH", "legalRegulatory", "medium", 0.9, "No match on the lists checked.")
	}
	for _, m := range g.Screening.Matches {
		if m.Strength == "high" {
			add("SANCTIONS_HIGH_CONFIDENCE_MATCH", "legalRegulatory", "critical", 1, m.ListedName+" on "+m.List+".", m.EvidenceID)
		} else {
			add("SANCTIONS_POSSIBLE_MATCH", "legalRegulatory", "medium", 0.5, m.ListedName+" on "+m.List+"; verify the identity.", m.EvidenceID)
		}
	}
	// Web evidence.
	var media []MediaItem
	serious := false
	sent := Sentiment{Status: "not_checked"}
	if newsChecked {
		sent.Status = "no_reviews_found"
	}
	var ratings []float64
	negMedia := 0
	for _, it := range g.Items {
		strength := evidence.Quality(it.Tier) * it.DecayWeight
		switch it.Category {
		case evidence.CatRegistry, evidence.CatSanctions, evidence.CatDomain, evidence.CatThreat, evidence.CatWebsite:
			continue
		}
		if it.Category == evidence.CatReview {
			sent.ReviewItems++
			if v, ok := intel.Rating(it.Title + " " + it.Excerpt); ok {
				ratings = append(ratings, v)
			}
		}
		if it.Polarity == evidence.Positive {
			if it.Category == evidence.CatReview {
				add("+FAVORABLE_CUSTOMER_REVIEWS", "customerReputation", "medium", strength, "Favourable ratings.", it.ID)
			} else {
				add("+FAVORABLE_PUBLIC_RECORD", "adverseMedia", "low", strength, "A public source reports favourably.", it.ID)
			}
			continue
		}
		if it.Polarity != evidence.Negative {
			continue
		}
		switch {
		case it.Category == evidence.CatReview:
			sent.Complaints++
			add("UNFAVORABLE_CUSTOMER_REVIEWS", "customerReputation", "medium", strength, "Unfavourable ratings.", it.ID)
		case it.Tier == evidence.TierSelf && !evidence.Established(it.LegalStage):
			sent.Complaints++
			add("CUSTOMER_COMPLAINT", "customerReputation", "low", strength, "Complaint on a forum, social media or in unverified evidence.", it.ID)
		default:
			negMedia++
			stage := cmp.Or(it.LegalStage, "allegation")
			est := evidence.Established(stage)
			media = append(media, MediaItem{EvidenceID: it.ID, Title: it.Title, URL: it.URL, Publisher: it.Publisher, PublishedAt: it.PublishedAt, Tier: it.Tier,
				LegalStage: stage, StageDescription: evidence.StageDescription(stage), Established: est, DuplicatesMerged: it.DuplicatesMerged})
			dim := "adverseMedia"
			if it.Tier == evidence.TierOfficial {
				dim = "legalRegulatory"
			}
			switch {
			case est && it.Tier <= evidence.TierMedia:
				sev := "high"
				if stage == "conviction" {
					sev = "critical"
				}
				serious = true
				add("ESTABLISHED_WRONGDOING_REPORTED", dim, sev, strength, "A tier "+itoa(it.Tier)+" source reports a "+stage+".", it.ID)
			case est:
				add("WRONGDOING_REPORTED_UNCORROBORATED", dim, "medium", strength, "A tier "+itoa(it.Tier)+" source reports a "+stage+".", it.ID)
			default:
				add("ALLEGATION_REPORTED", dim, "medium", strength, "A source reports: "+stage+".", it.ID)
			}
		}
	}
	if sent.Complaints >= 3 {
		add("COMPLAINT_PATTERN", "customerReputation", "medium", 0.6, itoa(sent.Complaints)+" complaints.")
	}
	if newsChecked && negMedia == 0 {
		add("+NO_ADVERSE_MEDIA_FOUND", "adverseMedia", "low", 0.6, "No adverse report in the news searched.")
	}
	if len(ratings) > 0 {
		sum := 0.0
		for _, r := range ratings {
			sum += r
		}
		avg := r2(sum / float64(len(ratings)))
		sent.AverageRating = &avg
	}
	switch {
	case sent.ReviewItems == 0 && sent.Complaints == 0:
	case sent.AverageRating != nil && *sent.AverageRating >= 4 && sent.Complaints == 0:
		sent.Status = "favorable"
	case sent.Complaints > 0 && (sent.AverageRating == nil || *sent.AverageRating < 3):
		sent.Status = "unfavorable"
	default:
		sent.Status = "mixed"
	}
	// Online presence, domain, transparency.
	site := g.Site
	if site.Checked {
		switch {
		case !site.Reachable:
			add("WEBSITE_UNREACHABLE", "onlinePresence", "medium", 0.8, "The website did not answer.")
		case site.Parked:
			add("WEBSITE_PARKED", "onlinePresence", "high", 0.85, "The website is a parked domain page.")
		case site.UnderConstruction:
			add("WEBSITE_UNDER_CONSTRUCTION", "onlinePresence", "medium", 0.8, "The website is under construction.")
		default:
			if site.NameConsistent {
				add("+WEBSITE_OPERATING", "onlinePresence", "medium", 0.7, "The website presents the company.")
			}
			if site.ContactInfo {
				add("+CONTACT_INFORMATION_PRESENT", "transparency", "low", 0.7, "The website gives contact information.")
			}
			if !site.HTTPS {
				add("NO_HTTPS", "cyberDomain", "low", 0.8, "The website is served over plain HTTP.")
			}
			if site.FreeEmail {
				add("FREE_EMAIL_ON_WEBSITE", "transparency", "low", 0.7, "The website gives a free e-mail address.")
			}
		}
	}
	if d := g.Domain; d != nil {
		switch {
		case !d.Registered:
			add("DOMAIN_NOT_REGISTERED", "cyberDomain", "high", 0.9, "The domain is not registered.")
		case !d.Created.IsZero() && now.Sub(d.Created) < 90*24*time.Hour:
			add("DOMAIN_NEWLY_REGISTERED", "cyberDomain", "high", 0.9, "Domain registered on "+d.Created.Format(time.DateOnly)+".")
		case !d.Created.IsZero() && now.Sub(d.Created) >= 3*365*24*time.Hour:
			add("+ESTABLISHED_DOMAIN", "cyberDomain", "medium", 0.9, "Domain registered on "+d.Created.Format(time.DateOnly)+".")
		}
	}
	if g.ThreatsChecked {
		if len(g.Threats) > 0 {
			add("MALWARE_OR_PHISHING_LISTED", "cyberDomain", "critical", 0.95, "Listed: "+g.Threats[0].Type+".")
		} else {
			add("+NO_THREAT_LISTING", "cyberDomain", "low", 0.9, "No threat list checked lists the domain.")
		}
	}
	slices.SortFunc(out, func(a, b Signal) int {
		return cmp.Or(cmp.Compare(a.Dimension, b.Dimension), cmp.Compare(a.Code, b.Code), cmp.Compare(strings.Join(a.EvidenceIDs, ","), strings.Join(b.EvidenceIDs, ",")))
	})
	if media == nil {
		media = []MediaItem{}
	}
	slices.SortFunc(media, func(a, b MediaItem) int {
		return cmp.Or(cmp.Compare(a.Tier, b.Tier), cmp.Compare(a.EvidenceID, b.EvidenceID))
	})
	return out, media, sent, serious
}

// coverage is each dimension's coverage, 0-1, from which sources ran.
func coverage(res intel.Resolution, g intel.Gathered, news, sanctions bool) map[string]float64 {
	c := map[string]float64{}
	if len(res.RegistriesChecked) > 0 {
		switch res.Status {
		case "resolved":
			c["identity"] = 1
		case "probable":
			c["identity"] = 0.66
		default:
			c["identity"] = 0.33
		}
		if res.Primary() != nil {
			c["businessStability"] = 1
			c["transparency"] = 0.66
		}
	}
	switch {
	case sanctions && g.Screening.Status == "partial":
		c["legalRegulatory"] = 0.66
	case sanctions:
		c["legalRegulatory"] = 1
	case news:
		c["legalRegulatory"] = 0.33
	}
	if news {
		c["adverseMedia"] = 1
		c["customerReputation"] = 0.66
	}
	if g.Site.Checked {
		c["onlinePresence"] = 1
		c["transparency"] = min(1, c["transparency"]+0.34)
	}
	n := 0.0
	for _, b := range []bool{g.DomainChecked, g.ThreatsChecked, g.Site.Checked} {
		if b {
			n++
		}
	}
	c["cyberDomain"] = []float64{0, 0.33, 0.66, 1}[int(n)]
	return c
}

func presence(g intel.Gathered, now time.Time) Presence {
	p := Presence{WebsiteChecked: g.Site.Checked}
	if g.Site.Checked {
		r, h, pk := g.Site.Reachable, g.Site.HTTPS, g.Site.Parked
		p.Reachable, p.HTTPS, p.Parked = &r, &h, &pk
	}
	if d := g.Domain; d != nil && !d.Created.IsZero() {
		days := int(now.Sub(d.Created).Hours() / 24)
		p.DomainAgeDays = &days
	}
	if g.ThreatsChecked {
		l := len(g.Threats) > 0
		p.ThreatListed = &l
	}
	return p
}

func summary(items []evidence.Item) EvidenceSummary {
	s := EvidenceSummary{Total: len(items), ByTier: map[string]int{"1": 0, "2": 0, "3": 0, "4": 0}}
	newest := ""
	for _, it := range items {
		s.ByTier[itoa(it.Tier)]++
		if d := cmp.Or(it.PublishedAt, it.RetrievedAt); d > newest {
			newest = d
		}
	}
	s.Newest = strp(newest)
	return s
}
