// Package oman is the national gazetteer of the Sultanate of Oman: its 11
// governorates (muhafazat) and their wilayats, in English and Arabic, with
// the spellings one meets in registries, directories and addresses. It
// resolves a name as written ("A'Seeb", "Seeb", "السيب") to one entry, and
// finds governorates and wilayats mentioned in free text (an address).
//
// Source of the list: Royal Decree 114/2011 (11 governorates, 61
// wilayats) and the two wilayats created since, Al Jabal Al Akhdar
// (Ad Dakhiliyah) and Sinaw (North Al Sharqiyah, formerly part of Al
// Mudaybi), both represented in the Shura Council from its 10th term
// (2023). Spellings in English vary; each entry lists the common ones.
package oman

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Governorate is one of the 11 governorates.
type Governorate struct {
	// ID is a stable lower-case key ("muscat", "north_batinah").
	ID     string `json:"id"`
	NameEn string `json:"nameEn"`
	NameAr string `json:"nameAr"`
	// Aliases are other spellings accepted for it.
	Aliases  []string  `json:"aliases,omitempty"`
	Wilayats []Wilayat `json:"wilayats"`
}

// Wilayat is one wilayat of a governorate.
type Wilayat struct {
	ID          string   `json:"id"`
	NameEn      string   `json:"nameEn"`
	NameAr      string   `json:"nameAr"`
	Aliases     []string `json:"aliases,omitempty"`
	Governorate string   `json:"governorate"` // the Governorate's ID
}

type w = Wilayat

