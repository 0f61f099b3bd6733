package safehttp_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"dalil/internal/safehttp"
	"dalil/internal/safehttp/safehttptest"
)

const host = "docs.test.example"

// hostileServer answers every request it gets (so a test can tell a refused
// URL reached nothing) and registers the hosts the hostile table needs.
func hostileServer(t *testing.T) (*safehttptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.WriteString(w, "hello")
	})
	redirect := func(path, to string) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, to, http.StatusFound)
		})
	}
	redirect("/to-loopback", "https://127.0.0.1/")
	redirect("/to-metadata", "https://169.254.169.254/latest/meta-data/")
	redirect("/to-internal-name", "https://internal.test.example/")
	redirect("/to-http", "http://"+host+"/")
	redirect("/to-userinfo", "https://user:pw@"+host+"/")
	redirect("/to-file", "file:///etc/passwd")
	redirect("/to-translated", "https://[::ffff:0:7f00:1]/") // IPv4-translated 127.0.0.1
	redirect("/to-translated-name", "https://aaaa.test.example/")
	for i := 0; i < 5; i++ {
		redirect(fmt.Sprintf("/chain%d", i), fmt.Sprintf("/chain%d", i+1))
	}
	s := safehttptest.NewTLSServer(t, mux, host)
	s.Resolve("rebind.test.example", "169.254.169.254")
	s.Resolve("internal.test.example", "10.1.2.3")
	s.Resolve("mixed.test.example", safehttptest.PublicIP, "10.0.0.5")
	s.Resolve("v6private.test.example", "fd12:3456::1")
	s.Resolve("mapped.test.example", "::ffff:127.0.0.1")
	s.Resolve("127.0.0.1.nip.io", "127.0.0.1")
	s.Resolve("cgnat.test.example", "100.100.100.200")
	s.Resolve("ula-metadata.test.example", "fd00:ec2::254")
	s.Resolve("aaaa.test.example", "::ffff:0:a9fe:a9fe") // IPv4-translated 169.254.169.254
	s.Resolve("reserved-v6.test.example", "4000::1")
	return s, &hits
}

