package documentfacts

import (
	"context"
	"strings"
	"testing"

	"dalil/capabilities/documentfacts/read"
	"dalil/capabilities/documentfacts/testdoc"
)

// extractDocxLines reads lines as a DOCX whose lines with " | " are
// one-row tables and whose "# " lines are headings (the corpora's
// .docx.txt).
func extractDocxLines(t *testing.T, text string) Output {
	t.Helper()
	var ps []testdoc.Para
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "# "):
			ps = append(ps, testdoc.Para{Text: l[2:], Style: "Heading1"})
		case strings.Contains(l, " | "):
			ps = append(ps, testdoc.Para{Table: [][]string{strings.Split(l, " | ")}})
		case l != "":
			ps = append(ps, testdoc.Para{Text: l})
		}
	}
	doc, err := read.Read(context.Background(), testdoc.DOCX(ps, nil), "", "", read.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	out := extractAll(doc, source{kind: "text"}, Input{})
	checkEvidence(t, out)
	return out
}

// Round 8c (issue 29, session 14): keys of money, dates and durations as
// the label guideline (testdata/heldout3/README.md, refined in
// testdata/heldout4/README.md) names them. Each case names the guideline
// line it follows; the sentences and rows are written for these tests.

// TestFeeTableRowsRound8c: "Unit prices and line amounts are `price`"
// (heldout3, Money); "Rows of rate and fee tables are `price` (... monthly
// and annual fees, whose two totals are `total_amount` ...)" (heldout4,
// Money).
func TestFeeTableRowsRound8c(t *testing.T) {
	out := extractText(t, "5. CHARGES\n5.1 The Customer shall pay the following fees:\n\nNo. | Service                           | Fee (QAR)\n1   | Security guarding, per month      | 12,400.000\n2   | CCTV monitoring, per month        | 1,150.500\n    | Total monthly fee                 | 13,550.500\n")
	got := factSet(out, TypeMoney)
	for _, w := range []string{"price|12400 QAR", "price|1150.5 QAR", "total_amount|13550.5 QAR"} {
		if !containsStr(got, w) {
			t.Errorf("fee table (text): %q missing; got %q", w, got)
		}
	}
	for _, n := range []string{"fee|12400 QAR", "fee|1150.5 QAR", "fee|13550.5 QAR"} {
		if containsStr(got, n) {
			t.Errorf("fee table (text): %q found; got %q", n, got)
		}
	}
	out = extractMarkdown(t, "# عقد صيانة المصاعد\n\n| البند | الرسوم الشهرية (ر.ع.) | الرسوم السنوية (ر.ع.) |\n|---|---|---|\n| صيانة المصعد الرئيسي | 310.000 | 3,720.000 |\n| صيانة مصعد الخدمة | 145.250 | 1,743.000 |\n| الإجمالي | 455.250 | 5,463.000 |\n\n"+
		"# Cleaning Services\n\n| Area / المنطقة | Monthly fee (OMR) / الرسوم الشهرية (ر.ع.) | Annual fee (OMR) / الرسوم السنوية (ر.ع.) |\n|---|---|---|\n| Offices / المكاتب | 980.000 | 11,760.000 |\n| Total / الإجمالي | 980.000 | 11,760.000 |\n")
	got = factSet(out, TypeMoney)
	for _, w := range []string{"price|310 OMR", "price|3720 OMR", "price|145.25 OMR", "price|1743 OMR", "total_amount|455.25 OMR", "total_amount|5463 OMR",
		"price|980 OMR", "price|11760 OMR"} {
		if !containsStr(got, w) {
			t.Errorf("fee tables (Arabic, bilingual): %q missing; got %q", w, got)
		}
	}
	for _, n := range []string{"fee|310 OMR", "fee|3720 OMR", "fee|980 OMR"} {
		if containsStr(got, n) {
			t.Errorf("fee tables (Arabic, bilingual): %q found; got %q", n, got)
		}
	}
	// A fee named in a sentence, not a table row, keeps its key.
	checkRound3(t, []round3Case{
		{"The Consultant's lump-sum fee is OMR 48,000.000.", TypeMoney, []string{"fee|48000 OMR"}, []string{"price|48000 OMR"}},
		{"أتعاب الاستشاري مبلغ مقطوع قدره 9,500.000 ر.ع.", TypeMoney, []string{"fee|9500 OMR"}, []string{"price|9500 OMR"}},
	})
}

