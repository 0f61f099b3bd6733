package documentfacts

import (
	"strings"
	"testing"
)

// Round 20 of keys (issue 29, session 20): money by families
// (docs/documents.md, "Issue 29, session 20: dates and money by
// families"; money_due_tables.go). Each case is a short text written for this test
// in a format ("md", "docx", "html" or plain text) and the money keys it
// must (want) or must not (not) hold; count, when set, is how many money
// facts the value must have.

type dueTablesMoneyCase struct {
	name, format, text string
	want, not          []string
	count              map[string]int
}

func runMoney(t *testing.T, cases []dueTablesMoneyCase) {
	t.Helper()
	for _, c := range cases {
		got := factSet(extractAs(t, c.format, c.text), TypeMoney)
		errs := keyedErrs(got, c.want, c.not, c.count)
		if len(errs) > 0 {
			t.Errorf("%s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		}
	}
}

func TestMoney20Families(t *testing.T) {
	runMoney(t, []dueTablesMoneyCase{
		// MT: a table with a due-date column lists sums falling due.
		{name: "MT statement of overdue invoices", format: "md",
			text: "**Gulf Paints LLC**\n\nRef.: GP/AR/26/044\nDate: 3 March 2027\n\n# Statement of account\n\n" +
				"The following invoices on your account are overdue:\n\n" +
				"| Invoice No. | Invoice date | Due date | Amount (QAR) |\n|---|---|---|---|\n" +
				"| GP-27-0101 | 05/01/2027 | 04/02/2027 | 12,400.00 |\n" +
				"| GP-27-0133 | 19/01/2027 | 18/02/2027 | 8,250.00 |\n" +
				"| **Total overdue** | | | **20,650.00** |\n\n" +
				"Please settle the overdue balance of QAR 20,650.00 within seven (7) days.\n",
			want:  []string{"amount|12400 QAR", "amount|8250 QAR", "total_amount|20650 QAR"},
			not:   []string{"price|12400 QAR", "price|8250 QAR", "amount|20650 QAR"},
			count: map[string]int{"20650 QAR": 1}},
		{name: "MT instalments in a text table", format: "",
			text: "TRAINING SERVICES CONTRACT\n\n" + strings.Repeat("The Provider shall keep proper records of attendance.\n", 4) +
				"\n2. Instalments\nInstalment      Due date       Amount (BHD)\nFirst           01/09/2027     2,400.000\nSecond          01/12/2027     1,800.000\n\n" +
				"The Client shall pay each instalment by its due date.\n",
			want: []string{"amount|2400 BHD", "amount|1800 BHD"},
			not:  []string{"price|2400 BHD", "price|1800 BHD"}},
		{name: "MT a sum of its own beside a total stays", format: "md",
			text: "# Settlement agreement\n\n" + strings.Repeat("The parties shall act in good faith.\n\n", 3) +
				"1. The Creditor agrees to accept USD 30,000.00 (the \"Settlement Sum\") in full and final settlement.\n\n" +
				"| No. | Due date | Amount (USD) |\n|---|---|---|\n| 1 | 1 May 2027 | 20,000.00 |\n| 2 | 1 June 2027 | 10,000.00 |\n| | **Total** | **30,000.00** |\n",
			want: []string{"total_amount|30000 USD", "amount|20000 USD"},
			not:  []string{"price|20000 USD"}},
		{name: "MT a price list without a due column keeps its prices", format: "md",
			text: "# Quotation\n\n| Item | Qty | Unit price (OMR) |\n|---|---|---|\n| Safety helmet | 40 | 4.500 |\n| Safety boots | 40 | 18.250 |\n",
			want: []string{"price|4.5 OMR", "price|18.25 OMR"}},

		// MD: totals before and after a discount.
		{name: "MD arabic totals with VAT after", format: "",
			text: "فاتورة ضريبية\n\n" + strings.Repeat("يلتزم العميل بسداد الفاتورة خلال ثلاثين يوماً.\n", 3) +
				"\nالبيان                          المبلغ (ر.ع.)\nأعمال الدهان                       3,000.000\nأعمال العزل                        1,200.000\n" +
				"المجموع قبل الخصم                  4,200.000\nخصم خاص                              200.000\nالمجموع بعد الخصم                  4,000.000\nضريبة القيمة المضافة ٥٪               200.000\n",
			want: []string{"subtotal|4200 OMR", "net_amount|4000 OMR"},
			not:  []string{"discount|4200 OMR", "discount|4000 OMR"}},
		{name: "MD arabic totals without a tax", format: "",
			text: "عقد توريد\n\n" + strings.Repeat("يلتزم المورد بتوريد المواد وفق المواصفات.\n", 3) +
				"\nالبند                           المبلغ (د.ك.)\nأجهزة قياس                        5,500.000\nقطع غيار                          1,500.000\n" +
				"الإجمالي قبل الخصم                  7,000.000\nخصم خاص                              500.000\nالإجمالي بعد الخصم                  6,500.000\n",
			want: []string{"subtotal|7000 KWD", "total_amount|6500 KWD"},
			not:  []string{"discount|7000 KWD", "discount|6500 KWD"}},

		// MV: an annual value is the contract's value, a monthly value
		// of the contract a fee.
		{name: "MV estimated annual value of purchases", format: "",
			text: "CATERING SUPPLY AGREEMENT\n\n" + strings.Repeat("The Supplier shall deliver fresh produce daily.\n", 3) +
				"5.1 The estimated annual value of the Services is QAR 420,000.00.\n",
			want: []string{"contract_value|420000 QAR"}, not: []string{"fee|420000 QAR"}},
		{name: "MV arabic monthly value of the contract", format: "",
			text: "عقد خدمات حراسة\n\n" + strings.Repeat("يلتزم المقاول بتوفير حراس مدربين.\n", 3) +
				"١. القيمة الشهرية للعقد 2,750.000 ر.ع. غير شاملة ضريبة القيمة المضافة.\n",
			want: []string{"fee|2750 OMR"}, not: []string{"contract_value|2750 OMR"}},

		// MP: the total row of a priced breakdown.
		{name: "MP total contract price row", format: "",
			text: "SUPPLY AND INSTALLATION CONTRACT\n\n" + strings.Repeat("The Contractor shall install the equipment.\n", 3) +
				"\n3. Price\n   Item                                        Amount (AED)\n   Chiller units (2 nos.)                      84,000.00\n   Installation and commissioning              12,500.00\n" +
				"   Total contract price                        96,500.00\n\nAll amounts are in AED.\n",
			want: []string{"total_amount|96500 AED"}, not: []string{"contract_value|96500 AED"}},
		{name: "MP a sentence keeps the contract value", format: "",
			text: "SUPPLY AND INSTALLATION CONTRACT\n\n" + strings.Repeat("The Contractor shall install the equipment.\n", 3) +
				"\nChiller units   84,000.00 AED\nInstallation   12,500.00 AED\n" +
				"The total contract price is AED 96,500.00 inclusive of installation, training and all taxes.\n",
			not: []string{"total_amount|96500 AED"}},
		// session 21, decision 39: a price table's last row captioned
		// as the contract's value is total_amount.
		{name: "MP a total contract value row is the table's total", format: "md",
			text: "# Maintenance contract\n\n| Description | Amount (OMR) |\n|---|---|\n| Visits | 6,000.000 |\n| Call-outs | 900.000 |\n| Total contract value | 6,900.000 |\n",
			want: []string{"total_amount|6900 OMR"}, not: []string{"contract_value|6900 OMR"}},
	})
}
