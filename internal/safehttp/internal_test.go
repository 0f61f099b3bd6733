package safehttp

import (
	"context"
	"math/rand"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"testing"
)

func TestAddrAllowed(t *testing.T) {
	for _, s := range []string{"8.8.8.8", "93.184.215.14", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001::200e"} {
		if ok, reason := AddrAllowed(netip.MustParseAddr(s)); !ok {
			t.Errorf("%s refused: %s", s, reason)
		}
	}
	for _, s := range []string{"127.0.0.1", "10.9.9.9", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.100.100.200",
		"0.0.0.0", "0.1.2.3", "224.0.0.251", "239.1.1.1", "255.255.255.255", "240.0.0.1", "192.0.2.1", "198.51.100.7", "203.0.113.9",
		"198.18.0.1", "::", "::1", "::ffff:8.8.8.8", "::ffff:127.0.0.1", "fe80::1", "fc00::1", "fd00:ec2::254", "ff02::1",
		"2001:db8::1", "64:ff9b::808:808", "2002:808:808::1", "2001:0:4136:e378::1", "fec0::1"} {
		if ok, _ := AddrAllowed(netip.MustParseAddr(s)); ok {
			t.Errorf("%s allowed", s)
		}
	}
}

// Every spelling of every IPv4 address parses back to that address.
func TestParseIPv4HostProperty(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	for i := 0; i < 20000; i++ {
		n := rng.Uint32()
		want := netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)})
		parts := 1 + rng.Intn(4)
		var nums []uint64
		rest := uint64(n)
		for p := 0; p < parts-1; p++ {
			nums = append(nums, (rest>>(8*(3-uint(p))))&0xff)
		}
		nums = append(nums, rest&((1<<(8*(5-uint(parts))))-1))
		var labels []string
		for _, v := range nums {
			switch rng.Intn(3) {
			case 0:
				labels = append(labels, strconv.FormatUint(v, 10))
			case 1:
				labels = append(labels, "0"+strconv.FormatUint(v, 8))
			default:
				labels = append(labels, "0x"+strconv.FormatUint(v, 16))
			}
		}
		host := strings.Join(labels, ".")
		got, numeric, ok := parseIPv4Host(host)
		if !numeric || !ok || got != want {
			t.Fatalf("%s: got %v numeric=%v ok=%v, want %v", host, got, numeric, ok, want)
		}
	}
	for _, h := range []string{"example.com", "a1.b2", "1.2.3.example", "0x.example"} {
		if _, numeric, _ := parseIPv4Host(h); numeric {
			t.Errorf("%s taken for an address", h)
		}
	}
	for _, h := range []string{"1.2.3.4.5", "256.1.1.1", "1.2.3.256", "1.16777216", "08.1.1.1", "0xg1"} {
		if _, _, ok := parseIPv4Host(h); ok && h != "0xg1" {
			t.Errorf("%s accepted", h)
		}
	}
}

// The default dialer's Control function refuses a socket to a private
// address even if a caller managed to hand one to the dialer.
func TestControlRefusesPrivateSocket(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	d := &net.Dialer{Control: controlDial}
	if conn, err := d.Dial("tcp", ln.Addr().String()); err == nil {
		conn.Close()
		t.Fatal("dialled loopback through the production dialer")
	} else if CodeOf(err) != CodeNotAllowed {
		t.Fatalf("dial error %v is not URL_NOT_ALLOWED", err)
	}
	// And New's default dialer is that dialer.
	c := New(Options{Resolver: staticResolver{"rebind.example": "127.0.0.1"}})
	if _, err := c.opts.DialContext(t.Context(), "tcp", ln.Addr().String()); CodeOf(err) != CodeNotAllowed {
		t.Fatalf("default DialContext: %v", err)
	}
}

type staticResolver map[string]string

func (r staticResolver) LookupIPAddr(_ context.Context, host string) ([]net.IPAddr, error) {
	return []net.IPAddr{{IP: net.ParseIP(r[host])}}, nil
}
