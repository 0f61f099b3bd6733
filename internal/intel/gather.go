package intel

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"dalil/internal/evidence"
)

// Plan says which stage-2 sources to ask.
type Plan struct {
	News, Reviews bool // web search for news and for reviews
	Website       bool // fetch the company's site
	Domain        bool // RDAP
	Threats       bool // Safe Browsing
	Sanctions     bool
	// Supplied is evidence the caller passed.
	Supplied []evidence.Supplied
}

// ProviderUse is one provider's part in an answer (coverage.providers,
// providers[]).
type ProviderUse struct {
	Provider string `json:"provider" schema:"maxLength=60"`
	Kind     string `json:"kind" schema:"enum=registry|web_search|domain|website|threat_listing|sanctions|llm"`
	// Status: used, cached (answered from the evidence cache, no call),
	// failed, not_configured, skipped (not needed for this request),
	// refused (the URL given is not one Dalil fetches: nothing asked),
	// stale (every sanctions list is past its age limit: nothing was
	// screened; listed, and no evidence).
	Status string `json:"status" schema:"enum=used|cached|failed|not_configured|skipped|refused|stale"`
	Detail string `json:"detail,omitempty" schema:"maxLength=300"`
	// Synthetic marks a source that is made-up demo data (the demo
	// sanctions list): it is listed, and is never evidence.
	Synthetic bool `json:"synthetic,omitempty"`
}

// Screening is the outcome of sanctions screening.
type Screening struct {
	// Status: no_match_found, possible_match, high_confidence_match,
	// not_checked (not configured), unavailable (failed), partial (some
	// lists could not be read).
	Status           string
	ListsChecked     []string
	ListsUnavailable []string
	NamesScreened    []string
	Matches          []Match
	// Lists are the lists checked with their dates and ages, and
	// ListsNotUsed those left out for their age (when the port says).
	Lists        []ListInfo
	ListsNotUsed []ListInfo
}

// Match is a judged sanctions hit.
type Match struct {
	Hit
	// Strength: possible or high (exact name and a corroborating country
	// or identifier, no contradiction).
	Strength       string
	Corroborating  []string
	Contradictions []string
	EvidenceID     string
}

// Site is what the company's website showed.
type Site struct {
	Checked, Reachable, HTTPS bool
	Parked, UnderConstruction bool
	RedirectsElsewhere        bool
	FinalHost                 string
	Emails                    []string
	FreeEmail                 bool
	EmailDomainMismatch       bool
	ContactInfo               bool
	NameConsistent            bool
	ActivityEvident           bool
	Title                     string
}

// Gathered is everything stage 2 found about a resolved company.
type Gathered struct {
	Items            []evidence.Item // collapsed, namesakes set aside, decayed, sorted
	Excluded         []evidence.Excluded
	DuplicatesMerged int
	Screening        Screening
	Domain           *DomainRecord // nil when not looked up or failed
	DomainChecked    bool
	Site             Site
	Threats          []Threat
	ThreatsChecked   bool
	Providers        []ProviderUse
	Warnings         []string
	// Failed are the providers that failed (the registers' too), sorted:
	// SourcesFailed's input when nothing else answered.
	Failed []Failure
	Cached bool // no outbound call was needed
}

// Searches is the number of web searches Gather makes per kind (news,
// reviews), per search engine: the per-request budget.
const Searches = 2

