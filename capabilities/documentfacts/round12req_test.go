package documentfacts

import (
	"strings"
	"testing"
)

// Issue 29, session 15, round 12: requirements, parties and obligations
// from heldout9's classes (docs/documents.md, "round 12, requirements and
// parties from heldout9"). Sentences of our own in English and Arabic,
// guards among them: reqs are "category|modality|anchor" found, noReq
// anchors no requirement holds; parties name -> role ("-" none); obls
// "role modality: anchor" found.
func TestRound12(t *testing.T) {
	for _, tc := range []roundCase{
		// R1: الشروط المطلوبة opens a job advert's requirements.
		{"arabic job advert, required conditions",
			"إعلان وظيفة شاغرة: مهندس مدني\nتعلن شركة الريم للمقاولات ذ.م.م عن حاجتها إلى مهندس مدني.\n\nالشروط المطلوبة\n\n١. درجة البكالوريوس في الهندسة المدنية.\n٢. خبرة لا تقل عن خمس سنوات في مشاريع الطرق.\n\nالمزايا\n\nراتب مجز وسكن.",
			[]string{"eligibility|mandatory|البكالوريوس", "experience|mandatory|خبرة"}, []string{"راتب"}, nil, nil},
		{"arabic job advert, conditions to be met",
			"إعلان وظيفة شاغرة: سائق\nالشروط الواجب توفرها\n\n- رخصة قيادة عمانية سارية.\n- خبرة سنتين في القيادة.",
			[]string{"experience|mandatory|خبرة سنتين"}, nil, nil, nil},
		{"guard: required conditions in a contract are no requirements",
			"عقد توريد\nأبرم هذا العقد بين شركة الريم للتجارة ش.م.م (\"المورد\") وشركة البحر للمقاولات ش.م.م (\"المشتري\").\n\nالشروط المطلوبة\n\n١. أن تكون المواد مطابقة للعينة.",
			nil, []string{"مطابقة"}, nil, nil},
		// R2: documents listed after a lead-in under How to apply.
		{"english job advert, documents after a lead-in",
			"Vacancy: Site Engineer\nMajan Builders LLC is hiring a site engineer.\n\n## How to apply\n\nApplications must be emailed by 1 May 2026. Each application must include:\n\n- an updated CV;\n- a copy of the passport.\n\nCandidates must not send original certificates.",
			[]string{"documentation|mandatory|CV", "documentation|mandatory|passport"}, []string{"original certificates"}, nil, nil},
		{"arabic job advert, documents after a lead-in, list ends at a duty",
			"إعلان وظيفة شاغرة: محاسب\n\nطريقة التقديم\n\nترسل الطلبات بالبريد الإلكتروني.\nيجب على المتقدم إرفاق المستندات التالية:\n\n- السيرة الذاتية؛\n- صورة البطاقة المدنية.\n\nلا يجوز للمتقدم التقدم لأكثر من وظيفة واحدة.",
			[]string{"documentation|mandatory|السيرة الذاتية", "documentation|mandatory|البطاقة المدنية"}, []string{"لأكثر من وظيفة"}, nil, nil},
		{"guard: a lead-in in a contract lists no requirements",
			"Supply Agreement between Gulf Pipes LLC (the \"Supplier\") and Sur Water SAOC (the \"Buyer\").\n\nEach delivery must include:\n\n- a delivery note;\n- a test certificate.",
			nil, []string{"delivery note", "test certificate"}, nil, nil},
		// R3: liability insurance in Arabic.
		{"arabic liability insurance is insurance",
			"دعوة لإبداء الاهتمام\n\nالمتطلبات\n\n١- يجب أن يكون لدى المتقدم تأمين مسؤولية تجاه الغير لا يقل عن مليون درهم.",
			[]string{"insurance|mandatory|تأمين مسؤولية"}, nil, nil, nil},
		// R5: what an expression of interest must hold.
		{"expression of interest content, both scripts",
			"Call for Expressions of Interest\n\nDocuments\n\nEach expression of interest must include a copy of the trade licence.\nيجب أن يتضمن كل طلب نسخة من الرخصة التجارية.",
			[]string{"documentation|mandatory|trade licence", "documentation|mandatory|نسخة من الرخصة"}, nil, nil, nil},
		// P1: a role word kept in the singular.
		{"plural role words are kept singular",
			"This Charter Party is made between Sea Tugs Co. W.L.L. (the \"Owners\") and Port Terminals Company K.S.C.C. (the \"Charterers\").\nThe Owners shall provide a full crew.\nThe Charterers shall pay hire monthly.",
			nil, nil, map[string]string{"Sea Tugs Co. W.L.L.": "owner", "Port Terminals Company K.S.C.C.": "charterer"},
			[]string{"owner must: provide a full crew", "charterer must: pay hire"}},
		// P2: school and parent.
		{"school and parent",
			"Student Enrolment Contract\nBetween Gulf Horizon School LLC (the \"School\") and Ali Said Nasser, father of the Student (the \"Parent\").\nThe Parent shall pay each instalment by its due date.\nThe School shall provide a report every term.",
			nil, nil, map[string]string{"Gulf Horizon School LLC": "school"},
			[]string{"parent must: pay each instalment", "school must: provide a report"}},
		{"school and parent in arabic",
			"عقد تسجيل طالب\nبين مدرسة الأفق الخاصة ذ.م.م (\"المدرسة\") وسالم علي الهنائي (\"ولي الأمر\").\nيلتزم ولي الأمر بسداد كل قسط في تاريخ استحقاقه.\nتلتزم المدرسة بتزويد ولي الأمر بتقرير فصلي.",
			nil, nil, nil,
			[]string{"parent must: بسداد", "school must: بتزويد"}},
		// P4: a job advert's author is its employer.
		{"job advert: the announcing company is the employer",
			"إعلان وظيفة شاغرة: محاسب\nتعلن شركة النخيل للتجارة ذ.م.م عن حاجتها إلى محاسب للعمل في الكويت.",
			nil, nil, map[string]string{"شركة النخيل للتجارة ذ.م.م": "employer"}, nil},
		{"job advert: the letterhead company is the employer",
			"# Vacancy: Store Keeper\n**Sohar Steel Mills LLC** - Sohar, Oman\nSohar Steel Mills LLC (the \"Company\") runs a rolling mill and is looking for a store keeper.",
			nil, nil, map[string]string{"Sohar Steel Mills LLC": "employer"}, nil},
		{"guard: a tender's announcing company stays the issuer",
			"مناقصة رقم ٥/٢٠٢٦\nتعلن شركة النخيل للتجارة ذ.م.م عن طرح مناقصة توريد أثاث مكتبي.",
			nil, nil, map[string]string{"شركة النخيل للتجارة ذ.م.م": "issuer"}, nil},
		// O1: a passive duty with its agent.
		{"passive duty binds its agent",
			"Concession Agreement between Sur Ports SAOC (the \"Grantor\") and Bay Cafe LLC (the \"Operator\").\nThe deposit shall be refunded by the Grantor within thirty days.",
			nil, nil, nil, []string{"grantor must: be refunded"}},
		{"guard: a passive with no agent binds no one",
			"Concession Agreement between Sur Ports SAOC (the \"Grantor\") and Bay Cafe LLC (the \"Operator\").\nThe deposit shall be refunded within thirty days.",
			nil, nil, nil, []string{"- must: The deposit"}},
		// P3: a party first met in a letter's lines, defined later.
		{"letter of intent: defined roles after the letterhead",
			"NIZWA QUARRIES SAOC\nP.O. Box 12, Nizwa\n\nTo: Falaj Transport LLC\n\nLETTER OF INTENT\n\n1. Nizwa Quarries SAOC (the \"Company\") intends to award Falaj Transport LLC (the \"Contractor\") a haulage contract.\n2. The Contractor shall confirm its acceptance within five days.",
			nil, nil, map[string]string{"NIZWA QUARRIES SAOC": "issuer", "Falaj Transport LLC": "contractor"},
			[]string{"contractor must: confirm its acceptance"}},
		{"guard: a name's own word defined after a letter line is no role",
			"To: Baker Hughes Oman LLC\n\nDear Sirs,\n\nBaker Hughes Oman LLC (\"Baker\") is invited to a meeting.",
			nil, nil, map[string]string{"Baker Hughes Oman LLC": "!baker"}, nil},
	} {
		t.Run(tc.name, tc.check)
	}
}

