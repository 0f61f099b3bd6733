package documentfacts

import (
	"fmt"
	"slices"
	"testing"
)

// Round 8a (issue 29, session 14): the extractor answers the key
// specification's key for each of its nine wordings (docs/documents.md,
// "the key specification"), in English and Arabic. Every sentence here is
// written for the test; each case names the specification's row:
//
//	1 an instalment of a payment schedule or settlement: amount
//	2 the sum of a performance or bid bond named as such: performance_bond, bid_bond
//	3 "estimated annual value", "annual contract value": contract_value
//	4 the total of a salary table: salary
//	5 the fee for tender documents or an application: tender_fee
//	6 a quotation's, offer's or bid's "valid until": valid_until;
//	  a contract's, guarantee's, licence's or policy's: expiry_date
//	7 the dates of a tender's key-dates table: keyed
//	8 response and repair times: deadlines only, no duration
//	9 notice before a price change: duration
type specCase struct {
	row       int
	format    string // "txt", "md", "html"
	text      string
	typ       string // TypeMoney, TypeDate, TypeDuration or "deadline"
	want, not []string
}

func checkSpecCases(t *testing.T, cases []specCase) {
	t.Helper()
	for i, c := range cases {
		out := extractAs(t, c.format, c.text)
		got := round4Set(out, c.typ)
		name := fmt.Sprintf("row %d, case %d (%.50q)", c.row, i, c.text)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: %s %q missing; got %q", name, c.typ, w, got)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("%s: %s %q found; got %q", name, c.typ, n, got)
			}
		}
	}
}

// TestKeySpecInstalmentsRound8a: row 1.
func TestKeySpecInstalmentsRound8a(t *testing.T) {
	checkSpecCases(t, []specCase{
		{1, "txt", "3. FEES. The Client shall pay the Adviser a fixed fee of USD 60,000, in two instalments: USD 24,000 on signature and USD 36,000 on acceptance of the final report.",
			TypeMoney, []string{"fee|60000 USD", "amount|24000 USD", "amount|36000 USD"}, []string{"fee|24000 USD", "fee|36000 USD"}},
		{1, "txt", "4.1 The Owner shall pay the Designer a total fee of AED 300,000 (exclusive of VAT) in the following instalments:\n\n    Stage                              Fee (AED)\n    Concept design approved              90,000\n    Detailed design approved            210,000\n\n4.2 Invoices are payable within 30 days.",
			TypeMoney, []string{"fee|300000 AED", "amount|90000 AED", "amount|210000 AED"}, []string{"fee|90000 AED", "price|90000 AED"}},
		{1, "md", "# Payment\n\nThe Buyer shall pay the price of OMR 80,000.000 in the instalments below.\n\n| Stage | Share | Amount (OMR) |\n|---|---|---|\n| Order | 20% | 16,000.000 |\n| Delivery | 80% | 64,000.000 |\n",
			TypeMoney, []string{"amount|16000 OMR", "amount|64000 OMR"}, []string{"price|16000 OMR", "price|64000 OMR"}},
		{1, "txt", "تدفع الأتعاب على ثلاث دفعات: 5,000 ر.ع. عند التوقيع، و7,000 ر.ع. عند تسليم التقرير الأولي، و8,000 ر.ع. عند اعتماد التقرير النهائي.",
			TypeMoney, []string{"amount|5000 OMR", "amount|7000 OMR", "amount|8000 OMR"}, []string{"fee|5000 OMR", "fee|7000 OMR"}},
		{1, "md", "# اتفاقية تسوية\n\nيسدد مبلغ التسوية على دفعتين كما يلي:\n\n| الدفعة | المبلغ (ر.ع.) | تاريخ الاستحقاق |\n|---|---|---|\n| الأولى | 12,000.000 | 1 مارس 2027 |\n| الثانية | 8,000.000 | 1 مايو 2027 |\n",
			TypeMoney, []string{"amount|12000 OMR", "amount|8000 OMR"}, []string{"price|12000 OMR", "price|8000 OMR"}},
		{1, "txt", "The contract price of EUR 90,000 is payable in three instalments / يدفع ثمن العقد على ثلاثة أقساط: EUR 30,000 each on delivery, commissioning and acceptance.",
			TypeMoney, []string{"amount|30000 EUR"}, []string{"price|30000 EUR"}},
		// Not an instalment: a fee on its own; a lease's rent per quarter
		// stays rent (the specification does not settle it).
		{1, "txt", "The Client shall pay a monthly fee of USD 5,000 within 30 days of each invoice.",
			TypeMoney, []string{"fee|5000 USD"}, []string{"amount|5000 USD"}},
		// Session 22, decision 46: one instalment of the rent is amount
		// (money_conventions.go); it was rent here.
		{1, "txt", "LEASE AGREEMENT\nAnnual rent: OMR 14,400.000, payable in four quarterly instalments of OMR 3,600.000.",
			TypeMoney, []string{"rent|14400 OMR", "amount|3600 OMR"}, []string{"rent|3600 OMR"}},
		// The whole named after the schedule word is no instalment; nor
		// is a sentence's fee after an instalment table.
		{1, "txt", "The Contract Price, payable in instalments as per the payment schedule, is OMR 500,000.000.",
			TypeMoney, []string{"contract_value|500000 OMR"}, []string{"amount|500000 OMR"}},
		{1, "txt", "4.1 The Client shall pay the following instalments:\n    Stage                  Fee (OMR)\n    Design approved           4,000\n    Handover                  6,000\n4.2 A late payment fee of OMR 50 applies to each overdue invoice.",
			TypeMoney, []string{"amount|4000 OMR", "amount|6000 OMR", "penalty_amount|50 OMR"}, []string{"amount|50 OMR"}},
	})
}