// Gather asks the stage-2 sources in plan about the resolved subject,
// concurrently, and returns the evidence in a form that does not depend on
// the order providers answered in. It never fails: a provider that fails
// is reported in Providers and Warnings and its part is missing.
func Gather(ctx context.Context, src Sources, s Subject, res Resolution, plan Plan, now time.Time) Gathered {
	var (
		g     Gathered
		mu    sync.Mutex
		wg    sync.WaitGroup
		items []evidence.Item
	)
	g.Cached = true
	// A local sanctions port is asked at every call (LocalLists).
	localSanctions := false
	if l, ok := src.Sanctions.(LocalLists); ok && l.Local() {
		localSanctions = true
	}
	use := func(p ProviderUse, hit bool, more ...evidence.Item) {
		mu.Lock()
		defer mu.Unlock()
		if p.Status == "used" && hit {
			p.Status = "cached"
		}
		if p.Status == "used" && !(p.Kind == "sanctions" && localSanctions) {
			g.Cached = false
		}
		if p.Status == "failed" {
			g.Warnings = append(g.Warnings, "PROVIDER_FAILED: "+p.Provider+": "+p.Detail)
		}
		g.Providers = append(g.Providers, p)
		items = append(items, more...)
	}
	fail := func(p ProviderUse, err error) {
		p.Status, p.Detail = "failed", failureWord(err)
		use(p, false)
		mu.Lock()
		g.Failed = append(g.Failed, Failure{Provider: p.Provider, Err: err})
		mu.Unlock()
	}
	// Registry records are evidence too.
	for _, r := range res.Records {
		items = append(items, recordItem(r, now))
	}
	for _, r := range res.RegistriesChecked {
		st := "used"
		if res.Cached {
			st = "cached"
		}
		g.Providers = append(g.Providers, ProviderUse{Provider: r, Kind: "registry", Status: st})
	}
	for _, f := range res.Failed {
		g.Providers = append(g.Providers, ProviderUse{Provider: f.Provider, Kind: "registry", Status: "failed", Detail: failureWord(f.Err)})
		g.Warnings = append(g.Warnings, "PROVIDER_FAILED: "+f.Provider+": "+failureWord(f.Err))
		g.Failed = append(g.Failed, f)
	}
	if len(src.Registries) == 0 {
		g.Providers = append(g.Providers, ProviderUse{Provider: "company_registry", Kind: "registry", Status: "not_configured"})
	}
	names := subjectNames(s, res)
	// Web searches.
	searches := map[string][]string{}
	if plan.News {
		searches["news"] = newsQueries(s)
	}
	if plan.Reviews {
		searches["review"] = []string{quote(s.Name) + " reviews complaints"}
	}
	if len(searches) > 0 && len(src.Searchers) == 0 {
		g.Providers = append(g.Providers, ProviderUse{Provider: "web_search", Kind: "web_search", Status: "not_configured"})
	}
	for _, se := range src.Searchers {
		if len(searches) == 0 {
			break
		}
		wg.Go(func() {
			var got []evidence.Item
			allHit := true
			for _, kind := range []string{"news", "review"} {
				for _, text := range searches[kind] {
					q := SearchQuery{Text: text, Country: s.Country, Max: 10, News: kind == "news"}
					rs, hit, err := cached(src.Cache, kind, se.Name(), fmt.Sprint(q), func() ([]SearchResult, error) { return se.Search(ctx, q) })
					if err != nil {
						fail(ProviderUse{Provider: se.Name(), Kind: "web_search"}, err)
						return
					}
					allHit = allHit && hit
					for _, r := range rs {
						got = append(got, resultItem(r, se.Name(), s.Domain, now))
					}
				}
			}
			use(ProviderUse{Provider: se.Name(), Kind: "web_search", Status: "used"}, allHit, got...)
		})
	}
	// Website.
	if plan.Website && s.Website != "" {
		if src.Website == nil {
			g.Providers = append(g.Providers, ProviderUse{Provider: "website", Kind: "website", Status: "not_configured"})
		} else {
			wg.Go(func() {
				p, hit, err := cached(src.Cache, "website", src.Website.Name(), s.Website, func() (Page, error) { return src.Website.Fetch(ctx, s.Website) })
				if errors.Is(err, ErrRefused) {
					// Not fetched: nothing is known of the site, so no
					// finding (not "unreachable") and no evidence.
					use(ProviderUse{Provider: src.Website.Name(), Kind: "website", Status: "refused",
						Detail: "not fetched: the website's address is not a public internet address"}, hit)
					return
				}
				if err != nil {
					mu.Lock()
					g.Site = Site{Checked: true} // unreachable
					mu.Unlock()
					use(ProviderUse{Provider: src.Website.Name(), Kind: "website", Status: "used", Detail: "site unreachable: " + failureWord(err)}, hit)
					return
				}
				site := inspect(p, s, names)
				mu.Lock()
				g.Site = site
				mu.Unlock()
				use(ProviderUse{Provider: src.Website.Name(), Kind: "website", Status: "used"}, hit, pageItem(p, src.Website.Name(), now))
			})
		}
	}
	// Domain.
	if plan.Domain && s.Domain != "" {
		if src.Domain == nil {
			g.Providers = append(g.Providers, ProviderUse{Provider: "rdap", Kind: "domain", Status: "not_configured"})
		} else {
			wg.Go(func() {
				d, hit, err := cached(src.Cache, "domain", src.Domain.Name(), s.Domain, func() (DomainRecord, error) { return src.Domain.Lookup(ctx, s.Domain) })
				if err != nil {
					fail(ProviderUse{Provider: src.Domain.Name(), Kind: "domain"}, err)
					return
				}
				mu.Lock()
				g.Domain, g.DomainChecked = &d, true
				mu.Unlock()
				use(ProviderUse{Provider: src.Domain.Name(), Kind: "domain", Status: "used"}, hit, domainItem(d, src.Domain.Name(), now))
			})
		}
	}
	// Threat listings.
	if plan.Threats && s.Domain != "" {
		if src.SafeBrowsing == nil {
			g.Providers = append(g.Providers, ProviderUse{Provider: "safe_browsing", Kind: "threat_listing", Status: "not_configured"})
		} else {
			wg.Go(func() {
				urls := []string{"https://" + s.Domain + "/"}
				if s.Website != "" && s.Website != urls[0] {
					urls = append(urls, s.Website)
				}
				ts, hit, err := cached(src.Cache, "threat", src.SafeBrowsing.Name(), strings.Join(urls, " "), func() ([]Threat, error) { return src.SafeBrowsing.Check(ctx, urls) })
				if err != nil {
					fail(ProviderUse{Provider: src.SafeBrowsing.Name(), Kind: "threat_listing"}, err)
					return
				}
				ts = slices.Clone(ts)
				slices.SortFunc(ts, func(a, b Threat) int { return cmp.Or(cmp.Compare(a.URL, b.URL), cmp.Compare(a.Type, b.Type)) })
				var its []evidence.Item
				for _, t := range ts {
					it := evidence.Item{Source: src.SafeBrowsing.Name(), URL: t.URL, Excerpt: t.URL + " is listed as " + t.Type,
						RetrievedAt: evidence.Stamp(now), Tier: evidence.TierOfficial, Category: evidence.CatThreat, Polarity: evidence.Negative}
					it.Finish()
					its = append(its, it)
				}
				mu.Lock()
				g.Threats, g.ThreatsChecked = ts, true
				mu.Unlock()
				use(ProviderUse{Provider: src.SafeBrowsing.Name(), Kind: "threat_listing", Status: "used"}, hit, its...)
			})
		}
	}
	// Sanctions.
	g.Screening.Status = "not_checked"
	g.Screening.NamesScreened = names
	if plan.Sanctions {
		if !src.SanctionsOn() {
			g.Providers = append(g.Providers, ProviderUse{Provider: "sanctions_lists", Kind: "sanctions", Status: "not_configured"})
		} else {
			wg.Go(func() {
				q := ScreenQuery{Names: names, Country: s.Country, Identifiers: identifiers(s, res)}
				screen := func() (ScreenResult, error) {
					r, err := src.Sanctions.Screen(ctx, q)
					if err == nil && len(r.ListsChecked)+len(r.ListsUnavailable)+len(r.NotUsed) == 0 {
						err = errNoLists // not kept: a list imported later is used at once
					}
					if err == nil && len(r.ListsChecked) == 0 && len(r.NotUsed) > 0 {
						err = errListsTooOld // not kept either: a sync makes them current at once
					}
					return r, err
				}
				var r ScreenResult
				var hit bool
				var err error
				if localSanctions {
					r, err = screen()
				} else {
					r, hit, err = cached(src.Cache, "sanctions", src.Sanctions.Name(), fmt.Sprint(q), screen)
				}
				if errors.Is(err, errListsTooOld) {
					// Every list is past its hard age limit: nothing was
					// screened (not_checked, never clear), and the lists
					// are named as stale, no evidence.
					sc, _ := judge(r, s, res, names, now)
					mu.Lock()
					g.Screening = sc
					g.Warnings = append(g.Warnings, r.Warnings...)
					mu.Unlock()
					use(ProviderUse{Provider: src.Sanctions.Name(), Kind: "sanctions", Status: "stale", Synthetic: r.Synthetic,
						Detail: "every list is past the server's age limit: not screened"}, false)
					return
				}
				if errors.Is(err, errNoLists) {
					// No list to screen against: not checked, never clear.
					use(ProviderUse{Provider: src.Sanctions.Name(), Kind: "sanctions", Status: "not_configured", Detail: "no list imported"}, false)
					return
				}
				if err != nil {
					mu.Lock()
					g.Screening.Status = "unavailable"
					mu.Unlock()
					fail(ProviderUse{Provider: src.Sanctions.Name(), Kind: "sanctions"}, err)
					return
				}
				sc, its := judge(r, s, res, names, now)
				mu.Lock()
				g.Screening = sc
				g.Warnings = append(g.Warnings, r.Warnings...)
				mu.Unlock()
				p := ProviderUse{Provider: src.Sanctions.Name(), Kind: "sanctions", Status: "used", Synthetic: r.Synthetic}
				if r.Synthetic {
					p.Detail = "synthetic demo lists only: not evidence"
				}
				use(p, hit, its...)
			})
		}
	}
	wg.Wait()
	items = append(items, evidence.FromSupplied(plan.Supplied, s.Domain, now, verifier(ctx, src))...)
	items = uniqueByID(items) // one result found by two queries is one result, not a copy
	items, g.DuplicatesMerged = evidence.Collapse(items)
	items, g.Excluded = evidence.SplitByEntity(items, names, s.Country)
	evidence.ApplyDecay(items, now)
	evidence.Sort(items)
	for i := range g.Screening.Matches {
		for _, it := range items {
			if it.Category == evidence.CatSanctions && it.URL == g.Screening.Matches[i].URL && strings.Contains(it.Excerpt, g.Screening.Matches[i].ListedName) {
				g.Screening.Matches[i].EvidenceID = it.ID
			}
		}
	}
	g.Items = items
	if g.Excluded == nil {
		g.Excluded = []evidence.Excluded{}
	}
	slices.SortFunc(g.Excluded, func(a, b evidence.Excluded) int { return evidence.Less(a.Item, b.Item) })
	slices.SortFunc(g.Providers, func(a, b ProviderUse) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Provider, b.Provider), cmp.Compare(a.Status, b.Status))
	})
	slices.Sort(g.Warnings)
	g.Warnings = slices.Compact(g.Warnings)
	slices.SortFunc(g.Failed, func(a, b Failure) int { return cmp.Compare(a.Provider, b.Provider) })
	for _, p := range g.Providers {
		if p.Status == "used" && !(p.Kind == "sanctions" && localSanctions) {
			g.Cached = false
		}
	}
	return g
}

