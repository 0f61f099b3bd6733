package documentfacts

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// DALIL_ROLE_MODEL=off or on: the package's tests run without or with
// the party-role model (rolemodel.go), to score a set so.
func init() { modelEnvSwitch("DALIL_ROLE_MODEL", &partyRoleModelOn) }

// roleItemsOf extracts text through the role model's tap (the model not
// applied) and answers its parties' items by value.
func roleItemsOf(t *testing.T, text string) map[string]roleItem {
	t.Helper()
	var items []roleItem
	partyRoleTap = func(it []roleItem) { items = append(items, it...) }
	defer func() { partyRoleTap = nil }()
	extractText(t, text)
	out := map[string]roleItem{}
	for _, it := range items {
		out[it.value] = it
	}
	return out
}

// featsOf are the features of the pair (party, candidate role).
func featsOf(t *testing.T, items map[string]roleItem, party, cand string) []string {
	t.Helper()
	it, ok := items[party]
	if !ok {
		t.Fatalf("no party %q (parties: %v)", party, mapsKeys(items))
	}
	k := slices.Index(it.cands, cand)
	if k < 0 {
		t.Fatalf("%q: no candidate %q (candidates: %v)", party, cand, it.cands)
	}
	return it.feats[k]
}

func mapsKeys(m map[string]roleItem) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// TestPartyRoleFeatures: what the role model reads of a (party,
// candidate) pair in invented documents (written for this test, from no
// corpus).
func TestPartyRoleFeatures(t *testing.T) {
	type check struct {
		party, cand string
		want, not   []string
	}
	for _, tc := range []struct {
		name   string
		text   string
		checks []check
	}{
		{"definitions attached to their names, an agent skipped",
			"SUPPLY AGREEMENT\n\nThis Agreement is made on 3 March 2026 between Al Noor Trading LLC, C.R. No. 1102233, Muscat (the \"Supplier\") and " +
				"Gulf Foods SAOG, C.R. No. 1009988, Sohar, represented by Mr. Said Hamad Al Harthy, General Manager (the \"Buyer\").\n\n" +
				"1. The Supplier shall deliver the goods within 30 days.\n2. The Buyer shall pay each invoice within 45 days.\n",
			[]check{
				{"Al Noor Trading LLC", "supplier", []string{"def:own", "g", "src:def"}, []string{"def:other", "def:none", "def:adj"}},
				{"Al Noor Trading LLC", "buyer", []string{"def:other", "def:ownsanother"}, []string{"def:own"}},
				{"Gulf Foods SAOG", "buyer", []string{"def:own", "def:own|g"}, []string{"def:other", "def:adj"}},
				{"Said Hamad Al Harthy", "-", []string{"-|agent", "-|rep", "-|post", "-|nodef"}, []string{"-|org"}},
			}},
		{"an invoice's sender and addressee, and the kind's roles",
			"TAX INVOICE\nMuscat Office Supplies LLC\nP.O. Box 112, Ruwi, Muscat\nInvoice No.: MOS-2026-0412\nDate: 4 May 2026\n" +
				"Bill To: Sohar Port Services SAOC\nP.O. Box 90, Sohar\nAttn: Ms. Huda Salim Al Balushi\n\n" +
				"Description | Qty | Amount (OMR)\nA4 paper, box | 40 | 220.000\nToner cartridges | 10 | 450.000\nTotal | | 670.000\n\n" +
				"Payment is due within 30 days of the invoice date by bank transfer.\n",
			[]check{
				{"Muscat Office Supplies LLC", "supplier", []string{"kind:same", "o:top", "ks:invoice|sender|supplier"}, []string{"kind:opp"}},
				{"Muscat Office Supplies LLC", "customer", []string{"kind:opp"}, []string{"kind:same"}},
				{"Sohar Port Services SAOC", "customer", []string{"kind:same", "ks:invoice|addressee|customer"}, []string{"kind:opp"}},
				{"Huda Salim Al Balushi", "-", []string{"-|attn", "-|hon", "-|agent"}, nil},
			}},
		{"twins in two scripts share their side and label",
			"PURCHASE ORDER / أمر شراء\nPO No.: GD/PO/26/031\n" +
				"Seller / البائع: Gulf Dates Company LLC / شركة تمور الخليج ش.م.م\n" +
				"Buyer / المشتري: Nizwa Sweets Factory SAOC / مصنع حلويات نزوى ش.م.ع.م\n\n" +
				"Item | Qty | Price (OMR)\nKhalas dates, 10 kg carton | 300 | 4,500.000\n\n" +
				"1. The Seller shall deliver the cartons to Nizwa within 14 days of this order.\n" +
				"١. يلتزم البائع بتسليم الكراتين إلى نزوى خلال أربعة عشر يوماً من تاريخ هذا الأمر.\n",
			[]check{
				{"شركة تمور الخليج ش.م.م", "seller", []string{"near:lab", "near:lb"}, []string{"near:labx"}},
				{"مصنع حلويات نزوى ش.م.ع.م", "buyer", []string{"near:lab"}, []string{"near:labx"}},
			}},
		{"a twin on the next line shares its name's definition",
			"DISTRIBUTION AGREEMENT / اتفاقية توزيع\n\nThis Agreement is made on 2 February 2026 between:\n" +
				"Al Noor Trading LLC, C.R. No. 1102233, Muscat (the \"Distributor\")\nشركة النور للتجارة ش.م.م\nand\n" +
				"Hansa Kaffee GmbH, Bremen, Germany (the \"Supplier\")\nشركة هانزا كافيه\n\n" +
				"1. The Supplier shall deliver the coffee to Muscat within 30 days of each order.\n" +
				"2. The Distributor shall pay each invoice within 60 days of its date.\n",
			[]check{
				{"شركة النور للتجارة ش.م.م", "distributor", []string{"def:own"}, []string{"def:other"}},
				{"شركة النور للتجارة ش.م.م", "supplier", []string{"def:other", "def:ownsanother"}, []string{"def:own"}},
			}},
		{"a role in brackets after the party's number",
			"عقد إيجار شقة\n\nالطرف الأول (المؤجر): شركة الريان العقارية ش.م.م، سجل تجاري رقم ١٢٣٤٥٦٧، مسقط.\n" +
				"الطرف الثاني (المستأجر): مؤسسة الفجر للتجارة، سجل تجاري رقم ٧٦٥٤٣٢١، صحار.\n\n" +
				"يلتزم المستأجر بسداد الأجرة الشهرية البالغة ٤٥٠ ريالاً عمانياً في أول كل شهر، ويلتزم المؤجر بإجراء الصيانة الدورية للشقة.\n",
			[]check{
				{"شركة الريان العقارية ش.م.م", "landlord", []string{"near:lab", "def:none"}, []string{"near:labx"}},
				{"مؤسسة الفجر للتجارة", "tenant", []string{"near:lab"}, []string{"near:labx"}},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items := roleItemsOf(t, tc.text)
			for _, c := range tc.checks {
				checkFeats(t, featsOf(t, items, c.party, c.cand), c.want, c.not)
			}
		})
	}
}

