package sitecheck

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"dalil/internal/htmltext"
	"dalil/internal/safehttp"
	"dalil/internal/safehttp/safehttptest"
)

const page = `<!doctype html><html><head><title>Al Noor Trading LLC</title><style>.x{}</style><script>var a="evil@x.com"</script></head>
<body><h1>Al Noor Trading</h1><p>Building materials, Muscat, Sultanate of Oman.</p>
<p>Call +968 2412 3456 or 9123 4567</p><a href="mailto:info@alnoor.om">Email us</a></body></html>`

func TestInspect(t *testing.T) {
	srv := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(page))
		case "/gone":
			http.Error(w, "no", http.StatusNotFound)
		case "/plain":
			http.Redirect(w, r, "http://alnoor.om/", http.StatusFound)
		}
	}), "alnoor.om")
	in := New(srv.Client())
	ctx := context.Background()
	w, err := in.Inspect(ctx, "https://alnoor.om/")
	if err != nil {
		t.Fatal(err)
	}
	if !w.Reachable || !w.HTTPS || w.FinalDomain != "alnoor.om" || w.Title != "Al Noor Trading LLC" {
		t.Errorf("site = %+v", w)
	}
	if !slices.Equal(w.Emails, []string{"info@alnoor.om"}) || !slices.Contains(w.Phones, "+96824123456") || !slices.Contains(w.Phones, "+96891234567") {
		t.Errorf("emails %v phones %v", w.Emails, w.Phones)
	}
	if w2, err := in.Inspect(ctx, "https://alnoor.om/gone"); err != nil || w2.Reachable || w2.Status != 404 {
		t.Errorf("404 = %+v, %v", w2, err)
	}
	if w3, err := in.Inspect(ctx, "https://alnoor.om/plain"); err != nil || w3.Refused == "" || !w3.Insecure {
		t.Errorf("redirect to http = %+v, %v", w3, err)
	}
	// The production policy refuses private addresses without dialling.
	prod := New(safehttp.New(safehttptest.NoNetwork(t)))
	if w4, err := prod.Inspect(ctx, "https://127.0.0.1/"); err != nil || w4.Refused == "" || w4.Insecure {
		t.Errorf("loopback = %+v, %v", w4, err)
	}
	if w5, err := prod.Inspect(ctx, "http://example.com/"); err != nil || !w5.Insecure {
		t.Errorf("plain http = %+v, %v", w5, err)
	}
}

// extract keeps what a site check looks for: contact details in the
// navigation, words apart where tags separate them, scripts out, and
// Arabic text cut at a letter boundary.
func TestExtract(t *testing.T) {
	title, text := extract([]byte(`<title>Al Noor</title><nav><a href="/">Home</a><a href="/c">Contact us</a><span>+968 2412 3456</span></nav>` +
		`<script>var e="evil@x.com"</script><p><b>Email</b><a href="mailto:info@alnoor.om">info@alnoor.om</a></p>`))
	if title != "Al Noor" || text != "Al Noor Home Contact us +968 2412 3456 Email info@alnoor.om" {
		t.Errorf("title %q text %q", title, text)
	}
	if got := emails(text); !slices.Equal(got, []string{"info@alnoor.om"}) {
		t.Errorf("emails %v", got)
	}
	_, text = extract([]byte("<p>ab " + strings.Repeat("شركة ", maxText) + "</p>"))
	if len(text) > maxText || len(text) < maxText-10 || !utf8.ValidString(text) {
		t.Errorf("long Arabic page: %d bytes, valid %v", len(text), utf8.ValidString(text))
	}
}

func FuzzExtract(f *testing.F) {
	f.Add([]byte(page))
	f.Add([]byte("<script><script></script>x"))
	f.Add([]byte("<title>a<title>b</title>mailto:x@y.om 00968 9123 4567"))
	f.Fuzz(func(t *testing.T, body []byte) {
		title, text := extract(body)
		if len(text) > maxText || !utf8.ValidString(text) || !utf8.ValidString(title) || !strings.HasPrefix(text, htmltext.Line(title, maxText)) {
			t.Fatalf("text %q, title %q", text, title)
		}
		emails(text + string(mailtos(body)))
		phones(text)
	})
}