// errNoLists: a sanctions port answered with no list checked at all.
var errNoLists = errors.New("no sanctions list imported")

// errListsTooOld: a sanctions port left every list out for its age.
var errListsTooOld = errors.New("every sanctions list is past its age limit")

func uniqueByID(items []evidence.Item) []evidence.Item {
	seen := map[string]bool{}
	out := items[:0:0]
	for _, it := range items {
		it.Finish()
		if k := it.URL + "\x00" + it.ID; !seen[k] {
			seen[k] = true
			out = append(out, it)
		}
	}
	return out
}

// verifier checks caller evidence by fetching its URL through the website
// port; nil when there is none.
func verifier(ctx context.Context, src Sources) evidence.Verify {
	if src.Website == nil {
		return nil
	}
	return func(u, excerpt string) bool {
		p, _, err := cached(src.Cache, "website", src.Website.Name(), u, func() (Page, error) { return src.Website.Fetch(ctx, u) })
		return err == nil && strings.Contains(collapseSpace(p.Text), collapseSpace(excerpt))
	}
}

func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

func failureWord(err error) string {
	switch {
	case err == nil:
		return ""
	case errorsIs(err, ErrTimeout), errorsIs(err, context.DeadlineExceeded):
		return "timeout"
	case errorsIs(err, ErrRateLimited):
		return "rate limited"
	}
	return "unavailable"
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, "") + `"` }

