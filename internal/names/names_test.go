package names

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
)

func TestNormalize(t *testing.T) {
	for _, c := range []struct{ in, key, skel string }{
		{"Mohammed", "mohammed", "mhmd"},
		{"  MUHAMMAD  ", "muhammad", "mhmd"},
		{"مُحَمَّد", "محمد", "mhmd"},
		{"Al Noor Trading L.L.C.", "noor trading", "nr trdng"},
		{"AL-NOOR TRADING LLC", "noor trading", "nr trdng"},
		{"شركة النور للتجارة ش.م.م", "نور تجاره", "nr tjr"},
		{"Bank Muscat (S.A.O.G)", "bank muscat", "bnk mskt"},
		{"بنك مسقط ش.م.ع.ع", "بنك مسقط", "bnk mskt"},
		{"Sheikh Mohammed bin Rashid Al Maktoum", "mohammed rashid maktoum", "mhmd rsd mktm"},
		{"محمد بن راشد آل مكتوم", "محمد راشد مكتوم", "mhmd rsd mktm"},
		{"H.E. Dr. Ahmed Al-Balushi", "ahmed balushi", "ahmd bls"},
		{"Abdullah", "abdlah", "abdl"},
		{"Abd Allah", "abdlah", "abdl"},
		{"عبد الله", "عبدله", "abdl"},
		{"Abd al-Rahman", "abdrahman", "abdrhmn"},
		{"Abdurrahman", "abdrahman", "abdrhmn"},
		{"Abdul Aziz", "abdaziz", "abdz"},
		{"عبدالعزيز", "عبدعزيز", "abdz"},
		{"Nasr ad-Din", "nasrdin", "nsrdn"},
		{"Hassan Nasrallah", "hassan nasrlah", "hsn nsrl"},
		{"حسن نصر الله", "حسن نصرله", "hsn nsrl"},
		{"Sa'id", "said", "sd"},
		{"A'Saffa Foods", "saffa foods", "sf fds"}, // the article as Oman writes it
		{"A'isha", "aisha", "as"},
		{"Fatimah", "fatimah", "ftm"},
		{"فاطمة", "فاطمه", "ftm"},
		{"إبراهيم", "ابراهيم", "abrhm"},
		{"Oman Trading and Contracting Co.", "oman trading contracting", "amn trdng kntrktng"},
		{"١٢٣ Trading", "123 trading", "123 trdng"},
		{"LLC", "llc", "lk"},
		{"", "", ""},
		{"!!!", "", ""},
	} {
		k := Normalize(c.in)
		if k.String() != c.key || k.Skeleton() != c.skel {
			t.Errorf("Normalize(%q) = %q skeleton %q, want %q skeleton %q", c.in, k.String(), k.Skeleton(), c.key, c.skel)
		}
	}
}

// FoldDigits is the digit rule Normalize applies, offered for the
// identifiers compared next to names.
func TestFoldDigits(t *testing.T) {
	for in, want := range map[string]string{
		"١٢٣٤٥٦٧":     "1234567",  // Arabic-Indic
		"۱۲۳-۴۵۶۷":    "123-4567", // Persian, punctuation kept
		"CR ١٢٣ abc":  "CR 123 abc",
		"１２３":         "123", // fullwidth
		"४२":          "42",  // Devanagari
		"already 0-9": "already 0-9",
		"":            "",
	} {
		if got := FoldDigits(in); got != want {
			t.Errorf("FoldDigits(%q) = %q, want %q", in, got, want)
		}
	}
	if Normalize("شركة ١٢٣").String() != Normalize("شركة "+FoldDigits("١٢٣")).String() {
		t.Error("Normalize and FoldDigits read digits differently")
	}
}

