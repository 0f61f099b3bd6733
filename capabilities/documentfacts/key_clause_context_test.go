package documentfacts

import (
	"strings"
	"testing"
)

// Round 11 (issue 29, session 15): keys by what a date, a sum or a period
// is of (key_clause_context.go; docs/documents.md, "Issue 29, session 15: round 11,
// keys from heldout8"). The sentences are written for these tests, in
// English and Arabic, with negatives: each case names the facts it must
// find (want) and the keyed facts it must not (not).

type clauseContextCase struct {
	name string
	text string
	typ  string
	want []string
	not  []string
}

func runRound(t *testing.T, cases []clauseContextCase) {
	t.Helper()
	for _, c := range cases {
		got := factSet(extractText(t, c.text), c.typ)
		for _, w := range c.want {
			if !containsStr(got, w) {
				t.Errorf("%s: %q missing; got %q", c.name, w, got)
			}
		}
		for _, n := range c.not {
			if containsStr(got, n) {
				t.Errorf("%s: %q found; got %q", c.name, n, got)
			}
		}
	}
}

// filler makes the body long enough that the signing lines stand in the
// document's last part, as they do in a contract.
var filler = strings.Repeat("The Contractor shall keep the site clean and safe at all times.\n", 12)

func TestRound11DateKeys(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"signed for, dash (en)", "SUPPLY AGREEMENT\n\nThis Agreement is made on 4 February 2027 between Qurum Traders LLC and Bidaya Foods SAOC.\n" + filler +
			"\nSigned for the Buyer: Ahmed Said Al Balushi, Director — 9 February 2027\n", TypeDate,
			[]string{"agreement_date|2027-02-04", "signature_date|2027-02-09"}, []string{"date|2027-02-09"}},
		{"for the role, Date: label (en)", "MAINTENANCE CONTRACT\n\nThis Contract is made on 2 March 2027.\n" + filler +
			"\nFor the Client: Mona Al Hinai, Facilities Manager        Date: 6 March 2027\n", TypeDate,
			[]string{"signature_date|2027-03-06"}, []string{"agreement_date|2027-03-06"}},
		{"عن الطرف (ar)", "عقد توريد\n\nحرر هذا العقد بتاريخ 3 مارس 2027 بين شركة الرمال ش.م.م وشركة النخيل للتجارة.\n" + strings.Repeat("يلتزم المورد بتوريد المواد وفق المواصفات المتفق عليها.\n", 12) +
			"\nعن المشتري: سالم علي الكندي، المدير العام — التاريخ: 5 مارس 2027\n", TypeDate,
			[]string{"signature_date|2027-03-05"}, []string{"date|2027-03-05"}},
		{"a date in the body is no signature", "SERVICES AGREEMENT\n\nThis Agreement is made on 2 March 2027.\n" + filler +
			"\nThe Supplier shall deliver the final report — no later than 30 June 2027\n", TypeDate,
			nil, []string{"signature_date|2027-06-30"}},
		{"place and date at the head of an agreement", "LEASE AGREEMENT\nRef. AL/2027/14\nSalalah, 12 January 2027\n\nThe Landlord leases the flat to the Tenant.\n", TypeDate,
			[]string{"agreement_date|2027-01-12"}, []string{"date|2027-01-12", "document_date|2027-01-12"}},
		{"place and date with Hijri (ar)", "عقد خدمات نقل\nصلالة، ١٢ يناير ٢٠٢٧م الموافق ٣ شعبان ١٤٤٨هـ\n\nيلتزم الناقل بنقل البضائع.\n", TypeDate,
			[]string{"agreement_date|2027-01-12"}, []string{"date|2027-01-12"}},
		{"place and date in a letter stays its date", "Sohar, 12 January 2027\n\nDear Sir,\nWe confirm receipt of your order.\n", TypeDate,
			[]string{"document_date|2027-01-12"}, []string{"agreement_date|2027-01-12"}},
		{"a sum due by a date", "LOAN AGREEMENT\n\nThe Borrower shall repay the loan in two instalments: OMR 20,000.000 no later than 30 June 2027 and OMR 20,000.000 no later than 31 December 2027.\n", TypeDate,
			[]string{"due_date|2027-06-30", "due_date|2027-12-31"}, []string{"date|2027-06-30"}},
		{"another action after the sum is no due date", "SERVICES AGREEMENT\n\nThe Contractor shall hold insurance of OMR 100,000.000 and shall send a copy of the policy no later than 15 May 2027.\n", TypeDate,
			nil, []string{"due_date|2027-05-15"}},
		{"completing the works by a date", "CONSTRUCTION CONTRACT\n\nThe Contractor shall complete the Works and hand over the building no later than 30 September 2027.\n", TypeDate,
			[]string{"completion_date|2027-09-30"}, []string{"date|2027-09-30"}},
		{"delivering on a day", "SALE AGREEMENT\n\nThe Seller shall deliver the vehicles at its showroom in Ruwi on 14 April 2027.\n", TypeDate,
			[]string{"delivery_date|2027-04-14"}, []string{"date|2027-04-14"}},
		{"يسلم في موعد أقصاه (ar)", "عقد طباعة\n\nيسلم المطبعة الكتيبات في موعد أقصاه 20/05/2027.\n", TypeDate,
			[]string{"delivery_date|2027-05-20"}, []string{"date|2027-05-20"}},
		{"start on, end on", "SUPPORT AGREEMENT\n\nThe support starts on 1 July 2027 and ends on 30 June 2028.\n", TypeDate,
			[]string{"effective_date|2027-07-01", "expiry_date|2028-06-30"}, []string{"effective_date|2028-06-30"}},
		{"issued at a place on", "CERTIFICATE OF INSURANCE\n\nIssued at Salalah on 2 February 2027\n\nThe goods are insured as stated below.\n", TypeDate,
			[]string{"issue_date|2027-02-02"}, []string{"date|2027-02-02"}},
		{"حرر في عقد (ar)", "عقد إيجار\n\nحرر في مدينة صلالة يوم الأحد الموافق 2027/02/07م بين المؤجر والمستأجر.\n", TypeDate,
			[]string{"agreement_date|2027-02-07"}, []string{"issue_date|2027-02-07"}},
		{"your request dated (ar)", "عرض أسعار\n\nبالإشارة إلى طلبكم المؤرخ في 3 أكتوبر 2027، نقدم لكم عرضنا. يسري هذا العرض حتى 2 نوفمبر 2027.\n", TypeDate,
			[]string{"date|2027-10-03", "valid_until|2027-11-02"}, []string{"expiry_date|2027-10-03", "valid_until|2027-10-03"}},
		{"the first financial year's end", "عقد تأسيس شركة\n\nمدة الشركة عشرون سنة. وتنتهي السنة المالية الأولى في ٣١ ديسمبر ٢٠٢٨م.\n", TypeDate,
			[]string{"date|2028-12-31"}, []string{"expiry_date|2028-12-31"}},
	})
}