// newsQueries are the news searches for a subject: adverse terms, and the
// company in its country.
func newsQueries(s Subject) []string {
	place := evidence.CountryName(s.Country)
	q := []string{quote(s.Name) + " fraud OR lawsuit OR fined OR sanctions OR investigation OR convicted OR insolvency"}
	if place != "" {
		q = append(q, quote(s.Name)+" "+place)
	} else {
		q = append(q, quote(s.Name)+" company news")
	}
	return q[:min(len(q), Searches)]
}

// subjectNames are the names screened and matched: the given names and
// the register's current and previous names, each once, sorted.
func subjectNames(s Subject, res Resolution) []string {
	var out []string
	add := func(n string) {
		n = strings.TrimSpace(n)
		if n != "" && !slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, n) }) {
			out = append(out, n)
		}
	}
	for _, n := range s.Names() {
		add(n)
	}
	for _, r := range res.Records {
		add(r.Name)
		for _, p := range r.PreviousNames {
			add(p.Name)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Compare(strings.ToLower(a), strings.ToLower(b)) })
	return out
}

func identifiers(s Subject, res Resolution) []string {
	var out []string
	for _, v := range []string{s.Number, s.LEI} {
		if v != "" {
			out = append(out, normNumber(v))
		}
	}
	for _, r := range res.Records {
		for _, v := range []string{r.Number, r.LEI} {
			if v != "" && !slices.Contains(out, normNumber(v)) {
				out = append(out, normNumber(v))
			}
		}
	}
	slices.Sort(out)
	return out
}