// TestPenaltiesRound8c: "service credits, deductions and late fees are
// `penalty_amount`" (heldout3, Money); "service credits, liquidated
// damages, deductions for delay and a minimum compensation per breach
// ... are `penalty_amount`" (heldout4, Money). A sum charged per unit of
// delay is no unit price; a sum a party that breaches pays per event, a
// late fee, a sum deducted when a party fails, and the rows of a table of
// deductions per event are penalties.
func TestPenaltiesRound8c(t *testing.T) {
	checkRound3(t, []round3Case{
		// Per unit of delay: a penalty, not a unit price.
		{"If the Supplier fails to deliver on time, it shall pay the Buyer QAR 400.000 for each hour of delay.",
			TypeMoney, []string{"penalty_amount|400 QAR"}, []string{"price|400 QAR"}},
		{"إذا تأخر المورد عن التسليم، يدفع للمشتري 90.000 ر.ع. عن كل ساعة تأخير.",
			TypeMoney, []string{"penalty_amount|90 OMR"}, []string{"price|90 OMR"}},
		// A party that breaches pays per event.
		{"A Party that breaches clause 9 shall pay the other Party USD 15,000 for each customer solicited.",
			TypeMoney, []string{"penalty_amount|15000 USD"}, []string{"amount|15000 USD"}},
		{"إذا أخل أي طرف بالبند 6 يدفع للطرف الآخر مبلغ 5,000.000 ر.ع. عن كل موظف يتم استقطابه.",
			TypeMoney, []string{"penalty_amount|5000 OMR"}, []string{"amount|5000 OMR"}},
		// A late fee.
		{"Unpaid invoices bear a late fee of AED 300.00 per week.",
			TypeMoney, []string{"penalty_amount|300 AED"}, []string{"fee|300 AED"}},
		{"تفرض رسوم تأخير قدرها 20.000 ر.ع. عن كل أسبوع.",
			TypeMoney, []string{"penalty_amount|20 OMR"}, []string{"fee|20 OMR"}},
		// A sum deducted when a party fails.
		{"If the Contractor misses a scheduled visit, OMR 80.000 shall be deducted from the next invoice.",
			TypeMoney, []string{"penalty_amount|80 OMR"}, []string{"price|80 OMR", "discount|80 OMR"}},
		{"إذا تخلف المقاول عن الزيارة المجدولة، يخصم مبلغ 80.000 ر.ع. من الفاتورة التالية.",
			TypeMoney, []string{"penalty_amount|80 OMR"}, []string{"discount|80 OMR"}},
		// Negatives: a discount on a quotation; a price per unit.
		{"A discount of OMR 120.000 is granted on the total.", TypeMoney, []string{"discount|120 OMR"}, []string{"penalty_amount|120 OMR"}},
		{"Additional cleaning is charged at OMR 4.500 per hour.", TypeMoney, []string{"price|4.5 OMR"}, []string{"penalty_amount|4.5 OMR"}},
	})
	// The rows of a table of deductions per event.
	out := extractMarkdown(t, "# الخصومات\n\n| المخالفة | الخصم (ر.ع.) |\n|---|---|\n| التأخر في الحضور، لكل ساعة | 35.000 |\n| عدم تقديم التقرير الشهري، لكل تقرير | 70.000 |\n")
	got := factSet(out, TypeMoney)
	for _, w := range []string{"penalty_amount|35 OMR", "penalty_amount|70 OMR"} {
		if !containsStr(got, w) {
			t.Errorf("deductions table: %q missing; got %q", w, got)
		}
	}
	// A table of discounts is no table of penalties.
	out = extractMarkdown(t, "# عرض سعر\n\n| البند | الخصم (ر.ع.) |\n|---|---|\n| أجهزة التكييف | 120.000 |\n")
	if got := factSet(out, TypeMoney); containsStr(got, "penalty_amount|120 OMR") {
		t.Errorf("discount table: penalty found; got %q", got)
	}
}

