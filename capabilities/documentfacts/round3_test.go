package documentfacts

import (
	"context"
	"slices"
	"testing"

	"dalil/capabilities/documentfacts/read"
)

// round3Case: in text, the facts of typ (key|normalized, or role|name for
// parties) include every want and none of not.
type round3Case struct {
	text      string
	typ       string
	want, not []string
}

func checkRound3(t *testing.T, cases []round3Case) {
	t.Helper()
	for _, c := range cases {
		got := factSet(extractText(t, c.text), c.typ)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: %s %q missing; got %q", c.text, c.typ, w, got)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("%q: %s %q found; got %q", c.text, c.typ, n, got)
			}
		}
	}
}

// TestSignatureDates: a bare "Date:" under the signatures is the date of
// signing (issue 29, third round), in a column per party too; elsewhere
// it keeps its key.
func TestSignatureDates(t *testing.T) {
	checkRound3(t, []round3Case{
		{"SERVICES AGREEMENT\nThis Agreement is made on 3 March 2026.\nSIGNATURES\nFor the Buyer | For the Seller\nDate: 4 March 2026 | Date: 5 March 2026",
			TypeDate, []string{"agreement_date|2026-03-03", "signature_date|2026-03-04", "signature_date|2026-03-05"}, nil},
		{"LEASE AGREEMENT\nSigned for and on behalf of\nAl Noor Trading LLC\nName: Salim Al Harthy\nDate / التاريخ: 7 May 2026",
			TypeDate, []string{"signature_date|2026-05-07"}, []string{"agreement_date|2026-05-07"}},
		{"عقد توريد\nالتوقيعات\nعن الطرف الأول | عن الطرف الثاني\nالتاريخ: 9 يونيو 2026 | التاريخ: 9 يونيو 2026",
			TypeDate, []string{"signature_date|2026-06-09"}, nil},
		// No signature block: a bare date label keeps its key.
		{"SUPPLY AGREEMENT\nDate: 4 March 2026\n1. Scope\nThe Supplier shall supply the goods.",
			TypeDate, []string{"agreement_date|2026-03-04"}, []string{"signature_date|2026-03-04"}},
		// A clause about signed copies opens no signature block.
		{"SUPPLY AGREEMENT\nSigned copies of every delivery note shall be kept by the Buyer for audit purposes throughout the term of this Agreement and after it.\nDate: 4 March 2026",
			TypeDate, []string{"agreement_date|2026-03-04"}, nil},
	})
}

