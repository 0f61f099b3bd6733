package websearch

import (
	"context"
	"reflect"

	"dalil/capabilities/suppliercheck"
	"dalil/internal/intel"
	"dalil/provider/client"
)

// The ports a web search client serves, each owned by what uses it (as
// provider/marketdata serves vehiclevalue's): the company intelligence
// capabilities' intel.Searcher and the supplier check's
// suppliercheck.WebSearcher. A client's own Search takes a Query, so each
// port is a small adapter over any Searcher; a nil client is no port.

// ForIntel is s as intel.Searcher (nil when s is nil). Its errors are
// the intel kinds (client.Classify): a timeout intel.ErrTimeout, rate
// limited or over the operator's budget intel.ErrRateLimited, anything
// else intel.ErrUnavailable, each keeping the client's redacted error.
func ForIntel(s Searcher) intel.Searcher {
	if isNil(s) {
		return nil
	}
	return intelSearcher{s}
}

type intelSearcher struct{ s Searcher }

func (a intelSearcher) Name() string { return a.s.Name() }

func (a intelSearcher) Search(ctx context.Context, q intel.SearchQuery) ([]intel.SearchResult, error) {
	rs, err := a.s.Search(ctx, Query{Text: q.Text, Country: q.Country, Max: q.Max, News: q.News})
	if err != nil {
		return nil, client.Classify(err, intel.ErrTimeout, intel.ErrRateLimited, intel.ErrUnavailable)
	}
	out := make([]intel.SearchResult, 0, len(rs))
	for _, r := range rs {
		out = append(out, intel.SearchResult{URL: r.URL, Title: r.Title, Snippet: r.Snippet, Publisher: r.Source, Published: r.Published})
	}
	return out, nil
}

// ForSupplierCheck is s as suppliercheck.WebSearcher, its results biased
// to Oman (nil when s is nil: the public-web screen is then not_checked
// and no call is made). Errors are the client's, which the check reports
// as unavailable.
func ForSupplierCheck(s Searcher) suppliercheck.WebSearcher {
	if isNil(s) {
		return nil
	}
	return supplierSearcher{s}
}

type supplierSearcher struct{ s Searcher }

func (a supplierSearcher) Name() string { return a.s.Name() }

func (a supplierSearcher) Search(ctx context.Context, query string, max int) ([]suppliercheck.WebResult, error) {
	rs, err := a.s.Search(ctx, Query{Text: query, Country: "OM", Max: max})
	if err != nil {
		return nil, err
	}
	out := make([]suppliercheck.WebResult, 0, len(rs))
	for _, r := range rs {
		out = append(out, suppliercheck.WebResult{Title: r.Title, URL: r.URL, Snippet: r.Snippet})
	}
	return out, nil
}

// isNil reports whether s is nil or a nil client (a *Brave or *Tavily
// that is off).
func isNil(s Searcher) bool {
	if s == nil {
		return true
	}
	switch v := reflect.ValueOf(s); v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		return v.IsNil()
	}
	return false
}
