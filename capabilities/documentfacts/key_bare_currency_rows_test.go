package documentfacts

import (
	"regexp"
	"strings"
	"testing"
)

// Round 15 (issue 29, session 17): keys from heldout12's misses (key_bare_currency_rows.go;
// docs/documents.md, "Issue 29, session 17: round 15, keys from
// heldout12"). The sentences are written for these tests, in English and
// Arabic, with negatives.

func TestRound15RowGoesOn(t *testing.T) {
	cases := []struct {
		prev, cur string
		want      bool
	}{
		{"Fault | Attend | Fix", "Urgent | 3 hours | 12 hours", true},
		{"الأولوية | الاستجابة | الإصلاح", "عاجل | ٣ ساعات | ١٢ ساعة", true},
		{"Item | Qty | Price | Total", "Urgent | 3 hours | 12 hours", false},
		{"3. Service levels", "Fault | Attend | Fix", false},
	}
	for _, c := range cases {
		if got := rowGoesOn(c.prev, c.cur); got != c.want {
			t.Errorf("rowGoesOn15(%q, %q) = %v, want %v", c.prev, c.cur, got, c.want)
		}
	}
}

func TestRound15ShortfallCharges(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"per hour of delay, and its cap", "EVENT SERVICES CONTRACT\n\n4.2 If the hall is not ready on time, the Contractor shall pay OMR 300.000 for each hour of delay, up to a maximum of OMR 6,000.000.\n", TypeMoney,
			[]string{"penalty_amount|300 OMR", "penalty_amount|6000 OMR"}, []string{"amount|300 OMR", "amount|6000 OMR"}},
		{"per point below a target", "SUPPORT CONTRACT\n\n5.1 For each full percentage point below the 98% target, the Provider shall pay AED 1,000.00.\n", TypeMoney,
			[]string{"penalty_amount|1000 AED"}, nil},
		{"deducted per unstaffed shift", "SECURITY SERVICES CONTRACT\n\n6. For each unstaffed shift, BHD 15.000 is deducted from the monthly fee.\n", TypeMoney,
			[]string{"penalty_amount|15 BHD"}, []string{"discount|15 BHD"}},
		{"deducted per day of absence (ar)", "عقد خدمات نظافة\n\n٦. يخصم مبلغ ٣٠ ر.ع. من مستحقات المقاول عن كل يوم غياب لأي عامل.\n", TypeMoney,
			[]string{"penalty_amount|30 OMR"}, nil},
		// a rate and a discount stay
		{"an hourly rate stays", "CONSULTANCY AGREEMENT\n\n3.2 Additional work is charged at OMR 40.000 per hour.\n", TypeMoney,
			nil, []string{"penalty_amount|40 OMR"}},
		{"a volume discount stays", "SUPPLY AGREEMENT\n\n3.4 The Supplier grants a discount of OMR 200.000 on each order above 500 cartons.\n", TypeMoney,
			nil, []string{"penalty_amount|200 OMR"}},
	})
}

func TestRound15BareArabicCurrency(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a bare rial in a Saudi contract", "عقد صيانة\n\nقيمة العقد ١٥٠.٠٠٠,٠٠ ريال سعودي، تدفع على ستة أقساط قيمة كل منها ٢٥.٠٠٠,٠٠ ريال.\n", TypeMoney,
			[]string{"amount|25000 SAR"}, nil},
		{"a bare dinar in a Kuwaiti letter", "خطاب تكليف\n\nالأتعاب ٩٠٠٫٠٠٠ دينار كويتي، ويسدد العميل الرصيد البالغ ٤٥٠٫٠٠٠ دينار عند التسليم.\n", TypeMoney,
			[]string{"amount|450 KWD"}, nil},
		{"a bare rial under a column's currency", "عقد استشارات\n\nالمرحلة | المبلغ (ريال قطري)\nالتصميم | 80.000,00\n\nيحتفظ الاستشاري بتأمين المسؤولية المهنية بمبلغ لا يقل عن 500.000,00 ريال.\n", TypeMoney,
			[]string{"insurance_cover|500000 QAR"}, []string{"liability_cap|500000 QAR"}},
		{"dirhams", "اتفاقية خدمة\n\nيمنح المشترك خصماً قدره ٢٠ دراهم عن كل يوم توقف.\n", TypeMoney,
			[]string{"penalty_amount|20 AED"}, nil},
		// two rials named: a bare one is no currency
		{"two rials named", "عقد\n\nالقيمة ١٠٠٠ ريال سعودي أو ١٠٠٠ ريال قطري، والغرامة ٥٠ ريال.\n", TypeMoney,
			nil, []string{"amount|50 SAR", "amount|50 QAR", "penalty_amount|50 SAR", "penalty_amount|50 QAR"}},
	})
}

