package safehttp

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/net/idna"
)

// Defaults used when an Options field is zero.
const (
	DefaultTimeout      = 15 * time.Second
	DefaultMaxBytes     = 10 << 20
	DefaultMaxRedirects = 3
	MaxURLLength        = 2048
)

// Resolver resolves a host name; *net.Resolver satisfies it.
type Resolver interface {
	LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error)
}

// Options configures a Client. The zero value is the production policy.
type Options struct {
	Timeout      time.Duration // whole fetch, redirects included; default 15 s
	MaxBytes     int64         // body bytes (after content decoding); default 10 MiB
	MaxRedirects int           // followed redirects; default 3
	NoRedirects  bool          // refuse any redirect (CodeTooManyRedirects)
	// AllowHTTP permits plain http URLs (port 80 by default). Production
	// document fetching never sets it; tests and operator-configured
	// callback targets may.
	AllowHTTP bool
	// AllowedPorts replaces the default port policy (443 for https, 80 for
	// http). Address checks still apply whatever the port.
	AllowedPorts []int
	// AllowedHosts, when not empty, is an allowlist of host names (exact, or
	// ".example.com" for the domain and its subdomains). Address checks
	// still apply to listed hosts.
	AllowedHosts []string
	UserAgent    string // default "Dalil/1 (+https://dalil; fetches a URL a caller supplied)"

	// Resolver defaults to net.DefaultResolver. Tests inject one.
	Resolver Resolver
	// DialContext opens the TCP connection to an address that has already
	// passed every check ("ip:port", the IP literal). It defaults to a
	// net.Dialer whose Control function checks the socket address once more.
	// Tests inject one that connects to a local server.
	DialContext func(ctx context.Context, network, addr string) (net.Conn, error)
	// TLSConfig is for tests (RootCAs of a local server). Nil means the
	// system roots; InsecureSkipVerify is refused by New.
	TLSConfig *tls.Config
}

// Client fetches caller-supplied URLs under Options. Safe for concurrent use.
type Client struct {
	opts Options
	http *http.Client
}

// Response is a fetched answer of any HTTP status (the caller decides what
// a non-2xx status means for it).
type Response struct {
	FinalURL     string // after redirects
	Status       int
	Header       http.Header
	DeclaredType string // the Content-Type header as sent
	ContentType  string // sniffed from the body (http.DetectContentType, PDF/ZIP aware)
	Body         []byte
	Redirects    int
}

// OK reports a 2xx status.
func (r *Response) OK() bool { return r.Status >= 200 && r.Status < 300 }

// Request is a call for Do: a method, a URL, headers and an optional body.
type Request struct {
	Method string
	URL    string
	Header http.Header
	Body   []byte
}

// New builds a Client. It panics on a TLSConfig that skips verification, a
// programming error no configuration should be able to reach.
func New(o Options) *Client {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = DefaultMaxRedirects
	}
	if o.UserAgent == "" {
		o.UserAgent = "Dalil/1 (fetches a URL a caller supplied)"
	}
	if o.Resolver == nil {
		o.Resolver = net.DefaultResolver
	}
	if o.TLSConfig != nil && o.TLSConfig.InsecureSkipVerify {
		panic("safehttp: TLSConfig.InsecureSkipVerify is not allowed")
	}
	if o.DialContext == nil {
		d := &net.Dialer{Timeout: o.Timeout, Control: controlDial}
		o.DialContext = d.DialContext
	}
	c := &Client{opts: o}
	tr := &http.Transport{
		Proxy:                  nil, // never a proxy from the environment
		DialContext:            c.dial,
		TLSClientConfig:        o.TLSConfig.Clone(),
		TLSHandshakeTimeout:    o.Timeout,
		ResponseHeaderTimeout:  o.Timeout,
		MaxResponseHeaderBytes: 64 << 10,
		MaxIdleConns:           16,
		IdleConnTimeout:        30 * time.Second,
		ForceAttemptHTTP2:      true,
	}
	c.http = &http.Client{Transport: tr, CheckRedirect: c.checkRedirect}
	return c
}

// controlDial runs just before connect(2) on the default dialer: the last
// word on which address a socket reaches.
func controlDial(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return errorf(CodeNotAllowed, err, "The connection was refused: its address is not a public internet address.")
	}
	if ok, reason := AddrAllowed(ap.Addr()); !ok {
		return errorf(CodeNotAllowed, fmt.Errorf("dial %s: %s", address, reason), "The connection was refused: its address is %s, not a public internet address.", reason)
	}
	return nil
}

