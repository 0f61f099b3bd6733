package sitefetch

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"dalil/internal/intel"
	"dalil/internal/safehttp/safehttptest"
)

// pages are served at https://acme.test.example/<name>.
var pages = map[string]struct{ contentType, body string }{
	"home": {"text/html", `<html><head><title>Acme &amp; Co</title><style>body{}</style><script>var x=1</script></head>` +
		`<body><!-- hidden --><h1>Acme Trading</h1><p>Contact us: sales@acme.example</p></body></html>`},
	// What the regular-expression stripper this replaces got wrong.
	"script-with-style-end": {"text/html", `<p>Shown</p><script>var css = "</style>"; var key = "s3cret";</script><p>Also</p>`},
	"unclosed-script":       {"text/html", `<p>Shown</p><script>track("s3cret")`},
	"less-than":             {"text/html", `<p>Orders of 5 < 10 units ship today</p><p>Muscat</p>`},
	"attribute-gt":          {"text/html", `<p><a title="x > s3cret">Products</a></p>`},
	"title-in-script":       {"text/html", `<script>document.title = "<title>s3cret</title>"</script><title>Real</title><p>x</p>`},
	"arabic":                {"text/html; charset=utf-8", `<html dir="rtl"><title>شركة النور</title><p>مسقط &amp; صحار</p>`},
	"plain":                 {"text/plain", "just text\n  here"},
	"image":                 {"image/png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"},
}

func server(t *testing.T) *Fetcher {
	t.Helper()
	srv := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := pages[strings.TrimPrefix(r.URL.Path, "/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", p.contentType)
		w.Write([]byte(p.body))
	}), "acme.test.example")
	return New(srv.Client())
}

// TestFetch: a page's title and visible text, on one line with the title
// first, read by internal/htmltext.
func TestFetch(t *testing.T) {
	f := server(t)
	for _, c := range []struct{ page, title, text string }{
		{"home", "Acme & Co", "Acme & Co Acme Trading Contact us: sales@acme.example"},
		{"script-with-style-end", "", "Shown Also"},
		{"unclosed-script", "", "Shown"},
		{"less-than", "", "Orders of 5 < 10 units ship today Muscat"},
		{"attribute-gt", "", "Products"},
		{"title-in-script", "Real", "Real x"},
		{"arabic", "شركة النور", "شركة النور مسقط & صحار"},
		{"plain", "", "just text here"},
		{"image", "", ""},
	} {
		p, err := f.Fetch(context.Background(), "https://acme.test.example/"+c.page)
		if err != nil {
			t.Errorf("%s: %v", c.page, err)
			continue
		}
		if p.Title != c.title || p.Text != c.text || p.Status != 200 || p.FinalURL != "https://acme.test.example/"+c.page {
			t.Errorf("%s: %+v, want title %q text %q", c.page, p, c.title, c.text)
		}
	}
	if p, err := f.Fetch(context.Background(), "https://acme.test.example/gone"); err != nil || p.Status != 404 {
		t.Errorf("404: %+v, %v", p, err)
	}
}

// TestFetchLongPage: the text stops at MaxText bytes, on a letter.
func TestFetchLongPage(t *testing.T) {
	pages["long"] = struct{ contentType, body string }{"text/html", "<p>ab " + strings.Repeat("شركة ", MaxText) + "</p>"}
	defer delete(pages, "long")
	p, err := server(t).Fetch(context.Background(), "https://acme.test.example/long")
	if err != nil || len(p.Text) > MaxText || len(p.Text) < MaxText-10 || !strings.HasPrefix(p.Text, "ab شركة") {
		t.Errorf("%d bytes, %v", len(p.Text), err)
	}
}

// TestFetchErrors: a URL the policy refuses (a private address, plain
// http, not a URL) is intel.ErrRefused, nothing fetched; a deadline is
// intel.ErrTimeout.
func TestFetchErrors(t *testing.T) {
	f := server(t)
	for _, u := range []string{"https://10.0.0.1/", "http://acme.test.example/home", "not a url"} {
		if _, err := f.Fetch(context.Background(), u); !errors.Is(err, intel.ErrRefused) || errors.Is(err, intel.ErrUnavailable) || errors.Is(err, intel.ErrTimeout) {
			t.Errorf("%s: %v", u, err)
		}
	}
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	if _, err := f.Fetch(ctx, "https://acme.test.example/home"); !errors.Is(err, intel.ErrTimeout) {
		t.Errorf("past deadline: %v", err)
	}
	if f.Name() != "website" {
		t.Errorf("name %q", f.Name())
	}
}