// TestKeySpecBondsRound8a: row 2.
func TestKeySpecBondsRound8a(t *testing.T) {
	checkSpecCases(t, []specCase{
		{2, "txt", "7.2 The Contractor shall provide a performance bond of OMR 48,000.000 within fourteen (14) days of signature.",
			TypeMoney, []string{"performance_bond|48000 OMR"}, []string{"amount|48000 OMR"}},
		{2, "txt", "GULF COMMERCIAL BANK\nPERFORMANCE GUARANTEE No. PG/26/118\nWe hereby irrevocably undertake to pay you any sum or sums not exceeding in total KWD 52,500.000 upon receipt of your first written demand.",
			TypeMoney, []string{"performance_bond|52500 KWD"}, []string{"amount|52500 KWD", "liability_cap|52500 KWD"}},
		{2, "txt", "3. يلتزم الطرف الأول بإعادة الضمان البنكي لحسن التنفيذ رقم PG/77 بقيمة 6,200.000 ر.ع. إلى الطرف الثاني خلال سبعة أيام.",
			TypeMoney, []string{"performance_bond|6200 OMR"}, []string{"amount|6200 OMR"}},
		{2, "txt", "البند 4: ضمان حسن التنفيذ\nيقدم المورد خلال سبعة (7) أيام من توقيع العقد ضمان حسن تنفيذ بنسبة 10% من قيمة العقد (3,100.000 د.ك.).",
			TypeMoney, []string{"performance_bond|3100 KWD"}, []string{"contract_value|3100 KWD"}},
		{2, "txt", "Each bid must be accompanied by a bid bond of OMR 1,250.000, valid for 90 days.\nيجب أن يرفق مع كل عطاء ضمان بنكي ابتدائي بقيمة 900 ريال عماني.",
			TypeMoney, []string{"bid_bond|1250 OMR", "bid_bond|900 OMR"}, []string{"amount|1250 OMR"}},
		{2, "txt", "يقدم المقاول كفالة حسن التنفيذ بمبلغ 7,500.000 ر.ع. خلال عشرة أيام من التوقيع.",
			TypeMoney, []string{"performance_bond|7500 OMR"}, []string{"amount|7500 OMR"}},
		{2, "txt", "5.1 The Contractor shall submit a performance bond of OMR 18,000.000. / 5.1 يقدم المقاول ضمان حسن التنفيذ بقيمة 18,000.000 ر.ع.",
			TypeMoney, []string{"performance_bond|18000 OMR"}, []string{"amount|18000 OMR"}},
		// Not a performance or bid bond: an advance payment guarantee.
		{2, "txt", "An advance payment of OMR 11,000.000 is payable on signature against an advance payment guarantee.",
			TypeMoney, []string{"advance_payment|11000 OMR"}, []string{"performance_bond|11000 OMR"}},
	})
}