func TestRound11MoneyKeys(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"deposit in a sale with a balance", "SALE AGREEMENT\n\nThe Buyer shall pay a deposit of OMR 4,000.000 on signing.\nThe Buyer shall pay the balance of OMR 16,000.000 on delivery.\n", TypeMoney,
			// a part of the price: amount since the key specification's
			// session 16 row (round 14, key_rows_day_ranges.go), advance_payment before
			[]string{"amount|4000 OMR"}, []string{"security_deposit|4000 OMR", "advance_payment|4000 OMR"}},
		{"a lease's deposit stays a security", "TENANCY AGREEMENT\n\nThe Tenant shall pay a deposit of OMR 400.000 on signing. The rent is OMR 400.000 per month; the balance of any arrears is due on exit.\n", TypeMoney,
			[]string{"security_deposit|400 OMR"}, []string{"advance_payment|400 OMR"}},
		{"required liability insurance", "BERTH AGREEMENT\n\nThe Licensee shall insure the vessel against third-party liability for not less than OMR 250,000.000.\n", TypeMoney,
			[]string{"insurance_cover|250000 OMR"}, []string{"liability_cap|250000 OMR"}},
		{"a liability cap stays a cap", "SERVICES AGREEMENT\n\nThe Supplier's total liability under this Agreement shall not exceed OMR 50,000.000.\n", TypeMoney,
			[]string{"liability_cap|50000 OMR"}, []string{"insurance_cover|50000 OMR"}},
		{"sum insured", "CERTIFICATE OF INSURANCE\n\nSum insured: USD 120,000.00\nDeductible: USD 1,000.00 each and every loss\n", TypeMoney,
			[]string{"insurance_cover|120000 USD", "amount|1000 USD"}, []string{"price|1000 USD"}},
		{"a broker's commission (en)", "BROKERAGE AGREEMENT\n\nThe Owner shall pay the Agent a commission of 1.5% of the rent, and not less than AED 12,000, on signing of the lease.\n", TypeMoney,
			[]string{"fee|12000 AED"}, []string{"price|12000 AED"}},
		{"عمولة (ar)", "عقد وساطة\n\nيدفع المالك للوسيط عمولة قدرها 8,000 ريال سعودي عند توقيع عقد البيع.\n", TypeMoney,
			[]string{"fee|8000 SAR"}, []string{"amount|8000 SAR"}},
		{"the rest of the price (ar)", "عقد بيع\n\nيسدد المشتري باقي الثمن وقدره 500,000 ريال سعودي عند نقل الملكية.\n", TypeMoney,
			[]string{"amount|500000 SAR"}, []string{"price|500000 SAR"}},
		{"instalments of X each", "LOAN AGREEMENT\n\nThe Borrower shall repay the loan in four equal instalments of OMR 5,000.000 each.\n", TypeMoney,
			[]string{"amount|5000 OMR"}, []string{"price|5000 OMR"}},
		{"a unit price stays a price", "PURCHASE ORDER\n\nSteel pipes are charged at OMR 12.500 each.\n", TypeMoney,
			[]string{"price|12.5 OMR"}, nil},
		{"a sum kept as compensation (ar)", "عقد بيع\n\nإذا تأخر المشتري عن السداد يحق للبائع الاحتفاظ بمبلغ 20,000 ريال سعودي تعويضاً.\n", TypeMoney,
			[]string{"penalty_amount|20000 SAR"}, []string{"amount|20000 SAR"}},
		{"a contract's total price in a sentence (ar)", "عقد بيع أرض\n\nباع البائع الأرض للمشتري بثمن إجمالي قدره 900,000 ريال سعودي.\n", TypeMoney,
			[]string{"contract_value|900000 SAR"}, []string{"total_amount|900000 SAR"}},
		{"excluding VAT does not name a value", "SERVICES AGREEMENT\n\nThe estimated annual contract value, excluding VAT, is\nAED 240,000.00.\n", TypeMoney,
			[]string{"contract_value|240000 AED"}, []string{"tax_amount|240000 AED"}},
		{"VAT itself stays tax", "TAX INVOICE\n\nVAT at 5%: AED 1,200.00\n", TypeMoney,
			[]string{"tax_amount|1200 AED"}, nil},
	})
}

