package safehttp

import (
	"net/netip"
	"strconv"
	"strings"
)

// The address policy is an allow-list. An IPv4 address is allowed unless it
// falls in a block of the IANA IPv4 Special-Purpose Address Registry or is
// multicast; an IPv6 address only inside the global unicast range 2000::/3,
// outside every block of the IANA IPv6 Special-Purpose Address Registry.
// Every IPv6 form that carries an IPv4 address is judged by that address
// first, so a refusal names what the address really reaches.
//
// Blocks whose registry row says "globally reachable" are refused too: each
// is an anycast service address answered by the nearest instance, which can
// be the local network's own gateway (PCP, TURN, DNS-SD SRP, AMT, AS112), or
// an identifier rather than a locator (ORCHIDv2, DRIP); none holds a web
// server a caller's URL should reach. The two translation forms that route
// on the internet, NAT64's well-known prefix 64:ff9b::/96 and 6to4's
// 2002::/16, are allowed exactly when the IPv4 address they carry is.

// block is a refused address range and why, as a noun phrase that
// completes "The URL's host is ...".
type block struct {
	prefix netip.Prefix
	reason string
}

func blocks(pairs ...string) []block {
	out := make([]block, 0, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, block{netip.MustParsePrefix(pairs[i]), pairs[i+1]})
	}
	return out
}

const (
	reasonPrivate       = "a private address"
	reasonLoopback      = "a loopback address"
	reasonDocumentation = "an address reserved for documentation"
	reasonMulticast     = "a multicast address"
	reasonAnycast       = "an anycast service address, which can answer from the local network"
	reasonIETF          = "an address reserved for IETF protocol assignments"
)

// refusedV4 is the IANA IPv4 Special-Purpose Address Registry, plus
// multicast. The first block containing an address names the reason.
var refusedV4 = blocks(
	"0.0.0.0/32", "the unspecified address",
	"0.0.0.0/8", `a "this network" address (0.0.0.0/8)`,
	"10.0.0.0/8", reasonPrivate,
	"100.64.0.0/10", "a shared address (carrier-grade NAT, 100.64.0.0/10; includes cloud metadata)",
	"127.0.0.0/8", reasonLoopback,
	"169.254.0.0/16", "a link-local address (includes cloud metadata)",
	"172.16.0.0/12", reasonPrivate,
	"192.0.0.9/32", reasonAnycast, // PCP
	"192.0.0.10/32", reasonAnycast, // TURN
	"192.0.0.0/24", reasonIETF, // DS-Lite, dummy, NAT64 discovery
	"192.0.2.0/24", reasonDocumentation,
	"192.31.196.0/24", reasonAnycast, // AS112-v4
	"192.52.193.0/24", reasonAnycast, // AMT
	"192.88.99.0/24", "a 6to4 relay anycast address (deprecated)",
	"192.168.0.0/16", reasonPrivate,
	"192.175.48.0/24", reasonAnycast, // AS112 direct delegation
	"198.18.0.0/15", "an address reserved for benchmarking",
	"198.51.100.0/24", reasonDocumentation,
	"203.0.113.0/24", reasonDocumentation,
	"224.0.0.0/4", reasonMulticast,
	"255.255.255.255/32", "the broadcast address",
	"240.0.0.0/4", "a reserved address (240.0.0.0/4)",
)

// refusedV6 is the IANA IPv6 Special-Purpose Address Registry (less the
// embedding forms, which embedded handles) and the other ranges with a
// meaning of their own; whatever none of them names is refused unless it
// is in 2000::/3.
var refusedV6 = blocks(
	"::/128", "the unspecified address",
	"::1/128", reasonLoopback,
	"64:ff9b:1::/48", "a local-use NAT64 address (64:ff9b:1::/48)",
	"100::/64", "a discard-only address (100::/64)",
	"2001::/32", "a Teredo tunnel address (2001::/32)",
	"2001:1::1/128", reasonAnycast, // PCP
	"2001:1::2/128", reasonAnycast, // TURN
	"2001:1::3/128", reasonAnycast, // DNS-SD service registration
	"2001:2::/48", "an address reserved for benchmarking",
	"2001:3::/32", reasonAnycast, // AMT
	"2001:4:112::/48", reasonAnycast, // AS112-v6
	"2001:10::/28", "an ORCHID identifier, not a network address",
	"2001:20::/28", "an ORCHID identifier, not a network address",
	"2001:30::/28", "a drone remote identification (DRIP) identifier, not a network address",
	"2001::/23", reasonIETF,
	"2001:db8::/32", reasonDocumentation,
	"2620:4f:8000::/48", reasonAnycast, // AS112 direct delegation
	"3fff::/20", reasonDocumentation,
	"5f00::/16", "an SRv6 segment identifier (5f00::/16)",
	"fc00::/7", "a private (unique local) IPv6 address (includes cloud metadata)",
	"fe80::/10", "a link-local address",
	"fec0::/10", "a site-local address (deprecated)",
	"ff00::/8", reasonMulticast,
)

// globalUnicast is the only IPv6 range a caller's URL may reach.
var globalUnicast = netip.MustParsePrefix("2000::/3")

// embedding is an IPv6 form that carries an IPv4 address.
type embedding struct {
	prefix netip.Prefix
	form   string // completes "a loopback address written as ..."
	at     int    // byte offset of the IPv4 address
	// routed: the form reaches the IPv4 address it carries, so it is
	// allowed when that address is; otherwise it is refused whatever it
	// carries, with reason.
	routed bool
	reason string
}

