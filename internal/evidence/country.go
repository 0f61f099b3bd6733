package evidence

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// countryAliases are names people use that are not the English display
// name of the country (ISO 3166 codes and English names are read from
// golang.org/x/text's CLDR tables).
var countryAliases = map[string]string{
	"uk": "GB", "united kingdom": "GB", "united states": "US", "us": "US", "great britain": "GB", "britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
	"northern ireland": "GB", "united kingdom of great britain and northern ireland": "GB",
	"usa": "US", "u.s.": "US", "u.s.a.": "US", "united states of america": "US", "america": "US",
	"uae": "AE", "emirates": "AE", "sultanate of oman": "OM", "kingdom of saudi arabia": "SA", "ksa": "SA",
	"russia": "RU", "russian federation": "RU", "south korea": "KR", "republic of korea": "KR", "korea": "KR",
	"north korea": "KP", "dprk": "KP", "democratic people's republic of korea": "KP", "iran": "IR",
	"islamic republic of iran": "IR", "burma": "MM", "myanmar": "MM", "syria": "SY", "vietnam": "VN",
	"viet nam": "VN", "czech republic": "CZ", "czechia": "CZ", "holland": "NL", "the netherlands": "NL",
	"ivory coast": "CI", "cote d'ivoire": "CI", "turkey": "TR", "turkiye": "TR", "türkiye": "TR",
	"hong kong": "HK", "macau": "MO", "macao": "MO", "taiwan": "TW", "laos": "LA", "bolivia": "BO",
	"venezuela": "VE", "tanzania": "TZ", "moldova": "MD", "palestine": "PS", "state of qatar": "QA",
	"kingdom of bahrain": "BH", "state of kuwait": "KW", "people's republic of china": "CN", "prc": "CN",
	"deutschland": "DE", "swaziland": "SZ", "eswatini": "SZ", "cape verde": "CV", "east timor": "TL",
	"macedonia": "MK", "north macedonia": "MK", "congo-kinshasa": "CD", "drc": "CD", "congo-brazzaville": "CG",
	"vatican": "VA", "holy see": "VA", "brunei": "BN",
}

type countryTables struct {
	byKey  map[string]string // lower-case code, ISO3 or name -> ISO2
	names  map[string]string // ISO2 -> English name
	sorted []string          // every lower-case English name and alias, longest first
}

var countries = sync.OnceValue(func() countryTables {
	t := countryTables{byKey: map[string]string{}, names: map[string]string{}}
	regions := display.English.Regions()
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			r, err := language.ParseRegion(string([]rune{a, b}))
			// Deprecated codes (DD, FX, YU) canonicalise to another one.
			if err != nil || !r.IsCountry() || r.String() != string([]rune{a, b}) || r.Canonicalize() != r {
				continue
			}
			name := regions.Name(r)
			if name == "" || strings.HasPrefix(name, "Unknown") {
				continue
			}
			code := r.String()
			t.names[code] = name
			t.byKey[strings.ToLower(code)] = code
			if iso3 := r.ISO3(); len(iso3) == 3 {
				t.byKey[strings.ToLower(iso3)] = code
			}
			if _, taken := t.byKey[fold(name)]; !taken { // FX (metropolitan France) is not France
				t.byKey[fold(name)] = code
			}
		}
	}
	for k, v := range countryAliases {
		t.byKey[fold(k)] = v
	}
	for k, v := range t.byKey {
		if len(k) > 3 && t.names[v] != "" {
			t.sorted = append(t.sorted, k)
		}
	}
	sortLongestFirst(t.sorted)
	return t
})

// fold lower-cases s and collapses runs of spaces.
func fold(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// NormalizeCountry returns the ISO 3166-1 alpha-2 code for an ISO-2 or
// ISO-3 code or an English country name ("gbr", "UK", "Sultanate of Oman"
// → GB, GB, OM), and false when s names no country.
func NormalizeCountry(s string) (string, bool) {
	k := fold(s)
	if k == "" {
		return "", false
	}
	c, ok := countries().byKey[k]
	return c, ok
}

// CountryName is the English name of an ISO-2 code ("" when unknown).
func CountryName(code string) string { return countries().names[strings.ToUpper(code)] }

// CountriesMentioned lists the ISO-2 codes of the countries a text names
// in words (not by code), each once, in order of first mention. "Oman" in
// "Omani" is not counted: names must stand as whole words.
func CountriesMentioned(text string) []string {
	low := " " + strings.ToLower(text) + " "
	seen := map[string]bool{}
	type hit struct {
		at   int
		code string
	}
	var hits []hit
	used := make([]bool, len(low))
	for _, name := range countries().sorted {
		from := 0
		for {
			i := strings.Index(low[from:], name)
			if i < 0 {
				break
			}
			i += from
			from = i + len(name)
			if !boundary(low, i-1) || !boundary(low, i+len(name)) || used[i] {
				continue
			}
			for j := i; j < i+len(name); j++ {
				used[j] = true
			}
			code := countries().byKey[name]
			if !seen[code] {
				seen[code] = true
				hits = append(hits, hit{i, code})
			}
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return a.at - b.at })
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.code
	}
	return out
}

func boundary(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return true
	}
	r := rune(s[i])
	return !(unicode.IsLetter(r) || unicode.IsDigit(r) || s[i] >= 0x80)
}

// sortLongestFirst sorts names longest first so that "south korea" is
// found before "korea"; ties alphabetically, for a stable order.
func sortLongestFirst(s []string) {
	slices.SortFunc(s, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
}
