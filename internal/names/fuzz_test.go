package names

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzNormalize: any string normalises without panicking, scores within
// [0, 1] symmetrically against itself and a reference name, and
// StripLegalForm returns parts of its input.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"Mohammed bin Rashid Al Maktoum", "شركة النور للتجارة ش.م.م", "L.L.C.", "Abd al-Rahman", "Nasr ad-Din", "\xff\xfe", "ـــ", "١٢٣"} {
		f.Add(s)
	}
	ref := Normalize("Al Noor Trading LLC")
	f.Fuzz(func(t *testing.T, s string) {
		k := Normalize(s)
		if a, b := k.Similarity(ref), ref.Similarity(k); a != b || a < 0 || a > 1 {
			t.Fatalf("Similarity %v / %v", a, b)
		}
		if !k.Empty() && k.Similarity(k) != 1 && len(k.gramsOf(repSkel)) > 0 {
			t.Fatalf("not similar to itself: %q", s)
		}
		if utf8.ValidString(s) {
			name, form := StripLegalForm(s)
			if !strings.Contains(s, name) || !strings.Contains(s, form) {
				t.Fatalf("StripLegalForm(%q) = %q, %q", s, name, form)
			}
		}
	})
}

// FuzzMatch: any two strings compare without panicking, symmetrically,
// within [0, 1]; a name matches itself fully; Explain's parts cover
// every word of both names; the index finds the name when it should.
func FuzzMatch(f *testing.F) {
	for _, s := range [][2]string{
		{"Ali bin Said Al-Hosni", "AL-HOSNI, Ali Said"},
		{"علي بن سعيد الحوسني", "Said bin Ali Al-Hosni"},
		{"Brig. Gen. Ali Shamkhani", "العميد علي شمخاني"},
		{"غلامرضا قاسمی", "Gholam Reza Qasemi"},
		{"Islamic Republic of Iran Shipping Lines (IRISL)", "IRISL (Shipping"},
		{"Евгений Пригожин", "Yevgeniy Prigozhin"},
		{"أسماء الرئيسي", "Asmaa Al Raisi"},
		{"Zine El Abidine Ben Ali", "Benali, Zine"},
		{"Petro Gulf Services LLC", "Gulf Petro Services"},
		{"Majan Packaging Industries LLC", "شركة مجان لصناعة التغليف ش.م.م"},
		{"Al Khuwair Real Estate Development", "الخوير للتطوير العقاري والعقارات"},
		{"شرکت بازرگانی سپید کویر", "Sepid Kavir Trading Co."},
		{"Ready Mix Concrete Concrete", "للخرسانة الجاهزة للحوم بصحار"},
		{"Abu Bakr", "Abubakar"},
		{"bin", "Al"},
		{",,,", "a, b, c, d"},
		{"ـــ", "ئ"},
		{"\xff\xfe", "١٢٣ Trading"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ka, kb := Normalize(a), Normalize(b)
		ab, ba := ka.Match(kb), kb.Match(ka)
		if ab != ba || ab < 0 || ab > 1 {
			t.Fatalf("Match(%q, %q) = %v, reversed %v", a, b, ab, ba)
		}
		if !ka.Empty() && ka.Match(ka) != 1 {
			t.Fatalf("Match(%q, itself) = %v", a, ka.Match(ka))
		}
		ex := Explain(ka, kb)
		if ex.Score != ab {
			t.Fatalf("Explain score %v, Match %v", ex.Score, ab)
		}
		if !ka.Empty() && !kb.Empty() {
			na, nb := 0, 0
			for _, p := range ex.Parts {
				na += len(strings.Fields(p.A))
				nb += len(strings.Fields(p.B))
			}
			if na != len(ka.words) || nb != len(kb.words) {
				t.Fatalf("Explain(%q, %q) covers %d and %d words of %d and %d: %+v", a, b, na, nb, len(ka.words), len(kb.words), ex.Parts)
			}
		}
		ix := NewIndex()
		ix.Add(1, b)
		hits := ix.Matches(ka, 0.5)
		if found := len(hits) == 1; found != (ab >= 0.5 && ab > 0) {
			t.Fatalf("index finds %v for %q in %q, Match %v", hits, a, b, ab)
		}
	})
}
