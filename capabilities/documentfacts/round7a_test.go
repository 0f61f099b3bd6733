package documentfacts

import "testing"

// TestMoneyKeysRound7a: the key of an amount from the words and the table
// around it (issue 29, round 7a): a cue on the line before a plain-text
// line that continues it; a cap on liability per unit or per event stays
// a cap; a deposit named after the amount (تأميناً, "as a security
// deposit"); a cell "N per unit" under a column that names a currency
// and a kind; a subcontract's price its contract value; a charge row
// under the items, empty but for its amount, an amount; a total of
// another document an amount; أجرة outside a lease a fee; a tender
// guarantee's sum the bid bond; the share "each of which" an instalment.
func TestMoneyKeysRound7a(t *testing.T) {
	checkRound3(t, []round3Case{
		// A cue on the line a plain-text sentence broke off.
		{"7. COVER\n7.1 The Operator shall keep the vessels insured against loss and damage for\n    not less than USD 2,400,000.00 at all times.\n7.2 The Operator's liability for any one claim shall not exceed USD 90.00 per\n    tonne and USD 400,000.00 per incident.",
			TypeMoney, []string{"insurance_cover|2400000 USD", "liability_cap|90 USD", "liability_cap|400000 USD"}, []string{"amount|2400000 USD", "price|400000 USD"}},
		// A line that starts a new sentence takes no cue from the line
		// before it.
		{"The Buyer shall insure the goods.\nA charge of USD 150.00 applies to each late pallet.",
			TypeMoney, []string{"fee|150 USD"}, []string{"insurance_cover|150 USD"}},
		// A deposit named after the amount.
		{"يدفع المستأجر عند التوقيع مبلغ 1,200.000 ر.ع. (ألف ومائتا ريال) تأميناً يرد إليه عند نهاية العقد.\nThe Tenant shall pay OMR 800.000 (eight hundred rials) as a refundable security deposit on signing.\nيدفع المقاول مبلغ 500 ر.ع. تأمين ضد الحريق.",
			TypeMoney, []string{"security_deposit|1200 OMR", "security_deposit|800 OMR"}, []string{"amount|1200 OMR", "security_deposit|500 OMR"}},
		// A subcontract's price is its contract value; the base of a
		// percentage keys nothing.
		{"2.1 The Sub-Contract Price is OMR 740,250.000, excluding VAT.\n2.2 The Subcontract Sum shall be adjusted for variations.",
			TypeMoney, []string{"contract_value|740250 OMR"}, []string{"price|740250 OMR"}},
		// Each of the instalments a sum is paid in is an amount, not the
		// contract value the sentence names first.
		{"تدفع قيمة العقد على ثلاث دفعات متساوية قيمة كل منها 12,500.000 ر.ع.\nThe contract value is payable in two instalments, each of which is OMR 6,000.000.",
			TypeMoney, []string{"amount|12500 OMR", "amount|6000 OMR"}, []string{"contract_value|12500 OMR", "contract_value|6000 OMR"}},
		// The total of the invoice a credit note corrects.
		{"CREDIT NOTE\nOriginal invoice total | BHD 1,870.250\nTotal of this credit note | BHD 120.000",
			TypeMoney, []string{"amount|1870.25 BHD", "total_amount|120 BHD"}, []string{"total_amount|1870.25 BHD"}},
		// أجرة: a fee outside a lease, the rent in one.
		{"شهادة صيانة\nأجرة الفني لكل زيارة إضافية 30.000 ر.ع.",
			TypeMoney, []string{"fee|30 OMR"}, []string{"rent|30 OMR"}},
		{"عقد إيجار\nيدفع المستأجر للمؤجر الأجرة الشهرية 450.000 ر.ع.",
			TypeMoney, []string{"rent|450 OMR"}, []string{"fee|450 OMR"}},
		// A tender guarantee letter: the sum the bank undertakes to pay
		// is the bid bond, however the cap is worded.
		{"NATIONAL BANK OF SOHAR\nBID SECURITY No. 4410\nWe hereby undertake to pay you any sum not exceeding in total OMR 12,000.000 on your first written demand.\nOur liability under this guarantee shall not exceed OMR 12,000.000.",
			TypeMoney, []string{"bid_bond|12000 OMR"}, []string{"liability_cap|12000 OMR", "amount|12000 OMR"}},
		{"إعلان مناقصة\nيقدم مع العطاء ضمان عطاء بقيمة 1,800 ر.ع. ساري لمدة 90 يوماً.",
			TypeMoney, []string{"bid_bond|1800 OMR"}, []string{"amount|1800 OMR"}},
		// A letter that is no guarantee keeps its cap.
		{"SUPPLY AGREEMENT\nThe Supplier's liability shall not exceed OMR 30,000.000.",
			TypeMoney, []string{"liability_cap|30000 OMR"}, []string{"bid_bond|30000 OMR"}},
	})
	// Cells of an amount per unit under a column naming a kind; a charge
	// row empty but for its amount.
	out := extractMarkdown(t, "# SERVICE AGREEMENT\n\n| KPI | Target | Deduction (SAR) |\n|---|---|---|\n| Patrol report | daily | 150.00 per missed report |\n| Response | 30 minutes | 400.00 for each late response |\n\n"+
		"# PROFORMA INVOICE\n\n| No. | Description | Qty | Unit price (USD) | Amount (USD) |\n|---|---|---|---|---|\n| 1 | Valve DN50 | 10 | 45.0000 | 450.00 |\n| Subtotal | | | | 450.00 |\n| Air freight to Muscat | | | | 120.00 |\n| Total | | | | 570.00 |\n")
	got := factSet(out, TypeMoney)
	for _, w := range []string{"penalty_amount|150 SAR", "penalty_amount|400 SAR", "price|45 USD", "price|450 USD", "amount|120 USD", "total_amount|570 USD"} {
		if !containsStr(got, w) {
			t.Errorf("tables: %q missing; got %q", w, got)
		}
	}
	for _, n := range []string{"price|120 USD", "price|150 SAR"} {
		if containsStr(got, n) {
			t.Errorf("tables: %q found; got %q", n, got)
		}
	}
}