// governorates is the gazetteer. Wilayat Governorate fields are filled by
// init of the index below.
var governorates = []Governorate{
	{ID: "muscat", NameEn: "Muscat", NameAr: "مسقط", Aliases: []string{"Masqat", "Muscat Governorate", "محافظة مسقط", "Muscat Gov", "Capital Area"}, Wilayats: []w{
		{ID: "muscat", NameEn: "Muscat", NameAr: "مسقط", Aliases: []string{"Masqat", "Old Muscat", "مسقط القديمة"}},
		{ID: "muttrah", NameEn: "Muttrah", NameAr: "مطرح", Aliases: []string{"Mutrah", "Matrah", "Mattrah"}},
		{ID: "bawshar", NameEn: "Bawshar", NameAr: "بوشر", Aliases: []string{"Bausher", "Bousher", "Boshar", "Bowshar", "Bowsher", "Bawsher", "Bushar"}},
		{ID: "seeb", NameEn: "As Seeb", NameAr: "السيب", Aliases: []string{"Seeb", "A'Seeb", "Al Seeb", "Sib", "As Sib", "Seeb Souq"}},
		{ID: "amerat", NameEn: "Al Amerat", NameAr: "العامرات", Aliases: []string{"Amerat", "Al Amarat", "Amarat", "Al Amirat", "Amirat", "Al Ameraat"}},
		{ID: "qurayyat", NameEn: "Qurayyat", NameAr: "قريات", Aliases: []string{"Quriyat", "Qurayat", "Quriat", "Quryat", "Qariyat"}},
	}},
	{ID: "dhofar", NameEn: "Dhofar", NameAr: "ظفار", Aliases: []string{"Dhufar", "Zufar", "Dofar"}, Wilayats: []w{
		{ID: "salalah", NameEn: "Salalah", NameAr: "صلالة", Aliases: []string{"Salala"}},
		{ID: "taqah", NameEn: "Taqah", NameAr: "طاقة", Aliases: []string{"Taqa"}},
		{ID: "mirbat", NameEn: "Mirbat", NameAr: "مرباط", Aliases: []string{"Marbat"}},
		{ID: "rakhyut", NameEn: "Rakhyut", NameAr: "رخيوت", Aliases: []string{"Rakhyout"}},
		{ID: "thumrait", NameEn: "Thumrait", NameAr: "ثمريت", Aliases: []string{"Thumrayt", "Thamarit"}},
		{ID: "dhalkut", NameEn: "Dhalkut", NameAr: "ضلكوت", Aliases: []string{"Dalkut", "Dhalqut"}},
		{ID: "mazyunah", NameEn: "Al Mazyunah", NameAr: "المزيونة", Aliases: []string{"Mazyunah", "Al Mazyouna", "Mazyouna", "Al Mazyona"}},
		{ID: "muqshin", NameEn: "Muqshin", NameAr: "مقشن", Aliases: []string{"Maqshan", "Muqshen"}},
		{ID: "shalim", NameEn: "Shalim and the Hallaniyat Islands", NameAr: "شليم وجزر الحلانيات", Aliases: []string{"Shalim", "Shaleem", "Shalim wa Juzur Al Hallaniyat", "Hallaniyat Islands", "شليم"}},
		{ID: "sadah", NameEn: "Sadah", NameAr: "سدح", Aliases: []string{"Sadh", "Sudh"}},
	}},
	{ID: "musandam", NameEn: "Musandam", NameAr: "مسندم", Wilayats: []w{
		{ID: "khasab", NameEn: "Khasab", NameAr: "خصب"},
		{ID: "dibba", NameEn: "Dibba", NameAr: "دبا", Aliases: []string{"Daba", "Dibba Al Baya", "Diba"}},
		{ID: "bukha", NameEn: "Bukha", NameAr: "بخا"},
		{ID: "madha", NameEn: "Madha", NameAr: "مدحاء", Aliases: []string{"Madhah", "Madhaa"}},
	}},
	{ID: "buraimi", NameEn: "Al Buraimi", NameAr: "البريمي", Aliases: []string{"Buraimi", "Al Buraymi", "Buraymi"}, Wilayats: []w{
		{ID: "buraimi", NameEn: "Al Buraimi", NameAr: "البريمي", Aliases: []string{"Buraimi", "Al Buraymi", "Buraymi"}},
		{ID: "mahdah", NameEn: "Mahdah", NameAr: "محضة", Aliases: []string{"Mahdha", "Mahda"}},
		{ID: "sunaynah", NameEn: "As Sunaynah", NameAr: "السنينة", Aliases: []string{"Sunaynah", "Al Sinainah", "Sinainah", "As Sunainah"}},
	}},
	{ID: "dakhiliyah", NameEn: "Ad Dakhiliyah", NameAr: "الداخلية", Aliases: []string{"Dakhiliyah", "A'Dakhiliyah", "Al Dakhiliyah", "Dakhiliya", "Ad Dakhiliya"}, Wilayats: []w{
		{ID: "nizwa", NameEn: "Nizwa", NameAr: "نزوى", Aliases: []string{"Nizwah"}},
		{ID: "bahla", NameEn: "Bahla", NameAr: "بهلاء", Aliases: []string{"Bahla'", "Bahlah"}},
		{ID: "manah", NameEn: "Manah", NameAr: "منح", Aliases: []string{"Manh"}},
		{ID: "hamra", NameEn: "Al Hamra", NameAr: "الحمراء", Aliases: []string{"Hamra", "Al Hamraa"}},
		{ID: "adam", NameEn: "Adam", NameAr: "أدم"},
		{ID: "izki", NameEn: "Izki", NameAr: "إزكي", Aliases: []string{"Izkī", "Izky"}},
		{ID: "samail", NameEn: "Samail", NameAr: "سمائل", Aliases: []string{"Sumail", "Semail", "Samayil"}},
		{ID: "bidbid", NameEn: "Bidbid", NameAr: "بدبد"},
		{ID: "jabal_akhdar", NameEn: "Al Jabal Al Akhdar", NameAr: "الجبل الأخضر", Aliases: []string{"Jabal Akhdar", "Al Jabal Al Akhdhar", "Jebel Akhdar", "Jebel Al Akhdar", "Green Mountain"}},
	}},
	{ID: "north_sharqiyah", NameEn: "North Al Sharqiyah", NameAr: "شمال الشرقية", Aliases: []string{"North Sharqiyah", "Ash Sharqiyah North", "North A'Sharqiyah", "Al Sharqiyah North", "Sharqiyah North", "North Ash Sharqiyah", "محافظة شمال الشرقية"}, Wilayats: []w{
		{ID: "ibra", NameEn: "Ibra", NameAr: "إبراء", Aliases: []string{"Ibraa", "Ibra'"}},
		{ID: "mudaybi", NameEn: "Al Mudaybi", NameAr: "المضيبي", Aliases: []string{"Mudaybi", "Al Mudhaibi", "Mudhaibi", "Al Mudhaybi"}},
		{ID: "bidiyah", NameEn: "Bidiyah", NameAr: "بدية", Aliases: []string{"Bidiya", "Badiyah", "Al Badiyah"}},
		{ID: "qabil", NameEn: "Al Qabil", NameAr: "القابل", Aliases: []string{"Qabil"}},
		{ID: "wadi_bani_khalid", NameEn: "Wadi Bani Khalid", NameAr: "وادي بني خالد"},
		{ID: "dima_taiyyin", NameEn: "Dima Wa At Taiyyin", NameAr: "دماء والطائيين", Aliases: []string{"Dima wa Al Taiyyin", "Dima wa Al Taiyeen", "Dima Wal Tayeen", "Dima wa'l Ta'een", "Dima"}},
		{ID: "sinaw", NameEn: "Sinaw", NameAr: "سناو", Aliases: []string{"Sinau"}},
	}},
	{ID: "south_sharqiyah", NameEn: "South Al Sharqiyah", NameAr: "جنوب الشرقية", Aliases: []string{"South Sharqiyah", "Ash Sharqiyah South", "South A'Sharqiyah", "Al Sharqiyah South", "Sharqiyah South", "South Ash Sharqiyah", "محافظة جنوب الشرقية"}, Wilayats: []w{
		{ID: "sur", NameEn: "Sur", NameAr: "صور", Aliases: []string{"Sour"}},
		{ID: "kamil_wafi", NameEn: "Al Kamil Wal Wafi", NameAr: "الكامل والوافي", Aliases: []string{"Al Kamil wa Al Wafi", "Kamil Wal Wafi", "Al Kamil"}},
		{ID: "jaalan_bani_bu_hassan", NameEn: "Jaalan Bani Bu Hassan", NameAr: "جعلان بني بو حسن", Aliases: []string{"Ja'alan Bani Bu Hassan", "Jalan Bani Bu Hassan"}},
		{ID: "jaalan_bani_bu_ali", NameEn: "Jaalan Bani Bu Ali", NameAr: "جعلان بني بو علي", Aliases: []string{"Ja'alan Bani Bu Ali", "Jalan Bani Bu Ali"}},
		{ID: "masirah", NameEn: "Masirah", NameAr: "مصيرة", Aliases: []string{"Masira", "Masirah Island"}},
	}},
	{ID: "north_batinah", NameEn: "North Al Batinah", NameAr: "شمال الباطنة", Aliases: []string{"North Batinah", "Al Batinah North", "Batinah North", "North Al Batinah Governorate", "محافظة شمال الباطنة"}, Wilayats: []w{
		{ID: "sohar", NameEn: "Sohar", NameAr: "صحار", Aliases: []string{"Suhar"}},
		{ID: "shinas", NameEn: "Shinas", NameAr: "شناص"},
		{ID: "liwa", NameEn: "Liwa", NameAr: "لوى", Aliases: []string{"Luwa"}},
		{ID: "saham", NameEn: "Saham", NameAr: "صحم"},
		{ID: "khaburah", NameEn: "Al Khaburah", NameAr: "الخابورة", Aliases: []string{"Khaburah", "Al Khabourah", "Khabourah", "Khabura"}},
		{ID: "suwayq", NameEn: "As Suwayq", NameAr: "السويق", Aliases: []string{"Suwayq", "Al Suwaiq", "Suwaiq", "As Suwaiq"}},
	}},
	{ID: "south_batinah", NameEn: "South Al Batinah", NameAr: "جنوب الباطنة", Aliases: []string{"South Batinah", "Al Batinah South", "Batinah South", "محافظة جنوب الباطنة"}, Wilayats: []w{
		{ID: "rustaq", NameEn: "Ar Rustaq", NameAr: "الرستاق", Aliases: []string{"Rustaq", "Al Rustaq"}},
		{ID: "awabi", NameEn: "Al Awabi", NameAr: "العوابي", Aliases: []string{"Awabi"}},
		{ID: "nakhal", NameEn: "Nakhal", NameAr: "نخل", Aliases: []string{"Nakhl"}},
		{ID: "wadi_maawil", NameEn: "Wadi Al Maawil", NameAr: "وادي المعاول", Aliases: []string{"Wadi Al Ma'awil", "Wadi Maawil"}},
		{ID: "barka", NameEn: "Barka", NameAr: "بركاء", Aliases: []string{"Barkaa", "Birka"}},
		{ID: "musannah", NameEn: "Al Musannah", NameAr: "المصنعة", Aliases: []string{"Musannah", "Musanna", "Al Musanaa", "Musana'ah", "Al Musana'a"}},
	}},
	{ID: "dhahirah", NameEn: "Adh Dhahirah", NameAr: "الظاهرة", Aliases: []string{"Dhahirah", "Al Dhahirah", "A'Dhahirah", "Ad Dhahirah", "Dhahira"}, Wilayats: []w{
		{ID: "ibri", NameEn: "Ibri", NameAr: "عبري"},
		{ID: "yanqul", NameEn: "Yanqul", NameAr: "ينقل", Aliases: []string{"Yankul"}},
		{ID: "dhank", NameEn: "Dhank", NameAr: "ضنك", Aliases: []string{"Dank"}},
	}},
	{ID: "wusta", NameEn: "Al Wusta", NameAr: "الوسطى", Aliases: []string{"Wusta", "Al Wusta Governorate"}, Wilayats: []w{
		{ID: "haima", NameEn: "Haima", NameAr: "هيماء", Aliases: []string{"Hayma", "Haimaa"}},
		{ID: "mahout", NameEn: "Mahout", NameAr: "محوت", Aliases: []string{"Mahut", "Mahoot"}},
		{ID: "duqm", NameEn: "Ad Duqm", NameAr: "الدقم", Aliases: []string{"Duqm", "Al Duqm"}},
		{ID: "jazer", NameEn: "Al Jazer", NameAr: "الجازر", Aliases: []string{"Jazer", "Al Jazir"}},
	}},
}