func recordItem(r Record, now time.Time) evidence.Item {
	parts := []string{r.Name}
	if r.Number != "" {
		parts = append(parts, "number "+r.Number)
	}
	if r.LEI != "" {
		parts = append(parts, "LEI "+r.LEI)
		if r.LEIStatus != "" {
			parts = append(parts, "LEI status "+r.LEIStatus)
		}
	}
	if r.Status != "" {
		parts = append(parts, "status "+r.Status)
	}
	if !r.Incorporated.IsZero() {
		parts = append(parts, "incorporated "+r.Incorporated.Format(time.DateOnly))
	}
	if r.City != "" || r.Country != "" {
		parts = append(parts, strings.Trim(r.City+", "+r.Country, ", "))
	}
	for _, f := range []struct {
		on   bool
		text string
	}{{r.AccountsOverdue, "accounts overdue"}, {r.ConfirmationOverdue, "confirmation statement overdue"},
		{r.InsolvencyActive, "insolvency proceedings open"}, {r.InsolvencyHistory, "insolvency history"}, {r.StrikeOffPending, "proposal to strike off"}} {
		if f.on {
			parts = append(parts, f.text)
		}
	}
	ret := r.RetrievedAt
	if ret.IsZero() {
		ret = now
	}
	it := evidence.Item{Source: r.Registry, URL: r.URL, Title: r.Name, Publisher: r.Registry, Excerpt: strings.Join(parts, "; "),
		RetrievedAt: evidence.Stamp(ret), Tier: evidence.TierOfficial, Category: evidence.CatRegistry, Polarity: evidence.Neutral, Country: r.Country}
	it.Finish()
	return it
}

var ratingRe = regexp.MustCompile(`(?i)(?:rated|rating|score|trustscore)?\s*([0-5](?:[.,][0-9])?)\s*(?:/|out of)\s*5\b`)

