package omanproperty

import (
	_ "embed"
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// benchmarksCSV is a copy of shared/data/muscat-benchmarks.csv: published
// Muscat market figures with their sources, mostly 2010-2019. They are a
// labelled historical prior and a sanity bound, never comparables and
// never today's level.
//
//go:embed muscat-benchmarks.csv
var benchmarksCSV string

// benchmark is one row of benchmarksCSV with the places it applies to.
type benchmark struct {
	Benchmark
	places     []string // place ids; GovernorateID for governorate-wide figures
	minBeds    int      // -1: not stated
	maxBeds    int      // -1: open ("4+")
	typeStated bool     // false for unspecified / all_residential
}

// benchmarks are the residential rent and sale figures of benchmarksCSV
// (office, retail, transaction-average and index rows are not about one
// dwelling and are left out).
var benchmarks = mustLoadBenchmarks(benchmarksCSV)

// benchmarkPlaces names the places of the CSV's area labels that are not
// a gazetteer name followed by a remark in brackets.
var benchmarkPlaces = map[string][]string{
	"Central Muscat (Qurum; Shatti Al Qurum; Madinat Sultan Qaboos; Azaiba)": {"qurum", "shatti-al-qurum", "madinat-sultan-qaboos", "azaiba"},
	"Central/Western Muscat":                            {GovernorateID},
	"Saud Bahwan complex (Muscat; location not stated)": {GovernorateID},
	"Muscat (governorate-wide)":                         {GovernorateID},
	"Muscat Governorate":                                {GovernorateID},
	"Muscat (prime)":                                    {GovernorateID},
	"Muscat (high-street units up to 75 sqm, top end)":  {GovernorateID},
}

func mustLoadBenchmarks(text string) []benchmark {
	out, err := loadBenchmarks(text)
	if err != nil {
		panic("omanproperty: muscat-benchmarks.csv: " + err.Error())
	}
	return out
}

func loadBenchmarks(text string) ([]benchmark, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.FieldsPerRecord = 11
	rows, err := r.ReadAll()
	if err != nil {
		return nil, err
	}
	want := []string{"area", "property_type", "bedrooms", "metric", "value_low", "value_high", "unit", "period", "source_title", "source_publisher", "source_url"}
	if len(rows) == 0 || !slices.Equal(rows[0], want) {
		return nil, fmt.Errorf("header is not %v", want)
	}
	var out []benchmark
	for i, row := range rows[1:] {
		line := i + 2
		metric := row[3]
		if metric != "monthly_rent" && metric != "sale_price" && metric != "launch_price" {
			continue
		}
		b := benchmark{Benchmark: Benchmark{
			Area: row[0], PropertyType: row[1], Bedrooms: row[2], Metric: metric, Unit: row[6], Period: row[7],
			Use: "historical_prior", SourceTitle: row[8], Publisher: row[9], URL: row[10],
		}}
		b.Label = "Historical published figure for " + row[7] + "; context and a sanity bound only, not a current market level and not a comparable."
		for j, p := range []**float64{&b.Low, &b.High} {
			if s := row[4+j]; s != "" {
				f, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return nil, fmt.Errorf("line %d: bad value %q", line, s)
				}
				*p = &f
			}
		}
		if b.Low == nil && b.High == nil {
			return nil, fmt.Errorf("line %d: no value", line)
		}
		if ids, ok := benchmarkPlaces[row[0]]; ok {
			b.places = ids
		} else {
			name, _, _ := strings.Cut(row[0], " (")
			m, ok := lookup(name)
			if !ok {
				return nil, fmt.Errorf("line %d: area %q is not in the gazetteer", line, row[0])
			}
			b.places = []string{m.place.ID}
		}
		switch row[1] {
		case "unspecified", "all_residential":
		case "villa_or_townhouse", TypeApartment, TypeVilla, TypeTownhouse:
			b.typeStated = true
		default:
			return nil, fmt.Errorf("line %d: property type %q", line, row[1])
		}
		b.minBeds, b.maxBeds = -1, -1
		switch beds := row[2]; {
		case beds == "":
		case strings.HasSuffix(beds, "+"):
			n, err := strconv.Atoi(strings.TrimSuffix(beds, "+"))
			if err != nil {
				return nil, fmt.Errorf("line %d: bedrooms %q", line, beds)
			}
			b.minBeds, b.maxBeds = n, -1
		default:
			lo, hi, isRange := strings.Cut(beds, "-")
			n, err := strconv.Atoi(lo)
			m := n
			if isRange {
				m, err = strconv.Atoi(hi)
			}
			if err != nil {
				return nil, fmt.Errorf("line %d: bedrooms %q", line, beds)
			}
			b.minBeds, b.maxBeds = n, m
		}
		out = append(out, b)
	}
	return out, nil
}

// typeMatches reports whether the benchmark is about propertyType.
func (b benchmark) typeMatches(propertyType string) bool {
	switch b.PropertyType {
	case "unspecified", "all_residential":
		return true
	case "villa_or_townhouse":
		return propertyType == TypeVilla || propertyType == TypeTownhouse
	}
	return b.PropertyType == propertyType
}

// bedsMatch reports whether the benchmark covers the bedrooms (nil: any).
func (b benchmark) bedsMatch(beds *int) bool {
	if b.minBeds < 0 || beds == nil {
		return true
	}
	return *beds >= b.minBeds && (b.maxBeds < 0 || *beds <= b.maxBeds)
}

// benchmarksFor returns the residential benchmarks about the subject:
// figures for its area (or, for a wilayat, any place in it) first, then
// governorate-wide ones, each of the subject's type (or unstated type) and
// bedrooms (or unstated), in the CSV's order; kind selects rents or sale
// prices.
func benchmarksFor(loc resolved, propertyType string, beds *int, kind Kind) []benchmark {
	var local, wide []benchmark
	for _, b := range benchmarks {
		isRent := b.Metric == "monthly_rent"
		if isRent != (kind == KindRent) || !b.typeMatches(propertyType) || !b.bedsMatch(beds) {
			continue
		}
		for _, id := range b.places {
			p := idx.byID[id]
			switch {
			case id == GovernorateID:
				wide = append(wide, b)
			case p.ID == loc.place.ID || (loc.place.Level == LevelWilayat && p.Wilayat == loc.place.ID):
				local = append(local, b)
			default:
				continue
			}
			break
		}
	}
	return append(local, wide...)
}
