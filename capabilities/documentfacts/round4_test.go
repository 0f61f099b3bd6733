package documentfacts

import (
	"slices"
	"testing"
)

// round4Set is round3's fact set, with deadlines (key|value) and
// requirements (category|mandatory) too.
func round4Set(out Output, typ string) []string {
	switch typ {
	case "deadline":
		var s []string
		for _, d := range out.Deadlines {
			s = append(s, d.Key+"|"+d.NormalizedValue)
		}
		return s
	case "requirement":
		var s []string
		for _, r := range out.Requirements {
			m := "optional"
			if r.Mandatory {
				m = "mandatory"
			}
			s = append(s, r.Category+"|"+m)
		}
		return s
	}
	return factSet(out, typ)
}

// checkRound4: in text, the items of typ include every want and none of
// not.
func checkRound4(t *testing.T, cases []round3Case) {
	t.Helper()
	for _, c := range cases {
		got := round4Set(extractText(t, c.text), c.typ)
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

// TestArabicPeriodsInWordsAndDigits: Arabic contracts write a period's
// number in words with its digits in brackets ("ثلاثين (30) يوماً"), a
// dual with its digit ("ساعتين (2)") or the digits in brackets alone;
// each is a time limit of the duty it qualifies (issue 29, fourth round).
func TestArabicPeriodsInWordsAndDigits(t *testing.T) {
	checkRound4(t, []round3Case{
		{"يلتزم المورد بتوريد المواد خلال أربعة عشر (14) يوماً من تاريخ أمر الشراء.",
			"deadline", []string{"delivery_deadline|P14D"}, nil},
		{"يدفع المشتري قيمة كل فاتورة خلال خمسة وأربعين (45) يوماً من تاريخ استلامها.",
			"deadline", []string{"payment_deadline|P45D"}, nil},
		{"يلتزم المقاول بالاستجابة للبلاغات خلال ساعتين (2) من وقت البلاغ.",
			"deadline", []string{"response_deadline|PT2H"}, nil},
		{"يلتزم المستأجر بإخطار المؤجر خلال (10) أيام من وقوع أي ضرر.",
			"deadline", []string{"notice_deadline|P10D"}, nil},
		{"يلتزم المقاول بإصلاح العطل خلال ثمان وأربعين (48) ساعة من الإبلاغ.",
			"deadline", []string{"response_deadline|PT48H"}, nil},
		// A prohibition's period is no deadline.
		{"لا يجوز للموظف العمل لدى منافس خلال ستة (6) أشهر من انتهاء العقد.",
			"deadline", nil, []string{"deadline|P6M"}},
	})
}

// TestArabicDurationRoles: an Arabic period written in words with its
// digits is read with its words (the context before them is the
// clause's); a notice word after the period that follows من / بعد is the
// event it runs from; the noun of notifying before a window (بإخطار ...
// خلال) is a duty to notify, no notice period; a window to notify a
// shortage, damage or a remark on an invoice is a claim period, in
// English too; Arabic cure verbs (يصحح, يعالج) make a cure period; the
// cue is looked for as far back in words as in English (issue 29, fourth
// round).
func TestArabicDurationRoles(t *testing.T) {
	checkRound4(t, []round3Case{
		{"يحق للمالك فسخ العقد إذا لم يعالج المقاول الإخلال خلال عشرين (20) يوماً من تاريخ إخطاره كتابياً.",
			TypeDuration, []string{"cure_period|P20D"}, []string{"notice_period|P20D"}},
		{"يلتزم المستأجر بإخطار المؤجر خطياً خلال اثنتين وسبعين (72) ساعة من وقوع أي حريق.",
			TypeDuration, nil, []string{"notice_period|PT72H"}},
		{"يلتزم المشتري بإبلاغ البائع بأي نقص أو تلف في البضاعة المستلمة في المستودع الرئيسي للمشتري خلال خمسة (5) أيام من الاستلام.",
			TypeDuration, []string{"claim_period|P5D"}, nil},
		{"The Buyer shall report any shortage or damage within three (3) days of unloading.",
			TypeDuration, []string{"claim_period|P3D"}, nil},
		{"Any discrepancy in this statement must be notified to us within ten (10) days of its date.",
			TypeDuration, []string{"claim_period|P10D"}, nil},
		// A notice period stays one: the notice word before it, no window.
		{"يجوز لأي من الطرفين إنهاء العقد بإشعار كتابي مدته تسعون (90) يوماً.",
			TypeDuration, []string{"notice_period|P90D"}, nil},
		{"يتجدد العقد تلقائياً ما لم يخطر أحد الطرفين الآخر قبل ستين (60) يوماً من تاريخ انتهائه.",
			TypeDuration, []string{"notice_period|P60D"}, []string{"renewal_term|P60D"}},
	})
}

// TestDateKeysRound4: a tender's calendar (site visit, last day for
// questions or for buying the documents, bid opening), a commissioning
// date, a table's date under its column's header, an offer's end as its
// validity, "Commencement Date"/"Expiry Date" over the bare "date" in
// them, a memorandum of understanding as an agreement, and numeric dates
// day first in a document that writes its dates day first (issue 29,
// fourth round).
func TestDateKeysRound4(t *testing.T) {
	checkRound4(t, []round3Case{
		{"TENDER No. 4/2027\nSite visit: 3 February 2027\nDeadline for queries: 8 February 2027\nOpening of bids: 22 February 2027",
			TypeDate, []string{"site_visit_date|2027-02-03", "clarification_deadline|2027-02-08", "bid_opening_date|2027-02-22"}, nil},
		{"إعلان مناقصة\nآخر موعد لشراء وثائق المناقصة: 5 مارس 2027\nآخر موعد لتقديم الاستفسارات: 9 مارس 2027\nآخر موعد لتقديم العطاءات: 20 مارس 2027\nفتح العطاءات: 21 مارس 2027",
			TypeDate, []string{"document_purchase_deadline|2027-03-05", "clarification_deadline|2027-03-09", "submission_deadline|2027-03-20", "bid_opening_date|2027-03-21"}, nil},
		{"آخر موعد لتقديم الاستفسارات: 9 مارس 2027",
			"deadline", []string{"clarification_deadline|2027-03-09"}, nil},
		{"Commissioning date: 14 January 2027\nThe plant was handed over after its tests.",
			TypeDate, []string{"commissioning_date|2027-01-14"}, nil},
		{"Equipment | Warranty | Expiry date\nGenerator | 2 years | 14 January 2029\nTransformer | 5 years | 14 January 2032",
			TypeDate, []string{"expiry_date|2029-01-14", "expiry_date|2032-01-14"}, nil},
		// A bare "Date" column names nothing.
		{"Milestone | Date | Amount (USD)\nDesign | 3 March 2027 | 1,000.00",
			TypeDate, nil, []string{"document_date|2027-03-03"}},
		{"عرض سعر\nيسري هذا العرض حتى 15 أبريل 2027.",
			TypeDate, []string{"valid_until|2027-04-15"}, []string{"expiry_date|2027-04-15"}},
		// A contract's end stays its expiry.
		{"عقد إيجار\nيسري هذا العقد حتى 15 أبريل 2028.",
			TypeDate, []string{"expiry_date|2028-04-15"}, nil},
		{"WORKS CONTRACT\nThe Commencement Date is 2 May 2027 and the Expiry Date is 1 May 2029.",
			TypeDate, []string{"effective_date|2027-05-02", "expiry_date|2029-05-01"}, nil},
		{"MEMORANDUM OF UNDERSTANDING\nThis Memorandum is signed in Sohar on 9 June 2027 between Al Batinah Ports LLC and Sohar Freight SAOC.",
			TypeDate, []string{"agreement_date|2027-06-09"}, nil},
		{"فاتورة ضريبية\nتاريخ الفاتورة: 04/03/2027\nتاريخ الاستحقاق: 03/04/2027",
			TypeDate, []string{"invoice_date|2027-03-04", "due_date|2027-04-03"}, nil},
		{"TAX INVOICE\nInvoice date: 04/03/2027\nDelivered on 2 March 2027.",
			TypeDate, []string{"invoice_date|2027-03-04"}, nil},
		// Month first elsewhere in the text: no order is assumed.
		{"INVOICE\nInvoice date: 04/03/2027\nDelivered on March 2, 2027.",
			TypeDate, nil, []string{"invoice_date|2027-03-04"}},
	})
}

// TestMoneyKeysRound4: the later label specification's money keys (a
// liability cap, an insurance cover, a minimum purchase, a tender's fee,
// a service charge), deductions and service credits as penalties, a late
// payment charge per week, a header in two languages keyed by its
// English half, the contract's value, and the Egyptian pound and the
// Jordanian dinar (issue 29, fourth round).
func TestMoneyKeysRound4(t *testing.T) {
	checkRound4(t, []round3Case{
		{"The Contractor's aggregate liability under this Contract shall not exceed USD 400,000.",
			TypeMoney, []string{"liability_cap|400000 USD"}, []string{"total_amount|400000 USD"}},
		{"لا تتجاوز المسؤولية الإجمالية للمقاول بموجب هذا العقد 90,000.000 ر.ع.",
			TypeMoney, []string{"liability_cap|90000 OMR"}, []string{"total_amount|90000 OMR"}},
		{"The Supplier shall carry product liability insurance of not less than QAR 2,000,000.",
			TypeMoney, []string{"insurance_cover|2000000 QAR"}, nil},
		{"The Distributor shall buy Products worth at least USD 250,000 in each contract year.",
			TypeMoney, []string{"minimum_purchase|250000 USD"}, nil},
		{"يلتزم الوكيل بشراء بضائع لا تقل قيمتها عن 60,000.000 ر.ع. سنوياً.",
			TypeMoney, []string{"minimum_purchase|60000 OMR"}, nil},
		// A purchase price is no minimum.
		{"The Buyer shall purchase the vessel for USD 1,200,000.",
			TypeMoney, nil, []string{"minimum_purchase|1200000 USD"}},
		{"Bidders may obtain the tender documents from the portal against a non-refundable fee of OMR 75.000.",
			TypeMoney, []string{"tender_fee|75 OMR"}, nil},
		{"رسوم وثائق المناقصة: 40 ريالاً عمانياً غير مستردة.",
			TypeMoney, []string{"tender_fee|40 OMR"}, nil},
		// Another fee stays a fee.
		{"The Consultant's fee is OMR 9,000.000.",
			TypeMoney, []string{"fee|9000 OMR"}, nil},
		{"Service charges: OMR 95.000 per month, payable with the rent.",
			TypeMoney, []string{"service_charge|95 OMR"}, nil},
		{"Overdue invoices bear a charge of SAR 300.00 per week of delay.",
			TypeMoney, []string{"penalty_amount|300 SAR"}, []string{"fee|300 SAR"}},
		{"Event | Deduction (QAR) / الخصم (ر.ق)\nLate meal service | 400.00",
			TypeMoney, []string{"penalty_amount|400 QAR"}, []string{"discount|400 QAR"}},
		{"The value of this Contract is AED 2,400,000.00, excluding VAT.",
			TypeMoney, []string{"contract_value|2400000 AED"}, nil},
		{"يدفع المستأجر إيجاراً شهرياً قدره ١٢٬٥٠٠ جنيه مصري.",
			TypeMoney, []string{"rent|12500 EGP"}, nil},
		{"The budget is estimated at JOD 30,000.",
			TypeMoney, []string{"amount|30000 JOD"}, nil},
	})
}

// TestEvalScorerOlderMoneyKeys: no corpus folds a narrower money key back
// to the key it refines. The older corpora once scored a minimum purchase
// as "amount"; session 23's decisions 49, 52 and 56 relabelled them with
// the narrower keys, so an "amount" label of a sum extracted as
// minimum_purchase is a miss everywhere, and a minimum_purchase label a
// match. A tender fee labelled "fee" is mapped by a corpus's keyspec.tsv,
// not by the scorer (one match of the first three, not two).
func TestEvalScorerOlderMoneyKeys(t *testing.T) {
	got := []evalGot{{typ: "money", key: "minimum_purchase", val: "100 OMR"}, {typ: "money", key: "tender_fee", val: "50 OMR"},
		{typ: "money", key: "tender_fee", val: "60 OMR"}, {typ: "money", key: "advance_payment", val: "70 OMR"}}
	want := []evalWant{{typ: "money", fields: []string{"amount", "100 OMR"}}, {typ: "money", fields: []string{"fee", "50 OMR"}},
		{typ: "money", fields: []string{"tender_fee", "60 OMR"}}, {typ: "money", fields: []string{"advance_payment", "70 OMR"}}}
	for _, dir := range []string{"testdata/eval", "testdata/dev3", "testdata/tuning", "testdata/heldout", "testdata/dev4"} {
		scores, _, _ := scoreDoc(evalDoc{dir: dir, want: want}, got, false)
		if scores["money"].tp != 2 {
			t.Errorf("%s: money tp %d, want 2", dir, scores["money"].tp)
		}
	}
}
