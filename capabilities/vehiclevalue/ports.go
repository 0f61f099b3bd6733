package vehiclevalue

import (
	"context"
	"errors"
	"time"

	"dalil/dataset"
)

// Listing is one market observation of a vehicle: a listing's asking
// price or a recorded sale, from the imported dataset, a provider or the
// caller. Never a seller's name or contact.
type Listing struct {
	ID         string
	Make       string // canonical (NormalizeMake)
	Model      string // canonical (NormalizeModel)
	Year       int
	Trim       string
	MileageKm  *int
	Price      float64 // in Currency
	Currency   string  // ISO 4217
	Country    string  // ISO alpha-2
	City       string
	ListedOn   time.Time // the day it was observed; zero when undated
	PriceType  string    // listing (default) or sale
	SellerType string    // dealer, private or ""
	VIN        string
	// Canonical enumeration values, "" when unknown.
	Condition, FuelType, Transmission, BodyType, Drivetrain string
	// MSRP is the new price the source states, 0 when none.
	MSRP       float64
	SourceName string
	SourceURL  string
	// Batch is the import batch (dataset listings only).
	Batch     string
	Synthetic bool
}

// Query asks a source for the listings of one make and model.
type Query struct {
	Make, Model      Name
	YearMin, YearMax int
	Countries        []string // subject's country first, then its regional ones
	Since, Until     time.Time
	Limit            int
	SubjectYear      int
	SubjectMileageKm *int
	SubjectVIN       string
	SubjectCountry   string
}

// Found is what the listings dataset returned.
type Found struct {
	Listings []Listing // newest first, at most Query.Limit
	// Truncated: more matched than Limit.
	Truncated bool
}

// DatasetBatch is one import's provenance.
type DatasetBatch = dataset.Batch

// Listings is the port to the imported listings dataset (vehiclesql
// implements it on the store's database). Errors are storage failures;
// an empty result is not an error.
type Listings interface {
	Find(ctx context.Context, q Query) (Found, error)
	Batches(ctx context.Context, ids []string) ([]DatasetBatch, error)
	// Count counts the listings of q without reading them (previews):
	// all of them, the synthetic ones among them, and the newest date.
	Count(ctx context.Context, q Query) (n, synthetic int, newest time.Time, err error)
}

// Source is a market-data provider (MarketCheck, a partner feed):
// cmd/dalil adapts each configured client to it. A source that does not
// cover a country is never called for it.
type Source interface {
	Name() string
	Covers(country string) bool
	Search(ctx context.Context, q Query) ([]Listing, error)
}

// Predictor is a provider's own price prediction for a VIN (MarketCheck
// Price). ok is false when it has none for this vehicle or market.
type Predictor interface {
	Name() string
	Predict(ctx context.Context, q Query) (p Prediction, ok bool, err error)
}

// Prediction is a provider's predicted price.
type Prediction struct {
	Price, MSRP float64
	Currency    string
}

// VINDecode is what a VIN decoder says (all optional).
type VINDecode struct {
	Source       string   `json:"source"`
	Make         string   `json:"make"`
	Model        string   `json:"model"`
	ModelYear    *int     `json:"modelYear"`
	Trim         string   `json:"trim"`
	BodyClass    string   `json:"bodyClass"`
	FuelType     string   `json:"fuelType"`
	DriveType    string   `json:"driveType"`
	Transmission string   `json:"transmission"`
	PlantCountry string   `json:"plantCountry"`
	Errors       []string `json:"errors" jsonschema:"what the decoder reported as wrong with the VIN"`
	// MakeMatches is false when the decoded make is another make than
	// the input's.
	MakeMatches *bool `json:"makeMatches"`
}

// VINDecoder decodes a VIN (NHTSA vPIC).
type VINDecoder interface {
	Decode(ctx context.Context, vin string, year int) (VINDecode, error)
}

// Errors a source returns, so the answer can say timeout or error.
var (
	ErrTimeout     = errors.New("vehiclevalue: source timed out")
	ErrUnavailable = errors.New("vehiclevalue: source unavailable")
)

// Deps are what the capability can use; every one is optional. Nothing
// configured means every answer is insufficient_market_data (not
// charged).
type Deps struct {
	Listings  Listings
	Sources   []Source
	Predictor Predictor
	VIN       VINDecoder
	// SourceTimeout bounds each provider call (default 4 s).
	SourceTimeout time.Duration
	// MaxListingAgeDays drops older evidence (default 365).
	MaxListingAgeDays int
}