func TestRound15DateKeys(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"an acceptance line with a signature field", "ENGAGEMENT LETTER\n\nDate: 3 March 2027\n\nWe shall audit your accounts for 2026.\n" + filler +
			"\nAccepted for Sahil Trading LLC\nName: Maryam Al Amri      Signature: __________      Date: 9 March 2027\n", TypeDate,
			[]string{"signature_date|2027-03-09"}, []string{"document_date|2027-03-09"}},
		{"the client's approval line (ar)", "خطاب تكليف\n\nالتاريخ: ٣ مارس ٢٠٢٧م\n\nنقوم بتدقيق حساباتكم لعام ٢٠٢٦.\n" + strings.Repeat("يلتزم المدقق بالمحافظة على سرية المعلومات.\n", 12) +
			"\nموافقة العميل: مريم العامري | التاريخ: ٩ مارس ٢٠٢٧م\n", TypeDate,
			[]string{"signature_date|2027-03-09"}, nil},
		{"a proposal the contract refers to", "FIT-OUT CONTRACT\n\nThis Contract is made on 2 May 2027.\n2.1 The Contractor shall build the kiosk in accordance with layout proposal rev. 4 dated 12 April 2027.\n", TypeDate,
			[]string{"date|2027-04-12"}, []string{"agreement_date|2027-04-12"}},
		{"a quotation a purchase order refers to", "PURCHASE ORDER\n\nPO No.: 7781\nOur order is placed against Quotation ref. Q-2027-118 dated 4 May 2027.\n", TypeDate,
			[]string{"date|2027-05-04"}, []string{"issue_date|2027-05-04"}},
		{"papers to provide by a day", "ENGAGEMENT LETTER\n\nThe Client shall provide the ledgers and the supplier invoices no later than 15 January 2028.\n", TypeDate,
			[]string{"date|2028-01-15"}, []string{"due_date|2028-01-15"}},
		{"a bond to provide by a day", "WORKS CONTRACT\n\nThe Contractor shall provide an advance payment guarantee and a performance bond of OMR 40,000.000 no later than 1 June 2027.\n", TypeDate,
			[]string{"date|2027-06-01"}, []string{"due_date|2027-06-01"}},
		{"the day a time limit runs from", "WORKS CONTRACT\n\nThe Contractor shall finish the works within ten (10) weeks from the handover of the site on 3 May 2027.\n", TypeDate,
			[]string{"date|2027-05-03"}, []string{"effective_date|2027-05-03"}},
		{"completed and handed over by a day", "EVENT CONTRACT\n\nThe booth shall be completed and handed over to the Client by 17:00 on 8 October 2027.\n", TypeDate,
			[]string{"completion_date|2027-10-08"}, []string{"delivery_date|2027-10-08"}},
		{"a share of the price on a day", "EVENT CONTRACT\n\nThe Client shall pay 30% of the price on signing, 60% on 1 September 2027 and the balance after the event.\n", TypeDate,
			[]string{"due_date|2027-09-01"}, nil},
		// the contract's own dates stay
		{"a quotation's own date stays", "QUOTATION\n\nQuotation No. Q-77 dated 4 May 2027\nWe offer the items below.\n", TypeDate,
			nil, []string{"date|2027-05-04"}},
		{"a payment by a day stays due", "SALE AGREEMENT\n\nThe Buyer shall pay the balance of OMR 9,000.000 no later than 30 June 2027.\n", TypeDate,
			[]string{"due_date|2027-06-30"}, nil},
	})
}

