package vehiclesql_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/dataset"
	"dalil/internal/testenv"
)

// benchModels are the makes and models of the benchmark's listings.
var benchModels = [][2]string{{"Toyota", "Land Cruiser"}, {"Toyota", "Camry"}, {"Toyota", "Hilux"}, {"Toyota", "Corolla"}, {"Nissan", "Patrol"},
	{"Nissan", "Sunny"}, {"Hyundai", "Elantra"}, {"Hyundai", "Tucson"}, {"Kia", "Sportage"}, {"Honda", "Accord"}, {"Lexus", "LX"},
	{"Mitsubishi", "Pajero"}, {"Chevrolet", "Tahoe"}, {"GMC", "Yukon"}, {"Ford", "Explorer"}, {"Mazda", "CX-5"}, {"BMW", "X5"},
	{"Mercedes-Benz", "E-Class"}, {"Land Rover", "Range Rover"}, {"Toyota", "Land Cruiser Prado"}}

// benchCSV is n made-up listings over 20 models, model years 2005-2025,
// the six GCC markets (in OMR, so regional ones count) and the last two
// years (so about half are past the 365-day cut-off).
func benchCSV(n int) []byte {
	rng := rand.New(rand.NewPCG(18, 18))
	countries := []string{"OM", "AE", "SA", "QA", "BH", "KW"}
	var b bytes.Buffer
	b.WriteString("make,model,trim,year,mileageKm,price,currency,country,city,listedOn\n")
	for range n {
		m := benchModels[rng.IntN(len(benchModels))]
		year := 2005 + rng.IntN(21)
		age := 2026 - year
		fmt.Fprintf(&b, "%s,%s,%s,%d,%d,%.0f,OMR,%s,%s,%s\n", m[0], m[1], []string{"Base", "Mid", "Top"}[rng.IntN(3)], year,
			age*(10_000+rng.IntN(20_000)), 25_000*(0.5+rng.Float64())*pow(0.88, age), countries[rng.IntN(6)], []string{"Muscat", "Dubai", "Riyadh"}[rng.IntN(3)],
			today.AddDate(0, 0, -rng.IntN(730)).Format(time.DateOnly))
	}
	return b.Bytes()
}

func pow(x float64, n int) float64 {
	r := 1.0
	for range n {
		r *= x
	}
	return r
}

// BenchmarkEstimate200k is one estimate over 200,000 imported listings
// (indexed by make, model and year). Run:
//
//	go test ./capabilities/vehiclevalue/vehiclesql -run XXX -bench Estimate200k -benchtime 2s
func BenchmarkEstimate200k(b *testing.B) {
	for _, db := range []string{"sqlite", "postgres"} {
		b.Run(db, func(b *testing.B) {
			dsn := filepath.Join(b.TempDir(), "bench.db")
			if db == "postgres" {
				dsn = testenv.FreshPostgresSchema(b, testenv.Postgres(b))
			}
			store := vehiclesql.New(open(b, dsn).DB())
			start := time.Now()
			rep, err := store.Import(context.Background(), bytes.NewReader(benchCSV(200_000)), dataset.ImportOptions{Source: "bench", License: "synthetic"})
			if err != nil || rep.Imported != 200_000 {
				b.Fatalf("import: %+v %v", rep, err)
			}
			b.Logf("%s: imported 200,000 listings in %v", db, time.Since(start).Round(time.Millisecond))
			deps := vehiclevalue.Deps{Listings: store}
			km := 120_000
			for _, tc := range []struct {
				name string
				in   vehiclevalue.Input
			}{
				{"popular", vehiclevalue.Input{Make: "Toyota", Model: "Land Cruiser", Year: 2018, Country: "OM", Trim: "Top", MileageKm: &km, City: "Muscat"}},
				{"regional", vehiclevalue.Input{Make: "Lexus", Model: "LX", Year: 2012, Country: "BH", Currency: "OMR", MileageKm: &km}},
				{"nothing", vehiclevalue.Input{Make: "Toyota", Model: "Supra", Year: 1994, Country: "OM"}},
			} {
				b.Run(tc.name, func(b *testing.B) {
					out, err := vehiclevalue.Estimate(context.Background(), deps, tc.in, today)
					if err != nil {
						b.Fatal(err)
					}
					b.Logf("%s: %s, %d comparables of %d considered", tc.name, out.Status, out.MarketStats.ComparableCount, out.MarketStats.ComparablesConsidered)
					for b.Loop() {
						if _, err := vehiclevalue.Estimate(context.Background(), deps, tc.in, today); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}