// TestMoneyTablesRound3: a Markdown items table right under a key/value
// table has its own header; a header with a rate ("VAT 5% (SAR)") is
// still a header; a "Taxable amount" column holds line amounts, not tax;
// a bilingual row label keys by its narrower half ("Subtotal /
// المجموع"); a charge under the items is an amount; the net after a
// discount, an advance and the balance after it (issue 29, third round).
func TestMoneyTablesRound3(t *testing.T) {
	md := func(t *testing.T, s string) []string {
		doc, err := read.Read(context.Background(), []byte(s), "", "order.md", read.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		return factSet(extractAll(doc, source{kind: "text"}, Input{}), TypeMoney)
	}
	got := md(t, "# ORDER\n\n| | |\n|---|---|\n| Order No. | A-17 |\n| Supplier | Nizwa Tools LLC |\n\n| Item / الصنف | Qty | Price (SAR) / السعر (ر.س) | VAT 15% (SAR) / الضريبة | Amount (SAR) |\n|---|---|---|---|---|\n| Drill | 4 | 120.5000 | 72.30 | 554.30 |\n| | Subtotal / المجموع | | | 482.00 |\n")
	for _, w := range []string{"price|120.5 SAR", "tax_amount|72.3 SAR", "price|554.3 SAR", "subtotal|482 SAR"} {
		if !slices.Contains(got, w) {
			t.Errorf("markdown table: %q missing; got %q", w, got)
		}
	}
	checkRound3(t, []round3Case{
		{"Item | Qty | Unit price (AED) | Taxable amount (AED) | VAT (AED) | Total (AED)\nBanner | 2 | 50.00 | 100.00 | 5.00 | 105.00",
			TypeMoney, []string{"price|100 AED", "tax_amount|5 AED"}, []string{"tax_amount|100 AED"}},
		{"Item | Qty | Unit price (USD) | Amount (USD)\nPump | 2 | 100.00 | 200.00\nSubtotal | 200.00\nLess discount 5% | 10.00\nNet amount | 190.00\nFreight | 30.00\nTotal | 220.00",
			TypeMoney, []string{"subtotal|200 USD", "discount|10 USD", "net_amount|190 USD", "amount|30 USD", "total_amount|220 USD"}, nil},
		// Without a discount the net amount is the sum before tax.
		{"Net amount: OMR 3,150.000\nVAT 5%: OMR 157.500\nInvoice total: OMR 3,307.500",
			TypeMoney, []string{"subtotal|3150 OMR"}, []string{"net_amount|3150 OMR"}},
		{"Payment: 40% advance, EUR 4,000.00; balance of EUR 6,000.00 on delivery.",
			TypeMoney, []string{"advance_payment|4000 EUR", "amount|6000 EUR"}, nil},
		{"يدفع المشتري دفعة مقدمة قدرها ٥٠٠ ريال عماني عند التوقيع.",
			TypeMoney, []string{"advance_payment|500 OMR"}, nil},
	})
}

// TestPartyDefinitionsRound3: a definition after a long description of
// the company, past a legal form in brackets, or on a later line of
// wrapped text; legal forms with a comma or in brackets belong to the
// name; the text's own role words principal, agent, subcontractor and
// beneficiary (issue 29, third round).
func TestPartyDefinitionsRound3(t *testing.T) {
	checkRound3(t, []round3Case{
		{`This Agreement is made between Rossi Macchine S.p.A., a company incorporated in Italy, VAT No. IT0123456789, with its registered office at Via Roma 12, 10121 Torino, Italy, and represented by its managing director (hereinafter referred to as the "Principal"); and Sohar Agri Trading LLC, a company registered in Oman (hereinafter referred to as the "Agent").`,
			TypeParty, []string{"principal|Rossi Macchine S.p.A.", "agent|Sohar Agri Trading LLC"}, nil},
		{"This MoU is signed by:\nAmman Solar Co. (P.S.C.), a public shareholding company registered in the Hashemite\nKingdom of Jordan under No. 1234, of 5 Zahran Street, Amman\n(hereinafter referred to as the \"First Party\"); and\nBarka Energy LLC, a company of Barka, Oman\n(hereinafter referred to as the \"Second Party\").",
			TypeParty, []string{"first_party|Amman Solar Co. (P.S.C.)", "second_party|Barka Energy LLC"}, nil},
		{"(1) Jebel Freight FZE, a free zone establishment of Jebel Ali,\n    Dubai, United Arab Emirates (hereinafter referred to as the \"Service Provider\"); and\n(2) Quoz Retail LLC, of Al Quoz,\n    Dubai (hereinafter referred to as the \"Customer\").",
			TypeParty, []string{"supplier|Jebel Freight FZE", "customer|Quoz Retail LLC"}, []string{"customer|Dubai", "supplier|Dubai"}},
		{"Seller: Ningbo Star Valve Co., Ltd.\nBuyer: Ibra Irrigation LLC", TypeParty, []string{"seller|Ningbo Star Valve Co., Ltd."}, nil},
		{`The Contractor appoints Seeb MEP LLC (the "Subcontractor") for the works.`, TypeParty, []string{"subcontractor|Seeb MEP LLC"}, nil},
		// A definition of the next company is not this one's.
		{`This Agreement is made between Alpha Trading LLC, a company registered in Oman under Commercial Registration No. 1234567 of Ruwi, Muscat, Sultanate of Oman, and Beta Services LLC, a company registered in Oman (hereinafter referred to as the "Supplier").`,
			TypeParty, []string{"supplier|Beta Services LLC"}, []string{"supplier|Alpha Trading LLC"}},
	})
}

// TestSigningBlockNames: in a signature block every cell or line that is
// a person's name signs or witnesses (no role): after "Name:" /
// "Witness:" / "الاسم:" / "الشاهد:", alone, with a title after a comma
// or a dash, in two scripts; role headings, companies, titles and "عن
// المستأجر" are nobody (issue 29, third round).
func TestSigningBlockNames(t *testing.T) {
	checkRound3(t, []round3Case{
		{"SUPPLY AGREEMENT\nSignatures\nFor the Seller | For the Buyer\nMuscat Foods LLC | Sohar Retail LLC\nName: Salim Nasser Al Hinai | Name: Aisha Khamis Al Balushi\nTitle: General Manager | Title: Director",
			TypeParty, []string{"|Salim Nasser Al Hinai", "|Aisha Khamis Al Balushi"}, []string{"|For the Seller", "|General Manager"}},
		{"LEASE AGREEMENT\nSignatures / التوقيعات\nFor the Landlord / عن المؤجر | For the Tenant / عن المستأجر\nHamad Said Al Amri / حمد بن سعيد العامري | Noor Ali Al Zadjali / نور علي الزدجالية, Director / مديرة\nWitness: Yousef Ahmed Al Lawati",
			TypeParty, []string{"|Hamad Said Al Amri", "|حمد بن سعيد العامري", "|Noor Ali Al Zadjali", "|نور علي الزدجالية", "|Yousef Ahmed Al Lawati"}, []string{"|عن المؤجر", "|عن المستأجر"}},
		{"عقد إيجار\nالتوقيعات\nالمؤجر | المستأجر\nأحمد سالم الحارثي | منى خالد الكندي - المدير التنفيذي\nختم الشركة\nالشاهد: سعيد علي المعمري",
			TypeParty, []string{"|منى خالد الكندي", "|سعيد علي المعمري"}, []string{"|ختم الشركة"}},
		// Outside a signature block a name alone on its line is no signer.
		{"SUPPLY AGREEMENT\nThe parties met at the office of\nSalim Nasser Al Hinai",
			TypeParty, nil, []string{"|Salim Nasser Al Hinai"}},
	})
}

// TestGoverningLawRound3: a law named by its field between the
// jurisdiction and "Law" ("Qatar Labour Law No. 14 of 2004"), and a
// governing sentence wrapped over two lines of plain text (issue 29,
// third round); a wrapped line after a finished sentence gives nothing.
func TestGoverningLawRound3(t *testing.T) {
	checkRound3(t, []round3Case{
		{"This Contract is subject to Qatar Labour Law No. 14 of 2004.", TypeGoverningLaw, []string{"governing_law|QA"}, nil},
		{"This Agreement is governed by the UAE Commercial Transactions Law.", TypeGoverningLaw, []string{"governing_law|AE"}, nil},
		{"This Lease is subject to Royal Decree No. 6/89 on tenancies and the other\nlaws of the Sultanate of Oman.", TypeGoverningLaw, []string{"governing_law|OM"}, nil},
		{"This Agreement is subject to the approval of the board.\nlaws of the Sultanate of Oman are published in the Official Gazette.", TypeGoverningLaw, nil, []string{"governing_law|OM"}},
	})
}