func TestRound15MoneyKeys(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"an EOI document fee", "CALL FOR EXPRESSIONS OF INTEREST\n\nThe Company invites operators to express interest.\nA non-refundable EOI document fee of OMR 25.000 shall be paid before submission.\n", TypeMoney,
			[]string{"tender_fee|25 OMR"}, []string{"fee|25 OMR"}},
		{"a participation fee in a row (ar)", "طلب تقديم عروض\n\nتدعو المدرسة الشركات إلى تقديم عروضها.\n\nالبند | المبلغ (ر.ع.)\nرسم الاشتراك في طلب العروض (غير مسترد) | ١٥٫٠٠٠\n", TypeMoney,
			[]string{"tender_fee|15 OMR"}, nil},
		{"rows of a payment schedule", "FIT-OUT CONTRACT\n\nThis Contract is made on 2 May 2027.\n\nPayment | Amount (QAR)\nProgress payments (monthly) | 400,000\nFinal payment after the defects period | 50,000\n", TypeMoney,
			[]string{"amount|400000 QAR", "amount|50000 QAR"}, []string{"price|400000 QAR"}},
		{"a threshold for approval", "MAINTENANCE CONTRACT\n\n7. Spare parts above OMR 80.000 each require the Client's prior approval.\n", TypeMoney,
			[]string{"amount|80 OMR"}, []string{"price|80 OMR"}},
		{"a liability cap after fee words", "ENGAGEMENT LETTER\n\n7. Our aggregate liability shall not exceed twice the fees paid, and in any case QAR 200,000.\n", TypeMoney,
			[]string{"liability_cap|200000 QAR"}, []string{"fee|200000 QAR"}},
		{"a service named after a tax", "ENGAGEMENT LETTER\n\nService | Fee (QAR)\nZakat and income tax return filing | 12,000\nTotal | 12,000\n", TypeMoney,
			[]string{"price|12000 QAR"}, []string{"tax_amount|12000 QAR"}},
		{"a performance bond row over the contract value (ar)", "إعلان مناقصة\n\nتعلن الشركة عن طرح مناقصة.\n\nالبند | المبلغ (د.ك.)\nضمان حسن التنفيذ (٥٪ من قيمة العقد) | ٤٠٬٠٠٠٫٠٠٠\n", TypeMoney,
			[]string{"performance_bond|40000 KWD"}, []string{"contract_value|40000 KWD"}},
		{"a meal price ceiling (ar)", "طلب تقديم عروض\n\nيلتزم المشغل بتقديم وجبات صحية. ويجب ألا يتجاوز سعر الوجبة الخفيفة ٠٫٤٠٠ ر.ع.\n", TypeMoney,
			[]string{"price|0.4 OMR"}, []string{"amount|0.4 OMR"}},
		{"a budget", "CALL FOR APPLICATIONS\n\nEach grant is up to BHD 10,000.000. The total budget of the programme is BHD 300,000.000.\n", TypeMoney,
			[]string{"amount|300000 BHD"}, []string{"total_amount|300000 BHD"}},
		// what stays
		{"a VAT column stays tax", "TAX INVOICE\n\nItem | Qty | Net (OMR) | VAT (OMR) | Total (OMR)\nPaper | 10 | 100.000 | 5.000 | 105.000\n", TypeMoney,
			[]string{"tax_amount|5 OMR"}, nil},
		{"a licence fee in a contract stays", "LICENCE AGREEMENT\n\nThe Licensee shall pay a participation fee of AED 3,000 for each trade fair.\n", TypeMoney,
			nil, []string{"tender_fee|3000 AED"}},
	})
}

