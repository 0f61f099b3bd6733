// Package evidence is the evidence model shared by Dalil's company
// intelligence capabilities (research_company, find_companies,
// analyze_company_risk, company_reputation_check, business_risk_score):
// what a finding rests on (source, URL, excerpt, retrieval time), how much
// that source is worth (tier 1-4), where a legal matter stands (allegation
// … conviction), how syndicated copies and URL variants collapse into one
// item, how namesakes in other countries are set aside, and how old
// evidence loses weight.
//
// Everything here is pure and deterministic: the same items in any order
// give the same result.
package evidence

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"slices"
	"strings"
	"time"
)

// Tiers: how much a source is worth. Lower is stronger.
const (
	// TierOfficial: an official registry, regulator, court or sanctions
	// list (and the registry operators' own data services: GLEIF, RDAP).
	TierOfficial = 1
	// TierMedia: established news or financial media (a curated list).
	TierMedia = 2
	// TierWeb: business databases, review sites and any other publisher.
	TierWeb = 3
	// TierSelf: forums, social media, user-generated content, the
	// company's own claims, and evidence a caller passed that could not be
	// verified.
	TierSelf = 4
)

// TierLabel names a tier in words.
func TierLabel(tier int) string {
	switch tier {
	case TierOfficial:
		return "official_record"
	case TierMedia:
		return "established_media"
	case TierWeb:
		return "business_database_or_web"
	}
	return "forum_social_or_self_reported"
}

// Quality is a tier's weight as a source, 0-1 (reference: 1.0, 0.8, 0.5,
// 0.2).
func Quality(tier int) float64 {
	switch tier {
	case TierOfficial:
		return 1
	case TierMedia:
		return 0.8
	case TierWeb:
		return 0.5
	}
	return 0.2
}

// Categories of evidence. They choose the cache lifetime, the decay
// half-life and which score dimension reads an item.
const (
	CatRegistry   = "registry"
	CatSanctions  = "sanctions"
	CatRegulatory = "regulatory"
	CatCourt      = "court"
	CatNews       = "news"
	CatReview     = "review"
	CatWebsite    = "website"
	CatDomain     = "domain"
	CatThreat     = "threat_listing"
	CatForum      = "forum"
	CatWeb        = "web"
	CatCaller     = "caller_supplied"
)

// Polarity says which way an item points.
const (
	Negative = "negative"
	Positive = "positive"
	Neutral  = "neutral"
)

// Item is one piece of evidence. Dates are RFC 3339 strings (UTC) so that
// an answer is byte-identical for identical evidence.
type Item struct {
	// ID is stable: a hash of the canonical URL, category and excerpt.
	ID        string `json:"evidenceId" schema:"maxLength=40"`
	Source    string `json:"source" schema:"maxLength=200" jsonschema:"Provider or publisher the item came from."`
	URL       string `json:"url" schema:"maxLength=2048"`
	Title     string `json:"title,omitempty" schema:"maxLength=500"`
	Publisher string `json:"publisher,omitempty" schema:"maxLength=200"`
	Excerpt   string `json:"excerpt" schema:"maxLength=2000" jsonschema:"Verbatim text of the source that the finding rests on."`
	// RetrievedAt is when Dalil (or the caller) obtained it.
	RetrievedAt string `json:"retrievedAt" schema:"maxLength=40"`
	// PublishedAt is the source's own date, when it states one.
	PublishedAt string `json:"publishedAt,omitempty" schema:"maxLength=40"`
	Tier        int    `json:"tier" schema:"minimum=1,maximum=4"`
	TierLabel   string `json:"tierLabel" schema:"enum=official_record|established_media|business_database_or_web|forum_social_or_self_reported"`
	Category    string `json:"category" schema:"maxLength=40"`
	Polarity    string `json:"polarity" schema:"enum=negative|positive|neutral"`
	// LegalStage is where a legal or regulatory matter stands, for news,
	// court and regulatory items that describe one.
	LegalStage string `json:"legalStage,omitempty" schema:"enum=allegation|investigation|lawsuit|charge|settlement|judgment|conviction"`
	// Country is the country the item is about, when it says.
	Country string `json:"country,omitempty" schema:"maxLength=2"`
	// CallerSupplied items came in the request; Verified says whether
	// Dalil confirmed the excerpt at the URL.
	CallerSupplied bool `json:"callerSupplied"`
	Verified       bool `json:"verified"`
	// DuplicatesMerged counts syndicated copies and URL variants folded
	// into this item; AlsoAt lists their canonical URLs.
	DuplicatesMerged int      `json:"duplicatesMerged"`
	AlsoAt           []string `json:"alsoAt" schema:"maxItems=50"`
	// DecayWeight is the weight left after age (1 = fresh) and Stale is
	// set past the category's staleness age.
	DecayWeight float64 `json:"decayWeight" schema:"minimum=0,maximum=1"`
	Stale       bool    `json:"stale"`
}

