package intel

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"

	"dalil"
	"dalil/internal/evidence"
)

// Subject is the company a caller asks about, normalised.
type Subject struct {
	Name, LegalName string
	Aliases         []string
	Country         string // ISO-2, "" when not given
	City            string
	Number          string // registration number as given
	LEI             string
	Website         string // https://… when given
	Domain          string // bare host, when a website or domain was given
	Address         string
	Industry        string
}

// Names are every name the subject goes by: name, legal name, aliases.
func (s Subject) Names() []string {
	out := []string{s.Name}
	if s.LegalName != "" {
		out = append(out, s.LegalName)
	}
	return append(out, s.Aliases...)
}

// Candidate is one company a name could mean (409 AMBIGUOUS_ENTITY
// details, resolution.candidates).
type Candidate struct {
	Name               string `json:"name" schema:"maxLength=300"`
	Country            string `json:"country,omitempty" schema:"maxLength=2"`
	City               string `json:"city,omitempty" schema:"maxLength=200"`
	RegistrationNumber string `json:"registrationNumber,omitempty" schema:"maxLength=64"`
	LEI                string `json:"lei,omitempty" schema:"maxLength=20"`
	Registry           string `json:"registry" schema:"maxLength=100"`
	Status             string `json:"status,omitempty" schema:"maxLength=40"`
	URL                string `json:"url,omitempty" schema:"maxLength=2048"`
}

// Failure is a provider that did not answer.
type Failure struct {
	Provider string
	Err      error
}

// Resolution is what the registers said about who the subject is.
type Resolution struct {
	// Status: resolved (an identifier or a unique exact name in the
	// country), probable (a unique close name), unverified (no register
	// match).
	Status     string
	Confidence float64 // entity match, 0-1
	Methods    []string
	// Records are the register entries of the matched company, from every
	// register that knows it (sorted).
	Records           []Record
	RegistriesChecked []string
	Failed            []Failure
	Conflicts         []string
	Candidates        []Candidate
	Ambiguous         bool
	// VerifiedAgainstRegistry: a register holds the company under an
	// identifier or exact name (status resolved).
	VerifiedAgainstRegistry bool
	NotFound                bool // registers answered and none holds it
	NumberNotFound          bool // the given number is in no register
	NameMismatch            bool // an identifier matched a differently named company
	CityMismatch            bool // the register's city is not the given city
	OtherCountryNamesakes   int  // exact-name records in other countries, set aside
	Cached                  bool // every register answer came from the cache
}

// Primary is the first matched record (nil when none).
func (r Resolution) Primary() *Record {
	if len(r.Records) == 0 {
		return nil
	}
	return &r.Records[0]
}

// normNumber compares registration numbers without case, spaces, dots,
// dashes or slashes.
func normNumber(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '.', '-', '/':
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(s)))
}

