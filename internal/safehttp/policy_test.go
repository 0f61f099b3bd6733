package safehttp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"
)

// policyCase is one address and what the policy says of it: allowed, or
// refused with a reason containing why.
type policyCase struct {
	addr string
	why  string // "" when allowed
}

// addressPolicy covers every block of the IANA IPv4 and IPv6
// Special-Purpose Address Registries, multicast, the IPv6 forms that carry
// an IPv4 address, and the space outside 2000::/3: an address inside each,
// and the first and last address of a block where the edge matters, with
// allowed neighbours just outside.
var addressPolicy = []policyCase{
	// IPv4: public.
	{"1.1.1.1", ""}, {"8.8.8.8", ""}, {"93.184.215.14", ""}, {"1.0.0.0", ""}, {"223.255.255.255", ""},
	// 0.0.0.0/8 "this network", 0.0.0.0/32 "this host".
	{"0.0.0.0", "unspecified"}, {"0.1.2.3", "this network"}, {"0.255.255.255", "this network"},
	// 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 private.
	{"10.0.0.0", "private"}, {"10.255.255.255", "private"}, {"9.255.255.255", ""}, {"11.0.0.0", ""},
	{"172.16.0.0", "private"}, {"172.31.255.255", "private"}, {"172.15.255.255", ""}, {"172.32.0.0", ""},
	{"192.168.0.0", "private"}, {"192.168.255.255", "private"}, {"192.167.255.255", ""}, {"192.169.0.0", ""},
	// 100.64.0.0/10 shared address space (Alibaba's metadata 100.100.100.200).
	{"100.64.0.0", "shared"}, {"100.100.100.200", "shared"}, {"100.127.255.255", "shared"}, {"100.63.255.255", ""}, {"100.128.0.0", ""},
	// 127.0.0.0/8 loopback.
	{"127.0.0.1", "loopback"}, {"127.0.0.0", "loopback"}, {"127.255.255.255", "loopback"}, {"126.255.255.255", ""}, {"128.0.0.0", ""},
	// 169.254.0.0/16 link-local (cloud metadata 169.254.169.254).
	{"169.254.169.254", "link-local"}, {"169.254.0.0", "link-local"}, {"169.254.255.255", "link-local"}, {"169.253.255.255", ""}, {"169.255.0.0", ""},
	// 192.0.0.0/24 IETF protocol assignments: DS-Lite 192.0.0.0/29, dummy
	// 192.0.0.8, PCP anycast .9, TURN anycast .10, NAT64 discovery .170/.171.
	{"192.0.0.0", "IETF"}, {"192.0.0.7", "IETF"}, {"192.0.0.8", "IETF"}, {"192.0.0.9", "anycast"}, {"192.0.0.10", "anycast"},
	{"192.0.0.170", "IETF"}, {"192.0.0.171", "IETF"}, {"192.0.0.255", "IETF"}, {"191.255.255.255", ""}, {"192.0.1.0", ""},
	// Documentation: 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24.
	{"192.0.2.0", "documentation"}, {"192.0.2.255", "documentation"}, {"192.0.3.0", ""},
	{"198.51.100.0", "documentation"}, {"198.51.100.255", "documentation"}, {"198.51.99.255", ""}, {"198.51.101.0", ""},
	{"203.0.113.0", "documentation"}, {"203.0.113.255", "documentation"}, {"203.0.112.255", ""}, {"203.0.114.0", ""},
	// AS112-v4 192.31.196.0/24, AMT 192.52.193.0/24, AS112 direct
	// delegation 192.175.48.0/24: globally reachable anycast, refused.
	{"192.31.196.1", "anycast"}, {"192.52.193.1", "anycast"}, {"192.175.48.1", "anycast"}, {"192.175.49.0", ""},
	// 192.88.99.0/24 deprecated 6to4 relay anycast (and 6a44 192.88.99.2).
	{"192.88.99.0", "6to4 relay"}, {"192.88.99.2", "6to4 relay"}, {"192.88.99.255", "6to4 relay"}, {"192.88.98.255", ""}, {"192.88.100.0", ""},
	// 198.18.0.0/15 benchmarking.
	{"198.18.0.0", "benchmarking"}, {"198.19.255.255", "benchmarking"}, {"198.17.255.255", ""}, {"198.20.0.0", ""},
	// 224.0.0.0/4 multicast: not link-local, whatever its scope.
	{"224.0.0.0", "multicast"}, {"224.0.0.251", "multicast"}, {"239.255.255.255", "multicast"},
	// 240.0.0.0/4 reserved, 255.255.255.255 limited broadcast.
	{"240.0.0.0", "reserved"}, {"254.255.255.255", "reserved"}, {"255.255.255.254", "reserved"}, {"255.255.255.255", "broadcast"},

	// IPv6: global unicast, inside 2000::/3 and outside every special block.
	{"2606:4700:4700::1111", ""}, {"2a00:1450:4001::200e", ""}, {"2000::", ""}, {"3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ""},
	// The five addresses issue 28 found passing.
	{"::ffff:0:7f00:1", "loopback"}, {"::ffff:0:a9fe:a9fe", "link-local"},
	{"::1:0:0:1", "2000::/3"}, {"1::1", "2000::/3"}, {"4000::1", "2000::/3"},
	// Outside 2000::/3: every other top-level range.
	{"1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2000::/3"}, {"4000::", "2000::/3"}, {"8000::1", "2000::/3"}, {"e000::1", "2000::/3"},
	{"100:0:0:1::1", "2000::/3"}, // dummy IPv6 prefix (RFC 9780)
	// ::/128, ::1/128.
	{"::", "unspecified"}, {"::1", "loopback"},
	// ::ffff:0:0/96 IPv4-mapped: the IPv4 address decides.
	{"::ffff:8.8.8.8", ""}, {"::ffff:127.0.0.1", "loopback"}, {"::ffff:169.254.169.254", "link-local"}, {"::ffff:10.0.0.1", "private"},
	{"::ffff:0.0.0.0", "unspecified"}, {"::ffff:224.0.0.251", "multicast"}, {"::ffff:100.100.100.200", "shared"},
	// ::ffff:0:0:0/96 IPv4-translated and ::/96 IPv4-compatible: not
	// routed, refused whatever they carry, by the IPv4 address first.
	{"::ffff:0:808:808", "IPv4-translated"}, {"::ffff:0:0:0", "unspecified"}, {"::ffff:0:ffff:ffff", "broadcast"},
	{"::127.0.0.1", "loopback"}, {"::8.8.8.8", "IPv4-compatible"}, {"::2", "this network"}, {"::a9fe:a9fe", "link-local"},
	// 64:ff9b::/96 NAT64: the IPv4 address decides.
	{"64:ff9b::808:808", ""}, {"64:ff9b::1.1.1.1", ""}, {"64:ff9b::7f00:1", "loopback"}, {"64:ff9b::a9fe:a9fe", "link-local"},
	{"64:ff9b::a00:1", "private"}, {"64:ff9b::c0a8:1", "private"}, {"64:ff9b::", "unspecified"}, {"64:ff9b::ffff:ffff", "broadcast"},
	{"64:ff9b:0:0:0:1::1", "2000::/3"}, // next to /96: nothing embedded, outside 2000::/3
	// 64:ff9b:1::/48 local-use NAT64: where the IPv4 sits is a local
	// choice, so it is refused whatever it carries.
	{"64:ff9b:1::808:808", "local-use NAT64"}, {"64:ff9b:1:ffff:ffff:ffff:ffff:ffff", "local-use NAT64"},
	// 100::/64 discard-only.
	{"100::", "discard"}, {"100::ffff:ffff:ffff:ffff", "discard"},
	// 2001::/23 IETF protocol assignments and its blocks.
	{"2001::", "Teredo"}, {"2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"}, {"2001:0:ffff:ffff:ffff:ffff:ffff:ffff", "Teredo"},
	{"2001:1::1", "anycast"}, {"2001:1::2", "anycast"}, {"2001:1::3", "anycast"}, {"2001:1::4", "IETF"},
	{"2001:2::", "benchmarking"}, {"2001:2:0:ffff:ffff:ffff:ffff:ffff", "benchmarking"},
	{"2001:3::1", "anycast"}, {"2001:4:112::1", "anycast"}, {"2001:4:113::1", "IETF"},
	{"2001:10::1", "ORCHID"}, {"2001:20::1", "ORCHID"}, {"2001:2f:ffff::1", "ORCHID"}, {"2001:30::1", "DRIP"},
	{"2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", "IETF"}, {"2001:200::", ""}, {"2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ""},
	// 2001:db8::/32 and 3fff::/20 documentation.
	{"2001:db8::1", "documentation"}, {"2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"}, {"2001:db7:ffff::1", ""}, {"2001:db9::", ""},
	{"3fff::", "documentation"}, {"3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"}, {"3fff:1000::", ""}, {"3ffe:ffff::1", ""},
	// 2002::/16 6to4: the IPv4 address in bits 16-47 decides.
	{"2002:808:808::1", ""}, {"2002:7f00:1::1", "loopback"}, {"2002:a9fe:a9fe::1", "link-local"}, {"2002:a00:1::", "private"},
	{"2002:c058:6301::1", "6to4 relay"}, {"2002::1", "unspecified"}, {"2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "broadcast"},
	{"2003::1", ""},
	// 2620:4f:8000::/48 AS112 direct delegation.
	{"2620:4f:8000::1", "anycast"}, {"2620:4f:7fff:ffff::1", ""}, {"2620:4f:8001::", ""},
	// 5f00::/16 SRv6 SIDs.
	{"5f00::1", "SRv6"}, {"5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "SRv6"},
	// fc00::/7 unique local (AWS metadata fd00:ec2::254), fe80::/10
	// link-local, fec0::/10 site-local, ff00::/8 multicast.
	{"fc00::", "unique local"}, {"fd00:ec2::254", "unique local"}, {"fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "unique local"},
	{"fe80::1", "link-local"}, {"febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "link-local"}, {"fec0::1", "site-local"},
	{"ff02::1", "multicast"}, {"ff01::1", "multicast"}, {"ff05::1:3", "multicast"}, {"ff0e::1", "multicast"}, {"ff02::fb", "multicast"},
}

// TestAddressPolicy runs every address of addressPolicy through each of
// the three checks an address meets: the URL check on a literal host
// (CheckURL, and Get, which must not dial), the check of a name's resolved
// addresses (dial, before any connection), and the default dialer's
// Control function just before connect(2).
func TestAddressPolicy(t *testing.T) {
	seen := map[netip.Addr]bool{}
	for _, tc := range addressPolicy {
		ip := netip.MustParseAddr(tc.addr)
		if seen[ip] {
			t.Errorf("%s listed twice", tc.addr)
		}
		seen[ip] = true
		allowed := tc.why == ""

		t.Run(tc.addr, func(t *testing.T) {
			ok, reason := AddrAllowed(ip)
			if ok != allowed || !strings.Contains(reason, tc.why) {
				t.Fatalf("AddrAllowed = %v %q, want allowed=%v reason with %q", ok, reason, allowed, tc.why)
			}
			// Each refused class names itself: multicast is never called
			// link-local, nothing but 169.254/16 and its forms mentions
			// cloud metadata as link-local.
			if strings.Contains(reason, "link-local") != strings.Contains(tc.why, "link-local") {
				t.Errorf("reason %q mislabels the address", reason)
			}

			// 1. The URL check, literal host.
			lit := tc.addr
			if ip.Is6() {
				lit = "[" + lit + "]"
			}
			var dialed []string
			var mu sync.Mutex
			c := New(Options{
				Resolver: resolverFunc(func(_ context.Context, host string) ([]net.IPAddr, error) {
					if host != "probe.test.example" {
						t.Errorf("unexpected lookup of %q", host)
					}
					return []net.IPAddr{{IP: net.IP(ip.AsSlice())}}, nil
				}),
				DialContext: func(_ context.Context, _, addr string) (net.Conn, error) {
					mu.Lock()
					dialed = append(dialed, addr)
					mu.Unlock()
					if !allowed {
						t.Errorf("dialled %s for a refused address", addr)
					}
					return nil, errors.New("test dialer: no connection made")
				},
			})
			u, err := c.CheckURL("https://" + lit + "/doc.pdf")
			if allowed {
				if err != nil {
					t.Errorf("CheckURL refused an allowed literal: %v", err)
				} else if u.Hostname() != ip.String() {
					t.Errorf("CheckURL host %q, want %q", u.Hostname(), ip.String())
				}
			} else {
				wantRefusal(t, "CheckURL", err, tc.why)
			}
			_, err = c.Get(context.Background(), "https://"+lit+"/doc.pdf")
			if allowed {
				if CodeOf(err) != CodeFetchFailed || len(dialed) != 1 || dialed[0] != netip.AddrPortFrom(ip, 443).String() {
					t.Errorf("Get of an allowed literal: %v, dialled %v; want one dial to the literal", err, dialed)
				}
			} else {
				wantRefusal(t, "Get literal", err, tc.why)
			}

			// 2. The resolved-address check: a name whose one answer is ip.
			dialed = nil
			_, err = c.Get(context.Background(), "https://probe.test.example/doc.pdf")
			if allowed {
				want := netip.AddrPortFrom(ip.Unmap(), 443).String()
				if CodeOf(err) != CodeFetchFailed || len(dialed) != 1 || dialed[0] != want {
					t.Errorf("Get of a name resolving to it: %v, dialled %v; want one dial to %s", err, dialed, want)
				}
			} else {
				se := wantRefusal(t, "resolved", err, tc.why)
				if se != nil {
					// The address is for the log, not the caller.
					// (The reason may name its block, which can begin
					// with this very address: that is no leak.)
					rest := strings.Replace(se.Message, reason, "", 1)
					if strings.Contains(rest, ip.Unmap().String()) || !strings.Contains(se.Error(), ip.Unmap().String()) {
						t.Errorf("resolved: message %q / log %q: the address belongs in the log only", se.Message, se.Error())
					}
				}
			}

			// 3. The pre-connect check of the default dialer.
			err = controlDial("tcp", netip.AddrPortFrom(ip, 443).String(), nil)
			if allowed {
				if err != nil {
					t.Errorf("controlDial refused an allowed address: %v", err)
				}
			} else {
				wantRefusal(t, "controlDial", err, tc.why)
			}
		})
	}
}

// wantRefusal checks err is URL_NOT_ALLOWED with a message that gives the
// reason as a sentence.
func wantRefusal(t *testing.T, check string, err error, why string) *Error {
	t.Helper()
	var se *Error
	if !errors.As(err, &se) || se.Code != CodeNotAllowed {
		t.Errorf("%s: %v, want URL_NOT_ALLOWED", check, err)
		return nil
	}
	if !strings.Contains(se.Message, why) || !strings.HasSuffix(se.Message, ".") || strings.Contains(se.Message, "safehttp") {
		t.Errorf("%s: message %q, want a sentence giving %q", check, se.Message, why)
	}
	return se
}

type resolverFunc func(ctx context.Context, host string) ([]net.IPAddr, error)

func (f resolverFunc) LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error) {
	return f(ctx, host)
}

// A refusal's public text is its Message: no code, no cause, no address;
// Error() keeps both for the log, also through wrapping.
func TestPublicMessage(t *testing.T) {
	_, err := New(Options{}).CheckURL("https://[::ffff:0:7f00:1]/")
	wrapped := fmt.Errorf("callback: %w", err)
	pub := PublicMessage(wrapped)
	if pub != "The URL's host is a loopback address written as an IPv4-translated IPv6 address, not a public internet address." {
		t.Errorf("PublicMessage = %q", pub)
	}
	if !strings.Contains(wrapped.Error(), "URL_NOT_ALLOWED") || !strings.Contains(wrapped.Error(), "::ffff:0:7f00:1") {
		t.Errorf("Error() = %q, want the code and the address for the log", wrapped.Error())
	}
	if got := PublicMessage(errors.New("plain")); got != "plain" {
		t.Errorf("PublicMessage(plain) = %q", got)
	}
	if got := PublicMessage(nil); got != "" {
		t.Errorf("PublicMessage(nil) = %q", got)
	}
}

// CheckDestination refuses a URL whose name resolves to an address the
// client would never dial, and a refused literal, before anything is
// fetched; a public name, and a name whose lookup fails, pass.
func TestCheckDestination(t *testing.T) {
	addrs := map[string]string{"private.example": "10.1.2.3", "mapped.example": "::ffff:127.0.0.1", "public.example": "93.184.216.34"}
	c := New(Options{Resolver: resolverFunc(func(_ context.Context, host string) ([]net.IPAddr, error) {
		a, ok := addrs[host]
		if !ok {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return []net.IPAddr{{IP: net.ParseIP(a)}}, nil
	})})
	for raw, refused := range map[string]bool{
		"https://private.example/cb": true, "https://mapped.example/cb": true, "https://127.0.0.1/cb": true, "http://public.example/cb": true,
		"https://public.example/cb": false, "https://unknown.example/cb": false,
	} {
		err := c.CheckDestination(context.Background(), raw)
		if (err != nil) != refused {
			t.Errorf("%s: %v, refused %v", raw, err, refused)
		}
		if err != nil && strings.Contains(PublicMessage(err), "10.1.2.3") {
			t.Errorf("%s: the public message names the address: %q", raw, PublicMessage(err))
		}
	}
}
