package omanproperty

import (
	"slices"
	"strings"
	"unicode"
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

// The gazetteer. Wilayats are the six of the governorate (Royal Decree
// 114/2011); neighbourhoods carry the wilayat they are commonly filed
// under (a few, such as Muscat Hills and Madinat Al Irfan, straddle a
// boundary: they are filed where developers and listings put them).
// Aliases are the spellings seen in listings, the press and the
// reference service; matching also ignores case, punctuation, the
// article (Al, As, A', ال) and Arabic letter variants (see key).
var places = []Place{
	{ID: GovernorateID, Name: "Muscat Governorate", Arabic: "محافظة مسقط", Level: LevelGovernorate,
		Aliases: []string{"Muscat governorate", "Governorate of Muscat", "Muscat Gov", "Masqat Governorate", "Capital Area", "Muscat (governorate-wide)", "مسقط"}},

	{ID: "muscat", Name: "Muscat", Arabic: "مسقط", Level: LevelWilayat, Wilayat: "muscat", Aliases: []string{"Masqat", "Old Muscat", "Wilayat Muscat", "ولاية مسقط", "مسقط القديمة"}},
	{ID: "muttrah", Name: "Muttrah", Arabic: "مطرح", Level: LevelWilayat, Wilayat: "muttrah", Aliases: []string{"Mutrah", "Matrah", "Mattrah", "Wilayat Muttrah"}},
	{ID: "bawshar", Name: "Bawshar", Arabic: "بوشر", Level: LevelWilayat, Wilayat: "bawshar", Aliases: []string{"Bausher", "Bowsher", "Boshar", "Bousher", "Bawsher", "Bushar", "Wilayat Bawshar"}},
	{ID: "seeb", Name: "Seeb", Arabic: "السيب", Level: LevelWilayat, Wilayat: "seeb", Aliases: []string{"As Seeb", "A'Seeb", "Al Seeb", "As-Sib", "Sib", "Seeb Souq", "Wilayat Seeb"}},
	{ID: "al-amerat", Name: "Al Amerat", Arabic: "العامرات", Level: LevelWilayat, Wilayat: "al-amerat", Aliases: []string{"Amerat", "Al Amirat", "Amirat", "Al-Amerat", "Al Ameraat"}},
	{ID: "qurayyat", Name: "Qurayyat", Arabic: "قريات", Level: LevelWilayat, Wilayat: "qurayyat", Aliases: []string{"Quriyat", "Qurayat", "Quryat", "Qariyat", "Quriat"}},

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

// outside are places of Oman outside the Muscat governorate, so that an
// area there is refused with where it is instead of "unknown".
var outside = map[string][]string{
	"Dhofar Governorate":              {"Dhofar", "Salalah", "Taqah", "Mirbat", "Thumrait", "ظفار", "صلالة"},
	"North Al Batinah Governorate":    {"North Al Batinah", "North Batinah", "Sohar", "Suhar", "Saham", "Shinas", "Liwa", "Al Khaburah", "Suwayq", "Al Suwaiq", "صحار", "شمال الباطنة"},
	"South Al Batinah Governorate":    {"South Al Batinah", "South Batinah", "Barka", "Rustaq", "Al Rustaq", "Nakhal", "Al Musannah", "Musanna", "Wadi Al Maawil", "Al Awabi", "بركاء", "الرستاق", "جنوب الباطنة"},
	"Ad Dakhiliyah Governorate":       {"Ad Dakhiliyah", "Dakhiliyah", "Interior", "Nizwa", "Bahla", "Samail", "Sumail", "Izki", "Adam", "Al Hamra", "Manah", "Bidbid", "Jebel Akhdar", "نزوى", "سمائل", "بدبد", "الداخلية"},
	"North Ash Sharqiyah Governorate": {"North Ash Sharqiyah", "North Sharqiyah", "Ibra", "Al Mudaybi", "Bidiyah", "Al Qabil", "Wadi Bani Khalid", "Dima Wa Al Taiyeen", "إبراء"},
	"South Ash Sharqiyah Governorate": {"South Ash Sharqiyah", "South Sharqiyah", "Sur", "Jalan Bani Bu Ali", "Jalan Bani Bu Hassan", "Al Kamil Wa Al Wafi", "Masirah", "صور"},
	"Ad Dhahirah Governorate":         {"Ad Dhahirah", "Dhahirah", "Ibri", "Yanqul", "Dhank", "عبري"},
	"Al Buraimi Governorate":          {"Al Buraimi", "Buraimi", "Mahdah", "Al Sunaynah", "البريمي"},
	"Al Wusta Governorate":            {"Al Wusta", "Wusta", "Duqm", "Haima", "Mahout", "الدقم"},
	"Musandam Governorate":            {"Musandam", "Khasab", "Bukha", "Dibba", "Madha", "مسندم", "خصب"},
	"outside Oman":                    {"Dubai", "Abu Dhabi", "Sharjah", "Doha", "Riyadh", "Jeddah", "Manama", "Kuwait", "Kuwait City", "دبي", "أبوظبي"},
}

// The index of every name's key: to its place (or, for outside, to the
// governorate it lies in). Built before any package variable that looks a
// name up (the benchmarks).
var byKey, canonKey, outsideKey, byID, allKeys = buildIndex()

type nameKey struct {
	key     []rune
	display string // canonical English name, or "X (in Y Governorate)"
	inside  bool
}

func buildIndex() (byKey map[string]*Place, canonKey map[string]bool, outsideKey map[string]string, byID map[string]*Place, allKeys []nameKey) {
	byKey, canonKey, outsideKey, byID = map[string]*Place{}, map[string]bool{}, map[string]string{}, map[string]*Place{}
	for i := range places {
		p := &places[i]
		if byID[p.ID] != nil {
			panic("omanproperty: duplicate place id " + p.ID)
		}
		byID[p.ID] = p
		for j, n := range append([]string{p.Name, p.Arabic}, p.Aliases...) {
			k := key(n)
			if k == "" {
				panic("omanproperty: empty key for " + n)
			}
			if q, ok := byKey[k]; ok && q != p {
				// "مسقط" names both the governorate and the wilayat: the
				// wilayat's own entry comes later and wins for the bare
				// name; the governorate keeps its longer forms.
				if !(p.Level == LevelWilayat && q.Level == LevelGovernorate) {
					panic("omanproperty: name " + n + " is both " + q.ID + " and " + p.ID)
				}
			}
			byKey[k] = p
			if j < 2 {
				canonKey[strings.Join(splitWords(n), " ")] = true
			}
			allKeys = append(allKeys, nameKey{key: []rune(k), display: p.Name, inside: true})
		}
	}
	for gov, names := range outside {
		for _, n := range names {
			k := key(n)
			if _, clash := byKey[k]; clash {
				panic("omanproperty: outside name " + n + " is also in Muscat")
			}
			outsideKey[k] = gov
			allKeys = append(allKeys, nameKey{key: []rune(k), display: n + " (" + gov + ")"})
		}
	}
	slices.SortStableFunc(allKeys, func(a, b nameKey) int { return strings.Compare(a.display, b.display) })
	return byKey, canonKey, outsideKey, byID, allKeys
}

// PlaceByID returns the place with the given id.
func PlaceByID(id string) (Place, bool) {
	p, ok := byID[id]
	if !ok {
		return Place{}, false
	}
	return *p, true
}

// Places lists the gazetteer, governorate first, then wilayats, then
// areas, in declaration order.
func Places() []Place { return slices.Clone(places) }

// articles are the forms of the Arabic article as written in Latin
// letters ("Al Khuwair", "As Seeb", "A'Seeb", "Ash Sharqiyah"), dropped
// when they start a word followed by another.
var articles = map[string]bool{"al": true, "el": true, "as": true, "ash": true, "ad": true, "adh": true, "ar": true, "az": true, "at": true, "an": true, "a": true, "aal": true}

// noise are words dropped when a name does not match as written: house
// numbers and halves of a neighbourhood ("Al Khuwair 33", "Al Hail
// North").
var noise = map[string]bool{"north": true, "south": true, "east": true, "west": true, "phase": true,
	"الشماليه": true, "الجنوبيه": true, "شماليه": true, "جنوبيه": true} // folded forms (ة → ه)

// key is a name reduced for comparison: lower case, Latin accents and
// Arabic diacritics and letter variants folded (أ إ آ ٱ → ا, ة → ه,
// ى → ي, ؤ → و, ئ → ي), punctuation as spaces, the article dropped from
// the start of each word (Latin "al", "as", ... when another word follows;
// Arabic "ال" on words of more than three letters), then the spaces.
func key(s string) string {
	words := splitWords(s)
	var b strings.Builder
	for i, w := range words {
		if i < len(words)-1 && articles[w] {
			continue
		}
		if r := []rune(w); len(r) > 3 && r[0] == 'ا' && r[1] == 'ل' {
			w = string(r[2:])
		}
		b.WriteString(w)
	}
	return b.String()
}

// splitWords folds s (see key) and splits it into words.
func splitWords(s string) []string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.Is(unicode.Mn, r), r == 0x0640: // combining marks (Arabic harakat, a decomposed accent), tatweel
			continue
		case r == 'أ' || r == 'إ' || r == 'آ' || r == 'ٱ':
			r = 'ا'
		case r == 'ة':
			r = 'ه'
		case r == 'ى' || r == 'ئ':
			r = 'ي'
		case r == 'ؤ':
			r = 'و'
		case foldLatin[r] != 0:
			r = foldLatin[r]
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		} else {
			b.WriteRune(' ')
		}
	}
	return strings.Fields(b.String())
}

