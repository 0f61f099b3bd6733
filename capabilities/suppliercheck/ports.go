package suppliercheck

import (
	"context"

	"dalil/capabilities/omanbusiness"
)

// Ports: what the supplier check needs from outside, in its own words.
// Each is optional: a nil port leaves its check not_checked; a port
// that returns an error leaves it unavailable. Only cmd/dalil wires
// adapters to them.

// Registry is where company records are (the companies dataset).
type Registry = omanbusiness.Directory

// SanctionsScreener screens names against the sanctions lists the
// operator imported.
type SanctionsScreener interface {
	// Screen screens each name (the supplier's, and the names the
	// registry records for it) with the country "OM" and the CR number
	// when known. No list imported is Screening{} with no Lists, never
	// an error.
	Screen(ctx context.Context, req ScreenRequest) (Screening, error)
}

// ScreenRequest is what is screened.
type ScreenRequest struct {
	Names              []string
	Country            string // ISO 3166-1 alpha-2
	RegistrationNumber string
}

// Screening is a sanctions screen's result.
type Screening struct {
	Lists   []ListVersion
	Matches []SanctionsMatch // MatchType exact_normalized_name or fuzzy_name
	// NotUsed are the lists left out for their age (past the hard
	// limit): not screened. Warnings are the stale_list warnings.
	NotUsed  []ListVersion
	Warnings []string
}

// WebSearcher finds public web pages about a query (the web-search
// provider).
type WebSearcher interface {
	Search(ctx context.Context, query string, max int) ([]WebResult, error)
	// Name names the provider in sources and limitations.
	Name() string
}

// WebResult is one search hit.
type WebResult struct {
	Title, URL, Snippet string
}

// WebsiteInspector fetches a supplier's website through the SSRF-checked
// client (internal/safehttp) and reports what it shows.
type WebsiteInspector interface {
	Inspect(ctx context.Context, url string) (Website, error)
}

// Website is what an inspection saw. A site that answered with an error
// status is Reachable false with its Status; a URL the fetcher refused
// (a private address, a non-https redirect) has Refused set, with
// Insecure when the refusal was for leaving https.
type Website struct {
	FinalURL    string
	FinalDomain string
	Status      int
	Reachable   bool
	HTTPS       bool
	Title       string
	Text        string   // visible text, trimmed to a few kB
	Emails      []string // addresses shown on the page
	Phones      []string // phone numbers shown, in E.164 where they parse
	Refused     string   // why the fetcher refused the URL, if it did
	Insecure    bool
}
