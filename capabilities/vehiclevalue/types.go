package vehiclevalue

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Input is the request body of vehicle_value_estimate: the reference
// service's whole input (Part 2 §5, same names, bounds and synonyms) plus
// vin and comparables (issue 18). Unknown fields are refused.
type Input struct {
	Make    string `json:"make" schema:"minLength=1,maxLength=60" jsonschema:"Manufacturer, e.g. Toyota. Aliases and Arabic names are normalised (VW, Mercedes, تويوتا)."`
	Model   string `json:"model" schema:"minLength=1,maxLength=80" jsonschema:"Model, e.g. Land Cruiser (Landcruiser, LC200 and لاند كروزر are the same model)."`
	Year    int    `json:"year" schema:"minimum=1950,maximum=2100" jsonschema:"Model year, 1950 to next calendar year."`
	Country string `json:"country" schema:"minLength=2,maxLength=60" jsonschema:"Market the vehicle is sold in: ISO 3166 alpha-2 (OM, AE, US), alpha-3, or an English or Arabic country name."`
	Trim    string `json:"trim,omitempty" schema:"minLength=1,maxLength=60" jsonschema:"Trim or grade (GXR, VXR, XLE). Strongly recommended: same-trim comparables are preferred."`
	// MileageKm is the odometer reading.
	MileageKm *int   `json:"mileageKm,omitempty" schema:"minimum=0,maximum=2000000" jsonschema:"Odometer in kilometres. Strongly recommended: without it no mileage adjustment is made."`
	Condition string `json:"condition,omitempty" schema:"minLength=1,maxLength=40" jsonschema:"excellent, very_good, good, fair, poor or unknown (synonyms such as 'like new' accepted)."`
	City      string `json:"city,omitempty" schema:"minLength=1,maxLength=80" jsonschema:"City, e.g. Muscat: same-city comparables weigh more."`
	Currency  string `json:"currency,omitempty" schema:"minLength=1,maxLength=8" jsonschema:"Result currency (ISO 4217, or RO, DHS, SR, QR, BD, KD, €, £). Default: the market's; askingPrice is in this currency."`
	FuelType  string `json:"fuelType,omitempty" schema:"minLength=1,maxLength=40" jsonschema:"petrol, diesel, hybrid, plug_in_hybrid, electric, lpg, cng, hydrogen or other (gasoline accepted)."`
	// Transmission, BodyType and Drivetrain accept synonyms (auto, 4x4).
	Transmission    string   `json:"transmission,omitempty" schema:"minLength=1,maxLength=40" jsonschema:"automatic, manual, cvt, dct or other (auto accepted)."`
	BodyType        string   `json:"bodyType,omitempty" schema:"minLength=1,maxLength=40" jsonschema:"sedan, hatchback, suv, crossover, pickup, coupe, convertible, wagon, van, minivan or other."`
	Engine          string   `json:"engine,omitempty" schema:"minLength=1,maxLength=60" jsonschema:"Engine description, e.g. 4.0L V6 (recorded, not priced)."`
	Drivetrain      string   `json:"drivetrain,omitempty" schema:"minLength=1,maxLength=40" jsonschema:"fwd, rwd, awd or 4wd (4x4 accepted)."`
	AccidentHistory Accident `json:"accidentHistory,omitzero"`
	ServiceHistory  string   `json:"serviceHistory,omitempty" schema:"minLength=1,maxLength=40" jsonschema:"full, partial, none or unknown."`
	Owners          *int     `json:"owners,omitempty" schema:"minimum=1,maximum=20" jsonschema:"Previous registered owners, 1 to 20."`
	Color           string   `json:"color,omitempty" schema:"minLength=1,maxLength=40" jsonschema:"Exterior colour (recorded, not priced)."`
	Options         []string `json:"options,omitempty" schema:"maxItems=40,items.minLength=1,items.maxLength=60" jsonschema:"Notable equipment (sunroof, leather seats, 360 camera); premium items earn a small capped uplift."`
	AskingPrice     *float64 `json:"askingPrice,omitempty" schema:"exclusiveMinimum=0,maximum=100000000" jsonschema:"Asking price to assess, in currency: adds askingPriceAnalysis."`
	ValuationDate   string   `json:"valuationDate,omitempty" schema:"pattern=^[0-9]{4}-[0-9]{2}-[0-9]{2}$" jsonschema:"As-of date YYYY-MM-DD, not in the future (default today, UTC); evidence after it is ignored."`
	// VIN and Comparables are Dalil's additions (issue 18).
	VIN         string             `json:"vin,omitempty" schema:"minLength=17,maxLength=24" jsonschema:"VIN (17 characters; spaces and hyphens ignored): ISO 3779 check digit and model-year character checked against year; decoded when a VIN decoder is configured."`
	Comparables []CallerComparable `json:"comparables,omitempty" schema:"maxItems=100" jsonschema:"Your own comparable listings or sales: marked callerSupplied and weighted half as much as market evidence."`
}