func TestHostileURLsRefused(t *testing.T) {
	s, hits := hostileServer(t)
	c := s.Client()
	long := "https://" + host + "/" + strings.Repeat("a", safehttp.MaxURLLength)
	cases := []struct {
		url  string
		code safehttp.Code
	}{
		{"http://" + host + "/", safehttp.CodeNotAllowed},
		{"ftp://" + host + "/", safehttp.CodeInvalidURL},
		{"file:///etc/passwd", safehttp.CodeInvalidURL},
		{"gopher://" + host + ":70/_", safehttp.CodeInvalidURL},
		{"javascript:alert(1)", safehttp.CodeInvalidURL},
		{"https://", safehttp.CodeInvalidURL},
		{"https:///path-only", safehttp.CodeInvalidURL},
		{long, safehttp.CodeInvalidURL},
		{"https://" + host + "/\n", safehttp.CodeInvalidURL},
		{"https://" + host + "\\@127.0.0.1/", safehttp.CodeInvalidURL},
		{"https://127.0.0.1/", safehttp.CodeNotAllowed},
		{"https://127.1/", safehttp.CodeNotAllowed},
		{"https://2130706433/", safehttp.CodeNotAllowed},   // decimal
		{"https://017700000001/", safehttp.CodeNotAllowed}, // octal, one part
		{"https://0177.0.0.1/", safehttp.CodeNotAllowed},   // octal first part
		{"https://0x7f.1/", safehttp.CodeNotAllowed},       // hex, two parts
		{"https://0x7f000001/", safehttp.CodeNotAllowed},   // hex, one part
		{"https://0x7f.0x0.0x0.0x1/", safehttp.CodeNotAllowed},
		{"https://127.0.0.1./", safehttp.CodeNotAllowed}, // trailing dot
		{"https://１２７.０.０.１/", safehttp.CodeNotAllowed},  // full-width digits
		{"https://256.256.256.256/", safehttp.CodeInvalidURL},
		{"https://.0.0.0../", safehttp.CodeInvalidURL}, // empty labels: no name, and no address either
		{"https://.example.com/", safehttp.CodeInvalidURL},
		{"https://example.com../", safehttp.CodeInvalidURL},
		{"https://[::1]/", safehttp.CodeNotAllowed},
		{"https://[::ffff:127.0.0.1]/", safehttp.CodeNotAllowed},
		{"https://[::ffff:7f00:1]/", safehttp.CodeNotAllowed},
		{"https://[::ffff:a9fe:a9fe]/", safehttp.CodeNotAllowed},
		{"https://[0:0:0:0:0:ffff:169.254.169.254]/", safehttp.CodeNotAllowed},
		{"https://[64:ff9b::7f00:1]/", safehttp.CodeNotAllowed}, // NAT64
		{"https://[2002:7f00:1::]/", safehttp.CodeNotAllowed},   // 6to4
		{"https://[fe80::1%25eth0]/", safehttp.CodeNotAllowed},
		{"https://[fd00:ec2::254]/", safehttp.CodeNotAllowed},
		{"https://[::]/", safehttp.CodeNotAllowed},
		{"https://169.254.169.254/latest/meta-data/", safehttp.CodeNotAllowed},
		{"https://100.100.100.200/", safehttp.CodeNotAllowed},
		{"https://10.0.0.1/", safehttp.CodeNotAllowed},
		{"https://172.16.0.1/", safehttp.CodeNotAllowed},
		{"https://192.168.1.1/", safehttp.CodeNotAllowed},
		{"https://0.0.0.0/", safehttp.CodeNotAllowed},
		{"https://224.0.0.1/", safehttp.CodeNotAllowed},
		{"https://255.255.255.255/", safehttp.CodeNotAllowed},
		{"https://localhost/", safehttp.CodeNotAllowed},
		{"https://LOCALHOST./", safehttp.CodeNotAllowed},
		{"https://admin.localhost/", safehttp.CodeNotAllowed},
		{"https://metadata.google.internal/", safehttp.CodeNotAllowed},
		{"https://user:pass@" + host + "/", safehttp.CodeInvalidURL},
		{"https://" + host + "@127.0.0.1/", safehttp.CodeInvalidURL},
		{"https://127.0.0.1#@" + host + "/", safehttp.CodeNotAllowed},
		{"https://" + host + ":22/", safehttp.CodeNotAllowed},
		{"https://" + host + ":8443/", safehttp.CodeNotAllowed},
		{"https://" + host + ":0/", safehttp.CodeInvalidURL},
		{"https://rebind.test.example/", safehttp.CodeNotAllowed},    // name → 169.254.169.254
		{"https://internal.test.example/", safehttp.CodeNotAllowed},  // name → 10.1.2.3
		{"https://mixed.test.example/", safehttp.CodeNotAllowed},     // one public, one private answer
		{"https://v6private.test.example/", safehttp.CodeNotAllowed}, // AAAA in fc00::/7
		{"https://mapped.test.example/", safehttp.CodeNotAllowed},    // AAAA ::ffff:127.0.0.1
		{"https://127.0.0.1.nip.io/", safehttp.CodeNotAllowed},       // wildcard DNS to loopback
		{"https://cgnat.test.example/", safehttp.CodeNotAllowed},     // → 100.100.100.200
		{"https://ula-metadata.test.example/", safehttp.CodeNotAllowed},
		{"https://[::ffff:0:7f00:1]/", safehttp.CodeNotAllowed}, // IPv4-translated 127.0.0.1
		{"https://[::ffff:0:a9fe:a9fe]/", safehttp.CodeNotAllowed},
		{"https://[::1:0:0:1]/", safehttp.CodeNotAllowed}, // outside 2000::/3
		{"https://[1::1]/", safehttp.CodeNotAllowed},
		{"https://[4000::1]/", safehttp.CodeNotAllowed},
		{"https://aaaa.test.example/", safehttp.CodeNotAllowed},        // AAAA ::ffff:0:a9fe:a9fe
		{"https://reserved-v6.test.example/", safehttp.CodeNotAllowed}, // AAAA 4000::1
		{"https://nxdomain.test.example/", safehttp.CodeFetchFailed},
	}
	if len(cases) < 30 {
		t.Fatalf("only %d hostile URLs", len(cases))
	}
	for _, tc := range cases {
		resp, err := c.Get(context.Background(), tc.url)
		if err == nil {
			t.Errorf("%q fetched (status %d), want %s", tc.url, resp.Status, tc.code)
			continue
		}
		var se *safehttp.Error
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v is not a *safehttp.Error", tc.url, err)
			continue
		}
		if se.Code != tc.code {
			t.Errorf("%q: code %s (%v), want %s", tc.url, se.Code, err, tc.code)
		}
		if se.Message == "" {
			t.Errorf("%q: empty message", tc.url)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the server was reached %d times by refused URLs", n)
	}
	for _, d := range s.Dialed() {
		if !strings.HasPrefix(d, safehttptest.PublicIP+":") {
			t.Errorf("dialled %s, which is not a checked public address", d)
		}
	}
}