// Get fetches url with GET.
func (c *Client) Get(ctx context.Context, rawURL string) (*Response, error) {
	return c.Do(ctx, Request{Method: http.MethodGet, URL: rawURL})
}

// Post sends body to url with POST and the given content type.
func (c *Client) Post(ctx context.Context, rawURL, contentType string, body []byte) (*Response, error) {
	h := http.Header{}
	h.Set("Content-Type", contentType)
	return c.Do(ctx, Request{Method: http.MethodPost, URL: rawURL, Header: h, Body: body})
}

// Do performs r under every check of the Client.
func (c *Client) Do(ctx context.Context, r Request) (*Response, error) {
	var body bytes.Buffer
	out, err := c.do(ctx, r, &body)
	if err != nil {
		return nil, err
	}
	out.Body = body.Bytes()
	out.ContentType = Sniff(out.Body)
	return out, nil
}

// Download performs r as Do does but copies the body to w as it arrives
// (a file: a body of hundreds of MiB is never held in memory) instead of
// Response.Body, which stays nil; ContentType is sniffed from its first
// 512 bytes. At most Options.MaxBytes are copied: a larger body is the
// same TOO_LARGE error as Do's, with w holding a part of it.
func (c *Client) Download(ctx context.Context, r Request, w io.Writer) (*Response, error) {
	head := &headWriter{w: w}
	out, err := c.do(ctx, r, head)
	if err != nil {
		return nil, err
	}
	out.ContentType = Sniff(head.head)
	return out, nil
}

// headWriter passes writes on to w and keeps their first 512 bytes.
type headWriter struct {
	w    io.Writer
	head []byte
}

func (h *headWriter) Write(p []byte) (int, error) {
	if n := min(512-len(h.head), len(p)); n > 0 {
		h.head = append(h.head, p[:n]...)
	}
	return h.w.Write(p)
}

// do performs r and copies at most MaxBytes of the body to w.
func (c *Client) do(ctx context.Context, r Request, w io.Writer) (*Response, error) {
	u, err := c.CheckURL(r.URL)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	method := r.Method
	if method == "" {
		method = http.MethodGet
	}
	var body io.Reader
	if r.Body != nil {
		body = bytes.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, errorf(CodeInvalidURL, err, "The URL is not valid.")
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("User-Agent", c.opts.UserAgent)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.classify(ctx, err)
	}
	defer resp.Body.Close()
	out := &Response{
		FinalURL:     resp.Request.URL.String(),
		Status:       resp.StatusCode,
		Header:       resp.Header,
		DeclaredType: resp.Header.Get("Content-Type"),
		Redirects:    redirectCount(resp.Request),
	}
	if resp.ContentLength > c.opts.MaxBytes {
		return nil, &Error{Code: CodeTooLarge, Message: fmt.Sprintf("The response is %d bytes; at most %d are read.", resp.ContentLength, c.opts.MaxBytes), Limit: c.opts.MaxBytes, Actual: resp.ContentLength}
	}
	n, err := io.Copy(w, io.LimitReader(resp.Body, c.opts.MaxBytes+1))
	if err != nil {
		return nil, c.classify(ctx, err)
	}
	if n > c.opts.MaxBytes {
		return nil, &Error{Code: CodeTooLarge, Message: fmt.Sprintf("The response is larger than %d bytes.", c.opts.MaxBytes), Limit: c.opts.MaxBytes, Actual: -1}
	}
	return out, nil
}

func redirectCount(r *http.Request) int {
	n := 0
	for r != nil && r.Response != nil {
		n++
		r = r.Response.Request
	}
	return n
}

// classify turns a transport error into an *Error.
func (c *Client) classify(ctx context.Context, err error) error {
	var se *Error
	if errors.As(err, &se) {
		return se
	}
	if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || isTimeout(err) {
		return errorf(CodeTimeout, err, "The URL did not answer within %s.", c.opts.Timeout)
	}
	return errorf(CodeFetchFailed, err, "The URL could not be fetched.")
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	if c.opts.NoRedirects {
		return errorf(CodeTooManyRedirects, nil, "The URL redirects; redirects are not followed here.")
	}
	if len(via) > c.opts.MaxRedirects {
		return errorf(CodeTooManyRedirects, nil, "The URL redirected more than %d times.", c.opts.MaxRedirects)
	}
	if _, err := c.CheckURL(req.URL.String()); err != nil {
		var se *Error
		if errors.As(err, &se) {
			se.Message = "A redirect was refused. " + se.Message
		}
		return err
	}
	return nil
}

