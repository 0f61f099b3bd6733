package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/store/sqlstore"
)

// vehicleModel is one model with its Arabic names, new price (USD), share
// of the market and trims.
type vehicleModel struct {
	make, model, makeAr, modelAr string
	usd                          float64
	weight                       float64
	trims                        []string
}

// models are the Gulf's common used cars, the most listed first; a long
// tail of rarer ones follows.
var models = []vehicleModel{
	{"Toyota", "Land Cruiser", "تويوتا", "لاند كروزر", 85000, 9, []string{"GX", "GXR", "VXR", "VX"}},
	{"Toyota", "Camry", "تويوتا", "كامري", 32000, 8, []string{"LE", "SE", "GLE", "XLE"}},
	{"Nissan", "Patrol", "نيسان", "باترول", 70000, 7, []string{"SE", "LE", "Platinum", "Nismo"}},
	{"Toyota", "Corolla", "تويوتا", "كورولا", 24000, 7, []string{"XLI", "GLI", "SE"}},
	{"Toyota", "Hilux", "تويوتا", "هايلكس", 30000, 6, []string{"GL", "GLX", "SR5"}},
	{"Toyota", "Land Cruiser Prado", "تويوتا", "برادو", 55000, 5, []string{"TX", "TXL", "VX"}},
	{"Nissan", "Sunny", "نيسان", "صني", 17000, 5, []string{"S", "SV", "SL"}},
	{"Hyundai", "Elantra", "هيونداي", "النترا", 21000, 4, []string{"Smart", "Comfort", "Sport"}},
	{"Hyundai", "Tucson", "هيونداي", "توسان", 29000, 4, []string{"GL", "GLS", "Limited"}},
	{"Kia", "Sportage", "كيا", "سبورتاج", 28000, 3, []string{"LX", "EX", "GT-Line"}},
	{"Honda", "Accord", "هوندا", "اكورد", 31000, 3, []string{"LX", "EX", "Sport"}},
	{"Lexus", "LX", "لكزس", "ال اكس", 110000, 2, []string{"570", "600", "Platinum"}},
	{"Mitsubishi", "Pajero", "ميتسوبيشي", "باجيرو", 38000, 2, []string{"GLS", "GLX"}},
	{"Chevrolet", "Tahoe", "شيفروليه", "تاهو", 65000, 2, []string{"LS", "LT", "Z71"}},
	{"GMC", "Yukon", "جمس", "يوكن", 70000, 2, []string{"SLE", "SLT", "Denali"}},
	{"Ford", "Explorer", "فورد", "اكسبلورر", 45000, 2, []string{"XLT", "Limited", "Platinum"}},
	{"Mazda", "CX-5", "مازدا", "سي اكس 5", 30000, 1.5, []string{"GS", "GT"}},
	{"BMW", "X5", "بي ام دبليو", "اكس 5", 75000, 1, []string{"xDrive40i", "M50i"}},
	{"Mercedes-Benz", "E-Class", "مرسيدس", "اي كلاس", 65000, 1, []string{"E200", "E300", "E450"}},
	{"Land Rover", "Range Rover", "لاند روفر", "رنج روفر", 120000, 1, []string{"SE", "HSE", "Vogue"}},
	{"Kia", "Pegas", "كيا", "بيجاس", 13000, 1, []string{"LX"}},
	{"Toyota", "Yaris", "تويوتا", "يارس", 16000, 2, []string{"Y", "SE"}},
	{"Nissan", "Altima", "نيسان", "التيما", 27000, 1.5, []string{"S", "SV", "SL"}},
	{"Toyota", "Fortuner", "تويوتا", "فورتشنر", 40000, 1.5, []string{"GX", "VX"}},
	{"Jeep", "Wrangler", "جيب", "رانجلر", 45000, 1, []string{"Sport", "Sahara", "Rubicon"}},
	{"Dodge", "Charger", "دودج", "تشارجر", 38000, 1, []string{"SXT", "GT", "R/T"}},
	{"Infiniti", "QX80", "انفينيتي", "كيو اكس 80", 80000, 0.5, []string{"Luxe", "Sensory"}},
	{"Porsche", "Cayenne", "بورش", "كايين", 90000, 0.5, []string{"Base", "S", "Turbo"}},
	{"MG", "ZS", "ام جي", "زد اس", 17000, 1, []string{"STD", "LUX"}},
	{"Changan", "CS75", "شانجان", "سي اس 75", 22000, 0.5, []string{"Comfort", "Luxury"}},
}

// vehicleMarket is one market: its share of listings, currency (with
// USD per unit) and cities.
type vehicleMarket struct {
	country, currency string
	usdPer            float64
	weight            float64
	cities            []string
}

// vehicleMarkets are the six GCC markets.
var vehicleMarkets = []vehicleMarket{
	{"SA", "SAR", 0.2667, 35, []string{"Riyadh", "Jeddah", "Dammam", "الرياض", "جدة"}},
	{"AE", "AED", 0.2723, 30, []string{"Dubai", "Abu Dhabi", "Sharjah", "دبي"}},
	{"OM", "OMR", 2.6008, 12, []string{"Muscat", "Sohar", "Salalah", "Nizwa", "مسقط"}},
	{"KW", "KWD", 3.25, 10, []string{"Kuwait City", "Hawalli", "الكويت"}},
	{"QA", "QAR", 0.2747, 8, []string{"Doha", "Al Rayyan", "الدوحة"}},
	{"BH", "BHD", 2.6596, 5, []string{"Manama", "Riffa", "المنامة"}},
}

