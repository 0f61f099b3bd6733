package documentfacts

import "testing"

// Round 14 (issue 29, session 16): keys from heldout11's misses and the key
// specification's rows added in session 16 (key_rows_day_ranges.go; docs/documents.md,
// "Issue 29, session 16: round 14, keys from heldout11"). The sentences
// are written for these tests, in English and Arabic, with negatives.

func TestRound14TimeLimits(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"deliver within, counted from an order", "SUPPLY AGREEMENT\n\nThe Vendor shall deliver each batch of pumps within twenty (20) days of the purchase order.\n", TypeDuration,
			nil, []string{"delivery_period|P20D"}},
		{"deliver within, counted from an order (ar)", "عقد توريد\n\nيلتزم البائع بتوريد الكراسي إلى المدرسة خلال خمسة عشر (١٥) يوماً من تاريخ أمر الشراء.\n", TypeDuration,
			nil, []string{"delivery_period|P15D"}},
		{"complete within, counted from handover", "WORKS CONTRACT\n\nThe Builder shall complete the remaining works within sixty (60) days of site handover.\n", TypeDuration,
			nil, []string{"term|P60D"}},
		{"a report within, after a period's end", "LICENCE AGREEMENT\n\nSales reports must be delivered within fifteen (15) days after the end of each month.\n", TypeDuration,
			nil, []string{"delivery_period|P15D"}},
		// the spans of their own stay
		{"a delivery period of its own", "SUPPLY AGREEMENT\n\nThe delivery period is eight (8) weeks.\n", TypeDuration,
			nil, []string{"delivery_period|P8W"}}, // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
		{"a term of its own", "SERVICES AGREEMENT\n\nThis Agreement is made for a term of two (2) years.\n", TypeDuration,
			[]string{"term|P2Y"}, nil},
		{"a payment window stays", "SUPPLY AGREEMENT\n\nThe Buyer shall pay each invoice within forty-five (45) days of receipt.\n", TypeDuration,
			[]string{"payment_period|P45D"}, nil},
	})
}

func TestRound14PipeTableRows(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a text table with edge pipes", "SUPPLY AGREEMENT\n\nThe Supplier supplies the items below.\n\n| Item | Monthly quantity | Price per tonne (OMR) |\n| Barley | 30 tonnes | 142.500 |\n| Maize | 55 tonnes | 131.750 |\n\nThe Buyer pays monthly.\n", TypeMoney,
			[]string{"price|142.5 OMR", "price|131.75 OMR"}, nil},
		{"edge pipes (ar)", "عقد توريد\n\n| الصنف | الكمية | سعر الطن (ر.ع.) |\n| شعير | ٣٠ طناً | ١٤٢٫٥٠٠ |\n", TypeMoney,
			[]string{"price|142.5 OMR"}, nil},
	})
}

func TestRound14Money(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a pre-qualification fee", "PRE-QUALIFICATION NOTICE\n\nThe Authority invites contractors to pre-qualify.\n4.1 A non-refundable pre-qualification fee of OMR 25.000 is payable with the application.\n", TypeMoney,
			[]string{"tender_fee|25 OMR"}, []string{"fee|25 OMR"}},
		{"the documents' fee in a row (ar)", "إعلان تأهيل مسبق\n\nتدعو الشركة المقاولين إلى التأهيل المسبق.\n\nالبند | المبلغ (ر.ع.)\nرسوم وثائق التأهيل (غير مستردة) | ٢٠٫٠٠٠\n", TypeMoney,
			[]string{"tender_fee|20 OMR"}, nil},
		{"a licence fee in a contract stays", "LICENCE AGREEMENT\n\nThe Licensee shall pay an annual application fee of AED 2,000 to the Licensor.\n", TypeMoney,
			nil, []string{"tender_fee|2000 AED"}},
		{"a table of hired machines", "EQUIPMENT HIRE AGREEMENT\n\nThe Lessor leases to the Lessee the equipment below.\n\nEquipment | Months | Monthly rent (OMR)\nMobile crane 50 t | 3 | 2,400.000\nForklift 3 t | 3 | 310.000\nTotal monthly rent | | 2,710.000\n", TypeMoney,
			[]string{"price|2400 OMR", "price|310 OMR", "total_amount|2710 OMR"}, []string{"rent|2400 OMR"}},
		{"a table of hired machines (ar)", "عقد تأجير معدات\n\nيؤجر المؤجر للمستأجر المعدات التالية.\n\nالمعدة | المدة | الأجرة الشهرية (ر.ع.)\nرافعة شوكية | ٣ أشهر | ٣١٠٫٠٠٠\n", TypeMoney,
			[]string{"price|310 OMR"}, []string{"rent|310 OMR"}},
		{"a table of shops keeps rent", "LEASE AGREEMENT\n\nThe Landlord leases to the Tenant the shops below.\n\nShop | Area (m2) | Monthly rent (OMR)\nShop 4 | 60 | 450.000\n", TypeMoney,
			nil, []string{"price|450 OMR"}},
	})
}

