package omanproperty

// Input is the request body of analyze_oman_property: the reference
// service's whole input (Part 2 §1, same names and bounds) plus
// askingMonthlyRentOMR and ageYears (issue 14). Unknown fields are
// refused.
type Input struct {
	Governorate string `json:"governorate" schema:"minLength=1,maxLength=60" jsonschema:"Governorate: Muscat (English or Arabic, any common spelling). Only the Muscat governorate is covered; another is a 400 INVALID_INPUT naming the governorate it is, not charged."`
	Wilayat     string `json:"wilayat,omitempty" schema:"minLength=1,maxLength=60" jsonschema:"Wilayat (Muscat, Muttrah, Bawshar, Seeb, Al Amerat, Qurayyat). Optional: the area's own wilayat is used; one that disagrees is flagged wilayat_mismatch."`
	Area        string `json:"area" schema:"minLength=1,maxLength=80" jsonschema:"Neighbourhood (Al Mouj, Qurum, Al Khuwair, Azaiba, Ruwi, ...) or wilayat, in English or Arabic, common spellings accepted (Al Khuwayr, الخوير). Outside the Muscat governorate: 400 INVALID_INPUT naming the governorate it is in; unknown: 400 INVALID_INPUT with the nearest names; neither charged."`
	// PropertyType is apartment, villa or townhouse.
	PropertyType string   `json:"propertyType" schema:"enum=apartment|villa|townhouse"`
	Bedrooms     *int     `json:"bedrooms,omitempty" schema:"minimum=0,maximum=20" jsonschema:"Bedrooms (0 for a studio). Comparables with the same number are preferred, then one more or fewer."`
	Bathrooms    *int     `json:"bathrooms,omitempty" schema:"minimum=0,maximum=20" jsonschema:"Bathrooms; echoed, not used to select comparables."`
	SizeSqm      float64  `json:"sizeSqm" schema:"minimum=10,maximum=5000" jsonschema:"Built-up area in square metres; comparables within 20 % of it are used."`
	AskingPrice  float64  `json:"askingPriceOMR" schema:"minimum=1000,maximum=1e9" jsonschema:"Asking (or purchase) price in OMR: yields are computed on it and its position in the sale market is reported."`
	AskingRent   *float64 `json:"askingMonthlyRentOMR,omitempty" schema:"minimum=1,maximum=1e6" jsonschema:"Asking monthly rent in OMR: its position in the rent market is reported."`
	Furnished    string   `json:"furnished,omitempty" schema:"enum=furnished|semi_furnished|unfurnished" jsonschema:"Furnishing; rent comparables with the same furnishing are preferred when there are at least three."`
	AgeYears     *int     `json:"ageYears,omitempty" schema:"minimum=0,maximum=200" jsonschema:"Age of the building in years; sets the maintenance estimate when optionalAnnualMaintenanceOMR is not given (the age bands of estimate_maintenance)."`
	// Operating costs, OMR a year.
	ServiceCharge *float64 `json:"optionalAnnualServiceChargeOMR,omitempty" schema:"minimum=0,maximum=1e9" jsonschema:"Annual service charge in OMR; subtracted for the net yield."`
	Maintenance   *float64 `json:"optionalAnnualMaintenanceOMR,omitempty" schema:"minimum=0,maximum=1e9" jsonschema:"Annual maintenance in OMR; when absent it is estimated from ageYears (0.6 % to 1.8 % of the asking price a year) and the answer says so."`
}

// Range is a low / median / high triple in OMR.
type Range struct {
	Low    float64 `json:"low"`
	Median float64 `json:"median"`
	High   float64 `json:"high"`
}