// roundCase is one case of the round 12 and 13 table tests: reqs are
// "category|modality|anchor" found, noReq anchors no requirement holds,
// parties name -> role ("!role": found with another role), obls
// "role modality: anchor" found.
type roundCase struct {
	name    string
	text    string
	reqs    []string
	noReq   []string
	parties map[string]string
	obls    []string
}

// check extracts the case's text and reports each expectation it misses.
func (c roundCase) check(t *testing.T) {
	c.checkOutput(t, extractText(t, c.text))
}

// checkOutput reports each expectation of the case out misses (a case
// read as Markdown or HTML is extracted by its test).
func (c roundCase) checkOutput(t *testing.T, out Output) {
	items := evalItems(out)
	var reqs, obls []string
	parties := map[string]string{}
	norm := func(s string) string { return strings.TrimRight(strings.ToLower(s), ".") }
	for _, g := range items {
		switch g.typ {
		case "requirement":
			reqs = append(reqs, g.key+"|"+g.val+"|"+g.text)
		case "obligation":
			obls = append(obls, g.desc)
		case "party":
			parties[norm(g.val)] = g.key
		}
	}
	for _, w := range c.reqs {
		cat, rest, _ := strings.Cut(w, "|")
		mod, anchor, _ := strings.Cut(rest, "|")
		ok := false
		for _, r := range reqs {
			if strings.HasPrefix(r, cat+"|"+mod+"|") && strings.Contains(strings.ToLower(r), strings.ToLower(anchor)) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("requirement %q not found in %q", w, reqs)
		}
	}
	for _, a := range c.noReq {
		for _, r := range reqs {
			if strings.Contains(r, a) {
				t.Errorf("requirement holding %q found: %q", a, r)
			}
		}
	}
	for name, role := range c.parties {
		got, ok := parties[norm(name)]
		if not, neg := strings.CutPrefix(role, "!"); neg && ok && got != not {
			continue
		}
		if !ok || got != role {
			t.Errorf("party %q: role %q (found %v), want %q; parties %v", name, got, ok, role, parties)
		}
	}
	for _, w := range c.obls {
		head, anchor, _ := strings.Cut(w, ": ")
		ok := false
		for _, o := range obls {
			if strings.HasPrefix(o, head+":") && strings.Contains(o, anchor) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("obligation %q not found in %q", w, obls)
		}
	}
}