// When is the item's date for ageing: its publication date, else its
// retrieval date.
func (it Item) When() time.Time {
	for _, s := range []string{it.PublishedAt, it.RetrievedAt} {
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			return t
		}
		if t, err := time.Parse(time.DateOnly, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

// Stamp formats t for an Item (UTC, seconds).
func Stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Truncate(time.Second).Format(time.RFC3339)
}

// Finish fills what follows from an item's fields: canonical URL, tier
// label, ID. Call it once an item is built.
func (it *Item) Finish() {
	if it.Tier < TierOfficial || it.Tier > TierSelf {
		it.Tier = TierSelf
	}
	it.TierLabel = TierLabel(it.Tier)
	if it.Polarity == "" {
		it.Polarity = Neutral
	}
	if it.AlsoAt == nil {
		it.AlsoAt = []string{}
	}
	h := sha256.Sum256([]byte(Canonical(it.URL) + "\x00" + it.Category + "\x00" + strings.TrimSpace(it.Excerpt)))
	it.ID = "ev_" + hex.EncodeToString(h[:8])
}

// Less orders items for output: tier, category, then ID (a hash of the
// content), so the order never depends on which provider answered first.
func Less(a, b Item) int {
	return cmp.Or(cmp.Compare(a.Tier, b.Tier), cmp.Compare(a.Category, b.Category), cmp.Compare(a.ID, b.ID))
}

// Sort orders items with Less.
func Sort(items []Item) { slices.SortStableFunc(items, Less) }

// halfLife and staleAfter per category, in days (reference: news 540 /
// 1095, regulatory 1095 / 1825, reviews 365 / 730, forums 180 / 365).
// Registry, sanctions, domain, website and threat records describe the
// present state when retrieved and do not decay.
var (
	halfLife   = map[string]float64{CatNews: 540, CatWeb: 540, CatRegulatory: 1095, CatCourt: 1095, CatReview: 365, CatForum: 180, CatCaller: 540}
	staleAfter = map[string]float64{CatNews: 1095, CatWeb: 1095, CatRegulatory: 1825, CatCourt: 1825, CatReview: 730, CatForum: 365, CatCaller: 1095}
)

// Decay returns the weight left to an item of this category and date at
// now (0.5 per half-life) and whether it is stale. An undated item keeps
// weight 1; a date in the future counts as today.
func Decay(category string, when, now time.Time) (weight float64, stale bool) {
	hl, ok := halfLife[category]
	if !ok || when.IsZero() {
		return 1, false
	}
	days := now.Sub(when).Hours() / 24
	if days < 0 {
		days = 0
	}
	w := math.Pow(0.5, days/hl)
	return math.Round(w*1e4) / 1e4, days > staleAfter[category]
}

// ApplyDecay sets DecayWeight and Stale of every item at now.
func ApplyDecay(items []Item, now time.Time) {
	for i := range items {
		items[i].DecayWeight, items[i].Stale = Decay(items[i].Category, items[i].When(), now)
	}
}
