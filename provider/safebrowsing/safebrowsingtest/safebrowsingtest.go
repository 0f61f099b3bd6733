// Package safebrowsingtest runs a local fake of Google Safe Browsing's v4
// threatMatches:find, answering in the documented JSON (an empty object
// when nothing matches, Google's error object for a bad key or body),
// with scripted faults (clienttest.Faults).
package safebrowsingtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"dalil/provider/client/clienttest"
)

// Server is the fake.
type Server struct {
	*httptest.Server
	*clienttest.Faults
	Key string
	// listed maps a URL to its threat type.
	listed map[string]string
}

// BaseURL is the URL to give the client (it ends in /v4).
func (s *Server) BaseURL() string { return s.URL + "/v4" }

// New starts the fake accepting key, closed with t; listed maps URLs to
// the threat type they are listed under.
func New(t testing.TB, key string, listed map[string]string) *Server {
	s := &Server{Faults: &clienttest.Faults{}, Key: key, listed: listed}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v4/threatMatches:find", s.find)
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	t.Cleanup(s.Server.Close)
	return s
}

func googleError(w http.ResponseWriter, code int, status, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"code": code, "message": msg, "status": status}})
}

func (s *Server) find(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("key") != s.Key {
		googleError(w, 400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.")
		return
	}
	var req struct {
		Client struct {
			ClientID string `json:"clientId"`
		} `json:"client"`
		ThreatInfo struct {
			ThreatTypes      []string `json:"threatTypes"`
			PlatformTypes    []string `json:"platformTypes"`
			ThreatEntryTypes []string `json:"threatEntryTypes"`
			ThreatEntries    []struct {
				URL string `json:"url"`
			} `json:"threatEntries"`
		} `json:"threatInfo"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.ThreatInfo.ThreatEntries) == 0 ||
		len(req.ThreatInfo.ThreatEntries) > 500 || len(req.ThreatInfo.ThreatTypes) == 0 {
		googleError(w, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.")
		return
	}
	matches := []any{}
	for _, e := range req.ThreatInfo.ThreatEntries {
		typ, ok := s.listed[e.URL]
		if !ok || !slices.Contains(req.ThreatInfo.ThreatTypes, typ) {
			continue
		}
		matches = append(matches, map[string]any{"threatType": typ, "platformType": "ANY_PLATFORM",
			"threatEntryType": "URL", "threat": map[string]any{"url": e.URL},
			"threatEntryMetadata": map[string]any{"entries": []any{}}, "cacheDuration": "300s"})
	}
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	if len(matches) == 0 {
		w.Write([]byte("{}\n"))
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"matches": matches})
}