// TestKeySpecAnnualValueRound8a: row 3.
func TestKeySpecAnnualValueRound8a(t *testing.T) {
	checkSpecCases(t, []specCase{
		{3, "txt", "3.2 The estimated annual value of this Agreement is OMR 275,000.000, excluding VAT.",
			TypeMoney, []string{"contract_value|275000 OMR"}, []string{"amount|275000 OMR"}},
		{3, "md", "# SUPPLY AGREEMENT\n\n| No. | Product | Annual quantity | Unit price (SAR) | Estimated value (SAR) |\n|---|---|---|---|---|\n| 1 | Carton 10 kg | 50,000 | 2.5000 | 125,000.00 |\n| 2 | Carton 20 kg | 20,000 | 4.0000 | 80,000.00 |\n| Total estimated annual value / إجمالي القيمة السنوية التقديرية | | | | 205,000.00 |\n",
			TypeMoney, []string{"contract_value|205000 SAR"}, []string{"total_amount|205000 SAR"}},
		{3, "txt", "CLEANING SERVICES CONTRACT\n3. CONTRACT PRICE\n   Description                               KWD\n   Monthly fee                               2,100.000\n   Annual contract value                    25,200.000",
			TypeMoney, []string{"contract_value|25200 KWD"}, []string{"total_amount|25200 KWD", "amount|25200 KWD"}},
		{3, "txt", "تبلغ القيمة السنوية للعقد 44,000.000 ر.ع. غير شاملة الضريبة.",
			TypeMoney, []string{"contract_value|44000 OMR"}, []string{"total_amount|44000 OMR"}},
		{3, "txt", "MAINTENANCE AGREEMENT\nThe contract value per annum is estimated at AED 96,000.00.",
			TypeMoney, []string{"contract_value|96000 AED"}, []string{"amount|96000 AED"}},
		// A priced document's total stays its total.
		{3, "md", "# TAX INVOICE\n\n| Item | Qty | Amount (OMR) |\n|---|---|---|\n| Pumps | 2 | 1,000.000 |\n| Total | | 1,000.000 |\n",
			TypeMoney, []string{"total_amount|1000 OMR"}, []string{"contract_value|1000 OMR"}},
	})
}