// Rating is a review page's star rating out of 5 in its text, if any.
func Rating(text string) (float64, bool) {
	m := ratingRe.FindStringSubmatch(text)
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", "."), 64)
	return v, err == nil && v <= 5
}

func resultItem(r SearchResult, engine, ownDomain string, now time.Time) evidence.Item {
	tier, cat := evidence.Classify(r.URL, ownDomain)
	text := r.Title + " " + r.Snippet
	it := evidence.Item{Source: engine, URL: r.URL, Title: r.Title, Publisher: cmp.Or(r.Publisher, evidence.Host(r.URL)), Excerpt: r.Snippet,
		RetrievedAt: evidence.Stamp(now), PublishedAt: evidence.Stamp(r.Published), Tier: tier, Category: cat, Polarity: evidence.Neutral}
	if cat == evidence.CatWeb && !r.Published.IsZero() && tier == evidence.TierWeb {
		it.Category = evidence.CatNews // a dated article from an unlisted publisher
	}
	if cat != evidence.CatWebsite {
		it.LegalStage = evidence.DetectStage(text)
	}
	switch {
	case it.LegalStage != "":
		it.Polarity = evidence.Negative
	case cat == evidence.CatReview:
		if v, ok := Rating(text); ok {
			switch {
			case v >= 4:
				it.Polarity = evidence.Positive
			case v <= 2.5:
				it.Polarity = evidence.Negative
			}
		}
	}
	it.Finish()
	return it
}

func pageItem(p Page, fetcher string, now time.Time) evidence.Item {
	ex := collapseSpace(p.Text)
	if len(ex) > 300 {
		ex = ex[:300]
	}
	it := evidence.Item{Source: fetcher, URL: cmp.Or(p.FinalURL, p.URL), Title: p.Title, Excerpt: ex, RetrievedAt: evidence.Stamp(now),
		Tier: evidence.TierSelf, Category: evidence.CatWebsite, Polarity: evidence.Neutral}
	it.Finish()
	return it
}

func domainItem(d DomainRecord, src string, now time.Time) evidence.Item {
	parts := []string{d.Domain}
	if !d.Registered {
		parts = append(parts, "not registered")
	}
	if !d.Created.IsZero() {
		parts = append(parts, "registered "+d.Created.Format(time.DateOnly))
	}
	if !d.Expiry.IsZero() {
		parts = append(parts, "expires "+d.Expiry.Format(time.DateOnly))
	}
	if len(d.Statuses) > 0 {
		parts = append(parts, "status "+strings.Join(d.Statuses, ", "))
	}
	if d.Registrar != "" {
		parts = append(parts, "registrar "+d.Registrar)
	}
	it := evidence.Item{Source: src, URL: cmp.Or(d.URL, "https://rdap.org/domain/"+d.Domain), Excerpt: strings.Join(parts, "; "),
		RetrievedAt: evidence.Stamp(now), Tier: evidence.TierOfficial, Category: evidence.CatDomain, Polarity: evidence.Neutral}
	it.Finish()
	return it
}

var (
	emailRe  = regexp.MustCompile(`[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)`)
	phoneRe  = regexp.MustCompile(`\+?[0-9][0-9 ()-]{7,}[0-9]`)
	parkedRe = regexp.MustCompile(`(?i)(this domain (is|may be) for sale|buy this domain|domain is parked|parked free|parking page|sedoparking|hugedomains|domain for sale)`)
	buildRe  = regexp.MustCompile(`(?i)(under construction|coming soon|site is being built|website is on its way|launching soon)`)
	freeMail = []string{"gmail.com", "googlemail.com", "yahoo.com", "hotmail.com", "outlook.com", "live.com", "aol.com", "icloud.com",
		"protonmail.com", "proton.me", "mail.ru", "yandex.ru", "gmx.com", "gmx.de", "qq.com", "163.com", "zoho.com"}
)