// Output is the answer of analyze_oman_property: the reference service's
// fields (same names and meaning) and the additions of issue 14, marked
// "Dalil".
type Output struct {
	// Status is ok (rent and sale estimates), partial (one of them) or
	// insufficient_comparables (neither: the call is not charged).
	Status   string      `json:"status" schema:"enum=ok|partial|insufficient_comparables" jsonschema:"ok: rent and sale estimates; partial: one of them; insufficient_comparables: too few comparables for either (not charged; see missing)."`
	Missing  []Missing   `json:"missing" jsonschema:"What was too thin to answer, per kind, and what would help."`
	Location Location    `json:"normalizedLocation"`
	Subject  Subject     `json:"subjectProperty"`
	Market   MarketBlock `json:"market"`
	// Investment: yields on the asking price.
	Investment    Investment       `json:"investment"`
	PricePosition PricePosition    `json:"pricePosition"`
	RentPosition  *RentPosition    `json:"rentPosition" jsonschema:"The asking rent against the rent comparables; null without askingMonthlyRentOMR."`
	Summary       *Summary         `json:"comparablesSummary" jsonschema:"Per-sqm figures of the comparables used; null when there are none."`
	Selection     Selection        `json:"selection" jsonschema:"How the rent and sale comparables were chosen: the level used and why, the filters, what was dropped."`
	RiskFlags     []string         `json:"riskFlags"`
	Confidence    Confidence       `json:"confidence"`
	Provenance    []SourceUse      `json:"provenance" jsonschema:"Comparables used, grouped by source type and name."`
	Comparables   []UsedComparable `json:"comparablesUsed" jsonschema:"Every comparable used, after outlier removal."`
	Datasets      []DatasetUse     `json:"datasets" jsonschema:"Every import batch the comparables used come from: source, licence, retrieval date, period, synthetic."`
	Benchmarks    []Benchmark      `json:"historicalBenchmarks" jsonschema:"Published Muscat figures (mostly 2010-2019) matching the subject, shown when comparables are few: a labelled historical prior and sanity bound, never a comparable or today's level."`
	Warnings      []string         `json:"warnings" jsonschema:"What the reader must know: synthetic data, fallbacks, stale data."`
	Assumptions   []string         `json:"assumptions"`
	// InsufficientMarketData is true when status is
	// insufficient_comparables.
	InsufficientMarketData bool                   `json:"insufficientMarketData"`
	UnavailableOutputs     []string               `json:"unavailableOutputs" jsonschema:"Dot-paths of the outputs withheld for lack of comparables."`
	Currency               string                 `json:"currency" schema:"enum=OMR"`
	DataQuality            DataQuality            `json:"dataQuality"`
	HistoricalSales        HistoricalSalesContext `json:"historicalSalesContext"`
	Official               OfficialContext        `json:"officialMarketContext"`
}

// Missing is one kind of comparable that was too thin.
type Missing struct {
	Kind     string   `json:"kind" schema:"enum=rent|sale"`
	Found    int      `json:"found" jsonschema:"comparables found at the widest level searched, after the filters and outlier removal"`
	Needed   int      `json:"needed"`
	Searched []string `json:"searched" jsonschema:"places searched, narrowest first"`
	Hint     string   `json:"hint"`
}

// Location is the normalised location.
type Location struct {
	Governorate       string `json:"governorate"`
	GovernorateArabic string `json:"governorateArabic"`
	Wilayat           string `json:"wilayat"`
	WilayatArabic     string `json:"wilayatArabic"`
	Area              string `json:"area" jsonschema:"canonical name of the area, or of the wilayat when the area given is a wilayat"`
	AreaArabic        string `json:"areaArabic"`
	AreaID            string `json:"areaId" jsonschema:"stable id of the place"`
	AreaLevel         string `json:"areaLevel" schema:"enum=area|wilayat" jsonschema:"whether the area given is a neighbourhood or a whole wilayat"`
	InputArea         string `json:"inputArea"`
	MatchType         string `json:"matchType" schema:"enum=exact|alias" jsonschema:"exact: the canonical English or Arabic name; alias: another accepted spelling"`
	Supported         bool   `json:"supported" jsonschema:"always true: an unsupported location is a 400"`
}

// Subject echoes the property analysed.
type Subject struct {
	PropertyType  string   `json:"propertyType"`
	Bedrooms      *int     `json:"bedrooms"`
	Bathrooms     *int     `json:"bathrooms"`
	SizeSqm       float64  `json:"sizeSqm"`
	AskingPrice   float64  `json:"askingPriceOMR"`
	AskingRent    *float64 `json:"askingMonthlyRentOMR"`
	Furnished     string   `json:"furnished" schema:"enum=furnished|semi_furnished|unfurnished|unspecified"`
	AgeYears      *int     `json:"ageYears"`
	ServiceCharge *float64 `json:"optionalAnnualServiceChargeOMR"`
	Maintenance   *float64 `json:"optionalAnnualMaintenanceOMR"`
}

