// Package safehttptest runs local servers that a safehttp.Client reaches
// through its production checks.
//
// Every host name a test registers resolves (through an injected resolver) to
// PublicIP, a public address, so the real address policy accepts it; the
// injected dialer then receives that already-checked address and connects to
// the local server instead. Nothing in safehttp is relaxed: a test URL naming
// 127.0.0.1, a private address, or a host the resolver maps to one is refused
// exactly as in production.
package safehttptest

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/internal/safehttp"
)

// PublicIP is what registered test hosts resolve to. It is a public address
// (an old example.com address); nothing ever connects to it.
const PublicIP = "93.184.215.14"

// Server is a local server reachable as https://<host>/ for each host it was
// made with.
type Server struct {
	*httptest.Server
	roots *x509.CertPool
	tls   bool

	mu       sync.Mutex
	hosts    map[string][]string
	dialed   []string
	resolved []string
}

// NewTLSServer starts an https server whose certificate is valid for hosts
// (default "docs.test.example"). It is closed when the test ends.
func NewTLSServer(t testing.TB, h http.Handler, hosts ...string) *Server {
	t.Helper()
	if len(hosts) == 0 {
		hosts = []string{"docs.test.example"}
	}
	cert, roots := certificate(t, hosts)
	s := &Server{Server: httptest.NewUnstartedServer(h), roots: roots, tls: true, hosts: map[string][]string{}}
	s.Server.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	s.StartTLS()
	for _, host := range hosts {
		s.hosts[host] = []string{PublicIP}
	}
	t.Cleanup(s.Close)
	return s
}

// NewServer starts a plain http server (for clients with AllowHTTP).
func NewServer(t testing.TB, h http.Handler, hosts ...string) *Server {
	t.Helper()
	if len(hosts) == 0 {
		hosts = []string{"hooks.test.example"}
	}
	s := &Server{Server: httptest.NewServer(h), hosts: map[string][]string{}}
	for _, host := range hosts {
		s.hosts[host] = []string{PublicIP}
	}
	t.Cleanup(s.Close)
	return s
}

// Resolve makes host resolve to addrs (any addresses, private ones
// included: the client must refuse those).
func (s *Server) Resolve(host string, addrs ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hosts[host] = addrs
}

// Options returns client options that resolve through the test's table and
// dial this server. Set limits on the result as needed.
func (s *Server) Options() safehttp.Options {
	o := safehttp.Options{Resolver: resolverFunc(s.lookup), DialContext: s.dial}
	if s.tls {
		o.TLSConfig = &tls.Config{RootCAs: s.roots}
	}
	return o
}

// Client is safehttp.New(s.Options()).
func (s *Server) Client() *safehttp.Client { return safehttp.New(s.Options()) }

// Dialed lists the addresses the client asked to dial (always checked ones).
func (s *Server) Dialed() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.dialed...)
}

// Resolved lists the host names looked up, in order.
func (s *Server) Resolved() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.resolved...)
}

func (s *Server) lookup(_ context.Context, host string) ([]net.IPAddr, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resolved = append(s.resolved, host)
	addrs, ok := s.hosts[strings.ToLower(host)]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	var out []net.IPAddr
	for _, a := range addrs {
		ip := net.ParseIP(a)
		if ip == nil {
			return nil, fmt.Errorf("safehttptest: bad address %q", a)
		}
		out = append(out, net.IPAddr{IP: ip})
	}
	return out, nil
}

func (s *Server) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	s.mu.Lock()
	s.dialed = append(s.dialed, addr)
	s.mu.Unlock()
	var d net.Dialer
	return d.DialContext(ctx, network, s.Listener.Addr().String())
}

type resolverFunc func(ctx context.Context, host string) ([]net.IPAddr, error)

func (f resolverFunc) LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error) {
	return f(ctx, host)
}

// ResolverFunc adapts a function to safehttp.Resolver (for tests that
// change answers between calls, as DNS rebinding does).
func ResolverFunc(f func(ctx context.Context, host string) ([]net.IPAddr, error)) safehttp.Resolver {
	return resolverFunc(f)
}

// NoNetwork returns options whose resolver and dialer fail the test if
// used: for proving that a code path makes no network call at all.
func NoNetwork(t testing.TB) safehttp.Options {
	return safehttp.Options{
		Resolver: resolverFunc(func(_ context.Context, host string) ([]net.IPAddr, error) {
			t.Errorf("safehttptest: unexpected DNS lookup of %q", host)
			return nil, fmt.Errorf("no network in this test")
		}),
		DialContext: func(_ context.Context, _, addr string) (net.Conn, error) {
			t.Errorf("safehttptest: unexpected dial to %s", addr)
			return nil, fmt.Errorf("no network in this test")
		},
	}
}

// certificate makes a self-signed certificate for hosts and a pool that
// trusts it.
func certificate(t testing.TB, hosts []string) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(time.Now().UnixNano()),
		Subject:               pkix.Name{CommonName: hosts[0]},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		DNSNames:              hosts,
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}
