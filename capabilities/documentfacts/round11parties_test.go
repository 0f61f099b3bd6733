package documentfacts

import (
	"slices"
	"strings"
	"testing"
)

// Issue 29, session 15, round 11: parties and obligations from heldout8's
// classes (docs/documents.md, "round 11, parties and obligations from
// heldout8"). Sentences of our own in English and Arabic, guards among
// them: a party absent (noParty) or an obligation absent (noObl, its
// "role modality: anchor" head and anchor).
func TestRound11Parties(t *testing.T) {
	for _, tc := range []struct {
		name    string
		text    string
		parties map[string]string // name -> role
		noParty []string
		obls    []string // "role modality: anchor" each found
		noObl   []string // an anchor no obligation's action holds
	}{
		// Class O1: a role word written with its short vowels.
		{"arabic role word with shadda, present-tense duty",
			"عقد ترخيص\nأبرم هذا العقد بين شركة رأس الحد للمرافئ ش.م.ع.م ويشار إليها بـ \"المرخِّص\" وشركة الأمواج للرحلات ش.م.م ويشار إليها بـ \"المرخَّص له\".\nيدفع المرخَّص له الرسوم مقدماً.\nيلتزم المرخِّص بتوفير الكهرباء.\nلا يجوز للمرخَّص له التنازل عن الترخيص.",
			nil, nil,
			[]string{"licensee must: الرسوم مقدماً", "licensor must: بتوفير الكهرباء", "licensee must_not: التنازل"}, nil},
		{"a voweled role word of the guideline",
			"يلتزم المؤجِّر بصيانة السطح سنوياً.",
			nil, nil,
			[]string{"landlord must: بصيانة السطح"}, nil},
		// Class O2: present-tense verbs of a duty the list lacked.
		{"arabic present-tense duties: attend, supply, replace",
			"عقد خدمات\nيحضر المستشار الاجتماعات الشهرية.\nيزود العميل المستشار بالبيانات اللازمة.\nيستبدل المورد أي قطعة تالفة خلال سبعة أيام.",
			nil, nil,
			[]string{"consultant must: الاجتماعات الشهرية", "customer must: بالبيانات", "supplier must: أي قطعة تالفة"}, nil},
		{"a present-tense verb without a party binds no one",
			"يحضر الاجتماع ممثلون عن الجهات المعنية.",
			nil, nil, nil, []string{"الاجتماع"}},
		{"a present-tense verb in a relative clause describes",
			"تشمل الأتعاب المستندات التي يزود العميل بها المكتب.",
			nil, nil, nil, []string{"بها المكتب"}},
		// Class O3: broker, an Arabic role word the lexicon lacked.
		{"arabic broker",
			"يلتزم الوسيط بعرض العقار على منصتين.\nلا يجوز للوسيط تخفيض السعر.\nيبلغ الوسيط البائع بكل عرض.",
			nil, nil,
			[]string{"broker must: بعرض العقار", "broker must_not: تخفيض السعر", "broker must: البائع بكل عرض"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parties, obls := roleFacts(t, tc.text)
			for name, role := range tc.parties {
				if got, ok := parties[name]; !ok || got != role {
					t.Errorf("party %q: role %q (found %v), want %q; parties %v", name, got, ok, role, parties)
				}
			}
			for _, name := range tc.noParty {
				if _, ok := parties[name]; ok {
					t.Errorf("party %q found; parties %v", name, parties)
				}
			}
			for _, w := range tc.obls {
				head, anchor, _ := strings.Cut(w, ": ")
				if !slices.ContainsFunc(obls, func(o string) bool {
					oh, oa, _ := strings.Cut(o, ": ")
					return oh == head && strings.Contains(oa, anchor)
				}) {
					t.Errorf("obligation %q not found; got %q", w, obls)
				}
			}
			for _, a := range tc.noObl {
				if slices.ContainsFunc(obls, func(o string) bool { return strings.Contains(o, a) }) {
					t.Errorf("obligation with %q found; got %q", a, obls)
				}
			}
		})
	}
}