func TestRound14PartsOfThePrice(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a deposit before the balance", "SALE AGREEMENT\n\nThe Buyer shall pay a deposit of OMR 4,000.000 on signing and the balance on delivery of the boat.\n", TypeMoney,
			[]string{"amount|4000 OMR"}, []string{"advance_payment|4000 OMR"}},
		{"a share of the total", "EVENT SERVICES AGREEMENT\n\nThe Client shall pay 50% of the total, BHD 1,200.000, on signing and the balance after the event.\n", TypeMoney,
			[]string{"amount|1200 BHD"}, []string{"total_amount|1200 BHD"}},
		{"an advance named as such stays", "SUBCONTRACT\n\nThe Contractor shall pay an advance payment of OMR 9,000.000 against an advance payment guarantee.\n", TypeMoney,
			[]string{"advance_payment|9000 OMR"}, nil},
		{"an advance on an invoice stays", "TAX INVOICE\n\nDescription | Amount (AED)\nDesign services | 10,000.00\nLess advance received | 2,000.00\n", TypeMoney,
			nil, []string{"amount|2000 AED"}},
	})
}

// deadlinePeriods: the periods of a text's deadlines.
func deadlinePeriods(t *testing.T, text string) []string {
	var s []string
	for _, d := range extractText(t, text).Deadlines {
		s = append(s, d.Period)
	}
	return s
}

func TestRound14NoDeadline(t *testing.T) {
	cases := []struct {
		name, text, period string
		want               bool
	}{
		{"a quotation's validity", "QUOTATION\n\nOur prices are valid for sixty (60) days from the date of this quotation.\nThe Buyer shall pay within thirty (30) days of delivery.\n", "P60D", false},
		{"a bid's validity (ar)", "طلب عروض أسعار\n\nيجب أن يظل العطاء سارياً لمدة مائة وعشرين (١٢٠) يوماً من تاريخ الإغلاق.\n", "P120D", false},
		{"a notice to end the hire", "EQUIPMENT HIRE AGREEMENT\n\nThe Hirer shall give the Owner thirty (30) days' written notice before the end of the hire.\n", "P30D", false},
		{"a notice to renew", "LEASE AGREEMENT\n\nThe Tenant shall notify the Landlord at least sixty (60) days before expiry if it wishes to renew.\n", "P60D", false},
		// the limits stay deadlines
		{"a payment limit stays", "QUOTATION\n\nOur prices are valid for sixty (60) days from the date of this quotation.\nThe Buyer shall pay within thirty (30) days of delivery.\n", "P30D", true},
		{"a notice of a delay stays", "SUPPLY AGREEMENT\n\nThe Supplier shall notify the Buyer of any delay within five (5) days of learning of it.\n", "P5D", true},
	}
	for _, c := range cases {
		got := containsStr(deadlinePeriods(t, c.text), c.period)
		if got != c.want {
			t.Errorf("%s: deadline %s found %v, want %v (%q)", c.name, c.period, got, c.want, deadlinePeriods(t, c.text))
		}
	}
}

