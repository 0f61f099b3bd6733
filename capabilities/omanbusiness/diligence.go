package omanbusiness

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"dalil"
)

// Ports of due_diligence_oman_company: what it needs from outside, in
// its own words. Each is optional: nil leaves its check not_checked (and
// the answer says so). Only cmd/dalil wires adapters to them.

// SanctionsScreener screens names against the sanctions lists the
// operator imported (the sanctions engine).
type SanctionsScreener interface {
	// Screen screens the names with the country and registration number
	// given. No list imported is a Screening with no Lists, never an
	// error.
	Screen(ctx context.Context, req ScreenRequest) (Screening, error)
}

// ScreenRequest is what is screened: a company's names, country "OM" and
// its CR number when on file.
type ScreenRequest struct {
	Names              []string
	Country            string
	RegistrationNumber string
}

// Screening is a sanctions screen's result.
type Screening struct {
	Lists   []SanctionsList
	Matches []SanctionsMatch
	// NotUsed are the lists left out for their age (past the hard
	// limit): not screened. Warnings are the stale_list warnings.
	NotUsed  []SanctionsList
	Warnings []string
}

// SanctionsList is one list screened.
type SanctionsList struct {
	Name      string `json:"name"`
	Version   string `json:"version" jsonschema:"Publication date or version the list states."`
	Entries   int    `json:"entries"`
	Synthetic bool   `json:"synthetic" jsonschema:"The list is made-up demo data: screening it says nothing about real sanctions."`
	// Published, RetrievedAt, CurrentAsOf, AgeSeconds and Freshness date
	// the list (the sanctions engine's Freshness).
	Published   string    `json:"published,omitempty" jsonschema:"The publication date the list states."`
	RetrievedAt time.Time `json:"retrievedAt,omitzero" jsonschema:"When this version of the list was downloaded."`
	CurrentAsOf time.Time `json:"currentAsOf,omitzero" jsonschema:"When the list was last known to be its publisher's current version (its download, or a later sync that found it unchanged)."`
	AgeSeconds  int64     `json:"ageSeconds,omitempty" jsonschema:"Seconds from currentAsOf to this answer."`
	Freshness   string    `json:"freshness,omitempty" schema:"enum=current|stale|expired" jsonschema:"stale: past the server's age limit, screened with a stale_list warning; expired: past its hard limit, not screened."`
	// Batch identifies the import (meta.evidence).
	Batch string `json:"-"`
}

// SanctionsMatch is one listed name that came close to one of the
// company's names: an automated lead, never a finding.
type SanctionsMatch struct {
	ListedName    string   `json:"listedName"`
	MatchedAlias  string   `json:"matchedAlias,omitempty"`
	List          string   `json:"list"`
	EntryID       string   `json:"entryId"`
	ScreenedName  string   `json:"screenedName"`
	MatchScore    float64  `json:"matchScore" schema:"minimum=0,maximum=1"`
	MatchType     string   `json:"matchType" schema:"enum=exact_normalized_name|fuzzy_name"`
	MatchStrength string   `json:"matchStrength" schema:"enum=possible|high"`
	Corroborating []string `json:"corroboratingIdentifiers"`
	Contradicting []string `json:"contradictions"`
	Synthetic     bool     `json:"synthetic" jsonschema:"The entry is on a made-up demo list: an illustration, not a listing."`
}

// WebsiteInspector fetches a company's website through the SSRF-checked
// client (internal/safehttp): wired only when the operator switched
// website fetching on.
type WebsiteInspector interface {
	Inspect(ctx context.Context, url string) (SiteVisit, error)
}

// SiteVisit is what a website fetch saw. A URL the fetcher refused has
// Refused set; a site that answered with an error status is Reachable
// false with its Status.
type SiteVisit struct {
	FinalURL  string
	Status    int
	Reachable bool
	HTTPS     bool
	Title     string
	Refused   string
}

// Sanctions screening statuses of due diligence.
const (
	SanctionsNoMatch      = "no_match_found"
	SanctionsPossible     = "possible_match"
	SanctionsHigh         = "high_confidence_match"
	SanctionsSynthetic    = "synthetic_lists_only"
	SanctionsNotChecked   = "not_checked"
	SanctionsUnavailable  = "unavailable"
	strengthHigh          = "high"
	sanctionsPossibleFlag = "POTENTIAL_SANCTIONS_MATCH"
	sanctionsHighFlag     = "HIGH_CONFIDENCE_SANCTIONS_MATCH"
)

