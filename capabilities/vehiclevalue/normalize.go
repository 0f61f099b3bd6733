package vehiclevalue

import (
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"dalil/internal/evidence"
)

// Key is the comparison key of a free-text name (make, model, trim,
// city): Unicode-normalised, diacritics dropped, lower case, letters and
// digits only, Arabic letter variants folded ("Land-Cruiser" and "land
// cruiser" are "landcruiser"; "أوتوماتيك" and "اوتوماتيك" agree).
func Key(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r): // combining marks: accents, Arabic harakat
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r >= 0x0600 && r <= 0x06FF && unicode.IsLetter(r):
			b.WriteRune(foldArabic(r))
		case r >= 0x0660 && r <= 0x0669: // Arabic-Indic digits
			b.WriteRune('0' + r - 0x0660)
		}
	}
	return b.String()
}

// foldArabic maps Arabic letter variants that listings spell
// interchangeably to one letter: alef forms, taa marbuta, alef maqsura.
func foldArabic(r rune) rune {
	switch r {
	case 'أ', 'إ', 'آ', 'ٱ':
		return 'ا'
	case 'ة':
		return 'ه'
	case 'ى':
		return 'ي'
	}
	return r
}

// collapse trims s and collapses runs of white space to one space.
func collapse(s string) string { return strings.Join(strings.Fields(norm.NFKC.String(s)), " ") }

// titleCase writes a make Dalil has no canonical spelling for with capital
// initials; short all-capital words (BYD, GAC) are kept.
func titleCase(s string) string {
	words := strings.Fields(collapse(s))
	for i, w := range words {
		if len(w) <= 3 && strings.ToUpper(w) == w {
			continue
		}
		rs := []rune(strings.ToLower(w))
		rs[0] = unicode.ToUpper(rs[0])
		words[i] = string(rs)
	}
	return strings.Join(words, " ")
}

// makes are the canonical spellings of common makes; other makes are
// accepted as given (title-cased) and matched by Key.
var makes = []string{
	"Toyota", "Lexus", "Nissan", "Infiniti", "Honda", "Acura", "Mitsubishi", "Mazda", "Subaru", "Suzuki", "Isuzu", "Daihatsu",
	"Hyundai", "Kia", "Genesis", "Ford", "Lincoln", "Chevrolet", "GMC", "Cadillac", "Buick", "Jeep", "Dodge", "Ram", "Chrysler",
	"Tesla", "Volkswagen", "Audi", "Porsche", "BMW", "MINI", "Mercedes-Benz", "Land Rover", "Jaguar", "Volvo", "Peugeot",
	"Renault", "Citroen", "Fiat", "Alfa Romeo", "Skoda", "SEAT", "Cupra", "Opel", "Vauxhall", "MG", "Chery", "Geely", "Haval",
	"Great Wall", "Changan", "BYD", "Jetour", "GAC", "Hongqi", "Polestar", "Ferrari", "Lamborghini", "Maserati", "Bentley",
	"Rolls-Royce", "Aston Martin", "McLaren", "Lotus", "Dacia", "Smart", "Rivian", "Lucid",
}

// makeAliases are other names of makes, including the Arabic names common
// in Gulf listings.
var makeAliases = map[string]string{
	"vw": "Volkswagen", "volks": "Volkswagen", "mercedes": "Mercedes-Benz", "merc": "Mercedes-Benz", "benz": "Mercedes-Benz",
	"mb": "Mercedes-Benz", "chevy": "Chevrolet", "landrover": "Land Rover", "range rover": "Land Rover", "alfa": "Alfa Romeo",
	"great wall motors": "Great Wall", "toyota motor": "Toyota", "hyundai motor": "Hyundai", "mitsubishi motors": "Mitsubishi",
	"تويوتا": "Toyota", "لكزس": "Lexus", "نيسان": "Nissan", "انفينيتي": "Infiniti", "هوندا": "Honda", "ميتسوبيشي": "Mitsubishi",
	"متسوبيشي": "Mitsubishi", "مازدا": "Mazda", "سوبارو": "Subaru", "سوزوكي": "Suzuki", "ايسوزو": "Isuzu", "هيونداي": "Hyundai",
	"هونداي": "Hyundai", "كيا": "Kia", "جينيسيس": "Genesis", "فورد": "Ford", "لينكولن": "Lincoln", "شيفروليه": "Chevrolet",
	"شفروليه": "Chevrolet", "جي ام سي": "GMC", "جمس": "GMC", "كاديلاك": "Cadillac", "جيب": "Jeep",
	"دودج": "Dodge", "رام": "Ram", "كرايسلر": "Chrysler", "تسلا": "Tesla", "فولكس واجن": "Volkswagen", "فولكسواجن": "Volkswagen",
	"اودي": "Audi", "بورش": "Porsche", "بي ام دبليو": "BMW", "بي إم دبليو": "BMW", "ميني": "MINI", "مرسيدس": "Mercedes-Benz",
	"مرسيدس بنز": "Mercedes-Benz", "لاند روفر": "Land Rover", "رنج روفر": "Land Rover", "جاكوار": "Jaguar", "فولفو": "Volvo",
	"بيجو": "Peugeot", "رينو": "Renault", "ام جي": "MG", "شيري": "Chery", "جيلي": "Geely", "هافال": "Haval", "شانجان": "Changan",
	"بي واي دي": "BYD", "جيتور": "Jetour", "فيراري": "Ferrari", "لامبورجيني": "Lamborghini", "مازيراتي": "Maserati",
	"بنتلي": "Bentley", "رولز رويس": "Rolls-Royce",
}

