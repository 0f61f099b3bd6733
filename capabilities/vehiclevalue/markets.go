package vehiclevalue

// Market is the valuation parameters of one country (reference service
// Part 2 §5): the defaults used only where the comparables cannot supply
// a figure, and the spreads between fair value and dealer or private
// prices. "Configured" says Dalil has parameters for the market, never
// that it has data for it (marketCoverage says that).
type Market struct {
	Code, Name string
	Region     string // gcc, north_america, uk, europe, oceania, other
	Currency   string // default result currency; "" for a generic market
	// ExpectedAnnualKm is the typical distance a year (mileage for age).
	ExpectedAnnualKm float64
	// Regional lists the countries whose listings are a fallback.
	Regional []string
	// DealerBuy, Private and Retail are [min, max] spreads relative to
	// fair value: dealer trade-in discount, private-sale adjustment,
	// dealer retail markup. The point is chosen by confidence.
	DealerBuy, Private, Retail [2]float64
	// Negotiation is the typical gap from asking price to agreed price.
	Negotiation float64
	// FallbackDepreciation is the value lost per model year, and
	// FallbackPer10000Km per 10,000 km, when comparables cannot say.
	FallbackDepreciation, FallbackPer10000Km float64
	Configured                               bool
}

var (
	gcc      = []string{"OM", "AE", "SA", "QA", "BH", "KW"}
	eurozone = []string{"DE", "FR", "IT", "ES", "NL", "BE", "AT", "IE", "PT", "FI"}
	gccBase  = Market{Region: "gcc", ExpectedAnnualKm: 25_000, DealerBuy: [2]float64{0.10, 0.18}, Private: [2]float64{-0.02, 0.02},
		Retail: [2]float64{0.05, 0.12}, Negotiation: 0.03, FallbackDepreciation: 0.12, FallbackPer10000Km: 0.010, Configured: true}
	naBase = Market{Region: "north_america", ExpectedAnnualKm: 20_000, DealerBuy: [2]float64{0.08, 0.16}, Private: [2]float64{-0.02, 0.02},
		Retail: [2]float64{0.06, 0.12}, Negotiation: 0.03, FallbackDepreciation: 0.13, FallbackPer10000Km: 0.012, Configured: true}
	euBase = Market{Region: "europe", ExpectedAnnualKm: 14_000, DealerBuy: [2]float64{0.10, 0.18}, Private: [2]float64{-0.03, 0.02},
		Retail: [2]float64{0.06, 0.14}, Negotiation: 0.04, FallbackDepreciation: 0.14, FallbackPer10000Km: 0.015, Configured: true}
)

// markets are the configured markets: the GCC six, the US and Canada, the
// UK, Australia, ten eurozone countries, Sweden, Denmark, Poland and
// Switzerland.
var markets = func() map[string]Market {
	m := map[string]Market{}
	add := func(code, currency string, regional []string, base Market, edit func(*Market)) {
		mk := base
		mk.Code, mk.Name, mk.Currency = code, CountryName(code), currency
		for _, c := range regional {
			if c != code {
				mk.Regional = append(mk.Regional, c)
			}
		}
		if edit != nil {
			edit(&mk)
		}
		m[code] = mk
	}
	km := func(v float64) func(*Market) { return func(m *Market) { m.ExpectedAnnualKm = v } }
	add("OM", "OMR", gcc, gccBase, nil)
	add("AE", "AED", gcc, gccBase, km(22_000))
	add("SA", "SAR", gcc, gccBase, km(27_000))
	add("QA", "QAR", gcc, gccBase, km(22_000))
	add("BH", "BHD", gcc, gccBase, km(18_000))
	add("KW", "KWD", gcc, gccBase, km(22_000))
	add("US", "USD", []string{"CA"}, naBase, nil)
	add("CA", "CAD", []string{"US"}, naBase, nil)
	add("GB", "GBP", nil, euBase, func(m *Market) { m.Region, m.ExpectedAnnualKm, m.FallbackDepreciation = "uk", 12_000, 0.15 })
	add("AU", "AUD", []string{"NZ"}, euBase, func(m *Market) { m.Region, m.ExpectedAnnualKm, m.FallbackDepreciation = "oceania", 13_000, 0.12 })
	for _, c := range eurozone {
		add(c, "EUR", eurozone, euBase, nil)
	}
	add("SE", "SEK", nil, euBase, nil)
	add("DK", "DKK", nil, euBase, nil)
	add("PL", "PLN", nil, euBase, nil)
	add("CH", "CHF", nil, euBase, nil)
	return m
}()

// MarketFor returns the parameters of a country: its own when configured,
// otherwise generic conservative ones without a default currency or
// regional fallback.
func MarketFor(code string) Market {
	if m, ok := markets[code]; ok {
		return m
	}
	return Market{Code: code, Name: CountryName(code), Region: "other", ExpectedAnnualKm: 18_000,
		DealerBuy: [2]float64{0.10, 0.20}, Private: [2]float64{-0.03, 0.02}, Retail: [2]float64{0.05, 0.14},
		Negotiation: 0.04, FallbackDepreciation: 0.13, FallbackPer10000Km: 0.012}
}
