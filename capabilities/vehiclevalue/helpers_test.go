package vehiclevalue

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"
)

var today = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

// mem is an in-memory Listings port.
type mem struct {
	ls      []Listing
	batches []DatasetBatch
	queries int
}

func (m *mem) match(q Query, l Listing) bool {
	return Key(l.Make) == q.Make.Key && Key(l.Model) == q.Model.Key && l.Year >= q.YearMin && l.Year <= q.YearMax &&
		slices.Contains(q.Countries, l.Country) && !l.ListedOn.Before(q.Since) && !l.ListedOn.After(q.Until)
}

func (m *mem) Find(_ context.Context, q Query) (Found, error) {
	m.queries++
	var f Found
	for _, l := range m.ls {
		if m.match(q, l) {
			f.Listings = append(f.Listings, l)
		}
	}
	return f, nil
}

func (m *mem) Batches(_ context.Context, ids []string) ([]DatasetBatch, error) {
	var out []DatasetBatch
	for _, b := range m.batches {
		if slices.Contains(ids, b.ID) {
			out = append(out, b)
		}
	}
	return out, nil
}

func (m *mem) Count(_ context.Context, q Query) (int, int, time.Time, error) {
	n, synthetic, newest := 0, 0, time.Time{}
	for _, l := range m.ls {
		if m.match(q, l) {
			n++
			if l.Synthetic {
				synthetic++
			}
			if l.ListedOn.After(newest) {
				newest = l.ListedOn
			}
		}
	}
	return n, synthetic, newest, nil
}

// market is a made-up market of Toyota Land Cruisers in Oman: price
// 30,000 OMR for a 2024 car at 0 km, 12 % less per model year and 1 % less
// per 10,000 km, times noise.
func lcPrice(year, km int, noise float64) float64 {
	return 30_000 * math.Pow(0.88, float64(2024-year)) * math.Pow(0.99, float64(km)/10_000) * noise
}

// lc makes n Land Cruiser listings of year (trim GXR) in Oman, listed in
// the last month, with mileage spread around 20,000 km a year.
func lc(n, year int, trim string) []Listing {
	var out []Listing
	for i := range n {
		km := (2026-year)*20_000 + (i%5-2)*6_000
		noise := 1 + float64(i%7-3)*0.015
		out = append(out, Listing{ID: fmt.Sprintf("lc-%d-%s-%d", year, trim, i), Make: "Toyota", Model: "Land Cruiser", Year: year, Trim: trim,
			MileageKm: ptr(km), Price: math.Round(lcPrice(year, km, noise)), Currency: "OMR", Country: "OM", City: "Muscat",
			ListedOn: today.AddDate(0, 0, -1-i*3).Truncate(24 * time.Hour), SourceName: "test-listings", Batch: "b1"})
	}
	return out
}

func subjectInput() Input {
	km := 140_000
	return Input{Make: "Toyota", Model: "Land Cruiser", Year: 2019, Country: "OM", Trim: "GXR", MileageKm: &km, Condition: "good", City: "Muscat"}
}

func estimate(t testing.TB, deps Deps, in Input) Output {
	t.Helper()
	out, err := Estimate(context.Background(), deps, in, today)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func has(flags []string, f string) bool { return slices.Contains(flags, f) }