// DDSanctions is due diligence's sanctions screen.
type DDSanctions struct {
	Status        string           `json:"status" schema:"enum=no_match_found|possible_match|high_confidence_match|synthetic_lists_only|not_checked|unavailable" jsonschema:"From real imported lists only. no_match_found only means no listed name came close on the lists screened; synthetic_lists_only when the only lists imported are made-up demo data (never read as no match); not_checked when no list is imported or screening is not configured."`
	NamesScreened []string         `json:"namesScreened"`
	Lists         []SanctionsList  `json:"lists" jsonschema:"Each list screened, with its version, entry count, whether it is synthetic, its dates, age and freshness."`
	ListsNotUsed  []SanctionsList  `json:"listsNotUsed" jsonschema:"Lists past the server's hard age limit (DALIL_SANCTIONS_HARD_MAX_AGE): not screened, so nothing is said from them."`
	Matches       []SanctionsMatch `json:"matches" jsonschema:"Listed names that came close: automated leads to verify at the source list, never findings."`
	Explanation   string           `json:"explanation"`
	// Warnings are the stale_list warnings (also in the answer's
	// warnings).
	Warnings []string `json:"-"`
}

// Website check statuses of due diligence.
const (
	SiteReachable   = "reachable"
	SiteUnreachable = "unreachable"
	SiteRefused     = "refused"
	SiteUnavailable = "unavailable"
	SiteNotChecked  = "not_checked"
	SiteNone        = "no_website"
)

// DDWebsite is due diligence's website check.
type DDWebsite struct {
	Status      string  `json:"status" schema:"enum=reachable|unreachable|refused|unavailable|not_checked|no_website" jsonschema:"not_checked when website fetching is off on this server: the website on file was not visited, so nothing is said about it."`
	Checked     bool    `json:"checked" jsonschema:"True only when the website was fetched during this call."`
	URL         *string `json:"url" jsonschema:"The website on file."`
	FinalURL    *string `json:"finalUrl" jsonschema:"Where the fetch ended, after redirects."`
	HTTPStatus  *int    `json:"httpStatus"`
	HTTPS       *bool   `json:"https"`
	Title       *string `json:"title"`
	CheckedAt   *string `json:"checkedAt" jsonschema:"When it was fetched (RFC 3339); null when it was not."`
	Explanation string  `json:"explanation"`
}

// UnverifiedConfidenceCap is the most confidence due diligence gives a
// company whose identity is not verified (no government or registry
// source, or sources that disagree on its name); the reference's
// business risk score caps an identity not verified against a registry
// the same way.
const UnverifiedConfidenceCap = 0.55

// Due diligence's own risk flags, beside riskWeights'.
var diligenceWeights = map[string]struct {
	points   int
	severity string
}{
	// An identity no registry backs is never low risk: 25 points reach
	// medium on their own.
	"IDENTITY_NOT_VERIFIED":  {25, "medium"},
	sanctionsHighFlag:        {60, "high"},
	sanctionsPossibleFlag:    {25, "medium"},
	"SANCTIONS_NOT_SCREENED": {0, "low"},
	"WEBSITE_UNREACHABLE":    {5, "low"},
}

// companyNames are the distinct names the company's records give.
func companyNames(c *Company) []string {
	var out []string
	for _, r := range c.Records {
		for _, n := range []string{r.NameEn, r.NameAr} {
			if n = strings.TrimSpace(n); n != "" && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, c.Merged.Name())
	}
	return out
}