// CallerComparable is one comparable the caller supplies. Make and model
// default to the subject's; one of another model is set aside.
type CallerComparable struct {
	Make       string  `json:"make,omitempty" schema:"minLength=1,maxLength=60"`
	Model      string  `json:"model,omitempty" schema:"minLength=1,maxLength=80"`
	Year       int     `json:"year" schema:"minimum=1950,maximum=2100"`
	Trim       string  `json:"trim,omitempty" schema:"minLength=1,maxLength=60"`
	MileageKm  *int    `json:"mileageKm,omitempty" schema:"minimum=0,maximum=2000000"`
	Price      float64 `json:"price" schema:"exclusiveMinimum=0,maximum=100000000" jsonschema:"asking or sale price"`
	Currency   string  `json:"currency,omitempty" schema:"minLength=1,maxLength=8" jsonschema:"default: the result currency"`
	Country    string  `json:"country,omitempty" schema:"minLength=2,maxLength=60" jsonschema:"default: the subject's country"`
	City       string  `json:"city,omitempty" schema:"minLength=1,maxLength=80"`
	ObservedOn string  `json:"observedOn,omitempty" schema:"pattern=^[0-9]{4}-[0-9]{2}-[0-9]{2}$" jsonschema:"date of the listing or sale, YYYY-MM-DD; undated ones count as stale"`
	PriceType  string  `json:"priceType,omitempty" schema:"enum=listing|sale"`
	Condition  string  `json:"condition,omitempty" schema:"minLength=1,maxLength=40"`
	SourceName string  `json:"sourceName,omitempty" schema:"minLength=1,maxLength=100"`
	SourceURL  string  `json:"sourceUrl,omitempty" schema:"minLength=1,maxLength=500"`
}

// Accident is accidentHistory: a boolean (false = none, true = reported)
// or one of Accidents or their synonyms.
type Accident struct {
	Bool *bool
	Text string
}

// JSONSchema implements capability.SchemaProvider.
func (Accident) JSONSchema() string {
	return `{"type":["boolean","string"],"minLength":1,"maxLength":40,"description":"false or none: no known accident; minor_cosmetic, repaired, structural; true or reported: an accident of unstated severity; unknown."}`
}

// UnmarshalJSON reads a boolean or a string.
func (a *Accident) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case bool:
		a.Bool, a.Text = &x, ""
	case string:
		a.Bool, a.Text = nil, x
	default:
		return errors.New("accidentHistory must be a boolean or a string")
	}
	return nil
}

// MarshalJSON writes what was read.
func (a Accident) MarshalJSON() ([]byte, error) {
	if a.Bool != nil {
		return json.Marshal(*a.Bool)
	}
	return json.Marshal(a.Text)
}

// IsZero reports an absent accidentHistory.
func (a Accident) IsZero() bool { return a.Bool == nil && a.Text == "" }

