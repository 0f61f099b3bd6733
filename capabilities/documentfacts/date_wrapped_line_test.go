package documentfacts

import (
	"strings"
	"testing"
)

// Session 20 (c) of issue 29 (date_wrapped_line.go): a date that starts a wrapped
// line keeps the preposition that ends the line before it, and a bare
// span word ("to", إلى) names an expiry only right before its date. Each
// case is a text written for this test and the date keys it must (want)
// or must not (not) hold.
func TestDates20cWrappedLine(t *testing.T) {
	checkKeyed(t, TypeDate, datesWrapped)
}

// Arabic day pairs whose second day has "و" joined to it ("١٧ و١٨
// نوفمبر ٢٠٢٦"): both days are dates.
func TestDates20cDayPairs(t *testing.T) {
	bodyAR := strings.Repeat("يلتزم الطرف الثاني بمسك دفاتر حسابات منتظمة.\n", 6)
	checkKeyed(t, TypeDate, []datesWorkCompletionCase{
		{name: "arabic digits joined and", format: "",
			text: "دعوة\n\n" + bodyAR + "تعقد الدورة التدريبية يومي ١٧ و١٨ نوفمبر ٢٠٢٦ في مسقط.\n",
			want: []string{"date|2026-11-17", "date|2026-11-18"}},
		{name: "ascii digits joined and", format: "",
			text: "دعوة\n\n" + bodyAR + "يعقد المعرض يومي 3 و4 مارس 2027 في صلالة.\n",
			want: []string{"date|2027-03-03", "date|2027-03-04"}},
		{name: "a full date joined by and", format: "",
			text: "محضر اجتماع\n\n" + bodyAR + "عقد الاجتماع الأول في ٢ مايو ٢٠٢٧ والثاني في ٩ مايو ٢٠٢٧ و١٦ مايو ٢٠٢٧.\n",
			want: []string{"date|2027-05-02", "date|2027-05-09", "date|2027-05-16"}},
		{name: "no pair when the first day is later", format: "",
			text: "دعوة\n\n" + bodyAR + "البند ٢٠ و١٨ نوفمبر ٢٠٢٦ موعد الزيارة.\n",
			want: []string{"date|2026-11-18"}, not: []string{"date|2026-11-20"}},
	})
}

var datesWrapped = func() []datesWorkCompletionCase {
	body := strings.Repeat("The Company shall keep proper books of account.\n", 6)
	bodyAR := strings.Repeat("يلتزم الطرف الثاني بمسك دفاتر حسابات منتظمة.\n", 6)
	cases := []datesWorkCompletionCase{
		{name: "deadline wrapped after a span word", format: "",
			text: "PURCHASE ORDER\n\n" + body + "2. The Supplier shall deliver the trucks to the quarry no later than\n1 August 2026.\n",
			want: []string{"delivery_date|2026-08-01"}, not: []string{"expiry_date|2026-08-01"}},
		{name: "deadline on one line after a span word", format: "",
			text: "PURCHASE ORDER\n\n" + body + "2. The Supplier shall deliver the pumps to the site no later than 3 August 2026.\n",
			want: []string{"delivery_date|2026-08-03"}, not: []string{"expiry_date|2026-08-03"}},
		{name: "payment wrapped after on or before", format: "",
			text: "SERVICES AGREEMENT\n\n" + body + "5. The Customer shall pay the balance to the Supplier's account on or before\n30 September 2026.\n",
			want: []string{"due_date|2026-09-30"}, not: []string{"expiry_date|2026-09-30"}},
		{name: "a far to before a plain date", format: "",
			text: "SITE VISIT NOTE\n\n" + body + "The team travelled to the plant at Sohar on 14 June 2026 with the surveyor.\n",
			not:  []string{"expiry_date|2026-06-14"}},
		{name: "span end on one line", format: "",
			text: "LEASE AGREEMENT\n\n" + body + "2. The lease runs from 1 May 2026 to 30 April 2027.\n",
			want: []string{"effective_date|2026-05-01", "expiry_date|2027-04-30"}},
		{name: "span end wrapped after to", format: "",
			text: "LEASE AGREEMENT\n\n" + body + "2. The lease of the warehouse runs from 1 May 2026 to\n30 April 2027.\n",
			want: []string{"effective_date|2026-05-01", "expiry_date|2027-04-30"}, not: []string{"effective_date|2027-04-30"}},
		{name: "valid to", format: "",
			text: "TRADE LICENCE RENEWAL\n\n" + body + "The licence is valid to 31 December 2027.\n",
			not:  []string{"effective_date|2027-12-31", "date|2027-12-31"}},
		{name: "up to and including", format: "",
			text: "HIRE AGREEMENT\n\n" + body + "The hire period runs from 1 March 2027 up to and including 31 March 2027.\n",
			want: []string{"expiry_date|2027-03-31"}},
		{name: "arabic span end", format: "",
			text: "عقد إيجار\n\n" + bodyAR + "مدة العقد سنة تبدأ من ١ مايو ٢٠٢٦ إلى ٣٠ أبريل ٢٠٢٧.\n",
			want: []string{"expiry_date|2027-04-30"}},
		{name: "arabic far ila before a plain date", format: "",
			text: "محضر زيارة\n\n" + bodyAR + "توجه الفريق إلى موقع المشروع في صحار يوم ١٤ يونيو ٢٠٢٦ مع المساح.\n",
			not:  []string{"expiry_date|2026-06-14"}},
		{name: "arabic deadline wrapped after a span word", format: "",
			text: "أمر شراء\n\n" + bodyAR + "يلتزم المورد بتوريد الشاحنات إلى المحجر في موعد أقصاه\n١ أغسطس ٢٠٢٦.\n",
			want: []string{"delivery_date|2026-08-01"}, not: []string{"expiry_date|2026-08-01"}},

		// Information delivered is no goods: a plain date.
		{name: "artwork delivered wrapped", format: "",
			text: "SPONSORSHIP AGREEMENT\n\n" + body + "4.1 The Sponsor shall deliver its logo artwork and speaker details no later than\n10 October 2026.\n",
			want: []string{"date|2026-10-10"}, not: []string{"delivery_date|2026-10-10"}},
		{name: "attendee data on one line", format: "",
			text: "EVENT SERVICES AGREEMENT\n\n" + body + "3. The Organiser shall deliver the attendee data no later than 2 November 2026.\n",
			want: []string{"date|2026-11-02"}, not: []string{"delivery_date|2026-11-02"}},
		{name: "goods delivered stay a delivery", format: "",
			text: "PURCHASE ORDER\n\n" + body + "3. The Supplier shall deliver the data loggers no later than 2 November 2026.\n",
			want: []string{"delivery_date|2026-11-02"}},
		{name: "arabic information delivered", format: "",
			text: "اتفاقية رعاية\n\n" + bodyAR + "يلتزم الراعي بتسليم الشعار وبيانات المتحدثين في موعد أقصاه ١٠ أكتوبر ٢٠٢٦.\n",
			want: []string{"date|2026-10-10"}, not: []string{"delivery_date|2026-10-10"}},
	}
	return cases
}()

