package documentfacts

import (
	"context"
	"strings"
	"testing"

	"dalil/capabilities/documentfacts/read"
	"dalil/capabilities/documentfacts/testdoc"
)

// Round 23 of money keys (issue 29, session 23; money_table_headers.go). Each case is
// a short text written for this test and the money keys ("key|value") it
// must (want) or must not (not) hold; a not line is the key the sum had
// before the family's rule, or the key a neighbouring wording keeps.

// extractPDF runs the extractor on a one-page PDF whose lines are the
// text's non-empty lines (the reader joins lines holding " | " into
// tables, as it does for a PDF's text).
func extractPDF(t *testing.T, text string) Output {
	t.Helper()
	doc, err := read.Read(context.Background(), testdoc.PDF([]testdoc.Page{testdoc.LinesPage(nonEmptyLines(text)...)}, testdoc.Options{Compress: true}), "", "", read.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	out := extractAll(doc, source{kind: "text"}, Input{})
	checkEvidence(t, out)
	return out
}

func TestMoney23Tables(t *testing.T) {
	// H2: the items' header inside a PDF table that key/value lines open.
	pdf := []struct {
		name, text string
		want, not  []string
	}{
		{"H2 order items under head lines", "GULF VALVES LLC\nPURCHASE ORDER\n" +
			"Order No.      | GV-PO-27-114\nOrder date     | 3 May 2027\nVendor         | Coastal Fittings Trading\n" +
			"No. | Item                         | Qty | Unit | Rate (USD) | Line total (USD)\n" +
			"1   | Gate valve DN150             | 4   | No.  | 1,210.00   | 4,840.00\n" +
			"2   | Check valve DN100            | 10  | No.  | 385.50     | 3,855.00\n" +
			"Subtotal | 8,695.00\nVAT 5% | 434.75\nTotal | 9,129.75\n",
			[]string{"price|1210 USD", "price|4840 USD", "subtotal|8695 USD", "tax_amount|434.75 USD", "total_amount|9129.75 USD"}, nil},
		{"SI and a description wrapped over two lines", "MARINE CARGO AND PROPERTY POLICY SCHEDULE\nPolicy No. MP-27-0091\n" +
			"Cover | Sum insured (USD) | Excess each claim (USD)\n" +
			"Warehouse building | 3,400,000.00 | 10,000.00\n" +
			"Stock in trade | 1,150,000.00 | 5,000.00\n" +
			"Loss of gross profit, indemnity\nperiod of 6 months\n" +
			"Profit cover | 240,000.00 | 7 days\n" +
			"Total sum insured | 4,790,000.00\n",
			[]string{"insurance_cover|3400000 USD", "amount|10000 USD", "insurance_cover|240000 USD", "insurance_cover|4790000 USD"},
			[]string{"price|10000 USD", "security_deposit|3400000 USD"}},
	}
	for _, c := range pdf {
		got := factSet(extractPDF(t, c.text), TypeMoney)
		if errs := keyedErrs(got, c.want, c.not, nil); len(errs) > 0 {
			t.Errorf("%s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		}
	}

	cases := []datesWorkCompletionCase{
		// RL, AR and NC: a valuation table of reference, description and
		// amount in a payment certificate.
		{name: "RL AR NC a valuation of an interim certificate", format: "md", text: "# Interim Certificate No. 4\n\n" +
			"**Contractor:** Nahr Building Co. LLC\n\n**Employer:** Wadi Estates SAOC\n\n" +
			"| Ref. | Item | Amount (OMR) |\n|---|---|---|\n| A | Original contract sum | 2,400,000.000 |\n| B | Variations approved to date | 35,500.000 |\n" +
			"| 1 | Value of work done to date | 910,000.000 |\n| 2 | Materials on site | 42,000.000 |\n| 3 | Less retention at 5 % | (47,600.000) |\n" +
			"| 4 | Less advance recovery | (95,200.000) |\n| 5 | Less previously certified | (610,300.000) |\n| 6 | Net payment due under this certificate | 198,900.000 |\n",
			want: []string{"contract_value|2400000 OMR", "amount|35500 OMR", "amount|42000 OMR", "amount|47600 OMR", "amount|95200 OMR", "amount|610300 OMR", "amount|198900 OMR"},
			not:  []string{"price|42000 OMR", "advance_payment|95200 OMR", "price|2400000 OMR"}},
		{name: "RL a fee named in a summary row stays the row's price", format: "md", text: "# Fee Proposal\n\n" +
			"| No. | Description | Amount (OMR) |\n|---|---|---|\n| 1 | Design fee | 12,000.000 |\n| 2 | Supervision fee | 8,000.000 |\n| 3 | Total | 20,000.000 |\n",
			want: []string{"price|12000 OMR", "total_amount|20000 OMR"}, not: []string{"fee|12000 OMR"}},
		// AR and NX: a tender's summary with provisional sums.
		{name: "AR NX a bill summary with provisional sums", format: "md", text: "# Priced Bill of Quantities\n\n" +
			"All amounts are in Omani Rials.\n\n" +
			"| Ref. | Description | Amount |\n|---|---|---|\n| A | Total of Bills 1 to 4 | 880,000.000 |\n| B | Prime cost sum for lifts | 60,000.000 |\n" +
			"| C | Contingencies | 44,000.000 |\n| D | Total before VAT | 984,000.000 |\n| E | VAT 5 % | 49,200.000 |\n| F | Tender total | 1,033,200.000 |\n",
			want: []string{"subtotal|880000 OMR", "amount|60000 OMR", "amount|44000 OMR", "net_amount|984000 OMR", "tax_amount|49200 OMR", "total_amount|1033200 OMR"},
			not:  []string{"price|60000 OMR", "subtotal|984000 OMR"}},
		{name: "NX keeps a plain subtotal before VAT", format: "md", text: "# Tax Invoice\n\nInvoice No.: T-77\nInvoice date: 2 June 2027\n\n" +
			"| Item | Qty | Unit price (OMR) | Amount (OMR) |\n|---|---|---|---|\n| Chairs | 10 | 40.000 | 400.000 |\n| Tables | 2 | 150.000 | 300.000 |\n" +
			"| Total before VAT | | | 700.000 |\n| VAT 5% | | | 35.000 |\n| Total | | | 735.000 |\n",
			want: []string{"subtotal|700 OMR", "total_amount|735 OMR"}, not: []string{"net_amount|700 OMR"}},
		{name: "AR keeps a discount taken away", format: "md", text: "# Tax Invoice\n\nInvoice No.: T-78\nInvoice date: 2 June 2027\n\n" +
			"| Item | Qty | Unit price (OMR) | Amount (OMR) |\n|---|---|---|---|\n| Lamps | 20 | 15.000 | 300.000 |\n| Less: loyalty discount | | | (30.000) |\n| Total | | | 270.000 |\n",
			want: []string{"discount|30 OMR"}, not: []string{"amount|30 OMR"}},
		// LG: a statement's ledger and ageing.
		{name: "LG a ledger of debits and credits", text: "STATEMENT OF ACCOUNT\n\nCustomer: Rusayl Metal Works LLC\nCurrency: OMR\n\n" +
			"Date        Ref.        Details                       Debit        Credit\n" +
			"02/02/2027  INV-101     Welding rods                  1,240.500\n" +
			"20/02/2027  RCPT-55     Cheque received                            (800.000)\n" +
			"03/03/2027  INV-133     Grinding discs                  612.250\n" +
			"            Total debits                              1,852.750\n" +
			"            Total credits                                          (800.000)\n" +
			"BALANCE DUE                                           OMR 1,052.750\n",
			want: []string{"amount|1240.5 OMR", "amount|800 OMR", "amount|612.25 OMR", "amount|1852.75 OMR", "total_amount|1052.75 OMR"},
			not:  []string{"total_amount|1852.75 OMR", "price|1240.5 OMR"}},
		{name: "LG keeps a credit note's total credit", format: "md", text: "# Credit Note\n\nCredit note No.: CN-9\nDate: 3 June 2027\n\n" +
			"| Item | Qty | Unit price (BHD) | Amount (BHD) |\n|---|---|---|---|\n| Returned pallets | 6 | 12.500 | 75.000 |\n| Damaged cartons | 4 | 10.000 | 40.000 |\n| | **Total credit** | | **115.000** |\n",
			want: []string{"total_amount|115 BHD"}, not: []string{"amount|115 BHD"}},
		// PR: a premium's net row.
		{name: "PR net premium row", format: "md", text: "# Motor Fleet Policy Schedule\n\nPolicy No.: MF-27-1\n\n" +
			"| Item | Amount (QAR) |\n|---|---|\n| Net premium | 18,400.00 |\n| Policy fee | 150.00 |\n| Total premium | 18,550.00 |\n",
			want: []string{"price|18400 QAR", "price|150 QAR", "total_amount|18550 QAR"}, not: []string{"subtotal|18400 QAR"}},
		{name: "PR keeps a premium before VAT", format: "md", text: "# Medical Policy Schedule\n\nPolicy No.: GM-27-8\n\n" +
			"| Item | Amount (QAR) |\n|---|---|\n| Member premium | 9,000.00 |\n| Dependant premium | 3,000.00 |\n| Premium before VAT | 12,000.00 |\n| VAT 5% | 600.00 |\n| Total premium | 12,600.00 |\n",
			want: []string{"subtotal|12000 QAR"}, not: []string{"price|12000 QAR"}},
		// GV and IR: a commercial invoice's summary.
		{name: "GV IR goods value, freight and insurance", format: "docx", text: "COMMERCIAL INVOICE\nInvoice No. CI-27-41\n" +
			"Pos. | Goods | Qty | Unit price (EUR) | Amount (EUR)\n1 | Dough mixer | 2 | 14.200,00 | 28.400,00\n2 | Proofer | 1 | 9.750,00 | 9.750,00\n" +
			"Value of the goods | 38.150,00\nOcean freight | 2.300,00\nCargo insurance | 96,40\nTotal CIF | 40.546,40\n",
			want: []string{"subtotal|38150 EUR", "amount|96.4 EUR", "total_amount|40546.4 EUR"}, not: []string{"contract_value|38150 EUR", "security_deposit|96.4 EUR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney23Sentences(t *testing.T) {
	cases := []datesWorkCompletionCase{
		// RG: a guarantee reduced to a new sum.
		{name: "RG a bond reduced to a sum", text: "PERFORMANCE GUARANTEE No. PG-27-55\n\nWe, Coastal Bank SAOG, guarantee to pay you any sum up to OMR 84,000.000 on your first written demand.\n" +
			"The amount of this guarantee shall be reduced to OMR 42,000.000 upon receipt of a copy of the taking-over certificate.\n",
			want: []string{"performance_bond|84000 OMR", "amount|42000 OMR"}, not: []string{"performance_bond|42000 OMR"}},
		{name: "RG arabic guarantee reduced", text: "خطاب ضمان حسن التنفيذ رقم ض/27/9\n\nنضمن لكم دفع أي مبلغ لا يتجاوز ٦٠٬٠٠٠ ر.ع. عند أول طلب كتابي منكم.\n" +
			"تخفض قيمة هذا الضمان إلى ٣٠٬٠٠٠ ر.ع. عند تقديم شهادة الاستلام الابتدائي.\n",
			want: []string{"amount|30000 OMR"}, not: []string{"performance_bond|30000 OMR"}},
		// RI: a rent split into payments.
		{name: "RI rent in payments of", text: "LEASE RENEWAL NOTICE\n\nThe Landlord and the Tenant agree to renew the lease of Shop 4.\n" +
			"The annual rent shall be AED 240,000, payable in two half-yearly payments of AED 120,000 in advance.\n",
			want: []string{"rent|240000 AED", "amount|120000 AED"}, not: []string{"rent|120000 AED"}},
		{name: "RI arabic value of each payment", text: "إشعار تجديد عقد إيجار\n\nيجدد المؤجر للمستأجر عقد إيجار المستودع رقم ٧.\n" +
			"الأجرة السنوية الجديدة ٨٤٬٠٠٠ ريال سعودي، تدفع على أربع دفعات ربع سنوية، قيمة كل دفعة ٢١٬٠٠٠ ريال سعودي.\n",
			want: []string{"rent|84000 SAR", "amount|21000 SAR"}, not: []string{"rent|21000 SAR"}},
		// DT: a deposit topped up.
		{name: "DT deposit top-up", text: "LEASE RENEWAL NOTICE\n\nThe Landlord and the Tenant agree to renew the lease of Office 12.\n" +
			"The security deposit is raised to AED 30,000; the Tenant shall pay the deposit top-up of AED 5,000 on signing.\n",
			want: []string{"security_deposit|30000 AED", "amount|5000 AED"}, not: []string{"security_deposit|5000 AED"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney23Conventions(t *testing.T) {
	agency := "DISTRIBUTION AGREEMENT\n\nThis Agreement is made on 3 March 2027 between Nordlicht Pumpen GmbH (the \"Supplier\") and Al Sahel Trading LLC (the \"Distributor\").\n\n"
	arAgency := "عقد وكالة تجارية\n\nأبرم هذا العقد بتاريخ 3 مارس 2027 بين شركة الأفق للأجهزة (الموكل) ومؤسسة الساحل للتجارة (الوكيل).\n\n"
	cases := []datesWorkCompletionCase{
		// MP (decision 49).
		{name: "MP purchase goods with a net value of not less than", text: agency +
			"4.1 The Distributor undertakes to purchase Products with an aggregate net value of not less than EUR 180.000,00 in each contract year.\n",
			want: []string{"minimum_purchase|180000 EUR"}, not: []string{"subtotal|180000 EUR"}},
		{name: "MP achieve sales of at least", text: agency +
			"4.2 The Distributor shall achieve sales of at least USD 900,000 in each calendar year.\n",
			want: []string{"minimum_purchase|900000 USD"}, not: []string{"amount|900000 USD"}},
		{name: "MP arabic sales target", text: arAgency +
			"٤- يتعهد الوكيل بتحقيق مبيعات سنوية لا تقل عن 1,200,000 ريال سعودي.\n",
			want: []string{"minimum_purchase|1200000 SAR"}},
		{name: "MP keeps a bidder's turnover floor", text: "REQUEST FOR PROPOSALS\n\nThe Bidder must have an annual turnover of at least OMR 2,000,000 in each of the last three years.\n",
			not: []string{"minimum_purchase|2000000 OMR"}},
		// MC (decision 50).
		{name: "MC contribute towards marketing", text: agency +
			"6.1 The Supplier will contribute USD 15,000 each year towards the Distributor's advertising and marketing of the Products.\n",
			want: []string{"allowance|15000 USD"}, not: []string{"amount|15000 USD"}},
		{name: "MC arabic marketing share", text: arAgency +
			"٦- يساهم الموكل سنوياً بمبلغ 20,000 ريال سعودي في تسويق المنتجات داخل المملكة.\n",
			want: []string{"allowance|20000 SAR"}},
		{name: "MC marketing support row", format: "docx", text: "LICENCE AGREEMENT\nItem | Amount (AED)\nInitial licence fee | 90,000.00\nMarketing support, per year | 25,000.00\n",
			want: []string{"allowance|25000 AED"}, not: []string{"price|25000 AED"}},
		// RT (decision 54).
		{name: "RT rent row of an equipment hire", format: "md", text: "# Equipment Hire Agreement\n\nThe Owner hires to the Hirer two forklifts.\n\n" +
			"| Item | Amount (OMR) |\n|---|---|\n| Monthly rent per forklift | 620.000 |\n| Delivery to site | 150.000 |\n| Total monthly rent | 1,240.000 |\n",
			want: []string{"rent|620 OMR"}, not: []string{"price|620 OMR"}},
		// NP, AA, DV, BR: a company's results, arrears, dividends, board pay.
		{name: "NP net profit and a dividend per share", text: "MINUTES OF THE ANNUAL GENERAL MEETING\n\nThe accounts for 2026 show a net profit of KWD 1,840,250.500.\n" +
			"The Assembly approved a cash dividend of 10 fils per share (KWD 0.010 per share).\n",
			want: []string{"amount|1840250.5 KWD", "amount|0.01 KWD"}, not: []string{"subtotal|1840250.5 KWD", "price|0.01 KWD"}},
		{name: "AA rent arrears", text: "NOTICE OF TERMINATION OF LEASE\n\nThe Landlord refers to the lease of Flat 3.\nThe Tenant owes rent arrears of OMR 540.000 for March 2027.\n",
			want: []string{"amount|540 OMR"}, not: []string{"rent|540 OMR"}},
		{name: "BR board remuneration over a line break", text: "MINUTES OF THE ANNUAL GENERAL MEETING\n\nThe Assembly approved a total remuneration of QAR 600,000.00 for the members of the\nBoard of Directors for 2026.\n",
			want: []string{"fee|600000 QAR"}, not: []string{"total_amount|600000 QAR"}},
		// ST, LF, LC.
		{name: "ST a settlement sum and the sum waived", text: "SETTLEMENT AGREEMENT\n\nThe Creditor claims OMR 52,300.000 from the Debtor.\n" +
			"The Parties agree to settle the debt for a total sum of OMR 48,000.000, and the Creditor waives the balance of OMR 4,300.000.\n",
			want: []string{"amount|48000 OMR", "amount|4300 OMR"}, not: []string{"total_amount|48000 OMR"}},
		{name: "LF arabic court and lawyer's fees", text: "اتفاقية تسوية\n\nاتفق الطرفان على تسوية المديونية.\nيتحمل المدين رسوم الدعوى وأتعاب المحاماة البالغة 1,200.000 ريال عماني.\n",
			want: []string{"fee|1200 OMR"}, not: []string{"amount|1200 OMR"}},
		{name: "LF training fee per participant", text: "MEMORANDUM OF UNDERSTANDING\n\nThe Institute shall train forty staff of the Company.\nThe training fee per participant is SAR 9,500, payable in two equal parts.\n",
			want: []string{"fee|9500 SAR"}, not: []string{"amount|9500 SAR"}},
		{name: "LC a cap on loss of goods borne", text: "عقد خدمات تخزين\n\nيلتزم المشغل بتخزين البضائع.\nيتحمل المشغل قيمة أي تلف يلحق بالبضائع في المستودع بحد أقصى 40,000.000 دينار كويتي للحادث الواحد.\n",
			want: []string{"liability_cap|40000 KWD"}, not: []string{"amount|40000 KWD"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

// TestMoney23Twins: a sum MC re-keys in both languages of a bilingual
// text is one fact.
func TestMoney23Twins(t *testing.T) {
	text := "# Agency Agreement / اتفاقية وكالة\n\nThis Agreement is made on 3 March 2027 between Falcon Cranes GmbH (the \"Principal\") and Al Wusta Trading LLC (the \"Agent\").\n\n" +
		"**Article 7.** The Principal will contribute OMR 8,250.000 each year towards the Agent's marketing of the cranes.\n\n" +
		"**المادة (7):** يساهم الموكل سنوياً بمبلغ 8,250.000 ريال عماني في تسويق الوكيل للرافعات.\n"
	n := 0
	got := factSet(extractAs(t, "md", text), TypeMoney)
	for _, g := range got {
		if g == "allowance|8250 OMR" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("want one allowance|8250 OMR, got %q", got)
	}
}