// canonical is the accident history as one of Accidents ("" when the text
// is no known spelling); unknown when absent.
func (a Accident) canonical() string {
	switch {
	case a.IsZero():
		return "unknown"
	case a.Bool != nil && *a.Bool:
		return "reported"
	case a.Bool != nil:
		return "none"
	}
	return accidentSyn.canonical(a.Text)
}

// Statuses of an answer.
const (
	StatusEstimated    = "estimated"
	StatusInsufficient = "insufficient_market_data"
)

// Output is the answer of vehicle_value_estimate: the reference service's
// fields (same names, every key present, null where not applicable) and
// the additions of issue 18, marked "Dalil".
type Output struct {
	Status                     string               `json:"status" schema:"enum=estimated|insufficient_market_data" jsonschema:"insufficient_market_data: no defensible estimate from the evidence available; every price is null and the call is not charged."`
	Vehicle                    Vehicle              `json:"vehicle"`
	ValuationDate              string               `json:"valuationDate"`
	Currency                   string               `json:"currency"`
	EstimatedValue             *ValueRange          `json:"estimatedValue"`
	EstimatedPrivateSalePrice  *float64             `json:"estimatedPrivateSalePrice"`
	EstimatedDealerBuyPrice    *float64             `json:"estimatedDealerBuyPrice"`
	EstimatedDealerRetailPrice *float64             `json:"estimatedDealerRetailPrice"`
	AskingPriceAnalysis        *AskingPriceAnalysis `json:"askingPriceAnalysis"`
	Depreciation               Depreciation         `json:"depreciation"`
	Adjustments                []Adjustment         `json:"adjustments"`
	MarketComparables          []Comparable         `json:"marketComparables"`
	MarketStats                MarketStats          `json:"marketStats"`
	Methodology                Methodology          `json:"methodology"`
	Confidence                 Confidence           `json:"confidence"`
	RiskFlags                  []string             `json:"riskFlags"`
	Assumptions                []string             `json:"assumptions"`
	DataFreshness              DataFreshness        `json:"dataFreshness"`
	MarketCoverage             MarketCoverage       `json:"marketCoverage"`
	// ProviderPrediction is a market-data provider's own price prediction
	// for this VIN (MarketCheck Price), shown beside the estimate and not
	// blended into it.
	ProviderPrediction *ProviderPrediction `json:"providerPrediction"`
	VINCheck           *VINCheck           `json:"vinCheck" jsonschema:"the VIN's check digit and model-year character against year; null without vin"`
	Datasets           []DatasetUse        `json:"datasets" jsonschema:"every import batch of the listings used: source, licence, retrieval date, synthetic"`
	Warnings           []string            `json:"warnings" jsonschema:"what the reader must know: synthetic data, caller-supplied evidence, provider failures"`
	Disclaimer         string              `json:"disclaimer"`
}

// insufficientReason is why an insufficient_market_data answer is not
// charged on any rail (Basis.Unanswered).
func (o Output) insufficientReason() string {
	return fmt.Sprintf("insufficient_market_data: %d usable comparables, %d needed", o.MarketStats.ComparableCount, MinComparables)
}

