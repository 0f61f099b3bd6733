// Package websearchtest runs local fakes of the Brave Search API and
// Tavily that answer in each vendor's documented JSON, from a fixed set of
// documents, with scripted faults (clienttest.Faults) for 429, 5xx,
// hangs and malformed bodies.
package websearchtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"dalil/provider/client/clienttest"
)

// Doc is a page the fake search engines know.
type Doc struct {
	Title, URL, Snippet string
	Publisher           string    // Brave profile name; "" leaves it out
	Published           time.Time // zero: no date
	News                bool      // a news article (Brave's news endpoint, Tavily's news topic)
}

// Server is a fake engine. Faults scripts its next answers; Hits counts
// the requests it received.
type Server struct {
	*httptest.Server
	*clienttest.Faults
	// Key is the API key it accepts.
	Key  string
	docs []Doc
	// base is the API base URL to configure a client with.
	base string
}

// BaseURL is the URL to give the client as its BaseURL.
func (s *Server) BaseURL() string { return s.base }

// NewBrave starts a Brave Search API fake accepting key, closed with t.
func NewBrave(t testing.TB, key string, docs ...Doc) *Server {
	s := &Server{Faults: &clienttest.Faults{}, Key: key, docs: docs}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /res/v1/web/search", func(w http.ResponseWriter, r *http.Request) { s.brave(w, r, false) })
	mux.HandleFunc("GET /res/v1/news/search", func(w http.ResponseWriter, r *http.Request) { s.brave(w, r, true) })
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	s.base = s.Server.URL + "/res/v1"
	t.Cleanup(s.Server.Close)
	return s
}

// NewTavily starts a Tavily fake accepting key, closed with t.
func NewTavily(t testing.TB, key string, docs ...Doc) *Server {
	s := &Server{Faults: &clienttest.Faults{}, Key: key, docs: docs}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /search", s.tavily)
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	s.base = s.Server.URL
	t.Cleanup(s.Server.Close)
	return s
}

// match returns the documents sharing a word of three letters or more
// with the query, in their order.
func (s *Server) match(q string, news func(Doc) bool) []Doc {
	var words []string
	for _, w := range strings.Fields(strings.ToLower(q)) {
		if w = strings.Trim(w, `"'.,:;()`); len([]rune(w)) >= 3 {
			words = append(words, w)
		}
	}
	var out []Doc
	for _, d := range s.docs {
		if !news(d) {
			continue
		}
		text := strings.ToLower(d.Title + " " + d.Snippet)
		for _, w := range words {
			if strings.Contains(text, w) {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// braveError answers Brave's documented error object.
func braveError(w http.ResponseWriter, status int, code, detail string) {
	writeJSON(w, status, map[string]any{
		"type": "ErrorResponse",
		"error": map[string]any{"id": "00000000-0000-0000-0000-000000000000", "status": status, "code": code,
			"detail": detail, "meta": map[string]any{}},
		"time": time.Now().Unix(),
	})
}

func (s *Server) brave(w http.ResponseWriter, r *http.Request, newsOnly bool) {
	if r.Header.Get("X-Subscription-Token") != s.Key {
		braveError(w, http.StatusUnauthorized, "SUBSCRIPTION_TOKEN_INVALID", "The provided subscription token is invalid.")
		return
	}
	q := r.URL.Query().Get("q")
	count := 20
	if c := r.URL.Query().Get("count"); c != "" {
		n, err := strconv.Atoi(c)
		if err != nil || n < 1 || n > 50 || (!newsOnly && n > 20) {
			braveError(w, http.StatusUnprocessableEntity, "VALIDATION", "Unable to validate request parameter(s).")
			return
		}
		count = n
	}
	if q == "" || len([]rune(q)) > 400 {
		braveError(w, http.StatusUnprocessableEntity, "VALIDATION", "Unable to validate request parameter(s).")
		return
	}
	w.Header().Set("X-RateLimit-Limit", "1, 15000")
	w.Header().Set("X-RateLimit-Remaining", "0, 14999")
	w.Header().Set("X-RateLimit-Reset", "1, 1419704")
	result := func(d Doc, typ string) map[string]any {
		u, _ := url.Parse(d.URL)
		m := map[string]any{
			"type": typ, "title": d.Title, "url": d.URL, "description": d.Snippet, "language": "en",
			"meta_url": map[string]any{"scheme": u.Scheme, "netloc": u.Host, "hostname": u.Hostname(), "path": u.Path,
				"favicon": "https://imgs.search.brave.com/favicon/" + u.Hostname()},
		}
		if !d.Published.IsZero() {
			m["page_age"] = d.Published.UTC().Format("2006-01-02T15:04:05")
			m["age"] = d.Published.UTC().Format("January 2, 2006")
		}
		if d.Publisher != "" {
			m["profile"] = map[string]any{"name": d.Publisher, "url": d.URL, "long_name": d.Publisher}
		}
		return m
	}
	if newsOnly {
		var results []map[string]any
		for _, d := range first(s.match(q, func(d Doc) bool { return d.News }), count) {
			results = append(results, result(d, "news_result"))
		}
		writeJSON(w, http.StatusOK, map[string]any{"type": "news", "query": map[string]any{"original": q},
			"results": orEmpty(results)})
		return
	}
	var web, news []map[string]any
	var mixed []map[string]any
	for i, d := range first(s.match(q, func(d Doc) bool { return !d.News }), count) {
		web = append(web, result(d, "search_result"))
		mixed = append(mixed, map[string]any{"type": "web", "index": i, "all": false})
	}
	for _, d := range first(s.match(q, func(d Doc) bool { return d.News }), 3) {
		news = append(news, result(d, "news_result"))
	}
	out := map[string]any{
		"type":  "search",
		"query": map[string]any{"original": q, "more_results_available": false},
		"mixed": map[string]any{"type": "mixed", "main": orEmpty(mixed), "top": []any{}, "side": []any{}},
	}
	if len(web) > 0 {
		out["web"] = map[string]any{"type": "search", "results": web, "family_friendly": true}
	}
	if len(news) > 0 {
		out["news"] = map[string]any{"type": "news", "results": news, "mutated_by_goggles": false}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) tavily(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "Bearer "+s.Key {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"detail": map[string]any{"error": "Unauthorized: missing or invalid API key."}})
		return
	}
	var req struct {
		Query      string `json:"query"`
		Topic      string `json:"topic"`
		MaxResults *int   `json:"max_results"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || strings.TrimSpace(req.Query) == "" {
		writeJSON(w, http.StatusBadRequest, map[string]any{"detail": map[string]any{"error": "Query is missing."}})
		return
	}
	limit := 5
	if req.MaxResults != nil {
		if *req.MaxResults < 0 || *req.MaxResults > 20 {
			writeJSON(w, http.StatusBadRequest, map[string]any{"detail": map[string]any{"error": "max_results must be between 0 and 20."}})
			return
		}
		limit = *req.MaxResults
	}
	news := req.Topic == "news"
	var results []map[string]any
	for i, d := range first(s.match(req.Query, func(d Doc) bool { return d.News == news || !news }), limit) {
		m := map[string]any{"title": d.Title, "url": d.URL, "content": d.Snippet, "score": 0.9 - float64(i)/100,
			"raw_content": nil, "favicon": nil}
		if news && !d.Published.IsZero() {
			m["published_date"] = d.Published.UTC().Format(time.RFC1123)
		}
		results = append(results, m)
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"query": req.Query, "follow_up_questions": nil, "answer": nil, "images": []any{},
		"results": orEmpty(results), "response_time": 0.42, "request_id": fmt.Sprintf("fake-%d", s.Hits()),
	})
}

func first(ds []Doc, n int) []Doc {
	if len(ds) > n {
		return ds[:n]
	}
	return ds
}

func orEmpty(m []map[string]any) []map[string]any {
	if m == nil {
		return []map[string]any{}
	}
	return m
}