func TestRound15DurationRoles(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a contract period stated plainly", "SERVICES CONTRACT\n\n2.1 The contract period is three (3) years from the start date.\n", TypeDuration,
			[]string{"term|P3Y"}, nil},
		{"works expected to take", "PRE-QUALIFICATION NOTICE\n\nThe works are expected to take fourteen (14) months.\n", TypeDuration,
			[]string{"term|P14M"}, nil},
		{"a list valid for", "CALL FOR EXPRESSIONS OF INTEREST\n\nThe shortlist will remain valid for nine (9) months.\n", TypeDuration,
			[]string{"duration|P9M"}, nil},
		{"a status valid for (ar)", "إعلان تأهيل مسبق\n\nتظل شهادة التأهيل سارية لمدة اثني عشر (١٢) شهراً.\n", TypeDuration,
			[]string{"duration|P12M"}, []string{"term|P12M"}},
		{"a restraint with shall not", "GRANT AGREEMENT\n\nThe grantee shall not lease the funded machines to others for three (3) years after the grant.\n", TypeDuration,
			[]string{"duration|P3Y"}, nil},
		{"a restraint on both (ar)", "مذكرة تفاهم\n\nلا يجوز للطرف الأول ولا للطرف الثاني فتح فرع منافس في المدينة لمدة ثلاث (٣) سنوات من التوقيع.\n", TypeDuration,
			[]string{"duration|P3Y"}, []string{"term|P3Y"}},
		{"no ending before a period (ar)", "اتفاقية اشتراك\n\nلا يجوز للعميل إنهاء الاتفاقية قبل انقضاء ستة (٦) أشهر من بدايتها.\n", TypeDuration,
			[]string{"duration|P6M"}, nil},
		{"a secondment", "TERM SHEET\n\nPartner A shall second a finance manager for the first eighteen (18) months of operation.\n", TypeDuration,
			[]string{"duration|P18M"}, nil},
		{"a guarantee over goods is a warranty (ar)", "إعلان مناقصة\n\nيلتزم المقاول بتقديم ضمان لمدة ثلاث (٣) سنوات على المضخات الموردة.\n", TypeDuration,
			[]string{"warranty_period|P3Y"}, []string{"duration|P3Y"}},
		{"notice before an action", "CHARTER AGREEMENT\n\n5.2 The Owner may inspect the vessel once a year on seven (7) days' notice to the Charterer.\n", TypeDuration,
			[]string{"duration|P7D"}, []string{"notice_period|P7D"}},
		// what stays
		{"notice to end stays", "OFFER OF EMPLOYMENT\n\nEither party may end the employment on one (1) month's written notice.\n", TypeDuration,
			[]string{"notice_period|P1M"}, nil},
		{"a contract's validity stays its term", "SERVICES AGREEMENT\n\nThis Agreement shall remain valid for two (2) years.\n", TypeDuration,
			nil, []string{"duration|P2Y"}},
	})
}

func TestRound15EventDaysAndKeyDates(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"an event's days from one to another", "STAND CONTRACT\n\nThis Contract is made on 2 February 2027.\nThe fair is held at the Oman Convention Centre from 9 to 12 March 2027.\n", TypeDate,
			[]string{"date|2027-03-09", "date|2027-03-12"}, []string{"expiry_date|2027-03-12"}},
		{"an event's days (ar)", "عقد خدمات\n\nتقام الفعالية في مركز المعارض من ٣ إلى ٥ مارس ٢٠٢٧م.\n", TypeDate,
			[]string{"date|2027-03-03", "date|2027-03-05"}, nil},
		{"opening of envelopes row (ar)", "إعلان مناقصة\n\nالحدث | التاريخ\nآخر موعد لتقديم العطاءات | ٢ يونيو ٢٠٢٧\nفض المظاريف | ٣ يونيو ٢٠٢٧\n", TypeDate,
			[]string{"bid_opening_date|2027-06-03"}, []string{"date|2027-06-03"}},
		{"start of operation row (ar)", "طلب تقديم عروض\n\nالحدث | التاريخ\nآخر موعد لتقديم العروض | ٢ يونيو ٢٠٢٧\nبدء التشغيل | ١ سبتمبر ٢٠٢٧\n", TypeDate,
			[]string{"effective_date|2027-09-01"}, nil},
		{"delivery and redelivery of a hired thing", "EQUIPMENT HIRE AGREEMENT\n\nDelivery shall take place at the Sohar yard on 4 April 2027 and redelivery at the same yard on 3 October 2027.\n", TypeDate,
			[]string{"delivery_date|2027-04-04", "expiry_date|2027-10-03"}, nil},
		// a contract's own span keeps its ends
		{"a one-month term keeps its ends", "SERVICES AGREEMENT\n\nThe term of this Agreement is from 1 to 30 June 2027.\n", TypeDate,
			nil, []string{"date|2027-06-30"}},
		{"a full-date span keeps its ends", "LEASE AGREEMENT\n\nThree (3) years from 1 October 2027 to 30 September 2030.\n", TypeDate,
			[]string{"effective_date|2027-10-01", "expiry_date|2030-09-30"}, nil},
	})
}