// Vehicle echoes the subject, normalised.
type Vehicle struct {
	Make                     string   `json:"make"`
	Model                    string   `json:"model"`
	Year                     int      `json:"year"`
	Trim                     *string  `json:"trim"`
	MileageKm                *int     `json:"mileageKm"`
	Condition                string   `json:"condition" schema:"enum=excellent|very_good|good|fair|poor|unknown"`
	Country                  string   `json:"country"`
	CountryCode              string   `json:"countryCode"`
	City                     *string  `json:"city"`
	FuelType                 *string  `json:"fuelType" jsonschema:"petrol, diesel, hybrid, plug_in_hybrid, electric, lpg, cng, hydrogen, other, or null"`
	Transmission             *string  `json:"transmission" jsonschema:"automatic, manual, cvt, dct, other, or null"`
	BodyType                 *string  `json:"bodyType" jsonschema:"sedan, hatchback, suv, crossover, pickup, coupe, convertible, wagon, van, minivan, other, or null"`
	Drivetrain               *string  `json:"drivetrain" jsonschema:"fwd, rwd, awd, 4wd, or null"`
	Engine                   *string  `json:"engine"`
	AccidentHistory          string   `json:"accidentHistory" schema:"enum=none|minor_cosmetic|repaired|structural|reported|unknown"`
	ServiceHistory           string   `json:"serviceHistory" schema:"enum=full|partial|none|unknown"`
	Owners                   *int     `json:"owners"`
	Color                    *string  `json:"color"`
	Options                  []string `json:"options"`
	VIN                      *string  `json:"vin" jsonschema:"normalised VIN"`
	AgeYears                 float64  `json:"ageYears"`
	ExpectedMileageKm        *float64 `json:"expectedMileageKm"`
	MileageVsExpectedPercent *float64 `json:"mileageVsExpectedPercent"`
}

// ValueRange is the estimate.
type ValueRange struct {
	Low      float64 `json:"low"`
	Mid      float64 `json:"mid"`
	High     float64 `json:"high"`
	Currency string  `json:"currency"`
}

// Thresholds are the asking-price position bands, percent from mid.
type Thresholds struct {
	WellBelow float64 `json:"wellBelow"`
	Below     float64 `json:"below"`
	Above     float64 `json:"above"`
	WellAbove float64 `json:"wellAbove"`
}

// AskingPriceAnalysis places askingPrice against the estimate.
type AskingPriceAnalysis struct {
	AskingPrice          float64    `json:"askingPrice"`
	DifferenceFromMid    float64    `json:"differenceFromMid"`
	DifferencePercent    float64    `json:"differencePercent"`
	MarketPosition       string     `json:"marketPosition" schema:"enum=well_below_market|below_market|near_market|above_market|well_above_market"`
	WithinEstimatedRange bool       `json:"withinEstimatedRange"`
	ThresholdsPercent    Thresholds `json:"thresholdsPercent"`
}

// Depreciation is value lost against the new price, when one is known.
type Depreciation struct {
	EstimatedOriginalPrice             *float64 `json:"estimatedOriginalPrice"`
	OriginalPriceSource                *string  `json:"originalPriceSource"`
	TotalDepreciationAmount            *float64 `json:"totalDepreciationAmount"`
	TotalDepreciationPercent           *float64 `json:"totalDepreciationPercent"`
	EstimatedAnnualDepreciationPercent *float64 `json:"estimatedAnnualDepreciationPercent"`
	MarketImpliedAnnualDepreciation    *float64 `json:"marketImpliedAnnualDepreciationPercent"`
}

// Adjustment is one step from the comparables to the estimate.
type Adjustment struct {
	Factor        string  `json:"factor"`
	ImpactAmount  float64 `json:"impactAmount" jsonschema:"amount in the result currency"`
	ImpactPercent float64 `json:"impactPercent" jsonschema:"percentage of the value it applies to"`
	Basis         string  `json:"basis" schema:"enum=market_derived|heuristic"`
	Reason        string  `json:"reason"`
}

// Distance is how far a comparable is from the subject.
type Distance struct {
	Years int  `json:"years" jsonschema:"comparable's model year minus the subject's"`
	Km    *int `json:"km" jsonschema:"comparable's mileage minus the subject's; null when either is unknown"`
	// Trim is exact, partial (shared words), different or unknown.
	Trim string `json:"trim" schema:"enum=exact|partial|different|unknown"`
}

