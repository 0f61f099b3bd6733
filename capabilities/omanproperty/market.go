package omanproperty

import (
	"context"
	"time"

	"dalil/dataset"
)

// Kind says whether a comparable is a rent or a sale.
type Kind string

const (
	KindRent Kind = "rent"
	KindSale Kind = "sale"
)

// Property types, as the reference service names them.
const (
	TypeApartment = "apartment"
	TypeVilla     = "villa"
	TypeTownhouse = "townhouse"
)

// PropertyTypes lists the accepted property types.
var PropertyTypes = []string{TypeApartment, TypeVilla, TypeTownhouse}

// SizeBounds are the plausible built-up areas (sqm) of each type, the
// reference service's import bounds; a comparable outside them is a bad
// row.
var SizeBounds = map[string][2]float64{
	TypeApartment: {20, 1500},
	TypeTownhouse: {40, 2000},
	TypeVilla:     {50, 10000},
}

// Furnishing values; "" is unspecified.
var Furnishings = []string{"furnished", "semi_furnished", "unfurnished"}

// SourceTypes classify where a comparable's figure comes from (the
// reference service's four, plus transaction and valuation); "" is
// unspecified.
var SourceTypes = []string{"listing_asking_price", "transaction", "valuation", "partner_feed", "official_statistics", "manual_benchmark"}

// Comparable is one imported rent or sale observation.
type Comparable struct {
	// ID is unique in the dataset: the batch id and the row's own record
	// id (sourceRecordId) or its line number.
	ID           string
	Kind         Kind
	Area         string // place id: an area, or a wilayat for rows filed only by wilayat
	Wilayat      string // wilayat id
	PropertyType string
	Bedrooms     int
	Bathrooms    *int
	SizeSqm      float64
	// AmountOMR is a monthly rent (annual rents are divided by 12 on
	// import; RentPeriod keeps what the source said) or a sale price.
	AmountOMR  float64
	RentPeriod string // "monthly" or "annual" for rents, "" for sales
	Furnished  string
	ObservedOn time.Time // the date of the listing, lease or sale (UTC midnight)
	SourceType string
	// SourceName is the row's own source when the file names one per row,
	// else the import's --source.
	SourceName string
	SourceURL  string
	Batch      string
	Synthetic  bool
}

// PerSqm is the comparable's amount per square metre: monthly rent or
// price per sqm.
func (c Comparable) PerSqm() float64 { return c.AmountOMR / c.SizeSqm }

// Query selects comparables of one property type in one place, observed
// on or after Since, within a bedroom and size range.
type Query struct {
	Level Level  // LevelArea: Place is an area id; LevelWilayat: a wilayat id; LevelGovernorate: all
	Place string // ignored for LevelGovernorate
	// PropertyType is one of PropertyTypes.
	PropertyType string
	Since        time.Time
	// MinBedrooms and MaxBedrooms bound the bedrooms (inclusive); a
	// negative MinBedrooms means any.
	MinBedrooms, MaxBedrooms int
	MinSizeSqm, MaxSizeSqm   float64
	// Limit caps the rows returned per kind, newest first.
	Limit int
}

// Found is what a Query found.
type Found struct {
	// Comparables are the matching rows observed on or after Since, of
	// both kinds, at most Limit of each, newest first.
	Comparables []Comparable
	// Older counts, per kind, the rows that match except that they were
	// observed before Since (dropped for age), up to OlderCountLimit.
	Older map[Kind]int
	// Truncated reports, per kind, that more than Limit rows matched.
	Truncated map[Kind]bool
}

// DatasetBatch is one import the answer used: its provenance and the
// period its rows cover.
type DatasetBatch struct {
	dataset.Batch
	PeriodFrom, PeriodTo time.Time
}

// Market is the port to the comparables dataset (omanpropertysql
// implements it on the store's database). Errors are storage failures
// (dalil.ErrStorageUnavailable); an empty result is not an error.
type Market interface {
	// Comparables runs q.
	Comparables(ctx context.Context, q Query) (Found, error)
	// Batches returns the provenance of the given import batches.
	Batches(ctx context.Context, ids []string) ([]DatasetBatch, error)
}
