package websearch_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/websearch"
	"dalil/provider/websearch/websearchtest"
)

const key = "test-key-5ecret"

var published = time.Date(2026, 10, 3, 9, 30, 0, 0, time.UTC)

var docs = []websearchtest.Doc{
	{Title: "Acme Trading LLC &amp; partners", URL: "https://www.acme.example/about", Snippet: "Acme Trading is a <strong>supplier</strong> in Muscat."},
	{Title: "Acme fined by regulator", URL: "https://news.example/acme-fined", Snippet: "The regulator fined Acme Trading.",
		Publisher: "Example News", Published: published, News: true},
	{Title: "Unrelated", URL: "https://other.example/", Snippet: "Nothing to see."},
	{Title: "Acme review", URL: "ftp://reviews.example/acme", Snippet: "An acme review over ftp."},
}

func TestOffMakesNoCall(t *testing.T) {
	http := client.Config{Transport: clienttest.NoNetwork(t)}
	b := websearch.NewBrave(websearch.BraveConfig{APIKey: "  ", HTTP: http})
	tv := websearch.NewTavily(websearch.TavilyConfig{HTTP: http})
	if b != nil || tv != nil {
		t.Fatal("clients without a key must be nil (off)")
	}
	for _, s := range []websearch.Searcher{b, tv} {
		if _, err := s.Search(context.Background(), websearch.Query{Text: "acme"}); !errors.Is(err, client.ErrNotConfigured) {
			t.Fatalf("%s: err = %v, want ErrNotConfigured", s.Name(), err)
		}
	}
}

func newBrave(t *testing.T, srv *websearchtest.Server, waits *[]time.Duration) *websearch.Brave {
	return websearch.NewBrave(websearch.BraveConfig{APIKey: key, BaseURL: srv.BaseURL(),
		HTTP: clienttest.Instant(waits, 300*time.Millisecond)})
}

func newTavily(t *testing.T, srv *websearchtest.Server, waits *[]time.Duration) *websearch.Tavily {
	return websearch.NewTavily(websearch.TavilyConfig{APIKey: key, BaseURL: srv.BaseURL(),
		HTTP: clienttest.Instant(waits, 300*time.Millisecond)})
}

func TestBraveSearch(t *testing.T) {
	srv := websearchtest.NewBrave(t, key, docs...)
	b := newBrave(t, srv, nil)
	got, err := b.Search(context.Background(), websearch.Query{Text: "  acme   trading ", Country: "gb", Max: 5})
	if err != nil {
		t.Fatal(err)
	}
	want := []websearch.Result{
		{Title: "Acme Trading LLC & partners", URL: "https://www.acme.example/about", Snippet: "Acme Trading is a supplier in Muscat.", Source: "acme.example"},
		{Title: "Acme fined by regulator", URL: "https://news.example/acme-fined", Snippet: "The regulator fined Acme Trading.",
			Published: published, Source: "Example News"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("results (-want +got):\n%s", d)
	}
	r := srv.Last()
	q := r.URL.Query()
	if r.Header.Get("X-Subscription-Token") != key || q.Get("q") != "acme trading" || q.Get("country") != "GB" ||
		q.Get("count") != "5" || r.URL.Path != "/res/v1/web/search" {
		t.Fatalf("request %s %v", r.URL, r.Header)
	}
	// A country Brave does not list searches ALL.
	if _, err := b.Search(context.Background(), websearch.Query{Text: "acme", Country: "OM"}); err != nil {
		t.Fatal(err)
	}
	if c := srv.Last().URL.Query().Get("country"); c != "ALL" {
		t.Fatalf("country = %q, want ALL", c)
	}
	news, err := b.Search(context.Background(), websearch.Query{Text: "acme", News: true, Max: 1})
	if err != nil || len(news) != 1 || news[0].URL != "https://news.example/acme-fined" || srv.Last().URL.Path != "/res/v1/news/search" {
		t.Fatalf("news = %+v, %v", news, err)
	}
	none, err := b.Search(context.Background(), websearch.Query{Text: "zzzz"})
	if err != nil || len(none) != 0 {
		t.Fatalf("no match: %+v %v", none, err)
	}
}

func TestTavilySearch(t *testing.T) {
	srv := websearchtest.NewTavily(t, key, docs...)
	tv := newTavily(t, srv, nil)
	got, err := tv.Search(context.Background(), websearch.Query{Text: "acme fined", News: true, Max: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := []websearch.Result{{Title: "Acme fined by regulator", URL: "https://news.example/acme-fined",
		Snippet: "The regulator fined Acme Trading.", Published: published, Source: "news.example"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("results (-want +got):\n%s", d)
	}
	r := srv.Last()
	if r.Header.Get("Authorization") != "Bearer "+key || r.Method != "POST" || r.URL.Path != "/search" ||
		r.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("request %s %s %v", r.Method, r.URL, r.Header)
	}
	web, err := tv.Search(context.Background(), websearch.Query{Text: "acme"})
	if err != nil || len(web) != 2 {
		t.Fatalf("general topic: %+v %v", web, err)
	}
}

func TestWrongKeyIsUpstreamErrorWithoutTheKey(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    websearch.Searcher
		msg  string
	}{
		{"brave", websearch.NewBrave(websearch.BraveConfig{APIKey: "wrong-" + key, BaseURL: websearchtest.NewBrave(t, key).BaseURL()}),
			"SUBSCRIPTION_TOKEN_INVALID"},
		{"tavily", websearch.NewTavily(websearch.TavilyConfig{APIKey: "wrong-" + key, BaseURL: websearchtest.NewTavily(t, key).BaseURL()}),
			"Unauthorized"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.s.Search(context.Background(), websearch.Query{Text: "acme"})
			if !errors.Is(err, client.ErrUpstream) || client.StatusOf(err) != 401 {
				t.Fatalf("err = %v, want ErrUpstream 401", err)
			}
			if strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("error text %q", err)
			}
		})
	}
}