// modelAliases are, per canonical make, other names of models (keys are
// Key of the alias), including generation codes and Arabic names.
var modelAliases = map[string]map[string]string{
	"Toyota": {
		"land cruiser": "Land Cruiser", "landcruiser": "Land Cruiser", "lc200": "Land Cruiser", "lc300": "Land Cruiser",
		"lc 200": "Land Cruiser", "lc 300": "Land Cruiser", "land cruiser 200": "Land Cruiser", "land cruiser 300": "Land Cruiser",
		"لاند كروزر": "Land Cruiser", "لاندكروزر": "Land Cruiser", "لاند كروزر 200": "Land Cruiser",
		"prado": "Land Cruiser Prado", "land cruiser prado": "Land Cruiser Prado", "landcruiser prado": "Land Cruiser Prado",
		"lc prado": "Land Cruiser Prado", "برادو": "Land Cruiser Prado", "لاند كروزر برادو": "Land Cruiser Prado",
		"camry": "Camry", "كامري": "Camry", "corolla": "Corolla", "كورولا": "Corolla", "hilux": "Hilux", "هايلكس": "Hilux",
		"fortuner": "Fortuner", "فورتشنر": "Fortuner", "yaris": "Yaris", "يارس": "Yaris", "rav4": "RAV4", "راف فور": "RAV4",
		"fj cruiser": "FJ Cruiser", "اف جي كروزر": "FJ Cruiser", "sequoia": "Sequoia", "سيكويا": "Sequoia",
	},
	"Nissan": {
		"patrol": "Patrol", "باترول": "Patrol", "y62": "Patrol", "sunny": "Sunny", "صني": "Sunny", "altima": "Altima",
		"التيما": "Altima", "x-trail": "X-Trail", "xtrail": "X-Trail", "اكس تريل": "X-Trail", "pathfinder": "Pathfinder",
		"باثفايندر": "Pathfinder",
	},
	"Hyundai": {
		"accent": "Accent", "اكسنت": "Accent", "elantra": "Elantra", "النترا": "Elantra", "sonata": "Sonata", "سوناتا": "Sonata",
		"tucson": "Tucson", "توسان": "Tucson", "santa fe": "Santa Fe", "سانتافي": "Santa Fe",
	},
	"Chevrolet":  {"tahoe": "Tahoe", "تاهو": "Tahoe", "silverado": "Silverado", "سلفرادو": "Silverado"},
	"GMC":        {"yukon": "Yukon", "يوكن": "Yukon", "sierra": "Sierra", "سييرا": "Sierra"},
	"Lexus":      {"lx": "LX", "lx570": "LX", "lx600": "LX", "ال اكس": "LX", "es": "ES", "rx": "RX"},
	"Mitsubishi": {"pajero": "Pajero", "باجيرو": "Pajero", "lancer": "Lancer", "لانسر": "Lancer"},
	"Land Rover": {"range rover": "Range Rover", "رنج روفر": "Range Rover", "defender": "Defender", "ديفندر": "Defender"},
}

// makeTable maps Key of every canonical make and alias to the canonical
// make; modelTable maps canonical make to Key of alias to canonical model.
var makeTable, modelTable = func() (map[string]string, map[string]map[string]string) {
	mk := map[string]string{}
	for _, m := range makes {
		mk[Key(m)] = m
	}
	for alias, m := range makeAliases {
		mk[Key(alias)] = m
	}
	md := map[string]map[string]string{}
	for m, aliases := range modelAliases {
		t := map[string]string{}
		for alias, model := range aliases {
			t[Key(alias)] = model
			t[Key(model)] = model
		}
		md[m] = t
	}
	return mk, md
}()

// Name is a make or model as shown and as matched.
type Name struct {
	Display string // canonical spelling, or the caller's collapsed text
	Key     string // Key(Display): what listings are matched on
}