func TestRound11MoneyTables(t *testing.T) {
	out := extractDocxLines(t, "عقد تأسيس شركة محدودة المسؤولية\nالشريك | عدد الحصص | قيمة الحصص (ر.ع.)\nالشريك الأول | ٦٠٬٠٠٠ | ٦٠٬٠٠٠\nالشريك الثاني | ٤٠٬٠٠٠ | ٤٠٬٠٠٠\n")
	got := factSet(out, TypeMoney)
	for _, n := range []string{"price|60000 OMR", "price|40000 OMR"} {
		if containsStr(got, n) {
			t.Errorf("share table: %q found; got %q", n, got)
		}
	}
	out = extractText(t, "عقد نقل موظفين\n\nالمسار | عدد الحافلات | الأجرة الشهرية (ر.ع.)\nصحار – لوى | ٢ | ٧٠٠٫٠٠٠\nإجمالي الأجرة الشهرية | ٢ | ١٬٤٠٠٫٠٠٠\n")
	got = factSet(out, TypeMoney)
	for _, w := range []string{"price|700 OMR", "total_amount|1400 OMR"} {
		if !containsStr(got, w) {
			t.Errorf("hire table: %q missing; got %q", w, got)
		}
	}
	out = extractText(t, "عقد طباعة\n\nالبند | الكمية | سعر الوحدة (درهم) | المجموع (درهم)\nنشرة المجموعة الشهرية | 1,000 | 3.20 | 3,200.00\n")
	got = factSet(out, TypeMoney)
	if !containsStr(got, "price|3.2 AED") || containsStr(got, "total_amount|3.2 AED") {
		t.Errorf("المجموعة row: want price|3.2 AED; got %q", got)
	}
}