func TestRedirectsRechecked(t *testing.T) {
	s, hits := hostileServer(t)
	c := s.Client()
	cases := map[string]safehttp.Code{
		"/to-loopback":        safehttp.CodeNotAllowed,
		"/to-metadata":        safehttp.CodeNotAllowed,
		"/to-internal-name":   safehttp.CodeNotAllowed,
		"/to-http":            safehttp.CodeNotAllowed,
		"/to-userinfo":        safehttp.CodeInvalidURL,
		"/to-file":            safehttp.CodeInvalidURL,
		"/to-translated":      safehttp.CodeNotAllowed,
		"/to-translated-name": safehttp.CodeNotAllowed,
		"/chain0":             safehttp.CodeTooManyRedirects, // 5 hops
	}
	for path, want := range cases {
		_, err := c.Get(context.Background(), "https://"+host+path)
		if got := safehttp.CodeOf(err); got != want {
			t.Errorf("%s: code %q (%v), want %s", path, got, err, want)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("a refused redirect target was fetched %d times", n)
	}
	// Three hops are followed.
	resp, err := c.Get(context.Background(), "https://"+host+"/chain2")
	if err != nil {
		t.Fatalf("3 redirects: %v", err)
	}
	if resp.Redirects != 3 || !strings.HasSuffix(resp.FinalURL, "/chain5") || string(resp.Body) != "hello" {
		t.Errorf("3 redirects: got %d redirects, final %s, body %q", resp.Redirects, resp.FinalURL, resp.Body)
	}
	// NoRedirects refuses the first.
	o := s.Options()
	o.NoRedirects = true
	if _, err := safehttp.New(o).Get(context.Background(), "https://"+host+"/chain4"); safehttp.CodeOf(err) != safehttp.CodeTooManyRedirects {
		t.Errorf("NoRedirects: %v", err)
	}
}

// A name whose DNS answer changes after the check (rebinding) still reaches
// only the address that was checked: it is resolved once per connection and
// dialled by its literal.
func TestDNSRebindingCannotPass(t *testing.T) {
	s := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }), host)
	var lookups atomic.Int64
	o := s.Options()
	inner := o.Resolver
	o.Resolver = safehttptest.ResolverFunc(func(ctx context.Context, h string) ([]net.IPAddr, error) {
		if lookups.Add(1) == 1 {
			return inner.LookupIPAddr(ctx, h) // public the first time
		}
		return []net.IPAddr{{IP: net.ParseIP("127.0.0.1")}}, nil
	})
	var dialed []string
	var mu sync.Mutex
	innerDial := o.DialContext
	o.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		mu.Lock()
		dialed = append(dialed, addr)
		mu.Unlock()
		return innerDial(ctx, network, addr)
	}
	resp, err := safehttp.New(o).Get(context.Background(), "https://"+host+"/")
	if err != nil || string(resp.Body) != "ok" {
		t.Fatalf("first fetch: %v", err)
	}
	if lookups.Load() != 1 || len(dialed) != 1 || dialed[0] != safehttptest.PublicIP+":443" {
		t.Fatalf("lookups %d, dialed %v: want one lookup and the checked literal", lookups.Load(), dialed)
	}
	// A new client (no pooled connection) sees the rebound answer: refused.
	_, err = safehttp.New(o).Get(context.Background(), "https://"+host+"/")
	if safehttp.CodeOf(err) != safehttp.CodeNotAllowed {
		t.Fatalf("after rebinding: %v, want URL_NOT_ALLOWED", err)
	}
	if len(dialed) != 1 {
		t.Errorf("dialled after rebinding: %v", dialed)
	}
}

