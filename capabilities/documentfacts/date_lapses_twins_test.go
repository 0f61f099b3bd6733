package documentfacts

import (
	"fmt"
	"strings"
	"testing"
)

// Round 17 of keys (issue 29, session 19): dates by families
// (docs/documents.md, "Issue 29, session 19: round 17, dates by
// families"; date_lapses_twins.go). Each case is a short text written for this test
// and the date keys it must (want) or must not (not) hold; count, when
// set, is how many date facts the value must have (a bilingual date is
// one).

type datesLapsesTwinsCase struct {
	name  string
	text  string
	want  []string
	not   []string
	count map[string]int
}

// datesOpen names the families left open: their cases are logged, not
// failed, and a case that passes while named here fails the test so that
// the list stays true.
var datesOpen = map[string]bool{
	// (Both families were closed in session 20 (c), date_wrapped_line.go.)
}

// keyedErrs says what of want ("key|value" lines) got lacks, what of not
// it holds, and which value of count ("value": facts) it holds a
// different number of times; the keyed table tests of sessions 19 and 20
// share it.
func keyedErrs(got, want, not []string, count map[string]int) []string {
	var errs []string
	for _, w := range want {
		if !containsStr(got, w) {
			errs = append(errs, fmt.Sprintf("%q missing", w))
		}
	}
	for _, n := range not {
		if containsStr(got, n) {
			errs = append(errs, fmt.Sprintf("%q found", n))
		}
	}
	for v, n := range count {
		k := 0
		for _, g := range got {
			if strings.HasSuffix(g, "|"+v) {
				k++
			}
		}
		if k != n {
			errs = append(errs, fmt.Sprintf("%d facts of %s, want %d", k, v, n))
		}
	}
	return errs
}