// MarketBlock is the market estimate from the comparables.
type MarketBlock struct {
	MonthlyRent     *Range   `json:"estimatedMonthlyRentOMR" jsonschema:"monthly rent for the subject's size: weighted 25th, 50th and 75th percentiles of rent per sqm times sizeSqm; null with too few rent comparables"`
	AnnualRent      *float64 `json:"estimatedAnnualRentOMR" jsonschema:"median monthly rent x 12"`
	Value           *Range   `json:"estimatedValueOMR" jsonschema:"value for the subject's size from sale comparables, as the rent"`
	RentPerSqm      *Range   `json:"rentPerSqmOMR" jsonschema:"monthly rent per sqm"`
	PricePerSqm     *Range   `json:"salePricePerSqmOMR" jsonschema:"sale price per sqm"`
	ComparableCount int      `json:"comparableCount" jsonschema:"rent and sale candidates at the levels used, before outlier removal"`
	SampleSizeUsed  int      `json:"sampleSizeUsed" jsonschema:"rent and sale comparables used"`
	FreshnessDays   *int     `json:"dataFreshnessDays" jsonschema:"age in days of the newest comparable used"`
}

// Investment is the yield on the asking price.
type Investment struct {
	GrossYieldPct    *float64 `json:"grossYieldPct" jsonschema:"estimated annual rent / askingPriceOMR x 100"`
	OperatingCost    float64  `json:"estimatedOperatingCostOMR" jsonschema:"service charge + maintenance a year"`
	NetIncome        *float64 `json:"estimatedNetIncomeOMR" jsonschema:"estimated annual rent - operating cost"`
	NetYieldPct      *float64 `json:"netYieldPct" jsonschema:"net income / askingPriceOMR x 100"`
	ServiceCharge    float64  `json:"serviceChargeOMR" jsonschema:"as given, else 0"`
	MaintenanceOMR   float64  `json:"maintenanceOMR" jsonschema:"as given, else estimated"`
	MaintenanceBasis string   `json:"maintenanceBasis" schema:"enum=given|estimated_from_age" jsonschema:"Dalil"`
}

// PricePosition places the asking price in the sale market.
type PricePosition struct {
	AskingPerSqm      float64  `json:"askingPricePerSqmOMR"`
	Range             *Range   `json:"observedComparableRange" jsonschema:"price per sqm of the sale comparables (weighted 25th, 50th, 75th percentiles); null with too few"`
	MarketPosition    string   `json:"marketPosition" schema:"enum=below_market|at_market|above_market|insufficient_data" jsonschema:"below or above: more than 10 % from the median per sqm"`
	Percentile        *int     `json:"percentile" jsonschema:"share (0-100) of the weighted sale comparables priced per sqm below the asking price"`
	DiffFromMedianPct *float64 `json:"differenceFromMedianPct" jsonschema:"(asking - median) / median x 100, per sqm"`
}

// RentPosition places the asking rent in the rent market.
type RentPosition struct {
	AskingMonthlyRent float64  `json:"askingMonthlyRentOMR"`
	AskingPerSqm      float64  `json:"askingRentPerSqmOMR"`
	Range             *Range   `json:"observedComparableRange" jsonschema:"monthly rent per sqm of the rent comparables; null with too few"`
	MarketPosition    string   `json:"marketPosition" schema:"enum=below_market|at_market|above_market|insufficient_data"`
	Percentile        *int     `json:"percentile"`
	DiffFromMedianPct *float64 `json:"differenceFromMedianPct"`
}

// Summary is the per-sqm figures of the comparables used.
type Summary struct {
	MedianRentPerSqm *float64 `json:"medianRentPerSqm"`
	LowRentPerSqm    *float64 `json:"lowRentPerSqm"`
	HighRentPerSqm   *float64 `json:"highRentPerSqm"`
	MedianSalePerSqm *float64 `json:"medianSalePricePerSqm" jsonschema:"Dalil"`
	LowSalePerSqm    *float64 `json:"lowSalePricePerSqm" jsonschema:"Dalil"`
	HighSalePerSqm   *float64 `json:"highSalePricePerSqm" jsonschema:"Dalil"`
}