// TestKeySpecSalaryTotalRound8a: row 4.
func TestKeySpecSalaryTotalRound8a(t *testing.T) {
	checkSpecCases(t, []specCase{
		{4, "txt", "OFFER OF EMPLOYMENT\nRemuneration                                      Monthly\nBasic salary                                      QAR 12,000.00\nHousing allowance                                 QAR 4,000.00\nTotal monthly                                     QAR 16,000.00",
			TypeMoney, []string{"salary|12000 QAR", "allowance|4000 QAR", "salary|16000 QAR"}, []string{"total_amount|16000 QAR"}},
		{4, "txt", "عقد عمل\nالبند (٤): يدفع صاحب العمل للموظف المستحقات التالية شهرياً:\nالبند | المبلغ (ر.ع.)\nالراتب الأساسي | ٨٠٠٫٠٠٠\nبدل السكن | ١٥٠٫٠٠٠\nالإجمالي | ٩٥٠٫٠٠٠",
			TypeMoney, []string{"salary|800 OMR", "salary|950 OMR"}, []string{"total_amount|950 OMR"}},
		{4, "html", "<h1>Employment Contract</h1><table><tr><th>Component</th><th>OMR per month</th></tr><tr><td>Basic salary</td><td>1,100.000</td></tr><tr><td>Transport allowance</td><td>90.000</td></tr><tr><td>Total monthly gross</td><td>1,190.000</td></tr></table>",
			TypeMoney, []string{"salary|1100 OMR", "salary|1190 OMR"}, []string{"total_amount|1190 OMR"}},
		{4, "md", "# Offer Letter / خطاب عرض وظيفي\n\n| Item / البند | Monthly (OMR) / شهرياً (ر.ع.) |\n|---|---|\n| Basic salary / الراتب الأساسي | 900.000 |\n| Housing allowance / بدل السكن | 250.000 |\n| Total / الإجمالي | 1,150.000 |\n",
			TypeMoney, []string{"salary|900 OMR", "salary|1150 OMR"}, []string{"total_amount|1150 OMR"}},
		// An invoice's total stays a total, though a line names a salary
		// (a payroll service's fee).
		{4, "md", "# INVOICE\n\n| Description | Amount (OMR) |\n|---|---|\n| Payroll processing | 400.000 |\n| Total | 400.000 |\n",
			TypeMoney, []string{"total_amount|400 OMR"}, []string{"salary|400 OMR"}},
	})
}

// TestKeySpecTenderFeeRound8a: row 5.
func TestKeySpecTenderFeeRound8a(t *testing.T) {
	checkSpecCases(t, []specCase{
		{5, "txt", "PREQUALIFICATION NOTICE\n4.3 Each applicant shall pay a non-refundable application fee of OMR 120.000.",
			TypeMoney, []string{"tender_fee|120 OMR"}, []string{"fee|120 OMR"}},
		{5, "txt", "INVITATION TO TENDER\nThe tender document fee is OMR 40.000 (non-refundable).",
			TypeMoney, []string{"tender_fee|40 OMR"}, []string{"fee|40 OMR"}},
		{5, "txt", "إعلان مناقصة\nرسوم وثائق المناقصة: ٣٥ ريال عماني غير مستردة.\nقيمة وثائق المناقصة: 60 ر.ع. غير قابلة للاسترداد.",
			TypeMoney, []string{"tender_fee|35 OMR", "tender_fee|60 OMR"}, []string{"fee|35 OMR"}},
		{5, "txt", "INVITATION TO BID\nTender documents may be obtained from the Procurement Office upon payment of OMR 30.000 (non-refundable).",
			TypeMoney, []string{"tender_fee|30 OMR"}, []string{"amount|30 OMR"}},
		{5, "txt", "INVITATION TO BID / دعوة لتقديم العطاءات\nTender fee: OMR 45.000, not refundable. / رسوم المناقصة: 45 ر.ع. غير مستردة.",
			TypeMoney, []string{"tender_fee|45 OMR"}, []string{"fee|45 OMR"}},
		// An application fee outside a tender is a fee.
		{5, "txt", "EMPLOYMENT CONTRACT\nThe Employer shall pay the visa application fee of QAR 500.",
			TypeMoney, []string{"fee|500 QAR"}, []string{"tender_fee|500 QAR"}},
	})
}