// Comparable is one comparable used (or, when too few, found).
type Comparable struct {
	Make                string   `json:"make"`
	Model               string   `json:"model"`
	Year                int      `json:"year"`
	Trim                *string  `json:"trim"`
	MileageKm           *int     `json:"mileageKm"`
	AskingPrice         float64  `json:"askingPrice" jsonschema:"in the result currency"`
	Currency            string   `json:"currency"`
	OriginalAskingPrice float64  `json:"originalAskingPrice"`
	OriginalCurrency    string   `json:"originalCurrency"`
	Country             string   `json:"country"`
	City                *string  `json:"city"`
	SourceName          string   `json:"sourceName"`
	SourceURL           *string  `json:"sourceUrl"`
	ObservedAt          *string  `json:"observedAt"`
	PriceType           string   `json:"priceType" schema:"enum=listing|sale"`
	SimilarityScore     float64  `json:"similarityScore" schema:"minimum=0,maximum=1"`
	Distance            Distance `json:"distance" jsonschema:"how the comparable differs from the subject: model years, mileage and trim"`
	// Weight is the comparable's share of the weighted median.
	Weight float64 `json:"weight" schema:"minimum=0,maximum=1" jsonschema:"share of the weighted median"`
	// Source is dataset (imported listings), provider or caller.
	Source         string `json:"source" schema:"enum=dataset|provider|caller"`
	CallerSupplied bool   `json:"callerSupplied"`
	Synthetic      bool   `json:"synthetic" jsonschema:"made-up demo data"`
}

// MarketStats summarise the comparables used.
type MarketStats struct {
	ComparableCount        int      `json:"comparableCount"`
	ComparablesConsidered  int      `json:"comparablesConsidered"`
	OutliersExcluded       int      `json:"outliersExcluded"`
	MedianPrice            *float64 `json:"medianPrice"`
	AveragePrice           *float64 `json:"averagePrice"`
	MedianMileageKm        *float64 `json:"medianMileageKm"`
	PriceDispersionPercent *float64 `json:"priceDispersionPercent"`
	RecentListingCount     int      `json:"recentListingCount"`
	PricePerKmAdjustment   *float64 `json:"pricePerKmAdjustment" jsonschema:"value change per additional 1,000 km; market-derived only"`
	CurrencyExcludedCount  int      `json:"currencyExcludedCount"`
	CallerSuppliedCount    int      `json:"callerSuppliedCount" jsonschema:"comparables used that came from the request's own comparables"`
}

// Effect is a fitted effect and its basis.
type YearEffect struct {
	Basis         string   `json:"basis" schema:"enum=market_derived|heuristic|not_needed"`
	AnnualPercent *float64 `json:"annualPercent"`
}

// MileageEffect is the fitted mileage effect and its basis.
type MileageEffect struct {
	Basis            string   `json:"basis" schema:"enum=market_derived|heuristic|not_applied"`
	PercentPer10000K *float64 `json:"percentPer10000Km"`
}

// Methodology says how the figures were made.
type Methodology struct {
	FallbackLevel                     *string       `json:"fallbackLevel" jsonschema:"same_trim_same_year, same_trim_year_plus_minus_1, same_model_year_plus_minus_1, same_model_year_plus_minus_2 or regional_same_model_year_plus_minus_2; null when insufficient"`
	FallbackLevelDescription          *string       `json:"fallbackLevelDescription"`
	OutlierMethod                     string        `json:"outlierMethod"`
	YearEffect                        YearEffect    `json:"yearEffect"`
	MileageEffect                     MileageEffect `json:"mileageEffect"`
	RangeHalfWidthPercent             *float64      `json:"rangeHalfWidthPercent"`
	DealerBuyDiscountPercent          *float64      `json:"dealerBuyDiscountPercent"`
	PrivateSaleAdjustmentPercent      *float64      `json:"privateSaleAdjustmentPercent"`
	DealerRetailMarkupPercent         *float64      `json:"dealerRetailMarkupPercent"`
	ListingNegotiationDiscountPercent *float64      `json:"listingNegotiationDiscountPercent"`
}