// NormalizeMake returns the canonical make for s (aliases and Arabic names
// resolved); a make Dalil has no entry for is kept as given, title-cased.
func NormalizeMake(s string) Name {
	if m, ok := makeTable[Key(s)]; ok {
		return Name{m, Key(m)}
	}
	d := titleCase(s)
	return Name{d, Key(d)}
}

// NormalizeModel returns the canonical model of make (Land Cruiser for
// Landcruiser, LC200 or لاند كروزر under Toyota); other models are kept as
// given.
func NormalizeModel(make Name, s string) Name {
	if m, ok := modelTable[make.Display][Key(s)]; ok {
		return Name{m, Key(m)}
	}
	d := collapse(s)
	return Name{d, Key(d)}
}

// trimTokens are the words of a trim, for partial matches ("GXR V6" and
// "GXR" share "gxr").
func trimTokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(norm.NFKD.String(s)), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
}

// Enumerations of the reference service, canonical values first.
var (
	Conditions      = []string{"excellent", "very_good", "good", "fair", "poor", "unknown"}
	FuelTypes       = []string{"petrol", "diesel", "hybrid", "plug_in_hybrid", "electric", "lpg", "cng", "hydrogen", "other"}
	Transmissions   = []string{"automatic", "manual", "cvt", "dct", "other"}
	BodyTypes       = []string{"sedan", "hatchback", "suv", "crossover", "pickup", "coupe", "convertible", "wagon", "van", "minivan", "other"}
	Drivetrains     = []string{"fwd", "rwd", "awd", "4wd"}
	Accidents       = []string{"none", "minor_cosmetic", "repaired", "structural", "reported", "unknown"}
	ServiceHistorys = []string{"full", "partial", "none", "unknown"}
)

// synonyms maps Key of every accepted spelling to its canonical value, per
// enumeration.
type synonyms map[string]string

func synonymTable(groups map[string][]string) synonyms {
	t := synonyms{}
	for canonical, alts := range groups {
		t[Key(canonical)] = canonical
		for _, a := range alts {
			t[Key(a)] = canonical
		}
	}
	return t
}

var (
	conditionSyn = synonymTable(map[string][]string{
		"excellent": {"like new", "mint", "as new"}, "very_good": {"very good"}, "good": {"average plus"},
		"fair": {"average", "acceptable", "used"}, "poor": {"bad", "rough", "needs work"}, "unknown": {"not specified", "n/a", "na"},
	})
	fuelSyn = synonymTable(map[string][]string{
		"petrol": {"gasoline", "gas", "benzine", "benzin", "unleaded", "بنزين"}, "diesel": {"gasoil", "ديزل"},
		"hybrid": {"hev", "full hybrid", "mild hybrid", "mhev"}, "plug_in_hybrid": {"plug-in hybrid", "plugin hybrid", "phev"},
		"electric": {"ev", "bev", "battery electric", "كهربائي"}, "lpg": {"autogas"}, "cng": {"natural gas"},
		"hydrogen": {"fcev", "fuel cell"}, "other": {},
	})
	transmissionSyn = synonymTable(map[string][]string{
		"automatic": {"auto", "at", "tiptronic", "steptronic", "اوتوماتيك", "أوتوماتيك"}, "manual": {"mt", "stick", "standard", "gear", "عادي", "يدوي"},
		"cvt": {"continuously variable"}, "dct": {"dsg", "dual clutch"}, "other": {},
	})
	bodySyn = synonymTable(map[string][]string{
		"sedan": {"saloon"}, "hatchback": {"hatch"}, "suv": {"4x4 suv", "sport utility"}, "crossover": {"cuv"},
		"pickup": {"pick-up", "truck", "ute"}, "coupe": {"coupé"}, "convertible": {"cabriolet", "cabrio", "roadster"},
		"wagon": {"estate", "station wagon", "touring"}, "van": {"panel van"}, "minivan": {"mpv", "people carrier"}, "other": {},
	})
	drivetrainSyn = synonymTable(map[string][]string{
		"fwd": {"front wheel drive", "2wd front", "ff"}, "rwd": {"rear wheel drive", "2wd rear"},
		"awd": {"all wheel drive", "quattro", "xdrive", "4matic", "4motion"}, "4wd": {"4x4", "four wheel drive", "part-time 4wd"},
	})
	accidentSyn = synonymTable(map[string][]string{
		"none": {"no", "no accident", "no known accident", "clean", "accident free", "false"}, "minor_cosmetic": {"minor", "cosmetic", "scratch", "dent"},
		"repaired": {"moderate", "repaired accident"}, "structural": {"major", "severe", "frame", "chassis", "structural damage", "total loss", "salvage"},
		"reported": {"yes", "true", "accident", "had accident"}, "unknown": {"not specified", "n/a", "na"},
	})
	serviceSyn = synonymTable(map[string][]string{
		"full": {"complete", "fsh", "full service history", "dealer serviced", "agency maintained"}, "partial": {"some", "incomplete", "part"},
		"none": {"no", "no history", "missing"}, "unknown": {"not specified", "n/a", "na"},
	})
)