// TestClauseRowAfterTableRound8c: a clause written side by side in two
// languages right after a table is a sentence, not a row of that table:
// its sum is keyed by its words ("deductions ... late fees are
// `penalty_amount`", heldout3, Money).
func TestClauseRowAfterTableRound8c(t *testing.T) {
	out := extractDocxLines(t, "# 5. Response times | البند 5: أزمنة الاستجابة\nFault / العطل | Response / الاستجابة | Repair / الإصلاح\nUrgent / عاجل | 2 hours | 8 hours\n5.3 If the Contractor fails to respond within the response time, it shall pay the Client OMR 75.000 for each hour of delay. | 5.3 إذا تأخر المقاول عن الاستجابة خلال زمن الاستجابة، يدفع للعميل 75.000 ر.ع. عن كل ساعة تأخير.")
	got := factSet(out, TypeMoney)
	if !containsStr(got, "penalty_amount|75 OMR") || containsStr(got, "price|75 OMR") {
		t.Errorf("clause row after a table: want penalty_amount|75 OMR and no price; got %q", got)
	}
}

// TestSignaturePlaceDateRound8c: "Date keys used: `agreement_date`,
// `effective_date`, `expiry_date`, `signature_date` (one per distinct
// value) ..." (heldout3, Dates): a place and a date under a party's
// signature is the date it signed.
func TestSignaturePlaceDateRound8c(t *testing.T) {
	checkRound3(t, []round3Case{
		{"DISTRIBUTION AGREEMENT\nThis Agreement is dated 2 June 2026.\n1. The Distributor shall promote the Products.\nFor the Supplier\nLa Plana Foods S.A.\nMarta Ruiz, Export Director\nValencia, 3 June 2026\nFor the Distributor\nGulf Pantry Trading LLC\nSaid Al Hinai, General Manager\nMuscat, 9 June 2026",
			TypeDate, []string{"signature_date|2026-06-03", "signature_date|2026-06-09"}, []string{"date|2026-06-03", "date|2026-06-09"}},
		{"اتفاقية توريد\n1. يلتزم المورد بتوريد البضاعة.\nعن المورد | عن المشتري\nخالد الحارثي | سالم البلوشي\nصحار، 14 أبريل 2026 | مسقط، 16 أبريل 2026",
			TypeDate, []string{"signature_date|2026-04-14", "signature_date|2026-04-16"}, []string{"date|2026-04-14", "date|2026-04-16"}},
		// "For the Landlord / عن المؤجر:" opens the signatures: the bare
		// "Date:" under them is the date of signing, kept beside an
		// agreement date of the same day (one date, two meanings).
		{"SHOP LEASE AGREEMENT / عقد إيجار محل\nThis Lease is made on 3 February 2026.\n1. The Tenant shall pay the rent monthly.\nFor the Landlord / عن المؤجر:\nHamad Al Rawahi / حمد الرواحي\nFor the Tenant / عن المستأجر:\nAnil Kumar / أنيل كومار\nDate / التاريخ: 03/02/2026",
			TypeDate, []string{"agreement_date|2026-02-03", "signature_date|2026-02-03"}, nil},
		// Outside the signatures a place and a date heads a letter: no
		// signature date.
		{"Muscat, 4 May 2026\nDear Sir,\nWe confirm your order.", TypeDate, nil, []string{"signature_date|2026-05-04"}},
	})
}

