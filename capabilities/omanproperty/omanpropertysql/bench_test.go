package omanpropertysql_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"dalil/capabilities/omanproperty"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/dataset"
	"dalil/internal/testenv"
)

// benchCSV is n made-up comparables spread over every place of the
// gazetteer, the three types, rents and sales, bedrooms 0-6 and the last
// four years (so about half are past the cut-off), except in the
// wilayat of Qurayyat, whose subjects fall back to the whole governorate.
func benchCSV(n int) []byte {
	rng := rand.New(rand.NewPCG(7, 7))
	var places []string
	for _, p := range omanproperty.Places() {
		if p.Level != omanproperty.LevelGovernorate && p.Wilayat != "qurayyat" {
			places = append(places, p.Name)
		}
	}
	var b bytes.Buffer
	b.WriteString("area,propertyType,bedrooms,sizeSqm,kind,amountOMR,date\n")
	for i := range n {
		typ := omanproperty.PropertyTypes[rng.IntN(3)]
		size := 60 + rng.Float64()*300
		kind, amount := "rent", size*(2+rng.Float64()*3)
		if i%2 == 1 {
			kind, amount = "sale", size*(400+rng.Float64()*700)
		}
		fmt.Fprintf(&b, "%s,%s,%d,%.0f,%s,%.0f,%s\n", places[rng.IntN(len(places))], typ, rng.IntN(7), size, kind, amount,
			today.AddDate(0, 0, -rng.IntN(4*365)).Format(time.DateOnly))
	}
	return b.Bytes()
}

// BenchmarkAnalyze100k is one analysis over 100,000 imported comparables:
// an area with enough data, and a place that falls back to the whole
// governorate (the widest query). Run:
//
//	go test ./capabilities/omanproperty/omanpropertysql -run XXX -bench Analyze100k -benchtime 2s
func BenchmarkAnalyze100k(b *testing.B) {
	for _, db := range []string{"sqlite", "postgres"} {
		b.Run(db, func(b *testing.B) {
			var dsn string
			if db == "sqlite" {
				dsn = filepath.Join(b.TempDir(), "bench.db")
			} else {
				dsn = testenv.FreshPostgresSchema(b, testenv.Postgres(b))
			}
			store := omanpropertysql.New(open(b, dsn).DB())
			start := time.Now()
			rep, err := store.Import(context.Background(), bytes.NewReader(benchCSV(100_000)), dataset.ImportOptions{Source: "bench", License: "synthetic"})
			if err != nil || rep.Imported != 100_000 {
				b.Fatalf("import: %+v %v", rep, err)
			}
			b.Logf("%s: imported 100,000 comparables in %v", db, time.Since(start).Round(time.Millisecond))
			deps := omanproperty.Deps{Market: store}
			for _, tc := range []struct {
				name string
				in   omanproperty.Input
			}{
				{"area", omanproperty.Input{Governorate: "Muscat", Area: "Al Khuwair", PropertyType: "apartment", Bedrooms: ptr(2), SizeSqm: 150, AskingPrice: 90000}},
				{"governorate", omanproperty.Input{Governorate: "Muscat", Area: "Qurayyat", PropertyType: "villa", Bedrooms: ptr(4), SizeSqm: 250, AskingPrice: 150000}},
				{"nothing", omanproperty.Input{Governorate: "Muscat", Area: "Al Khuwair", PropertyType: "villa", Bedrooms: ptr(19), SizeSqm: 4000, AskingPrice: 900000}},
			} {
				b.Run(tc.name, func(b *testing.B) {
					out, err := omanproperty.Analyze(context.Background(), deps, tc.in, today)
					if err != nil {
						b.Fatal(err)
					}
					b.Logf("%s: status %s, rent %s (%d used), sale %s (%d used)", tc.name, out.Status, out.Selection.Rent.Level, out.Selection.Rent.Used,
						out.Selection.Sale.Level, out.Selection.Sale.Used)
					for b.Loop() {
						if _, err := omanproperty.Analyze(context.Background(), deps, tc.in, today); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }
