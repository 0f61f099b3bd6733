package documentfacts

import (
	"context"
	"slices"
	"strings"
	"testing"

	"dalil/capabilities/documentfacts/read"
)

// extractText runs the extractor on text input.
func extractText(t *testing.T, text string) Output {
	t.Helper()
	doc, err := read.Text(text, read.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	out := extractAll(doc, source{kind: "text"}, Input{})
	checkEvidence(t, out)
	return out
}

// extractAs runs the extractor on text written in format: "md"
// (Markdown), "html", "docx" (lines as extractDocxLines reads them), else
// plain text. The table tests that carry a format per case use it.
func extractAs(t *testing.T, format, text string) Output {
	t.Helper()
	switch format {
	case "md":
		return extractMarkdown(t, text)
	case "html":
		return extractHTML(t, text)
	case "docx":
		return extractDocxLines(t, text)
	}
	return extractText(t, text)
}

// extractHTML runs the extractor on an HTML page.
func extractHTML(t *testing.T, body string) Output {
	t.Helper()
	doc, err := read.Read(context.Background(), []byte("<!doctype html><html><body>"+body+"</body></html>"), "text/html", "", read.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	out := extractAll(doc, source{kind: "text"}, Input{})
	checkEvidence(t, out)
	return out
}

// factSet lists a result's facts of one type as "key|normalized"
// (parties as "role|name").
func factSet(out Output, typ string) []string {
	var s []string
	for _, f := range out.Facts {
		if f.Type != typ {
			continue
		}
		if typ == TypeParty {
			s = append(s, f.Role+"|"+f.Value)
		} else {
			s = append(s, f.Key+"|"+f.Normalized)
		}
	}
	return s
}

// The rules that give dates their keys: a date after a deadline
// preposition is the deadline of its clause's action; "dated" takes the
// noun before it; a bare "Date:" is an agreement's or an invoice's date by
// the document's title; "valid until" is a validity, not an expiry.
func TestDateKeyRules(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		// Works completed by a date: their completion date (dev4's
		// guideline, issue 29 round 7a; was delivery_date).
		{"The Contractor shall complete the works no later than 14 September 2026.", "completion_date|2026-09-14"},
		{"The goods must be shipped on or before 2 October 2026.", "delivery_date|2026-10-02"},
		{"Proposals must be received by 12 August 2026.", "submission_deadline|2026-08-12"},
		{"Tenders shall be submitted no later than 10:00 a.m. on 3 November 2026.", "submission_deadline|2026-11-03"},
		{"We ask you to remit the balance not later than 18 May 2026.", "due_date|2026-05-18"},
		{"Comments should be sent before 9 July 2026.", "date|2026-07-09"},
		{"يلتزم المقاول بتسليم الأعمال في موعد أقصاه ٢٠ سبتمبر ٢٠٢٦.", "completion_date|2026-09-20"}, // session 20 decision 18 (convention_signing_bonds.go): works handed over by a limit are completed
		{"Credit note CN-12 dated 4 March 2026 is attached.", "document_date|2026-03-04"},
		{"Our invoice 7781 dated 11 March 2026 remains open.", "invoice_date|2026-03-11"},
		{"Purchase order 55 dated 6 May 2026 was received.", "issue_date|2026-05-06"},
		{"The service contract dated 1 June 2025 is renewed.", "agreement_date|2025-06-01"},
		{"The offer is valid until 30 September 2026.", "valid_until|2026-09-30"},
		{"العرض ساري حتى ١٥ أكتوبر ٢٠٢٦.", "valid_until|2026-10-15"},
		{"Applications close on 1 December 2026.", "submission_deadline|2026-12-01"},
		{"آخر موعد لاستلام العروض ٥ ديسمبر ٢٠٢٦.", "submission_deadline|2026-12-05"},
		{"The licence begins on 1 January 2027.", "effective_date|2027-01-01"},
		{"This contract commences on 1 March 2027.", "effective_date|2027-03-01"},
		{"تاريخ العقد: ٣ مارس ٢٠٢٦", "agreement_date|2026-03-03"},
		{"Order date: 8 April 2026", "issue_date|2026-04-08"},
		{"تاريخ الطرح: ٩ أبريل ٢٠٢٦", "issue_date|2026-04-09"},
		{"Delivery date: 21 April 2026", "delivery_date|2026-04-21"},
	} {
		got := factSet(extractText(t, c.text), TypeDate)
		if !slices.Contains(got, c.want) {
			t.Errorf("%q: dates %v, want %s", c.text, got, c.want)
		}
	}
	// The document's title settles a bare "Date:".
	for _, c := range []struct{ text, want string }{
		{"SERVICE AGREEMENT\nDate: 2 May 2026\nThe parties agree as follows.", "agreement_date|2026-05-02"},
		{"عقد صيانة\nالتاريخ: ٢ مايو ٢٠٢٦", "agreement_date|2026-05-02"},
		{"INVOICE\nDate: 2 May 2026\nTotal: OMR 10.000", "invoice_date|2026-05-02"},
		{"NOTICE TO SUPPLIERS\nDate: 2 May 2026", "document_date|2026-05-02"},
	} {
		if got := factSet(extractText(t, c.text), TypeDate); !slices.Contains(got, c.want) {
			t.Errorf("%q: dates %v, want %s", c.text, got, c.want)
		}
	}
	// A date alone on its line at the top of a letter is its date; lower
	// down it is just a date.
	out := extractText(t, "Sur Fisheries LLC\nP.O. Box 9, Sur\n\n3 July 2026\n\nDear Sir,\nThank you.\nA\nB\nC\nD\nE\n9 July 2026")
	if got := factSet(out, TypeDate); !slices.Equal(got, []string{"document_date|2026-07-03", "date|2026-07-09"}) {
		t.Errorf("letter dates %v", got)
	}
	// Month precision, and the full date wins over its month.
	out = extractText(t, "The works start in March 2027. Handover: 15 April 2027.")
	var precisions []string
	for _, f := range out.Dates {
		precisions = append(precisions, f.NormalizedDate+"/"+f.Precision)
	}
	slices.Sort(precisions)
	if !slices.Equal(precisions, []string{"2027-03/month", "2027-04-15/day"}) {
		t.Errorf("precisions %v", precisions)
	}
}

// Money: keys from cues (fee, bid bond, net amount, damages, delay),
// line prices in tables, bare numbers under a currency column header,
// amounts of one sentence sharing the key of the first, frequencies.
func TestMoneyRules(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"A registration fee of OMR 75.000 applies.", "fee|75 OMR"},
		{"رسوم التسجيل ٤٠ ريال عماني.", "fee|40 OMR"},
		{"A bid security of USD 5,000 is required.", "bid_bond|5000 USD"},
		{"يقدم ضمان ابتدائي بمبلغ ٣٠٠ ريال عماني.", "bid_bond|300 OMR"},
		{"The performance bond is OMR 4,000.000.", "performance_bond|4000 OMR"},
		{"Net amount: AED 900.00", "subtotal|900 AED"},
		{"The Buyer may claim damages of up to EUR 10,000.", "penalty_amount|10000 EUR"},
		{"A deduction of OMR 50.000 per day of delay applies.", "penalty_amount|50 OMR"},
		{"القيمة الإجمالية للعقد ١٢٬٠٠٠ ريال عماني.", "contract_value|12000 OMR"},
		{"The total price is OMR 600.000.", "total_amount|600 OMR"},
		{"Gloves at OMR 3.250 per box are in stock.", "price|3.25 OMR"},
		{"المجموع: ٧٥٠ ر.ع.", "total_amount|750 OMR"},
		{"ثمن وثائق المناقصة ٧٥ ريالاً عمانياً.", "tender_fee|75 OMR"}, // the later specification's key (issue 29, round 4)
		// "m" is a multiplier only as a word: "OMR 3,000.000 must" is 3000.
		{"A bid bond of OMR 3,000.000 must accompany each bid.", "bid_bond|3000 OMR"},
		// A turnover is an amount (dev4's guideline; the later label
		// specification has no revenue key).
		{"Turnover of USD 2.5 m is needed.", "amount|2500000 USD"},
	} {
		if got := factSet(extractText(t, c.text), TypeMoney); !slices.Contains(got, c.want) {
			t.Errorf("%q: money %v, want %s", c.text, got, c.want)
		}
	}
	// A table: rows after the header are line items; a bare number in a
	// column whose header names the currency is money; the quantity is
	// not; a total row keeps its cue.
	out := extractText(t, "Item | Qty | Rate (USD) | Line total (USD)\nCables | 10 | 4.50 | 45.00\nSwitch | 1 | 120 | 120\nTotal | | | USD 165.00")
	got := factSet(out, TypeMoney)
	slices.Sort(got)
	want := []string{"price|120 USD", "price|4.5 USD", "price|45 USD", "total_amount|165 USD"}
	if !slices.Equal(got, want) {
		t.Errorf("table money %v, want %v", got, want)
	}
	out = extractHTML(t, "<table><tr><th>البند</th><th>السعر</th></tr><tr><td>صيانة</td><td>٢٠٠ ر.ع.</td></tr></table>")
	if got := factSet(out, TypeMoney); !slices.Equal(got, []string{"price|200 OMR"}) {
		t.Errorf("Arabic table %v", got)
	}
	// A column header without a currency gives no money.
	if got := factSet(extractText(t, "Item | Qty | Price\nBolts | 100 | 0.250"), TypeMoney); len(got) != 0 {
		t.Errorf("no currency in the header, yet %v", got)
	}
	// Parts of a fee share its key within the sentence, not beyond.
	out = extractText(t, "The licence fee is GBP 9,000, payable as GBP 3,000 now and GBP 6,000 on go-live. A refund of GBP 500 applies.")
	got = factSet(out, TypeMoney)
	slices.Sort(got)
	if want := []string{"amount|500 GBP", "fee|3000 GBP", "fee|6000 GBP", "fee|9000 GBP"}; !slices.Equal(got, want) {
		t.Errorf("shared key %v, want %v", got, want)
	}
	// Frequencies.
	for _, c := range []struct{ text, want string }{
		{"Rent: OMR 450.000 per month", "monthly"},
		{"The annual licence fee is USD 1,200.", "annual"},
		{"payable in quarterly instalments of OMR 300.000", "quarterly"},
		{"الراتب الأساسي: ٨٠٠ ريال عماني شهرياً", "monthly"},
		{"بدل سنوي قدره ١٢٠٠ ريال عماني", "annual"},
		{"Total due: OMR 80.000", ""},
	} {
		out := extractText(t, c.text)
		if len(out.Amounts) != 1 || out.Amounts[0].Frequency != c.want {
			t.Errorf("%q: amounts %+v, want frequency %q", c.text, out.Amounts, c.want)
		}
	}
}

// Parties: From/To by document type, a label alone on its line, role
// definitions in Arabic parentheses, organisations without a legal form
// defined with a role, signatories and letter senders, issuers and
// employers named by their sentence, honorifics and surnames.
func TestPartyRules(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"QUOTATION\nFrom: Blue Wave Marine LLC, Sur\nTo: Port of Duqm Company SAOC\nPrice: OMR 500.000",
			[]string{"supplier|Blue Wave Marine LLC", "customer|Port of Duqm Company SAOC"}},
		{"عرض سعر\n**من:** شركة الأفق للتقنية ش.م.م\n**إلى:** شركة الساحل للتأمين ش.م.ع.ع",
			[]string{"supplier|شركة الأفق للتقنية ش.م.م", "customer|شركة الساحل للتأمين ش.م.ع.ع"}},
		{"TAX INVOICE\nInvoice No: A-19\nInvoiced to:\nBill to:\nNizwa Dairy Products SAOC\nTotal: OMR 9.000",
			[]string{"customer|Nizwa Dairy Products SAOC"}},
		{"الطرف الأول: شركة الجسر للنقل ش.م.م (\"المشتري\")\nالطرف الثاني: مؤسسة الشروق للتجارة (\"البائع\")",
			[]string{"buyer|شركة الجسر للنقل ش.م.م", "seller|مؤسسة الشروق للتجارة"}},
		{"This agreement is made between Royal Court Affairs Office (the \"Client\") and Delta Audit Partners LLP (the \"Consultant\").",
			[]string{"customer|Royal Court Affairs Office", "consultant|Delta Audit Partners LLP"}},
		{"أبرم هذا العقد بين مستشفى الشفاء التخصصي ش.م.م ويشار إليه فيما بعد بـ \"العميل\"",
			[]string{"customer|مستشفى الشفاء التخصصي ش.م.م"}},
		{"Signed for the Buyer: Huda Al Kharusi, Procurement Manager\nSigned: Gulf Pipes LLC, by Omar Al Siyabi, CEO",
			[]string{"|Huda Al Kharusi", "|Omar Al Siyabi", "|Gulf Pipes LLC"}},
		{"Dear Sir,\nPlease find the statement attached.\nKind regards,\nSalma Al Riyami\nAccounts Officer",
			[]string{"|Salma Al Riyami"}},
		{"Issued by Dhofar Power Company SAOG\nTenders are invited for cable laying.", []string{"issuer|Dhofar Power Company SAOG"}},
		{"الجهة المعلنة: هيئة تنظيم الكهرباء ش.م.م", []string{"issuer|هيئة تنظيم الكهرباء ش.م.م"}},
		{"Oman Fibre Networks SAOC is recruiting network technicians.", []string{"employer|Oman Fibre Networks SAOC"}},
		{"This contract is made between Sea Breeze Resort LLC, Sur, hereinafter referred to as the \"Client\"; and Cool Air Services LLC, hereinafter called the \"Contractor\".",
			[]string{"customer|Sea Breeze Resort LLC", "contractor|Cool Air Services LLC"}},
		{"REQUEST FOR QUOTATION\n**Issuer:** Dhofar Cattle Feed Company SAOG", []string{"issuer|Dhofar Cattle Feed Company SAOG"}},
		{"QUOTATION\nصادر عن: شركة النور للطباعة ش.م.م", []string{"supplier|شركة النور للطباعة ش.م.م"}},
		{"الموظفة: السيدة مريم بنت خلفان الحارثية", []string{"employee|مريم بنت خلفان الحارثية"}},
		// A surname alone is the person named in full elsewhere.
		{"Attention: Mr. Yaqoob Al Balushi\nDear Mr. Al Balushi,", []string{"|Yaqoob Al Balushi"}},
	} {
		got := factSet(extractText(t, c.text), TypeParty)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n parties %q\n want    %q", c.text, got, want)
		}
	}
	// Titles and departments on a signature line are not people.
	if got := factSet(extractText(t, "Signed: Managing Director"), TypeParty); len(got) != 0 {
		t.Errorf("a title taken for a person: %v", got)
	}
	// "To:" with no name is no party.
	if got := factSet(extractText(t, "INVOICE\nTo: all staff"), TypeParty); len(got) != 0 {
		t.Errorf("%v", got)
	}
}

// Ratios, normalizedDate/precision and llmAssist are filled.
func TestReferenceFieldNames(t *testing.T) {
	out := extractText(t, "VAT 5%: OMR 5.000\nInvoice date: 3 March 2026")
	if len(out.Percentages) != 1 || out.Percentages[0].Ratio == nil || *out.Percentages[0].Ratio != 0.05 {
		t.Errorf("percentages %+v", out.Percentages)
	}
	if len(out.Dates) != 1 || out.Dates[0].NormalizedDate != "2026-03-03" || out.Dates[0].Precision != "day" {
		t.Errorf("dates %+v", out.Dates)
	}
	if out.Metadata.LLMAssist.Status != "off" {
		t.Errorf("llmAssist %+v", out.Metadata.LLMAssist)
	}
	if !strings.Contains(strings.Join(out.Limitations, " "), "language model") {
		t.Errorf("limitations %v", out.Limitations)
	}
}
