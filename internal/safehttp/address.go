package safehttp

import (
	"net/netip"
	"strconv"
	"strings"
)

// refusedPrefixes are the address ranges no caller-supplied URL may reach.
// IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and
// Teredo (2001::/32) addresses are refused as a whole: they either embed an
// IPv4 address that would need checking as well, or tunnel to one; a public
// document host is not reached through them.
var refusedPrefixes = mustPrefixes(
	// IPv4
	"0.0.0.0/8",       // "this network", unspecified
	"10.0.0.0/8",      // private
	"100.64.0.0/10",   // shared address space (CGNAT; Alibaba metadata 100.100.100.200)
	"127.0.0.0/8",     // loopback
	"169.254.0.0/16",  // link-local (cloud metadata 169.254.169.254)
	"172.16.0.0/12",   // private
	"192.0.0.0/24",    // IETF protocol assignments
	"192.0.2.0/24",    // TEST-NET-1
	"192.88.99.0/24",  // 6to4 relay anycast
	"192.168.0.0/16",  // private
	"198.18.0.0/15",   // benchmarking
	"198.51.100.0/24", // TEST-NET-2
	"203.0.113.0/24",  // TEST-NET-3
	"224.0.0.0/4",     // multicast
	"240.0.0.0/4",     // reserved, and 255.255.255.255 broadcast
	// IPv6
	"::/128",         // unspecified
	"::1/128",        // loopback
	"::ffff:0:0/96",  // IPv4-mapped
	"::/96",          // IPv4-compatible (deprecated)
	"64:ff9b::/96",   // NAT64 well-known prefix
	"64:ff9b:1::/48", // local-use NAT64
	"100::/64",       // discard-only
	"2001::/32",      // Teredo
	"2001:2::/48",    // benchmarking
	"2001:10::/28",   // ORCHID
	"2001:20::/28",   // ORCHIDv2
	"2001:db8::/32",  // documentation
	"2002::/16",      // 6to4
	"3fff::/20",      // documentation (RFC 9637)
	"5f00::/16",      // SRv6 SIDs
	"fc00::/7",       // unique local (AWS metadata fd00:ec2::254)
	"fe80::/10",      // link-local
	"fec0::/10",      // site-local (deprecated)
	"ff00::/8",       // multicast
)

func mustPrefixes(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

// AddrAllowed reports whether a connection to ip may be made for a
// caller-supplied URL, and if not, which kind of range refused it.
func AddrAllowed(ip netip.Addr) (ok bool, reason string) {
	if !ip.IsValid() {
		return false, "invalid address"
	}
	if ip.Zone() != "" {
		return false, "scoped IPv6 address"
	}
	// An IPv4-mapped address is judged by the IPv4 address it carries AND
	// refused as a form (below), so the reason names the real target.
	if ip.Is4In6() {
		if ok, reason := AddrAllowed(ip.Unmap()); !ok {
			return false, reason
		}
		return false, "IPv4-mapped IPv6 address"
	}
	switch {
	case ip.IsLoopback():
		return false, "loopback address"
	case ip.IsUnspecified():
		return false, "unspecified address"
	case ip.IsPrivate():
		return false, "private address"
	case ip.IsLinkLocalUnicast(), ip.IsLinkLocalMulticast():
		return false, "link-local address (includes cloud metadata)"
	case ip.IsMulticast(), ip.IsInterfaceLocalMulticast():
		return false, "multicast address"
	}
	for _, p := range refusedPrefixes {
		if p.Contains(ip) {
			return false, "reserved address range " + p.String()
		}
	}
	if !ip.IsGlobalUnicast() {
		return false, "not a global unicast address"
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