// TestKeySpecValidUntilRound8a: row 6.
func TestKeySpecValidUntilRound8a(t *testing.T) {
	checkSpecCases(t, []specCase{
		{6, "txt", "QUOTATION\nThis quotation is valid until 9 April 2026.",
			TypeDate, []string{"valid_until|2026-04-09"}, []string{"expiry_date|2026-04-09"}},
		{6, "txt", "QUOTATION No. Q-118\nValid until / صالح حتى: 05-03-2026",
			TypeDate, []string{"valid_until|2026-03-05"}, []string{"expiry_date|2026-03-05"}},
		{6, "txt", "OFFER OF EMPLOYMENT\nThis offer remains open until 3 November 2026. Please sign and return a copy.",
			TypeDate, []string{"valid_until|2026-11-03"}, []string{"expiry_date|2026-11-03"}},
		{6, "txt", "عرض سعر\nالعرض ساري حتى ٣ يوليو ٢٠٢٦.",
			TypeDate, []string{"valid_until|2026-07-03"}, nil},
		{6, "txt", "Bids shall remain valid until 30 June 2026.",
			TypeDate, []string{"valid_until|2026-06-30"}, nil},
		// Contracts, guarantees, licences and policies expire.
		{6, "txt", "SERVICES AGREEMENT\nThis Agreement is valid until 31 December 2027.",
			TypeDate, []string{"expiry_date|2027-12-31"}, []string{"valid_until|2027-12-31"}},
		{6, "txt", "BANK GUARANTEE No. 55\nThis guarantee is valid until 30 September 2027.",
			TypeDate, []string{"expiry_date|2027-09-30"}, []string{"valid_until|2027-09-30"}},
		{6, "txt", "TRADE LICENCE\nThis licence is valid until 31 March 2027.",
			TypeDate, []string{"expiry_date|2027-03-31"}, []string{"valid_until|2027-03-31"}},
		{6, "txt", "INSURANCE POLICY\nThe policy is valid until 14 February 2027.",
			TypeDate, []string{"expiry_date|2027-02-14"}, []string{"valid_until|2027-02-14"}},
		{6, "txt", "SUPPLY AGREEMENT\n6.3 The Supplier shall provide a performance bond of OMR 9,000.000 within 15 days of signature, valid until 30 April 2028.",
			TypeDate, []string{"expiry_date|2028-04-30"}, []string{"valid_until|2028-04-30"}},
		{6, "txt", "عقد صيانة\nيظل هذا العقد سارياً حتى 30 يونيو 2027.",
			TypeDate, []string{"expiry_date|2027-06-30"}, []string{"valid_until|2027-06-30"}},
		{6, "txt", "PERFORMANCE GUARANTEE / ضمان حسن التنفيذ\nThis guarantee is valid until 31 August 2027. / يظل هذا الضمان سارياً حتى 31 أغسطس 2027.",
			TypeDate, []string{"expiry_date|2027-08-31"}, []string{"valid_until|2027-08-31"}},
		{6, "txt", "QUOTATION / عرض سعر\nThis offer is valid until 15 May 2026. / هذا العرض صالح حتى 15 مايو 2026.",
			TypeDate, []string{"valid_until|2026-05-15"}, []string{"expiry_date|2026-05-15"}},
	})
}

