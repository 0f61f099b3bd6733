package marketdata

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/internal/safehttp"
	"dalil/provider/client"
)

// FeedName is the partner feed's configuration name.
const FeedName = "vehicle_feed"

// FeedConfig configures a partner feed (format: docs/vehicle-value.md,
// "Partner feed").
type FeedConfig struct {
	// URL is the feed's https URL; empty leaves the client off.
	URL string
	// Token, when set, is sent as "Authorization: Bearer <token>".
	Token string
	// Name is how answers name the feed (default "vehicle_feed").
	Name string
	// Countries are the ISO alpha-2 markets the feed covers; none means
	// the feed is never asked.
	Countries []string
	// TTL of cached answers (0: DefaultTTL; negative: not cached).
	TTL time.Duration
	// Fetch is internal/safehttp's policy (the zero value is
	// production's: https, public addresses only, redirects re-checked);
	// tests reach a local TLS server through the same checks.
	Fetch safehttp.Options
	// HTTP is the call mechanics; its Transport is replaced by safehttp.
	HTTP client.Config
}

// Feed is a partner feed client: vehiclevalue.Source. A nil *Feed is off.
type Feed struct {
	url, token, name string
	countries        []string
	ttl              time.Duration
	c                *client.Client
}

var _ vehiclevalue.Source = (*Feed)(nil)

// NewFeed returns the client, or nil when cfg has no URL.
func NewFeed(cfg FeedConfig) *Feed {
	if strings.TrimSpace(cfg.URL) == "" {
		return nil
	}
	name := cfg.Name
	if name == "" {
		name = FeedName
	}
	h := cfg.HTTP
	h.Name = name
	if cfg.Token != "" {
		h.Secrets = append(slices.Clone(h.Secrets), cfg.Token)
	}
	if h.Timeout == 0 {
		h.Timeout = DefaultTimeout
	}
	h.Transport = safeTransport{safehttp.New(cfg.Fetch)}
	var cs []string
	for _, c := range cfg.Countries {
		if code, ok := vehiclevalue.NormalizeCountry(c); ok {
			cs = append(cs, code)
		}
	}
	return &Feed{url: cfg.URL, token: cfg.Token, name: name, countries: cs, ttl: ttl(cfg.TTL, DefaultTTL), c: client.New(h)}
}

// Name is the feed's name.
func (f *Feed) Name() string {
	if f == nil {
		return FeedName
	}
	return f.name
}

// Covers reports the feed's configured countries.
func (f *Feed) Covers(country string) bool { return f != nil && slices.Contains(f.countries, country) }

// feedDoc is the feed's document.
type feedDoc struct {
	Version  int           `json:"version"`
	Source   string        `json:"source"`
	Listings []feedListing `json:"listings"`
}

type feedListing struct {
	ID           string   `json:"id"`
	Make         string   `json:"make"`
	Model        string   `json:"model"`
	Trim         string   `json:"trim"`
	Year         int      `json:"year"`
	MileageKm    *float64 `json:"mileageKm"`
	Price        float64  `json:"price"`
	Currency     string   `json:"currency"`
	Country      string   `json:"country"`
	City         string   `json:"city"`
	ListedOn     string   `json:"listedOn"`
	SellerType   string   `json:"sellerType"`
	PriceType    string   `json:"priceType"`
	VIN          string   `json:"vin"`
	Condition    string   `json:"condition"`
	FuelType     string   `json:"fuelType"`
	Transmission string   `json:"transmission"`
	BodyType     string   `json:"bodyType"`
	Drivetrain   string   `json:"drivetrain"`
	URL          string   `json:"url"`
}

