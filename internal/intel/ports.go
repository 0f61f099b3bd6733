// Package intel is what Dalil's company intelligence capabilities share:
// the ports through which they reach the outside world (web search,
// company registries, domain records, websites, threat listings,
// sanctions lists, an optional LLM), an evidence cache with a lifetime
// per category, entity resolution, and the gathering of evidence about
// one resolved company. Adapters implement the ports over the provider
// clients (provider/websearch's ForIntel, sitefetch over internal/safehttp,
// the rest still in cmd/dalil); tests use the fixtures of package
// inteltest.
//
// A port that is nil is not configured: it is never called and the
// answer says what was skipped.
package intel

import (
	"context"
	"errors"
	"time"
)

// Searcher is a web search engine.
type Searcher interface {
	// Name names the engine in answers ("brave", "tavily").
	Name() string
	// Search returns up to q.Max results for q.Text.
	Search(ctx context.Context, q SearchQuery) ([]SearchResult, error)
}

// SearchQuery is one web search.
type SearchQuery struct {
	Text    string
	Country string // ISO-2 to bias results to, "" for none
	Max     int
	News    bool // news results only, where the engine can
}

// SearchResult is one search hit as the engine gives it.
type SearchResult struct {
	URL, Title, Snippet, Publisher string
	Published                      time.Time // zero when the engine gives no date
}

// Registry is an official company register (or a service republishing
// official register records).
type Registry interface {
	Name() string
	// Covers reports whether the register holds companies of country
	// (ISO-2); "" asks whether it covers every country.
	Covers(country string) bool
	// Lookup returns the register's records matching q: by LEI or number
	// when given, else by name (and country).
	Lookup(ctx context.Context, q RegistryQuery) ([]Record, error)
}

// RegistryQuery asks a register for a company.
type RegistryQuery struct {
	Name, Country, Number, LEI string
}

// Record is one register entry.
type Record struct {
	Registry      string
	URL           string // where the record can be read
	Number        string // registration (company) number
	LEI           string
	Name          string
	PreviousNames []PreviousName
	Country       string // ISO-2
	City, Address string
	// Status is active, inactive, dissolved, liquidation or unknown.
	Status string
	// LEIStatus is the LEI's registration status (ISSUED, LAPSED, ...).
	LEIStatus string
	LegalForm string
	Activity  string // nature of business (SIC text, category)
	// Incorporated is the incorporation date (zero when unknown).
	Incorporated time.Time
	// Filing facts (Companies House); FilingsKnown says whether the
	// register states them at all.
	FilingsKnown                         bool
	AccountsOverdue, ConfirmationOverdue bool
	InsolvencyActive, InsolvencyHistory  bool
	StrikeOffPending                     bool
	RetrievedAt                          time.Time
}

// PreviousName is a name a company had before.
type PreviousName struct {
	Name  string
	Until time.Time
}

// DomainInfo reads a domain's registration record (RDAP).
type DomainInfo interface {
	Name() string
	Lookup(ctx context.Context, domain string) (DomainRecord, error)
}

// DomainRecord is a domain's registration data.
type DomainRecord struct {
	Domain          string
	Registered      bool
	Created, Expiry time.Time
	Statuses        []string // EPP statuses ("client hold", "server hold", ...)
	Registrar       string
	URL             string // the RDAP record's URL
}

// Website fetches a company's public home page (through internal/safehttp
// in production).
type Website interface {
	Name() string
	// Fetch returns the page at url after redirects.
	Fetch(ctx context.Context, url string) (Page, error)
}

// Page is a fetched web page, as text.
type Page struct {
	URL      string // requested
	FinalURL string // after redirects
	Status   int
	Title    string
	Text     string // visible text
}

// SafeBrowsing checks URLs against threat lists (Google Safe Browsing).
type SafeBrowsing interface {
	Name() string
	Check(ctx context.Context, urls []string) ([]Threat, error)
}

// Threat is one URL listed as malicious.
type Threat struct {
	URL, Type string // Type: MALWARE, SOCIAL_ENGINEERING, ...
}

// Sanctions screens names against the imported official lists.
type Sanctions interface {
	Name() string
	Screen(ctx context.Context, q ScreenQuery) (ScreenResult, error)
}

// ListsReady may be implemented by a Sanctions port whose lists an
// operator imports while the service runs: Ready reports whether any list
// is there to screen against. A port that is not ready counts as not
// configured (Sources.SanctionsOn), so that "no list imported" is never a
// clear screening, nor a paid answer on its own.
type ListsReady interface {
	Ready() bool
}

// ScreenQuery is one screening.
type ScreenQuery struct {
	Names       []string
	Country     string // ISO-2, "" when unknown
	Identifiers []string
}

// ScreenResult is what the lists said.
type ScreenResult struct {
	ListsChecked, ListsUnavailable []string
	Hits                           []Hit
	// Synthetic is true when every list checked is made-up demo data
	// (serve --demo): the screening is then no evidence of anything.
	Synthetic bool
	// Lists are the lists checked with their dates and ages, when the
	// port knows them (the imported lists).
	Lists []ListInfo
	// NotUsed are the lists the port left out for their age (past the
	// hard limit): not screened, each also in ListsUnavailable. With
	// nothing in ListsChecked the screening is not_checked, never clear,
	// and no evidence.
	NotUsed []ListInfo
	// Warnings are the port's own (stale_list: ...), carried to the
	// answer's warnings.
	Warnings []string
}