var embedded = []embedding{
	{prefix: netip.MustParsePrefix("::ffff:0:0/96"), form: "an IPv4-mapped IPv6 address", at: 12, routed: true},
	{prefix: netip.MustParsePrefix("::ffff:0:0:0/96"), form: "an IPv4-translated IPv6 address", at: 12,
		reason: "an IPv4-translated IPv6 address (::ffff:0:0:0/96), which is not routed on the internet"},
	{prefix: netip.MustParsePrefix("::/96"), form: "an IPv4-compatible IPv6 address", at: 12,
		reason: "an IPv4-compatible IPv6 address (::/96, deprecated), which is not routed on the internet"},
	{prefix: netip.MustParsePrefix("64:ff9b::/96"), form: "a NAT64 IPv6 address", at: 12, routed: true},
	{prefix: netip.MustParsePrefix("2002::/16"), form: "a 6to4 IPv6 address", at: 2, routed: true},
}

// AddrAllowed reports whether a connection to ip may be made for a
// caller-supplied URL, and if not, why: a noun phrase that completes "The
// URL's host is ..." and names the kind of range, never the address.
func AddrAllowed(ip netip.Addr) (ok bool, reason string) {
	if !ip.IsValid() {
		return false, "not a valid address"
	}
	if ip.Zone() != "" {
		return false, "a scoped IPv6 address"
	}
	if ip.Is4() {
		return v4Allowed(ip)
	}
	// :: and ::1 lie inside ::/96 but are no IPv4 address.
	for _, b := range refusedV6[:2] {
		if b.prefix.Contains(ip) {
			return false, b.reason
		}
	}
	for _, e := range embedded {
		if !e.prefix.Contains(ip) {
			continue
		}
		b := ip.As16()
		v4 := netip.AddrFrom4([4]byte(b[e.at : e.at+4]))
		if ok, reason := v4Allowed(v4); !ok {
			return false, reason + " written as " + e.form
		}
		if !e.routed {
			return false, e.reason
		}
		return true, ""
	}
	for _, b := range refusedV6 {
		if b.prefix.Contains(ip) {
			return false, b.reason
		}
	}
	if !globalUnicast.Contains(ip) {
		return false, "an IPv6 address outside the global unicast range (2000::/3)"
	}
	return true, ""
}

func v4Allowed(ip netip.Addr) (bool, string) {
	for _, b := range refusedV4 {
		if b.prefix.Contains(ip) {
			return false, b.reason
		}
	}
	return true, ""
}

// parseIPv4Host parses host the way the WHATWG URL standard (and
// inet_aton) does when its last label is numeric: one to four parts, each
// decimal, octal (leading 0) or hexadecimal (0x), the last part filling the
// remaining bytes. numeric is false when the host is a name; err is set when
// it looks numeric but is not a valid address (then it must be refused).
func parseIPv4Host(host string) (ip netip.Addr, numeric bool, ok bool) {
	labels := strings.Split(host, ".")
	if len(labels) > 1 && labels[len(labels)-1] == "" {
		labels = labels[:len(labels)-1] // one trailing dot is allowed
	}
	if len(labels) == 0 || !numericLabel(labels[len(labels)-1]) {
		return netip.Addr{}, false, false
	}
	if len(labels) > 4 {
		return netip.Addr{}, true, false
	}
	parts := make([]uint64, len(labels))
	for i, l := range labels {
		v, good := parseIPv4Part(l)
		if !good {
			return netip.Addr{}, true, false
		}
		parts[i] = v
	}
	var n uint64
	for i, v := range parts[:len(parts)-1] {
		if v > 255 {
			return netip.Addr{}, true, false
		}
		n |= v << (8 * (3 - uint(i)))
	}
	last := parts[len(parts)-1]
	if last >= 1<<(8*(5-uint(len(parts)))) {
		return netip.Addr{}, true, false
	}
	n |= last
	return netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}), true, true
}

// numericLabel: the WHATWG "ends in a number" test for one label.
func numericLabel(l string) bool {
	if l == "" {
		return false
	}
	if strings.Trim(l, "0123456789") == "" {
		return true
	}
	if len(l) >= 2 && (l[:2] == "0x" || l[:2] == "0X") {
		return strings.Trim(l[2:], "0123456789abcdefABCDEF") == ""
	}
	return false
}

func parseIPv4Part(l string) (uint64, bool) {
	if l == "" {
		return 0, false
	}
	base := 10
	switch {
	case len(l) >= 2 && (l[:2] == "0x" || l[:2] == "0X"):
		base, l = 16, l[2:]
		if l == "" {
			return 0, true // "0x" alone is zero in WHATWG
		}
	case len(l) > 1 && l[0] == '0':
		base, l = 8, l[1:]
	}
	if len(l) > 12 {
		return 0, false
	}
	v, err := strconv.ParseUint(l, base, 64)
	if err != nil || v > 0xFFFFFFFF {
		return 0, false
	}
	return v, true
}

// reservedName reports host names that only ever mean something local.
func reservedName(host string) bool {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	if h == "localhost" || h == "localhost.localdomain" || h == "ip6-localhost" || h == "ip6-loopback" {
		return true
	}
	for _, suffix := range []string{".localhost", ".local", ".internal", ".home.arpa", ".localdomain"} {
		if strings.HasSuffix(h, suffix) || h == suffix[1:] {
			return true
		}
	}
	return false
}
