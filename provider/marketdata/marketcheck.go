package marketdata

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/provider/client"
)

// DefaultMarketCheckURL is MarketCheck's API base URL.
const DefaultMarketCheckURL = "https://api.marketcheck.com"

// MarketCheckName is the provider's configuration name.
const MarketCheckName = "marketcheck"

// MarketCheck's documented page size maximum for the search API.
const (
	pageRows          = 50
	DefaultMCPages    = 2
	maxMCPages        = 10
	maxMCYearsAtATime = 5
)

// MarketCheckConfig configures the MarketCheck client.
type MarketCheckConfig struct {
	// APIKey is sent as the api_key query parameter; empty leaves the
	// client off.
	APIKey string
	// BaseURL defaults to DefaultMarketCheckURL.
	BaseURL string
	// Pages of 50 rows read per search (default 2, at most 10).
	Pages int
	// ZIP is the US ZIP code MarketCheck Price prices in (its default,
	// 50501, when empty).
	ZIP string
	// TTL of cached answers (0: DefaultTTL; negative: not cached).
	TTL time.Duration
	// HTTP is the call mechanics; Name, Secrets and ErrorMessage are set
	// by NewMarketCheck.
	HTTP client.Config
}

// MarketCheck is the MarketCheck client: vehiclevalue.Source for US and
// Canadian used-car listings and vehiclevalue.Predictor for MarketCheck
// Price. A nil *MarketCheck is off.
type MarketCheck struct {
	base, key, zip string
	pages          int
	ttl            time.Duration
	c              *client.Client
}

var (
	_ vehiclevalue.Source    = (*MarketCheck)(nil)
	_ vehiclevalue.Predictor = (*MarketCheck)(nil)
)

// NewMarketCheck returns the client, or nil when cfg has no API key.
func NewMarketCheck(cfg MarketCheckConfig) *MarketCheck {
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultMarketCheckURL
	}
	pages := cfg.Pages
	if pages <= 0 {
		pages = DefaultMCPages
	}
	h := cfg.HTTP
	h.Name = MarketCheckName
	h.Secrets = append(slices.Clone(h.Secrets), cfg.APIKey)
	h.ErrorMessage = marketCheckError
	if h.Timeout == 0 {
		h.Timeout = DefaultTimeout
	}
	return &MarketCheck{base: base, key: cfg.APIKey, zip: cfg.ZIP, pages: min(pages, maxMCPages), ttl: ttl(cfg.TTL, DefaultTTL), c: client.New(h)}
}

// Name is "marketcheck".
func (m *MarketCheck) Name() string { return MarketCheckName }

// Covers reports the US and Canada, the markets MarketCheck's car APIs
// serve.
func (m *MarketCheck) Covers(country string) bool {
	return m != nil && (country == "US" || country == "CA")
}

// mcListing is one listing of the search API's answer, in the fields
// Dalil reads (MarketCheck documents prices in USD for US listings and
// CAD for Canadian ones, miles for distances, ISO 8601 for *_at_date).
type mcListing struct {
	ID              string   `json:"id"`
	VIN             string   `json:"vin"`
	Price           *float64 `json:"price"`
	Miles           *float64 `json:"miles"`
	MSRP            *float64 `json:"msrp"`
	SellerType      string   `json:"seller_type"`
	InventoryType   string   `json:"inventory_type"`
	LastSeenAtDate  string   `json:"last_seen_at_date"`
	FirstSeenAtDate string   `json:"first_seen_at_date"`
	ScrapedAt       *int64   `json:"scraped_at"`
	VDPURL          string   `json:"vdp_url"`
	Source          string   `json:"source"`
	Build           struct {
		Year         int    `json:"year"`
		Make         string `json:"make"`
		Model        string `json:"model"`
		Trim         string `json:"trim"`
		BodyType     string `json:"body_type"`
		Transmission string `json:"transmission"`
		Drivetrain   string `json:"drivetrain"`
		FuelType     string `json:"fuel_type"`
	} `json:"build"`
	Dealer struct {
		City    string `json:"city"`
		State   string `json:"state"`
		Country string `json:"country"`
	} `json:"dealer"`
}

type mcSearch struct {
	NumFound *int        `json:"num_found"`
	Listings []mcListing `json:"listings"`
}

// Search implements vehiclevalue.Source: used listings of the make and
// model within the years, in the country the query's market is (US or
// CA), up to Pages pages of 50. Errors are *client.Error.
func (m *MarketCheck) Search(ctx context.Context, q vehiclevalue.Query) ([]vehiclevalue.Listing, error) {
	if m == nil {
		return nil, client.NotConfigured(MarketCheckName)
	}
	country := ""
	for _, c := range q.Countries {
		if m.Covers(c) {
			country = c
			break
		}
	}
	if country == "" {
		return nil, nil
	}
	var years []string
	for y := q.YearMin; y <= q.YearMax && len(years) < maxMCYearsAtATime; y++ {
		years = append(years, strconv.Itoa(y))
	}
	var out []vehiclevalue.Listing
	for page := range m.pages {
		v := url.Values{}
		v.Set("api_key", m.key)
		v.Set("car_type", "used")
		v.Set("make", strings.ToLower(q.Make.Display))
		v.Set("model", strings.ToLower(q.Model.Display))
		v.Set("year", strings.Join(years, ","))
		v.Set("country", strings.ToLower(country))
		v.Set("rows", strconv.Itoa(pageRows))
		v.Set("start", strconv.Itoa(page*pageRows))
		var resp mcSearch
		if _, err := m.c.JSON(ctx, client.Request{URL: m.base + "/v2/search/car/active?" + v.Encode(), TTL: m.ttl,
			CacheKey: "search?" + strings.Replace(v.Encode(), url.QueryEscape(m.key), "", 1)}, &resp); err != nil {
			return nil, err
		}
		if resp.NumFound == nil {
			return nil, m.c.Malformed("search answer without num_found", nil)
		}
		for _, l := range resp.Listings {
			if vl, ok := m.listing(l, country); ok && sameModel(q, vl) {
				out = append(out, vl)
			}
		}
		if len(resp.Listings) < pageRows || (page+1)*pageRows >= *resp.NumFound {
			break
		}
	}
	return out, nil
}

