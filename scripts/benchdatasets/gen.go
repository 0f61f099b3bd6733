package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
)

// Names are built from a vocabulary of Gulf trading names (Latin and their
// Arabic spelling) and from generated Arabic-sounding words, each a few
// syllables written in both scripts, so that a million companies share
// words as a real register does (many "Al ... Trading") without being
// drawn from a handful of words.
var words = [][2]string{
	{"Noor", "النور"}, {"Khaleej", "الخليج"}, {"Najm", "النجم"}, {"Oman", "عمان"}, {"Muscat", "مسقط"}, {"Sohar", "صحار"},
	{"Salalah", "صلالة"}, {"Nizwa", "نزوى"}, {"Sur", "صور"}, {"Bahja", "البهجة"}, {"Wadi", "الوادي"}, {"Jabal", "الجبل"},
	{"Sahil", "الساحل"}, {"Bahr", "البحر"}, {"Amal", "الأمل"}, {"Fajr", "الفجر"}, {"Hilal", "الهلال"}, {"Rawda", "الروضة"},
	{"Saif", "سيف"}, {"Hamad", "حمد"}, {"Salim", "سالم"}, {"Said", "سعيد"}, {"Nasser", "ناصر"}, {"Khalid", "خالد"},
	{"Busaidi", "البوسعيدي"}, {"Harthi", "الحارثي"}, {"Balushi", "البلوشي"}, {"Hinai", "الهنائي"}, {"Rawahi", "الرواحي"},
	{"Zadjali", "الزدجالي"}, {"Kindi", "الكندي"}, {"Shanfari", "الشنفري"}, {"Maskari", "المسكري"}, {"Lawati", "اللواتي"},
}

var activities = [][2]string{
	{"Trading", "للتجارة"}, {"Services", "للخدمات"}, {"Contracting", "للمقاولات"}, {"Engineering", "للهندسة"},
	{"Logistics", "للخدمات اللوجستية"}, {"General Trading", "للتجارة العامة"}, {"Investment", "للاستثمار"},
	{"Construction", "للإنشاءات"}, {"Marine Services", "للخدمات البحرية"}, {"Technology", "للتقنية"},
}

var forms = [][2]string{{"LLC", "ش.م.م"}, {"SAOC", "ش.م.ع.م"}, {"SPC", "ش.ش.و"}, {"Est.", "مؤسسة"}, {"", ""}}

var syllables = [][2]string{
	{"ba", "با"}, {"sa", "سا"}, {"ri", "ري"}, {"ma", "ما"}, {"na", "نا"}, {"ha", "ها"}, {"ja", "جا"}, {"ka", "كا"},
	{"la", "لا"}, {"ra", "را"}, {"mi", "مي"}, {"di", "دي"}, {"bu", "بو"}, {"fa", "فا"}, {"ta", "تا"}, {"za", "زا"},
	{"qa", "قا"}, {"su", "سو"}, {"wa", "وا"}, {"ya", "يا"}, {"ni", "ني"}, {"hu", "هو"}, {"ku", "كو"}, {"ti", "تي"},
}

var governorates = []string{"Muscat", "Dhofar", "Al Batinah North", "Al Batinah South", "Ad Dakhiliyah", "Ash Sharqiyah North", "Ash Sharqiyah South", "Al Dhahirah", "Al Buraimi", "Al Wusta", "Musandam"}

// word returns a generated word of 2 to 4 syllables in both scripts.
func word(rng *rand.Rand) (string, string) {
	n := 2 + rng.IntN(3)
	var en, ar strings.Builder
	for i := 0; i < n; i++ {
		s := syllables[rng.IntN(len(syllables))]
		en.WriteString(s[0])
		ar.WriteString(s[1])
	}
	e := en.String()
	return strings.ToUpper(e[:1]) + e[1:], ar.String()
}

// companyName returns a company's English and Arabic names.
func companyName(rng *rand.Rand) (string, string) {
	var en, ar []string
	k := 1 + rng.IntN(3)
	for i := 0; i < k; i++ {
		if rng.IntN(3) == 0 {
			w := words[rng.IntN(len(words))]
			en, ar = append(en, w[0]), append(ar, w[1])
		} else {
			e, a := word(rng)
			en, ar = append(en, e), append(ar, a)
		}
	}
	act := activities[rng.IntN(len(activities))]
	f := forms[rng.IntN(len(forms))]
	e := "Al " + strings.Join(en, " ") + " " + act[0]
	a := "شركة " + strings.Join(ar, " ") + " " + act[1]
	if f[0] != "" {
		e += " " + f[0]
		a += " " + f[1]
	}
	return e, a
}

// genCompanies writes n companies as CSV; every badEvery-th row (0: none)
// has a governorate that is not Oman's.
func genCompanies(w io.Writer, n, badEvery int, seed uint64) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewPCG(seed, 7))
	fmt.Fprintln(bw, "recordId,crNumber,nameEn,nameAr,legalForm,status,registrationDate,activities,governorate,sourceType,observedAt")
	for i := 0; i < n; i++ {
		en, ar := companyName(rng)
		gov := governorates[rng.IntN(len(governorates))]
		if badEvery > 0 && i%badEvery == 0 {
			gov = "Atlantis"
		}
		fmt.Fprintf(bw, "r%d,%d,%q,%q,LLC,active,20%02d-%02d-%02d,4690 Wholesale trade,%s,public_registry,2026-10-01\n",
			i, 1000000+i, en, ar, rng.IntN(25), 1+rng.IntN(12), 1+rng.IntN(28), gov)
	}
	return bw.Flush()
}