// CheckURL applies every check that needs no network: scheme, userinfo,
// length, port, reserved names and literal addresses (in any spelling). It
// returns the URL with its host in canonical form (an IPv4 literal written
// as 0x7f.1 comes back as 127.0.0.1 — and is refused).
func (c *Client) CheckURL(raw string) (*url.URL, error) {
	if len(raw) > MaxURLLength {
		return nil, errorf(CodeInvalidURL, nil, "The URL is longer than %d bytes.", MaxURLLength)
	}
	if strings.ContainsAny(raw, " \t\r\n\x00\\") {
		return nil, errorf(CodeInvalidURL, nil, "The URL contains whitespace, a control character or a backslash.")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errorf(CodeInvalidURL, err, "The URL cannot be parsed.")
	}
	scheme := strings.ToLower(u.Scheme)
	switch {
	case scheme == "https":
	case scheme == "http" && c.opts.AllowHTTP:
	case scheme == "http":
		return nil, errorf(CodeNotAllowed, nil, "Only https URLs are fetched.")
	default:
		return nil, errorf(CodeInvalidURL, nil, "The URL must start with https://.")
	}
	if u.Opaque != "" || u.Host == "" {
		return nil, errorf(CodeInvalidURL, nil, "The URL has no host.")
	}
	if u.User != nil || strings.Contains(u.Host, "@") {
		return nil, errorf(CodeInvalidURL, nil, "The URL carries credentials (user:password@); they are not accepted.")
	}
	port := 443
	if scheme == "http" {
		port = 80
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return nil, errorf(CodeInvalidURL, err, "The URL's port is not valid.")
		}
		port = n
	}
	if !c.portAllowed(scheme, port) {
		return nil, errorf(CodeNotAllowed, nil, "Port %d is not fetched; use the scheme's default port.", port)
	}
	host, err := canonicalHost(u.Hostname())
	if err != nil {
		return nil, err
	}
	if ip, perr := netip.ParseAddr(host); perr == nil {
		if ok, reason := AddrAllowed(ip); !ok {
			return nil, errorf(CodeNotAllowed, fmt.Errorf("literal %s: %s", ip, reason), "The URL's host is %s, not a public internet address.", reason)
		}
	} else if reservedName(host) {
		return nil, errorf(CodeNotAllowed, nil, "The URL's host name is reserved for local use.")
	} else if !c.hostListed(host) {
		return nil, errorf(CodeNotAllowed, nil, "The URL's host is not on this service's allowlist.")
	}
	hostport := host
	if strings.Contains(host, ":") {
		hostport = "[" + host + "]"
	}
	if u.Port() != "" {
		hostport += ":" + strconv.Itoa(port)
	}
	u.Scheme = scheme
	u.Host = hostport
	return u, nil
}

