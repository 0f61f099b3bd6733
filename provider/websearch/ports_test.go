package websearch_test

import (
	"context"
	"errors"
	"testing"

	"dalil/capabilities/suppliercheck"
	"dalil/internal/intel"
	"dalil/provider/client"
	"dalil/provider/websearch"
	"dalil/provider/websearch/websearchtest"
)

// recorder is a Searcher that keeps the queries it was asked (a value,
// not a pointer: isNil must not panic on it).
type recorder struct{ got *[]websearch.Query }

func (recorder) Name() string { return "recorder" }

func (r recorder) Search(_ context.Context, q websearch.Query) ([]websearch.Result, error) {
	*r.got = append(*r.got, q)
	return []websearch.Result{{Title: "T", URL: "https://x.example/", Snippet: "S", Source: "X News", Published: published}}, nil
}

// TestPortsOfNilClient: no client, or a client that is off, is no port.
func TestPortsOfNilClient(t *testing.T) {
	var brave *websearch.Brave
	var tavily *websearch.Tavily
	for _, s := range []websearch.Searcher{nil, brave, tavily} {
		if websearch.ForIntel(s) != nil || websearch.ForSupplierCheck(s) != nil {
			t.Errorf("%T gave a port", s)
		}
	}
}

// TestPortQueries: each port passes its query through (the supplier
// check's biased to Oman) and maps every result field it has.
func TestPortQueries(t *testing.T) {
	var got []websearch.Query
	s := recorder{&got}
	rs, err := websearch.ForIntel(s).Search(context.Background(), intel.SearchQuery{Text: "acme fraud", Country: "GB", Max: 3, News: true})
	want := intel.SearchResult{URL: "https://x.example/", Title: "T", Snippet: "S", Publisher: "X News", Published: published}
	if err != nil || len(rs) != 1 || rs[0] != want {
		t.Errorf("intel results %+v, %v", rs, err)
	}
	ws, err := websearch.ForSupplierCheck(s).Search(context.Background(), "barka steel", 5)
	if err != nil || len(ws) != 1 || ws[0] != (suppliercheck.WebResult{Title: "T", URL: "https://x.example/", Snippet: "S"}) {
		t.Errorf("supplier results %+v, %v", ws, err)
	}
	if len(got) != 2 || got[0] != (websearch.Query{Text: "acme fraud", Country: "GB", Max: 3, News: true}) ||
		got[1] != (websearch.Query{Text: "barka steel", Country: "OM", Max: 5}) {
		t.Errorf("queries %+v", got)
	}
	if websearch.ForIntel(s).Name() != "recorder" || websearch.ForSupplierCheck(s).Name() != "recorder" {
		t.Error("names")
	}
}

// TestIntelPortErrors: the client's failures reach intel as its kinds,
// the client's error kept.
func TestIntelPortErrors(t *testing.T) {
	wrong := websearch.NewBrave(websearch.BraveConfig{APIKey: "wrong-" + key, BaseURL: websearchtest.NewBrave(t, key).BaseURL()})
	_, err := websearch.ForIntel(wrong).Search(context.Background(), intel.SearchQuery{Text: "acme"})
	if !errors.Is(err, intel.ErrUnavailable) || !errors.Is(err, client.ErrUpstream) || errors.Is(err, intel.ErrRateLimited) {
		t.Errorf("wrong key: %v", err)
	}
	budget, err := client.ParseBudget("1/24h")
	if err != nil {
		t.Fatal(err)
	}
	srv := websearchtest.NewTavily(t, key, docs...)
	tv := websearch.NewTavily(websearch.TavilyConfig{APIKey: key, BaseURL: srv.BaseURL(), HTTP: client.Config{Budget: budget}})
	port := websearch.ForIntel(tv)
	if rs, err := port.Search(context.Background(), intel.SearchQuery{Text: "acme"}); err != nil || len(rs) == 0 {
		t.Fatalf("first search: %+v, %v", rs, err)
	}
	_, err = port.Search(context.Background(), intel.SearchQuery{Text: "acme fined"})
	if !errors.Is(err, intel.ErrRateLimited) || !errors.Is(err, client.ErrBudgetExhausted) {
		t.Errorf("budget spent: %v", err)
	}
}

// TestSupplierPort: a configured client's results reach the supplier
// check's public-web screen (moved from cmd/dalil with the adapter).
func TestSupplierPort(t *testing.T) {
	srv := websearchtest.NewBrave(t, "k", websearchtest.Doc{Title: "Barka Steel Fabrication fined by court", URL: "https://news.example/1",
		Snippet: "Barka Steel Fabrication LLC was fined for late delivery"})
	w := websearch.ForSupplierCheck(websearch.NewBrave(websearch.BraveConfig{APIKey: "k", BaseURL: srv.BaseURL()}))
	out, err := suppliercheck.Check(context.Background(), suppliercheck.Deps{Web: w}, suppliercheck.Input{CompanyName: "Barka Steel Fabrication LLC"})
	if err != nil {
		t.Fatal(err)
	}
	pr := out.Checks.PublicRisk
	if pr.Execution != "performed" || pr.Status != "signal_detected" || len(pr.Signals) != 1 || *pr.Signals[0].SourceURL != "https://news.example/1" {
		t.Errorf("public risk = %+v", pr)
	}
}
