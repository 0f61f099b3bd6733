package documentfacts

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"dalil/capabilities/documentfacts/read"
)

// Issue 29, session 15: party roles from the text's role words
// (rolelexicon.go). The figures and the development log below; the table
// tests of the mechanism after them.

// roleFigureDirs are the corpora whose party and obligation figures
// TestRound10RoleFigures prints: the development corpora, then the
// validation fold (dev6, heldout5), whose misses are never printed.
var roleFigureDirs = []string{"testdata/eval", "testdata/tuning", "testdata/dev3", "testdata/dev4", "testdata/dev5",
	"testdata/dev6", "testdata/heldout5"}

// roleDevDirs are the corpora whose misses the development log may print.
var roleDevDirs = []string{"testdata/eval", "testdata/tuning", "testdata/dev3", "testdata/dev4", "testdata/dev5"}

// TestRound10RoleFigures prints strict and loose precision and recall of
// parties and obligations per corpus, figures only.
// go test ./capabilities/documentfacts -run 'TestRound10RoleFigures$' -v
func TestRound10RoleFigures(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(&b, "%-10s %-19s %-19s %-19s %-19s\n", "corpus", "party strict", "party loose", "obligation strict", "obligation loose")
	for _, dir := range roleFigureDirs {
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		sc := map[bool]map[string]*evalScore{}
		for _, loose := range []bool{false, true} {
			sc[loose] = map[string]*evalScore{"party": {}, "obligation": {}}
		}
		for _, d := range loadEvalCorpus(t, dir, 1) {
			out := extractAll(renderEval(t, d.dir, d.name), source{kind: "text"}, Input{})
			d.bilingual = detectLanguage(out.Text) == "mixed"
			items := evalItems(out)
			for _, loose := range []bool{false, true} {
				s, _, _ := scoreDoc(d, items, loose)
				for _, typ := range []string{"party", "obligation"} {
					a := sc[loose][typ]
					a.tp, a.found, a.want = a.tp+s[typ].tp, a.found+s[typ].found, a.want+s[typ].want
				}
			}
		}
		pr := func(s *evalScore) string { return fmt.Sprintf("%s %d/%d/%d", fmtPR(s), s.tp, s.found, s.want) }
		fmt.Fprintf(&b, "%-10s %-19s %-19s %-19s %-19s\n", strings.TrimPrefix(dir, "testdata/"),
			pr(sc[false]["party"]), pr(sc[true]["party"]), pr(sc[false]["obligation"]), pr(sc[true]["obligation"]))
	}
	t.Log("\n" + b.String())
}

// TestRound10RoleMisses prints, for the development corpora only, the
// parties and obligations found by value but with the wrong role or party
// (strict misses that loose scoring matches), and the other misses and
// extras of the two types. Set DALIL_ROLE_MISSES=1 to run it.
func TestRound10RoleMisses(t *testing.T) {
	if os.Getenv("DALIL_ROLE_MISSES") == "" {
		t.Skip("set DALIL_ROLE_MISSES=1")
	}
	for _, dir := range roleDevDirs {
		if !slices.Contains(roleDevDirs, dir) {
			t.Fatalf("%s is no development corpus", dir)
		}
		for _, d := range loadEvalCorpus(t, dir, 1) {
			out := extractAll(renderEval(t, d.dir, d.name), source{kind: "text"}, Input{})
			d.bilingual = detectLanguage(out.Text) == "mixed"
			items := evalItems(out)
			_, missed, extra := scoreDoc(d, items, false)
			_, looseMissed, _ := scoreDoc(d, items, true)
			var lines []string
			for _, m := range missed {
				if strings.HasPrefix(m, "party") || strings.HasPrefix(m, "obligation") {
					kind := "missed:"
					if !slices.Contains(looseMissed, m) {
						kind = "role:  " // found by value, with the wrong role
					}
					lines = append(lines, "  "+kind+" "+m)
				}
			}
			for _, e := range extra {
				if strings.HasPrefix(e, "party") || strings.HasPrefix(e, "obligation") {
					lines = append(lines, "  extra:  "+e)
				}
			}
			if len(lines) > 0 {
				t.Logf("%s/%s:\n%s", dir, d.name, strings.Join(lines, "\n"))
			}
		}
	}
}

