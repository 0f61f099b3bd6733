package registry

import (
	"cmp"
	"context"
	"strings"

	"dalil/internal/evidence"
	"dalil/internal/intel"
	"dalil/provider/client"
)

// The port a register client serves: the company intelligence
// capabilities' intel.Registry (owned by internal/intel, as
// provider/websearch serves its Searcher). Every register is asked the
// same way; what differs is only which key a register reads directly and
// whether its search results need a second read.

// ForIntel is s as intel.Registry (nil when s is nil or a nil client).
// A query naming the register's key is read directly; when it names
// none, or the register holds no such record, the name is searched in
// the country (20 records at most), and intel.Resolve matches a number
// among the records. Per register:
//
//   - GLEIF reads an LEI; its records' registration numbers let a number
//     match after the name search.
//   - Companies House reads a company number as a profile (filing facts,
//     previous names); after a name search, a single exact name match
//     (evidence.NormalizeName) is read as a profile too, since search
//     results state no filing facts. Namesakes are left for
//     intel.Resolve to ask the caller about.
//   - OpenCorporates reads a number with a country, the jurisdiction
//     being the country's code (which fits national registers; a US state
//     register is found by the name search instead).
//
// Any other Searcher is only searched. Errors are the intel kinds
// (client.Classify): a timeout intel.ErrTimeout, rate limited or over
// the operator's budget intel.ErrRateLimited, anything else
// intel.ErrUnavailable, each keeping the client's redacted error.
func ForIntel(s Searcher) intel.Registry {
	switch s {
	case nil, (*GLEIF)(nil), (*CompaniesHouse)(nil), (*OpenCorporates)(nil):
		return nil
	}
	p := intelRegistry{s: s}
	switch c := s.(type) {
	case *GLEIF:
		p.reads = func(q intel.RegistryQuery) bool { return q.LEI != "" }
		p.read = func(ctx context.Context, q intel.RegistryQuery) (Company, bool, error) { return c.ByLEI(ctx, q.LEI) }
	case *CompaniesHouse:
		p.reads = func(q intel.RegistryQuery) bool { return q.Number != "" }
		p.read = func(ctx context.Context, q intel.RegistryQuery) (Company, bool, error) {
			return c.Profile(ctx, q.Number)
		}
		p.profile = c.Profile
	case *OpenCorporates:
		p.reads = func(q intel.RegistryQuery) bool {
			return q.Number != "" && q.Country != "" && !strings.EqualFold(q.Country, "US")
		}
		p.read = func(ctx context.Context, q intel.RegistryQuery) (Company, bool, error) {
			return c.Company(ctx, strings.ToLower(q.Country), q.Number)
		}
	}
	return p
}

// intelRegistry is the one intel.Registry over every register client.
type intelRegistry struct {
	s Searcher
	// reads reports whether q names a key this register reads directly
	// (nil: none, the register is only searched); read reads it, found
	// false when the register holds no such record.
	reads func(intel.RegistryQuery) bool
	read  func(context.Context, intel.RegistryQuery) (Company, bool, error)
	// profile reads a search result's full record by its number; nil when
	// search results are complete.
	profile func(ctx context.Context, number string) (Company, bool, error)
}

func (p intelRegistry) Name() string            { return p.s.Name() }
func (p intelRegistry) Covers(land string) bool { return p.s.Covers(land) }

func (p intelRegistry) Lookup(ctx context.Context, q intel.RegistryQuery) ([]intel.Record, error) {
	if p.reads != nil && p.reads(q) {
		c, found, err := p.read(ctx, q)
		if err != nil {
			return nil, intelErr(err)
		}
		if found {
			return intelRecords(c), nil
		}
	}
	cs, err := p.s.Search(ctx, Query{Name: q.Name, Country: q.Country, Max: 20})
	if err != nil {
		return nil, intelErr(err)
	}
	if i := soleExactMatch(cs, q.Name); p.profile != nil && i >= 0 {
		c, found, err := p.profile(ctx, cs[i].Number)
		if err != nil {
			return nil, intelErr(err)
		}
		if found {
			cs[i] = c
		}
	}
	return intelRecords(cs...), nil
}

// soleExactMatch is the index of the one record whose name is name
// (normalised), or -1 when none or several (namesakes) are.
func soleExactMatch(cs []Company, name string) int {
	exact := -1
	for i, c := range cs {
		if evidence.NormalizeName(c.Name) == evidence.NormalizeName(name) {
			if exact >= 0 {
				return -1
			}
			exact = i
		}
	}
	return exact
}

func intelErr(err error) error {
	return client.Classify(err, intel.ErrTimeout, intel.ErrRateLimited, intel.ErrUnavailable)
}

// intelRecords turns register records into intel records: the first
// address gives the city and address, the activities are joined, and an
// unstated status is unknown.
func intelRecords(cs ...Company) []intel.Record {
	out := make([]intel.Record, 0, len(cs))
	for _, c := range cs {
		r := intel.Record{Registry: c.Source, URL: cmp.Or(c.URL, c.APIURL), Number: c.Number, LEI: c.LEI, Name: c.Name, Country: c.Country,
			Status: cmp.Or(c.Status, StatusUnknown), LEIStatus: c.LEIStatus, LegalForm: c.LegalForm,
			Activity: strings.Join(c.Activities, "; "), Incorporated: c.Incorporated, RetrievedAt: c.RetrievedAt}
		if len(c.Addresses) > 0 {
			r.City, r.Address = c.Addresses[0].City, c.Addresses[0].String()
		}
		for _, p := range c.PreviousNames {
			r.PreviousNames = append(r.PreviousNames, intel.PreviousName{Name: p.Name, Until: p.Until})
		}
		if f := c.Filings; f != nil {
			r.FilingsKnown = true
			r.AccountsOverdue, r.ConfirmationOverdue = f.AccountsOverdue, f.ConfirmationOverdue
			r.InsolvencyHistory, r.StrikeOffPending = f.InsolvencyHistory, f.StrikeOffPending
		}
		out = append(out, r)
	}
	return out
}