// TestPartyRoleFeaturesOneLine: a document of one 190 KB line naming a
// thousand parties: the model reads at most roleMaxParties of them, each
// with at most roleMentions mentions, a bounded candidate list and a
// bounded feature list (every read is a window, not the line).
func TestPartyRoleFeaturesOneLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("Framework Agreement between ")
	var facts []Fact
	var cands []candidate
	for i := 0; b.Len() < 190_000; i++ {
		name := fmt.Sprintf("Trading Company Number %d LLC", i)
		cands = append(cands, candidate{start: b.Len(), end: b.Len() + len(name)})
		facts = append(facts, Fact{Type: TypeParty, Value: name, Role: "supplier", EntityType: "company"})
		b.WriteString(name + " (the \"Supplier\"), " + strings.Repeat("x", 120) + " and ")
	}
	a := dateTestDoc(b.String())
	items := partyRoleItems(facts, cands, newKeyDoc(a, "contract"))
	if len(items) != roleMaxParties {
		t.Fatalf("%d parties read, want %d", len(items), roleMaxParties)
	}
	for _, it := range items {
		if len(it.cands) > roleMaxCands+1 {
			t.Fatalf("%s: %d candidates", it.value, len(it.cands))
		}
		for k, fs := range it.feats {
			if len(fs) > 60 {
				t.Fatalf("%s / %s: %d features %q", it.value, it.cands[k], len(fs), fs)
			}
		}
	}
}