func TestStripLegalForm(t *testing.T) {
	for _, c := range []struct{ in, name, form string }{
		{"Al Noor Trading L.L.C.", "Al Noor Trading", "L.L.C."},
		{"Al Noor Trading LLC", "Al Noor Trading", "LLC"},
		{"Bank Muscat (SAOG)", "Bank Muscat", "SAOG"},
		{"Oman Oil Co. SAOC", "Oman Oil", "Co. SAOC"},
		{"Acme Limited Liability Company", "Acme", "Limited Liability Company"},
		{"Omantel S.A.O.G.", "Omantel", "S.A.O.G."},
		{"Muscat Services SPC", "Muscat Services", "SPC"},
		{"Al Amal Est.", "Al Amal", "Est."},
		{"شركة النور للتجارة ش.م.م", "شركة النور للتجارة", "ش.م.م"},
		{"بنك مسقط ش.م.ع.ع", "بنك مسقط", "ش.م.ع.ع"},
		{"Oman Trading Services", "Oman Trading Services", ""},
		{"LLC", "LLC", ""},
		{"  Gulf Co  ", "Gulf", "Co"},
		{"", "", ""},
	} {
		name, form := StripLegalForm(c.in)
		if name != c.name || form != c.form {
			t.Errorf("StripLegalForm(%q) = %q, %q; want %q, %q", c.in, name, form, c.name, c.form)
		}
	}
}

func TestSimilarityExamples(t *testing.T) {
	for _, c := range []struct {
		a, b     string
		min, max float64
	}{
		{"محمد", "Mohammed", 1, 1},
		{"محمد", "Muhammad", 1, 1},
		{"Mohamed", "Muhammad", 1, 1},
		{"عبد الله", "Abdullah", 1, 1},
		{"عبدالله", "Abd Allah", 1, 1},
		{"Mohammed Al Balushi", "Al Balushi Mohammed", 1, 1},
		{"Al Noor Trading LLC", "AL NOOR TRADING L.L.C.", 1, 1},
		{"Ahmed", "Hamed", 0, 0.6},
		{"أحمد", "Hamed", 0, 0.7},
		{"Oman Trading", "Oman Trading Services", 0, 0.8},
		{"Mohammed Al Balushi", "Mohammed Al Baloushi", 0.99, 1},
		{"Mohammed", "", 0, 0},
	} {
		got := Similarity(c.a, c.b)
		if got < c.min || got > c.max {
			t.Errorf("Similarity(%q, %q) = %.3f, want in [%.2f, %.2f]", c.a, c.b, got, c.min, c.max)
		}
	}
}

// sample names for property tests: Latin, Arabic, companies, mixed.
var sample = []string{
	"Mohammed bin Rashid Al Maktoum", "محمد بن راشد آل مكتوم", "Abdul Rahman Al Harthy", "عبد الرحمن الحارثي",
	"Oman Trading Services LLC", "شركة النور للتجارة ش.م.م", "Bank Muscat SAOG", "Fatima Al Zadjali", "Jean-Pierre Dupont",
	"Khalid Saif Al Busaidi", "Al Noor Est.", "Gulf Energy FZE", "Ahmed Salim", "Hamed Salem", "عائشة البلوشي", "Sa'id Nasr ad-Din",
	"Muscat 2000 Trading", "Émile Zola", "Ibrahim Al-Kindi", "Yousef Al Rawahi",
}

// diacritize adds marks a name may carry: Arabic harakat after Arabic
// letters, acute accents after Latin vowels, at random.
func diacritize(r *rand.Rand, s string) string {
	var b strings.Builder
	for _, c := range s {
		b.WriteRune(c)
		switch {
		case unicode.Is(unicode.Arabic, c) && unicode.IsLetter(c) && r.IntN(2) == 0:
			b.WriteRune([]rune{'\u064E', '\u064F', '\u0650', '\u0651', '\u0652'}[r.IntN(5)])
		case strings.ContainsRune("aeiouAEIOU", c) && r.IntN(3) == 0:
			b.WriteRune('\u0301')
		}
	}
	return b.String()
}

func respace(r *rand.Rand, s string) string {
	ws := strings.Fields(s)
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", r.IntN(3)))
	for i, w := range ws {
		if i > 0 {
			b.WriteString(strings.Repeat(" ", 1+r.IntN(3)))
			if r.IntN(4) == 0 {
				b.WriteString("\t")
			}
		}
		b.WriteString(w)
	}
	b.WriteString(strings.Repeat(" ", r.IntN(3)))
	return b.String()
}

func recase(r *rand.Rand, s string) string {
	var b strings.Builder
	for _, c := range s {
		if r.IntN(2) == 0 {
			c = unicode.ToUpper(c)
		} else {
			c = unicode.ToLower(c)
		}
		b.WriteRune(c)
	}
	return b.String()
}

func TestSimilarityProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 1))
	for i := 0; i < 2000; i++ {
		a, b := sample[r.IntN(len(sample))], sample[r.IntN(len(sample))]
		ab, ba := Similarity(a, b), Similarity(b, a)
		if ab != ba {
			t.Fatalf("not symmetric: %q %q %v %v", a, b, ab, ba)
		}
		if ab < 0 || ab > 1 {
			t.Fatalf("out of range: %q %q %v", a, b, ab)
		}
		for name, f := range map[string]func(*rand.Rand, string) string{"case": recase, "spacing": respace, "diacritics": diacritize} {
			a2 := f(r, a)
			if got := Similarity(a2, b); got != ab {
				t.Fatalf("%s changes the score: %q vs %q: %v, %q vs %q: %v", name, a, b, ab, a2, b, got)
			}
			if Normalize(a2).String() != Normalize(a).String() {
				t.Fatalf("%s changes the key: %q %q", name, a, a2)
			}
		}
		if s := Similarity(a, a); s != 1 && !Normalize(a).Empty() {
			t.Fatalf("Similarity(%q, itself) = %v", a, s)
		}
		// Word order.
		ws := strings.Fields(a)
		r.Shuffle(len(ws), func(i, j int) { ws[i], ws[j] = ws[j], ws[i] })
		if got := Similarity(strings.Join(ws, " "), b); got != ab && !strings.ContainsAny(a, ".-'") && !hasAbd(a) {
			t.Fatalf("word order changes the score: %q %q", a, strings.Join(ws, " "))
		}
	}
}

func hasAbd(s string) bool {
	return strings.Contains(strings.ToLower(s), "abd") || strings.Contains(s, "عبد")
}

// TestIndexMatchesScan: the index finds exactly what scoring every name
// finds, at several thresholds.
func TestIndexMatchesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var corpus []string
	var keys []Key
	ix := NewIndex()
	for i := 0; i < 3000; i++ {
		n := synthName(r)
		corpus = append(corpus, n)
		keys = append(keys, Normalize(n))
		ix.Add(i, n)
	}
	for q := 0; q < 300; q++ {
		query := synthName(r)
		if q%3 == 0 {
			query = mutate(r, corpus[r.IntN(len(corpus))])
		}
		k := Normalize(query)
		for _, min := range []float64{0.5, 0.7, 0.85, 0.9, 1} {
			var want []Hit
			for i, n := range corpus {
				if s := k.Similarity(keys[i]); s > 0 && s >= min {
					want = append(want, Hit{Ref: i, Name: n, Score: s})
				}
			}
			sortHits(want)
			got := ix.Search(k, min)
			if len(want) == 0 && len(got) == 0 {
				continue
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("query %q min %v (-scan +index):\n%s", query, min, d)
			}
		}
	}
}

func sortHits(h []Hit) {
	for i := 1; i < len(h); i++ {
		for j := i; j > 0 && less(h[j], h[j-1]); j-- {
			h[j], h[j-1] = h[j-1], h[j]
		}
	}
}

func less(a, b Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	if a.Ref != b.Ref {
		return a.Ref < b.Ref
	}
	return a.Name < b.Name
}

var (
	givenLatin  = []string{"Mohammed", "Muhammad", "Ahmed", "Ali", "Omar", "Khalid", "Said", "Saeed", "Yousef", "Ibrahim", "Abdullah", "Abdul Rahman", "Salim", "Sultan", "Hamad", "Nasser", "Fatima", "Aisha", "Maryam", "Hussein", "Hassan", "Tariq", "Rashid", "Majid", "Saif", "Faisal", "Badr"}
	givenArabic = []string{"محمد", "أحمد", "علي", "عمر", "خالد", "سعيد", "يوسف", "إبراهيم", "عبد الله", "عبد الرحمن", "سالم", "سلطان", "حمد", "ناصر", "فاطمة", "عائشة", "مريم", "حسين", "حسن", "طارق", "راشد", "ماجد", "سيف", "فيصل", "بدر"}
	familyLatin = []string{"Al Balushi", "Al Busaidi", "Al Harthy", "Al Kindi", "Al Rawahi", "Al Hinai", "Al Maamari", "Al Shehhi", "Al Zadjali", "Al Rashdi", "Al Ghafri", "Al Siyabi", "Al Abri", "Al Farsi", "Al Jabri", "Al Kalbani"}
	familyArab  = []string{"البلوشي", "البوسعيدي", "الحارثي", "الكندي", "الرواحي", "الهنائي", "المعمري", "الشحي", "الزدجالي", "الراشدي", "الغافري", "السيابي", "العبري", "الفارسي", "الجابري", "الكلباني"}
	companyW    = []string{"Oman", "Gulf", "Muscat", "Sohar", "National", "Noor", "Amal", "Trading", "Services", "Contracting", "Engineering", "Logistics", "Energy", "Holding", "Marine", "Steel", "Foods"}
	legal       = []string{"LLC", "L.L.C.", "SAOG", "SAOC", "SPC", "Est.", "Co.", ""}
	// Arabic companies' words: their names and the translations of
	// companyW's generic words (an activity first, with لل).
	companyArabName = []string{"عمان", "الخليج", "مسقط", "صحار", "النور", "الأمل", "مجان"}
	companyArabWord = []string{"للتجارة", "للخدمات", "للمقاولات", "الهندسية", "اللوجستية", "للطاقة", "القابضة", "البحرية", "للحديد", "للأغذية", "الوطنية", "للتأمين"}
	legalArab       = []string{"ش.م.م", "ش.م.ع.ع", "ش.ش.و", ""}
)