func TestSizeLimits(t *testing.T) {
	big := bytes.Repeat([]byte("x"), 2000)
	mux := http.NewServeMux()
	mux.HandleFunc("/announced", func(w http.ResponseWriter, r *http.Request) { w.Write(big) })
	mux.HandleFunc("/chunked", func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i < 20; i++ {
			w.Write(big[:100])
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/gzip-bomb", func(w http.ResponseWriter, r *http.Request) {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write(bytes.Repeat([]byte{0}, 1<<20))
		zw.Close()
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(b.Bytes())
	})
	mux.HandleFunc("/exact", func(w http.ResponseWriter, r *http.Request) { w.Write(big[:1000]) })
	s := safehttptest.NewTLSServer(t, mux, host)
	o := s.Options()
	o.MaxBytes = 1000
	c := safehttp.New(o)
	for _, p := range []string{"/announced", "/chunked", "/gzip-bomb"} {
		_, err := c.Get(context.Background(), "https://"+host+p)
		var se *safehttp.Error
		if !errors.As(err, &se) || se.Code != safehttp.CodeTooLarge || se.Limit != 1000 {
			t.Errorf("%s: %v, want TOO_LARGE with limit 1000", p, err)
		}
	}
	resp, err := c.Get(context.Background(), "https://"+host+"/exact")
	if err != nil || len(resp.Body) != 1000 {
		t.Errorf("exactly MaxBytes: %v", err)
	}
}

// Download copies the body to its writer instead of Response.Body, with
// the same size limit and content sniffing as Get.
func TestDownload(t *testing.T) {
	big := append([]byte("PK\x03\x04"), bytes.Repeat([]byte("x"), 1996)...)
	mux := http.NewServeMux()
	mux.HandleFunc("/file", func(w http.ResponseWriter, r *http.Request) { w.Write(big[:1000]) })
	mux.HandleFunc("/chunked", func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i < 20; i++ {
			w.Write(big[:100])
			w.(http.Flusher).Flush()
		}
	})
	s := safehttptest.NewTLSServer(t, mux, host)
	o := s.Options()
	o.MaxBytes = 1000
	c := safehttp.New(o)
	var got bytes.Buffer
	resp, err := c.Download(context.Background(), safehttp.Request{URL: "https://" + host + "/file"}, &got)
	if err != nil || !bytes.Equal(got.Bytes(), big[:1000]) || resp.Body != nil || resp.ContentType != "application/zip" || !resp.OK() {
		t.Fatalf("download: %v; %d bytes written, body %d bytes, type %q", err, got.Len(), len(resp.Body), resp.ContentType)
	}
	got.Reset()
	_, err = c.Download(context.Background(), safehttp.Request{URL: "https://" + host + "/chunked"}, &got)
	var se *safehttp.Error
	if !errors.As(err, &se) || se.Code != safehttp.CodeTooLarge || got.Len() > 1001 {
		t.Errorf("too large: %v, %d bytes written", err, got.Len())
	}
}

func TestTimeout(t *testing.T) {
	release := make(chan struct{})
	s := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}), host)
	defer close(release)
	o := s.Options()
	o.Timeout = 100 * time.Millisecond
	_, err := safehttp.New(o).Get(context.Background(), "https://"+host+"/slow")
	if safehttp.CodeOf(err) != safehttp.CodeTimeout {
		t.Fatalf("slow server: %v, want FETCH_TIMEOUT", err)
	}
}