// Selection says how each kind's comparables were chosen.
type Selection struct {
	Rent KindSelection `json:"rent"`
	Sale KindSelection `json:"sale"`
	// CutoffDays and HalfLifeDays are the recency rules applied.
	CutoffDays   int `json:"cutoffDays"`
	HalfLifeDays int `json:"halfLifeDays"`
}

// KindSelection is the selection of one kind.
type KindSelection struct {
	// Level is the level the comparables come from: area, wilayat or
	// governorate; none when no level had enough.
	Level       string     `json:"level" schema:"enum=area|wilayat|governorate|none"`
	Place       string     `json:"place" jsonschema:"the place searched at that level"`
	LevelReason string     `json:"levelReason"`
	Searched    []LevelTry `json:"searched" jsonschema:"every level tried, narrowest first, with what it found"`
	// BedroomMatch is exact, plus_minus_one or any (no bedrooms given).
	BedroomMatch        string    `json:"bedroomMatch" schema:"enum=exact|plus_minus_one|any|none"`
	FurnishedMatch      string    `json:"furnishedMatch" schema:"enum=exact|any|not_applicable" jsonschema:"rent: exact when the furnishing was given and at least three comparables share it"`
	SizeBandSqm         SizeRange `json:"sizeBandSqm"`
	Candidates          int       `json:"candidates" jsonschema:"comparables matching type, size and bedrooms at the level used"`
	DroppedStale        int       `json:"droppedStale" jsonschema:"comparables that matched but are older than the cut-off, not used"`
	OutliersRemoved     int       `json:"outliersRemoved"`
	Used                int       `json:"used"`
	EffectiveSampleSize float64   `json:"effectiveSampleSize" jsonschema:"(sum of weights)^2 / sum of squared weights"`
	OldestDate          string    `json:"oldestDate,omitempty"`
	NewestDate          string    `json:"newestDate,omitempty"`
	Truncated           bool      `json:"truncated" jsonschema:"more comparables matched than are read (the newest are used)"`
}

// LevelTry is one level searched.
type LevelTry struct {
	Level string `json:"level" schema:"enum=area|wilayat|governorate"`
	Place string `json:"place"`
	Found int    `json:"found" jsonschema:"usable comparables at this level after filters and outlier removal"`
}

// SizeRange is the range of sizes used.
type SizeRange struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

// Confidence is how far the figures can be relied on.
type Confidence struct {
	Score   float64  `json:"score" schema:"minimum=0,maximum=1"`
	Level   string   `json:"level" schema:"enum=insufficient|low|medium|high"`
	Reasons []string `json:"reasons"`
	Factors []Factor `json:"factors" jsonschema:"each factor with its value and weight"`
}

// Factor is one confidence factor.
type Factor struct {
	Name string `json:"name" schema:"enum=count|dispersion|recency|match_level|coverage|sample_size|synthetic_data"`
	// Value is 0 to 1, 1 the best.
	Value float64 `json:"value" schema:"minimum=0,maximum=1"`
	// Weight is the factor's share of the score; 0 for a multiplier or a
	// cap.
	Weight float64 `json:"weight" schema:"minimum=0,maximum=1"`
	// Effect is how the factor acts: weighted into the score, a
	// multiplier of it, or a cap (its value the most the score can be).
	Effect string `json:"effect" schema:"enum=weighted|multiplier|cap"`
	Detail string `json:"detail"`
}

// SourceUse is the reference service's provenance entry.
type SourceUse struct {
	SourceType  string `json:"sourceType"`
	SourceName  string `json:"sourceName"`
	SourceDate  string `json:"sourceDate" jsonschema:"newest observation date used from this source"`
	RecordCount int    `json:"recordCount"`
}

// UsedComparable is one comparable used.
type UsedComparable struct {
	ID           string  `json:"id"`
	Kind         string  `json:"kind" schema:"enum=rent|sale"`
	Area         string  `json:"area"`
	Wilayat      string  `json:"wilayat"`
	PropertyType string  `json:"propertyType"`
	Bedrooms     int     `json:"bedrooms"`
	SizeSqm      float64 `json:"sizeSqm"`
	AmountOMR    float64 `json:"amountOMR" jsonschema:"monthly rent or sale price"`
	PerSqmOMR    float64 `json:"perSqmOMR"`
	Date         string  `json:"date"`
	AgeDays      int     `json:"ageDays"`
	Weight       float64 `json:"weight" jsonschema:"recency weight, 0.5^(ageDays / halfLifeDays)"`
	Source       string  `json:"source"`
	SourceType   string  `json:"sourceType"`
	Batch        string  `json:"batch"`
	Synthetic    bool    `json:"synthetic"`
}