// screenSanctions screens the company through d.Sanctions.
func (d Deps) screenSanctions(ctx context.Context, c *Company) DDSanctions {
	out := DDSanctions{NamesScreened: companyNames(c), Lists: []SanctionsList{}, ListsNotUsed: []SanctionsList{}, Matches: []SanctionsMatch{}}
	if d.Sanctions == nil {
		out.Status = SanctionsNotChecked
		out.Explanation = "Sanctions screening is not configured on this server; the company was not screened (never read this as no match)."
		return out
	}
	scr, err := d.Sanctions.Screen(ctx, ScreenRequest{Names: out.NamesScreened, Country: "OM", RegistrationNumber: c.Merged.CRNumber})
	if err != nil {
		out.Status = SanctionsUnavailable
		out.Explanation = "The sanctions lists could not be screened: " + strings.TrimSuffix(err.Error(), ".") + "."
		return out
	}
	out.ListsNotUsed = append(out.ListsNotUsed, scr.NotUsed...)
	out.Warnings = scr.Warnings
	var tooOld []string
	for _, l := range scr.NotUsed {
		tooOld = append(tooOld, l.Name)
	}
	if len(scr.Lists) == 0 && len(scr.NotUsed) > 0 {
		out.Status = SanctionsNotChecked
		out.Explanation = "Every sanctions list on this server is past its age limit (" + strings.Join(tooOld, ", ") + "), so the company was not screened (never read this as no match); see warnings."
		return out
	}
	if len(scr.Lists) == 0 {
		out.Status = SanctionsNotChecked
		out.Explanation = "No sanctions list is imported on this server; the company was not screened (never read this as no match)."
		return out
	}
	out.Lists = append(out.Lists, scr.Lists...)
	synthetic := map[string]bool{}
	var real, fake []string
	for _, l := range scr.Lists {
		synthetic[l.Name] = l.Synthetic
		name := fmt.Sprintf("%s (%s, %d entries)", l.Name, l.Version, l.Entries)
		if l.Synthetic {
			fake = append(fake, name)
		} else {
			real = append(real, name)
		}
	}
	realHits, high := 0, false
	for _, m := range scr.Matches {
		m.Synthetic = synthetic[m.List]
		if m.Corroborating == nil {
			m.Corroborating = []string{}
		}
		if m.Contradicting == nil {
			m.Contradicting = []string{}
		}
		if !m.Synthetic {
			realHits++
			high = high || m.MatchStrength == strengthHigh
		}
		out.Matches = append(out.Matches, m)
	}
	switch {
	case len(real) == 0:
		out.Status = SanctionsSynthetic
		out.Explanation = "Only synthetic demo lists are imported (" + strings.Join(fake, "; ") + "): made-up entries, so no real sanctions screening was done and nothing is said either way."
		if len(out.Matches) > 0 {
			out.Explanation += fmt.Sprintf(" %d made-up entr(ies) resemble the company's names: an illustration only.", len(out.Matches))
		}
	case high:
		out.Status = SanctionsHigh
	case realHits > 0:
		out.Status = SanctionsPossible
	default:
		out.Status = SanctionsNoMatch
		out.Explanation = "No listed name came close on: " + strings.Join(real, "; ") + ". This does not rule out a listing under another name or on a list not screened."
	}
	if realHits > 0 {
		out.Explanation = fmt.Sprintf("%d potential name match(es) on %s: automated and unconfirmed; check the identifiers at the source list.", realHits, strings.Join(real, "; "))
	}
	if len(tooOld) > 0 {
		out.Explanation += " Not screened, past the age limit: " + strings.Join(tooOld, ", ") + "."
	}
	return out
}

// checkWebsite visits the website on file through d.Website when
// website fetching is on.
func (d Deps) checkWebsite(ctx context.Context, c *Company, now time.Time) DDWebsite {
	site := c.Merged.Website
	out := DDWebsite{URL: opt(site)}
	switch {
	case site == "":
		out.Status, out.Explanation = SiteNone, "No website is on file for this company; none was visited."
		return out
	case d.Website == nil:
		out.Status = SiteNotChecked
		out.Explanation = "Website fetching is off on this server: the website on file was not visited, so whether it exists, works or belongs to the company is not known."
		return out
	}
	url := site
	if !strings.Contains(url, "://") {
		url = "https://" + url
	}
	v, err := d.Website.Inspect(ctx, strings.Replace(url, "http://", "https://", 1))
	if err != nil {
		out.Status, out.Explanation = SiteUnavailable, "The website could not be fetched: "+strings.TrimSuffix(err.Error(), ".")+"."
		return out
	}
	out.Checked, out.CheckedAt = true, ptr(stamp(now))
	if v.Refused != "" {
		out.Status, out.Explanation = SiteRefused, "The website was not fetched: "+strings.TrimSuffix(v.Refused, ".")+"."
		return out
	}
	out.FinalURL, out.Title = opt(v.FinalURL), opt(v.Title)
	out.HTTPS = &v.HTTPS
	if v.Status != 0 {
		out.HTTPStatus = &v.Status
	}
	if v.Reachable {
		out.Status, out.Explanation = SiteReachable, "The website on file answered during this call."
	} else {
		out.Status, out.Explanation = SiteUnreachable, fmt.Sprintf("The website on file did not answer with a page (status %d).", v.Status)
	}
	return out
}