func TestRound15WrappedPeriod(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a term's unit on the next line", "CONSULTANCY AGREEMENT\n\n1.2 This Agreement starts on 1 March 2027 and ends on 30 November 2027, a term of nine (9)\nmonths.\n", TypeDuration,
			[]string{"term|P9M"}, nil},
		{"a payment window's unit on the next line", "RENTAL AGREEMENT\n\n2.1 Rent is payable monthly. The Lessee shall pay each monthly invoice within fifteen (15)\ndays of its date.\n", TypeDuration,
			[]string{"payment_period|P15D"}, nil},
		{"a payment window's unit on the next line (ar)", "اتفاقية اشتراك\n\nيسدد المشترك الاشتراك الشهري خلال عشرة (١٠)\nأيام من تاريخ الفاتورة.\n", TypeDuration,
			[]string{"payment_period|P10D"}, nil},
		// a number that ends a line before other words is no period
		{"a count before a line of words", "SUPPLY AGREEMENT\n\nThe Supplier shall deliver pumps of model (4)\nyearly as agreed with the Buyer.\n", TypeDuration,
			nil, []string{"term|P4Y"}},
	})
}

func TestRound15OneUnitAR(t *testing.T) {
	for _, c := range []struct{ text, period string }{
		{"عقد حراسة\n\n٤. يلتزم المقاول باستبدال أي حارس متغيب خلال ساعة واحدة (١).\n", "PT1H"},
		{"عقد صيانة\n\nيلتزم المقاول بإصلاح العطل خلال يوم واحد من إبلاغه.\n", "P1D"},
	} {
		if got := deadlinePeriods(t, c.text); !containsStr(got, c.period) {
			t.Errorf("%q: deadline %s missing; got %q", c.text, c.period, got)
		}
	}
}

func TestRound15DiscloseBan(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"a ban on disclosing for a year after (ar)", "اتفاقية تدريب\n\nلا يجوز للمتدرب إفشاء أي معلومات عن العملاء خلال مدة التدريب ولمدة سنة (١) بعد انتهائه.\n", TypeDuration,
			[]string{"confidentiality_period|P1Y"}, []string{"duration|P1Y"}},
	})
}

func TestRound15RequestDate(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"sign and return by a day", "ENGAGEMENT LETTER\n\nWe shall prepare your VAT returns for 2027.\nPlease sign and return a copy of this letter by 15 March 2027 to confirm your acceptance.\n", TypeDate,
			[]string{"date|2027-03-15"}, []string{"delivery_date|2027-03-15"}},
		{"a delivery by a day stays", "PURCHASE ORDER\n\nThe Vendor shall deliver the laptops by 15 March 2027.\n", TypeDate,
			[]string{"delivery_date|2027-03-15"}, nil},
	})
}

// endsLike is a necessary condition for the patterns it spares: where a
// pattern matches, endsLike of its words is true.
func TestEndsLikeBeforePatterns(t *testing.T) {
	for _, c := range []struct {
		re    *regexp.Regexp
		words []string
		line  string
	}{
		{reDateLabelBareCurrencyRows, []string{":", "："}, "Signature: ____ | Date:  "},
		{reDateLabelBareCurrencyRows, []string{":", "："}, "التاريخ："},
		{reDayRangeEnd, []string{"to", "until", "till", "إلى", "الى", "حتى"}, "The show runs FROM 16 TO "},
		{reDayRangeEnd, []string{"to", "until", "till", "إلى", "الى", "حتى"}, "من ٣ إلى "},
		{reOpeningRow, []string{"|", ":"}, "Opening of envelopes | "},
		{reStartRow, []string{"|", ":"}, "بدء التشغيل :"},
		{reRangeEnd, []string{"-", "–", "—", "&ndash;", "to", "إلى", "الى"}, "| Period of insurance 01/10/2027 – "},
	} {
		if !c.re.MatchString(c.line) {
			t.Fatalf("%q: the pattern does not match; the case tests nothing", c.line)
		}
		if !endsLike(c.line, c.words...) {
			t.Errorf("endsLike(%q) = false where %v matches", c.line, c.re)
		}
	}
	if endsLike("due 10 ", "to", "until") || endsLike("x", "to") || !endsLike("Date:\t\n", ":") {
		t.Error("endsLike: wrong answer on a plain case")
	}
}
