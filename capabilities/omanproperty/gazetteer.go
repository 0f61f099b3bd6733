package omanproperty

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"dalil/internal/oman"
)

// Level is how wide a place, or a comparable search, is.
type Level string

const (
	LevelArea        Level = "area"        // a neighbourhood (Al Khuwair, Al Mouj)
	LevelWilayat     Level = "wilayat"     // one of the governorate's six wilayats
	LevelGovernorate Level = "governorate" // the whole Muscat governorate
)

// GovernorateID is the id of the one governorate Dalil covers.
const GovernorateID = "muscat-governorate"

// Place is one named place of the Muscat governorate: its id (a stable
// slug stored with every comparable), English and Arabic names, the
// wilayat it lies in and the other spellings it is known by.
type Place struct {
	ID      string
	Name    string
	Arabic  string
	Level   Level
	Wilayat string // the wilayat's id; a wilayat's own id for a wilayat
	Aliases []string
}

// The governorate and its six wilayats are internal/oman's (Royal Decree
// 114/2011), with the national gazetteer's names and spellings; this
// capability keeps its own ids for them (stored with every comparable)
// and writes Seeb, as listings do, where the national name is As Seeb.
// A name that is only the governorate's ("Muscat Governorate", "محافظة
// مسقط") is the governorate; "Muscat" and "مسقط" alone are the wilayat.
var (
	nationalWilayats = map[string]string{"muscat": "muscat", "muttrah": "muttrah", "bawshar": "bawshar", "seeb": "seeb", "amerat": "al-amerat", "qurayyat": "qurayyat"}
	wilayatNames     = map[string]string{"seeb": "Seeb"}
)

// nationalMuscat is internal/oman's id of the Muscat governorate.
const nationalMuscat = "muscat"