// diligenceRisk adds due diligence's flags to the company's risk: an
// unverified identity, a sanctions match on a real list, sanctions not
// screened, a website that did not answer.
func diligenceRisk(r Risk, identityVerified bool, sc DDSanctions, web DDWebsite) Risk {
	flags := slices.Clone(r.Flags)
	score := r.Score
	add := func(code, msg string) {
		w := diligenceWeights[code]
		flags = append(flags, RiskFlag{Code: code, Severity: w.severity, Message: msg})
		score += w.points
	}
	if !identityVerified {
		add("IDENTITY_NOT_VERIFIED", "No government or registry source backs this company's identity without contradiction; it is not verified.")
	}
	switch sc.Status {
	case SanctionsHigh:
		add(sanctionsHighFlag, "A company name closely matches a name on a sanctions list. This is an automated match, not a confirmed listing: verify the identifiers at the source list before proceeding.")
	case SanctionsPossible:
		add(sanctionsPossibleFlag, "A company name is similar to a name on a sanctions list. This is an automated potential match, not a confirmed listing: verify the identifiers at the source list.")
	case SanctionsNotChecked, SanctionsUnavailable, SanctionsSynthetic:
		add("SANCTIONS_NOT_SCREENED", "The company was not screened against a real sanctions list on this server.")
	}
	if web.Status == SiteUnreachable {
		add("WEBSITE_UNREACHABLE", "The website on file did not answer with a page when fetched.")
	}
	return riskOf(score, flags)
}

// digitalFootprint labels the digital presence: the website counts only
// when it was fetched and answered; without a fetch the label is at most
// moderate, since nothing was seen.
func digitalFootprint(m *Merged, web DDWebsite) string {
	score := 0
	if m.Website != "" && web.Status != SiteUnreachable && web.Status != SiteRefused {
		score += 50
	}
	if m.Email != "" {
		score += 25
	}
	if m.Phone != "" {
		score += 25
	}
	label := footprint(score)
	if label == "strong" && web.Status != SiteReachable {
		label = "moderate"
	}
	return label
}

// publicCoverage labels how much public information is on file: high
// only when the records are real and the website on file was seen.
func publicCoverage(c *Company, completeness int, web DDWebsite) string {
	label := coverageLabel(completeness)
	if c.Merged.DemoOnly {
		return "low"
	}
	if label == "high" && c.Merged.Website != "" && web.Status != SiteReachable {
		label = "medium"
	}
	return label
}

// capConfidence caps confidence when the identity is not verified.
func capConfidence(conf float64, reasons []string, identityVerified bool) (float64, []string) {
	if identityVerified || conf <= UnverifiedConfidenceCap {
		if !identityVerified {
			reasons = append(reasons, fmt.Sprintf("The identity is not verified; confidence is at most %.2f.", UnverifiedConfidenceCap))
		}
		return conf, reasons
	}
	return math.Min(conf, UnverifiedConfidenceCap), append(reasons, fmt.Sprintf("The identity is not verified (no registry source backs it without contradiction); confidence capped at %.2f.", UnverifiedConfidenceCap))
}

// diligenceBasis is what due diligence rests on: the company's records,
// and, when any record is real, the sanctions lists screened and the
// website fetched (screening or visiting a made-up company says nothing
// about a real one, so a synthetic company stays synthetic_data_only).
func diligenceBasis(o DueDiligenceOutput) dalil.Basis {
	b := recordBasis(o.Sources)
	if o.DataCoverage.RealSources == 0 {
		return b
	}
	for _, l := range slices.Concat(o.SanctionsScreening.Lists, o.SanctionsScreening.ListsNotUsed) {
		kind := dalil.SourceDataset
		if l.Synthetic {
			kind = dalil.SourceSynthetic
		}
		// A list past its hard age limit was not screened: named, Stale.
		b = b.Add(dalil.Source{Kind: kind, Name: l.Name, Dataset: "sanctions", Batch: l.Batch, RetrievedAt: l.RetrievedAt, Items: l.Entries,
			Stale: l.Freshness == "expired"})
	}
	if w := o.WebsiteCheck; w.Checked && w.Status != SiteRefused && w.URL != nil && w.CheckedAt != nil {
		at, _ := time.Parse(time.RFC3339, *w.CheckedAt)
		b = b.Add(dalil.Source{Kind: dalil.SourceLive, Name: "website " + *w.URL, RetrievedAt: at, Items: 1})
	}
	return b
}