func containsStr(s []string, w string) bool {
	for _, x := range s {
		if x == w {
			return true
		}
	}
	return false
}

// TestDurationKeysRound7a: the key of a period from its clause, its
// heading and the document (issue 29, round 7a): notice of a change of
// prices is a duration, not the notice period that ends a contract; a
// period "during the term and for N after it" is not the term; the time
// for completing works is their term; in a bank's guarantee, "guarantee"
// names no warranty, its period is its validity and a time counted back
// from its expiry no period; annual leave and a rent-free fit-out period
// are durations, applying for leave in advance none; offers kept valid
// (العروض سارية) a validity; مكفولة a warranty; a heading names the
// period that opens the text under it; a plain-text line continuing the
// one before takes its cue; banking days are days.
func TestDurationKeysRound7a(t *testing.T) {
	checkRound3(t, []round3Case{
		{"5.1 The Supplier may not raise its rates without giving the Buyer sixty (60) days' written notice.\nلا يجوز للمؤجر زيادة الرسوم إلا بإشعار كتابي مدته ثلاثون (30) يوماً.\n9.1 Either party may terminate this Agreement by giving ninety (90) days' written notice.",
			TypeDuration, []string{"duration|P60D", "duration|P30D", "notice_period|P90D"}, []string{"notice_period|P60D", "notice_period|P30D"}},
		{"The Consultant shall not hire any employee of the Client during the term and for nine (9) months after it ends.\nThe Recipient shall keep the information confidential during the term of this Agreement and for three (3) years.\nThe initial term is one (1) year and may be renewed.",
			TypeDuration, []string{"duration|P9M", "confidentiality_period|P3Y", "term|P1Y"}, []string{"term|P9M", "term|P3Y"}},
		{"The Contractor shall start the Works on 1 May 2027 and complete them within eleven (11) months, by 31 March 2028.\nيلتزم المقاول بإنجاز أعمال المشروع خلال ستة (6) أشهر.\nThe Supplier shall deliver the pumps within thirty (30) days of the order.\nThe Consultant shall complete the survey report within ten (10) days.",
			TypeDuration, []string{"term|P11M", "term|P6M"}, []string{"term|P30D", "term|P10D", "delivery_period|P30D"}}, // session 16 key specification (round 14): delivering within 30 days of the order is a deadline only
		{"BANK GUARANTEE No. 7731\nThis guarantee remains valid for a period of nine (9) months from its date.\nThe Principal shall request any extension of this guarantee at least twenty (20) days before its expiry.",
			TypeDuration, []string{"duration|P9M"}, []string{"term|P9M", "warranty_period|P20D", "duration|P20D"}},
		// Outside a guarantee, a warranty stays one.
		{"SUPPLY AGREEMENT\nThe Supplier guarantees the motors for eighteen (18) months from delivery.",
			TypeDuration, []string{"warranty_period|P18M"}, nil},
		{"The Employee is entitled to annual leave of twenty-eight (28) days per year.\nتستحق الموظفة إجازة سنوية مدتها واحد وعشرون (21) يوماً.\nThe Employee shall apply for annual leave at least two (2) weeks in advance.",
			TypeDuration, []string{"duration|P28D", "duration|P21D"}, []string{"duration|P2W"}},
		{"The Tenant is given a rent-free fit-out period of sixty (60) days.\nتظل العروض سارية لمدة ستين (60) يوماً من تاريخ الإغلاق.\nأن تكون الأجهزة مكفولة لمدة ثلاث (3) سنوات.",
			TypeDuration, []string{"duration|P60D", "warranty_period|P3Y"}, []string{"term|P60D", "term|P3Y"}},
		{"2.3 The Buyer shall notify the Seller of any shortage or breakage within ten\n    (10) days of unloading.\n3.1 The Bank shall pay any demand within three (3) banking days.",
			TypeDuration, []string{"claim_period|P10D", "payment_period|P3D"}, nil},
	})
	out := extractMarkdown(t, "# MAINTENANCE AGREEMENT\n\n## 1. Term\n\nThree (3) years from 1 March 2027 to 28 February 2030.\n\n## 2. Scope\n\nTwo (2) visits are made each month.\n")
	got := factSet(out, TypeDuration)
	if !containsStr(got, "term|P3Y") {
		t.Errorf("a heading's period: got %q", got)
	}
}