func TestRound14KeySpecDeadlineDropOnly(t *testing.T) {
	if _, errs := parseKeySpec("k", "a.want\tdeadline\tP90D\tvalid\t-\tvalidity: a duration only\n"); len(errs) != 0 {
		t.Errorf("a deadline drop: %v", errs)
	}
	if _, errs := parseKeySpec("k", "a.want\tdeadline\tP90D\tvalid\tvalid_until\tno\n"); len(errs) != 1 {
		t.Errorf("a deadline re-key must fail, got %v", errs)
	}
}

func TestRound14DateKeys(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"questions until, in a dates table", "REQUEST FOR QUOTATION\n\nKey dates\nEvent | Date\nWritten queries accepted until | 4 May 2026\nClosing date for quotations | 11 May 2026\n", TypeDate,
			[]string{"clarification_deadline|2026-05-04"}, []string{"expiry_date|2026-05-04"}},
		{"documents sold until (ar)", "إعلان مناقصة\n\nتطرح الهيئة مناقصة لصيانة المباني.\n١. تباع وثائق المناقصة حتى ١٥ مايو ٢٠٢٦م.\n", TypeDate,
			[]string{"document_purchase_deadline|2026-05-15"}, []string{"expiry_date|2026-05-15"}},
		{"the contract named by its number (ar)", "محضر اجتماع\n\nالمشروع: صيانة مبنى الإدارة\nالعقد: رقم ٢٠٢٦/١٢ المؤرخ في ١٠ يناير ٢٠٢٦م\n", TypeDate,
			[]string{"agreement_date|2026-01-10"}, nil},
		{"the contract named by its number", "COMPLETION CERTIFICATE\n\nProject: Staff clinic extension\nContract No. CW-2026-04, dated 10 January 2026\n", TypeDate,
			[]string{"agreement_date|2026-01-10"}, nil},
		{"works completed on a day", "TAKING-OVER CERTIFICATE\n\n1. The Engineer certifies that the Works were substantially completed on 14 June 2026.\n", TypeDate,
			[]string{"completion_date|2026-06-14"}, nil},
		{"works taken over on a day (ar)", "محضر استلام\n\n١. عاينت اللجنة المبنى في ١٤ يونيو ٢٠٢٦م وقررت استلامه استلاماً ابتدائياً.\n", TypeDate,
			[]string{"completion_date|2026-06-14"}, nil},
		{"a payment made on a day", "STAFF LOAN AGREEMENT\n\nThis Agreement is made on 2 March 2026.\n2. The first instalment is made on 30 April 2026 and the last on 31 March 2027.\n", TypeDate,
			[]string{"agreement_date|2026-03-02", "date|2026-04-30"}, []string{"agreement_date|2026-04-30"}},
		// negatives
		{"a quotation valid until stays", "QUOTATION\n\nThis quotation is valid until 30 June 2026.\n", TypeDate,
			nil, []string{"clarification_deadline|2026-06-30", "document_purchase_deadline|2026-06-30"}},
	})
}