// canonical returns the canonical value of s in t, or "" when s is none of
// its spellings.
func (t synonyms) canonical(s string) string { return t[Key(s)] }

// Canonical enumeration values of free text, for importers: "" when the
// text is empty or unrecognised.
func CanonicalFuel(s string) string         { return fuelSyn.canonical(s) }
func CanonicalTransmission(s string) string { return transmissionSyn.canonical(s) }
func CanonicalBody(s string) string         { return bodySyn.canonical(s) }
func CanonicalDrivetrain(s string) string   { return drivetrainSyn.canonical(s) }
func CanonicalCondition(s string) string    { return conditionSyn.canonical(s) }

// arabicCountries are Arabic country names common in Gulf listings.
var arabicCountries = map[string]string{
	"عمان": "OM", "سلطنة عمان": "OM", "الامارات": "AE", "الإمارات": "AE", "الامارات العربية المتحدة": "AE", "السعودية": "SA",
	"المملكة العربية السعودية": "SA", "قطر": "QA", "البحرين": "BH", "الكويت": "KW", "مصر": "EG", "الاردن": "JO", "الأردن": "JO",
}

var arabicCountryKeys = func() map[string]string {
	m := map[string]string{}
	for k, v := range arabicCountries {
		m[Key(k)] = v
	}
	return m
}()

// NormalizeCountry returns the ISO 3166-1 alpha-2 code of an alpha-2 or
// alpha-3 code, an English name or a common alias, or an Arabic name; ok
// is false when s names no country.
func NormalizeCountry(s string) (code string, ok bool) {
	if c, ok := arabicCountryKeys[Key(s)]; ok && Key(s) != "" {
		return c, true
	}
	return evidence.NormalizeCountry(collapse(s))
}

// CountryName is the English name of an alpha-2 code.
func CountryName(code string) string {
	if n := evidence.CountryName(code); n != "" {
		return n
	}
	return code
}

// currencyAliases are unambiguous symbols and abbreviations of currencies
// (never "$" alone).
var currencyAliases = map[string]string{
	"RO": "OMR", "OR": "OMR", "ر.ع": "OMR", "ر.ع.": "OMR", "DHS": "AED", "DH": "AED", "SR": "SAR", "QR": "QAR", "BD": "BHD",
	"KD": "KWD", "€": "EUR", "£": "GBP", "US$": "USD", "C$": "CAD", "A$": "AUD",
}

// NormalizeCurrency returns the ISO 4217 code of a code or an unambiguous
// alias, upper-cased; ok is false otherwise.
func NormalizeCurrency(s string) (string, bool) {
	t := strings.ToUpper(collapse(s))
	if c, ok := currencyAliases[t]; ok {
		return c, true
	}
	if len(t) == 3 && strings.IndexFunc(t, func(r rune) bool { return r < 'A' || r > 'Z' }) < 0 {
		return t, true
	}
	return "", false
}

// premiumOptions are equipment that plausibly carries resale value: only
// these earn the small, capped options adjustment.
var premiumOptions = func() map[string]bool {
	m := map[string]bool{}
	for _, o := range []string{"sunroof", "panoramic sunroof", "panoramic roof", "moonroof", "leather seats", "leather", "360 camera",
		"surround view camera", "navigation", "navigation system", "premium sound", "premium audio", "adaptive cruise control",
		"head-up display", "heads up display", "ventilated seats", "heated seats", "tow package", "air suspension",
		"rear entertainment", "sport package", "technology package", "cool box", "fridge", "kdss", "rear locker", "diff lock"} {
		m[Key(o)] = true
	}
	return m
}()

// normalizeOptions returns the options once each (case and punctuation
// ignored), sorted, and those that are premium equipment.
func normalizeOptions(in []string) (all, premium []string) {
	seen := map[string]string{}
	for _, o := range in {
		d := strings.ToLower(collapse(o))
		if k := Key(d); k != "" {
			if _, dup := seen[k]; !dup {
				seen[k] = d
			}
		}
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	all, premium = []string{}, []string{}
	for _, k := range keys {
		all = append(all, seen[k])
		if premiumOptions[k] {
			premium = append(premium, seen[k])
		}
	}
	return all, premium
}