// TestDateKeysRound7a: what a date is for (issue 29, round 7a): the date
// works are to be completed by is their completion date, a supply's still
// its delivery date; "due by" is a due date; a proforma invoice's date is its
// issue date; the event a period runs from ("after receipt of the
// advance payment") names no action; another side's document "dated" a
// plain date.
func TestDateKeysRound7a(t *testing.T) {
	checkRound3(t, []round3Case{
		{"The Contractor shall commence the Works on 2 May 2027 and complete them by 30 April 2028.\nيلتزم المقاول بإنجاز أعمال المشروع في موعد أقصاه 31 ديسمبر 2027.\nThe Supplier shall complete delivery of the cables no later than 15 June 2027.",
			TypeDate, []string{"effective_date|2027-05-02", "completion_date|2028-04-30", "completion_date|2027-12-31", "delivery_date|2027-06-15"}, []string{"completion_date|2027-06-15", "delivery_date|2028-04-30"}}, // session 19 decision 6 (convention_bonds_parent_dates.go): the works' start is effective_date
		{"The balance of BHD 410.500 remains due by 30 November 2026.",
			TypeDate, []string{"due_date|2026-11-30"}, []string{"date|2026-11-30"}},
		{"PROFORMA INVOICE\nDate: 12 May 2027\nThe Seller shall dispatch the pumps within 20 days after receipt of the advance payment, and in any event not later than 20 June 2027.",
			TypeDate, []string{"issue_date|2027-05-12", "delivery_date|2027-06-20"}, []string{"invoice_date|2027-05-12", "due_date|2027-06-20"}},
		{"TAX INVOICE\nDate: 12 May 2027\nThe Customer shall pay within 30 days after receipt of the invoice and not later than 30 June 2027.",
			TypeDate, []string{"invoice_date|2027-05-12", "due_date|2027-06-30"}, []string{"issue_date|2027-05-12"}},
		{"QUOTATION No. Q-118\nYour enquiry: RFQ/77/2027 dated 3 February 2027\nCustomer order PO-5521 dated 9 February 2027",
			TypeDate, []string{"date|2027-02-03", "date|2027-02-09"}, []string{"document_date|2027-02-03", "issue_date|2027-02-09"}},
		{"This Purchase Order is dated 10 February 2027.",
			TypeDate, []string{"issue_date|2027-02-10"}, nil},
	})
}

// TestTableAndBondRound7a (issue 29, round 7a): a table's column header
// naming a period's role wins over a word of the row's item ("التمديدات",
// wiring, is no renewal); delivering a bond within a time is a time
// limit, no delivery period; القيمة ... لهذه الاتفاقية is the contract
// value.
func TestTableAndBondRound7a(t *testing.T) {
	out := extractMarkdown(t, "# شهادة ضمان\n\n| البند | مدة الضمان | تاريخ الانتهاء |\n|---|---|---|\n| أعمال التمديدات الكهربائية | سنتان (2) | 2029/01/31 |\n| المضخات | 5 سنوات | 2032/01/31 |\n\n| Item | Notice period |\n|---|---|\n| Renewal of the licence | 60 days |\n")
	got := factSet(out, TypeDuration)
	for _, w := range []string{"warranty_period|P2Y", "warranty_period|P5Y", "notice_period|P60D"} {
		if !containsStr(got, w) {
			t.Errorf("table header: %q missing; got %q", w, got)
		}
	}
	if containsStr(got, "renewal_term|P2Y") || containsStr(got, "renewal_term|P60D") {
		t.Errorf("table header: a row word keyed the period; got %q", got)
	}
	checkRound3(t, []round3Case{
		{"The Contractor shall deliver a performance guarantee issued by a local bank within twenty-one (21) days of signature.\nThe Supplier shall deliver the goods within twenty-one (21) days of the order.",
			TypeDuration, nil, []string{"delivery_period|P21D"}}, // session 16 key specification (round 14): a time limit is a deadline only
		{"The Contractor shall deliver a performance guarantee issued by a local bank within twenty-eight (28) days of signature.",
			TypeDuration, nil, []string{"delivery_period|P28D"}},
		{"تبلغ القيمة الإجمالية التقديرية لهذه الاتفاقية 48,000.000 ر.ع. سنوياً.\nيدفع العميل مبلغ 900.000 ر.ع. عن كل زيارة.",
			TypeMoney, []string{"contract_value|48000 OMR"}, []string{"contract_value|900 OMR"}},
	})
}

