package documentfacts

import (
	"strings"
	"testing"
)

// Round 20 of keys (issue 29, session 20): dates by families
// (docs/documents.md, "Issue 29, session 20: dates and money by
// families"; date_work_completion.go). Each case is a short text written for this test
// in a format ("md", "docx", "html" or plain text) and the date keys it
// must (want) or must not (not) hold.

type datesWorkCompletionCase struct {
	name, format, text string
	want, not          []string
}

// checkKeyed checks each case's facts of type typ ("key|value" lines)
// for its want and not lists; the session 20 date and duration families
// share it.
func checkKeyed(t *testing.T, typ string, cases []datesWorkCompletionCase) {
	t.Helper()
	for _, c := range cases {
		got := factSet(extractAs(t, c.format, c.text), typ)
		errs := keyedErrs(got, c.want, c.not, nil)
		if len(errs) > 0 {
			t.Errorf("%s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		}
	}
}

func TestDates20Families(t *testing.T) {
	body := strings.Repeat("The Company shall keep proper books of account.\n", 6)
	cases := []datesWorkCompletionCase{
		// DW: the day the contract's work is to be finished.
		{name: "DW complete a named part of the works by", format: "",
			text: "NOTICE OF DELAY\n\nRef.: BK/26/88\n\n" + body + "Under the subcontract you agreed to complete the facade cladding of Block C by 15 October 2027 for a lump sum.\n",
			want: []string{"completion_date|2027-10-15"}, not: []string{"delivery_date|2027-10-15"}},
		{name: "DW achieve go-live no later than", format: "",
			text: "SOFTWARE IMPLEMENTATION AGREEMENT\n\n" + body + "3.1 The Vendor shall achieve go-live no later than 28 February 2028.\n",
			want: []string{"completion_date|2028-02-28"}, not: []string{"date|2028-02-28"}},
		{name: "DW arabic provisional handover of the works", format: "",
			text: "عقد مقاولة من الباطن\n\n" + strings.Repeat("يلتزم المقاول بتنفيذ الأعمال وفق المخططات.\n", 4) +
				"٣/١ مدة التنفيذ ثمانية أشهر، على أن تسلم الأعمال تسليما ابتدائيا في موعد أقصاه 2028/01/31م.\n",
			want: []string{"completion_date|2028-01-31"}, not: []string{"delivery_date|2028-01-31"}},
		{name: "DW a report to deliver stays a delivery", format: "",
			text: "CONSULTANCY AGREEMENT\n\n" + body + "2.2 The Consultant shall complete and submit the final report by 30 November 2027.\n",
			not:  []string{"completion_date|2027-11-30"}},
		{name: "DW goods to ship stay a delivery", format: "",
			text: "PURCHASE ORDER\n\n" + body + "1. The Seller shall complete the shipment of the goods by 20 May 2027.\n",
			not:  []string{"completion_date|2027-05-20"}},

		// DA: the date an instrument gives itself.
		{name: "DA date of this deed", format: "md",
			text: "# Deed of Release\n\n**Deed No.:** DR/2027/004\n**Date of this Deed:** 9 March 2027\n\n" + body,
			want: []string{"agreement_date|2027-03-09"}, not: []string{"document_date|2027-03-09"}},
		{name: "DA date of this statement of work", format: "md",
			text: "# Statement of Work No. 2\n\n| | |\n|---|---|\n| SOW reference | AB-SOW-02 |\n| Date of this SOW | 4 May 2027 |\n\n" + body,
			want: []string{"agreement_date|2027-05-04"}},
		{name: "DA contract number and date line", format: "",
			text: "NORTH STAR TRAINING INSTITUTE LLC\nAl Khuwair, Muscat\n\nTRAINING SERVICES CONTRACT 2027-2028\nContract No. NST/TR/27/019 - Date: 12 July 2027\n\n" + body,
			want: []string{"agreement_date|2027-07-12"}, not: []string{"document_date|2027-07-12"}},
		{name: "DA a letter's own date stays", format: "",
			text: "Gulf Paints LLC\n\nDate: 3 March 2027\n\nDear Sir,\n\n" + body,
			not:  []string{"agreement_date|2027-03-03"}},

		// DO: another document named by its date.
		{name: "DO a credit note dated", format: "",
			text: "STATEMENT OF ACCOUNT\n\nDate: 1 June 2027\n\n" + body + "Less: Credit Note CN-2027-014 dated 12/05/2027          (310.500)\n",
			want: []string{"date|2027-05-12"}, not: []string{"document_date|2027-05-12"}},
		{name: "DO a replaced version dated", format: "",
			text: "PROCUREMENT POLICY\n\nIssue date: 01/02/2027\n\n" + body + "1.3 This policy replaces Procurement Policy PP-02 version 3.4 dated 10/10/2024.\n",
			want: []string{"date|2024-10-10"}, not: []string{"document_date|2024-10-10"}},
		{name: "DO arabic original invoice dated", format: "",
			text: "إشعار دائن\n\nتاريخ الإشعار: 05/06/2027\n" + strings.Repeat("يلتزم المورد بتسوية الرصيد.\n", 4) + "مرجع الفاتورة الأصلية: INV-2027-0551 بتاريخ 21/05/2027\n",
			want: []string{"invoice_date|2027-05-21"}, not: []string{"date|2027-05-21"}},
	}
	checkKeyed(t, TypeDate, cases)
}
