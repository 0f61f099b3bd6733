package names

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDictionaryForms: every form of the dictionary, written as a name,
// is found whole with its meaning: no form is lost to the folding of
// names (a legal form, a title, a particle inside it).
func TestDictionaryForms(t *testing.T) {
	for id, e := range dictionary {
		for _, forms := range []string{e.lat, e.ar} {
			for _, f := range strings.Split(forms, ",") {
				f = strings.TrimSpace(f)
				k := Normalize(f)
				if len(k.spans) != 1 || k.spans[0].at != 0 || k.spans[0].n != len(k.words) || !slices.Contains(k.spans[0].ids, uint16(id)) {
					t.Errorf("%s: form %q normalises to %q, spans %+v", e.head, f, k.String(), k.spans)
				}
			}
		}
	}
}

// TestTranslationExamples: the rules of a company's name across
// languages, one example each.
func TestTranslationExamples(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		match bool
	}{
		// The generic words translated, the distinctive one
		// transliterated, the activity first in Arabic.
		{"Majan Packaging Industries LLC", "شركة مجان لصناعة التغليف ش.م.م", true},
		{"Al Noor Trading", "النور للتجارة", true},
		{"Al Khuwair Real Estate Development", "الخوير للتطوير العقاري", true}, // a phrase for a word
		{"Adam Logistics SPC", "شركة أدم للخدمات اللوجستية ش.ش.و", true},       // and a word for a phrase
		{"Oman Oil Marketing Company SAOG", "شركة النفط العمانية للتسويق ش.م.ع.ع", true},
		{"Gulf Trading LLC", "شركة الخليج للتجارة", true},             // generic words only
		{"Sohar Free Zone Company", "شركة المنطقة الحرة بصحار", true}, // بصحار: in Sohar
		{"National Meat Company", "الشركة الوطنية للحوم", true},       // للحوم: ل + لحوم
		{"Parsian Trading Co.", "شرکت بازرگانی پارسیان", true},        // Persian
		{"Majan Cables", "مجان كيبلز", true},                          // an English word in Arabic letters
		{"Al Nahda Services", "النهضة للخدمات", true},                 // a translatable name transliterated
		{"Renaissance Services", "النهضة للخدمات", true},              // or translated
		// Hard negatives: another activity, another distinctive word,
		// one translated word differing, a word more.
		{"Majan Trading", "مجان للمقاولات", false},
		{"Majan Trading", "النور للتجارة", false},
		{"Majan Packaging Industries", "مجان لصناعة الأغذية", false},
		{"Oman National Engineering and Investment Company", "العمانية الوطنية للهندسة والمقاولات", false},
		{"Majan Trading", "مجان للتجارة والمقاولات", false},
		// Only a company's name, only across scripts.
		{"Saqr Al Qasimi", "نسر القاسمي", false}, // people's names are not translated
		{"Khalid Hadid", "خالد حديد", true},
		{"Trading Majan", "Majan Trading", false}, // one language: order counts
		{"تجارة مجان", "مجان للتجارة", false},
	} {
		s := Match(c.a, c.b)
		if got := s >= MatchThreshold; got != c.match {
			t.Errorf("Match(%q, %q) = %.3f: match %v, want %v\n%s", c.a, c.b, s, got, c.match,
				strings.Join(Explain(Normalize(c.a), Normalize(c.b)).Reasons(), "\n"))
		}
	}
}

func TestExplainTranslation(t *testing.T) {
	ex := Explain(Normalize("Majan Packaging Industries LLC"), Normalize("شركة مجان لصناعة التغليف ش.م.م"))
	want := []Part{
		{Role: "word", A: "majan", B: "مجان", Agreement: "spelling variant", Score: 1},
		{Role: "word", A: "packaging", B: "تغليف", Agreement: "translation", Score: translateQ},
		{Role: "word", A: "industries", B: "لصناعه", Agreement: "translation", Score: translateQ},
	}
	if d := cmp.Diff(want, ex.Parts); d != "" {
		t.Errorf("parts (-want +got):\n%s", d)
	}
	if !ex.Company || ex.Score < MatchThreshold || !slices.ContainsFunc(ex.Notes, func(n string) bool { return strings.HasPrefix(n, "compared across languages") }) {
		t.Errorf("company %v score %.3f notes %q", ex.Company, ex.Score, ex.Notes)
	}
	r := Explain(Normalize("Al Khuwair Real Estate Development"), Normalize("الخوير للتطوير العقاري")).Reasons()
	if !slices.Contains(r, "word: real estate = عقاري (translation)") || !slices.Contains(r, "word: development = تطوير (translation)") {
		t.Errorf("reasons: %q", r)
	}
	// Another activity: the parts say which words differ.
	ex = Explain(Normalize("Majan Trading"), Normalize("مجان للمقاولات"))
	if ex.Score >= MatchThreshold || len(ex.Parts) != 2 || ex.Parts[0].Agreement != "spelling variant" || ex.Parts[1].Agreement != "different" {
		t.Errorf("another activity: %.3f %+v", ex.Score, ex.Parts)
	}
}

// TestIndexFindsTheLabelledPairs: for every labelled pair, an index
// holding name b finds it for name a exactly when Match says they are
// the same name: the classes of meaning the index counts bring a
// translation, which shares no sound with its name, to the comparison.
func TestIndexFindsTheLabelledPairs(t *testing.T) {
	for _, path := range []string{"pairs.tsv", "structure_pairs.tsv", "probe_pairs.tsv", "heldout_pairs.tsv", "translation_pairs.tsv"} {
		pairs := readPairs(t, "testdata/"+path)
		ix := NewIndex()
		for i, p := range pairs {
			ix.Add(i, p.B)
		}
		translatedFound := 0
		for i, p := range pairs {
			ka, kb := Normalize(p.A), Normalize(p.B)
			s := ka.Match(kb)
			found := slices.ContainsFunc(ix.Matches(ka, MatchThreshold), func(h Hit) bool { return h.Ref == i })
			if found != (s >= MatchThreshold) {
				t.Errorf("%s line %d: Match %.3f, index found %v", path, p.Line, s, found)
			}
			if found && compare(ka, kb).translated {
				translatedFound++
				// A term index files a company's name under its
				// meanings too (Key.Meanings): a translation shares one.
				if !slices.ContainsFunc(ka.Meanings(), func(m string) bool { return slices.Contains(kb.Meanings(), m) }) {
					t.Errorf("%s line %d: %q and %q share no meaning: %q, %q", path, p.Line, p.A, p.B, ka.Meanings(), kb.Meanings())
				}
			}
		}
		t.Logf("%s: %d pairs found through a translation", path, translatedFound)
	}
}