// TestArabicWrappedLinesRound7a (issue 29, round 7a): an Arabic line cut
// at a fixed width (a PDF's, plain text's) continues the line before,
// whose verb names the period; a line after a stop does not.
func TestArabicWrappedLinesRound7a(t *testing.T) {
	checkRound3(t, []round3Case{
		{"يسدد العميل قيمة كل فاتورة بعد اعتمادها من المهندس المشرف والتحقق من\n   الأعمال المنفذة بموجبها، خلال ثلاثين (30) يوماً من تقديمها.",
			TypeDuration, []string{"payment_period|P30D"}, nil},
		{"يسدد العميل قيمة كل فاتورة بعد اعتمادها.\nيلتزم المقاول بتوريد المواد خلال عشرة (10) أيام.",
			TypeDuration, nil, []string{"payment_period|P10D", "delivery_period|P10D"}}, // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
	})
}

// TestSummaryRowsRound7a (issue 29, round 7a): a summary row whose empty
// cells the reader keeps ("Total | | | | 1,200.00") is read; a net line
// ("Net / الصافي") that the subtotal less the discount makes is the net
// amount; a cap on money repaid is an amount, not the fee it repays.
func TestSummaryRowsRound7a(t *testing.T) {
	checkRound3(t, []round3Case{
		{"QUOTATION\nNo. | Item | Qty | Unit price (OMR) | Amount (OMR)\n1 | Hose reel 30 m | 10 | 55.0000 | 550.000\n2 | Nozzle | 20 | 12.5000 | 250.000\nSubtotal | | | | 800.000\nDiscount 10% | | | | 80.000\nNet / الصافي | | | | 720.000\nTotal estimated value | | | | 756.000",
			TypeMoney, []string{"subtotal|800 OMR", "discount|80 OMR", "net_amount|720 OMR", "total_amount|756 OMR"}, nil},
		// A price closing a bill (its subtotal and tax make it) is its total.
		{"BILL OF QUANTITIES\nItem | Amount (OMR)\nEarthworks | 300.000\nConcrete | 500.000\nSubtotal | 800.000\nVAT 5% | 40.000\nPrice | 840.000",
			TypeMoney, []string{"subtotal|800 OMR", "tax_amount|40 OMR", "total_amount|840 OMR"}, []string{"price|840 OMR"}},
		{"If you resign within one year, you shall repay the training fees paid for you, up to OMR 650.000.\nThe Client shall pay a monthly fee of OMR 650.000.",
			TypeMoney, []string{"amount|650 OMR", "fee|650 OMR"}, nil},
		{"إذا استقال الموظف خلال سنة، يلتزم برد رسوم الدورة بحد أقصى 300.000 ر.ع.",
			TypeMoney, []string{"amount|300 OMR"}, []string{"fee|300 OMR"}},
	})
}

// TestArabicNoticeAheadRound7a (issue 29, round 7a): notifying "قبل"
// (ahead of) a period is a notice period; notifying "خلال" (within) one is
// a time limit, no notice period; "شهر (1) واحد" is one month.
func TestArabicNoticeAheadRound7a(t *testing.T) {
	checkRound3(t, []round3Case{
		{"يجوز للمستأجر إنهاء العقد، وعليه أن يخطر المؤجر كتابياً قبل شهرين (2) على الأقل.",
			TypeDuration, []string{"notice_period|P2M"}, nil},
		{"يلتزم المشتري بأن يخطر المورد بأي عيب خلال خمسة (5) أيام من الاستلام.",
			TypeDuration, nil, []string{"notice_period|P5D"}},
		// The digit between the unit and its number word.
		{"يلتزم كل طرف بإشعار الطرف الآخر كتابياً قبل شهر (1) واحد على الأقل من الإنهاء.\nمدة الضمان سنة (1) واحدة من التسليم.",
			TypeDuration, []string{"notice_period|P1M", "warranty_period|P1Y"}, nil},
	})
}