type index struct {
	govByKey map[string]int      // key -> index in governorates
	wilByKey map[string][]string // key -> "gov/wil" ids (a key may name wilayats of several governorates)
	wilByID  map[string]*Wilayat // "gov/wil" -> wilayat
	terms    []term              // for mentions in text, longest first
}

type term struct {
	key      string // normalised, space-separated words
	gov, wil string // wil empty for a governorate
}

var idx = build()

func build() *index {
	x := &index{govByKey: map[string]int{}, wilByKey: map[string][]string{}, wilByID: map[string]*Wilayat{}}
	for gi := range governorates {
		g := &governorates[gi]
		for _, n := range g.names() {
			k := Key(n)
			if k == "" {
				continue
			}
			if prev, ok := x.govByKey[k]; ok && prev != gi {
				panic("oman: governorate key " + k + " is ambiguous")
			}
			x.govByKey[k] = gi
			x.terms = append(x.terms, term{key: k, gov: g.ID})
		}
		for wi := range g.Wilayats {
			wl := &g.Wilayats[wi]
			wl.Governorate = g.ID
			id := g.ID + "/" + wl.ID
			x.wilByID[id] = wl
			for _, n := range wl.names() {
				k := Key(n)
				if k == "" {
					continue
				}
				if !slices.Contains(x.wilByKey[k], id) {
					x.wilByKey[k] = append(x.wilByKey[k], id)
				}
				x.terms = append(x.terms, term{key: k, gov: g.ID, wil: wl.ID})
			}
		}
	}
	slices.SortStableFunc(x.terms, func(a, b term) int { return len(b.key) - len(a.key) })
	return x
}

