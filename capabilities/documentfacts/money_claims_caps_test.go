package documentfacts

import (
	"strings"
	"testing"
)

// Round 24 of money keys (issue 29, session 24): families of money_claims_caps.go.
// Each case is a short text written for this test (no document of a
// labelled set) and the keys it must (want) or must not (not) hold.

func TestMoney24ClaimRows(t *testing.T) {
	arBody := strings.Repeat("يلتزم المورد بتوريد المواد وفق الجدول المتفق عليه.\n", 3)
	enBody := strings.Repeat("The Supplier shall deliver the goods as scheduled.\n", 3)
	cases := []datesWorkCompletionCase{
		// CT: a table of the sums one side claims from the other.
		{name: "CT arabic html claim table", format: "html", text: "<h1>مطالبة مالية</h1><p>" + arBody + "</p>" +
			"<table><tr><th>البيان</th><th>القيمة (ر.ع.)</th></tr>" +
			"<tr><td>غرامات التأخير المتراكمة</td><td>٣٬٥٠٠٫٠٠٠</td></tr>" +
			"<tr><td>فرق السعر لدى المورد البديل</td><td>٢٬١٢٥٫٧٥٠</td></tr>" +
			"<tr><td>يخصم: دفعات مستلمة من المورد</td><td>(١٬٠٠٠٫٠٠٠)</td></tr>" +
			"<tr><td>صافي المبلغ المستحق للمالك</td><td>٤٬٦٢٥٫٧٥٠</td></tr></table>",
			want: []string{"penalty_amount|3500 OMR", "amount|2125.75 OMR", "amount|1000 OMR", "amount|4625.75 OMR"},
			not:  []string{"price|3500 OMR", "discount|1000 OMR", "subtotal|4625.75 OMR"}},
		{name: "CT english markdown claim", format: "md", text: "# NOTICE OF CLAIM\n\n" + enBody +
			"\n| Item | Amount (QAR) |\n|---|---|\n| Liquidated damages accrued to date | 12,400.00 |\n| Excess cost of replacement purchases | 8,150.00 |\n| Deduct: unpaid invoices | (3,000.00) |\n| Net amount due to the Buyer | 17,550.00 |\n",
			want: []string{"penalty_amount|12400 QAR", "amount|8150 QAR", "amount|3000 QAR", "amount|17550 QAR"},
			not:  []string{"price|12400 QAR", "price|8150 QAR", "subtotal|17550 QAR"}},
		{name: "CT text rows, currency in the header", text: "بيان المستحقات\n\n" + arBody +
			"البند | المبلغ (د.ك.)\nغرامة التأخير في التسليم | ٧٥٠٫٠٠٠\nالتكلفة الإضافية للشراء من الغير | ١٬٢٠٠٫٠٠٠\nصافي المستحق للمشتري | ١٬٩٥٠٫٠٠٠\n",
			want: []string{"penalty_amount|750 KWD", "amount|1200 KWD", "amount|1950 KWD"},
			not:  []string{"price|750 KWD", "price|1200 KWD", "subtotal|1950 KWD"}},
		// Near misses: an invoice's discount and net, a priced report.
		{name: "CT near miss invoice discount and net", format: "md", text: "# TAX INVOICE\n\nInvoice No. 5521\n\n| Description | Amount (OMR) |\n|---|---|\n| Delay analysis report | 1,200.000 |\n| Less: discount | 100.000 |\n| Net amount | 1,100.000 |\n| VAT 5% | 55.000 |\n| Total | 1,155.000 |\n",
			want: []string{"price|1200 OMR", "discount|100 OMR"},
			not:  []string{"penalty_amount|1200 OMR", "amount|100 OMR", "amount|1100 OMR"}},
		{name: "CT near miss a priced line's price difference", text: "إشعار دائن\n\n" + arBody +
			"م | البيان | الكمية | سعر الوحدة (ر.ع.) | المبلغ (ر.ع.)\n1 | تمور مجدول - مرتجع | 20 | 3.500 | 70.000\n2 | فرق سعر عسل طبيعي 1 كجم | 50 | 0.250 | 12.500\n",
			want: []string{"price|12.5 OMR"}, not: []string{"amount|12.5 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney24DeductionCaps(t *testing.T) {
	arBody := strings.Repeat("يلتزم المقاول بتنفيذ الأعمال وفق الشروط.\n", 3)
	enBody := strings.Repeat("The Contractor shall perform the services with due care.\n", 3)
	cases := []datesWorkCompletionCase{
		// DC: the cap on the deductions or penalties of a period.
		{name: "DC arabic monthly cap of deductions", text: "عقد خدمات نظافة\n\n" + arBody + "على ألا يتجاوز مجموع الخصومات في الشهر الواحد ٢٬٠٠٠ ر.ع.، وإلا جاز للبلدية فسخ العقد.\n",
			want: []string{"penalty_amount|2000 OMR"}, not: []string{"amount|2000 OMR"}},
		{name: "DC english total deductions in a month", text: "SERVICES AGREEMENT\n\n" + enBody + "The total deductions in any calendar month shall not exceed QAR 15,000.\n",
			want: []string{"penalty_amount|15000 QAR"}, not: []string{"amount|15000 QAR"}},
		{name: "DC arabic fines capped", text: "عقد صيانة\n\n" + arBody + "ولا يزيد إجمالي الغرامات الموقعة على المقاول خلال السنة عن ٩٬٠٠٠ ريال قطري.\n",
			want: []string{"penalty_amount|9000 QAR"}},
		{name: "DC service credits capped per quarter", text: "SERVICE LEVEL AGREEMENT\n\n" + enBody + "Service credits in any quarter are capped at AED 40,000.\n",
			want: []string{"penalty_amount|40000 AED"}},
		// Near misses: a liability cap, a loan repaid by deductions.
		{name: "DC near miss liability cap", text: "SERVICES AGREEMENT\n\n" + enBody + "The Contractor's total liability under this Agreement shall not exceed OMR 500,000.\n",
			not: []string{"penalty_amount|500000 OMR"}},
		{name: "DC near miss salary deductions for a loan", text: "HOUSING LOAN AGREEMENT\n\n" + enBody + "The loan of KWD 3,000 shall be repaid by monthly deductions from salary which shall not exceed KWD 250.\n",
			not: []string{"penalty_amount|250 KWD"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney24OfficialIsNoFee(t *testing.T) {
	cases := []datesWorkCompletionCase{
		// OF: الرسمي / رسمية (official) is no رسم (fee).
		{name: "OF arabic penalty table row, official uniform", text: "عقد نظافة\n\nالبند السادس: الخصومات الجزائية\n\nالمخالفة | قيمة الخصم (ر.ع.)\nعدم ارتداء الزي الرسمي | ١٠\nتأخر المركبة عن موعدها | ٢٠\n",
			want: []string{"penalty_amount|10 OMR", "penalty_amount|20 OMR"}, not: []string{"price|10 OMR", "fee|10 OMR"}},
		{name: "OF official holidays pay row", format: "md", text: "# كشف الراتب\n\n| البند | المبلغ (ر.ق.) |\n|---|---|\n| بدل العمل في العطل الرسمية | 600.00 |\n",
			not: []string{"fee|600 QAR"}},
		{name: "OF official translation sentence", text: "عقد خدمات\n\nتقدم الشركة ترجمة رسمية معتمدة للوثائق بمبلغ ٣٥٠ ر.ع. عن كل وثيقة.\n",
			not: []string{"fee|350 OMR"}},
		// Near miss: a real fee keeps its key.
		{name: "OF near miss registration fee", text: "إشعار\n\nيدفع المتقدم رسم التسجيل وقدره ٥٠ ر.ع. عند تقديم الطلب.\n",
			want: []string{"fee|50 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney24Hire(t *testing.T) {
	body := strings.Repeat("The Owner shall keep the vessel seaworthy.\n", 3)
	cases := []datesWorkCompletionCase{
		// HR (decision 64): the hire of equipment or a vessel is rent.
		{name: "HR charter hire per month in a sentence", text: "TIME CHARTER PARTY\n\n" + body + "3.1 Charter hire is USD 18,750 per month, payable monthly in advance.\n",
			want: []string{"rent|18750 USD"}, not: []string{"fee|18750 USD", "price|18750 USD"}},
		{name: "HR hire per day row", text: "CRANE HIRE AGREEMENT\n\n" + body + "Item | Rate (KWD)\nHire, per day | 975.500\nMobilisation, lump sum | 400.000\n",
			want: []string{"rent|975.5 KWD", "price|400 KWD"}, not: []string{"price|975.5 KWD"}},
		{name: "HR daily hire rate of", text: "EQUIPMENT HIRE CONTRACT\n\n" + body + "The daily hire rate of the excavator shall be OMR 185.000, fuel excluded.\n",
			want: []string{"rent|185 OMR"}},
		{name: "HR arabic hire of the crane", text: "عقد استئجار رافعة\n\n" + strings.Repeat("يلتزم المؤجر بصيانة الرافعة.\n", 3) + "أجرة استئجار الرافعة ٢٬٤٠٠ ر.ع. شهرياً تدفع مقدماً.\n",
			want: []string{"rent|2400 OMR"}},
		// Near misses: overtime row; hiring staff.
		{name: "HR near miss overtime row", text: "CRANE HIRE AGREEMENT\n\n" + body + "Item | Rate (KWD)\nHire, per day | 975.500\nOvertime, per hour | 45.000\n",
			want: []string{"price|45 KWD"}, not: []string{"rent|45 KWD"}},
		{name: "HR near miss hiring staff", text: "RECRUITMENT AGREEMENT\n\n" + body + "The Agency's fee for each new hire is AED 4,500.\n",
			not: []string{"rent|4500 AED"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney24LateCharges(t *testing.T) {
	body := strings.Repeat("The Borrower shall repay the facility in monthly instalments.\n", 3)
	cases := []datesWorkCompletionCase{
		// LC (decision 48): a late-payment charge stated as a sum, in a
		// table's row or as a fee or price in a sentence.
		{name: "LC bilingual row of a facility letter", format: "md", text: "# FACILITY OFFER LETTER\n\n" + body + "\n| Term | Detail |\n|---|---|\n| Late payment fee / رسوم التأخر في السداد | BHD 15 per late instalment / ١٥ د.ب. عن كل قسط متأخر |\n",
			want: []string{"penalty_amount|15 BHD"}, not: []string{"price|15 BHD", "fee|15 BHD"}},
		{name: "LC sentence late payment charge of", text: "SERVICE AGREEMENT\n\n" + body + "A late payment charge of QAR 500 applies to each invoice unpaid after its due date.\n",
			want: []string{"penalty_amount|500 QAR"}, not: []string{"fee|500 QAR"}},
		{name: "LC arabic row", text: "خطاب عرض تمويل\n\n" + strings.Repeat("يلتزم المقترض بسداد الأقساط في مواعيدها.\n", 3) + "البند | القيمة\nرسوم التأخر في السداد | ٢٥ ر.ع. عن كل شهر\nرسوم إدارية | ١٠٠ ر.ع.\n",
			want: []string{"penalty_amount|25 OMR"}, not: []string{"price|25 OMR", "fee|25 OMR"}},
		// Near miss: a processing fee.
		{name: "LC near miss processing fee row", format: "md", text: "# FACILITY OFFER LETTER\n\n" + body + "\n| Term | Detail |\n|---|---|\n| Processing fee | BHD 250 |\n",
			not: []string{"penalty_amount|250 BHD"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney24SaudiRiyalSR(t *testing.T) {
	body := strings.Repeat("The Contractor shall perform the works in Riyadh.\n", 3)
	cases := []datesWorkCompletionCase{
		// SR: "SR" (upper case, a number beside it) is the Saudi riyal,
		// as "QR" is the Qatari and "BD" the Bahraini dinar.
		{name: "SR before the number", text: "SERVICES CONTRACT\n\n" + body + "The monthly fee is SR 8,000.\n",
			want: []string{"fee|8000 SAR"}},
		{name: "SR after the number", text: "SERVICES CONTRACT\n\n" + body + "The Contractor shall pay a penalty of 1,500 SR for each day of delay.\n",
			want: []string{"penalty_amount|1500 SAR"}},
		{name: "SR in a column header", format: "md", text: "# QUOTATION\n\n" + body + "\n| Item | Qty | Unit price (SR) | Total (SR) |\n|---|---|---|---|\n| Pump | 2 | 4,250.00 | 8,500.00 |\n",
			want: []string{"price|4250 SAR", "price|8500 SAR"}},
		// Near miss: "Sr." (senior) before a name, and lower case.
		{name: "SR near miss a senior engineer", text: "SERVICES CONTRACT\n\n" + body + "Sr. Engineer 2 will attend the site; sr 40 is the room number.\n",
			not: []string{"amount|2 SAR", "amount|40 SAR", "price|40 SAR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney24BareCurrencyByCountry(t *testing.T) {
	body := strings.Repeat("يلتزم المورد بتوريد المواد وفق الجدول.\n", 3)
	cases := []datesWorkCompletionCase{
		// BC: a bare ريال or دينار in a document that names no currency of
		// that family is the currency of the one country it is made in
		// (its city or state: الرياض، جدة → SAR; الدوحة → QAR; مسقط، سلطنة
		// عمان → OMR; الكويت → KWD; البحرين، المنامة → BHD).
		{name: "BC riyadh riyal", text: "عقد توريد\n\nحرر في الرياض، المملكة العربية السعودية.\n\n" + body + "قيمة العقد ٥٠٬٠٠٠ ريال شاملة الضريبة.\n",
			want: []string{"contract_value|50000 SAR"}},
		{name: "BC kuwait dinar", text: "عقد توريد\n\nحرر في دولة الكويت.\n\n" + body + "قيمة العقد ١٢٬٥٠٠ دينار.\n",
			want: []string{"contract_value|12500 KWD"}},
		{name: "BC doha riyal", text: "عقد خدمات\n\nالدوحة - قطر\n\n" + body + "الأتعاب الشهرية ٨٬٠٠٠ ريال.\n",
			want: []string{"fee|8000 QAR"}},
		{name: "BC muscat riyal", text: "عقد إيجار\n\nمسقط\n\n" + body + "قيمة العقد ٢٤٬٠٠٠ ريال.\n",
			want: []string{"contract_value|24000 OMR"}},
		// Near miss: two countries of the family named.
		{name: "BC near miss riyadh and doha", text: "عقد توريد\n\nالرياض - الدوحة\n\n" + body + "قيمة العقد ٥٠٬٠٠٠ ريال.\n",
			not: []string{"contract_value|50000 SAR", "contract_value|50000 QAR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney24BareCurrencyEnglish(t *testing.T) {
	body := strings.Repeat("The Supplier shall deliver the goods as scheduled.\n", 3)
	cases := []datesWorkCompletionCase{
		// BC in English: "Riyals" and "Dinars" alone take the code of the
		// one country of their family the document names.
		{name: "BC english riyals in riyadh", text: "SUPPLY CONTRACT\n\nRiyadh, Kingdom of Saudi Arabia\n\n" + body + "The contract value is 50,000 Riyals.\n",
			want: []string{"contract_value|50000 SAR"}},
		{name: "BC english dinars in kuwait", text: "SUPPLY CONTRACT\n\nKuwait City, State of Kuwait\n\n" + body + "The contract value is 12,500 Dinars.\n",
			want: []string{"contract_value|12500 KWD"}},
		{name: "BC english riyals in doha", text: "SERVICES AGREEMENT\n\nDoha, Qatar\n\n" + body + "The monthly fee is 8,000 Riyals.\n",
			want: []string{"fee|8000 QAR"}},
		// Near miss: two countries of the family named.
		{name: "BC near miss riyadh and doha", text: "SUPPLY CONTRACT\n\nRiyadh office; Doha branch\n\n" + body + "The contract value is 50,000 Riyals.\n",
			not: []string{"contract_value|50000 SAR", "contract_value|50000 QAR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

func TestMoney24FeesByStage(t *testing.T) {
	body := strings.Repeat("The Consultant shall perform the Services with due care.\n", 3)
	arBody := strings.Repeat("يلتزم الاستشاري بأداء الخدمات بعناية.\n", 3)
	cases := []datesWorkCompletionCase{
		// FS (decision 19): a fee table by stage or phase (the section or
		// caption above it names the fees: أتعاب الاستشاري, "Consultancy
		// Fees") lists the fee of each stage, a price, not a payment
		// schedule's amounts.
		{name: "FS arabic consultant's fees by stage", text: "عقد خدمات استشارية\n\n" + arBody + "\nالمادة (2): أتعاب الاستشاري\nالمرحلة | المبلغ (ريال سعودي)\nالتصميم المبدئي | 150.000,00\nالتصميم التفصيلي | 210.000,00\nالمجموع | 360.000,00\n",
			want: []string{"price|150000 SAR", "price|210000 SAR"}, not: []string{"amount|150000 SAR", "amount|210000 SAR"}},
		{name: "FS english consultancy fees by phase", format: "md", text: "# DESIGN CONSULTANCY AGREEMENT\n\n" + body + "\n## 4. Consultancy Fees\n\n| Phase | Amount (AED) |\n|---|---|\n| Concept design | 120,000.00 |\n| Detailed design | 240,000.00 |\n",
			want: []string{"price|120000 AED", "price|240000 AED"}, not: []string{"amount|120000 AED"}},
		{name: "FS arabic professional fees by phase, markdown", format: "md", text: "# عقد إشراف\n\n" + arBody + "\n## الأتعاب\n\n| المرحلة | القيمة (ر.ع.) |\n|---|---|\n| الإشراف على الأعمال المدنية | 18,500.000 |\n| الإشراف على الأعمال الكهربائية | 7,250.000 |\n",
			want: []string{"price|18500 OMR", "price|7250 OMR"}},
		// Near misses: a payment schedule; payments under a fees heading.
		{name: "FS near miss payment schedule", format: "md", text: "# DESIGN CONSULTANCY AGREEMENT\n\n" + body + "\n## 5. Payment Schedule\n\n| Milestone | Amount (AED) |\n|---|---|\n| Approval of concept design | 120,000.00 |\n",
			not: []string{"price|120000 AED"}},
		{name: "FS near miss a fee paid in instalments by stage", text: "DESIGN AGREEMENT\n\n" + body + "3.1 The Client shall pay a total fee of QAR 400,000 in the following instalments:\nStage | Fee (QAR)\nSchematic design approved | 150,000\nTender documents issued | 250,000\n",
			not: []string{"price|150000 QAR", "price|250000 QAR"}},
		{name: "FS near miss payments under fees", format: "md", text: "# DESIGN CONSULTANCY AGREEMENT\n\n" + body + "\n## 4. Fees\n\n| Payment | Amount (AED) |\n|---|---|\n| First payment on signing (30%) | 108,000.00 |\n",
			not: []string{"price|108000 AED"}},
	}
	checkKeyed(t, TypeMoney, cases)
}