// inspect reads what a fetched home page shows.
func inspect(p Page, s Subject, names []string) Site {
	site := Site{Checked: true, Reachable: p.Status >= 200 && p.Status < 400, Title: p.Title}
	final := cmp.Or(p.FinalURL, p.URL)
	if u, err := url.Parse(final); err == nil {
		site.HTTPS = u.Scheme == "https"
		site.FinalHost = evidence.Host(final)
	}
	req := evidence.Host(p.URL)
	site.RedirectsElsewhere = site.FinalHost != "" && req != "" && registrable(site.FinalHost) != registrable(req)
	text := p.Title + " " + p.Text
	site.Parked = parkedRe.MatchString(text)
	site.UnderConstruction = !site.Parked && buildRe.MatchString(text)
	for _, m := range emailRe.FindAllStringSubmatch(p.Text, 20) {
		e := strings.ToLower(m[0])
		if !slices.Contains(site.Emails, e) {
			site.Emails = append(site.Emails, e)
		}
		d := strings.ToLower(m[1])
		if slices.Contains(freeMail, d) {
			site.FreeEmail = true
		} else if s.Domain != "" && registrable(d) != registrable(s.Domain) {
			site.EmailDomainMismatch = true
		}
	}
	slices.Sort(site.Emails)
	site.ContactInfo = len(site.Emails) > 0 || phoneRe.MatchString(p.Text) || strings.Contains(strings.ToLower(p.Text), "contact us")
	probe := evidence.Item{Title: p.Title, Excerpt: p.Text}
	site.NameConsistent = evidence.Relevance(probe, names, "") >= 0.6
	site.ActivityEvident = len(strings.Fields(p.Text)) >= 50 && !site.Parked && !site.UnderConstruction
	return site
}

// registrable approximates a host's registrable domain: its last two
// labels, or three under a two-letter country code with a short second
// level (co.uk, com.om).
func registrable(host string) string {
	l := strings.Split(host, ".")
	if len(l) >= 3 && len(l[len(l)-1]) == 2 && len(l[len(l)-2]) <= 3 {
		return strings.Join(l[len(l)-3:], ".")
	}
	if len(l) >= 2 {
		return strings.Join(l[len(l)-2:], ".")
	}
	return host
}

// DomainConsistent reports whether a domain's name reflects the company
// name: a distinctive word of the name (four letters or more), or the
// initials of its words, is in the domain's first label.
func DomainConsistent(domain string, names []string) bool {
	label := strings.ToLower(strings.Split(registrable(domain), ".")[0])
	label = strings.ReplaceAll(label, "-", "")
	for _, n := range names {
		tok := evidence.NameTokens(n)
		initials := ""
		for _, w := range tok {
			initials += w[:1]
			if len(w) >= 4 && strings.Contains(label, w) {
				return true
			}
		}
		if len(initials) >= 2 && strings.HasPrefix(label, initials) {
			return true
		}
		if strings.Join(tok, "") == label {
			return true
		}
	}
	return false
}

// CachedSearch runs one search through the evidence cache (category
// search).
func CachedSearch(ctx context.Context, c *Cache, se Searcher, q SearchQuery) ([]SearchResult, bool, error) {
	return cached(c, "search", se.Name(), fmt.Sprint(q), func() ([]SearchResult, error) { return se.Search(ctx, q) })
}

// ResultItem is a search result as an evidence item (tier by URL, legal
// stage and polarity from its text).
func ResultItem(r SearchResult, engine, ownDomain string, now time.Time) evidence.Item {
	return resultItem(r, engine, ownDomain, now)
}

// CachedExtract runs an LLM extraction through the evidence cache.
func CachedExtract(ctx context.Context, c *Cache, l Synthesizer, x Extraction) ([]Claim, bool, error) {
	return cached(c, "llm", l.Name(), fmt.Sprint(x), func() ([]Claim, error) { return l.Extract(ctx, x) })
}

// CachedLookup runs one register lookup through the evidence cache.
func CachedLookup(ctx context.Context, c *Cache, r Registry, q RegistryQuery) ([]Record, bool, error) {
	return cached(c, "registry", r.Name(), fmt.Sprint(q), func() ([]Record, error) { return r.Lookup(ctx, q) })
}