// rolesOut are an answer's party roles by name ("-" for none).
func rolesOut(out Output) map[string]string {
	m := map[string]string{}
	for _, f := range out.Facts {
		if f.Type == TypeParty {
			r := f.Role
			if r == "" {
				r = noRole
			}
			m[f.Value] = r
		}
	}
	return m
}

// TestPartyRoleModelInvented: the embedded model reads the sides of
// invented documents (written for this test, from no corpus) as a reader
// would: who issues an order and who supplies it, a letter's writer and
// addressee, a guarantee's bank and beneficiary, and a signatory who is
// no side.
func TestPartyRoleModelInvented(t *testing.T) {
	m := partyRoleModel.get()
	if m == nil || m.tau > 1 {
		t.Fatal("partyroles.model: no model")
	}
	for _, tc := range []struct {
		name string
		text string
		want map[string]string
	}{
		{"a purchase order", "Batinah Cement Company SAOG\nP.O. Box 44, Sohar, Sultanate of Oman\n\nPURCHASE ORDER No. BCC/PO/2026/118\nDate: 9 April 2026\n\n" +
			"To: Al Hail Industrial Supplies LLC\nP.O. Box 71, Ruwi\n\nPlease supply the following items:\n\n" +
			"Item | Qty | Unit price (OMR) | Amount (OMR)\nConveyor belt 800 mm | 2 | 3,150.000 | 6,300.000\nIdler rollers | 40 | 22.500 | 900.000\nTotal | | | 7,200.000\n\n" +
			"Delivery to our Sohar plant within 21 days. Payment 30 days after delivery.\n\nFor Batinah Cement Company SAOG\nKhalid Saif Al Maamari\nProcurement Manager\n",
			map[string]string{"Batinah Cement Company SAOG": "buyer", "Al Hail Industrial Supplies LLC": "supplier", "Khalid Saif Al Maamari": noRole}},
		{"a performance guarantee", "Bank of Al Wusta SAOG\nHead Office, Muscat\n\nPERFORMANCE GUARANTEE No. PG/2026/0077\nDate: 2 June 2026\n\n" +
			"To: Duqm Port Operations Company SAOC (the \"Beneficiary\")\n\n" +
			"We have been informed that Sea Wall Contractors LLC (the \"Contractor\") has entered into a contract with you for the repair of berth 3.\n" +
			"At the request of the Contractor, we, Bank of Al Wusta SAOG (the \"Guarantor\"), irrevocably undertake to pay you any sum not exceeding OMR 120,000 upon your first written demand.\n" +
			"This guarantee expires on 30 September 2027.\n\nFor Bank of Al Wusta SAOG\nAuthorised signatory: Maryam Ali Al Rawahi\n",
			map[string]string{"Bank of Al Wusta SAOG": "guarantor", "Duqm Port Operations Company SAOC": "beneficiary", "Sea Wall Contractors LLC": "contractor"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items := roleItemsOf(t, tc.text)
			for party, want := range tc.want {
				it, ok := items[party]
				if !ok {
					t.Errorf("no party %q (parties: %v)", party, mapsKeys(items))
					continue
				}
				k, p := m.choose(it.feats)
				if it.cands[k] != want {
					t.Errorf("%s: %s (p %.2f), want %s (rules: %s)", party, it.cands[k], p, want, it.ruleRole)
				}
			}
		})
	}
}

