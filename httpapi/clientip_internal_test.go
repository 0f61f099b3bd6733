package httpapi

import (
	"net"
	"net/http/httptest"
	"testing"
)

func TestClientIP(t *testing.T) {
	_, lb, _ := net.ParseCIDR("10.0.0.0/8")
	s := &Server{cfg: Config{TrustedProxies: []*net.IPNet{lb}}}
	untrusting := &Server{}
	tests := []struct {
		name   string
		peer   string
		xff    []string
		srv    *Server
		client string
	}{
		{"direct client", "203.0.113.7:5000", nil, s, "203.0.113.7"},
		{"forged header from a client is ignored", "203.0.113.7:5000", []string{"198.51.100.1"}, s, "203.0.113.7"},
		{"through the load balancer", "10.1.2.3:443", []string{"198.51.100.9"}, s, "198.51.100.9"},
		{"client-supplied hops before the proxy's are skipped", "10.1.2.3:443", []string{"6.6.6.6, 198.51.100.9"}, s, "198.51.100.9"},
		{"two trusted proxies", "10.1.2.3:443", []string{"198.51.100.9, 10.9.9.9"}, s, "198.51.100.9"},
		{"several header lines", "10.1.2.3:443", []string{"6.6.6.6", "198.51.100.9"}, s, "198.51.100.9"},
		{"garbage hop stops the walk", "10.1.2.3:443", []string{"198.51.100.9, nonsense"}, s, "10.1.2.3"},
		{"no header from the proxy", "10.1.2.3:443", nil, s, "10.1.2.3"},
		{"nothing trusted", "10.1.2.3:443", []string{"198.51.100.9"}, untrusting, "10.1.2.3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", nil)
			r.RemoteAddr = tc.peer
			for _, v := range tc.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := tc.srv.clientIP(r); got != tc.client {
				t.Errorf("clientIP = %s, want %s", got, tc.client)
			}
		})
	}
}