// A "Due" column of a table of instalments or payments: each row's date
// is its due_date; a "Due" column of deliverables is not.
func TestDates20cDueColumn(t *testing.T) {
	body := strings.Repeat("The Company shall keep proper books of account.\n", 6)
	bodyAR := strings.Repeat("يلتزم الطرف الثاني بمسك دفاتر حسابات منتظمة.\n", 6)
	checkKeyed(t, TypeDate, []datesWorkCompletionCase{
		{name: "instalments due last column", format: "md",
			text: "# Sale Agreement\n\n" + body + "\nPayment schedule:\n\n| Instalment | Amount (OMR) | Due |\n|---|---|---|\n| First | 10,000.000 | 1 March 2027 |\n| Second | 10,000.000 | 1 June 2027 |\n",
			want: []string{"due_date|2027-03-01", "due_date|2027-06-01"}, not: []string{"date|2027-03-01"}},
		{name: "milestones due middle column", format: "md",
			text: "# Services Agreement\n\n" + body + "\n| Milestone | Due | Payment % |\n|---|---|---|\n| Design approval | 15/04/2027 | 30% |\n| Final acceptance | 30/09/2027 | 70% |\n",
			want: []string{"due_date|2027-04-15", "due_date|2027-09-30"}},
		{name: "arabic instalments due column", format: "md",
			text: "# عقد بيع\n\n" + bodyAR + "\n| القسط | المبلغ (ر.ع.) | الاستحقاق |\n|---|---|---|\n| الأول | 5,000.000 | 01/02/2027 |\n| الثاني | 5,000.000 | 01/05/2027 |\n",
			want: []string{"due_date|2027-02-01", "due_date|2027-05-01"}},
		{name: "plain text table with outer bars", format: "",
			text: "DEED OF ASSIGNMENT\n\n" + body + "| Instalment | Amount (OMR) | Due |\n|---|---|---|\n| Balance | 6,500.000 | 12 August 2027 |\n",
			want: []string{"due_date|2027-08-12"}},
		{name: "deliverables due stay", format: "md",
			text: "# Consultancy Agreement\n\n" + body + "\n| Deliverable | Due |\n|---|---|\n| Inception report | 10 January 2027 |\n| Final report | 30 June 2027 |\n",
			not:  []string{"due_date|2027-01-10", "due_date|2027-06-30"}},
		{name: "a plain date column of payments stays", format: "md",
			text: "# Statement of Account\n\n" + body + "\n| Date | Payment | Amount (OMR) |\n|---|---|---|\n| 03/02/2027 | Cheque 1182 | 2,000.000 |\n",
			not:  []string{"due_date|2027-02-03"}},
	})
}