// TestPartyRoleModelInExtraction: the role model is wired into the
// extraction and changes what it answers, and the answer says so. In a
// development document (heldout4's warranty certificate) the rules give
// the distributor no role and the model, where it is confident, gives the
// distributor's.
func TestPartyRoleModelInExtraction(t *testing.T) {
	doc := renderEval(t, "testdata/heldout4", "h4-18-warranty-certificate-tr-om")
	run := func(on bool) (string, Output) {
		defer switchModel(&partyRoleModelOn, on)()
		out := extractAll(doc, source{kind: "text"}, Input{})
		return rolesOut(out)["Al Jazeera Power Equipment LLC"], out
	}
	if got, out := run(false); got != noRole || strings.Contains(out.Metadata.ExtractionMethod, "learned_roles") {
		t.Errorf("model off: %q (method %q), want the rules' -", got, out.Metadata.ExtractionMethod)
	}
	got, out := run(true)
	if got != "distributor" || !strings.Contains(out.Metadata.ExtractionMethod, "+learned_roles") ||
		!slices.ContainsFunc(out.Limitations, func(l string) bool { return strings.Contains(l, "roles of some parties") }) {
		t.Errorf("model on: %q (method %q, limitations %q), want the model's distributor", got, out.Metadata.ExtractionMethod, out.Limitations)
	}
}

// TestPartyRoleModelShortText: a text under keyModelMinText bytes keeps
// the rules' roles, as the key models' do; the same parties in a longer
// text are re-assigned.
func TestPartyRoleModelShortText(t *testing.T) {
	defer switchModel(&partyRoleModelOn, true)()
	head := "TAX INVOICE\nMuscat Office Supplies LLC\nRuwi, Muscat\nBill To: Sohar Port Services SAOC\nSohar\n"
	body := "Description | Qty | Amount (OMR)\nA4 paper, box | 40 | 220.000\n"
	for _, tc := range []struct {
		text   string
		change bool
	}{
		{head + body, false},
		{head + body + strings.Repeat("Payment is due within 30 days of the invoice date by bank transfer to our account.\n", 6), true},
	} {
		// The rules' roles swapped: the model, where it acts, swaps them
		// back.
		a := dateTestDoc(strings.Split(strings.TrimRight(tc.text, "\n"), "\n")...)
		var facts []Fact
		var cands []candidate
		for name, role := range map[string]string{"Muscat Office Supplies LLC": "customer", "Sohar Port Services SAOC": "supplier"} {
			at := strings.Index(a.text, name)
			facts = append(facts, Fact{Type: TypeParty, Value: name, Role: role, Key: role, EntityType: "company"})
			cands = append(cands, candidate{start: at, end: at + len(name)})
		}
		changed := modelPartyRoles(facts, cands, newKeyDoc(a, "invoice"))
		if changed != tc.change || len(a.text) >= keyModelMinText != tc.change {
			t.Errorf("%d bytes: changed %v, want %v (%v)", len(a.text), changed, tc.change, facts)
		}
		if tc.change {
			for _, f := range facts {
				if want := map[string]string{"Muscat Office Supplies LLC": "supplier", "Sohar Port Services SAOC": "customer"}[f.Value]; f.Role != want {
					t.Errorf("%s: %s, want %s", f.Value, f.Role, want)
				}
			}
		}
	}
}

// TestRoleModelPanic: a panic in the role model (handle.go) costs no fact
// and no answer: every party is given with the rules' roles, with a
// warning, and the cause is logged, never shown.
func TestRoleModelPanic(t *testing.T) {
	defer switchModel(&partyRoleModelOn, true)()
	checkModelPanic(t, "role_model", "party-role model")
}