func synthName(r *rand.Rand) string {
	switch r.IntN(4) {
	case 0:
		return givenLatin[r.IntN(len(givenLatin))] + " " + givenLatin[r.IntN(len(givenLatin))] + " " + familyLatin[r.IntN(len(familyLatin))]
	case 1:
		return givenArabic[r.IntN(len(givenArabic))] + " " + givenArabic[r.IntN(len(givenArabic))] + " " + familyArab[r.IntN(len(familyArab))]
	case 2:
		ws := []string{"شركة"}
		for range 1 + r.IntN(2) {
			ws = append(ws, companyArabName[r.IntN(len(companyArabName))])
		}
		for range 1 + r.IntN(2) {
			ws = append(ws, companyArabWord[r.IntN(len(companyArabWord))])
		}
		return strings.Join(append(ws, legalArab[r.IntN(len(legalArab))]), " ")
	}
	n := 1 + r.IntN(3)
	var ws []string
	for i := 0; i < n; i++ {
		ws = append(ws, companyW[r.IntN(len(companyW))])
	}
	return strings.Join(ws, " ") + " " + legal[r.IntN(len(legal))]
}

// mutate makes a typo: drops, doubles or swaps a letter.
func mutate(r *rand.Rand, s string) string {
	rs := []rune(s)
	if len(rs) < 3 {
		return s
	}
	i := 1 + r.IntN(len(rs)-2)
	switch r.IntN(3) {
	case 0:
		return string(append(rs[:i:i], rs[i+1:]...))
	case 1:
		return string(append(rs[:i+1:i+1], rs[i:]...))
	}
	rs[i], rs[i+1] = rs[i+1], rs[i]
	return string(rs)
}

func ExampleSimilarity() {
	fmt.Printf("%.2f %.2f %.2f\n", Similarity("محمد", "Mohammed"), Similarity("Abd Allah", "عبد الله"), Similarity("Oman Trading", "Oman Trading Services"))
	// Output: 1.00 1.00 0.74
}

