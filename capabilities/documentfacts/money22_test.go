package documentfacts

import "testing"

// Round 22 of money keys (issue 29, session 22, fourth pass;
// docs/documents.md, "Issue 29, session 22: money keys, fourth pass";
// money22.go). Each case is a short text written for this test and the
// money keys ("key|value") it must (want) or must not (not) hold; each
// not line is the key the sum had before the family's rule.

func TestMoney22TotalRow(t *testing.T) {
	parties := "This Contract is made on 2 March 2027 between Sohar Hospital (the \"Client\") and Gulf Lifts LLC (the \"Contractor\").\n\n"
	arParties := "أبرم هذا العقد بتاريخ 2 مارس 2027 بين مستشفى صحار (الطرف الأول) وشركة الخليج للمصاعد (الطرف الثاني).\n\n"
	cases := []dates20Case{
		// MZ: a contract value stated after a table of sums is the
		// contract's value, not the table's total.
		{name: "MZ a terms table after the price table", format: "md", text: "# Supply Contract\n\n" + parties +
			"| Item | Amount (OMR) |\n|---|---|\n| Pumps | 10,000.000 |\n| Valves | 1,000.000 |\n| Installation | 2,000.000 |\n\n" +
			"| Term | Detail |\n|---|---|\n| Contract value | OMR 13,000.000 |\n| Term | 12 months |\n",
			want: []string{"contract_value|13000 OMR"}, not: []string{"total_amount|13000 OMR"}},
		{name: "MZ a terms row among others under the sums", format: "docx", text: "SUPPLY CONTRACT\n" + parties +
			"Item | Amount (OMR)\nPumps | 10,000.000\nValves | 1,000.000\nInstallation | 2,000.000\nContract value | OMR 13,000.000\nPayment | 30 days from invoice\n",
			want: []string{"contract_value|13000 OMR"}, not: []string{"total_amount|13000 OMR"}},
		{name: "MZ arabic terms table after the price table", format: "md", text: "# عقد توريد\n\n" + arParties +
			"| البند | المبلغ (ر.ع.) |\n|---|---|\n| مضخات | 10,000.000 |\n| صمامات | 1,000.000 |\n| التركيب | 2,000.000 |\n\n" +
			"| البيان | التفاصيل |\n|---|---|\n| قيمة العقد | 13,000.000 ر.ع. |\n| مدة العقد | سنة واحدة |\n",
			want: []string{"contract_value|13000 OMR"}, not: []string{"total_amount|13000 OMR"}},
		{name: "MZ a contract price line after the rows", text: "SUPPLY CONTRACT\n\n" + parties +
			"Item                         Amount (OMR)\nPumps, 4 units               10,000.000\nValves, 20 units              1,000.000\nInstallation                  2,000.000\nContract Price: OMR 13,000.000\n\nThe Contractor shall deliver the goods.\n",
			want: []string{"contract_value|13000 OMR"}, not: []string{"total_amount|13000 OMR"}},

		// MZ keeps decision 39 and MP: the table's own last row.
		{name: "MZ keeps a total contract value row", format: "md", text: "# Supply Contract\n\n" + parties +
			"| Item | Amount (OMR) |\n|---|---|\n| Pumps | 10,000.000 |\n| Valves | 1,000.000 |\n| Installation | 2,000.000 |\n| Total contract value | 13,000.000 |\n\nThe Contractor shall deliver the goods.\n",
			want: []string{"total_amount|13000 OMR"}, not: []string{"contract_value|13000 OMR"}},
		{name: "MZ keeps a total contract price row of plain text", text: "SUPPLY CONTRACT\n\n" + parties +
			"Item                         Amount (OMR)\nPumps, 4 units               10,000.000\nValves, 20 units              1,000.000\nInstallation                  2,000.000\nTotal contract price         13,000.000\n\nThe Contractor shall deliver the goods.\n",
			want: []string{"total_amount|13000 OMR"}, not: []string{"contract_value|13000 OMR"}},
		{name: "MZ keeps an arabic contract value row with its words below", format: "md", text: "# عقد توريد\n\n" + arParties +
			"| البند | المبلغ (ر.ع.) |\n|---|---|\n| مضخات | 10,000.000 |\n| صمامات | 1,000.000 |\n| التركيب | 2,000.000 |\n| إجمالي قيمة العقد | 13,000.000 |\n| فقط ثلاثة عشر ألف ريال عماني لا غير | |\n",
			want: []string{"total_amount|13000 OMR"}, not: []string{"contract_value|13000 OMR"}},
	}
	checkKeyed20(t, TypeMoney, cases)
}