func runDates(t *testing.T, cases []datesLapsesTwinsCase) {
	t.Helper()
	for _, c := range cases {
		out := extractText(t, c.text)
		got := factSet(out, TypeDate)
		errs := keyedErrs(got, c.want, c.not, c.count)
		switch {
		case datesOpen[c.name] && len(errs) == 0:
			t.Errorf("%s: passes now; take it out of dates19Open", c.name)
		case datesOpen[c.name]:
			t.Logf("open: %s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		case len(errs) > 0:
			t.Errorf("%s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		}
	}
}

// bodyLapsesTwins keeps a date away from the head of the document.
var bodyLapsesTwins = strings.Repeat("The Company shall keep proper books of account.\n", 6)

func TestDates19Families(t *testing.T) {
	runDates(t, []datesLapsesTwinsCase{
		// DV: the day an offer or a letter lapses unless accepted or
		// signed is its validity.
		{name: "DV offer will lapse unless accepted before",
			text: "OFFER OF EMPLOYMENT\n\nDear Ms. Rahma,\n\n" + bodyLapsesTwins + "This offer will lapse unless you accept it in writing before 12 March 2027.\n",
			want: []string{"valid_until|2027-03-12"}, not: []string{"date|2027-03-12"}},
		{name: "DV after which the offer is withdrawn",
			text: "Dear Mr. Salim,\n\n" + bodyLapsesTwins + "Kindly countersign and return this letter by 3 May 2027, after which the offer will be withdrawn.\n",
			want: []string{"valid_until|2027-05-03"}},
		{name: "DV lapses by that date in the next sentence",
			text: "HEADS OF TERMS\n\n" + bodyLapsesTwins + "The parties shall execute the shareholders' agreement no later than 15 July 2027. This memorandum lapses if it is not executed by that date.\n",
			want: []string{"valid_until|2027-07-15"}},
		{name: "DV bilingual letter is one date",
			text: "LETTER OF INTENT / خطاب نوايا\n\n" + bodyLapsesTwins + "This letter shall lapse if the purchase order is not issued before 20 June 2027.\nيعتبر هذا الخطاب لاغياً إذا لم يصدر أمر الشراء قبل ٢٠ يونيو ٢٠٢٧.\n",
			want: []string{"valid_until|2027-06-20"}, count: map[string]int{"2027-06-20": 1}},
		{name: "DV a delivery deadline is no validity",
			text: "SUPPLY AGREEMENT\n\n" + bodyLapsesTwins + "The Supplier shall deliver the pumps no later than 1 April 2027.\n",
			not:  []string{"valid_until|2027-04-01"}},

		// DC: a party's letter, reminder or notice named by its date.
		{name: "DC our reminder of",
			text: "PAYMENT REMINDER\n\nDear Sir,\n\n" + bodyLapsesTwins + "Further to our previous reminder of 3 February 2027, invoice 5521 remains unpaid.\n",
			want: []string{"date|2027-02-03"}, not: []string{"expiry_date|2027-02-03", "issue_date|2027-02-03"}},
		{name: "DC arabic our letter dated",
			text: "السادة شركة الوادي للمقاولات\n\n" + "يلتزم المقاول بإنهاء الأعمال.\n" + "وبالإشارة إلى كتابنا المؤرخ في ٥ أبريل ٢٠٢٧م بشأن التأخير، نود إفادتكم بما يلي.\n",
			want: []string{"date|2027-04-05"}, not: []string{"issue_date|2027-04-05"}},

		// DR: a date after a label is no reference number.
		{name: "DR bilingual order date label",
			text: "PURCHASE ORDER / أمر شراء\n\nPO No. / رقم أمر الشراء: KMS-PO-27-0112\nOrder date / تاريخ أمر الشراء: 23/02/2027\nDelivery date / تاريخ التسليم: 15/03/2027\n",
			want: []string{"issue_date|2027-02-23"}},

		// DD: two days of a month joined by "and".
		{name: "DD two days joined by and",
			text: "CONFERENCE SPONSORSHIP AGREEMENT\n\n" + bodyLapsesTwins + "The Conference will take place on 9 and 10 March 2027 in Muscat.\n",
			want: []string{"date|2027-03-09", "date|2027-03-10"}},
		{name: "DD arabic two days",
			text: "عقد تأجير قاعة\n\n" + "يلتزم المستأجر بإخلاء القاعة.\n" + "تقام الفعالية يومي ١٤ و١٥ أبريل ٢٠٢٧م.\n",
			want: []string{"date|2027-04-14", "date|2027-04-15"}},
		{name: "DD a count before and is no day",
			text: "SUPPLY AGREEMENT\n\n" + bodyLapsesTwins + "Clauses 12 and 3 March 2027 notices apply.\n",
			not:  []string{"date|2027-03-12"}},

		// DS: a span that is not the contract's term.
		{name: "DS damages accruing from a day",
			text: "NOTICE OF DELAY\n\n" + bodyLapsesTwins + "Liquidated damages of OMR 200.000 per day have accrued from 3 May 2027.\n",
			want: []string{"date|2027-05-03"}, not: []string{"effective_date|2027-05-03"}},
		{name: "DS a training course from and to",
			text: "TRAINING AGREEMENT\n\n" + bodyLapsesTwins + "The Trainee shall attend a welding course running from 1 September 2027 to 30 November 2027.\n",
			want: []string{"date|2027-09-01", "date|2027-11-30"}, not: []string{"effective_date|2027-09-01", "expiry_date|2027-11-30"}},
		{name: "DS arabic sale of tender documents row",
			text: "إعلان مناقصة\n\nالبيان | الموعد\nبيع وثائق المناقصة | من ٥ مايو ٢٠٢٧ حتى ٢٠ مايو ٢٠٢٧\n",
			not:  []string{"effective_date|2027-05-05"}},
		{name: "DS the agreement's own term stays",
			text: "SERVICES AGREEMENT\n\n" + bodyLapsesTwins + "This Agreement shall commence on 1 February 2027 and shall expire on 31 January 2029; interest on late payments is charged monthly.\n",
			want: []string{"effective_date|2027-02-01", "expiry_date|2029-01-31"}},

		// DP (open): the day a sum is payable.
		{name: "DP due column of a payment schedule",
			text: "DEED OF ASSIGNMENT\n\n" + bodyLapsesTwins + "| Instalment | Amount (OMR) | Due |\n|---|---|---|\n| On signing | 4,000.000 | 10 May 2027 |\n",
			want: []string{"due_date|2027-05-10"}},
		{name: "DP arabic sum payable by a latest date",
			text: "اتفاقية تسوية\n\n" + "يلتزم الطرف الأول بسداد مبلغ ٢٬٥٠٠ ريال عماني للطرف الثاني في موعد أقصاه ١٥ يونيو ٢٠٢٧م.\n",
			want: []string{"due_date|2027-06-15"}},
		{name: "DP arabic currency abbreviation ends no sentence",
			text: "إشعار مديونية\n\n" + "يلتزم العميل بتسليم المستندات.\n" + "يستحق سداد المبلغ المتبقي البالغ 1,250.500 ر.ع. في موعد أقصاه 20/06/2027.\n",
			want: []string{"due_date|2027-06-20"}},
		{name: "DP a handover by a latest date is no due date",
			text: "عقد إيجار\n\n" + "يلتزم المؤجر بتسليم العين المؤجرة في موعد أقصاه ١ يوليو ٢٠٢٧م.\n",
			not:  []string{"due_date|2027-07-01"}},
	})
}