func TestContract(t *testing.T) {
	t.Run("brave", func(t *testing.T) {
		var waits []time.Duration
		srv := websearchtest.NewBrave(t, key, docs...)
		b := newBrave(t, srv, &waits)
		clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: func(ctx context.Context, n int) error {
			_, err := b.Search(ctx, websearch.Query{Text: "acme " + strconv.Itoa(n)})
			return err
		}}.Run(t)
	})
	t.Run("tavily", func(t *testing.T) {
		var waits []time.Duration
		srv := websearchtest.NewTavily(t, key, docs...)
		tv := newTavily(t, srv, &waits)
		clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: func(ctx context.Context, n int) error {
			_, err := tv.Search(ctx, websearch.Query{Text: "acme " + strconv.Itoa(n), News: n%2 == 0})
			return err
		}}.Run(t)
	})
}

func TestWrongShapeIsMalformed(t *testing.T) {
	srv := websearchtest.NewBrave(t, key, docs...)
	srv.Push(clienttest.Fault{Status: 200, Body: `{"type":"other"}`}, clienttest.Fault{Status: 200, Body: `[1,2]`})
	b := newBrave(t, srv, nil)
	for i := range 2 {
		if _, err := b.Search(context.Background(), websearch.Query{Text: "acme"}); !errors.Is(err, client.ErrMalformed) {
			t.Fatalf("answer %d: err = %v, want ErrMalformed", i, err)
		}
	}
	tsrv := websearchtest.NewTavily(t, key, docs...)
	tsrv.Push(clienttest.Fault{Status: 200, Body: `{"unexpected":true}`})
	if _, err := newTavily(t, tsrv, nil).Search(context.Background(), websearch.Query{Text: "acme"}); !errors.Is(err, client.ErrMalformed) {
		t.Fatalf("tavily: err = %v, want ErrMalformed", err)
	}
}

func TestLongQueryIsCut(t *testing.T) {
	srv := websearchtest.NewBrave(t, key, docs...)
	b := newBrave(t, srv, nil)
	long := strings.Repeat("acme ", 200)
	if _, err := b.Search(context.Background(), websearch.Query{Text: long, Max: 99}); err != nil {
		t.Fatal(err)
	}
	q := srv.Last().URL.Query()
	if n := len([]rune(q.Get("q"))); n > 400 || n < 390 || q.Get("count") != "20" {
		t.Fatalf("q has %d runes, count %s", n, q.Get("count"))
	}
}

// FuzzResults feeds arbitrary bodies to both decoders: no panic, every
// result has an http(s) URL, no URL twice, never more than asked.
func FuzzResults(f *testing.F) {
	f.Add([]byte(`{"type":"search","web":{"results":[{"title":"a","url":"https://a.example","page_age":"2026-01-02T03:04:05"}]}}`), 3)
	f.Add([]byte(`{"query":"q","results":[{"title":"t","url":"http://x","content":"c","published_date":"Wed, 15 Jan 2025 10:30:00 GMT"}]}`), 1)
	f.Add([]byte(`{"type":"news","results":[{"url":"https://a"},{"url":"https://a","title":"<b>x</b>"}]}`), 5)
	f.Fuzz(func(t *testing.T, body []byte, max int) {
		max = max%25 + 1
		if max < 1 {
			max = 1
		}
		for _, rs := range websearch.DecodeForTest(body, max) {
			if len(rs) > max {
				t.Fatalf("%d results, max %d", len(rs), max)
			}
			seen := map[string]bool{}
			for _, r := range rs {
				if !strings.HasPrefix(r.URL, "http://") && !strings.HasPrefix(r.URL, "https://") || seen[r.URL] {
					t.Fatalf("bad result %+v", r)
				}
				seen[r.URL] = true
				if _, err := json.Marshal(r); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