// TestGraceBeforeDefaultRound8c: "Not deadlines: ... cure periods and
// grace periods in termination conditions" (heldout3, Deadlines): the time
// a late payer has before the other party may terminate or call the whole
// balance due is keyed with the cure periods, `cure_period`; a grace
// before a late fee stays a `duration`.
func TestGraceBeforeDefaultRound8c(t *testing.T) {
	checkRound3(t, []round3Case{
		{"7.2 If the Buyer fails to pay any invoice within twenty-one (21) days of its due date, the Seller may terminate this Agreement by written notice.",
			TypeDuration, []string{"cure_period|P21D"}, []string{"payment_period|P21D"}},
		// Wrapped over two lines of plain text.
		{"7.2 If the Buyer fails to pay any invoice within twenty-one (21) days of its due date, the Seller may\nterminate this Agreement by written notice.",
			TypeDuration, []string{"cure_period|P21D"}, []string{"payment_period|P21D"}},
		{"The Owner may terminate the Contract at once if the Hirer fails to pay any sum within twelve (12) days after a written reminder.",
			TypeDuration, []string{"cure_period|P12D"}, []string{"payment_period|P12D"}},
		{"8.3 The Owner may terminate the Contract at once if the Hirer fails to pay any sum within\ntwelve (12) days after a written reminder.",
			TypeDuration, []string{"cure_period|P12D"}, []string{"payment_period|P12D"}},
		{"3.4 If an instalment is not paid within seven (7) days after its due date, the entire outstanding balance becomes immediately due.",
			TypeDuration, []string{"cure_period|P7D"}, []string{"payment_period|P7D", "duration|P7D"}},
		{"إذا تأخر المشتري في سداد أي فاتورة مدة تزيد على عشرين (20) يوما من تاريخ استحقاقها، يحق للبائع فسخ العقد بعد إنذاره.",
			TypeDuration, []string{"cure_period|P20D"}, []string{"duration|P20D"}},
		{"يحق للمؤجر إنهاء العقد إذا تأخر المستأجر في سداد الأجرة ولم يسددها خلال خمسة وعشرين (25) يوما من إنذاره كتابيا.",
			TypeDuration, []string{"cure_period|P25D"}, []string{"payment_period|P25D"}},
		// Negatives: a payment window; a grace before a late fee.
		{"The Buyer shall pay each invoice within thirty (30) days of receipt.", TypeDuration, []string{"payment_period|P30D"}, []string{"cure_period|P30D"}},
		{"في حال تأخر المستأجر عن سداد الأجرة أكثر من عشرة (10) أيام، يدفع غرامة تأخير قدرها 20.000 ر.ع. عن كل أسبوع.",
			TypeDuration, []string{"duration|P10D"}, []string{"cure_period|P10D"}},
	})
}

// TestPaymentWindowsRound8c: "Payment windows for an advance (...) are
// `payment_period` like the other payment windows" (heldout4,
// Durations): a window counted from an invoice, a balance paid after an
// amount in a currency written with dots (د.ك.), an advance paid against
// a bank guarantee (the guarantee is no warranty).
func TestPaymentWindowsRound8c(t *testing.T) {
	checkRound3(t, []round3Case{
		{"Payment terms: 30% advance, 60% on delivery and 10% on installation, each within forty-five (45) days of invoice.",
			TypeDuration, []string{"payment_period|P45D"}, []string{"delivery_period|P45D"}},
		{"يسدد الرصيد البالغ 12,300.000 د.ك. خلال ستين (60) يوماً من تاريخ محضر الاستلام.",
			TypeDuration, []string{"payment_period|P60D"}, nil},
		{"يدفع المالك للمقاول دفعة مقدمة قدرها 15% من قيمة العقد مقابل ضمان بنكي بنفس القيمة، خلال عشرين (20) يوما من توقيع العقد.",
			TypeDuration, []string{"payment_period|P20D"}, []string{"warranty_period|P20D"}},
		{"The Employer shall pay the advance payment against an advance payment guarantee within twenty-one (21) days of signing.",
			TypeDuration, []string{"payment_period|P21D"}, []string{"warranty_period|P21D"}},
		{"يصرف المالك للمقاول دفعة مقدمة قدرها 10% من قيمة العقد مقابل ضمان بنكي بنفس القيمة، خلال ثلاثين (30) يوما من توقيع العقد.",
			TypeDuration, []string{"payment_period|P30D"}, []string{"warranty_period|P30D"}},
		// Returning a bank guarantee within a time: no warranty.
		{"يلتزم المالك بإعادة الضمان البنكي لحسن التنفيذ بقيمة 3,000.000 ر.ع. إلى المقاول خلال عشرة (10) أيام.",
			TypeDuration, nil, []string{"warranty_period|P10D"}},
		// Negatives: a warranty stays a warranty; a delivery window a
		// delivery period.
		{"يضمن المقاول الأعمال لمدة اثني عشر (12) شهرا من تاريخ الاستلام.", TypeDuration, []string{"warranty_period|P12M"}, []string{"payment_period|P12M"}},
		{"The Supplier shall deliver the goods within thirty (30) days of the order.", TypeDuration, nil, []string{"payment_period|P30D", "delivery_period|P30D"}}, // session 16 key specification (round 14): a time limit is a deadline only
	})
}

// TestRentTableRound8c: the money keys of heldout3 include "`rent`,
// `security_deposit`, `service_charge`" (heldout3, Money): a rent table's
// column of monthly equivalents, which names no kind itself, is rent as
// its annual column is.
func TestRentTableRound8c(t *testing.T) {
	out := extractText(t, "SHOP LEASE AGREEMENT\n3. RENT\nYear / السنة | Annual rent (OMR) / الأجرة السنوية (ر.ع.) | Monthly equivalent (OMR) / ما يعادلها شهريا (ر.ع.)\n1            | 14,400.000                               | 1,200.000\n2            | 15,120.000                               | 1,260.000\n")
	got := factSet(out, TypeMoney)
	for _, w := range []string{"rent|14400 OMR", "rent|1200 OMR", "rent|15120 OMR", "rent|1260 OMR"} {
		if !containsStr(got, w) {
			t.Errorf("rent table: %q missing; got %q", w, got)
		}
	}
	out = extractMarkdown(t, "# عقد إيجار\n\n| السنة | الأجرة السنوية (ر.ع.) | القسط الشهري (ر.ع.) |\n|---|---|---|\n| الأولى | 6,000.000 | 500.000 |\n")
	got = factSet(out, TypeMoney)
	for _, w := range []string{"rent|6000 OMR", "rent|500 OMR"} {
		if !containsStr(got, w) {
			t.Errorf("rent table (Arabic): %q missing; got %q", w, got)
		}
	}
	// A price table beside no rent column keeps its line prices.
	out = extractMarkdown(t, "# Quotation\n\n| Item | Unit price (OMR) | Amount (OMR) |\n|---|---|---|\n| Chair | 45.000 | 450.000 |\n")
	if got := factSet(out, TypeMoney); containsStr(got, "rent|45 OMR") || !containsStr(got, "price|45 OMR") {
		t.Errorf("price table: %q", got)
	}
}

// TestWarrantyWordsRound8c: "A Defects Liability Period (03) is a
// `warranty_period`" (heldout4, Durations), as a warranty's length is:
// يكفل (guarantees goods against defects) names a warranty as يضمن does;
// "فترة الضمان" that a final bond outlasts is the warranty period, not
// the bond's validity (the bond's own "ساري لمدة" stays a duration).
func TestWarrantyWordsRound8c(t *testing.T) {
	checkRound3(t, []round3Case{
		{"يكفل البائع الأجهزة ضد عيوب الصناعة لمدة ثلاث (3) سنوات من تاريخ التسليم.",
			TypeDuration, []string{"warranty_period|P3Y"}, []string{"term|P3Y"}},
		{"يقدم المقاول ضمانا نهائيا بنسبة 5% من قيمة العقد ويظل ساريا حتى انتهاء فترة الضمان البالغة أربعة وعشرين (24) شهرا من تاريخ الاستلام.",
			TypeDuration, []string{"warranty_period|P24M"}, []string{"duration|P24M"}},
		{"يقدم مع العطاء ضمان مصرفي مؤقت ساري المفعول لمدة مائة وعشرين (120) يوما من تاريخ فتح المظاريف.",
			TypeDuration, []string{"duration|P120D"}, []string{"warranty_period|P120D"}},
	})
}