// TestMatchExamples: the rules of Match, one example each.
func TestMatchExamples(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		match bool
	}{
		// Roles and order.
		{"Ali bin Said Al-Hosni", "Ali Said Al Hosni", true},
		{"Ali bin Said Al-Hosni", "Said bin Ali Al-Hosni", false}, // son and father
		{"Abdullah Nasser", "Nasser Abdullah", false},
		{"Abdullah Nasser", "NASSER, Abdullah", true}, // family name first, with a comma
		{"Al Hosni Ali Said", "Ali Said Al-Hosni", true},
		{"Ali Said Al-Hosni", "Ali Al-Hosni", true}, // a middle name missing
		{"Khalid Salim Al-Hinai", "Khalid Salim Al-Habsi", false},
		{"Mohammed Salim Al Harthy", "Mohammed Saif Al Harthy", false}, // another father
		{"Mohammed", "Mohammed Al Balushi", false},
		{"Mohammed bin Salman", "Muhammad ibn Salman Al Saud", true}, // a family name left out after bin
		{"Saddam Hussein", "Saddam Hussein al-Tikriti", true},        // a nisba left out
		{"Saddam Hussein", "Saddam Hussein Ali Khan", false},         // more names, not a family name
		// Vowels.
		{"Saud", "Saad", false},
		{"سعد", "Saud", false},
		{"سعود", "Saud", true},
		{"Hassan", "Hussein", false},
		{"حسن", "Hussein", false},
		{"أحمد سالم", "Hamid Salim", false},
		{"Hussein", "Husain", true},
		{"Mohammed", "Muhammad", true},
		{"محمد", "Mahmoud", false},
		// Short names change with one letter; long ones carry a slip.
		{"Jamal", "Kamal", false},
		{"Sami", "Samir", false},
		{"Said", "Saida", false},
		{"Omar", "Amr", false},
		{"عمرو", "Amr", true},
		{"Busaidi", "Busiadi", true},
		{"Muscat Electricity Distribution", "Muscat Electricty Distribution", true},
		// Titles, transliterations.
		{"Brig. Gen. Ali Shamkhani", "Ali Shamkhani", true},
		{"Seyed Ali Khamenei", "Sayyid Ali Khamenei", true},
		{"اللواء قاسم سليماني", "Qasem Soleimani", true},
		{"غلامرضا قاسمی", "Gholamreza Ghasemi", true},
		{"Gamal Abdel Hamid", "جمال عبد الحميد", true},
		{"Saif", "Sayf", true},
		{"Yevgeniy Prigozhin", "Evgenii Prigozhin", true},
		{"Yuri Fyodorov", "Yury Fedorov", true},
		{"Abu Bakr", "Abubakar", true},
		{"Gholamreza Ghasemi", "Gholam Reza Qasemi", true},
		// Abbreviations and initials.
		{"Sh. Hamdan bin Zayed", "Hamdan bin Zayed", true},
		{"Mohd Salim Al Harthy", "محمد سالم الحارثي", true},
		{"M. Al Balushi", "Mohammed Al Balushi", true},
		{"M. Al Balushi", "Ahmed Al Balushi", false},
		{"Mohammed Alhosni", "Mohammed Al Hosni", true}, // the article written fused
		{"ALBUSAIDI, Badr", "بدر البوسعيدي", true},
		{"Alberto Fernandez", "Berto Fernandez", false}, // a given name keeps its al
		// Companies: every word, in order.
		{"Petro Gulf Services", "Gulf Petro Services", false},
		{"Bank Melli", "Bank Mellat", false},
		{"Oman Trading", "Oman Trading Services", false},
		{"Al Noor Trading LLC", "AL NOOR TRADING L.L.C.", true},
		{"General Petroleum Services", "Petroleum Services", false}, // a company keeps its ranks
	} {
		s := Match(c.a, c.b)
		if got := s >= MatchThreshold; got != c.match {
			t.Errorf("Match(%q, %q) = %.3f: match %v, want %v\n%s", c.a, c.b, s, got, c.match,
				strings.Join(Explain(Normalize(c.a), Normalize(c.b)).Reasons(), "\n"))
		}
	}
}

func TestExplain(t *testing.T) {
	ex := Explain(Normalize("Sheikh Ali bin Said Al-Hosni"), Normalize("AL-HOSNI, Ali Saeed"))
	want := []Part{
		{Role: "given name", A: "ali", B: "ali", Agreement: "same", Score: 1},
		{Role: "father's name", A: "said", B: "saeed", Agreement: "spelling variant", Score: 1},
		{Role: "family name", A: "hosni", B: "hosni", Agreement: "same", Score: 1},
	}
	if d := cmp.Diff(want, ex.Parts); d != "" {
		t.Errorf("parts (-want +got):\n%s", d)
	}
	notes := strings.Join(ex.Notes, "; ")
	if !strings.Contains(notes, "listed name is written family name first") || !strings.Contains(notes, "title set aside in the screened name: sheikh") {
		t.Errorf("notes: %s", notes)
	}
	ex = Explain(Normalize("Ali Al-Hosni"), Normalize("Ali Said Al-Hosni"))
	if len(ex.Parts) != 3 || ex.Parts[1].Agreement != "missing" || ex.Parts[1].B != "said" || ex.Parts[1].Role != "father's name" {
		t.Errorf("a missing middle name: %+v", ex.Parts)
	}
	ex = Explain(Normalize("Khalid Salim Al-Hinai"), Normalize("Khalid Salim Al-Habsi"))
	if last := ex.Parts[len(ex.Parts)-1]; last.Agreement != "different" || last.Role != "family name" || ex.Score >= MatchThreshold {
		t.Errorf("another family name: %+v, %.3f", ex.Parts, ex.Score)
	}
	if r := Explain(Normalize("Gulf Petro Services LLC"), Normalize("Gulf Petro Services")).Reasons(); !slices.Contains(r, "legal form set aside in the screened name: llc") || !strings.HasPrefix(r[0], "word: gulf = gulf") {
		t.Errorf("company reasons: %q", r)
	}
}