func TestRound11BilingualTwins(t *testing.T) {
	out := extractText(t, "PERFORMANCE TERMS / شروط الأداء\n\nThe Contractor shall provide a performance bond of QAR 45,000.00 within ten (10) days of signing.\nيقدم المقاول ضمان حسن تنفيذ بقيمة ٤٥٬٠٠٠ ريال قطري خلال عشرة (١٠) أيام من التوقيع.\n")
	got := factSet(out, TypeMoney)
	if containsStr(got, "amount|45000 QAR") || !containsStr(got, "performance_bond|45000 QAR") {
		t.Errorf("twins: want both performance_bond; got %q", got)
	}
	// One language, two sums of one amount: no twins.
	out = extractText(t, "SUPPLY AGREEMENT\n\nThe advance payment is OMR 3,000.000. The Supplier shall pay a penalty of OMR 3,000.000 for each late batch.\n")
	got = factSet(out, TypeMoney)
	if !containsStr(got, "advance_payment|3000 OMR") || !containsStr(got, "penalty_amount|3000 OMR") {
		t.Errorf("one language: want both keys kept; got %q", got)
	}
}

func TestRound11DurationKeys(t *testing.T) {
	runRound(t, []clauseContextCase{
		{"counted from payment, another action", "SALE AGREEMENT\n\nThe Seller shall hand over the title deed within ten (10) days after receiving full payment.\n", TypeDuration,
			nil, []string{"payment_period|P10D"}},
		{"a payment window stays", "SUPPLY AGREEMENT\n\nThe Buyer shall pay each invoice within thirty (30) days of receipt.\n", TypeDuration,
			[]string{"payment_period|P30D"}, nil},
		{"counted from a notice (ar)", "عقد صيانة\n\nيستبدل المقاول أي قطعة تالفة خلال خمسة (٥) أيام من إخطار العميل.\n", TypeDuration,
			nil, []string{"notice_period|P5D"}},
		{"a notice to end stays", "SERVICES AGREEMENT\n\nEither party may terminate this Agreement by giving ninety (90) days' written notice.\n", TypeDuration,
			[]string{"notice_period|P90D"}, nil},
		{"notice of resignation stays", "EMPLOYMENT CONTRACT\n\nThe Employee must give at least one (1) month's written notice of resignation.\n", TypeDuration,
			[]string{"notice_period|P1M"}, nil},
		{"a lead time before an event (ar)", "عقد خدمات قانونية\n\nيلتزم المحامي بإخطار الموكل بمواعيد الجلسات قبل خمسة (٥) أيام على الأقل.\n", TypeDuration,
			nil, []string{"notice_period|P5D"}},
		{"a measure of an amount", "TENANCY AGREEMENT\n\nThe Tenant shall pay a deposit equal to three months' rent on signing.\n", TypeDuration,
			nil, []string{"payment_period|P3M"}},
		{"a manager's appointment (ar)", "عقد تأسيس شركة\n\nيعين الشركاء السيد خالد سعيد البوسعيدي مديراً للشركة لمدة خمس (٥) سنوات.\n", TypeDuration,
			[]string{"duration|P5Y"}, []string{"term|P5Y"}},
		{"a non-competition period (ar)", "عقد تأسيس شركة\n\nيلتزم الشريك الثاني بعدم ممارسة أي نشاط منافس لنشاط الشركة ولمدة سنتين بعد خروجه.\n", TypeDuration,
			[]string{"duration|P2Y"}, []string{"term|P2Y"}},
		{"the agreement's own term stays", "AGENCY AGREEMENT\n\nThe Agent is appointed as exclusive agent for a term of two (2) years.\n", TypeDuration,
			[]string{"term|P2Y"}, []string{"duration|P2Y"}},
		{"a sum within a window", "SPONSORSHIP AGREEMENT\n\nThe fee is payable as follows: (a) QAR 80,000.00 within twenty (20) days of signing; (b) the rest on the event day.\n", TypeDuration,
			[]string{"payment_period|P20D"}, nil},
		{"a bond within a window is no payment", "SERVICES CONTRACT\n\nThe Contractor shall provide a performance bond of QAR 12,000.00 within twenty (20) days of signing.\n", TypeDuration,
			nil, []string{"payment_period|P20D"}},
		{"ضمان خلال (ar)", "عقد خدمات\n\nيقدم المقاول ضمان حسن تنفيذ بقيمة ٢٬٠٠٠ ر.ع. خلال عشرين (٢٠) يوماً من التوقيع.\n", TypeDuration,
			nil, []string{"payment_period|P20D"}},
		{"an agreement that takes effect for a year", "SERVICES AGREEMENT\n\nThis Agreement takes effect on 1 May 2027 for two (2) years, and may be renewed by agreement.\n", TypeDuration,
			[]string{"term|P2Y"}, nil},
		{"keeping records (en)", "AGENCY AGREEMENT\n\nThe Agent shall keep copies of all invoices and shipping documents for six (6) years.\n", TypeDuration,
			[]string{"duration|P6Y"}, []string{"term|P6Y"}},
		{"keeping records (ar)", "عقد وكالة\n\nيحتفظ الوكيل بنسخ من جميع الفواتير والمستندات لمدة ست (٦) سنوات.\n", TypeDuration,
			[]string{"duration|P6Y"}, []string{"term|P6Y"}},
		{"keeping information confidential stays", "NON-DISCLOSURE AGREEMENT\n\nEach Party shall keep the other Party's information confidential for three (3) years from disclosure.\n", TypeDuration,
			[]string{"confidentiality_period|P3Y"}, []string{"duration|P3Y"}},
		{"a performance warranty is a warranty", "EPC CONTRACT\n\nThe modules carry a linear performance warranty of thirty (30) years.\n", TypeDuration,
			[]string{"warranty_period|P30Y"}, nil},
		{"a performance guarantee's validity is no warranty", "EPC CONTRACT\n\nThe Contractor shall provide a performance guarantee valid for twelve (12) months.\n", TypeDuration,
			nil, []string{"warranty_period|P12M"}},
		{"a lock-in is no delivery period", "STATEMENT OF WORK\n\nThe Supplier shall not replace its Delivery Lead during the first four (4) months of the services.\n", TypeDuration,
			nil, []string{"delivery_period|P4M"}},
	})
	out := extractText(t, "عقد حفر\n\nالبند | الوحدة | الكمية | السعر (ر.ع.)\nتشغيل المضخة لمدة ٤٨ ساعة | مقطوعية | ١ | ٣٠٠٫٠٠٠\n")
	if got := factSet(out, TypeDuration); len(got) > 0 {
		t.Errorf("a priced row's description: no duration; got %q", got)
	}
}

func TestRound11TwinDates(t *testing.T) {
	out := extractText(t, "LOAN AGREEMENT / اتفاقية قرض\n\nThe Borrower shall repay OMR 10,000.000 no later than 30 June 2027.\nيسدد المقترض القرض كاملاً، ويكون آخر موعد للسداد يوم ٣٠ يونيو ٢٠٢٧م.\n")
	got := factSet(out, TypeDate)
	if containsStr(got, "date|2027-06-30") || !containsStr(got, "due_date|2027-06-30") {
		t.Errorf("twin dates: want both due_date; got %q", got)
	}
}
