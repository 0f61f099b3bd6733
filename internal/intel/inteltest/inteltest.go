// Package inteltest has in-memory fixtures of every port of package intel,
// each counting its calls, for the company intelligence capabilities'
// tests. None of them touches the network.
package inteltest

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"

	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// Counter counts calls.
type Counter struct{ n atomic.Int64 }

// Calls is the number of calls so far.
func (c *Counter) Calls() int { return int(c.n.Load()) }

func (c *Counter) inc() { c.n.Add(1) }

// Registry answers from Records. Country "" covers every country.
type Registry struct {
	Counter
	ID      string
	Country string
	Records []intel.Record
	Err     error
}

func (r *Registry) Name() string { return r.ID }
func (r *Registry) Covers(c string) bool {
	return r.Country == "" || c == r.Country
}
func (r *Registry) Lookup(_ context.Context, q intel.RegistryQuery) ([]intel.Record, error) {
	r.inc()
	if r.Err != nil {
		return nil, r.Err
	}
	var out []intel.Record
	qn := evidence.NameTokens(q.Name)
	for _, rec := range r.Records {
		switch {
		case q.LEI != "" && strings.EqualFold(rec.LEI, q.LEI):
		case q.Number != "" && norm(rec.Number) == norm(q.Number):
		case len(qn) > 0 && containsAll(evidence.NameTokens(rec.Name), qn):
		default:
			continue
		}
		out = append(out, rec)
	}
	return out, nil
}

func norm(s string) string {
	return strings.ToUpper(strings.NewReplacer(" ", "", "-", "", ".", "", "/", "").Replace(s))
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// Search answers news queries with News and other queries with Web.
type Search struct {
	Counter
	ID        string
	News, Web []intel.SearchResult
	Err       error
}

func (s *Search) Name() string { return s.ID }
func (s *Search) Search(_ context.Context, q intel.SearchQuery) ([]intel.SearchResult, error) {
	s.inc()
	if s.Err != nil {
		return nil, s.Err
	}
	if q.News {
		return s.News, nil
	}
	return s.Web, nil
}

// Domain answers from Records by domain; an unknown domain is not
// registered.
type Domain struct {
	Counter
	Records map[string]intel.DomainRecord
	Err     error
}

func (d *Domain) Name() string { return "rdap" }
func (d *Domain) Lookup(_ context.Context, domain string) (intel.DomainRecord, error) {
	d.inc()
	if d.Err != nil {
		return intel.DomainRecord{}, d.Err
	}
	if r, ok := d.Records[domain]; ok {
		return r, nil
	}
	return intel.DomainRecord{Domain: domain}, nil
}

// Website serves Pages by URL; an unknown URL fails (Err when set, else
// intel.ErrUnavailable).
type Website struct {
	Counter
	Pages map[string]intel.Page
	Err   error
}

func (w *Website) Name() string { return "website" }
func (w *Website) Fetch(_ context.Context, url string) (intel.Page, error) {
	w.inc()
	if p, ok := w.Pages[url]; ok {
		return p, nil
	}
	if w.Err != nil {
		return intel.Page{}, w.Err
	}
	return intel.Page{}, intel.ErrUnavailable
}

// SafeBrowsing lists Threats.
type SafeBrowsing struct {
	Counter
	Threats []intel.Threat
	Err     error
}

func (s *SafeBrowsing) Name() string { return "google_safe_browsing" }
func (s *SafeBrowsing) Check(_ context.Context, urls []string) ([]intel.Threat, error) {
	s.inc()
	if s.Err != nil {
		return nil, s.Err
	}
	var out []intel.Threat
	for _, t := range s.Threats {
		for _, u := range urls {
			if evidence.Host(u) == evidence.Host(t.URL) {
				out = append(out, t)
				break
			}
		}
	}
	return out, nil
}

// Entry is a listed party.
type Entry struct {
	Name        string
	Aliases     []string
	List        string
	ListType    string
	Countries   []string
	Identifiers []string
}

// Sanctions screens against Entries: a hit when a screened name and a
// listed name share words (score = shared / all words).
type Sanctions struct {
	Counter
	Entries     []Entry
	Lists       []string
	Unavailable []string
	// Synthetic says the lists are made-up demo data.
	Synthetic bool
	Err       error
}

func (s *Sanctions) Name() string { return "sanctions_lists" }

// SyntheticOnly implements intel.ListsSynthetic.
func (s *Sanctions) SyntheticOnly() bool { return s.Synthetic }
func (s *Sanctions) Screen(_ context.Context, q intel.ScreenQuery) (intel.ScreenResult, error) {
	s.inc()
	if s.Err != nil {
		return intel.ScreenResult{}, s.Err
	}
	r := intel.ScreenResult{ListsChecked: s.Lists, ListsUnavailable: s.Unavailable, Synthetic: s.Synthetic}
	for _, e := range s.Entries {
		best, alias := 0.0, ""
		for _, listed := range append([]string{e.Name}, e.Aliases...) {
			for _, n := range q.Names {
				if sc := similarity(listed, n); sc > best {
					best, alias = sc, listed
				}
			}
		}
		if best >= 0.5 {
			if alias == e.Name {
				alias = ""
			}
			r.Hits = append(r.Hits, intel.Hit{ListedName: e.Name, MatchedAlias: alias, List: e.List, ListType: e.ListType, Score: best,
				Countries: e.Countries, Identifiers: e.Identifiers, EntryID: strings.ToLower(strings.ReplaceAll(e.Name, " ", "-"))})
		}
	}
	return r, nil
}

func similarity(a, b string) float64 {
	x, y := evidence.NameTokens(a), evidence.NameTokens(b)
	if len(x) == 0 || len(y) == 0 {
		return 0
	}
	shared := 0
	for _, w := range x {
		if slices.Contains(y, w) {
			shared++
		}
	}
	return float64(shared) / float64(len(x)+len(y)-shared)
}

// LLM returns Claims.
type LLM struct {
	Counter
	Claims []intel.Claim
	Err    error
}

func (l *LLM) Name() string { return "anthropic" }
func (l *LLM) Extract(_ context.Context, _ intel.Extraction) ([]intel.Claim, error) {
	l.inc()
	return l.Claims, l.Err
}