// Resolve asks every register covering the subject's country (the global
// ones when no country is given) and matches the subject to at most one
// company: by LEI, else by registration number, else by exact name (legal
// forms ignored) in the country, using the city to choose between
// namesakes. Two or more companies that fit equally leave it Ambiguous,
// with every candidate. Registers run concurrently; the result does not
// depend on which answers first.
func Resolve(ctx context.Context, src Sources, s Subject) Resolution {
	var res Resolution
	var regs []Registry
	for _, r := range src.Registries {
		if r.Covers(s.Country) || s.Country == "" && r.Covers("") {
			regs = append(regs, r)
		}
	}
	type answer struct {
		recs []Record
		hit  bool
		err  error
	}
	answers := make([]answer, len(regs))
	var wg sync.WaitGroup
	q := RegistryQuery{Name: s.Name, Country: s.Country, Number: strings.TrimSpace(s.Number), LEI: strings.ToUpper(strings.TrimSpace(s.LEI))}
	key := q.Name + "|" + q.Country + "|" + q.Number + "|" + q.LEI
	for i, r := range regs {
		wg.Go(func() {
			recs, hit, err := cached(src.Cache, "registry", r.Name(), key, func() ([]Record, error) { return r.Lookup(ctx, q) })
			answers[i] = answer{slices.Clone(recs), hit, err}
		})
	}
	wg.Wait()
	var all []Record
	res.Cached = len(regs) > 0
	for i, a := range answers {
		if a.err != nil {
			res.Failed = append(res.Failed, Failure{regs[i].Name(), a.err})
			res.Cached = false
			continue
		}
		res.Cached = res.Cached && a.hit
		res.RegistriesChecked = append(res.RegistriesChecked, regs[i].Name())
		all = append(all, a.recs...)
	}
	slices.Sort(res.RegistriesChecked)
	slices.SortFunc(res.Failed, func(a, b Failure) int { return cmp.Compare(a.Provider, b.Provider) })
	sortRecords(all)

	target := map[string]bool{}
	for _, n := range s.Names() {
		if t := evidence.NormalizeName(n); t != "" {
			target[t] = true
		}
	}
	// Records in another country are namesakes elsewhere, not this company.
	var here []Record
	for _, r := range all {
		if s.Country != "" && r.Country != "" && r.Country != s.Country {
			if nameMatches(r, target) {
				res.OtherCountryNamesakes++
			}
			continue
		}
		here = append(here, r)
	}
	entities := groupEntities(here)
	var chosen [][]Record
	switch {
	case q.LEI != "":
		chosen = filterEntities(entities, func(r Record) bool { return strings.EqualFold(r.LEI, q.LEI) })
		if len(chosen) > 0 {
			res.Methods = append(res.Methods, "lei")
		}
	}
	if len(chosen) == 0 && q.Number != "" {
		n := normNumber(q.Number)
		chosen = filterEntities(entities, func(r Record) bool { return r.Number != "" && normNumber(r.Number) == n })
		if len(chosen) > 0 {
			res.Methods = append(res.Methods, "registration_number")
		} else if len(res.RegistriesChecked) > 0 {
			res.NumberNotFound = true
		}
	}
	byIdentifier := len(chosen) > 0
	if !byIdentifier {
		exact := filterEntities(entities, func(r Record) bool { return nameMatches(r, target) })
		if len(exact) > 1 && s.City != "" {
			if inCity := filterEntities(exact, func(r Record) bool { return strings.EqualFold(strings.TrimSpace(r.City), strings.TrimSpace(s.City)) }); len(inCity) >= 1 {
				exact = inCity
				if len(inCity) == 1 {
					res.Methods = append(res.Methods, "city")
				}
			}
		}
		switch {
		case len(exact) > 1:
			res.Ambiguous = true
			for _, e := range exact {
				res.Candidates = append(res.Candidates, candidate(e[0]))
			}
			if len(res.Candidates) > 5 {
				res.Candidates = res.Candidates[:5]
			}
		case len(exact) == 1:
			chosen = exact
			res.Methods = append([]string{"exact_name"}, res.Methods...)
		default:
			close := filterEntities(entities, func(r Record) bool { return nameContains(r, target) })
			if len(close) == 1 {
				chosen = close
				res.Methods = append(res.Methods, "close_name")
			}
		}
	}
	switch {
	case res.Ambiguous:
		res.Status, res.Confidence = "unverified", 0.3
	case len(chosen) == 1:
		res.Records = chosen[0]
		p := res.Records[0]
		switch {
		case byIdentifier:
			res.Confidence = 0.95
		case slices.Contains(res.Methods, "exact_name"):
			res.Confidence = 0.6
			if s.Country != "" {
				res.Confidence = 0.8
			}
		default:
			res.Confidence = 0.5
		}
		if byIdentifier && !nameMatches(p, target) && !anyRecord(res.Records, func(r Record) bool { return nameContains(r, target) }) {
			res.NameMismatch = true
			res.Conflicts = append(res.Conflicts, "The identifier belongs to "+p.Name+", not to "+s.Name+".")
			res.Confidence = 0.3
		}
		if s.City != "" && p.City != "" && !strings.EqualFold(strings.TrimSpace(p.City), strings.TrimSpace(s.City)) {
			res.CityMismatch = true
			res.Conflicts = append(res.Conflicts, "The register gives the city as "+p.City+", not "+s.City+".")
		} else if s.City != "" && p.City != "" && !slices.Contains(res.Methods, "city") {
			res.Methods = append(res.Methods, "city")
			res.Confidence = min(0.98, res.Confidence+0.05)
		}
		if len(registriesOf(res.Records)) > 1 {
			res.Confidence = min(0.98, res.Confidence+0.03)
		}
		res.Confidence = round2(res.Confidence)
		res.Status = "unverified"
		switch {
		case res.Confidence >= 0.75:
			res.Status = "resolved"
			res.VerifiedAgainstRegistry = true
		case res.Confidence >= 0.5:
			res.Status = "probable"
		}
	default:
		res.Status, res.Confidence = "unverified", 0
		res.NotFound = len(res.RegistriesChecked) > 0
	}
	if res.Methods == nil {
		res.Methods = []string{}
	}
	return res
}

func anyRecord(rs []Record, f func(Record) bool) bool { return slices.ContainsFunc(rs, f) }

func registriesOf(rs []Record) []string {
	var out []string
	for _, r := range rs {
		if !slices.Contains(out, r.Registry) {
			out = append(out, r.Registry)
		}
	}
	return out
}

func candidate(r Record) Candidate {
	return Candidate{Name: r.Name, Country: r.Country, City: r.City, RegistrationNumber: r.Number, LEI: r.LEI,
		Registry: r.Registry, Status: r.Status, URL: r.URL}
}