func (g *Governorate) names() []string {
	return append([]string{g.NameEn, g.NameAr, g.ID}, g.Aliases...)
}
func (wl *Wilayat) names() []string { return append([]string{wl.NameEn, wl.NameAr}, wl.Aliases...) }

// Governorates returns the 11 governorates, each with its wilayats, in
// the order of Royal Decree 114/2011 (Muscat first). The caller must not
// modify them.
func Governorates() []Governorate { return governorates }

// WilayatCount is the number of wilayats in the gazetteer.
func WilayatCount() int { return len(idx.wilByID) }

// LookupGovernorate resolves a governorate name in English or Arabic, with
// or without an article ("Al", "A'", "ال"), "Governorate" or "محافظة".
func LookupGovernorate(name string) (Governorate, bool) {
	if i, ok := idx.govByKey[Key(name)]; ok {
		return governorates[i], true
	}
	return Governorate{}, false
}

// LookupWilayat resolves a wilayat name. governorate, when not empty,
// must resolve too and the wilayat must belong to it; when empty, a name
// that is a wilayat in more than one governorate is not resolved.
func LookupWilayat(governorate, name string) (Wilayat, bool) {
	ids := idx.wilByKey[Key(name)]
	if governorate != "" {
		g, ok := LookupGovernorate(governorate)
		if !ok {
			return Wilayat{}, false
		}
		for _, id := range ids {
			if strings.HasPrefix(id, g.ID+"/") {
				return *idx.wilByID[id], true
			}
		}
		return Wilayat{}, false
	}
	if len(ids) != 1 {
		return Wilayat{}, false
	}
	return *idx.wilByID[ids[0]], true
}

// GovernorateOf returns the governorate a wilayat name belongs to, when
// the name is a wilayat of exactly one governorate.
func GovernorateOf(wilayat string) (Governorate, bool) {
	wl, ok := LookupWilayat("", wilayat)
	if !ok {
		return Governorate{}, false
	}
	return LookupGovernorate(wl.Governorate)
}

// Mention is a governorate, or a wilayat of one, named in free text.
type Mention struct {
	Governorate string // Governorate ID
	Wilayat     string // Wilayat ID, empty when the governorate itself was named
}