// TestRestraintsAndLeaveRound8c: "`duration` is used for ... annual
// leave, ... a non-solicitation period" (heldout3, Durations); "annual
// leave (05, 17), non-competition (02, 05), non-solicitation (13)"
// (heldout4, Durations): the length of a restraint opening its sentence,
// and a leave named after its length.
func TestRestraintsAndLeaveRound8c(t *testing.T) {
	checkRound3(t, []round3Case{
		{"For eighteen (18) months after the end of the project, neither Party shall solicit for\nemployment any staff of the other Party.",
			TypeDuration, []string{"duration|P18M"}, nil},
		{"For a period of nine (9) months from the date of this Letter of Intent, neither Party shall negotiate with any third party on a similar venture.",
			TypeDuration, []string{"duration|P9M"}, []string{"term|P9M"}},
		{"For two (2) years after leaving the Company, the Employee shall not work for a competing firm in Oman.",
			TypeDuration, []string{"duration|P2Y"}, nil},
		{"لمدة تسعة (9) أشهر من تاريخ هذه المذكرة، لا يجوز لأي من الطرفين التفاوض مع أي طرف ثالث بشأن مشروع مماثل.",
			TypeDuration, []string{"duration|P9M"}, []string{"term|P9M"}},
		{"The Employee is entitled to twenty-five (25) working days of paid annual leave each year.",
			TypeDuration, []string{"duration|P25D"}, nil},
		{"يستحق الموظف ثلاثين (30) يوما إجازة سنوية مدفوعة الأجر.",
			TypeDuration, []string{"duration|P30D"}, nil},
		// Negatives: a contract's term; a term beside a clause that
		// restrains nothing.
		{"This Agreement is for a period of two (2) years from the Effective Date.", TypeDuration, []string{"term|P2Y"}, []string{"duration|P2Y"}},
		{"For a period of three (3) years from signature, the Supplier shall supply the goods.", TypeDuration, nil, []string{"duration|P3Y"}},
	})
}

// TestServiceChargeRound8c: the money keys "`rent`, `security_deposit`,
// `service_charge`" (heldout3, Money): رسوم خدمات without the article is
// a service charge as رسوم الخدمات is, not a fee.
func TestServiceChargeRound8c(t *testing.T) {
	checkRound3(t, []round3Case{
		{"يدفع المستأجر رسوم خدمات سنوية قدرها 640.000 ر.ع. مقابل النظافة والحراسة.",
			TypeMoney, []string{"service_charge|640 OMR"}, []string{"fee|640 OMR"}},
		{"٤. يدفع المستأجر رسوم خدمة شهرية قدرها ٣٥٫٠٠٠ ر.ع.",
			TypeMoney, []string{"service_charge|35 OMR"}, []string{"fee|35 OMR"}},
		// A fee for a service that is no service charge keeps its key.
		{"رسوم التسجيل 25.000 ر.ع.", TypeMoney, []string{"fee|25 OMR"}, []string{"service_charge|25 OMR"}},
	})
}

// TestValidityPeriodsRound8c: "`duration` is used for ... the validity
// of a quotation, a bid or a bid bond" (heldout3, Durations); "the
// validity of a performance bond (03) and of a bid bond and a bid (12)"
// (heldout4, Durations): plural offers ("Quotations shall remain valid",
// "Applications ...") and a bid bond named in a money line.
func TestValidityPeriodsRound8c(t *testing.T) {
	checkRound3(t, []round3Case{
		{"Quotations shall remain valid for sixty (60) days from the closing date.", TypeDuration, []string{"duration|P60D"}, nil},
		{"Bids shall remain valid for one hundred (100) days after the submission deadline.", TypeDuration, []string{"duration|P100D"}, nil},
		{"Applications shall remain valid for one hundred fifty (150) days after the closing date.", TypeDuration, []string{"duration|P150D"}, nil},
		{"- A bid bond of OMR 1,500.000, valid for one hundred twenty (120) days from the closing date.", TypeDuration, []string{"duration|P120D"}, nil},
		{"تظل العطاءات سارية لمدة تسعين (90) يوما من تاريخ الإغلاق.", TypeDuration, []string{"duration|P90D"}, nil},
		// A licence valid for a term is no offer's validity.
		{"The Licensee's permit is valid for two (2) years.", TypeDuration, nil, []string{"duration|P2Y"}},
	})
}