var foldLatin = func() map[rune]rune {
	m := map[rune]rune{}
	for base, variants := range map[rune]string{'a': "àáâãäåāă", 'e': "èéêëēė", 'i': "ìíîïī", 'o': "òóôõöøō", 'u': "ùúûüū", 'c': "çć", 'n': "ñń", 'y': "ýÿ", 'd': "ḍđ", 'h': "ḥ", 's': "ṣš", 't': "ṭ", 'z': "ẓž"} {
		for _, v := range variants {
			m[v] = base
		}
	}
	return m
}()

// match is a name looked up in the gazetteer.
type match struct {
	place *Place
	exact bool // the canonical English or Arabic name, as written but for case, punctuation and Arabic variants
}

// lookup finds name: as written (folded), then without numbers and the
// noise words, then without a leading "al" glued to the word
// ("Alkhuwair").
func lookup(name string) (match, bool) {
	k := key(name)
	if p, ok := byKey[k]; ok {
		return match{place: p, exact: canonKey[strings.Join(splitWords(name), " ")]}, true
	}
	for _, k := range variants(name) {
		if p, ok := byKey[k]; ok {
			return match{place: p}, true
		}
	}
	return match{}, false
}

// variants are the looser keys of name tried after its own key.
func variants(name string) []string {
	var kept []string
	for _, w := range splitWords(name) {
		if noise[w] || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
			continue
		}
		kept = append(kept, w)
	}
	var out []string
	if len(kept) > 0 {
		out = append(out, key(strings.Join(kept, " ")))
	}
	k := key(name)
	if strings.HasPrefix(k, "al") && len(k) > 5 {
		out = append(out, k[2:])
	}
	return out
}

// outsideMuscat reports the governorate (or "outside Oman") of a place
// the gazetteer knows lies outside the Muscat governorate.
func outsideMuscat(name string) (string, bool) {
	if g, ok := outsideKey[key(name)]; ok {
		return g, true
	}
	for _, k := range variants(name) {
		if g, ok := outsideKey[k]; ok {
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
	for _, nk := range allKeys {
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
