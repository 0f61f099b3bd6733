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