// TestKeySpecTenderDatesRound8a: row 7.
func TestKeySpecTenderDatesRound8a(t *testing.T) {
	checkSpecCases(t, []specCase{
		{7, "md", "# Request for Quotation RFQ-44\n\n| Event | Date |\n|---|---|\n| RFQ issue | 4 October 2026 |\n| Last day for clarification questions | 15 October 2026 |\n| Site visit (optional) | 18 October 2026, 10:00 |\n| Quotation submission deadline | 29 October 2026, 12:00 noon |\n| Opening of quotations | 1 November 2026 |\n",
			TypeDate, []string{"clarification_deadline|2026-10-15", "site_visit_date|2026-10-18", "submission_deadline|2026-10-29", "bid_opening_date|2026-11-01"},
			[]string{"date|2026-10-15", "date|2026-11-01"}},
		{7, "md", "# Prequalification Notice PQ-9\n\n| Milestone | Date |\n|---|---|\n| Publication of notice | 12 August 2026 |\n| Deadline for requests for clarification | 26 August 2026 |\n| Deadline for submission of applications | 9 September 2026 |\n| Notification of prequalification results | 30 September 2026 |\n",
			TypeDate, []string{"clarification_deadline|2026-08-26", "submission_deadline|2026-09-09", "date|2026-09-30"}, []string{"date|2026-08-26", "date|2026-09-09"}},
		{7, "html", "<h1>إعلان عن طرح مناقصة رقم 3/2026</h1><table><tr><td>تاريخ الإعلان</td><td>2026/09/06</td></tr><tr><td>آخر موعد لشراء الوثائق</td><td>2026/09/27</td></tr><tr><td>آخر موعد لتقديم الاستفسارات</td><td>2026/10/04</td></tr><tr><td>آخر موعد لتقديم العطاءات</td><td>2026/10/18</td></tr><tr><td>فتح المظاريف</td><td>2026/10/19</td></tr></table>",
			TypeDate, []string{"document_purchase_deadline|2026-09-27", "clarification_deadline|2026-10-04", "submission_deadline|2026-10-18", "bid_opening_date|2026-10-19"},
			[]string{"submission_deadline|2026-09-27", "date|2026-10-19"}},
		{7, "md", "# Invitation to Tender IT-12\n\n| Activity | Date |\n|---|---|\n| Submission of bids | 12 October 2026 |\n| Tender opening | 13 October 2026 |\n| Pre-bid meeting | 30 September 2026 |\n",
			TypeDate, []string{"submission_deadline|2026-10-12", "bid_opening_date|2026-10-13", "date|2026-09-30"}, []string{"date|2026-10-12"}},
		{7, "md", "# Tender Notice / إعلان مناقصة\n\n| Event / الحدث | Date / التاريخ |\n|---|---|\n| Purchase of tender documents / آخر موعد لشراء الوثائق | 5 November 2026 |\n| Clarifications / الاستفسارات | 10 November 2026 |\n| Opening of bids / فتح المظاريف | 20 November 2026 |\n",
			TypeDate, []string{"document_purchase_deadline|2026-11-05", "clarification_deadline|2026-11-10", "bid_opening_date|2026-11-20"}, []string{"date|2026-11-05", "submission_deadline|2026-11-05"}},
	})
}

// TestKeySpecServiceTimesRound8a: row 8.
func TestKeySpecServiceTimesRound8a(t *testing.T) {
	checkSpecCases(t, []specCase{
		{8, "txt", "The Provider shall respond to priority 1 incidents within 2 hours.",
			TypeDuration, nil, []string{"duration|PT2H"}},
		{8, "txt", "The Provider shall respond to priority 1 incidents within 2 hours.",
			"deadline", []string{"response_deadline|PT2H"}, nil},
		{8, "txt", "The Landlord shall carry out all major repairs within 7 days of being notified by the Tenant.",
			TypeDuration, nil, []string{"duration|P7D"}},
		{8, "txt", "The Supplier shall replace defective goods within 5 working days of a valid claim.",
			TypeDuration, nil, []string{"duration|P5D"}},
		{8, "txt", "The Contractor shall attend emergency calls within 6 hours.\nيلتزم المقاول بالحضور للبلاغات الطارئة خلال ٦ ساعات.",
			TypeDuration, nil, []string{"duration|PT6H"}},
		{8, "txt", "2. يلتزم المورد خلال فترة الضمان بالاستجابة لأي بلاغ عطل خلال ثمان وأربعين (48) ساعة.",
			TypeDuration, nil, []string{"warranty_period|PT48H", "duration|PT48H"}},
		{8, "txt", "Response time: 4 hours. Repair time: 24 hours.",
			TypeDuration, nil, []string{"duration|PT4H", "duration|PT24H"}},
		{8, "html", "<h2>Service levels</h2><table><tr><th>Priority</th><th>Response time</th><th>Repair time</th></tr><tr><td>Emergency</td><td>1 hour</td><td>8 hours</td></tr></table>",
			TypeDuration, nil, []string{"duration|PT1H", "duration|PT8H", "term|PT1H"}},
		{8, "html", "<h2>مستويات الخدمة</h2><table><tr><th>الأولوية</th><th>زمن الاستجابة</th><th>مدة الإصلاح</th></tr><tr><td>طارئ</td><td>ساعتان</td><td>8 ساعات</td></tr></table>",
			TypeDuration, nil, []string{"duration|PT8H", "term|PT8H", "term|PT2H", "duration|PT2H"}},
		{8, "html", "<h2>مستويات الخدمة</h2><table><tr><th>البلاغ</th><th>مدة الحضور</th><th>مدة المعالجة</th></tr><tr><td>عطل كلي</td><td>4 ساعات</td><td>24 ساعة</td></tr></table>",
			TypeDuration, nil, []string{"term|PT4H", "term|PT24H", "duration|PT4H", "duration|PT24H"}},
		// A lead time is no service time, and no delivery period either
		// (session 19 decision 1, convention_bonds_parent_dates.go: a deadline only).
		{8, "txt", "Lead time: 6 weeks after receipt of the order.",
			TypeDuration, nil, []string{"delivery_period|P6W"}},
		{8, "md", "# Maintenance Contract / عقد صيانة\n\n| Fault / العطل | Response time / زمن الاستجابة | Repair time / مدة الإصلاح |\n|---|---|---|\n| Chiller / المبرد | 2 hours | 12 hours |\n",
			TypeDuration, nil, []string{"duration|PT2H", "duration|PT12H", "term|PT2H", "term|PT12H"}},
		// Periods that are no service times keep their keys.
		{8, "txt", "The Supplier warrants the goods for 24 months. The Supplier shall ship each order within 21 days of the order date. If the Supplier fails to remedy a breach within 15 days of notice, the Buyer may terminate.",
			// (shipping within 21 days of the order is a time limit, a
			// deadline only, since the key specification's session 16 row:
			// round 14, key_rows_day_ranges.go)
			TypeDuration, []string{"warranty_period|P24M", "cure_period|P15D"}, []string{"delivery_period|P21D"}},
	})
}