func (c *Client) portAllowed(scheme string, port int) bool {
	if len(c.opts.AllowedPorts) > 0 {
		return slices.Contains(c.opts.AllowedPorts, port)
	}
	return (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
}

func (c *Client) hostListed(host string) bool {
	if len(c.opts.AllowedHosts) == 0 {
		return true
	}
	for _, h := range c.opts.AllowedHosts {
		h = strings.ToLower(h)
		if h == host || (strings.HasPrefix(h, ".") && (strings.HasSuffix(host, h) || host == h[1:])) {
			return true
		}
	}
	return false
}

// canonicalHost lower-cases a host, converts an internationalised name to
// ASCII (mapping full-width digits and dots), and rewrites any numeric IPv4
// spelling to dotted-quad form. IPv6 literals come back without brackets;
// zones are refused.
func canonicalHost(h string) (string, error) {
	if h == "" {
		return "", errorf(CodeInvalidURL, nil, "The URL has no host.")
	}
	if strings.Contains(h, ":") { // IPv6 literal (url.Hostname strips brackets)
		if strings.Contains(h, "%") {
			return "", errorf(CodeNotAllowed, nil, "Scoped IPv6 addresses are not fetched.")
		}
		ip, err := netip.ParseAddr(h)
		if err != nil {
			return "", errorf(CodeInvalidURL, err, "The URL's IPv6 host is not valid.")
		}
		return ip.String(), nil
	}
	ascii, err := idna.Lookup.ToASCII(h)
	if err != nil {
		return "", errorf(CodeInvalidURL, err, "The URL's host name is not valid.")
	}
	ascii = strings.ToLower(ascii)
	if ip, numeric, ok := parseIPv4Host(ascii); numeric {
		if !ok {
			return "", errorf(CodeInvalidURL, nil, "The URL's host looks like an IPv4 address but is not a valid one.")
		}
		return ip.String(), nil
	}
	// One trailing dot is allowed; an empty label anywhere else (".a.b",
	// "a..b", "a.b..") is no host name, however its labels read.
	ascii = strings.TrimSuffix(ascii, ".")
	if ascii == "" || strings.Trim(ascii, "abcdefghijklmnopqrstuvwxyz0123456789-.") != "" ||
		slices.Contains(strings.Split(ascii, "."), "") {
		return "", errorf(CodeInvalidURL, nil, "The URL's host name is not valid.")
	}
	return ascii, nil
}

// dial resolves addr's host, refuses it unless every address is public, and
// connects to the first checked address that answers — by its literal, so
// the name is never resolved again.
func (c *Client) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, errorf(CodeInvalidURL, err, "The URL's host is not valid.")
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{ip}
	} else {
		answers, err := c.opts.Resolver.LookupIPAddr(ctx, host)
		if err != nil {
			if ctx.Err() != nil {
				return nil, errorf(CodeTimeout, err, "The URL's host did not resolve in time.")
			}
			return nil, errorf(CodeFetchFailed, err, "The URL's host name could not be resolved.")
		}
		for _, a := range answers {
			ip, ok := netip.AddrFromSlice(a.IP)
			if !ok {
				return nil, errorf(CodeNotAllowed, fmt.Errorf("resolver answer %v", a.IP), "The URL's host resolves to an invalid address.")
			}
			// net.IP holds IPv4 answers in 16-byte form: judge them (and
			// any ::ffff:a.b.c.d AAAA answer) as the IPv4 address they are.
			ips = append(ips, ip.Unmap().WithZone(a.Zone))
		}
	}
	if len(ips) == 0 {
		return nil, errorf(CodeFetchFailed, nil, "The URL's host name has no address.")
	}
	for _, ip := range ips {
		if ok, reason := AddrAllowed(ip); !ok {
			if ip.String() == host {
				return nil, errorf(CodeNotAllowed, fmt.Errorf("literal %s: %s", host, reason), "The URL's host is %s, not a public internet address.", reason)
			}
			return nil, errorf(CodeNotAllowed, fmt.Errorf("%s resolves to %s: %s", host, ip, reason), "The URL's host resolves to %s, not a public internet address.", reason)
		}
	}
	var lastErr error
	for _, ip := range ips {
		conn, err := c.opts.DialContext(ctx, network, net.JoinHostPort(ip.String(), port))
		if err == nil {
			return conn, nil
		}
		lastErr = err
		if ctx.Err() != nil {
			break
		}
	}
	return nil, lastErr
}

// Sniff names the content type of data from its bytes: PDF and ZIP (so
// DOCX) by their signatures, the rest by http.DetectContentType.
func Sniff(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return "application/pdf"
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return "application/zip"
	}
	return http.DetectContentType(data)
}

// CheckDestination is CheckURL and then, for a host name, its addresses as
// the client's resolver gives them now: a URL whose name resolves to an
// address the client would never connect to is refused before anything
// is accepted for it (a voice callbackUrl before the call is charged),
// rather than only when it is dialled (where every address is checked
// again). A lookup that fails is no refusal: the fetch resolves again.
func (c *Client) CheckDestination(ctx context.Context, raw string) error {
	u, err := c.CheckURL(raw)
	if err != nil {
		return err
	}
	host := strings.Trim(u.Hostname(), "[]")
	if _, err := netip.ParseAddr(host); err == nil {
		return nil // a literal: CheckURL judged it
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	addrs, err := c.opts.Resolver.LookupIPAddr(ctx, host)
	if err != nil {
		return nil
	}
	for _, a := range addrs {
		ip, ok := netip.AddrFromSlice(a.IP)
		if !ok {
			continue
		}
		if allowed, reason := AddrAllowed(ip.Unmap()); !allowed {
			return errorf(CodeNotAllowed, fmt.Errorf("%s resolves to %s: %s", host, ip, reason), "The URL's host resolves to %s, not a public internet address.", reason)
		}
	}
	return nil
}
