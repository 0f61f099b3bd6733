package documentfacts

import (
	"strings"
	"testing"
)

// Round 21 of money keys (issue 29, session 21, third pass;
// docs/documents.md, "Issue 29, session 21: money keys, third pass";
// money_consideration_dues.go, money_currency_words.go). Each case is a short text written for this
// test and the money keys ("key|value") it must (want) or must not (not)
// hold; each not line is the key the sum had before the family's rule.

func TestMoney21Families(t *testing.T) {
	body := strings.Repeat("The Parties shall act in good faith.\n", 4)
	arBody := strings.Repeat("يلتزم الطرفان بحسن النية في تنفيذ هذا العقد.\n", 4)
	cases := []datesWorkCompletionCase{
		// MK: a consideration; a contract's total in a sentence.
		{name: "MK in consideration of a sum", text: "DEED OF ASSIGNMENT\n\nThis Deed is made on 3 March 2027 between Gulf Apps LLC (the Assignor) and Nizwa Media SAOC (the Assignee).\n\n" + body +
			"1. Assignment. In consideration of OMR 24,500.000 (twenty-four thousand five hundred Omani rials), the Assignor assigns to the Assignee all rights in the Software.\n",
			want: []string{"contract_value|24500 OMR"}, not: []string{"amount|24500 OMR"}},
		{name: "MK in consideration of the payment of", text: "SHARE PURCHASE AGREEMENT\n\nThis Agreement is dated 1 May 2027 between Ali Said Al-Harthy (the Seller) and Muscat Holdings SAOG (the Buyer).\n\n" + body +
			"2.1 In consideration of the payment by the Buyer of USD 1,200,000, the Seller shall sell the Shares to the Buyer.\n",
			want: []string{"contract_value|1200000 USD"}, not: []string{"amount|1200000 USD"}},
		{name: "MK arabic consideration", text: "عقد تنازل عن حقوق ملكية فكرية\n\nأبرم هذا العقد في مسقط بتاريخ 2 فبراير 2027 بين شركة الرؤية للبرمجيات (المتنازل) وشركة صحار للإعلام (المتنازل له).\n\n" + arBody +
			"البند الأول: يتنازل الطرف الأول للطرف الثاني عن كافة حقوق الملكية الفكرية في التطبيق مقابل مبلغ إجمالي قدره 15,000 ر.ع. يدفع عند التوقيع.\n",
			want: []string{"contract_value|15000 OMR"}, not: []string{"total_amount|15000 OMR"}},
		{name: "MK total contract amount", text: "SERVICES AGREEMENT\n\nThis Agreement is dated 1 May 2027 between Alpha LLC (the Client) and Beta LLC (the Contractor).\n\n" + body +
			"4.1 The total contract amount is OMR 48,000.000, exclusive of VAT.\n4.2 The total amount of this Agreement shall not exceed AED 250,000.\n",
			want: []string{"contract_value|48000 OMR", "contract_value|250000 AED"}, not: []string{"total_amount|48000 OMR", "total_amount|250000 AED"}},
		{name: "MK arabic total of the contract", text: "اتفاقية خدمات\n\nأبرمت هذه الاتفاقية في الرياض بتاريخ 10 مارس 2027 بين شركة ألفا (الطرف الأول) وشركة بيتا (الطرف الثاني).\n\n" + arBody +
			"المادة الثانية: يبلغ المبلغ الإجمالي للعقد 240,000 ريال سعودي غير شامل ضريبة القيمة المضافة.\n",
			want: []string{"contract_value|240000 SAR"}, not: []string{"total_amount|240000 SAR"}},
		{name: "MK a periodic consideration keeps its key", text: "SERVICES AGREEMENT\n\nThis Agreement is dated 1 May 2027 between Alpha LLC (the Client) and Beta LLC (the Provider).\n\n" + body +
			"4.1 In consideration for the Services, the Client shall pay the Provider the sum of AED 96,000 per year, payable quarterly.\n",
			want: []string{"fee|96000 AED"}, not: []string{"contract_value|96000 AED"}},
		{name: "MK an invoice's total stays", format: "md", text: "# TAX INVOICE\n\nInvoice No.: INV-2027-0442\nInvoice date: 12 April 2027\nBill to: Al Noor Trading LLC\n\n" +
			"Printer toner, 20 boxes at OMR 18.500 each.\n\nThe total amount of this invoice under the Contract is OMR 388.500.\n",
			not: []string{"contract_value|388.5 OMR"}},

		{name: "MK awarded for a total sum", text: "LETTER OF AWARD\n\nDate: 4 April 2027\nTo: Beta LLC\n\n" + body +
			"We are pleased to inform you that Tender No. 12/2027 has been awarded to you for a total sum of OMR 245,600.000 inclusive of VAT.\n",
			want: []string{"contract_value|245600 OMR"}, not: []string{"total_amount|245600 OMR"}},
		{name: "MK bid accepted in the amount of", text: "LETTER OF ACCEPTANCE\n\nDate: 4 April 2027\nTo: Beta WLL\n\n" + body +
			"We accept your bid dated 1 March 2027 in the amount of QAR 1,250,000.00 for the execution of the Works.\n",
			want: []string{"contract_value|1250000 QAR"}, not: []string{"amount|1250000 QAR"}},
		{name: "MK arabic award for a total sum", text: "خطاب ترسية\n\nالتاريخ: 4 أبريل 2027\nالسادة/ شركة بيتا المحترمين\n\n" + arBody +
			"يسرنا إبلاغكم بترسية المناقصة رقم 12/2027 عليكم بمبلغ إجمالي قدره 245,600.000 ر.ع. شاملاً ضريبة القيمة المضافة.\n",
			want: []string{"contract_value|245600 OMR"}, not: []string{"total_amount|245600 OMR"}},
		{name: "MK estimated project value", text: "INVITATION TO TENDER\n\nTender No.: 5/2027\nDate: 2 May 2027\n\n" + body +
			"Estimated project value: OMR 180,000.000\nTender fee: OMR 50.000\n",
			want: []string{"contract_value|180000 OMR", "tender_fee|50 OMR"}, not: []string{"amount|180000 OMR"}},
		{name: "MK arabic estimated value of the project", text: "مناقصة عامة رقم 5/2027\n\nتعلن وزارة الإسكان عن طرح مناقصة توريد أثاث مكتبي.\n" + arBody +
			"القيمة التقديرية للمشروع: 180,000 ر.ع.\n",
			want: []string{"contract_value|180000 OMR"}, not: []string{"amount|180000 OMR"}},

		// ME: a statement of end-of-service dues.
		{name: "ME end of service table", format: "md", text: "# END OF SERVICE SETTLEMENT\n\nEmployee: Khalid Nasser Al-Amri\nLast working day: 31 March 2027\n\n" +
			"| Item | Amount (KWD) |\n|---|---|\n| End-of-service indemnity (gratuity) | 4,250.000 |\n| Leave encashment (21 days) | 735.000 |\n| Salary for March 2027 | 1,050.000 |\n| Less: housing loan balance | (500.000) |\n| Net amount payable | 5,535.000 |\n",
			want: []string{"amount|4250 KWD", "amount|735 KWD", "salary|1050 KWD", "amount|500 KWD", "amount|5535 KWD"},
			not:  []string{"price|4250 KWD", "price|735 KWD", "total_amount|5535 KWD"}},
		{name: "ME arabic end of service table", text: "مخالصة نهاية الخدمة\n\nاسم الموظف: سالم حمد الراشدي\nآخر يوم عمل: 31 مارس 2027\n\n" +
			"البند | المبلغ (د.ك.)\nمكافأة نهاية الخدمة | ٣٬٢٠٠٫٠٠٠\nبدل الإجازات غير المستخدمة | ٨٤٠٫٥٠٠\nراتب شهر مارس | ٩٥٠٫٠٠٠\nيخصم: سلفة | ٣٠٠٫٠٠٠\nصافي المستحق | ٤٬٦٩٠٫٥٠٠\n",
			want: []string{"amount|3200 KWD", "amount|840.5 KWD", "salary|950 KWD", "amount|300 KWD", "amount|4690.5 KWD"},
			not:  []string{"price|3200 KWD", "allowance|840.5 KWD", "discount|300 KWD", "subtotal|4690.5 KWD"}},
		{name: "ME a salary table without dues keeps its keys", format: "md", text: "# EMPLOYMENT CONTRACT\n\nThis contract is dated 1 June 2027 between Oman Logistics LLC (the Employer) and Rashid Ali (the Employee).\n\n" +
			"| Component | Monthly (OMR) |\n|---|---|\n| Basic salary | 900.000 |\n| Housing allowance | 250.000 |\n| Total monthly package | 1,150.000 |\n",
			want: []string{"allowance|250 OMR", "salary|1150 OMR"}, not: []string{"amount|250 OMR"}},

		// MF: financial thresholds, budgets, share capital.
		{name: "MF turnover in a requirements table", format: "md", text: "# PREQUALIFICATION OF CONTRACTORS\n\n## Financial criteria\n\n| No. | Criterion | Category | Status |\n|---|---|---|---|\n" +
			"| 3.1 | Minimum average annual turnover of OMR 4,000,000.000 over the last three years | Financial | Mandatory |\n| 3.2 | Access to credit facilities of at least OMR 1,500,000.000 | Financial | Mandatory |\n",
			want: []string{"amount|4000000 OMR", "amount|1500000 OMR"}, not: []string{"price|4000000 OMR", "price|1500000 OMR"}},
		{name: "MF indicative budget", text: "REQUEST FOR QUOTATION\n\nRFQ No.: RFQ/27/014\nDate: 2 May 2027\n\n" + body +
			"Item: Hire of 4x4 pickups\nIndicative budget: OMR 450.000 per vehicle per month\n",
			want: []string{"amount|450 OMR"}, not: []string{"price|450 OMR"}},
		{name: "MF bilingual estimated budget", text: "REQUEST FOR QUOTATION / طلب عروض أسعار\n\nRFQ No.: RFQ/27/021\nDate: 9 May 2027\n\n" + body +
			"4. Estimated budget / الميزانية التقديرية: OMR 320.000 per laptop / لكل جهاز\n",
			want: []string{"amount|320 OMR"}, not: []string{"price|320 OMR"}},
		{name: "MF share capital", text: "MEMORANDUM OF UNDERSTANDING\n\nThis MoU is dated 1 May 2027 between Alpha LLC and Beta SAOC.\n\n" + body +
			"3.1 The joint venture company will have a share capital of USD 8,000,000, held equally by the parties.\n",
			want: []string{"amount|8000000 USD"}, not: []string{"share_capital|8000000 USD"}},
		{name: "MF a company's own capital stays share capital", text: "COMPANY PROFILE\n\nAl Noor Trading LLC, Muscat\n\n" + body +
			"Al Noor Trading LLC was established in 2005 as a limited liability company with a share capital of OMR 250,000.\n",
			want: []string{"share_capital|250000 OMR"}, not: []string{"amount|250000 OMR"}},
		{name: "MF arabic capital of a limited liability company", text: "مذكرة تفاهم\n\nأبرمت هذه المذكرة بتاريخ 1 مايو 2027 بين شركة ألفا وشركة بيتا.\n\n" + arBody +
			"يلتزم الطرفان بتأسيس شركة ذات مسؤولية محدودة في جدة برأس مال قدره ١٠٬٠٠٠٬٠٠٠ ريال سعودي، يملك كل طرف نصفه.\n",
			want: []string{"amount|10000000 SAR"}, not: []string{"liability_cap|10000000 SAR"}},
		// MR: a loan repaid, costs reimbursed.
		{name: "MR loan repaid by deductions from salary", text: "HOUSING LOAN AGREEMENT\n\nThis Agreement is dated 1 August 2026 between Gulf Contracting WLL (the Employer) and Rami Haddad (the Employee).\n\n" + body +
			"2.1 The loan is repaid over twenty-four (24) months by equal monthly deductions of KWD 150.000 from the Employee's salary.\n",
			want: []string{"amount|150 KWD"}, not: []string{"penalty_amount|150 KWD"}},
		{name: "MR arabic advance repaid from salary", text: "اتفاقية سلفة\n\nأبرمت هذه الاتفاقية بتاريخ 1 أغسطس 2026 بين شركة الخليج (صاحب العمل) والسيد رامي (الموظف).\n\n" + arBody +
			"البند الثاني: تسدد السلفة على عشرة أقساط شهرية يستقطع كل منها من راتب الموظف بمبلغ ١٠٠٫٠٠٠ د.ك.\n",
			want: []string{"amount|100 KWD"}, not: []string{"salary|100 KWD"}},
		{name: "MR costs reimbursed up to a cap", text: "LETTER OF INTENT\n\nDate: 3 March 2027\nTo: Beta LLC\n\n" + body +
			"4. If the contract is not signed, the Company shall reimburse the Contractor's documented mobilisation costs up to OMR 15,000.000.\n5. If the Contractor fails to mobilise by 1 April 2027, the Company may deduct OMR 500.000 per day of delay.\n",
			want: []string{"amount|15000 OMR", "penalty_amount|500 OMR"}, not: []string{"penalty_amount|15000 OMR"}},
		{name: "MR arabic costs reimbursed up to a cap", text: "خطاب نوايا\n\nالتاريخ: 3 مارس 2027\nالسادة/ شركة بيتا\n\n" + arBody +
			"إذا لم يوقع العقد تلتزم الشركة بتعويض المقاول عن تكاليف التعبئة الموثقة بما لا يتجاوز ١٥٬٠٠٠٫٠٠٠ ر.ع.\n",
			want: []string{"amount|15000 OMR"}, not: []string{"penalty_amount|15000 OMR"}},
		{name: "MF a rate row stays a price", format: "md", text: "# RATE CARD\n\n| Service | Rate (OMR) |\n|---|---|\n| Pickup hire per month | 450.000 |\n| Driver per month | 380.000 |\n",
			want: []string{"price|450 OMR"}, not: []string{"amount|450 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}

// TestMoney21Words: family MW on invented texts; count, when set, is how
// many money facts a value must have (a sum and its words are one).
func TestMoney21Words(t *testing.T) {
	body := strings.Repeat("The Parties shall act in good faith.\n", 4)
	arBody := strings.Repeat("يلتزم الطرفان بحسن النية في تنفيذ هذا العقد.\n", 4)
	cases := []struct {
		name, text string
		want, not  []string
		count      map[string]int
	}{
		{name: "MW figure then words in brackets", text: "SERVICES AGREEMENT\n\nThis Agreement is dated 1 May 2027 between Alpha LLC (the Client) and Beta LLC (the Contractor).\n\n" + body +
			"4.1 The Client shall pay the Contractor the sum of 48,000.000 (forty-eight thousand Omani Rials) for the Services.\n",
			want: []string{"amount|48000 OMR"}, count: map[string]int{"48000 OMR": 1}},
		{name: "MW currency first in the words", text: "CONSULTANCY AGREEMENT\n\nThis Agreement is dated 1 May 2027 between Alpha WLL (the Client) and Beta WLL (the Consultant).\n\n" + body +
			"5.1 The Consultant's fee is 7,500/- (Bahraini Dinars Seven Thousand Five Hundred only) for the study.\n",
			want: []string{"fee|7500 BHD"}},
		{name: "MW arabic bracketed figure then words", text: "عقد إيجار\n\nأبرم هذا العقد بتاريخ 1 مايو 2027 بين علي سالم (المؤجر) وشركة بيتا (المستأجر).\n\n" + arBody +
			"البند الرابع: الأجرة الشهرية (٤٥٠) أربعمائة وخمسون ريالاً عمانياً تدفع مقدماً.\n",
			want: []string{"rent|450 OMR"}},
		{name: "MW arabic contract value in words", text: "اتفاقية توريد\n\nأبرمت هذه الاتفاقية في الرياض بتاريخ 10 مارس 2027 بين شركة ألفا (الطرف الأول) وشركة بيتا (الطرف الثاني).\n\n" + arBody +
			"المادة الثانية: تبلغ القيمة الإجمالية التقديرية لهذه الاتفاقية (٥٢٠٬٠٠٠٫٠٠) خمسمائة وعشرون ألف ريال سعودي، شاملة ضريبة القيمة المضافة.\n",
			want: []string{"contract_value|520000 SAR"}},
		{name: "MW arabic contract value beside its table's total", text: "اتفاقية توريد\n\nأبرمت هذه الاتفاقية في الرياض بتاريخ 10 مارس 2027 بين شركة ألفا (الطرف الأول) وشركة بيتا (الطرف الثاني).\n\n" + arBody +
			"البند | الوصف | الكمية | سعر الوحدة (ريال سعودي) | الإجمالي (ريال سعودي)\n1 | قفازات طبية | 10,000 | 20.00 | 200,000.00\n2 | أقنعة | 20,000 | 10.00 | 200,000.00\n" +
			"الإجمالي قبل الضريبة | | | | 400,000.00\nضريبة القيمة المضافة 15% | | | | 60,000.00\nالإجمالي شامل الضريبة | | | | 460,000.00\n\n" +
			"المادة الثانية: تبلغ القيمة التقديرية لهذه الاتفاقية (٤٦٠٬٠٠٠٫٠٠) أربعمائة وستون ألف ريال سعودي، شاملة ضريبة القيمة المضافة.\n",
			want: []string{"contract_value|460000 SAR", "total_amount|460000 SAR"}},
		{name: "MW arabic figure then words", text: "عقد صيانة\n\nأبرم هذا العقد بتاريخ 1 مايو 2027 بين شركة ألفا (الطرف الأول) وشركة بيتا (الطرف الثاني).\n\n" + arBody +
			"البند الثالث: قيمة العقد مبلغ وقدره 36,000 (ستة وثلاثون ألف ريال عماني) تدفع على أربعة أقساط.\n",
			want: []string{"contract_value|36000 OMR"}},
		{name: "MW a sum with its currency is one fact", text: "SERVICES AGREEMENT\n\nThis Agreement is dated 1 May 2027 between Alpha LLC (the Client) and Beta LLC (the Contractor).\n\n" + body +
			"4.1 The contract price is OMR 48,000.000 (Omani Rials forty-eight thousand only).\n",
			want: []string{"contract_value|48000 OMR"}, count: map[string]int{"48000 OMR": 1}},
		{name: "MW days and shares are no money", text: "SHAREHOLDERS AGREEMENT\n\nThis Agreement is dated 1 May 2027 between Alpha LLC and Beta LLC.\n\n" + body +
			"3.1 Each Party shall subscribe for 100 (one hundred) shares of OMR 1 each within 30 (thirty) days.\n",
			count: map[string]int{"100 OMR": 0, "30 OMR": 0}},
	}
	for _, c := range cases {
		got := factSet(extractText(t, c.text), TypeMoney)
		if errs := keyedErrs(got, c.want, c.not, c.count); len(errs) > 0 {
			t.Errorf("%s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		}
	}
}

// TestMoney21Taxable: family MN on invented tax invoices.
func TestMoney21Taxable(t *testing.T) {
	cases := []datesWorkCompletionCase{
		{name: "MN taxable amount after a deduction", format: "md", text: "# TAX INVOICE\n\nInvoice No.: INV-2027-0442\nInvoice date: 12 April 2027\nBill to: Al Noor Catering LLC\n\n" +
			"| Description | Qty | Unit price (AED) | Amount (AED) |\n|---|---|---|---|\n| Lunch boxes | 400 | 25.00 | 10,000.00 |\n| Coffee breaks | 200 | 12.50 | 2,500.00 |\n" +
			"| Subtotal | | | 12,500.00 |\n| Less: deduction for late delivery | | | 500.00 |\n| Taxable amount | | | 12,000.00 |\n| VAT 5% | | | 600.00 |\n| Total amount due | | | 12,600.00 |\n",
			want: []string{"net_amount|12000 AED", "subtotal|12500 AED", "tax_amount|600 AED", "total_amount|12600 AED"}, not: []string{"amount|12000 AED"}},
		{name: "MN arabic amount subject to tax after a discount", text: "فاتورة ضريبية\n\nرقم الفاتورة: 2027/118\nتاريخ الفاتورة: 14/04/2027\nالعميل: شركة النور للتجارة\n\n" +
			"الوصف | الكمية | سعر الوحدة (ر.س.) | المبلغ (ر.س.)\nوجبات غداء | 400 | 25.00 | 10,000.00\nاستراحات قهوة | 200 | 12.50 | 2,500.00\n" +
			"المجموع | | | 12,500.00\nخصم | | | 500.00\nالمبلغ الخاضع للضريبة | | | 12,000.00\nضريبة القيمة المضافة 15% | | | 1,800.00\nالإجمالي شامل الضريبة | | | 13,800.00\n",
			want: []string{"net_amount|12000 SAR", "subtotal|12500 SAR", "tax_amount|1800 SAR", "total_amount|13800 SAR"}, not: []string{"tax_amount|12000 SAR", "total_amount|12500 SAR"}},
		{name: "MN taxable amount without a discount is the subtotal", format: "md", text: "# TAX INVOICE\n\nInvoice No.: 2027-77\nInvoice date: 2 May 2027\nBill to: Gulf Services LLC\n\n" +
			"| Description | Amount (OMR) |\n|---|---|\n| Cleaning services, April 2027 | 2,100.000 |\n| Consumables | 300.000 |\n| Amount subject to VAT | 2,400.000 |\n| VAT 5% | 120.000 |\n| Total | 2,520.000 |\n",
			want: []string{"subtotal|2400 OMR", "tax_amount|120 OMR"}, not: []string{"amount|2400 OMR", "price|2400 OMR"}},
	}
	checkKeyed(t, TypeMoney, cases)
}