// arabicModels keeps the Arabic model names Dalil knows as aliases;
// listings write the others in Latin script after an Arabic make, as many
// Gulf listings do.
func arabicModels() {
	for i, m := range models {
		ar := vehiclevalue.NormalizeModel(vehiclevalue.NormalizeMake(m.makeAr), m.modelAr)
		if ar.Key != vehiclevalue.NormalizeModel(vehiclevalue.NormalizeMake(m.make), m.model).Key {
			models[i].modelAr = m.model
		}
	}
}

func weighted[T any](rng *rand.Rand, xs []T, w func(T) float64) T {
	total := 0.0
	for _, x := range xs {
		total += w(x)
	}
	r := rng.Float64() * total
	for _, x := range xs {
		if r -= w(x); r < 0 {
			return x
		}
	}
	return xs[len(xs)-1]
}

// genListings writes n listings as CSV: models by market share, model
// years 2006-2026 (recent ones commoner), mileage by age, prices that
// depreciate with age and mileage in each market's currency, listed over
// the last two years (about half past the 365-day cut-off), a tenth with
// Arabic make and model names. Every badEvery-th row (0: none) has a
// price of zero.
func genListings(w io.Writer, n, badEvery int, seed uint64, today time.Time) error {
	arabicModels()
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewPCG(seed, 18))
	fmt.Fprintln(bw, "id,make,model,trim,year,mileageKm,price,currency,country,city,listedOn,sellerType,priceType,condition,fuelType,transmission,sourceName")
	conditions := []string{"excellent", "very_good", "good", "good", "fair", ""}
	for i := 0; i < n; i++ {
		m := weighted(rng, models, func(m vehicleModel) float64 { return m.weight })
		mk := weighted(rng, vehicleMarkets, func(x vehicleMarket) float64 { return x.weight })
		age := int(math.Min(20, math.Abs(rng.NormFloat64())*6))
		year := today.Year() - age
		km := int(float64(age)*(12000+rng.Float64()*25000)) + rng.IntN(8000)
		usd := m.usd * math.Pow(0.87, float64(age)) * (1 - 0.08*float64(km)/100000) * (0.85 + 0.3*rng.Float64())
		price := math.Round(max(usd, 1500) / mk.usdPer)
		if badEvery > 0 && i%badEvery == 0 {
			price = 0
		}
		mkName, mdName := m.make, m.model
		if rng.IntN(10) == 0 {
			mkName, mdName = m.makeAr, m.modelAr
		}
		seller, ptype := "dealer", "listing"
		if rng.IntN(2) == 0 {
			seller = "private"
		}
		if rng.IntN(8) == 0 {
			ptype = "sale"
		}
		fmt.Fprintf(bw, "veh-%07d,%s,%s,%s,%d,%d,%.0f,%s,%s,%s,%s,%s,%s,%s,petrol,automatic,%s\n", i, mkName, mdName, m.trims[rng.IntN(len(m.trims))],
			year, km, price, mk.currency, mk.country, mk.cities[rng.IntN(len(mk.cities))], today.AddDate(0, 0, -rng.IntN(730)).Format(time.DateOnly),
			seller, ptype, conditions[rng.IntN(len(conditions))], []string{"Dubizzle", "OpenSooq", "Haraj", "Q84sale", "YallaMotor"}[rng.IntN(5)])
	}
	return bw.Flush()
}

// listingInputs are n estimates drawn as the listings are, with a
// mileage and a trim, a twentieth of a model no listing has (one index
// probe) and a twentieth in Arabic.
func listingInputs(n int, seed uint64, today time.Time) []vehiclevalue.Input {
	arabicModels()
	rng := rand.New(rand.NewPCG(seed, 19))
	var out []vehiclevalue.Input
	for len(out) < n {
		m := weighted(rng, models, func(m vehicleModel) float64 { return m.weight })
		mk := vehicleMarkets[rng.IntN(len(vehicleMarkets))]
		age := int(math.Min(20, math.Abs(rng.NormFloat64())*6))
		km := age*20000 + rng.IntN(10000)
		in := vehiclevalue.Input{Make: m.make, Model: m.model, Year: today.Year() - age, Country: mk.country, MileageKm: &km,
			Trim: m.trims[rng.IntN(len(m.trims))], City: mk.cities[0]}
		switch len(out) % 20 {
		case 5:
			in.Make, in.Model = m.makeAr, m.modelAr
		case 11:
			in.Make, in.Model = "Toyota", "Supra"
		}
		out = append(out, in)
	}
	return out
}

// benchListings runs n vehicle_value_estimate estimates over the listings
// in dsn (vehiclevalue.Estimate on vehiclesql) and prints the figures.
func benchListings(dsn string, n, limitMB int, today time.Time) error {
	class := func(i int) string {
		switch i % 20 {
		case 5:
			return "Arabic names"
		case 11:
			return "no listings"
		}
		return "drawn as the data"
	}
	return benchStatuses("vehicle_value_estimate", dsn, limitMB, vehiclesql.Module(), listingInputs(n, 5, today), class,
		func(db sqlstore.DB) func(context.Context, vehiclevalue.Input) (string, error) {
			deps := vehiclevalue.Deps{Listings: vehiclesql.New(db)}
			return func(ctx context.Context, in vehiclevalue.Input) (string, error) {
				out, err := vehiclevalue.Estimate(ctx, deps, in, today)
				return out.Status, err
			}
		})
}