// ListInfo is one sanctions list as an answer names it: its version and
// publication date, when it was downloaded, when it was last known to be
// its publisher's current version, its age then and its freshness
// (current; stale past the age limit, screened with a stale_list warning;
// expired past the hard limit, not screened).
type ListInfo struct {
	Name        string    `json:"list" schema:"maxLength=100"`
	Version     string    `json:"version" schema:"maxLength=100"`
	Published   string    `json:"published,omitempty" schema:"maxLength=40" jsonschema:"The publication date the list states."`
	RetrievedAt time.Time `json:"retrievedAt,omitzero" jsonschema:"When this version was downloaded."`
	CurrentAsOf time.Time `json:"currentAsOf,omitzero" jsonschema:"When the list was last known to be its publisher's current version (its download, or a later sync that found it unchanged)."`
	AgeSeconds  int64     `json:"ageSeconds" jsonschema:"Seconds from currentAsOf to the answer."`
	Freshness   string    `json:"freshness" schema:"enum=current|stale|expired" jsonschema:"stale: past the server's age limit, screened with a stale_list warning; expired: past its hard limit, not screened."`
	Synthetic   bool      `json:"synthetic,omitempty"`
}

// LocalLists may be implemented by a Sanctions port that screens lists
// held on this server: Local reports true, and its answers are never
// kept in the evidence cache, since each sync may bring a new version
// and a list ages by the hour. Asking it is no outbound call, so it does
// not make an answer uncached.
type LocalLists interface {
	Local() bool
}

// Hit is one candidate list entry.
type Hit struct {
	ListedName, MatchedAlias string
	List                     string
	// ListType is sanctions or export_control_or_debarment.
	ListType    string
	Score       float64 // name similarity 0-1
	Countries   []string
	Identifiers []string
	EntryID     string
	URL         string
	ListedOn    time.Time
}

// Synthesizer is an LLM that extracts facts from source texts. Every
// claim it returns must quote its source verbatim; the capabilities keep
// only claims whose quote is found in the source it names.
type Synthesizer interface {
	Name() string
	Extract(ctx context.Context, req Extraction) ([]Claim, error)
}

// Extraction asks for the given fields about Subject from Docs.
type Extraction struct {
	Subject string
	Task    string   // what to extract, in words
	Fields  []string // field names the answer may use
	Docs    []Doc
}

// Doc is a numbered source text.
type Doc struct {
	Index      int
	URL, Title string
	Text       string
}

// Claim is one extracted fact with its verbatim quote.
type Claim struct {
	Field, Value, Detail string
	Quote                string
	Doc                  int
}

// Provider failures an adapter reports (wrapped): they decide the error
// an identity failure answers and the warnings of a partial answer.
var (
	ErrTimeout     = errors.New("provider timed out")
	ErrRateLimited = errors.New("provider rate limited")
	ErrUnavailable = errors.New("provider unavailable")
	// ErrRefused: the URL is not one Dalil fetches (its host is not a
	// public internet address, or it is not a valid web address):
	// nothing was asked, so nothing was learnt about the site.
	ErrRefused = errors.New("URL refused: not a public internet address")
)

// Sources are the ports a capability may use; nil fields are not
// configured.
type Sources struct {
	Registries   []Registry
	Searchers    []Searcher
	Domain       DomainInfo
	Website      Website
	SafeBrowsing SafeBrowsing
	Sanctions    Sanctions
	LLM          Synthesizer
	// Cache keeps provider answers per evidence category; nil: no cache.
	Cache *Cache
}

// Configured reports whether any source is configured.
func (s Sources) Configured() bool {
	return len(s.Registries) > 0 || len(s.Searchers) > 0 || s.Domain != nil || s.Website != nil ||
		s.SafeBrowsing != nil || s.LLM != nil || s.SanctionsOn()
}

// SanctionsOn reports whether sanctions screening is configured: a
// Sanctions port that, if it implements ListsReady, has lists.
func (s Sources) SanctionsOn() bool {
	if s.Sanctions == nil {
		return false
	}
	if r, ok := s.Sanctions.(ListsReady); ok {
		return r.Ready()
	}
	return true
}

// Kinds lists the source kinds configured and not configured, in a fixed
// order (registry, web_search, sanctions, domain, website,
// threat_listing).
func (s Sources) Kinds() (on, off []string) {
	on, off = []string{}, []string{}
	for _, k := range []struct {
		name string
		ok   bool
	}{{"registry", len(s.Registries) > 0}, {"web_search", len(s.Searchers) > 0}, {"sanctions", s.SanctionsOn()},
		{"domain", s.Domain != nil}, {"website", s.Website != nil}, {"threat_listing", s.SafeBrowsing != nil}} {
		if k.ok {
			on = append(on, k.name)
		} else {
			off = append(off, k.name)
		}
	}
	return on, off
}

// Outlook is what a free preview may say about a company check from the
// configuration alone (no provider is called).
type Outlook struct {
	RegistriesCovering  int      `json:"registriesCovering"`
	SourcesConfigured   []string `json:"sourcesConfigured"`
	SourcesUnconfigured []string `json:"sourcesUnconfigured"`
}

// Outlook reports the sources a check of a company in country could use;
// full is true when a register covers the country and at least three
// source kinds are configured, and coverage is the configured share of
// the six kinds.
func (s Sources) Outlook(country string) (o Outlook, full bool, coverage float64) {
	o.SourcesConfigured, o.SourcesUnconfigured = s.Kinds()
	for _, r := range s.Registries {
		if r.Covers(country) {
			o.RegistriesCovering++
		}
	}
	return o, o.RegistriesCovering > 0 && len(o.SourcesConfigured) >= 3, float64(len(o.SourcesConfigured)) / 6
}
