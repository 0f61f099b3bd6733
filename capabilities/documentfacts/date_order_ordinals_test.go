package documentfacts

import (
	"strings"
	"testing"
)

// Round 24 of dates (issue 29, session 24): families of date_order_ordinals.go. Each
// case is a short text written for this test and the keys it must (want)
// or must not (not) hold; count, how many date facts a value has.

type datesOrderOrdinalsCase struct {
	name, format, text string
	want, not          []string
	count              map[string]int
}

func checkDates(t *testing.T, typ string, cases []datesOrderOrdinalsCase) {
	t.Helper()
	for _, c := range cases {
		got := factSet(extractAs(t, c.format, c.text), typ)
		if errs := keyedErrs(got, c.want, c.not, c.count); len(errs) > 0 {
			t.Errorf("%s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		}
	}
}

func TestDates24WordDatesSettleOrder(t *testing.T) {
	body := strings.Repeat("The Contractor shall keep the plant in good working order.\n", 3)
	cases := []datesOrderOrdinalsCase{
		// WO: a numeric date whose day and month are both 12 or less is
		// read in the order that makes it a date the text also writes in
		// words.
		{name: "WO gulf contract, month-first words, day-first signatures", text: "MAINTENANCE CONTRACT\n\nThis Contract is made in Doha on May 3, 2026 between the parties.\n" + body +
			"For the Client\nAhmed Saleh\nDate: 03/05/2026\n",
			count: map[string]int{"2026-03-05": 0}, want: []string{"signature_date|2026-05-03"}},
		{name: "WO month-first numbers, month-first words", text: "SERVICE ORDER\n\nThis order is dated October 6, 2026.\n" + body +
			"Accepted by the Vendor on 10/06/2026.\n",
			count: map[string]int{"2026-10-06": 2, "2026-06-10": 0}},
		{name: "WO markdown signing table, day-first words", format: "md", text: "# SUPPLY AGREEMENT\n\nThis Agreement is made on 4 July 2026.\n\n" + body +
			"\n| Party | Signed |\n|---|---|\n| Buyer | 04/07/2026 |\n",
			count: map[string]int{"2026-07-04": 2, "2026-04-07": 0}},
		{name: "WO arabic and english twins", text: "عقد توريد / SUPPLY CONTRACT\n\nأبرم هذا العقد في 9 مارس 2026م.\nThis Contract is made on March 9, 2026.\n" + body +
			"التوقيع: 09/03/2026\n",
			count: map[string]int{"2026-09-03": 0}, want: []string{"signature_date|2026-03-09"}},
		// Near miss: no word date settles it; the number stays unread.
		{name: "WO near miss no matching word date", text: "SERVICE ORDER\n\nThis order is dated April 2, 2026.\n" + body +
			"Accepted by the Vendor on 05/06/2026.\n",
			count: map[string]int{"2026-06-05": 0, "2026-05-06": 0}},
	}
	checkDates(t, TypeDate, cases)
}

func TestDates24ContractMadeBetween(t *testing.T) {
	cases := []datesOrderOrdinalsCase{
		// MB: the contract a letter is about, made between the sides on
		// a day, the parties named between the verb and the date.
		{name: "MB arabic notice, date on the next line", text: "شركة النخيل للمقاولات ذ.م.م\n\nالمرجع: ن م/٢٠٢٦/٤١\nالتاريخ: ٢٠٢٦/٠٥/١٠م\n\nالسادة/ شركة الواحة للتوريدات المحترمين\n\nالموضوع: إخطار بفسخ عقد التوريد\n\nبالإشارة إلى العقد المشار إليه أعلاه المبرم بيننا بصفتنا \"المشتري\" وبينكم بصفتكم \"المورد\" بتاريخ\n٢٠٢٥/٠٩/٠١م، لتوريد مواد البناء، فقد تقرر فسخه.\n",
			want: []string{"agreement_date|2025-09-01"}, not: []string{"date|2025-09-01"}},
		{name: "MB english supply contract entered into between", text: "NOTICE OF DEFAULT\n\nDate: 10 May 2026\n\nWe refer to the supply contract entered into between our companies on 1 September 2025 for the supply of cement.\n",
			want: []string{"agreement_date|2025-09-01"}},
		{name: "MB english agreement signed by and between named sides", text: "LETTER OF CLAIM\n\nDate: 2 June 2026\n\nUnder the maintenance agreement signed by and between Gulf Pipes LLC and Coastal Works SAOG on 3 March 2025, the Contractor was to service the pumps monthly.\n",
			want: []string{"agreement_date|2025-03-03"}},
		{name: "MB arabic agreement signed between our companies", text: "خطاب مطالبة\n\nالتاريخ: ٢ يونيو ٢٠٢٦\n\nاستناداً إلى الاتفاقية الموقعة بين شركتنا وشركتكم في ١٥ يناير ٢٠٢٥ نطالبكم بسداد المبلغ المستحق.\n",
			want: []string{"agreement_date|2025-01-15"}},
		// Near misses: an agreement of its own date; a meeting.
		{name: "MB near miss earlier agreement in an agreement", text: "SERVICES AGREEMENT\n\nThis Agreement is made on 1 May 2026 between Alpha LLC and Beta SAOG.\n\nIt replaces the agreement entered into between the parties on 1 May 2023.\n",
			want: []string{"agreement_date|2026-05-01"}, not: []string{"agreement_date|2023-05-01"}},
		{name: "MB near miss a meeting held between", text: "MINUTES\n\nDate: 4 April 2026\n\nAs agreed in the meeting held between the parties on 3 March 2026, the price is fixed.\n",
			not: []string{"agreement_date|2026-03-03"}},
	}
	checkDates(t, TypeDate, cases)
}

func TestDates24DeliveryBatches(t *testing.T) {
	arBody := strings.Repeat("يلتزم المورد بتوريد المواد المطابقة للمواصفات.\n", 3)
	enBody := strings.Repeat("The Supplier shall pack the goods for sea freight.\n", 3)
	cases := []datesOrderOrdinalsCase{
		// DB: the batches (دفعة, lot, consignment) of a delivery and the
		// day goods arrive are delivery dates, not payments' due dates.
		{name: "DB arabic delivery in two batches", text: "أمر شراء\n\n" + arBody + "التسليم: يتم التسليم على دفعتين إلى مستودع المشتري: الدفعة الأولى في موعد أقصاه 15/02/2026، والدفعة الثانية في موعد أقصاه 15/03/2026.\n",
			want: []string{"delivery_date|2026-02-15", "delivery_date|2026-03-15"}, not: []string{"due_date|2026-02-15", "due_date|2026-03-15"}},
		{name: "DB arabic first batch and the remaining quantities", text: "عقد توريد\n\n" + arBody + "يلتزم الطرف الثاني بتوريد الدفعة الأولى في موعد أقصاه 2026/07/10م، وباقي الكميات على دفعات شهرية حتى 2026/12/20م.\n",
			want: []string{"delivery_date|2026-07-10", "delivery_date|2026-12-20"}, not: []string{"due_date|2026-07-10", "expiry_date|2026-12-20"}},
		{name: "DB english consignments", text: "SUPPLY CONTRACT\n\n" + enBody + "The goods shall be delivered in two consignments, the first consignment by 10 March 2026 and the second consignment by 10 April 2026.\n",
			want: []string{"delivery_date|2026-03-10", "delivery_date|2026-04-10"}},
		{name: "DB english goods arrive, line wrapped", text: "PURCHASE ORDER\n\n" + enBody + "1. Shipment. Goods must be shipped from Hamburg and arrive at Sohar Port\n   by 20/05/2026. Partial shipments are not allowed.\n",
			want: []string{"delivery_date|2026-05-20"}},
		{name: "DW arabic delivery window wrapped over two lines", text: "عقد شراء\n\n" + arBody + "يلتزم البائع بحصاد المحصول وتسليمه إلى مستودع المشتري في الفترة من ١ سبتمبر\n٢٠٢٦م إلى ١٥ أكتوبر ٢٠٢٦م.\n",
			want: []string{"date|2026-09-01", "delivery_date|2026-10-15"}, not: []string{"effective_date|2026-09-01", "expiry_date|2026-10-15"}},
		{name: "DW english delivery during a period", text: "PURCHASE CONTRACT\n\n" + enBody + "The Seller shall deliver the crop to the Buyer's store between 1 September 2026 and 15 October 2026.\n",
			want: []string{"delivery_date|2026-10-15"}, not: []string{"effective_date|2026-09-01", "expiry_date|2026-10-15"}},
		// Near misses: payment instalments; a batch of trainees.
		{name: "DW near miss a lease for a period", text: "LEASE AGREEMENT\n\n" + enBody + "The lease runs for the period from 1 September 2026 to 31 August 2027.\n",
			want: []string{"expiry_date|2027-08-31"}},
		{name: "DB near miss payment instalments", text: "SUPPLY CONTRACT\n\n" + enBody + "The price is payable in two instalments, the first instalment by 15 March 2026 and the second by 15 April 2026.\n",
			not: []string{"delivery_date|2026-03-15"}},
		{name: "DB near miss arabic payment in two batches", text: "عقد توريد\n\n" + arBody + "يسدد المشتري قيمة العقد على دفعتين: الدفعة الأولى في موعد أقصاه 2026/05/01م.\n",
			not: []string{"delivery_date|2026-05-01"}},
	}
	checkDates(t, TypeDate, cases)
}

func TestDates24SplitOverLines(t *testing.T) {
	cases := []datesOrderOrdinalsCase{
		// LS: a date whose day ends one line and whose month and year
		// (or year) open the next (a DOCX paragraph or a PDF line
		// wrapped inside the date).
		{name: "LS docx row, weekday and day, then month year", format: "docx", text: "# Prequalification Questionnaire\nReference: PQ/27/04 | Issue date: 2 March 2027\n" +
			"A3 | Completed questionnaires must be uploaded to the portal by 12:00 noon on Thursday 8\nApril 2027. Late responses will not be considered.\n",
			want: []string{"submission_deadline|2027-04-08"}},
		{name: "LS text, day month then year", text: "REQUEST FOR QUOTATION\n\nDate: 3 May 2027\n\nQuotations shall be submitted to the Procurement Office no later than 24 May\n2027 at 2:00 pm.\n",
			want: []string{"submission_deadline|2027-05-24"}},
		{name: "LS text, month first, then day and year", text: "LEASE AGREEMENT\n\nThis Lease is made on June 2, 2027.\n\nThe lease term commences on July\n1, 2027 and runs for one year.\n",
			want: []string{"effective_date|2027-07-01"}},
		{name: "LS arabic day then month year", text: "دعوة لتقديم العطاءات\n\nالتاريخ: ٢ مارس ٢٠٢٧م\n\nآخر موعد لتقديم العطاءات يوم الخميس ١٥\nأبريل ٢٠٢٧م الساعة الثانية عشرة ظهراً.\n",
			want: []string{"submission_deadline|2027-04-15"}},
		// Near misses: a count or a clause number before a month-year.
		{name: "LS near miss a clause number before a month and year", text: "PROGRESS REPORT\n\nDate: 3 May 2027\n\nWorks completed: 12\nApril 2027 was the busiest month of the project.\n",
			not: []string{"date|2027-04-12", "submission_deadline|2027-04-12"}},
	}
	checkDates(t, TypeDate, cases)
}

func TestDates24LetterOfIntentValidity(t *testing.T) {
	enBody := strings.Repeat("The Buyer intends to purchase the equipment described below.\n", 3)
	cases := []datesOrderOrdinalsCase{
		// LI (decision 44): a letter of intent or an offer letter that
		// asks to be countersigned, returned or accepted by a day: that
		// day is its valid_until, as an offer of employment's is.
		{name: "LI english letter of intent countersign", text: "LETTER OF INTENT\n\nDate: 2 June 2027\n\n" + enBody + "Please countersign and return a copy of this letter by 12 June 2027 to confirm the Seller's agreement.\n",
			want: []string{"valid_until|2027-06-12"}, not: []string{"date|2027-06-12"}},
		{name: "LI arabic letter of intent", text: "خطاب نوايا\n\nالتاريخ: ٢ يونيو ٢٠٢٧م\n\n" + strings.Repeat("يرغب المشتري في شراء المعدات المبينة أدناه.\n", 3) + "يرجى التوقيع على هذا الخطاب وإعادته في موعد أقصاه ١٥ يونيو ٢٠٢٧م.\n",
			want: []string{"valid_until|2027-06-15"}},
		{name: "LI letter of offer for a lease", text: "LETTER OF OFFER\n\nDate: 2 June 2027\n\nWe offer to lease Unit 4 to you on the terms below.\n" + enBody + "Please sign and return a copy of this letter by 20 June 2027.\n",
			want: []string{"valid_until|2027-06-20"}},
		{name: "LI near miss signing the definitive contract", text: "LETTER OF INTENT\n\nDate: 2 June 2027\n\n" + enBody + "The parties intend to sign the definitive purchase contract by 30 June 2027.\n",
			not: []string{"valid_until|2027-06-30"}},
		// Near miss: a reminder asks for a signed confirmation.
		{name: "LI near miss a reminder's confirmation", text: "PAYMENT REMINDER\n\nDate: 2 June 2027\n\n" + enBody + "Please sign and return the attached balance confirmation by 9 June 2027.\n",
			not: []string{"valid_until|2027-06-09"}},
	}
	checkDates(t, TypeDate, cases)
}

func TestDates24OrdinalDays(t *testing.T) {
	cases := []datesOrderOrdinalsCase{
		// OW: a day written as an ordinal word ("the first day of April
		// 2027", "the fifteenth of May, 2027", الأول من أبريل ٢٠٢٧م,
		// "غرة يوليو ٢٠٢٧") is a full date, not a month.
		{name: "OW english first day of", text: "LEASE AGREEMENT\n\nThis Lease is made on 2 March 2027.\n\nThe lease term commences on the first day of April 2027 and ends on 31 March 2028.\n",
			want: []string{"effective_date|2027-04-01"}},
		{name: "OW english twenty-first of", text: "SERVICES AGREEMENT\n\nThe Services shall start on the twenty-first of June, 2027.\n",
			want: []string{"effective_date|2027-06-21"}},
		{name: "OW arabic first of the month", text: "عقد إيجار\n\nحرر هذا العقد بتاريخ ٢ مارس ٢٠٢٧م.\n\nيبدأ العقد في الأول من أبريل ٢٠٢٧م وينتهي في ٣١ مارس ٢٠٢٨م.\n",
			want: []string{"effective_date|2027-04-01"}},
		{name: "OW arabic fifteenth of the month of", text: "عقد خدمات\n\nتسري هذه الاتفاقية اعتباراً من اليوم الخامس عشر من شهر مايو ٢٠٢٧م.\n",
			want: []string{"effective_date|2027-05-15"}},
		{name: "OW arabic ghurrat", text: "عقد خدمات\n\nتسري هذه الاتفاقية اعتباراً من غرة يوليو ٢٠٢٧م.\n",
			want: []string{"effective_date|2027-07-01"}},
		// Near miss: an ordinal that counts something else.
		{name: "OW near miss the first payment of April 2027", text: "SERVICES AGREEMENT\n\nThe first invoice of April 2027 shall be paid in May.\n",
			count: map[string]int{"2027-04-01": 0}},
	}
	checkDates(t, TypeDate, cases)
}