func TestRound14ArabicPoints(t *testing.T) {
	for s, want := range map[string]float64{"٩٫٨٤٠٫٠٠٠٫٠٠": 9840000, "٢٫٥٠٠٫٠٠": 2500, "١٢٫٣٠٠٫٧٥": 12300.75} {
		if v, ok := arabicPoints(s); !ok || v != want {
			t.Errorf("arabicPoints14(%q) = %v, %v; want %v", s, v, ok, want)
		}
	}
	for _, s := range []string{"٦٫٤٠٠", "١٥٢٬١٠٠", "1.150,00", "٤٢٠٫٠٠٠"} {
		if _, ok := arabicPoints(s); ok {
			t.Errorf("arabicPoints14(%q) read; it is no such figure", s)
		}
	}
	runRound(t, []clauseContextCase{
		{"points grouping thousands (ar)", "محضر استلام\n\nالعقد: رقم ٢٠٢٦/٩ المؤرخ في ١ مارس ٢٠٢٦م بقيمة ٣٫٢٥٠٫٠٠٠٫٠٠ ريال سعودي\n٢. تخصم غرامة قدرها ١٫٥٠٠٫٠٠ ريال سعودي عن كل يوم تأخير.\n", TypeMoney,
			[]string{"contract_value|3250000 SAR", "penalty_amount|1500 SAR"}, []string{"amount|0 SAR"}},
		{"a two-language label naming the currency", "PRE-QUALIFICATION NOTICE\n\nKey dates / المواعيد\nClosing date / آخر موعد | 4 May 2026\nApplication fee (AED) / رسوم الطلب (درهم) | 750.00\n", TypeMoney,
			[]string{"tender_fee|750 AED"}, nil},
		{"a contract worth, in English", "COMPLETION CERTIFICATE\n\nThe Contract, with a value of OMR 1,250,000.000, was signed on 2 March 2025.\n", TypeMoney,
			[]string{"contract_value|1250000 OMR"}, nil},
	})
}

func TestRound14DurationRoles(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a hire period with no role word", "EQUIPMENT HIRE AGREEMENT\n\nThe hire period is nine (9) months from 1 May 2026.\n", TypeDuration,
			[]string{"term|P9M"}, nil},
		{"a loan repaid over months", "STAFF LOAN AGREEMENT\n\nThe loan is repaid over eighteen (18) months by monthly deductions.\n", TypeDuration,
			[]string{"term|P18M"}, nil},
		{"a pre-qualification's validity", "PRE-QUALIFICATION NOTICE\n\nPre-qualification remains valid for twelve (12) months.\n", TypeDuration,
			[]string{"duration|P12M"}, nil},
		{"a window to dispute a note", "DEBIT NOTE\n\nAny dispute must be raised in writing within five (5) days of the date of this note.\n", TypeDuration,
			[]string{"claim_period|P5D"}, nil},
		{"a window to reject (ar)", "عقد توريد\n\nيحق للمشتري رفض أي دفعة مخالفة للمواصفات خلال ثلاثة (٣) أيام من استلامها.\n", TypeDuration,
			[]string{"claim_period|P3D"}, nil},
		{"a remaining shelf life (ar)", "طلب عروض أسعار\n\nلا يجوز للمورد توريد أدوية تقل مدة صلاحيتها المتبقية عن تسعة (٩) أشهر.\n", TypeDuration,
			[]string{"duration|P9M"}, []string{"payment_period|P9M"}},
		{"a repair time counted from notice", "LEASE AGREEMENT\n\nThe Landlord shall repair any leak within six (6) hours of notice.\n", TypeDuration,
			nil, []string{"notice_period|PT6H"}},
		// negatives
		{"counted from a rejection (ar)", "عقد توريد عمالة\n\nيستبدل المورد أي عامل يرفضه العميل خلال خمسة (٥) أيام من تاريخ الرفض.\n", TypeDuration,
			nil, []string{"claim_period|P5D"}},
		{"a notice to end stays", "SERVICES AGREEMENT\n\nEither party may terminate this Agreement on thirty (30) days' written notice.\n", TypeDuration,
			[]string{"notice_period|P30D"}, nil},
	})
}

