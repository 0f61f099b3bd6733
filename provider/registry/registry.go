// Package registry holds Dalil's company register clients, each speaking
// its vendor's documented wire format and answering one normalised
// Company record with its source, URL and retrieval time:
//
//   - GLEIF's LEI API (JSON:API, no key): NewGLEIF, Search by name (and
//     country), ByLEI.
//   - UK Companies House public data API (HTTP basic auth, the API key as
//     user name): NewCompaniesHouse, Search, Profile, Officers.
//   - OpenCorporates API v0.4 (api_token parameter): NewOpenCorporates,
//     Search, Company by jurisdiction and number.
//
// Every client is off until configured: its constructor returns nil
// without its settings (GLEIF needs no key, so its switch is its base
// URL), and every method of a nil client returns an error matching
// client.ErrNotConfigured without any network call. Calls go through
// provider/client (timeouts, retries with backoff on 429/5xx honouring
// Retry-After, a TTL cache, a call budget, typed errors without secrets).
// A record the register does not hold is (Company{}, false, nil), not an
// error.
package registry

import (
	"context"
	"strings"
	"time"
)

// DefaultTTL is how long register answers are cached: registers change
// slowly, and a week matches the evidence cache's registry category.
const DefaultTTL = 7 * 24 * time.Hour

// Query asks a register for companies by name.
type Query struct {
	Name string
	// Country is an ISO 3166-1 alpha-2 code to restrict to ("" for any).
	Country string
	// Max is the most records wanted, 1-100 (0: 10).
	Max int
}

func (q Query) normalise() Query {
	q.Name = strings.Join(strings.Fields(q.Name), " ")
	q.Country = strings.ToUpper(strings.TrimSpace(q.Country))
	if q.Max <= 0 {
		q.Max = 10
	}
	q.Max = min(q.Max, 100)
	return q
}

// Searcher is what every register client offers.
type Searcher interface {
	// Name is the provider's configuration name.
	Name() string
	// Covers reports whether the register holds companies of country
	// (ISO-2); "" asks whether it covers every country.
	Covers(country string) bool
	Search(ctx context.Context, q Query) ([]Company, error)
}

// Compile-time checks.
var (
	_ Searcher = (*GLEIF)(nil)
	_ Searcher = (*CompaniesHouse)(nil)
	_ Searcher = (*OpenCorporates)(nil)
)

// Normalised statuses of Company.Status.
const (
	StatusActive      = "active"
	StatusInactive    = "inactive"
	StatusDissolved   = "dissolved"
	StatusLiquidation = "liquidation" // liquidation, administration, receivership, insolvency proceedings
	StatusUnknown     = "unknown"
)

// Company is one register record, normalised. Fields a register does not
// state are zero.
type Company struct {
	// Source is the register's provider name (gleif, companies_house,
	// opencorporates).
	Source string `json:"source"`
	// URL is where a person can read the record; APIURL where it was read.
	URL    string `json:"url"`
	APIURL string `json:"apiUrl"`
	// RetrievedAt is when the register answered (the original answer's
	// time when served from the cache).
	RetrievedAt time.Time `json:"retrievedAt"`

	Name string `json:"name"`
	// Number is the registration number in the company's own register
	// (Companies House number, OpenCorporates company_number, GLEIF's
	// registeredAs).
	Number string `json:"number,omitempty"`
	LEI    string `json:"lei,omitempty"`
	// Jurisdiction is the register's own code (GLEIF "GB" or "US-DE",
	// Companies House "england-wales", OpenCorporates "us_de").
	Jurisdiction string `json:"jurisdiction,omitempty"`
	// Country is ISO 3166-1 alpha-2.
	Country string `json:"country,omitempty"`
	// Status is one of the Status* constants; StatusDetail the register's
	// own words.
	Status       string    `json:"status"`
	StatusDetail string    `json:"statusDetail,omitempty"`
	LegalForm    string    `json:"legalForm,omitempty"`
	Incorporated time.Time `json:"incorporated,omitzero"`
	Dissolved    time.Time `json:"dissolved,omitzero"`
	// Addresses: the legal (registered office) address first.
	Addresses     []Address      `json:"addresses,omitempty"`
	PreviousNames []PreviousName `json:"previousNames,omitempty"`
	OtherNames    []string       `json:"otherNames,omitempty"`
	// Activities are SIC or industry codes with their text when given.
	Activities []string `json:"activities,omitempty"`

	// LEI registration (GLEIF): ISSUED, LAPSED, RETIRED, ANNULLED, …
	LEIStatus      string    `json:"leiStatus,omitempty"`
	LEINextRenewal time.Time `json:"leiNextRenewal,omitzero"`

	// Filings are Companies House's filing facts (nil: not stated).
	Filings *Filings `json:"filings,omitempty"`
}

// Address is a postal address.
type Address struct {
	// Type is legal, headquarters or registered_office.
	Type       string   `json:"type"`
	Lines      []string `json:"lines,omitempty"`
	City       string   `json:"city,omitempty"`
	Region     string   `json:"region,omitempty"`
	PostalCode string   `json:"postalCode,omitempty"`
	// Country is ISO-2 when the register gives a code, else its text.
	Country string `json:"country,omitempty"`
}

// String is the address on one line.
func (a Address) String() string {
	parts := append([]string{}, a.Lines...)
	for _, p := range []string{a.City, a.Region, a.PostalCode, a.Country} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// PreviousName is a name the company had before.
type PreviousName struct {
	Name  string    `json:"name"`
	From  time.Time `json:"from,omitzero"`
	Until time.Time `json:"until,omitzero"`
}

// Filings are what Companies House states about a company's filings and
// insolvency.
type Filings struct {
	AccountsOverdue     bool `json:"accountsOverdue"`
	ConfirmationOverdue bool `json:"confirmationOverdue"`
	InsolvencyHistory   bool `json:"insolvencyHistory"`
	HasBeenLiquidated   bool `json:"hasBeenLiquidated"`
	HasCharges          bool `json:"hasCharges"`
	// StrikeOffPending: an active proposal to strike the company off.
	StrikeOffPending bool `json:"strikeOffPending"`
}

// Officer is a director, secretary or other officer (Companies House).
type Officer struct {
	Name               string    `json:"name"`
	Role               string    `json:"role"`
	Appointed          time.Time `json:"appointed,omitzero"`
	Resigned           time.Time `json:"resigned,omitzero"`
	Nationality        string    `json:"nationality,omitempty"`
	Occupation         string    `json:"occupation,omitempty"`
	CountryOfResidence string    `json:"countryOfResidence,omitempty"`
}

func ttl(configured time.Duration) time.Duration {
	switch {
	case configured < 0:
		return 0
	case configured == 0:
		return DefaultTTL
	}
	return configured
}

// date reads the registers' dates: "2006-01-02" or RFC 3339.
func date(s string) time.Time {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02", time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	return time.Time{}
}

// nonEmpty drops blank strings, trimming the rest.
func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