// nameMatches: the record's name or a previous name is the target name
// (legal forms ignored).
func nameMatches(r Record, target map[string]bool) bool {
	if target[evidence.NormalizeName(r.Name)] {
		return true
	}
	for _, p := range r.PreviousNames {
		if target[evidence.NormalizeName(p.Name)] {
			return true
		}
	}
	return false
}

// nameContains: every word of a target name is in the record's name.
func nameContains(r Record, target map[string]bool) bool {
	have := " " + evidence.NormalizeName(r.Name) + " "
	for t := range target {
		ok := true
		for _, w := range strings.Fields(t) {
			if !strings.Contains(have, " "+w+" ") {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

func sortRecords(rs []Record) {
	slices.SortFunc(rs, func(a, b Record) int {
		return cmp.Or(cmp.Compare(a.Registry, b.Registry), cmp.Compare(a.Country, b.Country), cmp.Compare(normNumber(a.Number), normNumber(b.Number)),
			cmp.Compare(a.LEI, b.LEI), cmp.Compare(a.Name, b.Name), cmp.Compare(a.URL, b.URL))
	})
}

// groupEntities puts records of one company together: records sharing an
// LEI, or a registration number in the same country, are one company.
// Each group keeps sortRecords order; groups are ordered by first record.
func groupEntities(rs []Record) [][]Record {
	parent := make([]int, len(rs))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	for i := range rs {
		for j := i + 1; j < len(rs); j++ {
			same := rs[i].LEI != "" && strings.EqualFold(rs[i].LEI, rs[j].LEI) ||
				rs[i].Number != "" && normNumber(rs[i].Number) == normNumber(rs[j].Number) && rs[i].Country == rs[j].Country
			if same {
				a, b := find(i), find(j)
				if a != b {
					parent[max(a, b)] = min(a, b)
				}
			}
		}
	}
	var out [][]Record
	idx := map[int]int{}
	for i, r := range rs {
		root := find(i)
		k, ok := idx[root]
		if !ok {
			k = len(out)
			idx[root] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], r)
	}
	return out
}

func filterEntities(es [][]Record, f func(Record) bool) [][]Record {
	var out [][]Record
	for _, e := range es {
		if slices.ContainsFunc(e, f) {
			out = append(out, e)
		}
	}
	return out
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }

// AmbiguousError is the 409 AMBIGUOUS_ENTITY answer for an ambiguous
// resolution: the candidates (at most 5) and the identifiers that would
// tell them apart. Nothing is charged and no further provider is called.
func AmbiguousError(r Resolution) *dalil.Error {
	return &dalil.Error{Code: dalil.CodeAmbiguousEntity,
		Message: "More than one registered company matches this name; send registrationNumber, lei or city to choose one. No payment was taken.",
		Details: map[string]any{"candidates": r.Candidates, "suggestedIdentifiers": []string{"registrationNumber", "lei", "city"}}}
}

// NotFoundError is the 404 ENTITY_NOT_FOUND answer: the registers
// answered, none holds the company, and there is no website to go on.
func NotFoundError(r Resolution) *dalil.Error {
	return &dalil.Error{Code: dalil.CodeEntityNotFound,
		Message: "No register checked holds this company and no website was given; check the name and country, or send a registrationNumber, lei or website. No payment was taken.",
		Details: map[string]any{"registriesChecked": r.RegistriesChecked}}
}

// FailureError is the answer when every identity source failed: 504
// PROVIDER_TIMEOUT, 429 RATE_LIMITED or 503 PROVIDER_UNAVAILABLE, by the
// failures' kind (timeouts first). Nothing is charged.
func FailureError(fs []Failure) *dalil.Error { return SourcesFailed("company register", fs) }

// SourcesFailed is the one rule for a capability whose every consulted
// source failed and that found nothing, so has nothing to answer with:
// the call is an error and is not charged. 504 PROVIDER_TIMEOUT when any
// source timed out, else 429 RATE_LIMITED (Retry-After 60) when any was
// rate limited or out of budget, else 503 PROVIDER_UNAVAILABLE;
// details.providersFailed names them (sorted, once each). what names the
// kind of source in the message ("company register", "web search
// provider").
func SourcesFailed(what string, fs []Failure) *dalil.Error {
	names := make([]string, 0, len(fs))
	kind := dalil.CodeProviderUnavailable
	for _, f := range fs {
		names = append(names, f.Provider)
		switch {
		case errors.Is(f.Err, ErrTimeout) || errors.Is(f.Err, context.DeadlineExceeded):
			kind = dalil.CodeProviderTimeout
		case errors.Is(f.Err, ErrRateLimited) && kind != dalil.CodeProviderTimeout:
			kind = dalil.CodeRateLimited
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	e := &dalil.Error{Code: kind, Message: "Every " + what + " failed to answer (" + strings.Join(names, ", ") + "); retry later. No payment was taken.",
		Details: map[string]any{"providersFailed": names}}
	if kind == dalil.CodeRateLimited {
		e.Headers = map[string]string{"Retry-After": "60"}
	}
	return e
}
