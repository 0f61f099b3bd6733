package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"dalil/capabilities/omanproperty"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/store/sqlstore"
)

// The comparables are rents and sales of the Muscat governorate's places
// (every area, and some rows filed by wilayat only), written with the
// gazetteer's English or Arabic names, weighted by how much each place
// trades (the wilayat of Qurayyat very little, so its subjects fall back
// to the whole governorate), with sizes, bedrooms and prices by type and
// a per-place price level, over the last four years (about half past the
// two-year cut-off).
var agencies = []string{"Bayut Oman", "Dubizzle Oman", "OpenSooq", "Savills Oman", "Cluttons Oman", "Hamptons", "وكالة الخليج للعقارات",
	"مكتب النور العقاري", "Al Habib Real Estate", "Tibiaan Properties", "مؤسسة الساحل للعقار", "Muscat Properties"}

// place is one place comparables are filed under, with its weight and
// price level.
type place struct {
	p      omanproperty.Place
	weight float64
	level  float64
}

func gazetteer(rng *rand.Rand) []place {
	var out []place
	for _, p := range omanproperty.Places() {
		if p.Level == omanproperty.LevelGovernorate {
			continue
		}
		w := 1 + 9*rng.Float64()
		switch {
		case p.Wilayat == "qurayyat":
			w = 0.02
		case p.Level == omanproperty.LevelWilayat:
			w = 0.5
		}
		out = append(out, place{p: p, weight: w, level: 0.7 + 0.7*rng.Float64()})
	}
	return out
}

func (p place) share() float64 { return p.weight }

// subject is a property of one type, a plausible size and bedrooms.
func subject(rng *rand.Rand) (typ string, size float64, beds int) {
	switch r := rng.Float64(); {
	case r < 0.55:
		size = math.Round(math.Exp(math.Log(110) + 0.35*rng.NormFloat64()))
		return omanproperty.TypeApartment, min(max(size, 30), 1400), min(max(int(size/45), 0), 6)
	case r < 0.90:
		size = math.Round(math.Exp(math.Log(420) + 0.35*rng.NormFloat64()))
		return omanproperty.TypeVilla, min(max(size, 120), 9000), 3 + rng.IntN(5)
	default:
		size = math.Round(math.Exp(math.Log(260) + 0.25*rng.NormFloat64()))
		return omanproperty.TypeTownhouse, min(max(size, 100), 1900), 2 + rng.IntN(4)
	}
}

// genComparables writes n comparables as CSV; every badEvery-th row (0:
// none) names a place outside the governorate.
func genComparables(w io.Writer, n, badEvery int, seed uint64, today time.Time) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewPCG(seed, 14))
	places := gazetteer(rng)
	fmt.Fprintln(bw, "id,governorate,wilayat,area,propertyType,bedrooms,bathrooms,sizeSqm,kind,amountOMR,rentPeriod,furnished,date,sourceType,sourceName,sourceUrl")
	furnish := []string{"furnished", "semi_furnished", "unfurnished", "unfurnished", ""}
	sources := []string{"listing_asking_price", "listing_asking_price", "listing_asking_price", "transaction", "valuation", "partner_feed"}
	for i := 0; i < n; i++ {
		pl := weighted(rng, places, place.share)
		name, gov := pl.p.Name, "Muscat"
		if rng.IntN(6) == 0 {
			name, gov = pl.p.Arabic, "مسقط"
		}
		if badEvery > 0 && i%badEvery == 0 {
			name = "Atlantis"
		}
		typ, size, beds := subject(rng)
		kind, period, amount := "rent", "monthly", size*pl.level*(2.2+1.6*rng.Float64())
		if rng.IntN(10) < 3 {
			kind, period, amount = "sale", "", size*pl.level*(380+420*rng.Float64())
		} else if rng.IntN(10) == 0 {
			period, amount = "annual", amount*12
		}
		fur := furnish[rng.IntN(len(furnish))]
		if kind == "sale" {
			fur = ""
		}
		date := today.AddDate(0, 0, -rng.IntN(4*365))
		fmt.Fprintf(bw, "cmp-%07d,%s,,%s,%s,%d,%d,%.0f,%s,%.0f,%s,%s,%s,%s,%s,https://listings.example/%d\n", i, gov, name, typ, beds, max(1, beds),
			size, kind, amount, period, fur, date.Format(time.DateOnly), sources[rng.IntN(len(sources))], agencies[rng.IntN(len(agencies))], i)
	}
	return bw.Flush()
}

// comparableInputs are n analyses: subjects drawn as the data is (so most
// find enough in their area), a tenth in the wilayat of Qurayyat (the
// governorate fallback, the widest query), a twentieth outsized (every
// level searched, little found), a fifth in Arabic.
func comparableInputs(n int, seed uint64) []omanproperty.Input {
	rng := rand.New(rand.NewPCG(seed, 15))
	places := gazetteer(rand.New(rand.NewPCG(1, 14))) // genComparables' weights and price levels (its default seed)
	var qurayyat []place
	for _, p := range places {
		if p.p.Wilayat == "qurayyat" {
			qurayyat = append(qurayyat, p)
		}
	}
	var out []omanproperty.Input
	for len(out) < n {
		pl := weighted(rng, places, place.share)
		if len(out)%10 == 3 && len(qurayyat) > 0 {
			pl = qurayyat[rng.IntN(len(qurayyat))]
		}
		typ, size, beds := subject(rng)
		if len(out)%20 == 7 {
			typ, size, beds = omanproperty.TypeVilla, 4000+float64(rng.IntN(900)), 12
		}
		in := omanproperty.Input{Governorate: "Muscat", Area: pl.p.Name, PropertyType: typ, SizeSqm: size, Bedrooms: &beds,
			AskingPrice: math.Round(size * pl.level * 600)}
		if rng.IntN(5) == 0 {
			in.Area, in.Governorate = pl.p.Arabic, "مسقط"
		}
		if rng.IntN(3) == 0 {
			in.Furnished = []string{"furnished", "semi_furnished", "unfurnished"}[rng.IntN(3)]
		}
		out = append(out, in)
	}
	return out
}

// benchComparables runs n analyze_oman_property analyses over the
// comparables in dsn (omanproperty.Analyze on omanpropertysql, the
// capability's own code without HTTP) and prints the figures.
func benchComparables(dsn string, n, limitMB int, today time.Time) error {
	class := func(i int) string {
		switch {
		case i%20 == 7:
			return "outsized (every level, little found)"
		case i%10 == 3:
			return "Qurayyat (governorate fallback)"
		}
		return "drawn as the data"
	}
	return benchStatuses("analyze_oman_property", dsn, limitMB, omanpropertysql.Module(), comparableInputs(n, 5), class,
		func(db sqlstore.DB) func(context.Context, omanproperty.Input) (string, error) {
			deps := omanproperty.Deps{Market: omanpropertysql.New(db)}
			return func(ctx context.Context, in omanproperty.Input) (string, error) {
				out, err := omanproperty.Analyze(ctx, deps, in, today)
				return out.Status, err
			}
		})
}
