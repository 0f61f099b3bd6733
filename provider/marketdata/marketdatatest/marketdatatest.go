// Package marketdatatest runs local fakes of MarketCheck's car APIs (the
// active listings search and MarketCheck Price, in MarketCheck's
// documented JSON) and of a partner feed (Dalil's documented format,
// served over TLS and reached through internal/safehttp's production
// checks), with scripted faults (clienttest.Faults) for 429, 5xx, hangs
// and malformed bodies.
package marketdatatest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"dalil/internal/safehttp"
	"dalil/internal/safehttp/safehttptest"
	"dalil/provider/client/clienttest"
)

// Car is one vehicle listing the fakes know.
type Car struct {
	ID, VIN, Make, Model, Trim string
	Year                       int
	Miles                      float64 // MarketCheck: miles; the feed: km
	Price, MSRP                float64
	Country                    string // US, CA (MarketCheck) or any (feed)
	Currency                   string // the feed only
	City                       string
	Seen                       time.Time
}

// MarketCheck is a fake of api.marketcheck.com.
type MarketCheck struct {
	*httptest.Server
	*clienttest.Faults
	Key  string
	Cars []Car
	// Price is what MarketCheck Price answers.
	Price, MSRP float64
	// Queries are the search requests' query strings, in order.
	Queries []string
}

// NewMarketCheck starts the fake accepting key, closed with t.
func NewMarketCheck(t testing.TB, key string, cars ...Car) *MarketCheck {
	s := &MarketCheck{Faults: &clienttest.Faults{}, Key: key, Cars: cars, Price: 23_450, MSRP: 38_000}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v2/search/car/active", s.search)
	mux.HandleFunc("GET /v2/predict/car/us/marketcheck_price", s.price)
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	t.Cleanup(s.Server.Close)
	return s
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func (s *MarketCheck) auth(w http.ResponseWriter, r *http.Request) bool {
	if r.URL.Query().Get("api_key") != s.Key {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"code": 401, "message": "Invalid API key"})
		return false
	}
	return true
}

func (s *MarketCheck) search(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	q := r.URL.Query()
	s.Queries = append(s.Queries, q.Encode())
	if q.Get("car_type") != "used" {
		writeJSON(w, http.StatusBadRequest, map[string]any{"code": 400, "message": "car_type must be used in this fake"})
		return
	}
	years := strings.Split(q.Get("year"), ",")
	var match []Car
	for _, c := range s.Cars {
		if strings.EqualFold(c.Make, q.Get("make")) && strings.EqualFold(c.Model, q.Get("model")) && slices.Contains(years, strconv.Itoa(c.Year)) &&
			strings.EqualFold(c.Country, q.Get("country")) {
			match = append(match, c)
		}
	}
	start, _ := strconv.Atoi(q.Get("start"))
	rows, _ := strconv.Atoi(q.Get("rows"))
	if rows <= 0 || rows > 50 {
		rows = 10
	}
	page := []map[string]any{}
	for i := start; i < len(match) && i < start+rows; i++ {
		c := match[i]
		page = append(page, map[string]any{
			"id": c.ID, "vin": c.VIN, "heading": strconv.Itoa(c.Year) + " " + c.Make + " " + c.Model, "price": c.Price, "miles": c.Miles,
			"msrp": c.MSRP, "dom": 12, "seller_type": "dealer", "inventory_type": "used", "last_seen_at": c.Seen.Unix(),
			"last_seen_at_date": c.Seen.UTC().Format(time.RFC3339), "first_seen_at_date": c.Seen.AddDate(0, 0, -12).UTC().Format(time.RFC3339),
			"vdp_url": "https://dealer.example/" + c.ID, "source": "dealer.example",
			"build": map[string]any{"year": c.Year, "make": c.Make, "model": c.Model, "trim": c.Trim, "body_type": "SUV", "transmission": "Automatic",
				"drivetrain": "4WD", "fuel_type": "Unleaded"},
			"dealer": map[string]any{"city": c.City, "state": "TX", "country": strings.ToUpper(c.Country), "zip": "75001"},
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"num_found": len(match), "listings": page})
}

func (s *MarketCheck) price(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	q := r.URL.Query()
	if len(q.Get("vin")) != 17 || q.Get("miles") == "" {
		writeJSON(w, http.StatusBadRequest, map[string]any{"code": 400, "message": "vin and miles are required"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"marketcheck_price": s.Price, "msrp": s.MSRP})
}

// Feed is a fake partner feed on a local TLS server that safehttp
// reaches through its production checks.
type Feed struct {
	*safehttptest.Server
	*clienttest.Faults
	Token string
	Cars  []Car
	// Auth are the Authorization headers received.
	Auth []string
}

// FeedHost is the host name the fake feed answers as.
const FeedHost = "feed.test.example"

// NewFeed starts the fake (https://feed.test.example/listings.json),
// closed with t.
func NewFeed(t testing.TB, token string, cars ...Car) *Feed {
	s := &Feed{Faults: &clienttest.Faults{}, Token: token, Cars: cars}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /listings.json", s.serve)
	s.Server = safehttptest.NewTLSServer(t, s.Faults.Wrap(mux), FeedHost)
	return s
}

// URL is the feed's URL.
func (s *Feed) URL() string { return "https://" + FeedHost + "/listings.json" }

// Options are the safehttp options that reach this server.
func (s *Feed) Options() safehttp.Options { return s.Server.Options() }

func (s *Feed) serve(w http.ResponseWriter, r *http.Request) {
	s.Auth = append(s.Auth, r.Header.Get("Authorization"))
	if s.Token != "" && r.Header.Get("Authorization") != "Bearer "+s.Token {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "unauthorized"})
		return
	}
	listings := []map[string]any{}
	for _, c := range s.Cars {
		listings = append(listings, map[string]any{"id": c.ID, "make": c.Make, "model": c.Model, "trim": c.Trim, "year": c.Year, "mileageKm": c.Miles,
			"price": c.Price, "currency": c.Currency, "country": c.Country, "city": c.City, "listedOn": c.Seen.Format(time.DateOnly),
			"sellerType": "dealer", "priceType": "listing", "vin": c.VIN, "url": "https://feed.example/" + c.ID})
	}
	writeJSON(w, http.StatusOK, map[string]any{"version": 1, "source": "Example Motors feed", "generatedAt": time.Now().UTC().Format(time.RFC3339),
		"listings": listings})
}
