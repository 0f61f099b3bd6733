package safebrowsing_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/safebrowsing"
	"dalil/provider/safebrowsing/safebrowsingtest"
)

const key = "AIza-test-5ecret"

var listed = map[string]string{"https://bad.example/": "MALWARE", "http://phish.example/login": "SOCIAL_ENGINEERING"}

func TestOffMakesNoCall(t *testing.T) {
	c := safebrowsing.New(safebrowsing.Config{HTTP: client.Config{Transport: clienttest.NoNetwork(t)}})
	if c != nil {
		t.Fatal("client without a key must be nil (off)")
	}
	if _, err := c.Check(context.Background(), []string{"https://bad.example/"}); !errors.Is(err, client.ErrNotConfigured) {
		t.Fatalf("err = %v", err)
	}
}

func TestCheck(t *testing.T) {
	srv := safebrowsingtest.New(t, key, listed)
	c := safebrowsing.New(safebrowsing.Config{APIKey: key, BaseURL: srv.BaseURL(), HTTP: clienttest.Instant(nil, 0)})
	got, err := c.Check(context.Background(), []string{"https://good.example/", " http://phish.example/login", "https://bad.example/",
		"https://bad.example/", ""})
	if err != nil {
		t.Fatal(err)
	}
	want := []safebrowsing.Threat{{URL: "http://phish.example/login", Type: "SOCIAL_ENGINEERING", Platform: "ANY_PLATFORM"},
		{URL: "https://bad.example/", Type: "MALWARE", Platform: "ANY_PLATFORM"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("threats (-want +got):\n%s", d)
	}
	if r := srv.Last(); r.Header.Get("Content-Type") != "application/json" || r.URL.Query().Get("key") != key {
		t.Fatalf("request %s %v", r.URL.Path, r.Header)
	}
	clean, err := c.Check(context.Background(), []string{"https://good.example/"})
	if err != nil || clean == nil || len(clean) != 0 {
		t.Fatalf("clean URL: %#v %v", clean, err)
	}
	// Same URLs in another order: same request, served from the cache.
	hits := srv.Hits()
	if _, err := c.Check(context.Background(), []string{"https://bad.example/", "http://phish.example/login", "https://good.example/"}); err != nil || srv.Hits() != hits {
		t.Fatalf("reordered re-run: %v, %d calls", err, srv.Hits()-hits)
	}
}

func TestBatches(t *testing.T) {
	srv := safebrowsingtest.New(t, key, listed)
	c := safebrowsing.New(safebrowsing.Config{APIKey: key, BaseURL: srv.BaseURL(), HTTP: clienttest.Instant(nil, 0)})
	var urls []string
	for i := range 1001 {
		urls = append(urls, fmt.Sprintf("https://site%04d.example/", i))
	}
	urls = append(urls, "https://bad.example/")
	got, err := c.Check(context.Background(), urls)
	if err != nil || len(got) != 1 || srv.Hits() != 3 {
		t.Fatalf("got %+v, %v, %d requests (want 3)", got, err, srv.Hits())
	}
}

func TestBadKey(t *testing.T) {
	srv := safebrowsingtest.New(t, key, listed)
	c := safebrowsing.New(safebrowsing.Config{APIKey: "wrong-" + key, BaseURL: srv.BaseURL()})
	_, err := c.Check(context.Background(), []string{"https://bad.example/"})
	if !errors.Is(err, client.ErrUpstream) || client.StatusOf(err) != 400 || strings.Contains(err.Error(), key) ||
		!strings.Contains(err.Error(), "API key not valid") {
		t.Fatalf("err = %v", err)
	}
}

func TestMatchWithoutURLIsMalformed(t *testing.T) {
	srv := safebrowsingtest.New(t, key, listed)
	srv.Push(clienttest.Fault{Status: 200, Body: `{"matches":[{"threatType":"MALWARE","threat":{}}]}`})
	c := safebrowsing.New(safebrowsing.Config{APIKey: key, BaseURL: srv.BaseURL(), HTTP: clienttest.Instant(nil, 0)})
	if _, err := c.Check(context.Background(), []string{"https://bad.example/"}); !errors.Is(err, client.ErrMalformed) {
		t.Fatalf("err = %v", err)
	}
}

func TestContract(t *testing.T) {
	var waits []time.Duration
	srv := safebrowsingtest.New(t, key, listed)
	c := safebrowsing.New(safebrowsing.Config{APIKey: key, BaseURL: srv.BaseURL(), HTTP: clienttest.Instant(&waits, 300*time.Millisecond)})
	clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: func(ctx context.Context, n int) error {
		_, err := c.Check(ctx, []string{fmt.Sprintf("https://site%d.example/", n)})
		return err
	}}.Run(t)
}

// FuzzCheck: any body is either refused as malformed or yields threats
// only for URLs that were asked about.
func FuzzCheck(f *testing.F) {
	f.Add(`{"matches":[{"threatType":"MALWARE","platformType":"ANY_PLATFORM","threat":{"url":"https://a.example/"}}]}`)
	f.Add(`{}`)
	f.Add(`{"matches":[{"threatType":"MALWARE","threat":{"url":"https://other.example/"}}]}`)
	f.Fuzz(func(t *testing.T, body string) {
		srv := safebrowsingtest.New(t, key, nil)
		srv.Push(clienttest.Fault{Status: 200, Body: body})
		c := safebrowsing.New(safebrowsing.Config{APIKey: key, BaseURL: srv.BaseURL(), TTL: -1, HTTP: clienttest.Instant(nil, time.Second)})
		got, err := c.Check(context.Background(), []string{"https://a.example/"})
		if err != nil {
			if !errors.Is(err, client.ErrMalformed) {
				t.Fatalf("err = %v", err)
			}
			return
		}
		for _, th := range got {
			if th.URL != "https://a.example/" || th.Type == "" {
				t.Fatalf("threat %+v", th)
			}
		}
	})
}
