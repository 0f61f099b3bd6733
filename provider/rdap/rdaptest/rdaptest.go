// Package rdaptest runs a local fake of an RDAP service: an RFC 9224
// bootstrap registry at /dns.json that lists the fake as the server of
// its top-level domains, and RFC 9083 domain answers at
// /rdap/domain/{name} (404 with an RFC 9083 error body for unknown
// domains), with scripted faults (clienttest.Faults).
package rdaptest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"dalil/provider/client/clienttest"
)

// Domain is a fixture registration.
type Domain struct {
	Name                             string
	Registered, Expires, LastChanged time.Time
	Statuses                         []string
	Registrar                        string
	RegistrarIANAID                  string
	Nameservers                      []string
	DNSSEC                           bool
}

// Server is the fake.
type Server struct {
	*httptest.Server
	*clienttest.Faults
	domains map[string]Domain
	tlds    []string
}

// BootstrapURL is the fake's bootstrap registry (a URL ending in .json).
func (s *Server) BootstrapURL() string { return s.URL + "/dns.json" }

// ServerURL is the fake's RDAP base URL.
func (s *Server) ServerURL() string { return s.URL + "/rdap" }

// New starts the fake, closed with t. tlds are the top-level domains its
// bootstrap registry lists (besides, under another server, "example").
func New(t testing.TB, tlds []string, domains ...Domain) *Server {
	s := &Server{Faults: &clienttest.Faults{}, domains: map[string]Domain{}, tlds: tlds}
	for _, d := range domains {
		s.domains[strings.ToLower(d.Name)] = d
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /dns.json", func(w http.ResponseWriter, r *http.Request) {
		write(w, 200, "application/json", map[string]any{
			"version": "1.0", "publication": "2026-11-01T00:00:00Z", "description": "Fake RDAP bootstrap file",
			"services": []any{
				[]any{s.tlds, []string{"http://" + r.Host + "/rdap/"}},
				[]any{[]string{"example"}, []string{"https://rdap.other.invalid/"}},
			},
		})
	})
	mux.HandleFunc("GET /rdap/domain/{name}", func(w http.ResponseWriter, r *http.Request) {
		d, ok := s.domains[strings.ToLower(r.PathValue("name"))]
		if !ok {
			write(w, 404, "application/rdap+json", map[string]any{"rdapConformance": []string{"rdap_level_0"},
				"errorCode": 404, "title": "Not Found", "description": []string{"The domain was not found."}})
			return
		}
		write(w, 200, "application/rdap+json", s.domain(d, "http://"+r.Host))
	})
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	t.Cleanup(s.Server.Close)
	return s
}

func (s *Server) domain(d Domain, origin string) map[string]any {
	var events []any
	for _, e := range []struct {
		action string
		at     time.Time
	}{{"registration", d.Registered}, {"expiration", d.Expires}, {"last changed", d.LastChanged}} {
		if !e.at.IsZero() {
			events = append(events, map[string]any{"eventAction": e.action, "eventDate": e.at.UTC().Format(time.RFC3339)})
		}
	}
	events = append(events, map[string]any{"eventAction": "last update of RDAP database", "eventDate": "2026-11-20T10:00:00Z"})
	var ns []any
	for _, n := range d.Nameservers {
		ns = append(ns, map[string]any{"objectClassName": "nameserver", "ldhName": strings.ToUpper(n)})
	}
	entities := []any{map[string]any{
		"objectClassName": "entity", "handle": d.RegistrarIANAID, "roles": []string{"registrar"},
		"publicIds": []any{map[string]any{"type": "IANA Registrar ID", "identifier": d.RegistrarIANAID}},
		"vcardArray": []any{"vcard", []any{
			[]any{"version", map[string]any{}, "text", "4.0"},
			[]any{"fn", map[string]any{}, "text", d.Registrar},
		}},
	}}
	return map[string]any{
		"objectClassName": "domain", "handle": strings.ToUpper(strings.ReplaceAll(d.Name, ".", "_")) + "-FAKE",
		"ldhName": strings.ToUpper(d.Name), "status": d.Statuses, "events": events, "entities": entities,
		"nameservers": ns, "secureDNS": map[string]any{"delegationSigned": d.DNSSEC},
		"rdapConformance": []string{"rdap_level_0", "icann_rdap_response_profile_1"},
		"links": []any{map[string]any{"value": origin + "/rdap/domain/" + d.Name, "rel": "self",
			"href": origin + "/rdap/domain/" + d.Name, "type": "application/rdap+json"}},
		"notices": []any{map[string]any{"title": "Terms of Use", "description": []string{"Fake data for tests."}}},
	}
}

func write(w http.ResponseWriter, status int, contentType string, v any) {
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
