package evidence

import (
	"strings"
	"time"
)

// Supplied is evidence a caller holds and passes in a request. It enters
// at tier 4 unless Dalil can verify it: its URL belongs to a tier 1-3
// source and the excerpt is found at that URL.
type Supplied struct {
	URL         string `json:"url" schema:"minLength=8,maxLength=2048,pattern=^https?://" jsonschema:"Where the evidence can be read (http or https)."`
	Excerpt     string `json:"excerpt" schema:"minLength=1,maxLength=2000" jsonschema:"The passage of the source, verbatim."`
	Title       string `json:"title,omitempty" schema:"maxLength=500"`
	Source      string `json:"source,omitempty" schema:"maxLength=200" jsonschema:"Publisher or register, as the caller knows it."`
	PublishedAt string `json:"publishedAt,omitempty" schema:"format=date" jsonschema:"Publication date, YYYY-MM-DD."`
	Polarity    string `json:"polarity,omitempty" schema:"enum=negative|positive|neutral" jsonschema:"Which way the evidence points; default: negative when it describes a legal matter, else neutral."`
}

// Verify reports whether an excerpt is found at a URL; nil means nothing
// can be verified (every supplied item stays at tier 4).
type Verify func(url, excerpt string) bool

// FromSupplied turns caller evidence into items retrieved at now. Each is
// tier 4 and Verified false unless verify confirms it, in which case it
// takes its URL's tier. ownDomain is the company's own domain ("" when
// unknown): its pages stay tier 4 even when verified (a company's claims
// about itself).
func FromSupplied(in []Supplied, ownDomain string, now time.Time, verify Verify) []Item {
	out := make([]Item, 0, len(in))
	for _, s := range in {
		tier, cat := Classify(s.URL, ownDomain)
		if cat == CatWeb {
			cat = CatCaller
		}
		it := Item{
			Source: cmpOr(s.Source, Host(s.URL)), URL: strings.TrimSpace(s.URL), Title: s.Title, Publisher: s.Source,
			Excerpt: strings.TrimSpace(s.Excerpt), RetrievedAt: Stamp(now), PublishedAt: s.PublishedAt,
			Tier: TierSelf, Category: cat, CallerSupplied: true, Polarity: s.Polarity,
			LegalStage: DetectStage(s.Title + " " + s.Excerpt),
		}
		if it.Polarity == "" {
			it.Polarity = Neutral
			if it.LegalStage != "" {
				it.Polarity = Negative
			}
		}
		if tier < TierSelf && verify != nil && verify(it.URL, it.Excerpt) {
			it.Tier, it.Verified = tier, true
		}
		it.Finish()
		out = append(out, it)
	}
	return out
}

func cmpOr(a, b string) string {
	if strings.TrimSpace(a) != "" {
		return strings.TrimSpace(a)
	}
	return b
}
