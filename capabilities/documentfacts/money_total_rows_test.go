package documentfacts

import "testing"

// Round 22 of money keys (issue 29, session 22, fourth pass;
// docs/documents.md, "Issue 29, session 22: money keys, fourth pass";
// money_total_rows.go). Each case is a short text written for this test and the
// money keys ("key|value") it must (want) or must not (not) hold; each
// not line is the key the sum had before the family's rule.

func TestMoney22TotalRow(t *testing.T) {
	parties := "This Contract is made on 2 March 2027 between Sohar Hospital (the \"Client\") and Gulf Lifts LLC (the \"Contractor\").\n\n"
	arParties := "أبرم هذا العقد بتاريخ 2 مارس 2027 بين مستشفى صحار (الطرف الأول) وشركة الخليج للمصاعد (الطرف الثاني).\n\n"
	cases := []datesWorkCompletionCase{
		// MZ: a contract value stated after a table of sums is the
		// contract's value, not the table's total.
		{name: "MZ a terms table after the price table", format: "md", text: "# Supply Contract\n\n" + parties +
			"| Item | Amount (OMR) |\n|---|---|\n| Pumps | 10,000.000 |\n| Valves | 1,000.000 |\n| Installation | 2,000.000 |\n\n" +
			"| Term | Detail |\n|---|---|\n| Contract value | OMR 13,000.000 |\n| Term | 12 months |\n",
			want: []string{"contract_value|13000 OMR"}, not: []string{"total_amount|13000 OMR"}},
		{name: "MZ a terms row among others under the sums", format: "docx", text: "SUPPLY CONTRACT\n" + parties +
			"Item | Amount (OMR)\nPumps | 10,000.000\nValves | 1,000.000\nInstallation | 2,000.000\nContract value | OMR 13,000.000\nPayment | 30 days from invoice\n",
			want: []string{"contract_value|13000 OMR"}, not: []string{"total_amount|13000 OMR"}},
		{name: "MZ arabic terms table after the price table", format: "md", text: "# عقد توريد\n\n" + arParties +
			"| البند | المبلغ (ر.ع.) |\n|---|---|\n| مضخات | 10,000.000 |\n| صمامات | 1,000.000 |\n| التركيب | 2,000.000 |\n\n" +
			"| البيان | التفاصيل |\n|---|---|\n| قيمة العقد | 13,000.000 ر.ع. |\n| مدة العقد | سنة واحدة |\n",
			want: []string{"contract_value|13000 OMR"}, not: []string{"total_amount|13000 OMR"}},
		{name: "MZ a contract price line after the rows", text: "SUPPLY CONTRACT\n\n" + parties +
			"Item                         Amount (OMR)\nPumps, 4 units               10,000.000\nValves, 20 units              1,000.000\nInstallation                  2,000.000\nContract Price: OMR 13,000.000\n\nThe Contractor shall deliver the goods.\n",
			want: []string{"contract_value|13000 OMR"}, not: []string{"total_amount|13000 OMR"}},

		// MZ keeps decision 39 and MP: the table's own last row.
		{name: "MZ keeps a total contract value row", format: "md", text: "# Supply Contract\n\n" + parties +
			"| Item | Amount (OMR) |\n|---|---|\n| Pumps | 10,000.000 |\n| Valves | 1,000.000 |\n| Installation | 2,000.000 |\n| Total contract value | 13,000.000 |\n\nThe Contractor shall deliver the goods.\n",
			want: []string{"total_amount|13000 OMR"}, not: []string{"contract_value|13000 OMR"}},
		{name: "MZ keeps a total contract price row of plain text", text: "SUPPLY CONTRACT\n\n" + parties +
			"Item                         Amount (OMR)\nPumps, 4 units               10,000.000\nValves, 20 units              1,000.000\nInstallation                  2,000.000\nTotal contract price         13,000.000\n\nThe Contractor shall deliver the goods.\n",
			want: []string{"total_amount|13000 OMR"}, not: []string{"contract_value|13000 OMR"}},
		{name: "MZ keeps an arabic contract value row with its words below", format: "md", text: "# عقد توريد\n\n" + arParties +
			"| البند | المبلغ (ر.ع.) |\n|---|---|\n| مضخات | 10,000.000 |\n| صمامات | 1,000.000 |\n| التركيب | 2,000.000 |\n| إجمالي قيمة العقد | 13,000.000 |\n| فقط ثلاثة عشر ألف ريال عماني لا غير | |\n",
			want: []string{"total_amount|13000 OMR"}, not: []string{"contract_value|13000 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney22Discounts(t *testing.T) {
	quote := "Quotation No.: Q-2027-118\nDate: 4 May 2027\nTo: Al Noor Trading LLC\n\n"
	arQuote := "رقم العرض: ع س/2027/55\nالتاريخ: 4 مايو 2027\nالسادة/ شركة النور للتجارة المحترمين\n\n"
	cases := []datesWorkCompletionCase{
		// MD2: a net amount after a discount with no subtotal row.
		{name: "MD2 net amount under the lines and a discount", format: "md", text: "# Quotation\n\n" + quote +
			"| Item | Qty | Unit price (OMR) | Amount (OMR) |\n|---|---|---|---|\n| Office chair | 10 | 85.000 | 850.000 |\n| Desk | 5 | 120.000 | 600.000 |\n" +
			"| Less: discount 10% | | | (145.000) |\n| Net amount | | | 1,305.000 |\n| VAT 5% | | | 65.250 |\n| Total | | | 1,370.250 |\n\nThis quotation is valid for 30 days.\n",
			want: []string{"net_amount|1305 OMR", "total_amount|1370.25 OMR"}, not: []string{"subtotal|1305 OMR"}},
		{name: "MD2 plain-text invoice net amount", text: "TAX INVOICE\n\nInvoice No.: INV-2027-0442\nInvoice date: 12 April 2027\nBill to: Al Noor Trading LLC\n\n" +
			"Description                     Qty    Unit price     Amount (AED)\nPrinter toner                    20       185.00         3,700.00\nA4 paper, box                    40        42.50         1,700.00\n" +
			"Discount 5%                                               (270.00)\nNet amount                                               5,130.00\nVAT 5%                                                     256.50\nTotal amount due                                         5,386.50\n",
			want: []string{"net_amount|5130 AED"}, not: []string{"subtotal|5130 AED"}},
		{name: "MD2 arabic net after a discount", text: "عرض سعر\n\n" + arQuote +
			"البيان | الكمية | سعر الوحدة (ر.ع.) | الإجمالي (ر.ع.)\nكراسي مكتبية | 10 | 85.000 | 850.000\nمكاتب | 5 | 120.000 | 600.000\n" +
			"خصم 10% | | | 145.000\nالصافي | | | 1,305.000\nضريبة القيمة المضافة 5% | | | 65.250\nالإجمالي شامل الضريبة | | | 1,370.250\n",
			want: []string{"net_amount|1305 OMR"}, not: []string{"subtotal|1305 OMR"}},

		// MD2: the total a discount is taken from is the subtotal.
		{name: "MD2 arabic total before a special discount", text: "عرض سعر\n\n" + arQuote +
			"م | البيان | الكمية | سعر الوحدة (د.ك.) | الإجمالي (د.ك.)\n1 | وحدة تكييف مركزية | 4 | 3,850.000 | 15,400.000\n2 | أعمال التركيب | 1 | 2,600.000 | 2,600.000\n\n" +
			"المجموع (د.ك.): 18,000.000\nخصم خاص 5% (د.ك.): 900.000\nالإجمالي النهائي (د.ك.): 17,100.000\n",
			want: []string{"subtotal|18000 KWD", "total_amount|17100 KWD"}, not: []string{"total_amount|18000 KWD"}},
		{name: "MD2 total before a special discount", text: "QUOTATION\n\n" + quote +
			"Item | Qty | Unit price (KWD) | Total (KWD)\nChiller 20 TR | 2 | 9,000.000 | 18,000.000\nInstallation | 1 | 2,000.000 | 2,000.000\n\n" +
			"Total (KWD): 20,000.000\nSpecial discount 5% (KWD): 1,000.000\nFinal total (KWD): 19,000.000\n",
			want: []string{"subtotal|20000 KWD", "total_amount|19000 KWD"}, not: []string{"total_amount|20000 KWD"}},

		// MD2: the sum after the discount is the total when nothing is
		// added to it below.
		{name: "MD2 total net above a zero VAT row", text: "QUOTATION\n\n" + quote +
			"Pos.  Description                       Qty   Unit price €   Total €\n1     Cold room 6 x 4 x 3 m              2     18.450,00      36.900,00\n2     Condensing unit 9 kW               2      6.275,50      12.551,00\n" +
			"      Subtotal (EUR)                                          49.451,00\n      Project discount 5 %                                    -2.472,55\n      Total net (EUR)                                         46.978,45\n      VAT 0 % (export outside the EU)\n\nDelivery time: ten (10) weeks.\n",
			want: []string{"subtotal|49451 EUR", "total_amount|46978.45 EUR"}, not: []string{"net_amount|46978.45 EUR"}},
		{name: "MD2 net amount with a net word and no tax", format: "md", text: "# Proforma Invoice\n\n" + quote +
			"| Item | Qty | Unit price (USD) | Total (USD) |\n|---|---|---|---|\n| Chiller 20 TR | 2 | 9,000.00 | 18,000.00 |\n| Installation kit | 1 | 2,000.00 | 2,000.00 |\n" +
			"| Subtotal | | | 20,000.00 |\n| Discount 5% | | | 1,000.00 |\n| Net total | | | 19,000.00 |\n\nPayment: 100% before shipment.\n",
			want: []string{"subtotal|20000 USD", "total_amount|19000 USD"}, not: []string{"net_amount|19000 USD"}},

		// MD2 keeps: a net amount with a charge added below, a total
		// repeated in a sentence after the rows.
		{name: "MD2 keeps a net amount a freight row adds to", format: "md", text: "# Proforma Invoice\n\n" + quote +
			"| Item | Qty | Unit price (USD) | Total (USD) |\n|---|---|---|---|\n| Chiller 20 TR | 2 | 9,000.00 | 18,000.00 |\n| Installation kit | 1 | 2,000.00 | 2,000.00 |\n" +
			"| Subtotal | | | 20,000.00 |\n| Discount 5% | | | 1,000.00 |\n| Net amount | | | 19,000.00 |\n| Freight | | | 850.00 |\n| Total | | | 19,850.00 |\n",
			want: []string{"subtotal|20000 USD", "net_amount|19000 USD", "total_amount|19850 USD"}},
		{name: "MD2 keeps the total a contract sentence repeats", text: "عقد توريد أجهزة\n\nأبرم هذا العقد بتاريخ 2 مارس 2027 بين مستشفى صحار (الطرف الأول) وشركة الخليج الطبية (الطرف الثاني).\n\n" +
			"م   الصنف                              الكمية   سعر الوحدة (د.ك.)   الإجمالي (د.ك.)\n1   جهاز تحليل                           2        18,450.000          36,900.000\n2   ثلاجة عينات                          4         1,312.750           5,251.000\n" +
			"    الإجمالي قبل الخصم                                                42,151.000\n    خصم خاص                                                            2,151.000\n    الإجمالي بعد الخصم                                                40,000.000\n\n" +
			"قيمة العقد الإجمالية 40,000.000 د.ك. (أربعون ألف دينار كويتي) شاملة التوريد والتركيب.\n",
			want: []string{"subtotal|42151 KWD", "total_amount|40000 KWD"}, not: []string{"net_amount|40000 KWD"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney22FourDecimals(t *testing.T) {
	cases := []datesWorkCompletionCase{
		// M4: a unit price with four decimals after a decimal comma.
		{name: "M4 md price list", format: "md", text: "# Distribution Agreement\n\nThis Agreement is made on 2 March 2027 between Caffè Brennero S.p.A. (the \"Supplier\") and Muscat Coffee LLC (the \"Distributor\").\n\n" +
			"3.1 The Distributor shall purchase the Products at the prices of the price list:\n\n| Code | Product | Unit | Price (EUR) |\n|---|---|---|---|\n| BR-200 | Espresso machine | piece | 312,40 |\n| CP-10 | Capsule | capsule | 0,1785 |\n| SP-01 | Descaling kit | kit | 9,90 |\n\n" +
			"3.2 The Distributor undertakes to reach minimum purchases of € 145.000,00 in each contract year.\n",
			want: []string{"price|0.1785 EUR", "price|312.4 EUR"}},
		{name: "M4 plain-text price list", text: "SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2027 between Azulejos Levante S.L. (the \"Supplier\") and Nizwa Tiles LLC (the \"Buyer\").\n\n" +
			"Ref. | Product | Unit | Price (EUR)\nLV-6060 | Porcelain tile 60 x 60 cm | m2 | 11,85\nLV-MOS | Glass mosaic sheet | sheet | 3,1275\nLV-ADH | Tile adhesive, 25 kg bag | bag | 1.209,6250\n\n" +
			"The Buyer shall buy Products to a value of not less than EUR 420.000,00 in each contract year.\n",
			want: []string{"price|3.1275 EUR", "price|1209.625 EUR"}},
		// M4 keeps: a point-decimal document's cells as they were.
		{name: "M4 keeps four point decimals", text: "SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2027 between Gulf Cables LLC (the \"Supplier\") and Nizwa Power SAOC (the \"Buyer\").\n\n" +
			"Item | Unit | Unit price (OMR)\nCopper cable 4 mm | metre | 0.4125\nCable tie | piece | 0.0150\n\nThe Buyer shall pay OMR 1,250.500 within 30 days of invoice.\n",
			want: []string{"price|0.4125 OMR", "price|0.015 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney22TenderFees(t *testing.T) {
	cases := []datesWorkCompletionCase{
		// MT2: the price of taking part in a tender, a call or a
		// pre-qualification.
		{name: "MT2 a non-refundable PQ fee", text: "OMAN ROADS DEVELOPMENT COMPANY SAOC\nPRE-QUALIFICATION OF CONTRACTORS\nPQ Ref.: ORD/PQ/04/2027\nIssue date: 14 January 2027\n\n" +
			"4.1 Applicants shall submit the documents listed below.\n4.2 A non-refundable PQ fee of OMR 120.000 must be paid through the Tender Board portal before\nsubmission.\n",
			want: []string{"tender_fee|120 OMR"}, not: []string{"fee|120 OMR"}},
		{name: "MT2 a registration fee of a call", format: "docx", text: "# CALL FOR EXPRESSIONS OF INTEREST\nReference | QDC-EOI-2027-004\nDate of issue | 02/02/2027\n" +
			"Qatar Destinations Company W.L.L. invites consultancy firms to express their interest in the design of a visitor centre.\n" +
			"A non-refundable registration fee of QAR 1,500 must be paid on the portal before upload.\n",
			want: []string{"tender_fee|1500 QAR"}, not: []string{"fee|1500 QAR"}},
		{name: "MT2 documents against a fee, wrapped", format: "md", text: "# Tender Notice\n\n**Tender No.:** GWC/T/08/2027\n**Date:** 09/03/2027\n\n" +
			"2.1 Bids must be submitted in two envelopes.\n\n2.3 Tender documents are available from the Company's office against a non-refundable fee of\nOMR 45.000.\n",
			want: []string{"tender_fee|45 OMR"}, not: []string{"fee|45 OMR"}},
		{name: "MT2 arabic row of the price of a copy", format: "docx", text: "# دعوة لتقديم العطاءات\nرقم المناقصة | م ص/خ ن/٠٤/٢٠٢٧\n" +
			"يدعو مستشفى صحار الخاص الشركات المتخصصة إلى تقديم عطاءاتها لتنفيذ أعمال الصيانة.\n# ثانياً: الرسوم والضمانات\nالبند | المبلغ (ر.ع.)\nثمن نسخة المناقصة (غير مسترد) | ٤٠\nالضمان المؤقت | ٢٬٠٠٠\n",
			want: []string{"tender_fee|40 OMR"}, not: []string{"price|40 OMR"}},
		{name: "MT2 arabic registration fee", text: "إعلان مناقصة عامة رقم ٧/٢٠٢٧\n\nتعلن شركة مسقط للخدمات عن طرح مناقصة توريد معدات.\n\n" +
			"١. يسدد المتقدم رسم التسجيل غير المسترد وقدره 25 ر.ع. عند شراء الوثائق.\n",
			want: []string{"tender_fee|25 OMR"}, not: []string{"fee|25 OMR"}},

		// MT2 keeps: a fee the bidder quotes, a fee outside a tender.
		{name: "MT2 keeps a cap on the fees quoted", format: "html", text: "<h1>Request for Proposals: External Audit</h1><p>RFP No. KIC/RFP/03/2027</p>" +
			"<p>The audit fee shall be quoted as a fixed annual fee. The total fees for the three years must not exceed KWD 90,000.</p>",
			not: []string{"tender_fee|90000 KWD"}},
		{name: "MT2 keeps a licence's non-refundable fee", text: "SOFTWARE LICENCE AGREEMENT\n\nThis Agreement is dated 1 May 2027 between Alpha LLC (the Licensor) and Beta LLC (the Licensee).\n\n" +
			"3.1 The Licensee shall pay a non-refundable initial licence fee of AED 40,000 on signature.\n",
			want: []string{"fee|40000 AED"}, not: []string{"tender_fee|40000 AED"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney22CitedValues(t *testing.T) {
	arLetter := "شركة نزوى للتطوير العمراني ش.م.ع.م\n\nالتاريخ: 20 مارس 2027م\nالسادة/ شركة الخليج للمقاولات المحترمين\n\n"
	cases := []datesWorkCompletionCase{
		// MV2: the value of the contract a letter or certificate cites.
		{name: "MV2 arabic contract cited with its total value", text: arLetter + "الموضوع: أمر المباشرة\n\n" +
			"بالإشارة إلى العقد رقم 9/2026 المبرم بتاريخ 2 مارس 2027م بين شركة نزوى للتطوير العمراني وشركتكم، بقيمة إجمالية\nقدرها 1,846,300.000 ريال عماني (فقط مليون وثمانمائة وستة وأربعون ألفاً وثلاثمائة ريال عماني لا غير)،\nنفيدكم بما يلي:\n\nأولاً: تاريخ المباشرة بالعمل هو 1 أبريل 2027م.\n",
			want: []string{"contract_value|1846300 OMR"}, not: []string{"amount|1846300 OMR"}},
		{name: "MV2 arabic value of the works under a subcontract", text: "شهادة ضمان أعمال العزل المائي\n\nالتاريخ: 5 مايو 2027م\nإلى: شركة المنامة العقارية\n\n" +
			"١. تضمن شركة العزل الحديث أعمال العزل المائي لسطح المبنى لمدة عشر سنوات.\n\n٢. تبلغ قيمة أعمال العزل المائي بموجب العقد الفرعي 86,000.000 دينار بحريني.\n",
			want: []string{"contract_value|86000 BHD"}, not: []string{"amount|86000 BHD"}},
		{name: "MV2 value of the works under the subcontract", text: "WARRANTY CERTIFICATE\n\nDate: 5 May 2027\nTo: Manama Real Estate Co.\n\n" +
			"1. Modern Insulation WLL warrants the roof waterproofing for ten years.\n2. The value of the waterproofing works under the Subcontract is BHD 86,000.000.\n",
			want: []string{"contract_value|86000 BHD"}, not: []string{"amount|86000 BHD"}},

		// MI2: a minimum insurance cover, in Arabic.
		{name: "MI2 arabic insurance with a minimum", text: arLetter + "الموضوع: أمر المباشرة\n\n" +
			"أولاً: يلتزم المقاول بتقديم وثائق التأمين الشامل على الأعمال والتأمين ضد المسؤولية تجاه الغير بحد\nأدنى قدره 400,000.000 ريال عماني قبل تاريخ المباشرة.\n",
			want: []string{"insurance_cover|400000 OMR"}, not: []string{"amount|400000 OMR"}},
		{name: "MI2 arabic policies with a minimum", text: arLetter + "الموضوع: خطاب ترسية\n\n" +
			"ثانياً: على المقاول تقديم بوالص التأمين الشامل للأعمال بحد أدنى مقداره 500,000.000 ريال عماني.\n",
			want: []string{"insurance_cover|500000 OMR"}, not: []string{"security_deposit|500000 OMR"}},

		// MV2 and MI2 keep: a bond's sum, a share of the contract's value;
		// a security deposit with a minimum.
		{name: "MV2 keeps a performance bond of a share of the value", text: arLetter + "الموضوع: أمر المباشرة\n\n" +
			"ثانياً: يلتزم المقاول بتقديم ضمان حسن التنفيذ بنسبة 10% من قيمة العقد بمبلغ 184,630.000 ريال عماني خلال أربعة عشر (14) يوماً.\n",
			want: []string{"performance_bond|184630 OMR"}, not: []string{"contract_value|184630 OMR"}},
		{name: "MI2 keeps a lease's security deposit", text: "عقد إيجار محل تجاري\n\nأبرم هذا العقد بتاريخ 1 مايو 2027م بين سالم بن علي الحارثي (المؤجر) وشركة النجمة للتجارة (المستأجر).\n\n" +
			"٤. يدفع المستأجر تأميناً مسترداً بحد أدنى قدره 600.000 ريال عماني عند التوقيع.\n",
			not: []string{"insurance_cover|600 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney22FinancialFloors(t *testing.T) {
	cases := []datesWorkCompletionCase{
		// MF2: a working-capital floor a bidder must show.
		{name: "MF2 minimum working capital", text: "OMAN ROADS DEVELOPMENT COMPANY SAOC\nPRE-QUALIFICATION OF CONTRACTORS\nPQ Ref.: ORD/PQ/04/2027\n\n" +
			"3.5 Minimum average annual turnover over the last three years: OMR 6,000,000.000.\n3.6 Minimum working capital or committed credit facilities: OMR 900,000.000.\n",
			want: []string{"amount|900000 OMR"}, not: []string{"share_capital|900000 OMR"}},
		{name: "MF2 working capital of at least", format: "md", text: "# Request for Proposals\n\n**RFP No.:** KIC/RFP/05/2027\n\n## Financial requirements\n\n" +
			"- The bidder must hold working capital of at least KWD 250,000.000 as shown in its audited accounts.\n",
			want: []string{"amount|250000 KWD"}, not: []string{"share_capital|250000 KWD"}},
		// MF2 keeps: a company's own capital in its profile.
		{name: "MF2 keeps a company's paid-up capital", text: "COMPANY PROFILE\n\nGulf Roads LLC is a limited liability company registered in Muscat in 2009.\n\n" +
			"Paid-up share capital: OMR 500,000.000.\n",
			want: []string{"share_capital|500000 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney22BracketFigures(t *testing.T) {
	arTender := "إعلان مناقصة عامة رقم ٥/٢٠٢٧\n\nتعلن مجموعة الخوض للنقل عن طرح مناقصة نقل طلاب المدارس.\n\n"
	cases := []datesWorkCompletionCase{
		// MB2: a figure in brackets right before its currency.
		{name: "MB2 price of the documents in brackets", text: arTender + "١- قيمة وثائق المناقصة (٦٠) ريالاً عمانياً غير مستردة، وتباع في مقر المجموعة.\n",
			want: []string{"tender_fee|60 OMR"}},
		{name: "MB2 bid bond in brackets before ر.ع.", text: arTender + "٢- يجب أن يرفق بالعطاء ضمان عطاء بمبلغ (٣٬٥٠٠) ر.ع. صادر من أحد البنوك العاملة في سلطنة عمان.\n",
			want: []string{"bid_bond|3500 OMR"}},
		{name: "MB2 english figure in brackets before its currency", text: "SUPPLY CONTRACT\n\nThis Contract is dated 1 May 2027 between Alpha LLC (the Buyer) and Beta LLC (the Seller).\n\n" +
			"3. The Seller shall pay a late delivery charge of (250) Omani Rials for each day of delay.\n",
			want: []string{"penalty_amount|250 OMR"}},
		// MB2 keeps: a numbered item before a sum, a bracketed count.
		{name: "MB2 keeps a numbered item", text: "SUPPLY CONTRACT\n\nThis Contract is dated 1 May 2027 between Alpha LLC (the Buyer) and Beta LLC (the Seller).\n\n(1) OMR 500.000 is payable on signature.\n",
			want: []string{"amount|500 OMR"}, not: []string{"amount|1 OMR"}},
		{name: "MB2 keeps a bracketed number of years", text: arTender + "٣- مدة العقد (٣) سنوات.\n",
			not: []string{"amount|3 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney22BilingualTwins(t *testing.T) {
	cases := []datesWorkCompletionCase{
		// MB3: a sum stated in English and in Arabic, keyed apart, is one
		// fact under the narrower key.
		{name: "MB3 an hour of overrun charged", format: "md", text: "# Venue Hire Agreement / اتفاقية استئجار قاعة\n\nThis Agreement is dated 4 January 2027 between Bahrain Expo Centre W.L.L. (the \"Centre\") and Gulf Events Co. (the \"Organiser\").\n\n" +
			"2.4 The Organiser shall remove all exhibition material by 23:00 on 22 January 2027. Each hour of\noverrun is charged at BHD 300.000.\n\n" +
			"٢-٤ يلتزم المنظم بإزالة جميع مواد المعرض قبل الساعة ١١ مساءً يوم ٢٢ يناير ٢٠٢٧م، ويحتسب مبلغ\n٣٠٠٫٠٠٠ د.ب. عن كل ساعة تأخير.\n",
			want: []string{"penalty_amount|300 BHD"}, not: []string{"price|300 BHD"}},
		{name: "MB3 a service charge per month", text: "SHOP LEASE / عقد إيجار محل\n\nThis Lease is dated 1 March 2027 between Muscat Malls SAOG (the Landlord) and Noor Fashion LLC (the Tenant).\n\n" +
			"Service and marketing charge: OMR 180.000 per month.\nرسوم الخدمات والتسويق: 180 ريالاً عمانياً شهرياً.\n",
			want: []string{"service_charge|180 OMR"}, not: []string{"fee|180 OMR"}},
		{name: "MB3 a rent per bed space", text: "STAFF ACCOMMODATION LEASE / عقد إيجار سكن عمال\n\nThis Lease is dated 1 March 2027 between Al Amal Real Estate LLC (the Landlord) and Duqm Builders LLC (the Tenant).\n\n" +
			"3. Rent. The monthly rent is OMR 6,400.000 (six thousand four hundred Omani Rials), that is OMR 50.000 per bed space. The Tenant shall pay the rent quarterly in advance.\n" +
			"٣. الأجرة: الأجرة الشهرية ٦٬٤٠٠٫٠٠٠ ر.ع. (ستة آلاف وأربعمائة ريال عماني)، أي ٥٠٫٠٠٠ ر.ع. لكل سرير. يدفع المستأجر الأجرة كل ثلاثة أشهر مقدماً.\n",
			want: []string{"rent|50 OMR"}, not: []string{"price|50 OMR"}},
		// MB3 keeps: two narrower keys of one value (a rent and a
		// deposit equal to it).
		{name: "MB3 keeps a deposit equal to the rent", text: "FLAT LEASE / عقد إيجار شقة\n\nThis Lease is dated 1 March 2027 between Salim Al-Harthy (the Landlord) and Ahmed Al-Balushi (the Tenant).\n\n" +
			"1. The monthly rent is OMR 280.000.\n٢. يدفع المستأجر تأميناً قدره ٢٨٠٫٠٠٠ ر.ع. عند التوقيع.\n",
			want: []string{"rent|280 OMR", "security_deposit|280 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney22ArabicGrouping(t *testing.T) {
	cases := []datesWorkCompletionCase{
		// MG: the Arabic thousands separator groups thousands in a text
		// that writes decimal commas too.
		{name: "MG arabic sum in a decimal-comma contract", text: "SUPPLY AGREEMENT / اتفاقية توريد\n\nThis Agreement is dated 2 March 2027 between Azulejos Levante S.L. (the \"Supplier\") and Nizwa Tiles LLC (the \"Buyer\").\n\n" +
			"1. The Buyer shall purchase Products to a value of not less than EUR 420.000,00 in each contract year.\n" +
			"٢. يدفع المشتري دفعة مقدمة قدرها ١٢٬٥٠٠ يورو عند التوقيع.\n",
			want: []string{"advance_payment|12500 EUR"}, not: []string{"advance_payment|12.5 EUR"}},
		{name: "MG arabic twin of a decimal-comma total", format: "html", text: "<h1>Umrah Package Contract / عقد باقة عمرة</h1><p>This Contract is dated 1 August 2027 between Makkah Tours Co. (the Operator) and Gulf Travel W.L.L. (the Organiser).</p>" +
			"<p>2. The total package price is SAR 312.000,00 (three hundred and twelve thousand Saudi Riyals).</p><p>٢. إجمالي قيمة الباقة ٣١٢٬٠٠٠ ريال سعودي (ثلاثمائة واثنا عشر ألف ريال سعودي).</p>",
			want: []string{"total_amount|312000 SAR"}, not: []string{"total_amount|312 SAR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}