// Mentions lists the governorates and wilayats named in text (an
// address), longest names first, each place once. A wilayat mention
// implies its governorate.
func Mentions(text string) []Mention {
	hay := " " + Key(text) + " "
	var out []Mention
	seen := map[Mention]bool{}
	for _, t := range idx.terms {
		if !strings.Contains(hay, " "+t.key+" ") {
			continue
		}
		m := Mention{Governorate: t.gov, Wilayat: t.wil}
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
		// Remove the matched words so a shorter name inside a longer
		// one ("Muscat" in "Muscat Hills") is not counted again.
		hay = strings.ReplaceAll(hay, " "+t.key+" ", "  ")
	}
	return out
}

// GovernoratesIn returns the IDs of the governorates named in text,
// directly or through one of their wilayats.
func GovernoratesIn(text string) []string {
	var out []string
	for _, m := range Mentions(text) {
		if !slices.Contains(out, m.Governorate) {
			out = append(out, m.Governorate)
		}
	}
	return out
}

// dropWords are words dropped from a key: the Arabic article as written
// in Latin letters ("Al Khuwair", "As Seeb", "A'Seeb", "An Nahdah"; "Aal"
// for آل, family, in "Sur Aal Hadid"), the words that name the kind of
// place, and "of" (in their folded forms: ة is ه).
var dropWords = map[string]bool{
	"al": true, "el": true, "ad": true, "adh": true, "an": true, "ar": true, "as": true, "ash": true, "at": true, "az": true, "a": true, "aal": true,
	"governorate": true, "wilayat": true, "wilayah": true, "province": true, "region": true, "of": true,
	"محافظه": true, "ولايه": true,
}

// Fold is the first step of Key, for comparing names as written: Unicode
// compatibility decomposition, lower case, Latin accents and Arabic
// harakat, hamza and madda marks and tatweel removed (so أ إ آ ٱ are ا,
// ئ is ي and ؤ is و), ى folded to ي and ة to ه, and everything but
// letters and digits a single space between words. "AL-KHUWAIR",
// "Al Khuwair" and "al khuwair" fold alike; "Khuwair" does not.
func Fold(s string) string {
	s = norm.NFKD.String(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || r == 'ـ':
			// combining marks (Latin accents, Arabic harakat), tatweel
		case r == 'ٱ':
			b.WriteRune('ا')
		case r == 'ى':
			b.WriteRune('ي')
		case r == 'ة':
			b.WriteRune('ه')
		case r == 'ø' || r == 'Ø':
			b.WriteRune('o')
		case r == 'đ' || r == 'Đ':
			b.WriteRune('d')
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			// punctuation and apostrophes: A'Seeb is "a seeb"
			b.WriteRune(' ')
		}
	}
	return strings.Join(strings.Fields(norm.NFC.String(b.String())), " ")
}

// Key normalises a place name for comparison: Fold, then the article
// ("al", "a'", "an", "ال") dropped at the start of each word, the words
// "wilayat", "governorate", "of", "محافظة", "ولاية" dropped, and the
// joining "and" of names ("wa", "wal", "و", "the"): Kamil Wal Wafi is
// "kamil wafi". Every lookup of this package, and the Muscat
// neighbourhoods of capabilities/omanproperty, compare names by it.
func Key(s string) string {
	words := strings.Fields(Fold(s))
	out := words[:0]
	for _, wd := range words {
		if dropWords[wd] {
			continue
		}
		if strings.HasPrefix(wd, "ال") && len([]rune(wd)) > 3 {
			wd = strings.TrimPrefix(wd, "ال")
		}
		if wd == "و" {
			continue
		}
		// "wal" / "wa" (and) join words in names: Kamil Wal Wafi.
		if wd == "wal" || wd == "wa" || wd == "and" || wd == "the" {
			continue
		}
		if strings.HasPrefix(wd, "وال") && len([]rune(wd)) > 4 {
			wd = strings.TrimPrefix(wd, "وال")
		}
		out = append(out, wd)
	}
	return strings.Join(out, " ")
}

// HasGovernorateWord reports whether name calls itself a governorate
// ("Muscat Governorate", "Governorate of Muscat", "محافظة مسقط"): Key
// drops the word, so "Muscat Governorate" and the wilayat "Muscat" have
// one key, and a caller that tells the two apart asks this.
func HasGovernorateWord(name string) bool {
	for _, w := range strings.Fields(Fold(name)) {
		if w == "governorate" || w == "محافظه" {
			return true
		}
	}
	return false
}