func TestSniffAndHeaders(t *testing.T) {
	var gotUA, gotCookie string
	s := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotUA, gotCookie = r.UserAgent(), r.Header.Get("Cookie")
		http.SetCookie(w, &http.Cookie{Name: "s", Value: "1"})
		w.Header().Set("Content-Type", "text/html") // lies
		io.WriteString(w, "%PDF-1.4\n...")
	}), host)
	c := s.Client()
	resp, err := c.Get(context.Background(), "https://"+host+"/doc")
	if err != nil {
		t.Fatal(err)
	}
	if resp.ContentType != "application/pdf" || resp.DeclaredType != "text/html" || !resp.OK() {
		t.Errorf("sniffed %q declared %q", resp.ContentType, resp.DeclaredType)
	}
	if _, err := c.Get(context.Background(), "https://"+host+"/doc"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(gotUA, "Dalil/") || gotCookie != "" {
		t.Errorf("user agent %q, cookie %q (cookies must never be sent back)", gotUA, gotCookie)
	}
	for data, want := range map[string]string{
		"PK\x03\x04rest":                "application/zip",
		"<!doctype html><p>hi":          "text/html; charset=utf-8",
		"plain words":                   "text/plain; charset=utf-8",
		"\x89PNG\r\n\x1a\n\x00\x00\x00": "image/png",
	} {
		if got := safehttp.Sniff([]byte(data)); got != want {
			t.Errorf("Sniff(%q) = %q, want %q", data, got, want)
		}
	}
}

func TestPostOverHTTPWhenAllowed(t *testing.T) {
	var got string
	s := safehttptest.NewServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = r.Method + " " + r.Header.Get("Content-Type") + " " + string(b)
		w.WriteHeader(http.StatusAccepted)
	}), "hooks.test.example")
	o := s.Options()
	if _, err := safehttp.New(o).Post(context.Background(), "http://hooks.test.example/cb", "application/json", []byte(`{"a":1}`)); safehttp.CodeOf(err) != safehttp.CodeNotAllowed {
		t.Fatalf("http without AllowHTTP: %v", err)
	}
	o.AllowHTTP = true
	resp, err := safehttp.New(o).Post(context.Background(), "http://hooks.test.example/cb", "application/json", []byte(`{"a":1}`))
	if err != nil || resp.Status != http.StatusAccepted || got != `POST application/json {"a":1}` {
		t.Fatalf("post: %v %v %q", resp, err, got)
	}
	// AllowHTTP changes nothing about addresses.
	if _, err := safehttp.New(o).Post(context.Background(), "http://127.0.0.1/cb", "application/json", nil); safehttp.CodeOf(err) != safehttp.CodeNotAllowed {
		t.Fatalf("http loopback: %v", err)
	}
}

func TestAllowedHostsAndPorts(t *testing.T) {
	s := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }), host, "other.example")
	o := s.Options()
	o.AllowedHosts = []string{".test.example"}
	o.AllowedPorts = []int{443, 8443}
	c := safehttp.New(o)
	if _, err := c.Get(context.Background(), "https://"+host+":8443/"); err != nil {
		t.Errorf("listed host and port: %v", err)
	}
	if _, err := c.Get(context.Background(), "https://other.example/"); safehttp.CodeOf(err) != safehttp.CodeNotAllowed {
		t.Errorf("unlisted host: %v", err)
	}
	if _, err := c.Get(context.Background(), "https://127.0.0.1:8443/"); safehttp.CodeOf(err) != safehttp.CodeNotAllowed {
		t.Errorf("allowed port, loopback: %v", err)
	}
}

func TestInsecureTLSRefused(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New accepted InsecureSkipVerify")
		}
	}()
	safehttp.New(safehttp.Options{TLSConfig: insecure()})
}

func TestNoNetworkHelperCatchesNothingWhenUnused(t *testing.T) {
	c := safehttp.New(safehttptest.NoNetwork(t))
	if _, err := c.CheckURL("https://example.com/x"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Get(context.Background(), "https://127.0.0.1/"); safehttp.CodeOf(err) != safehttp.CodeNotAllowed {
		t.Fatal(err) // refused before any lookup or dial
	}
}

func insecure() *tls.Config { return &tls.Config{InsecureSkipVerify: true} }
