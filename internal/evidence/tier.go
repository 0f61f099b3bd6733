package evidence

import (
	"net/url"
	"slices"
	"strings"
)

// officialHosts are official registries, regulators, courts, sanctions
// lists and registry operators (tier 1), besides government TLDs.
var officialHosts = []string{
	"gleif.org", "find-and-update.company-information.service.gov.uk", "company-information.service.gov.uk",
	"opensanctions.org", "sanctionssearch.ofac.treas.gov", "trade.gov", "un.org", "europa.eu", "fca.org.uk",
	"sec.gov", "finra.org", "cftc.gov", "fincen.gov", "justice.gov", "courtlistener.com", "bailii.org",
	"rdap.org", "iana.org", "icann.org", "esma.europa.eu", "bafin.de", "amf-france.org", "asic.gov.au",
	"mas.gov.sg", "dfsa.ae", "cbo.gov.om", "cma.gov.om", "fsa.go.jp", "osc.ca", "thegazette.co.uk",
	"insolvencydirect.bis.gov.uk", "opencorporates.com",
}

// mediaHosts are established news and financial media (tier 2): a short
// curated list, as in the reference service. Unknown publishers are tier 3.
var mediaHosts = []string{
	"reuters.com", "bloomberg.com", "ft.com", "wsj.com", "apnews.com", "bbc.co.uk", "bbc.com", "nytimes.com",
	"theguardian.com", "economist.com", "cnbc.com", "washingtonpost.com", "aljazeera.com", "afp.com",
	"nikkei.com", "asia.nikkei.com", "handelsblatt.com", "lemonde.fr", "spiegel.de", "faz.net", "lesechos.fr",
	"forbes.com", "fortune.com", "barrons.com", "marketwatch.com", "businessinsider.com", "axios.com",
	"politico.com", "politico.eu", "npr.org", "cbsnews.com", "nbcnews.com", "abcnews.go.com", "cnn.com",
	"latimes.com", "independent.co.uk", "telegraph.co.uk", "thetimes.co.uk", "scmp.com", "straitstimes.com",
	"zawya.com", "thenationalnews.com", "gulfnews.com", "arabnews.com", "timesofoman.com", "omanobserver.om",
	"khaleejtimes.com", "theglobeandmail.com", "smh.com.au", "afr.com", "elpais.com", "corriere.it",
	"dw.com", "france24.com", "euronews.com", "caixinglobal.com", "livemint.com", "economictimes.indiatimes.com",
	"thehindu.com", "moneycontrol.com",
}

// selfHosts are forums, social media and user-generated content (tier 4).
var selfHosts = []string{
	"reddit.com", "twitter.com", "x.com", "facebook.com", "instagram.com", "linkedin.com", "tiktok.com",
	"youtube.com", "quora.com", "medium.com", "substack.com", "tumblr.com", "pinterest.com", "t.me",
	"telegram.org", "discord.com", "threads.net", "wordpress.com", "blogspot.com", "stackexchange.com",
	"ripoffreport.com", "complaintsboard.com", "4chan.org", "vk.com", "weibo.com",
}

// reviewHosts are review sites and business databases (tier 3, category
// review).
var reviewHosts = []string{
	"trustpilot.com", "glassdoor.com", "indeed.com", "yelp.com", "bbb.org", "sitejabber.com", "g2.com",
	"capterra.com", "tripadvisor.com", "google.com", "reviews.io", "feefo.com", "productreview.com.au",
}

// govSuffixes are government and public-body domains (tier 1).
var govSuffixes = []string{".gov", ".mil", ".int", ".gov.uk", ".gouv.fr", ".gc.ca", ".gov.au", ".gov.om", ".gov.ae",
	".gov.sa", ".gov.qa", ".gov.bh", ".gov.kw", ".gov.in", ".gov.sg", ".go.jp", ".go.kr", ".gov.cn", ".gov.br",
	".gob.mx", ".gob.es", ".bund.de", ".admin.ch", ".gv.at", ".govt.nz", ".gov.za", ".gov.ie", ".overheid.nl",
	".europa.eu", ".police.uk", ".judiciary.uk", ".courts.gov"}

// Host is the lower-case host of a URL without "www." and a port; "" when
// the URL has none.
func Host(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		u, err = url.Parse("https://" + strings.TrimSpace(raw))
		if err != nil {
			return ""
		}
	}
	h := strings.ToLower(u.Hostname())
	for _, p := range []string{"www.", "m.", "amp.", "mobile."} {
		h = strings.TrimPrefix(h, p)
	}
	return strings.Trim(h, ".")
}

// hostIn reports whether host is one of list or a subdomain of one.
func hostIn(host string, list []string) bool {
	return slices.ContainsFunc(list, func(d string) bool { return host == d || strings.HasSuffix(host, "."+d) })
}

// Classify returns the tier and category of a web page by its URL: tier 1
// for government domains and the official hosts, 2 for the curated media,
// 4 for forums and social media and for the company's own domain
// (ownDomain, "" when unknown: its pages are the company's claims), else
// tier 3. Category is news (tier 2), review, forum, website (own), web,
// or regulatory (tier 1).
func Classify(rawURL, ownDomain string) (tier int, category string) {
	h := Host(rawURL)
	own := Host(ownDomain)
	switch {
	case own != "" && (h == own || strings.HasSuffix(h, "."+own)):
		return TierSelf, CatWebsite
	case hostIn(h, govSuffixesTrimmed()) || hostIn(h, officialHosts):
		return TierOfficial, CatRegulatory
	case hostIn(h, mediaHosts):
		return TierMedia, CatNews
	case hostIn(h, selfHosts):
		return TierSelf, CatForum
	case hostIn(h, reviewHosts):
		return TierWeb, CatReview
	}
	return TierWeb, CatWeb
}

func govSuffixesTrimmed() []string {
	out := make([]string, len(govSuffixes))
	for i, s := range govSuffixes {
		out[i] = strings.TrimPrefix(s, ".")
	}
	return out
}

// trackingParams are query parameters that never change a page.
var trackingParams = []string{"utm_", "fbclid", "gclid", "mc_cid", "mc_eid", "ref", "cmpid", "ocid", "src", "s_cid", "igshid", "amp"}

// Canonical is the form of a URL that URL variants share: no scheme, no
// "www."/"m."/"amp." host prefix, no fragment, no tracking parameters,
// no trailing slash or "/amp" suffix, remaining parameters sorted. Two
// URLs with the same canonical form are the same page.
func Canonical(raw string) string {
	s := strings.TrimSpace(raw)
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		if u, err = url.Parse("https://" + s); err != nil || u.Host == "" {
			return strings.ToLower(s)
		}
	}
	p := u.EscapedPath()
	for prev := ""; prev != p; {
		prev = p
		p = strings.TrimRight(p, "/")
		for _, suf := range []string{"/amp", ".amp", "/index.html", "/index.htm"} {
			p = strings.TrimSuffix(p, suf)
		}
	}
	q := u.Query()
	for k := range q {
		lk := strings.ToLower(k)
		if slices.ContainsFunc(trackingParams, func(t string) bool { return lk == t || strings.HasSuffix(t, "_") && strings.HasPrefix(lk, t) }) {
			q.Del(k)
		}
	}
	host := Host(u.String())
	if host == "" {
		return strings.ToLower(s)
	}
	out := host + p
	if enc := q.Encode(); enc != "" { // Encode sorts by key
		out += "?" + enc
	}
	return out
}