func TestRound14MoreKeys(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a rate per unit in a rate table", "REQUEST FOR QUOTATION\n\nItem | Estimate | Ceiling rate (QAR)\nStandard page | 800 pages | 70.00\nWeekend surcharge per page | - | 25.00\n", TypeMoney,
			[]string{"price|25 QAR"}, []string{"amount|25 QAR"}},
		{"retention in a certificate", "TAKING-OVER CERTIFICATE\n\nContract price | OMR 500,000.000\nRetention held | OMR 25,000.000\n", TypeMoney,
			[]string{"amount|25000 OMR"}, []string{"price|25000 OMR"}},
		{"cover a carrier must insure (ar)", "عقد نقل\n\n٣. يؤمن الناقل على الحمولة بمبلغ لا يقل عن ١٠٠٬٠٠٠٫٠٠٠ ر.ع. للشحنة.\n", TypeMoney,
			[]string{"insurance_cover|100000 OMR"}, nil},
		{"a listed turnover after an insurance item stays", "PRE-QUALIFICATION\n\nApplicants must show:\n- liability insurance with cover of at least OMR 50,000.000\n- an annual turnover of at least OMR 900,000.000\n", TypeMoney,
			[]string{"amount|900000 OMR"}, []string{"insurance_cover|900000 OMR"}},
	})
	runRound(t, []clauseContextCase{
		{"the term's span stays", "SERVICES AGREEMENT\n\n2. The Operator shall run the car park for two (2) years from 1 January 2027 to 31 December 2028.\n", TypeDate,
			[]string{"effective_date|2027-01-01", "expiry_date|2028-12-31"}, nil},
	})
}

func TestRound14FeeRows(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"rows of a fee table", "LICENCE AGREEMENT\n\nFee | Amount (AED)\nInitial licence fee | 80,000.00\nAnnual renewal fee | 15,000.00\n", TypeMoney,
			[]string{"price|80000 AED", "price|15000 AED"}, []string{"fee|80000 AED"}},
		{"a fee in a sentence stays", "LICENCE AGREEMENT\n\nThe Licensee shall pay an initial licence fee of AED 80,000 on signature.\n", TypeMoney,
			[]string{"fee|80000 AED"}, nil},
		{"a royalty", "LICENCE AGREEMENT\n\nThe Licensee shall pay a royalty of 5% of net sales, and in any case a minimum annual royalty of AED 90,000.\n", TypeMoney,
			[]string{"fee|90000 AED"}, []string{"subtotal|90000 AED"}},
	})
	runRound(t, []clauseContextCase{
		{"a dispute settled is no claim window", "SERVICES AGREEMENT\n\nAny dispute shall be settled amicably within thirty (30) days.\n", TypeDuration,
			nil, []string{"claim_period|P30D"}},
	})
}

func TestRound14SigningAndInvoiceDates(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"an invoice dated on the next line", "ACKNOWLEDGEMENT OF DEBT\n\n1. The Debtor owes the sums of invoices INV-101 dated 2 March 2026 and INV-117\n   dated 30 March 2026.\n", TypeDate,
			[]string{"invoice_date|2026-03-02", "invoice_date|2026-03-30"}, nil},
		{"a role label with the article on a signing line", "STAFF LOAN AGREEMENT\n\nThis Agreement is dated 3 May 2026.\n" + filler + "\nThe Employer: | Noura Saif Al Harthy, HR Manager | Date: 03/05/2026\nThe Employee: | Salim Nasser Al Rawahi | Date: 04/05/2026\n", TypeDate,
			[]string{"signature_date|2026-05-04"}, []string{"agreement_date|2026-05-04"}},
	})
}

func TestRound14DayRanges(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a range of days in one month", "EVENT SERVICES AGREEMENT\n\n1.2 The exhibition runs on 14-16 October 2026 at the centre.\n", TypeDate,
			[]string{"date|2026-10-14", "date|2026-10-16"}, nil},
		{"a range of days (ar)", "عقد خدمات\n\n١. تقام الفعالية في ٣ – ٥ مارس ٢٠٢٦م.\n", TypeDate,
			[]string{"date|2026-03-03", "date|2026-03-05"}, nil},
		// negatives: a reference or a clause number before a date
		{"a reference number before a date", "INVOICE\n\nRef. 2026/11-12 March 2026\n", TypeDate,
			nil, []string{"date|2026-03-11"}},
	})
}