// TestKeySpecPriceChangeNoticeRound8a: row 9.
func TestKeySpecPriceChangeNoticeRound8a(t *testing.T) {
	checkSpecCases(t, []specCase{
		{9, "txt", "3.1 Prices are fixed for the first twelve (12) months. Thereafter the Supplier may request a revision not exceeding 4%, giving at least sixty (60) days' written notice.",
			TypeDuration, []string{"duration|P60D"}, []string{"notice_period|P60D"}},
		{9, "txt", "The Principal shall not increase the list prices without giving the Agent ninety (90) days' written notice.",
			TypeDuration, []string{"duration|P90D"}, []string{"notice_period|P90D"}},
		{9, "txt", "لا يجوز للمورد تعديل الأسعار إلا بإشعار كتابي مدته ستون (60) يوماً.",
			TypeDuration, []string{"duration|P60D"}, []string{"notice_period|P60D"}},
		{9, "txt", "يحق للمورد مراجعة الأسعار مرة واحدة في السنة بإشعار كتابي مدته ثلاثون (30) يوماً.",
			TypeDuration, []string{"duration|P30D"}, []string{"notice_period|P30D"}},
		{9, "txt", "The Landlord may increase the rent once a year by giving the Tenant three (3) months' written notice.\nلا يجوز للمؤجر زيادة الأجرة إلا بعد إخطار المستأجر كتابياً بإشعار مدته شهران.",
			TypeDuration, []string{"duration|P3M", "duration|P2M"}, []string{"notice_period|P3M", "notice_period|P2M"}},
		{9, "txt", "4.2 The Supplier may adjust its prices on ninety (90) days' written notice. / 4.2 يجوز للمورد تعديل الأسعار بإشعار كتابي مدته تسعون (90) يوماً.",
			TypeDuration, []string{"duration|P90D"}, []string{"notice_period|P90D"}},
		// Notice to end the contract is its notice period.
		{9, "txt", "Either party may terminate this Agreement by giving sixty (60) days' written notice.",
			TypeDuration, []string{"notice_period|P60D"}, []string{"duration|P60D"}},
	})
}