// Factors are the eight confidence factors, each 0 to 1.
type Factors struct {
	ComparableVolume  float64 `json:"comparableVolume"`
	Similarity        float64 `json:"similarity"`
	TrimMatch         float64 `json:"trimMatch"`
	MileageEvidence   float64 `json:"mileageEvidence"`
	Locality          float64 `json:"locality"`
	Freshness         float64 `json:"freshness"`
	ProviderDiversity float64 `json:"providerDiversity"`
	PriceConsistency  float64 `json:"priceConsistency"`
}

// Confidence is how far the market evidence supports the estimate.
type Confidence struct {
	Score   float64  `json:"score" schema:"minimum=0,maximum=1"`
	Level   string   `json:"level" schema:"enum=high|medium|low|very_low"`
	Reasons []string `json:"reasons"`
	Factors Factors  `json:"factors"`
}

// DataFreshness dates the evidence.
type DataFreshness struct {
	LatestComparableAt      *string  `json:"latestComparableAt"`
	OldestComparableAt      *string  `json:"oldestComparableAt"`
	MedianComparableAgeDays *float64 `json:"medianComparableAgeDays"`
	RecentListingCount      int      `json:"recentListingCount"`
	RecentWindowDays        int      `json:"recentWindowDays"`
}

// ProviderRun is one provider's part in the answer (reference shape).
type ProviderRun struct {
	ID                  string `json:"id"`
	Status              string `json:"status" schema:"enum=ok|empty|timeout|error"`
	ComparablesReturned int    `json:"comparablesReturned"`
}

// SourceCoverage is one evidence source, configured or not.
type SourceCoverage struct {
	Source string `json:"source" jsonschema:"listings (imported dataset), a provider's name, or caller"`
	Kind   string `json:"kind" schema:"enum=dataset|provider|caller"`
	// Configured: switched on by the operator (the dataset: a local
	// database). Covers: it serves this market.
	Configured bool `json:"configured"`
	Covers     bool `json:"coversMarket"`
	// Status is ok, empty, timeout, error, not_configured or
	// not_covered.
	Status        string  `json:"status" schema:"enum=ok|empty|timeout|error|not_configured|not_covered"`
	ListingsFound int     `json:"listingsFound" jsonschema:"listings of this make and model it returned"`
	FreshestDate  *string `json:"freshestDate" jsonschema:"date of its newest listing (YYYY-MM-DD)"`
}

// MarketCoverage says what evidence this deployment has for the market.
// LiveMarketDataAvailable: a provider or the imported listings answered
// with at least one listing that is not synthetic demo data.
type MarketCoverage struct {
	CountryCode                   string           `json:"countryCode"`
	Country                       string           `json:"country"`
	Region                        string           `json:"region"`
	ValuationParametersConfigured bool             `json:"valuationParametersConfigured"`
	MarketDataProviders           []ProviderRun    `json:"marketDataProviders"`
	LiveMarketDataAvailable       bool             `json:"liveMarketDataAvailable"`
	RegionalFallbackCountries     []string         `json:"regionalFallbackCountries"`
	Sources                       []SourceCoverage `json:"sources" jsonschema:"every evidence source, configured or not, with listings found and the freshest date"`
}

// ProviderPrediction is a provider's own price for the VIN.
type ProviderPrediction struct {
	Source   string   `json:"source"`
	Price    float64  `json:"price"`
	Currency string   `json:"currency"`
	MSRP     *float64 `json:"msrp"`
	Note     string   `json:"note"`
}

// DatasetUse is one import batch the answer used.
type DatasetUse struct {
	Batch       string `json:"batch"`
	Source      string `json:"source"`
	License     string `json:"license"`
	RetrievedAt string `json:"retrievedAt"`
	Synthetic   bool   `json:"synthetic"`
	Used        int    `json:"used" jsonschema:"listings of this batch among the comparables used"`
}