// TestMatchProperties: Match is symmetric, in [0, 1], 1 for a name and
// itself, insensitive to case, spacing and diacritics, and to a family
// name written first with a comma; swapping a person's given and
// father's names changes it.
func TestMatchProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 1))
	for i := 0; i < 2000; i++ {
		a, b := sample[r.IntN(len(sample))], sample[r.IntN(len(sample))]
		if i%2 == 0 {
			a, b = synthName(r), synthName(r)
		}
		ab, ba := Match(a, b), Match(b, a)
		if ab != ba {
			t.Fatalf("not symmetric: %q %q %v %v", a, b, ab, ba)
		}
		if ab < 0 || ab > 1 {
			t.Fatalf("out of range: %q %q %v", a, b, ab)
		}
		if s := Match(a, a); s != 1 && !Normalize(a).Empty() {
			t.Fatalf("Match(%q, itself) = %v", a, s)
		}
		for name, f := range map[string]func(*rand.Rand, string) string{"case": recase, "spacing": respace, "diacritics": diacritize} {
			if a2 := f(r, a); Match(a2, b) != ab {
				t.Fatalf("%s changes the score: %q vs %q: %v, %q vs %q: %v", name, a, b, ab, a2, b, Match(a2, b))
			}
		}
	}
	for _, p := range [][3]string{
		{"Mohammed Salim Al Harthy", "Al Harthy, Mohammed Salim", "Salim Mohammed Al Harthy"},
		{"محمد سالم الحارثي", "الحارثي، محمد سالم", "سالم محمد الحارثي"},
		{"Khalid Saif Al Busaidi", "AL-BUSAIDI, Khalid Saif", "Saif Khalid Al Busaidi"},
	} {
		if s := Match(p[0], p[1]); s != 1 {
			t.Errorf("family name first: Match(%q, %q) = %v, want 1", p[0], p[1], s)
		}
		if s := Match(p[0], p[2]); s >= MatchThreshold {
			t.Errorf("given and father's names swapped: Match(%q, %q) = %v", p[0], p[2], s)
		}
	}
}

// TestIndexMatchesMatchScan: Index.Matches finds exactly what scoring
// every name with Match finds, at several thresholds.
func TestIndexMatchesMatchScan(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	var corpus []string
	var keys []Key
	ix := NewIndex()
	for i := 0; i < 1000; i++ {
		n := synthName(r)
		if i%5 == 0 {
			n = sample[r.IntN(len(sample))]
		}
		corpus = append(corpus, n)
		keys = append(keys, Normalize(n))
		ix.Add(i, n)
	}
	scores := make([]float64, len(corpus))
	for q := 0; q < 200; q++ {
		query := synthName(r)
		if q%3 == 0 {
			query = mutate(r, corpus[r.IntN(len(corpus))])
		}
		k := Normalize(query)
		for i := range corpus {
			scores[i] = k.Match(keys[i])
		}
		for _, min := range []float64{0.5, 0.7, 0.85, 0.9, 1} {
			var want []Hit
			for i, n := range corpus {
				if s := scores[i]; s > 0 && s >= min {
					want = append(want, Hit{Ref: i, Name: n, Score: s})
				}
			}
			sortHits(want)
			got := ix.Matches(k, min)
			if len(want) == 0 && len(got) == 0 {
				continue
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("query %q min %v (-scan +index):\n%s", query, min, d)
			}
		}
	}
}

func BenchmarkMatch(b *testing.B) {
	x, y := Normalize("Sheikh Mohammed bin Salim Al-Harthy"), Normalize("محمد سالم الحارثي")
	for b.Loop() {
		x.Match(y)
	}
}