// roleFacts is what a text gives: each party's role by name ("-" for
// none) and each obligation as "role modality: action".
func roleFacts(t *testing.T, text string) (map[string]string, []string) {
	t.Helper()
	var out Output
	if strings.HasPrefix(text, "# ") {
		// Markdown: its tables are read as tables.
		doc, err := read.Read(context.Background(), []byte(text), "", "doc.md", read.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		out = extractAll(doc, source{kind: "text"}, Input{})
	} else {
		out = extractText(t, text)
	}
	parties := map[string]string{}
	for _, f := range out.Facts {
		if f.Type == TypeParty {
			r := f.Role
			if r == "" {
				r = "-"
			}
			parties[f.Value] = r
		}
	}
	var obls []string
	for _, o := range out.Obligations {
		r := o.PartyRole
		if r == "" {
			r = "-"
		}
		obls = append(obls, r+" "+o.Modality+": "+o.Action)
	}
	return parties, obls
}

// TestRound10RoleWords: a party's role is the role word the text defines
// for it, normalised one way; a duty binds the role its subject names,
// through the same definitions.
func TestRound10RoleWords(t *testing.T) {
	for _, tc := range []struct {
		name    string
		text    string
		parties map[string]string // name -> role
		obls    []string          // "role modality: anchor" each found
	}{
		{"caterer hereinafter",
			"This Catering Agreement is made between Saffron Kitchens LLC, hereinafter the \"Caterer\", and Wadi Sahtan Resort SAOC (the \"Client\").\n" +
				"The Caterer shall serve breakfast from 6:30 a.m. each day.\nThe Client shall provide a kitchen of at least 80 square metres.",
			map[string]string{"Saffron Kitchens LLC": "caterer", "Wadi Sahtan Resort SAOC": "customer"},
			[]string{"caterer must: serve breakfast", "customer must: provide a kitchen"}},
		{"charter party, plural roles without quotes",
			"This Time Charter is made between Blue Dhow Shipping LLC (the Owners) and Ras Madrakah Cement SAOG (the Charterers).\n" +
				"The Charterers shall pay hire every fifteen days in advance.\nThe Owners shall keep the vessel in a thoroughly efficient state.",
			map[string]string{"Blue Dhow Shipping LLC": "owner", "Ras Madrakah Cement SAOG": "charterer"},
			[]string{"charterer must: pay hire", "owner must: keep the vessel"}},
		{"short name stands for its role",
			"This Supply Agreement is made between Al Noor Tiles LLC (\"Al Noor\" or the \"Supplier\") and Hajar Builders SAOC (the \"Buyer\").\n" +
				"Al Noor shall deliver the tiles to the site in Barka.",
			map[string]string{"Al Noor Tiles LLC": "supplier", "Hajar Builders SAOC": "buyer"},
			[]string{"supplier must: deliver the tiles"}},
		{"short name, role word kept as written",
			"This Operation Agreement is made between Qurayyat Power Company SAOC (\"QPC\") and Sawt Energy Services LLC (hereinafter referred to as the \"Operator\").\n" +
				"The Operator shall maintain the plant's availability at 95 percent.",
			map[string]string{"Sawt Energy Services LLC": "operator"},
			[]string{"operator must: maintain the plant"}},
		{"a two-word role word",
			"This Agreement is made between Sidab Towers SAOC (the \"Owner\") and Corniche Estates LLC (the \"Managing Agent\").\n" +
				"The Managing Agent shall collect the rents of the building.",
			map[string]string{"Sidab Towers SAOC": "owner", "Corniche Estates LLC": "managing_agent"},
			[]string{"managing_agent must: collect the rents"}},
		{"a subject role word of no definition",
			"Hire of equipment.\nThe Hirer shall return the crane clean and in working order.",
			nil,
			[]string{"tenant must: return the crane"}}, // session 21, decision 41
		{"a guideline role in the plural",
			"The Suppliers shall submit their invoices monthly.",
			nil,
			[]string{"supplier must: submit their invoices"}},
		{"a name without its legal form",
			"This Supply Agreement is made between Gulf Steel Industries SAOG (the \"Seller\") and Oman Rebar Traders LLC (the \"Buyer\").\nGulf Steel Industries shall deliver the rebar within 30 days.",
			nil,
			[]string{"seller must: deliver the rebar"}},
		{"a short name shaped like a role word",
			"This Services Agreement is made between Baker Hughes Oman LLC (\"Baker\") and Petroleum Development Oman LLC (the \"Company\").\nBaker shall mobilise the rig within 14 days.",
			map[string]string{"Baker Hughes Oman LLC": "-"},
			[]string{"- must: mobilise the rig"}},
		{"a thing defined after a verb is no role",
			"This Sale Agreement is made on 2 May 2026. Majan Heavy Equipment LLC agrees to sell to Sohar Roads SPC one wheel loader (the \"Loader\").",
			map[string]string{"Majan Heavy Equipment LLC": "-", "Sohar Roads SPC": "-"},
			nil},
		{"a post in a label's brackets is no role",
			"EMPLOYMENT CONTRACT\nEmployer: Oasis Hospitality SAOC\nEmployee (Manager): Ms. Fatma Al Rawahi",
			map[string]string{"Oasis Hospitality SAOC": "employer", "Fatma Al Rawahi": "employee"},
			nil},
		{"the first word of one party's name",
			"This Agreement is made between Nawras Tech Solutions LLC, a company registered in Muscat (hereinafter referred to as the \"Service Provider\"), and Bank Dhofar SAOG (the \"Client\").\nNawras shall keep all client data within Oman.",
			nil,
			[]string{"supplier must: keep all client data"}},
		{"a representative is cut from the labelled name",
			"عقد عمل\nالطرف الأول: شركة الواحة للضيافة ش.م.ع.م ويمثلها السيد خالد بن علي الهنائي بصفته المدير العام، ويشار إليها فيما بعد بـ \"صاحب العمل\".\nالطرف الثاني: السيدة فاطمة بنت سعيد الراشدية ويشار إليها فيما بعد بـ \"الموظفة\".\nيلتزم الطرف الثاني بأداء العمل بأمانة.",
			map[string]string{"شركة الواحة للضيافة ش.م.ع.م": "employer", "فاطمة بنت سعيد الراشدية": "employee"},
			[]string{"employee must: بأداء العمل"}},
		{"a short name is no role",
			"This Agreement is made between Nordwerk Armaturen GmbH (\"Nordwerk\") and Sohar Valve Trading LLC.",
			map[string]string{"Nordwerk Armaturen GmbH": "-"},
			nil},
		{"the Company is no role word",
			"TENDER FOR THE SUPPLY OF PAPER\nMajan Printing SAOC (the \"Company\") invites tenders for the supply of paper.\nThe Company shall return the bid bonds of unsuccessful bidders.",
			map[string]string{"Majan Printing SAOC": "issuer"},
			[]string{"issuer must: return the bid bonds"}},
		{"a thing defined is no role",
			"This Agreement is made between Bahja Foods LLC (the \"Distributor\") and Oryx Dairy SAOG (the \"Principal\") for the products listed in Annex 1 (the \"Order\").",
			map[string]string{"Bahja Foods LLC": "distributor", "Oryx Dairy SAOG": "principal"},
			nil},
		{"arabic definition",
			"أبرم هذا العقد بين شركة الوادي للتموين ش.م.م ويشار إليها فيما بعد بـ \"متعهد التموين\" وبين شركة النسيم للفنادق ش.م.م ويشار إليها فيما بعد بـ \"العميل\".\n" +
				"يلتزم متعهد التموين بتقديم الوجبات في مواعيدها.",
			map[string]string{"شركة الوادي للتموين ش.م.م": "caterer", "شركة النسيم للفنادق ش.م.م": "customer"},
			[]string{"caterer must: بتقديم الوجبات"}},
		{"arabic spelling without hamza",
			"الطرف الأول: شركة الريف للعقارات ش.م.م ويشار إليها بـ \"الموجر\"\nيلتزم الموجر بصيانة المبنى.",
			map[string]string{"شركة الريف للعقارات ش.م.م": "landlord"},
			[]string{"landlord must: بصيانة المبنى"}},
		{"the first party is the role it is defined by",
			"الطرف الأول: شركة الخوير للعقارات ش.م.م ويشار إليها بـ \"المؤجر\"\nالطرف الثاني: مؤسسة البستان للتجارة ويشار إليها بـ \"المستأجر\"\nيلتزم الطرف الأول بصيانة المبنى.\nيلتزم الطرف الثاني بدفع الأجرة في موعدها.",
			map[string]string{"شركة الخوير للعقارات ش.م.م": "landlord", "مؤسسة البستان للتجارة": "tenant"},
			[]string{"landlord must: بصيانة المبنى", "tenant must: بدفع الأجرة"}},
		{"first party in English, defined as the lessor",
			"This Lease is made between Khuwair Estates LLC (the \"First Party\" or the \"Lessor\") and Bustan Trading LLC (the \"Second Party\" or the \"Lessee\").\nThe First Party shall insure the building.\nThe Second Party shall not sublet the premises.",
			map[string]string{"Khuwair Estates LLC": "landlord", "Bustan Trading LLC": "tenant"},
			[]string{"landlord must: insure the building", "tenant must_not: sublet"}},
		{"a first party of no other role stays first_party",
			"الطرف الأول: شركة الديار للتطوير ش.م.م\nالطرف الثاني: مؤسسة الأمل للمقاولات\nيلتزم الطرف الأول بسداد المبلغ المتفق عليه.",
			map[string]string{"شركة الديار للتطوير ش.م.م": "first_party"},
			[]string{"first_party must: بسداد المبلغ"}},
		{"a label of a role word the fixed labels lack",
			"VOYAGE CHARTER PARTY\nOwners: Blue Dhow Shipping LLC\nCharterers:\nRas Madrakah Cement SAOG\nThe Owners shall present the vessel at Duqm by 5 May 2026.",
			map[string]string{"Blue Dhow Shipping LLC": "owner", "Ras Madrakah Cement SAOG": "charterer"},
			[]string{"owner must: present the vessel"}},
		{"a job title over a person is no party's role",
			"Site Engineer: Eng. Ahmed Al Balushi",
			map[string]string{"Ahmed Al Balushi": "-"},
			nil},
		{"an arabic label of the lexicon",
			"عقد تشغيل\nالمشغل: شركة ظفار للتشغيل والصيانة ش.م.م\nيلتزم المشغل بتقديم تقرير شهري.",
			map[string]string{"شركة ظفار للتشغيل والصيانة ش.م.م": "operator"},
			[]string{"operator must: بتقديم تقرير"}},
		{"a table of parties with a role column",
			"# Catering Agreement: the parties\n\n| Role | Party | CR No. |\n|---|---|---|\n| Caterer | Saffron Kitchens LLC | 1234567 |\n| Client | Wadi Sahtan Resort SAOC | 7654321 |\n",
			map[string]string{"Saffron Kitchens LLC": "caterer", "Wadi Sahtan Resort SAOC": "customer"},
			nil},
		{"a label of payment details is no role",
			"TAX INVOICE\nBank: Bank Muscat\nBeneficiary: Al Noor Trading LLC\nIBAN: OM88 0180 0000 0123 4567 890",
			map[string]string{"Al Noor Trading LLC": "supplier"},
			nil},
		{"a staff table's role is a post",
			"# Key staff\n\n| Role | Name |\n|---|---|\n| Lead Consultant | Dr. Salma Al Harthy |\n| Site Engineer | Eng. Ahmed Al Balushi |\n",
			map[string]string{"Salma Al Harthy": "-", "Ahmed Al Balushi": "-"},
			nil},
		{"a post as a subject binds no role",
			"The Project Manager shall approve each invoice within 5 days.",
			nil,
			[]string{"- must: approve each invoice"}},
		{"signed for and on behalf of a role",
			"CATERING AGREEMENT\nSigned for and on behalf of the Caterer\nSaffron Kitchens LLC\nName: Ahmed Al Balushi\nTitle: General Manager",
			map[string]string{"Saffron Kitchens LLC": "caterer", "Ahmed Al Balushi": "-"},
			nil},
		{"for a role, the name after the colon",
			"CHARTER PARTY\nFor and on behalf of the Owners: Blue Dhow Shipping LLC\nBy: Salim Al Harthy, Director",
			map[string]string{"Blue Dhow Shipping LLC": "owner"},
			nil},
		{"arabic signing line for a role",
			"عقد تشغيل\nعن المشغل: شركة ظفار للتشغيل ش.م.م\nالاسم: أحمد بن علي البلوشي",
			map[string]string{"شركة ظفار للتشغيل ش.م.م": "operator", "أحمد بن علي البلوشي": "-"},
			nil},
		{"a commercial document's labels follow the guideline's sender",
			"COMMERCIAL INVOICE\nInvoice No: CI-2026-044\nShipper: Ningbo Haiyue Pump Manufacturing Co., Ltd.\nConsignee: Al Sharqiya Irrigation Solutions LLC\nTotal: USD 12,400.00",
			map[string]string{"Ningbo Haiyue Pump Manufacturing Co., Ltd.": "supplier"},
			nil},
		{"arabic insured and insurer, the longer word first",
			"عقد تأمين\nأبرم هذا العقد بين شركة ظفار للتأمين ش.م.ع.ع ويشار إليها فيما بعد بـ \"المؤمن\" وشركة مسقط للعيادات ش.م.م ويشار إليها فيما بعد بـ \"المؤمن له\".\nيلتزم المؤمن له بإخطار المؤمن بأي مطالبة خلال ثلاثين يوماً.",
			map[string]string{"شركة ظفار للتأمين ش.م.ع.ع": "insurer", "شركة مسقط للعيادات ش.م.م": "insured"},
			[]string{"insured must: بإخطار المؤمن"}},
		{"arabic operator",
			"أبرم هذا العقد بين وزارة الإسكان ويشار إليها بـ \"المالك\" وشركة صحار للتشغيل ش.م.م ويشار إليها بـ \"المشغل\".\nيلتزم المشغل بتشغيل المحطة على مدار الساعة.",
			map[string]string{"شركة صحار للتشغيل ش.م.م": "operator"},
			[]string{"operator must: بتشغيل المحطة"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkRoleFacts(t, tc.text, tc.parties, nil, tc.obls, nil)
		})
	}
}

// checkRoleFacts extracts text and checks its parties' roles (name →
// role), the names that are no party, the obligations found ("role
// modality: words of its action") and the words no obligation holds.
func checkRoleFacts(t *testing.T, text string, want map[string]string, noParty, obls, noObl []string) {
	t.Helper()
	parties, got := roleFacts(t, text)
	for name, role := range want {
		if r, ok := parties[name]; !ok || r != role {
			t.Errorf("party %q: role %q (found %v), want %q; parties %v", name, r, ok, role, parties)
		}
	}
	for _, name := range noParty {
		if _, ok := parties[name]; ok {
			t.Errorf("party %q found; parties %v", name, parties)
		}
	}
	for _, w := range obls {
		head, anchor, _ := strings.Cut(w, ": ")
		if !slices.ContainsFunc(got, func(o string) bool {
			oh, oa, _ := strings.Cut(o, ": ")
			return oh == head && strings.Contains(oa, anchor)
		}) {
			t.Errorf("obligation %q not found; got %q", w, got)
		}
	}
	for _, a := range noObl {
		if slices.ContainsFunc(got, func(o string) bool { return strings.Contains(o, a) }) {
			t.Errorf("obligation with %q found; got %q", a, got)
		}
	}
}