// Search implements vehiclevalue.Source: it asks the feed for the make,
// model, years and countries (query parameters the feed may use to
// filter) and keeps the valid listings that match. Errors are
// *client.Error; a document that is not the documented JSON is
// ErrMalformed.
func (f *Feed) Search(ctx context.Context, q vehiclevalue.Query) ([]vehiclevalue.Listing, error) {
	if f == nil {
		return nil, client.NotConfigured(FeedName)
	}
	var countries []string
	for _, c := range q.Countries {
		if f.Covers(c) {
			countries = append(countries, c)
		}
	}
	if len(countries) == 0 {
		return nil, nil
	}
	v := url.Values{}
	v.Set("make", q.Make.Display)
	v.Set("model", q.Model.Display)
	v.Set("year_min", strconv.Itoa(q.YearMin))
	v.Set("year_max", strconv.Itoa(q.YearMax))
	v.Set("country", strings.Join(countries, ","))
	sep := "?"
	if strings.Contains(f.url, "?") {
		sep = "&"
	}
	h := http.Header{}
	if f.token != "" {
		h.Set("Authorization", "Bearer "+f.token)
	}
	var doc feedDoc
	if _, err := f.c.JSON(ctx, client.Request{URL: f.url + sep + v.Encode(), Header: h, TTL: f.ttl}, &doc); err != nil {
		return nil, err
	}
	if doc.Version != 1 || doc.Listings == nil {
		return nil, f.c.Malformed("feed document without version 1 and listings", nil)
	}
	var out []vehiclevalue.Listing
	for _, l := range doc.Listings {
		if vl, ok := f.listing(l, doc.Source); ok && sameModel(q, vl) && slices.Contains(countries, vl.Country) {
			out = append(out, vl)
		}
	}
	return out, nil
}

// listing validates one feed listing; a bad one is skipped.
func (f *Feed) listing(l feedListing, source string) (vehiclevalue.Listing, bool) {
	cur, okCur := vehiclevalue.NormalizeCurrency(l.Currency)
	country, okCountry := vehiclevalue.NormalizeCountry(l.Country)
	if !okCur || !okCountry || l.Country == "" || !(l.Price > 0) || l.Price > 1e8 || l.Year < 1950 || vehiclevalue.Key(l.Make) == "" || vehiclevalue.Key(l.Model) == "" {
		return vehiclevalue.Listing{}, false
	}
	if source == "" {
		source = f.name
	}
	mk := vehiclevalue.NormalizeMake(l.Make)
	out := vehiclevalue.Listing{ID: f.name + "/" + l.ID, Make: mk.Display, Model: vehiclevalue.NormalizeModel(mk, l.Model).Display, Year: l.Year,
		Trim: strings.TrimSpace(l.Trim), Price: l.Price, Currency: cur, Country: country, City: l.City, ListedOn: day(l.ListedOn),
		PriceType: "listing", SourceName: source, SourceURL: l.URL, Condition: vehiclevalue.CanonicalCondition(l.Condition),
		FuelType: vehiclevalue.CanonicalFuel(l.FuelType), Transmission: vehiclevalue.CanonicalTransmission(l.Transmission),
		BodyType: vehiclevalue.CanonicalBody(l.BodyType), Drivetrain: vehiclevalue.CanonicalDrivetrain(l.Drivetrain)}
	if l.PriceType == "sale" {
		out.PriceType = "sale"
	}
	if l.SellerType == "dealer" || l.SellerType == "private" {
		out.SellerType = l.SellerType
	}
	if l.MileageKm != nil && *l.MileageKm >= 0 && *l.MileageKm <= 2_000_000 {
		km := int(*l.MileageKm)
		out.MileageKm = &km
	}
	if n, ok := vehiclevalue.NormalizeVIN(l.VIN); ok {
		out.VIN = n
	}
	return out, true
}

// safeTransport sends the shared client's requests through
// internal/safehttp, so every dialled address and redirect is checked.
type safeTransport struct{ c *safehttp.Client }

func (t safeTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil {
		b, err := io.ReadAll(r.Body)
		r.Body.Close()
		if err != nil {
			return nil, err
		}
		body = b
	}
	resp, err := t.c.Do(r.Context(), safehttp.Request{Method: r.Method, URL: r.URL.String(), Header: r.Header, Body: body})
	if err != nil {
		if safehttp.CodeOf(err) == safehttp.CodeTimeout {
			return nil, errors.Join(context.DeadlineExceeded, err)
		}
		return nil, err
	}
	return &http.Response{StatusCode: resp.Status, Status: http.StatusText(resp.Status), Header: resp.Header, Request: r,
		Body: io.NopCloser(bytes.NewReader(resp.Body)), ContentLength: int64(len(resp.Body)), Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}, nil
}