// areas are the neighbourhoods, each under the wilayat it is commonly
// filed under (a few, such as Muscat Hills and Madinat Al Irfan, straddle
// a boundary: they are filed where developers and listings put them).
// Aliases are the spellings seen in listings, the press and the
// reference service; matching also ignores case, punctuation, the
// article (Al, As, A', ال) and Arabic letter variants (oman.Key).
var areas = []Place{
	// Bawshar
	{ID: "qurum", Name: "Qurum", Arabic: "القرم", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Al Qurum", "Qurm", "Al Qurm", "PDO Qurum"}},
	{ID: "qurum-heights", Name: "Qurum Heights", Arabic: "مرتفعات القرم", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Al Qurum Heights", "Qurm Heights"}},
	{ID: "shatti-al-qurum", Name: "Shatti Al Qurum", Arabic: "شاطئ القرم", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Shatti Qurum", "Shati Al Qurum", "Shatti Al Qurm", "Shatti", "Shati Qurum"}},
	{ID: "madinat-sultan-qaboos", Name: "Madinat Sultan Qaboos", Arabic: "مدينة السلطان قابوس", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"MSQ", "Madinat Qaboos", "Medinat Sultan Qaboos", "Madinat As Sultan Qaboos", "Madinat Al Sultan Qaboos", "Madinat Sultan Qabus"}},
	{ID: "al-khuwair", Name: "Al Khuwair", Arabic: "الخوير", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Khuwair", "Al Khuwayr", "Khuwayr", "Al Khuweir", "Al Khwair", "Al-Khuwair"}},
	{ID: "al-ghubrah", Name: "Al Ghubrah", Arabic: "الغبرة", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Ghubrah", "Ghubra", "Al Ghubra", "Al Ghobra", "Ghobrah", "Al Ghubrah North", "Al Ghubrah South", "Ghubrah North", "Ghubrah South", "الغبرة الشمالية", "الغبرة الجنوبية"}},
	{ID: "azaiba", Name: "Azaiba", Arabic: "العذيبة", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Al Azaiba", "Athaiba", "Al Athaiba", "Al Udhaybah", "Udhaybah", "Azaibah", "Al Azaibah", "Al Adhaiba"}},
	{ID: "al-ansab", Name: "Al Ansab", Arabic: "الأنصب", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Ansab", "Al Ansub"}},
	{ID: "ghala", Name: "Ghala", Arabic: "غلا", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Ghalla", "Ghala Heights", "Ghala Industrial"}},
	{ID: "bowsher-heights", Name: "Bowsher Heights", Arabic: "مرتفعات بوشر", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Bausher Heights", "Bawshar Heights", "Boshar Heights"}},
	{ID: "muscat-hills", Name: "Muscat Hills", Arabic: "مسقط هيلز", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Muscat Hills Golf", "The Links Muscat Hills"}},
	{ID: "madinat-al-irfan", Name: "Madinat Al Irfan", Arabic: "مدينة العرفان", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Al Irfan", "Irfan", "Madinat Irfan", "Irfan City", "العرفان"}},
	{ID: "madinat-al-ilam", Name: "Madinat Al Ilam", Arabic: "مدينة الإعلام", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Madinat Al Elam", "Madinat Al I'lam", "Media City"}},
	{ID: "al-sarooj", Name: "Al Sarooj", Arabic: "السروج", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Sarooj", "As Sarooj", "Al Saruj"}},
	{ID: "al-misfah", Name: "Al Misfah", Arabic: "المسفاة", Level: LevelArea, Wilayat: "bawshar", Aliases: []string{"Misfah", "Misfat"}},

	// Seeb
	{ID: "al-mouj", Name: "Al Mouj", Arabic: "الموج", Level: LevelArea, Wilayat: "seeb", Aliases: []string{"The Wave", "Al Mouj Muscat", "Mouj", "Al Mouj (The Wave)", "The Wave Muscat", "Almouj"}},
	{ID: "al-hail", Name: "Al Hail", Arabic: "الحيل", Level: LevelArea, Wilayat: "seeb", Aliases: []string{"Hail", "Al Hayl", "Al Hail North", "Al Hail South", "Hail North", "Hail South", "الحيل الشمالية", "الحيل الجنوبية"}},
	{ID: "mawaleh", Name: "Mawaleh", Arabic: "الموالح", Level: LevelArea, Wilayat: "seeb", Aliases: []string{"Al Mawaleh", "Mawalih", "Al Mawalih", "Al Mawaleh North", "Al Mawaleh South", "Mawaleh North", "Mawaleh South"}},
	{ID: "al-khoud", Name: "Al Khoud", Arabic: "الخوض", Level: LevelArea, Wilayat: "seeb", Aliases: []string{"Khoud", "Al Khod", "Al Khodh", "Al Khawd", "Alkhoud", "Al Khoudh"}},
	{ID: "al-maabilah", Name: "Al Maabilah", Arabic: "المعبيلة", Level: LevelArea, Wilayat: "seeb", Aliases: []string{"Maabela", "Al Maabela", "Mabela", "Al Mabelah", "Maabilah", "Al Maabilah South", "Al Maabilah North"}},
	{ID: "al-rusayl", Name: "Al Rusayl", Arabic: "الرسيل", Level: LevelArea, Wilayat: "seeb", Aliases: []string{"Rusayl", "Rusail", "Al Rusail"}},
	{ID: "sur-al-hadid", Name: "Sur Al Hadid", Arabic: "سور آل حديد", Level: LevelArea, Wilayat: "seeb", Aliases: []string{"Sur Aal Hadid", "Sur Al Hadeed"}},

	// Muttrah
	{ID: "ruwi", Name: "Ruwi", Arabic: "روي", Level: LevelArea, Wilayat: "muttrah", Aliases: []string{"Ruwy", "Ruwi CBD", "CBD", "Mbd"}},
	{ID: "darsait", Name: "Darsait", Arabic: "دارسيت", Level: LevelArea, Wilayat: "muttrah", Aliases: []string{"Darseit", "Dar Sait"}},
	{ID: "wadi-al-kabir", Name: "Wadi Al Kabir", Arabic: "الوادي الكبير", Level: LevelArea, Wilayat: "muttrah", Aliases: []string{"Wadi Kabir", "Al Wadi Al Kabir", "Wadi Al Kabeer"}},
	{ID: "al-wattayah", Name: "Al Wattayah", Arabic: "الوطية", Level: LevelArea, Wilayat: "muttrah", Aliases: []string{"Wattayah", "Wattaya", "Al Wutayyah", "Watayah"}},
	{ID: "al-hamriya", Name: "Al Hamriya", Arabic: "الحمرية", Level: LevelArea, Wilayat: "muttrah", Aliases: []string{"Hamriya", "Hamriyah", "Al Hamriyah"}},

	// Muscat (wilayat)
	{ID: "al-bustan", Name: "Al Bustan", Arabic: "البستان", Level: LevelArea, Wilayat: "muscat", Aliases: []string{"Bustan"}},
	{ID: "sidab", Name: "Sidab", Arabic: "سداب", Level: LevelArea, Wilayat: "muscat", Aliases: []string{"Sidaab"}},
	{ID: "qantab", Name: "Qantab", Arabic: "قنتب", Level: LevelArea, Wilayat: "muscat", Aliases: []string{"Qantub"}},
	{ID: "jissah", Name: "Jissah", Arabic: "الجصة", Level: LevelArea, Wilayat: "muscat", Aliases: []string{"Al Jissah", "Al Jussa", "Jussa"}},
	{ID: "yiti", Name: "Yiti", Arabic: "يتي", Level: LevelArea, Wilayat: "muscat", Aliases: []string{"Yitti", "Yenkit", "Yiti Sustainable City"}},

	// Al Amerat
	{ID: "al-mahaj", Name: "Al Mahaj", Arabic: "المحج", Level: LevelArea, Wilayat: "al-amerat", Aliases: []string{"Mahaj"}},
	{ID: "al-nahdha", Name: "Al Nahdha", Arabic: "النهضة", Level: LevelArea, Wilayat: "al-amerat", Aliases: []string{"Nahdha", "An Nahdah", "Al Nahda"}},
}

// places are the governorate, its wilayats in the national gazetteer's
// order, then the areas.
var places = muscatPlaces()

func muscatPlaces() []Place {
	g, ok := oman.LookupGovernorate(nationalMuscat)
	if !ok {
		panic("omanproperty: internal/oman has no Muscat governorate")
	}
	out := []Place{{ID: GovernorateID, Name: g.NameEn + " Governorate", Arabic: "محافظة " + g.NameAr, Level: LevelGovernorate,
		Aliases: append([]string{g.NameEn, g.NameAr}, g.Aliases...)}}
	for _, w := range g.Wilayats {
		id, ok := nationalWilayats[w.ID]
		if !ok {
			panic("omanproperty: no id for the Muscat wilayat " + w.ID)
		}
		p := Place{ID: id, Name: cmp.Or(wilayatNames[w.ID], w.NameEn), Arabic: w.NameAr, Level: LevelWilayat, Wilayat: id, Aliases: slices.Clone(w.Aliases)}
		if p.Name != w.NameEn {
			p.Aliases = append([]string{w.NameEn}, p.Aliases...)
		}
		out = append(out, p)
	}
	if len(out) != 1+len(nationalWilayats) {
		panic("omanproperty: internal/oman's Muscat governorate lacks a wilayat")
	}
	return append(out, areas...)
}

// abroad are places outside Oman, so that an area there is refused as
// such instead of "unknown"; places of Oman's other governorates come
// from internal/oman.
var abroad = []string{"Dubai", "Abu Dhabi", "Sharjah", "Doha", "Riyadh", "Jeddah", "Manama", "Kuwait", "Kuwait City", "دبي", "أبوظبي"}

// The index of every name's key: to its place (or, for outside, to the
// governorate it lies in). Built before any package variable that looks a
// name up (the benchmarks).
var idx = buildIndex()

type index struct {
	byKey   map[string]*Place // a wilayat's or area's key, or the governorate's where no wilayat has it
	govKey  map[string]bool   // every key of the governorate's names, for a name that says "governorate"
	canon   map[string]bool   // folded canonical English and Arabic names
	outside map[string]string // key -> "X Governorate" or "outside Oman"
	byID    map[string]*Place
	all     []nameKey // for suggestions
}

type nameKey struct {
	key     []rune
	display string // canonical English name, or "X (Y Governorate)"
	inside  bool
}

// key is a name reduced for comparison: oman.Key without the spaces, so
// that "Dar Sait" is "Darsait".
func key(s string) string { return strings.ReplaceAll(oman.Key(s), " ", "") }

func buildIndex() *index {
	x := &index{byKey: map[string]*Place{}, govKey: map[string]bool{}, canon: map[string]bool{}, outside: map[string]string{}, byID: map[string]*Place{}}
	for i := range places {
		p := &places[i]
		if x.byID[p.ID] != nil {
			panic("omanproperty: duplicate place id " + p.ID)
		}
		x.byID[p.ID] = p
		x.canon[oman.Fold(p.Name)], x.canon[oman.Fold(p.Arabic)] = true, true
		for _, n := range append([]string{p.Name, p.Arabic}, p.Aliases...) {
			k := key(n)
			if k == "" {
				panic("omanproperty: empty key for " + n)
			}
			if p.Level == LevelGovernorate {
				x.govKey[k] = true
			}
			if q, ok := x.byKey[k]; ok && q != p {
				// "Muscat", "مسقط" name both the governorate and the
				// wilayat: the wilayat's own entry comes later and wins;
				// the governorate is found by govKey.
				if !(p.Level == LevelWilayat && q.Level == LevelGovernorate) {
					panic("omanproperty: name " + n + " is both " + q.ID + " and " + p.ID)
				}
			}
			x.byKey[k] = p
			x.all = append(x.all, nameKey{key: []rune(k), display: p.Name, inside: true})
		}
	}
	addOutside := func(n, display, where string) {
		k := key(n)
		if _, clash := x.byKey[k]; clash || k == "" {
			panic("omanproperty: outside name " + n + " is also in Muscat")
		}
		if _, ok := x.outside[k]; !ok {
			x.outside[k] = where
		}
		x.all = append(x.all, nameKey{key: []rune(k), display: display})
	}
	for _, g := range oman.Governorates() {
		if g.ID == nationalMuscat {
			continue
		}
		gov := g.NameEn + " Governorate"
		for _, n := range append([]string{g.NameEn, g.NameAr}, g.Aliases...) {
			addOutside(n, gov, gov)
		}
		for _, w := range g.Wilayats {
			for _, n := range append([]string{w.NameEn, w.NameAr}, w.Aliases...) {
				addOutside(n, w.NameEn+" ("+gov+")", gov)
			}
		}
	}
	for _, n := range abroad {
		addOutside(n, n+" (outside Oman)", "outside Oman")
	}
	slices.SortStableFunc(x.all, func(a, b nameKey) int { return strings.Compare(a.display, b.display) })
	return x
}

// PlaceByID returns the place with the given id.
func PlaceByID(id string) (Place, bool) {
	p, ok := idx.byID[id]
	if !ok {
		return Place{}, false
	}
	return *p, true
}

// Places lists the gazetteer: the governorate, its wilayats in
// internal/oman's order, then the areas in declaration order.
func Places() []Place { return slices.Clone(places) }

// noise are words dropped when a name does not match as written: house
// numbers and halves of a neighbourhood ("Al Khuwair 33", "Al Hail
// North").
var noise = map[string]bool{"north": true, "south": true, "east": true, "west": true, "phase": true,
	"الشماليه": true, "الجنوبيه": true, "شماليه": true, "جنوبيه": true} // folded forms (ة → ه)

// match is a name looked up in the gazetteer.
type match struct {
	place *Place
	exact bool // the canonical English or Arabic name, as written but for case, punctuation and Arabic variants
}

// lookup finds name: as written (its key), then without numbers and the
// noise words, then without a leading "al" glued to the word
// ("Alkhuwair"). A name that calls itself a governorate ("Muscat
// Governorate") is the governorate, not the wilayat of the same name.
func lookup(name string) (match, bool) {
	gov := oman.HasGovernorateWord(name)
	for i, k := range candidateKeys(name) {
		p, ok := idx.byKey[k]
		if gov && idx.govKey[k] {
			p, ok = idx.byID[GovernorateID], true
		}
		if ok {
			return match{place: p, exact: i == 0 && idx.canon[oman.Fold(name)]}, true
		}
	}
	return match{}, false
}

// candidateKeys are name's own key, then the looser ones tried after it.
func candidateKeys(name string) []string {
	k := key(name)
	out := []string{k}
	var kept []string
	for _, w := range strings.Fields(oman.Fold(name)) {
		if noise[w] || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
			continue
		}
		kept = append(kept, w)
	}
	if len(kept) > 0 {
		out = append(out, key(strings.Join(kept, " ")))
	}
	if strings.HasPrefix(k, "al") && len(k) > 5 {
		out = append(out, k[2:])
	}
	return out
}

// outsideMuscat reports the governorate (or "outside Oman") of a place
// the gazetteer knows lies outside the Muscat governorate.
func outsideMuscat(name string) (string, bool) {
	for _, k := range candidateKeys(name) {
		if g, ok := idx.outside[k]; ok {
			return g, true
		}
	}
	return "", false
}

// suggest returns up to n names nearest to name (Damerau-Levenshtein
// distance on the keys, within a third of the name's length and at most
// 3), nearest first; names inside the governorate before others at the
// same distance. Each canonical name appears once.
func suggest(name string, n int) []string {
	k := []rune(key(name))
	if len(k) == 0 {
		return []string{}
	}
	limit := min(3, max(1, len(k)/3))
	type cand struct {
		display string
		d       int
		inside  bool
	}
	best := map[string]cand{}
	for _, nk := range idx.all {
		if abs(len(nk.key)-len(k)) > limit {
			continue
		}
		d := distance(k, nk.key)
		if d > limit {
			continue
		}
		if c, ok := best[nk.display]; !ok || d < c.d {
			best[nk.display] = cand{nk.display, d, nk.inside}
		}
	}
	cs := make([]cand, 0, len(best))
	for _, c := range best {
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.d != b.d {
			return a.d - b.d
		}
		if a.inside != b.inside {
			if a.inside {
				return -1
			}
			return 1
		}
		return strings.Compare(a.display, b.display)
	})
	out := []string{}
	for _, c := range cs[:min(n, len(cs))] {
		out = append(out, c.display)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// distance is the optimal-string-alignment Damerau-Levenshtein distance
// (insertions, deletions, substitutions, adjacent transpositions).
func distance(a, b []rune) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