// listing converts one MarketCheck listing; ok is false for one without a
// price or a model year.
func (m *MarketCheck) listing(l mcListing, country string) (vehiclevalue.Listing, bool) {
	if l.Price == nil || !(*l.Price > 0) || l.Build.Year == 0 || l.Build.Make == "" || l.Build.Model == "" {
		return vehiclevalue.Listing{}, false
	}
	mk := vehiclevalue.NormalizeMake(l.Build.Make)
	out := vehiclevalue.Listing{ID: "marketcheck/" + l.ID, Make: mk.Display, Model: vehiclevalue.NormalizeModel(mk, l.Build.Model).Display,
		Year: l.Build.Year, Trim: strings.TrimSpace(l.Build.Trim), Price: *l.Price, Currency: "USD", Country: "US", City: l.Dealer.City,
		PriceType: "listing", SellerType: "dealer", SourceName: "MarketCheck", SourceURL: l.VDPURL,
		BodyType: vehiclevalue.CanonicalBody(l.Build.BodyType), Transmission: vehiclevalue.CanonicalTransmission(l.Build.Transmission),
		Drivetrain: vehiclevalue.CanonicalDrivetrain(l.Build.Drivetrain), FuelType: vehiclevalue.CanonicalFuel(l.Build.FuelType)}
	if country == "CA" {
		out.Currency, out.Country = "CAD", "CA"
	}
	if strings.EqualFold(l.SellerType, "private") || strings.EqualFold(l.SellerType, "fsbo") {
		out.SellerType = "private"
	}
	if n, ok := vehiclevalue.NormalizeVIN(l.VIN); ok {
		out.VIN = n
	}
	if l.Miles != nil && *l.Miles >= 0 {
		km := int(math.Round(*l.Miles * mileKm))
		out.MileageKm = &km
	}
	if l.MSRP != nil && *l.MSRP > 0 {
		out.MSRP = *l.MSRP
	}
	for _, d := range []string{l.LastSeenAtDate, l.FirstSeenAtDate} {
		if t := day(d); !t.IsZero() {
			out.ListedOn = t
			break
		}
	}
	if out.ListedOn.IsZero() && l.ScrapedAt != nil {
		t := time.Unix(*l.ScrapedAt, 0).UTC()
		out.ListedOn = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	}
	return out, true
}

type mcPrice struct {
	Price *float64 `json:"marketcheck_price"`
	MSRP  *float64 `json:"msrp"`
}

// Predict implements vehiclevalue.Predictor: MarketCheck Price (the US
// base endpoint) for the VIN at its mileage, in USD. ok is false outside
// the US or without a VIN.
func (m *MarketCheck) Predict(ctx context.Context, q vehiclevalue.Query) (vehiclevalue.Prediction, bool, error) {
	if m == nil {
		return vehiclevalue.Prediction{}, false, client.NotConfigured(MarketCheckName)
	}
	if q.SubjectCountry != "US" || q.SubjectVIN == "" {
		return vehiclevalue.Prediction{}, false, nil
	}
	v := url.Values{}
	v.Set("api_key", m.key)
	v.Set("vin", q.SubjectVIN)
	miles := 0
	if q.SubjectMileageKm != nil {
		miles = int(math.Round(float64(*q.SubjectMileageKm) / mileKm))
	}
	v.Set("miles", strconv.Itoa(miles))
	v.Set("dealer_type", "independent")
	if m.zip != "" {
		v.Set("zip", m.zip)
	}
	var resp mcPrice
	if _, err := m.c.JSON(ctx, client.Request{URL: m.base + "/v2/predict/car/us/marketcheck_price?" + v.Encode(), TTL: m.ttl,
		CacheKey: "price?" + strings.Replace(v.Encode(), url.QueryEscape(m.key), "", 1)}, &resp); err != nil {
		return vehiclevalue.Prediction{}, false, err
	}
	if resp.Price == nil {
		return vehiclevalue.Prediction{}, false, m.c.Malformed("price answer without marketcheck_price", nil)
	}
	p := vehiclevalue.Prediction{Price: *resp.Price, Currency: "USD"}
	if resp.MSRP != nil {
		p.MSRP = *resp.MSRP
	}
	return p, p.Price > 0, nil
}

// marketCheckError reads MarketCheck's error body ({"code":...,
// "message": "..."}).
func marketCheckError(status int, body []byte) string {
	var e struct {
		Message string `json:"message"`
		Code    any    `json:"code"`
	}
	if json.Unmarshal(body, &e) == nil && e.Message != "" {
		return fmt.Sprintf("%s (HTTP %d)", e.Message, status)
	}
	return ""
}