// DatasetUse is one import batch used.
type DatasetUse struct {
	Name        string `json:"name" jsonschema:"dataset name: comparables"`
	Batch       string `json:"batch"`
	Source      string `json:"source"`
	License     string `json:"license"`
	RetrievedAt string `json:"retrievedAt"`
	ImportedAt  string `json:"importedAt"`
	PeriodFrom  string `json:"periodFrom"`
	PeriodTo    string `json:"periodTo"`
	Synthetic   bool   `json:"synthetic"`
	RowsUsed    int    `json:"rowsUsed"`
}

// Benchmark is one published historical figure.
type Benchmark struct {
	Area         string   `json:"area" jsonschema:"as the source names it"`
	PropertyType string   `json:"propertyType"`
	Bedrooms     string   `json:"bedrooms"`
	Metric       string   `json:"metric" schema:"enum=monthly_rent|sale_price|launch_price"`
	Low          *float64 `json:"low"`
	High         *float64 `json:"high"`
	Unit         string   `json:"unit"`
	Period       string   `json:"period"`
	Use          string   `json:"use" schema:"enum=historical_prior" jsonschema:"always historical_prior: context and sanity bound, never a comparable or a current level"`
	Label        string   `json:"label"`
	SourceTitle  string   `json:"sourceTitle"`
	Publisher    string   `json:"sourcePublisher"`
	URL          string   `json:"sourceUrl"`
}

// DataQuality summarises the data used.
type DataQuality struct {
	LatestDataDate *string  `json:"latestDataDate"`
	FreshnessDays  *int     `json:"dataFreshnessDays"`
	SampleSize     int      `json:"sampleSize"`
	SourceTypes    []string `json:"sourceTypes"`
	Stale          bool     `json:"staleMarketData" jsonschema:"the median age of the comparables used is over 365 days"`
	SyntheticShare float64  `json:"syntheticShare" jsonschema:"share of the comparables used that are synthetic demo data"`
}

// HistoricalSalesContext is the reference service's sales history block,
// from the sale comparables in the dataset at the level used.
type HistoricalSalesContext struct {
	Available             bool     `json:"available"`
	RecordsAvailable      int      `json:"recordsAvailable" jsonschema:"sale rows at the level used, recent and older"`
	RecentComparableSales int      `json:"recentComparableSales"`
	OlderRecords          int      `json:"olderRecords" jsonschema:"sale rows older than the cut-off"`
	RecentMedianPerSqm    *float64 `json:"recentMedianPricePerSqmOMR"`
	// HistoricalMedianPerSqm is the reference's median over all sale
	// records; Dalil counts the older records (olderRecords) but does not
	// read them, so it is null.
	HistoricalMedianPerSqm *float64 `json:"medianHistoricalPricePerSqmOMR" jsonschema:"always null: older sale records are counted, not read"`
	// PhaseBreakdown is the reference's per-development-phase split of a
	// partner feed; the comparables dataset has no phases, so it is empty.
	PhaseBreakdown   []PhaseStat `json:"phaseBreakdown" jsonschema:"always empty: the comparables dataset has no development phases"`
	OldestRecordDate *string     `json:"oldestRecordDate"`
	LatestRecordDate *string     `json:"latestRecordDate"`
	SourceTypes      []string    `json:"sourceTypes"`
	PriceSemantics   string      `json:"priceSemantics" jsonschema:"what the sale prices are: the source types' meaning"`
}

// PhaseStat is one development phase's sales (reference shape).
type PhaseStat struct {
	Phase             string  `json:"phase"`
	Records           int     `json:"records"`
	MedianPricePerSqm float64 `json:"medianPricePerSqmOMR"`
}

// OfficialContext is the reference service's official (NCSI) block.
type OfficialContext struct {
	Available bool   `json:"available"`
	Reason    string `json:"reason"`
}
